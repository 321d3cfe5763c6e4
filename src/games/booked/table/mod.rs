//! The Booked! table in the shared shell ([`crate::ui::shell`]): the
//! opponents' pitches, the piles and the viewer's own pitch on the board;
//! the prompt, the selected card's choices and the hand in the dock.
//!
//! The table shows the session's view and turns clicks into the engine's
//! legal actions; it never decides a rule itself. What a card can do is
//! read off the legal action list.

use super::deck::BookedDeck;
use super::session::BookedSession as Session;
use super::table_cards::{CardLook, CardPainter, Shown};
use super::{
    Action, Booked, BookedView, Card, CardId, CardSet, OnPitch, Play, Position, RefTarget, Referee,
    Squad, Step,
};
use crate::cards::DataSource;
use crate::engine::{Game as _, Seat};
use crate::ui::palette::{ALERT, CHALK, FELT, FELT_DARK, GOLD};
use crate::ui::seating::{self, Seated as _, Shortcut};
use crate::ui::session::{Controller, LogLine};
use crate::ui::shell::{self, Desk, Shell, TableInfo, TableView};
use crate::ui::table::SavedTable;
use egui::{Color32, Frame, Key, RichText, Stroke};
use std::path::PathBuf;
use std::sync::Arc;

mod pitch;

/// Card heights are whole multiples of this, so a resized window lays the
/// printed faces out at a few sizes, not a new one every frame.
const HEIGHT_STEP: f32 = 4.0;
/// The room a pitch's header line and frame take above its cards.
const PITCH_CHROME: f32 = 40.0;
/// The width a nation's tag ("GER 4/7") takes before its cards.
const TAG_WIDTH: f32 = 64.0;
/// The least of a fanned card that stays in sight.
const FAN_SHOWN: f32 = 0.32;

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

/// `h` rounded down to a whole [`HEIGHT_STEP`].
fn stepped(h: f32) -> f32 {
    (h / HEIGHT_STEP).floor() * HEIGHT_STEP
}

/// The Booked! table in the shell.
pub type TableScreen = Shell<BookedTable>;

/// What the Booked! table keeps besides the match: the card painter and
/// the hand card chosen.
pub struct BookedTable {
    painter: CardPainter,
    selected: Option<CardId>,
}

impl BookedTable {
    /// A view drawing `deck`'s faces; pictures are looked up under
    /// `art_roots` (the user's data folder).
    pub fn new(deck: Arc<BookedDeck>, art_roots: Vec<PathBuf>) -> Self {
        BookedTable {
            painter: CardPainter::new(deck, art_roots),
            selected: None,
        }
    }

    /// The hand card chosen, if any.
    pub fn selected(&self) -> Option<CardId> {
        self.selected
    }
}

/// A Booked! table for `session`, drawing `deck`'s faces; `source` is
/// where Load… reads card files and pictures, `autosave` where the match
/// is kept after every decision.
pub fn screen(
    session: Session,
    deck: Arc<BookedDeck>,
    source: &DataSource,
    autosave: Option<PathBuf>,
) -> TableScreen {
    let art = source.dir.iter().cloned().collect();
    Shell::new(session, BookedTable::new(deck, art), source, autosave)
}

impl TableView for BookedTable {
    type Game = Booked;
    const HIDDEN: &'static str = "Every hand is hidden until they are ready.";

    fn info() -> TableInfo {
        TableInfo::new(super::ENTRY.name, super::ENTRY.rulebook, "booked", "game")
    }

    fn load(saved: SavedTable<'_>) -> Result<TableScreen, String> {
        super::start::load(saved)
    }

    fn status(&self, session: &Session) -> String {
        let view = session.view();
        let mut line = format!(
            "Turn: {} · {}",
            session.name(view.current),
            step_text(&view)
        );
        if let Some(now) = acting_now(session, &view) {
            line.push_str(&format!(" · {now}"));
        }
        line.push_str(if view.clockwise {
            " · play passes left →"
        } else {
            " · play passes right ←"
        });
        line
    }

    fn follow(&mut self, ctx: &egui::Context, session: &Session, now: f64) {
        let view = session.view();
        let on_table = view
            .pitches
            .iter()
            .flatten()
            .map(|p| p.card)
            .chain(view.discard_top)
            .chain(view.stack.iter().map(|i| i.card))
            .chain(view.hand.iter().copied());
        if self.painter.track(on_table, now, session.pace.animation()) {
            ctx.request_repaint();
        }
    }

