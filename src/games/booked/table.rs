//! The Booked! table: pitches, hands, piles, prompts and the log.
//!
//! The table shows the session's view and turns clicks into the engine's
//! legal actions; it never decides a rule itself. What a card can do is
//! read off the legal action list.

use super::session::BookedSession as Session;
use super::table_cards::{CardLook, CardPainter, Shown};
use crate::engine::{Game as _, Seat};
use crate::games::booked::deck::BookedDeck;
use crate::games::booked::{
    Action, BookedView, Card, CardId, CardSet, OnPitch, Play, Position, RefTarget, Referee, Squad,
    Step,
};
use crate::ui::seating::{self, BarAsk, Seated as _, Shortcut};
use crate::ui::session::Controller;
use crate::ui::table::TableRequest;
use egui::{Color32, Frame, Key, RichText, Stroke};
use std::path::PathBuf;
use std::sync::Arc;

/// How much larger the viewer's hand is drawn than the cards on pitches.
const HAND_SCALE: f32 = 1.4;

use crate::ui::palette::{ALERT, CHALK, FELT, FELT_DARK, GOLD};

/// The decisions a key makes, for the human deciding now when the
/// action is legal; the buttons' labels name the same keys.
pub const KEYS: [(Shortcut, Action); 5] = [
    (Shortcut::key(Key::D), Action::DrawDeck),
    (Shortcut::key(Key::F), Action::DrawDiscard),
    (Shortcut::key(Key::G), Action::CallGoal),
    (Shortcut::key(Key::P), Action::Pass),
    (Shortcut::key(Key::N), Action::NoCall),
];

/// Drops the selected card.
pub const DESELECT_KEY: Shortcut = Shortcut::key(Key::Escape);

/// Selects the first to ninth card of the hand.
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

/// The key of `action` among [`KEYS`], in words ("P"), for a label.
fn key_of(action: &Action) -> String {
    KEYS.iter()
        .find(|(_, a)| a == action)
        .map(|(k, _)| k.name())
        .unwrap_or_default()
}

/// The table screen.
pub struct TableScreen {
    session: Session,
    painter: CardPainter,
    selected: Option<CardId>,
    message: Option<(String, bool)>,
    show_rules: bool,
    file: crate::ui::dialog::SaveLoad,
    autosave: Option<PathBuf>,
    /// A save of another game the user chose to load.
    other_game: Option<PathBuf>,
}

impl TableScreen {
    /// A table for a session; `autosave` is where the game is kept after
    /// every decision (for "continue"), if anywhere.
    pub fn new(session: Session, deck: Arc<BookedDeck>, autosave: Option<PathBuf>) -> Self {
        TableScreen {
            session,
            painter: CardPainter::new(deck, Vec::new()),
            selected: None,
            message: None,
            show_rules: false,
            file: crate::ui::dialog::SaveLoad::default(),
            autosave,
            other_game: None,
        }
    }

    /// Looks card pictures up under `roots` (the user's data folder).
    pub fn with_art_roots(mut self, roots: Vec<PathBuf>) -> Self {
        self.painter = CardPainter::new(Arc::clone(self.painter.deck_arc()), roots);
        self
    }

    /// The session (for tests).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session, mutably (for tests).
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    fn act(&mut self, seat: Seat, action: Action) {
        match self.session.act(seat, action) {
            Ok(()) => {
                self.selected = None;
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

    /// Draws the table; returns a request for the app, if any.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        if !crate::ui::fonts::ready(ui.ctx()) {
            return None;
        }
        let now = ui.input(|i| i.time);
        if self.session.step(now) {
            self.autosave();
            ui.ctx().request_repaint();
        }
        if let Some(due) = self.session.due_in(now) {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(due.max(0.01)));
        }
        self.poll_files(ui.ctx());
        // A click is handled after the cards were painted: when this frame
        // changes what is selected or played, draw another one.
        let before = (self.selected, self.session.generation());
        let mut request = None;
        if self.shortcuts(ui) {
            request = Some(TableRequest::Leave);
        }
        egui::Panel::top("table-bar")
            .frame(Frame::NONE.fill(FELT_DARK).inner_margin(8.0))
            .show(ui, |ui| {
                if self.top_bar(ui) {
                    request = Some(TableRequest::Leave);
                }
            });
        seating::log_side(ui, "table-log", |ui| self.log_panel(ui));
        egui::CentralPanel::default()
            .frame(Frame::NONE.fill(FELT).inner_margin(10.0))
            .show(ui, |ui| {
                if let Some(seat) = self.session.needs_handover() {
                    self.handover(ui, seat);
                } else if self.session.game().is_over() {
                    if self.result(ui) {
                        request = Some(TableRequest::Leave);
                    }
                } else {
                    self.table(ui);
                }
            });
        if before != (self.selected, self.session.generation()) {
            ui.ctx().request_repaint();
        }
        if let Some(path) = self.other_game.take() {
            request = Some(TableRequest::Open(path));
        }
        crate::ui::rules::rules_window(ui.ctx(), &mut self.show_rules, &super::ENTRY);
        request
    }

