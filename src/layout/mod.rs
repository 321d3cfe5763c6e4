//! Card layout: a card's fields and a template become a [`Scene`] of
//! primitives in millimetres, with the origin at the card's top-left corner.
//!
//! [`scene`] is the only place a card's look is decided. The PDF and egui
//! backends in `render` draw its output without measuring or wrapping
//! anything themselves, so the preview and the print always agree. This
//! module is pure: no file I/O, no egui, no printpdf. Images are known only
//! by id and pixel size (through [`ImageSizes`]); fonts are the embedded
//! ones in [`font`].
//!
//! A template is drawn at its design size; for another card size its boxes
//! stretch to the card while text, circles, polygons and line widths scale
//! by the smaller factor, and text is fitted again, so nothing spills.

pub mod fields;
pub mod font;
pub mod ink;
pub mod picture;
pub mod scene;
pub mod template;
pub mod text;
pub mod units;

pub use fields::{Fields, PrintCard, PrintDeck, Selection, Value};
pub use font::Font;
pub use scene::{
    Align, Item, MIN_READABLE_PT, Note, Point, Problem, Rect, Scene, Shape, Stroke, TextBlock,
    TextLine,
};
pub use template::{Template, TemplateError, TemplateErrors, TemplateFile, TemplateSet};

use crate::layout::template::{BoxKind, BoxSpec, ColorExpr, Fit, StrokeSpec};
use std::collections::{BTreeMap, BTreeSet};

/// Tells layout which images exist and their size in pixels.
pub trait ImageSizes {
    /// The pixel size of the image `id`, or `None` when it is missing.
    fn image_size(&self, id: &str) -> Option<(u32, u32)>;
}

/// No images at all: every image box shows its placeholder.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoImages;

impl ImageSizes for NoImages {
    fn image_size(&self, _id: &str) -> Option<(u32, u32)> {
        None
    }
}

impl ImageSizes for BTreeMap<String, (u32, u32)> {
    fn image_size(&self, id: &str) -> Option<(u32, u32)> {
        self.get(id).copied()
    }
}

/// The card size to lay out at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Trim width in mm.
    pub width: f32,
    /// Trim height in mm.
    pub height: f32,
    /// Bleed in mm.
    pub bleed: f32,
}

/// Why a card could not be laid out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// A box refers to something the card lacks.
    #[error("{file}: box `{box_name}`, card {card}: {message}")]
    Box {
        /// The template file.
        file: String,
        /// The box.
        box_name: String,
        /// The card id.
        card: String,
        /// What is wrong.
        message: String,
    },
    /// The card names a template the set does not have.
    #[error(
        "card {card} wants template `{template}`, which does not exist; templates: {available}"
    )]
    NoTemplate {
        /// The card id.
        card: String,
        /// The missing template.
        template: String,
        /// What there is.
        available: String,
    },
}

/// Lays out `card` with the template it names from `templates`.
pub fn card_scene(
    card: &PrintCard,
    templates: &TemplateSet,
    frame: Frame,
    images: &dyn ImageSizes,
) -> Result<Scene, LayoutError> {
    let Some(template) = templates.get(&card.template) else {
        return Err(LayoutError::NoTemplate {
            card: card.id.clone(),
            template: card.template.clone(),
            available: templates.names().join(", "),
        });
    };
    scene(card, template, frame, images)
}

/// A picture id and its pixel size, when the picture exists.
type ImageSource = (String, Option<(u32, u32)>);

