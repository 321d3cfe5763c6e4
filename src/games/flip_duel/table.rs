//! The Flip Duel table: both packs, the two laid cards side by side with
//! the compared sections highlighted, the attack streak, the score, the
//! half and the cards left, a line in words for the last comparison, the
//! injury-time choice (with the app's advice), the house rules before the
//! first decision, the log and the result.
//!
//! The table draws [`crate::ui::session::Session::view`] only and sends
//! the engine's legal actions; it decides no rule itself. In hot-seat with
//! the official rules nothing secret is chosen while laying (both lay the
//! top card blind), so both players lay on one screen that shows only
//! public information; choosing injury-time cards, or laying from a hand
//! (house rule), goes behind the shared "pass the device" curtain.

use super::session::FlipDuelSession;
use super::{
    Action, Area, Card, CardId, CardSet, Event, FlipDuel, FlipDuelConfig, FlipDuelView, Mark,
    Period, Phase, Play, RUN_FOR_SHOT, Step, card_values, suggest_aside,
};
use crate::engine::{Game as _, Seat};
use crate::ui::dialog::SaveLoad;
use crate::ui::palette::{ALERT, CHALK, DIM, FELT, FELT_DARK, GOLD};
use crate::ui::seating::{self, BarAsk, Seated as _, Shortcut};
use crate::ui::session::{SaveError, Session, TableGame as _};
use crate::ui::table::{NewTable, Opened, SavedTable, TableRequest};
use egui::{
    Align, Align2, Color32, CornerRadius, FontId, Frame, Key, Layout, Pos2, Rect, Response,
    RichText, Sense, Shape, Stroke, StrokeKind, Vec2,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Lays the top card (one human, or hot seat after the curtain).
pub const LAY_KEYS: [Shortcut; 2] = [Shortcut::key(Key::Space), Shortcut::key(Key::Enter)];
/// Lays the left and the right side's top card when two people share
/// the device and lay at once.
pub const SHARED_LAY_KEYS: [Shortcut; 2] = [Shortcut::key(Key::A), Shortcut::key(Key::L)];
/// Sets aside the app's suggested injury-time cards.
pub const ASIDE_KEY: Shortcut = Shortcut::key(Key::S);
/// Lays the first to fifth card of the hand (house rule).
pub const HAND_KEYS: [Shortcut; 5] = [
    Shortcut::key(Key::Num1),
    Shortcut::key(Key::Num2),
    Shortcut::key(Key::Num3),
    Shortcut::key(Key::Num4),
    Shortcut::key(Key::Num5),
];

/// A full-size card on the table, in points (poker proportions).
const CARD: Vec2 = Vec2::new(150.0, 210.0);
/// The card's cream paper.
const PAPER: Color32 = Color32::from_rgb(0xFA, 0xF7, 0xEE);
/// Ink on the paper.
const INK: Color32 = Color32::from_gray(35);

/// An area's colour on the printed card: green, red, yellow, blue.
pub fn area_colour(area: Area) -> Color32 {
    match area {
        Area::Attack => Color32::from_rgb(0x2E, 0x8B, 0x3E),
        Area::Goal => Color32::from_rgb(0xC6, 0x28, 0x28),
        Area::Penalty => Color32::from_rgb(0xE0, 0xA8, 0x00),
        Area::FreeKick => Color32::from_rgb(0x1E, 0x63, 0xC0),
    }
}

/// `#rrggbb` as a colour (grey when it is not one).
fn hex(s: &str) -> Color32 {
    let s = s.trim_start_matches('#');
    let byte = |i: usize| {
        s.get(i..i + 2)
            .and_then(|b| u8::from_str_radix(b, 16).ok())
            .unwrap_or(0x80)
    };
    Color32::from_rgb(byte(0), byte(2), byte(4))
}

/// A team's colour (seat 0's team first).
fn team_colour(cards: &CardSet, seat: Seat) -> Color32 {
    cards
        .teams
        .get(seat.index())
        .map_or(DIM, |t| hex(&t.colour))
}

/// A team's colour made readable on the dark felt.
fn team_text(cards: &CardSet, seat: Seat) -> Color32 {
    let c = team_colour(cards, seat);
    Color32::from_rgb(
        c.r().saturating_add(70),
        c.g().saturating_add(70),
        c.b().saturating_add(70),
    )
}

/// What the next pair of cards is read for, in words.
pub fn play_text(play: Play) -> String {
    match play {
        Play::Open { run } => format!("open play, {run} in a row"),
        Play::Shot { from } => format!("a shot after {}", from.describe()),
        Play::Penalty => "a penalty".into(),
        Play::FreeKick => "a free kick".into(),
    }
}

/// The period in words.
fn period_text(p: Period) -> &'static str {
    match p {
        Period::FirstHalf => "First half",
        Period::SecondHalf => "Second half",
        Period::InjuryTime => "Injury time",
        Period::FullTime => "Full time",
    }
}

/// One line of the statistics at full time.
type Stat = fn(&super::TeamStats) -> u32;

