//! The app's fonts: the shipped DejaVu Sans behind egui's defaults, so
//! accented names, ⚡ and the other symbols on cards always have glyphs.

use std::sync::Arc;

const DEJAVU_SANS: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

/// Installs the fonts on first use. Returns whether they are in effect
/// this frame (fonts set during a frame apply from the next one, so the
/// first frame draws nothing and asks for another).
pub fn ready(ctx: &egui::Context) -> bool {
    let id = egui::Id::unique("touchline-fonts-installed");
    if ctx.data(|d| d.get_temp::<bool>(id)).unwrap_or(false) {
        return true;
    }
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "DejaVuSans".into(),
        Arc::new(egui::FontData::from_static(DEJAVU_SANS)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("DejaVuSans".into());
    }
    ctx.set_fonts(fonts);
    ctx.data_mut(|d| d.insert_temp(id, true));
    ctx.request_repaint();
    false
}
