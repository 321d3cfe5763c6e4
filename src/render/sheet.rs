//! Imposition: where cards go on printed pages. Pure geometry in mm, origin
//! at the page's top-left corner, y down (like a Scene).
//!
//! Card layouts (templates) and print sheets are separate concepts: this
//! module never looks inside a card. It decides the paper orientation,
//! the grid, which card lands in which slot, where each back lands so it
//! lines up with its front after a duplex flip or a fold, and draws the
//! page furniture (crop marks, corner guides, the fold line, the alignment
//! test) as an overlay [`Scene`]. Backends draw the result; nothing here
//! knows about PDF or egui.
//!
//! Spacing: cards sit `gutter` mm apart measured between their bleed
//! boxes, so one card's bleed never covers its neighbour.

use crate::cards::Rgb;
use crate::layout::Font;
use crate::layout::scene::{Align, Point, Rect, Scene, Shape, Stroke};
use crate::layout::template::VAlign;
use crate::layout::text::{FitRequest, fit, pt};
use crate::layout::units::Length;
use std::fmt;

/// Smallest margin allowed: most printers cannot print closer to the edge.
pub const MIN_MARGIN: f32 = 5.0;
/// Largest bleed accepted.
pub const MAX_BLEED: f32 = 5.0;
/// The bleed a print shop asks for, and the default: backgrounds run 3 mm
/// past the cut line, so a cut a little off never shows a white edge.
pub const DEFAULT_BLEED: f32 = 3.0;
/// Distance from the fold line to the nearest bleed edge in fold mode.
pub const FOLD_GAP: f32 = 3.0;
/// Crop marks start this far outside the bleed.
const MARK_OFFSET: f32 = 1.0;
/// Crop marks keep this clear of any card's bleed box.
const MARK_CLEARANCE: f32 = 0.5;
/// Half the length of each arm of the alignment test's crosses: long
/// enough to still cross the scales on the back when the printer is 5 mm out.
const CROSS_ARM: f32 = 14.0;
/// Distance of the alignment test's scales from the back's centre.
const SCALE_GAP: f32 = 6.0;

/// Why a sheet cannot be laid out.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SheetError {
    /// An option is out of range or unreadable.
    #[error("{0}")]
    Option(String),
    /// The card does not fit on the paper.
    #[error(
        "a {card} card with {bleed} mm bleed does not fit on {paper} paper inside {margin} mm margins{fold}; choose bigger paper, a smaller card or less bleed"
    )]
    DoesNotFit {
        /// The card size.
        card: String,
        /// The paper.
        paper: String,
        /// The bleed.
        bleed: f32,
        /// The margin.
        margin: f32,
        /// " (half a page each side in fold mode)" or "".
        fold: String,
    },
}

/// A paper size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Paper {
    /// 210 x 297 mm.
    A4,
    /// 8.5 x 11 in.
    Letter,
    /// 297 x 420 mm.
    A3,
    /// Any size, in mm.
    Custom {
        /// Width.
        width: f32,
        /// Height.
        height: f32,
    },
}

impl Paper {
    /// Parses `a4`, `letter`, `a3` or `WIDTHxHEIGHT` (mm, or with units:
    /// `8.5inx14in`).
    pub fn parse(text: &str) -> Result<Paper, SheetError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            "a3" => Ok(Paper::A3),
            other => {
                let (width, height) = parse_wxh(other).map_err(|m| {
                    SheetError::Option(format!(
                        "paper `{text}`: {m}; use a4, letter, a3 or WIDTHxHEIGHT in mm"
                    ))
                })?;
                if !(50.0..=2000.0).contains(&width) || !(50.0..=2000.0).contains(&height) {
                    return Err(SheetError::Option(format!(
                        "paper `{text}`: sides must be 50-2000 mm"
                    )));
                }
                Ok(Paper::Custom { width, height })
            }
        }
    }

    /// Width and height in portrait (the short side first).
    pub fn portrait(&self) -> (f32, f32) {
        let (w, h) = match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A3 => (297.0, 420.0),
            Paper::Custom { width, height } => (*width, *height),
        };
        (w.min(h), w.max(h))
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Paper::A4 => f.write_str("A4"),
            Paper::Letter => f.write_str("Letter"),
            Paper::A3 => f.write_str("A3"),
            Paper::Custom { width, height } => write!(f, "{width}x{height} mm"),
        }
    }
}

/// A card size (trim, without bleed).
#[derive(Clone, Debug, PartialEq)]
pub struct CardSize {
    /// Its name (`poker`) or `custom`.
    pub name: String,
    /// Width in mm.
    pub width: f32,
    /// Height in mm.
    pub height: f32,
}

/// The named card sizes: (name, width, height) in mm.
pub const CARD_SIZES: [(&str, f32, f32); 6] = [
    ("poker", 63.5, 88.9),
    ("standard", 63.0, 88.0),
    ("bridge", 57.15, 88.9),
    ("euro", 59.0, 92.0),
    ("mini", 44.0, 67.0),
    ("tarot", 70.0, 120.0),
];

impl CardSize {
    /// The poker size, 63.5 x 88.9 mm.
    pub fn poker() -> CardSize {
        CardSize {
            name: "poker".into(),
            width: 63.5,
            height: 88.9,
        }
    }

    /// Parses a name from [`CARD_SIZES`] or `WIDTHxHEIGHT` in mm.
    pub fn parse(text: &str) -> Result<CardSize, SheetError> {
        let t = text.trim().to_ascii_lowercase();
        if let Some((name, w, h)) = CARD_SIZES.iter().find(|(n, _, _)| *n == t) {
            return Ok(CardSize {
                name: (*name).to_string(),
                width: *w,
                height: *h,
            });
        }
        let names: Vec<&str> = CARD_SIZES.iter().map(|(n, _, _)| *n).collect();
        let (width, height) = parse_wxh(&t).map_err(|m| {
            SheetError::Option(format!(
                "card `{text}`: {m}; use {} or WIDTHxHEIGHT in mm",
                names.join(", ")
            ))
        })?;
        if !(20.0..=300.0).contains(&width) || !(20.0..=300.0).contains(&height) {
            return Err(SheetError::Option(format!(
                "card `{text}`: sides must be 20-300 mm"
            )));
        }
        Ok(CardSize {
            name: format!("{width}x{height} mm"),
            width,
            height,
        })
    }
}

