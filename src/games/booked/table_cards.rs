//! Booked! cards on the table: the printed faces (see [`crate::ui::faces`])
//! sized to the table, with the table's marks on top (a Yellow on a
//! booked player, a super sub's declared slot, selection and greying).

use crate::games::booked::deck::{BookedDeck, PhysicalCard};
use crate::games::booked::{CardId, Position};
use crate::layout::TemplateSet;
use crate::ui::faces::{Face, Faces, POKER};
use egui::{
    Align2, Color32, CornerRadius, FontId, Rect, Response, Sense, Stroke, StrokeKind, Vec2,
};
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
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
    /// A Yellow or Red played on it and still awaiting answers.
    pub shown: Option<Shown>,
    /// A super sub's declared nation and slot.
    pub stand_in: Option<(u8, Position)>,
}

/// A discipline card on its way to a player (on the stack, not yet
/// resolved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A Yellow: a booking, or a sending-off for a booked player.
    Yellow,
    /// A Red: off if booked, else it bounces.
    Red,
}

impl CardLook {
    /// What the marks say, for the card's label: " (booked)", " (Yellow
    /// shown)", " (Red shown)".
    fn words(&self) -> String {
        let mut w = String::new();
        if self.booked {
            w.push_str(" (booked)");
        }
        match self.shown {
            Some(Shown::Yellow) => w.push_str(" (Yellow shown)"),
            Some(Shown::Red) => w.push_str(" (Red shown)"),
            None => {}
        }
        w
    }
}

/// The height of the enlarged card shown while the pointer rests on one.
const PREVIEW_HEIGHT: f32 = 300.0;

const GOLD: Color32 = Color32::from_rgb(0xF5, 0xC5, 0x18);
const YELLOW: Color32 = Color32::from_rgb(0xFF, 0xD4, 0x00);
const RED: Color32 = Color32::from_rgb(0xE0, 0x1B, 0x24);

/// Draws cards of one deck at the table's current size.
pub struct CardPainter {
    deck: Arc<BookedDeck>,
    physical: Vec<PhysicalCard>,
    faces: Faces,
    height: f32,
    motion: Motion,
}

/// Cards that just came into sight slide into place and glow for a moment,
/// so a human can follow what the bots did.
#[derive(Default)]
struct Motion {
    /// What was on the table last frame (`None` before the first frame).
    seen: Option<HashSet<CardId>>,
    /// When each arriving card arrived.
    since: HashMap<CardId, f64>,
    /// This frame's time.
    now: f64,
    /// How long an arrival takes, in seconds (0: no animation).
    duration: f64,
}

impl CardPainter {
    /// A painter for `deck`; card pictures are looked up under `art_roots`.
    pub fn new(deck: Arc<BookedDeck>, art_roots: Vec<PathBuf>) -> Self {
        let physical = deck.physical_cards();
        let print = crate::games::booked::layout::print_deck(&deck);
        // The embedded templates are checked by the test suite; were they
        // ever broken, each card would show the layout error instead.
        let templates =
            TemplateSet::embedded(crate::games::booked::layout::GAME).unwrap_or_default();
        CardPainter {
            deck,
            physical,
            faces: Faces::new(print, templates, POKER, art_roots),
            height: 100.0,
            motion: Motion::default(),
        }
    }

    /// Sets the card height in points (the width follows the card's shape).
    pub fn set_height(&mut self, h: f32) {
        self.height = h;
    }

    /// Notes which cards are in sight this frame (`visible`), at time
    /// `now`; cards new since last frame animate for `duration` seconds.
    /// Returns whether an animation is running (the caller repaints).
    pub fn track(
        &mut self,
        visible: impl IntoIterator<Item = CardId>,
        now: f64,
        duration: f64,
    ) -> bool {
        let m = &mut self.motion;
        let visible: HashSet<CardId> = visible.into_iter().collect();
        if let Some(seen) = &m.seen
            && duration > 0.0
        {
            for c in visible.difference(seen) {
                m.since.insert(*c, now);
            }
        }
        m.seen = Some(visible);
        m.now = now;
        m.duration = duration;
        m.since.retain(|_, t| now - *t < duration);
        !m.since.is_empty()
    }

