//! Pictures drawn from card data as vectors: player portraits and named
//! pictograms.
//!
//! A template's `type = "portrait"` box draws a player from the card's
//! `portrait.*` fields (face shape, skin tone, hair and its colour, beard)
//! in the shirt of its `kit.primary` and `kit.secondary` colours with its
//! `number` on the chest: the same fields always give the same face, and
//! two players differ as much as their fields do. A `type = "picture"` box
//! draws a pictogram named by a field (each Booked! referee kind, by its
//! effect). Both are plain shapes in the box's millimetres, so the PDF and
//! the screen draw them as they draw everything else. Pure: no files.

use crate::cards::Rgb;
use crate::layout::Font;
use crate::layout::fields::Fields;
use crate::layout::scene::{Align, Point, Rect, Scene, Shape, Stroke};
use crate::layout::template::VAlign;
use crate::layout::text::{FitRequest, fit};

/// Face shapes a portrait may have.
pub const FACES: [&str; 4] = ["oval", "round", "square", "long"];
/// Skin tones, lightest first.
pub const SKINS: [(&str, Rgb); 6] = [
    ("pale", Rgb(0xF6, 0xDC, 0xCB)),
    ("light", Rgb(0xEE, 0xC1, 0xA0)),
    ("medium", Rgb(0xD5, 0x9D, 0x74)),
    ("olive", Rgb(0xB9, 0x85, 0x58)),
    ("brown", Rgb(0x8D, 0x5A, 0x3B)),
    ("dark", Rgb(0x5B, 0x3A, 0x29)),
];
/// The names of [`SKINS`].
pub const SKIN_NAMES: [&str; 6] = ["pale", "light", "medium", "olive", "brown", "dark"];
/// Hair styles.
pub const HAIRS: [&str; 9] = [
    "bald",
    "buzz",
    "short",
    "side_part",
    "curly",
    "afro",
    "long",
    "ponytail",
    "mohawk",
];
/// Hair colours.
pub const HAIR_COLOURS: [(&str, Rgb); 8] = [
    ("black", Rgb(0x1E, 0x1A, 0x18)),
    ("dark_brown", Rgb(0x3B, 0x27, 0x19)),
    ("brown", Rgb(0x6B, 0x44, 0x26)),
    ("auburn", Rgb(0x8E, 0x3B, 0x1F)),
    ("ginger", Rgb(0xC8, 0x63, 0x2A)),
    ("blond", Rgb(0xD8, 0xB2, 0x5A)),
    ("grey", Rgb(0x9C, 0x9C, 0x9C)),
    ("white", Rgb(0xE8, 0xE6, 0xE0)),
];
/// The names of [`HAIR_COLOURS`].
pub const HAIR_COLOUR_NAMES: [&str; 8] = [
    "black",
    "dark_brown",
    "brown",
    "auburn",
    "ginger",
    "blond",
    "grey",
    "white",
];
/// Facial hair.
pub const BEARDS: [&str; 4] = ["none", "stubble", "moustache", "beard"];

/// Outlines and features.
const INK: Rgb = Rgb(0x17, 0x20, 0x2A);
const WHITE: Rgb = Rgb(0xFF, 0xFF, 0xFF);

fn tone(list: &[(&str, Rgb)], name: &str) -> Option<Rgb> {
    list.iter()
        .find(|(n, _)| *n == name.trim())
        .map(|(_, c)| *c)
}

/// The looks of a portrait, read from a card's fields.
#[derive(Clone, Debug, PartialEq)]
pub struct Look {
    /// One of [`FACES`].
    pub face: String,
    /// The skin's colour.
    pub skin: Rgb,
    /// One of [`HAIRS`].
    pub hair: String,
    /// The hair's colour.
    pub hair_colour: Rgb,
    /// One of [`BEARDS`].
    pub beard: String,
    /// The shirt.
    pub kit: Rgb,
    /// The collar and the number.
    pub trim: Rgb,
    /// The shirt number (empty for none).
    pub number: String,
}