/// A house rule's choices: (value, label).
type Choices<T> = &'static [(T, &'static str)];

const HANDS: Choices<u8> = &[(0, "Official: lay the top card"), (3, "A hand of three")];
const LENGTHS: Choices<Option<u8>> = &[
    (None, "Official: 45 cards a half"),
    (Some(30), "30 cards a half"),
    (Some(20), "20 cards a half"),
];
const INJURY: Choices<u8> = &[
    (8, "Official: 8 injury-time cards"),
    (4, "4 injury-time cards"),
    (0, "No injury time"),
];

/// The Flip Duel table screen.
pub struct FlipDuelTable {
    session: FlipDuelSession,
    message: Option<(String, bool)>,
    show_rules: bool,
    /// An open file dialog: `true` to save, `false` to load.
    file: SaveLoad,
    autosave: Option<PathBuf>,
    /// A save of another game the user chose to load.
    other_game: Option<PathBuf>,
    /// How many pairs had been turned over when last drawn, and when the
    /// newest was: the flip animation runs from then.
    flip_seen: (usize, f64),
}

impl FlipDuelTable {
    /// A table for a session; `autosave` is where the match is kept after
    /// every decision (for "continue"), if anywhere.
    pub fn new(session: FlipDuelSession, autosave: Option<PathBuf>) -> Self {
        let pairs = reveals(&session);
        FlipDuelTable {
            session,
            message: None,
            show_rules: false,
            file: SaveLoad::default(),
            autosave,
            other_game: None,
            flip_seen: (pairs, f64::NEG_INFINITY),
        }
    }

    /// The session (for tests).
    pub fn session(&self) -> &FlipDuelSession {
        &self.session
    }

    /// The session, mutably (for tests).
    pub fn session_mut(&mut self) -> &mut FlipDuelSession {
        &mut self.session
    }

    fn act(&mut self, seat: Seat, action: Action) {
        match self.session.act(seat, action) {
            Ok(()) => {
                self.message = None;
                self.autosave();
            }
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    /// Autosaves; a failure is shown, play goes on.
    fn autosave(&mut self) {
        if let Err(e) = seating::autosave(self.autosave.as_deref(), |p| self.session.save(p)) {
            self.message = Some((e, true));
        }
    }

    /// Whether several people lay on one screen at once: hot-seat with the
    /// official rules, where laying chooses nothing and hides nothing.
    fn shared_lay(&self) -> bool {
        let g = self.session.game();
        self.session.human_seats().len() > 1 && g.rules().hand == 0 && g.phase() == Phase::Lay
    }

    /// The view on screen and whose log it shows.
    fn shown(&self) -> (FlipDuelView, Option<Seat>) {
        if self.shared_lay() {
            (self.session.game().spectator_view(), None)
        } else {
            (self.session.view(), self.session.viewer())
        }
    }

    /// Draws the table; returns a request for the app, if any.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        let now = ui.input(|i| i.time);
        if self.session.step(now) {
            self.autosave();
            ui.ctx().request_repaint();
        }
        if let Some(due) = self.session.due_in(now) {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(due.max(0.01)));
        }
        let pairs = reveals(&self.session);
        if pairs != self.flip_seen.0 {
            self.flip_seen = (pairs, now);
        }
        let flip = self.flip_progress(now);
        if flip < 1.0 {
            ui.ctx().request_repaint();
        }
        self.poll_file(ui.ctx());
        let before = self.session.generation();
        let mut request = None;
        if self.shortcuts(ui) {
            request = Some(TableRequest::Leave);
        }
        egui::Panel::top("flip-duel-bar")
            .frame(Frame::NONE.fill(FELT_DARK).inner_margin(6.0))
            .show(ui, |ui| {
                if self.top_bar(ui) {
                    request = Some(TableRequest::Leave);
                }
            });
        seating::log_side(ui, "flip-duel-log", |ui| self.log_panel(ui));
        egui::CentralPanel::default()
            .frame(Frame::NONE.fill(FELT).inner_margin(8.0))
            .show(ui, |ui| match self.session.needs_handover() {
                Some(seat) if !self.shared_lay() => self.handover(ui, seat),
                _ => {
                    let room = ui.available_height();
                    egui::ScrollArea::vertical()
                        .auto_shrink([false, false])
                        .show(ui, |ui| {
                            if self.table(ui, flip, room) {
                                request = Some(TableRequest::Leave);
                            }
                        });
                }
            });
        if self.session.generation() != before {
            ui.ctx().request_repaint();
        }
        if let Some(path) = self.other_game.take() {
            request = Some(TableRequest::Open(path));
        }
        crate::ui::rules::rules_window(
            ui.ctx(),
            &mut self.show_rules,
            super::ENTRY.name,
            super::ENTRY.rulebook,
        );
        request
    }

    /// 0 when the newest pair was just turned over, 1 once its flip has
    /// finished at the chosen pace.
    fn flip_progress(&self, now: f64) -> f32 {
        let length = self.session.pace.animation();
        if length <= 0.0 {
            return 1.0;
        }
        ((now - self.flip_seen.1) / length).clamp(0.0, 1.0) as f32
    }