/// Lays out `card` with `template` at `frame`'s size.
pub fn scene(
    card: &PrintCard,
    template: &Template,
    frame: Frame,
    images: &dyn ImageSizes,
) -> Result<Scene, LayoutError> {
    let fields = &card.fields;
    let err = |b: &BoxSpec, message: String| LayoutError::Box {
        file: template.file.clone(),
        box_name: b.name.clone(),
        card: card.id.clone(),
        message,
    };
    let field_err = |b: &BoxSpec, name: String| {
        err(
            b,
            format!(
                "the card has no field `{name}`; its fields are {}",
                fields.names().join(", ")
            ),
        )
    };
    let sx = frame.width / template.width;
    let sy = frame.height / template.height;
    let s = sx.min(sy);
    let trim = Rect::new(0.0, 0.0, frame.width, frame.height);
    let mut scene = Scene::new(frame.width, frame.height, frame.bleed);

    // Which pictures are missing is settled first, so `when = "missing:art"`
    // works for boxes drawn before the image box too.
    let mut missing: BTreeSet<&str> = BTreeSet::new();
    // Per image box: the resolved picture id and its size when found.
    let mut sources: BTreeMap<&str, ImageSource> = BTreeMap::new();
    for b in &template.boxes {
        if let BoxKind::Image(spec) = &b.kind {
            let src = fields.interpolate(&spec.src).map_err(|f| field_err(b, f))?;
            let size = if src.trim().is_empty() {
                None
            } else {
                images.image_size(&src).filter(|(w, h)| *w > 0 && *h > 0)
            };
            if size.is_none() {
                missing.insert(b.name.as_str());
            }
            sources.insert(b.name.as_str(), (src, size));
        }
    }

    let color =
        |b: &BoxSpec, c: &ColorExpr| c.resolve(fields, &template.palette).map_err(|m| err(b, m));
    let stroke = |b: &BoxSpec, st: &Option<StrokeSpec>| -> Result<Option<Stroke>, LayoutError> {
        let Some(st) = st else { return Ok(None) };
        Ok(color(b, &st.color)?.map(|c| Stroke {
            color: c,
            width: st.width * s,
            dash: st.dash.map(|(on, off)| (on * s, off * s)),
        }))
    };

    for b in &template.boxes {
        if let Some(cond) = &b.when
            && !cond.holds(fields, |name| missing.contains(name))
        {
            continue;
        }
        let mut r = Rect::new(b.x * sx, b.y * sy, b.w * sx, b.h * sy);
        if b.bleed {
            let eps = 0.01;
            if b.x <= eps {
                r.x -= frame.bleed;
                r.w += frame.bleed;
            }
            if b.y <= eps {
                r.y -= frame.bleed;
                r.h += frame.bleed;
            }
            if b.x + b.w >= template.width - eps {
                r.w += frame.bleed;
            }
            if b.y + b.h >= template.height - eps {
                r.h += frame.bleed;
            }
        }
        let first_item = scene.items.len();
        match &b.kind {
            BoxKind::Rect {
                fill,
                stroke: st,
                radius,
            } => {
                let fill = color(b, fill)?;
                let st = stroke(b, st)?;
                if fill.is_some() || st.is_some() {
                    scene.push(
                        &b.name,
                        Shape::Rect {
                            rect: r,
                            radius: radius * s,
                            fill,
                            stroke: st,
                        },
                    );
                }
            }
            BoxKind::Ellipse {
                fill,
                stroke: st,
                circle,
            } => {
                let fill = color(b, fill)?;
                let st = stroke(b, st)?;
                let (rx, ry) = if *circle {
                    let radius = r.w.min(r.h) / 2.0;
                    (radius, radius)
                } else {
                    (r.w / 2.0, r.h / 2.0)
                };
                if fill.is_some() || st.is_some() {
                    scene.push(
                        &b.name,
                        Shape::Ellipse {
                            center: r.center(),
                            rx,
                            ry,
                            fill,
                            stroke: st,
                        },
                    );
                }
            }
            BoxKind::Line { stroke: st } => {
                if let Some(st) = stroke(b, &Some(st.clone()))? {
                    scene.push(
                        &b.name,
                        Shape::Line {
                            from: Point { x: r.x, y: r.y },
                            to: Point {
                                x: r.right(),
                                y: r.bottom(),
                            },
                            stroke: st,
                        },
                    );
                }
            }
            BoxKind::Polygon {
                points,
                fill,
                stroke: st,
            } => {
                let fill = color(b, fill)?;
                let st = stroke(b, st)?;
                // Polygons keep their designed proportions: scale uniformly
                // and centre in the (possibly stretched) box.
                let (pw, ph) = (b.w * s, b.h * s);
                let ox = r.x + (r.w - pw) / 2.0;
                let oy = r.y + (r.h - ph) / 2.0;
                let pts = points
                    .iter()
                    .map(|(u, v)| Point {
                        x: ox + u * pw,
                        y: oy + v * ph,
                    })
                    .collect();
                if fill.is_some() || st.is_some() {
                    scene.push(
                        &b.name,
                        Shape::Polygon {
                            points: pts,
                            fill,
                            stroke: st,
                        },
                    );
                }
            }
            BoxKind::Text(spec) => {
                let Some(c) = color(b, &spec.color)? else {
                    continue;
                };
                let mut text = fields
                    .interpolate(&spec.text)
                    .map_err(|f| field_err(b, f))?;
                if spec.upper {
                    text = text.to_uppercase();
                }
                // Text may never leave the card, whatever the box says.
                let rect = r.intersect(&trim);
                // Type designed at 6 pt or more stays there on a card a
                // little smaller than the design (63 x 88 mm for a poker
                // design) as long as it fits; only when it cannot fit does
                // it shrink with the card.
                let floor = units::pt_to_mm(MIN_READABLE_PT);
                let request = |size: f32, min_size: f32| text::FitRequest {
                    text: &text,
                    font: spec.font,
                    size,
                    min_size: min_size.min(size),
                    line_height: spec.line_height,
                    max_lines: spec.max_lines,
                    align: spec.align,
                    valign: spec.valign,
                    rect,
                    color: c,
                };
                let (size, min_size) = (spec.size * s, spec.min_size * s);
                let mut block = text::fit(&request(size, min_size));
                if s < 1.0 && spec.size >= floor - 1e-4 && block.size < floor - 1e-4 {
                    let floored = text::fit(&request(size.max(floor), floor));
                    if !floored.cut {
                        block = floored;
                    }
                }
                let mut note = |problem| {
                    scene.notes.push(Note {
                        field: b.name.clone(),
                        problem,
                        area: rect,
                    });
                };
                if block.cut {
                    note(Problem::Overflow);
                }
                let size_pt = units::mm_to_pt(block.size);
                if !block.lines.is_empty() && size_pt < MIN_READABLE_PT - 0.05 {
                    note(Problem::SmallType(size_pt));
                }
                let missing: String = spec
                    .font
                    .metrics()
                    .missing_glyphs(&text)
                    .into_iter()
                    .collect();
                if !missing.is_empty() {
                    note(Problem::MissingGlyphs(missing));
                }
                if !block.lines.is_empty() {
                    scene.push(&b.name, Shape::Text(block));
                }
            }
            BoxKind::Image(spec) => {
                let radius = spec.radius * s;
                match sources.get(b.name.as_str()) {
                    Some((src, Some((pw, ph)))) => {
                        let rect = fit_image(r, (*pw as f32, *ph as f32), spec.fit);
                        scene.push(
                            &b.name,
                            Shape::Image {
                                id: src.clone(),
                                rect,
                                clip: r,
                                radius,
                            },
                        );
                    }
                    _ => {
                        if let Some((src, _)) = sources.get(b.name.as_str())
                            && !src.trim().is_empty()
                        {
                            scene.notes.push(Note {
                                field: b.name.clone(),
                                problem: Problem::MissingImage(src.clone()),
                                area: r,
                            });
                        }
                        // A missing picture still gets its designed backdrop.
                        if let Some(fill) = color(b, &spec.placeholder)? {
                            scene.push(
                                &b.name,
                                Shape::Rect {
                                    rect: r,
                                    radius,
                                    fill: Some(fill),
                                    stroke: None,
                                },
                            );
                        }
                    }
                }
            }
            BoxKind::Portrait => {
                let look = picture::Look::from_fields(fields).map_err(|m| err(b, m))?;
                picture::portrait(&mut scene, &b.name, r, &look, s);
            }
            BoxKind::Picture { name } => {
                let name = fields.interpolate(name).map_err(|f| field_err(b, f))?;
                if !picture::picture(&mut scene, &b.name, r, &name, s) {
                    return Err(err(
                        b,
                        format!(
                            "there is no picture `{name}`; the pictures are {}",
                            picture::PICTURES.join(", ")
                        ),
                    ));
                }
            }
        }
        if b.safe {
            let drawn = scene.items.get(first_item..).unwrap_or_default();
            if let Some((from_cut, area)) = closest_to_cut(drawn, trim) {
                let zone = template.safe_zone * s;
                // A hundredth of a millimetre is rounding, not design.
                if from_cut < zone - 0.01 {
                    scene.notes.push(Note {
                        field: b.name.clone(),
                        problem: Problem::OutsideSafeZone { zone, from_cut },
                        area,
                    });
                }
            }
        }
    }
    Ok(scene)
}

