//! The effect vocabulary: every card ability is an [`EffectBlock`] of
//! [`Effect`] ops (`docs/eleven.md` sections 4 and 5). The printed card
//! sentence is generated from the structure by [`EffectBlock::describe`],
//! so the data and the printed text cannot disagree.

use super::vocab::{
    Colour, Contract, Deck, Flank, Infrastructure, Line, MatchResult, PlayerKind, Resource,
    Section, Side, StaffSet, Stat, Task, Timing, Token,
};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

mod english;

pub use english::colour_key;

/// A cost or an amount of Resources: resource -> count.
pub type Cost = BTreeMap<Resource, u8>;

/// One ability of a card: when it resolves, what it costs, its condition
/// and its ops in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectBlock {
    /// When the block resolves.
    pub timing: Timing,
    /// Players: the effect cost assigned before the Match (the block is
    /// optional). Staff and Directors: the action cost.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cost: Cost,
    /// The block resolves only if this holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
    /// The ops, resolved in order.
    pub effects: Vec<Effect>,
    /// A printed sentence used instead of the generated one, where the
    /// generated sentence would mislead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// Deserialises either one value or a list of values into a list.
pub(super) fn one_or_many<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany<T> {
        One(T),
        Many(Vec<T>),
    }
    Ok(match OneOrMany::deserialize(d)? {
        OneOrMany::One(x) => vec![x],
        OneOrMany::Many(v) => v,
    })
}

/// One option of `choose`: the ops resolved when it is picked. Written as
/// a table, `{ effects = [...] }`, so that an option is a record like an
/// ability block; a bare list of ops (`[{ op = ... }]`) is read too.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ChoiceOption {
    /// The ops, resolved in order.
    pub effects: Vec<Effect>,
}

impl<'de> Deserialize<'de> for ChoiceOption {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Table {
            effects: Vec<Effect>,
        }
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = ChoiceOption;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an option: a table with `effects`, or a list of ops")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                a: A,
            ) -> Result<ChoiceOption, A::Error> {
                let effects =
                    Vec::<Effect>::deserialize(serde::de::value::SeqAccessDeserializer::new(a))?;
                Ok(ChoiceOption { effects })
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                a: A,
            ) -> Result<ChoiceOption, A::Error> {
                let t = Table::deserialize(serde::de::value::MapAccessDeserializer::new(a))?;
                Ok(ChoiceOption { effects: t.effects })
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// Restricts the cards an op or quantity applies to; each key may hold one
/// value or a list of allowed values.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Player decks allowed.
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub kind: Vec<PlayerKind>,
    /// Player Tasks allowed.
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub task: Vec<Task>,
    /// Player sides allowed.
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub side: Vec<Side>,
    /// Only Players (not) assigned to the current Match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assigned: Option<bool>,
    /// Lines of the Player's Jersey marker in the current Match.
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub line: Vec<Line>,
    /// Sections of the Player's Jersey marker in the current Match.
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub section: Vec<Section>,
    /// Cards carrying one of these tokens.
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub has_token: Vec<Token>,
    /// Staff sets.
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub set: Vec<StaffSet>,
    /// Staff professions.
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub profession: Vec<String>,
    /// Sponsor contracts (quantities only).
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub contract: Vec<Contract>,
    /// Infrastructure types (quantities only).
    #[serde(
        default,
        rename = "type",
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub kind_of_infrastructure: Vec<Infrastructure>,
}

/// What a condition or a multiplier measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantity {
    /// Your goals in the current Match so far.
    OwnGoals,
    /// The Opponent's goals in the current Match so far.
    OpponentGoals,
    /// Own goals minus Opponent goals.
    GoalDifference,
    /// Win, draw or loss at this moment (compare with `equals`).
    MatchResult,
    /// Goals scored by this Player card in the current Match.
    ThisPlayerGoals,
    /// Fan Base markers on the Stands for the current Match.
    FansInStands,
    /// Your Player cards (optionally filtered).
    Players,
    /// Staff sets in which you have a card.
    StaffSets,
    /// Your contracted Sponsors in play (optionally filtered).
    Sponsors,
    /// Infrastructure tokens you built (optionally filtered).
    Infrastructure,
    /// Spaces your Office marker moved up.
    OfficeLevel,
    /// The level of a Stat track.
    Stat,
    /// Your rank on the League table.
    LeaguePosition,
    /// Matches won this game.
    SeasonWins,
    /// Goals scored this game.
    SeasonGoalsFor,
    /// Matches in which the Opponent scored 0.
    SeasonCleanSheets,
    /// The Week of the season (1-6), e.g. an Objective fulfilled by Week 4.
    Week,
}

