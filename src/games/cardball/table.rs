//! The Cardball table in the shared shell ([`crate::ui::shell`]): the
//! score, the other managers, the pitch as a row of zones with the ball,
//! the revealed round, the die and the piles on the board; the prompt, the
//! viewer's bench and hand in the dock.
//!
//! The table shows the session's view and turns clicks into the engine's
//! legal actions; it decides no rule itself. Which card can be placed or
//! used is read off the legal action list.

use super::narrate::{action_title, card_title, icon_name, verb, zone_for};
use super::session::CardballSession;
use crate::cards::DataSource;
use crate::engine::Seat;
use crate::games::cardball::{
    Action, CardId, Cardball, CardballView, ManagerCard, Period, RollFor, Side, Step, Tournament,
    ZoneClass,
};
use crate::layout::TemplateSet;
use crate::ui::faces::{Faces, POKER};
use crate::ui::palette::{ALERT, CHALK, DIM, FELT_DARK, GOLD};
use crate::ui::seating::{self, Seated as _, Shortcut};
use crate::ui::session::LogLine;
use crate::ui::shell::{self, Desk, Shell, TableInfo, TableView};
use crate::ui::table::SavedTable;
use egui::{
    Align2, Color32, CornerRadius, FontId, Frame, Key, Pos2, Rect, RichText, Sense, Stroke,
    StrokeKind, Vec2,
};
use std::collections::HashMap;
use std::path::PathBuf;

mod cards;

use cards::{Look, backs, mark_text, payload_text};

/// Passes: keeps The Manager cards at the touchline.
pub const PASS_KEY: Shortcut = Shortcut::key(Key::P);

/// Places (or at the touchline plays) the first to ninth card of the hand.
pub const HAND_KEYS: [Shortcut; 9] = [
    Shortcut::key(Key::Num1),
    Shortcut::key(Key::Num2),
    Shortcut::key(Key::Num3),
    Shortcut::key(Key::Num4),
    Shortcut::key(Key::Num5),
    Shortcut::key(Key::Num6),
    Shortcut::key(Key::Num7),
    Shortcut::key(Key::Num8),
    Shortcut::key(Key::Num9),
];

/// The left side's colour (shirts, arrows, log lines).
const LEFT: Color32 = Color32::from_rgb(0x5C, 0xB8, 0xFF);
/// The right side's colour.
const RIGHT: Color32 = Color32::from_rgb(0xFF, 0x8A, 0x5C);
/// The pitch's grass, two shades for the mown stripes.
const GRASS: [Color32; 2] = [
    Color32::from_rgb(0x2E, 0x7D, 0x46),
    Color32::from_rgb(0x34, 0x8A, 0x4E),
];
/// A Manager card's size at scale 1, in points.
const CARD: Vec2 = Vec2::new(150.0, 112.0);
/// The least a card is scaled to, so its words stay readable.
const MIN_SCALE: f32 = 0.75;
/// The smallest text drawn on a card, in points.
const MIN_TEXT: f32 = 11.0;

/// A side's colour.
pub fn side_colour(side: Side) -> Color32 {
    match side {
        Side::Left => LEFT,
        Side::Right => RIGHT,
    }
}

/// The Cardball table in the shell.
pub type CardballTable = Shell<CardballBoard>;

/// What the Cardball table keeps besides the match: the printed faces
/// shown on hover, the die's tumble and a card waiting for its half.
pub struct CardballBoard {
    /// The printed cards, shown enlarged on hover.
    faces: Faces,
    /// Where each Manager card (by physical id) is in the printed deck.
    face_of: HashMap<String, usize>,
    /// The last roll shown and when it appeared, for the die's tumble.
    roll_seen: Option<(u32, f64)>,
    /// A card chosen on the half-way line, waiting for its manager to say
    /// which half the line counts as.
    halfway: Option<(Seat, CardId)>,
}

impl CardballBoard {
    /// The view of a match played with `session`'s deck.
    pub fn new(session: &CardballSession) -> Self {
        let print = crate::games::cardball::layout::print_deck(session.deck());
        let face_of = print
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        // The embedded templates are checked by the test suite; were they
        // ever broken, the enlarged card would show the layout error.
        let templates =
            TemplateSet::embedded(crate::games::cardball::layout::GAME).unwrap_or_default();
        CardballBoard {
            faces: Faces::new(print, templates, POKER, Vec::new()),
            face_of,
            roll_seen: None,
            halfway: None,
        }
    }

    /// Places `card` for `seat`: at once, or (when the card reads the
    /// half-way line differently by half) after the manager chooses.
    fn place(&mut self, seat: Seat, card: CardId, actions: &[Action]) -> Option<Action> {
        let choice = actions
            .iter()
            .any(|a| matches!(a, Action::Pick { card: c, reading: Some(_) } if *c == card));
        if choice {
            self.halfway = Some((seat, card));
            None
        } else {
            Some(Action::Pick {
                card,
                reading: None,
            })
        }
    }

