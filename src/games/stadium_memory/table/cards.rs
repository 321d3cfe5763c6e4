//! Stadium Memory cards at the table: a card turning over (the lawn back,
//! a player's name and points, a prize in its colour), the dice, and the
//! words a card is described in.

use super::{CHALK, GOLD, LAWN, PAPER, VAR_BLUE};
use crate::games::stadium_memory::{Card, CardSet, Prize};
use egui::{Align2, Color32, CornerRadius, FontId, Pos2, Rect, Stroke, StrokeKind, Vec2};

/// The smallest text drawn on a card, in points.
const MIN_TEXT: f32 = 11.0;

/// How far an animation that began at `start` has gone (0 to 1).
pub(super) fn since(now: f64, start: f64, length: f64) -> f32 {
    if length <= 0.0 || !start.is_finite() {
        return 1.0;
    }
    (((now - start) / length).clamp(0.0, 1.0)) as f32
}

/// What a seat of the grid shows, and which way it is turning.
#[derive(Clone, Copy, Debug)]
pub(super) enum Flip {
    /// Face down.
    Back,
    /// Turning (or turned) face up.
    Up(Card),
    /// Turning back face down.
    Down(Card),
    /// Leaving the table (taken).
    Leave(Card),
    /// Face down, but this viewer saw it with VAR in this move.
    Peeked(Card),
    /// Nothing there.
    Gone,
}

/// Paints one card as `look` shows it, `progress` of the way through its
/// flip: the card narrows to its edge, then widens showing the other side.
pub(super) fn paint_card(
    painter: &egui::Painter,
    cards: &CardSet,
    rect: Rect,
    look: Flip,
    progress: f32,
    hovered: bool,
) {
    let squeeze = |k: f32| {
        Rect::from_center_size(
            rect.center(),
            Vec2::new(rect.width() * k.max(0.04), rect.height()),
        )
    };
    match look {
        Flip::Gone => {}
        Flip::Back => paint_back(painter, rect, hovered),
        Flip::Up(card) => {
            if progress < 0.5 {
                paint_back(painter, squeeze(1.0 - progress * 2.0), false);
            } else {
                paint_face(painter, cards, squeeze(progress * 2.0 - 1.0), card, hovered);
            }
        }
        Flip::Down(card) => {
            if progress < 0.5 {
                paint_face(painter, cards, squeeze(1.0 - progress * 2.0), card, false);
            } else {
                paint_back(painter, squeeze(progress * 2.0 - 1.0), hovered);
            }
        }
        Flip::Leave(card) => {
            if progress < 1.0 {
                let r = Rect::from_center_size(
                    rect.center() - Vec2::new(0.0, rect.height() * 0.3 * progress),
                    rect.size() * (1.0 - 0.4 * progress),
                );
                paint_face(painter, cards, r, card, false);
            }
        }
        Flip::Peeked(card) => {
            paint_face(painter, cards, rect, card, hovered);
            painter.rect_stroke(
                rect.expand(1.0),
                CornerRadius::same(3),
                Stroke::new(2.5, VAR_BLUE),
                StrokeKind::Outside,
            );
        }
    }
}

/// The lawn back: mown stripes, a chalk line and "Rivet".
pub(super) fn paint_back(painter: &egui::Painter, rect: Rect, hovered: bool) {
    let stripes = 4;
    let w = rect.width() / stripes as f32;
    painter.rect_filled(rect, CornerRadius::same(3), LAWN[0]);
    for k in (1..stripes).step_by(2) {
        let s = Rect::from_min_size(
            Pos2::new(rect.left() + w * k as f32, rect.top() + 1.0),
            Vec2::new(w, rect.height() - 2.0),
        );
        painter.rect_filled(s, CornerRadius::ZERO, LAWN[1]);
    }
    painter.rect_stroke(
        rect.shrink(rect.width().min(rect.height()) * 0.1),
        CornerRadius::same(1),
        Stroke::new(1.0, CHALK.gamma_multiply(0.7)),
        StrokeKind::Inside,
    );
    let size = (rect.width() * 0.27).min(rect.height() * 0.4).min(13.0);
    if size >= MIN_TEXT {
        painter.text(
            rect.center(),
            Align2::CENTER_CENTER,
            "Rivet",
            FontId::proportional(size),
            CHALK,
        );
    }
    let border = if hovered {
        Stroke::new(2.5, GOLD)
    } else {
        Stroke::new(1.0, Color32::from_gray(30))
    };
    painter.rect_stroke(rect, CornerRadius::same(3), border, StrokeKind::Inside);
}

