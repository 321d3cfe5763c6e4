//! The Stadium Memory table in the shared shell ([`crate::ui::shell`]):
//! each player's pairs, points and prizes, the cards laid out as a stadium
//! stand (rows of seats, lawn-green backs) with a short flip when a card
//! turns, and the PLAY GAME dice on the board; the prompt with the prize
//! buttons a response window offers in the dock.
//!
//! The table draws only the session's view and sends the engine's legal
//! actions; it decides no rule. What it adds is presentation: a card turned
//! up stays in sight for a moment after the move resolves (the engine turns
//! a mismatch back at once), and the bots wait while it does, so everyone
//! can remember it.

use super::session::StadiumMemorySession;
use super::{
    Action, Card, CardSet, Event, HouseRules, Pos, Prize, Spot, StadiumMemory, StadiumMemoryConfig,
    StadiumMemoryView, Step,
};
use crate::cards::DataSource;
use crate::engine::Seat;
use crate::ui::palette::{ALERT, CHALK, DIM, FELT_DARK, GOLD};
use crate::ui::seating::{self, Seated as _, Shortcut};
use crate::ui::session::{LogLine, Manager, Pace};
use crate::ui::shell::{self, Desk, Shell, TableInfo, TableView};
use crate::ui::table::{NewTable, Opened, SavedTable};
use egui::{
    Align2, Color32, CornerRadius, FontId, Frame, Key, Pos2, Rect, RichText, Sense, Stroke, Vec2,
};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

mod cards;

use cards::{Flip, card_tooltip, paint_card, paint_die, prize_colour, prize_short, since, surname};

/// The prompt's buttons that answer to a key (the button's tooltip names
/// it). Turning a card stays with the mouse: a grid of up to 36 cards
/// has no key that would read better than a click.
pub const KEYS: [(Shortcut, Action); 4] = [
    (Shortcut::key(Key::P), Action::Pass),
    (Shortcut::key(Key::V), Action::UseVar),
    (Shortcut::key(Key::Y), Action::Yellow),
    (Shortcut::key(Key::R), Action::Red),
];

/// The lawn of the card backs, two shades for the mown stripes.
const LAWN: [Color32; 2] = [
    Color32::from_rgb(0x3A, 0x8F, 0x3E),
    Color32::from_rgb(0x2F, 0x7A, 0x34),
];
/// The concrete tiers of the stand, alternating.
const TIER: [Color32; 2] = [
    Color32::from_rgb(0x5A, 0x60, 0x66),
    Color32::from_rgb(0x4E, 0x54, 0x5A),
];
/// The front edge of each tier.
const RISER: Color32 = Color32::from_rgb(0x33, 0x37, 0x3C);
/// A card's face.
const PAPER: Color32 = Color32::from_rgb(0xFA, 0xF7, 0xEE);
/// What a VAR look is marked with.
const VAR_BLUE: Color32 = Color32::from_rgb(0x4F, 0xA3, 0xFF);
/// Each seat's colour in the log and on the scoreboard.
const SEAT_COLOURS: [Color32; 6] = [
    Color32::from_rgb(0x5C, 0xB8, 0xFF),
    Color32::from_rgb(0xFF, 0x8A, 0x5C),
    Color32::from_rgb(0xC3, 0x9B, 0xFF),
    Color32::from_rgb(0x7E, 0xE0, 0x8A),
    Color32::from_rgb(0xFF, 0xD2, 0x6B),
    Color32::from_rgb(0xFF, 0x9B, 0xC8),
];

/// A seat's colour.
fn seat_colour(seat: Seat) -> Color32 {
    SEAT_COLOURS
        .get(seat.index() % SEAT_COLOURS.len())
        .copied()
        .unwrap_or(CHALK)
}

/// How long a card turned up in a move that has resolved stays in sight
/// before it is turned back or taken, in seconds.
fn linger(pace: Pace) -> f64 {
    match pace {
        Pace::Instant => 0.0,
        Pace::Fast => 0.6,
        Pace::Normal => 1.4,
        Pace::Slow => 2.5,
    }
}

/// A card still shown face up after its move resolved.
#[derive(Clone, Copy, Debug)]
struct Held {
    card: Card,
    /// When it starts to turn back (or leave the table).
    until: f64,
}

/// The dice of the current contest (the first-move roll, a PLAY GAME
/// match), as the log tells them.
#[derive(Clone, Debug, Default)]
struct Dice {
    /// What the dice are for.
    title: String,
    /// Each roll: who rolled, the die.
    rolls: Vec<(Seat, u8)>,
    /// When the last die landed, for its tumble.
    at: f64,
}

/// What the house rules window holds while it is being edited.
#[derive(Clone, Debug)]
struct HouseForm {
    rules: HouseRules,
    message: Option<String>,
}

/// The Stadium Memory table in the shell.
pub type StadiumMemoryTable = Shell<StadiumMemoryBoard>;

