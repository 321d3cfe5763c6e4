//! Where card pictures go in a few shared textures: pages of shelves.
//!
//! A software GL driver spends memory on every texture a frame binds, so
//! the table's small card pictures share a few square pages instead of a
//! texture each (see [`crate::ui::faces`]). A page is filled shelf by
//! shelf: a picture goes on the first shelf tall enough and not much
//! taller, with room left on its right, else on a new shelf at the page's
//! bottom. Pictures of one size (a fan's cards) fill one shelf after
//! another. A page is emptied as a whole; nothing is freed picture by
//! picture, so pages never fragment.
//!
//! Each picture keeps one pixel of gutter on its right and below, so a
//! picture drawn scaled never samples its neighbour.

/// A picture's place: its page and its pixels there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The page's index.
    pub page: usize,
    /// The left edge, in pixels.
    pub x: u32,
    /// The top edge, in pixels.
    pub y: u32,
    /// The picture's width, in pixels (the gutter not counted).
    pub w: u32,
    /// The picture's height, in pixels (the gutter not counted).
    pub h: u32,
}

impl Slot {
    /// The pixels the picture covers (4 bytes each).
    pub fn bytes(&self) -> usize {
        self.w as usize * self.h as usize * 4
    }
}

#[derive(Clone, Debug, Default)]
struct Shelf {
    y: u32,
    height: u32,
    /// The first free column.
    right: u32,
}

#[derive(Clone, Debug, Default)]
struct Page {
    shelves: Vec<Shelf>,
    /// The first row below every shelf.
    bottom: u32,
    /// A closed page takes no new pictures until it is emptied.
    closed: bool,
}

/// Pages of `side` x `side` pixels, each filled shelf by shelf.
#[derive(Clone, Debug)]
pub struct Packer {
    side: u32,
    pages: Vec<Page>,
}

impl Packer {
    /// No pages yet; each page will be `side` pixels square.
    pub fn new(side: u32) -> Self {
        Packer {
            side: side.max(2),
            pages: Vec::new(),
        }
    }

    /// A page's side in pixels.
    pub fn side(&self) -> u32 {
        self.side
    }

    /// How many pages there are.
    pub fn pages(&self) -> usize {
        self.pages.len()
    }

    /// Adds an empty page and returns its index.
    pub fn add_page(&mut self) -> usize {
        self.pages.push(Page::default());
        self.pages.len() - 1
    }

    /// Empties `page` (every slot on it is free again) and opens it.
    pub fn empty(&mut self, page: usize) {
        if let Some(p) = self.pages.get_mut(page) {
            *p = Page::default();
        }
    }

    /// Keeps `page` from taking new pictures until it is emptied.
    pub fn close(&mut self, page: usize) {
        if let Some(p) = self.pages.get_mut(page) {
            p.closed = true;
        }
    }

    /// Whether `page` takes new pictures.
    pub fn is_open(&self, page: usize) -> bool {
        self.pages.get(page).is_some_and(|p| !p.closed)
    }

    /// A place for a `w` x `h` picture on the first open page with room,
    /// or `None` when none has room (or the picture is larger than a page).
    pub fn place(&mut self, w: u32, h: u32) -> Option<Slot> {
        (0..self.pages.len()).find_map(|page| self.place_on(page, w, h))
    }

    /// A place for a `w` x `h` picture on `page`, if it is open and has room.
    pub fn place_on(&mut self, page: usize, w: u32, h: u32) -> Option<Slot> {
        let side = self.side;
        let (gw, gh) = (w.checked_add(1)?, h.checked_add(1)?);
        if w == 0 || h == 0 || gw > side || gh > side {
            return None;
        }
        let p = self.pages.get_mut(page).filter(|p| !p.closed)?;
        // A shelf as tall or up to a quarter taller, with room on its right.
        let fits = |s: &Shelf| gh <= s.height && gh * 5 >= s.height * 4 && s.right + gw <= side;
        let shelf = match p.shelves.iter().position(fits) {
            Some(i) => &mut p.shelves[i],
            None if p.bottom + gh <= side => {
                p.shelves.push(Shelf {
                    y: p.bottom,
                    height: gh,
                    right: 0,
                });
                p.bottom += gh;
                p.shelves.last_mut()?
            }
            None => return None,
        };
        let slot = Slot {
            page,
            x: shelf.right,
            y: shelf.y,
            w,
            h,
        };
        shelf.right += gw;
        Some(slot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlap(a: &Slot, b: &Slot) -> bool {
        a.page == b.page
            && a.x < b.x + b.w + 1
            && b.x < a.x + a.w + 1
            && a.y < b.y + b.h + 1
            && b.y < a.y + a.h + 1
    }

    #[test]
    fn pictures_of_one_size_fill_shelves_then_the_page() {
        let mut p = Packer::new(100);
        assert_eq!(p.place(10, 10), None, "no page yet");
        p.add_page();
        let slots: Vec<Slot> = std::iter::from_fn(|| p.place(10, 20)).collect();
        // 11 x 21 pixels each with the gutter: 9 a shelf, 4 shelves.
        assert_eq!(slots.len(), 36);
        assert_eq!(
            slots[9],
            Slot {
                page: 0,
                x: 0,
                y: 21,
                w: 10,
                h: 20
            }
        );
        for (i, a) in slots.iter().enumerate() {
            assert!(a.x + a.w < 100 && a.y + a.h < 100, "{a:?} inside the page");
            for b in &slots[i + 1..] {
                assert!(!overlap(a, b), "{a:?} and {b:?} overlap");
            }
        }
        // A smaller picture still finds the room left at the bottom.
        assert_eq!(p.place(50, 10).map(|s| s.y), Some(84));
    }

    #[test]
    fn a_much_shorter_picture_starts_its_own_shelf() {
        let mut p = Packer::new(200);
        p.add_page();
        let tall = p.place(10, 99);
        let short = p.place(10, 20);
        assert_eq!(tall.map(|s| s.y), Some(0));
        assert_eq!(short.map(|s| s.y), Some(100), "not on the tall shelf");
        // A little shorter shares the tall shelf.
        assert_eq!(p.place(10, 90).map(|s| (s.x, s.y)), Some((11, 0)));
    }

    #[test]
    fn closed_pages_take_nothing_until_emptied() {
        let mut p = Packer::new(50);
        let a = p.add_page();
        let b = p.add_page();
        p.close(a);
        assert!(!p.is_open(a) && p.is_open(b));
        assert_eq!(p.place(10, 10).map(|s| s.page), Some(b));
        p.empty(a);
        assert!(p.is_open(a));
        assert_eq!(p.place(10, 10).map(|s| (s.page, s.x, s.y)), Some((a, 0, 0)));
    }

    #[test]
    fn pictures_larger_than_a_page_are_refused() {
        let mut p = Packer::new(64);
        p.add_page();
        assert_eq!(p.place(64, 10), None, "no room for the gutter");
        assert_eq!(p.place(0, 10), None);
        assert_eq!(p.place(u32::MAX, 1), None);
        assert!(p.place(63, 63).is_some());
        assert_eq!(p.place(1, 1), None, "the page is full");
    }
}
