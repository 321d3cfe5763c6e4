//! Eleven's rules engine: pure, deterministic, serialisable. Nothing here
//! uses egui, printpdf, the file system, clocks or threads (`scripts/check.sh`
//! checks it); the game's summary and decisions are in the parent module.

pub mod effect;
pub mod league;
pub mod lineup;
pub mod matchday;
pub mod pairing;
pub mod scoring;
pub mod season;
pub mod vocab;

pub use league::{
    Consequence, ConsequenceEffect, ConsequencePicks, ConsequenceRoll, League, LeagueTeam,
    PickError, roll_consequence,
};
pub use lineup::random_lineup;
pub use matchday::{
    Choice, Lineup, LineupError, Marker, MatchReport, MatchSetup, MatchStep, OpponentTeam,
    SectionReport, SquadPlayer, Tokens, play_match,
};
pub use scoring::{ClubAtEnd, FinalScore, StaffHolding, final_score};