impl Look {
    /// The look the card's fields give: `portrait.face`, `portrait.skin`,
    /// `portrait.hair`, `portrait.hair_colour`, `portrait.beard` (names
    /// from the lists above; a skin or hair colour may also be `#RRGGBB`),
    /// `kit.primary`, `kit.secondary` and `number`. The message names the
    /// field that is missing or wrong.
    pub fn from_fields(fields: &Fields) -> Result<Look, String> {
        let text = |name: &str| {
            fields
                .get(name)
                .map(ToString::to_string)
                .ok_or_else(|| format!("the card has no field `{name}`"))
        };
        let word = |name: &str, list: &[&str]| -> Result<String, String> {
            let v = text(name)?;
            if list.contains(&v.trim()) {
                Ok(v.trim().to_string())
            } else {
                Err(format!("`{name}` is `{v}`; use {}", list.join(", ")))
            }
        };
        let colour = |name: &str, list: &[(&str, Rgb)]| -> Result<Rgb, String> {
            let v = text(name)?;
            tone(list, &v)
                .or_else(|| Rgb::parse(&v).ok())
                .ok_or_else(|| {
                    let names: Vec<&str> = list.iter().map(|(n, _)| *n).collect();
                    format!("`{name}` is `{v}`; use {} or #RRGGBB", names.join(", "))
                })
        };
        let kit = |name: &str| -> Result<Rgb, String> {
            fields
                .get(name)
                .and_then(crate::layout::Value::color)
                .ok_or_else(|| format!("the card has no colour field `{name}`"))
        };
        Ok(Look {
            face: word("portrait.face", &FACES)?,
            skin: colour("portrait.skin", &SKINS)?,
            hair: word("portrait.hair", &HAIRS)?,
            hair_colour: colour("portrait.hair_colour", &HAIR_COLOURS)?,
            beard: word("portrait.beard", &BEARDS)?,
            kit: kit("kit.primary")?,
            trim: kit("kit.secondary")?,
            number: fields
                .get("number")
                .map(ToString::to_string)
                .unwrap_or_default(),
        })
    }
}

/// Draws shapes into a square of side `s` placed at `o`, in unit
/// coordinates (0-1, y down).
struct Pen<'a> {
    scene: &'a mut Scene,
    source: &'a str,
    o: Point,
    s: f32,
    /// Outline width in mm.
    line: f32,
}

impl Pen<'_> {
    fn p(&self, x: f32, y: f32) -> Point {
        Point {
            x: self.o.x + x * self.s,
            y: self.o.y + y * self.s,
        }
    }

    fn stroke(&self, color: Rgb, width: f32) -> Option<Stroke> {
        Some(Stroke {
            color,
            width: width * self.line,
            dash: None,
        })
    }

    fn poly(&mut self, pts: &[(f32, f32)], fill: Option<Rgb>, outline: Option<Rgb>) {
        let points = pts.iter().map(|(x, y)| self.p(*x, *y)).collect();
        let stroke = outline.and_then(|c| self.stroke(c, 1.0));
        self.scene.push(
            self.source,
            Shape::Polygon {
                points,
                fill,
                stroke,
            },
        );
    }

    fn ellipse(
        &mut self,
        c: (f32, f32),
        rx: f32,
        ry: f32,
        fill: Option<Rgb>,
        outline: Option<Rgb>,
    ) {
        let center = self.p(c.0, c.1);
        let stroke = outline.and_then(|c| self.stroke(c, 1.0));
        self.scene.push(
            self.source,
            Shape::Ellipse {
                center,
                rx: rx * self.s,
                ry: ry * self.s,
                fill,
                stroke,
            },
        );
    }

    fn rect(
        &mut self,
        r: (f32, f32, f32, f32),
        radius: f32,
        fill: Option<Rgb>,
        outline: Option<Rgb>,
    ) {
        let a = self.p(r.0, r.1);
        let stroke = outline.and_then(|c| self.stroke(c, 1.0));
        self.scene.push(
            self.source,
            Shape::Rect {
                rect: Rect::new(a.x, a.y, r.2 * self.s, r.3 * self.s),
                radius: radius * self.s,
                fill,
                stroke,
            },
        );
    }

    fn line(&mut self, a: (f32, f32), b: (f32, f32), color: Rgb, width: f32) {
        let (from, to) = (self.p(a.0, a.1), self.p(b.0, b.1));
        let stroke = Stroke {
            color,
            width: width * self.s,
            dash: None,
        };
        self.scene
            .push(self.source, Shape::Line { from, to, stroke });
    }

    /// Bold text fitted in a unit-coordinate box.
    fn text(&mut self, t: &str, r: (f32, f32, f32, f32), color: Rgb, size_pt: f32) {
        let a = self.p(r.0, r.1);
        let rect = Rect::new(a.x, a.y, r.2 * self.s, r.3 * self.s);
        let size = size_pt * 25.4 / 72.0;
        let block = fit(&FitRequest {
            text: t,
            font: Font::Bold,
            size,
            min_size: size * 0.5,
            line_height: 1.0,
            max_lines: Some(1),
            align: Align::Center,
            valign: VAlign::Middle,
            rect,
            color,
        });
        if !block.lines.is_empty() {
            self.scene.push(self.source, Shape::Text(block));
        }
    }
}

