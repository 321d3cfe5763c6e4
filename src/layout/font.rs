//! The fonts cards are set in, embedded in the binary, and their metrics.
//!
//! Layout measures text with these exact files and both backends draw with
//! them (the PDF embeds subsets of the same bytes; egui registers them), so
//! a line that fits in the layout fits on paper and on screen. The fonts are
//! DejaVu (free licence, see `fonts/LICENSE-DejaVu.txt`): they cover
//! accented Latin letters and the ⚡ sign. Nothing here reads files.

use std::sync::OnceLock;

/// DejaVu Sans, for rule text.
pub const DEJAVU_SANS: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold, for numbers and labels.
pub const DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");
/// DejaVu Sans Condensed Bold, for names and titles (long names stay large).
pub const DEJAVU_SANS_CONDENSED_BOLD: &[u8] =
    include_bytes!("../../fonts/DejaVuSansCondensed-Bold.ttf");

/// One of the embedded faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Font {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
    /// DejaVu Sans Condensed Bold.
    Condensed,
}

/// Characters below this code point have their advances cached in a table;
/// it covers Latin, Latin-1 and Latin Extended-A/B, i.e. every name in the
/// default decks.
const CACHED: usize = 0x250;

/// A parsed face with the numbers layout needs, in em units.
pub struct FontMetrics {
    face: Option<ttf_parser::Face<'static>>,
    units_per_em: f32,
    ascent: f32,
    descent: f32,
    cap_height: f32,
    advances: Vec<f32>,
}

impl Font {
    /// Every embedded face.
    pub const ALL: [Font; 3] = [Font::Regular, Font::Bold, Font::Condensed];

    /// The key used in templates (`font = "bold"`).
    pub fn key(self) -> &'static str {
        match self {
            Font::Regular => "regular",
            Font::Bold => "bold",
            Font::Condensed => "condensed",
        }
    }

    /// The face for a template key.
    pub fn from_key(key: &str) -> Option<Font> {
        Font::ALL.into_iter().find(|f| f.key() == key.trim())
    }

    /// The face's own name.
    pub fn family_name(self) -> &'static str {
        match self {
            Font::Regular => "DejaVu Sans",
            Font::Bold => "DejaVu Sans Bold",
            Font::Condensed => "DejaVu Sans Condensed Bold",
        }
    }

    /// The font file.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Font::Regular => DEJAVU_SANS,
            Font::Bold => DEJAVU_SANS_BOLD,
            Font::Condensed => DEJAVU_SANS_CONDENSED_BOLD,
        }
    }

    /// The face's metrics, parsed once per process.
    pub fn metrics(self) -> &'static FontMetrics {
        static CELLS: [OnceLock<FontMetrics>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let cell = match self {
            Font::Regular => &CELLS[0],
            Font::Bold => &CELLS[1],
            Font::Condensed => &CELLS[2],
        };
        cell.get_or_init(|| FontMetrics::parse(self.bytes()))
    }
}

impl FontMetrics {
    fn parse(bytes: &'static [u8]) -> FontMetrics {
        // The embedded files are known-good; should one ever fail to parse,
        // layout falls back to generic metrics rather than panicking.
        let face = ttf_parser::Face::parse(bytes, 0).ok();
        let units_per_em = face
            .as_ref()
            .map_or(1000.0, |f| f32::from(f.units_per_em()));
        let ascent = face
            .as_ref()
            .map_or(0.93, |f| f32::from(f.ascender()) / units_per_em);
        let descent = face
            .as_ref()
            .map_or(-0.24, |f| f32::from(f.descender()) / units_per_em);
        let cap_height = face
            .as_ref()
            .and_then(|f| f.capital_height())
            .map_or(0.73, |h| f32::from(h) / units_per_em);
        let mut metrics = FontMetrics {
            face,
            units_per_em,
            ascent,
            descent,
            cap_height,
            advances: Vec::new(),
        };
        metrics.advances = (0..CACHED as u32)
            .map(|cp| char::from_u32(cp).map_or(0.0, |c| metrics.lookup_advance(c)))
            .collect();
        metrics
    }

    fn lookup_advance(&self, c: char) -> f32 {
        let Some(face) = &self.face else { return 0.6 };
        let gid = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
        face.glyph_hor_advance(gid)
            .map_or(0.0, |a| f32::from(a) / self.units_per_em)
    }

    /// Height above the baseline, in em (positive).
    pub fn ascent(&self) -> f32 {
        self.ascent
    }

    /// Depth below the baseline, in em (negative).
    pub fn descent(&self) -> f32 {
        self.descent
    }

    /// Height of capital letters, in em.
    pub fn cap_height(&self) -> f32 {
        self.cap_height
    }

    /// The advance of one character, in em (what the PDF viewer will use:
    /// text is drawn unkerned, so advances add up exactly).
    pub fn advance(&self, c: char) -> f32 {
        match self.advances.get(c as usize) {
            Some(a) => *a,
            None => self.lookup_advance(c),
        }
    }

    /// The width of `text`, in em.
    pub fn width(&self, text: &str) -> f32 {
        text.chars().map(|c| self.advance(c)).sum()
    }

    /// The glyph that draws `c` (0, the missing-glyph box, when there is
    /// none).
    pub fn glyph_id(&self, c: char) -> u16 {
        self.face
            .as_ref()
            .and_then(|f| f.glyph_index(c))
            .map_or(0, |g| g.0)
    }

    /// The advance of glyph `gid` in thousandths of an em (what a PDF's
    /// font widths give).
    pub fn glyph_width(&self, gid: u16) -> f32 {
        let Some(face) = &self.face else { return 600.0 };
        face.glyph_hor_advance(ttf_parser::GlyphId(gid))
            .map_or(0.0, |a| f32::from(a) * 1000.0 / self.units_per_em)
    }

    /// The font units in an em (glyph outlines are drawn in these).
    pub fn units_per_em(&self) -> f32 {
        self.units_per_em
    }

    /// Draws the outline of glyph `gid` into `builder`, in font units with
    /// y up; false when the glyph has no outline (a space).
    pub fn outline(&self, gid: u16, builder: &mut dyn ttf_parser::OutlineBuilder) -> bool {
        self.face
            .as_ref()
            .and_then(|f| f.outline_glyph(ttf_parser::GlyphId(gid), builder))
            .is_some()
    }

    /// Whether the face has a real glyph for `c` (not the missing-glyph box).
    pub fn has_glyph(&self, c: char) -> bool {
        self.face
            .as_ref()
            .and_then(|f| f.glyph_index(c))
            .is_some_and(|g| g.0 != 0)
    }

    /// The characters of `text` this face would print as boxes.
    pub fn missing_glyphs(&self, text: &str) -> Vec<char> {
        let mut out: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && !self.has_glyph(*c))
            .collect();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_has_the_letters_the_cards_need() {
        for font in Font::ALL {
            let m = font.metrics();
            assert!(m.ascent() > 0.8 && m.descent() < -0.1, "{font:?}");
            assert_eq!(
                m.missing_glyphs("é ñ ł ğ ø ß ü ç Ż ą ę ő ⚡ … · ★"),
                Vec::<char>::new(),
                "{font:?}"
            );
            assert!(m.width("MM") > m.width("ii"));
            assert_eq!(Font::from_key(font.key()), Some(font));
        }
        // Condensed really is narrower.
        assert!(
            Font::Condensed.metrics().width("Albuquerque")
                < Font::Bold.metrics().width("Albuquerque")
        );
        assert_eq!(
            Font::Regular.metrics().missing_glyphs("a\u{E000}b"),
            vec!['\u{E000}']
        );
    }
}
