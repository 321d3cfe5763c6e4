//! Flip Duel cards at the table: a side of a card as printed (the four
//! colour-coded areas, the ball or the marks), its back, both sides for a
//! hover and the small cards of the injury-time choice.

use super::{CARD, INK, PAPER, area_colour, team_colour};
use crate::engine::Seat;
use crate::games::flip_duel::{Area, Card, CardId, CardSet, FlipDuelView, Mark};
use crate::ui::palette::GOLD;
use egui::{
    Align2, Color32, CornerRadius, FontId, Pos2, Rect, Response, RichText, Sense, Shape, Stroke,
    StrokeKind, Vec2,
};

/// A small card in the injury-time choice: its id, name and worth; starred
/// when the app suggests it. Its label is `Set aside <name> (<id>)`.
pub(super) fn mini_card(
    ui: &mut egui::Ui,
    view: &FlipDuelView,
    card: CardId,
    worth: f64,
    star: bool,
    size: Vec2,
) -> Response {
    let (rect, resp) = ui.allocate_exact_size(size, Sense::click());
    let label = format!("Set aside {}", view.cards.label(card));
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    if !ui.is_rect_visible(rect) {
        return resp;
    }
    let p = ui.painter();
    let colour = team_colour(&view.cards, view.seat);
    p.rect_filled(rect, CornerRadius::same(5), PAPER);
    let band = Rect::from_min_size(rect.min, Vec2::new(rect.width(), 16.0));
    p.rect_filled(
        band,
        CornerRadius {
            nw: 5,
            ne: 5,
            sw: 0,
            se: 0,
        },
        colour,
    );
    p.text(
        band.left_center() + Vec2::new(4.0, 0.0),
        Align2::LEFT_CENTER,
        view.cards.name(card),
        FontId::proportional(11.0),
        Color32::WHITE,
    );
    if star {
        paint_star(p, band.right_center() - Vec2::new(9.0, 0.0), 6.0);
    }
    let name = view.cards.card(card).map_or("", |c| c.name.as_str());
    let name_at = Pos2::new(rect.center().x, band.bottom() + 3.0);
    let galley = p.layout(
        name.to_string(),
        FontId::proportional(11.0),
        INK,
        rect.width() - 6.0,
    );
    p.galley(
        Pos2::new(name_at.x - galley.size().x / 2.0, name_at.y),
        galley,
        INK,
    );
    // Worth as a bar: right of the centre line is better than average.
    let bar_y = rect.bottom() - 8.0;
    let half = rect.width() / 2.0 - 6.0;
    let w = (worth as f32 * 8.0).clamp(-1.0, 1.0) * half;
    let c = Pos2::new(rect.center().x, bar_y);
    p.line_segment(
        [c - Vec2::new(half, 0.0), c + Vec2::new(half, 0.0)],
        Stroke::new(1.0, Color32::from_gray(190)),
    );
    let bar = Rect::from_two_pos(c - Vec2::new(0.0, 3.0), c + Vec2::new(w, 3.0));
    p.rect_filled(
        bar,
        CornerRadius::ZERO,
        if worth >= 0.0 {
            Color32::from_rgb(0x2E, 0x8B, 0x3E)
        } else {
            Color32::from_rgb(0xC6, 0x28, 0x28)
        },
    );
    let border = if resp.hovered() {
        Stroke::new(2.5, GOLD)
    } else if star {
        Stroke::new(1.5, GOLD.gamma_multiply(0.8))
    } else {
        Stroke::new(1.0, Color32::from_gray(80))
    };
    p.rect_stroke(rect, CornerRadius::same(5), border, StrokeKind::Inside);
    resp.on_hover_text(format!(
        "Worth {worth:+.3} goals a match against an average card"
    ))
}

/// Both sides of a card, for a hover.
pub(super) fn both_sides(ui: &mut egui::Ui, cards: &CardSet, card: CardId) {
    let Some(c) = cards.card(card) else { return };
    ui.label(RichText::new(cards.label(card)).strong());
    ui.horizontal(|ui| {
        for attack in [true, false] {
            let (r, _) = ui.allocate_exact_size(CARD, Sense::hover());
            paint_side(ui.painter(), r, cards, c, attack, None);
        }
    });
}