/// What the Stadium Memory table keeps besides the match: the flips, the
/// cards kept in sight, the dice and the house-rules window.
pub struct StadiumMemoryBoard {
    house: Option<HouseForm>,
    /// Events of the session already turned into animations.
    seen: usize,
    /// When each card was last turned face up (for the flip).
    turned_at: HashMap<u16, f64>,
    /// The card each seat of the grid showed when last turned up.
    last_face: HashMap<u16, Card>,
    /// Cards kept in sight after their move resolved.
    held: HashMap<u16, Held>,
    dice: Dice,
}

/// A Stadium Memory table for `session`; `autosave` is where the game is
/// kept after every decision.
pub fn screen(
    session: StadiumMemorySession,
    source: &DataSource,
    autosave: Option<PathBuf>,
) -> StadiumMemoryTable {
    let board = StadiumMemoryBoard {
        house: None,
        seen: session.events().len(),
        turned_at: HashMap::new(),
        last_face: HashMap::new(),
        held: HashMap::new(),
        dice: Dice::default(),
    };
    Shell::new(session, board, source, autosave)
}

impl StadiumMemoryBoard {
    /// Whether a card is still in sight after its move, so bots wait.
    fn lingering(&self, now: f64) -> bool {
        self.held.values().any(|h| now < h.until)
    }

    /// Turns new events into flips, lingering cards and dice.
    fn follow_events(&mut self, session: &StadiumMemorySession, now: f64) {
        let events = session.events();
        if events.len() < self.seen {
            // Undo or a load replaced the game: nothing to animate.
            self.seen = events.len();
            self.held.clear();
            self.turned_at.clear();
            self.dice = Dice::default();
            return;
        }
        let linger = linger(session.pace);
        let new: Vec<Event> = events.get(self.seen..).unwrap_or_default().to_vec();
        self.seen = events.len();
        let names = session.seat_names();
        for e in new {
            match e {
                Event::Turned { card, at, .. } => {
                    self.turned_at.insert(at.pos.0, now);
                    self.last_face.insert(at.pos.0, card);
                    self.held.remove(&at.pos.0);
                }
                Event::TurnedBack { at } => self.hold(at.pos, now + linger),
                Event::PairTaken { at, .. } => {
                    for a in at {
                        self.hold(a.pos, now + linger);
                    }
                }
                Event::PrizeTaken { at, .. } => self.hold(at.pos, now + linger),
                Event::FirstRoll { seat, value } => {
                    if !self.dice.title.starts_with("First move") {
                        self.dice = Dice {
                            title: "First move: the highest roll starts".into(),
                            ..Dice::default()
                        };
                    }
                    self.dice.rolls.push((seat, value));
                    self.dice.at = now;
                }
                Event::FirstTie { .. } => {
                    self.dice.rolls.clear();
                }
                Event::Challenged { seat, opponent } => {
                    let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_default();
                    self.dice = Dice {
                        title: format!("PLAY GAME: {} v {}", name(seat), name(opponent)),
                        rolls: Vec::new(),
                        at: now,
                    };
                }
                Event::MatchRoll { seat, value } => {
                    self.dice.rolls.push((seat, value));
                    self.dice.at = now;
                }
                Event::MatchTied { .. } => self.dice.rolls.clear(),
                _ => {}
            }
        }
    }

    fn hold(&mut self, pos: Pos, until: f64) {
        if let Some(card) = self.last_face.get(&pos.0).copied() {
            self.held.insert(pos.0, Held { card, until });
        }
    }

    /// Plays `action` for the person deciding: a person who decides has
    /// seen enough, so what lingers turns back.
    fn decide(&mut self, desk: &mut Desk<'_, StadiumMemory>, action: Option<Action>) {
        let Some(action) = action else { return };
        let now = desk.now();
        for h in self.held.values_mut() {
            h.until = h.until.min(now);
        }
        if let Some(seat) = desk.session().human_actor() {
            desk.act(seat, action);
        }
    }
}

impl TableView for StadiumMemoryBoard {
    type Game = StadiumMemory;
    const HIDDEN: &'static str = "What VAR showed each player stays hidden until they are ready.";

    fn info() -> TableInfo {
        TableInfo::new(
            super::ENTRY.name,
            super::ENTRY.rulebook,
            "stadium-memory",
            "game",
        )
    }

    fn load(t: SavedTable<'_>) -> Result<StadiumMemoryTable, String> {
        let session = StadiumMemorySession::from_save_bytes(t.name, t.bytes, ())
            .map_err(|e| e.to_string())?;
        Ok(screen(session, t.source, t.autosave))
    }

