//! Printed card faces on screen: any deck's [`PrintDeck`] laid out by the
//! same templates and Scene as the PDF, then drawn as a picture.
//!
//! The table and the editor's preview both draw through this, so what a
//! user sees on screen is what prints. Layout runs once per card; each face
//! is rasterized once per size it is shown at ([`crate::render::raster`])
//! and kept, so a card costs two triangles a frame however much is printed
//! on it. A face not yet rasterized at its size (more new ones in a frame
//! than [`NEW_PER_FRAME`]) is drawn that frame from its picture at another
//! size, or if it has none with egui shapes ([`crate::render::egui`]),
//! kept per on-screen height.
//!
//! The pictures of table-sized cards share a few textures
//! ([`crate::ui::atlas`]): a software GL driver allocates for every texture
//! a frame binds, so a table of a hundred cards binds a page or two, not a
//! hundred textures. Pages are emptied whole, the one whose faces were
//! least drawn first; larger pictures (a card enlarged under the pointer,
//! the editor's preview) keep a texture each.

use crate::layout::{Frame, ImageSizes, Note, PrintCard, PrintDeck, Scene, TemplateSet};
use crate::render::assets::{Images, LoadedImage};
use crate::render::egui::{View, shapes};
use crate::render::raster;
use crate::ui::atlas;
use egui::{Color32, Pos2, Rect, TextureHandle, TextureId, Vec2};
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

/// Poker size, the size cards are laid out at for the screen.
pub const POKER: Frame = Frame {
    width: 63.5,
    height: 88.9,
    bleed: 0.0,
};

/// Text smaller than this (in points on screen) is not drawn.
const MIN_TEXT_POINTS: f32 = 4.0;

/// The most shape lists kept before the cache starts again (a few sizes of
/// a full deck).
const CACHE_LIMIT: usize = 1200;

/// The most faces rasterized in one frame (about 8 ms of table-sized
/// cards); the rest wait for a later frame, shown meanwhile by their
/// picture at another size, scaled, or else as shapes (a whole table
/// coming into view at a new size).
pub const NEW_PER_FRAME: u32 = 64;

/// The side of a page of small pictures, in pixels (1 MB of texture; a
/// six-manager table at 1280x800 fills about one).
const PAGE_SIDE: u32 = 512;

/// The pages kept before one must be emptied for a new picture (a table
/// and the one it was a moment ago, while its cards change size).
const PAGE_BUDGET: usize = 2;

/// The most pages ever made, when every page holds faces the frame draws
/// (a very large table); past it a face waits its turn as shapes.
const MAX_PAGES: usize = 8;

/// The texture memory kept for pictures too large for a page before the
/// ones longest unseen are let go (a card enlarged while the pointer rests
/// on it is about 0.2 MB at 1280x800).
const OWN_BUDGET: usize = 2 << 20;

/// Which face: a card by its index in the print deck, or the back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// The card at this index of [`PrintDeck::cards`].
    Card(usize),
    /// The deck's back.
    Back,
}

/// Why a face could not be laid out: shown on the card instead of a panic.
type Laid = Result<Rc<Scene>, String>;

struct Cache {
    /// Pixels per point the shapes were built for (text is rasterised per
    /// scale, so a change of scale starts again).
    pixels_per_point: f32,
    scenes: HashMap<Face, Laid>,
    shapes: HashMap<(Face, u32), Rc<Vec<egui::Shape>>>,
    textures: HashMap<String, Option<TextureHandle>>,
    /// Rasterized faces by face and size in pixels.
    rasters: HashMap<(Face, [u32; 2]), Raster>,
    /// The pages the small ones share, and where each lies on them.
    pages: Vec<Page>,
    packer: atlas::Packer,
    /// The texture bytes of the larger ones, each its own texture.
    own_bytes: usize,
    /// The frame being drawn, and how many faces it rasterized.
    frame: u64,
    made: u32,
    /// Decoded pictures for rasterizing, by id.
    pictures: HashMap<String, Option<Rc<tiny_skia::Pixmap>>>,
}