/// A card's back in its team's colour.
pub(super) fn paint_back(p: &egui::Painter, r: Rect, colour: Color32) {
    p.rect_filled(r, CornerRadius::same(6), colour);
    p.rect_stroke(
        r.shrink(3.0),
        CornerRadius::same(4),
        Stroke::new(1.0, Color32::WHITE.gamma_multiply(0.7)),
        StrokeKind::Inside,
    );
}

/// One side of a card: the title band, the four colour-coded areas of five
/// sections, and the ball (attack side) or the marks and the assistant
/// referee's number (defence side). `highlight` is the compared area and
/// section (a section past the fifth highlights the area only).
pub fn paint_side(
    p: &egui::Painter,
    r: Rect,
    cards: &CardSet,
    card: &Card,
    attack_side: bool,
    highlight: Option<(Area, u8)>,
) {
    let s = r.height() / CARD.y;
    let team = team_colour(cards, Seat(card.team));
    // The side as printed, at the size it is shown: its small marks are
    // the print's (the comparison is also said in words beside it).
    crate::ui::faces::note_picture(p.ctx(), r);
    p.rect_filled(r, CornerRadius::same(8), PAPER);
    // Mid-flip the card is an edge: nothing on it can be read (and text
    // must never be laid out at a size of nothing).
    if r.width() < 30.0 || s < 0.2 {
        return;
    }
    let band = Rect::from_min_size(r.min, Vec2::new(r.width(), 24.0 * s));
    p.rect_filled(band, crate::ui::palette::BAND_CORNERS, team);
    if r.width() > 40.0 {
        p.text(
            band.left_center() + Vec2::new(5.0 * s, 0.0),
            Align2::LEFT_CENTER,
            &card.name,
            FontId::proportional(12.0 * s),
            Color32::WHITE,
        );
        p.text(
            band.right_center() - Vec2::new(5.0 * s, 0.0),
            Align2::RIGHT_CENTER,
            if attack_side { "ATT" } else { "DEF" },
            FontId::proportional(10.0 * s),
            Color32::WHITE,
        );
    }
    let foot = 18.0 * s;
    let body = Rect::from_min_max(
        Pos2::new(r.left() + 5.0 * s, band.bottom() + 4.0 * s),
        Pos2::new(r.right() - 5.0 * s, r.bottom() - foot),
    );
    let area_h = body.height() / 4.0;
    for area in Area::ALL {
        let ar = Rect::from_min_size(
            Pos2::new(body.left(), body.top() + area_h * area.index() as f32),
            Vec2::new(body.width(), area_h - 3.0 * s),
        );
        let colour = area_colour(area);
        let lit = highlight.is_some_and(|(a, _)| a == area);
        let name = if attack_side {
            area.attack_name()
        } else {
            area.defence_name()
        };
        let label_h = 12.5 * s;
        p.text(
            ar.left_top(),
            Align2::LEFT_TOP,
            name.trim_end_matches(" area"),
            FontId::proportional(9.0 * s),
            colour,
        );
        let row = Rect::from_min_max(Pos2::new(ar.left(), ar.top() + label_h), ar.max);
        let cell_w = row.width() / 5.0;
        for k in 0..5u8 {
            let cell = Rect::from_min_size(
                Pos2::new(row.left() + cell_w * f32::from(k), row.top()),
                Vec2::new(cell_w, row.height()),
            )
            .shrink(0.8);
            let hot = highlight == Some((area, k));
            let fill = if hot {
                GOLD
            } else {
                colour.gamma_multiply(if lit { 0.45 } else { 0.22 })
            };
            p.rect_filled(cell, CornerRadius::same(2), fill);
            if attack_side {
                if card.ball(area) == k {
                    paint_ball(p, cell.center(), cell.height().min(cell.width()) * 0.32);
                }
            } else {
                paint_mark(p, cell, card.mark(area, k));
            }
        }
        if lit {
            p.rect_stroke(
                row.expand(1.5),
                CornerRadius::same(3),
                Stroke::new(2.5 * s.max(0.7), GOLD),
                StrokeKind::Outside,
            );
        }
    }
    let foot_r = Rect::from_min_max(Pos2::new(r.left(), r.bottom() - foot), r.max);
    let foot_text = if attack_side {
        card.id.clone()
    } else {
        format!("{} · AR {}", card.id, card.referee)
    };
    p.text(
        foot_r.center(),
        Align2::CENTER_CENTER,
        foot_text,
        FontId::proportional(10.0 * s),
        Color32::from_gray(90),
    );
    p.rect_stroke(
        r,
        CornerRadius::same(8),
        Stroke::new(1.0, Color32::from_gray(60)),
        StrokeKind::Inside,
    );
}

