//! The club board's tracks drawn as the board prints them: each Stat
//! track's five spaces with the Production they pay on Monday and the
//! club's Stat marker on its space, the Resources held as tokens beside
//! it, and the Office track with its build costs and the VP it scores.
//! Every track also reads in words, for screen readers and tooltips.

use super::{OFFICE_COST, RESOURCES};
use crate::games::eleven::scoring::OFFICE_VP;
use crate::games::eleven::season::state::PRODUCTION;
use crate::ui::palette::{CHALK, DIM, GOLD};
use egui::{Align2, Color32, FontId, Rect, Sense, Stroke, StrokeKind, Vec2, pos2, vec2};

/// The Resources' token colours: Cash, Fan Base, Operation, Fitness.
const TOKENS: [Color32; 4] = [
    Color32::from_rgb(0xF2, 0xC9, 0x4C),
    Color32::from_rgb(0xE8, 0x6A, 0x6A),
    Color32::from_rgb(0xA8, 0x8C, 0xE8),
    Color32::from_rgb(0x6C, 0xCB, 0x7A),
];
/// A track space.
const SPACE: Vec2 = vec2(34.0, 22.0);
/// Room for a track's name.
const NAME_W: f32 = 74.0;

fn space_rect(left: f32, top: f32, k: usize) -> Rect {
    Rect::from_min_size(pos2(left + k as f32 * (SPACE.x + 3.0), top), SPACE)
}

/// A marker disc on a space, in the club's colour, with `text` on it.
fn marker(painter: &egui::Painter, rect: Rect, colour: Color32, text: &str) {
    let c = rect.center();
    let r = rect.height() * 0.5;
    painter.circle_filled(c + vec2(0.0, 1.5), r, Color32::from_black_alpha(80));
    painter.circle_filled(c, r, colour);
    painter.circle_stroke(c, r, Stroke::new(1.5, Color32::BLACK));
    painter.text(
        c,
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(12.0),
        Color32::BLACK,
    );
}

/// Resource `k`'s Stat track at `level` (1-5) and the `held` tokens.
pub(super) fn stat_track(
    ui: &mut egui::Ui,
    k: usize,
    level: u8,
    held: u32,
    colour: Color32,
) -> egui::Response {
    let name = RESOURCES.get(k).copied().unwrap_or_default();
    let pays = PRODUCTION.get(k).copied().unwrap_or_default();
    let width = NAME_W + 5.0 * (SPACE.x + 3.0) + 70.0;
    let (rect, resp) = ui.allocate_exact_size(vec2(width, SPACE.y + 2.0), Sense::hover());
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        painter.text(
            rect.left_center(),
            Align2::LEFT_CENTER,
            name,
            FontId::proportional(12.0),
            CHALK,
        );
        let left = rect.left() + NAME_W;
        for (i, n) in pays.iter().enumerate() {
            let space = space_rect(left, rect.top() + 1.0, i);
            let reached = i < usize::from(level);
            painter.rect_filled(
                space,
                4.0,
                if reached {
                    TOKENS[k].gamma_multiply(0.25)
                } else {
                    Color32::from_black_alpha(50)
                },
            );
            painter.rect_stroke(
                space,
                4.0,
                Stroke::new(1.0, TOKENS[k].gamma_multiply(0.6)),
                StrokeKind::Inside,
            );
            if i + 1 == usize::from(level) {
                marker(painter, space, colour, &format!("+{n}"));
            } else {
                painter.text(
                    space.center(),
                    Align2::CENTER_CENTER,
                    format!("+{n}"),
                    FontId::proportional(12.0),
                    if reached { CHALK } else { DIM },
                );
            }
        }
        // The tokens held, as a little pile and their count.
        let pile = pos2(left + 5.0 * (SPACE.x + 3.0) + 12.0, rect.center().y);
        for j in 0..held.min(3) {
            let c = pile + vec2(j as f32 * 4.0, -(j as f32) * 2.0);
            painter.circle_filled(c, 7.0, TOKENS[k]);
            painter.circle_stroke(c, 7.0, Stroke::new(1.0, Color32::from_black_alpha(160)));
        }
        if held == 0 {
            painter.circle_stroke(pile, 7.0, Stroke::new(1.0, DIM));
        }
        painter.text(
            pile + vec2(20.0, 0.0),
            Align2::LEFT_CENTER,
            held.to_string(),
            FontId::proportional(14.0),
            CHALK,
        );
    }
    let pay = pays
        .get(usize::from(level.saturating_sub(1)))
        .copied()
        .unwrap_or(0);
    let words =
        format!("{name}: Stat level {level} of 5, +{pay} {name} each Monday; {held} {name} held");
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &words));
    resp.on_hover_text(words)
}

/// The Office track: spaces 0-4, the Cash to build the next one above
/// each step, the VP a space scores at the end, the Office marker on
/// `level`.
pub(super) fn office_track(ui: &mut egui::Ui, level: u8, colour: Color32) -> egui::Response {
    let width = NAME_W + 5.0 * (SPACE.x + 3.0) + 70.0;
    let (rect, resp) = ui.allocate_exact_size(vec2(width, SPACE.y + 14.0), Sense::hover());
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        let top = rect.top() + 12.0;
        painter.text(
            pos2(rect.left(), top + SPACE.y / 2.0),
            Align2::LEFT_CENTER,
            "Office",
            FontId::proportional(12.0),
            CHALK,
        );
        let left = rect.left() + NAME_W;
        for (i, vp) in OFFICE_VP.iter().enumerate() {
            let space = space_rect(left, top, i);
            let reached = i <= usize::from(level);
            painter.rect_filled(
                space,
                4.0,
                if reached {
                    GOLD.gamma_multiply(0.2)
                } else {
                    Color32::from_black_alpha(50)
                },
            );
            painter.rect_stroke(
                space,
                4.0,
                Stroke::new(1.0, GOLD.gamma_multiply(0.5)),
                StrokeKind::Inside,
            );
            let text = format!("{vp} VP");
            if i == usize::from(level) {
                marker(painter, space, colour, &vp.to_string());
            } else {
                painter.text(
                    space.center(),
                    Align2::CENTER_CENTER,
                    text,
                    FontId::proportional(11.0),
                    if reached { CHALK } else { DIM },
                );
            }
            // The Cash to step onto the next space, between the two.
            if let Some(cost) = OFFICE_COST.get(i) {
                painter.text(
                    pos2(space.right() + 1.5, rect.top()),
                    Align2::CENTER_TOP,
                    format!("{cost}€"),
                    FontId::proportional(11.0),
                    if i == usize::from(level) { GOLD } else { DIM },
                );
            }
        }
    }
    let vp = OFFICE_VP.get(usize::from(level)).copied().unwrap_or(0);
    let next = match OFFICE_COST.get(usize::from(level)) {
        Some(cost) => format!("the next space costs {cost} Cash"),
        None => "the top of the track".to_string(),
    };
    let words = format!("Office: level {level} of 4, {vp} VP at the end; {next}");
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &words));
    resp.on_hover_text(words)
}