impl Default for Cache {
    fn default() -> Self {
        Cache {
            pixels_per_point: 0.0,
            scenes: HashMap::new(),
            shapes: HashMap::new(),
            textures: HashMap::new(),
            rasters: HashMap::new(),
            pages: Vec::new(),
            packer: atlas::Packer::new(PAGE_SIDE),
            own_bytes: 0,
            frame: 0,
            made: 0,
            pictures: HashMap::new(),
        }
    }
}

/// One rasterized face: where its picture is, and the last frame it was
/// drawn in.
struct Raster {
    place: Place,
    used: u64,
}

enum Place {
    /// On a shared page.
    Page(atlas::Slot),
    /// A texture of its own, of this many bytes.
    Own(TextureHandle, usize),
}

/// A page of small pictures: its texture and the bytes of faces drawn
/// from it in the latest frames.
struct Page {
    texture: TextureHandle,
    /// The frame `now` counts, the bytes drawn in it, and in the one before.
    frame: u64,
    now: usize,
    before: usize,
}

impl Page {
    /// Counts `bytes` drawn from the page in `frame`.
    fn drawn(&mut self, frame: u64, bytes: usize) {
        self.roll(frame);
        self.now += bytes;
    }

    /// Brings the counts to `frame`.
    fn roll(&mut self, frame: u64) {
        if self.frame != frame {
            self.before = if self.frame + 1 == frame { self.now } else { 0 };
            self.now = 0;
            self.frame = frame;
        }
    }
}

/// Lays out and draws one deck's faces.
pub struct Faces {
    deck: PrintDeck,
    templates: TemplateSet,
    frame: Frame,
    images: Images,
    cache: RefCell<Cache>,
}

impl Faces {
    /// Faces for `deck` with `templates` at `frame`'s size; pictures are
    /// looked up under `art_roots` (a data folder, a templates folder).
    /// An unreadable picture is drawn as its placeholder.
    pub fn new(
        deck: PrintDeck,
        templates: TemplateSet,
        frame: Frame,
        art_roots: Vec<PathBuf>,
    ) -> Faces {
        let mut images = Images::new(art_roots);
        let own_backs = deck.cards.iter().filter_map(|c| c.back.as_deref());
        for card in deck
            .cards
            .iter()
            .chain(own_backs)
            .chain(std::iter::once(&deck.back))
        {
            if let Some(crate::layout::Value::Text(art)) = card.fields.get("art") {
                // A broken picture must not stop the table: it shows as a
                // placeholder, and `touchline export` reports it.
                let _ = images.preload([art.as_str()]);
            }
        }
        Faces {
            deck,
            templates,
            frame,
            images,
            cache: RefCell::new(Cache::default()),
        }
    }

    /// The deck being drawn.
    pub fn deck(&self) -> &PrintDeck {
        &self.deck
    }

    /// The card size in mm.
    pub fn frame(&self) -> Frame {
        self.frame
    }

    /// The on-screen size of a card `height` points tall.
    pub fn size(&self, height: f32) -> Vec2 {
        let b = 2.0 * self.frame.bleed;
        Vec2::new(
            height * (self.frame.width + b) / (self.frame.height + b).max(0.01),
            height,
        )
    }

    fn card(&self, face: Face) -> Option<&PrintCard> {
        match face {
            Face::Card(i) => self.deck.cards.get(i),
            Face::Back => Some(&self.deck.back),
        }
    }

    /// The laid-out scene of a face, or why it has none.
    pub fn scene(&self, face: Face) -> Result<Rc<Scene>, String> {
        let mut cache = self.cache.borrow_mut();
        cache
            .scenes
            .entry(face)
            .or_insert_with(|| {
                let card = self.card(face).ok_or_else(|| "no such card".to_string())?;
                crate::layout::card_scene(card, &self.templates, self.frame, &self.images)
                    .map(Rc::new)
                    .map_err(|e| e.to_string())
            })
            .clone()
    }

