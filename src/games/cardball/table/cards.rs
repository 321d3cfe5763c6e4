//! Cardball cards at the table: a Manager card drawn as it reads in the
//! ball's zone (the half that counts lit), the printed card enlarged on
//! hover, and rows of face-down backs.

use super::{CARD, CardballBoard, MIN_TEXT};
use crate::games::cardball::narrate::card_title;
use crate::games::cardball::{CardId, CardballSession, ManagerCard, Mark, Payload, Top, ZoneClass};
use crate::ui::faces::Face;
use crate::ui::palette::{CHALK, GOLD};
use egui::{
    Align2, Color32, CornerRadius, FontId, Pos2, Rect, Response, RichText, Sense, Stroke,
    StrokeKind, Vec2,
};

/// Under this scale a card shows only the half that counts: both halves
/// would not fit at [`MIN_TEXT`].
const COMPACT: f32 = 0.75;

/// A card's text of `base` points at scale 1, at `scale`, never under
/// [`MIN_TEXT`].
fn text(base: f32, scale: f32) -> f32 {
    (base * scale).max(MIN_TEXT)
}

impl CardballBoard {
    /// A Manager card, drawn as it reads at the table: its title, position
    /// and what it does in the ball's zone class, the half that counts now
    /// marked. Its label (for screen readers and tests) is its title.
    pub(super) fn card(
        &self,
        ui: &mut egui::Ui,
        session: &CardballSession,
        id: CardId,
        look: Look,
        scale: f32,
    ) -> Response {
        let size = CARD * scale;
        let (rect, resp) = ui.allocate_exact_size(size, Sense::click());
        let cards = session.game().cards().clone();
        let title = card_title(session.deck(), &cards, id);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, look.enabled, &title));
        if !ui.is_rect_visible(rect) {
            return resp;
        }
        let Some(card) = cards.card(id) else {
            return resp;
        };
        let p = ui.painter();
        let lift = if look.enabled && resp.hovered() {
            -4.0
        } else {
            0.0
        };
        let rect = rect.translate(Vec2::new(0.0, lift));
        let accent = position_colour(card);
        let fill = if look.enabled || look.highlight {
            Color32::from_rgb(0xFA, 0xF7, 0xEE)
        } else {
            Color32::from_rgb(0xB8, 0xBC, 0xB4)
        };
        p.rect_filled(rect, CornerRadius::same(8), fill);
        let band = Rect::from_min_size(rect.min, Vec2::new(rect.width(), 22.0 * scale));
        p.rect_filled(band, crate::ui::palette::BAND_CORNERS, accent);
        p.text(
            band.left_center() + Vec2::new(6.0 * scale, 0.0),
            Align2::LEFT_CENTER,
            card.position.key(),
            FontId::proportional(text(12.0, scale)),
            Color32::WHITE,
        );
        // The title shrinks to fit beside the position.
        let room = band.width() - 40.0 * scale;
        let mut size = text(12.5, scale);
        let galley = loop {
            let g = p.layout_no_wrap(title.clone(), FontId::proportional(size), Color32::WHITE);
            if g.size().x <= room || size <= MIN_TEXT {
                break g;
            }
            size -= 0.5;
        };
        // Still too long at the smallest size: cut with "…" (the whole
        // title is the card's label and on hover).
        let galley = if galley.size().x > room {
            let mut job = egui::text::LayoutJob::simple_singleline(
                title.clone(),
                FontId::proportional(MIN_TEXT),
                Color32::WHITE,
            );
            job.wrap = egui::text::TextWrapping::truncate_at_width(room.max(10.0));
            p.layout_job(job)
        } else {
            galley
        };
        let at =
            band.right_center() - Vec2::new(6.0 * scale + galley.size().x, galley.size().y / 2.0);
        p.galley(at, galley, Color32::WHITE);
        let ink = Color32::from_gray(35);
        if card.is_manager() {
            p.text(
                rect.center() + Vec2::new(0.0, 8.0 * scale),
                Align2::CENTER_CENTER,
                "Play from the touchline:\ndraws an Action card",
                FontId::proportional(text(12.0, scale)),
                ink,
            );
        } else if scale < COMPACT {
            // Too small for both halves at a readable size: only the half
            // that counts, in one or two lines cut to the card's width (the
            // whole card is on hover).
            let top = card.top(look.class);
            let (main, sub) = if look.attacking {
                (mark_text(top.mark), payload_text(top))
            } else {
                (mark_text(card.bottom(look.class)), String::new())
            };
            let body = Rect::from_min_max(Pos2::new(rect.left(), band.bottom()), rect.max)
                .shrink(3.0 * scale);
            p.rect_filled(body, CornerRadius::same(4), GOLD.gamma_multiply(0.35));
            let line = |t: String| {
                let mut job = egui::text::LayoutJob::simple_singleline(
                    t,
                    FontId::proportional(MIN_TEXT),
                    ink,
                );
                job.wrap = egui::text::TextWrapping::truncate_at_width(body.width().max(10.0));
                p.layout_job(job)
            };
            let main = line(main);
            let sub = (!sub.is_empty() && body.height() >= 2.0 * main.size().y).then(|| line(sub));
            let total = main.size().y + sub.as_ref().map_or(0.0, |g| g.size().y);
            let mut y = body.center().y - total / 2.0;
            for g in std::iter::once(main).chain(sub) {
                let at = Pos2::new(body.center().x - g.size().x / 2.0, y);
                y += g.size().y;
                p.galley(at, g, ink);
            }
        } else {
            let top = card.top(look.class);
            let halves = [
                (
                    "ATTACK",
                    mark_text(top.mark),
                    payload_text(top),
                    look.attacking,
                ),
                (
                    "DEFEND",
                    mark_text(card.bottom(look.class)),
                    String::new(),
                    !look.attacking,
                ),
            ];
            for (k, (label, main, sub, counts)) in halves.into_iter().enumerate() {
                let h = (rect.height() - band.height()) / 2.0;
                let half = Rect::from_min_size(
                    Pos2::new(rect.left(), band.bottom() + h * k as f32),
                    Vec2::new(rect.width(), h),
                )
                .shrink(4.0 * scale);
                if counts {
                    p.rect_filled(half, CornerRadius::same(4), GOLD.gamma_multiply(0.35));
                }
                p.text(
                    half.left_top() + Vec2::new(2.0, 1.0),
                    Align2::LEFT_TOP,
                    label,
                    FontId::proportional(text(9.5, scale)),
                    Color32::from_gray(90),
                );
                let (main_at, sub_at) = if sub.is_empty() {
                    (half.center() + Vec2::new(0.0, 5.0 * scale), half.center())
                } else {
                    (
                        half.center() + Vec2::new(0.0, 1.0 * scale),
                        half.center() + Vec2::new(0.0, 14.0 * scale),
                    )
                };
                p.text(
                    main_at,
                    Align2::CENTER_CENTER,
                    main,
                    FontId::proportional(text(14.5, scale)),
                    ink,
                );
                if !sub.is_empty() {
                    p.text(
                        sub_at,
                        Align2::CENTER_CENTER,
                        sub,
                        FontId::proportional(text(11.5, scale)),
                        ink,
                    );
                }
            }
        }
        let border = if look.highlight {
            Stroke::new(3.0, GOLD)
        } else if look.enabled && resp.hovered() {
            Stroke::new(2.5, GOLD)
        } else {
            Stroke::new(1.0, Color32::from_gray(60))
        };
        p.rect_stroke(rect, CornerRadius::same(8), border, StrokeKind::Inside);
        resp
    }

    /// The whole card on hover: every zone class, both halves, the flavour.
    pub(super) fn card_hover(
        &self,
        resp: Response,
        session: &CardballSession,
        id: CardId,
    ) -> Response {
        let cards = session.game().cards().clone();
        let deck = session.deck().clone();
        resp.on_hover_ui(|ui| {
            let Some(card) = cards.card(id) else { return };
            if let Some(&i) = self.face_of.get(cards.name(id)) {
                let (rect, _) = ui.allocate_exact_size(self.faces.size(280.0), Sense::hover());
                self.faces.paint(ui.painter(), rect, Face::Card(i));
            }
            let design = deck.manager_design(cards.name(id));
            ui.label(
                RichText::new(format!(
                    "{} · {}",
                    card_title(&deck, &cards, id),
                    card.position.key()
                ))
                .strong(),
            );
            if let Some(d) = design
                && !d.flavour.is_empty()
            {
                ui.label(RichText::new(&d.flavour).italics());
            }
            if card.is_manager() {
                ui.label("Play it from the touchline, before the cards are placed: it draws an Action card at random, which is resolved at once; then draw a replacement from the pile.");
            }
        })
    }
}

