//! Colours as written in card files (`#RRGGBB`).

use serde::{Deserialize, Serialize};
use std::fmt;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Parses `#RRGGBB` (the `#` is optional).
    pub fn parse(s: &str) -> Result<Rgb, String> {
        let hex = s.trim().trim_start_matches('#');
        if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(format!(
                "`{s}` is not a colour; write it as #RRGGBB, e.g. #1E6B3A"
            ));
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
        Ok(Rgb(byte(0), byte(2), byte(4)))
    }

    /// Perceived lightness 0-1 (for picking readable text colours).
    pub fn luma(self) -> f32 {
        (0.299 * f32::from(self.0) + 0.587 * f32::from(self.1) + 0.114 * f32::from(self.2)) / 255.0
    }

    /// The colour mixed with `other` by `t` (0 = self, 1 = other).
    pub fn mix(self, other: Rgb, t: f32) -> Rgb {
        let m = |a: u8, b: u8| {
            (f32::from(a) + (f32::from(b) - f32::from(a)) * t.clamp(0.0, 1.0)).round() as u8
        };
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02X}{:02X}{:02X}", self.0, self.1, self.2)
    }
}

impl TryFrom<String> for Rgb {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Rgb::parse(&s)
    }
}

impl From<Rgb> for String {
    fn from(c: Rgb) -> String {
        c.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_hex() {
        assert_eq!(Rgb::parse("#1e6B3a"), Ok(Rgb(0x1E, 0x6B, 0x3A)));
        assert_eq!(Rgb(1, 2, 255).to_string(), "#0102FF");
        assert!(Rgb::parse("#12345").is_err());
        assert!(Rgb::parse("#12345G").is_err());
    }
}
