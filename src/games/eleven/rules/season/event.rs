//! What happens in a season, for logs and animations. Events about a
//! club's hidden cards (its Objective, Tactics, Director hand) name them
//! only in `Private` events, which a narrator shows to that seat alone.

use super::action::Row;
use crate::engine::Seat;
use crate::games::eleven::league::DiceStep;
use crate::games::eleven::vocab::{Colour, Contract, Infrastructure};
use serde::{Deserialize, Serialize};

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The season was set up.
    SetUp {
        /// Managers.
        managers: u8,
        /// Division.
        division: u8,
    },
    /// A Week began (Monday).
    WeekStarted {
        /// The Week.
        week: u8,
        /// The First player.
        first: Seat,
    },
    /// Production paid out: Cash, Fan Base, Operation, Fitness.
    Produced {
        /// The club.
        seat: Seat,
        /// What it gained.
        gained: [u32; 4],
    },
    /// A Board Meeting card was drawn and the die rolled.
    BoardRolled {
        /// The club.
        seat: Seat,
        /// The card.
        card: String,
        /// The die.
        roll: u8,
        /// The votes: yellow, blue, red.
        votes: [u8; 3],
        /// The decision with most votes.
        decision: Colour,
        /// Whether Fan Base paid for this roll.
        paid: bool,
    },
    /// A Board Meeting decision was resolved.
    BoardResolved {
        /// The club.
        seat: Seat,
        /// The decision.
        decision: Colour,
    },
    /// A card's effect resolved (a Card action, a Bonus, a decision).
    Effect {
        /// The club.
        seat: Seat,
        /// The card.
        source: String,
        /// What it did, in words.
        text: String,
    },
    /// Part of an effect could not be resolved (nothing to take, no
    /// target, or not expressible outside a Match).
    NotResolved {
        /// The club.
        seat: Seat,
        /// The card.
        source: String,
        /// Why.
        reason: String,
    },
    /// A Player card was hired.
    Hired {
        /// The club.
        seat: Seat,
        /// The card id.
        card: String,
        /// Cash paid.
        cost: u32,
    },
    /// A Player card was sold.
    Sold {
        /// The club.
        seat: Seat,
        /// The card id.
        card: String,
        /// Cash gained.
        cash: u32,
    },
    /// A Staff card was hired.
    StaffHired {
        /// The club.
        seat: Seat,
        /// The card id.
        card: String,
        /// Cash paid.
        cost: u32,
    },
    /// A Sponsor was contracted.
    Contracted {
        /// The club.
        seat: Seat,
        /// The card id.
        card: String,
        /// The contract.
        contract: Contract,
    },
    /// Infrastructure was built.
    Built {
        /// The club.
        seat: Seat,
        /// The token.
        what: Infrastructure,
    },
    /// The Office marker moved up.
    OfficeBuilt {
        /// The club.
        seat: Seat,
        /// The new level.
        level: u8,
    },
    /// A Staff or Director card acted.
    CardActed {
        /// The club.
        seat: Seat,
        /// The card id.
        card: String,
        /// As the Paid action.
        paid: bool,
    },
    /// A club ended its Day.
    TurnEnded {
        /// The club.
        seat: Seat,
    },
    /// A Match was played.
    Match {
        /// The club.
        seat: Seat,
        /// The Opponent club.
        opponent: String,
        /// Goals for.
        own: u32,
        /// Goals against.
        against: u32,
        /// The commentary.
        commentary: Vec<String>,
    },
    /// A Match consequence was rolled.
    ConsequenceRolled {
        /// The club.
        seat: Seat,
        /// The die.
        roll: u8,
        /// The modifiers added to the die (rules in force).
        #[serde(default, skip_serializing_if = "is_zero_i32")]
        modifier: i32,
        /// The consequence.
        consequence: String,
        /// The Injury rolls' twelve-sided dice, in order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        injuries: Vec<u8>,
    },
    /// One Injury roll's twelve-sided die was rolled again.
    InjuryRerolled {
        /// The club.
        seat: Seat,
        /// Which Injury roll (0 the first).
        roll: usize,
        /// The number it shows now.
        number: u8,
    },
    /// The Match consequence was resolved.
    ConsequenceResolved {
        /// The club.
        seat: Seat,
        /// The Player card Trained, by id.
        trained: Option<String>,
        /// Tokens placed: Player card id, token name, how many.
        tokens: Vec<(String, String, u8)>,
        /// Injury tokens ignored (Injuries prevented).
        prevented: u8,
    },
    /// The Opponents nobody played moved by their dice.
    LeagueDice {
        /// What each did.
        steps: Vec<DiceStep>,
    },
    /// Maintenance was paid.
    Maintenance {
        /// The club.
        seat: Seat,
        /// Cash due.
        due: u32,
        /// Cash paid.
        paid: u32,
        /// Suspension tokens put on Staff for the rest.
        suspensions: u32,
    },
    /// A row of the Transfer Area was wiped (solo).
    Wiped {
        /// The row.
        row: Row,
    },
    /// An Objective was fulfilled and revealed.
    ObjectiveFulfilled {
        /// The club.
        seat: Seat,
        /// The card id.
        card: String,
        /// VP gained.
        vp: u32,
    },
    /// Something only `seat` may read (a card drawn into a hidden hand).
    Private {
        /// The reader.
        seat: Seat,
        /// What happened.
        text: String,
    },
    /// The season ended.
    SeasonOver {
        /// Final totals by seat.
        totals: Vec<i32>,
        /// The winners.
        winners: Vec<Seat>,
    },
}

fn is_zero_i32(n: &i32) -> bool {
    *n == 0
}