/// How a card is drawn.
#[derive(Clone, Copy, Debug)]
pub(super) struct Look {
    /// The card's owner has the ball (the top half counts).
    pub attacking: bool,
    /// The zone class the card is read in.
    pub class: ZoneClass,
    /// It can be clicked now.
    pub enabled: bool,
    /// It won the round.
    pub highlight: bool,
}

/// A position's colour on the card's band.
fn position_colour(card: &ManagerCard) -> Color32 {
    use crate::games::cardball::Position as P;
    match card.position {
        P::GK => Color32::from_rgb(0xC9, 0x8A, 0x00),
        P::FB | P::CB => Color32::from_rgb(0x1F, 0x5F, 0xAF),
        P::CDM | P::CM | P::CAM => Color32::from_rgb(0x1E, 0x7A, 0x3C),
        P::W | P::ST => Color32::from_rgb(0xB3, 0x2D, 0x2D),
        P::MGR => Color32::from_rgb(0x55, 0x2E, 0x8C),
    }
}

/// A mark in words.
pub(super) fn mark_text(m: Mark) -> String {
    match m {
        Mark::None => "—".into(),
        Mark::Chance => "has a chance".into(),
        Mark::Takes => "takes the ball".into(),
        Mark::Fifty => "50/50".into(),
        Mark::Hundred => "100".into(),
    }
}