impl fmt::Display for CardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.name.contains(" mm") {
            f.write_str(&self.name)
        } else {
            write!(f, "{} ({}x{} mm)", self.name, self.width, self.height)
        }
    }
}

fn parse_wxh(text: &str) -> Result<(f32, f32), String> {
    let Some((w, h)) = text.split_once(['x', 'X', '×']) else {
        return Err("not a size".into());
    };
    let w = Length::parse(w)?.mm();
    let h = Length::parse(h)?.mm();
    Ok((w, h))
}

/// Page orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// Short side across.
    Portrait,
    /// Long side across.
    Landscape,
}

/// Crop mark style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CropStyle {
    /// No marks.
    None,
    /// Short marks at each card corner, outside the cards.
    #[default]
    Corner,
    /// Lines along every cut, out to the page edge (for a paper trimmer).
    Extended,
}

/// How backs are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Backs {
    /// Fronts only.
    None,
    /// A backs page after each fronts page, for a sheet flipped about its
    /// long edge.
    #[default]
    DuplexLong,
    /// A backs page after each fronts page, for a sheet flipped about its
    /// short edge.
    DuplexShort,
    /// Fronts and backs on one page, folded in half and glued (gutterfold).
    Fold,
}

/// Everything about the printed sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetOptions {
    /// The paper.
    pub paper: Paper,
    /// Forced orientation; `None` picks the one that fits most cards.
    pub orientation: Option<Orientation>,
    /// Page margin in mm (at least [`MIN_MARGIN`]).
    pub margin: f32,
    /// The card size.
    pub card: CardSize,
    /// Bleed in mm (0-5).
    pub bleed: f32,
    /// Space between neighbouring cards' bleed boxes, in mm.
    pub gutter: f32,
    /// Crop mark style.
    pub crop: CropStyle,
    /// Crop mark line width in mm.
    pub crop_width: f32,
    /// Crop mark length in mm (corner style).
    pub crop_length: f32,
    /// Draw a rounded-corner cutting guide of this radius (mm).
    pub corner_guide: Option<f32>,
    /// How backs are printed.
    pub backs: Backs,
    /// Moves backs right by this many mm (duplex misregistration fix).
    pub offset_x: f32,
    /// Moves backs down by this many mm.
    pub offset_y: f32,
    /// How many times each selected card is printed (1 to [`MAX_COPIES`]),
    /// copies next to each other.
    pub copies: usize,
    /// A grayscale proof: every colour and picture printed as the grey of
    /// its luminance, to check that colour is never the only cue.
    pub grayscale: bool,
}

/// The most copies of each card one export prints.
pub const MAX_COPIES: usize = 20;

impl Default for SheetOptions {
    fn default() -> Self {
        SheetOptions {
            paper: Paper::A4,
            orientation: None,
            margin: MIN_MARGIN,
            card: CardSize::poker(),
            bleed: DEFAULT_BLEED,
            gutter: 0.0,
            crop: CropStyle::Corner,
            crop_width: 0.15,
            crop_length: 4.0,
            corner_guide: None,
            backs: Backs::DuplexLong,
            offset_x: 0.0,
            offset_y: 0.0,
            copies: 1,
            grayscale: false,
        }
    }
}

impl SheetOptions {
    /// Checks every number against its allowed range.
    pub fn validate(&self) -> Result<(), SheetError> {
        let check = |ok: bool, msg: String| {
            if ok {
                Ok(())
            } else {
                Err(SheetError::Option(msg))
            }
        };
        check(
            (1..=MAX_COPIES).contains(&self.copies),
            format!("copies must be 1 to {MAX_COPIES}, found {}", self.copies),
        )?;
        for (name, v) in [
            ("margin", self.margin),
            ("bleed", self.bleed),
            ("gutter", self.gutter),
            ("crop mark width", self.crop_width),
            ("crop mark length", self.crop_length),
            ("printer offset x", self.offset_x),
            ("printer offset y", self.offset_y),
            ("card width", self.card.width),
            ("card height", self.card.height),
            ("corner radius", self.corner_guide.unwrap_or(1.0)),
        ] {
            check(
                v.is_finite(),
                format!("{name} `{v}`: not a number of millimetres; write a number such as 3"),
            )?;
        }
        check(
            self.bleed >= 0.0,
            format!(
                "bleed {} mm: a bleed cannot be negative; use 0 (no bleed) to {MAX_BLEED} mm",
                self.bleed
            ),
        )?;
        check(
            self.margin >= MIN_MARGIN && self.margin <= 50.0,
            format!(
                "margin {} mm: use {MIN_MARGIN}-50 mm (printers cannot print to the edge)",
                self.margin
            ),
        )?;
        check(
            (0.0..=MAX_BLEED).contains(&self.bleed),
            format!(
                "bleed {} mm: use 0 (no bleed) to {MAX_BLEED} mm; print shops ask for {DEFAULT_BLEED} mm",
                self.bleed
            ),
        )?;
        check(
            (0.0..=30.0).contains(&self.gutter),
            format!(
                "gutter {} mm: use 0-30 mm (the space between neighbouring cards)",
                self.gutter
            ),
        )?;
        check(
            self.crop_width > 0.0 && self.crop_width <= 2.0,
            format!(
                "crop mark width {} mm: use more than 0 and at most 2 mm",
                self.crop_width
            ),
        )?;
        check(
            self.crop_length > 0.0 && self.crop_length <= 30.0,
            format!(
                "crop mark length {} mm: use more than 0 and at most 30 mm",
                self.crop_length
            ),
        )?;
        check(
            self.offset_x.abs() <= 20.0 && self.offset_y.abs() <= 20.0,
            format!(
                "printer offset {} x {} mm: use -20 to 20 mm",
                self.offset_x, self.offset_y
            ),
        )?;
        if let Some(r) = self.corner_guide {
            check(
                r > 0.0 && r <= self.card.width.min(self.card.height) / 2.0,
                format!("corner radius {r} mm: use more than 0, at most half the card's width"),
            )?;
        }
        Ok(())
    }
}

/// Which way the fold line runs in fold mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldAxis {
    /// A vertical fold line: fronts left, backs right.
    Vertical,
    /// A horizontal fold line: fronts top, backs bottom.
    Horizontal,
}