    /// How far a card's arrival has got (0 to 1), if it is arriving.
    fn arrival(&self, id: CardId) -> Option<f32> {
        let m = &self.motion;
        let t = m.since.get(&id)?;
        Some((((m.now - t) / m.duration.max(1e-3)) as f32).clamp(0.0, 1.0))
    }

    /// A card's width for each point of its height.
    pub fn aspect(&self) -> f32 {
        self.faces.size(1.0).x
    }

    fn size(&self) -> Vec2 {
        self.faces.size(self.height)
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
        if ui.is_rect_visible(rect) {
            self.faces.paint(ui.painter(), rect, Face::Back);
            if highlighted {
                outline(ui.painter(), rect, Color32::WHITE);
            }
        }
        resp
    }

    /// One card face; clickable.
    pub fn card(&self, ui: &mut egui::Ui, id: CardId, look: CardLook) -> Response {
        let (rect, resp) = ui.allocate_exact_size(self.size(), Sense::click());
        // Screen readers and UI tests find cards by what they are, and
        // read what the marks on them say; "selected" is the gold outline
        // (the chosen hand card, or a target of it).
        let label = self.describe(id) + &look.words();
        resp.widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::Role::Button, !look.dimmed, &label);
            info.selected = Some(look.highlighted);
            info
        });
        if ui.is_rect_visible(rect) {
            self.paint(ui.painter(), rect, id, look);
        }
        resp
    }

    /// Shows the card enlarged with `text` under it while the pointer
    /// rests on `resp`.
    pub fn hover(&self, resp: Response, id: CardId, text: impl Into<String>) -> Response {
        let text = text.into();
        resp.on_hover_ui(|ui| {
            let (rect, _) = ui.allocate_exact_size(self.faces.size(PREVIEW_HEIGHT), Sense::hover());
            self.faces
                .paint(ui.painter(), rect, Face::Card(usize::from(id)));
            ui.label(text);
        })
    }

    fn paint(&self, p: &egui::Painter, rect: Rect, id: CardId, look: CardLook) {
        let h = rect.height();
        // An arriving card drops into its place and glows as it settles.
        let arrival = self.arrival(id).map(|t| 1.0 - (1.0 - t).powi(3));
        let rect = rect.translate(Vec2::new(0.0, -(1.0 - arrival.unwrap_or(1.0)) * h * 0.35));
        self.faces.paint(p, rect, Face::Card(usize::from(id)));
        if let Some(e) = arrival {
            p.rect_stroke(
                rect.expand(3.0),
                corner(h),
                Stroke::new(4.0, Color32::WHITE.gamma_multiply(1.0 - e)),
                StrokeKind::Outside,
            );
        }
        if let Some((nation, pos)) = look.stand_in {
            // The super sub's declared slot, on a band across the card.
            let band = Rect::from_min_max(
                rect.left_bottom() - Vec2::new(0.0, (h * 0.2).max(15.0)),
                rect.right_bottom(),
            );
            p.rect_filled(band, CornerRadius::ZERO, Color32::from_black_alpha(200));
            let code = self
                .deck
                .nations
                .get(usize::from(nation))
                .map_or("?", |n| n.code.as_str());
            p.text(
                band.center(),
                Align2::CENTER_CENTER,
                format!("as {code} {pos}"),
                FontId::proportional((h * 0.09).max(11.0)),
                Color32::WHITE,
            );
        }
        // Bookings read by letter as well as colour: a "Y" card for a
        // Yellow the player carries, "Y?" or "R?" for one on its way.
        let mut marks: Vec<(&str, Color32, Color32)> = Vec::new();
        if look.booked {
            marks.push(("Y", YELLOW, Color32::BLACK));
        }
        match look.shown {
            Some(Shown::Yellow) => marks.push(("Y?", YELLOW, Color32::BLACK)),
            Some(Shown::Red) => marks.push(("R?", RED, Color32::WHITE)),
            None => {}
        }
        let size = Vec2::new((h * 0.2).max(18.0), (h * 0.27).max(20.0));
        let mut right = rect.right() - h * 0.04;
        for (letter, fill, ink) in marks {
            let mark = Rect::from_min_size(egui::pos2(right - size.x, rect.top() + h * 0.04), size);
            p.rect_filled(mark, CornerRadius::same(2), fill);
            p.rect_stroke(
                mark,
                CornerRadius::same(2),
                Stroke::new(
                    1.5,
                    if letter.ends_with('?') {
                        Color32::WHITE
                    } else {
                        Color32::BLACK
                    },
                ),
                StrokeKind::Inside,
            );
            p.text(
                mark.center(),
                Align2::CENTER_CENTER,
                letter,
                FontId::proportional(
                    (size.x * if letter.len() > 1 { 0.55 } else { 0.8 }).max(11.0),
                ),
                ink,
            );
            right -= size.x + 2.0;
        }
        if look.dimmed {
            p.rect_filled(rect, corner(h), Color32::from_black_alpha(150));
        }
        if look.highlighted {
            outline(p, rect, GOLD);
        }
    }
}

