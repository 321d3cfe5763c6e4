//! The Eleven season table in the shared shell ([`crate::ui::shell`]):
//! on the board the Transfer Area, every club's boards (Stat tracks and
//! Resources, Maintenance, Directors, Players with their tokens, Staff,
//! Sponsors, Infrastructure, Office, Objective, Tactic cards), the League
//! table, and at its left the decision of the moment (the draft, the
//! Objective, the Board Meeting, the Day's Basic and Paid actions with
//! their costs, the Match plan, the consequence, the solo wipe); in the
//! dock the prompt and the main buttons.
//!
//! The table draws [`Session::view`] only and sends actions the engine
//! lists ([`Season::options`]): an illegal one shows greyed out with the
//! engine's reason on hover. Hot-seat goes behind the shared curtain.
//! Cards are drawn with the printed layout ([`Faces`]) when hovered.

use super::choices_ui::{Answer, Asking};
use super::layout::{contract_text, effect_text};
use super::league::{Consequence, ConsequencePicks};
use super::plan_ui::PlanEditor;
use super::season::view::ConsequenceView;
use super::season::{Action, CardRef, Phase, Row, Season, SeasonView};
use super::session::{SeasonSession, card_name, colour_word};
use super::vocab::{Colour, Contract, Side, Task};
use crate::cards::DataSource;
use crate::engine::Seat;
use crate::layout::TemplateSet;
use crate::ui::faces::{Face, Faces, POKER};
use crate::ui::palette::{ALERT, CHALK, DIM, FELT_DARK, GOLD};
use crate::ui::seating::{self, Seated as _, Shortcut};
use crate::ui::session::{LogLine, Session};
use crate::ui::shell::{self, Desk, Shell, TableInfo, TableView};
use crate::ui::table::{NewTable, Opened, SavedTable};
use egui::{Color32, Frame, Key, RichText, Sense, Stroke};
use std::collections::HashMap;
use std::path::PathBuf;

mod boards;
use boards::{Lit, hire_cost};
mod matchday;

/// The main button of the moment: accept the Board Meeting decision or
/// the Match consequence, play the Match, keep the Transfer Area; in a
/// choices panel, confirm the answers.
pub const MAIN_KEY: Shortcut = Shortcut::key(Key::Enter);
/// Rerolls the Board Meeting die or the Match consequence.
pub const REROLL_KEY: Shortcut = Shortcut::key(Key::R);
/// Ends the manager's Day.
pub const END_DAY_KEY: Shortcut = Shortcut::key(Key::E);
/// Closes a choices panel, nothing sent.
pub const CANCEL_KEY: Shortcut = Shortcut::key(Key::Escape);
/// Keeps the first to fourth Director of the draft, or Objective.
pub const KEEP_KEYS: [Shortcut; 4] = [
    Shortcut::key(Key::Num1),
    Shortcut::key(Key::Num2),
    Shortcut::key(Key::Num3),
    Shortcut::key(Key::Num4),
];

/// A card tile's fill on the felt.
const PANEL: Color32 = Color32::from_rgb(0x1B, 0x5A, 0x3A);
/// Seat colours, for names and the log.
const SEAT_COLOURS: [Color32; 4] = [
    Color32::from_rgb(0xFF, 0xD0, 0x60),
    Color32::from_rgb(0x90, 0xC8, 0xFF),
    Color32::from_rgb(0xFF, 0x9C, 0xB0),
    Color32::from_rgb(0xB8, 0xF0, 0x9C),
];
/// The Office track's costs, by the level above the marker.
const OFFICE_COSTS: [u32; 4] = [2, 3, 5, 7];
/// The Resources in the order of the boards.
const RESOURCES: [&str; 4] = ["Cash", "Fan Base", "Operation", "Fitness"];

/// A seat's colour.
pub fn seat_colour(seat: Seat) -> Color32 {
    SEAT_COLOURS.get(seat.index()).copied().unwrap_or(CHALK)
}

/// The Eleven season table in the shell.
pub type SeasonTable = Shell<SeasonBoard>;

/// What the season table keeps besides the season: the printed faces, the
/// club shown, the Match plan being built and a question being asked.
pub struct SeasonBoard {
    faces: Faces,
    face_of: HashMap<String, usize>,
    /// The club whose boards are shown (by seat), when chosen.
    shown_club: Option<usize>,
    /// The Match plan being built.
    plan: PlanEditor,
    /// An action waiting for the answers to its effect's choices.
    asking: Option<Asking>,
    /// The decision made this frame, played once the frame is drawn.
    pending: Option<(Seat, Action)>,
    /// The answers chosen to the Match consequence on show, with the
    /// consequence they answer (new dice start from the defaults).
    answers: Option<(ConsequenceView, ConsequencePicks)>,
    /// The Match just played, being told line by line before full time.
    replay: Option<Replay>,
}

/// A Match told a line at a time at the table's pace: which Match (its
/// event's place in the log), the lines shown, when the next is due.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Replay {
    seat: Seat,
    event: usize,
    shown: usize,
    total: usize,
    next_at: f64,
}

