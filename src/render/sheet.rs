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
use crate::layout::scene::{Align, MIN_READABLE_PT, Point, Rect, Scene, Shape, Stroke};
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
/// Distance from the fold line to the nearest bleed edge in fold mode: the
/// usual 5 mm, so a fold a little off never shows a card's edge.
pub const FOLD_GAP: f32 = 5.0;
/// Crop marks keep this clear of the fold line, so none runs across it.
const FOLD_CLEARANCE: f32 = 1.0;
/// The shortest crop mark worth printing at the end of a cut line, in mm
/// (or the chosen mark length, when that is shorter): shorter ones cannot
/// be lined up with a ruler.
pub const MIN_MARK: f32 = 2.0;
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

/// How neighbouring cards share their cut lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Cuts {
    /// Whichever of the two fits more cards a sheet with a mark on every
    /// cut (separate cuts when both fit as many).
    #[default]
    Auto,
    /// Each card has its own bleed all round and its own cut lines: two
    /// cuts between neighbours, a thin strip falling away.
    Separate,
    /// Neighbours touch at their cut line: one cut between them, the bleed
    /// only around the block of cards.
    Shared,
}

/// How much ink the cards print with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Ink {
    /// As designed.
    #[default]
    Full,
    /// Backs as an outline and their name, faces as designed.
    LightBacks,
    /// Light backs, and faces with their large areas as pale tints (their
    /// text kept dark enough to read).
    Light,
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
    /// Whether neighbouring cards share their cut lines.
    pub cuts: Cuts,
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
    /// How much ink the cards print with.
    pub ink: Ink,
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
            cuts: Cuts::Auto,
            crop: CropStyle::Corner,
            crop_width: 0.15,
            crop_length: 4.0,
            corner_guide: None,
            backs: Backs::DuplexLong,
            offset_x: 0.0,
            offset_y: 0.0,
            copies: 1,
            grayscale: false,
            ink: Ink::Full,
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
            self.cuts != Cuts::Shared || self.gutter == 0.0,
            format!(
                "gutter {} mm: shared cuts put cards edge to edge; use separate cuts for a gutter",
                self.gutter
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
    /// Whether neighbouring cards share their cut lines (they touch, and
    /// only the block of cards has a bleed around it).
    pub shared: bool,
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

    /// The fold line's band that crop marks keep clear of, in fold mode.
    fn fold_band(&self) -> Option<Rect> {
        let c = FOLD_CLEARANCE;
        match self.fold {
            Some(FoldAxis::Vertical) => {
                Some(Rect::new(self.page_w / 2.0 - c, 0.0, 2.0 * c, self.page_h))
            }
            Some(FoldAxis::Horizontal) => {
                Some(Rect::new(0.0, self.page_h / 2.0 - c, self.page_w, 2.0 * c))
            }
            None => None,
        }
    }
}

/// How many cards of `extent` fit in `avail` mm: each with its own bleed,
/// `gutter` apart, or edge to edge with the bleed only around the block
/// (`shared`).
fn fit_count(avail: f32, extent: f32, bleed: f32, gutter: f32, shared: bool) -> usize {
    if extent <= 0.0 || avail + 1e-4 < extent + 2.0 * bleed {
        return 0;
    }
    if shared {
        return ((avail - 2.0 * bleed + 1e-4) / extent).floor() as usize;
    }
    let pitch = extent + 2.0 * bleed + gutter;
    ((avail + gutter + 1e-4) / pitch).floor() as usize
}

/// The length of a row of `n` cards of `extent`, bleed included.
fn block_span(n: usize, extent: f32, bleed: f32, gutter: f32, shared: bool) -> f32 {
    match (n, shared) {
        (0, _) => 0.0,
        (n, true) => n as f32 * extent + 2.0 * bleed,
        (n, false) => n as f32 * (extent + 2.0 * bleed + gutter) - gutter,
    }
}

