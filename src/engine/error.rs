//! Why a rules engine refused a configuration or an action: one error type
//! for every game whose refusals take these four shapes.

use super::Seat;

/// A refused configuration or action. The message names the action in
/// readable notation and the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The game cannot be set up as configured.
    #[error("cannot set up the match: {0}")]
    Config(String),
    /// Someone else must act now.
    #[error("`{action}`: it is not {seat}'s decision now ({waiting})")]
    NotYourTurn {
        /// The action tried, in notation.
        action: String,
        /// Who tried it.
        seat: Seat,
        /// Who or what the game is waiting for.
        waiting: String,
    },
    /// The action breaks a rule.
    #[error("`{action}` is illegal: {rule}")]
    Illegal {
        /// The action tried, in notation.
        action: String,
        /// The rule it breaks.
        rule: String,
    },
    /// The game is over.
    #[error("`{0}`: the match is over")]
    Over(String),
}
