//! Card templates: human-editable TOML files of named boxes.
//!
//! A template gives the card's design size and a list of `[[box]]`es drawn
//! back to front. Each box has a name, a `type` (`rect`, `circle`,
//! `ellipse`, `line`, `polygon`, `text`, `image`), a position and size
//! (`12mm`, `9pt`, `0.5in` or a bare number of mm) and the properties of
//! its type. Text is bound to card fields (`"{name}"`), colours come from
//! the template's `[colors]`, from card fields (`"kit.primary"`) or are
//! written out (`"#FFDC02"`, `"mix(kit.primary, #FFFFFF, 0.6)"`). A box can
//! be drawn only `when` a field is set, and `z` puts it on a higher layer
//! (drawn later). `extends = "base"` starts from
//! another template: boxes with the same name are merged field by field
//! (`hide = true` drops one), new boxes are appended.
//!
//! This module only parses and validates; `layout` draws. The default
//! templates are embedded; a user folder overrides them file by file (the
//! reading is done in `render::assets`, never here).

use crate::cards::Rgb;
use crate::layout::fields::Fields;
use crate::layout::font::Font;
use crate::layout::scene::Align;
use crate::layout::units::Length;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use toml::Spanned;

/// A problem in a template file: the file, line and column, the box and
/// the field, as for card files.
pub type TemplateError = crate::cards::DataError;

/// Every problem found in a set of templates, one per line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
pub struct TemplateErrors(pub Vec<TemplateError>);

/// A colour as written in a template.
#[derive(Clone, Debug, PartialEq)]
pub enum ColorExpr {
    /// Draw nothing (`"none"`; lets a derived template drop a fill).
    None,
    /// A literal `#RRGGBB`.
    Hex(Rgb),
    /// A `[colors]` name or a card field, possibly built from fields
    /// (`"pos_{position}"`).
    Name(String),
    /// `mix(a, b, t)`: `a` moved towards `b` by `t` (0-1).
    Mix(Box<ColorExpr>, Box<ColorExpr>, f32),
}

impl ColorExpr {
    /// Parses a colour expression.
    pub fn parse(text: &str) -> Result<ColorExpr, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("none") {
            return Ok(ColorExpr::None);
        }
        if t.starts_with('#') {
            return Rgb::parse(t).map(ColorExpr::Hex);
        }
        if let Some(inner) = t.strip_prefix("mix(").and_then(|r| r.strip_suffix(')')) {
            let parts = split_top_level(inner);
            let [a, b, w] = parts.as_slice() else {
                return Err(format!(
                    "`{t}`: write mix(COLOUR, COLOUR, AMOUNT), e.g. mix(kit.primary, #FFFFFF, 0.5)"
                ));
            };
            let w: f32 = w
                .trim()
                .parse()
                .map_err(|_| format!("`{w}` in `{t}` is not an amount from 0 to 1"))?;
            if !(0.0..=1.0).contains(&w) {
                return Err(format!("`{w}` in `{t}` must be from 0 to 1"));
            }
            return Ok(ColorExpr::Mix(
                Box::new(ColorExpr::parse(a)?),
                Box::new(ColorExpr::parse(b)?),
                w,
            ));
        }
        let ok = !t.is_empty()
            && t.chars()
                .all(|c| c.is_alphanumeric() || "_.-{}".contains(c));
        if ok {
            Ok(ColorExpr::Name(t.to_string()))
        } else {
            Err(format!(
                "`{t}` is not a colour; write #RRGGBB, a [colors] name, a colour field like kit.primary, or mix(A, B, 0.5)"
            ))
        }
    }

    /// The colour for a card; `None` for `"none"`. `palette` holds the
    /// template's `[colors]`.
    pub fn resolve(
        &self,
        fields: &Fields,
        palette: &BTreeMap<String, ColorExpr>,
    ) -> Result<Option<Rgb>, String> {
        self.resolve_depth(fields, palette, 0)
    }

    fn resolve_depth(
        &self,
        fields: &Fields,
        palette: &BTreeMap<String, ColorExpr>,
        depth: u8,
    ) -> Result<Option<Rgb>, String> {
        if depth > 8 {
            return Err("colours refer to each other in a loop".into());
        }
        match self {
            ColorExpr::None => Ok(None),
            ColorExpr::Hex(c) => Ok(Some(*c)),
            ColorExpr::Mix(a, b, t) => {
                let a = a.resolve_depth(fields, palette, depth + 1)?;
                let b = b.resolve_depth(fields, palette, depth + 1)?;
                Ok(match (a, b) {
                    (Some(a), Some(b)) => Some(a.mix(b, *t)),
                    (a, b) => a.or(b),
                })
            }
            ColorExpr::Name(pattern) => {
                let name = fields.interpolate(pattern).map_err(|f| {
                    format!("colour `{pattern}` uses `{{{f}}}`, which the card does not have")
                })?;
                if let Some(p) = palette.get(&name) {
                    return p.resolve_depth(fields, palette, depth + 1);
                }
                match fields.get(&name) {
                    Some(v) => v
                        .color()
                        .map(Some)
                        .ok_or_else(|| format!("field `{name}` is `{v}`, not a colour")),
                    None => Err(format!(
                        "`{name}` is neither a [colors] name nor a colour field of the card"
                    )),
                }
            }
        }
    }
}

/// Splits on commas that are not inside parentheses.
fn split_top_level(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// When a box is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// The field is set (non-empty, non-zero, true).
    Truthy(String),
    /// The field is not set (or absent).
    Not(String),
    /// The field's text equals the value.
    Eq(String, String),
    /// The field's text differs from the value.
    Ne(String, String),
    /// The named image box's picture was not found (draw a placeholder).
    Missing(String),
    /// The named image box's picture was found.
    Present(String),
}