    /// Paints a face filling `rect` (whose aspect should be [`Faces::size`]).
    pub fn paint(&self, painter: &egui::Painter, rect: Rect, face: Face) {
        let ctx = painter.ctx();
        let ppp = ctx.pixels_per_point();
        let scene = match self.scene(face) {
            Ok(s) => s,
            Err(e) => {
                paint_error(painter, rect, &e);
                return;
            }
        };
        {
            let mut cache = self.cache.borrow_mut();
            if cache.pixels_per_point != ppp {
                cache.pixels_per_point = ppp;
                cache.shapes.clear();
                cache.rasters.clear();
                cache.own_bytes = 0;
                for page in 0..cache.packer.pages() {
                    cache.packer.empty(page);
                }
            } else if cache.shapes.len() > CACHE_LIMIT {
                cache.shapes.clear();
            }
        }
        note_painted(ctx, rect);
        if self.paint_raster(painter, rect, face, &scene) {
            return;
        }
        let key = (face, (rect.height() * 4.0).round() as u32);
        let cached = self.cache.borrow().shapes.get(&key).cloned();
        let list = match cached {
            Some(l) => l,
            None => {
                let origin = Rect::from_min_size(Pos2::ZERO, rect.size());
                let view = View::fit(&scene, origin);
                let texture = |id: &str| self.texture(ctx, id);
                let made = painter.fonts_mut(|fonts| shapes(&scene, view, fonts, &texture));
                // Text too small to read at this size is left out: it would
                // only be a smudge, and a full table has thousands of lines.
                let legible = |i: usize| match scene.items.get(i).map(|it| &it.shape) {
                    Some(crate::layout::Shape::Text(t)) => {
                        t.size * view.points_per_mm >= MIN_TEXT_POINTS
                    }
                    _ => true,
                };
                let list = Rc::new(
                    made.into_iter()
                        .filter(|(i, _)| legible(*i))
                        .map(|(_, s)| s)
                        .collect::<Vec<_>>(),
                );
                self.cache.borrow_mut().shapes.insert(key, Rc::clone(&list));
                list
            }
        };
        let clipped = painter.with_clip_rect(rect.intersect(painter.clip_rect()));
        let offset = rect.min.to_vec2();
        clipped.extend(list.iter().cloned().map(|mut s| {
            s.translate(offset);
            s
        }));
    }

    /// Paints `face` into `rect` as its rasterized picture, made now if
    /// this frame may still make one; false when it is to be drawn as
    /// shapes instead (too many new faces this frame: a repaint is asked
    /// for; or a size no picture is made at).
    fn paint_raster(&self, painter: &egui::Painter, rect: Rect, face: Face, scene: &Scene) -> bool {
        let ctx = painter.ctx();
        let ppp = ctx.pixels_per_point();
        let px = (rect.size() * ppp).round();
        if px.x < 4.0
            || px.y < 4.0
            || px.x > raster::MAX_SIDE as f32
            || px.y > raster::MAX_SIDE as f32
        {
            return false;
        }
        let size = [px.x as u32, px.y as u32];
        let key = (face, size);
        let frame = ctx.cumulative_frame_nr();
        let mut guard = self.cache.borrow_mut();
        let cache = &mut *guard;
        if cache.frame != frame {
            cache.frame = frame;
            cache.made = 0;
            cache.start_frame(frame);
        }
        // On whole pixels, so the picture is drawn pixel for pixel.
        let min = (rect.min.to_vec2() * ppp).round() / ppp;
        let exact = Rect::from_min_size(min.to_pos2(), px / ppp);
        if let Some((id, uv)) = cache.drawn(key, frame) {
            painter.image(id, exact, uv, Color32::WHITE);
            return true;
        }
        if cache.made >= NEW_PER_FRAME {
            // Made in a later frame; meanwhile the face's picture at
            // another size, scaled, if it has one.
            ctx.request_repaint();
            let near = cache
                .rasters
                .keys()
                .filter(|(f, _)| *f == face)
                .min_by_key(|(_, s)| s[1].abs_diff(size[1]))
                .copied();
            let Some((id, uv)) = near.and_then(|near| cache.drawn(near, frame)) else {
                return false;
            };
            painter.image(id, rect, uv, Color32::WHITE);
            return true;
        }
        cache.made += 1;
        let pictures = &mut cache.pictures;
        let images = &self.images;
        let mut picture = |id: &str| {
            pictures
                .entry(id.to_string())
                .or_insert_with(|| {
                    images
                        .get(id)
                        .and_then(|img| raster::decode(&img.bytes))
                        .map(Rc::new)
                })
                .clone()
        };
        let min_text_px = MIN_TEXT_POINTS * ppp;
        let Some(pixmap) = raster::rasterize(scene, size[0], size[1], min_text_px, &mut picture)
        else {
            return false;
        };
        let image = egui::ColorImage::from_rgba_premultiplied(
            [size[0] as usize, size[1] as usize],
            pixmap.data(),
        );
        let Some(place) = cache.store(ctx, face, size, image, frame) else {
            // No room this frame: a page is emptied at the next.
            ctx.request_repaint();
            return false;
        };
        cache.rasters.insert(key, Raster { place, used: frame });
        let Some((id, uv)) = cache.drawn(key, frame) else {
            return false;
        };
        painter.image(id, exact, uv, Color32::WHITE);
        true
    }