    /// One line on where the game is.
    fn status(&self, session: &StadiumMemorySession) -> String {
        let view = session.view();
        let step = match &view.step {
            Step::FirstRoll { .. } => "rolling for the first move".to_string(),
            Step::Window { asking, .. } => match asking {
                Some(s) => format!("{} may play a card", session.name(*s)),
                None => "a moment to answer".into(),
            },
            Step::Move | Step::Second | Step::Peek { .. } => {
                format!("{}'s move", session.name(view.current))
            }
            Step::Match { .. } => "PLAY GAME: the dice are rolling".into(),
            Step::Take { winner, .. } => format!("{} takes a pair", session.name(*winner)),
            Step::Over => "the table is empty".into(),
        };
        format!("{} cards face down · {step}", view.face_down)
    }

    fn log_colour(&self, _session: &StadiumMemorySession, line: &LogLine) -> Color32 {
        match line.seat {
            Some(s) => seat_colour(s),
            None if line.text.starts_with("The table is empty") => GOLD,
            None => CHALK.gamma_multiply(0.85),
        }
    }

    /// The cards of a move stay in sight for everyone before the curtain
    /// falls: the table then shows a spectator's view, which holds no
    /// secret.
    fn curtain(&self, session: &StadiumMemorySession, now: f64) -> Option<Seat> {
        session.needs_handover().filter(|_| !self.lingering(now))
    }

    fn follow(&mut self, _ctx: &egui::Context, session: &StadiumMemorySession, now: f64) {
        self.follow_events(session, now);
    }

    fn holds_bots(&self, now: f64) -> bool {
        self.lingering(now)
    }

    fn auto_pass(&self) -> Option<&'static str> {
        Some("Let the moment pass for you whenever you could play a yellow or red card")
    }

    fn extra_buttons(&self) -> &'static [(&'static str, &'static str)] {
        &[("House rules", "Grid size and prize cards, for a new game")]
    }

    fn extra(&mut self, _index: usize, desk: &mut Desk<'_, StadiumMemory>) {
        self.house = Some(HouseForm {
            rules: desk.session().record().config.rules.clone(),
            message: None,
        });
    }

    fn close_window(&mut self) -> bool {
        self.house.take().is_some()
    }

    /// The scoreboard, the stand as large as the room allows, the dice.
    fn board(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, StadiumMemory>) {
        let session = desk.session();
        let view = session.view();
        let now = desk.now();
        self.scoreboard(ui, session, &view);
        ui.add_space(4.0);
        let dice = self.dice_height(&view, now);
        let height = (ui.available_height() - dice).max(80.0);
        let size = Vec2::new(ui.available_width(), height);
        let clicked = self.stand(ui, session, &view, size, now);
        self.dice(ui, session, &view, now);
        self.decide(desk, clicked);
    }

    fn dock(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, StadiumMemory>) {
        let session = desk.session();
        let view = session.view();
        let chosen = self.prompt(ui, session, &view);
        self.decide(desk, chosen);
    }

    fn result(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, StadiumMemory>) {
        let session = desk.session();
        let view = session.view();
        self.scoreboard(ui, session, &view);
        ui.add_space(4.0);
        if self.result_box(ui, session, &view) {
            let config = desk.session().record().config.clone();
            self.restart(desk, config);
        }
    }

    /// The house rules window.
    fn windows(&mut self, ctx: &egui::Context, desk: &mut Desk<'_, StadiumMemory>) {
        let Some(mut form) = self.house.take() else {
            return;
        };
        let mut open = true;
        let mut start = false;
        egui::Window::new("House rules")
            .open(&mut open)
            .collapsible(false)
            .show(ctx, |ui| {
                house_rules_form(ui, &mut form.rules);
                if let Some(m) = &form.message {
                    ui.label(RichText::new(m).color(ALERT));
                }
                ui.add_space(6.0);
                ui.horizontal(|ui| {
                    if ui.button("Official rules").clicked() {
                        form.rules = HouseRules::official(desk.session().game().cards());
                    }
                    start = ui
                        .button(RichText::new("New game with these rules").strong())
                        .clicked();
                });
            });
        if start {
            let mut config = desk.session().record().config.clone();
            config.rules = form.rules.clone();
            match config.validate() {
                Ok(()) => {
                    self.restart(desk, config);
                    return;
                }
                Err(e) => form.message = Some(e.to_string()),
            }
        }
        if open {
            self.house = Some(form);
        }
    }
}

