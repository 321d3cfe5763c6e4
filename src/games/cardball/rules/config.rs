//! How a Cardball match is configured: the deal's sizes, the sides, the
//! tie-breaks, the 2 v 2 variant and the house rules.

use super::cards::CardSet;
use crate::engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Cards in hand after the deal of a duel.
pub const HAND: usize = 11;
/// Cards on the bench after the deal of a duel.
pub const BENCH: usize = 7;
/// Cards in hand per manager in 2v2.
pub const TEAM_HAND: usize = 6;
/// Cards on the bench per manager in 2v2 (the rulebook's 6 + 5; the set's
/// 2v2 cards make up the 44 this needs).
pub const TEAM_BENCH: usize = 5;
/// Cards on the bench per manager in 2v2 under the house rule
/// [`HouseRules::short_team_bench`] (6 + 3 fits the 40-card box).
pub const SHORT_TEAM_BENCH: usize = 3;
/// Goalless golden-goal games after which the match is drawn: a guard for
/// edited sets with no way to score (the shipped set never gets near it).
pub const GOLDEN_GOAL_RESTARTS: u32 = 10;
/// Cards each side is dealt for a penalty shoot-out.
pub const SHOOTOUT_CARDS: usize = 10;
/// Rounds of penalties before sudden death.
pub const SHOOTOUT_ROUNDS: usize = 5;

/// One of the two managers (or teams): the left one defends zone 0, the
/// right one zone 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Seat 0 (and seat 2 in 2v2); attacks toward zone 8.
    Left,
    /// Seat 1 (and seat 3 in 2v2); attacks toward zone 0.
    Right,
}

impl Side {
    /// Both sides, left first.
    pub const BOTH: [Side; 2] = [Side::Left, Side::Right];

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// 0 for left, 1 for right.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side a seat plays for.
    pub fn of(seat: Seat) -> Side {
        if seat.0.is_multiple_of(2) {
            Side::Left
        } else {
            Side::Right
        }
    }

    /// `left` or `right`.
    pub fn key(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// Parses `left` or `right`.
    pub fn parse(s: &str) -> Option<Side> {
        match s.trim().to_ascii_lowercase().as_str() {
            "left" => Some(Side::Left),
            "right" => Some(Side::Right),
            _ => None,
        }
    }

    /// The zone index of this side's own "Inside the box".
    pub fn own_box(self) -> u8 {
        match self {
            Side::Left => 1,
            Side::Right => 7,
        }
    }

    /// The zone step toward the goal this side attacks.
    pub(super) fn forward(self) -> i8 {
        match self {
            Side::Left => 1,
            Side::Right => -1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// How a level match is decided, agreed before it starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// A penalty shoot-out (the default).
    #[default]
    Penalties,
    /// The match restarts (a fresh deal and a kick-off roll) until one
    /// side scores; the first goal wins.
    GoldenGoal,
    /// The match ends as a draw.
    Draw,
}

impl TieBreak {
    /// The key used in files and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            TieBreak::Penalties => "penalties",
            TieBreak::GoldenGoal => "golden_goal",
            TieBreak::Draw => "draw",
        }
    }

    /// Parses a key.
    pub fn parse(s: &str) -> Option<TieBreak> {
        [TieBreak::Penalties, TieBreak::GoldenGoal, TieBreak::Draw]
            .into_iter()
            .find(|t| t.key() == s.trim().to_ascii_lowercase().replace('-', "_"))
    }
}

/// How a 2v2 team decides which manager plays the round's card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamPlay {
    /// The team's managers play in turn, one round each.
    Switching,
    /// Either manager may play; the first card placed is the team's.
    OnTheSpot,
}

impl TeamPlay {
    /// The key used in files.
    pub fn key(self) -> &'static str {
        match self {
            TeamPlay::Switching => "switching",
            TeamPlay::OnTheSpot => "on_the_spot",
        }
    }

    /// Parses a key.
    pub fn parse(s: &str) -> Option<TeamPlay> {
        match s.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "switching" => Some(TeamPlay::Switching),
            "on_the_spot" => Some(TeamPlay::OnTheSpot),
            _ => None,
        }
    }
}

/// Everything needed to start a match except the seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardballConfig {
    /// The validated card set.
    pub cards: Arc<CardSet>,
    /// How a level match is decided.
    #[serde(default)]
    pub tie_break: TieBreak,
    /// Play two halves (a full redeal between them).
    #[serde(default)]
    pub halves: bool,
    /// 2v2 with this way of choosing the playing manager; `None` is the duel.
    #[serde(default)]
    pub teams: Option<TeamPlay>,
    /// Ask the calling manager for an icon before every roll; otherwise the
    /// die's default call is assumed.
    #[serde(default)]
    pub ask_calls: bool,
    /// Readings kept as house rules (all off: the rulebook's text).
    #[serde(default)]
    pub house: HouseRules,
}