    /// Plays `action` for the person deciding; a card chosen on the
    /// half-way line is dropped either way.
    fn act(&mut self, desk: &mut Desk<'_, Cardball>, action: Option<Action>) {
        let Some(a) = action else { return };
        self.halfway = None;
        if let Some(seat) = desk.session().human_actor() {
            desk.act(seat, a);
        }
    }
}

/// A Cardball table for `session`; `source` is where Load… reads card
/// files, `autosave` where the match is kept after every decision.
pub fn screen(
    session: CardballSession,
    source: &DataSource,
    autosave: Option<PathBuf>,
) -> CardballTable {
    let board = CardballBoard::new(&session);
    Shell::new(session, board, source, autosave)
}

impl TableView for CardballBoard {
    type Game = Cardball;
    const HIDDEN: &'static str =
        "Every hand and every face-down card is hidden until they are ready.";

    fn info() -> TableInfo {
        TableInfo::new(
            super::ENTRY.name,
            super::ENTRY.rulebook,
            "cardball",
            "match",
        )
    }

    fn load(saved: SavedTable<'_>) -> Result<CardballTable, String> {
        super::start::load(saved)
    }

    /// One line on where the match is.
    fn status(&self, session: &CardballSession) -> String {
        let view = session.view();
        let period = match view.period {
            Period::Match if view.flags.halves => "First half",
            Period::Match => "Match",
            Period::SecondHalf => "Second half",
            Period::GoldenGoal => "Golden goal",
            Period::Penalties => "Penalty shoot-out",
        };
        let step = match view.step {
            Step::Call { caller, .. } => format!("{} call the die", session.side_name(caller)),
            Step::Roll { .. } => "the die is rolling".into(),
            Step::Touchline { asking } => format!("{} at the touchline", session.name(asking)),
            Step::Pick { .. } if view.period == Period::Penalties => "penalty: pick a card".into(),
            Step::Pick { .. } => "both managers pick a card".into(),
            Step::Over => "full time".into(),
        };
        let stage = match session.tournament() {
            Some(t) => format!(
                "Tournament match {} of {} · ",
                t.played().len() + 1,
                t.fixtures().len()
            ),
            None => String::new(),
        };
        if view.period == Period::Penalties {
            format!("{stage}{period} · {step}")
        } else if view.step == Step::Over {
            // `round` counts the rounds played: at full time there is no
            // round under way to number.
            let n = view.round;
            let rounds = if n == 1 { "round" } else { "rounds" };
            format!("{stage}{period} · full time after {n} {rounds}")
        } else {
            format!("{stage}{period} · round {} · {step}", view.round + 1)
        }
    }

    fn log_colour(&self, _session: &CardballSession, line: &LogLine) -> Color32 {
        match line.seat {
            Some(s) => side_colour(Side::of(s)),
            None if line.text.starts_with("GOO") => GOLD,
            None => CHALK.gamma_multiply(0.85),
        }
    }

    /// Pass and the hand's cards, for the person deciding now.
    fn keys(&mut self, ctx: &egui::Context, desk: &mut Desk<'_, Cardball>) {
        let Some(seat) = seating::key_seat(desk.session(), ctx) else {
            return;
        };
        let actions = desk.session().human_actions();
        if actions.contains(&Action::Pass) && PASS_KEY.pressed(ctx) {
            self.act(desk, Some(Action::Pass));
            return;
        }
        let hand = desk.session().game().hand(seat).to_vec();
        for (card, key) in hand.into_iter().zip(HAND_KEYS) {
            if key.pressed(ctx) {
                let pick = Action::Pick {
                    card,
                    reading: None,
                };
                let use_it = Action::UseManager { card };
                let chosen = if actions.contains(&pick) {
                    self.place(seat, card, &actions)
                } else {
                    actions.contains(&use_it).then_some(use_it)
                };
                self.act(desk, chosen);
                return;
            }
        }
    }

    fn undone(&mut self) {
        self.halfway = None;
    }

    /// The score, the other managers, the pitch (as tall as the room left
    /// allows), the last round, the die and the piles.
    fn board(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Cardball>) {
        let session = desk.session();
        let view = session.view();
        let room = ui.available_height();
        let top = ui.min_rect().top();
        self.score_and_seats(ui, session, &view);
        let left = room - (ui.min_rect().bottom() - top);
        // The pitch takes a share of what is left; the round's cards
        // are scaled to the rest.
        let pitch_h = (left * 0.45).clamp(72.0, 150.0);
        self.pitch(ui, session, &view, pitch_h);
        let rest = room - (ui.min_rect().bottom() - top);
        let scale = ((rest - 70.0) / CARD.y).clamp(0.45, 0.8);
        self.round_row(ui, session, &view, desk.now(), scale);
    }

    /// The prompt, the viewer's bench and hand.
    fn dock(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Cardball>) {
        let session = desk.session();
        let view = session.view();
        let mut chosen = self.prompt(ui, session, &view);
        if let Some(me) = session.viewer() {
            let room = desk.dock_room() - ui.min_rect().height() - 30.0;
            chosen = chosen.or(self.own_area(ui, session, &view, me, room));
        }
        self.act(desk, chosen);
    }

