//! One manager's club during a season: boards, tracks, cards and tokens.

use super::action::Row;
use crate::games::eleven::effect::{Duration, Rule};
use crate::games::eleven::league::ConsequenceRoll;
use crate::games::eleven::matchday::{MatchReport, MatchSetup, SourcedBlock, Tokens};
use crate::games::eleven::vocab::{
    Colour, Contract, Infrastructure, Resource, Side, StaffSet, Stat,
};
use serde::{Deserialize, Serialize};

/// The four Resources and Stat tracks, in the order of [`Amounts`].
pub const STATS: [Stat; 4] = [Stat::Cash, Stat::FanBase, Stat::Operation, Stat::Fitness];

/// The index of a Stat or Resource in [`Amounts`] (none for `any` and VP).
pub fn slot_of_stat(stat: Stat) -> Option<usize> {
    STATS.iter().position(|s| *s == stat)
}

/// The index of a Resource in [`Amounts`] (none for `any` and VP).
pub fn slot_of(resource: Resource) -> Option<usize> {
    match resource {
        Resource::Cash => Some(0),
        Resource::FanBase => Some(1),
        Resource::Operation => Some(2),
        Resource::Fitness => Some(3),
        Resource::VictoryPoint | Resource::Any => None,
    }
}

/// Cash, Fan Base, Operation and Fitness held.
pub type Amounts = [u32; 4];

/// The Staff sets a club counts for an effect or an Objective ("Staff
/// sets"): the different sets among its Staff cards without a Suspension
/// token, given as each card's set and Suspension tokens. The rulebook:
/// cards with Suspension tokens "are ignored for all other effects". The
/// engine and the season bot (reading its view) both count with this.
pub fn staff_sets(staff: impl IntoIterator<Item = (StaffSet, u8)>) -> i32 {
    let mut sets: Vec<StaffSet> = Vec::new();
    for (set, suspension) in staff {
        if suspension == 0 && !sets.contains(&set) {
            sets.push(set);
        }
    }
    sets.len() as i32
}

/// A Player card in a club.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnedPlayer {
    /// Index into the Player cards.
    pub card: usize,
    /// The side face up.
    pub side: Side,
    /// Tokens on the card.
    pub tokens: Tokens,
    /// Experience spaces filled (Trained Youngsters).
    pub experience_filled: Vec<bool>,
}

/// A Staff or Director card in a club.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnedCard {
    /// Index into the Staff or Director cards.
    pub card: usize,
    /// Used this Week (rotated 90 degrees).
    pub exhausted: bool,
    /// Suspension tokens on it.
    pub suspension: u8,
}

/// A contracted Sponsor in play (Adboard or Kit; one-off Sponsors are
/// discarded at once).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnedSponsor {
    /// Index into the Sponsor cards.
    pub card: usize,
    /// Adboard or Kit.
    pub contract: Contract,
    /// Resources and VP the contract gave (Cash, Fan Base, Operation,
    /// Fitness, VP), paid back if the Sponsor is lost.
    pub gained: [i32; 5],
    /// Rule changes the contract made that are still in force; they end
    /// when the Sponsor is lost.
    #[serde(default)]
    pub rules: Vec<Modifier>,
}

/// A rule change in force and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// The rule.
    pub rule: Rule,
    /// Added to it.
    pub by: i8,
    /// Until when.
    pub duration: Duration,
}

/// This Week's Board Meeting of one club.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardMeeting {
    /// Index into the Board Meeting cards.
    pub card: usize,
    /// The die as it lies.
    pub roll: u8,
    /// The decision the Directors voted for.
    pub decision: Colour,
    /// Votes: yellow, blue, red.
    pub votes: [u8; 3],
    /// Free rerolls made for ties.
    pub tie_rerolls: u8,
    /// Fan Base spent on rerolls.
    pub paid_rerolls: u8,
    /// Resolved.
    pub resolved: bool,
}

/// A Match played and waiting for its consequence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingMatch {
    /// What was played.
    pub setup: MatchSetup,
    /// How it went.
    pub report: MatchReport,
    /// The consequence die as it lies.
    pub roll: ConsequenceRoll,
    /// Fan Base spent on rerolls.
    pub rerolls: u8,
}

/// A Match as the season remembers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSummary {
    /// The Week.
    pub week: u8,
    /// The Opponent card.
    pub opponent: usize,
    /// Goals for.
    pub own: u32,
    /// Goals against.
    pub against: u32,
}