/// Readings of the rulebook that differ from its text, kept as house rules
/// a table may agree on before the match. Every one is off by default: the
/// text's version applies (`docs/cardball.md`, section 10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HouseRules {
    /// Marks ranked outright: a defending "takes the ball" beats an
    /// attacking "has a chance" or no effect, and a defending 50/50 mark
    /// beats an attacking "takes the ball". The text gives every round
    /// without a clash in which a card "takes the ball" to the attacker.
    pub ranked_marks: bool,
    /// Golden goal as a single extra game: the manager who did not have
    /// the first kick-off starts with the ball (no roll) and a goalless
    /// golden goal goes to penalties, so it always ends after one deal.
    pub golden_goal_then_penalties: bool,
    /// 2v2 with 6 in hand and 3 on the bench per manager, so the 40 cards
    /// of the duel are enough (the set's 2v2 cards stay in the box).
    pub short_team_bench: bool,
    /// The half-way line reads each card's printed `halfway` effect: no
    /// manager chooses between the two halves.
    pub printed_halfway: bool,
}

impl HouseRules {
    /// Every house rule's key, in file order.
    pub const KEYS: [&'static str; 4] = [
        "ranked_marks",
        "golden_goal_then_penalties",
        "short_team_bench",
        "printed_halfway",
    ];

    /// Parses a house-rules file (`ranked_marks = true`, ...); the error
    /// names the file and what is wrong.
    pub fn parse(name: &str, text: &str) -> Result<HouseRules, String> {
        toml::from_str(text).map_err(|e| {
            let msg = e.message().trim();
            let at = match e.span() {
                Some(r) => {
                    let line = text.get(..r.start).map_or(0, |t| t.matches('\n').count()) + 1;
                    format!("{name}:{line}")
                }
                None => name.to_string(),
            };
            if msg.contains("expected one of") {
                format!("{at}: {msg}")
            } else {
                format!(
                    "{at}: {msg} (Cardball's house rules are {})",
                    HouseRules::KEYS.join(", ")
                )
            }
        })
    }

    /// Turns the rule `key` on; false for an unknown key.
    pub fn set(&mut self, key: &str) -> bool {
        let flag = match key.trim().replace('-', "_").as_str() {
            "ranked_marks" => &mut self.ranked_marks,
            "golden_goal_then_penalties" => &mut self.golden_goal_then_penalties,
            "short_team_bench" => &mut self.short_team_bench,
            "printed_halfway" => &mut self.printed_halfway,
            _ => return false,
        };
        *flag = true;
        true
    }

    /// The keys of the rules that are on.
    pub fn on(&self) -> Vec<&'static str> {
        let flags = [
            self.ranked_marks,
            self.golden_goal_then_penalties,
            self.short_team_bench,
            self.printed_halfway,
        ];
        HouseRules::KEYS
            .into_iter()
            .zip(flags)
            .filter_map(|(k, on)| on.then_some(k))
            .collect()
    }
}

impl CardballConfig {
    /// The main game: a duel, one match, penalties on a tie, default calls.
    pub fn new(cards: Arc<CardSet>) -> Self {
        CardballConfig {
            cards,
            tie_break: TieBreak::Penalties,
            halves: false,
            teams: None,
            ask_calls: false,
            house: HouseRules::default(),
        }
    }

    /// Seats at the table: 2, or 4 in 2v2.
    pub fn seats(&self) -> usize {
        if self.teams.is_some() { 4 } else { 2 }
    }

    /// Cards dealt to each manager's hand and bench.
    pub fn deal_sizes(&self) -> (usize, usize) {
        deal_sizes(self.teams.is_some(), &self.house)
    }

    /// Whether the set's 2v2 cards are dealt: in 2v2 with the rulebook's
    /// benches.
    pub fn team_cards(&self) -> bool {
        self.teams.is_some() && !self.house.short_team_bench
    }
}

pub(super) fn deal_sizes(teams: bool, house: &HouseRules) -> (usize, usize) {
    match (teams, house.short_team_bench) {
        (false, _) => (HAND, BENCH),
        (true, false) => (TEAM_HAND, TEAM_BENCH),
        (true, true) => (TEAM_HAND, SHORT_TEAM_BENCH),
    }
}