    /// The keys of the table: the shared ones ([`seating::bar_keys`]),
    /// then laying, setting aside and the hand for the human deciding now
    /// (at a shared lay, each side's own key).
    fn shortcuts(&mut self, ui: &egui::Ui) -> bool {
        if let Some(ask) = seating::bar_keys(ui.ctx(), &mut self.session)
            && self.bar_ask(ask)
        {
            return true;
        }
        let pressed = |k: Shortcut| k.pressed(ui.ctx());
        if self.shared_lay() {
            for (seat, key) in [Seat(0), Seat(1)].into_iter().zip(SHARED_LAY_KEYS) {
                if self.session.game().laid(seat).is_none() && pressed(key) {
                    self.act(seat, Action::Lay);
                }
            }
            return false;
        }
        let Some(seat) = seating::key_seat(&self.session, ui.ctx()) else {
            return false;
        };
        let actions = self.session.human_actions();
        if actions.is_empty() {
            return false;
        }
        if actions.contains(&Action::Lay) && LAY_KEYS.into_iter().any(pressed) {
            self.act(seat, Action::Lay);
            return false;
        }
        if matches!(actions.first(), Some(Action::SetAside { .. })) && pressed(ASIDE_KEY) {
            self.aside_suggested(seat);
            return false;
        }
        let hand = self.session.game().hand(seat).to_vec();
        for (card, key) in hand.into_iter().zip(HAND_KEYS) {
            if actions.contains(&Action::Play { card }) && pressed(key) {
                self.act(seat, Action::Play { card });
                return false;
            }
        }
        false
    }

    /// Carries out what the top bar or its keys asked; true to leave.
    fn bar_ask(&mut self, ask: BarAsk) -> bool {
        match ask {
            BarAsk::Leave => return true,
            BarAsk::Rules => self.show_rules = true,
            BarAsk::Load => self.ask_file(false),
            BarAsk::Save => self.ask_file(true),
            BarAsk::Undo | BarAsk::Extra(_) => {}
        }
        false
    }

    /// Sets aside the app's suggestion, as many cards as are still to go.
    fn aside_suggested(&mut self, seat: Seat) {
        let view = self.session.game().view(seat);
        let left = usize::from(view.rules.injury_cards).saturating_sub(view.my_aside.len());
        let suggested: Vec<CardId> = suggest_aside(&view)
            .into_iter()
            .filter(|c| view.my_pack.contains(c))
            .take(left)
            .collect();
        for card in suggested {
            if self.session.human_actor() != Some(seat) {
                break;
            }
            self.act(seat, Action::SetAside { card });
        }
    }

    /// The bar at the top; returns true when the player leaves.
    fn top_bar(&mut self, ui: &mut egui::Ui) -> bool {
        let bar = seating::TopBar {
            session: &mut self.session,
            kept: "match",
            pace: ("flip-duel-pace", "Pace", ""),
            pace_hint: Some("How quickly bots lay and the cards turn over"),
            auto_pass: None,
            extra: &[],
        };
        let ask = seating::top_bar(ui, bar, |ui| {
            ui.label(RichText::new("FLIP DUEL").strong().size(18.0).color(GOLD));
        });
        ask.is_some_and(|a| self.bar_ask(a))
    }

    fn ask_file(&mut self, save: bool) {
        self.file.ask(save, "flip-duel-match.json");
    }

    fn poll_file(&mut self, ctx: &egui::Context) {
        match self.file.poll(ctx) {
            Some((p, true)) => self.save_to(&p),
            Some((p, false)) => self.load_from(&p),
            None => {}
        }
    }

    /// Saves to `path`, reporting the result on the table.
    pub fn save_to(&mut self, path: &Path) {
        self.message = Some(self.session.save_report(path));
    }

