//! The PDF backend: draws Scenes on pages with printpdf.
//!
//! Scenes are in mm with y down; PDF is in points with y up, so every
//! coordinate goes through [`PageCanvas::pt`] (flip Y, convert units) and
//! nowhere else. Text is drawn exactly where layout placed it, unkerned,
//! in the embedded DejaVu faces, which printpdf writes as subsets. Each
//! card is wrapped in a clip to its bleed box and a `/Card` marked-content
//! section naming its id and side, so tools (and our tests) can find every
//! card in the file. Pictures are registered once and reused by reference.
//! This module writes bytes; it does not touch the file system.

use crate::cards::Rgb;
use crate::layout::Font;
use crate::layout::scene::{Point, Rect, Scene, Shape, Stroke, TextBlock};
use crate::layout::units::mm_to_pt;
use printpdf as pp;
use std::collections::BTreeMap;
use std::io::Write as _;

/// Why the PDF could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdfError {
    /// An embedded font failed to load (a build problem, not a user one).
    #[error("the embedded font {0} could not be read")]
    Font(&'static str),
    /// A picture could not be decoded.
    #[error("picture {id}: {message}")]
    Image {
        /// The picture's id (its path).
        id: String,
        /// What went wrong.
        message: String,
    },
    /// Writing the file's bytes failed.
    #[error("could not assemble the PDF: {0}")]
    Write(String),
}

/// How the file asks viewers to print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DuplexHint {
    /// One-sided.
    #[default]
    Simplex,
    /// Two-sided, flipped on the long edge.
    LongEdge,
    /// Two-sided, flipped on the short edge.
    ShortEdge,
}

/// Which face of a card a section is (written into the marked content).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardSide {
    /// The face.
    Front,
    /// The back.
    Back,
}

impl CardSide {
    fn name(self) -> &'static [u8] {
        match self {
            CardSide::Front => b"Front",
            CardSide::Back => b"Back",
        }
    }
}

/// A PDF being assembled page by page.
pub struct PdfWriter {
    doc: pp::PdfDocument,
    fonts: BTreeMap<Font, pp::FontId>,
    images: BTreeMap<String, pp::XObjectId>,
    grayscale: bool,
}

/// Resource names of the embedded faces. Six capital letters: PDF readers
/// take the first six letters of a subset font's name as its subset tag.
fn font_resource(font: Font) -> &'static str {
    match font {
        Font::Regular => "TLSANS",
        Font::Bold => "TLBOLD",
        Font::Condensed => "TLCOND",
    }
}

impl PdfWriter {
    /// A new document with the embedded fonts registered, titled `title`.
    pub fn new(title: &str) -> Result<PdfWriter, PdfError> {
        Self::with_info(&DocInfo {
            title: title.to_string(),
            ..DocInfo::default()
        })
    }

    /// A new document whose metadata says what it is: title, author, the
    /// decks as subject and keywords, and the time it was made.
    pub fn with_info(info: &DocInfo) -> Result<PdfWriter, PdfError> {
        let mut doc = pp::PdfDocument::new(&info.title);
        doc.metadata.info.creator = "Touchline".into();
        doc.metadata.info.producer = "Touchline (printpdf)".into();
        doc.metadata.info.author = info.author.clone();
        doc.metadata.info.subject = info.decks.join(", ");
        doc.metadata.info.keywords = info
            .decks
            .iter()
            .cloned()
            .chain(["print-and-play".to_string()])
            .collect();
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
        if let Ok(now) = pp::OffsetDateTime::from_unix_timestamp(secs) {
            doc.metadata.info.creation_date = now;
            doc.metadata.info.modification_date = now;
            doc.metadata.info.metadata_date = now;
        }
        let mut fonts = BTreeMap::new();
        for font in Font::ALL {
            let mut warnings = Vec::new();
            let parsed = pp::ParsedFont::from_bytes(font.bytes(), 0, &mut warnings)
                .ok_or(PdfError::Font(font.family_name()))?;
            let id = pp::FontId(font_resource(font).to_string());
            doc.resources
                .fonts
                .map
                .insert(id.clone(), pp::PdfFont::new(parsed));
            fonts.insert(font, id);
        }
        Ok(PdfWriter {
            doc,
            fonts,
            images: BTreeMap::new(),
            grayscale: false,
        })
    }