impl Cond {
    /// Parses `field`, `!field`, `field == value`, `field != value`,
    /// `missing:box` or `present:box`.
    pub fn parse(text: &str) -> Result<Cond, String> {
        let t = text.trim();
        let word = |s: &str| -> Result<String, String> {
            let s = s.trim();
            if s.is_empty() || s.contains(char::is_whitespace) {
                Err(format!(
                    "`{t}`: write a field name, !field, field == value, missing:box or present:box"
                ))
            } else {
                Ok(s.to_string())
            }
        };
        if let Some(b) = t.strip_prefix("missing:") {
            Ok(Cond::Missing(word(b)?))
        } else if let Some(b) = t.strip_prefix("present:") {
            Ok(Cond::Present(word(b)?))
        } else if let Some((a, b)) = t.split_once("!=") {
            Ok(Cond::Ne(word(a)?, b.trim().trim_matches('"').to_string()))
        } else if let Some((a, b)) = t.split_once("==") {
            Ok(Cond::Eq(word(a)?, b.trim().trim_matches('"').to_string()))
        } else if let Some(a) = t.strip_prefix('!') {
            Ok(Cond::Not(word(a)?))
        } else {
            Ok(Cond::Truthy(word(t)?))
        }
    }

    /// Whether the box is drawn for `fields`; `missing(box)` says whether an
    /// image box's picture was missing. An absent field counts as unset, so
    /// one base template can serve kinds with different fields.
    pub fn holds(&self, fields: &Fields, missing: impl Fn(&str) -> bool) -> bool {
        match self {
            Cond::Truthy(f) => fields.get(f).is_some_and(|v| v.truthy()),
            Cond::Not(f) => fields.get(f).is_none_or(|v| !v.truthy()),
            Cond::Eq(f, v) => fields.get(f).is_some_and(|x| x.to_string() == *v),
            Cond::Ne(f, v) => fields.get(f).is_none_or(|x| x.to_string() != *v),
            Cond::Missing(b) => missing(b),
            Cond::Present(b) => !missing(b),
        }
    }
}

/// Vertical text alignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum VAlign {
    /// From the top of the box.
    Top,
    /// Centred in the box.
    #[default]
    Middle,
    /// Down to the bottom of the box.
    Bottom,
}

/// How an image fills its box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Fit {
    /// Fill the box, cropping what overflows.
    #[default]
    Cover,
    /// Show the whole image inside the box.
    Contain,
    /// Stretch to the box.
    Stretch,
}

/// An outline as written in a template.
#[derive(Clone, Debug, PartialEq)]
pub struct StrokeSpec {
    /// Colour.
    pub color: ColorExpr,
    /// Width in mm.
    pub width: f32,
    /// Dash and gap in mm.
    pub dash: Option<(f32, f32)>,
}

/// A text box's properties.
#[derive(Clone, Debug, PartialEq)]
pub struct TextSpec {
    /// The text with `{field}`s.
    pub text: String,
    /// The face.
    pub font: Font,
    /// Preferred em size in mm.
    pub size: f32,
    /// Smallest em size in mm the text may shrink to.
    pub min_size: f32,
    /// Colour.
    pub color: ColorExpr,
    /// Horizontal alignment.
    pub align: Align,
    /// Vertical alignment.
    pub valign: VAlign,
    /// Line spacing as a multiple of the size.
    pub line_height: f32,
    /// At most this many lines.
    pub max_lines: Option<usize>,
    /// Print in capitals.
    pub upper: bool,
}

/// An image box's properties.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageSpec {
    /// The picture's path with `{field}`s (relative to the data or
    /// templates folder).
    pub src: String,
    /// How it fills the box.
    pub fit: Fit,
    /// Corner radius of the box.
    pub radius: f32,
    /// The backdrop drawn when the picture is missing (never a gap).
    pub placeholder: ColorExpr,
}

/// What a box draws.
#[derive(Clone, Debug, PartialEq)]
pub enum BoxKind {
    /// A rectangle, rounded by `radius`.
    Rect {
        /// Fill.
        fill: ColorExpr,
        /// Outline.
        stroke: Option<StrokeSpec>,
        /// Corner radius in mm.
        radius: f32,
    },
    /// An ellipse filling the box, or the largest circle centred in it.
    Ellipse {
        /// Fill.
        fill: ColorExpr,
        /// Outline.
        stroke: Option<StrokeSpec>,
        /// Keep it round when the card is stretched.
        circle: bool,
    },
    /// A line from the box's top-left corner to its bottom-right corner.
    Line {
        /// How it is drawn.
        stroke: StrokeSpec,
    },
    /// A polygon with corners in box units (0-1), keeping its aspect.
    Polygon {
        /// Corners.
        points: Vec<(f32, f32)>,
        /// Fill.
        fill: ColorExpr,
        /// Outline.
        stroke: Option<StrokeSpec>,
    },
    /// Fitted text.
    Text(TextSpec),
    /// A picture with a placeholder.
    Image(ImageSpec),
}

/// One resolved box.
#[derive(Clone, Debug, PartialEq)]
pub struct BoxSpec {
    /// Unique name in the template.
    pub name: String,
    /// Left, in mm at the design size.
    pub x: f32,
    /// Top.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
    /// Drawn only when this holds.
    pub when: Option<Cond>,
    /// Edges on the card's edge extend into the bleed.
    pub bleed: bool,
    /// Drawing layer: higher is drawn later (on top); equal layers keep
    /// file order, base template first.
    pub z: i32,
    /// Whether what it draws matters to play and must stay inside the
    /// template's safe zone (`safe = true`; text and polygons by default).
    pub safe: bool,
    /// What it draws.
    pub kind: BoxKind,
}

