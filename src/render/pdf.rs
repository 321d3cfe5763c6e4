//! The PDF backend: draws Scenes on pages and writes the file's bytes.
//!
//! Scenes are in mm with y down; PDF is in points with y up, so every
//! coordinate goes through [`PageCanvas::pt`] (flip Y, convert units) and
//! nowhere else. A card is drawn in its own coordinates (its trim box's
//! top-left corner at the origin) and moved into place with one `cm`, so
//! two cards that look alike are the same bytes and compress to almost
//! nothing; a deck's shared back is stored once as a form XObject and
//! placed with `Do`. Text is drawn exactly where layout placed it,
//! unkerned, in the embedded DejaVu faces, subset to the glyphs the file
//! uses ([`crate::render::subset`]) under subset tags drawn fresh for each
//! file. Each card is wrapped in a clip to what it may paint and a `/Card`
//! marked-content section naming its id and side, so tools (and our
//! tests) can find every card in the file. Pictures are stored once and
//! reused by reference.
//!
//! The file claims no standard it does not meet: no PDF/X or PDF/A keys,
//! no output intent; colours are plain device RGB. This module writes
//! bytes; it does not touch the file system.

use crate::cards::Rgb;
use crate::layout::Font;
use crate::layout::scene::{Point, Rect, Scene, Shape, Stroke, TextBlock};
use crate::render::subset;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::Write as _;

/// Points per millimetre.
const K: f32 = 72.0 / 25.4;

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
    fn name(self) -> &'static str {
        match self {
            CardSide::Front => "Front",
            CardSide::Back => "Back",
        }
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

/// Glyphs used, per face: the glyph id and the text it stands for.
type Glyphs = BTreeMap<Font, BTreeMap<u16, char>>;

/// A picture stored in the file.
struct StoredImage {
    /// Its resource name (`Im1`).
    name: String,
    width: u32,
    height: u32,
    /// `DeviceRGB` or `DeviceGray`.
    space: &'static str,
    /// JPEG bytes kept as they are, or raw samples to deflate.
    data: ImageData,
    /// Raw alpha samples, when the picture has transparency.
    alpha: Option<Vec<u8>>,
}

enum ImageData {
    Jpeg(Vec<u8>),
    Raw(Vec<u8>),
}

/// A drawing stored once in the file and placed many times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormId(usize);

struct Form {
    /// Its bounding box in its own points: x0, y0, x1, y1.
    bbox: [f32; 4],
    content: Vec<u8>,
}

struct Page {
    width: f32,
    height: f32,
    content: Vec<u8>,
}

/// What a canvas drew: the content stream and the glyphs it used.
pub struct PageContent {
    bytes: Vec<u8>,
    glyphs: Glyphs,
}

/// A PDF being assembled page by page.
pub struct PdfWriter {
    info: DocInfo,
    grayscale: bool,
    glyphs: Glyphs,
    images: BTreeMap<String, StoredImage>,
    forms: Vec<Form>,
    pages: Vec<Page>,
    id: [u8; 16],
}

/// The resource name of a face in content streams.
fn font_resource(font: Font) -> &'static str {
    match font {
        Font::Regular => "F1",
        Font::Bold => "F2",
        Font::Condensed => "F3",
    }
}

/// The PostScript name of a face.
fn font_name(font: Font) -> &'static str {
    match font {
        Font::Regular => "DejaVuSans",
        Font::Bold => "DejaVuSans-Bold",
        Font::Condensed => "DejaVuSansCondensed-Bold",
    }
}

impl PdfWriter {
    /// A new document titled `title`.
    pub fn new(title: &str) -> Result<PdfWriter, PdfError> {
        Self::with_info(&DocInfo {
            title: title.to_string(),
            ..DocInfo::default()
        })
    }

