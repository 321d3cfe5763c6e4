//! The app's colours: the pitch greens, chalk white and the gold of the
//! referee's whistle, shared by every screen.

use egui::Color32;

/// The table's felt.
pub const FELT: Color32 = Color32::from_rgb(0x14, 0x4A, 0x2E);
/// A darker felt for panels on the table.
pub const FELT_DARK: Color32 = Color32::from_rgb(0x0E, 0x36, 0x22);
/// Text on the felt.
pub const CHALK: Color32 = Color32::from_rgb(0xF2, 0xF5, 0xEE);
/// Headings, whose turn it is, what can be clicked.
pub const GOLD: Color32 = Color32::from_rgb(0xF5, 0xC5, 0x18);
/// Problems and warnings.
pub const ALERT: Color32 = Color32::from_rgb(0xFF, 0x8A, 0x80);
/// Help text and quiet labels.
pub const DIM: Color32 = Color32::from_rgb(0xA8, 0xB8, 0xAC);

/// The corners of a band across the top of a card drawn at the table:
/// rounded above, square below.
pub const BAND_CORNERS: egui::CornerRadius = egui::CornerRadius {
    nw: 8,
    ne: 8,
    sw: 0,
    se: 0,
};