    /// The keys of the table: the shared ones ([`seating::bar_keys`]),
    /// then the decisions of the moment, for the human deciding now.
    fn shortcuts(&mut self, ui: &egui::Ui) -> bool {
        if let Some(ask) = seating::bar_keys(ui.ctx(), &mut self.session)
            && self.bar_ask(ask)
        {
            return true;
        }
        let Some(seat) = seating::key_seat(&self.session, ui.ctx()) else {
            return false;
        };
        let actions = self.session.human_actions();
        let pressed = |k: Shortcut| k.pressed(ui.ctx());
        if let Some((_, action)) = KEYS
            .iter()
            .find(|(k, a)| actions.contains(a) && pressed(*k))
        {
            self.act(seat, *action);
        } else if pressed(DESELECT_KEY) {
            self.selected = None;
        }
        for (n, key) in HAND_KEYS.into_iter().enumerate() {
            if pressed(key)
                && let Some(&c) = self.session.game().hand(seat).get(n)
            {
                let view = self.session.view();
                self.selected = Some(acting_copy(&view.hand, &view.cards, &actions, c));
            }
        }
        false
    }

    /// Carries out what the top bar or its keys asked; true to leave.
    fn bar_ask(&mut self, ask: BarAsk) -> bool {
        match ask {
            BarAsk::Leave => return true,
            BarAsk::Rules => self.show_rules = true,
            BarAsk::Load => self.start_load(),
            BarAsk::Save => self.start_save(),
            BarAsk::Undo => self.selected = None,
            BarAsk::Extra(_) => {}
        }
        false
    }

    /// The bar at the top; returns true when the manager leaves the table.
    fn top_bar(&mut self, ui: &mut egui::Ui) -> bool {
        let view = self.session.view();
        let turn = self.session.name(view.current);
        let acting = self.acting_now(&view);
        let bar = seating::TopBar {
            session: &mut self.session,
            kept: "game",
            pace: ("pace", "Bot pace", "Bots: "),
            pace_hint: None,
            auto_pass: Some("Never ask me to answer cards with my instants"),
            extra: &[],
        };
        let ask = seating::top_bar(ui, bar, |ui| {
            ui.label(RichText::new("BOOKED!").strong().size(20.0).color(GOLD));
            ui.separator();
            ui.label(
                RichText::new(format!("Turn: {turn} · {}", step_text(&view)))
                    .color(CHALK)
                    .size(15.0),
            );
            if let Some(now) = acting {
                ui.label(RichText::new(now).color(GOLD).strong().size(15.0))
                    .on_hover_text("Who decides now");
            }
            ui.label(
                RichText::new(if view.clockwise {
                    "play passes left →"
                } else {
                    "play passes right ←"
                })
                .color(CHALK.gamma_multiply(0.7)),
            )
            .on_hover_text("Direction of play");
        });
        ask.is_some_and(|a| self.bar_ask(a))
    }

    /// Who decides now, in words: "▶ Ana to act", or "⚡ Ana may answer"
    /// while a card or a GOOOAL! call awaits answers.
    fn acting_now(&self, view: &BookedView) -> Option<String> {
        let who = self.session.name(self.session.actor()?);
        Some(match view.step {
            Step::Over => return None,
            Step::Answer | Step::GoalWindow { .. } => format!("⚡ {who} may answer"),
            Step::PickUp { .. } => format!("▶ {who} picks up"),
            Step::Draft | Step::Claim if self.session.human_actor().is_none() => {
                format!("▶ {who} and others choose")
            }
            _ => format!("▶ {who} to act"),
        })
    }

    fn start_save(&mut self) {
        self.file.ask(true, "booked-match.json");
    }

    fn start_load(&mut self) {
        self.file.ask(false, "");
    }

    /// The file dialog (opened without blocking); the answer is saved to
    /// or loaded from here.
    pub fn files(&mut self) -> &mut crate::ui::dialog::SaveLoad {
        &mut self.file
    }

    fn poll_files(&mut self, ctx: &egui::Context) {
        match self.file.poll(ctx) {
            Some((path, true)) => self.save_to(&path),
            Some((path, false)) => self.load_from(&path),
            None => {}
        }
    }

    /// Saves to `path`, reporting the result on the table.
    pub fn save_to(&mut self, path: &std::path::Path) {
        self.message = Some(match self.session.save(path) {
            Ok(()) => (format!("Saved to {}", path.display()), false),
            Err(e) => (e.to_string(), true),
        });
    }