impl StadiumMemoryBoard {
    /// Every player: points, pairs, prizes and bookings (all lie face up).
    fn scoreboard(
        &self,
        ui: &mut egui::Ui,
        session: &StadiumMemorySession,
        view: &StadiumMemoryView,
    ) {
        let cards = session.game().cards().clone();
        // Whole boxes of equal width, as many a row as fit: a box is never
        // squeezed into a sliver at the end of a row.
        let gap = SCORE_GAP;
        let (per_row, box_w) = score_boxes(ui.available_width(), view.seats());
        let seats: Vec<Seat> = Seat::all(view.seats()).collect();
        for row in seats.chunks(per_row) {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing = Vec2::new(gap, 4.0);
                for &seat in row {
                    let moving = view.current == seat && view.outcome.is_none();
                    let Some(h) = view.holdings.get(seat.index()) else {
                        continue;
                    };
                    let points = view.points.get(seat.index()).copied().unwrap_or(0);
                    let resp = Frame::NONE
                        .fill(FELT_DARK)
                        .stroke(Stroke::new(
                            if moving { 2.0 } else { 1.0 },
                            if moving {
                                GOLD
                            } else {
                                seat_colour(seat).gamma_multiply(0.5)
                            },
                        ))
                        .corner_radius(6.0)
                        .inner_margin(Vec2::new(8.0, 3.0))
                        .show(ui, |ui| {
                            ui.set_width(box_w);
                            ui.vertical(|ui| {
                                ui.horizontal(|ui| {
                                    ui.label(
                                        RichText::new(format!("{points} pts")).strong().color(GOLD),
                                    );
                                    let marker = if moving { "» " } else { "" };
                                    ui.add(
                                        egui::Label::new(
                                            RichText::new(format!(
                                                "{marker}{}",
                                                session.name(seat)
                                            ))
                                            .strong()
                                            .color(seat_colour(seat)),
                                        )
                                        .truncate(),
                                    );
                                });
                                let mut line = format!(
                                    "{} pair{}",
                                    h.pairs.len(),
                                    if h.pairs.len() == 1 { "" } else { "s" }
                                );
                                let names: Vec<String> = h
                                    .pairs
                                    .iter()
                                    .rev()
                                    .take(2)
                                    .map(|p| surname(&cards.name(Card::Player(*p))))
                                    .collect();
                                if !names.is_empty() {
                                    line.push_str(&format!(" ({}", names.join(", ")));
                                    if h.pairs.len() > 2 {
                                        line.push_str(&format!(" +{}", h.pairs.len() - 2));
                                    }
                                    line.push(')');
                                }
                                for p in Prize::ALL {
                                    let n = h.prizes.get(p);
                                    if n > 0 {
                                        line.push_str(&format!(" · {} ×{n}", prize_short(p)));
                                    }
                                }
                                let yellows = view.yellows.get(seat.index()).copied().unwrap_or(0);
                                if yellows > 0 {
                                    line.push_str(&format!(" · booked ×{yellows}"));
                                }
                                if view.auto_pass.get(seat.index()).copied().unwrap_or(false) {
                                    line.push_str(" · auto-pass");
                                }
                                ui.add(
                                    egui::Label::new(RichText::new(line).size(12.0).color(CHALK))
                                        .truncate(),
                                );
                            });
                        })
                        .response;
                    let pairs: Vec<String> = h
                        .pairs
                        .iter()
                        .map(|p| {
                            format!(
                                "{} ({} pts)",
                                cards.name(Card::Player(*p)),
                                cards.points(*p)
                            )
                        })
                        .collect();
                    resp.on_hover_text(if pairs.is_empty() {
                        "No pairs yet".to_string()
                    } else {
                        format!("Pairs: {}", pairs.join(", "))
                    });
                }
            });
        }
    }

    /// The grid as a stadium stand: a tier of concrete per row, each seat a
    /// card; the row letters on the left and the seat numbers on top.
    fn stand(
        &mut self,
        ui: &mut egui::Ui,
        session: &StadiumMemorySession,
        view: &StadiumMemoryView,
        size: Vec2,
        now: f64,
    ) -> Option<Action> {
        let rows = usize::from(view.rows.max(1));
        let cols = usize::from(view.columns.max(1));
        let (area, _) = ui.allocate_exact_size(size, Sense::hover());
        let label_w = 18.0;
        let header_h = 14.0;
        // The front of the stand gives onto the pitch.
        let pitch_strip = 15.0;
        // A card is 5 wide for 6 high on screen; the seat leaves a gap.
        let pitch_h = ((area.height() - header_h - pitch_strip) / rows as f32).max(8.0);
        let pitch_w = ((area.width() - label_w) / cols as f32).max(6.0);
        let card_h = (pitch_h - 5.0).min((pitch_w - 4.0) * 1.2).max(6.0);
        // A card may be wider than a printed one where the stand has the
        // room: a name then reads at a size a person can read.
        let card_w = (pitch_w - 4.0).min(card_h * 2.2).max(card_h / 1.2);
        let seat_w = card_w + 4.0;
        let seat_h = card_h + 5.0;
        let stand_w = label_w + seat_w * cols as f32;
        let origin = Pos2::new(area.center().x - stand_w / 2.0, area.top() + header_h);
        let painter = ui.painter_at(area);
        let anim = session.pace.animation();
        let actions = session.human_actions();
        let peeks: HashMap<u16, Card> = view
            .peeks
            .iter()
            .filter(|p| p.turn == view.turns)
            .map(|p| (p.pos.0, p.card))
            .collect();
        for c in 0..cols {
            painter.text(
                Pos2::new(
                    origin.x + label_w + seat_w * (c as f32 + 0.5),
                    origin.y - header_h / 2.0,
                ),
                Align2::CENTER_CENTER,
                (c + 1).to_string(),
                FontId::proportional(11.0),
                DIM,
            );
        }
        let cards = session.game().cards().clone();
        let mut clicked = None;
        let mut animating = false;
        for r in 0..rows {
            let tier = Rect::from_min_size(
                Pos2::new(origin.x, origin.y + seat_h * r as f32),
                Vec2::new(stand_w, seat_h),
            );
            let shade = TIER.get(r % 2).copied().unwrap_or(RISER);
            painter.rect_filled(tier, CornerRadius::ZERO, shade);
            painter.line_segment(
                [tier.left_bottom(), tier.right_bottom()],
                Stroke::new(2.0, RISER),
            );
            let letter = if r < 26 {
                char::from(b'A' + r as u8).to_string()
            } else {
                format!("#{r}")
            };
            painter.text(
                Pos2::new(tier.left() + label_w / 2.0, tier.center().y),
                Align2::CENTER_CENTER,
                letter,
                FontId::proportional(11.0),
                CHALK,
            );
            for c in 0..cols {
                let i = r * cols + c;
                let Ok(raw) = u16::try_from(i) else { continue };
                let pos = Pos(raw);
                let seat_rect = Rect::from_min_size(
                    Pos2::new(tier.left() + label_w + seat_w * c as f32, tier.top()),
                    Vec2::new(seat_w, seat_h),
                );
                let card_rect = Rect::from_center_size(
                    seat_rect.center() - Vec2::new(0.0, 1.0),
                    Vec2::new(card_w, card_h),
                );
                let id = egui::Id::unique(("stadium-seat", raw));
                let resp = ui.interact(card_rect, id, Sense::click());
                let action = actions.iter().copied().find(
                    |a| matches!(a, Action::Turn { pos: p } | Action::Peek { pos: p } if *p == pos),
                );
                let real = view.spot(pos);
                let label = self.card_label(&cards, pos, view, real, peeks.get(&raw).copied());
                let enabled = action.is_some();
                resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &label));
                if enabled && resp.clicked() {
                    clicked = action;
                }
                // The seat itself, a darker bench under the card.
                painter.rect_filled(
                    Rect::from_min_max(
                        Pos2::new(seat_rect.left() + 1.0, card_rect.bottom() - 2.0),
                        Pos2::new(seat_rect.right() - 1.0, card_rect.bottom() + 2.0),
                    ),
                    CornerRadius::same(1),
                    RISER,
                );
                let turned = self
                    .turned_at
                    .get(&raw)
                    .copied()
                    .unwrap_or(f64::NEG_INFINITY);
                let (look, progress) = match (real, self.held.get(&raw)) {
                    (Spot::FaceUp(card), _) => (Flip::Up(card), since(now, turned, anim)),
                    (_, Some(h)) if now < h.until => (Flip::Up(h.card), since(now, turned, anim)),
                    (Spot::FaceDown, Some(h)) => (Flip::Down(h.card), since(now, h.until, anim)),
                    (Spot::Empty, Some(h)) => (Flip::Leave(h.card), since(now, h.until, anim)),
                    (Spot::FaceDown, None) => match peeks.get(&raw) {
                        Some(card) => (Flip::Peeked(*card), 1.0),
                        None => (Flip::Back, 1.0),
                    },
                    (Spot::Empty, None) => (Flip::Gone, 1.0),
                };
                if progress < 1.0 {
                    animating = true;
                }
                let hovered = enabled && resp.hovered();
                paint_card(&painter, &cards, card_rect, look, progress, hovered);
                if let Flip::Up(card) | Flip::Peeked(card) = look {
                    resp.on_hover_text(card_tooltip(&cards, card));
                }
            }
        }
        let front = Rect::from_min_size(
            Pos2::new(origin.x, origin.y + seat_h * rows as f32 + 2.0),
            Vec2::new(stand_w, pitch_strip - 2.0),
        );
        painter.rect_filled(front, CornerRadius::ZERO, LAWN[1]);
        painter.line_segment(
            [front.left_top(), front.right_top()],
            Stroke::new(1.5, CHALK),
        );
        painter.text(
            front.center(),
            Align2::CENTER_CENTER,
            "PITCH",
            FontId::proportional(11.0),
            CHALK.gamma_multiply(0.8),
        );
        self.held.retain(|_, h| now < h.until + anim.max(0.0));
        if animating || self.lingering(now) {
            ui.ctx().request_repaint();
        }
        clicked
    }

    /// What a seat of the grid is called for screen readers and tests:
    /// `Seat C7, face down`, `Seat C7, Tomas Ferro`, `Seat C7, empty`.
    fn card_label(
        &self,
        cards: &CardSet,
        pos: Pos,
        view: &StadiumMemoryView,
        real: Spot,
        peeked: Option<Card>,
    ) -> String {
        let at = super::Place::new(pos, view.columns);
        match (real, peeked) {
            (Spot::FaceUp(c), _) => format!("Seat {at}, {}", cards.name(c)),
            (Spot::FaceDown, Some(c)) => {
                format!("Seat {at}, face down, seen with VAR: {}", cards.name(c))
            }
            (Spot::FaceDown, None) => format!("Seat {at}, face down"),
            (Spot::Empty, _) => format!("Seat {at}, empty"),
        }
    }

    /// What to do now, with the buttons for it.
    fn prompt(
        &self,
        ui: &mut egui::Ui,
        session: &StadiumMemorySession,
        view: &StadiumMemoryView,
    ) -> Option<Action> {
        if let Some(next) = session.needs_handover() {
            let text = format!(
                "Next: {} (the device passes in a moment)",
                session.name(next)
            );
            ui.label(RichText::new(text).size(16.0).color(DIM));
            return None;
        }
        let Some(me) = session.human_actor() else {
            let text = match session.actor() {
                Some(s) => format!("Waiting for {}…", session.name(s)),
                None => match view.step {
                    Step::FirstRoll { .. } | Step::Match { .. } => "The dice are rolling…".into(),
                    _ => String::new(),
                },
            };
            shell::prompt(ui, text);
            return None;
        };
        let actions = session.human_actions();
        let name = |s: Seat| session.name(s);
        let headline = match &view.step {
            Step::Move => format!("{}, your move: turn a card.", name(me)),
            Step::Second => format!("{}, turn a second card.", name(me)),
            Step::Peek { looked } => format!(
                "VAR: click a face-down card to look at it ({} of 2).",
                looked + 1
            ),
            Step::Window { moment, .. } => {
                let when = match moment {
                    super::Moment::Turned => format!("{} turned a card", name(view.current)),
                    super::Moment::TurnChange => format!("it is {}'s turn", name(view.current)),
                    super::Moment::Peeked { .. } => {
                        format!("{} looked at a card with VAR", name(view.current))
                    }
                    super::Moment::MovesAgain => {
                        format!("{} took a pair and moves again", name(view.current))
                    }
                };
                format!("{}, {when}: play a card now, or let it pass?", name(me))
            }
            Step::Take { loser, .. } => {
                format!("You won the match: take one of {}'s pairs.", name(*loser))
            }
            _ => String::new(),
        };
        shell::prompt(ui, headline);
        let cards = session.game().cards().clone();
        let mut chosen = None;
        ui.horizontal_wrapped(|ui| {
            for a in &actions {
                let text = match a {
                    Action::Turn { .. } | Action::Peek { .. } => continue,
                    Action::UseVar => "Use VAR (look at two cards)".to_string(),
                    Action::PlayGame { opponent } => {
                        format!("PLAY GAME against {}", name(*opponent))
                    }
                    Action::TakePair { player } => format!(
                        "Take {} ({} pts)",
                        cards.name(Card::Player(*player)),
                        cards.points(*player)
                    ),
                    Action::Yellow => format!("Yellow card for {}", name(view.current)),
                    Action::YellowOn { target } => format!("Yellow card for {}", name(*target)),
                    Action::Red if view.current == me => {
                        "Red card: stop and start my move again".to_string()
                    }
                    Action::Red => "Red card: the turn comes to me".to_string(),
                    Action::Pass => "Pass".to_string(),
                    Action::AutoPass => "Always pass".to_string(),
                    Action::AskAgain => "Ask me in windows again".to_string(),
                };
                let button = match a {
                    Action::Yellow | Action::YellowOn { .. } => egui::Button::new(
                        RichText::new(text).color(Color32::BLACK).strong(),
                    )
                    .fill(prize_colour(Prize::Yellow)),
                    Action::Red => egui::Button::new(RichText::new(text).color(Color32::WHITE).strong())
                        .fill(prize_colour(Prize::Red)),
                    _ => egui::Button::new(RichText::new(text).size(15.0)),
                };
                let hint = match a {
                    Action::AutoPass => "Never be asked again in this game's windows (you can turn it back at the start of your move)",
                    Action::Pass => "Let the moment pass",
                    Action::UseVar => "Look at two face-down cards",
                    Action::Yellow => "Show a yellow card to the player moving: the move stops",
                    Action::YellowOn { .. } => {
                        "Book a player who is not moving: they sit out their next move (a second yellow acts as a red)"
                    }
                    Action::Red if view.current == me => {
                        "Every card turned goes back: your move starts afresh"
                    }
                    Action::Red => "Everyone stops: the turn comes to you",
                    _ => "",
                };
                let resp = ui.add(button);
                let key = KEYS.iter().find(|(_, k)| k == a).map(|(key, _)| *key);
                let go = match key {
                    Some(key) => seating::keyed(resp, key, hint),
                    None if hint.is_empty() => resp.clicked(),
                    None => resp.on_hover_text(hint).clicked(),
                };
                if go {
                    chosen = Some(*a);
                }
            }
        });
        chosen
    }

    /// Whether the dice of the last roll are on the table: while they
    /// decide something, and for a few seconds after.
    fn dice_shown(&self, view: &StadiumMemoryView, now: f64) -> bool {
        let live = matches!(
            view.step,
            Step::FirstRoll { .. } | Step::Match { .. } | Step::Take { .. }
        );
        (live || now - self.dice.at <= 4.0) && !self.dice.title.is_empty()
    }

    /// The room the dice take under the stand (none when they are not
    /// shown).
    fn dice_height(&self, view: &StadiumMemoryView, now: f64) -> f32 {
        if self.dice_shown(view, now) {
            84.0
        } else {
            0.0
        }
    }

    /// The dice of a first-move roll or a PLAY GAME match.
    fn dice(
        &self,
        ui: &mut egui::Ui,
        session: &StadiumMemorySession,
        view: &StadiumMemoryView,
        now: f64,
    ) {
        if !self.dice_shown(view, now) {
            return;
        }
        ui.vertical(|ui| {
            ui.label(RichText::new(&self.dice.title).strong().color(GOLD));
            ui.horizontal(|ui| {
                for (k, (seat, value)) in self.dice.rolls.iter().enumerate() {
                    let last = k + 1 == self.dice.rolls.len();
                    let tumble = session.pace.animation() * 1.5;
                    let shown = if last && now - self.dice.at < tumble {
                        // A tumbling die shows changing faces.
                        ((now * 14.0) as u8 % 6) + 1
                    } else {
                        *value
                    };
                    ui.vertical(|ui| {
                        let (rect, resp) =
                            ui.allocate_exact_size(Vec2::splat(34.0), Sense::hover());
                        paint_die(ui.painter(), rect, shown, seat_colour(*seat));
                        resp.widget_info(|| {
                            egui::WidgetInfo::labeled(
                                egui::Role::Image,
                                true,
                                format!("{} rolled {value}", session.name(*seat)),
                            )
                        });
                        ui.label(
                            RichText::new(session.name(*seat))
                                .size(11.0)
                                .color(seat_colour(*seat)),
                        );
                    });
                    if last && now - self.dice.at < tumble {
                        ui.ctx().request_repaint();
                    }
                }
            });
        });
    }

    /// The result: every player's points and cards, and how it was decided;
    /// returns true to leave the table.
    /// Who won and how, every player's points and cards; returns whether
    /// Play again was clicked.
    fn result_box(
        &self,
        ui: &mut egui::Ui,
        session: &StadiumMemorySession,
        view: &StadiumMemoryView,
    ) -> bool {
        let Some(outcome) = &view.outcome else {
            return false;
        };
        let names: Vec<String> = outcome.winners.iter().map(|s| session.name(*s)).collect();
        let headline = match names.as_slice() {
            [] => "Nobody wins".to_string(),
            [one] => format!("{one} wins!"),
            [init @ .., last] => format!("{} and {last} share the win!", init.join(", ")),
        };
        let how = match outcome.ending.as_str() {
            "points" => "Decided on points.",
            "cards" => "Points were level: decided on cards held (pairs and unused prizes).",
            _ => "Level on points and on cards held: the win is shared.",
        };
        let mut again = false;
        Frame::NONE
            .fill(FELT_DARK)
            .stroke(Stroke::new(2.0, GOLD))
            .corner_radius(10.0)
            .inner_margin(16.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.vertical_centered(|ui| {
                    ui.label(RichText::new(headline).size(30.0).strong().color(GOLD));
                    ui.label(RichText::new(how).color(CHALK));
                    ui.add_space(8.0);
                    let mut order: Vec<Seat> = Seat::all(view.seats()).collect();
                    let cards_held = |s: &Seat| {
                        view.holdings
                            .get(s.index())
                            .map_or(0, super::Holding::cards)
                    };
                    let points = |s: &Seat| view.points.get(s.index()).copied().unwrap_or(0);
                    order.sort_by(|a, b| {
                        points(b)
                            .cmp(&points(a))
                            .then(cards_held(b).cmp(&cards_held(a)))
                    });
                    egui::Grid::new("stadium-memory-result")
                        .striped(true)
                        .spacing([18.0, 4.0])
                        .show(ui, |ui| {
                            for h in ["", "Player", "Points", "Pairs", "Cards held"] {
                                ui.label(RichText::new(h).strong().color(CHALK));
                            }
                            ui.end_row();
                            for (rank, s) in order.iter().enumerate() {
                                let pairs =
                                    view.holdings.get(s.index()).map_or(0, |h| h.pairs.len());
                                ui.label(RichText::new(format!("{}.", rank + 1)).color(DIM));
                                ui.label(RichText::new(session.name(*s)).color(seat_colour(*s)));
                                ui.label(RichText::new(points(s).to_string()).strong().color(GOLD));
                                ui.label(RichText::new(pairs.to_string()).color(CHALK));
                                ui.label(RichText::new(cards_held(s).to_string()).color(CHALK));
                                ui.end_row();
                            }
                        });
                    ui.add_space(10.0);
                    again = ui
                        .button(RichText::new("Play again").size(16.0).strong())
                        .clicked();
                });
            });
        again
    }

    /// A new game at the same table: the same players, the next seed,
    /// `config`'s rules.
    fn restart(&mut self, desk: &mut Desk<'_, StadiumMemory>, config: StadiumMemoryConfig) {
        let managers: Vec<Manager> = desk.session().managers().to_vec();
        let seed = desk.session().record().seed.wrapping_add(1);
        match StadiumMemorySession::new(managers, config, seed) {
            Ok(s) => {
                desk.replace(s);
                self.seen = 0;
                self.held.clear();
                self.turned_at.clear();
                self.dice = Dice::default();
            }
            Err(e) => desk.say(e.to_string(), true),
        }
    }
}

