//! The decisions a manager takes during a season, and why one may be
//! refused.

use crate::games::eleven::league::ConsequencePicks;
use crate::games::eleven::matchday::{JerseyMove, Lineup};
use crate::games::eleven::vocab::{Contract, Infrastructure};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// One of a club's cards with an action: a Staff card or a Director, by
/// its position in the club's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardRef {
    /// The club's Staff card at this index.
    Staff(usize),
    /// The club's Director card at this index.
    Director(usize),
}

/// A row of the Transfer Area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Row {
    /// The Player row.
    Players,
    /// The Staff row.
    Staff,
    /// The Sponsor row.
    Sponsors,
}

/// What a manager plays on Matchday: the Formation, the line-up, a second
/// Tactic card for its effect and the Fan Base put on the Stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchPlan {
    /// The Tactic card in hand played as the Formation (hand index);
    /// `None` only with no Tactic card in hand (then 4-4-2).
    pub formation_tactic: Option<usize>,
    /// Which of its Formations (basic cards have two).
    pub formation: usize,
    /// Other Tactic cards in hand played for their effect (hand indexes).
    pub effect_tactics: Vec<usize>,
    /// Markers on the Zones and the Player cards assigned (squad indexes
    /// are the club's Player list).
    pub lineup: Lineup,
    /// Fan Base markers put on the Stands (at most one a Stand).
    pub fans: u8,
    /// Fan Base rerolls of the Match's own dice, by card id (a Player
    /// assigned, a Tactic card played for its effect, this Week's Board
    /// Meeting): the most times that card's failed die is rolled again,
    /// for 1 Fan Base each while the club holds one. Empty, as in saves
    /// from before the field, rerolls nothing. The Opponent dice are
    /// never rerolled.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rerolls: BTreeMap<String, u8>,
    /// Where each assigned Player's paid `move_jersey` effect moves
    /// markers during the Match, by card id ([`Season::match_movers`]
    /// lists the cards). A card without an entry, as in saves from before
    /// the field, lets the engine move the marker that raises the
    /// projected score most.
    ///
    /// [`Season::match_movers`]: super::Season::match_movers
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub moves: BTreeMap<String, Vec<JerseyMove>>,
}

/// One decision of one manager (`docs/eleven.md`, the season).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup: keep this Director card of the ones in hand (draft).
    Draft(usize),
    /// Setup: keep this Objective card of the two drawn.
    KeepObjective(usize),
    /// Board Meeting: spend 1 Fan Base to roll the die again.
    RerollBoard,
    /// Board Meeting: resolve the decision the Directors voted for; `picks`
    /// answer its choices in order (see [`Action::CardAction`]).
    AcceptBoard {
        /// Answers to the decision's choices.
        picks: Vec<u8>,
    },
    /// Basic action: Hire the Player in this slot of the Player row (0 the
    /// leftmost, 4 the rightmost; only 2-4 without a card effect).
    HirePlayer(usize),
    /// Basic action: Hire the top Youngster.
    HireYoungster,
    /// Basic action: Sell the club's Player card at this index.
    Sell(usize),
    /// Basic action: Hire the Staff card in this slot (2-4).
    HireStaff(usize),
    /// Basic action: Hire the Staff card in this slot (2-4), `picks`
    /// answering its Bonus's choices in order (see
    /// [`Action::CardAction`]); [`Action::HireStaff`] takes the defaults.
    HireStaffWith {
        /// The slot.
        slot: usize,
        /// Answers to the Bonus's choices.
        picks: Vec<u8>,
    },
    /// Basic action: Contract the Sponsor in this slot (2-4); with an
    /// Adboard contract `bonus` takes the Bonus instead of the Adboard
    /// effects.
    ContractSponsor {
        /// The slot.
        slot: usize,
        /// The contract.
        contract: Contract,
        /// Adboard only: the Bonus instead of the effects.
        bonus: bool,
    },
    /// Basic action: Contract the Sponsor in this slot (2-4), `picks`
    /// answering its effects' choices in order (see
    /// [`Action::CardAction`]); [`Action::ContractSponsor`] takes the
    /// defaults (or, in a season that asks, asks them).
    ContractSponsorWith {
        /// The slot.
        slot: usize,
        /// The contract.
        contract: Contract,
        /// Adboard only: the Bonus instead of the effects.
        bonus: bool,
        /// Answers to the effects' choices.
        picks: Vec<u8>,
    },
    /// Basic action: build a Stadium Infrastructure token (3 Cash).
    Build(Infrastructure),
    /// Basic action: move the Office marker up (the cost above it).
    BuildOffice,
    /// A Card action: as the Day's Basic action, or as the Paid action for
    /// 2 Operation (`paid`). `picks` answer the effect's choices in order:
    /// a slot for a granted Hire, a card index for a target, an option of
    /// `choose`, 1/0 for a `may`; a missing answer takes the default (the
    /// module docs).
    CardAction {
        /// The card.
        card: CardRef,
        /// The Paid action instead of the Basic one.
        paid: bool,
        /// Answers to the effect's choices.
        picks: Vec<u8>,
    },
    /// End this Day's turn (with or without actions).
    EndTurn,
    /// Matchday: play the Match as planned.
    PlayMatch(Box<MatchPlan>),
    /// Matchday: play the engine's suggested plan number `k` (0 the first
    /// of [`Season::suggested_plans`], as the table lists them).
    ///
    /// [`Season::suggested_plans`]: super::Season::suggested_plans
    PlaySuggested(usize),
    /// After the Match: spend 1 Fan Base to roll the consequence again.
    RerollConsequence,
    /// After the Match: resolve the consequence rolled, each choice taken
    /// by default (the first eligible Player in line-up order).
    AcceptConsequence,
    /// After the Match: spend 1 Fan Base to roll this Injury's
    /// twelve-sided die again (0 the first); the consequence stays.
    RerollInjury(usize),
    /// After the Match: resolve the consequence rolled with these answers
    /// (who receives it, who an Injury hurts).
    ResolveConsequence(ConsequencePicks),
    /// Solo, End of the Week: discard a whole row of the Transfer Area and
    /// refill it (once a Week), or `None` to keep it.
    Wipe(Option<Row>),
    /// Answers the question waiting ([`super::Question`]) with this of its
    /// answers.
    Answer(u8),
}