impl Quantity {
    /// A short phrase naming the quantity.
    pub fn phrase(self) -> &'static str {
        match self {
            Quantity::OwnGoals => "your goals",
            Quantity::OpponentGoals => "Opponent goals",
            Quantity::GoalDifference => "goal difference",
            Quantity::MatchResult => "the result",
            Quantity::ThisPlayerGoals => "goals by this Player",
            Quantity::FansInStands => "Fan Base in the Stands",
            Quantity::Players => "Players",
            Quantity::StaffSets => "Staff sets",
            Quantity::Sponsors => "Sponsors",
            Quantity::Infrastructure => "Stadium Infrastructure",
            Quantity::OfficeLevel => "Office level",
            Quantity::Stat => "Stat level",
            Quantity::LeaguePosition => "League position",
            Quantity::SeasonWins => "wins this season",
            Quantity::SeasonGoalsFor => "goals this season",
            Quantity::SeasonCleanSheets => "clean sheets this season",
            Quantity::Week => "the Week",
        }
    }
}

/// The value `equals` compares with: a number or a Match result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Equals {
    /// A number.
    Number(i32),
    /// A Match result.
    Result(MatchResult),
}

/// A condition (one quantity and one comparator) or, without a
/// comparator, a multiplier for `gain.per`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    /// What is measured.
    pub quantity: Quantity,
    /// Restricts counted cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<Filter>,
    /// The Stat track, for `quantity = "stat"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stat: Option<Stat>,
    /// Holds when the quantity is at least this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<i32>,
    /// Holds when the quantity is at most this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_most: Option<i32>,
    /// Holds when the quantity equals this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equals: Option<Equals>,
}

impl Condition {
    /// How many comparators the condition has (a valid condition has one,
    /// a multiplier none).
    pub fn comparators(&self) -> usize {
        usize::from(self.at_least.is_some())
            + usize::from(self.at_most.is_some())
            + usize::from(self.equals.is_some())
    }

    /// Whether `value` (or `result`, for `match_result`) satisfies it.
    pub fn holds(&self, value: i32, result: MatchResult) -> bool {
        if let Some(x) = self.at_least
            && value < x
        {
            return false;
        }
        if let Some(x) = self.at_most
            && value > x
        {
            return false;
        }
        match self.equals {
            Some(Equals::Number(x)) => value == x,
            Some(Equals::Result(r)) => result == r,
            None => true,
        }
    }

    /// The subject of the condition, e.g. "your goals" or "Trained
    /// Players".
    fn subject(&self) -> String {
        let base = match (self.quantity, self.stat) {
            (Quantity::Stat, Some(s)) => format!("your {} level", s.title()),
            _ => self.quantity.phrase().to_string(),
        };
        match &self.filter {
            Some(f) => format!("{}{base}", f.adjectives()),
            None => base,
        }
    }

    /// The printed condition, e.g. "WHEN THE RESULT IS A DRAW".
    pub fn describe(&self) -> String {
        if self.quantity == Quantity::MatchResult
            && let Some(Equals::Result(r)) = self.equals
        {
            return match r {
                MatchResult::Win => "if you win".to_string(),
                MatchResult::Draw => "if the result is a draw".to_string(),
                MatchResult::Loss => "if you lose".to_string(),
            };
        }
        match (self.quantity, self.at_least, self.at_most) {
            (Quantity::ThisPlayerGoals, Some(1), None) => return "if this Player scores".into(),
            (Quantity::OwnGoals, Some(n), None) => {
                return format!("if your team scores at least {n} goals");
            }
            (Quantity::OpponentGoals, None, Some(0)) => {
                return "if your Opponent scores no goals".into();
            }
            (Quantity::Week, None, Some(n)) => return format!("if done by Week {n}"),
            (Quantity::Week, Some(n), None) => return format!("if done in Week {n} or later"),
            _ => {}
        }
        let subject = self.subject();
        match (self.at_least, self.at_most, self.equals) {
            (Some(a), None, None) => format!("if {subject} is at least {a}"),
            (None, Some(0), None) => format!("if {subject} is 0"),
            (None, Some(b), None) => format!("if {subject} is at most {b}"),
            (None, None, Some(Equals::Number(n))) => format!("if {subject} is {n}"),
            (Some(a), Some(b), None) => format!("if {subject} is {a}-{b}"),
            _ => format!("depending on {subject}"),
        }
    }
}