    /// What a face prints less well than designed (cut text, tiny type,
    /// text in the safe zone, glyphs the fonts lack, a picture missing
    /// from a user folder), each with its box on the card.
    pub fn notes(&self, face: Face) -> Vec<Note> {
        let Ok(scene) = self.scene(face) else {
            return Vec::new();
        };
        scene
            .notes
            .iter()
            .filter(|n| crate::render::document::worth_warning(&self.images, &n.problem))
            .cloned()
            .collect()
    }

    /// Where [`Faces::paint`] puts the face's millimetres in `rect`.
    pub fn view(&self, face: Face, rect: Rect) -> Option<View> {
        self.scene(face).ok().map(|s| View::fit(&s, rect))
    }

    /// The text lines a face prints (for labels and tests).
    pub fn text_lines(&self, face: Face) -> Vec<String> {
        self.scene(face).map(|s| s.text_lines()).unwrap_or_default()
    }

    /// Uploads a picture once; `None` when it is missing or cannot be decoded.
    fn texture(&self, ctx: &egui::Context, id: &str) -> Option<TextureId> {
        if let Some(t) = self.cache.borrow().textures.get(id) {
            return t.as_ref().map(TextureHandle::id);
        }
        let handle = self
            .images
            .get(id)
            .and_then(decode)
            .map(|img| ctx.load_texture(id, img, egui::TextureOptions::LINEAR));
        let out = handle.as_ref().map(TextureHandle::id);
        self.cache
            .borrow_mut()
            .textures
            .insert(id.to_string(), handle);
        out
    }
}

impl ImageSizes for Faces {
    fn image_size(&self, id: &str) -> Option<(u32, u32)> {
        self.images.image_size(id)
    }
}

impl Cache {
    /// At the start of `frame`: empties the pages closed for it and lets
    /// go of the largest pictures longest unseen over [`OWN_BUDGET`].
    fn start_frame(&mut self, frame: u64) {
        for page in 0..self.pages.len() {
            if !self.packer.is_open(page) {
                self.empty_page(page);
            }
        }
        if self.own_bytes <= OWN_BUDGET {
            return;
        }
        let mut old: Vec<_> = self
            .rasters
            .iter()
            .filter(|(_, r)| r.used < frame && matches!(r.place, Place::Own(..)))
            .map(|(k, r)| (r.used, *k))
            .collect();
        old.sort_unstable_by_key(|(used, _)| *used);
        for (_, key) in old {
            if self.own_bytes <= OWN_BUDGET {
                break;
            }
            if let Some(Raster {
                place: Place::Own(_, bytes),
                ..
            }) = self.rasters.remove(&key)
            {
                self.own_bytes -= bytes;
            }
        }
    }