/// A resolved template (its `extends` chain merged).
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// Its name (the file name without `.toml`).
    pub name: String,
    /// The file it came from, for messages.
    pub file: String,
    /// Design width in mm; other card sizes stretch the boxes.
    pub width: f32,
    /// Design height in mm.
    pub height: f32,
    /// How far inside the cut everything that matters stays, in mm at the
    /// design size (`[card] safe_zone`, 3 mm unless set): a cut a little
    /// off never clips text, icons or stars.
    pub safe_zone: f32,
    /// Named colours.
    pub palette: BTreeMap<String, ColorExpr>,
    /// The boxes, back to front.
    pub boxes: Vec<BoxSpec>,
}

/// One template file to parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateFile {
    /// The template's name (`player`).
    pub name: String,
    /// The file as shown in messages.
    pub display: String,
    /// Its contents.
    pub text: String,
}

/// A deck's templates by name.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TemplateSet {
    templates: BTreeMap<String, Template>,
}

impl TemplateSet {
    /// Parses and resolves a set of files; reports every problem found.
    pub fn parse(files: &[TemplateFile]) -> Result<TemplateSet, TemplateErrors> {
        let mut errors = Vec::new();
        let mut partial: BTreeMap<String, PartialTemplate> = BTreeMap::new();
        let mut broken = BTreeSet::new();
        for f in files {
            let before = errors.len();
            if let Some(p) = PartialTemplate::parse(f, &mut errors) {
                partial.insert(f.name.clone(), p);
            }
            if errors.len() > before {
                broken.insert(f.name.clone());
            }
        }
        let mut templates = BTreeMap::new();
        for name in partial.keys() {
            // A template built on a file that already has errors would only
            // repeat them as "missing" fields; report the first cause alone.
            if chain(name, &partial).iter().any(|n| broken.contains(n)) {
                continue;
            }
            match resolve(name, &partial, &mut Vec::new()) {
                Ok(merged) => match merged.finish() {
                    Ok(t) => {
                        templates.insert(name.clone(), t);
                    }
                    Err(mut e) => errors.append(&mut e),
                },
                Err(e) => errors.push(e),
            }
        }
        if errors.is_empty() {
            Ok(TemplateSet { templates })
        } else {
            // Each error shows on one line that starts with its file and
            // line: `DataError` writes a quoted line break escaped.
            errors.dedup();
            Err(TemplateErrors(errors))
        }
    }

    /// The built-in templates of the game whose folder is `game`, from
    /// `builtin` (its files as the registry lists them, `(path, text)`);
    /// the app's `TemplateSet::embedded(game)` looks them up for it.
    pub fn builtin(builtin: &[(&str, &str)], game: &str) -> Result<TemplateSet, TemplateErrors> {
        TemplateSet::parse(&embedded_files(builtin, game))
    }

    /// A template by name.
    pub fn get(&self, name: &str) -> Option<&Template> {
        self.templates.get(name)
    }

    /// The template names.
    pub fn names(&self) -> Vec<&str> {
        self.templates.keys().map(String::as_str).collect()
    }
}

/// The files of `builtin` (`(path, text)` under `templates/`) that are
/// `game`'s, ready for [`TemplateSet::parse`].
pub fn embedded_files(builtin: &[(&str, &str)], game: &str) -> Vec<TemplateFile> {
    builtin
        .iter()
        .filter_map(|(path, text)| {
            let rest = path.strip_prefix(game)?.strip_prefix('/')?;
            let name = rest.strip_suffix(".toml")?;
            Some(TemplateFile {
                name: name.to_string(),
                display: format!("templates/{path}"),
                text: (*text).to_string(),
            })
        })
        .collect()
}

/// Largest position or box side in a template, in mm: a card template
/// is never bigger than a sheet of A0 paper.
const MAX_LENGTH: f32 = 1200.0;
/// Largest text size, in mm (about 280 pt: letters a card tall).
const MAX_TEXT_SIZE: f32 = 100.0;
/// Largest line width or corner radius, in mm.
const MAX_STROKE: f32 = 100.0;
/// Longest dash or gap, in mm.
const MAX_DASH: f32 = 100.0;

/// `mm` when it is a finite number in the range that `field` allows; a
/// message saying the range otherwise. Not-a-number and infinite values,
/// which TOML accepts (`nan`, `inf`), never reach layout or the PDF.
fn sane_length(mm: f32, field: &str) -> Result<f32, String> {
    if !mm.is_finite() {
        return Err(format!(
            "`{mm}` is not a length; write a finite number such as 12 or \"9pt\""
        ));
    }
    let (lo, hi) = match field {
        // Sizes of zero or less are reported as not positive, later.
        "size" | "min_size" => (-MAX_TEXT_SIZE, MAX_TEXT_SIZE),
        "stroke_width" | "radius" => (0.0, MAX_STROKE),
        "card.safe_zone" => (0.0, 20.0),
        _ => (-MAX_LENGTH, MAX_LENGTH),
    };
    if !(lo..=hi).contains(&mm) {
        let range = if field.ends_with("size") {
            format!(
                "use at most {hi} mm ({:.0} pt)",
                crate::layout::units::mm_to_pt(hi)
            )
        } else {
            format!("use {lo} to {hi} mm")
        };
        return Err(format!("{mm} mm is out of range; {range}"));
    }
    Ok(mm)
}

// ----- raw file shapes -----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTemplate {
    extends: Option<Spanned<String>>,
    card: Option<RawCard>,
    #[serde(default)]
    colors: BTreeMap<String, Spanned<String>>,
    #[serde(default, rename = "box")]
    boxes: Vec<Spanned<RawBox>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    width: Option<Spanned<RawLen>>,
    height: Option<Spanned<RawLen>>,
    safe_zone: Option<Spanned<RawLen>>,
}

/// The safe zone when a template sets none, in mm.
pub const DEFAULT_SAFE_ZONE: f32 = 3.0;