impl Filter {
    /// The filter as adjectives before a noun ("assigned Trained ").
    fn adjectives(&self) -> String {
        let mut words: Vec<String> = Vec::new();
        if self.assigned == Some(true) {
            words.push("assigned".into());
        }
        if self.assigned == Some(false) {
            words.push("unassigned".into());
        }
        let join = |v: Vec<&str>| v.join(" or ");
        if !self.side.is_empty() {
            words.push(join(
                self.side
                    .iter()
                    .map(|s| match s {
                        Side::Untrained => "Untrained",
                        Side::Trained => "Trained",
                    })
                    .collect(),
            ));
        }
        if !self.kind.is_empty() {
            words.push(join(
                self.kind
                    .iter()
                    .map(|k| match k {
                        PlayerKind::Regular => "regular",
                        PlayerKind::Youngster => "Youngster",
                        PlayerKind::Veteran => "Veteran",
                    })
                    .collect(),
            ));
        }
        if !self.task.is_empty() {
            words.push(join(
                self.task
                    .iter()
                    .map(|t| match t {
                        Task::Attack => "attacking",
                        Task::Defence => "defending",
                        Task::Goalkeeper => "Goalkeeper",
                    })
                    .collect(),
            ));
        }
        if !self.line.is_empty() {
            words.push(join(self.line.iter().map(|l| l.key()).collect()));
        }
        if !self.section.is_empty() {
            let names: Vec<String> = self.section.iter().map(|s| s.to_string()).collect();
            words.push(names.join(" or "));
        }
        if !self.has_token.is_empty() {
            let names: Vec<String> = self
                .has_token
                .iter()
                .map(|t| format!("{}-marked", t.title()))
                .collect();
            words.push(names.join(" or "));
        }
        if !self.set.is_empty() {
            let names: Vec<String> = self.set.iter().map(|s| format!("{s:?}")).collect();
            words.push(names.join(" or "));
        }
        if !self.profession.is_empty() {
            words.push(self.profession.join(" or "));
        }
        if !self.contract.is_empty() {
            let names: Vec<&str> = self
                .contract
                .iter()
                .map(|c| match c {
                    Contract::OneOff => "one-off",
                    Contract::Adboard => "Adboard",
                    Contract::Kit => "Kit",
                })
                .collect();
            words.push(join(names));
        }
        if !self.kind_of_infrastructure.is_empty() {
            words.push(join(
                self.kind_of_infrastructure
                    .iter()
                    .map(|i| i.title())
                    .collect(),
            ));
        }
        if words.is_empty() {
            String::new()
        } else {
            format!("{} ", words.join(" "))
        }
    }
}

/// Which of your cards an op applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// This Player card.
    #[serde(rename = "self")]
    This,
    /// One of your Player cards of your choice.
    Chosen,
    /// Every one of your Player cards that matches.
    Each,
    /// The Player whose Jersey number a twelve-sided die shows.
    Random,
    /// Tokens distributed among your Player cards as you like.
    Spread,
    /// One of your Staff cards.
    ChosenStaff,
    /// One of your Director cards.
    ChosenDirector,
    /// Any one of your Player, Staff or Director cards.
    ChosenCard,
}

/// Which part of the Opponent card `adjust_opponent` changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpponentTarget {
    /// Outfield players.
    Player,
    /// The Goalkeeper's Strength.
    GoalkeeperStrength,
    /// The Goalkeeper's saves.
    GoalkeeperSaves,
}

/// A line or any line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinePick {
    /// The defence line.
    Defence,
    /// The midfield line.
    Midfield,
    /// The forward line.
    Forward,
    /// Any line.
    #[default]
    Any,
}

impl LinePick {
    /// Whether `line` matches.
    pub fn matches(self, line: Line) -> bool {
        match self {
            LinePick::Defence => line == Line::Defence,
            LinePick::Midfield => line == Line::Midfield,
            LinePick::Forward => line == Line::Forward,
            LinePick::Any => true,
        }
    }
}

/// Left, centre, right or any, as seen by the Opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlankPick {
    /// The Opponent's left.
    Left,
    /// The centre.
    Centre,
    /// The Opponent's right.
    Right,
    /// Any Zone.
    #[default]
    Any,
}

impl FlankPick {
    /// Whether `flank` matches.
    pub fn matches(self, flank: Flank) -> bool {
        match self {
            FlankPick::Left => flank == Flank::Left,
            FlankPick::Centre => flank == Flank::Centre,
            FlankPick::Right => flank == Flank::Right,
            FlankPick::Any => true,
        }
    }
}

/// Attack, defence or any Task.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskPick {
    /// Attackers.
    Attack,
    /// Defenders.
    Defence,
    /// Anyone.
    #[default]
    Any,
}

