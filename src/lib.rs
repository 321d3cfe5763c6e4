//! Touchline: a desktop companion for football card and board games.
//!
//! - [`engine`]: pure, deterministic rules engines (no I/O).
//! - [`cards`]: card files to validated decks.

pub mod cards;
pub mod engine;