/// The card grid on a page.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// Chosen orientation.
    pub orientation: Orientation,
    /// Page width in mm.
    pub page_w: f32,
    /// Page height in mm.
    pub page_h: f32,
    /// Columns of fronts.
    pub cols: usize,
    /// Rows of fronts.
    pub rows: usize,
    /// Trim-to-trim distance between columns.
    pub pitch_x: f32,
    /// Trim-to-trim distance between rows.
    pub pitch_y: f32,
    /// Trim top-left of the first slot.
    pub origin: Point,
    /// The fold line, in fold mode.
    pub fold: Option<FoldAxis>,
    /// Card width.
    pub card_w: f32,
    /// Card height.
    pub card_h: f32,
}

impl Grid {
    /// Fronts per page.
    pub fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// The front trim box of slot `i` (reading order).
    pub fn slot(&self, i: usize) -> Rect {
        let cols = self.cols.max(1);
        let (c, r) = (i % cols, i / cols);
        Rect::new(
            self.origin.x + c as f32 * self.pitch_x,
            self.origin.y + r as f32 * self.pitch_y,
            self.card_w,
            self.card_h,
        )
    }

    /// Where the back of slot `i` goes: on the backs page (duplex) or the
    /// other half of the same page (fold), mirrored so it lands behind its
    /// front, then moved by the printer offset (duplex only).
    pub fn back_slot(&self, i: usize, backs: Backs, offset: (f32, f32)) -> Rect {
        let f = self.slot(i);
        let mirror_x = Rect::new(self.page_w - f.x - f.w, f.y, f.w, f.h);
        let mirror_y = Rect::new(f.x, self.page_h - f.y - f.h, f.w, f.h);
        let portrait = self.page_w <= self.page_h;
        match backs {
            // Flipping about the long edge swaps left and right on a
            // portrait page and top and bottom on a landscape one.
            Backs::DuplexLong if portrait => mirror_x.translate(offset.0, offset.1),
            Backs::DuplexLong => mirror_y.translate(offset.0, offset.1),
            Backs::DuplexShort if portrait => mirror_y.translate(offset.0, offset.1),
            Backs::DuplexShort => mirror_x.translate(offset.0, offset.1),
            Backs::Fold => match self.fold {
                Some(FoldAxis::Horizontal) => mirror_y,
                _ => mirror_x,
            },
            Backs::None => f,
        }
    }
}

/// How many cards of `extent` + 2 bleed fit in `avail`, `gutter` apart.
fn fit_count(avail: f32, extent: f32, bleed: f32, gutter: f32) -> usize {
    let pitch = extent + 2.0 * bleed + gutter;
    if pitch <= 0.0 || avail + 1e-4 < extent + 2.0 * bleed {
        return 0;
    }
    ((avail + gutter + 1e-4) / pitch).floor() as usize
}

/// Chooses the orientation (and fold axis) that fits the most cards.
pub fn grid(o: &SheetOptions) -> Result<Grid, SheetError> {
    o.validate()?;
    let (short, long) = o.paper.portrait();
    let (cw, ch) = (o.card.width, o.card.height);
    let b = o.bleed;
    let pitch_x = cw + 2.0 * b + o.gutter;
    let pitch_y = ch + 2.0 * b + o.gutter;
    let orientations: Vec<Orientation> = match o.orientation {
        Some(or) => vec![or],
        None => vec![Orientation::Portrait, Orientation::Landscape],
    };
    let mut best: Option<Grid> = None;
    for or in orientations {
        let (pw, ph) = match or {
            Orientation::Portrait => (short, long),
            Orientation::Landscape => (long, short),
        };
        let axes: Vec<Option<FoldAxis>> = if o.backs == Backs::Fold {
            vec![Some(FoldAxis::Vertical), Some(FoldAxis::Horizontal)]
        } else {
            vec![None]
        };
        for fold in axes {
            let g = match fold {
                None => {
                    let cols = fit_count(pw - 2.0 * o.margin, cw, b, o.gutter);
                    let rows = fit_count(ph - 2.0 * o.margin, ch, b, o.gutter);
                    let block_w = cols as f32 * pitch_x - o.gutter;
                    let block_h = rows as f32 * pitch_y - o.gutter;
                    Grid {
                        orientation: or,
                        page_w: pw,
                        page_h: ph,
                        cols,
                        rows,
                        pitch_x,
                        pitch_y,
                        origin: Point {
                            x: (pw - block_w) / 2.0 + b,
                            y: (ph - block_h) / 2.0 + b,
                        },
                        fold: None,
                        card_w: cw,
                        card_h: ch,
                    }
                }
                Some(FoldAxis::Vertical) => {
                    let half = pw / 2.0 - o.margin - FOLD_GAP;
                    let cols = fit_count(half, cw, b, o.gutter);
                    let rows = fit_count(ph - 2.0 * o.margin, ch, b, o.gutter);
                    let block_w = cols as f32 * pitch_x - o.gutter;
                    let block_h = rows as f32 * pitch_y - o.gutter;
                    Grid {
                        orientation: or,
                        page_w: pw,
                        page_h: ph,
                        cols,
                        rows,
                        pitch_x,
                        pitch_y,
                        origin: Point {
                            x: o.margin + (half - block_w) / 2.0 + b,
                            y: (ph - block_h) / 2.0 + b,
                        },
                        fold,
                        card_w: cw,
                        card_h: ch,
                    }
                }
                Some(FoldAxis::Horizontal) => {
                    let half = ph / 2.0 - o.margin - FOLD_GAP;
                    let cols = fit_count(pw - 2.0 * o.margin, cw, b, o.gutter);
                    let rows = fit_count(half, ch, b, o.gutter);
                    let block_w = cols as f32 * pitch_x - o.gutter;
                    let block_h = rows as f32 * pitch_y - o.gutter;
                    Grid {
                        orientation: or,
                        page_w: pw,
                        page_h: ph,
                        cols,
                        rows,
                        pitch_x,
                        pitch_y,
                        origin: Point {
                            x: (pw - block_w) / 2.0 + b,
                            y: o.margin + (half - block_h) / 2.0 + b,
                        },
                        fold,
                        card_w: cw,
                        card_h: ch,
                    }
                }
            };
            if best.as_ref().is_none_or(|x| g.per_page() > x.per_page()) {
                best = Some(g);
            }
        }
    }
    match best {
        Some(g) if g.per_page() > 0 => Ok(g),
        _ => Err(SheetError::DoesNotFit {
            card: o.card.to_string(),
            paper: o.paper.to_string(),
            bleed: o.bleed,
            margin: o.margin,
            fold: if o.backs == Backs::Fold {
                " (half a page each side in fold mode)".into()
            } else {
                String::new()
            },
        }),
    }
}

