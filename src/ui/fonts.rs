//! The app's fonts: [`crate::render::egui::font_definitions`], installed
//! once, so the UI and the cards drawn from Scenes share one set.

/// Installs the fonts on first use. Returns whether they are in effect
/// this frame (fonts set during a frame apply from the next one, so the
/// first frame draws nothing and asks for another).
pub fn ready(ctx: &egui::Context) -> bool {
    let id = egui::Id::unique("touchline-fonts-installed");
    if ctx.data(|d| d.get_temp::<bool>(id)).unwrap_or(false) {
        return true;
    }
    crate::render::egui::install_fonts(ctx);
    ctx.data_mut(|d| d.insert_temp(id, true));
    ctx.request_repaint();
    false
}
