//! TrueType subsetting for the PDF: a font program holding only the glyphs
//! a file draws.
//!
//! [`subset`] keeps the outlines of the glyphs asked for (and the glyphs
//! their composites are built from), renumbered from 1 in the order asked
//! (0 stays `.notdef`), with the tables a PDF viewer needs to draw them
//! (`head`, `hhea`, `maxp`, `hmtx`, `loca`, `glyf`, `post`). Hinting
//! (`cvt `, `fpgm`, `prep` and each glyph's instructions) and the tables a
//! PDF never reads (`name` alone is 15 KB of licence text in DejaVu) are
//! left out: printed cards are drawn at printer resolution, where hinting
//! does nothing. Pure bytes in, bytes out: no files, no PDF objects.

use std::collections::BTreeMap;

/// Why a font could not be subset (a damaged font file: a build problem,
/// the embedded fonts are known to be good).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the font file is damaged: {0}")]
pub struct SubsetError(String);

fn bad(what: &str) -> SubsetError {
    SubsetError(what.to_string())
}

fn u16_at(b: &[u8], at: usize) -> Result<u16, SubsetError> {
    b.get(at..at + 2)
        .map(|s| u16::from_be_bytes([s[0], s[1]]))
        .ok_or_else(|| bad("a table ends early"))
}

fn u32_at(b: &[u8], at: usize) -> Result<u32, SubsetError> {
    b.get(at..at + 4)
        .map(|s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
        .ok_or_else(|| bad("a table ends early"))
}

/// The font's tables by tag.
fn tables(font: &[u8]) -> Result<BTreeMap<[u8; 4], &[u8]>, SubsetError> {
    let n = u16_at(font, 4)? as usize;
    let mut out = BTreeMap::new();
    for i in 0..n {
        let rec = 12 + 16 * i;
        let tag: [u8; 4] = font
            .get(rec..rec + 4)
            .and_then(|t| t.try_into().ok())
            .ok_or_else(|| bad("the table directory ends early"))?;
        let offset = u32_at(font, rec + 8)? as usize;
        let len = u32_at(font, rec + 12)? as usize;
        let data = font
            .get(offset..offset + len)
            .ok_or_else(|| bad("a table lies outside the file"))?;
        out.insert(tag, data);
    }
    Ok(out)
}

/// Composite glyph flags.
const ARG_1_AND_2_ARE_WORDS: u16 = 0x0001;
const WE_HAVE_A_SCALE: u16 = 0x0008;
const MORE_COMPONENTS: u16 = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE: u16 = 0x0040;
const WE_HAVE_A_TWO_BY_TWO: u16 = 0x0080;
const WE_HAVE_INSTRUCTIONS: u16 = 0x0100;

/// A font with only some of its glyphs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subset {
    /// The TrueType font program.
    pub program: Vec<u8>,
    /// Each glyph asked for (its id in the whole font) and its id in the
    /// program.
    pub new_ids: BTreeMap<u16, u16>,
    /// Units per em.
    pub units_per_em: u16,
    /// The font's bounding box (xMin, yMin, xMax, yMax) in font units.
    pub bbox: [i16; 4],
}