/// Points along an ellipse centred at `c` from angle `a0` to `a1`
/// (degrees, y down: 270 is the top).
fn arc(c: (f32, f32), rx: f32, ry: f32, a0: f32, a1: f32, steps: usize) -> Vec<(f32, f32)> {
    (0..=steps)
        .map(|i| {
            let a = (a0 + (a1 - a0) * i as f32 / steps as f32).to_radians();
            (c.0 + rx * a.cos(), c.1 + ry * a.sin())
        })
        .collect()
}

/// A square of side `min(w, h)` at the bottom centre of `r`: where a
/// portrait stands.
fn square_in(r: Rect, bottom: bool) -> (Point, f32) {
    let s = r.w.min(r.h);
    let x = r.x + (r.w - s) / 2.0;
    let y = if bottom {
        r.bottom() - s
    } else {
        r.y + (r.h - s) / 2.0
    };
    (Point { x, y }, s)
}

/// Draws the portrait `look` in `r` (mm), its items named `source`;
/// `scale` scales its outlines with the card.
pub fn portrait(scene: &mut Scene, source: &str, r: Rect, look: &Look, scale: f32) {
    let (o, s) = square_in(r, true);
    let mut pen = Pen {
        scene,
        source,
        o,
        s,
        line: 0.3 * scale,
    };
    let skin = look.skin;
    let hair = look.hair_colour;
    let shade = skin.mix(INK, 0.35);
    // Head proportions per face: half width, centre y, half height.
    let (hw, cy, hh) = match look.face.as_str() {
        "round" => (0.215, 0.39, 0.215),
        "square" => (0.19, 0.385, 0.225),
        "long" => (0.165, 0.38, 0.255),
        _ => (0.19, 0.38, 0.235),
    };
    let top = cy - hh;
    let chin = cy + hh;
    let c = (0.5, cy);

    // Hair behind the head.
    match look.hair.as_str() {
        "afro" => pen.ellipse(
            (0.5, cy - 0.04),
            hw + 0.11,
            hh + 0.08,
            Some(hair),
            Some(INK),
        ),
        "long" => {
            let mut pts = arc(c, hw + 0.035, hh + 0.03, 180.0, 360.0, 12);
            pts.push((0.5 + hw + 0.06, 0.74));
            pts.push((0.5 - hw - 0.06, 0.74));
            pen.poly(&pts, Some(hair), Some(INK));
        }
        "ponytail" => {
            pen.ellipse(
                (0.5 + hw + 0.05, cy - 0.02),
                0.06,
                0.13,
                Some(hair),
                Some(INK),
            );
        }
        _ => {}
    }
    // The shirt, its collar and its number.
    let shirt = [
        (0.06, 1.0),
        (0.1, 0.82),
        (0.28, 0.72),
        (0.41, 0.69),
        (0.5, 0.77),
        (0.59, 0.69),
        (0.72, 0.72),
        (0.9, 0.82),
        (0.94, 1.0),
    ];
    pen.rect(
        (0.44, chin - 0.06, 0.12, 0.72 - chin + 0.06),
        0.0,
        Some(skin),
        None,
    );
    pen.poly(&shirt, Some(look.kit), Some(INK));
    pen.poly(
        &[
            (0.41, 0.69),
            (0.5, 0.77),
            (0.59, 0.69),
            (0.555, 0.69),
            (0.5, 0.735),
            (0.445, 0.69),
        ],
        Some(look.trim),
        Some(INK),
    );
    for (x0, x1) in [(0.1, 0.16), (0.84, 0.9)] {
        pen.poly(
            &[(x0, 0.86), (x1, 0.84), (x1 + 0.01, 0.9), (x0 + 0.005, 0.92)],
            Some(look.trim),
            None,
        );
    }
    if !look.number.is_empty() {
        let ink = [look.trim, WHITE, INK]
            .into_iter()
            .find(|c| crate::layout::ink::contrast(*c, look.kit) >= 3.0)
            .unwrap_or(INK);
        pen.text(&look.number, (0.36, 0.8, 0.28, 0.17), ink, s * 0.5);
    }
    // Ears, then the head in its shape.
    for side in [-1.0, 1.0] {
        pen.ellipse(
            (0.5 + side * hw, cy + 0.02),
            0.035,
            0.055,
            Some(skin),
            Some(INK),
        );
    }
    if look.face == "square" {
        pen.rect(
            (0.5 - hw, top, 2.0 * hw, 2.0 * hh),
            0.08,
            Some(skin),
            Some(INK),
        );
    } else {
        pen.ellipse(c, hw, hh, Some(skin), Some(INK));
    }
    // Beard under the features.
    let jaw = |depth: f32| {
        let mut pts = arc(c, hw - 0.005, hh - 0.005, 10.0, 170.0, 10);
        pts.push((0.5 - hw * 0.85, cy + depth));
        pts.push((0.5 + hw * 0.85, cy + depth));
        pts
    };
    match look.beard.as_str() {
        "stubble" => pen.poly(&jaw(0.1), Some(skin.mix(hair, 0.35)), None),
        "beard" => pen.poly(&jaw(0.085), Some(hair), Some(INK)),
        _ => {}
    }
    // Eyes, brows, nose and mouth.
    let brow = if look.hair == "bald" && look.beard == "none" {
        shade
    } else {
        hair.mix(INK, 0.25)
    };
    for side in [-1.0, 1.0] {
        let x = 0.5 + side * hw * 0.42;
        pen.ellipse((x, cy - 0.01), 0.022, 0.028, Some(INK), None);
        pen.line(
            (x - 0.035, cy - 0.065),
            (x + 0.035, cy - 0.07 + side * 0.004),
            brow,
            0.02,
        );
    }
    pen.line((0.5, cy + 0.01), (0.49, cy + 0.07), shade, 0.012);
    if look.beard == "moustache" {
        pen.poly(
            &[
                (0.44, cy + 0.105),
                (0.5, cy + 0.085),
                (0.56, cy + 0.105),
                (0.55, cy + 0.12),
                (0.5, cy + 0.105),
                (0.45, cy + 0.12),
            ],
            Some(hair),
            None,
        );
    }
    let mouth_colour = skin.mix(Rgb(0x8A, 0x2B, 0x2B), 0.55);
    pen.poly(
        &[
            (0.455, cy + 0.13),
            (0.5, cy + 0.15),
            (0.545, cy + 0.13),
            (0.5, cy + 0.14),
        ],
        Some(mouth_colour),
        None,
    );
    // Hair on top.
    let cap = |pen: &mut Pen<'_>, lift: f32, line: f32, fill: Rgb| {
        let mut pts = arc(c, hw + lift, hh + lift, 185.0, 355.0, 14);
        pts.extend(
            arc(c, hw * 0.96, hh * 0.96, 355.0, 185.0, 14)
                .into_iter()
                .map(|(x, y)| (x, y.max(top + line))),
        );
        pen.poly(&pts, Some(fill), Some(INK));
    };
    match look.hair.as_str() {
        "buzz" => cap(&mut pen, 0.008, 0.05, hair.mix(skin, 0.35)),
        "short" | "long" | "ponytail" | "afro" => cap(&mut pen, 0.03, 0.09, hair),
        "side_part" => {
            cap(&mut pen, 0.03, 0.08, hair);
            pen.poly(
                &[
                    (0.5 - hw, top + 0.1),
                    (0.5 - hw * 0.3, top - 0.02),
                    (0.5 + hw * 0.6, top + 0.02),
                    (0.5 + hw * 0.2, top + 0.13),
                ],
                Some(hair),
                None,
            );
            pen.line(
                (0.5 - hw * 0.35, top + 0.01),
                (0.5 - hw * 0.5, top + 0.09),
                hair.mix(INK, 0.5),
                0.01,
            );
        }
        "curly" => {
            cap(&mut pen, 0.02, 0.07, hair);
            for (x, y) in arc(c, hw + 0.01, hh + 0.01, 195.0, 345.0, 6) {
                pen.ellipse((x, y), 0.05, 0.05, Some(hair), Some(INK));
            }
        }
        "mohawk" => pen.poly(
            &[
                (0.47, top + 0.1),
                (0.45, top - 0.04),
                (0.5, top - 0.1),
                (0.55, top - 0.04),
                (0.53, top + 0.1),
            ],
            Some(hair),
            Some(INK),
        ),
        _ => {}
    }
}