    /// The texture and texture coordinates of the picture kept at `key`,
    /// noted as drawn in `frame`.
    fn drawn(&mut self, key: (Face, [u32; 2]), frame: u64) -> Option<(TextureId, Rect)> {
        let r = self.rasters.get_mut(&key)?;
        r.used = frame;
        match &r.place {
            Place::Own(texture, _) => Some((
                texture.id(),
                Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
            )),
            Place::Page(slot) => {
                let page = self.pages.get_mut(slot.page)?;
                page.drawn(frame, slot.bytes());
                let side = self.packer.side() as f32;
                let uv = Rect::from_min_size(
                    Pos2::new(slot.x as f32, slot.y as f32) / side,
                    Vec2::new(slot.w as f32, slot.h as f32) / side,
                );
                Some((page.texture.id(), uv))
            }
        }
    }

    /// Keeps `image`, the picture of `face` at `size` pixels: on a page,
    /// or in a texture of its own if it is over half a page a side. `None`
    /// when no page has room this frame.
    fn store(
        &mut self,
        ctx: &egui::Context,
        face: Face,
        size: [u32; 2],
        image: egui::ColorImage,
        frame: u64,
    ) -> Option<Place> {
        let [w, h] = size;
        if w * 2 > PAGE_SIDE || h * 2 > PAGE_SIDE {
            let bytes = image.pixels.len() * 4;
            let texture = ctx.load_texture(
                format!("face-{face:?}-{w}x{h}"),
                image,
                egui::TextureOptions::LINEAR,
            );
            self.own_bytes += bytes;
            return Some(Place::Own(texture, bytes));
        }
        let slot = self.room(ctx, w, h, frame)?;
        let page = self.pages.get_mut(slot.page)?;
        page.texture.set_partial(
            [slot.x as usize, slot.y as usize],
            image,
            egui::TextureOptions::LINEAR,
        );
        Some(Place::Page(slot))
    }

    /// A slot for a `w` x `h` picture: on an open page with room; else on
    /// a new page while there are fewer than [`PAGE_BUDGET`]; else on a
    /// page nothing was drawn from this frame or the one before, emptied;
    /// else on a new page while there are fewer than [`MAX_PAGES`]. When
    /// every page is in use, the one drawn least, if under a quarter
    /// drawn, is closed to be emptied at the next frame (its faces made
    /// again on an emptier page), so pages holding mostly faces no longer
    /// shown do not pile up.
    fn room(&mut self, ctx: &egui::Context, w: u32, h: u32, frame: u64) -> Option<atlas::Slot> {
        if let Some(slot) = self.packer.place(w, h) {
            return Some(slot);
        }
        if self.pages.len() < PAGE_BUDGET {
            let page = self.add_page(ctx);
            return self.packer.place_on(page, w, h);
        }
        for page in &mut self.pages {
            page.roll(frame);
        }
        let idle = self.pages.iter().position(|p| p.now == 0 && p.before == 0);
        if let Some(page) = idle {
            self.empty_page(page);
            return self.packer.place_on(page, w, h);
        }
        let quarter = (PAGE_SIDE * PAGE_SIDE) as usize;
        let least = (0..self.pages.len())
            .filter(|&i| self.packer.is_open(i))
            .map(|i| (self.pages[i].now.max(self.pages[i].before), i))
            .min();
        if let Some((drawn, page)) = least
            && drawn < quarter
        {
            self.packer.close(page);
        }
        if self.pages.len() < MAX_PAGES {
            let page = self.add_page(ctx);
            return self.packer.place_on(page, w, h);
        }
        None
    }

    /// A new empty page; its index.
    fn add_page(&mut self, ctx: &egui::Context) -> usize {
        let page = self.packer.add_page();
        let side = PAGE_SIDE as usize;
        let texture = ctx.load_texture(
            format!("faces-page-{page}"),
            egui::ColorImage::filled([side, side], Color32::TRANSPARENT),
            egui::TextureOptions::LINEAR,
        );
        self.pages.push(Page {
            texture,
            frame: 0,
            now: 0,
            before: 0,
        });
        page
    }

    /// Lets go of every picture on `page` and opens it for new ones.
    fn empty_page(&mut self, page: usize) {
        self.rasters
            .retain(|_, r| !matches!(r.place, Place::Page(slot) if slot.page == page));
        self.packer.empty(page);
    }
}

