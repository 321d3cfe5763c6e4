//! Ink saving: a card's Scene redrawn to print with less ink, and the ink
//! a page of Scenes takes.
//!
//! [`light_face`] turns a face's large areas (backgrounds, bands, panels:
//! any fill over a tenth of the card) into pale tints of their colour and
//! keeps everything small (badges, discs, stars, shirts) as designed; text
//! that would no longer stand out against its new, pale background takes
//! the background's old colour, or ink, so it still reads. [`light_back`]
//! draws a back as an outline and its words in the back's own colour on
//! white, so decks still sort face down by colour and name.
//!
//! [`coverage`] estimates how much of an area a Scene inks: each colour
//! counts by its density (white 0, black 1, a pure yellow a third: one
//! minus the mean of its red, green and blue), fills and pictures are
//! sampled on a fine grid, strokes and text counted by their area. It is
//! an estimate for comparing settings, not a press measurement.
//!
//! Pure functions of Scenes: no files, no backend.

use crate::cards::Rgb;
use crate::layout::scene::{Point, Rect, Scene, Shape, Stroke};

/// Fills larger than this share of the card become tints.
const LARGE: f32 = 0.10;
/// How far a large fill moves towards white.
const TINT: f32 = 0.86;
/// The contrast text keeps against its background (WCAG's ratio).
const READABLE: f64 = 4.5;
/// Ink when no colour will do.
const INK: Rgb = Rgb(0x17, 0x20, 0x2A);
/// A light back's outline: inset from the cut, width, corner radius (mm).
const OUTLINE: (f32, f32, f32) = (2.4, 0.5, 3.0);

/// WCAG's relative luminance of `c`.
fn luminance(c: Rgb) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

/// WCAG's contrast ratio of two colours, 1 to 21.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `c` darkened until it reads on `bg` (or ink, when even black-ish
/// versions of it do not).
fn readable_on(c: Rgb, bg: Rgb) -> Rgb {
    let mut t = 0.0;
    while t <= 0.9 {
        let d = c.mix(Rgb(0, 0, 0), t);
        if contrast(d, bg) >= READABLE {
            return d;
        }
        t += 0.1;
    }
    INK
}

/// The filled area of a shape, for telling backgrounds from details.
fn fill_area(shape: &Shape) -> f32 {
    match shape {
        Shape::Rect {
            rect,
            fill: Some(_),
            ..
        } => rect.w * rect.h,
        Shape::Ellipse {
            rx,
            ry,
            fill: Some(_),
            ..
        } => std::f32::consts::PI * rx * ry,
        Shape::Polygon {
            points,
            fill: Some(_),
            ..
        } => polygon_area(points),
        _ => 0.0,
    }
}