    /// A new document whose metadata says what it is: title, author, the
    /// decks as subject and keywords, and the time it was made.
    pub fn with_info(info: &DocInfo) -> Result<PdfWriter, PdfError> {
        Ok(PdfWriter {
            info: info.clone(),
            grayscale: false,
            glyphs: Glyphs::new(),
            images: BTreeMap::new(),
            forms: Vec::new(),
            pages: Vec::new(),
            id: file_id(),
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
        let err = |m: String| PdfError::Image {
            id: id.to_string(),
            message: m,
        };
        let format = ::image::guess_format(bytes).map_err(|e| err(e.to_string()))?;
        let img = ::image::load_from_memory(bytes).map_err(|e| err(e.to_string()))?;
        let (width, height) = (img.width(), img.height());
        let has_alpha = img.color().has_alpha();
        let grey = self.grayscale || !img.color().has_color();
        let alpha = has_alpha.then(|| img.to_luma_alpha8().pixels().map(|p| p.0[1]).collect());
        let data = match (format, grey, img.color()) {
            // A JPEG is kept as it is: its own compression beats deflate.
            (::image::ImageFormat::Jpeg, false, ::image::ColorType::Rgb8) => {
                ImageData::Jpeg(bytes.to_vec())
            }
            (::image::ImageFormat::Jpeg, true, ::image::ColorType::L8) => {
                ImageData::Jpeg(bytes.to_vec())
            }
            (_, true, _) => ImageData::Raw(img.to_luma8().into_raw()),
            (_, false, _) => ImageData::Raw(img.to_rgb8().into_raw()),
        };
        let name = format!("Im{}", self.images.len() + 1);
        self.images.insert(
            id.to_string(),
            StoredImage {
                name,
                width,
                height,
                space: if grey { "DeviceGray" } else { "DeviceRGB" },
                data,
                alpha: alpha.filter(|a: &Vec<u8>| a.iter().any(|v| *v != 255)),
            },
        );
        Ok(())
    }

    /// Whether a picture has been registered.
    pub fn has_image(&self, id: &str) -> bool {
        self.images.contains_key(id)
    }

    /// A blank page of the given size in mm to draw on.
    pub fn canvas(&self, width: f32, height: f32) -> PageCanvas<'_> {
        let mut out = Vec::with_capacity(32 * 1024);
        // Round joins keep sharp polygon corners (stars, shirts) tidy.
        out.extend_from_slice(b"1 j\n");
        PageCanvas {
            width,
            height,
            flip: height,
            out,
            images: &self.images,
            state: vec![GraphicsState::default()],
            grayscale: self.grayscale,
            glyphs: Glyphs::new(),
        }
    }

    fn take_glyphs(&mut self, glyphs: Glyphs) {
        for (font, used) in glyphs {
            self.glyphs.entry(font).or_default().extend(used);
        }
    }

    /// Adds a finished page.
    pub fn add_page(&mut self, width: f32, height: f32, content: PageContent) {
        self.take_glyphs(content.glyphs);
        self.pages.push(Page {
            width,
            height,
            content: content.bytes,
        });
    }

    /// Stores `scene` once, drawn in its own coordinates, to be placed on
    /// any number of pages with [`PageCanvas::draw_form`].
    pub fn add_form(&mut self, scene: &Scene) -> FormId {
        let mut canvas = self.canvas(scene.width, scene.height);
        canvas.flip = 0.0;
        canvas.out.clear();
        canvas.out.extend_from_slice(b"1 j\n");
        canvas.draw_scene(scene, Point::default());
        let content = canvas.into_ops();
        let b = scene.bleed_box();
        let bbox = [
            pt_of(b.x),
            pt_of(-b.bottom()),
            pt_of(b.right()),
            pt_of(-b.y),
        ];
        self.take_glyphs(content.glyphs);
        self.forms.push(Form {
            bbox,
            content: content.bytes,
        });
        FormId(self.forms.len() - 1)
    }

    /// Number of pages so far.
    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// The finished file: fonts subset, streams compressed, and viewer
    /// preferences asking for no print scaling (and the duplex mode).
    pub fn finish(self, duplex: DuplexHint) -> Result<Vec<u8>, PdfError> {
        let mut file = ObjectFile::default();
        let catalog = file.reserve();
        let pages_id = file.reserve();
        let resources_id = file.reserve();
        let info_id = file.reserve();

        // Fonts: one subset tag per face, new for every file.
        let mut font_refs = Vec::new();
        for (n, (font, used)) in self.glyphs.iter().enumerate() {
            let tag = subset_tag(&self.id, n);
            let r = write_font(&mut file, *font, used, &tag)?;
            font_refs.push((font_resource(*font), r));
        }
        // Pictures.
        let mut xobjects: Vec<(String, usize)> = Vec::new();
        for img in self.images.values() {
            let smask = img.alpha.as_ref().map(|a| {
                file.stream(
                    format!(
                        "/Type/XObject/Subtype/Image/Width {}/Height {}/ColorSpace/DeviceGray/BitsPerComponent 8",
                        img.width, img.height
                    ),
                    a.clone(),
                    true,
                )
            });
            let smask = smask.map_or(String::new(), |s| format!("/SMask {s} 0 R"));
            let dict = format!(
                "/Type/XObject/Subtype/Image/Width {}/Height {}/ColorSpace/{}/BitsPerComponent 8{smask}",
                img.width, img.height, img.space
            );
            let id = match &img.data {
                ImageData::Jpeg(bytes) => {
                    file.stream(format!("{dict}/Filter/DCTDecode"), bytes.clone(), false)
                }
                ImageData::Raw(bytes) => file.stream(dict, bytes.clone(), true),
            };
            xobjects.push((img.name.clone(), id));
        }
        // Forms share the pages' resources.
        for (i, form) in self.forms.iter().enumerate() {
            let [x0, y0, x1, y1] = form.bbox;
            let id = file.stream(
                format!(
                    "/Type/XObject/Subtype/Form/BBox[{} {} {} {}]/Resources {resources_id} 0 R",
                    fmt_num(x0),
                    fmt_num(y0),
                    fmt_num(x1),
                    fmt_num(y1)
                ),
                form.content.clone(),
                true,
            );
            xobjects.push((format!("Fm{}", i + 1), id));
        }
        let mut resources = String::from("<<");
        if !font_refs.is_empty() {
            resources.push_str("/Font<<");
            for (name, r) in &font_refs {
                resources.push_str(&format!("/{name} {r} 0 R"));
            }
            resources.push_str(">>");
        }
        if !xobjects.is_empty() {
            resources.push_str("/XObject<<");
            for (name, r) in &xobjects {
                resources.push_str(&format!("/{name} {r} 0 R"));
            }
            resources.push_str(">>");
        }
        resources.push_str(">>");
        file.set(resources_id, resources.into_bytes());

        let mut kids = Vec::new();
        for page in &self.pages {
            let content = file.stream(String::new(), page.content.clone(), true);
            let (w, h) = (fmt_num(pt_of(page.width)), fmt_num(pt_of(page.height)));
            let page_id = file.object(
                format!(
                    "<</Type/Page/Parent {pages_id} 0 R/MediaBox[0 0 {w} {h}]/Resources {resources_id} 0 R/Contents {content} 0 R>>"
                )
                .into_bytes(),
            );
            kids.push(format!("{page_id} 0 R"));
        }
        file.set(
            pages_id,
            format!(
                "<</Type/Pages/Count {}/Kids[{}]>>",
                kids.len(),
                kids.join(" ")
            )
            .into_bytes(),
        );
        // PrintScaling and Duplex are PDF 1.6/1.7 viewer preferences.
        let duplex_name = match duplex {
            DuplexHint::Simplex => "Simplex",
            DuplexHint::LongEdge => "DuplexFlipLongEdge",
            DuplexHint::ShortEdge => "DuplexFlipShortEdge",
        };
        file.set(
            catalog,
            format!(
                "<</Type/Catalog/Pages {pages_id} 0 R/ViewerPreferences<</PrintScaling/None/Duplex/{duplex_name}>>>>"
            )
            .into_bytes(),
        );
        let now = pdf_date(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
        );
        let keywords: Vec<&str> = self
            .info
            .decks
            .iter()
            .map(String::as_str)
            .chain(["print-and-play"])
            .collect();
        file.set(
            info_id,
            format!(
                "<</Title{}/Author{}/Subject{}/Keywords{}/Creator(Touchline)/Producer(Touchline)/CreationDate({now})/ModDate({now})>>",
                text_string(&self.info.title),
                text_string(&self.info.author),
                text_string(&self.info.decks.join(", ")),
                text_string(&keywords.join(", ")),
            )
            .into_bytes(),
        );
        file.finish(catalog, info_id, &self.id)
    }
}

/// Six capital letters for face `n` of the file `id`: a subset tag no
/// other export shares, so two subsets of one face never meet under one
/// name when files are merged.
fn subset_tag(id: &[u8; 16], n: usize) -> String {
    let mut v = u64::from_be_bytes(id[..8].try_into().unwrap_or_default())
        ^ u64::from_be_bytes(id[8..].try_into().unwrap_or_default()).rotate_left(n as u32 * 13);
    v = v.wrapping_add(n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (0..6)
        .map(|i| char::from(b'A' + ((v >> (i * 9)) % 26) as u8))
        .collect()
}

/// Writes a face's subset, its descriptor, widths and text map; the id of
/// its Type0 font dictionary.
fn write_font(
    file: &mut ObjectFile,
    font: Font,
    used: &BTreeMap<u16, char>,
    tag: &str,
) -> Result<usize, PdfError> {
    let gids: Vec<u16> = used.keys().copied().collect();
    let s = subset::subset(font.bytes(), &gids).map_err(|_| PdfError::Font(font.family_name()))?;
    let m = font.metrics();
    let name = format!("{tag}+{}", font_name(font));
    let program_len = s.program.len();
    let program = file.stream(format!("/Length1 {program_len}"), s.program, true);
    let scale = 1000.0 / f32::from(s.units_per_em.max(1));
    let [x0, y0, x1, y1] = s.bbox.map(|v| (f32::from(v) * scale).round() as i32);
    let descriptor = file.object(
        format!(
            "<</Type/FontDescriptor/FontName/{name}/Flags 32/FontBBox[{x0} {y0} {x1} {y1}]/ItalicAngle 0/Ascent {}/Descent {}/CapHeight {}/StemV {}/FontFile2 {program} 0 R>>",
            (m.ascent() * 1000.0).round(),
            (m.descent() * 1000.0).round(),
            (m.cap_height() * 1000.0).round(),
            if font == Font::Regular { 80 } else { 140 },
        )
        .into_bytes(),
    );
    // Content streams name glyphs by their id in the whole face (the CID);
    // the map turns those into the subset's ids.
    let max = gids.last().copied().unwrap_or(0) as usize;
    let mut map = vec![0u8; 2 * (max + 1)];
    for (old, new) in &s.new_ids {
        let at = 2 * *old as usize;
        if let Some(slot) = map.get_mut(at..at + 2) {
            slot.copy_from_slice(&new.to_be_bytes());
        }
    }
    let cid_map = file.stream(String::new(), map, true);
    let mut widths = String::new();
    for g in &gids {
        widths.push_str(&format!("{g}[{}]", m.glyph_width(*g).round()));
    }
    let cid_font = file.object(
        format!(
            "<</Type/Font/Subtype/CIDFontType2/BaseFont/{name}/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor {descriptor} 0 R/DW 1000/W[{widths}]/CIDToGIDMap {cid_map} 0 R>>"
        )
        .into_bytes(),
    );
    let to_unicode = file.stream(String::new(), to_unicode(used).into_bytes(), true);
    Ok(file.object(
        format!(
            "<</Type/Font/Subtype/Type0/BaseFont/{name}/Encoding/Identity-H/DescendantFonts[{cid_font} 0 R]/ToUnicode {to_unicode} 0 R>>"
        )
        .into_bytes(),
    ))
}

/// The CMap that turns glyph ids back into text (copying, searching).
fn to_unicode(used: &BTreeMap<u16, char>) -> String {
    let mut out = String::from(
        "/CIDInit/ProcSet findresource begin 12 dict begin begincmap\n\
         /CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def\n\
         /CMapName/Adobe-Identity-UCS def/CMapType 2 def\n\
         1 begincodespacerange <0000><FFFF> endcodespacerange\n",
    );
    let entries: Vec<(&u16, &char)> = used.iter().collect();
    for chunk in entries.chunks(100) {
        out.push_str(&format!("{} beginbfchar\n", chunk.len()));
        for (g, c) in chunk {
            let mut units = [0u16; 2];
            let hex: String = c
                .encode_utf16(&mut units)
                .iter()
                .map(|u| format!("{u:04X}"))
                .collect();
            out.push_str(&format!("<{g:04X}><{hex}>\n"));
        }
        out.push_str("endbfchar\n");
    }
    out.push_str("endcmap CMapName currentdict/CMap defineresource pop end end\n");
    out
}

/// The file's objects, numbered from 1, and its assembly.
#[derive(Default)]
struct ObjectFile {
    objects: Vec<Obj>,
}

enum Obj {
    Empty,
    Plain(Vec<u8>),
    Stream {
        dict: String,
        data: Vec<u8>,
        deflate: bool,
    },
}

impl ObjectFile {
    /// A number for an object written later with [`ObjectFile::set`].
    fn reserve(&mut self) -> usize {
        self.objects.push(Obj::Empty);
        self.objects.len()
    }

    fn set(&mut self, id: usize, body: Vec<u8>) {
        if let Some(o) = self.objects.get_mut(id.wrapping_sub(1)) {
            *o = Obj::Plain(body);
        }
    }

    fn object(&mut self, body: Vec<u8>) -> usize {
        self.objects.push(Obj::Plain(body));
        self.objects.len()
    }

    /// A stream object with `dict`'s entries (without `<<`, `>>` or the
    /// length), deflated when `deflate` says so and it gets smaller.
    fn stream(&mut self, dict: String, data: Vec<u8>, deflate: bool) -> usize {
        self.objects.push(Obj::Stream {
            dict,
            data,
            deflate,
        });
        self.objects.len()
    }

    /// The whole file: every stream deflated (in parallel, at the best
    /// level), the cross-reference table and the trailer.
    fn finish(self, root: usize, info: usize, id: &[u8; 16]) -> Result<Vec<u8>, PdfError> {
        let bodies: Vec<Vec<u8>> = self
            .objects
            .into_par_iter()
            .map(|o| match o {
                Obj::Empty => b"null".to_vec(),
                Obj::Plain(b) => b,
                Obj::Stream {
                    dict,
                    data,
                    deflate,
                } => {
                    let packed = deflate.then(|| deflate_best(&data)).flatten();
                    let (filter, data) = match packed {
                        Some(p) if p.len() < data.len() => ("/Filter/FlateDecode", p),
                        _ => ("", data),
                    };
                    let mut out = Vec::with_capacity(data.len() + dict.len() + 40);
                    out.extend_from_slice(
                        format!("<<{dict}{filter}/Length {}>>stream\n", data.len()).as_bytes(),
                    );
                    out.extend_from_slice(&data);
                    out.extend_from_slice(b"\nendstream");
                    out
                }
            })
            .collect();
        let mut out: Vec<u8> =
            Vec::with_capacity(bodies.iter().map(Vec::len).sum::<usize>() + 4096);
        // A binary comment after the header tells transfer programs the
        // file is not text.
        out.extend_from_slice(b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n");
        let mut offsets = Vec::with_capacity(bodies.len());
        for (i, body) in bodies.iter().enumerate() {
            offsets.push(out.len());
            out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
            out.extend_from_slice(body);
            out.extend_from_slice(b"\nendobj\n");
        }
        let xref = out.len();
        out.extend_from_slice(
            format!("xref\n0 {}\n0000000000 65535 f \n", bodies.len() + 1).as_bytes(),
        );
        for o in offsets {
            out.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
        }
        let hex: String = id.iter().map(|b| format!("{b:02X}")).collect();
        out.extend_from_slice(
            format!(
                "trailer\n<</Size {}/Root {root} 0 R/Info {info} 0 R/ID[<{hex}><{hex}>]>>\nstartxref\n{xref}\n%%EOF\n",
                bodies.len() + 1
            )
            .as_bytes(),
        );
        Ok(out)
    }
}

/// `data` deflated at the best level.
fn deflate_best(data: &[u8]) -> Option<Vec<u8>> {
    let mut enc = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(data.len() / 4),
        flate2::Compression::best(),
    );
    enc.write_all(data).ok()?;
    enc.finish().ok()
}

/// A text string for the document's metadata: literal when plain ASCII,
/// UTF-16 with a byte order mark otherwise.
fn text_string(s: &str) -> String {
    if s.is_ascii() {
        let mut out = String::from("(");
        for c in s.chars() {
            match c {
                '(' | ')' | '\\' => {
                    out.push('\\');
                    out.push(c);
                }
                c if c.is_ascii_control() => out.push(' '),
                c => out.push(c),
            }
        }
        out.push(')');
        out
    } else {
        let hex: String = std::iter::once(0xFEFFu16)
            .chain(s.encode_utf16())
            .map(|u| format!("{u:04X}"))
            .collect();
        format!("<{hex}>")
    }
}

/// `D:YYYYMMDDHHmmSSZ` for seconds since 1970 (UTC).
fn pdf_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "D:{y:04}{m:02}{d:02}{:02}{:02}{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
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

/// The graphics state last written, so unchanged settings are not repeated.
#[derive(Clone, Debug, Default, PartialEq)]
struct GraphicsState {
    fill: Option<Rgb>,
    stroke: Option<Rgb>,
    width: Option<f32>,
    dash: Option<Option<(f32, f32)>>,
}

/// One page's (or one form's) drawing operations.
pub struct PageCanvas<'a> {
    width: f32,
    height: f32,
    /// The y (mm) that lands on PDF y = 0: the page height on a page, 0
    /// inside a card or a form drawn in its own coordinates.
    flip: f32,
    out: Vec<u8>,
    images: &'a BTreeMap<String, StoredImage>,
    state: Vec<GraphicsState>,
    grayscale: bool,
    glyphs: Glyphs,
}

/// Millimetres to points, rounded to 0.01 pt (0.0035 mm): far finer than
/// any printer, and short numbers keep the content streams small and fast
/// to write.
fn pt_of(mm: f32) -> f32 {
    (mm * K * 100.0).round() / 100.0
}

/// A number with at most two decimals and no trailing zeros (`12.5`,
/// `-3`, `0.07`).
fn fmt_num(v: f32) -> String {
    let mut s = Vec::new();
    push_num(&mut s, v, 100);
    String::from_utf8(s).unwrap_or_default()
}

/// Writes `v` rounded to `1/scale` (100 or 1000) without trailing zeros.
fn push_num(out: &mut Vec<u8>, v: f32, scale: i64) {
    let mut n = (f64::from(v) * scale as f64).round() as i64;
    if n < 0 {
        out.push(b'-');
        n = -n;
    }
    let int = n / scale;
    let mut frac = n % scale;
    let _ = write!(out, "{int}");
    if frac != 0 {
        out.push(b'.');
        let mut digits = scale / 10;
        while frac != 0 {
            let d = frac / digits;
            out.push(b'0' + d as u8);
            frac -= d * digits;
            digits /= 10;
        }
    }
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

    /// The point, in PDF points, for a point in mm from the top-left
    /// corner of what is being drawn (the page, or a card in its own
    /// coordinates): the one place units are converted and Y is flipped.
    pub fn pt(&self, x: f32, y: f32) -> (f32, f32) {
        (pt_of(x), pt_of(self.flip - y))
    }

    /// What was drawn, to hand to [`PdfWriter::add_page`].
    pub fn into_ops(self) -> PageContent {
        PageContent {
            bytes: self.out,
            glyphs: self.glyphs,
        }
    }

    fn num(&mut self, v: f32) {
        push_num(&mut self.out, v, 100);
        self.out.push(b' ');
    }

    fn point(&mut self, x: f32, y: f32) {
        let (px, py) = self.pt(x, y);
        self.num(px);
        self.num(py);
    }

    fn op(&mut self, op: &[u8]) {
        self.out.extend_from_slice(op);
        self.out.push(b'\n');
    }

    fn current(&mut self) -> &mut GraphicsState {
        if self.state.is_empty() {
            self.state.push(GraphicsState::default());
        }
        let last = self.state.len() - 1;
        &mut self.state[last]
    }

    fn save(&mut self) {
        self.op(b"q");
        let top = self.state.last().cloned().unwrap_or_default();
        self.state.push(top);
    }

    fn restore(&mut self) {
        self.op(b"Q");
        if self.state.len() > 1 {
            self.state.pop();
        }
    }

    /// A colour as this page prints it.
    fn ink(&self, c: Rgb) -> Rgb {
        if self.grayscale { grey_of(c) } else { c }
    }

    fn color(&mut self, c: Rgb, op: &[u8]) {
        // Three decimals distinguish all 256 levels of a channel.
        for v in [c.0, c.1, c.2] {
            push_num(&mut self.out, f32::from(v) / 255.0, 1000);
            self.out.push(b' ');
        }
        self.op(op);
    }

    fn set_fill(&mut self, c: Rgb) {
        let c = self.ink(c);
        if self.current().fill != Some(c) {
            self.current().fill = Some(c);
            self.color(c, b"rg");
        }
    }

    fn set_stroke(&mut self, s: &Stroke) {
        let c = self.ink(s.color);
        if self.current().stroke != Some(c) {
            self.current().stroke = Some(c);
            self.color(c, b"RG");
        }
        let w = pt_of(s.width);
        if self.current().width != Some(w) {
            self.current().width = Some(w);
            self.num(w);
            self.op(b"w");
        }
        if self.current().dash != Some(s.dash) {
            self.current().dash = Some(s.dash);
            match s.dash {
                Some((on, off)) => {
                    self.out.push(b'[');
                    self.num(pt_of(on));
                    self.num(pt_of(off));
                    self.op(b"] 0 d");
                }
                None => self.op(b"[] 0 d"),
            }
        }
    }

    /// The painting operator for a fill and an outline; `None` when the
    /// shape has neither.
    fn mode(&mut self, fill: Option<Rgb>, stroke: Option<&Stroke>) -> Option<&'static [u8]> {
        if let Some(f) = fill {
            self.set_fill(f);
        }
        if let Some(s) = stroke {
            self.set_stroke(s);
        }
        match (fill.is_some(), stroke.is_some()) {
            (true, true) => Some(b"B"),
            (true, false) => Some(b"f"),
            (false, true) => Some(b"S"),
            (false, false) => None,
        }
    }

