//! Stadium Memory's rules engine, bots and scenarios: pure,
//! deterministic, serialisable. Nothing here uses egui, printpdf, the file
//! system, clocks or threads (`scripts/check.sh` checks it); the game's
//! summary and decisions are in the parent module.

mod action;
pub mod bot;
mod cards;
mod determinize;
mod event;
pub mod scenario;

mod state;
mod view;

#[cfg(test)]
mod tests;

/// Why the rules refused a configuration or an action (the engine's one
/// rules error).
pub use crate::engine::RulesError as StadiumMemoryError;
pub use action::Action;
pub use cards::{
    Card, CardSet, DECK_FILE, EMBEDDED_FILES, MAX_PLAYERS, MAX_PRIZE_COPIES, MAX_SIDE,
    PLAYERS_FILE, PlayerCard, PlayerId, Portrait, Pos, Prize, PrizeCard, PrizeCounts,
};
pub use event::{Event, Place};
pub use state::{
    Holding, HouseRules, MAX_PLAYERS_AT_TABLE, MIN_SEATS, Moment, Phase, Reveal, Setup,
    StadiumMemory, StadiumMemoryConfig,
};
pub use view::{Spot, StadiumMemoryView, Step};