    /// Loads from `path`; a bad file changes nothing and says why.
    pub fn load_from(&mut self, path: &std::path::Path) {
        match Session::load(path, ()) {
            Ok(s) => {
                let pace = self.session.pace;
                let auto = self.session.auto_pass;
                self.session = s;
                self.session.pace = pace;
                self.session.auto_pass = auto;
                self.selected = None;
                self.message = Some((format!("Loaded {}", path.display()), false));
            }
            Err(crate::ui::session::SaveError::OtherGame { .. }) => {
                self.other_game = Some(path.to_path_buf());
            }
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    fn log_panel(&self, ui: &mut egui::Ui) {
        seating::log_panel(ui, &self.session.log(), |line| match line.seat {
            Some(s) => seat_colour(s),
            None => CHALK.gamma_multiply(0.8),
        });
    }

    fn handover(&mut self, ui: &mut egui::Ui, seat: Seat) {
        let name = self.session.name(seat);
        if seating::handover(ui, &name, "Every hand is hidden until they are ready.") {
            self.session.reveal(seat);
        }
    }

    /// The result screen; returns true to leave the table.
    fn result(&mut self, ui: &mut egui::Ui) -> bool {
        let mut leave = false;
        let game = self.session.game().clone();
        let game = &game;
        let outcome = game.outcome();
        let winners: Vec<String> = outcome
            .as_ref()
            .map(|o| o.winners.iter().map(|s| self.session.name(*s)).collect())
            .unwrap_or_default();
        let how = match outcome.as_ref().map(|o| o.ending.as_str()) {
            Some("goal") => "GOOOAL! The 7 survived the window.",
            Some("penalties") => "The deck ran dry twice: decided on penalties.",
            Some("sudden_death") => "Sudden death: the first legal 7.",
            _ => "",
        };
        ui.vertical_centered(|ui| {
            ui.add_space(30.0);
            ui.label(
                RichText::new(format!("{} won the match!", winners.join(" and ")))
                    .size(36.0)
                    .strong()
                    .color(GOLD),
            );
            ui.label(RichText::new(how).size(18.0).color(CHALK));
            ui.add_space(12.0);
            if let crate::engine::ToAct::Over = game.to_act()
                && let Some(o) = &outcome
                && let Some(w) = o.winners.first()
            {
                self.pitch_row(ui, &self.session.view(), *w, &[], None);
            }
            if let Some(stage) = self.session.group() {
                ui.add_space(12.0);
                ui.label(RichText::new("Group table").size(20.0).color(GOLD));
                let mut table = stage.table();
                // The match just finished is not recorded until "next match".
                if let Some(r) = crate::games::booked::group::MatchReport::of(game) {
                    let mut reports = stage.reports().to_vec();
                    if reports.len() < 3 {
                        reports.push(r);
                        table = crate::games::booked::group::standings(
                            self.session.managers().len(),
                            &reports,
                        );
                    }
                }
                egui::Grid::new("group-table").striped(true).show(ui, |ui| {
                    for h in ["Manager", "P", "W", "Pts", "GF", "GA", "GD", "Sent off"] {
                        ui.label(RichText::new(h).strong().color(CHALK));
                    }
                    ui.end_row();
                    for st in &table {
                        let name = self
                            .session
                            .managers()
                            .get(st.seat.index())
                            .map_or("?", |m| m.name.as_str());
                        ui.label(RichText::new(name).color(CHALK));
                        for v in [
                            st.played.to_string(),
                            st.won.to_string(),
                            st.points.to_string(),
                            st.goals_for.to_string(),
                            st.goals_against.to_string(),
                            st.goal_difference().to_string(),
                            st.sent_off.to_string(),
                        ] {
                            ui.label(RichText::new(v).color(CHALK));
                        }
                        ui.end_row();
                    }
                });
                ui.add_space(10.0);
                if ui.button(RichText::new("Next match").size(18.0)).clicked() {
                    match self.session.next_match() {
                        Ok(true) => {}
                        Ok(false) => {
                            let champ = self.session.group().and_then(|g| g.champion());
                            let name = champ
                                .and_then(|c| self.session.managers().get(c.index()))
                                .map_or_else(String::new, |m| m.name.clone());
                            self.message = Some((format!("{name} lifts the cup!"), false));
                        }
                        Err(e) => self.message = Some((e.to_string(), true)),
                    }
                }
            }
            ui.add_space(10.0);
            if ui
                .button(RichText::new("Back to the start screen").size(16.0))
                .clicked()
            {
                leave = true;
            }
            if let Some((m, _)) = &self.message {
                ui.label(RichText::new(m).size(20.0).color(GOLD));
            }
        });
        leave
    }

    fn table(&mut self, ui: &mut egui::Ui) {
        let view = self.session.view();
        let actions = self.session.human_actions();
        let seat = self.session.human_actor();
        let me = self.session.viewer();
        let n = view.seats();
        // Opponents (every seat but the viewer's) across the top; the
        // viewer's pitch and hand at the bottom.
        let order: Vec<Seat> = match me {
            Some(m) => (1..n).map(|k| Seat(((m.index() + k) % n) as u8)).collect(),
            None => (0..n).map(|k| Seat(k as u8)).collect(),
        };
        let avail = ui.available_height();
        // Opponents sit in two columns when there are several and room
        // for them. Their rows, the piles, the viewer's pitch and the hand
        // (drawn larger) share the height; each row is cards plus a header.
        let cols = if order.len() >= 2 && ui.available_width() >= 900.0 {
            2
        } else {
            1
        };
        let opp_rows = order.len().div_ceil(cols);
        let rows = opp_rows as f32 + 2.0 + HAND_SCALE;
        let headers = (opp_rows + 3) as f32 * 34.0 + 24.0;
        let card_h = ((avail - headers) / rows).clamp(56.0, 170.0);
        self.painter.set_height(card_h);
        let on_table = view
            .pitches
            .iter()
            .flatten()
            .map(|p| p.card)
            .chain(view.discard_top)
            .chain(view.stack.iter().map(|i| i.card))
            .chain(view.hand.iter().copied());
        let now = ui.input(|i| i.time);
        if self
            .painter
            .track(on_table, now, self.session.pace.animation())
        {
            ui.ctx().request_repaint();
        }
        let targets = self.pitch_targets(&view, &actions);
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for pair in order.chunks(cols) {
                    if let [s] = pair {
                        self.pitch_row(ui, &view, *s, &actions, targets.as_deref());
                    } else {
                        ui.columns(cols, |c| {
                            for (col, s) in c.iter_mut().zip(pair) {
                                self.pitch_row(col, &view, *s, &actions, targets.as_deref());
                            }
                        });
                    }
                    ui.add_space(4.0);
                }
                ui.horizontal(|ui| {
                    self.piles(ui, &view, &actions, seat);
                    ui.add_space(16.0);
                    self.prompt(ui, &view, &actions, seat);
                });
                if let Some(m) = me {
                    ui.add_space(4.0);
                    self.pitch_row(ui, &view, m, &actions, targets.as_deref());
                    self.painter.set_height(card_h * HAND_SCALE);
                    self.hand(ui, &view, &actions, seat);
                    self.painter.set_height(card_h);
                }
                if let Some((msg, err)) = &self.message {
                    ui.label(RichText::new(msg).color(if *err { ALERT } else { GOLD }));
                }
            });
    }