/// The pictograms a `type = "picture"` box can draw.
pub const PICTURES: [&str; 11] = [
    "added_time",
    "var_review",
    "offside",
    "play_on",
    "substitution",
    "quick_restart",
    "set_piece",
    "the_wall",
    "reverse",
    "full_time_whistle",
    "overturned",
];

const YELLOW: Rgb = Rgb(0xFF, 0xD2, 0x1F);
const RED: Rgb = Rgb(0xD7, 0x14, 0x1A);
const GREEN: Rgb = Rgb(0x2E, 0xB8, 0x62);
const AMBER: Rgb = Rgb(0xFF, 0xB3, 0x00);
const CHALK: Rgb = Rgb(0xF2, 0xF4, 0xF7);
const SILVER: Rgb = Rgb(0xAE, 0xB6, 0xBF);
const BOARD: Rgb = Rgb(0x10, 0x14, 0x18);

/// A thick arrow from `a` to `b` (unit coordinates) with head length
/// `head` and shaft half width `w`.
fn arrow(a: (f32, f32), b: (f32, f32), w: f32, head: f32) -> Vec<(f32, f32)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-4);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let base = (b.0 - ux * head, b.1 - uy * head);
    vec![
        (a.0 + nx * w, a.1 + ny * w),
        (base.0 + nx * w, base.1 + ny * w),
        (base.0 + nx * w * 2.4, base.1 + ny * w * 2.4),
        b,
        (base.0 - nx * w * 2.4, base.1 - ny * w * 2.4),
        (base.0 - nx * w, base.1 - ny * w),
        (a.0 - nx * w, a.1 - ny * w),
    ]
}

