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
use super::season::ops::OFFICE_COST;
use boards::{Lit, hire_cost};
mod decision;
mod matchday;
mod tracks;

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
/// The Day's action groups by key (H is the shell's Hint, so hiring is
/// P): press the letter, then the number the group's buttons then show.
pub const DAY_KEYS: [(Shortcut, DayGroup); 4] = [
    (Shortcut::key(Key::P), DayGroup::Hire),
    (Shortcut::key(Key::B), DayGroup::Build),
    (Shortcut::key(Key::S), DayGroup::Sell),
    (Shortcut::key(Key::U), DayGroup::Use),
];
/// The numbers that pick in a Day group.
pub const NUMBER_KEYS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

/// A group of the Day's actions that a key arms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DayGroup {
    /// Hire a Player, the top Youngster or a Staff card.
    Hire,
    /// Build Stadium Infrastructure or the Office.
    Build,
    /// Sell a Player.
    Sell,
    /// A Staff card's or Director's action.
    Use,
}

impl DayGroup {
    /// The group in words, as the column's key line names it.
    pub fn words(self) -> &'static str {
        match self {
            DayGroup::Hire => "hire",
            DayGroup::Build => "build",
            DayGroup::Sell => "sell",
            DayGroup::Use => "use a card",
        }
    }
}
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
    /// The Day group a key armed: its buttons show numbers to press.
    armed: Option<DayGroup>,
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
    /// The club's Stat levels and Resources before its Match, shown
    /// until full time (none when the record cannot tell).
    before: Option<([u8; 4], [u32; 4])>,
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
            armed: None,
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
            self.armed = None;
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
        let height = ui.available_height();
        shell::scroll_box(ui, "eleven-board-scroll", |ui| {
            self.match_pitch(ui, session, &view, height);
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
            if let Some(q) = &view.question {
                shell::prompt(
                    ui,
                    format!("{name}, answer on the left: {}", q.choice.question),
                );
                self.answer_button(ui, seat, &q.choice);
                return;
            }
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