fn polygon_area(points: &[Point]) -> f32 {
    let n = points.len();
    let twice: f32 = (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    twice.abs() / 2.0
}

/// The colour drawn at `p` by the filled shapes of `items` (the last one
/// covering it), white where none does.
fn colour_under(items: &[(Shape, Option<Rgb>)], p: Point) -> Rgb {
    items
        .iter()
        .rev()
        .find_map(|(shape, fill)| fill.filter(|_| covers(shape, p)))
        .unwrap_or(Rgb(255, 255, 255))
}

/// Whether the filled area of `shape` covers `p`.
fn covers(shape: &Shape, p: Point) -> bool {
    match shape {
        Shape::Rect { rect, .. } => {
            p.x >= rect.x && p.x <= rect.right() && p.y >= rect.y && p.y <= rect.bottom()
        }
        Shape::Ellipse { center, rx, ry, .. } => {
            let (dx, dy) = (
                (p.x - center.x) / rx.max(1e-3),
                (p.y - center.y) / ry.max(1e-3),
            );
            dx * dx + dy * dy <= 1.0
        }
        Shape::Polygon { points, .. } => inside_polygon(points, p),
        Shape::Image { clip, .. } => {
            p.x >= clip.x && p.x <= clip.right() && p.y >= clip.y && p.y <= clip.bottom()
        }
        Shape::Line { .. } | Shape::Text(_) => false,
    }
}

/// Even-odd point-in-polygon.
fn inside_polygon(points: &[Point], p: Point) -> bool {
    let n = points.len();
    let mut inside = false;
    let mut j = n.wrapping_sub(1);
    for i in 0..n {
        let (a, b) = (points[i], points[j % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// The fill of a shape, if it has one.
fn fill_of(shape: &Shape) -> Option<Rgb> {
    match shape {
        Shape::Rect { fill, .. } | Shape::Ellipse { fill, .. } | Shape::Polygon { fill, .. } => {
            *fill
        }
        _ => None,
    }
}

fn set_fill(shape: &mut Shape, c: Rgb) {
    match shape {
        Shape::Rect { fill, .. } | Shape::Ellipse { fill, .. } | Shape::Polygon { fill, .. } => {
            *fill = Some(c);
        }
        _ => {}
    }
}

/// `scene` with its large areas as pale tints and its text kept readable.
pub fn light_face(scene: &Scene) -> Scene {
    let large = LARGE * scene.width * scene.height;
    let mut out = scene.clone();
    // What each item covers, before and after, for the text's backgrounds.
    let mut before: Vec<(Shape, Option<Rgb>)> = Vec::new();
    let mut after: Vec<(Shape, Option<Rgb>)> = Vec::new();
    for item in &mut out.items {
        if let Shape::Text(block) = &mut item.shape {
            let b = block.bounds;
            let centre = Point {
                x: b.x + b.w / 2.0,
                y: b.y + b.h / 2.0,
            };
            let (old_bg, new_bg) = (colour_under(&before, centre), colour_under(&after, centre));
            if old_bg != new_bg && contrast(block.color, new_bg) < READABLE {
                block.color = if contrast(old_bg, new_bg) >= READABLE {
                    old_bg
                } else {
                    readable_on(old_bg, new_bg)
                };
            }
            continue;
        }
        let old = fill_of(&item.shape);
        before.push((item.shape.clone(), old));
        if let Some(c) = old
            && fill_area(&item.shape) > large
        {
            set_fill(&mut item.shape, c.mix(Rgb(255, 255, 255), TINT));
        }
        after.push((item.shape.clone(), fill_of(&item.shape)));
    }
    out
}

/// The colour a back is known by: the fill covering most of it.
fn main_colour(scene: &Scene) -> Rgb {
    scene
        .items
        .iter()
        .filter_map(|i| fill_of(&i.shape).map(|c| (fill_area(&i.shape), c)))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(INK, |(_, c)| c)
}

/// `scene` (a back) as an outline and its words on white, in its main
/// colour made dark enough to read.
pub fn light_back(scene: &Scene) -> Scene {
    let colour = readable_on(main_colour(scene), Rgb(255, 255, 255));
    let mut out = Scene::new(scene.width, scene.height, scene.bleed);
    out.notes = scene.notes.clone();
    let (inset, width, radius) = OUTLINE;
    out.push(
        "light_outline",
        Shape::Rect {
            rect: Rect::new(
                inset,
                inset,
                scene.width - 2.0 * inset,
                scene.height - 2.0 * inset,
            ),
            radius,
            fill: None,
            stroke: Some(Stroke {
                color: colour,
                width,
                dash: None,
            }),
        },
    );
    for item in &scene.items {
        if let Shape::Text(block) = &item.shape {
            let mut block = block.clone();
            block.color = colour;
            out.push(item.source.clone(), Shape::Text(block));
        }
    }
    out
}

/// Ink density of a colour, 0 (white) to 1 (black).
pub fn density(c: Rgb) -> f32 {
    1.0 - (f32::from(c.0) + f32::from(c.1) + f32::from(c.2)) / 765.0
}

/// Grid step of the coverage estimate, in mm.
const STEP: f32 = 0.5;
/// The share of a text line's box its glyphs ink.
const GLYPH_SHARE: f32 = 0.3;
/// The density assumed for a picture (its pixels are not sampled).
const PICTURE: f32 = 0.5;

/// One scene placed on a page for [`coverage`]: the scene, where its trim
/// box's top-left corner lands and what it may paint (page mm).
pub struct Placed<'a> {
    /// The card.
    pub scene: &'a Scene,
    /// Its trim box's top-left corner on the page.
    pub origin: Point,
    /// What it may paint.
    pub clip: Rect,
}

/// The estimated ink of a `width` x `height` mm page of `cards` and an
/// `overlay` (marks, drawn in page mm), as a share of the page: 0 for a
/// blank page, 1 for solid black.
pub fn coverage(width: f32, height: f32, cards: &[Placed<'_>], overlay: &Scene) -> f32 {
    let cols = (width / STEP).ceil().max(1.0) as usize;
    let rows = (height / STEP).ceil().max(1.0) as usize;
    let mut grid = vec![0.0f32; cols * rows];
    let mut extra = 0.0f32;
    let mut paint = |scene: &Scene, origin: Point, clip: Rect, grid: &mut Vec<f32>| {
        for item in &scene.items {
            let shape = &item.shape;
            let stroke_ink = |s: &Option<Stroke>| s.map_or(0.0, |s| density(s.color) * s.width);
            match shape {
                Shape::Text(block) => {
                    for l in &block.lines {
                        let e = block.line_extent(l);
                        extra += density(block.color) * GLYPH_SHARE * e.w * e.h;
                    }
                    continue;
                }
                Shape::Line { from, to, stroke } => {
                    let len = ((to.x - from.x).powi(2) + (to.y - from.y).powi(2)).sqrt();
                    extra += density(stroke.color) * stroke.width * len;
                    continue;
                }
                Shape::Rect { rect, stroke, .. } => {
                    extra += stroke_ink(stroke) * 2.0 * (rect.w + rect.h);
                }
                Shape::Ellipse { rx, ry, stroke, .. } => {
                    extra += stroke_ink(stroke) * std::f32::consts::PI * (rx + ry);
                }
                Shape::Polygon { points, stroke, .. } => {
                    let n = points.len();
                    let len: f32 = (0..n)
                        .map(|i| {
                            let (a, b) = (points[i], points[(i + 1) % n]);
                            ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt()
                        })
                        .sum();
                    extra += stroke_ink(stroke) * len;
                }
                Shape::Image { .. } => {}
            }
            let d = match shape {
                Shape::Image { .. } => PICTURE,
                _ => match fill_of(shape) {
                    Some(c) => density(c),
                    None => continue,
                },
            };
            let b = shape
                .bounds()
                .translate(origin.x, origin.y)
                .intersect(&clip);
            let (c0, c1) = (
                (b.x / STEP).floor().max(0.0) as usize,
                ((b.right() / STEP).ceil() as usize).min(cols),
            );
            let (r0, r1) = (
                (b.y / STEP).floor().max(0.0) as usize,
                ((b.bottom() / STEP).ceil() as usize).min(rows),
            );
            for r in r0..r1 {
                for c in c0..c1 {
                    let p = Point {
                        x: (c as f32 + 0.5) * STEP,
                        y: (r as f32 + 0.5) * STEP,
                    };
                    let inside_clip = p.x >= clip.x
                        && p.x <= clip.right()
                        && p.y >= clip.y
                        && p.y <= clip.bottom();
                    let local = Point {
                        x: p.x - origin.x,
                        y: p.y - origin.y,
                    };
                    if inside_clip
                        && covers(shape, local)
                        && let Some(cell) = grid.get_mut(r * cols + c)
                    {
                        *cell = d;
                    }
                }
            }
        }
    };
    for card in cards {
        paint(card.scene, card.origin, card.clip, &mut grid);
    }
    let page = Rect::new(0.0, 0.0, width, height);
    paint(overlay, Point::default(), page, &mut grid);
    let filled: f32 = grid.iter().sum::<f32>() * STEP * STEP;
    ((filled + extra) / (width * height)).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Font;
    use crate::layout::scene::{Align, TextBlock, TextLine};

    fn card(bg: Rgb, text: Rgb) -> Scene {
        let mut s = Scene::new(60.0, 90.0, 0.0);
        s.push(
            "background",
            Shape::Rect {
                rect: s.trim(),
                radius: 0.0,
                fill: Some(bg),
                stroke: None,
            },
        );
        s.push(
            "badge",
            Shape::Ellipse {
                center: Point { x: 10.0, y: 10.0 },
                rx: 5.0,
                ry: 5.0,
                fill: Some(Rgb(200, 20, 20)),
                stroke: None,
            },
        );
        s.push(
            "name",
            Shape::Text(TextBlock {
                font: Font::Bold,
                size: 4.0,
                color: text,
                align: Align::Left,
                bounds: Rect::new(5.0, 40.0, 50.0, 6.0),
                lines: vec![TextLine {
                    text: "Name".into(),
                    x: 5.0,
                    baseline: 44.0,
                    width: 12.0,
                }],
                cut: false,
            }),
        );
        s
    }

    fn fills(s: &Scene) -> Vec<Rgb> {
        s.items.iter().filter_map(|i| fill_of(&i.shape)).collect()
    }

    #[test]
    fn a_light_face_tints_its_background_keeps_details_and_text_readable() {
        let green = Rgb(11, 93, 59);
        let dark = card(green, Rgb(255, 255, 255));
        let light = light_face(&dark);
        let f = fills(&light);
        assert!(density(f[0]) < 0.15, "background tinted: {:?}", f[0]);
        assert_eq!(f[1], Rgb(200, 20, 20), "the small badge is kept");
        let Some(Shape::Text(t)) = light.items.last().map(|i| &i.shape) else {
            panic!("no text")
        };
        assert_eq!(t.color, green, "white on green becomes green on pale green");
        assert!(contrast(t.color, f[0]) >= READABLE);
        let (w, h) = (60.0, 90.0);
        let page = |s: &Scene| {
            coverage(
                w,
                h,
                &[Placed {
                    scene: s,
                    origin: Point::default(),
                    clip: s.trim(),
                }],
                &Scene::new(w, h, 0.0),
            )
        };
        let (before, after) = (page(&dark), page(&light));
        assert!(before > 0.7 && after < 0.2, "{before} -> {after}");
    }

    #[test]
    fn a_light_back_is_an_outline_and_words_in_its_colour() {
        let back = card(Rgb(11, 93, 59), Rgb(255, 255, 255));
        let light = light_back(&back);
        assert!(fills(&light).is_empty());
        let Some(Shape::Rect {
            stroke: Some(s), ..
        }) = light.items.first().map(|i| &i.shape)
        else {
            panic!("no outline")
        };
        assert_eq!(s.color, Rgb(11, 93, 59));
        assert_eq!(light.text_lines(), vec!["Name"]);
        // A pale back's colour is darkened until its words read on white.
        let pale = light_back(&card(Rgb(250, 220, 80), Rgb(0, 0, 0)));
        let Some(Shape::Text(t)) = pale.items.last().map(|i| &i.shape) else {
            panic!("no text")
        };
        assert!(contrast(t.color, Rgb(255, 255, 255)) >= READABLE);
    }

    #[test]
    fn coverage_counts_density_and_area() {
        let blank = Scene::new(100.0, 100.0, 0.0);
        assert_eq!(coverage(100.0, 100.0, &[], &blank), 0.0);
        let mut half = Scene::new(100.0, 100.0, 0.0);
        half.push(
            "black",
            Shape::Rect {
                rect: Rect::new(0.0, 0.0, 50.0, 100.0),
                radius: 0.0,
                fill: Some(Rgb(0, 0, 0)),
                stroke: None,
            },
        );
        let c = coverage(100.0, 100.0, &[], &half);
        assert!((c - 0.5).abs() < 0.01, "{c}");
        assert!((density(Rgb(255, 255, 0)) - 1.0 / 3.0).abs() < 1e-3);
    }
}