/// How close the closest of `items` comes to the cut (`trim`), in mm
/// (negative when past it), and the area the items cover. `None` for
/// nothing drawn.
fn closest_to_cut(items: &[Item], trim: Rect) -> Option<(f32, Rect)> {
    items
        .iter()
        .map(|i| {
            let r = i.shape.bounds();
            let d = (r.x - trim.x)
                .min(r.y - trim.y)
                .min(trim.right() - r.right())
                .min(trim.bottom() - r.bottom());
            (d, r)
        })
        .reduce(|(d0, a), (d1, b)| (d0.min(d1), a.union(&b)))
}

/// Where an image of `size` pixels lands in `r`.
fn fit_image(r: Rect, size: (f32, f32), fit: Fit) -> Rect {
    let (iw, ih) = size;
    let scale = match fit {
        Fit::Stretch => return r,
        Fit::Cover => (r.w / iw).max(r.h / ih),
        Fit::Contain => (r.w / iw).min(r.h / ih),
    };
    let (w, h) = (iw * scale, ih * scale);
    Rect::new(r.x + (r.w - w) / 2.0, r.y + (r.h - h) / 2.0, w, h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rgb;

    fn set() -> TemplateSet {
        let text = r##"
[card]
width = 60
height = 90
[[box]]
name = "bg"
type = "rect"
w = 60
h = 90
fill = "kit.primary"
bleed = true
[[box]]
name = "art"
type = "image"
src = "{art}"
x = 5
y = 10
w = 50
h = 40
[[box]]
name = "shirt"
type = "polygon"
when = "missing:art"
x = 10
y = 10
w = 40
h = 40
points = [[0, 0], [1, 0], [0.5, 1]]
fill = "#000000"
[[box]]
name = "name"
type = "text"
x = 5
y = 60
w = 50
h = 10
text = "{name}"
size = "12pt"
"##;
        TemplateSet::parse(&[TemplateFile {
            name: "t".into(),
            display: "t.toml".into(),
            text: text.into(),
        }])
        .unwrap_or_else(|e| panic!("{e}"))
    }

    fn card() -> PrintCard {
        PrintCard::new(
            "X-1",
            "t",
            "t",
            Fields::new()
                .with("kit.primary", Rgb(10, 20, 30))
                .with("name", "Łukasz Żółtowski")
                .with("art", "art/x.png"),
        )
    }

    #[test]
    fn backgrounds_bleed_and_missing_art_gets_the_placeholder() {
        let frame = Frame {
            width: 60.0,
            height: 90.0,
            bleed: 2.0,
        };
        let s = card_scene(&card(), &set(), frame, &NoImages).unwrap_or_else(|e| panic!("{e}"));
        let Some(Shape::Rect { rect, .. }) = s.items.first().map(|i| &i.shape) else {
            panic!("{s}")
        };
        assert_eq!(*rect, Rect::new(-2.0, -2.0, 64.0, 94.0));
        let sources: Vec<&str> = s.items.iter().map(|i| i.source.as_str()).collect();
        assert_eq!(sources, vec!["bg", "art", "shirt", "name"]);
        assert!(
            matches!(s.items[1].shape, Shape::Rect { fill: Some(_), .. }),
            "placeholder backdrop"
        );
        assert_eq!(s.text_lines(), vec!["Łukasz Żółtowski"]);
    }

    #[test]
    fn present_art_is_an_image_that_covers_its_box() {
        let mut images = BTreeMap::new();
        images.insert("art/x.png".to_string(), (200u32, 100u32));
        let frame = Frame {
            width: 60.0,
            height: 90.0,
            bleed: 0.0,
        };
        let s = card_scene(&card(), &set(), frame, &images).unwrap_or_else(|e| panic!("{e}"));
        let sources: Vec<&str> = s.items.iter().map(|i| i.source.as_str()).collect();
        assert_eq!(sources, vec!["bg", "art", "name"], "no placeholder shirt");
        let Shape::Image { rect, clip, .. } = &s.items[1].shape else {
            panic!("{s}")
        };
        assert_eq!(*clip, Rect::new(5.0, 10.0, 50.0, 40.0));
        assert!((rect.h - 40.0).abs() < 1e-4 && (rect.w - 80.0).abs() < 1e-4);
    }

    #[test]
    fn other_sizes_stretch_boxes_but_keep_shapes_and_text_inside() {
        let frame = Frame {
            width: 44.0,
            height: 67.0,
            bleed: 0.0,
        };
        let s = card_scene(&card(), &set(), frame, &NoImages).unwrap_or_else(|e| panic!("{e}"));
        for (_, t) in s.texts() {
            for l in &t.lines {
                assert!(s.trim().contains_rect(&t.line_extent(l), 1e-3));
            }
        }
        let Some(Shape::Polygon { points, .. }) = s
            .items
            .iter()
            .find(|i| i.source == "shirt")
            .map(|i| &i.shape)
        else {
            panic!("{s}")
        };
        let w = points[1].x - points[0].x;
        let h = points[2].y - points[0].y;
        assert!((w - h).abs() < 1e-3, "aspect kept: {w} x {h}");
    }

    #[test]
    fn a_note_says_where_on_the_card_its_problem_is() {
        let mut c = card();
        c.fields = c
            .fields
            .with("name", "Wolfeschlegelsteinhausenbergerdorff ".repeat(8));
        let frame = Frame {
            width: 60.0,
            height: 90.0,
            bleed: 0.0,
        };
        let s = card_scene(&c, &set(), frame, &NoImages).unwrap_or_else(|e| panic!("{e}"));
        let cut = s
            .notes
            .iter()
            .find(|n| n.field == "name" && n.problem == Problem::Overflow)
            .unwrap_or_else(|| panic!("no overflow note: {:?}", s.notes));
        assert_eq!(cut.area, Rect::new(5.0, 60.0, 50.0, 10.0));
        // The short name fits: no note on that box.
        let s = card_scene(&card(), &set(), frame, &NoImages).unwrap_or_else(|e| panic!("{e}"));
        assert!(s.notes.iter().all(|n| n.field != "name"), "{:?}", s.notes);
    }

    #[test]
    fn unknown_fields_and_templates_are_named() {
        let mut c = card();
        c.fields = Fields::new()
            .with("kit.primary", Rgb(0, 0, 0))
            .with("art", "");
        let frame = Frame {
            width: 60.0,
            height: 90.0,
            bleed: 0.0,
        };
        let e = card_scene(&c, &set(), frame, &NoImages)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("t.toml: box `name`, card X-1: the card has no field `name`"),
            "{e}"
        );
        c.template = "nope".into();
        let e = card_scene(&c, &set(), frame, &NoImages)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("wants template `nope`"), "{e}");
    }
}
