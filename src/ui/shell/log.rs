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
    // Only the lines in view are laid out and drawn: a whole game's log is
    // a thousand lines and more, each a laid-out text kept while it is
    // drawn. Each line's height is measured once (again when the column's
    // width changes) to place the rest.
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_viewport(ui, |ui, viewport| {
            let width = ui.available_width();
            let gap = ui.spacing().item_spacing.y;
            let text = |line: &LogLine| RichText::new(&line.text).color(colour(line)).size(13.0);
            let galley = |ui: &egui::Ui, line: &LogLine| {
                egui::WidgetText::from(text(line)).into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    width,
                    egui::TextStyle::Body,
                )
            };
            let id = egui::Id::unique("touchline-log-line-heights");
            let mut heights: Heights = ui.data_mut(|d| d.get_temp(id)).unwrap_or_default();
            if heights.width != width {
                heights = Heights {
                    width,
                    lines: Vec::new(),
                };
            }
            heights.lines.truncate(log.len());
            for (i, line) in log.iter().enumerate() {
                let key = text_key(&line.text);
                if heights.lines.get(i).is_some_and(|(k, _)| *k == key) {
                    continue;
                }
                let h = galley(ui, line).size().y;
                match heights.lines.get_mut(i) {
                    Some(slot) => *slot = (key, h),
                    None => heights.lines.push((key, h)),
                }
            }
            let total: f32 = heights.lines.iter().map(|(_, h)| h + gap).sum::<f32>() - gap;
            let origin = ui.max_rect().min;
            ui.set_height(total.max(0.0));
            let mut y = 0.0;
            for (line, (_, h)) in log.iter().zip(&heights.lines) {
                if y > viewport.max.y {
                    break;
                }
                if y + h >= viewport.min.y {
                    let rect = egui::Rect::from_min_size(
                        origin + egui::vec2(0.0, y),
                        egui::vec2(width, *h),
                    );
                    let g = galley(ui, line);
                    ui.scope_builder(
                        egui::UiBuilder::new()
                            .max_rect(rect)
                            .layout(egui::Layout::top_down(egui::Align::Min)),
                        |ui| ui.add(egui::Label::new(g)),
                    );
                }
                y += h + gap;
            }
            ui.data_mut(|d| d.insert_temp(id, heights));
        });
}

/// The measured heights of the log's lines at one width, each with a key
/// of its text (a line replaced, by an undo or a new match, is measured
/// again).
#[derive(Clone, Default)]
struct Heights {
    width: f32,
    lines: Vec<(u64, f32)>,
}

fn text_key(text: &str) -> u64 {
    use std::hash::{Hash as _, Hasher as _};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
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