/// `pts` turned by `deg` degrees about `c`.
fn turn(pts: &[(f32, f32)], c: (f32, f32), deg: f32) -> Vec<(f32, f32)> {
    let (sin, cos) = deg.to_radians().sin_cos();
    pts.iter()
        .map(|(x, y)| {
            let (dx, dy) = (x - c.0, y - c.1);
            (c.0 + dx * cos - dy * sin, c.1 + dx * sin + dy * cos)
        })
        .collect()
}

/// A card held up, turned by `deg`.
fn card(pen: &mut Pen<'_>, c: (f32, f32), deg: f32, fill: Rgb) {
    let pts = [
        (c.0 - 0.11, c.1 - 0.16),
        (c.0 + 0.11, c.1 - 0.16),
        (c.0 + 0.11, c.1 + 0.16),
        (c.0 - 0.11, c.1 + 0.16),
    ];
    pen.poly(&turn(&pts, c, deg), Some(fill), Some(INK));
}

/// A ball: a white disc with a dark patch.
fn ball(pen: &mut Pen<'_>, c: (f32, f32), r: f32) {
    pen.ellipse(c, r, r, Some(CHALK), Some(INK));
    let patch: Vec<(f32, f32)> = (0..5)
        .map(|i| {
            let a = (270.0 + 72.0 * i as f32).to_radians();
            (c.0 + r * 0.42 * a.cos(), c.1 + r * 0.42 * a.sin())
        })
        .collect();
    pen.poly(&patch, Some(INK), None);
}

