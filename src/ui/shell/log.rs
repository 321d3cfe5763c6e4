//! The log column at the right of every table and the hot-seat curtain.

use super::super::palette::{CHALK, FELT_DARK, GOLD};
use super::super::session::LogLine;
use egui::{Color32, RichText};

/// Where the log is kept open or folded, for every table alike.
fn log_open_id() -> egui::Id {
    egui::Id::unique("touchline-log-open")
}

/// Whether the log column is open: the last choice, else open when the
/// window leaves the table room for it.
pub fn log_open(ctx: &egui::Context) -> bool {
    let wide = ctx.content_rect().width() >= 1100.0;
    ctx.data(|d| d.get_temp(log_open_id())).unwrap_or(wide)
}

/// Opens or folds the log column of every table.
pub fn set_log_open(ctx: &egui::Context, open: bool) {
    ctx.data_mut(|d| d.insert_temp(log_open_id(), open));
}

/// The log column (call before the central panel): resizable by its edge,
/// or folded into a narrow strip with a button that opens it again.
pub(super) fn log_side(ui: &mut egui::Ui, contents: impl FnOnce(&mut egui::Ui)) {
    let width = ui.available_width();
    let frame = egui::Frame::NONE.fill(FELT_DARK).inner_margin(8.0);
    if log_open(ui.ctx()) {
        egui::Panel::right("table-log")
            .resizable(true)
            .default_size((width * 0.24).clamp(200.0, 340.0))
            .min_size(160.0)
            .max_size((width * 0.45).max(200.0))
            .frame(frame)
            .show(ui, contents);
    } else {
        egui::Panel::right("table-log-folded")
            .resizable(false)
            .exact_size(60.0)
            .frame(frame.inner_margin(4.0))
            .show(ui, |ui| {
                if ui
                    .add(egui::Button::new("« Log").wrap_mode(egui::TextWrapMode::Extend))
                    .on_hover_text("Show the log")
                    .clicked()
                {
                    set_log_open(ui.ctx(), true);
                }
            });
    }
}

/// The log under its heading, newest at the bottom; `colour` picks each
/// line's colour.
pub(super) fn log_panel(
    ui: &mut egui::Ui,
    title: &str,
    log: &[LogLine],
    colour: impl Fn(&LogLine) -> Color32,
) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(title).strong().color(GOLD));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("Hide »")
                .on_hover_text("Fold the log away; drag its edge to resize it")
                .clicked()
            {
                set_log_open(ui.ctx(), false);
            }
        });
    });
    ui.separator();
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for line in log {
                ui.label(RichText::new(&line.text).color(colour(line)).size(13.0));
            }
        });
}

/// The screen that hides every secret until `name` holds the device;
/// `hidden` says what is hidden. Returns true once they confirm.
pub(super) fn curtain(ui: &mut egui::Ui, name: &str, hidden: &str) -> bool {
    let mut confirmed = false;
    ui.vertical_centered(|ui| {
        ui.add_space(ui.available_height() * 0.3);
        ui.label(
            RichText::new(format!("Pass the device to {name}"))
                .size(32.0)
                .strong()
                .color(CHALK),
        );
        ui.label(RichText::new(hidden).color(CHALK.gamma_multiply(0.8)));
        ui.add_space(16.0);
        confirmed = ui
            .button(RichText::new(format!("I am {name} — show my hand")).size(18.0))
            .clicked();
    });
    confirmed
}
