//! What the app shell asks of every game's table screen.

use super::session::Manager;
use crate::cards::DataSource;
use std::path::PathBuf;

/// What a table asks of the app after a frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableRequest {
    /// Back to the start screen.
    Leave,
    /// Open a save of another game, at its own table.
    Open(PathBuf),
}

/// A game's table screen, as the app shell drives it: one call a frame.
pub trait Table {
    /// Draws the table; returns a request for the app, if any.
    fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest>;
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
}