/// What the sheet options will print less well than asked, in words: cut
/// lines left without a crop mark because the cards reach the printable
/// margin. Empty when every cut line of a full page has its marks (or
/// marks are off).
pub fn warnings(o: &SheetOptions) -> Vec<String> {
    let Ok(g) = grid(o) else {
        return Vec::new();
    };
    if o.crop == CropStyle::None {
        return Vec::new();
    }
    let Ok(pages) = impose(o, g.per_page()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for p in pages.iter().take(2) {
        let marks = crop_marks(
            &p.cards.iter().map(|c| c.trim).collect::<Vec<_>>(),
            p.width,
            p.height,
            o,
        );
        let (xs, ys) = cut_lines(p);
        let on = |vertical: bool, v: f32| {
            marks.iter().any(|(a, b)| {
                if vertical {
                    (a.x - v).abs() < 0.01 && (b.x - v).abs() < 0.01
                } else {
                    (a.y - v).abs() < 0.01 && (b.y - v).abs() < 0.01
                }
            })
        };
        let bare_x = xs.iter().filter(|x| !on(true, **x)).count();
        let bare_y = ys.iter().filter(|y| !on(false, **y)).count();
        if bare_x + bare_y == 0 {
            continue;
        }
        let side = match p.role {
            PageRole::Backs => "backs",
            _ => "fronts",
        };
        let mut what = Vec::new();
        if bare_x > 0 {
            what.push(format!(
                "{bare_x} of the {} vertical cut lines (no room above and below the cards)",
                xs.len()
            ));
        }
        if bare_y > 0 {
            what.push(format!(
                "{bare_y} of the {} horizontal cut lines (no room left and right of the cards)",
                ys.len()
            ));
        }
        out.push(format!(
            "{} cards on {} paper leave no room for crop marks inside the {} mm printable margin on the {side} pages: {} have none. Use less bleed, a gutter, other paper or --orientation, or cut along the card edges",
            o.card.name,
            o.paper,
            o.margin,
            what.join(" and "),
        ));
    }
    out
}

/// The x of every vertical and the y of every horizontal cut line of a
/// page's cards.
pub fn cut_lines(p: &PagePlan) -> (Vec<f32>, Vec<f32>) {
    let mut xs: Vec<f32> = p
        .cards
        .iter()
        .flat_map(|c| [c.trim.x, c.trim.right()])
        .collect();
    let mut ys: Vec<f32> = p
        .cards
        .iter()
        .flat_map(|c| [c.trim.y, c.trim.bottom()])
        .collect();
    dedup_coords(&mut xs);
    dedup_coords(&mut ys);
    (xs, ys)
}

/// Which face of a card a placement shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The card's face.
    Front,
    /// The deck's back.
    Back,
}

/// One card on a page.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    /// Index into the list of cards being imposed.
    pub card: usize,
    /// Face or back.
    pub side: Side,
    /// Trim box on the page.
    pub trim: Rect,
}

/// What a page is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageRole {
    /// Card faces.
    Fronts,
    /// Card backs, mirrored to meet their fronts.
    Backs,
    /// Faces and backs, to fold in half.
    Folded,
    /// The alignment test's front.
    TestFront,
    /// The alignment test's back.
    TestBack,
}

/// One printed page.
#[derive(Clone, Debug, PartialEq)]
pub struct PagePlan {
    /// Width in mm.
    pub width: f32,
    /// Height in mm.
    pub height: f32,
    /// What the page is for.
    pub role: PageRole,
    /// The cards on it.
    pub cards: Vec<Placement>,
    /// Drawn over the cards: crop marks, guides, fold line, test patterns.
    pub overlay: Scene,
}

/// Lays out `count` cards (and their backs) onto pages.
pub fn impose(o: &SheetOptions, count: usize) -> Result<Vec<PagePlan>, SheetError> {
    let g = grid(o)?;
    let per = g.per_page();
    let offset = (o.offset_x, o.offset_y);
    let mut pages = Vec::new();
    let mut start = 0;
    while start < count {
        let n = per.min(count - start);
        let fronts: Vec<Placement> = (0..n)
            .map(|i| Placement {
                card: start + i,
                side: Side::Front,
                trim: g.slot(i),
            })
            .collect();
        let backs: Vec<Placement> = (0..n)
            .map(|i| Placement {
                card: start + i,
                side: Side::Back,
                trim: g.back_slot(i, o.backs, offset),
            })
            .collect();
        match o.backs {
            Backs::None => pages.push(page(&g, o, PageRole::Fronts, fronts, true)),
            Backs::DuplexLong | Backs::DuplexShort => {
                pages.push(page(&g, o, PageRole::Fronts, fronts, true));
                // Backs carry marks of their own, where the backs are
                // (offset included): a duplex sheet can be cut from
                // either side.
                pages.push(page(&g, o, PageRole::Backs, backs, true));
            }
            Backs::Fold => {
                let mut all = fronts;
                all.extend(backs);
                pages.push(page(&g, o, PageRole::Folded, all, true));
            }
        }
        start += n;
    }
    Ok(pages)
}