impl TaskPick {
    /// Whether `task` matches.
    pub fn matches(self, task: Task) -> bool {
        match self {
            TaskPick::Attack => task == Task::Attack,
            TaskPick::Defence => task == Task::Defence,
            TaskPick::Any => true,
        }
    }
}

/// A count or "all".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Count {
    /// That many.
    N(u8),
    /// Every matching one.
    All(AllWord),
}

impl Default for Count {
    fn default() -> Self {
        Count::N(1)
    }
}

/// The word `all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AllWord {
    /// Every matching one.
    All,
}

/// Which team's Score marker moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Team {
    /// Your team.
    Own,
    /// The Opponent.
    Opponent,
}

pub(super) fn own() -> Team {
    Team::Own
}

pub(super) fn opponent() -> Team {
    Team::Opponent
}

pub(super) fn one() -> u8 {
    1
}

/// The Basic actions a card may grant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BasicAction {
    /// Hire a Player.
    HirePlayer,
    /// Hire a Youngster.
    HireYoungster,
    /// Sell a Player.
    SellPlayer,
    /// Hire Staff.
    HireStaff,
    /// Contract a Sponsor.
    ContractSponsor,
    /// Build Stadium Infrastructure.
    BuildInfrastructure,
    /// Build an Office.
    BuildOffice,
}

/// Where a granted Hire may pick from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Market {
    /// The 3 rightmost cards of the Transfer Area.
    #[default]
    Market,
    /// Any of the 5 cards of the Transfer Area.
    Display,
}

/// Rules a `modify` op changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// Cash paid for Maintenance.
    Maintenance,
    /// Operation paid for the additional Paid action.
    PaidActionCost,
    /// Extra Tactic cards you may play for their effect in a Match.
    TacticPlays,
    /// Shots your Goalkeeper can block.
    GoalkeeperSaves,
    /// Your Goalkeeper's Strength.
    GoalkeeperStrength,
    /// Strength of Jersey markers without an assigned Player card.
    BlankJerseyStrength,
    /// Cash per Fan Base discarded from the Stands.
    StandIncome,
    /// Added to the Match consequence roll.
    ConsequenceRoll,
    /// Injury tokens you may ignore each Match.
    InjuriesPrevented,
}

impl Rule {
    /// A phrase naming what changes.
    fn phrase(self) -> &'static str {
        match self {
            Rule::Maintenance => "Maintenance cost",
            Rule::PaidActionCost => "Paid action cost",
            Rule::TacticPlays => "Tactic cards you may play for their effect",
            Rule::GoalkeeperSaves => "saves of your Goalkeeper",
            Rule::GoalkeeperStrength => "Strength of your Goalkeeper",
            Rule::BlankJerseyStrength => "Strength of Jersey markers without a Player card",
            Rule::StandIncome => "Cash per Fan Base in the Stands",
            Rule::ConsequenceRoll => "Match consequence roll",
            Rule::InjuriesPrevented => "Injuries you may ignore",
        }
    }
}

/// How long a `modify` lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// The current or next Match of this Week.
    Match,
    /// Until the end of the Week.
    Week,
    /// While the card stays in play.
    Game,
}

/// Kinds of your cards `discard_card` removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    /// A Player card.
    Player,
    /// A Staff card.
    Staff,
    /// A Sponsor card.
    Sponsor,
    /// A Tactic card.
    Tactic,
    /// A Director card.
    Director,
}

/// How discarded cards are picked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    /// You choose.
    #[default]
    Chosen,
    /// At random.
    Random,
}

/// Kinds of cards `unexhaust` readies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExhaustKind {
    /// Staff cards.
    Staff,
    /// Director cards.
    Director,
    /// Staff or Director cards.
    Any,
}

pub(super) fn is_false(b: &bool) -> bool {
    !*b
}