    /// Draws every colour, and every picture registered from now on, as
    /// the grey of the same luminance: a proof that shows whether a card
    /// still reads without colour.
    pub fn set_grayscale(&mut self, on: bool) {
        self.grayscale = on;
    }

    /// Registers a picture once; every later use refers to the same object.
    pub fn add_image(&mut self, id: &str, bytes: &[u8]) -> Result<(), PdfError> {
        if self.images.contains_key(id) {
            return Ok(());
        }
        let mut warnings = Vec::new();
        let grey;
        let bytes = if self.grayscale {
            grey = grey_picture(bytes).map_err(|m| PdfError::Image {
                id: id.to_string(),
                message: m,
            })?;
            grey.as_slice()
        } else {
            bytes
        };
        let image =
            pp::RawImage::decode_from_bytes(bytes, &mut warnings).map_err(|m| PdfError::Image {
                id: id.to_string(),
                message: m,
            })?;
        let xid = pp::XObjectId(format!("Im{}", self.images.len() + 1));
        self.doc
            .resources
            .xobjects
            .map
            .insert(xid.clone(), pp::XObject::Image(image));
        self.images.insert(id.to_string(), xid);
        Ok(())
    }

    /// Whether a picture has been registered.
    pub fn has_image(&self, id: &str) -> bool {
        self.images.contains_key(id)
    }

    /// A blank page of the given size in mm to draw on.
    pub fn canvas(&self, width: f32, height: f32) -> PageCanvas<'_> {
        PageCanvas {
            width,
            height,
            ops: vec![
                // Round joins keep sharp polygon corners (stars, shirts) tidy.
                pp::Op::SetLineJoinStyle {
                    join: pp::LineJoinStyle::Round,
                },
            ],
            fonts: &self.fonts,
            images: &self.images,
            state: vec![GraphicsState::default()],
            grayscale: self.grayscale,
        }
    }

    /// Adds a finished page.
    pub fn add_page(&mut self, width: f32, height: f32, ops: Vec<pp::Op>) {
        self.doc
            .pages
            .push(pp::PdfPage::new(pp::Mm(width), pp::Mm(height), ops));
    }

    /// Number of pages so far.
    pub fn page_count(&self) -> usize {
        self.doc.pages.len()
    }

    /// The finished file: fonts subset, streams compressed, and viewer
    /// preferences asking for no print scaling (and the duplex mode).
    pub fn finish(self, duplex: DuplexHint) -> Result<Vec<u8>, PdfError> {
        use lopdf::Object;
        let opts = pp::PdfSaveOptions {
            optimize: true,
            subset_fonts: true,
            secure: true,
            image_optimization: Some(pp::ImageOptimizationOptions {
                quality: Some(0.92),
                max_image_size: None,
                dither_greyscale: None,
                convert_to_greyscale: Some(false),
                auto_optimize: Some(true),
                format: Some(pp::ImageCompression::Auto),
            }),
        };
        let mut warnings = Vec::new();
        let mut doc = self.doc.to_lopdf_document(&opts, &mut warnings);
        // PrintScaling and Duplex are PDF 1.6/1.7 viewer preferences.
        doc.version = "1.7".into();
        let mut prefs = lopdf::Dictionary::new();
        prefs.set("PrintScaling", Object::Name(b"None".to_vec()));
        let duplex_name: &[u8] = match duplex {
            DuplexHint::Simplex => b"Simplex",
            DuplexHint::LongEdge => b"DuplexFlipLongEdge",
            DuplexHint::ShortEdge => b"DuplexFlipShortEdge",
        };
        prefs.set("Duplex", Object::Name(duplex_name.to_vec()));
        let catalog = doc
            .catalog_mut()
            .map_err(|e| PdfError::Write(format!("no document catalog: {e}")))?;
        catalog.set("ViewerPreferences", Object::Dictionary(prefs));
        // Every file gets an identifier of its own (print shops and
        // document tools tell files apart by it): made from the time, the
        // process and a per-process random key.
        let id = Object::String(file_id().to_vec(), lopdf::StringFormat::Hexadecimal);
        doc.trailer.set("ID", Object::Array(vec![id.clone(), id]));
        compress_streams(&mut doc)?;
        let mut out = Vec::new();
        doc.save_to(&mut out)
            .map_err(|e| PdfError::Write(e.to_string()))?;
        Ok(out)
    }
}