    fn keys(&mut self, ctx: &egui::Context, desk: &mut Desk<'_, Booked>) {
        let Some(seat) = seating::key_seat(desk.session(), ctx) else {
            return;
        };
        let actions = desk.session().human_actions();
        let pressed = |k: Shortcut| k.pressed(ctx);
        if let Some((_, action)) = KEYS
            .iter()
            .find(|(k, a)| actions.contains(a) && pressed(*k))
        {
            if desk.act(seat, *action) {
                self.selected = None;
            }
        } else if self.selected.is_some() && pressed(DESELECT_KEY) {
            self.selected = None;
        }
        for (n, key) in HAND_KEYS.into_iter().enumerate() {
            if pressed(key)
                && let Some(&c) = desk.session().game().hand(seat).get(n)
            {
                let view = desk.session().view();
                self.selected = Some(acting_copy(&view.hand, &view.cards, &actions, c));
            }
        }
    }

    fn log_colour(&self, _session: &Session, line: &LogLine) -> Color32 {
        match line.seat {
            Some(s) => seat_colour(s),
            None => CHALK.gamma_multiply(0.8),
        }
    }

    fn undone(&mut self) {
        self.selected = None;
    }

    fn auto_pass(&self) -> Option<&'static str> {
        Some("Never ask me to answer cards with my instants")
    }

    fn board(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Booked>) {
        let session = desk.session();
        let view = session.view();
        let actions = session.human_actions();
        let me = session.viewer();
        let n = view.seats();
        // Opponents (every seat but the viewer's) in rows at the top; the
        // piles and the viewer's own pitch share the last row.
        let order: Vec<Seat> = match me {
            Some(m) => (1..n).map(|k| Seat(((m.index() + k) % n) as u8)).collect(),
            None => (0..n).map(|k| Seat(k as u8)).collect(),
        };
        let room = ui.available_size();
        let cols = if order.len() >= 3 || order.len() == 2 && room.x >= 900.0 {
            2
        } else {
            1
        };
        let rows = order.len().div_ceil(cols) + 1;
        let spacing = ui.spacing().item_spacing.y;
        let per_row = (room.y - rows as f32 * spacing) / rows as f32;
        let card_h = stepped((per_row - PITCH_CHROME).clamp(36.0, 150.0));
        let targets = self.pitch_targets(&view, &actions);
        let mut clicked = None;
        for pair in order.chunks(cols) {
            ui.columns(cols, |c| {
                for (col, s) in c.iter_mut().zip(pair) {
                    let target =
                        self.pitch_row(col, session, &view, *s, card_h, targets.as_deref());
                    clicked = clicked.or(target);
                }
            });
        }
        ui.horizontal(|ui| {
            let target = self.piles(ui, &view, &actions, card_h);
            clicked = clicked.or(target);
            if let Some(m) = me {
                ui.vertical(|ui| {
                    let target = self.pitch_row(ui, session, &view, m, card_h, targets.as_deref());
                    clicked = clicked.or(target);
                });
            }
        });
        if let Some(a) = clicked
            && let Some(actor) = desk.session().human_actor()
            && desk.act(actor, a)
        {
            self.selected = None;
        }
    }

    fn dock(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Booked>) {
        let session = desk.session();
        let view = session.view();
        let actions = session.human_actions();
        let seat = session.human_actor();
        let mut chosen = self.prompt(ui, session, &view, &actions, seat);
        if session.viewer().is_some() {
            // The line of the chosen card's choices keeps its place when
            // nothing is chosen, so the hand does not jump.
            ui.allocate_ui_with_layout(
                egui::vec2(ui.available_width(), 26.0),
                egui::Layout::left_to_right(egui::Align::Center),
                |ui| {
                    ui.set_min_height(26.0);
                    if let (Some(sel), Some(_)) = (self.selected, seat) {
                        chosen = chosen.or(self.selected_actions(ui, session, sel, &actions));
                    }
                },
            );
            let room = desk.dock_room() - ui.min_rect().height() - 30.0;
            let hand_h = stepped((ui.ctx().content_rect().height() * 0.2).clamp(64.0, 150.0))
                .min(stepped(room.max(48.0)));
            chosen = chosen.or(self.hand(ui, &view, &actions, seat, hand_h));
        }
        if let Some(a) = chosen
            && let Some(actor) = desk.session().human_actor()
            && desk.act(actor, a)
        {
            self.selected = None;
        }
    }

    fn result(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Booked>) {
        let session = desk.session();
        let game = session.game().clone();
        let outcome = game.outcome();
        let winners: Vec<String> = outcome
            .as_ref()
            .map(|o| o.winners.iter().map(|s| session.name(*s)).collect())
            .unwrap_or_default();
        let how = match outcome.as_ref().map(|o| o.ending.as_str()) {
            Some("goal") => "GOOOAL! The 7 survived the window.",
            Some("penalties") => "The deck ran dry twice: decided on penalties.",
            Some("sudden_death") => "Sudden death: the first legal 7.",
            _ => "",
        };
        let mut next = false;
        ui.vertical_centered(|ui| {
            ui.add_space(20.0);
            ui.label(
                RichText::new(format!("{} won the match!", winners.join(" and ")))
                    .size(36.0)
                    .strong()
                    .color(GOLD),
            );
            ui.label(RichText::new(how).size(18.0).color(CHALK));
            ui.add_space(12.0);
            if let Some(w) = outcome.as_ref().and_then(|o| o.winners.first()) {
                let view = session.view();
                let h = stepped((ui.available_width() / 14.0).clamp(60.0, 110.0));
                self.pitch_row(ui, session, &view, *w, h, None);
            }
            if let Some(stage) = session.group() {
                group_table(ui, session, stage, &game);
                ui.add_space(10.0);
                next = ui.button(RichText::new("Next match").size(18.0)).clicked();
            }
        });
        if next && !desk.next_match() && desk.session().is_finished() {
            let champion = desk
                .session()
                .group()
                .and_then(|g| g.champion())
                .and_then(|c| desk.session().managers().get(c.index()))
                .map_or_else(String::new, |m| m.name.clone());
            desk.say(format!("{champion} lifts the cup!"), false);
        }
    }
}

