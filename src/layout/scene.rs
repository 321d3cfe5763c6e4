//! The Scene: what a card (or a page overlay) looks like, as plain data.
//!
//! A scene is a list of primitives in millimetres with the origin at the
//! top-left corner of the card's trim box and y pointing down. Text arrives
//! already broken into lines and placed, so a backend only copies glyphs;
//! it never measures or wraps. The PDF and egui backends both draw scenes,
//! which is why the preview and the printed card cannot disagree. Nothing
//! here knows about a backend.

use crate::cards::Rgb;
use crate::layout::font::Font;
use std::fmt;

/// A point in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    /// From the left edge.
    pub x: f32,
    /// From the top edge (down is positive).
    pub y: f32,
}

/// An axis-aligned rectangle in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// A rectangle from its top-left corner and size.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    /// The right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// The bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// The centre.
    pub fn center(&self) -> Point {
        Point {
            x: self.x + self.w / 2.0,
            y: self.y + self.h / 2.0,
        }
    }

    /// The rectangle grown by `d` on every side.
    pub fn expand(&self, d: f32) -> Rect {
        Rect::new(self.x - d, self.y - d, self.w + 2.0 * d, self.h + 2.0 * d)
    }

    /// The rectangle moved by (`dx`, `dy`).
    pub fn translate(&self, dx: f32, dy: f32) -> Rect {
        Rect::new(self.x + dx, self.y + dy, self.w, self.h)
    }

    /// The overlap of two rectangles (zero-sized when they do not meet).
    pub fn intersect(&self, other: &Rect) -> Rect {
        let x = self.x.max(other.x);
        let y = self.y.max(other.y);
        let r = self.right().min(other.right());
        let b = self.bottom().min(other.bottom());
        Rect::new(x, y, (r - x).max(0.0), (b - y).max(0.0))
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, other: &Rect) -> Rect {
        let x = self.x.min(other.x);
        let y = self.y.min(other.y);
        let r = self.right().max(other.right());
        let b = self.bottom().max(other.bottom());
        Rect::new(x, y, r - x, b - y)
    }

    /// Whether `other` lies inside this rectangle, allowing `tolerance` mm.
    pub fn contains_rect(&self, other: &Rect, tolerance: f32) -> bool {
        other.x >= self.x - tolerance
            && other.y >= self.y - tolerance
            && other.right() <= self.right() + tolerance
            && other.bottom() <= self.bottom() + tolerance
    }
}

/// An outline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Colour.
    pub color: Rgb,
    /// Line width in mm.
    pub width: f32,
    /// Dash and gap lengths in mm, for a dashed line.
    pub dash: Option<(f32, f32)>,
}

/// Horizontal text alignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Align {
    /// Flush left.
    Left,
    /// Centred.
    #[default]
    Center,
    /// Flush right.
    Right,
}

/// One line of placed text.
#[derive(Clone, Debug, PartialEq)]
pub struct TextLine {
    /// The characters, exactly as drawn.
    pub text: String,
    /// Left end of the line.
    pub x: f32,
    /// Baseline.
    pub baseline: f32,
    /// Advance width of the line.
    pub width: f32,
}

/// A block of text, already fitted: font, size and placed lines.
#[derive(Clone, Debug, PartialEq)]
pub struct TextBlock {
    /// The face.
    pub font: Font,
    /// The em size in mm (after shrinking to fit).
    pub size: f32,
    /// Fill colour.
    pub color: Rgb,
    /// How the lines were aligned.
    pub align: Align,
    /// The box the text was fitted into.
    pub bounds: Rect,
    /// The lines, top to bottom.
    pub lines: Vec<TextLine>,
    /// Whether the text did not fit at its smallest size and was cut.
    pub cut: bool,
}

impl TextBlock {
    /// The box each line's glyphs can reach (ascender to descender).
    pub fn line_extent(&self, line: &TextLine) -> Rect {
        let m = self.font.metrics();
        let top = line.baseline - m.ascent() * self.size;
        let bottom = line.baseline - m.descent() * self.size;
        Rect::new(line.x, top, line.width, bottom - top)
    }