    /// The whole table at full time, then who won and how.
    fn result(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Cardball>) {
        let session = desk.session();
        let view = session.view();
        self.score_and_seats(ui, session, &view);
        self.pitch(ui, session, &view, 150.0);
        self.round_row(ui, session, &view, desk.now(), 0.8);
        ui.add_space(8.0);
        if self.result_box(ui, session, &view) && desk.next_match() {
            self.roll_seen = None;
        }
    }
}

impl CardballBoard {
    /// The score and every other manager's strip.
    fn score_and_seats(&self, ui: &mut egui::Ui, session: &CardballSession, view: &CardballView) {
        self.scoreboard(ui, session, view);
        ui.add_space(4.0);
        let others: Vec<Seat> = Seat::all(session.seats())
            .filter(|s| Some(*s) != session.viewer())
            .collect();
        // Several other managers (2 v 2) sit two to a row.
        let cols = if others.len() > 1 { 2 } else { 1 };
        for pair in others.chunks(cols) {
            ui.columns(cols, |c| {
                for (col, seat) in c.iter_mut().zip(pair) {
                    self.seat_strip(col, session, view, *seat);
                }
            });
        }
        ui.add_space(4.0);
    }

    /// Who has the ball in words, then the pitch `height` tall.
    fn pitch(
        &self,
        ui: &mut egui::Ui,
        session: &CardballSession,
        view: &CardballView,
        height: f32,
    ) {
        let name = session.side_name(view.possession);
        ui.label(
            RichText::new(format!("{name} {} the ball", verb(&name, "has", "have")))
                .color(side_colour(view.possession))
                .strong(),
        );
        let width = ui.available_width();
        let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
        if ui.is_rect_visible(rect) {
            self.paint_pitch(ui, session, rect, view);
        }
    }