fn corner(h: f32) -> CornerRadius {
    CornerRadius::same((h * 0.045).min(255.0) as u8)
}

fn outline(p: &egui::Painter, rect: Rect, color: Color32) {
    p.rect_stroke(
        rect.expand(2.0),
        corner(rect.height()),
        Stroke::new(3.0, color),
        StrokeKind::Outside,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn painter() -> CardPainter {
        let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
        CardPainter::new(Arc::new(deck), Vec::new())
    }

    #[test]
    fn cards_new_since_the_last_frame_slide_in_for_the_pace_duration() {
        let mut p = painter();
        // The first frame shows what is there without animating it.
        assert!(!p.track([1, 2], 0.0, 0.35));
        assert_eq!(p.arrival(1), None);
        assert!(p.track([1, 2, 3], 1.0, 0.35));
        assert_eq!(p.arrival(3), Some(0.0));
        assert_eq!(p.arrival(1), None);
        assert!(p.track([1, 2, 3], 1.175, 0.35));
        let half = p.arrival(3).unwrap_or(-1.0);
        assert!((half - 0.5).abs() < 1e-3, "{half}");
        assert!(!p.track([1, 2, 3], 1.4, 0.35));
        assert_eq!(p.arrival(3), None);
        // At the instant pace nothing moves.
        assert!(!p.track([1, 2, 3, 4], 2.0, 0.0));
        assert_eq!(p.arrival(4), None);
    }

    #[test]
    fn a_table_card_is_the_printed_card() {
        let p = painter();
        let deck = &p.deck;
        let physical = deck.physical_cards();
        let Some(i) = physical.iter().position(|c| c.id == "BRA-9") else {
            panic!("no BRA-9")
        };
        let print = crate::games::booked::layout::print_deck(deck);
        let templates = TemplateSet::embedded("booked").unwrap_or_else(|e| panic!("{e}"));
        let printed =
            crate::layout::card_scene(&print.cards[i], &templates, POKER, &crate::layout::NoImages)
                .unwrap_or_else(|e| panic!("{e}"));
        let on_screen = p.faces.text_lines(Face::Card(i));
        assert_eq!(on_screen, printed.text_lines());
        let Some((_, player)) = deck.player(&physical[i]) else {
            panic!("BRA-9 is a player")
        };
        assert!(
            on_screen.iter().any(|l| l.contains(&player.name)),
            "{on_screen:?}"
        );
    }
}