/// The grid of one orientation, cut arrangement and fold axis: the block
/// of cards centred on the page, or in fold mode set [`FOLD_GAP`] from the
/// fold and centred along it.
fn layout(
    o: &SheetOptions,
    orientation: Orientation,
    shared: bool,
    fold: Option<FoldAxis>,
) -> Grid {
    let (short, long) = o.paper.portrait();
    let (pw, ph) = match orientation {
        Orientation::Portrait => (short, long),
        Orientation::Landscape => (long, short),
    };
    let (cw, ch, b, gutter, m) = (o.card.width, o.card.height, o.bleed, o.gutter, o.margin);
    let (avail_w, avail_h) = match fold {
        None => (pw - 2.0 * m, ph - 2.0 * m),
        Some(FoldAxis::Vertical) => (pw / 2.0 - m - FOLD_GAP, ph - 2.0 * m),
        Some(FoldAxis::Horizontal) => (pw - 2.0 * m, ph / 2.0 - m - FOLD_GAP),
    };
    let cols = fit_count(avail_w, cw, b, gutter, shared);
    let rows = fit_count(avail_h, ch, b, gutter, shared);
    let block_w = block_span(cols, cw, b, gutter, shared);
    let block_h = block_span(rows, ch, b, gutter, shared);
    let x0 = match fold {
        Some(FoldAxis::Vertical) => pw / 2.0 - FOLD_GAP - block_w,
        _ => (pw - block_w) / 2.0,
    };
    let y0 = match fold {
        Some(FoldAxis::Horizontal) => ph / 2.0 - FOLD_GAP - block_h,
        _ => (ph - block_h) / 2.0,
    };
    let (pitch_x, pitch_y) = if shared {
        (cw, ch)
    } else {
        (cw + 2.0 * b + gutter, ch + 2.0 * b + gutter)
    };
    Grid {
        orientation,
        page_w: pw,
        page_h: ph,
        cols,
        rows,
        pitch_x,
        pitch_y,
        origin: Point {
            x: x0 + b,
            y: y0 + b,
        },
        fold,
        shared,
        card_w: cw,
        card_h: ch,
    }
}

/// Every grid the options allow, in order of preference on a tie:
/// portrait before landscape, separate cuts before shared ones, a
/// vertical fold before a horizontal one.
fn candidates(o: &SheetOptions) -> Vec<Grid> {
    let orientations: Vec<Orientation> = match o.orientation {
        Some(or) => vec![or],
        None => vec![Orientation::Portrait, Orientation::Landscape],
    };
    // Without a bleed (or with a gutter) sharing a cut changes nothing.
    let arrangements: Vec<bool> = match o.cuts {
        Cuts::Separate => vec![false],
        Cuts::Shared => vec![true],
        Cuts::Auto if o.bleed > 0.0 && o.gutter == 0.0 => vec![false, true],
        Cuts::Auto => vec![false],
    };
    let axes: Vec<Option<FoldAxis>> = if o.backs == Backs::Fold {
        vec![Some(FoldAxis::Vertical), Some(FoldAxis::Horizontal)]
    } else {
        vec![None]
    };
    let mut out = Vec::new();
    for &or in &orientations {
        for &shared in &arrangements {
            for &fold in &axes {
                out.push(layout(o, or, shared, fold));
            }
        }
    }
    out
}