fn page(
    g: &Grid,
    o: &SheetOptions,
    role: PageRole,
    cards: Vec<Placement>,
    marks: bool,
) -> PagePlan {
    let mut overlay = Scene::new(g.page_w, g.page_h, 0.0);
    let trims: Vec<Rect> = cards.iter().map(|p| p.trim).collect();
    if marks {
        for (from, to) in crop_marks(&trims, g.page_w, g.page_h, o) {
            overlay.push(
                "crop",
                Shape::Line {
                    from,
                    to,
                    stroke: Stroke {
                        color: Rgb(0, 0, 0),
                        width: o.crop_width,
                        dash: None,
                    },
                },
            );
        }
    }
    if let Some(r) = o.corner_guide {
        for p in cards.iter().filter(|p| p.side == Side::Front) {
            overlay.push(
                "corner_guide",
                Shape::Rect {
                    rect: p.trim,
                    radius: r,
                    fill: None,
                    stroke: Some(Stroke {
                        color: Rgb(0x99, 0x99, 0x99),
                        width: 0.1,
                        dash: None,
                    }),
                },
            );
        }
    }
    if role == PageRole::Folded {
        overlay.push("fold", fold_line(g));
    }
    PagePlan {
        width: g.page_w,
        height: g.page_h,
        role,
        cards,
        overlay,
    }
}

/// The dashed line a fold-mode sheet is folded along.
fn fold_line(g: &Grid) -> Shape {
    {
        let (from, to) = match g.fold {
            Some(FoldAxis::Horizontal) => (
                Point {
                    x: 0.0,
                    y: g.page_h / 2.0,
                },
                Point {
                    x: g.page_w,
                    y: g.page_h / 2.0,
                },
            ),
            _ => (
                Point {
                    x: g.page_w / 2.0,
                    y: 0.0,
                },
                Point {
                    x: g.page_w / 2.0,
                    y: g.page_h,
                },
            ),
        };
        Shape::Line {
            from,
            to,
            stroke: Stroke {
                color: Rgb(0x88, 0x88, 0x88),
                width: 0.2,
                dash: Some((2.0, 1.5)),
            },
        }
    }
}

/// Crop mark segments for cards with these trim boxes: outside every
/// card's bleed box, inside the printable area (the page less its
/// margin, where every printer prints). A mark that would reach into the
/// margin is shortened, one with no room at all left out
/// ([`warnings`] says so).
pub fn crop_marks(
    trims: &[Rect],
    page_w: f32,
    page_h: f32,
    o: &SheetOptions,
) -> Vec<(Point, Point)> {
    let b = o.bleed;
    let obstacles: Vec<Rect> = trims.iter().map(|t| t.expand(b + MARK_CLEARANCE)).collect();
    // Horizontal candidates (y, x0, x1) and vertical ones (x, y0, y1).
    let mut hs: Vec<(f32, f32, f32)> = Vec::new();
    let mut vs: Vec<(f32, f32, f32)> = Vec::new();
    match o.crop {
        CropStyle::None => return Vec::new(),
        CropStyle::Corner => {
            let d = b + MARK_OFFSET;
            let l = o.crop_length;
            for t in trims {
                for (cx, sx) in [(t.x, -1.0), (t.right(), 1.0)] {
                    for (cy, sy) in [(t.y, -1.0), (t.bottom(), 1.0)] {
                        let (x0, x1) = ordered(cx + sx * d, cx + sx * (d + l));
                        hs.push((cy, x0, x1));
                        let (y0, y1) = ordered(cy + sy * d, cy + sy * (d + l));
                        vs.push((cx, y0, y1));
                    }
                }
            }
        }
        CropStyle::Extended => {
            let mut xs: Vec<f32> = trims.iter().flat_map(|t| [t.x, t.right()]).collect();
            let mut ys: Vec<f32> = trims.iter().flat_map(|t| [t.y, t.bottom()]).collect();
            dedup_coords(&mut xs);
            dedup_coords(&mut ys);
            vs.extend(xs.into_iter().map(|x| (x, 0.0, page_h)));
            hs.extend(ys.into_iter().map(|y| (y, 0.0, page_w)));
        }
    }
    let m = o.margin;
    let (left, right, top, bottom) = (m, page_w - m, m, page_h - m);
    let mut out = Vec::new();
    for (y, x0, x1) in hs {
        if y < top || y > bottom {
            continue;
        }
        let cuts: Vec<(f32, f32)> = obstacles
            .iter()
            .filter(|r| y > r.y && y < r.bottom())
            .map(|r| (r.x, r.right()))
            .collect();
        for (a, c) in subtract((x0.max(left), x1.min(right)), &cuts) {
            out.push((Point { x: a, y }, Point { x: c, y }));
        }
    }
    for (x, y0, y1) in vs {
        if x < left || x > right {
            continue;
        }
        let cuts: Vec<(f32, f32)> = obstacles
            .iter()
            .filter(|r| x > r.x && x < r.right())
            .map(|r| (r.y, r.bottom()))
            .collect();
        for (a, c) in subtract((y0.max(top), y1.min(bottom)), &cuts) {
            out.push((Point { x, y: a }, Point { x, y: c }));
        }
    }
    // Neighbouring cards share cut lines: draw each segment once.
    let mut unique: Vec<(Point, Point)> = Vec::new();
    for s in out {
        let same = |u: &(Point, Point)| {
            (u.0.x - s.0.x).abs() < 0.01
                && (u.0.y - s.0.y).abs() < 0.01
                && (u.1.x - s.1.x).abs() < 0.01
                && (u.1.y - s.1.y).abs() < 0.01
        };
        if !unique.iter().any(same) {
            unique.push(s);
        }
    }
    unique
}

fn ordered(a: f32, b: f32) -> (f32, f32) {
    if a <= b { (a, b) } else { (b, a) }
}

fn dedup_coords(v: &mut Vec<f32>) {
    v.sort_by(f32::total_cmp);
    v.dedup_by(|a, b| (*a - *b).abs() < 0.01);
}

/// `span` minus every interval in `cuts`; pieces shorter than 0.5 mm go.
fn subtract(span: (f32, f32), cuts: &[(f32, f32)]) -> Vec<(f32, f32)> {
    let mut pieces = vec![span];
    for &(c0, c1) in cuts {
        let mut next = Vec::new();
        for (a, b) in pieces {
            if c1 <= a || c0 >= b {
                next.push((a, b));
                continue;
            }
            if c0 > a {
                next.push((a, c0));
            }
            if c1 < b {
                next.push((c1, b));
            }
        }
        pieces = next;
    }
    pieces.retain(|(a, b)| b - a >= 0.5);
    pieces
}