/// The glyphs `gids` of the TrueType `font`, without hinting.
pub fn subset(font: &[u8], gids: &[u16]) -> Result<Subset, SubsetError> {
    let t = tables(font)?;
    let table = |tag: &[u8; 4]| {
        t.get(tag)
            .copied()
            .ok_or_else(|| bad(&format!("no {} table", String::from_utf8_lossy(tag))))
    };
    let head = table(b"head")?;
    let hhea = table(b"hhea")?;
    let maxp = table(b"maxp")?;
    let hmtx = table(b"hmtx")?;
    let loca = table(b"loca")?;
    let glyf = table(b"glyf")?;
    let num_glyphs = u16_at(maxp, 4)?;
    let long_loca = u16_at(head, 50)? != 0;
    let metrics = u16_at(hhea, 34)?;
    let units_per_em = u16_at(head, 18)?;
    let bbox = [
        u16_at(head, 36)? as i16,
        u16_at(head, 38)? as i16,
        u16_at(head, 40)? as i16,
        u16_at(head, 42)? as i16,
    ];
    let glyph = |g: u16| -> Result<&[u8], SubsetError> {
        if g >= num_glyphs {
            return Err(bad("a glyph id beyond the font"));
        }
        let g = g as usize;
        let (a, b) = if long_loca {
            (
                u32_at(loca, 4 * g)? as usize,
                u32_at(loca, 4 * g + 4)? as usize,
            )
        } else {
            (
                2 * u16_at(loca, 2 * g)? as usize,
                2 * u16_at(loca, 2 * g + 2)? as usize,
            )
        };
        glyf.get(a..b)
            .ok_or_else(|| bad("a glyph lies outside glyf"))
    };
    // Glyph 0 first, then those asked for, then the components composites
    // need (appended as they are found).
    let mut order: Vec<u16> = vec![0];
    for &g in gids {
        if !order.contains(&g) {
            order.push(g);
        }
    }
    let mut i = 0;
    while i < order.len() {
        let data = glyph(order[i])?;
        if data.len() >= 10 && (u16_at(data, 0)? as i16) < 0 {
            let mut at = 10;
            loop {
                let flags = u16_at(data, at)?;
                let component = u16_at(data, at + 2)?;
                if !order.contains(&component) {
                    order.push(component);
                }
                at += component_len(flags);
                if flags & MORE_COMPONENTS == 0 {
                    break;
                }
            }
        }
        i += 1;
    }
    let new_id: BTreeMap<u16, u16> = order
        .iter()
        .enumerate()
        .map(|(i, &g)| (g, i as u16))
        .collect();

    let mut new_glyf = Vec::new();
    let mut new_loca = Vec::with_capacity(4 * (order.len() + 1));
    let mut new_hmtx = Vec::with_capacity(4 * order.len());
    for &g in &order {
        new_loca.extend_from_slice(&(new_glyf.len() as u32).to_be_bytes());
        new_glyf.extend(strip_instructions(glyph(g)?, &new_id)?);
        while new_glyf.len() % 4 != 0 {
            new_glyf.push(0);
        }
        let (advance, lsb) = if g < metrics {
            (
                u16_at(hmtx, 4 * g as usize)?,
                u16_at(hmtx, 4 * g as usize + 2)?,
            )
        } else {
            let last = metrics.saturating_sub(1) as usize;
            let extra = 4 * metrics as usize + 2 * (g - metrics) as usize;
            (u16_at(hmtx, 4 * last)?, u16_at(hmtx, extra)?)
        };
        new_hmtx.extend_from_slice(&advance.to_be_bytes());
        new_hmtx.extend_from_slice(&lsb.to_be_bytes());
    }
    new_loca.extend_from_slice(&(new_glyf.len() as u32).to_be_bytes());
    let n = order.len() as u16;

    let mut new_head = head.to_vec();
    // checkSumAdjustment is set once the file is assembled; long offsets.
    new_head
        .get_mut(8..12)
        .ok_or_else(|| bad("head is too short"))?
        .copy_from_slice(&[0; 4]);
    new_head
        .get_mut(50..52)
        .ok_or_else(|| bad("head is too short"))?
        .copy_from_slice(&1u16.to_be_bytes());
    let mut new_hhea = hhea.to_vec();
    new_hhea
        .get_mut(34..36)
        .ok_or_else(|| bad("hhea is too short"))?
        .copy_from_slice(&n.to_be_bytes());
    let mut new_maxp = maxp.to_vec();
    new_maxp
        .get_mut(4..6)
        .ok_or_else(|| bad("maxp is too short"))?
        .copy_from_slice(&n.to_be_bytes());
    // post version 3: no glyph names.
    let mut new_post = table(b"post")
        .ok()
        .and_then(|p| p.get(..32))
        .map_or_else(|| vec![0; 32], <[u8]>::to_vec);
    new_post[..4].copy_from_slice(&0x0003_0000u32.to_be_bytes());

    let out = assemble(&[
        (*b"glyf", new_glyf),
        (*b"head", new_head),
        (*b"hhea", new_hhea),
        (*b"hmtx", new_hmtx),
        (*b"loca", new_loca),
        (*b"maxp", new_maxp),
        (*b"post", new_post),
    ]);
    let new_ids = gids
        .iter()
        .filter_map(|g| new_id.get(g).map(|n| (*g, *n)))
        .collect();
    Ok(Subset {
        program: out,
        new_ids,
        units_per_em,
        bbox,
    })
}

/// The bytes a composite glyph's component takes, flags and index included.
fn component_len(flags: u16) -> usize {
    let mut len = 4;
    len += if flags & ARG_1_AND_2_ARE_WORDS != 0 {
        4
    } else {
        2
    };
    if flags & WE_HAVE_A_SCALE != 0 {
        len += 2;
    } else if flags & WE_HAVE_AN_X_AND_Y_SCALE != 0 {
        len += 4;
    } else if flags & WE_HAVE_A_TWO_BY_TWO != 0 {
        len += 8;
    }
    len
}