/// The printed faces painted in one frame, by where they lie.
#[derive(Clone, Debug, Default)]
struct Painted {
    frame: u64,
    rects: Vec<Rect>,
}

fn painted_id() -> egui::Id {
    egui::Id::unique("touchline-printed-faces")
}

/// Notes that a picture of a card as printed was painted in `rect` this
/// frame (a game that draws its printed card itself says so here).
pub fn note_picture(ctx: &egui::Context, rect: Rect) {
    note_painted(ctx, rect);
}

/// Notes that a printed face was painted in `rect` this frame.
fn note_painted(ctx: &egui::Context, rect: Rect) {
    let frame = ctx.cumulative_frame_nr();
    ctx.data_mut(|d| {
        let p = d.get_temp_mut_or_default::<Painted>(painted_id());
        if p.frame != frame {
            p.frame = frame;
            p.rects.clear();
        }
        p.rects.push(rect);
    });
}

/// Where printed faces were painted in the last frame that painted any:
/// pictures of the printed cards, whose small type shows what prints
/// (hover enlarges them), not text the screen asks anyone to read.
pub fn painted(ctx: &egui::Context) -> Vec<Rect> {
    ctx.data(|d| d.get_temp::<Painted>(painted_id()))
        .map(|p| p.rects)
        .unwrap_or_default()
}

/// A picture as pixels for a texture; `None` when it cannot be decoded.
pub(crate) fn decode(img: &LoadedImage) -> Option<egui::ColorImage> {
    let rgba = ::image::load_from_memory(&img.bytes).ok()?.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Some(egui::ColorImage::from_rgba_unmultiplied(
        size,
        rgba.as_raw(),
    ))
}

