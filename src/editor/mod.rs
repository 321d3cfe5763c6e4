//! The deck editor's model, free of any UI: decks described as data
//! ([`schema`]), a deck open for editing with undo, validation and atomic
//! save ([`deck`]), and the CSV form of a deck ([`csv`]). The app's editor
//! screen draws this; tests drive it directly.

pub mod csv;
pub mod deck;
pub mod schema;

pub use deck::{Checked, Deck, Issue, RecordId};
pub use schema::{Case, Collection, DeckSchema, FieldKind, FieldSpec, Location, Variant};