/// The house rules a new game may use: the grid and the prize cards.
fn house_rules_form(ui: &mut egui::Ui, rules: &mut HouseRules) {
    egui::Grid::new("stadium-memory-house")
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            ui.label("Rows");
            ui.add(egui::DragValue::new(&mut rules.rows).range(1..=super::MAX_SIDE));
            ui.end_row();
            ui.label("Seats per row");
            ui.add(egui::DragValue::new(&mut rules.columns).range(1..=super::MAX_SIDE));
            ui.end_row();
            ui.label("Prize cards");
            ui.checkbox(&mut rules.prizes, "in the deck");
            ui.end_row();
            for p in Prize::ALL {
                ui.label(p.title());
                let mut n = rules.prize_counts.get(p);
                ui.add_enabled(
                    rules.prizes,
                    egui::DragValue::new(&mut n).range(0..=super::MAX_PRIZE_COPIES),
                );
                rules.prize_counts.set(p, n);
                ui.end_row();
            }
        });
    ui.label(
        RichText::new(format!(
            "{} seats; the pairs that fit are dealt.",
            rules.cells()
        ))
        .color(DIM)
        .size(12.0),
    );
}

/// The registry's hook: a new game at the table, with the official rules
/// of the card set in `t.source`.
pub fn open_new(t: NewTable<'_>) -> Opened {
    t.no_options("Stadium Memory")?;
    if t.rules.is_some() {
        return Err("Stadium Memory has no house-rules file: set them at the table".into());
    }
    let cards = Arc::new(super::tools::load(t.source).map_err(|e| e.to_string())?);
    let seats = u8::try_from(t.managers.len()).map_err(|e| e.to_string())?;
    let config = StadiumMemoryConfig::new(cards, seats);
    let session =
        StadiumMemorySession::new(t.managers, config, t.seed).map_err(|e| e.to_string())?;
    let mut table = screen(session, t.source, t.autosave);
    table.autosave();
    Ok(Box::new(table))
}