    /// Loads from `path`; a bad file changes nothing and says why.
    pub fn load_from(&mut self, path: &Path) {
        match FlipDuelSession::load(path, ()) {
            Ok(s) => {
                let pace = self.session.pace;
                self.session = s;
                self.session.pace = pace;
                self.flip_seen = (reveals(&self.session), f64::NEG_INFINITY);
                self.message = Some((format!("Loaded {}", path.display()), false));
            }
            Err(SaveError::OtherGame { .. }) => self.other_game = Some(path.to_path_buf()),
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    fn log_panel(&self, ui: &mut egui::Ui) {
        let cards = self.session.game().cards().clone();
        let (_, reader) = self.shown();
        let log = if self.session.needs_handover().is_some() && !self.shared_lay() {
            self.session.log()
        } else {
            self.session.log_for(reader)
        };
        seating::log_panel(ui, &log, |line| match line.seat {
            Some(s) => team_text(&cards, s),
            None => CHALK.gamma_multiply(0.85),
        });
    }

    fn handover(&mut self, ui: &mut egui::Ui, seat: Seat) {
        let name = self.session.name(seat);
        let hidden = "Each player's injury-time cards and hand are hidden until they are ready.";
        if seating::handover(ui, &name, hidden) {
            self.session.reveal(seat);
        }
    }

    /// A seat's name and team (`Ann (Red)`).
    fn who(&self, seat: Seat) -> String {
        format!(
            "{} ({})",
            self.session.name(seat),
            self.session.game().cards().team_name(seat.0)
        )
    }

    /// The whole table; returns true to leave it.
    fn table(&mut self, ui: &mut egui::Ui, flip: f32, room: f32) -> bool {
        let (view, _) = self.shown();
        self.scoreboard(ui, &view);
        if self.session.record().actions.is_empty() {
            self.house_rules(ui);
        }
        if let Some((msg, bad)) = &self.message {
            ui.label(RichText::new(msg).color(if *bad { ALERT } else { CHALK }));
        }
        ui.add_space(4.0);
        if view.outcome.is_some() {
            return self.result(ui, &view);
        }
        if matches!(view.step, Step::Choose { .. }) {
            if view.must_act() && self.session.viewer() == Some(view.seat) {
                self.choose(ui, &view);
            } else {
                let waiting: Vec<String> = match view.step {
                    Step::Choose { seats } => seats.iter().map(|s| self.who(s)).collect(),
                    _ => Vec::new(),
                };
                ui.label(
                    RichText::new(format!(
                        "Waiting for {} to choose the injury-time cards…",
                        waiting.join(" and ")
                    ))
                    .color(CHALK)
                    .size(16.0),
                );
                if !view.my_aside.is_empty() {
                    let names: Vec<String> =
                        view.my_aside.iter().map(|c| view.cards.label(*c)).collect();
                    ui.label(
                        RichText::new(format!("Your injury-time cards: {}", names.join(", ")))
                            .color(DIM),
                    );
                }
            }
            return false;
        }
        // What the pitch leaves: the line in words, the prompt and a hand.
        let below = 90.0
            + if view.rules.hand > 0 {
                0.6 * CARD.y
            } else {
                0.0
            };
        let used = ui.min_rect().height();
        self.pitch(ui, &view, flip, room - used - below);
        ui.add_space(4.0);
        self.prompt(ui, &view);
        if view.rules.hand > 0 && self.session.viewer() == Some(view.seat) {
            ui.add_space(4.0);
            self.hand(ui, &view);
        }
        false
    }

    /// Score, half, cards left, who attacks and the streak.
    fn scoreboard(&self, ui: &mut egui::Ui, view: &FlipDuelView) {
        let cards = view.cards.clone();
        ui.horizontal_wrapped(|ui| {
            let [r, b] = [Seat(0), Seat(1)];
            ui.label(
                RichText::new(self.who(r))
                    .strong()
                    .size(18.0)
                    .color(team_text(&cards, r)),
            );
            ui.label(
                RichText::new(format!("{} – {}", view.score[0], view.score[1]))
                    .strong()
                    .size(22.0)
                    .color(CHALK),
            );
            ui.label(
                RichText::new(self.who(b))
                    .strong()
                    .size(18.0)
                    .color(team_text(&cards, b)),
            );
            ui.separator();
            let left = match view.period {
                Period::InjuryTime => format!(" · {} injury-time cards left", view.lays_left),
                Period::FullTime => String::new(),
                _ => format!(" · {} cards left in the half", view.lays_left),
            };
            ui.label(
                RichText::new(format!("{}{left}", period_text(view.period)))
                    .color(CHALK)
                    .size(15.0),
            );
        });
        if matches!(view.step, Step::Choose { .. } | Step::Over) {
            return;
        }
        ui.horizontal(|ui| {
            let attacker = view.attacker;
            ui.label(
                RichText::new(format!(
                    "{} ATTACK",
                    cards.team_name(attacker.0).to_uppercase()
                ))
                .strong()
                .size(16.0)
                .color(team_text(&cards, attacker)),
            );
            ui.label(RichText::new("· Attack streak").color(CHALK));
            let run = match view.play {
                Play::Open { run } => run,
                Play::Shot { .. } => RUN_FOR_SHOT,
                _ => 0,
            };
            let (rect, _) = ui.allocate_exact_size(Vec2::new(66.0, 16.0), Sense::hover());
            for k in 0..RUN_FOR_SHOT {
                let c = rect.left_center() + Vec2::new(9.0 + 20.0 * f32::from(k), 0.0);
                if k < run {
                    ui.painter().circle_filled(c, 7.0, GOLD);
                } else {
                    ui.painter().circle_stroke(c, 6.5, Stroke::new(1.5, DIM));
                }
            }
            ui.label(RichText::new(format!("{run} of {RUN_FOR_SHOT}")).color(CHALK))
                .on_hover_text("Three successful attacks in a row make the next card a shot");
            ui.label(
                RichText::new(format!("· next pair: {}", play_text(view.play)))
                    .color(GOLD)
                    .size(15.0),
            );
        });
    }

    /// The house rules, changeable until the first decision: official by
    /// default. A change starts the match afresh with the same seats and
    /// seed.
    fn house_rules(&mut self, ui: &mut egui::Ui) {
        let mut config: FlipDuelConfig = self.session.record().config.clone();
        let before = config.clone();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("House rules:").color(GOLD));
            choice(ui, "Hand", &mut config.hand, HANDS);
            choice(ui, "Match length", &mut config.half_cards, LENGTHS);
            choice(ui, "Injury time", &mut config.injury_cards, INJURY);
            if config
                .fixed_injury_time
                .is_some_and(|n| n > config.injury_cards)
            {
                config.fixed_injury_time = None;
            }
        });
        if config != before {
            let seed = self.session.record().seed;
            let managers = self.session.managers().to_vec();
            match Session::flip_duel(managers, config, seed) {
                Ok(mut s) => {
                    s.pace = self.session.pace;
                    self.session = s;
                    self.message = None;
                }
                Err(e) => self.message = Some((e.to_string(), true)),
            }
        }
    }

    /// The injury-time choice: every card of the pack, worst first, with
    /// the app's suggestion starred.
    fn choose(&mut self, ui: &mut egui::Ui, view: &FlipDuelView) {
        let seat = view.seat;
        let need = usize::from(view.rules.injury_cards);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!(
                    "{}: choose {need} injury-time cards ({} of {need} aside)",
                    self.who(seat),
                    view.my_aside.len()
                ))
                .strong()
                .size(16.0)
                .color(GOLD),
            );
            let label = format!("Set aside the suggested cards ({})", ASIDE_KEY.name());
            if ui
                .button(RichText::new(label).strong())
                .on_hover_text(
                    ASIDE_KEY.hint("The app's choice: the cards worth least over a match"),
                )
                .clicked()
            {
                self.aside_suggested(seat);
            }
        });
        ui.label(
            RichText::new(
                "Only about four injury-time cards are ever laid, so set aside the ones worth \
                 least. Cards are listed worst first; a star marks the app's suggestion. Hover a card to \
                 see both sides; click to set it aside.",
            )
            .color(DIM),
        );
        if !view.my_aside.is_empty() {
            let names: Vec<&str> = view.my_aside.iter().map(|c| view.cards.name(*c)).collect();
            ui.label(RichText::new(format!("Aside: {}", names.join(", "))).color(CHALK));
        }
        let values = card_values(view);
        let suggested = suggest_aside(view);
        let mut pack: Vec<(CardId, f64)> = values
            .into_iter()
            .filter(|(c, _)| view.my_pack.contains(c))
            .collect();
        pack.reverse();
        let gap = 4.0;
        let width = ui.available_width();
        let cols = ((width + gap) / (72.0 + gap)).floor().max(1.0) as usize;
        let rows = pack.len().div_ceil(cols).max(1);
        let cell_w = (width + gap) / cols as f32 - gap;
        let cell_h = ((ui.available_height() - 4.0) / rows as f32 - gap).clamp(44.0, 90.0);
        let mut clicked = None;
        for row in pack.chunks(cols) {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = gap;
                for &(card, worth) in row {
                    let star = suggested.contains(&card);
                    let resp = mini_card(ui, view, card, worth, star, Vec2::new(cell_w, cell_h));
                    let resp = resp.on_hover_ui(|ui| both_sides(ui, &view.cards, card));
                    if resp.clicked() {
                        clicked = Some(card);
                    }
                }
            });
            ui.add_space(gap - ui.spacing().item_spacing.y);
        }
        if let Some(card) = clicked {
            self.act(seat, Action::SetAside { card });
        }
    }

    /// Both packs and the two laid cards: Red's on the left, Blue's on the
    /// right, whoever attacks.
    fn pitch(&self, ui: &mut egui::Ui, view: &FlipDuelView, flip: f32, room: f32) {
        let cards = view.cards.clone();
        let attacker = view.last.map_or(view.attacker, |l| l.attacker);
        let pack_w = 96.0;
        let gap = 14.0;
        let width = ui.available_width();
        let scale = ((width - 2.0 * pack_w - 3.0 * gap) / (2.0 * CARD.x))
            .min((room - 22.0) / CARD.y)
            .clamp(0.6, 2.2);
        let card = CARD * scale;
        let height = card.y + 22.0;
        let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
        let p = ui.painter_at(rect.expand(2.0));
        let mid = rect.center().x;
        let top = rect.top() + 20.0;
        let left = Rect::from_min_size(Pos2::new(mid - gap / 2.0 - card.x, top), card);
        let right = Rect::from_min_size(Pos2::new(mid + gap / 2.0, top), card);
        let slot = |seat: Seat| if seat == Seat(0) { left } else { right };
        let pack_at = |seat: Seat| {
            let x = if seat == Seat(0) {
                left.left() - gap - pack_w
            } else {
                right.right() + gap
            };
            Rect::from_min_size(Pos2::new(x, top), Vec2::new(pack_w, card.y))
        };
        for seat in [Seat(0), Seat(1)] {
            self.paint_pack(&p, pack_at(seat), view, seat);
        }
        match view.last {
            Some(last) => {
                let area = last.play.area();
                let hl = (flip >= 1.0).then_some((area, last.section));
                for (owner, id, attack_side, caption) in [
                    (attacker, last.attack, true, "attack side"),
                    (super::other(attacker), last.defend, false, "defence side"),
                ] {
                    let r = slot(owner);
                    p.text(
                        Pos2::new(r.center().x, rect.top() + 2.0),
                        Align2::CENTER_TOP,
                        format!("{} · {caption}", cards.team_name(owner.0)),
                        FontId::proportional(13.0),
                        team_text(&cards, owner),
                    );
                    // The flip: the card narrows to an edge showing its
                    // back, then widens face up.
                    let k = (flip * 2.0 - 1.0).abs();
                    let shown =
                        Rect::from_center_size(r.center(), Vec2::new(r.width() * k, r.height()));
                    if flip < 0.5 {
                        paint_back(&p, shown, team_colour(&cards, owner));
                    } else if let Some(c) = cards.card(id) {
                        paint_side(&p, shown, &cards, c, attack_side, hl);
                    }
                }
            }
            None => {
                for r in [left, right] {
                    p.rect_stroke(
                        r,
                        CornerRadius::same(8),
                        Stroke::new(1.5, CHALK.gamma_multiply(0.4)),
                        StrokeKind::Inside,
                    );
                }
                p.text(
                    Pos2::new(mid, top + card.y / 2.0),
                    Align2::CENTER_CENTER,
                    "The cards are laid here",
                    FontId::proportional(14.0),
                    DIM,
                );
            }
        }
        // A card face down for the next pair, over the pack that laid it.
        for seat in [Seat(0), Seat(1)] {
            if view.laid.get(seat.index()).copied().unwrap_or(false) {
                let pack = pack_at(seat);
                let r = Rect::from_min_size(
                    Pos2::new(pack.left() + 8.0, top + card.y * 0.55),
                    Vec2::new(pack_w - 16.0, card.y * 0.4),
                );
                paint_back(&p, r, team_colour(&cards, seat));
                p.text(
                    r.center(),
                    Align2::CENTER_CENTER,
                    "laid",
                    FontId::proportional(13.0),
                    CHALK,
                );
            }
        }
        // The comparison in words, in a box of fixed height so that the
        // buttons below never move under the mouse.
        let line = if flip >= 1.0 { self.comparison() } else { None };
        ui.allocate_ui_with_layout(Vec2::new(width, 40.0), Layout::top_down(Align::Min), |ui| {
            ui.set_min_height(40.0);
            if let Some(line) = line {
                ui.label(RichText::new(line).color(CHALK).size(14.5));
            }
        });
    }

    /// The last comparison and its result in words (public).
    fn comparison(&self) -> Option<String> {
        let cards = self.session.game().cards();
        let events = self.session.events();
        let at = events
            .iter()
            .rposition(|e| matches!(e, Event::Revealed { .. }))?;
        let mut line = events.get(at)?.describe(cards, None)?;
        if let Some(result) = events
            .get(at + 1..)
            .and_then(|rest| rest.iter().find(|e| matches!(e, Event::Result { .. })))
            .and_then(|e| e.describe(cards, None))
        {
            line.push_str(" — ");
            line.push_str(&result);
        }
        Some(line)
    }

    /// A pack: its back, the cards in it, aside, in hand and whether a card
    /// is down.
    fn paint_pack(&self, p: &egui::Painter, r: Rect, view: &FlipDuelView, seat: Seat) {
        let cards = &view.cards;
        let i = seat.index();
        let count = view.pack_counts.get(i).copied().unwrap_or(0);
        let back = Rect::from_min_size(r.min, Vec2::new(r.width(), r.height() * 0.42));
        for k in (0..3.min(count)).rev() {
            paint_back(
                p,
                back.translate(Vec2::splat(2.0 * k as f32)),
                team_colour(cards, seat),
            );
        }
        if count == 0 {
            p.rect_stroke(
                back,
                CornerRadius::same(6),
                Stroke::new(1.0, DIM),
                StrokeKind::Inside,
            );
        }
        p.text(
            back.center(),
            Align2::CENTER_CENTER,
            count.to_string(),
            FontId::proportional(20.0),
            CHALK,
        );
        let side = if view.attacker == seat {
            "attack side up"
        } else {
            "defence side up"
        };
        let mut lines = vec![
            format!("{} pack", cards.team_name(seat.0)),
            side.to_string(),
            format!("aside: {}", view.aside_counts.get(i).copied().unwrap_or(0)),
        ];
        if view.rules.hand > 0 {
            lines.push(format!(
                "hand: {}",
                view.hand_counts.get(i).copied().unwrap_or(0)
            ));
        }
        p.text(
            Pos2::new(r.center().x, back.bottom() + 4.0),
            Align2::CENTER_TOP,
            lines.join("\n"),
            FontId::proportional(12.0),
            team_text(cards, seat),
        );
    }

    /// What the player is asked to do now, or who is awaited.
    fn prompt(&mut self, ui: &mut egui::Ui, view: &FlipDuelView) {
        let Step::Lay { seats } = view.step else {
            return;
        };
        if self.shared_lay() {
            ui.horizontal(|ui| {
                for (seat, key) in [Seat(0), Seat(1)].into_iter().zip(SHARED_LAY_KEYS) {
                    let laid = !seats.contains(seat);
                    let text = if laid {
                        format!("{} has laid", self.who(seat))
                    } else {
                        format!("{} lays ({})", self.who(seat), key.name())
                    };
                    let b = ui.add_enabled(
                        !laid,
                        egui::Button::new(RichText::new(text).size(17.0).strong())
                            .fill(FELT_DARK)
                            .stroke(Stroke::new(2.0, team_text(&view.cards, seat))),
                    );
                    if b.on_hover_text(key.hint("Lay this side's top card"))
                        .clicked()
                    {
                        self.act(seat, Action::Lay);
                    }
                }
            });
            return;
        }
        let me = view.seat;
        let mine = self.session.viewer() == Some(me) && seats.contains(me);
        let role = if view.attacking() { "attack" } else { "defend" };
        if mine && view.rules.hand == 0 {
            ui.horizontal(|ui| {
                let b = ui.add(
                    egui::Button::new(
                        RichText::new(format!("Lay your top card ({})", LAY_KEYS[0].name()))
                            .size(17.0)
                            .strong(),
                    )
                    .fill(FELT_DARK)
                    .stroke(Stroke::new(2.0, GOLD)),
                );
                let hint = format!(
                    "Turn your top card over on the table ({} or {})",
                    LAY_KEYS[0].name(),
                    LAY_KEYS[1].name()
                );
                if b.on_hover_text(hint).clicked() {
                    self.act(me, Action::Lay);
                }
                ui.label(
                    RichText::new(format!(
                        "You {role}: your pack is {} side up.",
                        side_word(view.attacking())
                    ))
                    .color(CHALK),
                );
            });
        } else if mine {
            ui.label(
                RichText::new(format!(
                    "You {role}: choose a card from your hand ({}–{}) to lay {} side up.",
                    HAND_KEYS[0].name(),
                    HAND_KEYS
                        .get(view.my_hand.len().saturating_sub(1))
                        .map_or(String::new(), |k| k.name()),
                    side_word(view.attacking())
                ))
                .color(GOLD)
                .size(16.0),
            );
        } else {
            let waiting: Vec<String> = seats.iter().map(|s| self.who(s)).collect();
            ui.label(
                RichText::new(format!("Waiting for {} to lay…", waiting.join(" and ")))
                    .color(CHALK)
                    .size(16.0),
            );
        }
    }

    /// The hand (house rule): each card with the side up it is laid with.
    fn hand(&mut self, ui: &mut egui::Ui, view: &FlipDuelView) {
        let actions = self.session.human_actions();
        let attacking = view.attacking();
        let scale = ((ui.available_height() - 8.0) / CARD.y).clamp(0.5, 0.8);
        let mut chosen = None;
        ui.horizontal(|ui| {
            for (k, &card) in view.my_hand.iter().enumerate() {
                let play = Action::Play { card };
                let enabled = actions.contains(&play);
                let (rect, resp) = ui.allocate_exact_size(CARD * scale, Sense::click());
                let key = HAND_KEYS.get(k).map_or(String::new(), |k| k.name());
                let label = format!("Lay {} ({key})", view.cards.label(card));
                resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &label));
                if let Some(c) = view.cards.card(card) {
                    let lift = if enabled && resp.hovered() { -4.0 } else { 0.0 };
                    let r = rect.translate(Vec2::new(0.0, lift));
                    paint_side(
                        ui.painter(),
                        r,
                        &view.cards,
                        c,
                        attacking,
                        Some((view.play.area(), 9)),
                    );
                    if enabled && resp.hovered() {
                        ui.painter().rect_stroke(
                            r,
                            CornerRadius::same(8),
                            Stroke::new(2.5, GOLD),
                            StrokeKind::Inside,
                        );
                    }
                }
                let resp = resp.on_hover_ui(|ui| both_sides(ui, &view.cards, card));
                if enabled && resp.clicked() {
                    chosen = Some(play);
                }
            }
        });
        if let (Some(action), Some(seat)) = (chosen, self.session.human_actor()) {
            self.act(seat, action);
        }
    }

    /// The result: who won, the score and the statistics; returns true to
    /// leave the table.
    fn result(&mut self, ui: &mut egui::Ui, view: &FlipDuelView) -> bool {
        let mut leave = false;
        let Some(outcome) = &view.outcome else {
            return false;
        };
        let cards = view.cards.clone();
        let headline = match outcome.winners.first() {
            Some(w) => format!("{} wins!", self.who(*w)),
            None => "A draw!".to_string(),
        };
        Frame::NONE
            .fill(FELT_DARK)
            .stroke(Stroke::new(2.0, GOLD))
            .corner_radius(10.0)
            .inner_margin(14.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.vertical_centered(|ui| {
                    ui.label(RichText::new(headline).size(28.0).strong().color(GOLD));
                    ui.label(
                        RichText::new(format!(
                            "{} {} – {} {}",
                            cards.team_name(0),
                            view.score[0],
                            view.score[1],
                            cards.team_name(1)
                        ))
                        .size(18.0)
                        .color(CHALK),
                    );
                    ui.add_space(6.0);
                    egui::Grid::new("flip-duel-stats")
                        .striped(true)
                        .spacing([18.0, 3.0])
                        .show(ui, |ui| {
                            ui.label("");
                            for s in [Seat(0), Seat(1)] {
                                ui.label(
                                    RichText::new(cards.team_name(s.0))
                                        .strong()
                                        .color(team_text(&cards, s)),
                                );
                            }
                            ui.end_row();
                            let rows: [(&str, Stat); 8] = [
                                ("Goals", |t| t.goals),
                                ("Shots", |t| t.shots),
                                ("Penalties", |t| t.penalties),
                                ("Free kicks", |t| t.free_kicks),
                                ("Tackled", |t| t.tackled),
                                ("Offside", |t| t.offsides),
                                ("Long balls", |t| t.long_balls),
                                ("Off the post", |t| t.posts),
                            ];
                            for (name, f) in rows {
                                ui.label(RichText::new(name).color(DIM));
                                for t in &view.stats {
                                    ui.label(RichText::new(f(t).to_string()).color(CHALK));
                                }
                                ui.end_row();
                            }
                        });
                    ui.add_space(8.0);
                    if ui
                        .button(RichText::new("Back to the start screen").size(16.0))
                        .clicked()
                    {
                        leave = true;
                    }
                });
            });
        leave
    }
}