impl Replay {
    /// Whether lines are still to be told.
    fn telling(&self) -> bool {
        self.shown < self.total
    }
}

impl SeasonBoard {
    /// The view of a season played with `session`'s cards.
    pub fn new(session: &SeasonSession) -> Self {
        let print = super::layout::print_deck(&session.game().config.decks);
        let face_of = print
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        // The embedded templates are checked by the test suite; were they
        // ever broken, the enlarged card would show the layout error.
        let templates = TemplateSet::embedded(super::layout::GAME).unwrap_or_default();
        SeasonBoard {
            faces: Faces::new(print, templates, POKER, Vec::new()),
            face_of,
            shown_club: None,
            plan: PlanEditor::default(),
            asking: None,
            pending: None,
            answers: None,
            replay: None,
        }
    }

    /// Chooses `action` for `seat`; it is played once the frame is drawn.
    fn act(&mut self, seat: Seat, action: Action) {
        self.pending = Some((seat, action));
    }

    /// Plays the decision of this frame, if one was made; a played one
    /// clears the Match plan and any question.
    fn play(&mut self, desk: &mut Desk<'_, Season>) {
        if let Some((seat, action)) = self.pending.take()
            && desk.act(seat, action)
        {
            self.plan.clear();
            self.asking = None;
        }
    }
}

/// An Eleven season table for `session`; `autosave` is where the season
/// is kept after every decision.
pub fn screen(
    session: SeasonSession,
    source: &DataSource,
    autosave: Option<PathBuf>,
) -> SeasonTable {
    let board = SeasonBoard::new(&session);
    Shell::new(session, board, source, autosave)
}

/// The card called `id` in the season's decks.
fn name_of(session: &SeasonSession, id: &str) -> String {
    card_name(&session.game().config.decks, id)
}

/// Where the season is, in words (`Week 2 of 6 · Wednesday`).
fn when(view: &SeasonView) -> String {
    let day = match view.phase {
        Phase::Draft(r) => format!("Setup: Director draft, round {} of 3", r + 1),
        Phase::Objective => "Setup: the Objective".into(),
        Phase::BoardMeeting => "Monday".into(),
        Phase::Day(0) => "Tuesday".into(),
        Phase::Day(1) => "Wednesday".into(),
        Phase::Day(_) => "Thursday".into(),
        Phase::Matchday => "Friday: Matchday".into(),
        Phase::Wipe => "End of the Week".into(),
        Phase::Over => "Final Scoring".into(),
    };
    match view.phase {
        Phase::Draft(_) | Phase::Objective => day,
        _ => format!("Week {} of 6 · {day}", view.week.max(1)),
    }
}

impl TableView for SeasonBoard {
    type Game = Season;
    const HIDDEN: &'static str = "Each manager's Directors in the draft, Objective and Tactic \
                                  cards stay hidden until they are ready.";

    fn info() -> TableInfo {
        TableInfo::new(
            super::ENTRY.name,
            super::ENTRY.rulebook,
            "eleven-season",
            "season",
        )
    }

    /// A saved season at a new table. The save carries its own cards, so
    /// a season goes on with the cards it started with.
    fn load(t: SavedTable<'_>) -> Result<SeasonTable, String> {
        let session =
            Session::<Season>::from_save_bytes(t.name, t.bytes, ()).map_err(|e| e.to_string())?;
        Ok(screen(session, t.source, t.autosave))
    }

    fn status(&self, session: &SeasonSession) -> String {
        when(&session.view())
    }

    fn log_colour(&self, _session: &SeasonSession, line: &LogLine) -> Color32 {
        match line.seat {
            Some(s) => seat_colour(s),
            None => CHALK.gamma_multiply(0.85),
        }
    }

    fn undone(&mut self) {
        self.plan.clear();
        self.asking = None;
    }

    /// While a Match is told the log stops before it, so the score is not
    /// read there first.
    fn log(&self, session: &SeasonSession) -> Vec<LogLine> {
        match self.replay.filter(Replay::telling) {
            Some(r) => session.log_before(session.viewer(), r.event),
            None => session.log(),
        }
    }

    fn auto_pass(&self) -> Option<&'static str> {
        Some("End my Day by itself when there is nothing left to do in it")
    }

    /// The decision of the moment in a column at the left, the Transfer
    /// Area, the clubs and the League beside it; each scrolls in its own
    /// box.
    fn board(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Season>) {
        let session = desk.session();
        let view = session.view();
        let width = ui.available_width();
        egui::Panel::left("eleven-season-decision")
            .default_size((width * 0.3).clamp(240.0, 340.0))
            .min_size(200.0)
            .max_size((width * 0.5).max(240.0))
            .frame(Frame::NONE.fill(FELT_DARK).inner_margin(8.0))
            .show(ui, |ui| {
                shell::scroll_box(ui, "eleven-decision-scroll", |ui| {
                    self.decision(ui, session, &view);
                });
            });
        ui.add_space(4.0);
        shell::scroll_box(ui, "eleven-board-scroll", |ui| {
            self.boards(ui, session, &view);
        });
        self.play(desk);
    }

    fn dock(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Season>) {
        let session = desk.session();
        let view = session.view();
        self.prompt(ui, session, &view);
        self.play(desk);
    }

    /// Final Scoring, then the table as it ended.
    fn result(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Season>) {
        let session = desk.session();
        let view = session.view();
        self.boards(ui, session, &view);
    }
}