    /// The pitch cards a click acts on now, each with its action: the
    /// legal targets of the selected hand card (a Yellow, a Red, a
    /// referee aimed at a player, SUBSTITUTION's card going off, or the
    /// cards a tackle would send back), or the cards a tackled manager may
    /// pick up. `None` when no pitch card is a target: nothing is dimmed.
    fn pitch_targets(
        &self,
        view: &BookedView,
        actions: &[Action],
    ) -> Option<Vec<(CardId, Action)>> {
        let mut out: Vec<(CardId, Action)> = Vec::new();
        let mut aiming = false;
        for a in actions {
            match *a {
                Action::PickUp { card } => {
                    aiming = true;
                    out.push((card, *a));
                }
                Action::Yellow { card, target } | Action::Red { card, target }
                    if self.selected == Some(card) =>
                {
                    aiming = true;
                    out.push((target, *a));
                }
                Action::PlayReferee {
                    card,
                    target: RefTarget::Player(t),
                } if self.selected == Some(card) => {
                    aiming = true;
                    out.push((t, *a));
                }
                Action::PlayReferee {
                    card,
                    target: RefTarget::Swap { out: off, .. },
                } if self.selected == Some(card) => {
                    aiming = true;
                    // One entry per card going off: the first card coming on
                    // the engine allows (the Substitute… menu offers the rest).
                    if !out.iter().any(|(c, _)| *c == off) {
                        out.push((off, *a));
                    }
                }
                Action::Tackle { card, victim } if self.selected == Some(card) => {
                    aiming = true;
                    let nation = match view.cards.card(card) {
                        Some(Card::Player { nation, .. }) => nation,
                        _ => continue,
                    };
                    for p in view.pitch(victim) {
                        if p.counts_as(&view.cards).is_some_and(|(n, _)| n == nation) {
                            out.push((p.card, *a));
                        }
                    }
                }
                _ => {}
            }
        }
        aiming.then_some(out)
    }