    /// The last round, the die, the piles and any shoot-out; the round's
    /// cards at `scale`.
    fn round_row(
        &mut self,
        ui: &mut egui::Ui,
        session: &CardballSession,
        view: &CardballView,
        now: f64,
        scale: f32,
    ) {
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            self.last_round(ui, session, view, scale);
            ui.add_space(16.0);
            self.die(ui, session, view, now);
            ui.add_space(16.0);
            self.piles(ui, session, view);
            if view.shootout.is_some() {
                ui.add_space(16.0);
                ui.vertical(|ui| self.shootout(ui, session, view));
            }
        });
    }

    fn scoreboard(&self, ui: &mut egui::Ui, session: &CardballSession, view: &CardballView) {
        let left = session.side_name(Side::Left);
        let right = session.side_name(Side::Right);
        ui.horizontal(|ui| {
            let total = ui.available_width();
            ui.add_space((total * 0.5 - 260.0).max(0.0));
            ui.label(RichText::new(&left).size(22.0).strong().color(LEFT));
            ui.label(
                RichText::new(format!("  {}  –  {}  ", view.score[0], view.score[1]))
                    .size(28.0)
                    .strong()
                    .color(CHALK),
            );
            ui.label(RichText::new(&right).size(22.0).strong().color(RIGHT));
        });
    }

    /// Another manager's hand, bench and pick, face down.
    fn seat_strip(
        &self,
        ui: &mut egui::Ui,
        session: &CardballSession,
        view: &CardballView,
        seat: Seat,
    ) {
        let side = Side::of(seat);
        let i = seat.index();
        let hand = view.hand_sizes.get(i).copied().unwrap_or(0);
        let bench = view.bench_sizes.get(i).copied().unwrap_or(0);
        let picked = view.picked.get(i).copied().unwrap_or(false);
        Frame::NONE
            .fill(FELT_DARK)
            .corner_radius(6.0)
            .inner_margin(6.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        RichText::new(session.name(seat))
                            .strong()
                            .size(15.0)
                            .color(side_colour(side)),
                    );
                    ui.label(RichText::new(format!("({})", side.key())).color(DIM));
                    ui.add_space(8.0);
                    backs(ui, hand.min(6), 0.3, None);
                    ui.label(RichText::new(format!("{hand} in hand")).color(CHALK));
                    ui.add_space(8.0);
                    backs(ui, usize::from(bench > 0), 0.3, Some(bench));
                    ui.label(RichText::new(format!("{bench} on the bench")).color(CHALK));
                    ui.add_space(8.0);
                    let doing = if picked {
                        "has placed a card face down".to_string()
                    } else if view.must_pick(seat) {
                        "is choosing a card…".to_string()
                    } else if view.step == (Step::Touchline { asking: seat }) {
                        "is at the touchline…".to_string()
                    } else {
                        String::new()
                    };
                    ui.label(RichText::new(doing).color(GOLD));
                });
            });
    }

    /// The pitch in `rect`. Each goal carries the name of the side that
    /// defends it, in words under the net and as the net's label, so the
    /// goals are told apart without their colours.
    fn paint_pitch(
        &self,
        ui: &egui::Ui,
        session: &CardballSession,
        rect: Rect,
        view: &CardballView,
    ) {
        let p = ui.painter();
        // Nine columns: the two goals are half as wide as the seven zones.
        let unit = rect.width() / 8.0;
        let col = |z: u8| -> Rect {
            let x0 = match z {
                0 => 0.0,
                z => 0.5 + f32::from(z - 1),
            };
            let w = if z == 0 || z == 8 { 0.5 } else { 1.0 };
            Rect::from_min_size(
                Pos2::new(rect.left() + x0 * unit, rect.top()),
                Vec2::new(w * unit, rect.height() - 22.0),
            )
        };
        let field = Rect::from_min_max(col(1).left_top(), col(7).right_bottom());
        for z in 1..=7u8 {
            p.rect_filled(col(z), CornerRadius::ZERO, GRASS[usize::from(z % 2)]);
        }
        let chalk = Stroke::new(2.0, CHALK.gamma_multiply(0.9));
        p.rect_stroke(field, CornerRadius::ZERO, chalk, StrokeKind::Inside);
        // The half-way line and the centre circle.
        let mid = col(4).center();
        p.line_segment(
            [
                Pos2::new(mid.x, field.top()),
                Pos2::new(mid.x, field.bottom()),
            ],
            chalk,
        );
        p.circle_stroke(mid, field.height() * 0.22, chalk);
        // The boxes.
        for (z, inward) in [(1u8, 1.0f32), (7, -1.0)] {
            let c = col(z);
            let edge = if inward > 0.0 { c.left() } else { c.right() };
            let depth = c.width() * 0.75 * inward;
            let b = Rect::from_two_pos(
                Pos2::new(edge, c.top() + c.height() * 0.18),
                Pos2::new(edge + depth, c.bottom() - c.height() * 0.18),
            );
            p.rect_stroke(b, CornerRadius::ZERO, chalk, StrokeKind::Inside);
        }
        // The goals, with the name of the side defending each.
        for (z, side) in [(0u8, Side::Left), (8, Side::Right)] {
            let c = col(z);
            let net =
                Rect::from_center_size(c.center(), Vec2::new(c.width() * 0.55, c.height() * 0.36));
            p.rect_filled(net, CornerRadius::same(2), Color32::from_white_alpha(40));
            p.rect_stroke(
                net,
                CornerRadius::same(2),
                Stroke::new(2.0, side_colour(side)),
                StrokeKind::Inside,
            );
            let owner = session.side_name(side);
            let label = goal_label(&owner);
            let width = (c.width() + unit * 0.8).max(20.0);
            let galley = p.layout_job(one_line(&owner, width, side_colour(side)));
            // Under its net, but never past the pitch's edge.
            let x = (c.center().x - galley.size().x / 2.0).clamp(
                rect.left(),
                (rect.right() - galley.size().x).max(rect.left()),
            );
            p.galley(
                Pos2::new(x, rect.bottom() - 10.0 - galley.size().y / 2.0),
                galley,
                side_colour(side),
            );
            ui.interact(net, egui::Id::unique(("cardball-goal", z)), Sense::hover())
                .on_hover_text(&label)
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
        }
        // Each zone as the viewer's cards name it (the left side's when
        // nobody's cards are on screen).
        let reader = session.viewer().map_or(Side::Left, Side::of);
        let attacker = view.possession;
        for z in 1..=7u8 {
            let c = col(z);
            let here = z == view.ball;
            p.text(
                Pos2::new(c.center().x, rect.bottom() - 10.0),
                Align2::CENTER_CENTER,
                zone_for(z, reader),
                FontId::proportional(12.0),
                if here {
                    GOLD
                } else {
                    CHALK.gamma_multiply(0.7)
                },
            );
            if here {
                p.rect_stroke(
                    c.shrink(2.0),
                    CornerRadius::same(4),
                    Stroke::new(2.0, GOLD),
                    StrokeKind::Inside,
                );
            }
        }
        // The ball, and an arrow toward the goal its side attacks.
        let at = col(view.ball.clamp(1, 7)).center();
        let r = (rect.height() * 0.1).clamp(8.0, 16.0);
        let colour = side_colour(attacker);
        let dir = match attacker {
            Side::Left => 1.0,
            Side::Right => -1.0,
        };
        p.arrow(
            at + Vec2::new(dir * (r + 4.0), 0.0),
            Vec2::new(dir * unit * 0.35, 0.0),
            Stroke::new(4.0, colour),
        );
        p.circle_filled(at + Vec2::new(1.5, 2.0), r, Color32::from_black_alpha(90));
        p.circle_filled(at, r, Color32::WHITE);
        p.circle_stroke(at, r, Stroke::new(2.0, colour));
        p.circle_filled(at, r * 0.35, Color32::from_gray(40));
    }

    fn last_round(
        &self,
        ui: &mut egui::Ui,
        session: &CardballSession,
        view: &CardballView,
        scale: f32,
    ) {
        ui.vertical(|ui| {
            // As wide as the two cards: the reason wraps under them.
            ui.set_max_width((2.0 * CARD.x * scale + 12.0).max(240.0));
            ui.label(RichText::new("Last round").strong().color(GOLD));
            let Some(r) = view.last_round else {
                ui.label(RichText::new("No cards revealed yet.").color(DIM));
                return;
            };
            ui.horizontal(|ui| {
                let winner = r.winner;
                for (seat, card, attacking) in
                    [(r.attacker, r.attack, true), (r.defender, r.defend, false)]
                {
                    ui.vertical(|ui| {
                        let won = winner == Some(Side::of(seat));
                        ui.label(
                            RichText::new(format!(
                                "{}{}",
                                session.name(seat),
                                if won { " (won)" } else { "" }
                            ))
                            .color(side_colour(Side::of(seat))),
                        );
                        let look = Look {
                            attacking,
                            class: if attacking {
                                r.attack_class
                            } else {
                                r.defend_class
                            },
                            enabled: true,
                            highlight: won,
                        };
                        let resp = self.card(ui, session, card, look, scale);
                        self.card_hover(resp, session, card);
                    });
                }
            });
            // Why the round went as it did, in words.
            let cards = session.game().cards().clone();
            let attack =
                crate::games::cardball::narrate::attack_words(&cards, r.attack, r.attack_class);
            let defend =
                crate::games::cardball::narrate::defend_words(&cards, r.defend, r.defend_class);
            let result = match r.winner {
                Some(w) => format!("{} won the round", session.side_name(w)),
                None => "the die decides".into(),
            };
            ui.label(
                RichText::new(format!("Attack: {attack}. Defence: {defend}. So {result}."))
                    .color(CHALK)
                    .size(13.0),
            );
        });
    }

    fn die(&mut self, ui: &mut egui::Ui, session: &CardballSession, view: &CardballView, now: f64) {
        let cards = session.game().cards().clone();
        let deck = session.deck().clone();
        // A new roll tumbles for a moment before it settles.
        let rolls = session.rolls();
        let fresh = !matches!(self.roll_seen, Some((n, _)) if n == rolls);
        if fresh {
            self.roll_seen = Some((rolls, now));
        }
        let since = self.roll_seen.map_or(f64::MAX, |(_, t)| now - t);
        let tumbling = since < session.pace.animation() * 1.5 && rolls > 0;
        let rolling_now = matches!(view.step, Step::Roll { .. });
        ui.vertical(|ui| {
            ui.label(RichText::new("The die").strong().color(GOLD));
            let (rect, _) = ui.allocate_exact_size(Vec2::splat(64.0), Sense::hover());
            let p = ui.painter();
            let (text, sub) = if tumbling || rolling_now {
                let flip = ((now * 12.0) as i64 % 2) as u8;
                ui.ctx().request_repaint();
                (icon_name(&deck, &cards, flip), "rolling…".to_string())
            } else if let Some(crate::games::cardball::Event::Rolled {
                face,
                winner,
                purpose,
                ..
            }) = &view.last_roll
            {
                let what = match purpose {
                    RollFor::KickOff => "kick-off",
                    RollFor::FirstShooter => "first penalty",
                    RollFor::Dilemma => "the round",
                    RollFor::Action { .. } => "the Action card",
                    RollFor::Penalty => "the penalty",
                };
                (
                    icon_name(&deck, &cards, cards.die.face_icon(*face)),
                    format!("{} won {what}", session.side_name(*winner)),
                )
            } else {
                ("–".to_string(), "not rolled yet".to_string())
            };
            let angle = if tumbling || rolling_now {
                ((now * 9.0).sin() * 0.3) as f32
            } else {
                0.0
            };
            let body = Rect::from_center_size(rect.center(), Vec2::splat(54.0));
            let shape = egui::epaint::RectShape::filled(body, CornerRadius::same(10), CHALK)
                .with_angle(angle);
            p.add(shape);
            p.text(
                body.center(),
                Align2::CENTER_CENTER,
                text,
                FontId::proportional(15.0),
                Color32::from_gray(30),
            );
            ui.label(RichText::new(sub).color(CHALK).size(12.0));
        });
    }

    fn piles(&self, ui: &mut egui::Ui, session: &CardballSession, view: &CardballView) {
        let cards = session.game().cards().clone();
        let deck = session.deck().clone();
        ui.vertical(|ui| {
            ui.label(RichText::new("Piles").strong().color(GOLD));
            ui.label(RichText::new(format!("Draw pile: {}", view.pile_count)).color(CHALK));
            ui.label(
                RichText::new(format!("Action deck: {}", view.action_deck_count)).color(CHALK),
            );
            let last = view
                .action_discard
                .last()
                .map_or("none".to_string(), |a| action_title(&deck, &cards, *a));
            ui.label(RichText::new(format!("Last Action card: {last}")).color(CHALK))
                .on_hover_text(format!("Action cards used: {}", view.action_discard.len()));
            ui.label(RichText::new(format!("Cards played: {}", view.played.len())).color(CHALK));
        });
    }

    fn shootout(&self, ui: &mut egui::Ui, session: &CardballSession, view: &CardballView) {
        let Some(s) = &view.shootout else { return };
        ui.label(RichText::new("Penalty shoot-out").strong().color(GOLD));
        for side in [Side::Left, Side::Right] {
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(format!("{:<12}", session.side_name(side)))
                        .color(side_colour(side)),
                );
                let kicks: Vec<bool> = s
                    .kicks
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| s.shooter(*k) == side)
                    .map(|(_, g)| *g)
                    .collect();
                let shown = kicks.len().max(5);
                for i in 0..shown {
                    let (rect, resp) = ui.allocate_exact_size(Vec2::splat(18.0), Sense::hover());
                    let p = ui.painter();
                    let what = match kicks.get(i) {
                        Some(true) => {
                            p.circle_filled(
                                rect.center(),
                                7.0,
                                Color32::from_rgb(0x6C, 0xD6, 0x7A),
                            );
                            "scored"
                        }
                        Some(false) => {
                            p.circle_stroke(rect.center(), 7.0, Stroke::new(2.0, ALERT));
                            p.line_segment(
                                [
                                    rect.center() - Vec2::splat(4.0),
                                    rect.center() + Vec2::splat(4.0),
                                ],
                                Stroke::new(2.0, ALERT),
                            );
                            "saved"
                        }
                        None => {
                            p.circle_stroke(rect.center(), 7.0, Stroke::new(1.0, DIM));
                            "to take"
                        }
                    };
                    resp.on_hover_text(format!("Kick {}: {what}", i + 1));
                }
                let g = s.goals()[side.index()];
                ui.label(RichText::new(format!("{g}")).strong().color(CHALK));
            });
        }
    }

    /// What the human must do now, with the buttons that do it; returns
    /// the action chosen.
    fn prompt(
        &mut self,
        ui: &mut egui::Ui,
        session: &CardballSession,
        view: &CardballView,
    ) -> Option<Action> {
        let mut chosen = None;
        let actions = session.human_actions();
        let cards = session.game().cards().clone();
        let deck = session.deck().clone();
        let Some(seat) = session.human_actor().filter(|_| !actions.is_empty()) else {
            let text = match view.step {
                Step::Roll { .. } => "The die is rolling…".to_string(),
                Step::Pick { .. } if view.my_pick.is_some() => {
                    "Your card is face down. Waiting for the other side…".to_string()
                }
                _ => match session.actor() {
                    Some(s) => format!("{} is thinking…", session.name(s)),
                    None => String::new(),
                },
            };
            shell::prompt(ui, text);
            return None;
        };
        match view.step {
            Step::Call { purpose, .. } => {
                ui.horizontal_wrapped(|ui| {
                    shell::prompt(ui, format!("Call the die ({}):", purpose.key()));
                    for a in &actions {
                        if let Action::Call { icon } = a
                            && ui
                                .button(RichText::new(icon_name(&deck, &cards, *icon)).size(16.0))
                                .clicked()
                        {
                            chosen = Some(*a);
                        }
                    }
                });
            }
            Step::Touchline { .. } => {
                ui.horizontal_wrapped(|ui| {
                    shell::prompt(ui, "At the touchline: play The Manager?");
                    let hand = session.game().hand(seat).to_vec();
                    for a in &actions {
                        let what = "Draws an Action card at random and resolves it";
                        let hint = |card: &CardId| match hand.iter().position(|c| c == card) {
                            Some(i) => HAND_KEYS.get(i).map_or(what.to_string(), |k| k.hint(what)),
                            None => what.to_string(),
                        };
                        if let Action::UseManager { card } = a
                            && ui
                                .button(format!("Play {}", card_title(&deck, &cards, *card)))
                                .on_hover_text(hint(card))
                                .clicked()
                        {
                            chosen = Some(*a);
                        }
                    }
                    if actions.contains(&Action::Pass)
                        && ui
                            .button("Not now")
                            .on_hover_text(PASS_KEY.hint("Keep your The Manager cards"))
                            .clicked()
                    {
                        chosen = Some(Action::Pass);
                    }
                });
            }
            Step::Pick { .. } => {
                let text = if view.period == Period::Penalties {
                    if view.shooter() == Some(view.side) {
                        "Penalty: pick a card to shoot with.".to_string()
                    } else {
                        "Penalty: pick a card to save with.".to_string()
                    }
                } else if view.attacking() {
                    format!(
                        "You have the ball ({}): pick a card to attack with.",
                        zone_for(view.ball, view.side)
                    )
                } else {
                    format!(
                        "They have the ball ({}): pick a card to defend with.",
                        zone_for(view.ball, view.side)
                    )
                };
                shell::prompt(ui, text);
                match self.halfway.filter(|(s, _)| *s == seat) {
                    Some((_, card)) => {
                        chosen = self.halfway_prompt(ui, session, view, card, &actions);
                    }
                    None => {
                        let also = if actions.iter().any(|a| {
                            matches!(
                                a,
                                Action::Pick {
                                    reading: Some(_),
                                    ..
                                }
                            )
                        }) {
                            " On the half-way line you then say which half it counts as."
                        } else {
                            ""
                        };
                        ui.label(
                            RichText::new(format!("Click a card in your hand (or press {}-{}): it goes face down until both are placed.{also}", HAND_KEYS[0].name(), HAND_KEYS[8].name()))
                                .color(DIM),
                        );
                    }
                }
            }
            Step::Roll { .. } | Step::Over => {}
        }
        chosen
    }

    /// The choice of half for a card placed on the half-way line ("part of
    /// both zones, however a manager chooses to use it"): one button per
    /// half, saying what the card does there.
    fn halfway_prompt(
        &mut self,
        ui: &mut egui::Ui,
        session: &CardballSession,
        view: &CardballView,
        card: CardId,
        actions: &[Action],
    ) -> Option<Action> {
        let mut chosen = None;
        let cards = session.game().cards().clone();
        let title = card_title(session.deck(), &cards, card);
        let Some(c) = cards.card(card) else {
            self.halfway = None;
            return None;
        };
        let attacking = view.attacking();
        let effect = |z: ZoneClass| {
            if attacking {
                let t = c.top(z);
                let then = payload_text(t);
                if then.is_empty() {
                    mark_text(t.mark)
                } else {
                    format!("{}, {then}", mark_text(t.mark))
                }
            } else {
                mark_text(c.bottom(z))
            }
        };
        // Our own Midfield is `own_half` for the side with the ball and
        // `opp_half` for the other.
        let (ours, theirs) = if attacking {
            (ZoneClass::OwnHalf, ZoneClass::OppHalf)
        } else {
            (ZoneClass::OppHalf, ZoneClass::OwnHalf)
        };
        let mut options: Vec<(String, Action)> = Vec::new();
        let printed = effect(ZoneClass::Halfway);
        for (z, label) in [(ours, "our half"), (theirs, "their half")] {
            let action = if effect(z) == printed {
                Action::Pick {
                    card,
                    reading: None,
                }
            } else {
                Action::Pick {
                    card,
                    reading: Some(z),
                }
            };
            if actions.contains(&action) && !options.iter().any(|(_, a)| *a == action) {
                options.push((format!("As {label}: {}", effect(z)), action));
            }
        }
        let plain = Action::Pick {
            card,
            reading: None,
        };
        if !options.iter().any(|(_, a)| *a == plain) && actions.contains(&plain) {
            options.push((
                format!("As printed for the half-way line: {printed}"),
                plain,
            ));
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{title} on the half-way line counts as:"))
                    .strong()
                    .color(CHALK),
            );
            for (label, action) in options {
                if ui.button(RichText::new(label).size(15.0)).clicked() {
                    chosen = Some(action);
                }
            }
            if ui.button("Another card").clicked() {
                self.halfway = None;
            }
        });
        chosen
    }

    /// The viewer's bench, face-down pick and hand.
    /// The viewer's bench, face-down pick and hand, the cards at most
    /// `room` tall; returns the action of a card clicked.
    fn own_area(
        &mut self,
        ui: &mut egui::Ui,
        session: &CardballSession,
        view: &CardballView,
        me: Seat,
        room: f32,
    ) -> Option<Action> {
        let mut chosen = None;
        let actions = session.human_actions();
        let i = me.index();
        let side = Side::of(me);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{} — your hand", session.name(me)))
                    .strong()
                    .size(16.0)
                    .color(side_colour(side)),
            );
            let bench = view.bench_sizes.get(i).copied().unwrap_or(0);
            ui.label(
                RichText::new(format!(
                    "· {bench} on your bench, face down (one comes to your hand after each round)"
                ))
                .color(DIM),
            );
        });
        if let Some(c) = view.my_pick {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Face down on the pitch:").color(CHALK));
                ui.label(
                    RichText::new(card_title(session.deck(), view.cards.as_ref(), c))
                        .strong()
                        .color(GOLD),
                );
            });
        }
        let hand = view.hand.clone();
        let attacking = if view.period == Period::Penalties {
            view.shooter() == Some(view.side)
        } else {
            view.attacking()
        };
        // At most two rows of cards within the dock's room: a long hand
        // in a small window is drawn smaller rather than pushed out of
        // sight.
        let per_row = |scale: f32| {
            ((ui.available_width() + 8.0) / ((CARD.x + 8.0) * scale))
                .floor()
                .max(1.0)
        };
        let rows = |scale: f32| (hand.len() as f32 / per_row(scale)).ceil();
        let tall = |scale: f32| rows(scale) * (CARD.y + 6.0) * scale;
        let mut scale = 1.0;
        while scale > MIN_SCALE && (rows(scale) > 2.0 || tall(scale) > room) {
            scale -= 0.05;
        }
        ui.horizontal_wrapped(|ui| {
            for card in hand {
                let pick = Action::Pick {
                    card,
                    reading: None,
                };
                let use_it = Action::UseManager { card };
                let action = [pick, use_it].into_iter().find(|a| actions.contains(a));
                let look = Look {
                    attacking,
                    class: view.zone_class,
                    enabled: action.is_some(),
                    highlight: false,
                };
                let resp = self.card(ui, session, card, look, scale);
                let resp = self.card_hover(resp, session, card);
                let resp = match action {
                    Some(_) => resp,
                    None => resp.on_hover_text(self.why_not(view, card)),
                };
                if resp.clicked()
                    && let Some(a) = action
                {
                    chosen = match a {
                        Action::Pick { card, .. } => self.place(me, card, &actions),
                        a => Some(a),
                    };
                }
            }
        });
        chosen
    }

    /// Why a hand card cannot be used now.
    fn why_not(&self, view: &CardballView, card: CardId) -> String {
        let manager = view.cards.card(card).is_some_and(ManagerCard::is_manager);
        match view.step {
            Step::Touchline { .. } if !manager => {
                "Player cards are placed after the touchline window".into()
            }
            Step::Pick { .. } if manager => {
                "The Manager cards are played from the touchline, before the cards are placed"
                    .into()
            }
            Step::Pick { .. } if view.my_pick.is_some() => "You have placed your card".into(),
            _ => "Not your decision now".into(),
        }
    }

    /// Who won and how, and the tournament's table; returns whether Next
    /// match was clicked.
    fn result_box(
        &mut self,
        ui: &mut egui::Ui,
        session: &CardballSession,
        view: &CardballView,
    ) -> bool {
        let mut next = false;
        let Some(outcome) = &view.outcome else {
            return false;
        };
        let headline = if outcome.winners.is_empty() {
            "A draw!".to_string()
        } else {
            let side = Side::of(outcome.winners[0]);
            let name = session.side_name(side);
            format!("{name} {}!", verb(&name, "wins", "win"))
        };
        Frame::NONE
            .fill(FELT_DARK)
            .stroke(Stroke::new(2.0, GOLD))
            .corner_radius(10.0)
            .inner_margin(16.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.vertical_centered(|ui| {
                    ui.label(RichText::new(headline).size(30.0).strong().color(GOLD));
                    let mut line = format!(
                        "{} {} – {} {}",
                        session.side_name(Side::Left),
                        view.score[0],
                        view.score[1],
                        session.side_name(Side::Right)
                    );
                    if let Some(s) = &view.shootout {
                        let g = s.goals();
                        line.push_str(&format!(" · penalties {}–{}", g[0], g[1]));
                    }
                    ui.label(RichText::new(line).size(18.0).color(CHALK));
                    ui.label(
                        RichText::new(format!(
                            "Decided {}",
                            crate::games::cardball::narrate::ending_words(&outcome.ending)
                        ))
                        .color(DIM),
                    );
                    ui.add_space(8.0);
                    if let Some(t) = session.tournament_now() {
                        self.standings(ui, session, &t);
                        ui.add_space(8.0);
                        if t.is_over() {
                            let champion = t
                                .winner()
                                .and_then(|m| session.managers().get(m))
                                .map_or_else(String::new, |m| m.name.clone());
                            ui.label(
                                RichText::new(format!("{champion} wins the tournament!"))
                                    .size(22.0)
                                    .strong()
                                    .color(GOLD),
                            );
                        } else {
                            next = ui
                                .button(RichText::new("Next match").size(16.0).strong())
                                .clicked();
                        }
                    }
                });
            });
        next
    }
}