    /// A rectangle path (`re`) for `r`.
    fn rect(&mut self, r: Rect) {
        self.point(r.x, r.bottom());
        self.num(pt_of(r.w));
        self.num(pt_of(r.h));
        self.op(b"re");
    }

    fn move_to(&mut self, x: f32, y: f32) {
        self.point(x, y);
        self.op(b"m");
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.point(x, y);
        self.op(b"l");
    }

    fn curve_to(&mut self, p: [(f32, f32); 3]) {
        for (x, y) in p {
            self.point(x, y);
        }
        self.op(b"c");
    }

    /// The outline of a rounded rectangle as a closed path.
    fn rounded(&mut self, r: Rect, radius: f32) {
        let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
        let k = rad * (1.0 - KAPPA);
        let (x0, y0, x1, y1) = (r.x, r.y, r.right(), r.bottom());
        self.move_to(x0 + rad, y0);
        self.line_to(x1 - rad, y0);
        self.curve_to([(x1 - k, y0), (x1, y0 + k), (x1, y0 + rad)]);
        self.line_to(x1, y1 - rad);
        self.curve_to([(x1, y1 - k), (x1 - k, y1), (x1 - rad, y1)]);
        self.line_to(x0 + rad, y1);
        self.curve_to([(x0 + k, y1), (x0, y1 - k), (x0, y1 - rad)]);
        self.line_to(x0, y0 + rad);
        self.curve_to([(x0, y0 + k), (x0 + k, y0), (x0 + rad, y0)]);
        self.op(b"h");
    }