/// One manager's club.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Club {
    /// The club's name.
    pub name: String,
    /// Stat track levels (1-5): Cash, Fan Base, Operation, Fitness.
    pub stats: [u8; 4],
    /// Resources held.
    pub res: Amounts,
    /// VP tokens in the supply (Experience tokens on Youngsters are on
    /// the Players).
    pub vp: u32,
    /// Player cards.
    pub players: Vec<OwnedPlayer>,
    /// Staff cards.
    pub staff: Vec<OwnedCard>,
    /// Director cards (after the draft).
    pub directors: Vec<OwnedCard>,
    /// Director cards in hand during the draft (hidden).
    pub director_hand: Vec<usize>,
    /// Contracted Sponsors in play.
    pub sponsors: Vec<OwnedSponsor>,
    /// Built Stadium Infrastructure tokens (printed ones excluded).
    pub built: Vec<Infrastructure>,
    /// Spaces the Office marker moved up.
    pub office: u8,
    /// Tactic cards in hand (hidden).
    pub tactics: Vec<usize>,
    /// The Objective kept (hidden until revealed).
    pub objective: Option<usize>,
    /// The two Objectives offered at setup (hidden).
    pub objective_offer: Vec<usize>,
    /// Whether the Objective is revealed (fulfilled).
    pub objective_revealed: bool,
    /// VP the Objective gave.
    pub objective_vp: u32,
    /// Opponent cards on the Match board, the next one last (hidden but
    /// for the Scout Report).
    pub opponents: Vec<usize>,
    /// This club's index on the League table.
    pub team: usize,
    /// Rule changes in force.
    pub modifiers: Vec<Modifier>,
    /// This Week's Board Meeting.
    pub board: Option<BoardMeeting>,
    /// This Week's Board Meeting blocks for the Match.
    pub board_match: Vec<SourcedBlock>,
    /// Reminder tokens on the boards.
    pub reminders: u32,
    /// Today's Basic action is used.
    pub basic_used: bool,
    /// Today's Paid action is used.
    pub paid_used: bool,
    /// Matches won.
    pub wins: u32,
    /// Goals scored this season.
    pub goals_for: u32,
    /// Matches without a goal against.
    pub clean_sheets: u32,
    /// Every Match played.
    pub matches: Vec<MatchSummary>,
    /// The Match waiting for its consequence.
    pub pending: Option<Box<PendingMatch>>,
    /// Solo: the row wiped this Week, if any.
    pub wiped: Option<Row>,
    /// The Jersey markers' sides and places between Matches; `None` in
    /// saves from before they were kept (then a marker without a card
    /// may show either side in each Match).
    #[serde(default)]
    pub jerseys: Option<super::jersey::Jerseys>,
}

impl Club {
    /// A club before the draft: Stat markers on the second space.
    pub fn new(name: String, team: usize) -> Club {
        Club {
            name,
            stats: [2; 4],
            res: [0; 4],
            vp: 0,
            players: Vec::new(),
            staff: Vec::new(),
            directors: Vec::new(),
            director_hand: Vec::new(),
            sponsors: Vec::new(),
            built: Vec::new(),
            office: 0,
            tactics: Vec::new(),
            objective: None,
            objective_offer: Vec::new(),
            objective_revealed: false,
            objective_vp: 0,
            opponents: Vec::new(),
            team,
            modifiers: Vec::new(),
            board: None,
            board_match: Vec::new(),
            reminders: 0,
            basic_used: false,
            paid_used: false,
            wins: 0,
            goals_for: 0,
            clean_sheets: 0,
            matches: Vec::new(),
            pending: None,
            wiped: None,
            jerseys: None,
        }
    }

    /// Cash held.
    pub fn cash(&self) -> u32 {
        self.res[0]
    }

    /// Stands: 2 printed plus those built.
    pub fn stands(&self) -> u8 {
        2 + self
            .built
            .iter()
            .filter(|i| **i == Infrastructure::Stand)
            .count() as u8
    }

    /// Adboard spaces for Sponsors: 2 printed plus Adboard #3.
    pub fn adboard_spaces(&self) -> usize {
        2 + self
            .built
            .iter()
            .filter(|i| **i == Infrastructure::Adboard)
            .count()
    }

    /// Experience (VP) tokens on the club's Player cards.
    pub fn experience_vp(&self) -> u32 {
        self.players
            .iter()
            .map(|p| u32::from(p.tokens.experience))
            .sum()
    }

    /// Suspension tokens on all the club's cards.
    pub fn suspension_tokens(&self) -> u32 {
        let players: u32 = self
            .players
            .iter()
            .map(|p| u32::from(p.tokens.suspension))
            .sum();
        let cards: u32 = self
            .staff
            .iter()
            .chain(&self.directors)
            .map(|c| u32::from(c.suspension))
            .sum();
        players + cards
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staff_sets_count_different_sets_of_unsuspended_cards() {
        use StaffSet::*;
        assert_eq!(staff_sets([]), 0);
        assert_eq!(staff_sets([(Medical, 0), (Medical, 0), (Finance, 0)]), 2);
        // A suspended card adds no set, unless another card has it.
        assert_eq!(staff_sets([(Medical, 0), (Finance, 1)]), 1);
        assert_eq!(staff_sets([(Finance, 1), (Finance, 0)]), 1);
    }
}