/// Chooses the grid that fits the most cards a sheet with a mark at both
/// ends of every cut line; when no grid has room for all its marks (or
/// marks are off), the one that fits the most cards.
pub fn grid(o: &SheetOptions) -> Result<Grid, SheetError> {
    o.validate()?;
    let mut best: Option<(bool, Grid)> = None;
    for g in candidates(o) {
        if g.per_page() == 0 {
            continue;
        }
        let marked = o.crop == CropStyle::None || full_page_marks(&g, o).is_complete();
        let better = best
            .as_ref()
            .is_none_or(|(m, b)| (marked, g.per_page()) > (*m, b.per_page()));
        if better {
            best = Some((marked, g));
        }
    }
    match best {
        Some((_, g)) => Ok(g),
        None => Err(SheetError::DoesNotFit {
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

/// How the cut lines of one side of a sheet are marked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CutMarks {
    /// Vertical cut lines.
    pub vertical: usize,
    /// Vertical cut lines without a usable mark at one end or both.
    pub bare_vertical: usize,
    /// Horizontal cut lines.
    pub horizontal: usize,
    /// Horizontal cut lines without a usable mark at one end or both.
    pub bare_horizontal: usize,
}

impl CutMarks {
    /// Whether every cut line has a mark at both ends.
    pub fn is_complete(&self) -> bool {
        self.bare_vertical + self.bare_horizontal == 0
    }

    fn add(&mut self, other: CutMarks) {
        self.vertical += other.vertical;
        self.bare_vertical += other.bare_vertical;
        self.horizontal += other.horizontal;
        self.bare_horizontal += other.bare_horizontal;
    }
}

/// The marks of a full fronts page of `g` (fronts and backs, in fold mode).
fn full_page_marks(g: &Grid, o: &SheetOptions) -> CutMarks {
    let fronts: Vec<Rect> = (0..g.per_page()).map(|i| g.slot(i)).collect();
    let mut trims = fronts.clone();
    if o.backs == Backs::Fold {
        trims.extend((0..g.per_page()).map(|i| g.back_slot(i, o.backs, (0.0, 0.0))));
    }
    let marks = crop_marks(&trims, g, o);
    let mut out = cut_marks(&fronts, &marks, o);
    if o.backs == Backs::Fold {
        out.add(cut_marks(
            trims.get(fronts.len()..).unwrap_or_default(),
            &marks,
            o,
        ));
    }
    out
}

/// How the cut lines of `cards` (one side of a sheet: all fronts, or all
/// backs) are marked by `marks`: a cut line is marked when a mark at
/// least [`MIN_MARK`] long (or the chosen mark length) continues it
/// beyond the cards at both ends.
pub fn cut_marks(cards: &[Rect], marks: &[(Point, Point)], o: &SheetOptions) -> CutMarks {
    let need = MIN_MARK.min(o.crop_length) - 0.01;
    let mut xs: Vec<f32> = cards.iter().flat_map(|c| [c.x, c.right()]).collect();
    let mut ys: Vec<f32> = cards.iter().flat_map(|c| [c.y, c.bottom()]).collect();
    dedup_coords(&mut xs);
    dedup_coords(&mut ys);
    let near = |a: f32, b: f32| (a - b).abs() < 0.01;
    let mut out = CutMarks {
        vertical: xs.len(),
        horizontal: ys.len(),
        ..CutMarks::default()
    };
    for x in xs {
        let on: Vec<&Rect> = cards
            .iter()
            .filter(|c| near(c.x, x) || near(c.right(), x))
            .collect();
        let top = on.iter().map(|c| c.y).fold(f32::INFINITY, f32::min);
        let bottom = on
            .iter()
            .map(|c| c.bottom())
            .fold(f32::NEG_INFINITY, f32::max);
        let segs: Vec<(f32, f32)> = marks
            .iter()
            .filter(|(a, b)| near(a.x, x) && near(b.x, x))
            .map(|(a, b)| ordered(a.y, b.y))
            .filter(|(a, b)| b - a >= need)
            .collect();
        let above = segs.iter().any(|(_, b)| *b <= top + 0.01);
        let below = segs.iter().any(|(a, _)| *a >= bottom - 0.01);
        if !(above && below) {
            out.bare_vertical += 1;
        }
    }
    for y in ys {
        let on: Vec<&Rect> = cards
            .iter()
            .filter(|c| near(c.y, y) || near(c.bottom(), y))
            .collect();
        let left = on.iter().map(|c| c.x).fold(f32::INFINITY, f32::min);
        let right = on
            .iter()
            .map(|c| c.right())
            .fold(f32::NEG_INFINITY, f32::max);
        let segs: Vec<(f32, f32)> = marks
            .iter()
            .filter(|(a, b)| near(a.y, y) && near(b.y, y))
            .map(|(a, b)| ordered(a.x, b.x))
            .filter(|(a, b)| b - a >= need)
            .collect();
        let before = segs.iter().any(|(_, b)| *b <= left + 0.01);
        let after = segs.iter().any(|(a, _)| *a >= right - 0.01);
        if !(before && after) {
            out.bare_horizontal += 1;
        }
    }
    out
}

/// What the sheet options will print less well than asked, in words: cut
/// lines left without a crop mark at one end or both because the cards
/// reach the printable margin. Empty when every cut line of a full page
/// has its marks (or marks are off).
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
        let trims: Vec<Rect> = p.cards.iter().map(|c| c.trim).collect();
        let marks = crop_marks(&trims, &g, o);
        let mut m = CutMarks::default();
        for side in [Side::Front, Side::Back] {
            let cards: Vec<Rect> = p
                .cards
                .iter()
                .filter(|c| c.side == side)
                .map(|c| c.trim)
                .collect();
            if !cards.is_empty() {
                m.add(cut_marks(&cards, &marks, o));
            }
        }
        if m.is_complete() {
            continue;
        }
        let side = match p.role {
            PageRole::Backs => "backs",
            _ => "fronts",
        };
        let mut what = Vec::new();
        if m.bare_vertical > 0 {
            what.push(format!(
                "{} of the {} vertical cut lines (no room above and below the cards)",
                m.bare_vertical, m.vertical
            ));
        }
        if m.bare_horizontal > 0 {
            what.push(format!(
                "{} of the {} horizontal cut lines (no room left and right of the cards)",
                m.bare_horizontal, m.horizontal
            ));
        }
        out.push(format!(
            "{} cards on {} paper leave no room for crop marks inside the {} mm printable margin on the {side} pages: {} have none at one end or both. Use less bleed, a gutter, other paper or another orientation, or cut along the card edges",
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

/// How much paper an export takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Cards a page (fronts).
    pub per_page: usize,
    /// Pages of the file.
    pub pages: usize,
    /// Sheets of paper: a duplex sheet is two pages.
    pub sheets: usize,
}

impl fmt::Display for Tally {
    /// `8 a page, 50 pages, 25 sheets`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = |n: usize, what: &str| {
            if n == 1 {
                format!("1 {what}")
            } else {
                format!("{n} {what}s")
            }
        };
        write!(
            f,
            "{} a page, {}, {}",
            self.per_page,
            s(self.pages, "page"),
            s(self.sheets, "sheet")
        )
    }
}

/// The paper of an export of decks of `cards` cards each (each deck
/// starts a new sheet), copies included.
pub fn tally(o: &SheetOptions, cards: &[usize]) -> Result<Tally, SheetError> {
    let g = grid(o)?;
    let per = g.per_page().max(1);
    let sheets: usize = cards.iter().map(|n| n.div_ceil(per)).sum();
    let pages = match o.backs {
        Backs::DuplexLong | Backs::DuplexShort => sheets * 2,
        Backs::None | Backs::Fold => sheets,
    };
    Ok(Tally {
        per_page: g.per_page(),
        pages,
        sheets,
    })
}

/// One sheet option changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Change {
    /// Another bleed, in mm.
    Bleed(f32),
    /// The orientation chosen to fit most cards.
    AutoOrientation,
    /// Cuts shared or separate, whichever fits more cards.
    AutoCuts,
}

impl Change {
    /// The change as `touchline export` options: `--bleed 1.5`.
    pub fn flag(&self) -> String {
        match self {
            Change::Bleed(b) => format!("--bleed {b}"),
            Change::AutoOrientation => "--orientation auto".into(),
            Change::AutoCuts => "--cuts auto".into(),
        }
    }

    /// The change as the export dialog words it: `a 1.5 mm bleed`.
    pub fn label(&self) -> String {
        match self {
            Change::Bleed(b) if *b == 0.0 => "no bleed".into(),
            Change::Bleed(b) => format!("a {b} mm bleed"),
            Change::AutoOrientation => "the best-fit orientation".into(),
            Change::AutoCuts => "automatic cuts".into(),
        }
    }

    fn apply(&self, o: &SheetOptions) -> SheetOptions {
        let mut o = o.clone();
        match self {
            Change::Bleed(b) => o.bleed = *b,
            Change::AutoOrientation => o.orientation = None,
            Change::AutoCuts => o.cuts = Cuts::Auto,
        }
        o
    }
}

/// A setting that takes fewer sheets than the current one, still with a
/// mark on every cut.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cheaper {
    /// What to change.
    pub change: Change,
    /// The paper it takes.
    pub tally: Tally,
}