/// What the document's metadata says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DocInfo {
    /// The title (`Booked! Core Set print-and-play`).
    pub title: String,
    /// The author.
    pub author: String,
    /// The decks printed, by name.
    pub decks: Vec<String>,
}

/// Sixteen bytes no other export shares: the time in nanoseconds, the
/// process id and a counter, hashed with a key random per process.
fn file_id() -> [u8; 16] {
    use std::hash::{BuildHasher as _, Hasher as _};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let keys = std::collections::hash_map::RandomState::new();
    let mut out = [0u8; 16];
    for (i, chunk) in out.chunks_mut(8).enumerate() {
        let mut h = keys.build_hasher();
        h.write_usize(i);
        h.write_u128(nanos);
        h.write_u32(std::process::id());
        h.write_u64(count);
        chunk.copy_from_slice(&h.finish().to_be_bytes());
    }
    out
}

/// Deflates every stream that is not compressed yet. lopdf's own
/// `compress` uses the slowest zlib level (35 ms for a 198-card set);
/// level 2 takes a third of that and the file stays well under 1 MB.
fn compress_streams(doc: &mut lopdf::Document) -> Result<(), PdfError> {
    for object in doc.objects.values_mut() {
        let lopdf::Object::Stream(stream) = object else {
            continue;
        };
        if stream.dict.get(b"Filter").is_ok() || !stream.allows_compression {
            continue;
        }
        let mut enc = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(2));
        enc.write_all(&stream.content)
            .map_err(|e| PdfError::Write(e.to_string()))?;
        let packed = enc.finish().map_err(|e| PdfError::Write(e.to_string()))?;
        if packed.len() < stream.content.len() {
            stream
                .dict
                .set("Filter", lopdf::Object::Name(b"FlateDecode".to_vec()));
            stream.set_content(packed);
        }
    }
    Ok(())
}

/// The graphics state last written, so unchanged settings are not repeated.
#[derive(Clone, Debug, Default, PartialEq)]
struct GraphicsState {
    fill: Option<Rgb>,
    stroke: Option<Rgb>,
    width: Option<f32>,
    dash: Option<Option<(f32, f32)>>,
}

/// One page's drawing operations.
pub struct PageCanvas<'a> {
    width: f32,
    height: f32,
    ops: Vec<pp::Op>,
    fonts: &'a BTreeMap<Font, pp::FontId>,
    images: &'a BTreeMap<String, pp::XObjectId>,
    state: Vec<GraphicsState>,
    grayscale: bool,
}

/// Millimetres to points, rounded to 0.01 pt (0.0035 mm): far finer than
/// any printer, and short numbers keep the content streams small and fast
/// to write.
fn pt_of(mm: f32) -> f32 {
    (mm_to_pt(mm) * 100.0).round() / 100.0
}

/// A picture as a PNG of its greys (the alpha kept).
fn grey_picture(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let img = ::image::load_from_memory(bytes).map_err(|e| e.to_string())?;
    let mut out = std::io::Cursor::new(Vec::new());
    img.grayscale()
        .write_to(&mut out, ::image::ImageFormat::Png)
        .map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}