/// A glyph without its instructions, its components renumbered.
fn strip_instructions(data: &[u8], new_id: &BTreeMap<u16, u16>) -> Result<Vec<u8>, SubsetError> {
    if data.len() < 10 {
        // An empty glyph (a space).
        return Ok(Vec::new());
    }
    let contours = u16_at(data, 0)? as i16;
    if contours >= 0 {
        let ends = 10 + 2 * contours as usize;
        let len = u16_at(data, ends)? as usize;
        let rest = data
            .get(ends + 2 + len..)
            .ok_or_else(|| bad("a glyph's instructions run past it"))?;
        let mut out = Vec::with_capacity(data.len());
        out.extend_from_slice(data.get(..ends).unwrap_or_default());
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(rest);
        return Ok(out);
    }
    let mut out = data.get(..10).unwrap_or_default().to_vec();
    let mut at = 10;
    loop {
        let flags = u16_at(data, at)?;
        let component = u16_at(data, at + 2)?;
        let len = component_len(flags);
        let part = data
            .get(at..at + len)
            .ok_or_else(|| bad("a composite glyph ends early"))?;
        let start = out.len();
        out.extend_from_slice(part);
        let new = new_id.get(&component).copied().unwrap_or(0);
        out[start..start + 2].copy_from_slice(&(flags & !WE_HAVE_INSTRUCTIONS).to_be_bytes());
        out[start + 2..start + 4].copy_from_slice(&new.to_be_bytes());
        at += len;
        if flags & MORE_COMPONENTS == 0 {
            break;
        }
    }
    Ok(out)
}

/// The sum of a table's bytes as big-endian 32-bit words.
fn checksum(data: &[u8]) -> u32 {
    data.chunks(4).fold(0u32, |sum, c| {
        let mut word = [0u8; 4];
        word[..c.len()].copy_from_slice(c);
        sum.wrapping_add(u32::from_be_bytes(word))
    })
}

/// A TrueType file of these tables (sorted by tag), with checksums.
fn assemble(tables: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let n = tables.len() as u16;
    let mut pow = 1u16;
    let mut log = 0u16;
    while pow * 2 <= n {
        pow *= 2;
        log += 1;
    }
    let mut out = Vec::new();
    out.extend_from_slice(&0x0001_0000u32.to_be_bytes());
    out.extend_from_slice(&n.to_be_bytes());
    out.extend_from_slice(&(pow * 16).to_be_bytes());
    out.extend_from_slice(&log.to_be_bytes());
    out.extend_from_slice(&(n * 16 - pow * 16).to_be_bytes());
    let mut offset = 12 + 16 * tables.len();
    let mut head_at = None;
    for (tag, data) in tables {
        out.extend_from_slice(tag);
        out.extend_from_slice(&checksum(data).to_be_bytes());
        out.extend_from_slice(&(offset as u32).to_be_bytes());
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        if tag == b"head" {
            head_at = Some(offset);
        }
        offset += data.len().div_ceil(4) * 4;
    }
    for (_, data) in tables {
        out.extend_from_slice(data);
        while out.len() % 4 != 0 {
            out.push(0);
        }
    }
    if let Some(at) = head_at {
        let adjust = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
        if let Some(s) = out.get_mut(at + 8..at + 12) {
            s.copy_from_slice(&adjust.to_be_bytes());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Font;

    #[test]
    fn a_subset_keeps_the_outlines_and_advances_of_its_glyphs() {
        let font = Font::Bold;
        let face = ttf_parser::Face::parse(font.bytes(), 0).unwrap_or_else(|e| panic!("{e}"));
        let chars = ['B', 'é', '⚡', 'Å'];
        let gids: Vec<u16> = chars
            .iter()
            .map(|c| face.glyph_index(*c).map_or(0, |g| g.0))
            .collect();
        let s = subset(font.bytes(), &gids).unwrap_or_else(|e| panic!("{e}"));
        let small = ttf_parser::Face::parse(&s.program, 0).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            s.program.len() < font.bytes().len() / 20,
            "{}",
            s.program.len()
        );
        for (c, g) in chars.iter().zip(&gids) {
            let new = ttf_parser::GlyphId(s.new_ids[g]);
            let old = ttf_parser::GlyphId(*g);
            assert_eq!(
                small.glyph_hor_advance(new),
                face.glyph_hor_advance(old),
                "{c}"
            );
            assert_eq!(
                small.glyph_bounding_box(new),
                face.glyph_bounding_box(old),
                "{c}: the same outline"
            );
        }
        assert_eq!(checksum(&s.program), 0xB1B0_AFBA, "the whole-file checksum");
        assert!(small.tables().name.is_none() && small.tables().cmap.is_none());
    }

    #[test]
    fn a_damaged_font_is_an_error_not_a_panic() {
        let bytes = Font::Regular.bytes();
        for cut in [0, 5, 12, 200, bytes.len() / 2] {
            let _ = subset(bytes.get(..cut).unwrap_or_default(), &[36, 37]);
        }
        assert!(subset(&bytes[..100], &[36]).is_err());
    }
}