/// Points between two score boxes.
const SCORE_GAP: f32 = 6.0;
/// Points a score box adds around its content: 8 of margin and up to 2 of
/// stroke (the player moving) on each side.
const SCORE_FRAME: f32 = 20.0;

/// How many score boxes go in a row of `width` points, and the width of
/// each one's content: whole boxes of equal width, about 200 points each,
/// never one squeezed into a sliver at the end of a row.
fn score_boxes(width: f32, seats: usize) -> (usize, f32) {
    let per_row = ((width / 200.0).floor() as usize).clamp(1, seats.max(1));
    let content = ((width + SCORE_GAP) / per_row as f32 - SCORE_GAP - SCORE_FRAME).max(60.0);
    (per_row, content)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_of_score_boxes_fits_its_width_with_their_frames() {
        for seats in 1..=8 {
            for width in (260..3000).step_by(7) {
                let width = width as f32;
                let (per_row, content) = score_boxes(width, seats);
                assert!(per_row >= 1 && per_row <= seats);
                let n = per_row as f32;
                let used = n * (content + SCORE_FRAME) + (n - 1.0) * SCORE_GAP;
                assert!(used <= width + 0.01, "{seats} seats in {width}: {used}");
            }
        }
    }

    #[test]
    fn a_flip_runs_from_zero_to_one() {
        assert_eq!(since(1.0, 1.0, 0.5), 0.0);
        assert_eq!(since(1.25, 1.0, 0.5), 0.5);
        assert_eq!(since(9.0, 1.0, 0.5), 1.0);
        assert_eq!(since(1.0, 1.0, 0.0), 1.0);
        assert_eq!(since(1.0, f64::NEG_INFINITY, 0.5), 1.0);
    }

    #[test]
    fn the_instant_pace_keeps_nothing_in_sight() {
        assert_eq!(linger(Pace::Instant), 0.0);
        assert!(linger(Pace::Slow) > linger(Pace::Normal));
        assert!(linger(Pace::Normal) > linger(Pace::Fast) && linger(Pace::Fast) > 0.0);
    }
}
