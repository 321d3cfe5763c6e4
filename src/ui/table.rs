//! What the app shell asks of every game's table screen.

use super::form::SeatForm;
use super::session::Manager;
use crate::cards::DataSource;
use std::any::Any;
use std::path::PathBuf;

/// What a table asks of the app after a frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableRequest {
    /// Back to the start screen.
    Leave,
    /// Open a save of another game, at its own table.
    Open(PathBuf),
}

/// A game's table screen, as the app drives it: one call a frame.
/// (`Any` lets tests reach a game's own table type.)
pub trait Table: Any {
    /// Draws the table; returns a request for the app, if any.
    fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest>;

    /// Where the dock (the prompt, the buttons of the moment, the hand)
    /// was drawn last frame; `None` while it is not shown.
    fn dock_rect(&self) -> Option<egui::Rect> {
        None
    }

    /// Whether a person at this device decides now, with the table
    /// uncovered.
    fn person_decides(&self) -> bool {
        false
    }

    /// Has the person deciding now decide as the game's own bot would,
    /// from their view; false when no person decides. Drives whole games
    /// through the table in tests.
    fn decide_for_person(&mut self, _seed: u64) -> bool {
        false
    }

    /// Whether the game is over with nothing left to play.
    fn is_finished(&self) -> bool {
        false
    }

    /// The table was opened from its own autosave (Continue): its next
    /// autosave replaces that file instead of keeping it as an older one.
    fn resume(&mut self) {}

    /// Says `text` on the table (a warning when `bad`): what the app did
    /// while opening it, such as a save it could not read.
    fn tell(&mut self, _text: String, _bad: bool) {}

    /// The match as a save file's bytes; `None` for a screen that keeps
    /// no match (the Matchday sandbox).
    fn save_bytes(&self) -> Option<Vec<u8>> {
        None
    }
}

/// What a new table needs from the start screen or `touchline play`.
pub struct NewTable<'a> {
    /// Where the card files come from.
    pub source: &'a DataSource,
    /// The managers, in seat order.
    pub managers: Vec<Manager>,
    /// The seed of the deal.
    pub seed: u64,
    /// Where the game is kept after every decision, for Continue.
    pub autosave: Option<PathBuf>,
    /// A house-rules file to play by instead of the data folder's (its
    /// name and text), for games that have one.
    pub rules: Option<(String, String)>,
    /// The game's table options by name (`touchline play --option`).
    pub options: std::collections::BTreeMap<String, String>,
}

impl NewTable<'_> {
    /// Refuses options for a game (`name`) whose new table reads none.
    pub fn no_options(&self, name: &str) -> Result<(), String> {
        match self.options.keys().next() {
            None => Ok(()),
            Some(key) => Err(format!(
                "{name} takes no --option at a new table (`{key}` was given): \
                 its choices are on the start form"
            )),
        }
    }
}

/// A table opened by the app, or why it could not be.
pub type Opened = Result<Box<dyn Table>, String>;

/// A save of a game, to open at its table.
pub struct SavedTable<'a> {
    /// Where the card files come from.
    pub source: &'a DataSource,
    /// The file's name, for messages.
    pub name: &'a str,
    /// The file's bytes.
    pub bytes: &'a [u8],
    /// Where the game is kept after every decision, for Continue.
    pub autosave: Option<PathBuf>,
}

/// How the app opens a game's table: a new match, or a save of it.
pub struct TableHooks {
    /// A new match at the table.
    pub new: fn(NewTable<'_>) -> Opened,
    /// A save of the game at its table.
    pub load: fn(SavedTable<'_>) -> Opened,
    /// The game's own new-match form on the start screen; `None`: the
    /// shared one (seats, names, who plays, seed), which calls `new`.
    pub form: Option<MakeForm>,
    /// A match played by random bots with what each reader of the log may
    /// not see, for the check that no line names a hidden card; `None`
    /// for a game with no hidden cards.
    pub probe: Option<super::probe::MakeProbe>,
}

/// Makes a game's start form for the data it will play with.
pub type MakeForm = fn(&DataSource) -> Box<dyn StartForm>;

/// What a game's start form may use.
pub struct FormEnv<'a> {
    /// Where the card files come from.
    pub source: &'a DataSource,
    /// Where the game is kept after every decision, for Continue.
    pub autosave: Option<PathBuf>,
    /// Why the game's card data cannot be played, if it cannot.
    pub data_problem: Option<String>,
}

/// A game's new-match form: the seats, its own options, the Start button.
pub trait StartForm {
    /// Draws the form; returns the table to open once Start is clicked
    /// (or why it could not open).
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        seats: &mut SeatForm,
        env: &FormEnv<'_>,
    ) -> Option<Opened>;

    /// The choice the form wants remembered across runs (Booked!: the
    /// house-rules preset), if it has one.
    fn remembered(&self) -> Option<String> {
        None
    }

    /// Puts back a choice remembered from an earlier run; a choice the
    /// form no longer offers is ignored.
    fn recall(&mut self, _choice: &str) {}
}

/// The shared form of a game without one of its own: seats in the game's
/// range, names, who plays, the seed, Start.
pub struct SharedForm {
    /// The game's id, for the form's widget ids.
    pub id: &'static str,
    /// The game's name, on the Start button.
    pub name: &'static str,
    /// How many players sit at one table.
    pub seats: std::ops::RangeInclusive<usize>,
    /// Opens the new table.
    pub new: fn(NewTable<'_>) -> Opened,
}

impl StartForm for SharedForm {
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        seats: &mut SeatForm,
        env: &FormEnv<'_>,
    ) -> Option<Opened> {
        seats.seat_count(ui, "Players", *self.seats.start(), *self.seats.end());
        let n = seats.seats;
        seats.seat_grid(
            ui,
            self.id,
            n,
            |_| String::new(),
            |i| format!("Name of player {}", i + 1),
        );
        seats.seed_field(ui);
        let label = format!("Start {}", self.name);
        if super::form::start_button(ui, &label, env.data_problem.as_deref()) {
            let seed = seats.seed_or_clock(ui);
            return Some((self.new)(NewTable {
                source: env.source,
                managers: seats.managers(n),
                seed,
                autosave: env.autosave.clone(),
                rules: None,
                options: Default::default(),
            }));
        }
        None
    }
}
