//! Cardball's rules engine: pure, deterministic, serialisable. Nothing here
//! uses egui, printpdf, the file system, clocks or threads (`scripts/check.sh`
//! checks it); the game's summary and decisions are in the parent module.

mod action;
mod cards;
mod config;
mod determinize;
mod event;
mod round;
mod state;
mod tournament;
mod view;

#[cfg(test)]
mod tests;

/// Why the rules refused a configuration or an action (the engine's one
/// rules error).
pub use crate::engine::RulesError as CardballError;
pub use action::Action;
pub use cards::{
    ActionCard, ActionId, ActionOutcome, CardId, CardSet, Die, ManagerCard, Mark, Payload, Plain,
    Position, Top, ZoneClass,
};
pub use config::{
    BENCH, CardballConfig, GOLDEN_GOAL_RESTARTS, HAND, HouseRules, SHOOTOUT_CARDS, SHOOTOUT_ROUNDS,
    SHORT_TEAM_BENCH, Side, TEAM_BENCH, TEAM_HAND, TeamPlay, TieBreak,
};
pub use event::Event;
pub use round::{
    Decision, Period, Roll, RollFor, RoundReport, RoundResult, Shootout, decide, decide_penalty,
    decide_with, halfway_readings,
};
pub use state::{Cardball, Flags, Phase, Setup};
pub use tournament::{MAX_MANAGERS, MIN_MANAGERS, Played, Standing, Tournament};
pub use view::{CardballView, Step};