/// Draws the pictogram `name` (one of [`PICTURES`]) in `r`; `false` when
/// there is no such picture.
pub fn picture(scene: &mut Scene, source: &str, r: Rect, name: &str, scale: f32) -> bool {
    let (o, s) = square_in(r, false);
    let mut pen = Pen {
        scene,
        source,
        o,
        s,
        line: 0.35 * scale,
    };
    let pen = &mut pen;
    match name.trim() {
        // The fourth official's board: +3 in lights.
        "added_time" => {
            pen.rect((0.44, 0.62, 0.12, 0.32), 0.02, Some(SILVER), Some(INK));
            pen.rect((0.1, 0.14, 0.8, 0.5), 0.06, Some(BOARD), Some(CHALK));
            pen.text("+3", (0.14, 0.18, 0.72, 0.42), AMBER, s * 1.2);
        }
        // The screen at the side of the pitch.
        "var_review" => {
            pen.poly(
                &[(0.4, 0.78), (0.6, 0.78), (0.66, 0.9), (0.34, 0.9)],
                Some(SILVER),
                Some(INK),
            );
            pen.rect((0.08, 0.1, 0.84, 0.64), 0.04, Some(BOARD), Some(CHALK));
            pen.rect((0.18, 0.2, 0.64, 0.44), 0.0, None, Some(CHALK));
            pen.text("VAR", (0.2, 0.24, 0.6, 0.36), CHALK, s * 0.9);
        }
        // The assistant's flag, raised.
        "offside" => {
            pen.line((0.36, 0.94), (0.36, 0.08), CHALK, 0.045);
            let (x0, y0, w, h) = (0.38, 0.08, 0.44, 0.36);
            for (i, j) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let fill = if (i + j) % 2 == 0 { RED } else { YELLOW };
                pen.rect(
                    (
                        x0 + w / 2.0 * i as f32,
                        y0 + h / 2.0 * j as f32,
                        w / 2.0,
                        h / 2.0,
                    ),
                    0.0,
                    Some(fill),
                    None,
                );
            }
            pen.rect((x0, y0, w, h), 0.0, None, Some(INK));
        }
        // Advantage: both arms forward, play goes on.
        "play_on" => {
            pen.poly(
                &arrow((0.08, 0.72), (0.8, 0.28), 0.06, 0.2),
                Some(GREEN),
                Some(INK),
            );
            pen.poly(
                &arrow((0.2, 0.9), (0.92, 0.46), 0.05, 0.17),
                Some(CHALK),
                Some(INK),
            );
        }
        // Off and on: red down, green up.
        "substitution" => {
            pen.rect((0.06, 0.06, 0.88, 0.88), 0.06, Some(BOARD), Some(CHALK));
            pen.poly(
                &arrow((0.32, 0.86), (0.32, 0.14), 0.07, 0.24),
                Some(GREEN),
                None,
            );
            pen.poly(
                &arrow((0.68, 0.14), (0.68, 0.86), 0.07, 0.24),
                Some(RED),
                None,
            );
        }
        // The ball taken fast: motion lines behind it.
        "quick_restart" => {
            for (y, x0) in [(0.36, 0.06), (0.5, 0.0), (0.64, 0.06)] {
                pen.line((x0, y), (0.42, y), CHALK, 0.035);
            }
            ball(pen, (0.66, 0.5), 0.24);
        }
        // The corner flag and the ball on its arc.
        "set_piece" => {
            let mut corner = arc((0.12, 0.88), 0.3, 0.3, 270.0, 360.0, 8);
            corner.push((0.12, 0.88));
            pen.poly(&corner, None, Some(CHALK));
            pen.line((0.12, 0.9), (0.12, 0.08), CHALK, 0.035);
            pen.poly(
                &[(0.14, 0.08), (0.5, 0.2), (0.14, 0.32)],
                Some(YELLOW),
                Some(INK),
            );
            ball(pen, (0.56, 0.72), 0.14);
        }
        // Four defenders shoulder to shoulder.
        "the_wall" => {
            for i in 0..4 {
                let x = 0.14 + 0.24 * i as f32;
                pen.rect((x - 0.1, 0.42, 0.2, 0.5), 0.06, Some(CHALK), Some(INK));
                pen.ellipse((x, 0.28), 0.08, 0.08, Some(SILVER), Some(INK));
            }
        }
        // Play turned round: two arrows, opposite ways.
        "reverse" => {
            pen.poly(
                &arrow((0.86, 0.32), (0.1, 0.32), 0.07, 0.22),
                Some(AMBER),
                Some(INK),
            );
            pen.poly(
                &arrow((0.14, 0.7), (0.9, 0.7), 0.07, 0.22),
                Some(CHALK),
                Some(INK),
            );
        }
        // The whistle and its blast.
        "full_time_whistle" => {
            pen.rect((0.3, 0.34, 0.44, 0.14), 0.03, Some(SILVER), Some(INK));
            pen.ellipse((0.34, 0.6), 0.2, 0.2, Some(SILVER), Some(INK));
            pen.ellipse((0.34, 0.6), 0.07, 0.07, Some(BOARD), None);
            for (a, b) in [
                ((0.8, 0.3), (0.94, 0.2)),
                ((0.82, 0.44), (0.98, 0.44)),
                ((0.8, 0.58), (0.94, 0.68)),
            ] {
                pen.line(a, b, CHALK, 0.035);
            }
        }
        // A decision struck off: the card crossed out.
        "overturned" => {
            card(pen, (0.5, 0.5), -12.0, RED);
            pen.line((0.22, 0.18), (0.78, 0.82), CHALK, 0.07);
            pen.line((0.78, 0.18), (0.22, 0.82), CHALK, 0.07);
        }
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look(face: &str, hair: &str, beard: &str) -> Fields {
        Fields::new()
            .with("portrait.face", face)
            .with("portrait.skin", "olive")
            .with("portrait.hair", hair)
            .with("portrait.hair_colour", "#3B2719")
            .with("portrait.beard", beard)
            .with("kit.primary", Rgb(200, 30, 30))
            .with("kit.secondary", Rgb(255, 255, 255))
            .with("number", 9i64)
    }

    #[test]
    fn every_look_draws_inside_its_box_and_differs_from_the_others() {
        let r = Rect::new(10.0, 20.0, 40.0, 38.0);
        let mut drawn: Vec<String> = Vec::new();
        for face in FACES {
            for hair in HAIRS {
                for beard in BEARDS {
                    let l = Look::from_fields(&look(face, hair, beard))
                        .unwrap_or_else(|e| panic!("{e}"));
                    let mut scene = Scene::new(63.5, 88.9, 0.0);
                    portrait(&mut scene, "portrait", r, &l, 1.0);
                    for item in &scene.items {
                        let b = item.shape.bounds();
                        assert!(
                            r.expand(0.5).contains_rect(&b, 0.01),
                            "{face} {hair}: {b:?}"
                        );
                    }
                    assert_eq!(scene.text_lines(), vec!["9"]);
                    let text = scene.to_string();
                    assert!(!drawn.contains(&text), "{face} {hair} {beard} drawn twice");
                    drawn.push(text);
                }
            }
        }
    }

    #[test]
    fn the_name_lists_match_the_tones() {
        let skins: Vec<&str> = SKINS.iter().map(|(n, _)| *n).collect();
        assert_eq!(skins, SKIN_NAMES);
        let hairs: Vec<&str> = HAIR_COLOURS.iter().map(|(n, _)| *n).collect();
        assert_eq!(hairs, HAIR_COLOUR_NAMES);
    }

    #[test]
    fn a_wrong_or_missing_field_is_named() {
        let e = Look::from_fields(&look("heart", "short", "none")).err();
        assert!(
            e.as_deref()
                .is_some_and(|e| e.starts_with("`portrait.face` is `heart`; use oval")),
            "{e:?}"
        );
        let e = Look::from_fields(&Fields::new()).err();
        assert_eq!(e.as_deref(), Some("the card has no field `portrait.face`"));
    }

    #[test]
    fn every_pictogram_is_drawn_and_each_is_its_own() {
        let r = Rect::new(5.0, 27.0, 53.5, 27.5);
        let mut drawn: Vec<String> = Vec::new();
        for name in PICTURES {
            let mut scene = Scene::new(63.5, 88.9, 0.0);
            assert!(picture(&mut scene, "art", r, name, 1.0), "{name}");
            assert!(scene.items.len() >= 2, "{name}");
            for item in &scene.items {
                assert!(r.contains_rect(&item.shape.bounds(), 0.6), "{name}");
            }
            let text = scene.to_string();
            assert!(!drawn.contains(&text));
            drawn.push(text);
        }
        let mut scene = Scene::new(63.5, 88.9, 0.0);
        assert!(!picture(&mut scene, "art", r, "no_such_picture", 1.0));
    }
}