    /// The characters of `line` that the bold faces carry only at book
    /// weight (the ⚡ of an instant card), with where each starts (mm from
    /// the line's left end) and the outline width, in mm, that makes it
    /// as solid as the bold letters around it. Empty for the regular face.
    pub fn fake_bold(&self, line: &TextLine) -> Vec<(char, f32, f32)> {
        if self.font == Font::Regular {
            return Vec::new();
        }
        let m = self.font.metrics();
        let mut x = 0.0;
        let mut out = Vec::new();
        for c in line.text.chars() {
            if FAKE_BOLD.contains(&c) {
                out.push((c, x, FAKE_BOLD_STROKE * self.size));
            }
            x += m.advance(c) * self.size;
        }
        out
    }
}

/// Symbols the embedded bold faces draw at book weight.
pub const FAKE_BOLD: [char; 1] = ['\u{26A1}'];

/// The outline, in em, drawn around a [`FAKE_BOLD`] symbol in bold text:
/// about the difference in stem width between DejaVu Sans and its Bold.
pub const FAKE_BOLD_STROKE: f32 = 0.06;

/// A drawing primitive.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A rectangle, rounded when `radius` > 0.
    Rect {
        /// Where.
        rect: Rect,
        /// Corner radius in mm.
        radius: f32,
        /// Fill colour.
        fill: Option<Rgb>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// An ellipse (a circle when `rx == ry`).
    Ellipse {
        /// Centre.
        center: Point,
        /// Horizontal radius.
        rx: f32,
        /// Vertical radius.
        ry: f32,
        /// Fill colour.
        fill: Option<Rgb>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// A straight line.
    Line {
        /// Start.
        from: Point,
        /// End.
        to: Point,
        /// How it is drawn.
        stroke: Stroke,
    },
    /// A closed polygon.
    Polygon {
        /// Corners in order.
        points: Vec<Point>,
        /// Fill colour.
        fill: Option<Rgb>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// Fitted text.
    Text(TextBlock),
    /// A picture, scaled into `rect` and clipped to `clip`.
    Image {
        /// The image's id (its resolved path).
        id: String,
        /// Where the whole image lands (may exceed `clip` for `cover`).
        rect: Rect,
        /// What of it is visible.
        clip: Rect,
        /// Corner radius of the clip.
        radius: f32,
    },
}

impl Shape {
    /// The area the shape covers, in mm (a line's or outline's width
    /// included; text by its lines' ascent and descent).
    pub fn bounds(&self) -> Rect {
        let half = |st: &Option<Stroke>| st.map_or(0.0, |s| s.width / 2.0);
        match self {
            Shape::Rect { rect, stroke, .. } => rect.expand(half(stroke)),
            Shape::Ellipse {
                center,
                rx,
                ry,
                stroke,
                ..
            } => Rect::new(center.x - rx, center.y - ry, 2.0 * rx, 2.0 * ry).expand(half(stroke)),
            Shape::Line { from, to, stroke } => {
                let x = from.x.min(to.x);
                let y = from.y.min(to.y);
                Rect::new(x, y, (from.x - to.x).abs(), (from.y - to.y).abs())
                    .expand(stroke.width / 2.0)
            }
            Shape::Polygon { points, stroke, .. } => {
                let Some(first) = points.first() else {
                    return Rect::default();
                };
                let (mut x0, mut y0, mut x1, mut y1) = (first.x, first.y, first.x, first.y);
                for p in points {
                    x0 = x0.min(p.x);
                    y0 = y0.min(p.y);
                    x1 = x1.max(p.x);
                    y1 = y1.max(p.y);
                }
                Rect::new(x0, y0, x1 - x0, y1 - y0).expand(half(stroke))
            }
            Shape::Text(block) => {
                let mut out: Option<Rect> = None;
                for line in &block.lines {
                    let e = block.line_extent(line);
                    out = Some(match out {
                        None => e,
                        Some(o) => {
                            let x = o.x.min(e.x);
                            let y = o.y.min(e.y);
                            Rect::new(
                                x,
                                y,
                                o.right().max(e.right()) - x,
                                o.bottom().max(e.bottom()) - y,
                            )
                        }
                    });
                }
                out.unwrap_or_default()
            }
            Shape::Image { clip, .. } => *clip,
        }
    }
}

/// A primitive and the template box it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// The template box's name (for tests, snapshots and the editor).
    pub source: String,
    /// What to draw.
    pub shape: Shape,
}

/// What layout had to do to a box that prints less well than designed.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// The text did not fit at its smallest size and was cut with "…".
    Overflow,
    /// The text prints below the smallest comfortable size; the size in pt.
    SmallType(f32),
    /// The picture was not found; the designed placeholder prints instead.
    MissingImage(String),
    /// The font has no glyph for these characters: they print as boxes.
    MissingGlyphs(String),
    /// Something that matters (text, an icon, a star) is drawn closer to
    /// the cut than the template's safe zone: a cut a little off may clip
    /// it.
    OutsideSafeZone {
        /// The template's safe zone, in mm from the cut.
        zone: f32,
        /// How close to the cut it comes, in mm (negative: past it).
        from_cut: f32,
    },
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Overflow => f.write_str("text cut with \"…\" (it does not fit)"),
            Problem::SmallType(pt) => write!(
                f,
                "type {pt:.1} pt, below {MIN_READABLE_PT} pt (hard to read printed)"
            ),
            Problem::MissingImage(src) => {
                write!(f, "picture {src} not found (the placeholder prints)")
            }
            Problem::MissingGlyphs(chars) => {
                write!(f, "the font has no {chars} (prints as a box)")
            }
            Problem::OutsideSafeZone { zone, from_cut } => write!(
                f,
                "drawn {from_cut:.1} mm from the cut, inside the {zone:.1} mm safe zone \
                 (a cut a little off may clip it)"
            ),
        }
    }
}