/// The app's suggestion: a gold five-pointed star (drawn, so it needs no
/// font with the glyph).
fn paint_star(p: &egui::Painter, c: Pos2, radius: f32) {
    let point = |k: usize, r: f32| {
        let a = -std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::PI / 5.0;
        c + Vec2::new(a.cos(), a.sin()) * r
    };
    // Five triangles from the centre's pentagon to each point.
    let inner: Vec<Pos2> = (0..5).map(|k| point(2 * k + 1, radius * 0.42)).collect();
    p.add(Shape::convex_polygon(inner.clone(), GOLD, Stroke::NONE));
    for k in 0..5 {
        let tip = point(2 * k, radius);
        let a = inner[(k + 4) % 5];
        let b = inner[k];
        p.add(Shape::convex_polygon(vec![a, tip, b], GOLD, Stroke::NONE));
    }
}

/// The ball: a white disc with a dark pentagon.
fn paint_ball(p: &egui::Painter, c: Pos2, radius: f32) {
    p.circle_filled(c, radius, Color32::WHITE);
    p.circle_stroke(c, radius, Stroke::new(1.0, INK));
    p.circle_filled(c, radius * 0.38, INK);
}

/// A defence-side mark drawn in its section.
fn paint_mark(p: &egui::Painter, cell: Rect, mark: Mark) {
    let c = cell.center();
    let u = cell.height().min(cell.width()) * 0.4;
    if u < 1.5 {
        return;
    }
    let thin = Stroke::new((u * 0.18).max(1.0), INK);
    match mark {
        Mark::Empty => {}
        Mark::Defender | Mark::Keeper => {
            let shirt = if mark == Mark::Keeper {
                Color32::from_rgb(0xF0, 0x80, 0x20)
            } else {
                INK
            };
            p.circle_filled(c - Vec2::new(0.0, u * 0.55), u * 0.32, shirt);
            p.rect_filled(
                Rect::from_center_size(c + Vec2::new(0.0, u * 0.3), Vec2::new(u * 0.8, u * 0.9)),
                CornerRadius::same(2),
                shirt,
            );
            if mark == Mark::Keeper {
                for dx in [-1.0, 1.0] {
                    p.circle_filled(c + Vec2::new(dx * u * 0.75, -u * 0.1), u * 0.22, shirt);
                }
            }
        }
        Mark::Offside => {
            let pole = c + Vec2::new(-u * 0.4, u * 0.8);
            let tip = c + Vec2::new(-u * 0.4, -u * 0.8);
            p.line_segment([pole, tip], thin);
            p.add(Shape::convex_polygon(
                vec![
                    tip,
                    tip + Vec2::new(u * 0.9, u * 0.3),
                    tip + Vec2::new(0.0, u * 0.6),
                ],
                Color32::from_rgb(0xF5, 0xC5, 0x18),
                Stroke::NONE,
            ));
        }
        Mark::Foul => {
            p.rect_filled(
                Rect::from_center_size(c, Vec2::new(u * 0.9, u * 1.3)),
                CornerRadius::same(1),
                Color32::from_rgb(0xF5, 0xC5, 0x18),
            );
            p.text(
                c,
                Align2::CENTER_CENTER,
                "F",
                FontId::proportional(u * 0.9),
                INK,
            );
        }
        Mark::LongBall | Mark::Net => {
            let goal = Rect::from_center_size(c, Vec2::new(u * 1.8, u * 1.2));
            let white = Stroke::new((u * 0.2).max(1.0), Color32::WHITE);
            if mark == Mark::Net {
                for k in 1..4 {
                    let x = goal.left() + goal.width() * k as f32 / 4.0;
                    p.line_segment(
                        [Pos2::new(x, goal.top()), Pos2::new(x, goal.bottom())],
                        Stroke::new(0.6, Color32::WHITE),
                    );
                }
                let y = goal.center().y;
                p.line_segment(
                    [Pos2::new(goal.left(), y), Pos2::new(goal.right(), y)],
                    Stroke::new(0.6, Color32::WHITE),
                );
            }
            let frame = if mark == Mark::Net { white } else { thin };
            p.line_segment([goal.left_bottom(), goal.left_top()], frame);
            p.line_segment([goal.left_top(), goal.right_top()], frame);
            p.line_segment([goal.right_top(), goal.right_bottom()], frame);
        }
        Mark::Wide => {
            p.line_segment([c - Vec2::splat(u * 0.6), c + Vec2::splat(u * 0.6)], thin);
            p.line_segment(
                [
                    c + Vec2::new(-u * 0.6, u * 0.6),
                    c + Vec2::new(u * 0.6, -u * 0.6),
                ],
                thin,
            );
        }
        Mark::Rebound => {
            // A ball coming back: a ring with an arrowhead.
            p.circle_stroke(c, u * 0.6, thin);
            let head = c + Vec2::new(u * 0.6, 0.0);
            p.add(Shape::convex_polygon(
                vec![
                    head + Vec2::new(-u * 0.35, -u * 0.1),
                    head + Vec2::new(u * 0.35, -u * 0.1),
                    head + Vec2::new(0.0, u * 0.4),
                ],
                INK,
                Stroke::NONE,
            ));
        }
        Mark::Corner => {
            let pole = c + Vec2::new(-u * 0.3, u * 0.8);
            let tip = c + Vec2::new(-u * 0.3, -u * 0.8);
            p.line_segment([pole, tip], thin);
            p.add(Shape::convex_polygon(
                vec![
                    tip,
                    tip + Vec2::new(u * 0.9, u * 0.3),
                    tip + Vec2::new(0.0, u * 0.6),
                ],
                Color32::from_rgb(0xC6, 0x28, 0x28),
                Stroke::NONE,
            ));
            p.line_segment(
                [
                    pole + Vec2::new(-u * 0.5, 0.0),
                    pole + Vec2::new(u * 0.8, 0.0),
                ],
                thin,
            );
        }
        Mark::Block => {
            p.circle_filled(c, u * 0.7, Color32::from_rgb(0xF0, 0x80, 0x20));
            p.text(
                c,
                Align2::CENTER_CENTER,
                "B",
                FontId::proportional(u),
                Color32::WHITE,
            );
        }
        Mark::Wall => {
            for dx in [-0.6, 0.0, 0.6] {
                p.rect_filled(
                    Rect::from_center_size(c + Vec2::new(dx * u, 0.0), Vec2::new(u * 0.4, u * 1.4)),
                    CornerRadius::same(1),
                    INK,
                );
            }
        }
        Mark::Post => {
            let w = Stroke::new((u * 0.3).max(1.2), Color32::WHITE);
            let l = c + Vec2::new(-u * 0.8, u * 0.7);
            let tl = c + Vec2::new(-u * 0.8, -u * 0.7);
            let tr = c + Vec2::new(u * 0.8, -u * 0.7);
            p.line_segment([l, tl], w);
            p.line_segment([tl, tr], w);
            p.circle_filled(tl, u * 0.28, GOLD);
        }
    }
}
