//! What the app remembers between runs (the zoom, the last data folder,
//! the house-rules preset) and how the interface scales with the window.
//!
//! The settings are a small JSON file beside the autosave; a missing or
//! damaged file gives the defaults, never an error on start.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The window size the tables are laid out for at a scale of 1 (points).
pub const BASE_SIZE: [f32; 2] = [1280.0, 800.0];

/// The window sizes (in pixels) every screen is laid out for and tested
/// at, smallest first: from a small laptop to a large monitor.
pub const WINDOWS: [[f32; 2]; 4] = [
    [1024.0, 640.0],
    [1280.0, 800.0],
    [1920.0, 1080.0],
    [2560.0, 1440.0],
];

/// The smallest text a screen draws at 1280x800 and larger, in pixels
/// (pictures of printed cards aside: they show what prints).
pub const MIN_TEXT_PX: f32 = 11.0;

/// The smallest and largest zoom the manager may choose.
pub const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.5..=2.0;

/// The app's remembered choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The manager's zoom on top of the window's own scale (1: none).
    pub zoom: f32,
    /// The card data folder last played from (`None`: the built-in cards).
    pub data_folder: Option<PathBuf>,
    /// Each game's remembered start-form choice, by registry id (Booked!:
    /// the house-rules preset last started with).
    pub presets: BTreeMap<String, String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            zoom: 1.0,
            data_folder: None,
            presets: BTreeMap::new(),
        }
    }
}

impl Settings {
    /// Where the settings live when the system has a home: beside the
    /// autosave (`touchline/settings.json`).
    pub fn default_path() -> Option<PathBuf> {
        let base = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
        Some(base.join("touchline/settings.json"))
    }

    /// The settings in `path`; the defaults when it is missing or damaged
    /// (a damaged file is replaced at the next save).
    pub fn read(path: &Path) -> Settings {
        let Ok(text) = std::fs::read_to_string(path) else {
            return Settings::default();
        };
        let mut s: Settings = serde_json::from_str(&text).unwrap_or_default();
        s.zoom = clamp_zoom(s.zoom);
        s
    }

    /// Writes the settings to `path`.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        crate::cards::write_atomically(path, text.as_bytes())
    }

    /// Applies the zoom keys pressed this frame (Ctrl+plus, Ctrl+minus,
    /// Ctrl+0); returns whether the zoom changed.
    pub fn zoom_keys(&mut self, ctx: &egui::Context) -> bool {
        use egui::gui_zoom::kb_shortcuts as keys;
        let before = self.zoom;
        let pressed = |k: &egui::KeyboardShortcut| ctx.input_mut(|i| i.consume_shortcut(k));
        if pressed(&keys::ZOOM_RESET) {
            self.zoom = 1.0;
        } else if pressed(&keys::ZOOM_IN) || pressed(&keys::ZOOM_IN_SECONDARY) {
            self.zoom = clamp_zoom(self.zoom + 0.1);
        } else if pressed(&keys::ZOOM_OUT) {
            self.zoom = clamp_zoom(self.zoom - 0.1);
        }
        self.zoom != before
    }
}

/// A zoom kept in range and to one decimal.
fn clamp_zoom(z: f32) -> f32 {
    if !z.is_finite() {
        return 1.0;
    }
    ((z * 10.0).round() / 10.0).clamp(*ZOOM_RANGE.start(), *ZOOM_RANGE.end())
}

/// The scale the window itself asks for: 1 up to [`BASE_SIZE`] (smaller
/// windows keep full-size text and fit the layout instead), growing with
/// larger windows so a 2560x1440 table reads as a 1280x800 one does.
/// `window` is the window's size in points at a zoom of 1.
pub fn window_scale(window: egui::Vec2) -> f32 {
    let s = (window.x / BASE_SIZE[0]).min(window.y / BASE_SIZE[1]);
    if s.is_finite() {
        s.clamp(1.0, 2.0)
    } else {
        1.0
    }
}

/// The points a window of `window` (at a zoom of 1) lays out in, with the
/// manager's `zoom`.
pub fn layout_size(window: egui::Vec2, zoom: f32) -> egui::Vec2 {
    window / (window_scale(window) * zoom)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_scale_follows_large_windows_only() {
        assert_eq!(window_scale(egui::vec2(1024.0, 640.0)), 1.0);
        assert_eq!(window_scale(egui::vec2(1280.0, 800.0)), 1.0);
        assert!((window_scale(egui::vec2(1920.0, 1080.0)) - 1.35).abs() < 1e-4);
        assert!((window_scale(egui::vec2(2560.0, 1440.0)) - 1.8).abs() < 1e-4);
        let big = layout_size(egui::vec2(2560.0, 1440.0), 1.0);
        assert!(big.y <= 800.5 && big.x >= 1280.0, "{big:?}");
    }

    #[test]
    fn settings_survive_a_round_trip_and_damage_gives_defaults() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("touchline/settings.json");
        assert_eq!(Settings::read(&path), Settings::default());
        let s = Settings {
            zoom: 1.3,
            data_folder: Some("/cards".into()),
            presets: [("booked".to_string(), "my Pub rules".to_string())].into(),
        };
        s.write(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Settings::read(&path), s);
        std::fs::write(&path, "{ not json").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Settings::read(&path), Settings::default());
        std::fs::write(&path, r#"{"zoom": 40.0}"#).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Settings::read(&path).zoom, 2.0);
    }
}
