//! Booked!'s rules engine: pure, deterministic, serialisable. Nothing here
//! uses egui, printpdf, the file system, clocks or threads (`scripts/check.sh`
//! checks it); the game's summary and decisions are in the parent module.

mod action;
mod cards;
mod deal;
mod determinize;
mod event;
pub mod group;
mod house;
mod state;
mod view;

#[cfg(test)]
mod tests;

/// Why the rules refused a configuration or an action (the engine's one
/// rules error).
pub use crate::engine::RulesError as BookedError;
pub use action::{Action, RefTarget};
pub use cards::{Card, CardId, CardSet, Position, Referee};
pub use deal::{Deal, DealStep};
pub use event::{Event, Pile};
pub use house::{DEAL_SIZE_RANGE, HAND_LIMIT_RANGE, HouseRules, PRESETS, RESHUFFLE_RANGE};
pub use state::{
    Booked, BookedConfig, DRAFT_PASS, FinalWindow, MAX_SUPER_SUBS, OnPitch, Phase, Play, Resume,
    STALL_TURNS_PER_SEAT, StackItem, best_seven, legal_seven,
};
pub use view::{BookedView, Squad, StackView, Step, squads};