#[derive(Deserialize, Clone)]
#[serde(untagged)]
enum RawLen {
    Num(f64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBox {
    name: Spanned<String>,
    #[serde(rename = "type")]
    kind: Option<Spanned<String>>,
    x: Option<Spanned<RawLen>>,
    y: Option<Spanned<RawLen>>,
    w: Option<Spanned<RawLen>>,
    h: Option<Spanned<RawLen>>,
    when: Option<Spanned<String>>,
    bleed: Option<bool>,
    hide: Option<bool>,
    z: Option<i32>,
    fill: Option<Spanned<String>>,
    stroke: Option<Spanned<String>>,
    stroke_width: Option<Spanned<RawLen>>,
    dash: Option<Spanned<Vec<RawLen>>>,
    radius: Option<Spanned<RawLen>>,
    points: Option<Spanned<Vec<[f32; 2]>>>,
    text: Option<Spanned<String>>,
    font: Option<Spanned<String>>,
    size: Option<Spanned<RawLen>>,
    min_size: Option<Spanned<RawLen>>,
    color: Option<Spanned<String>>,
    align: Option<Spanned<String>>,
    valign: Option<Spanned<String>>,
    line_height: Option<Spanned<f32>>,
    max_lines: Option<Spanned<i64>>,
    upper: Option<bool>,
    safe: Option<bool>,
    src: Option<Spanned<String>>,
    fit: Option<Spanned<String>>,
    placeholder: Option<Spanned<String>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KindKey {
    Rect,
    Circle,
    Ellipse,
    Line,
    Polygon,
    Text,
    Image,
}

const KIND_KEYS: &str = "rect, circle, ellipse, line, polygon, text, image";

impl KindKey {
    fn parse(s: &str) -> Option<KindKey> {
        Some(match s.trim() {
            "rect" => KindKey::Rect,
            "circle" => KindKey::Circle,
            "ellipse" => KindKey::Ellipse,
            "line" => KindKey::Line,
            "polygon" => KindKey::Polygon,
            "text" => KindKey::Text,
            "image" => KindKey::Image,
            _ => return None,
        })
    }
}

/// A box after checking each written field, before `extends` merging.
#[derive(Clone, Debug, Default)]
struct PartialBox {
    name: String,
    file: String,
    kind: Option<KindKey>,
    x: Option<f32>,
    y: Option<f32>,
    w: Option<f32>,
    h: Option<f32>,
    when: Option<Cond>,
    bleed: Option<bool>,
    hide: Option<bool>,
    z: Option<i32>,
    fill: Option<ColorExpr>,
    stroke: Option<ColorExpr>,
    stroke_width: Option<f32>,
    dash: Option<(f32, f32)>,
    radius: Option<f32>,
    points: Option<Vec<(f32, f32)>>,
    text: Option<String>,
    font: Option<Font>,
    size: Option<f32>,
    min_size: Option<f32>,
    color: Option<ColorExpr>,
    align: Option<Align>,
    valign: Option<VAlign>,
    line_height: Option<f32>,
    max_lines: Option<usize>,
    upper: Option<bool>,
    safe: Option<bool>,
    src: Option<String>,
    fit: Option<Fit>,
    placeholder: Option<ColorExpr>,
}

impl PartialBox {
    /// This box with `child`'s written fields laid over it.
    fn overlay(self, child: PartialBox) -> PartialBox {
        PartialBox {
            name: child.name,
            file: child.file,
            kind: child.kind.or(self.kind),
            x: child.x.or(self.x),
            y: child.y.or(self.y),
            w: child.w.or(self.w),
            h: child.h.or(self.h),
            when: child.when.or(self.when),
            bleed: child.bleed.or(self.bleed),
            hide: child.hide.or(self.hide),
            z: child.z.or(self.z),
            fill: child.fill.or(self.fill),
            stroke: child.stroke.or(self.stroke),
            stroke_width: child.stroke_width.or(self.stroke_width),
            dash: child.dash.or(self.dash),
            radius: child.radius.or(self.radius),
            points: child.points.or(self.points),
            text: child.text.or(self.text),
            font: child.font.or(self.font),
            size: child.size.or(self.size),
            min_size: child.min_size.or(self.min_size),
            color: child.color.or(self.color),
            align: child.align.or(self.align),
            valign: child.valign.or(self.valign),
            line_height: child.line_height.or(self.line_height),
            max_lines: child.max_lines.or(self.max_lines),
            upper: child.upper.or(self.upper),
            safe: child.safe.or(self.safe),
            src: child.src.or(self.src),
            fit: child.fit.or(self.fit),
            placeholder: child.placeholder.or(self.placeholder),
        }
    }

    fn finish(self) -> Result<Option<BoxSpec>, TemplateError> {
        if self.hide == Some(true) {
            return Ok(None);
        }
        let err = |field: &str, msg: &str| {
            TemplateError::file(&self.file, msg.to_string())
                .in_box(&self.name)
                .field(field)
        };
        let Some(kind) = self.kind else {
            return Err(err(
                "type",
                &format!("every box needs a type: one of {KIND_KEYS}"),
            ));
        };
        let need =
            |v: Option<f32>, field: &str| v.ok_or_else(|| err(field, "is required for this box"));
        let (w, h) = if kind == KindKey::Line {
            (self.w.unwrap_or(0.0), self.h.unwrap_or(0.0))
        } else {
            (need(self.w, "w")?, need(self.h, "h")?)
        };
        let stroke = |default_color: Option<ColorExpr>| {
            self.stroke
                .clone()
                .or(default_color)
                .map(|color| StrokeSpec {
                    color,
                    width: self.stroke_width.unwrap_or(0.3),
                    dash: self.dash,
                })
        };
        let fill = self.fill.clone().unwrap_or(ColorExpr::None);
        let kind = match kind {
            KindKey::Rect => BoxKind::Rect {
                fill,
                stroke: stroke(None),
                radius: self.radius.unwrap_or(0.0),
            },
            KindKey::Circle | KindKey::Ellipse => BoxKind::Ellipse {
                fill,
                stroke: stroke(None),
                circle: kind == KindKey::Circle,
            },
            KindKey::Line => BoxKind::Line {
                stroke: stroke(Some(ColorExpr::Hex(Rgb(0, 0, 0))))
                    .ok_or_else(|| err("stroke", "a line needs a stroke colour"))?,
            },
            KindKey::Polygon => {
                let points = self.points.clone().unwrap_or_default();
                if points.len() < 3 {
                    return Err(err(
                        "points",
                        "a polygon needs at least 3 points, as [[x, y], ...] in 0-1 box units",
                    ));
                }
                BoxKind::Polygon {
                    points,
                    fill,
                    stroke: stroke(None),
                }
            }
            KindKey::Text => {
                let text = self
                    .text
                    .clone()
                    .ok_or_else(|| err("text", "a text box needs `text`, e.g. \"{name}\""))?;
                let size = need(self.size, "size")?;
                let min_size = self.min_size.unwrap_or(size * 0.6).min(size);
                BoxKind::Text(TextSpec {
                    text,
                    font: self.font.unwrap_or(Font::Regular),
                    size,
                    min_size,
                    color: self.color.clone().unwrap_or(ColorExpr::Hex(Rgb(0, 0, 0))),
                    align: self.align.unwrap_or_default(),
                    valign: self.valign.unwrap_or_default(),
                    line_height: self.line_height.unwrap_or(1.15),
                    max_lines: self.max_lines,
                    upper: self.upper.unwrap_or(false),
                })
            }
            KindKey::Image => BoxKind::Image(ImageSpec {
                src: self
                    .src
                    .clone()
                    .ok_or_else(|| err("src", "an image box needs `src`, e.g. \"{art}\""))?,
                fit: self.fit.unwrap_or_default(),
                radius: self.radius.unwrap_or(0.0),
                placeholder: self
                    .placeholder
                    .clone()
                    .unwrap_or(ColorExpr::Hex(Rgb(0xE4, 0xE7, 0xEB))),
            }),
        };
        Ok(Some(BoxSpec {
            name: self.name,
            x: self.x.unwrap_or(0.0),
            y: self.y.unwrap_or(0.0),
            w,
            h,
            when: self.when,
            bleed: self.bleed.unwrap_or(false),
            z: self.z.unwrap_or(0),
            safe: self
                .safe
                .unwrap_or(matches!(kind, BoxKind::Text(_) | BoxKind::Polygon { .. })),
            kind,
        }))
    }
}

#[derive(Clone, Debug)]
struct PartialTemplate {
    name: String,
    file: String,
    extends: Option<(String, TemplateError)>,
    size: Option<(f32, f32)>,
    safe_zone: Option<f32>,
    palette: BTreeMap<String, ColorExpr>,
    boxes: Vec<PartialBox>,
}

impl PartialTemplate {
    fn parse(f: &TemplateFile, errors: &mut Vec<TemplateError>) -> Option<PartialTemplate> {
        let raw: RawTemplate = match toml::from_str(&f.text) {
            Ok(r) => r,
            Err(e) => {
                let mut err = TemplateError::file(&f.display, e.message().trim().to_string());
                if let Some(span) = e.span() {
                    err = err.at(&f.text, span.start);
                }
                errors.push(err);
                return None;
            }
        };
        let at =
            |msg: String, offset: usize| TemplateError::file(&f.display, msg).at(&f.text, offset);
        let len = |v: &Spanned<RawLen>,
                   errors: &mut Vec<TemplateError>,
                   field: &str,
                   bx: Option<&str>|
         -> Option<f32> {
            let parsed = match v.get_ref() {
                RawLen::Num(n) => Ok(*n as f32),
                RawLen::Text(t) => Length::parse(t).map(Length::mm),
            }
            .and_then(|mm| sane_length(mm, field));
            match parsed {
                Ok(mm) => Some(mm),
                Err(m) => {
                    let mut e = at(m, v.span().start).field(field);
                    if let Some(b) = bx {
                        e = e.in_box(b);
                    }
                    errors.push(e);
                    None
                }
            }
        };
        let size = raw.card.as_ref().and_then(|c| {
            let (width, height) = match (&c.width, &c.height) {
                (Some(w), Some(h)) => (w, h),
                (None, None) => return None,
                (Some(one), None) | (None, Some(one)) => {
                    errors.push(at(
                        "give the card's width and height together".into(),
                        one.span().start,
                    ));
                    return None;
                }
            };
            let w = len(width, errors, "card.width", None)?;
            let h = len(height, errors, "card.height", None)?;
            if w <= 0.0 || h <= 0.0 {
                errors.push(at(
                    "the card's width and height must be positive".into(),
                    width.span().start,
                ));
                return None;
            }
            Some((w, h))
        });
        let safe_zone = raw
            .card
            .as_ref()
            .and_then(|c| c.safe_zone.as_ref())
            .and_then(|v| len(v, errors, "card.safe_zone", None));
        let mut palette = BTreeMap::new();
        for (k, v) in &raw.colors {
            match ColorExpr::parse(v.get_ref()) {
                Ok(c) => {
                    palette.insert(k.clone(), c);
                }
                Err(m) => errors.push(at(m, v.span().start).field(format!("colors.{k}"))),
            }
        }
        let mut boxes: Vec<PartialBox> = Vec::new();
        let mut names = BTreeSet::new();
        for rb in raw.boxes {
            let start = rb.span().start;
            let rb = rb.into_inner();
            let name = rb.name.get_ref().trim().to_string();
            if name.is_empty() {
                errors.push(
                    at(
                        "every box needs a non-empty name".into(),
                        rb.name.span().start,
                    )
                    .field("name"),
                );
                continue;
            }
            if !names.insert(name.clone()) {
                errors.push(
                    at(
                        format!("a second box is named `{name}`; names must be unique"),
                        start,
                    )
                    .in_box(&name),
                );
                continue;
            }
            let e = |msg: String, span: std::ops::Range<usize>, field: &str| {
                at(msg, span.start).in_box(&name).field(field)
            };
            let mut b = PartialBox {
                name: name.clone(),
                file: f.display.clone(),
                bleed: rb.bleed,
                hide: rb.hide,
                z: rb.z,
                upper: rb.upper,
                safe: rb.safe,
                ..PartialBox::default()
            };
            if let Some(k) = &rb.kind {
                match KindKey::parse(k.get_ref()) {
                    Some(kk) => b.kind = Some(kk),
                    None => errors.push(e(
                        format!(
                            "`{}` is not a box type; use one of {KIND_KEYS}",
                            k.get_ref()
                        ),
                        k.span(),
                        "type",
                    )),
                }
            }
            let bx = Some(name.as_str());
            b.x = rb.x.as_ref().and_then(|v| len(v, errors, "x", bx));
            b.y = rb.y.as_ref().and_then(|v| len(v, errors, "y", bx));
            b.w = rb.w.as_ref().and_then(|v| len(v, errors, "w", bx));
            b.h = rb.h.as_ref().and_then(|v| len(v, errors, "h", bx));
            for (v, field) in [(&rb.w, "w"), (&rb.h, "h")] {
                let value = match field {
                    "w" => b.w,
                    _ => b.h,
                };
                if let (Some(v), Some(x)) = (v, value)
                    && x < 0.0
                    && b.kind != Some(KindKey::Line)
                {
                    errors.push(e(
                        format!("must not be negative, found {x}"),
                        v.span(),
                        field,
                    ));
                }
            }
            b.stroke_width = rb
                .stroke_width
                .as_ref()
                .and_then(|v| len(v, errors, "stroke_width", bx));
            b.radius = rb
                .radius
                .as_ref()
                .and_then(|v| len(v, errors, "radius", bx));
            b.size = rb.size.as_ref().and_then(|v| len(v, errors, "size", bx));
            b.min_size = rb
                .min_size
                .as_ref()
                .and_then(|v| len(v, errors, "min_size", bx));
            for (v, field) in [(&rb.size, "size"), (&rb.min_size, "min_size")] {
                let value = if field == "size" { b.size } else { b.min_size };
                if let (Some(v), Some(s)) = (v, value)
                    && s <= 0.0
                {
                    errors.push(e("must be positive".into(), v.span(), field));
                }
            }
            if let Some(d) = &rb.dash {
                let parts: Vec<f32> = d
                    .get_ref()
                    .iter()
                    .filter_map(|l| match l {
                        RawLen::Num(n) => Some(*n as f32),
                        RawLen::Text(t) => Length::parse(t).ok().map(Length::mm),
                    })
                    .collect();
                let dash_ok = |v: f32| v > 0.0 && v <= MAX_DASH;
                match parts.as_slice() {
                    [on, off] if dash_ok(*on) && dash_ok(*off) => b.dash = Some((*on, *off)),
                    _ => errors.push(e(
                        "write the dash as [DASH, GAP], e.g. [\"1mm\", \"0.6mm\"]".into(),
                        d.span(),
                        "dash",
                    )),
                }
            }
            let color =
                |v: &Option<Spanned<String>>, field: &str, errors: &mut Vec<TemplateError>| {
                    let v = v.as_ref()?;
                    match ColorExpr::parse(v.get_ref()) {
                        Ok(c) => Some(c),
                        Err(m) => {
                            errors.push(e(m, v.span(), field));
                            None
                        }
                    }
                };
            b.fill = color(&rb.fill, "fill", errors);
            b.stroke = color(&rb.stroke, "stroke", errors);
            b.color = color(&rb.color, "color", errors);
            b.placeholder = color(&rb.placeholder, "placeholder", errors);
            if let Some(w) = &rb.when {
                match Cond::parse(w.get_ref()) {
                    Ok(c) => b.when = Some(c),
                    Err(m) => errors.push(e(m, w.span(), "when")),
                }
            }
            if let Some(p) = &rb.points {
                let pts: Vec<(f32, f32)> = p.get_ref().iter().map(|[x, y]| (*x, *y)).collect();
                if pts
                    .iter()
                    .any(|(x, y)| !(-0.5..=1.5).contains(x) || !(-0.5..=1.5).contains(y))
                {
                    errors.push(e(
                        "points are in box units: 0 is the box's left/top, 1 its right/bottom"
                            .into(),
                        p.span(),
                        "points",
                    ));
                }
                b.points = Some(pts);
            }
            if let Some(t) = &rb.text {
                b.text = Some(t.get_ref().clone());
            }
            if let Some(v) = &rb.font {
                match Font::from_key(v.get_ref()) {
                    Some(font) => b.font = Some(font),
                    None => errors.push(e(
                        format!(
                            "`{}` is not a font; use regular, bold or condensed",
                            v.get_ref()
                        ),
                        v.span(),
                        "font",
                    )),
                }
            }
            if let Some(v) = &rb.align {
                match v.get_ref().trim() {
                    "left" => b.align = Some(Align::Left),
                    "center" | "centre" => b.align = Some(Align::Center),
                    "right" => b.align = Some(Align::Right),
                    other => errors.push(e(
                        format!("`{other}`: use left, center or right"),
                        v.span(),
                        "align",
                    )),
                }
            }
            if let Some(v) = &rb.valign {
                match v.get_ref().trim() {
                    "top" => b.valign = Some(VAlign::Top),
                    "middle" | "center" => b.valign = Some(VAlign::Middle),
                    "bottom" => b.valign = Some(VAlign::Bottom),
                    other => errors.push(e(
                        format!("`{other}`: use top, middle or bottom"),
                        v.span(),
                        "valign",
                    )),
                }
            }
            if let Some(v) = &rb.line_height {
                let lh = *v.get_ref();
                if (0.5..=3.0).contains(&lh) {
                    b.line_height = Some(lh);
                } else {
                    errors.push(e(
                        format!("{lh} is not a line height; use 0.5-3 (times the size)"),
                        v.span(),
                        "line_height",
                    ));
                }
            }
            if let Some(v) = &rb.max_lines {
                match usize::try_from(*v.get_ref()) {
                    Ok(n) if n >= 1 => b.max_lines = Some(n),
                    _ => errors.push(e("must be 1 or more".into(), v.span(), "max_lines")),
                }
            }
            if let Some(v) = &rb.src {
                b.src = Some(v.get_ref().clone());
            }
            if let Some(v) = &rb.fit {
                match v.get_ref().trim() {
                    "cover" => b.fit = Some(Fit::Cover),
                    "contain" => b.fit = Some(Fit::Contain),
                    "stretch" => b.fit = Some(Fit::Stretch),
                    other => errors.push(e(
                        format!("`{other}`: use cover, contain or stretch"),
                        v.span(),
                        "fit",
                    )),
                }
            }
            boxes.push(b);
        }
        let extends = raw.extends.map(|x| {
            let target = x.get_ref().trim().trim_end_matches(".toml").to_string();
            let e = at(
                format!("extends `{target}`, which is not a template here"),
                x.span().start,
            )
            .field("extends");
            (target, e)
        });
        Some(PartialTemplate {
            name: f.name.clone(),
            file: f.display.clone(),
            extends,
            size,
            safe_zone,
            palette,
            boxes,
        })
    }

    /// This template with `child` laid over it.
    fn overlay(mut self, child: &PartialTemplate) -> PartialTemplate {
        for (k, v) in &child.palette {
            self.palette.insert(k.clone(), v.clone());
        }
        for cb in &child.boxes {
            match self.boxes.iter().position(|b| b.name == cb.name) {
                Some(i) => {
                    let base = std::mem::take(&mut self.boxes[i]);
                    self.boxes[i] = base.overlay(cb.clone());
                }
                None => self.boxes.push(cb.clone()),
            }
        }
        PartialTemplate {
            name: child.name.clone(),
            file: child.file.clone(),
            extends: None,
            size: child.size.or(self.size),
            safe_zone: child.safe_zone.or(self.safe_zone),
            palette: self.palette,
            boxes: self.boxes,
        }
    }

    fn finish(self) -> Result<Template, Vec<TemplateError>> {
        let mut errors = Vec::new();
        let Some((width, height)) = self.size else {
            return Err(vec![TemplateError::file(
                &self.file,
                "no card size: add [card] width = \"63.5mm\" height = \"88.9mm\" here or in the template it extends",
            )]);
        };
        let mut boxes = Vec::new();
        for b in self.boxes {
            match b.finish() {
                Ok(Some(spec)) => boxes.push(spec),
                Ok(None) => {}
                Err(e) => errors.push(e),
            }
        }
        boxes.sort_by_key(|b| b.z);
        // `missing:`/`present:` must name an image box of this template.
        for b in &boxes {
            if let Some(Cond::Missing(target) | Cond::Present(target)) = &b.when {
                let ok = boxes
                    .iter()
                    .any(|x| x.name == *target && matches!(x.kind, BoxKind::Image(_)));
                if !ok {
                    errors.push(
                        TemplateError::file(
                            &self.file,
                            format!("`{target}` is not an image box of this template"),
                        )
                        .in_box(&b.name)
                        .field("when"),
                    );
                }
            }
        }
        if errors.is_empty() {
            Ok(Template {
                name: self.name,
                file: self.file,
                width,
                height,
                safe_zone: self.safe_zone.unwrap_or(DEFAULT_SAFE_ZONE),
                palette: self.palette,
                boxes,
            })
        } else {
            Err(errors)
        }
    }
}

/// `name` and the templates it extends, nearest first (stops at a loop).
fn chain(name: &str, all: &BTreeMap<String, PartialTemplate>) -> Vec<String> {
    let mut out = vec![name.to_string()];
    let mut cur = all.get(name);
    while let Some((base, _)) = cur.and_then(|t| t.extends.as_ref()) {
        if out.contains(base) {
            break;
        }
        out.push(base.clone());
        cur = all.get(base);
    }
    out
}

/// Merges `name`'s `extends` chain; `seen` catches loops.
fn resolve(
    name: &str,
    all: &BTreeMap<String, PartialTemplate>,
    seen: &mut Vec<String>,
) -> Result<PartialTemplate, TemplateError> {
    let Some(t) = all.get(name) else {
        return Err(TemplateError::file(
            format!("templates/{name}.toml"),
            "no such template",
        ));
    };
    if seen.iter().any(|s| s == name) {
        seen.push(name.to_string());
        return Err(TemplateError::file(
            &t.file,
            format!("`extends` goes round in a loop: {}", seen.join(" -> ")),
        ));
    }
    seen.push(name.to_string());
    match &t.extends {
        None => Ok(t.clone()),
        Some((base, not_found)) => {
            if !all.contains_key(base) {
                return Err(not_found.clone());
            }
            let base = resolve(base, all, seen)?;
            Ok(base.overlay(t))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> TemplateFile {
        TemplateFile {
            name: name.into(),
            display: format!("{name}.toml"),
            text: text.into(),
        }
    }

    const BASE: &str = r##"
[card]
width = "63.5mm"
height = 88.9

[colors]
ink = "#111111"

[[box]]
name = "bg"
type = "rect"
w = "63.5mm"
h = "88.9mm"
fill = "kit.primary"
bleed = true

[[box]]
name = "title"
type = "text"
x = 5
y = "5mm"
w = 50
h = 10
text = "{name}"
size = "12pt"
"##;

    #[test]
    fn extends_merges_boxes_by_name_and_appends_new_ones() {
        let child = r##"
extends = "base"
[colors]
ink = "#222222"
[[box]]
name = "title"
size = "10pt"
font = "bold"
[[box]]
name = "bg"
hide = true
[[box]]
name = "badge"
type = "circle"
x = 1
y = 1
w = 5
h = 5
fill = "ink"
"##;
        let set = TemplateSet::parse(&[file("base", BASE), file("child", child)])
            .unwrap_or_else(|e| panic!("{e}"));
        let Some(t) = set.get("child") else {
            panic!("no child")
        };
        let names: Vec<&str> = t.boxes.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, vec!["title", "badge"]);
        let BoxKind::Text(title) = &t.boxes[0].kind else {
            panic!("title is text")
        };
        assert!((title.size - 10.0 * 25.4 / 72.0).abs() < 1e-4);
        assert_eq!(title.font, Font::Bold);
        assert_eq!(t.boxes[0].x, 5.0, "inherited");
        assert_eq!(
            t.palette.get("ink"),
            Some(&ColorExpr::Hex(Rgb(0x22, 0x22, 0x22)))
        );
        assert_eq!((t.width, t.height), (63.5, 88.9));
    }

    #[test]
    fn nan_infinite_and_absurd_numbers_are_located_errors() {
        for (from, to, field, says) in [
            ("size = \"12pt\"", "size = nan", "size", "not a length"),
            ("size = \"12pt\"", "size = inf", "size", "not a length"),
            ("size = \"12pt\"", "size = 1e30", "size", "out of range"),
            (
                "size = \"12pt\"",
                "size = \"1e9pt\"",
                "size",
                "out of range",
            ),
            ("h = \"88.9mm\"", "h = -inf", "h", "not a length"),
            ("w = \"63.5mm\"", "w = 1e12", "w", "out of range"),
            (
                "height = 88.9",
                "height = nan",
                "card.height",
                "not a length",
            ),
        ] {
            let bad = BASE.replacen(from, to, 1);
            assert_ne!(bad, BASE, "{from}");
            let e = TemplateSet::parse(&[file("base", &bad)])
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(
                e.contains("base.toml:") && e.contains(&format!("field `{field}`")),
                "{to}: {e}"
            );
            assert!(e.contains(says), "{to}: {e}");
        }
    }

    #[test]
    fn errors_name_file_line_box_and_field() {
        let bad = BASE.replace("size = \"12pt\"", "size = \"12px\"");
        let e = TemplateSet::parse(&[file("base", &bad)])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("base.toml:25:8: box `title`, field `size`: `12px` is not a length"),
            "{e}"
        );
        assert!(!e.contains("is required"), "one cause, no echoes: {e}");
        let bad = BASE.replace("type = \"rect\"", "type = \"square\"");
        let e = TemplateSet::parse(&[file("base", &bad)])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("`square` is not a box type"), "{e}");
        let bad = BASE.replace("bleed = true", "bleeed = true");
        let e = TemplateSet::parse(&[file("base", &bad)])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("base.toml:") && e.contains("bleeed"), "{e}");
        let e = TemplateSet::parse(&[file("a", "extends = \"b\""), file("b", "extends = \"a\"")])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("loop"), "{e}");
        let e = TemplateSet::parse(&[file("a", "extends = \"nope\"")])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("a.toml:1:11: field `extends`: extends `nope`"),
            "{e}"
        );
        let bad = BASE.replace(
            "fill = \"kit.primary\"",
            "fill = \"mix(#000000, kit.primary)\"",
        );
        let e = TemplateSet::parse(&[file("base", &bad)])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("field `fill`: `mix(#000000, kit.primary)`: write mix("),
            "{e}"
        );
    }

    #[test]
    fn colours_resolve_from_palette_fields_and_mixes() {
        let fields = Fields::new()
            .with("kit.primary", Rgb(255, 0, 0))
            .with("position", "GK")
            .with("name", "x");
        let mut palette = BTreeMap::new();
        palette.insert("pos_GK".to_string(), ColorExpr::Hex(Rgb(0, 0, 255)));
        let r = |s: &str| ColorExpr::parse(s).and_then(|c| c.resolve(&fields, &palette));
        assert_eq!(r("kit.primary"), Ok(Some(Rgb(255, 0, 0))));
        assert_eq!(r("pos_{position}"), Ok(Some(Rgb(0, 0, 255))));
        assert_eq!(
            r("mix(kit.primary, #FFFFFF, 0.5)"),
            Ok(Some(Rgb(255, 128, 128)))
        );
        assert_eq!(r("none"), Ok(None));
        assert!(r("name").is_err_and(|e| e.contains("not a colour")));
        assert!(r("kit.primry").is_err_and(|e| e.contains("neither")));
    }

    #[test]
    fn conditions_read_fields() {
        let fields = Fields::new()
            .with("instant", true)
            .with("position", "GK")
            .with("rating", 0i64);
        let holds = |s: &str| {
            Cond::parse(s)
                .map(|c| c.holds(&fields, |b| b == "art"))
                .unwrap_or(false)
        };
        assert!(holds("instant"));
        assert!(!holds("!instant"));
        assert!(!holds("rating"));
        assert!(holds("!absent"));
        assert!(holds("position == GK"));
        assert!(holds("position != FWD"));
        assert!(holds("missing:art"));
        assert!(!holds("present:art"));
        assert!(Cond::parse("a b").is_err());
    }
}
