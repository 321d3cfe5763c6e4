//! Cards on the table, sized to the table and drawn from the deck's data.

use crate::cards::Rgb;
use crate::cards::booked::{BookedDeck, Kind, PhysicalCard};
use crate::engine::games::booked::{CardId, Position};
use egui::{
    Align2, Color32, CornerRadius, FontId, Rect, Response, Sense, Stroke, StrokeKind, Vec2, pos2,
};
use std::sync::Arc;

/// How a card is shown.
#[derive(Clone, Copy, Debug, Default)]
pub struct CardLook {
    /// Outlined in gold: selected, or a valid target.
    pub highlighted: bool,
    /// Greyed out: cannot be used now.
    pub dimmed: bool,
    /// Carries a Yellow.
    pub booked: bool,
    /// A super sub's declared nation and slot.
    pub stand_in: Option<(u8, Position)>,
}

/// Draws cards of one deck at the table's current size.
pub struct CardPainter {
    deck: Arc<BookedDeck>,
    physical: Vec<PhysicalCard>,
    height: f32,
}

fn c32(c: Rgb) -> Color32 {
    Color32::from_rgb(c.0, c.1, c.2)
}

impl CardPainter {
    /// A painter for `deck`.
    pub fn new(deck: Arc<BookedDeck>) -> Self {
        let physical = deck.physical_cards();
        CardPainter {
            deck,
            physical,
            height: 100.0,
        }
    }

    /// The deck.
    pub fn deck(&self) -> &BookedDeck {
        &self.deck
    }

    /// Sets the card height in points (the width follows a poker card).
    pub fn set_height(&mut self, h: f32) {
        self.height = h;
    }

    fn size(&self) -> Vec2 {
        Vec2::new(self.height * 63.5 / 88.9, self.height)
    }

    /// A readable name for a card.
    pub fn describe(&self, id: CardId) -> String {
        self.physical
            .get(usize::from(id))
            .map_or_else(|| "?".into(), |p| self.deck.describe(p))
    }