    /// One manager's pitch: a header (name, who plays it, hand size, what
    /// is special about them) and the cards grouped by nation, each group
    /// with its progress towards a Starting 7. `targets` (see
    /// [`Self::pitch_targets`]) are outlined and clickable, every other card
    /// dimmed.
    fn pitch_row(
        &mut self,
        ui: &mut egui::Ui,
        view: &BookedView,
        s: Seat,
        actions: &[Action],
        targets: Option<&[(CardId, Action)]>,
    ) {
        let name = self.session.name(s);
        let is_current = view.current == s;
        let acting_now = self.session.actor() == Some(s) && view.step != Step::Over;
        let frame = Frame::NONE
            .fill(FELT_DARK)
            .corner_radius(6.0)
            .inner_margin(6.0)
            .stroke(Stroke::new(
                if is_current || acting_now { 2.0 } else { 1.0 },
                if is_current || acting_now {
                    GOLD
                } else {
                    seat_colour(s)
                },
            ));
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(&name)
                        .strong()
                        .color(seat_colour(s))
                        .size(16.0),
                );
                // Whose turn it is and who must answer, in words as well as
                // the gold frame.
                if is_current && view.step != Step::Over {
                    ui.label(RichText::new("▶ TURN").color(GOLD).strong().size(13.0))
                        .on_hover_text("Whose turn it is");
                }
                if acting_now && !is_current {
                    ui.label(
                        RichText::new("⚡ TO ANSWER")
                            .color(GOLD)
                            .strong()
                            .size(13.0),
                    )
                    .on_hover_text("Deciding now");
                }
                let who = match self.session.manager(s).map(|m| m.controller) {
                    Some(Controller::Bot(b)) => format!("bot ({})", b.key()),
                    _ => "human".to_string(),
                };
                ui.label(
                    RichText::new(who)
                        .color(CHALK.gamma_multiply(0.6))
                        .size(12.0),
                );
                ui.label(
                    RichText::new(format!(
                        "hand {}",
                        view.hand_sizes.get(s.index()).copied().unwrap_or(0)
                    ))
                    .color(CHALK),
                );
                if view.walls.get(s.index()).copied().unwrap_or(false) {
                    ui.label(RichText::new("THE WALL").color(GOLD).strong())
                        .on_hover_text(
                            "Cannot be tackled or shown Yellow or Red until their next turn",
                        );
                }
                if let Some(Some(n)) = view.claims.get(s.index()) {
                    ui.label(
                        RichText::new(format!("claims {}", view.cards.nation_code(*n)))
                            .color(CHALK),
                    );
                }
                if view.skips.get(s.index()).copied().unwrap_or(0) > 0 {
                    ui.label(RichText::new("misses next turn").color(ALERT));
                }
                if let Some(Some(nation)) = view.legal_sevens.get(s.index()) {
                    ui.label(
                        RichText::new(format!("legal 7 ({})", view.cards.nation_code(*nation)))
                            .color(GOLD)
                            .strong(),
                    );
                }
                let off = view.sent_off.get(s.index()).copied().unwrap_or(0);
                if off > 0 {
                    ui.label(
                        RichText::new(format!("{off} sent off"))
                            .color(ALERT)
                            .size(12.0),
                    );
                }
            });
            let squads = view.squads(s);
            let acting = self.session.human_actor().is_some();
            if squads.is_empty() {
                ui.label(
                    RichText::new("empty pitch")
                        .color(CHALK.gamma_multiply(0.5))
                        .italics(),
                );
                if acting && self.selected.is_some() {
                    self.tackle_button(ui, s, actions);
                }
                return;
            }
            ui.horizontal_wrapped(|ui| {
                for squad in &squads {
                    self.squad_tag(ui, view, squad);
                    for p in &squad.cards {
                        self.pitch_card(ui, view, p, targets);
                    }
                    ui.add_space(6.0);
                }
                if acting && self.selected.is_some() {
                    self.tackle_button(ui, s, actions);
                }
            });
        });
    }

    /// The tag before a nation's cards: its code and how many of the seven
    /// slots it fills ("GER 4/7"); the slots one by one on hover.
    fn squad_tag(&self, ui: &mut egui::Ui, view: &BookedView, squad: &Squad) {
        let Some(nation) = squad.nation else {
            return;
        };
        let code = view.cards.nation_code(nation);
        let done = squad.filled == 7;
        let slots = Position::ALL
            .iter()
            .map(|p| {
                format!(
                    "{p} {}/{}",
                    squad.slots[p.index()].min(p.needed()),
                    p.needed()
                )
            })
            .collect::<Vec<_>>()
            .join(" · ");
        Frame::NONE
            .fill(if done { GOLD } else { FELT })
            .corner_radius(4.0)
            .inner_margin(egui::Margin::symmetric(4, 2))
            .show(ui, |ui| {
                ui.label(
                    RichText::new(format!("{code} {}/7", squad.filled))
                        .strong()
                        .size(13.0)
                        .color(if done { FELT_DARK } else { CHALK }),
                )
            })
            .inner
            .on_hover_text(format!(
                "{}: {} of the 7 slots of a Starting 7 ({slots})",
                view.cards.nation_name(nation),
                squad.filled
            ));
    }

    /// One card on a pitch, with its booking (or the Yellow or Red on its
    /// way to it), outlined when it is a target, dimmed when others are.
    fn pitch_card(
        &mut self,
        ui: &mut egui::Ui,
        view: &BookedView,
        p: &OnPitch,
        targets: Option<&[(CardId, Action)]>,
    ) {
        let target = targets.and_then(|t| t.iter().find(|(c, _)| *c == p.card).map(|(_, a)| *a));
        let shown = view.stack.iter().rev().find_map(|item| match item.play {
            Play::Yellow { target } if target == p.card && !item.cancelled => Some(Shown::Yellow),
            Play::Red { target } if target == p.card && !item.cancelled => Some(Shown::Red),
            _ => None,
        });
        let look = CardLook {
            highlighted: target.is_some(),
            dimmed: targets.is_some() && target.is_none(),
            booked: p.yellow.is_some(),
            shown,
            stand_in: p.stand_in,
        };
        let resp = self.painter.card(ui, p.card, look);
        let resp = match &target {
            Some(Action::PickUp { .. }) => {
                self.painter
                    .hover(resp, p.card, "Click to pick this card up")
            }
            Some(a) => self
                .painter
                .hover(resp, p.card, format!("Click: {}", self.describe(a))),
            None => self
                .painter
                .hover(resp, p.card, self.painter.describe(p.card)),
        };
        if resp.clicked()
            && let Some(actor) = self.session.human_actor()
            && let Some(a) = target
        {
            self.act(actor, a);
        }
    }

    fn tackle_button(&mut self, ui: &mut egui::Ui, s: Seat, actions: &[Action]) {
        let Some(sel) = self.selected else { return };
        let tackle = Action::Tackle {
            card: sel,
            victim: s,
        };
        if actions.contains(&tackle)
            && ui
                .button(RichText::new("Tackle here").color(ALERT).strong())
                .on_hover_text(self.describe(&tackle))
                .clicked()
            && let Some(actor) = self.session.human_actor()
        {
            self.act(actor, tackle);
        }
    }

    fn piles(
        &mut self,
        ui: &mut egui::Ui,
        view: &BookedView,
        actions: &[Action],
        seat: Option<Seat>,
    ) {
        ui.vertical(|ui| {
            ui.label(RichText::new(format!("Deck {}", view.deck_count)).color(CHALK));
            let resp = self.painter.back(ui, actions.contains(&Action::DrawDeck));
            if resp.clicked()
                && let Some(s) = seat
                && actions.contains(&Action::DrawDeck)
            {
                self.act(s, Action::DrawDeck);
            }
            resp.on_hover_text(format!(
                "Draw from the deck ({})",
                key_of(&Action::DrawDeck)
            ));
        });
        ui.vertical(|ui| {
            ui.label(RichText::new(format!("Discard {}", view.discard_count)).color(CHALK));
            match view.discard_top {
                Some(top) => {
                    let can = actions.contains(&Action::DrawDiscard);
                    let resp = self.painter.card(
                        ui,
                        top,
                        CardLook {
                            highlighted: can,
                            ..CardLook::default()
                        },
                    );
                    let resp = self.painter.hover(
                        resp,
                        top,
                        format!(
                            "{} — draw it ({})",
                            self.painter.describe(top),
                            key_of(&Action::DrawDiscard)
                        ),
                    );
                    if resp.clicked()
                        && can
                        && let Some(s) = seat
                    {
                        self.act(s, Action::DrawDiscard);
                    }
                }
                None => {
                    ui.label("empty");
                }
            }
        });
        if !view.stack.is_empty() {
            ui.vertical(|ui| {
                ui.label(RichText::new("On the stack").color(GOLD));
                ui.horizontal(|ui| {
                    for item in &view.stack {
                        let look = CardLook {
                            dimmed: item.cancelled,
                            ..CardLook::default()
                        };
                        let resp = self.painter.card(ui, item.card, look);
                        self.painter.hover(
                            resp,
                            item.card,
                            format!(
                                "{} by {}{}",
                                self.painter.describe(item.card),
                                self.session.name(item.seat),
                                if item.cancelled { " (cancelled)" } else { "" }
                            ),
                        );
                    }
                });
            });
        }
    }

    /// Prompts for the decisions that are not "click a card".
    fn prompt(
        &mut self,
        ui: &mut egui::Ui,
        view: &BookedView,
        actions: &[Action],
        seat: Option<Seat>,
    ) {
        let Some(actor) = seat else {
            if let Some(a) = self.session.actor() {
                ui.label(
                    RichText::new(format!("{} is thinking…", self.session.name(a)))
                        .color(CHALK)
                        .size(16.0),
                );
            }
            return;
        };
        ui.vertical(|ui| {
            let me = self.session.name(actor);
            match view.step {
                Step::Draw => {
                    ui.label(
                        RichText::new(format!(
                            "{me}: draw a card — click the deck or the discard pile"
                        ))
                        .color(GOLD)
                        .size(16.0),
                    );
                }
                Step::Act => {
                    ui.label(
                        RichText::new(format!("{me}: do one thing — pick a card from your hand"))
                            .color(GOLD)
                            .size(16.0),
                    );
                    if actions.contains(&Action::Pass)
                        && ui
                            .button(format!(
                                "Nothing is playable — pass ({})",
                                key_of(&Action::Pass)
                            ))
                            .clicked()
                    {
                        self.act(actor, Action::Pass);
                    }
                }
                Step::Answer => {
                    if let Some(top) = view.stack.last() {
                        let who = self.session.name(top.seat);
                        let what = self.describe_play(top.card, &top.play);
                        ui.label(
                            RichText::new(format!("{who} plays {what}. Answer it?"))
                                .color(GOLD)
                                .size(17.0)
                                .strong(),
                        );
                    }
                    self.answer_buttons(ui, actions, actor);
                }
                Step::GoalWindow { caller } => {
                    let who = self.session.name(caller);
                    ui.label(
                        RichText::new(format!("{who} calls GOOOAL! Break their 7?"))
                            .color(GOLD)
                            .size(18.0)
                            .strong(),
                    );
                    self.answer_buttons(ui, actions, actor);
                }
                Step::Call => {
                    ui.label(
                        RichText::new("Your pitch shows a legal Starting 7!")
                            .color(GOLD)
                            .size(18.0)
                            .strong(),
                    );
                    ui.horizontal(|ui| {
                        if ui
                            .button(
                                RichText::new(format!("GOOOAL! ({})", key_of(&Action::CallGoal)))
                                    .size(20.0)
                                    .strong(),
                            )
                            .clicked()
                        {
                            self.act(actor, Action::CallGoal);
                        }
                        if ui
                            .button(format!("Not yet ({})", key_of(&Action::NoCall)))
                            .clicked()
                        {
                            self.act(actor, Action::NoCall);
                        }
                    });
                }
                Step::SetPiece => {
                    ui.label(
                        RichText::new("SET PIECE: keep one card, the rest go to the bottom")
                            .color(GOLD)
                            .size(16.0),
                    );
                    ui.horizontal(|ui| {
                        for c in view.set_piece.clone() {
                            let resp = self.painter.card(
                                ui,
                                c,
                                CardLook {
                                    highlighted: true,
                                    ..CardLook::default()
                                },
                            );
                            if self
                                .painter
                                .hover(resp, c, self.painter.describe(c))
                                .clicked()
                            {
                                self.act(actor, Action::Keep { card: c });
                            }
                        }
                    });
                }
                Step::PickUp { nation, left, .. } => {
                    ui.label(
                        RichText::new(format!(
                            "Tackled! Pick up {left} {} card(s) from your pitch (click them)",
                            view.cards.nation_code(nation)
                        ))
                        .color(ALERT)
                        .size(16.0),
                    );
                }
                Step::Discard => {
                    let over = view
                        .hand
                        .len()
                        .saturating_sub(usize::from(self.session.game().rules().hand_limit));
                    ui.label(
                        RichText::new(format!(
                            "Hand limit: discard {over} — click cards in your hand"
                        ))
                        .color(GOLD)
                        .size(16.0),
                    );
                }
                Step::Claim => {
                    ui.label(
                        RichText::new(format!("Derby night: {me}, claim a nation"))
                            .color(GOLD)
                            .size(16.0),
                    );
                    ui.horizontal_wrapped(|ui| {
                        for a in actions {
                            if let Action::Claim { nation } = a
                                && ui.button(view.cards.nation_code(*nation)).clicked()
                            {
                                self.act(actor, *a);
                            }
                        }
                    });
                }
                Step::Draft => {
                    ui.label(
                        RichText::new(format!(
                            "Squad rotation: pick {} more card(s) to pass left",
                            3 - view.draft_selected.len()
                        ))
                        .color(GOLD)
                        .size(16.0),
                    );
                }
                Step::Over => {}
            }
            if actions.contains(&Action::CallGoal)
                && view.step == Step::Draw
                && ui
                    .button(
                        RichText::new(format!("GOOOAL! ({})", key_of(&Action::CallGoal)))
                            .size(18.0)
                            .strong(),
                    )
                    .clicked()
            {
                self.act(actor, Action::CallGoal);
            }
        });
    }

    /// The instants `actor` may play now, one button each, and "let it stand".
    fn answer_buttons(&mut self, ui: &mut egui::Ui, actions: &[Action], actor: Seat) {
        ui.horizontal(|ui| {
            for a in actions {
                if let Action::Respond { card } = a
                    && ui
                        .button(
                            RichText::new(format!("Play {}", self.painter.describe(*card)))
                                .strong(),
                        )
                        .clicked()
                {
                    self.act(actor, *a);
                }
            }
            if ui
                .button(format!("Let it stand ({})", key_of(&Action::Pass)))
                .clicked()
            {
                self.act(actor, Action::Pass);
            }
        });
    }

    fn hand(
        &mut self,
        ui: &mut egui::Ui,
        view: &BookedView,
        actions: &[Action],
        seat: Option<Seat>,
    ) {
        ui.add_space(6.0);
        ui.label(RichText::new("Your hand").color(GOLD).strong())
            .on_hover_text(format!(
                "Keys {} to {} pick a card of your hand, {} drops it",
                HAND_KEYS[0].name(),
                HAND_KEYS[8].name(),
                DESELECT_KEY.name()
            ));
        let any_card_use = view
            .hand
            .iter()
            .any(|&c| actions.iter().any(|a| uses_card(a, c)));
        ui.horizontal_wrapped(|ui| {
            for &shown in &view.hand {
                // A second copy of a card plays as the first one: the rules
                // list each kind of card in hand once.
                let c = acting_copy(&view.hand, &view.cards, actions, shown);
                let uses: Vec<Action> = actions
                    .iter()
                    .copied()
                    .filter(|a| uses_card(a, c))
                    .collect();
                let playable = !uses.is_empty();
                let look = CardLook {
                    highlighted: self.selected == Some(shown),
                    // Grey out only when some other hand card can be used now.
                    dimmed: seat.is_some() && !playable && any_card_use,
                    ..CardLook::default()
                };
                let resp = self.painter.card(ui, shown, look);
                let resp = if playable || seat.is_none() || !any_card_use {
                    self.painter.hover(resp, shown, self.painter.describe(c))
                } else {
                    let why = format!("{}\n{}", self.painter.describe(c), self.why_not(view, c));
                    self.painter.hover(resp, shown, why)
                };
                if resp.clicked()
                    && playable
                    && let Some(s) = seat
                {
                    // One-click actions happen at once; others select the card
                    // so its targets light up on the table.
                    let direct: Vec<Action> = uses
                        .iter()
                        .copied()
                        .filter(|a| matches!(a, Action::Discard { .. } | Action::DraftPass { .. }))
                        .collect();
                    if let [a] = direct.as_slice() {
                        self.act(s, *a);
                    } else {
                        self.selected = if self.selected == Some(c) {
                            None
                        } else {
                            Some(c)
                        };
                    }
                }
            }
        });
        if let (Some(sel), Some(s)) = (self.selected, seat) {
            self.selected_actions(ui, sel, s, actions);
        }
    }

    /// Buttons for what the selected card can do that is not a click on the table.
    fn selected_actions(&mut self, ui: &mut egui::Ui, sel: CardId, seat: Seat, actions: &[Action]) {
        let uses: Vec<Action> = actions
            .iter()
            .copied()
            .filter(|a| uses_card(a, sel))
            .collect();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{}:", self.painter.describe(sel))).color(CHALK));
            for a in &uses {
                let label = match a {
                    Action::PlayPlayer { .. } => Some("Play to my pitch".to_string()),
                    Action::PlayReferee { target: RefTarget::None, .. } => Some("Play it".to_string()),
                    _ => None,
                };
                if let Some(label) = label
                    && ui.button(RichText::new(label).strong()).clicked()
                {
                    self.act(seat, *a);
                }
            }
            let subs: Vec<Action> = uses.iter().copied().filter(|a| matches!(a, Action::PlaySuperSub { .. })).collect();
            if !subs.is_empty() {
                ui.menu_button("Play as super sub…", |ui| {
                    let view = self.session.view();
                    for nation in 0..view.cards.nations.len() as u8 {
                        ui.menu_button(view.cards.nation_code(nation), |ui| {
                            for a in subs.iter().filter(|a| matches!(a, Action::PlaySuperSub { nation: n, .. } if *n == nation)) {
                                if let Action::PlaySuperSub { position, .. } = a
                                    && ui.button(position.to_string()).clicked()
                                {
                                    self.act(seat, *a);
                                }
                            }
                        });
                    }
                });
            }
            let swaps: Vec<Action> = uses
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::PlayReferee { target: RefTarget::Swap { .. }, .. }))
                .collect();
            if !swaps.is_empty() {
                ui.menu_button("Substitute…", |ui| {
                    for a in &swaps {
                        if let Action::PlayReferee { target: RefTarget::Swap { out, inn }, .. } = a
                            && ui.button(format!("{} off, {} on", self.painter.describe(*out), self.painter.describe(*inn))).clicked()
                        {
                            self.act(seat, *a);
                        }
                    }
                });
            }
            let targeted = uses.iter().any(|a| {
                matches!(a, Action::Yellow { .. } | Action::Red { .. } | Action::Tackle { .. } | Action::PlayReferee { target: RefTarget::Player(_), .. })
            });
            if targeted {
                ui.label(RichText::new("… or click a highlighted card on the table").color(GOLD).italics());
            }
        });
    }

    fn why_not(&self, view: &BookedView, c: CardId) -> String {
        match (view.step, view.cards.card(c)) {
            (_, Some(Card::Referee(r))) if r.is_instant() => {
                "⚡ Instants are played in answer to another card, not as your action.".into()
            }
            (Step::Act, Some(Card::Yellow | Card::Red)) => {
                "No opponent's player can be shown a card now.".into()
            }
            (Step::Act, Some(Card::SuperSub)) => "Your pitch already holds 2 super subs.".into(),
            (Step::Act, Some(Card::Referee(Referee::Overturned))) => {
                "No player on any pitch is booked.".into()
            }
            (Step::Act, Some(Card::Referee(Referee::Substitution))) => {
                "You need a pitch card and a player in hand.".into()
            }
            (Step::Draw, _) => "Draw first.".into(),
            _ => "Not playable now.".into(),
        }
    }

    fn describe_play(&self, card: CardId, play: &Play) -> String {
        let c = self.painter.describe(card);
        match play {
            Play::Yellow { target } | Play::Red { target } => {
                format!("{c} on {}", self.painter.describe(*target))
            }
            Play::Tackle { victim, nation } => {
                format!(
                    "a tackle on {}'s {}",
                    self.session.name(*victim),
                    self.session.cards().nation_code(*nation)
                )
            }
            Play::Player | Play::SuperSub { .. } => format!("{c} to their pitch"),
            _ => c,
        }
    }

    fn describe(&self, a: &Action) -> String {
        let d = |c: &CardId| self.painter.describe(*c);
        match a {
            Action::Yellow { target, .. } => format!("Book {}", d(target)),
            Action::Red { target, .. } => format!("Red card for {}", d(target)),
            Action::Tackle { victim, .. } => format!("Tackle {}", self.session.name(*victim)),
            Action::PlayReferee {
                card,
                target: RefTarget::Player(t),
            } => format!("{} on {}", d(card), d(t)),
            other => other.notation(self.session.cards()),
        }
    }
}

