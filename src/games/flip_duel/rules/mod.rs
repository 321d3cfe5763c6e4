//! Flip Duel's rules engine, bots and scenarios: pure,
//! deterministic, serialisable. Nothing here uses egui, printpdf, the file
//! system, clocks or threads (`scripts/check.sh` checks it); the game's
//! summary and decisions are in the parent module.

mod action;
mod bot;
mod cards;
mod determinize;
mod event;
mod scenario;
mod state;
mod view;

#[cfg(test)]
mod tests;

/// Why the rules refused a configuration or an action (the engine's one
/// rules error).
pub use crate::engine::RulesError as FlipDuelError;
pub use action::Action;
pub use bot::{HeuristicBot, card_values, suggest_aside};
pub use cards::{
    Area, BLUE_FILE, Card, CardId, CardSet, DECK_SIZE, MAX_REFEREE, Mark, RED_FILE, SECTIONS, Team,
};
pub use event::Event;
pub use scenario::{Expect, ExpectSeat};
pub use state::{
    FlipDuel, FlipDuelConfig, INJURY_CARDS, LayReport, LayResult, MAX_HAND, Period, Phase, Play,
    RUN_FOR_SHOT, Rest, Rules, SEATS, SeatSetup, Setup, ShotFrom, TeamStats, other,
};
pub use view::{FlipDuelView, Step};
