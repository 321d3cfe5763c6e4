//! One Matchday: your line-up against an Opponent card, resolved as the
//! rulebook's Matchday procedure into a final score and a step-by-step log.
//!
//! [`MatchSetup`] is what Prepare for the Match decides (the Formation, the
//! Jersey markers on the 9 Zones, the Player cards assigned, the effect
//! costs paid, the Tactic cards played for their effect, this Week's Board
//! Meeting decisions) plus the revealed Opponent. [`MatchSetup::validate`]
//! lists every broken placement rule; [`play_match`] refuses an invalid
//! setup and otherwise resolves:
//!
//! 1. BEFORE THE MATCH blocks (Board Meeting first, then Players in line-up
//!    order);
//! 2. the Opponent card is revealed;
//! 3. DURING THE MATCH: the Tactic effects, Board Meeting, then Players
//!    (a `move_jersey` moves markers here, one step each to a Zone that
//!    shares an edge, within the Zone limits and the Zones on the Player's
//!    card: the ones [`Choice::moves`] names, else the move that raises
//!    the projected score most, see [`check_jersey_move`]);
//! 4. the five pairs of Sections in the rulebook's order, each with your
//!    attack then theirs ([`crate::games::eleven::pairing`]);
//! 5. AFTER THE MATCH blocks, then the final score and result.
//!
//! Everything is pure: the same setup and seed give the same report.

use super::effect::{
    Condition, Count, Effect, EffectBlock, Filter, OpponentTarget, Quantity, Rule, Target, Team,
};
use super::league::{ConsequenceEffect, ConsequencePicks, ConsequenceRoll};
use super::pairing::{AttackOutcome, resolve_attack};
use super::vocab::{
    Experience, Flank, Formation, Keeper, Line, MatchResult, OpponentLine, OpponentPlayer,
    PlayerKind, Resource, Section, Side, Task, Timing, Token, Zone,
};
use crate::engine::GameRng;
use rand::{RngExt as _, SeedableRng as _};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

mod report;
mod resolve;
mod setup;
#[cfg(test)]
mod tests;

pub use report::*;
pub use resolve::*;
pub use setup::*;