/// Whether `a` is something done with hand card `c`.
/// The hand card whose actions `c` stands for: `c` itself when some action
/// uses it, else the first identical copy in `hand` that has one. The
/// engine lists the choices of identical cards (two Yellows) once, under
/// the first copy.
fn acting_copy(hand: &[CardId], cards: &CardSet, actions: &[Action], c: CardId) -> CardId {
    if actions.iter().any(|a| uses_card(a, c)) {
        return c;
    }
    let kind = cards.card(c);
    hand.iter()
        .copied()
        .find(|&d| d != c && cards.card(d) == kind && actions.iter().any(|a| uses_card(a, d)))
        .unwrap_or(c)
}

fn uses_card(a: &Action, c: CardId) -> bool {
    match *a {
        Action::PlayPlayer { card }
        | Action::PlaySuperSub { card, .. }
        | Action::PlayReferee { card, .. }
        | Action::Yellow { card, .. }
        | Action::Red { card, .. }
        | Action::Tackle { card, .. }
        | Action::Discard { card }
        | Action::DraftPass { card } => card == c,
        _ => false,
    }
}

fn step_text(view: &BookedView) -> String {
    match view.step {
        Step::Claim => "claiming nations".into(),
        Step::Draft => "squad rotation".into(),
        Step::Draw => "draw".into(),
        Step::Act => "do one".into(),
        Step::Answer => "a card awaits answers".into(),
        Step::SetPiece => "set piece".into(),
        Step::PickUp { .. } => "picking up after a tackle".into(),
        Step::Call => "may call GOOOAL!".into(),
        Step::GoalWindow { .. } => "GOOOAL! window".into(),
        Step::Discard => "hand limit".into(),
        Step::Over => "full time".into(),
    }
}

