//! Fitting text into a box: wrap at spaces, then shrink step by step down to
//! a minimum size; if even that is too big, break long words and end with
//! an ellipsis. The result never leaves the box.
//!
//! Words are measured once in em units with the real font metrics and the
//! sizes are tried by arithmetic, so fitting a whole deck costs little.
//! Pure: no I/O, no backend.

use crate::cards::Rgb;
use crate::layout::font::Font;
use crate::layout::scene::{Align, Rect, TextBlock, TextLine};
use crate::layout::template::VAlign;
use crate::layout::units::pt_to_mm;

/// What to fit and where.
#[derive(Clone, Debug)]
pub struct FitRequest<'a> {
    /// The text; `\n` starts a new line.
    pub text: &'a str,
    /// The face.
    pub font: Font,
    /// Preferred em size in mm.
    pub size: f32,
    /// Smallest em size in mm.
    pub min_size: f32,
    /// Line spacing as a multiple of the size.
    pub line_height: f32,
    /// At most this many lines.
    pub max_lines: Option<usize>,
    /// Horizontal alignment.
    pub align: Align,
    /// Vertical alignment.
    pub valign: VAlign,
    /// The box.
    pub rect: Rect,
    /// Colour.
    pub color: Rgb,
}

/// Sizes are tried in steps of a quarter point.
const STEP_MM: f32 = 0.25 * 25.4 / 72.0;
const ELLIPSIS: char = '\u{2026}';
/// The most shrinking steps one fit takes (a 2 m tall box's worth).
const MAX_STEPS: usize = 20_000;

/// A word and its width in em.
struct Word<'a> {
    text: &'a str,
    em: f32,
}

/// Fits `req.text` into `req.rect`.
pub fn fit(req: &FitRequest<'_>) -> TextBlock {
    let m = req.font.metrics();
    let space = m.advance(' ');
    let paragraphs: Vec<Vec<Word<'_>>> = req
        .text
        .split('\n')
        .map(|p| {
            p.split_whitespace()
                .map(|w| Word {
                    text: w,
                    em: m.width(w),
                })
                .collect()
        })
        .collect();
    let max_lines = req.max_lines.unwrap_or(usize::MAX);
    let block_height = |n: usize, size: f32| {
        if n == 0 {
            0.0
        } else {
            (m.ascent() - m.descent()) * size + (n - 1) as f32 * req.line_height * size
        }
    };
    let lines_fitting = |size: f32| -> usize {
        let one = (m.ascent() - m.descent()) * size;
        if req.rect.h + 1e-4 < one {
            return 0;
        }
        1 + ((req.rect.h + 1e-4 - one) / (req.line_height * size)).floor() as usize
    };

    // No line can be taller than the box. A size so big that stepping
    // down from it would take more than MAX_STEPS steps (a huge or infinite
    // size, where a step changes nothing) starts at the size whose one line
    // fills the box. Sizes that are not numbers (a template is checked, a
    // caller may not be) count as the smallest size: the loop always ends.
    let line_em = m.ascent() - m.descent();
    let finite = |v: f32, or: f32| if v.is_finite() { v } else { or };
    let tallest = finite(req.rect.h / line_em, 0.01).max(0.01);
    let mut size = finite(req.size, 0.01).max(0.01);
    if (size - tallest) / STEP_MM > MAX_STEPS as f32 {
        size = tallest;
    }
    let min = finite(req.min_size, 0.01).clamp(0.01, size);
    // The steps are bounded too: at most this many quarter points.
    let mut steps_left = MAX_STEPS;
    loop {
        // A size whose single line is taller than the box cannot fit:
        // step on without wrapping (the same steps as always, so sizes stay
        // on the quarter-point grid from the template's size).
        if size <= tallest + 1e-4
            && let Some(lines) = wrap_words(&paragraphs, space, req.rect.w / size)
        {
            let n = lines.len();
            if n <= max_lines && block_height(n, size) <= req.rect.h + 1e-4 {
                return place(req, size, lines, false);
            }
        }
        if size <= min + 1e-6 || steps_left == 0 {
            break;
        }
        steps_left -= 1;
        size = (size - STEP_MM).max(min);
    }

    // Even the minimum size overflows: break words where needed and keep what
    // fits, marking the cut with an ellipsis. A box too short for one line at
    // the minimum size gets one line at whatever size fits its height.
    let mut size = min;
    let widest = req
        .text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| m.advance(c))
        .fold(0.0, f32::max);
    if widest * size > req.rect.w {
        size = (req.rect.w / widest).max(0.01);
    }
    let mut room = lines_fitting(size).min(max_lines);
    if room == 0 {
        size = size.min(req.rect.h / (m.ascent() - m.descent())).max(0.01);
        room = 1;
    }
    let width_em = req.rect.w / size;
    let mut lines = wrap_breaking(&paragraphs, space, width_em, req.font);
    if lines.len() > room {
        lines.truncate(room);
        if let Some(last) = lines.last_mut() {
            *last = ellipsize(last, width_em, req.font);
        }
    }
    place(req, size, lines, true)
}