impl SeasonBoard {
    /// The human deciding now, when the screen may ask them.
    fn asking(&self, session: &SeasonSession) -> Option<Seat> {
        session
            .human_actor()
            .filter(|_| session.needs_handover().is_none())
    }

    /// The dock: what is awaited and the main button of the moment.
    fn prompt(&mut self, ui: &mut egui::Ui, session: &SeasonSession, view: &SeasonView) {
        ui.horizontal_wrapped(|ui| {
            let Some(seat) = self.asking(session) else {
                let text = match session.actor() {
                    _ if view.phase == Phase::Over => "The season is over.".to_string(),
                    Some(s) => format!("Waiting for {}…", session.name(s)),
                    None => String::new(),
                };
                shell::prompt(ui, text);
                return;
            };
            let name = session.name(seat);
            let club = view.clubs.get(seat.index());
            let text = match view.phase {
                Phase::Draft(_) => format!("{name}, keep one Director (on the left)."),
                Phase::Objective => format!("{name}, keep one of the two Objectives."),
                Phase::BoardMeeting => format!("{name}, your Board Meeting."),
                Phase::Day(_) => {
                    let used = |u: bool| if u { "used" } else { "free" };
                    format!(
                        "{name}, your turn: Basic action {}, Paid action {}.",
                        used(club.is_some_and(|c| c.basic_used)),
                        used(club.is_some_and(|c| c.paid_used)),
                    )
                }
                Phase::Matchday
                    if club.is_some_and(|c| c.pending.is_some())
                        && self.replaying(session, seat) =>
                {
                    format!("{name}, your Match is being played.")
                }
                Phase::Matchday if club.is_some_and(|c| c.pending.is_some()) => {
                    format!("{name}, the Match consequence.")
                }
                Phase::Matchday => format!("{name}, pick your line-up and play the Match."),
                Phase::Wipe => format!("{name}, wipe a row of the Transfer Area?"),
                Phase::Over => String::new(),
            };
            shell::prompt(ui, text);
            self.main_buttons(ui, session, seat, view);
        });
    }

    // ----- the decision panel -----

    fn decision(&mut self, ui: &mut egui::Ui, session: &SeasonSession, view: &SeasonView) {
        let Some(seat) = self.asking(session) else {
            if view.phase == Phase::Over {
                ui.label(RichText::new("Final Scoring").strong().color(GOLD));
                ui.label(RichText::new("The scores are on the table.").color(DIM));
            } else {
                ui.label(RichText::new("Waiting…").color(DIM));
                if let Some(s) = session.actor() {
                    ui.label(
                        RichText::new(format!("{} decides.", session.name(s)))
                            .color(seat_colour(s)),
                    );
                }
            }
            return;
        };
        let Some(me) = view.clubs.get(seat.index()).cloned() else {
            return;
        };
        let generation = session.generation();
        if self
            .asking
            .as_ref()
            .is_some_and(|a| a.seat != seat || a.generation != generation)
        {
            self.asking = None;
        }
        if let Some(asking) = self.asking.as_mut() {
            match asking.show(ui) {
                Some(Answer::Confirm(action)) => {
                    self.asking = None;
                    self.act(seat, action);
                }
                Some(Answer::Cancel) => self.asking = None,
                None => {}
            }
            return;
        }
        match view.phase {
            Phase::Draft(_) => {
                heading(ui, "Director draft");
                ui.label(
                    RichText::new("Keep one; the rest pass on. Hover a card to enlarge it.")
                        .color(DIM),
                );
                let hand = me.director_hand.clone().unwrap_or_default();
                for (k, id) in hand.iter().enumerate() {
                    let title = name_of(session, id);
                    let text = self.director_text(id, session);
                    if self.offer(ui, session, id, (&title, &text), format!("Keep {title}"), k) {
                        self.act(seat, Action::Draft(k));
                    }
                }
            }
            Phase::Objective => {
                heading(ui, "Your Objective");
                ui.label(
                    RichText::new("Keep one, secret until it is met; the other goes back.")
                        .color(DIM),
                );
                let offer = me.objective_offer.clone().unwrap_or_default();
                for (k, id) in offer.iter().enumerate() {
                    let title = name_of(session, id);
                    let text = session
                        .game()
                        .config
                        .decks
                        .objectives
                        .iter()
                        .find(|o| &o.id == id)
                        .map(super::layout::objective_text)
                        .unwrap_or_default();
                    let keep = format!("Keep the Objective {title}");
                    if self.offer(ui, session, id, (&title, &text), keep, k) {
                        self.act(seat, Action::KeepObjective(k));
                    }
                }
            }
            Phase::BoardMeeting => self.board_meeting(ui, session, &me),
            Phase::Day(_) => self.day_actions(ui, session, seat, view),
            Phase::Matchday => self.matchday(ui, session, seat, &me),
            Phase::Wipe => {
                heading(ui, "End of the Week (solo)");
                ui.label(
                    RichText::new("Once a Week you may discard a whole row of the Transfer Area and deal it again.")
                        .color(DIM),
                );
                for (label, row) in [
                    ("Keep the Transfer Area", None),
                    ("Wipe the Player row", Some(Row::Players)),
                    ("Wipe the Staff row", Some(Row::Staff)),
                    ("Wipe the Sponsor row", Some(Row::Sponsors)),
                ] {
                    let b = ui.button(label);
                    let go = if row.is_none() {
                        seating::keyed(b, MAIN_KEY, "On to the next Week")
                    } else {
                        b.clicked()
                    };
                    if go {
                        self.act(seat, Action::Wipe(row));
                    }
                }
            }
            Phase::Over => {}
        }
    }