/// A card whose template failed: a grey card with the reason.
fn paint_error(painter: &egui::Painter, rect: Rect, message: &str) {
    painter.rect_filled(rect, 4.0, Color32::from_gray(60));
    let size = (rect.height() * 0.06).max(7.0);
    let galley = painter.layout(
        format!("layout error: {message}"),
        egui::FontId::proportional(size),
        Color32::from_rgb(0xFF, 0x9A, 0x8A),
        rect.width() - 8.0,
    );
    painter
        .with_clip_rect(rect)
        .galley(rect.min + Vec2::splat(4.0), galley, Color32::WHITE);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deck of 100 cards, each a coloured box with its name.
    fn test_faces() -> Faces {
        let text = r##"
[card]
width = 63.5
height = 88.9
[[box]]
name = "bg"
type = "rect"
w = 63.5
h = 88.9
radius = 3
fill = "#1D6B3A"
[[box]]
name = "ring"
type = "ellipse"
x = 4
y = 4
w = 12
h = 12
fill = "#FFFFFF"
[[box]]
name = "name"
type = "text"
x = 5
y = 60
w = 53
h = 10
text = "{name}"
size = "12pt"
"##;
        let templates = TemplateSet::parse(&[crate::layout::TemplateFile {
            name: "card".into(),
            display: "card.toml".into(),
            text: text.into(),
        }])
        .unwrap_or_else(|e| panic!("{e}"));
        let card = |i: usize| {
            PrintCard::new(
                format!("C-{i}"),
                "card",
                "card",
                crate::layout::Fields::new().with("name", format!("Card {i}")),
            )
        };
        let deck = PrintDeck {
            game: "t".into(),
            title: "T".into(),
            cards: (0..100).map(card).collect(),
            back: card(99),
        };
        Faces::new(deck, templates, POKER, Vec::new())
    }

    /// Paints the first `count` faces `height` points tall, ten a row.
    fn table(ui: &egui::Ui, faces: &Faces, count: usize, height: f32) {
        let size = faces.size(height);
        for i in 0..count {
            let at = Pos2::new((i % 10) as f32 * size.x, (i / 10) as f32 * size.y);
            faces.paint(ui.painter(), Rect::from_min_size(at, size), Face::Card(i));
        }
    }

    /// One frame painting `count` faces `height` points tall; the number of
    /// them drawn as pictures, and how many shapes the frame drew.
    fn frame(ctx: &egui::Context, faces: &Faces, count: usize, height: f32) -> (usize, usize) {
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            table(ui, faces, count, height);
        });
        // No renderer here takes the uploads.
        out.textures_delta.clear();
        let mut pictures = 0;
        let mut shapes = 0;
        fn walk(s: &egui::Shape, pictures: &mut usize, shapes: &mut usize) {
            match s {
                egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, pictures, shapes)),
                egui::Shape::Mesh(m) if m.texture_id != TextureId::default() => *pictures += 1,
                _ => *shapes += 1,
            }
        }
        for c in &out.shapes {
            walk(&c.shape, &mut pictures, &mut shapes);
        }
        (pictures, shapes)
    }

    #[test]
    fn faces_become_pictures_a_frame_at_a_time_and_are_kept() {
        let ctx = egui::Context::default();
        let faces = test_faces();
        let count = NEW_PER_FRAME as usize + 10;
        let (pictures, shapes) = frame(&ctx, &faces, count, 90.0);
        assert_eq!(
            pictures, NEW_PER_FRAME as usize,
            "the first faces as pictures"
        );
        // Each of the rest as its box, ring and name this frame.
        let rest = count - NEW_PER_FRAME as usize;
        assert!(shapes >= rest * 3, "the rest drawn as shapes: {shapes}");
        let (pictures, _) = frame(&ctx, &faces, count, 90.0);
        assert_eq!(pictures, count, "every face a picture in the next frame");
        let made = faces.cache.borrow().rasters.len();
        assert_eq!(made, count);
        frame(&ctx, &faces, count, 90.0);
        assert_eq!(faces.cache.borrow().rasters.len(), made, "none made again");
        // Another size is another picture (one card enlarged over the
        // table, which is drawn as before).
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            table(ui, &faces, count, 90.0);
            let big = Rect::from_min_size(Pos2::ZERO, faces.size(120.0));
            faces.paint(ui.painter(), big, Face::Card(0));
        });
        out.textures_delta.clear();
        assert_eq!(faces.cache.borrow().rasters.len(), made + 1);
        // Past the frame's quota at a new size, the faces show their
        // picture at the old size, scaled, until they are made.
        let (pictures, shapes) = frame(&ctx, &faces, count, 100.0);
        assert_eq!((pictures, shapes), (count, 0));
        assert_eq!(
            faces.cache.borrow().rasters.len(),
            made + 1 + NEW_PER_FRAME as usize
        );
    }

    #[test]
    fn large_pictures_unseen_longest_are_let_go_over_the_budget() {
        let ctx = egui::Context::default();
        let faces = test_faces();
        // Faces too large for a page, a new size each frame, until well
        // over the budget.
        let mut height = 400.0;
        for _ in 0..40 {
            frame(&ctx, &faces, 4, height);
            height += 10.0;
        }
        frame(&ctx, &faces, 4, height);
        let cache = faces.cache.borrow();
        assert!(cache.pages.is_empty(), "none of them on a page");
        // The budget, and the four faces the last frame made after the
        // eviction at its start (each under 700 x 1000 pixels of 4 bytes).
        assert!(
            cache.own_bytes <= OWN_BUDGET + 4 * 4 * 700 * 1000,
            "{} bytes kept",
            cache.own_bytes
        );
        let sum: usize = cache
            .rasters
            .values()
            .map(|r| match r.place {
                Place::Own(_, bytes) => bytes,
                Place::Page(_) => 0,
            })
            .sum();
        assert_eq!(sum, cache.own_bytes, "the count matches what is kept");
        // The faces of the last frame are kept.
        assert!(
            cache
                .rasters
                .values()
                .filter(|r| r.used == cache.frame)
                .count()
                >= 4
        );
    }

    #[test]
    fn small_pictures_share_pages_that_are_emptied_not_piled_up() {
        let ctx = egui::Context::default();
        let faces = test_faces();
        // A fan of 20 cards growing a point at a time, each size held for
        // two frames: from the second, every face is a picture (in the
        // first, one waiting for room shows at the old size, scaled).
        let mut shown = 0;
        for height in 60..100 {
            for _ in 0..2 {
                shown += frame(&ctx, &faces, 20, height as f32).0;
            }
            assert_eq!(frame(&ctx, &faces, 20, height as f32), (20, 0));
            let pages = faces.cache.borrow().pages.len();
            assert!(pages <= PAGE_BUDGET, "{pages} pages at {height} points");
        }
        assert_eq!(shown, 40 * 2 * 20, "small: always a picture");
        // Larger, the fan takes more than the budget (each picture up to
        // about 115 KB) and gets the pages it needs, up to the most.
        for height in 100..200 {
            frame(&ctx, &faces, 20, height as f32);
            let (pictures, shapes) = frame(&ctx, &faces, 20, height as f32);
            assert_eq!((pictures, shapes), (20, 0), "at {height} points");
            let cache = faces.cache.borrow();
            assert!(cache.own_bytes == 0, "every one on a page");
            assert!(
                cache.pages.len() <= MAX_PAGES,
                "{} pages at {height} points",
                cache.pages.len()
            );
        }
        let cache = faces.cache.borrow();
        assert!(cache.pages.len() > PAGE_BUDGET, "the budget was reached");
        // What is kept is on the pages: no two pictures share a pixel.
        let slots: Vec<atlas::Slot> = cache
            .rasters
            .values()
            .filter_map(|r| match r.place {
                Place::Page(slot) => Some(slot),
                Place::Own(..) => None,
            })
            .collect();
        assert!(slots.len() >= 20);
        for (i, a) in slots.iter().enumerate() {
            for b in &slots[i + 1..] {
                let apart = a.page != b.page
                    || a.x + a.w <= b.x
                    || b.x + b.w <= a.x
                    || a.y + a.h <= b.y
                    || b.y + b.h <= a.y;
                assert!(apart, "{a:?} and {b:?} overlap");
            }
        }
        drop(cache);
        // The last frame's faces are drawn again without being made again.
        let kept = faces.cache.borrow().rasters.len();
        assert_eq!(frame(&ctx, &faces, 20, 199.0), (20, 0));
        assert_eq!(faces.cache.borrow().rasters.len(), kept);
    }

    #[test]
    fn a_picture_is_drawn_from_where_it_was_uploaded() {
        let ctx = egui::Context::default();
        let faces = test_faces();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let size = faces.size(80.0);
            for i in 0..3 {
                let at = Pos2::new(i as f32 * size.x, 0.0);
                faces.paint(ui.painter(), Rect::from_min_size(at, size), Face::Card(i));
            }
        });
        let side = PAGE_SIDE as f32;
        // The page, then each picture into its place.
        let uploads: Vec<(TextureId, [usize; 2], [usize; 2])> = out
            .textures_delta
            .set
            .iter()
            .flat_map(|(id, deltas)| {
                deltas
                    .iter()
                    .map(|d| (*id, d.pos.unwrap_or([0, 0]), d.image.size()))
            })
            .filter(|(id, _, _)| *id != TextureId::default())
            .collect();
        out.textures_delta.clear();
        assert_eq!(uploads.len(), 4, "the page, then three: {uploads:?}");
        let mut drawn = Vec::new();
        for c in &out.shapes {
            if let egui::Shape::Mesh(m) = &c.shape
                && m.texture_id != TextureId::default()
            {
                let (lo, hi) = m
                    .vertices
                    .iter()
                    .fold((Pos2::new(1.0, 1.0), Pos2::ZERO), |(lo, hi), v| {
                        (lo.min(v.uv), hi.max(v.uv))
                    });
                let px = |p: Pos2| [(p.x * side).round() as usize, (p.y * side).round() as usize];
                let (at, end) = (px(lo), px(hi));
                drawn.push((m.texture_id, at, [end[0] - at[0], end[1] - at[1]]));
            }
        }
        assert_eq!(drawn.len(), 3);
        for d in &drawn {
            assert!(uploads.contains(d), "{d:?} drawn, uploaded {uploads:?}");
        }
        assert!(drawn[0].1 != drawn[1].1, "two places");
    }
}