/// A card's face: a player's name and points, or a prize in its colour.
pub(super) fn paint_face(
    painter: &egui::Painter,
    cards: &CardSet,
    rect: Rect,
    card: Card,
    hovered: bool,
) {
    let (fill, ink, title, sub) = match card {
        Card::Player(p) => (
            PAPER,
            Color32::from_gray(25),
            surname(&cards.name(card)),
            format!(
                "{} pt{}",
                cards.points(p),
                if cards.points(p) == 1 { "" } else { "s" }
            ),
        ),
        Card::Prize(p) => (
            prize_colour(p),
            if p == Prize::Yellow {
                Color32::BLACK
            } else {
                Color32::WHITE
            },
            prize_short(p).to_string(),
            String::new(),
        ),
    };
    painter.rect_filled(rect, CornerRadius::same(3), fill);
    if let Card::Player(p) = card {
        let band = Rect::from_min_size(rect.min, Vec2::new(rect.width(), rect.height() * 0.18));
        painter.rect_filled(band, CornerRadius::same(2), points_colour(cards.points(p)));
        // The printed card's portrait, between the band and the name (in
        // the card faces, installed from the first frame on).
        if let Some(player) = cards.players.get(usize::from(p))
            && crate::ui::fonts::ready(painter.ctx())
        {
            let area = Rect::from_x_y_ranges(
                rect.x_range(),
                rect.top() + rect.height() * 0.19..=rect.top() + rect.height() * 0.58,
            );
            let scene = crate::games::stadium_memory::layout::portrait_scene(player, 40.0, 37.0);
            crate::render::egui::paint_fitted(painter, &scene, area);
        }
    }
    if rect.width() > 8.0 {
        // The title shrinks to fit the card, down to the least size that
        // reads; a name still too long is cut with "…" (the whole card is
        // on hover).
        let mut size = (rect.height() * 0.32).clamp(MIN_TEXT, 15.0);
        let galley = loop {
            let g = painter.layout_no_wrap(title.clone(), FontId::proportional(size), ink);
            if g.size().x <= rect.width() - 4.0 || size <= MIN_TEXT {
                break g;
            }
            size -= 0.5;
        };
        let galley = if galley.size().x > rect.width() - 4.0 {
            let mut job = egui::text::LayoutJob::simple_singleline(
                title.clone(),
                FontId::proportional(MIN_TEXT),
                ink,
            );
            job.wrap = egui::text::TextWrapping::truncate_at_width((rect.width() - 4.0).max(4.0));
            painter.layout_job(job)
        } else {
            galley
        };
        let lift = if sub.is_empty() || rect.height() < 40.0 {
            0.0
        } else {
            rect.height() * 0.08
        };
        // A player's name goes under the portrait.
        let lower = if matches!(card, Card::Player(_)) {
            rect.height() * 0.19
        } else {
            0.0
        };
        let at = rect.center() - galley.size() / 2.0 - Vec2::new(0.0, lift - lower);
        painter.galley(at, galley, ink);
        if !sub.is_empty() && rect.height() >= 40.0 {
            painter.text(
                Pos2::new(rect.center().x, rect.bottom() - rect.height() * 0.18),
                Align2::CENTER_CENTER,
                sub,
                FontId::proportional(MIN_TEXT),
                Color32::from_gray(70),
            );
        }
    }
    let border = if hovered {
        Stroke::new(2.5, GOLD)
    } else {
        Stroke::new(1.0, Color32::from_gray(40))
    };
    painter.rect_stroke(rect, CornerRadius::same(3), border, StrokeKind::Inside);
}

/// A die showing `value`, edged in the roller's colour.
pub(super) fn paint_die(painter: &egui::Painter, rect: Rect, value: u8, edge: Color32) {
    painter.rect_filled(rect, CornerRadius::same(6), PAPER);
    painter.rect_stroke(
        rect,
        CornerRadius::same(6),
        Stroke::new(2.5, edge),
        StrokeKind::Inside,
    );
    let c = rect.center();
    let d = rect.width() * 0.26;
    let pips: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (x, y) in pips {
        painter.circle_filled(
            c + Vec2::new(x * d, y * d),
            rect.width() * 0.08,
            Color32::from_gray(25),
        );
    }
}

/// The whole card in words, for the tooltip.
pub(super) fn card_tooltip(cards: &CardSet, card: Card) -> String {
    match card {
        Card::Player(p) => match cards.player(p) {
            Some(pc) => format!(
                "{} · {} · {}\nThe pair scores {} point{}.",
                pc.name,
                pc.nation,
                pc.club,
                pc.points,
                if pc.points == 1 { "" } else { "s" }
            ),
            None => cards.name(card),
        },
        Card::Prize(k) => {
            let text = cards
                .prizes
                .iter()
                .find(|d| d.kind == k)
                .map_or_else(String::new, |d| d.text.clone());
            format!("{}\n{text}", cards.name(card))
        }
    }
}

/// The last word of a printed name (`Ferro` of `Tomas Ferro`).
pub(super) fn surname(name: &str) -> String {
    name.split_whitespace().last().unwrap_or(name).to_string()
}

/// A prize's short name on the table.
pub(super) fn prize_short(p: Prize) -> &'static str {
    match p {
        Prize::Yellow => "YELLOW",
        Prize::Red => "RED",
        Prize::Var => "VAR",
        Prize::PlayGame => "PLAY GAME",
    }
}

/// A prize card's colour.
pub(super) fn prize_colour(p: Prize) -> Color32 {
    match p {
        Prize::Yellow => Color32::from_rgb(0xF5, 0xD0, 0x20),
        Prize::Red => Color32::from_rgb(0xD0, 0x26, 0x26),
        Prize::Var => Color32::from_rgb(0x1F, 0x4E, 0x9A),
        Prize::PlayGame => Color32::from_rgb(0x6A, 0x32, 0x9A),
    }
}

/// The band of a player card, by what its pair scores.
pub(super) fn points_colour(points: u32) -> Color32 {
    match points {
        0 | 1 => Color32::from_rgb(0x9A, 0xA5, 0xB1),
        2 => Color32::from_rgb(0x4C, 0x9A, 0x5A),
        3 => Color32::from_rgb(0x2F, 0x6F, 0xC0),
        4 => Color32::from_rgb(0xB0, 0x4A, 0xB8),
        _ => Color32::from_rgb(0xD9, 0xA4, 0x00),
    }
}