impl Cheaper {
    /// `--bleed 1.5 prints 9 a page: 44 pages, 22 sheets (3 fewer)`, with
    /// the change worded by `word` ([`Change::flag`] or [`Change::label`]).
    pub fn describe(&self, now: &Tally, word: fn(&Change) -> String) -> String {
        let t = &self.tally;
        format!(
            "{} prints {} a page: {} pages, {} sheets ({} fewer)",
            word(&self.change),
            t.per_page,
            t.pages,
            t.sheets,
            now.sheets.saturating_sub(t.sheets)
        )
    }
}

/// The first of these that takes fewer sheets for decks of `cards` cards,
/// with every cut marked (when marks are on): automatic cuts, the best-fit
/// orientation, then the largest smaller bleed in half millimetres.
pub fn cheaper(o: &SheetOptions, cards: &[usize]) -> Option<Cheaper> {
    let now = tally(o, cards).ok()?;
    let mut tries = Vec::new();
    if o.cuts != Cuts::Auto && o.gutter == 0.0 {
        tries.push(Change::AutoCuts);
    }
    if o.orientation.is_some() {
        tries.push(Change::AutoOrientation);
    }
    let mut b = (o.bleed * 2.0).ceil() / 2.0 - 0.5;
    while b >= 0.0 {
        if b < o.bleed - 0.01 {
            tries.push(Change::Bleed(b));
        }
        b -= 0.5;
    }
    tries.into_iter().find_map(|change| {
        let other = change.apply(o);
        let tally = tally(&other, cards).ok()?;
        let marked = other.crop == CropStyle::None
            || grid(&other).is_ok_and(|g| full_page_marks(&g, &other).is_complete());
        (tally.sheets < now.sheets && marked).then_some(Cheaper { change, tally })
    })
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
    /// What the card may paint: its trim box grown by the bleed on every
    /// side it does not share with a neighbour (with shared cuts, the cut
    /// between two cards is the edge of both).
    pub paint: Rect,
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

/// Each trim box grown by `bleed` on every side that does not touch
/// another of the boxes: what each card of a sheet may paint.
pub fn paint_boxes(trims: &[Rect], bleed: f32) -> Vec<Rect> {
    let near = |a: f32, b: f32| (a - b).abs() < 0.01;
    trims
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let others = || {
                trims
                    .iter()
                    .enumerate()
                    .filter(move |(j, _)| *j != i)
                    .map(|(_, o)| o)
            };
            let along_y = |o: &Rect| o.y < t.bottom() - 0.01 && o.bottom() > t.y + 0.01;
            let along_x = |o: &Rect| o.x < t.right() - 0.01 && o.right() > t.x + 0.01;
            let grow = |touch: bool| if touch { 0.0 } else { bleed };
            let left = grow(others().any(|o| near(o.right(), t.x) && along_y(o)));
            let right = grow(others().any(|o| near(o.x, t.right()) && along_y(o)));
            let top = grow(others().any(|o| near(o.bottom(), t.y) && along_x(o)));
            let bottom = grow(others().any(|o| near(o.y, t.bottom()) && along_x(o)));
            Rect::new(
                t.x - left,
                t.y - top,
                t.w + left + right,
                t.h + top + bottom,
            )
        })
        .collect()
}