/// One op of the effect vocabulary (21 ops; `docs/eleven.md` section 5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Take Resources (or VP) from the supply, optionally per a quantity.
    Gain {
        /// What is taken.
        resource: Resource,
        /// How many (per unit of `per`).
        amount: u8,
        /// A multiplier quantity.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        per: Option<Condition>,
        /// A cap on the total.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<u8>,
    },
    /// Discard up to `amount` of a Resource.
    Lose {
        /// What is discarded.
        resource: Resource,
        /// How many.
        amount: u8,
    },
    /// Move a Stat marker.
    MoveStat {
        /// The track.
        stat: Stat,
        /// Steps (-2..2).
        by: i8,
    },
    /// Draw cards and keep some.
    Draw {
        /// The deck.
        deck: Deck,
        /// Cards drawn (1-3).
        count: u8,
        /// Cards kept (default: all).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        keep: Option<u8>,
    },
    /// Perform a Basic action now.
    BasicAction {
        /// The action.
        action: BasicAction,
        /// Where a Hire may pick from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Market>,
        /// Cash off the cost.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discount: Option<u8>,
        /// No cost at all.
        #[serde(default, skip_serializing_if = "is_false")]
        free: bool,
        /// The only Infrastructure allowed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        infrastructure: Option<Infrastructure>,
        /// The only contract allowed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        contract: Option<Contract>,
    },
    /// Flip Untrained Player cards to their Trained side.
    Train {
        /// Which cards.
        target: Target,
        /// Restricts the cards.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
        /// How many (default 1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u8>,
    },
    /// Put tokens on cards.
    PlaceToken {
        /// The token.
        token: Token,
        /// Which cards.
        target: Target,
        /// How many (1-3).
        amount: u8,
        /// Restricts the cards.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
    },
    /// Remove tokens from cards.
    RemoveToken {
        /// The token.
        token: Token,
        /// Which cards.
        target: Target,
        /// Up to how many (1-3).
        amount: u8,
        /// Restricts the cards.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
    },
    /// Move a Score marker forward.
    ScoreGoal {
        /// Whose.
        #[serde(default = "own")]
        team: Team,
        /// Goals.
        #[serde(default = "one")]
        count: u8,
    },
    /// Move a Score marker back (not below 0).
    CancelGoal {
        /// Whose.
        #[serde(default = "opponent")]
        team: Team,
        /// Goals.
        #[serde(default = "one")]
        count: u8,
    },
    /// Roll a die and branch on the result.
    RollDie {
        /// 6 or 12.
        sides: u8,
        /// Passes on this or more.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at_least: Option<u8>,
        /// Passes on this or less.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at_most: Option<u8>,
        /// Passes on an even result.
        #[serde(default, skip_serializing_if = "is_false")]
        even: bool,
        /// Passes on an odd result.
        #[serde(default, skip_serializing_if = "is_false")]
        odd: bool,
        /// Resolved when the test passes.
        then: Vec<Effect>,
        /// Resolved when it fails.
        #[serde(default, rename = "else", skip_serializing_if = "Vec::is_empty")]
        otherwise: Vec<Effect>,
    },
    /// Branch on a condition.
    If {
        /// The test.
        condition: Condition,
        /// Resolved when it holds.
        then: Vec<Effect>,
        /// Resolved otherwise.
        #[serde(default, rename = "else", skip_serializing_if = "Vec::is_empty")]
        otherwise: Vec<Effect>,
    },
    /// Resolve exactly one option of your choice.
    Choose {
        /// Two or more options.
        options: Vec<ChoiceOption>,
    },
    /// Optionally pay a cost to resolve the effects.
    May {
        /// The effects.
        then: Vec<Effect>,
        /// What it costs.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        cost: Cost,
    },
    /// Change a rule for a while.
    Modify {
        /// The rule.
        rule: Rule,
        /// Added to it.
        by: i8,
        /// For how long.
        duration: Duration,
    },
    /// Change the current Opponent card for this Match.
    AdjustOpponent {
        /// Players or the Goalkeeper.
        target: OpponentTarget,
        /// Added to Strength or saves (never below 0).
        by: i8,
        /// The line of the players.
        #[serde(default)]
        line: LinePick,
        /// The Zone (the Opponent's own left/right).
        #[serde(default)]
        zone: FlankPick,
        /// The Task of the players.
        #[serde(default)]
        task: TaskPick,
        /// How many players.
        #[serde(default)]
        count: Count,
    },
    /// Flip Jersey markers without a Player card to their other side.
    FlipJersey {
        /// Markers.
        count: u8,
    },
    /// Move Jersey markers one step to an adjacent Zone.
    MoveJersey {
        /// Markers.
        count: u8,
    },
    /// Discard your own cards.
    DiscardCard {
        /// The kind of card.
        kind: CardKind,
        /// Chosen or random.
        #[serde(default)]
        pick: Pick,
        /// How many.
        count: u8,
        /// Sponsors: undo what the contract gave.
        #[serde(default, skip_serializing_if = "is_false")]
        pay_back: bool,
        /// Restricts the cards.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Filter>,
    },
    /// Move your Club marker on the League table.
    MoveLeague {
        /// Whose marker.
        #[serde(default = "own")]
        team: Team,
        /// Steps.
        by: i8,
    },
    /// Ready exhausted cards.
    Unexhaust {
        /// Staff, Directors or either.
        kind: ExhaustKind,
        /// How many.
        count: u8,
    },
}