    fn ellipse(&mut self, c: Point, rx: f32, ry: f32) {
        let (kx, ky) = (rx * KAPPA, ry * KAPPA);
        self.move_to(c.x + rx, c.y);
        self.curve_to([(c.x + rx, c.y + ky), (c.x + kx, c.y + ry), (c.x, c.y + ry)]);
        self.curve_to([(c.x - kx, c.y + ry), (c.x - rx, c.y + ky), (c.x - rx, c.y)]);
        self.curve_to([(c.x - rx, c.y - ky), (c.x - kx, c.y - ry), (c.x, c.y - ry)]);
        self.curve_to([(c.x + kx, c.y - ry), (c.x + rx, c.y - ky), (c.x + rx, c.y)]);
        self.op(b"h");
    }

    /// Clips what follows (until the matching restore) to `r`.
    fn clip(&mut self, r: Rect, radius: f32) {
        if radius > 0.0 {
            self.rounded(r, radius);
        } else {
            self.rect(r);
        }
        self.op(b"W n");
    }

    /// Opens a card's marked-content section and clips to `clip` (page mm),
    /// then moves the origin to `origin` (page mm) for drawing the card in
    /// its own coordinates.
    fn begin_card(&mut self, origin: Point, clip: Rect, id: &str, side: CardSide) {
        self.out.extend_from_slice(b"/Card<</Id(");
        for b in id.bytes() {
            if matches!(b, b'(' | b')' | b'\\') {
                self.out.push(b'\\');
            }
            self.out.push(b);
        }
        self.out.extend_from_slice(b")/Side/");
        self.out.extend_from_slice(side.name().as_bytes());
        self.op(b">>BDC");
        self.save();
        self.clip(clip, 0.0);
        self.out.extend_from_slice(b"1 0 0 1 ");
        self.point(origin.x, origin.y);
        self.op(b"cm");
    }