/// Placements of `side` for `cards` (index, trim box).
fn placements(cards: Vec<(usize, Rect)>, side: Side, bleed: f32) -> Vec<Placement> {
    let trims: Vec<Rect> = cards.iter().map(|(_, t)| *t).collect();
    let paint = paint_boxes(&trims, bleed);
    cards
        .into_iter()
        .zip(paint)
        .map(|((card, trim), paint)| Placement {
            card,
            side,
            trim,
            paint,
        })
        .collect()
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
        let fronts = placements(
            (0..n).map(|i| (start + i, g.slot(i))).collect(),
            Side::Front,
            o.bleed,
        );
        let backs = placements(
            (0..n)
                .map(|i| (start + i, g.back_slot(i, o.backs, offset)))
                .collect(),
            Side::Back,
            o.bleed,
        );
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
        for (from, to) in crop_marks(&trims, g, o) {
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

/// Crop mark segments for cards with these trim boxes on a page of `g`:
/// outside what every card paints (its bleed box, less the sides it
/// shares with a neighbour), clear of the fold line, inside the printable
/// area (the page less its margin, where every printer prints). A mark
/// that would reach into the margin is shortened, one with no room at all
/// left out ([`warnings`] says so).
pub fn crop_marks(trims: &[Rect], g: &Grid, o: &SheetOptions) -> Vec<(Point, Point)> {
    let (page_w, page_h) = (g.page_w, g.page_h);
    let b = o.bleed;
    let mut obstacles: Vec<Rect> = paint_boxes(trims, b)
        .iter()
        .map(|r| r.expand(MARK_CLEARANCE))
        .collect();
    obstacles.extend(g.fold_band());
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
            min_size: pt(size.min(MIN_READABLE_PT)),
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
            Rect::new(t.x + 1.5, t.y + 1.5, 16.0, 4.0),
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
            // Every other millimetre is numbered, at 6 pt, without a
            // sign: the − and + at the ends say which way is which, so
            // the numbers stay short enough to stand apart.
            if h % 4 == 0 {
                let label = format!("{}", (h / 2).abs());
                text(
                    target,
                    "scale_label",
                    &label,
                    Rect::new(bc.x + kf - 1.0, sx + 3.1, 2.0, 2.6),
                    6.0,
                    Align::Center,
                );
                text(
                    target,
                    "scale_label",
                    &label,
                    Rect::new(sy + 3.3, bc.y + kf - 1.0, 2.6, 2.0),
                    6.0,
                    Align::Left,
                );
            }
        }
        for (label, x, y) in [
            ("−", bc.x - 6.6, sx - 1.3),
            ("+", bc.x + 5.4, sx - 1.3),
            ("−", sy - 0.6, bc.y - 7.6),
            ("+", sy - 0.6, bc.y + 5.4),
        ] {
            text(
                target,
                "scale_sign",
                label,
                Rect::new(x, y, 2.0, 2.6),
                6.0,
                Align::Center,
            );
        }
        text(
            target,
            "scale_label",
            "x",
            Rect::new(bc.x - 9.6, sx - 1.3, 2.6, 2.6),
            6.0,
            Align::Center,
        );
        text(
            target,
            "scale_label",
            "y",
            Rect::new(sy - 0.6, bc.y - 10.4, 2.6, 2.6),
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
    let ry = (c.y + 20.0).min(g.page_h - o.margin - 5.0);
    let rx = (g.page_w - len) / 2.0;
    // The ruler may run across the neighbouring slots: a white band under
    // it and its caption interrupts their outlines, so no line crosses
    // the ruler or its words.
    front.push(
        "ruler_band",
        Shape::Rect {
            rect: Rect::new(rx - 1.5, ry - 4.0, len + 3.0, 8.6),
            radius: 0.0,
            fill: Some(Rgb(0xFF, 0xFF, 0xFF)),
            stroke: None,
        },
    );
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
        // Above the cross's vertical arm, so no line runs through it.
        Rect::new(
            mid.x + 3.0,
            mid.y + 6.0,
            mid.w - 6.0,
            (c.y - CROSS_ARM - 1.0 - (mid.y + 6.0)).max(6.0),
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
    fn poker_cards_go_nine_up_on_a4_without_bleed_with_every_cut_marked() {
        let o = SheetOptions {
            bleed: 0.0,
            ..SheetOptions::default()
        };
        let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (g.cols, g.rows, g.orientation),
            (3, 3, Orientation::Portrait)
        );
        // Centred: equal margins left and right.
        let last = g.slot(8);
        assert!(close(g.slot(0).x, g.page_w - last.right()));
        assert!(close(g.slot(0).y, g.page_h - last.bottom()));
        assert!(full_page_marks(&g, &o).is_complete());
        assert!(warnings(&o).is_empty(), "{:?}", warnings(&o));
    }

    #[test]
    fn auto_picks_a_marked_eight_up_over_an_unmarked_nine_up() {
        // Nine poker cards on portrait Letter without bleed leave 1.35 mm
        // above and below them: the vertical cuts could not be marked.
        // Landscape fits eight with every mark.
        let o = SheetOptions {
            paper: Paper::Letter,
            bleed: 0.0,
            ..SheetOptions::default()
        };
        let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((g.per_page(), g.orientation), (8, Orientation::Landscape));
        assert!(full_page_marks(&g, &o).is_complete());
        let forced = SheetOptions {
            orientation: Some(Orientation::Portrait),
            ..o.clone()
        };
        let g = grid(&forced).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.per_page(), 9);
        // Cards without bleed touch: four vertical cut lines, none marked.
        assert_eq!(full_page_marks(&g, &forced).bare_vertical, 4);
        // Without marks nothing is lost by the 9-up: auto takes it.
        let unmarked = SheetOptions {
            crop: CropStyle::None,
            ..o
        };
        assert_eq!(grid(&unmarked).map(|g| g.per_page()), Ok(9));
    }

    #[test]
    fn the_default_bleed_fits_eight_poker_cards_on_a4_and_letter_and_18_on_a3_every_cut_marked() {
        for (paper, n, shared) in [
            (Paper::A4, 8, false),
            (Paper::Letter, 8, true),
            (Paper::A3, 18, true),
        ] {
            let o = SheetOptions {
                paper,
                ..SheetOptions::default()
            };
            assert_eq!(o.bleed, 3.0);
            let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!((g.per_page(), g.shared), (n, shared), "{paper}");
            assert!(full_page_marks(&g, &o).is_complete(), "{paper}");
            assert!(warnings(&o).is_empty(), "{paper}: {:?}", warnings(&o));
            // Booked!'s 198 cards in at most 50 pages.
            let t = tally(&o, &[198]).unwrap_or_else(|e| panic!("{e}"));
            assert!(t.pages <= 50, "{paper}: {t}");
        }
    }

    #[test]
    fn shared_cuts_keep_the_bleed_only_around_the_block() {
        let o = SheetOptions {
            paper: Paper::Letter,
            ..SheetOptions::default()
        };
        let pages = impose(&o, 8).unwrap_or_else(|e| panic!("{e}"));
        let fronts = &pages[0].cards;
        assert_eq!(fronts.len(), 8);
        let (first, second) = (&fronts[0], &fronts[1]);
        assert!(close(first.trim.right(), second.trim.x), "neighbours touch");
        // The first card paints into the bleed left and above (the block's
        // edge) but stops at the cut it shares on its right and below.
        assert!(close(first.paint.x, first.trim.x - 3.0));
        assert!(close(first.paint.y, first.trim.y - 3.0));
        assert!(close(first.paint.right(), first.trim.right()));
        assert!(close(first.paint.bottom(), first.trim.bottom()));
        // A card alone on its last page paints its bleed all round.
        let pages = impose(&o, 9).unwrap_or_else(|e| panic!("{e}"));
        let alone = &pages[2].cards[0];
        assert_eq!(alone.paint, alone.trim.expand(3.0));
    }

    #[test]
    fn the_paper_is_counted_and_a_cheaper_setting_named() {
        let o = SheetOptions::default();
        let t = tally(&o, &[198]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.to_string(), "8 a page, 50 pages, 25 sheets");
        let c = cheaper(&o, &[198]).unwrap_or_else(|| panic!("no cheaper setting"));
        assert_eq!(c.change, Change::Bleed(1.5));
        assert_eq!(
            c.describe(&t, Change::flag),
            "--bleed 1.5 prints 9 a page: 44 pages, 22 sheets (3 fewer)"
        );
        let better = c.change.apply(&o);
        assert!(grid(&better).is_ok_and(|g| full_page_marks(&g, &better).is_complete()));
        // Fold mode: one page a sheet; two decks start two sheets.
        let fold = SheetOptions {
            backs: Backs::Fold,
            ..SheetOptions::default()
        };
        let t = tally(&fold, &[5, 1]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((t.per_page, t.pages, t.sheets), (4, 3, 3));
        // Nothing on Letter beats eight a page with every mark.
        let letter = SheetOptions {
            paper: Paper::Letter,
            ..SheetOptions::default()
        };
        assert_eq!(cheaper(&letter, &[198]), None);
    }

    #[test]
    fn a_sheet_without_room_for_marks_says_so() {
        let o = SheetOptions {
            paper: Paper::Letter,
            bleed: 0.0,
            orientation: Some(Orientation::Portrait),
            ..SheetOptions::default()
        };
        let w = warnings(&o);
        assert_eq!(w.len(), 2, "fronts and backs: {w:?}");
        assert!(
            w[0].contains("no room for crop marks")
                && w[0].contains("4 of the 4 vertical cut lines"),
            "{w:?}"
        );
        let g = grid(&o).unwrap_or_else(|e| panic!("{e}"));
        let pages = impose(&o, 9).unwrap_or_else(|e| panic!("{e}"));
        for p in &pages {
            let marks = crop_marks(&p.cards.iter().map(|c| c.trim).collect::<Vec<_>>(), &g, &o);
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
        let fold = pages[0].width / 2.0;
        // On a full sheet the bleed nearest the fold is exactly 5 mm from it.
        let nearest = pages[0]
            .cards
            .iter()
            .filter(|c| c.side == Side::Front)
            .map(|c| c.paint.right())
            .fold(f32::NEG_INFINITY, f32::max);
        assert!(close(nearest, fold - FOLD_GAP), "{nearest}");
        for p in &pages {
            for pl in p.cards.iter().filter(|p| p.side == Side::Front) {
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
            // No crop mark runs across the fold (or within 1 mm of it).
            for i in p.overlay.items.iter().filter(|i| i.source == "crop") {
                let Shape::Line { from, to, .. } = &i.shape else {
                    continue;
                };
                let (a, b) = ordered(from.x, to.x);
                assert!(b <= fold - 1.0 + 1e-3 || a >= fold + 1.0 - 1e-3, "{a}-{b}");
            }
        }
        // Both halves of a full sheet have a mark at both ends of every cut.
        assert!(full_page_marks(&g, &o).is_complete());
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
                        let bb = c.paint;
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