/// Greedy wrap; `None` when a single word is wider than the line.
fn wrap_words(paragraphs: &[Vec<Word<'_>>], space: f32, width_em: f32) -> Option<Vec<String>> {
    let mut lines = Vec::new();
    for words in paragraphs {
        let mut line = String::new();
        let mut line_em = 0.0;
        for w in words {
            if w.em > width_em + 1e-4 {
                return None;
            }
            if line.is_empty() {
                line.push_str(w.text);
                line_em = w.em;
            } else if line_em + space + w.em <= width_em + 1e-4 {
                line.push(' ');
                line.push_str(w.text);
                line_em += space + w.em;
            } else {
                lines.push(std::mem::take(&mut line));
                line.push_str(w.text);
                line_em = w.em;
            }
        }
        lines.push(line);
    }
    // A trailing empty paragraph (text ending in a newline) adds no line.
    while lines.len() > 1 && lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    Some(lines)
}

/// Wrap that breaks words longer than a line between characters.
fn wrap_breaking(
    paragraphs: &[Vec<Word<'_>>],
    space: f32,
    width_em: f32,
    font: Font,
) -> Vec<String> {
    let m = font.metrics();
    let mut pieces: Vec<Vec<String>> = Vec::new();
    for words in paragraphs {
        let mut out = Vec::new();
        for w in words {
            if w.em <= width_em + 1e-4 {
                out.push(w.text.to_string());
                continue;
            }
            let mut cur = String::new();
            let mut cur_em = 0.0;
            for c in w.text.chars() {
                let a = m.advance(c);
                if !cur.is_empty() && cur_em + a > width_em + 1e-4 {
                    out.push(std::mem::take(&mut cur));
                    cur_em = 0.0;
                }
                cur.push(c);
                cur_em += a;
            }
            if !cur.is_empty() {
                out.push(cur);
            }
        }
        pieces.push(out);
    }
    let words: Vec<Vec<Word<'_>>> = pieces
        .iter()
        .map(|p| {
            p.iter()
                .map(|t| Word {
                    text: t,
                    em: m.width(t),
                })
                .collect()
        })
        .collect();
    // Every piece fits now (the caller shrank the size until the widest
    // glyph does), so this wrap cannot fail; an empty result is the safe
    // answer if it ever did.
    wrap_words(&words, space, width_em).unwrap_or_default()
}

/// `line` shortened to fit `width_em` with a trailing ellipsis.
fn ellipsize(line: &str, width_em: f32, font: Font) -> String {
    let m = font.metrics();
    let mut chars: Vec<char> = line.chars().collect();
    let dots = m.advance(ELLIPSIS);
    loop {
        let text: String = chars.iter().collect();
        let trimmed = text.trim_end();
        if m.width(trimmed) + dots <= width_em + 1e-4 {
            return format!("{trimmed}{ELLIPSIS}");
        }
        if chars.is_empty() {
            // Not even the ellipsis fits: print nothing rather than spill.
            return String::new();
        }
        chars.pop();
    }
}

/// Positions lines at `size` inside the request's box.
fn place(req: &FitRequest<'_>, size: f32, lines: Vec<String>, cut: bool) -> TextBlock {
    let m = req.font.metrics();
    let n = lines.len();
    let block = if n == 0 {
        0.0
    } else {
        (m.ascent() - m.descent()) * size + (n - 1) as f32 * req.line_height * size
    };
    let top = match req.valign {
        VAlign::Top => req.rect.y,
        VAlign::Middle => req.rect.y + (req.rect.h - block) / 2.0,
        VAlign::Bottom => req.rect.bottom() - block,
    };
    let first_baseline = top + m.ascent() * size;
    let placed = lines
        .into_iter()
        .enumerate()
        .filter(|(_, t)| !t.is_empty())
        .map(|(i, text)| {
            let width = m.width(&text) * size;
            let x = match req.align {
                Align::Left => req.rect.x,
                Align::Center => req.rect.x + (req.rect.w - width) / 2.0,
                Align::Right => req.rect.right() - width,
            };
            TextLine {
                text,
                x,
                baseline: first_baseline + i as f32 * req.line_height * size,
                width,
            }
        })
        .collect();
    TextBlock {
        font: req.font,
        size,
        color: req.color,
        align: req.align,
        bounds: req.rect,
        lines: placed,
        cut,
    }
}

/// The em size in mm for a size in points (a convenience for tests and
/// page overlays).
pub fn pt(size: f32) -> f32 {
    pt_to_mm(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(text: &str, w: f32, h: f32) -> FitRequest<'_> {
        FitRequest {
            text,
            font: Font::Regular,
            size: pt(10.0),
            min_size: pt(6.0),
            line_height: 1.15,
            max_lines: None,
            align: Align::Left,
            valign: VAlign::Top,
            rect: Rect::new(2.0, 3.0, w, h),
            color: Rgb(0, 0, 0),
        }
    }

    fn inside(b: &TextBlock) -> bool {
        b.lines
            .iter()
            .all(|l| b.bounds.contains_rect(&b.line_extent(l), 1e-3))
    }

    #[test]
    fn short_text_keeps_its_size_and_one_line() {
        let b = fit(&req("Draw 2 cards.", 50.0, 20.0));
        assert_eq!(b.lines.len(), 1);
        assert!((b.size - pt(10.0)).abs() < 1e-5);
        assert_eq!(b.lines[0].x, 2.0);
        assert!(inside(&b));
    }

    #[test]
    fn long_text_wraps_then_shrinks_and_stays_inside() {
        let text = "Look at the top 3 cards of the deck. Keep 1, put the rest on the bottom.";
        let wrapped = fit(&req(text, 40.0, 30.0));
        assert!(wrapped.lines.len() > 1);
        assert!(inside(&wrapped));
        let shrunk = fit(&req(text, 40.0, 9.0));
        assert!(
            shrunk.size < pt(10.0) && shrunk.size >= pt(6.0) - 1e-5,
            "{}",
            shrunk.size
        );
        assert!(inside(&shrunk));
        let joined: Vec<&str> = shrunk.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(joined.join(" "), text, "nothing lost when it fits");
    }

    #[test]
    fn overflow_at_minimum_size_is_cut_with_an_ellipsis() {
        let text = "word ".repeat(200);
        let b = fit(&req(&text, 20.0, 8.0));
        assert!(inside(&b));
        assert!(b.lines.last().is_some_and(|l| l.text.ends_with('…')));
        assert!(b.cut, "a cut is reported");
        assert!(!fit(&req("Draw 2 cards.", 50.0, 20.0)).cut);
        let long = fit(&req("Supercalifragilisticexpialidocious", 8.0, 3.0));
        assert!(inside(&long), "{long:?}");
        let tiny = fit(&req("Hi", 10.0, 0.5));
        assert!(inside(&tiny), "{tiny:?}");
    }

    #[test]
    fn huge_infinite_or_nan_sizes_end_and_stay_inside() {
        for size in [1e30, f32::MAX, f32::INFINITY, f32::NAN, -5.0] {
            for min in [pt(6.0), 1e29, f32::NAN, f32::INFINITY] {
                let mut r = req("A long name that must wrap somewhere", 30.0, 12.0);
                r.size = size;
                r.min_size = min;
                let b = fit(&r);
                assert!(b.size.is_finite() && b.size > 0.0, "{size} {min}: {b:?}");
                assert!(inside(&b), "{size} {min}: {b:?}");
            }
        }
        // A tall box with a huge size still takes a bounded number of steps.
        let mut r = req("x", 10.0, 1e6);
        r.size = 1e9;
        r.min_size = pt(1.0);
        assert!(inside(&fit(&r)));
    }

    #[test]
    fn alignment_and_max_lines() {
        let mut r = req("Caíque Albuquerque", 60.0, 20.0);
        r.align = Align::Right;
        r.valign = VAlign::Bottom;
        let b = fit(&r);
        assert!((b.lines[0].x + b.lines[0].width - 62.0).abs() < 1e-3);
        let mut r = req("one two three four five six seven", 12.0, 30.0);
        r.max_lines = Some(2);
        let b = fit(&r);
        assert!(b.lines.len() <= 2);
        assert!(inside(&b));
        let b = fit(&req("first\nsecond", 60.0, 20.0));
        assert_eq!(b.lines.len(), 2);
    }
}