/// Who decides now, in words: "▶ Ana to act", or "⚡ Ana may answer"
/// while a card or a GOOOAL! call awaits answers.
fn acting_now(session: &Session, view: &BookedView) -> Option<String> {
    let who = session.name(session.actor()?);
    Some(match view.step {
        Step::Over => return None,
        Step::Answer | Step::GoalWindow { .. } => format!("⚡ {who} may answer"),
        Step::PickUp { .. } => format!("▶ {who} picks up"),
        Step::Draft | Step::Claim if session.human_actor().is_none() => {
            format!("▶ {who} and others choose")
        }
        _ => format!("▶ {who} to act"),
    })
}

/// The group table under the result, the match just finished counted.
fn group_table(
    ui: &mut egui::Ui,
    session: &Session,
    stage: &super::group::GroupStage,
    game: &Booked,
) {
    ui.add_space(12.0);
    ui.label(RichText::new("Group table").size(20.0).color(GOLD));
    let mut table = stage.table();
    // The match just finished is not recorded until "next match".
    if let Some(r) = super::group::MatchReport::of(game) {
        let mut reports = stage.reports().to_vec();
        if reports.len() < 3 {
            reports.push(r);
            table = super::group::standings(session.managers().len(), &reports);
        }
    }
    egui::Grid::new("group-table").striped(true).show(ui, |ui| {
        for h in ["Manager", "P", "W", "Pts", "GF", "GA", "GD", "Sent off"] {
            ui.label(RichText::new(h).strong().color(CHALK));
        }
        ui.end_row();
        for st in &table {
            let name = session
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
}

impl BookedTable {
    /// The prompt of the moment and its buttons (the decisions that are
    /// not a click on a card); returns the action chosen.
    fn prompt(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        view: &BookedView,
        actions: &[Action],
        seat: Option<Seat>,
    ) -> Option<Action> {
        let Some(actor) = seat else {
            let text = match session.actor() {
                Some(a) => format!("{} is thinking…", session.name(a)),
                None => String::new(),
            };
            shell::prompt(ui, text);
            return None;
        };
        let me = session.name(actor);
        let mut chosen = None;
        let mut kept = None;
        let mut button = |ui: &mut egui::Ui, text: RichText, action: Action| {
            if ui.button(text).clicked() {
                chosen = Some(action);
            }
        };
        ui.horizontal_wrapped(|ui| match view.step {
            Step::Draw => {
                shell::prompt(
                    ui,
                    format!("{me}: draw a card — click the deck or the discard pile"),
                );
                if actions.contains(&Action::CallGoal) {
                    let text = format!("GOOOAL! ({})", key_of(&Action::CallGoal));
                    button(
                        ui,
                        RichText::new(text).size(16.0).strong(),
                        Action::CallGoal,
                    );
                }
            }
            Step::Act => {
                shell::prompt(
                    ui,
                    format!("{me}: do one thing — pick a card from your hand"),
                );
                if actions.contains(&Action::Pass) {
                    let text = format!("Nothing is playable — pass ({})", key_of(&Action::Pass));
                    button(ui, RichText::new(text), Action::Pass);
                }
            }
            Step::Answer => {
                if let Some(top) = view.stack.last() {
                    let who = session.name(top.seat);
                    let what = self.describe_play(session, top.card, &top.play);
                    shell::prompt(ui, format!("{who} plays {what}. Answer it?"));
                }
                self.answer_buttons(ui, actions, &mut button);
            }
            Step::GoalWindow { caller } => {
                let who = session.name(caller);
                shell::prompt(ui, format!("{who} calls GOOOAL! Break their 7?"));
                self.answer_buttons(ui, actions, &mut button);
            }
            Step::Call => {
                shell::prompt(ui, "Your pitch shows a legal Starting 7!");
                let text = format!("GOOOAL! ({})", key_of(&Action::CallGoal));
                button(
                    ui,
                    RichText::new(text).size(18.0).strong(),
                    Action::CallGoal,
                );
                let text = format!("Not yet ({})", key_of(&Action::NoCall));
                button(ui, RichText::new(text), Action::NoCall);
            }
            Step::SetPiece => {
                shell::prompt(ui, "SET PIECE: keep one card, the rest go to the bottom");
                for c in view.set_piece.clone() {
                    let look = CardLook {
                        highlighted: true,
                        ..CardLook::default()
                    };
                    self.painter.set_height(60.0);
                    let resp = self.painter.card(ui, c, look);
                    if self
                        .painter
                        .hover(resp, c, self.painter.describe(c))
                        .clicked()
                    {
                        kept = Some(Action::Keep { card: c });
                    }
                }
            }
            Step::PickUp { nation, left, .. } => {
                shell::prompt(
                    ui,
                    format!(
                        "Tackled! Pick up {left} {} card(s) from your pitch (click them)",
                        view.cards.nation_code(nation)
                    ),
                );
            }
            Step::Discard => {
                let limit = usize::from(session.game().rules().hand_limit);
                let over = view.hand.len().saturating_sub(limit);
                shell::prompt(
                    ui,
                    format!("Hand limit: discard {over} — click cards in your hand"),
                );
            }
            Step::Claim => {
                shell::prompt(ui, format!("Derby night: {me}, claim a nation"));
                for a in actions {
                    if let Action::Claim { nation } = a {
                        button(ui, RichText::new(view.cards.nation_code(*nation)), *a);
                    }
                }
            }
            Step::Draft => {
                shell::prompt(
                    ui,
                    format!(
                        "Squad rotation: pick {} more card(s) to pass left",
                        3usize.saturating_sub(view.draft_selected.len())
                    ),
                );
            }
            Step::Over => {}
        });
        chosen.or(kept)
    }

    /// The instants the person deciding may play now, one button each,
    /// and "let it stand".
    fn answer_buttons(
        &self,
        ui: &mut egui::Ui,
        actions: &[Action],
        button: &mut impl FnMut(&mut egui::Ui, RichText, Action),
    ) {
        for a in actions {
            if let Action::Respond { card } = a {
                let text = format!("Play {}", self.painter.describe(*card));
                button(ui, RichText::new(text).strong(), *a);
            }
        }
        let text = format!("Let it stand ({})", key_of(&Action::Pass));
        button(ui, RichText::new(text), Action::Pass);
    }

    /// The viewer's hand, `height` tall, in one row that fans out when it
    /// is wider than the dock; returns a one-click action (a discard, a
    /// card passed on) when a card was clicked, and selects any other.
    fn hand(
        &mut self,
        ui: &mut egui::Ui,
        view: &BookedView,
        actions: &[Action],
        seat: Option<Seat>,
        height: f32,
    ) -> Option<Action> {
        let mut chosen = None;
        let any_card_use = view
            .hand
            .iter()
            .any(|&c| actions.iter().any(|a| uses_card(a, c)));
        let aspect = self.painter.aspect();
        let n = view.hand.len().max(1) as f32;
        let label = 78.0;
        let width = ui.available_width() - label;
        let mut h = height;
        if n * (h * aspect + 4.0) > width {
            h = stepped(h.min(width / (aspect * (1.0 + FAN_SHOWN * (n - 1.0))))).max(40.0);
        }
        let step = ((width - h * aspect) / (n - 1.0).max(1.0)).min(h * aspect + 4.0);
        self.painter.set_height(h);
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.set_width(label - 8.0);
                ui.label(RichText::new("Your hand").color(GOLD).strong())
                    .on_hover_text(format!(
                        "Keys {} to {} pick a card of your hand, {} drops it",
                        HAND_KEYS[0].name(),
                        HAND_KEYS[8].name(),
                        DESELECT_KEY.name()
                    ));
            });
            ui.spacing_mut().item_spacing.x = step - h * aspect;
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
                    let why = format!("{}\n{}", self.painter.describe(c), why_not(view, c));
                    self.painter.hover(resp, shown, why)
                };
                if resp.clicked() && playable && seat.is_some() {
                    // One-click actions happen at once; others select the card
                    // so its targets light up on the table.
                    let direct: Vec<Action> = uses
                        .iter()
                        .copied()
                        .filter(|a| matches!(a, Action::Discard { .. } | Action::DraftPass { .. }))
                        .collect();
                    if let [a] = direct.as_slice() {
                        chosen = Some(*a);
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
        chosen
    }

    /// Buttons for what the selected card can do that is not a click on
    /// the table; returns the action chosen.
    fn selected_actions(
        &self,
        ui: &mut egui::Ui,
        session: &Session,
        sel: CardId,
        actions: &[Action],
    ) -> Option<Action> {
        let uses: Vec<Action> = actions
            .iter()
            .copied()
            .filter(|a| uses_card(a, sel))
            .collect();
        let mut chosen = None;
        ui.label(RichText::new(format!("{}:", self.painter.describe(sel))).color(CHALK));
        for a in &uses {
            let label = match a {
                Action::PlayPlayer { .. } => "Play to my pitch",
                Action::PlayReferee {
                    target: RefTarget::None,
                    ..
                } => "Play it",
                _ => continue,
            };
            if ui.button(RichText::new(label).strong()).clicked() {
                chosen = Some(*a);
            }
        }
        let subs: Vec<Action> = uses
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::PlaySuperSub { .. }))
            .collect();
        if !subs.is_empty() {
            let cards = session.cards();
            ui.menu_button("Play as super sub…", |ui| {
                for nation in 0..cards.nations.len() as u8 {
                    ui.menu_button(cards.nation_code(nation), |ui| {
                        for a in &subs {
                            if let Action::PlaySuperSub {
                                position,
                                nation: n,
                                ..
                            } = a
                                && *n == nation
                                && ui.button(position.to_string()).clicked()
                            {
                                chosen = Some(*a);
                            }
                        }
                    });
                }
            });
        }
        let swaps: Vec<(CardId, CardId, Action)> = uses
            .iter()
            .filter_map(|a| match a {
                Action::PlayReferee {
                    target: RefTarget::Swap { out, inn },
                    ..
                } => Some((*out, *inn, *a)),
                _ => None,
            })
            .collect();
        if !swaps.is_empty() {
            ui.menu_button("Substitute…", |ui| {
                for (out, inn, a) in &swaps {
                    let text = format!(
                        "{} off, {} on",
                        self.painter.describe(*out),
                        self.painter.describe(*inn)
                    );
                    if ui.button(text).clicked() {
                        chosen = Some(*a);
                    }
                }
            });
        }
        let targeted = uses.iter().any(|a| {
            matches!(
                a,
                Action::Yellow { .. }
                    | Action::Red { .. }
                    | Action::Tackle { .. }
                    | Action::PlayReferee {
                        target: RefTarget::Player(_),
                        ..
                    }
            )
        });
        if targeted {
            ui.label(
                RichText::new("… or click a highlighted card on the table")
                    .color(GOLD)
                    .italics(),
            );
        }
        chosen
    }

    fn describe_play(&self, session: &Session, card: CardId, play: &Play) -> String {
        let c = self.painter.describe(card);
        match play {
            Play::Yellow { target } | Play::Red { target } => {
                format!("{c} on {}", self.painter.describe(*target))
            }
            Play::Tackle { victim, nation } => {
                format!(
                    "a tackle on {}'s {}",
                    session.name(*victim),
                    session.cards().nation_code(*nation)
                )
            }
            Play::Player | Play::SuperSub { .. } => format!("{c} to their pitch"),
            _ => c,
        }
    }

    fn describe(&self, session: &Session, a: &Action) -> String {
        let d = |c: &CardId| self.painter.describe(*c);
        match a {
            Action::Yellow { target, .. } => format!("Book {}", d(target)),
            Action::Red { target, .. } => format!("Red card for {}", d(target)),
            Action::Tackle { victim, .. } => format!("Tackle {}", session.name(*victim)),
            Action::PlayReferee {
                card,
                target: RefTarget::Player(t),
            } => format!("{} on {}", d(card), d(t)),
            other => other.notation(session.cards()),
        }
    }
}

/// Why hand card `c` cannot be used now, in words.
fn why_not(view: &BookedView, c: CardId) -> String {
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

/// Whether `a` is something done with hand card `c`.
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

    #[test]
    fn card_heights_come_in_whole_steps() {
        assert_eq!(stepped(101.9), 100.0);
        assert_eq!(stepped(104.0), 104.0);
    }
}