/// The alignment test sheet: card outlines, a centre cross on each front,
/// a mm scale under each back and a 100 mm ruler to check the print scale.
/// One sheet of paper: one page, or two sides for duplex.
pub fn alignment_test(o: &SheetOptions) -> Result<Vec<PagePlan>, SheetError> {
    let g = grid(o)?;
    let offset = (o.offset_x, o.offset_y);
    let black = Rgb(0, 0, 0);
    let grey = Rgb(0x99, 0x99, 0x99);
    let thin = |c| Stroke {
        color: c,
        width: 0.15,
        dash: None,
    };
    let line = |s: &mut Scene, name: &str, a: (f32, f32), b: (f32, f32), st: Stroke| {
        s.push(
            name,
            Shape::Line {
                from: Point { x: a.0, y: a.1 },
                to: Point { x: b.0, y: b.1 },
                stroke: st,
            },
        );
    };
    let text = |s: &mut Scene, name: &str, t: &str, r: Rect, size: f32, align: Align| {
        let block = fit(&FitRequest {
            text: t,
            font: Font::Regular,
            size: pt(size),
            min_size: pt(4.0),
            line_height: 1.2,
            max_lines: None,
            align,
            valign: VAlign::Middle,
            rect: r,
            color: black,
        });
        s.push(name, Shape::Text(block));
    };

    let mut front = Scene::new(g.page_w, g.page_h, 0.0);
    let duplex = matches!(o.backs, Backs::DuplexLong | Backs::DuplexShort);
    let mut back = Scene::new(g.page_w, g.page_h, 0.0);
    for i in 0..g.per_page() {
        let t = g.slot(i);
        front.push(
            "slot",
            Shape::Rect {
                rect: t,
                radius: 0.0,
                fill: None,
                stroke: Some(thin(grey)),
            },
        );
        let c = t.center();
        line(
            &mut front,
            "cross",
            (c.x - CROSS_ARM, c.y),
            (c.x + CROSS_ARM, c.y),
            thin(black),
        );
        line(
            &mut front,
            "cross",
            (c.x, c.y - CROSS_ARM),
            (c.x, c.y + CROSS_ARM),
            thin(black),
        );
        // Front and back carry the same number, so a sheet turned or
        // folded the wrong way shows at once.
        text(
            &mut front,
            "slot_label",
            &format!("FRONT {}", i + 1),
            Rect::new(t.x + 1.5, t.y + 1.5, 10.0, 4.0),
            7.0,
            Align::Left,
        );
        if o.backs == Backs::None {
            continue;
        }
        let bt = g.back_slot(i, o.backs, offset);
        let target = if duplex { &mut back } else { &mut front };
        target.push(
            "back_slot",
            Shape::Rect {
                rect: bt,
                radius: 0.0,
                fill: None,
                stroke: Some(thin(grey)),
            },
        );
        let bc = bt.center();
        // Two scales, set off from the centre so they do not cross: the
        // one below reads the front's vertical arm (x), the one to the
        // right its horizontal arm (y). Tick k mm from the ideal position
        // is labelled k, so the number under the arm is the correction.
        let (sx, sy) = (bc.y + SCALE_GAP, bc.x + SCALE_GAP);
        line(
            target,
            "scale_x",
            (bc.x - 5.0, sx),
            (bc.x + 5.0, sx),
            thin(black),
        );
        line(
            target,
            "scale_y",
            (sy, bc.y - 5.0),
            (sy, bc.y + 5.0),
            thin(black),
        );
        // Ticks every 0.5 mm, so an offset of half a millimetre reads
        // directly: whole millimetres long, halves short, all hairlines
        // (0.08 mm) so neighbours stay apart.
        let hair = Stroke {
            color: black,
            width: 0.08,
            dash: None,
        };
        for h in -10i32..=10 {
            let kf = h as f32 / 2.0;
            let long = if h == 0 {
                3.0
            } else if h % 10 == 0 {
                2.4
            } else if h % 2 == 0 {
                1.8
            } else {
                1.0
            };
            line(
                target,
                "scale_x",
                (bc.x + kf, sx),
                (bc.x + kf, sx + long),
                hair,
            );
            line(
                target,
                "scale_y",
                (sy, bc.y + kf),
                (sy + long, bc.y + kf),
                hair,
            );
            if h % 4 == 0 {
                let label = format!("{}", h / 2);
                text(
                    target,
                    "scale_label",
                    &label,
                    Rect::new(bc.x + kf - 2.0, sx + 3.2, 4.0, 2.4),
                    5.0,
                    Align::Center,
                );
                text(
                    target,
                    "scale_label",
                    &label,
                    Rect::new(sy + 3.4, bc.y + kf - 1.2, 5.0, 2.4),
                    5.0,
                    Align::Left,
                );
            }
        }
        text(
            target,
            "scale_label",
            "x",
            Rect::new(bc.x - 8.5, sx - 0.5, 3.0, 3.0),
            6.0,
            Align::Center,
        );
        text(
            target,
            "scale_label",
            "y",
            Rect::new(sy - 1.5, bc.y - 8.5, 3.0, 3.0),
            6.0,
            Align::Center,
        );
        text(
            target,
            "back_label",
            &format!("BACK {}", i + 1),
            Rect::new(bt.x + 1.5, bt.y + 1.5, 20.0, 4.0),
            7.0,
            Align::Left,
        );
    }
    // The instructions and the ruler go in the middle slot, around its
    // cross; the ruler may run across the neighbouring slots.
    let mid = g.slot(g.per_page() / 2);
    let c = mid.center();
    let len = if g.page_w >= 120.0 { 100.0 } else { 50.0 };
    let ry = (c.y + 14.0).min(g.page_h - o.margin);
    let rx = (g.page_w - len) / 2.0;
    let ruler = Stroke {
        color: black,
        width: 0.25,
        dash: None,
    };
    line(&mut front, "ruler", (rx, ry), (rx + len, ry), ruler);
    for k in 0..=(len / 10.0) as i32 {
        let x = rx + 10.0 * k as f32;
        let l = if k % 5 == 0 { 3.0 } else { 1.8 };
        line(&mut front, "ruler", (x, ry - l), (x, ry), thin(black));
    }
    text(
        &mut front,
        "ruler_label",
        &format!("this line must measure {len} mm"),
        Rect::new(rx, ry + 0.8, len, 3.5),
        6.5,
        Align::Center,
    );
    let instructions = if duplex {
        "ALIGNMENT TEST. Print at 100% (actual size), two-sided, with the flip setting you will use. \
         Hold the sheet to the light. On the back, read each scale where this cross shows through, \
         and add the numbers to --offset-x (right +) and --offset-y (down +)."
    } else if o.backs == Backs::Fold {
        "ALIGNMENT TEST. Print at 100% (actual size). Fold along the dashed line, hold to the \
         light and read each BACK's scales where its FRONT's cross shows through: the fold is \
         that far off."
    } else {
        "ALIGNMENT TEST. Print at 100% (actual size). The grey boxes are the cards' cut lines."
    };
    if o.backs == Backs::Fold {
        front.push("fold", fold_line(&g));
    }
    text(
        &mut front,
        "instructions",
        instructions,
        Rect::new(
            mid.x + 3.0,
            mid.y + 6.0,
            mid.w - 6.0,
            (mid.h / 2.0 - 16.0).max(6.0),
        ),
        7.5,
        Align::Center,
    );
    let mut pages = vec![PagePlan {
        width: g.page_w,
        height: g.page_h,
        role: PageRole::TestFront,
        cards: Vec::new(),
        overlay: front,
    }];
    if duplex {
        pages.push(PagePlan {
            width: g.page_w,
            height: g.page_h,
            role: PageRole::TestBack,
            cards: Vec::new(),
            overlay: back,
        });
    }
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn poker_cards_go_nine_up_on_a4_and_letter() {
        for paper in [Paper::A4, Paper::Letter] {
            let o = SheetOptions {
                paper,
                bleed: 0.0,
                ..SheetOptions::default()
            };
            let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                (g.cols, g.rows, g.orientation),
                (3, 3, Orientation::Portrait),
                "{paper}"
            );
            // Centred: equal margins left and right.
            let last = g.slot(8);
            assert!(close(g.slot(0).x, g.page_w - last.right()));
            assert!(close(g.slot(0).y, g.page_h - last.bottom()));
        }
    }

    #[test]
    fn the_default_three_mm_bleed_fits_eight_poker_cards_on_a4_six_on_letter_16_on_a3() {
        for (paper, n) in [(Paper::A4, 8), (Paper::Letter, 6), (Paper::A3, 16)] {
            let o = SheetOptions {
                paper,
                ..SheetOptions::default()
            };
            assert_eq!(o.bleed, 3.0);
            let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(g.per_page(), n, "{paper}");
            assert!(warnings(&o).is_empty(), "{paper}: {:?}", warnings(&o));
        }
    }

    #[test]
    fn a_sheet_without_room_for_marks_says_so() {
        // Nine poker cards on Letter without bleed leave 1.35 mm above and
        // below: the vertical cuts cannot be marked inside a 5 mm margin.
        let o = SheetOptions {
            paper: Paper::Letter,
            bleed: 0.0,
            ..SheetOptions::default()
        };
        let w = warnings(&o);
        assert_eq!(w.len(), 2, "fronts and backs: {w:?}");
        assert!(
            w[0].contains("no room for crop marks") && w[0].contains("vertical cut lines"),
            "{w:?}"
        );
        let pages = impose(&o, 9).unwrap_or_else(|e| panic!("{e}"));
        for p in &pages {
            let marks = crop_marks(
                &p.cards.iter().map(|c| c.trim).collect::<Vec<_>>(),
                p.width,
                p.height,
                &o,
            );
            for (a, b) in marks {
                for q in [a, b] {
                    assert!(
                        q.x >= 5.0 - 1e-3
                            && q.y >= 5.0 - 1e-3
                            && q.x <= p.width - 5.0 + 1e-3
                            && q.y <= p.height - 5.0 + 1e-3,
                        "{q:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn bad_numbers_are_clear_errors() {
        for (o, says) in [
            (
                SheetOptions {
                    bleed: -1.0,
                    ..SheetOptions::default()
                },
                "a bleed cannot be negative",
            ),
            (
                SheetOptions {
                    bleed: f32::NAN,
                    ..SheetOptions::default()
                },
                "not a number",
            ),
            (
                SheetOptions {
                    offset_x: f32::INFINITY,
                    ..SheetOptions::default()
                },
                "not a number",
            ),
            (
                SheetOptions {
                    gutter: -2.0,
                    ..SheetOptions::default()
                },
                "gutter -2 mm",
            ),
        ] {
            let e = grid(&o).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains(says), "{e}");
        }
    }

    #[test]
    fn orientation_is_chosen_to_fit_most_cards() {
        // Tarot cards: 2 across in portrait A4 (2x2 = 4), 3 across in
        // landscape (3x1 = 3): portrait wins.
        let o = SheetOptions {
            card: CardSize::parse("tarot").unwrap_or_else(|e| panic!("{e}")),
            bleed: 0.0,
            ..SheetOptions::default()
        };
        let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.per_page(), 4);
        // A wide custom card prefers landscape.
        let o = SheetOptions {
            card: CardSize::parse("88.9x63.5").unwrap_or_else(|e| panic!("{e}")),
            bleed: 0.0,
            ..SheetOptions::default()
        };
        let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((g.orientation, g.per_page()), (Orientation::Landscape, 9));
    }

    #[test]
    fn backs_mirror_columns_for_long_edge_and_rows_for_short_edge() {
        let mut o = SheetOptions {
            bleed: 0.0,
            ..SheetOptions::default()
        };
        let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
        let f = g.slot(0);
        let b = g.back_slot(0, Backs::DuplexLong, (0.0, 0.0));
        assert!(
            close(b.x, g.slot(2).x) && close(b.y, f.y),
            "slot 0's back is in column 3"
        );
        let b = g.back_slot(0, Backs::DuplexShort, (0.0, 0.0));
        assert!(
            close(b.x, f.x) && close(b.y, g.slot(6).y),
            "slot 0's back is in row 3"
        );
        let b = g.back_slot(0, Backs::DuplexLong, (1.5, -0.5));
        assert!(close(b.x, g.slot(2).x + 1.5) && close(b.y, f.y - 0.5));
        o.backs = Backs::DuplexLong;
        let pages = impose(&o, 10).unwrap_or_else(|e| panic!("{e}"));
        let roles: Vec<PageRole> = pages.iter().map(|p| p.role).collect();
        assert_eq!(
            roles,
            vec![
                PageRole::Fronts,
                PageRole::Backs,
                PageRole::Fronts,
                PageRole::Backs
            ]
        );
        assert_eq!(pages[2].cards.len(), 1);
        assert_eq!(pages[3].cards[0].card, 9);
    }

    #[test]
    fn fold_mode_puts_fronts_and_backs_on_one_page_mirrored_about_the_fold() {
        let o = SheetOptions {
            backs: Backs::Fold,
            ..SheetOptions::default()
        };
        let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (g.orientation, g.fold, g.per_page()),
            (Orientation::Landscape, Some(FoldAxis::Vertical), 4)
        );
        let pages = impose(&o, 5).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pages.len(), 2);
        for p in &pages {
            for pl in p.cards.iter().filter(|p| p.side == Side::Front) {
                assert!(pl.trim.right() + o.bleed <= p.width / 2.0 - FOLD_GAP + 1e-3);
                let Some(back) = p
                    .cards
                    .iter()
                    .find(|b| b.side == Side::Back && b.card == pl.card)
                else {
                    panic!("no back")
                };
                assert!(close(back.trim.x, p.width - pl.trim.right()));
                assert!(close(back.trim.y, pl.trim.y));
            }
        }
    }

    #[test]
    fn crop_marks_stay_outside_every_card() {
        for crop in [CropStyle::Corner, CropStyle::Extended] {
            for (bleed, gutter) in [(0.0, 0.0), (1.0, 0.0), (2.0, 4.0)] {
                let o = SheetOptions {
                    crop,
                    bleed,
                    gutter,
                    ..SheetOptions::default()
                };
                let pages = impose(&o, 9).unwrap_or_else(|e| panic!("{e}"));
                let p = &pages[0];
                let marks: Vec<(Point, Point)> = p
                    .overlay
                    .items
                    .iter()
                    .filter_map(|i| match &i.shape {
                        Shape::Line { from, to, .. } => Some((*from, *to)),
                        _ => None,
                    })
                    .collect();
                assert!(!marks.is_empty(), "{crop:?} {bleed} {gutter}");
                for (a, b) in &marks {
                    for c in &p.cards {
                        let bb = c.trim.expand(bleed);
                        let mid = Point {
                            x: (a.x + b.x) / 2.0,
                            y: (a.y + b.y) / 2.0,
                        };
                        let inside = |q: &Point| {
                            q.x > bb.x && q.x < bb.right() && q.y > bb.y && q.y < bb.bottom()
                        };
                        assert!(
                            !inside(a) && !inside(b) && !inside(&mid),
                            "{crop:?} mark {a:?}-{b:?} in {bb:?}"
                        );
                    }
                    for q in [a, b] {
                        assert!(q.x >= 0.0 && q.x <= p.width && q.y >= 0.0 && q.y <= p.height);
                    }
                }
            }
        }
    }

    #[test]
    fn options_are_parsed_and_checked() {
        assert_eq!(Paper::parse("A4"), Ok(Paper::A4));
        assert_eq!(
            Paper::parse("300x200"),
            Ok(Paper::Custom {
                width: 300.0,
                height: 200.0
            })
        );
        assert!(Paper::parse("a5").is_err());
        assert!(CardSize::parse("mini").is_ok_and(|c| c.width == 44.0 && c.height == 67.0));
        assert!(CardSize::parse("5x5").is_err());
        let bad = |o: SheetOptions| grid(&o).is_err();
        assert!(bad(SheetOptions {
            margin: 4.0,
            ..SheetOptions::default()
        }));
        assert!(bad(SheetOptions {
            bleed: 6.0,
            ..SheetOptions::default()
        }));
        let e = grid(&SheetOptions {
            paper: Paper::Custom {
                width: 60.0,
                height: 80.0,
            },
            ..SheetOptions::default()
        })
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
        assert!(e.contains("does not fit on 60x80 mm paper"), "{e}");
    }

    #[test]
    fn the_alignment_test_numbers_both_sides_folds_and_reads_half_millimetres() {
        for backs in [Backs::DuplexLong, Backs::Fold] {
            let o = SheetOptions {
                backs,
                ..SheetOptions::default()
            };
            let pages = alignment_test(&o).unwrap_or_else(|e| panic!("{e}"));
            let lines: Vec<String> = pages
                .iter()
                .flat_map(|p| p.overlay.text_lines())
                .map(|l| l.to_string())
                .collect();
            let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
            for n in 1..=g.per_page() {
                assert!(lines.contains(&format!("FRONT {n}")), "{backs:?} {lines:?}");
                assert!(lines.contains(&format!("BACK {n}")), "{backs:?} {lines:?}");
            }
            let has_fold = pages[0].overlay.items.iter().any(|i| i.source == "fold");
            assert_eq!(has_fold, backs == Backs::Fold, "{backs:?}");
            // The x scale's ticks, measured from their positions: 21 of
            // them, 0.5 mm apart, across 10 mm.
            let back = pages.last().map(|p| &p.overlay);
            let mut xs: Vec<f32> = back
                .into_iter()
                .flat_map(|s| &s.items)
                .filter(|i| i.source == "scale_x")
                .filter_map(|i| match &i.shape {
                    Shape::Line { from, to, .. } if close(from.x, to.x) => Some(from.x),
                    _ => None,
                })
                .collect();
            xs.sort_by(f32::total_cmp);
            // Slots in one column share their ticks' x.
            xs.dedup_by(|a, b| close(*a, *b));
            let first: Vec<f32> = xs.iter().copied().take(21).collect();
            assert_eq!(first.len(), 21);
            for w in first.windows(2) {
                assert!((w[1] - w[0] - 0.5).abs() < 1e-3, "{first:?}");
            }
        }
    }

    #[test]
    fn the_alignment_test_is_one_sheet() {
        let pages = alignment_test(&SheetOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pages.len(), 2);
        assert!(pages[1].overlay.items.iter().any(|i| i.source == "scale_x"));
        let one = alignment_test(&SheetOptions {
            backs: Backs::None,
            ..SheetOptions::default()
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(one.len(), 1);
        assert!(
            one[0]
                .overlay
                .text_lines()
                .iter()
                .any(|l| l.contains("ALIGNMENT TEST"))
        );
    }
}