/// The relative luminance of `c` (WCAG's, from linear sRGB), 0 to 1: what
/// a grey copy keeps.
pub fn luminance(c: Rgb) -> f64 {
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

/// The grey of the same relative luminance as `c`, so light and dark, and
/// the contrast between two colours, stay as they were.
pub fn grey_of(c: Rgb) -> Rgb {
    let y = luminance(c);
    let v = if y <= 0.003_130_8 {
        y * 12.92
    } else {
        1.055 * y.powf(1.0 / 2.4) - 0.055
    };
    let g = (v * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgb(g, g, g)
}

fn color(c: Rgb) -> pp::Color {
    // Three decimals distinguish all 256 levels of a channel.
    let ch = |v: u8| (f32::from(v) / 255.0 * 1000.0).round() / 1000.0;
    pp::Color::Rgb(pp::Rgb {
        r: ch(c.0),
        g: ch(c.1),
        b: ch(c.2),
        icc_profile: None,
    })
}

/// Control-point distance for a quarter circle drawn as one Bézier curve.
const KAPPA: f32 = 0.552_284_8;

impl PageCanvas<'_> {
    /// Page width in mm.
    pub fn width(&self) -> f32 {
        self.width
    }

    /// Page height in mm.
    pub fn height(&self) -> f32 {
        self.height
    }

    /// The page point for a point in mm from the page's top-left corner:
    /// the one place units are converted and Y is flipped.
    pub fn pt(&self, x: f32, y: f32) -> pp::Point {
        pp::Point {
            x: pp::Pt(pt_of(x)),
            y: pp::Pt(pt_of(self.height - y)),
        }
    }

    /// The operations, to hand to [`PdfWriter::add_page`].
    pub fn into_ops(self) -> Vec<pp::Op> {
        self.ops
    }

    fn current(&mut self) -> &mut GraphicsState {
        if self.state.is_empty() {
            self.state.push(GraphicsState::default());
        }
        let last = self.state.len() - 1;
        &mut self.state[last]
    }

    fn save(&mut self) {
        self.ops.push(pp::Op::SaveGraphicsState);
        let top = self.state.last().cloned().unwrap_or_default();
        self.state.push(top);
    }

    fn restore(&mut self) {
        self.ops.push(pp::Op::RestoreGraphicsState);
        if self.state.len() > 1 {
            self.state.pop();
        }
    }

    /// A colour as this page prints it.
    fn ink(&self, c: Rgb) -> Rgb {
        if self.grayscale { grey_of(c) } else { c }
    }

    fn set_fill(&mut self, c: Rgb) {
        let c = self.ink(c);
        if self.current().fill != Some(c) {
            self.current().fill = Some(c);
            self.ops.push(pp::Op::SetFillColor { col: color(c) });
        }
    }

    fn set_stroke(&mut self, s: &Stroke) {
        let c = self.ink(s.color);
        if self.current().stroke != Some(c) {
            self.current().stroke = Some(c);
            self.ops.push(pp::Op::SetOutlineColor { col: color(c) });
        }
        let w = pt_of(s.width);
        if self.current().width != Some(w) {
            self.current().width = Some(w);
            self.ops.push(pp::Op::SetOutlineThickness { pt: pp::Pt(w) });
        }
        if self.current().dash != Some(s.dash) {
            self.current().dash = Some(s.dash);
            let dash = match s.dash {
                Some((on, off)) => pp::LineDashPattern::new(0.0, &[pt_of(on), pt_of(off)]),
                None => pp::LineDashPattern::solid(),
            };
            self.ops.push(pp::Op::SetLineDashPattern { dash });
        }
    }

    fn mode(&mut self, fill: Option<Rgb>, stroke: Option<&Stroke>) -> Option<pp::PaintMode> {
        if let Some(f) = fill {
            self.set_fill(f);
        }
        if let Some(s) = stroke {
            self.set_stroke(s);
        }
        match (fill.is_some(), stroke.is_some()) {
            (true, true) => Some(pp::PaintMode::FillStroke),
            (true, false) => Some(pp::PaintMode::Fill),
            (false, true) => Some(pp::PaintMode::Stroke),
            (false, false) => None,
        }
    }

    /// A rectangle in page mm as a PDF rectangle (bottom-left origin).
    fn rect(&self, r: Rect, mode: pp::PaintMode) -> pp::Rect {
        let p = self.pt(r.x, r.bottom());
        pp::Rect {
            x: p.x,
            y: p.y,
            width: pp::Pt(pt_of(r.w)),
            height: pp::Pt(pt_of(r.h)),
            mode: Some(mode),
            winding_order: Some(pp::WindingOrder::NonZero),
        }
    }

    /// The outline of a rounded rectangle as a closed path.
    fn rounded(&self, r: Rect, radius: f32) -> Vec<pp::LinePoint> {
        let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
        let k = rad * (1.0 - KAPPA);
        let (x0, y0, x1, y1) = (r.x, r.y, r.right(), r.bottom());
        let p = |x: f32, y: f32, bezier: bool| pp::LinePoint {
            p: self.pt(x, y),
            bezier,
        };
        vec![
            p(x0 + rad, y0, false),
            p(x1 - rad, y0, false),
            p(x1 - k, y0, true),
            p(x1, y0 + k, true),
            p(x1, y0 + rad, false),
            p(x1, y1 - rad, false),
            p(x1, y1 - k, true),
            p(x1 - k, y1, true),
            p(x1 - rad, y1, false),
            p(x0 + rad, y1, false),
            p(x0 + k, y1, true),
            p(x0, y1 - k, true),
            p(x0, y1 - rad, false),
            p(x0, y0 + rad, false),
            p(x0, y0 + k, true),
            p(x0 + k, y0, true),
            p(x0 + rad, y0, false),
        ]
    }

    fn ellipse(&self, c: Point, rx: f32, ry: f32) -> Vec<pp::LinePoint> {
        let (kx, ky) = (rx * KAPPA, ry * KAPPA);
        let p = |x: f32, y: f32, bezier: bool| pp::LinePoint {
            p: self.pt(x, y),
            bezier,
        };
        vec![
            p(c.x + rx, c.y, false),
            p(c.x + rx, c.y + ky, true),
            p(c.x + kx, c.y + ry, true),
            p(c.x, c.y + ry, false),
            p(c.x - kx, c.y + ry, true),
            p(c.x - rx, c.y + ky, true),
            p(c.x - rx, c.y, false),
            p(c.x - rx, c.y - ky, true),
            p(c.x - kx, c.y - ry, true),
            p(c.x, c.y - ry, false),
            p(c.x + kx, c.y - ry, true),
            p(c.x + rx, c.y - ky, true),
            p(c.x + rx, c.y, false),
        ]
    }

    fn path(&mut self, points: Vec<pp::LinePoint>, mode: pp::PaintMode) {
        self.ops.push(pp::Op::DrawPolygon {
            polygon: pp::Polygon {
                rings: vec![pp::PolygonRing { points }],
                mode,
                winding_order: pp::WindingOrder::NonZero,
            },
        });
    }

    /// Clips what follows (until the matching restore) to `r`.
    fn clip(&mut self, r: Rect, radius: f32) {
        if radius > 0.0 {
            let pts = self.rounded(r, radius);
            self.path(pts, pp::PaintMode::Clip);
        } else {
            let rect = self.rect(r, pp::PaintMode::Clip);
            self.ops.push(pp::Op::DrawRectangle { rectangle: rect });
        }
    }

    /// Draws a card's scene with its trim box's top-left corner at
    /// `origin` (page mm), clipped to its bleed box and tagged with its id.
    pub fn draw_card(&mut self, scene: &Scene, origin: Point, id: &str, side: CardSide) {
        let mut props = BTreeMap::new();
        props.insert(
            "Id".to_string(),
            pp::DictItem::String {
                data: id.as_bytes().to_vec(),
                literal: true,
            },
        );
        props.insert("Side".to_string(), pp::DictItem::Name(side.name().to_vec()));
        self.ops.push(pp::Op::BeginMarkedContentWithProperties {
            tag: "Card".into(),
            properties: pp::DictItem::Dict { map: props },
        });
        self.save();
        self.clip(scene.bleed_box().translate(origin.x, origin.y), 0.0);
        self.draw_scene(scene, origin);
        self.restore();
        self.ops.push(pp::Op::EndMarkedContent);
    }

    /// Draws every primitive of `scene` offset by `origin` (page mm).
    pub fn draw_scene(&mut self, scene: &Scene, origin: Point) {
        let (ox, oy) = (origin.x, origin.y);
        for item in &scene.items {
            match &item.shape {
                Shape::Rect {
                    rect,
                    radius,
                    fill,
                    stroke,
                } => {
                    let Some(mode) = self.mode(*fill, stroke.as_ref()) else {
                        continue;
                    };
                    let r = rect.translate(ox, oy);
                    if *radius > 0.0 {
                        let pts = self.rounded(r, *radius);
                        self.path(pts, mode);
                    } else {
                        let rect = self.rect(r, mode);
                        self.ops.push(pp::Op::DrawRectangle { rectangle: rect });
                    }
                }
                Shape::Ellipse {
                    center,
                    rx,
                    ry,
                    fill,
                    stroke,
                } => {
                    let Some(mode) = self.mode(*fill, stroke.as_ref()) else {
                        continue;
                    };
                    let c = Point {
                        x: center.x + ox,
                        y: center.y + oy,
                    };
                    let pts = self.ellipse(c, *rx, *ry);
                    self.path(pts, mode);
                }
                Shape::Line { from, to, stroke } => {
                    self.set_stroke(stroke);
                    let points = vec![
                        pp::LinePoint {
                            p: self.pt(from.x + ox, from.y + oy),
                            bezier: false,
                        },
                        pp::LinePoint {
                            p: self.pt(to.x + ox, to.y + oy),
                            bezier: false,
                        },
                    ];
                    self.ops.push(pp::Op::DrawLine {
                        line: pp::Line {
                            points,
                            is_closed: false,
                        },
                    });
                }
                Shape::Polygon {
                    points,
                    fill,
                    stroke,
                } => {
                    let Some(mode) = self.mode(*fill, stroke.as_ref()) else {
                        continue;
                    };
                    let pts = points
                        .iter()
                        .map(|p| pp::LinePoint {
                            p: self.pt(p.x + ox, p.y + oy),
                            bezier: false,
                        })
                        .collect();
                    self.path(pts, mode);
                }
                Shape::Text(block) => self.text(block, origin),
                Shape::Image {
                    id,
                    rect,
                    clip,
                    radius,
                } => {
                    let Some(xid) = self.images.get(id).cloned() else {
                        continue;
                    };
                    self.save();
                    self.clip(clip.translate(ox, oy), *radius);
                    let r = rect.translate(ox, oy);
                    let bottom_left = self.pt(r.x, r.bottom());
                    self.ops.push(pp::Op::UseXobject {
                        id: xid,
                        transform: pp::XObjectTransform {
                            translate_x: Some(bottom_left.x),
                            translate_y: Some(bottom_left.y),
                            rotate: None,
                            scale_x: Some(pt_of(r.w)),
                            scale_y: Some(pt_of(r.h)),
                            dpi: None,
                            // The image is a unit square; the scale above
                            // maps it straight to its box in points.
                            no_auto_scale: true,
                        },
                    });
                    self.restore();
                }
            }
        }
    }

    fn text(&mut self, block: &TextBlock, origin: Point) {
        let Some(font) = self.fonts.get(&block.font).cloned() else {
            return;
        };
        self.set_fill(block.color);
        self.ops.push(pp::Op::StartTextSection);
        self.ops.push(pp::Op::SetFont {
            font: pp::PdfFontHandle::External(font.clone()),
            size: pp::Pt(pt_of(block.size)),
        });
        for line in &block.lines {
            let p = self.pt(line.x + origin.x, line.baseline + origin.y);
            self.ops.push(pp::Op::SetTextMatrix {
                matrix: pp::TextMatrix::Translate(p.x, p.y),
            });
            self.ops.push(pp::Op::ShowText {
                items: vec![pp::TextItem::Text(line.text.clone())],
            });
        }
        self.ops.push(pp::Op::EndTextSection);
        // A symbol the bold face has only at book weight gets an outline
        // of its own colour on top, so it prints as solid as the letters.
        let thin: Vec<_> = block
            .lines
            .iter()
            .flat_map(|l| block.fake_bold(l).into_iter().map(move |g| (l, g)))
            .collect();
        if thin.is_empty() {
            return;
        }
        self.save();
        let c = self.ink(block.color);
        self.ops.push(pp::Op::SetOutlineColor { col: color(c) });
        self.ops.push(pp::Op::StartTextSection);
        self.ops.push(pp::Op::SetFont {
            font: pp::PdfFontHandle::External(font),
            size: pp::Pt(pt_of(block.size)),
        });
        self.ops.push(pp::Op::SetTextRenderingMode {
            mode: pp::TextRenderingMode::FillStroke,
        });
        for (line, (c, dx, width)) in thin {
            self.ops.push(pp::Op::SetOutlineThickness {
                pt: pp::Pt(pt_of(width)),
            });
            let p = self.pt(line.x + dx + origin.x, line.baseline + origin.y);
            self.ops.push(pp::Op::SetTextMatrix {
                matrix: pp::TextMatrix::Translate(p.x, p.y),
            });
            self.ops.push(pp::Op::ShowText {
                items: vec![pp::TextItem::Text(c.to_string())],
            });
        }
        self.ops.push(pp::Op::EndTextSection);
        self.restore();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::scene::{Align, TextLine};

    #[test]
    fn greys_keep_the_luminance_of_their_colour() {
        assert_eq!(grey_of(Rgb(255, 255, 255)), Rgb(255, 255, 255));
        assert_eq!(grey_of(Rgb(0, 0, 0)), Rgb(0, 0, 0));
        // Pure red has a fifth of white's luminance: a middle grey.
        assert_eq!(grey_of(Rgb(255, 0, 0)), Rgb(127, 127, 127));
        // Yellow is far lighter than blue, and stays so.
        let (Rgb(y, ..), Rgb(b, ..)) = (grey_of(Rgb(255, 255, 0)), grey_of(Rgb(0, 0, 255)));
        assert!(y > 240 && b < 80, "{y} {b}");
        assert_eq!(grey_of(Rgb(90, 90, 90)), Rgb(90, 90, 90));
    }

    #[test]
    fn a_page_with_text_and_shapes_is_a_valid_pdf() {
        let mut w = PdfWriter::new("t").unwrap_or_else(|e| panic!("{e}"));
        let mut scene = Scene::new(63.5, 88.9, 1.0);
        scene.push(
            "bg",
            Shape::Rect {
                rect: scene.bleed_box(),
                radius: 0.0,
                fill: Some(Rgb(255, 210, 31)),
                stroke: None,
            },
        );
        scene.push(
            "title",
            Shape::Text(TextBlock {
                font: Font::Bold,
                size: 5.0,
                color: Rgb(0, 0, 0),
                align: Align::Left,
                bounds: Rect::new(5.0, 5.0, 50.0, 10.0),
                lines: vec![TextLine {
                    text: "Weißhaupt ⚡".into(),
                    x: 5.0,
                    baseline: 10.0,
                    width: 30.0,
                }],
                cut: false,
            }),
        );
        let mut page = w.canvas(210.0, 297.0);
        let p = page.pt(10.0, 20.0);
        assert!((p.x.0 - mm_to_pt(10.0)).abs() < 0.01 && (p.y.0 - mm_to_pt(277.0)).abs() < 0.01);
        page.draw_card(
            &scene,
            Point { x: 10.0, y: 20.0 },
            "yellow-1",
            CardSide::Front,
        );
        let ops = page.into_ops();
        w.add_page(210.0, 297.0, ops);
        let bytes = w
            .finish(DuplexHint::LongEdge)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(bytes.starts_with(b"%PDF-1.7"));
        let doc = lopdf::Document::load_mem(&bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(doc.get_pages().len(), 1);
        // The bold title's ⚡ is drawn once more, filled and outlined
        // (text rendering mode 2), at the ⚡'s place after "Weißhaupt ".
        let Some((_, page_id)) = doc.get_pages().into_iter().next() else {
            panic!("no page")
        };
        let content = doc
            .get_and_decode_page_content(page_id)
            .unwrap_or_else(|e| panic!("{e}"));
        let ops: Vec<_> = content.operations.iter().collect();
        let mode = ops
            .iter()
            .position(|o| {
                o.operator == "Tr" && o.operands.first().and_then(|v| v.as_i64().ok()) == Some(2)
            })
            .unwrap_or_else(|| panic!("no fill-and-stroke text: {ops:?}"));
        let shown: Vec<_> = ops
            .iter()
            .skip(mode)
            .filter(|o| o.operator == "Tj" || o.operator == "TJ")
            .collect();
        assert_eq!(shown.len(), 1, "only the ⚡ is drawn again");
        let widths: Vec<f32> = ops
            .iter()
            .filter(|o| o.operator == "w")
            .filter_map(|o| o.operands.first().and_then(|v| v.as_float().ok()))
            .collect();
        let want = mm_to_pt(5.0 * crate::layout::scene::FAKE_BOLD_STROKE);
        assert!(widths.iter().any(|w| (w - want).abs() < 0.01), "{widths:?}");
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            text.contains("PrintScaling"),
            "viewer preferences are written"
        );
    }
}