/// What an attacking half does on a win, in words (empty for a hold).
pub(super) fn payload_text(t: Top) -> String {
    match (t.mark, t.payload) {
        (Mark::None, _) | (_, Payload::Hold) => String::new(),
        (_, Payload::Advance(n)) => format!("then advance {n}"),
        (_, Payload::Shoot) => "then SHOOT".into(),
    }
}

/// A row of face-down cards (`count` of them, overlapping), with a number
/// on the last when `label` is given.
pub(super) fn backs(ui: &mut egui::Ui, count: usize, scale: f32, label: Option<usize>) {
    if count == 0 {
        return;
    }
    let card = Vec2::new(63.5, 88.9) * scale;
    let step = card.x * 0.35;
    let width = card.x + step * (count.saturating_sub(1)) as f32;
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, card.y), Sense::hover());
    let p = ui.painter();
    for k in 0..count {
        let r = Rect::from_min_size(rect.min + Vec2::new(step * k as f32, 0.0), card);
        p.rect_filled(
            r,
            CornerRadius::same(3),
            Color32::from_rgb(0x1B, 0x3A, 0x6B),
        );
        p.rect_stroke(
            r.shrink(2.0),
            CornerRadius::same(2),
            Stroke::new(1.0, CHALK.gamma_multiply(0.6)),
            StrokeKind::Inside,
        );
    }
    if let Some(n) = label {
        let last = Rect::from_min_size(rect.min + Vec2::new(step * (count - 1) as f32, 0.0), card);
        p.text(
            last.center(),
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional(13.0),
            CHALK,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cardball::Top;

    #[test]
    fn halves_read_as_words() {
        assert_eq!(mark_text(Mark::Takes), "takes the ball");
        let top = |mark, payload| Top { mark, payload };
        assert_eq!(
            payload_text(top(Mark::Fifty, Payload::Advance(2))),
            "then advance 2"
        );
        assert_eq!(
            payload_text(top(Mark::Hundred, Payload::Shoot)),
            "then SHOOT"
        );
        assert_eq!(payload_text(top(Mark::Chance, Payload::Hold)), "");
        assert_eq!(payload_text(Top::NONE), "");
    }
}