    /// A card on offer (the draft, the Objective): its printed face, its
    /// name and what it does in words, and the button that keeps it (the
    /// `k`-th also answers to its number key). Whether it was kept.
    fn offer(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        id: &str,
        (title, text): (&str, &str),
        keep: String,
        k: usize,
    ) -> bool {
        let mut kept = false;
        ui.horizontal_top(|ui| {
            self.face(ui, session, id, 112.0, None, &Lit::Plain);
            ui.vertical(|ui| {
                ui.label(RichText::new(title).strong().color(CHALK));
                if !text.is_empty() {
                    ui.label(
                        RichText::new(text)
                            .size(12.0)
                            .color(CHALK.gamma_multiply(0.85)),
                    );
                }
                let b = ui.button(keep.as_str());
                kept |= match KEEP_KEYS.get(k) {
                    Some(key) => seating::keyed(b, *key, &keep),
                    None => b.clicked(),
                };
            });
        });
        ui.add_space(6.0);
        kept
    }

    fn director_text(&self, id: &str, session: &SeasonSession) -> String {
        session
            .game()
            .config
            .decks
            .directors
            .iter()
            .find(|d| d.id == id)
            .map(|d| {
                let votes = |v: &[u8]| {
                    if v.is_empty() {
                        return "no face".to_string();
                    }
                    v.iter()
                        .map(|n| n.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                };
                format!(
                    "Votes yellow on {}, blue on {}, red on {}. {}",
                    votes(&d.votes.yellow),
                    votes(&d.votes.blue),
                    votes(&d.votes.red),
                    effect_text(&d.abilities)
                )
            })
            .unwrap_or_default()
    }

    fn board_meeting(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        me: &super::season::view::ClubView,
    ) {
        heading(ui, "Monday: the Board Meeting");
        let decks = session.game().config.decks.clone();
        let Some(b) = &me.board else {
            ui.label("No Board Meeting this Week.");
            return;
        };
        let Some(card) = decks.board_meetings.get(b.card) else {
            return;
        };
        let seat = view_seat(me, session);
        let produced = session.events().iter().rev().find_map(|e| match e {
            super::season::Event::Produced { seat: s, gained } if Some(*s) == seat => Some(*gained),
            _ => None,
        });
        if let Some(g) = produced {
            let gained: Vec<String> = g
                .iter()
                .zip(RESOURCES)
                .map(|(n, r)| format!("{n} {r}"))
                .collect();
            ui.label(
                RichText::new(format!("Production paid: {}.", gained.join(", ")))
                    .color(DIM)
                    .size(12.0),
            );
        }
        ui.horizontal_top(|ui| {
            self.face(ui, session, &card.id, 96.0, None, &Lit::Plain);
            ui.vertical(|ui| {
                ui.label(RichText::new(&card.name).strong().color(CHALK));
                ui.label(RichText::new(&card.description).size(12.0).color(DIM));
            });
        });
        ui.label(
            RichText::new(format!("The die shows {}", b.roll))
                .size(18.0)
                .strong()
                .color(GOLD),
        );
        ui.label(format!(
            "The Directors vote: {} yellow, {} blue, {} red.",
            b.votes[0], b.votes[1], b.votes[2]
        ));
        for (colour, blocks) in [
            (Colour::Yellow, &card.yellow),
            (Colour::Blue, &card.blue),
            (Colour::Red, &card.red),
        ] {
            let chosen = colour == b.decision;
            let text = format!(
                "{}{}: {}",
                if chosen { "> " } else { "" },
                capital(colour_word(colour)),
                contract_text(blocks)
            );
            ui.label(
                RichText::new(text)
                    .size(12.0)
                    .color(if chosen { GOLD } else { DIM }),
            );
        }
        ui.label(
            RichText::new("Accept or reroll with the buttons below.")
                .size(12.0)
                .color(DIM),
        );
    }

    /// The Day's actions, grouped, each with its cost; illegal ones
    /// greyed out with the engine's reason.
    fn day_actions(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        seat: Seat,
        view: &SeasonView,
    ) {
        let options = session.game().options(seat);
        let c = seat.index();
        let Some(me) = view.clubs.get(c) else { return };
        let mut chosen = None;
        let mut button = |ui: &mut egui::Ui,
                          label: String,
                          hover: String,
                          ok: &Result<(), super::season::SeasonError>,
                          action: &Action| {
            // `full|short`: the short text on the button, the full one for
            // screen readers and tests.
            let (full, shown) = match label.split_once('|') {
                Some((f, s)) => (f.to_string(), s.to_string()),
                None => (label.clone(), label),
            };
            let b = ui.add_enabled(ok.is_ok(), egui::Button::new(shown.as_str()).small());
            let enabled = ok.is_ok();
            b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &full));
            match ok {
                Ok(()) => {
                    // A shortened button names the card in full on hover.
                    let hover = match (hover.is_empty(), shown == full) {
                        (true, true) => None,
                        (true, false) => Some(full.clone()),
                        (false, true) => Some(hover),
                        (false, false) => Some(format!("{full}\n{hover}")),
                    };
                    let b = match hover {
                        Some(h) => b.on_hover_text(h),
                        None => b,
                    };
                    if b.clicked() {
                        chosen = Some((action.clone(), full.clone()));
                    }
                }
                Err(e) => {
                    b.on_disabled_hover_text(format!("{full}: {}", sentence_of(&e.to_string())));
                }
            }
        };
        // Compact rows so a Day's choices fit a 1024x640 window: a short
        // caption on the left, the buttons (short names) on the right.
        ui.spacing_mut().item_spacing.y = 3.0;
        let caption = |ui: &mut egui::Ui, text: &str| {
            ui.label(RichText::new(text).color(DIM).size(12.0));
        };
        let decks = session.game().config.decks.clone();
        heading(ui, "Basic action (one a Day)");
        ui.horizontal_wrapped(|ui| {
            caption(ui, "Hire");
            for (a, ok) in &options {
                match a {
                    Action::HirePlayer(slot) => {
                        let id = view.players_row.get(*slot).cloned().flatten();
                        let Some(id) = id else { continue };
                        let cost = hire_cost(&decks, &id).unwrap_or(0);
                        let name = name_of(session, &id);
                        let label = format!("Hire {name} ({cost})|{} {cost}", short_name(&name));
                        button(ui, label, String::new(), ok, a);
                    }
                    Action::HireYoungster => {
                        button(
                            ui,
                            "Hire the top Youngster|Youngster".into(),
                            String::new(),
                            ok,
                            a,
                        );
                    }
                    _ => {}
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            caption(ui, "Staff");
            for (a, ok) in &options {
                if let Action::HireStaff(slot) = a {
                    let Some(id) = view.staff_row.get(*slot).cloned().flatten() else {
                        continue;
                    };
                    let cost = hire_cost(&decks, &id).unwrap_or(0);
                    let name = name_of(session, &id);
                    let label = format!("Hire {name} ({cost})|{} {cost}", short_name(&name));
                    button(ui, label, String::new(), ok, a);
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            caption(ui, "Build 3");
            for (a, ok) in &options {
                match a {
                    Action::Build(kind) => {
                        let title = kind.title();
                        // The first word: "Directors", not "Office".
                        let first = title.split_whitespace().next().unwrap_or(title);
                        let label = format!("Build {title}|{first}");
                        button(ui, label, String::new(), ok, a)
                    }
                    Action::BuildOffice => {
                        let cost = OFFICE_COSTS.get(usize::from(me.office)).copied();
                        let label = match cost {
                            Some(c) => format!("Office up ({c} Cash)|Office {c}"),
                            None => "Office up|Office".into(),
                        };
                        button(ui, label, String::new(), ok, a)
                    }
                    _ => {}
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            caption(ui, "Sell");
            for (a, ok) in &options {
                if let Action::Sell(i) = a {
                    let Some(p) = me.players.get(*i) else {
                        continue;
                    };
                    let cash = session.game().sale_value(c, *i).map_or(0, |v| v.0);
                    let name = name_of(session, &p.id);
                    let label = format!("Sell {name} (+{cash})|{} +{cash}", short_name(&name));
                    button(ui, label, String::new(), ok, a);
                }
            }
        });
        ui.label(
            RichText::new(format!(
                "Card actions: as the Basic action, or Paid for {} Operation.",
                me.paid_action_cost
            ))
            .color(DIM)
            .size(12.0),
        );
        let mut cards: Vec<(String, Vec<&(Action, ActionCheck)>)> = Vec::new();
        for o in &options {
            let (a, _) = o;
            if let Action::CardAction { card, .. } = a {
                let id = match card {
                    CardRef::Staff(i) => me.staff.get(*i).map(|s| s.id.clone()),
                    CardRef::Director(i) => me
                        .directors
                        .as_ref()
                        .and_then(|d| d.get(*i))
                        .map(|d| d.id.clone()),
                };
                let Some(id) = id else { continue };
                // Cards without an action are left out rather than greyed.
                if !self.has_action(&id, session) {
                    continue;
                }
                match cards.iter_mut().find(|(k, _)| *k == id) {
                    Some((_, list)) => list.push(o),
                    None => cards.push((id, vec![o])),
                }
            }
        }
        // One row a card: its buttons, then its name.
        for (id, list) in &cards {
            let name = name_of(session, id);
            let text = self.action_text(id, session);
            ui.horizontal(|ui| {
                for &(a, ok) in list {
                    let paid = matches!(a, Action::CardAction { paid: true, .. });
                    let label = if paid {
                        format!(
                            "Use {name} (Paid, {} Operation)|Paid {}",
                            me.paid_action_cost, me.paid_action_cost
                        )
                    } else {
                        format!("Use {name}|Use")
                    };
                    button(ui, label, text.clone(), ok, a);
                }
                ui.add(egui::Label::new(RichText::new(&name).size(12.0).color(CHALK)).truncate());
            });
        }
        heading(ui, "Contract a Sponsor (Basic action)");
        // A row a Sponsor: its name, then its contracts.
        for slot in super::season::state::MARKET_FROM..super::season::state::ROW {
            let Some(id) = view.sponsors_row.get(slot).cloned().flatten() else {
                continue;
            };
            let Some(card) = decks.sponsors.iter().find(|s| s.id == id) else {
                continue;
            };
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&card.front.name).size(12.0).color(CHALK));
                for (a, ok) in &options {
                    let Action::ContractSponsor {
                        slot: s,
                        contract,
                        bonus,
                    } = a
                    else {
                        continue;
                    };
                    if *s != slot {
                        continue;
                    }
                    let (word, blocks) = match (contract, bonus) {
                        (Contract::OneOff, _) => ("One-off", &card.front.one_off),
                        (Contract::Adboard, true) => ("Bonus", &card.front.bonus),
                        (Contract::Adboard, false) => ("Adboard", &card.front.adboard),
                        (Contract::Kit, _) => ("Kit", &card.front.kit),
                    };
                    let label = format!("{word}: {}|{word}", card.front.name);
                    button(ui, label, contract_text(blocks), ok, a);
                }
            });
        }
        if let Some((a, label)) = chosen {
            let title = label.strip_prefix("Use ").unwrap_or(&label).to_string();
            self.ask_or_act(seat, session, title, a);
        }
    }

    /// Sends `action`, or first asks its effect's choices when it has any.
    fn ask_or_act(&mut self, seat: Seat, session: &SeasonSession, title: String, action: Action) {
        let generation = session.generation();
        match Asking::new(session.game(), seat, generation, title, action.clone()) {
            Some(asking) => self.asking = Some(asking),
            None => self.act(seat, action),
        }
    }

    /// Whether a Staff or Director card has an action.
    fn has_action(&self, id: &str, session: &SeasonSession) -> bool {
        let decks = &session.game().config.decks;
        decks
            .staff
            .iter()
            .find(|s| s.id == id)
            .map(|s| &s.abilities)
            .or_else(|| {
                decks
                    .directors
                    .iter()
                    .find(|d| d.id == id)
                    .map(|d| &d.abilities)
            })
            .is_some_and(|b| b.iter().any(|b| b.timing == super::vocab::Timing::Action))
    }

    /// The action text of a Staff or Director card.
    fn action_text(&self, id: &str, session: &SeasonSession) -> String {
        let decks = &session.game().config.decks;
        let blocks = decks
            .staff
            .iter()
            .find(|s| s.id == id)
            .map(|s| &s.abilities)
            .or_else(|| {
                decks
                    .directors
                    .iter()
                    .find(|d| d.id == id)
                    .map(|d| &d.abilities)
            });
        blocks.map(|b| effect_text(b)).unwrap_or_default()
    }

    /// A button that sends `action` when legal, greyed with the engine's
    /// reason when not.
    /// `key` presses it too, named in its tooltip, unless a choices panel
    /// is open (its Confirm takes the keys then).
    fn action_button(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        seat: Seat,
        (label, key): (&str, Shortcut),
        action: Action,
    ) {
        let why = session.game().check(seat, &action).err();
        let b = ui.add_enabled(
            why.is_none(),
            egui::Button::new(RichText::new(label).size(16.0).strong()),
        );
        let go = if let Some(why) = why {
            b.on_disabled_hover_text(sentence_of(&why.to_string()));
            false
        } else if self.asking.is_some() {
            b.on_hover_text(key.hint(label)).clicked()
        } else {
            seating::keyed(b, key, label)
        };
        if go {
            let title = label.strip_prefix("Accept ").unwrap_or(label).to_string();
            self.ask_or_act(seat, session, title, action);
        }
    }

    /// The main buttons of the moment, in the bottom strip.
    fn main_buttons(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        seat: Seat,
        view: &SeasonView,
    ) {
        let Some(me) = view.clubs.get(seat.index()) else {
            return;
        };
        match view.phase {
            Phase::BoardMeeting => {
                if let Some(b) = &me.board {
                    let label = format!("Accept the {} decision", colour_word(b.decision));
                    let accept = Action::AcceptBoard { picks: Vec::new() };
                    self.action_button(ui, session, seat, (&label, MAIN_KEY), accept);
                }
                let label = format!("Reroll the die (1 Fan Base, {} held)", me.res[1]);
                self.action_button(ui, session, seat, (&label, REROLL_KEY), Action::RerollBoard);
            }
            Phase::Day(_) => {
                let end = ui.add(egui::Button::new(RichText::new("End the Day").size(16.0)));
                let what = "Your turn ends; the next manager plays";
                if seating::keyed(end, END_DAY_KEY, what) {
                    self.act(seat, Action::EndTurn);
                }
            }
            Phase::Matchday if me.pending.is_some() && self.replaying(session, seat) => {
                let b = ui.add(egui::Button::new(
                    RichText::new("Skip to full time").size(16.0).strong(),
                ));
                if seating::keyed(b, MAIN_KEY, "The Match's end and its consequence") {
                    self.skip_replay();
                }
            }
            Phase::Matchday if me.pending.is_some() => {
                let accept = ("Accept the consequence", MAIN_KEY);
                let action = self.resolve_action(me);
                self.action_button(ui, session, seat, accept, action);
                let label = format!("Reroll the consequence (1 Fan Base, {} held)", me.res[1]);
                self.action_button(
                    ui,
                    session,
                    seat,
                    (&label, REROLL_KEY),
                    Action::RerollConsequence,
                );
            }
            Phase::Matchday => {
                if let Some(plan) = self.plan.plan(session.game(), seat) {
                    let play = ("Play the Match", MAIN_KEY);
                    self.action_button(ui, session, seat, play, Action::PlayMatch(Box::new(plan)));
                }
            }
            _ => {}
        }
    }

    // ----- the board -----

    fn boards(&mut self, ui: &mut egui::Ui, session: &SeasonSession, view: &SeasonView) {
        if view.phase == Phase::Over {
            self.final_scoring(ui, session, view);
            ui.add_space(8.0);
        }
        let asking = self.asking(session);
        if let Some((action, words)) = self.transfer_area(ui, session, view, asking)
            && let Some(seat) = asking
        {
            self.ask_or_act(seat, session, words, action);
        }
        ui.add_space(6.0);
        // The clubs: one at a time, the viewer's first.
        let default = view.seat.or(session.actor()).map_or(0, |s| s.index());
        let mut shown = self
            .shown_club
            .unwrap_or(default)
            .min(view.clubs.len().saturating_sub(1));
        ui.horizontal_wrapped(|ui| {
            for (c, club) in view.clubs.iter().enumerate() {
                let label =
                    RichText::new(format!("{} ({})", club.name, session.name(Seat(c as u8))))
                        .color(seat_colour(Seat(c as u8)));
                if ui.selectable_label(shown == c, label).clicked() {
                    shown = c;
                    self.shown_club = Some(c);
                }
            }
        });
        if let Some(club) = view.clubs.get(shown) {
            self.club_board(ui, session, view, shown, club);
        }
        ui.add_space(6.0);
        if self.replay.is_some_and(|r| r.telling()) {
            heading(ui, "League table");
            ui.label(RichText::new("The League table moves at full time.").color(DIM));
        } else {
            self.league(ui, view);
        }
    }
}

/// The seat of the club `me` (by its name) at the table.
fn view_seat(me: &super::season::view::ClubView, session: &SeasonSession) -> Option<Seat> {
    session
        .game()
        .clubs
        .iter()
        .position(|c| c.name == me.name)
        .map(|i| Seat(i as u8))
}

/// One line of the Final Scoring, read from a club's score.
type ScoreLine = fn(&super::season::SeasonScore) -> i32;

/// A Stat track: five spaces, the ones up to `level` filled.
/// A club's Jersey markers as the board shows them: each marker's number
/// (– for an unnumbered one) and the side it shows as a letter (A attack,
/// D defence), on the Pitch and on the Bench.
fn jersey_line(j: &super::season::jersey::Jerseys) -> String {
    use super::season::jersey::MARKERS;
    let mark = |i: usize| {
        let number = if i < 10 {
            (i + 2).to_string()
        } else {
            "–".to_string()
        };
        let side = match j.sides[i] {
            Task::Attack => "A",
            Task::Defence => "D",
            Task::Goalkeeper => "G",
        };
        format!("{number}{side}")
    };
    let pitch: Vec<String> = (0..MARKERS).filter(|&i| j.pitch[i]).map(mark).collect();
    let bench: Vec<String> = (0..MARKERS).filter(|&i| !j.pitch[i]).map(mark).collect();
    let (a, d) = j.split();
    format!(
        "Jersey markers (A attack side up, D defence side up): Pitch {} ({a} A, {d} D) · Bench {}",
        pitch.join(" "),
        if bench.is_empty() {
            "none".to_string()
        } else {
            bench.join(" ")
        }
    )
}

fn stat_track(ui: &mut egui::Ui, level: u8) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(70.0, 12.0), Sense::hover());
    for l in 1..=5u8 {
        let centre = egui::pos2(rect.left() + 6.0 + f32::from(l - 1) * 14.0, rect.center().y);
        if l <= level {
            ui.painter().circle_filled(centre, 5.0, GOLD);
        } else {
            ui.painter()
                .circle_stroke(centre, 5.0, Stroke::new(1.0, GOLD.gamma_multiply(0.6)));
        }
    }
    resp
}

