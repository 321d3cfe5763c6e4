//! Flip Duel's rules engine, bots, scenarios and simulation: pure,
//! deterministic, serialisable. Nothing here uses egui, printpdf, the file
//! system, clocks or threads (`scripts/check.sh` checks it); the game's
//! summary and decisions are in the parent module.

mod action;
mod bot;
mod cards;
mod determinize;
mod error;
mod event;
mod scenario;
mod sim;
mod state;
mod view;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use bot::{HeuristicBot, card_values, suggest_aside};
pub use cards::{
    Area, BLUE_FILE, Card, CardId, CardSet, DECK_SIZE, MAX_REFEREE, Mark, RED_FILE, SECTIONS, Team,
};
pub use error::FlipDuelError;
pub use event::Event;
pub use scenario::{Expect, ExpectSeat, Run, Scenario};
pub use sim::{PerMatch, Summary, WinSplit, play_match, simulate};
pub use state::{
    FlipDuel, FlipDuelConfig, INJURY_CARDS, LayReport, LayResult, MAX_HAND, Period, Phase, Play,
    RUN_FOR_SHOT, Rest, Rules, SEATS, SeatSetup, Setup, ShotFrom, TeamStats, other,
};
pub use view::{FlipDuelView, Step};