    fn end_card(&mut self) {
        self.restore();
        self.op(b"EMC");
    }

    /// Draws a card's scene with its trim box's top-left corner at
    /// `origin` (page mm), clipped to `clip` (page mm: what the card may
    /// paint) and tagged with its id.
    pub fn draw_card(
        &mut self,
        scene: &Scene,
        origin: Point,
        clip: Rect,
        id: &str,
        side: CardSide,
    ) {
        self.begin_card(origin, clip, id, side);
        let flip = self.flip;
        self.flip = 0.0;
        self.draw_scene(scene, Point::default());
        self.flip = flip;
        self.end_card();
    }

    /// Places the form `form` (a scene stored once) as a card at `origin`,
    /// clipped to `clip`, tagged like [`PageCanvas::draw_card`].
    pub fn draw_form(&mut self, form: FormId, origin: Point, clip: Rect, id: &str, side: CardSide) {
        self.begin_card(origin, clip, id, side);
        self.op(format!("/Fm{} Do", form.0 + 1).as_bytes());
        self.end_card();
    }

    /// Draws every primitive of `scene` offset by `origin` (mm).
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
                        self.rounded(r, *radius);
                    } else {
                        self.rect(r);
                    }
                    self.op(mode);
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
                    self.ellipse(c, *rx, *ry);
                    self.op(mode);
                }
                Shape::Line { from, to, stroke } => {
                    self.set_stroke(stroke);
                    self.move_to(from.x + ox, from.y + oy);
                    self.line_to(to.x + ox, to.y + oy);
                    self.op(b"S");
                }
                Shape::Polygon {
                    points,
                    fill,
                    stroke,
                } => {
                    let Some(mode) = self.mode(*fill, stroke.as_ref()) else {
                        continue;
                    };
                    let Some(first) = points.first() else {
                        continue;
                    };
                    self.move_to(first.x + ox, first.y + oy);
                    for p in points.iter().skip(1) {
                        self.line_to(p.x + ox, p.y + oy);
                    }
                    self.op(b"h");
                    self.op(mode);
                }
                Shape::Text(block) => self.text(block, origin),
                Shape::Image {
                    id,
                    rect,
                    clip,
                    radius,
                } => {
                    let Some(name) = self.images.get(id).map(|i| i.name.clone()) else {
                        continue;
                    };
                    self.save();
                    self.clip(clip.translate(ox, oy), *radius);
                    let r = rect.translate(ox, oy);
                    // The image is a unit square: scale it to its box.
                    self.num(pt_of(r.w));
                    self.out.extend_from_slice(b"0 0 ");
                    self.num(pt_of(r.h));
                    self.point(r.x, r.bottom());
                    self.op(b"cm");
                    self.op(format!("/{name} Do").as_bytes());
                    self.restore();
                }
            }
        }
    }

    /// Writes `text` as a string of glyph ids of `font` (two bytes each),
    /// recording the glyphs for the font's subset.
    fn glyph_string(&mut self, font: Font, text: &str) {
        let m = font.metrics();
        let used = self.glyphs.entry(font).or_default();
        self.out.push(b'(');
        for c in text.chars() {
            let g = m.glyph_id(c);
            used.entry(g).or_insert(c);
            for b in g.to_be_bytes() {
                match b {
                    b'(' | b')' | b'\\' => {
                        self.out.push(b'\\');
                        self.out.push(b);
                    }
                    b'\r' => self.out.extend_from_slice(b"\\r"),
                    b'\n' => self.out.extend_from_slice(b"\\n"),
                    b => self.out.push(b),
                }
            }
        }
        self.out.extend_from_slice(b")Tj\n");
    }

    fn text_lines(&mut self, font: Font, lines: &[(String, f32, f32)], origin: Point) {
        let mut last = (0.0, 0.0);
        for (text, x, baseline) in lines {
            let p = self.pt(x + origin.x, baseline + origin.y);
            self.num(p.0 - last.0);
            self.num(p.1 - last.1);
            self.op(b"Td");
            last = p;
            self.glyph_string(font, text);
        }
    }

    fn text(&mut self, block: &TextBlock, origin: Point) {
        if block.lines.is_empty() {
            return;
        }
        self.set_fill(block.color);
        self.op(b"BT");
        self.out.push(b'/');
        self.out
            .extend_from_slice(font_resource(block.font).as_bytes());
        self.out.push(b' ');
        self.num(pt_of(block.size));
        self.op(b"Tf");
        let lines: Vec<(String, f32, f32)> = block
            .lines
            .iter()
            .map(|l| (l.text.clone(), l.x, l.baseline))
            .collect();
        self.text_lines(block.font, &lines, origin);
        self.op(b"ET");
        // A symbol the bold face has only at book weight gets an outline
        // of its own colour on top, so it prints as solid as the letters.
        let thin: Vec<(String, f32, f32)> = block
            .lines
            .iter()
            .flat_map(|l| {
                block
                    .fake_bold(l)
                    .into_iter()
                    .map(move |(c, dx, _)| (c.to_string(), l.x + dx, l.baseline))
            })
            .collect();
        let Some(width) = block
            .lines
            .iter()
            .flat_map(|l| block.fake_bold(l))
            .map(|(_, _, w)| w)
            .next()
        else {
            return;
        };
        self.save();
        let c = self.ink(block.color);
        self.color(c, b"RG");
        self.op(b"BT");
        self.out.push(b'/');
        self.out
            .extend_from_slice(font_resource(block.font).as_bytes());
        self.out.push(b' ');
        self.num(pt_of(block.size));
        self.op(b"Tf");
        self.op(b"2 Tr");
        self.num(pt_of(width));
        self.op(b"w");
        self.text_lines(block.font, &thin, origin);
        self.op(b"ET");
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
    fn numbers_are_short() {
        assert_eq!(fmt_num(12.5), "12.5");
        assert_eq!(fmt_num(-3.0), "-3");
        assert_eq!(fmt_num(0.07), "0.07");
        assert_eq!(fmt_num(-0.004), "0");
        assert_eq!(fmt_num(841.889_8), "841.89");
        let mut v = Vec::new();
        push_num(&mut v, 0.824, 1000);
        assert_eq!(v, b"0.824");
        assert_eq!(pdf_date(0), "D:19700101000000Z");
        assert_eq!(pdf_date(1_795_000_000), "D:20261118110640Z");
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
        let back = w.add_form(&scene);
        let mut page = w.canvas(210.0, 297.0);
        let p = page.pt(10.0, 20.0);
        assert!((p.0 - 10.0 * K).abs() < 0.01 && (p.1 - 277.0 * K).abs() < 0.01);
        let clip = scene.bleed_box().translate(10.0, 20.0);
        page.draw_card(
            &scene,
            Point { x: 10.0, y: 20.0 },
            clip,
            "yellow-1",
            CardSide::Front,
        );
        page.draw_form(
            back,
            Point { x: 80.0, y: 20.0 },
            clip.translate(70.0, 0.0),
            "yellow-1",
            CardSide::Back,
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
        let want = 5.0 * crate::layout::scene::FAKE_BOLD_STROKE * K;
        assert!(widths.iter().any(|w| (w - want).abs() < 0.01), "{widths:?}");
        assert!(ops.iter().any(|o| o.operator == "Do"), "the form is placed");
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            text.contains("PrintScaling"),
            "viewer preferences are written"
        );
        assert!(!text.contains("GTS_PDFX") && !text.contains("OutputIntent"));
    }
}