impl CardballBoard {
    /// The tournament's league table.
    fn standings(&self, ui: &mut egui::Ui, session: &CardballSession, t: &Tournament) {
        ui.label(RichText::new("Tournament table").strong().color(GOLD));
        egui::Grid::new("cardball-standings")
            .striped(true)
            .spacing([14.0, 4.0])
            .show(ui, |ui| {
                for h in ["", "Manager", "P", "W", "D", "L", "Goals", "Pts"] {
                    ui.label(RichText::new(h).strong().color(CHALK));
                }
                ui.end_row();
                for (rank, s) in t.standings().iter().enumerate() {
                    let name = session
                        .managers()
                        .get(s.manager)
                        .map_or_else(|| format!("Manager {}", s.manager + 1), |m| m.name.clone());
                    ui.label(RichText::new(format!("{}.", rank + 1)).color(DIM));
                    ui.label(RichText::new(name).color(CHALK));
                    for n in [s.played, s.won, s.drawn, s.lost] {
                        ui.label(RichText::new(n.to_string()).color(CHALK));
                    }
                    ui.label(
                        RichText::new(format!("{}:{}", s.goals_for, s.goals_against)).color(CHALK),
                    );
                    ui.label(RichText::new(s.points.to_string()).strong().color(GOLD));
                    ui.end_row();
                }
            });
        let left = t.fixtures().len() - t.played().len();
        if left > 0 {
            ui.label(RichText::new(format!("{left} match(es) to play")).color(DIM));
        }
    }
}

/// What a goal is called, by the side that defends it: "Ada's goal".
fn goal_label(owner: &str) -> String {
    format!("{owner}'s goal")
}

/// `text` on one line at most `width` points wide, cut with "…".
fn one_line(text: &str, width: f32, colour: Color32) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::simple_singleline(
        text.to_string(),
        FontId::proportional(11.0),
        colour,
    );
    job.wrap = egui::text::TextWrapping::truncate_at_width(width);
    job
}