/// A colour per seat for names and log lines.
pub fn seat_colour(s: Seat) -> Color32 {
    const COLOURS: [Color32; 6] = [
        Color32::from_rgb(0x8F, 0xD3, 0xFF),
        Color32::from_rgb(0xFF, 0xB3, 0x6B),
        Color32::from_rgb(0xB8, 0xF2, 0x8C),
        Color32::from_rgb(0xF2, 0x9C, 0xD9),
        Color32::from_rgb(0xFF, 0xE0, 0x7A),
        Color32::from_rgb(0xC6, 0xB6, 0xFF),
    ];
    COLOURS[s.index() % COLOURS.len()]
}

impl crate::ui::table::Table for TableScreen {
    fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        TableScreen::show(self, ui)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two Yellows, a Red and two players, ids 0..5.
    fn set() -> CardSet {
        let player = |rating| Card::Player {
            nation: 0,
            position: Position::MID,
            rating,
        };
        CardSet {
            cards: vec![Card::Yellow, Card::Yellow, Card::Red, player(6), player(7)],
            names: ["yellow-1", "yellow-2", "red-1", "N-1", "N-2"]
                .map(String::from)
                .to_vec(),
            nations: vec!["N".into()],
            nation_names: Vec::new(),
        }
    }

    #[test]
    fn a_second_copy_of_a_card_plays_as_the_first_and_other_cards_stand_alone() {
        let cards = set();
        let hand = [0, 1, 2, 3];
        let actions = [
            Action::Yellow { card: 0, target: 4 },
            Action::PlayPlayer { card: 3 },
        ];
        // The engine lists yellow-1 only; yellow-2 stands for it.
        assert_eq!(acting_copy(&hand, &cards, &actions, 1), 0);
        assert_eq!(acting_copy(&hand, &cards, &actions, 0), 0);
        // The Red has no action and no copy with one: it stays itself.
        assert_eq!(acting_copy(&hand, &cards, &actions, 2), 2);
        assert_eq!(acting_copy(&hand, &cards, &actions, 3), 3);
        // With no action for either Yellow, the second one is not mapped.
        let none = [Action::PlayPlayer { card: 3 }];
        assert_eq!(acting_copy(&hand, &cards, &none, 1), 1);
    }
}