/// "attack" or "defence".
fn side_word(attacking: bool) -> &'static str {
    if attacking { "attack" } else { "defence" }
}

/// How many pairs have been turned over in the match so far.
fn reveals(session: &FlipDuelSession) -> usize {
    session
        .events()
        .iter()
        .filter(|e| matches!(e, Event::Revealed { .. }))
        .count()
}

/// A house rule as a drop-down of its choices.
fn choice<T: PartialEq + Copy>(ui: &mut egui::Ui, label: &str, value: &mut T, choices: Choices<T>) {
    let shown = choices
        .iter()
        .find(|(v, _)| v == value)
        .map_or("", |(_, l)| *l);
    egui::ComboBox::new(("flip-duel-house-rule", label), label)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (v, label) in choices {
                ui.selectable_value(value, *v, *label);
            }
        });
}

/// A small card in the injury-time choice: its id, name and worth; starred
/// when the app suggests it. Its label is `Set aside <name> (<id>)`.
fn mini_card(
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
        FontId::proportional(10.5),
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
fn both_sides(ui: &mut egui::Ui, cards: &CardSet, card: CardId) {
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
fn paint_back(p: &egui::Painter, r: Rect, colour: Color32) {
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
    p.rect_filled(r, CornerRadius::same(8), PAPER);
    // Mid-flip the card is an edge: nothing on it can be read (and text
    // must never be laid out at a size of nothing).
    if r.width() < 30.0 || s < 0.2 {
        return;
    }
    let band = Rect::from_min_size(r.min, Vec2::new(r.width(), 24.0 * s));
    p.rect_filled(
        band,
        CornerRadius {
            nw: 8,
            ne: 8,
            sw: 0,
            se: 0,
        },
        team,
    );
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

/// A new match at the table (the app shell's and `touchline play`'s hook):
/// the official rules; the table offers the house rules before the first
/// decision.
pub fn new_table(t: NewTable<'_>) -> Opened {
    if t.rules.is_some() {
        return Err("Flip Duel has no house-rules file: set them at the table".into());
    }
    let cards = super::tools::load(t.source).map_err(|e| e.to_string())?;
    let config = FlipDuelConfig::new(Arc::new(cards));
    let session = Session::flip_duel(t.managers, config, t.seed).map_err(|e| e.to_string())?;
    Ok(Box::new(FlipDuelTable::new(session, t.autosave)))
}

/// A saved match at the table (the app shell's hook). The save carries its
/// own card set, so a match goes on with the cards it started with.
pub fn load_table(t: SavedTable<'_>) -> Opened {
    let session =
        Session::<FlipDuel>::from_save_bytes(t.name, t.bytes, ()).map_err(|e| e.to_string())?;
    Ok(Box::new(FlipDuelTable::new(session, t.autosave)))
}

impl crate::ui::table::Table for FlipDuelTable {
    fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        FlipDuelTable::show(self, ui)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_and_words() {
        assert_eq!(hex("#c8102e"), Color32::from_rgb(0xC8, 0x10, 0x2E));
        assert_eq!(hex("nonsense"), Color32::from_rgb(0x80, 0x80, 0x80));
        assert_eq!(play_text(Play::Open { run: 2 }), "open play, 2 in a row");
        assert_eq!(side_word(false), "defence");
    }
}