/// A Staff or Director card's state, if it is not ready.
fn card_state(exhausted: bool, suspension: u8) -> Option<String> {
    match (exhausted, suspension) {
        (false, 0) => None,
        (true, 0) => Some("used this Week".into()),
        (_, n) => Some(format!("Suspended ({n})")),
    }
}

/// A Player's tokens in words.
fn tokens_text(t: &super::matchday::Tokens) -> String {
    let mut parts = Vec::new();
    for (n, word) in [
        (t.strength_temp + t.strength_perm, "Strength"),
        (t.weakness_temp + t.weakness_perm, "Weakness"),
        (t.injury, "Injury"),
        (t.suspension, "Suspension"),
        (t.experience, "Experience"),
    ] {
        match n {
            0 => {}
            1 => parts.push(format!("1 {word} token")),
            n => parts.push(format!("{n} {word} tokens")),
        }
    }
    parts.join(", ")
}

/// An action with the engine's verdict on it.
type ActionCheck = Result<(), super::season::SeasonError>;

/// The last word of a name, for a compact button ("Samir Haddad" gives
/// "Haddad"); the button names the card in full on hover and to tests.
fn short_name(name: &str) -> &str {
    name.split_whitespace().last().unwrap_or(name)
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.label(RichText::new(text).strong().size(15.0).color(GOLD));
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// An engine message as a sentence.
fn sentence_of(s: &str) -> String {
    let mut t = capital(s);
    if !t.ends_with('.') {
        t.push('.');
    }
    t
}

/// A new season at the table (the app shell's and `touchline play`'s
/// hook): Division 3 (the rulebook's Easy, the friendliest for a first
/// season) unless `--option division` says otherwise, no Scenario.
pub fn new_table(t: NewTable<'_>) -> Opened {
    if let Some(key) = t
        .options
        .keys()
        .find(|k| !["division", "first", "maintenance"].contains(&k.as_str()))
    {
        return Err(format!(
            "Eleven's table takes --option division=1-3, first=N and \
             maintenance=printed|built, not `{key}` (a solo Scenario is chosen on the \
             start form)"
        ));
    }
    if t.rules.is_some() {
        return Err("Eleven has no house-rules file".into());
    }
    let managers = u8::try_from(t.managers.len()).unwrap_or(u8::MAX);
    let division = match t.options.get("division").map(|d| d.trim().parse::<u8>()) {
        None => super::deck::Division::FIRST_SEASON,
        Some(Ok(d @ 1..=3)) => d,
        Some(_) => return Err("--option division must be 1, 2 or 3".into()),
    };
    let first = match t.options.get("first") {
        None => 0,
        Some(f) => super::first_option(f, managers)?,
    };
    let printed = match t.options.get("maintenance") {
        None => true,
        Some(m) => super::maintenance_option(m)?,
    };
    let decks = super::deck::ElevenDecks::load(t.source).map_err(|e| e.to_string())?;
    let n = u8::try_from(t.managers.len()).unwrap_or(u8::MAX);
    let mut config = super::season::SeasonConfig::new(std::sync::Arc::new(decks), n, division);
    config.first = first;
    config.printed_infrastructure = printed;
    let session = Session::season_of(t.managers, config, t.seed).map_err(|e| e.to_string())?;
    let mut table = screen(session, t.source, t.autosave);
    table.autosave();
    Ok(Box::new(table))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_for_the_table() {
        assert_eq!(card_state(false, 0), None);
        assert_eq!(card_state(true, 0).as_deref(), Some("used this Week"));
        assert_eq!(sentence_of("you need 3 Cash"), "You need 3 Cash.");
        let t = super::super::matchday::Tokens {
            injury: 1,
            experience: 2,
            ..Default::default()
        };
        assert_eq!(tokens_text(&t), "1 Injury token, 2 Experience tokens");
    }

    /// The rulebook's setup example (#6 attacking, an unnumbered marker
    /// defending, 5 and 5): every marker's side in a letter.
    #[test]
    fn the_jersey_markers_read_with_their_sides() {
        use super::super::season::jersey::{JerseyCard, Jerseys};
        use super::super::vocab::Side;
        let j = Jerseys::kick_off(&[
            JerseyCard {
                card: 0,
                side: Side::Untrained,
                printed: Some(6),
                task: Task::Attack,
            },
            JerseyCard {
                card: 1,
                side: Side::Untrained,
                printed: None,
                task: Task::Defence,
            },
        ]);
        assert_eq!(
            jersey_line(&j),
            "Jersey markers (A attack side up, D defence side up): \
             Pitch 2D 3D 4D 5D 6A 7A 8A 9A 10A –D (5 A, 5 D) · Bench 11A –D –A"
        );
    }
}