/// Type smaller than this, in points, is hard to read on a printed card.
pub const MIN_READABLE_PT: f32 = 6.0;

/// A problem with one box of a card.
#[derive(Clone, Debug, PartialEq)]
pub struct Note {
    /// The template box (the card's field) it concerns.
    pub field: String,
    /// What is wrong.
    pub problem: Problem,
    /// Where on the card, in mm: the box the text was fitted into, the
    /// picture's box, or what was drawn too close to the cut. The editor
    /// outlines it on its preview.
    pub area: Rect,
}

/// A card, ready to draw.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Scene {
    /// Trim width in mm.
    pub width: f32,
    /// Trim height in mm.
    pub height: f32,
    /// How far backgrounds extend past the trim, in mm.
    pub bleed: f32,
    /// The primitives, back to front.
    pub items: Vec<Item>,
    /// What prints less well than designed (cut text, tiny type, missing
    /// pictures or glyphs), for the warnings of `check` and the export.
    pub notes: Vec<Note>,
}

impl Scene {
    /// An empty scene of the given trim size.
    pub fn new(width: f32, height: f32, bleed: f32) -> Scene {
        Scene {
            width,
            height,
            bleed,
            items: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The trim box.
    pub fn trim(&self) -> Rect {
        Rect::new(0.0, 0.0, self.width, self.height)
    }

    /// The trim box grown by the bleed: nothing is drawn outside it.
    pub fn bleed_box(&self) -> Rect {
        self.trim().expand(self.bleed)
    }

    /// The bleed box fitted into `width` x `height` (points or pixels),
    /// centred: the units a mm, and where the scene's (0, 0) lands from
    /// the area's top-left corner. Every screen backend places a scene so.
    pub fn fit(&self, width: f32, height: f32) -> (f32, f32, f32) {
        let b = self.bleed_box();
        let k = (width / b.w.max(0.01)).min(height / b.h.max(0.01));
        (
            k,
            (width - b.w * k) / 2.0 - b.x * k,
            (height - b.h * k) / 2.0 - b.y * k,
        )
    }

    /// Adds a primitive.
    pub fn push(&mut self, source: impl Into<String>, shape: Shape) {
        self.items.push(Item {
            source: source.into(),
            shape,
        });
    }

    /// Every text block, with its box name.
    pub fn texts(&self) -> impl Iterator<Item = (&str, &TextBlock)> {
        self.items.iter().filter_map(|i| match &i.shape {
            Shape::Text(t) => Some((i.source.as_str(), t)),
            _ => None,
        })
    }

    /// All the text on the card, line by line (for tests and search).
    pub fn text_lines(&self) -> Vec<String> {
        self.texts()
            .flat_map(|(_, t)| t.lines.iter().map(|l| l.text.clone()))
            .collect()
    }
}

fn color(c: &Option<Rgb>) -> String {
    c.map_or_else(|| "none".to_string(), |c| c.to_string())
}

fn stroke(s: &Option<Stroke>) -> String {
    match s {
        None => "none".to_string(),
        Some(s) => stroke_text(s),
    }
}

fn stroke_text(s: &Stroke) -> String {
    match s.dash {
        None => format!("{}/{:.2}", s.color, s.width),
        Some((on, off)) => format!("{}/{:.2} dash {:.2},{:.2}", s.color, s.width, on, off),
    }
}

/// The snapshot format: one primitive per line, numbers to 0.01 mm.
impl fmt::Display for Scene {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "scene {:.2} x {:.2} mm, bleed {:.2}",
            self.width, self.height, self.bleed
        )?;
        for item in &self.items {
            let name = &item.source;
            match &item.shape {
                Shape::Rect {
                    rect,
                    radius,
                    fill,
                    stroke: s,
                } => writeln!(
                    f,
                    "rect {name} x={:.2} y={:.2} w={:.2} h={:.2} r={:.2} fill={} stroke={}",
                    rect.x,
                    rect.y,
                    rect.w,
                    rect.h,
                    radius,
                    color(fill),
                    stroke(s)
                )?,
                Shape::Ellipse {
                    center,
                    rx,
                    ry,
                    fill,
                    stroke: s,
                } => writeln!(
                    f,
                    "ellipse {name} cx={:.2} cy={:.2} rx={:.2} ry={:.2} fill={} stroke={}",
                    center.x,
                    center.y,
                    rx,
                    ry,
                    color(fill),
                    stroke(s)
                )?,
                Shape::Line {
                    from,
                    to,
                    stroke: s,
                } => writeln!(
                    f,
                    "line {name} {:.2},{:.2} -> {:.2},{:.2} stroke={}",
                    from.x,
                    from.y,
                    to.x,
                    to.y,
                    stroke_text(s)
                )?,
                Shape::Polygon {
                    points,
                    fill,
                    stroke: s,
                } => {
                    let pts: Vec<String> = points
                        .iter()
                        .map(|p| format!("{:.2},{:.2}", p.x, p.y))
                        .collect();
                    writeln!(
                        f,
                        "polygon {name} fill={} stroke={} points={}",
                        color(fill),
                        stroke(s),
                        pts.join(" ")
                    )?
                }
                Shape::Text(t) => {
                    writeln!(
                        f,
                        "text {name} font={} size={:.2}mm color={} align={:?} box={:.2},{:.2} {:.2}x{:.2}",
                        t.font.key(),
                        t.size,
                        t.color,
                        t.align,
                        t.bounds.x,
                        t.bounds.y,
                        t.bounds.w,
                        t.bounds.h
                    )?;
                    for l in &t.lines {
                        writeln!(
                            f,
                            "  line x={:.2} baseline={:.2} w={:.2} {:?}",
                            l.x, l.baseline, l.width, l.text
                        )?;
                    }
                }
                Shape::Image {
                    id,
                    rect,
                    clip,
                    radius,
                } => writeln!(
                    f,
                    "image {name} {id:?} x={:.2} y={:.2} w={:.2} h={:.2} clip={:.2},{:.2} {:.2}x{:.2} r={:.2}",
                    rect.x, rect.y, rect.w, rect.h, clip.x, clip.y, clip.w, clip.h, radius
                )?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rects_intersect_and_contain() {
        let a = Rect::new(0.0, 0.0, 10.0, 10.0);
        let b = Rect::new(5.0, 5.0, 10.0, 10.0);
        assert_eq!(a.intersect(&b), Rect::new(5.0, 5.0, 5.0, 5.0));
        assert_eq!(a.intersect(&Rect::new(20.0, 0.0, 1.0, 1.0)).w, 0.0);
        assert!(a.contains_rect(&Rect::new(1.0, 1.0, 9.0, 9.0), 0.0));
        assert!(!a.contains_rect(&b, 0.01));
        assert_eq!(a.expand(1.0), Rect::new(-1.0, -1.0, 12.0, 12.0));
        assert_eq!(a.union(&b), Rect::new(0.0, 0.0, 15.0, 15.0));
    }

    #[test]
    fn the_snapshot_format_names_every_primitive() {
        let mut s = Scene::new(63.5, 88.9, 1.0);
        s.push(
            "bg",
            Shape::Rect {
                rect: s.bleed_box(),
                radius: 0.0,
                fill: Some(Rgb(255, 0, 0)),
                stroke: None,
            },
        );
        let text = s.to_string();
        assert!(
            text.starts_with("scene 63.50 x 88.90 mm, bleed 1.00\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "rect bg x=-1.00 y=-1.00 w=65.50 h=90.90 r=0.00 fill=#FF0000 stroke=none"
            ),
            "{text}"
        );
    }
}
