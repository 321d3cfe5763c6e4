//! Lengths as written in templates and on the command line: `12mm`, `9pt`,
//! `0.5in`, `1.2cm`, or a bare number meaning millimetres.
//!
//! Everything downstream of parsing works in millimetres; points appear
//! only at the backends (PDF points, egui points). Pure arithmetic: no I/O.

use std::fmt;

/// Millimetres in one PostScript point (1/72 inch).
pub const MM_PER_PT: f32 = 25.4 / 72.0;
/// Millimetres in one inch.
pub const MM_PER_IN: f32 = 25.4;

/// Converts millimetres to PostScript points.
pub fn mm_to_pt(mm: f32) -> f32 {
    mm / MM_PER_PT
}

/// Converts PostScript points to millimetres.
pub fn pt_to_mm(pt: f32) -> f32 {
    pt * MM_PER_PT
}

/// A length parsed from text, kept in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Default)]
pub struct Length(pub f32);

impl Length {
    /// The length in millimetres.
    pub fn mm(self) -> f32 {
        self.0
    }

    /// Parses `12mm`, `9pt`, `0.5in`, `1.2cm` or a bare number (millimetres).
    pub fn parse(text: &str) -> Result<Length, String> {
        let t = text.trim();
        let (number, factor) = if let Some(n) = t.strip_suffix("mm") {
            (n, 1.0)
        } else if let Some(n) = t.strip_suffix("pt") {
            (n, MM_PER_PT)
        } else if let Some(n) = t.strip_suffix("in") {
            (n, MM_PER_IN)
        } else if let Some(n) = t.strip_suffix("cm") {
            (n, 10.0)
        } else {
            (t, 1.0)
        };
        let value: f32 = number
            .trim()
            .parse()
            .map_err(|_| format!("`{text}` is not a length; write it as 12mm, 9pt or 0.5in"))?;
        if !value.is_finite() {
            return Err(format!("`{text}` is not a finite length"));
        }
        Ok(Length(value * factor))
    }
}

impl fmt::Display for Length {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}mm", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_unit() {
        assert_eq!(Length::parse("12mm"), Ok(Length(12.0)));
        assert_eq!(Length::parse(" 3.5 "), Ok(Length(3.5)));
        assert_eq!(Length::parse("1in"), Ok(Length(25.4)));
        assert_eq!(Length::parse("2cm"), Ok(Length(20.0)));
        let pt = Length::parse("72pt").map(Length::mm).unwrap_or_default();
        assert!((pt - 25.4).abs() < 1e-4);
        assert!(Length::parse("12px").is_err());
        assert!(Length::parse("inf").is_err());
        assert!((mm_to_pt(pt_to_mm(10.0)) - 10.0).abs() < 1e-4);
    }
}