impl Action {
    /// A Sponsor contract's slot, contract, Bonus choice and answers
    /// ([`Action::ContractSponsor`] answers nothing ahead).
    pub fn sponsor_contract(&self) -> Option<(usize, Contract, bool, &[u8])> {
        match self {
            Action::ContractSponsor {
                slot,
                contract,
                bonus,
            } => Some((*slot, *contract, *bonus, &[])),
            Action::ContractSponsorWith {
                slot,
                contract,
                bonus,
                picks,
            } => Some((*slot, *contract, *bonus, picks.as_slice())),
            _ => None,
        }
    }
}

/// Why a season could not start or an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeasonError {
    /// 1 to 4 managers play.
    Managers(u8),
    /// Divisions are 1, 2 and 3.
    Division(u8),
    /// The First player of Week 1 is no seat of the table.
    First(u8),
    /// The decks cannot set the season up.
    Decks(String),
    /// A solo Scenario in a game of several managers, or its Division.
    Scenario(String),
    /// The game is over.
    Over,
    /// It is not this seat's turn to decide.
    NotYourTurn,
    /// The action does not belong to this moment of the Week.
    WrongPhase(&'static str),
    /// The Day's Basic action is already used.
    BasicUsed,
    /// The Day's Paid action is already used.
    PaidUsed,
    /// No card or slot there.
    NoSuchCard(String),
    /// Not enough of a Resource.
    CannotAfford {
        /// What is short.
        what: &'static str,
        /// Needed.
        need: u32,
        /// Held.
        have: u32,
    },
    /// The card has no action, is exhausted or is Suspended.
    CardUnavailable(String),
    /// Every space for it is taken.
    NoSpace(&'static str),
    /// The Match plan breaks a rule.
    Lineup(String),
    /// An answer to the Match consequence names a Player it cannot reach.
    Consequence(String),
}

impl fmt::Display for SeasonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeasonError::Managers(n) => write!(f, "Eleven is played by 1-4 managers, not {n}"),
            SeasonError::Division(d) => write!(f, "the Division must be 1, 2 or 3, not {d}"),
            SeasonError::First(s) => write!(
                f,
                "the First player must be one of the managers, not manager {}",
                u16::from(*s) + 1
            ),
            SeasonError::Decks(s) => write!(f, "the decks cannot set up a season: {s}"),
            SeasonError::Scenario(s) => write!(f, "solo Scenario: {s}"),
            SeasonError::Over => f.write_str("the season is over"),
            SeasonError::NotYourTurn => f.write_str("it is not your turn to decide"),
            SeasonError::WrongPhase(p) => write!(f, "not now: it is {p}"),
            SeasonError::BasicUsed => f.write_str("you already took today's Basic action"),
            SeasonError::PaidUsed => f.write_str("you already took today's Paid action"),
            SeasonError::NoSuchCard(s) => write!(f, "there is no {s}"),
            SeasonError::CannotAfford { what, need, have } => {
                write!(f, "you need {need} {what} and have {have}")
            }
            SeasonError::CardUnavailable(s) => write!(f, "{s} cannot act now"),
            SeasonError::NoSpace(s) => write!(f, "no space left for {s}"),
            SeasonError::Lineup(s) => write!(f, "the line-up breaks a rule: {s}"),
            SeasonError::Consequence(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for SeasonError {}