    /// The back of a card (the deck).
    pub fn back(&self, ui: &mut egui::Ui, highlighted: bool) -> Response {
        let (rect, resp) = ui.allocate_exact_size(self.size(), Sense::click());
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, highlighted, "Deck"));
        let p = ui.painter();
        let r = CornerRadius::same((self.height * 0.06) as u8);
        p.rect_filled(rect, r, Color32::from_rgb(0x10, 0x2A, 0x1C));
        p.rect_stroke(
            rect.shrink(3.0),
            r,
            Stroke::new(1.5, Color32::from_rgb(0xF5, 0xC5, 0x18)),
            StrokeKind::Inside,
        );
        p.text(
            rect.center(),
            Align2::CENTER_CENTER,
            "BOOKED!",
            FontId::proportional(self.height * 0.14),
            Color32::from_rgb(0xF5, 0xC5, 0x18),
        );
        if highlighted {
            p.rect_stroke(
                rect.expand(2.0),
                r,
                Stroke::new(3.0, Color32::WHITE),
                StrokeKind::Outside,
            );
        }
        resp
    }

    /// One card face; clickable.
    pub fn card(&self, ui: &mut egui::Ui, id: CardId, look: CardLook) -> Response {
        let (rect, resp) = ui.allocate_exact_size(self.size(), Sense::click());
        // Screen readers and UI tests find cards by what they are.
        let label = self.describe(id);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, !look.dimmed, &label));
        if ui.is_rect_visible(rect) {
            self.paint(ui.painter(), rect, id, look);
        }
        resp
    }

    fn paint(&self, p: &egui::Painter, rect: Rect, id: CardId, look: CardLook) {
        let h = rect.height();
        let r = CornerRadius::same((h * 0.06) as u8);
        let Some(card) = self.physical.get(usize::from(id)) else {
            return;
        };
        let small = FontId::proportional(h * 0.085);
        let (bg, fg, title, big, sub) = match card.kind {
            Kind::Player => match self.deck.player(card) {
                Some((n, pl)) => (
                    c32(n.kit.primary),
                    c32(n.kit.text),
                    pl.name.clone(),
                    pl.rating.to_string(),
                    format!("{} · {}", pl.position, n.code),
                ),
                None => (
                    Color32::GRAY,
                    Color32::BLACK,
                    card.id.clone(),
                    String::new(),
                    String::new(),
                ),
            },
            Kind::Referee => {
                let r = self.deck.referees.get(card.index);
                let instant = r.is_some_and(|r| r.effect.is_instant());
                (
                    if instant {
                        Color32::from_rgb(0x1F, 0x2A, 0x44)
                    } else {
                        Color32::from_rgb(0x22, 0x22, 0x22)
                    },
                    Color32::WHITE,
                    r.map_or(String::new(), |r| r.name.clone()),
                    if instant { "⚡".into() } else { "REF".into() },
                    r.map_or(String::new(), |r| r.text.clone()),
                )
            }
            Kind::Yellow => (
                Color32::from_rgb(0xFF, 0xD4, 0x00),
                Color32::BLACK,
                "YELLOW".into(),
                String::new(),
                String::new(),
            ),
            Kind::Red => (
                Color32::from_rgb(0xD7, 0x1B, 0x1B),
                Color32::WHITE,
                "RED".into(),
                String::new(),
                String::new(),
            ),
            Kind::SuperSub => {
                let sub = match look.stand_in {
                    Some((n, pos)) => format!(
                        "as {} {pos}",
                        self.deck
                            .nations
                            .get(usize::from(n))
                            .map_or("?", |x| x.code.as_str())
                    ),
                    None => "any slot".into(),
                };
                (
                    Color32::from_rgb(0x6B, 0x2F, 0xB3),
                    Color32::WHITE,
                    "SUPER SUB".into(),
                    "★".into(),
                    sub,
                )
            }
            Kind::QuickRules => (
                Color32::WHITE,
                Color32::BLACK,
                "QUICK RULES".into(),
                String::new(),
                String::new(),
            ),
        };
        let bg = if look.dimmed {
            bg.gamma_multiply(0.35)
        } else {
            bg
        };
        let fg = if look.dimmed {
            fg.gamma_multiply(0.5)
        } else {
            fg
        };
        p.rect_filled(rect, r, bg);
        p.rect_stroke(
            rect,
            r,
            Stroke::new(1.0, Color32::from_black_alpha(120)),
            StrokeKind::Inside,
        );
        if let Kind::Player = card.kind
            && let Some((n, _)) = self.deck.player(card)
        {
            let band = Rect::from_min_max(
                pos2(rect.left(), rect.bottom() - h * 0.2),
                rect.right_bottom(),
            );
            p.rect_filled(
                band,
                CornerRadius::ZERO,
                c32(n.kit.secondary).gamma_multiply(if look.dimmed { 0.35 } else { 1.0 }),
            );
        }
        let pad = h * 0.05;
        if !big.is_empty() {
            p.text(
                rect.left_top() + Vec2::splat(pad),
                Align2::LEFT_TOP,
                &big,
                FontId::proportional(h * 0.22),
                fg,
            );
        }
        p.text(
            rect.center() - Vec2::new(0.0, h * 0.02),
            Align2::CENTER_CENTER,
            fit(&title, rect.width(), h * 0.095),
            FontId::proportional(h * 0.095),
            fg,
        );
        if !sub.is_empty() {
            p.text(
                pos2(rect.center().x, rect.bottom() - h * 0.1),
                Align2::CENTER_CENTER,
                fit(&sub, rect.width(), h * 0.085),
                small,
                match (card.kind, self.deck.player(card)) {
                    // The line sits on the trim band: pick black or white by its lightness.
                    (Kind::Player, Some((n, _))) if n.kit.secondary.luma() > 0.6 => Color32::BLACK,
                    (Kind::Player, _) => Color32::WHITE,
                    _ => fg,
                },
            );
        }
        if look.booked {
            let y = Rect::from_min_size(
                rect.right_top() + Vec2::new(-h * 0.16, h * 0.04),
                Vec2::new(h * 0.11, h * 0.15),
            );
            p.rect_filled(
                y,
                CornerRadius::same(2),
                Color32::from_rgb(0xFF, 0xD4, 0x00),
            );
            p.rect_stroke(
                y,
                CornerRadius::same(2),
                Stroke::new(1.0, Color32::BLACK),
                StrokeKind::Inside,
            );
        }
        if look.highlighted {
            p.rect_stroke(
                rect.expand(2.0),
                r,
                Stroke::new(3.0, Color32::from_rgb(0xF5, 0xC5, 0x18)),
                StrokeKind::Outside,
            );
        }
    }
}

/// Shortens `s` to what fits in `width` at font size `size` (roughly).
fn fit(s: &str, width: f32, size: f32) -> String {
    let max = ((width / (size * 0.55)) as usize).max(3);
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}
