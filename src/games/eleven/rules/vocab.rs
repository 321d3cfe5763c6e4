//! The names Eleven's cards and rules share: Zones, Sections, Tasks,
//! Resources, tokens and the other small vocabularies of `docs/eleven.md`
//! section 3. Plain data with serde names exactly as the card files spell
//! them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the 9 Zones of the pitch, or the Goalkeeper's pseudo-zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// Left Zone of the defence line.
    LeftDefence,
    /// Central Zone of the defence line (the Central Defenders Section).
    CentralDefence,
    /// Right Zone of the defence line.
    RightDefence,
    /// Left Zone of the midfield line.
    LeftMidfield,
    /// Central Zone of the midfield line (the Central Midfielders Section).
    CentralMidfield,
    /// Right Zone of the midfield line.
    RightMidfield,
    /// Left Zone of the forward line.
    LeftForward,
    /// Central Zone of the forward line (the Central Forwards Section).
    CentralForward,
    /// Right Zone of the forward line.
    RightForward,
    /// The goal: Goalkeeper cards only; never a place for a Jersey marker.
    Goal,
}

impl Zone {
    /// The 9 Zones of the pitch, defence line first, left to right.
    pub const PITCH: [Zone; 9] = [
        Zone::LeftDefence,
        Zone::CentralDefence,
        Zone::RightDefence,
        Zone::LeftMidfield,
        Zone::CentralMidfield,
        Zone::RightMidfield,
        Zone::LeftForward,
        Zone::CentralForward,
        Zone::RightForward,
    ];

    /// The line of a pitch Zone (`None` for the goal).
    pub fn line(self) -> Option<Line> {
        use Zone::*;
        match self {
            LeftDefence | CentralDefence | RightDefence => Some(Line::Defence),
            LeftMidfield | CentralMidfield | RightMidfield => Some(Line::Midfield),
            LeftForward | CentralForward | RightForward => Some(Line::Forward),
            Goal => None,
        }
    }

    /// Left, centre or right (`None` for the goal).
    pub fn side(self) -> Option<Flank> {
        use Zone::*;
        match self {
            LeftDefence | LeftMidfield | LeftForward => Some(Flank::Left),
            CentralDefence | CentralMidfield | CentralForward => Some(Flank::Centre),
            RightDefence | RightMidfield | RightForward => Some(Flank::Right),
            Goal => None,
        }
    }

    /// The Section the Zone belongs to (`None` for the goal).
    pub fn section(self) -> Option<Section> {
        use Zone::*;
        match self {
            LeftDefence | LeftMidfield | LeftForward => Some(Section::LeftWing),
            RightDefence | RightMidfield | RightForward => Some(Section::RightWing),
            CentralDefence => Some(Section::CentralDefence),
            CentralMidfield => Some(Section::CentralMidfield),
            CentralForward => Some(Section::CentralForward),
            Goal => None,
        }
    }

    /// The Zone at `line` and `flank`.
    pub fn at(line: Line, flank: Flank) -> Zone {
        use Zone::*;
        match (line, flank) {
            (Line::Defence, Flank::Left) => LeftDefence,
            (Line::Defence, Flank::Centre) => CentralDefence,
            (Line::Defence, Flank::Right) => RightDefence,
            (Line::Midfield, Flank::Left) => LeftMidfield,
            (Line::Midfield, Flank::Centre) => CentralMidfield,
            (Line::Midfield, Flank::Right) => RightMidfield,
            (Line::Forward, Flank::Left) => LeftForward,
            (Line::Forward, Flank::Centre) => CentralForward,
            (Line::Forward, Flank::Right) => RightForward,
        }
    }

    /// Whether two pitch Zones share an edge: the next Zone along the
    /// same line or in the same column (never diagonally, never the goal).
    pub fn adjacent(self, other: Zone) -> bool {
        let place = |z: Zone| {
            let line = Line::ALL.iter().position(|l| Some(*l) == z.line())?;
            let flank = Flank::ALL.iter().position(|f| Some(*f) == z.side())?;
            Some((line, flank))
        };
        match (place(self), place(other)) {
            (Some((l1, f1)), Some((l2, f2))) => l1.abs_diff(l2) + f1.abs_diff(f2) == 1,
            _ => false,
        }
    }

    /// The most Jersey markers the Zone holds: 3 in a central Zone, 1 on a
    /// wing, none in the goal.
    pub fn capacity(self) -> u8 {
        match self.side() {
            Some(Flank::Centre) => 3,
            Some(_) => 1,
            None => 0,
        }
    }

    /// The name used in the card files.
    pub fn key(self) -> &'static str {
        use Zone::*;
        match self {
            LeftDefence => "left_defence",
            CentralDefence => "central_defence",
            RightDefence => "right_defence",
            LeftMidfield => "left_midfield",
            CentralMidfield => "central_midfield",
            RightMidfield => "right_midfield",
            LeftForward => "left_forward",
            CentralForward => "central_forward",
            RightForward => "right_forward",
            Goal => "goal",
        }
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key().replace('_', " "))
    }
}

/// A line of three Zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Line {
    /// The defence line.
    Defence,
    /// The midfield line.
    Midfield,
    /// The forward line.
    Forward,
}

impl Line {
    /// The three lines, from your goal outwards.
    pub const ALL: [Line; 3] = [Line::Defence, Line::Midfield, Line::Forward];

    /// The name used in the card files.
    pub fn key(self) -> &'static str {
        match self {
            Line::Defence => "defence",
            Line::Midfield => "midfield",
            Line::Forward => "forward",
        }
    }
}

/// Left, centre or right, as seen by the team that owns the Zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flank {
    /// The team's own left.
    Left,
    /// The centre.
    Centre,
    /// The team's own right.
    Right,
}

impl Flank {
    /// Left, centre, right.
    pub const ALL: [Flank; 3] = [Flank::Left, Flank::Centre, Flank::Right];

    /// The name used in the card files.
    pub fn key(self) -> &'static str {
        match self {
            Flank::Left => "left",
            Flank::Centre => "centre",
            Flank::Right => "right",
        }
    }
}

/// One of the 5 Sections compared in a Match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Section {
    /// The three left Zones.
    LeftWing,
    /// The three right Zones.
    RightWing,
    /// The central defence Zone.
    CentralDefence,
    /// The central midfield Zone.
    CentralMidfield,
    /// The central forward Zone.
    CentralForward,
}

impl Section {
    /// The name used in the card files.
    pub fn key(self) -> &'static str {
        match self {
            Section::LeftWing => "left_wing",
            Section::RightWing => "right_wing",
            Section::CentralDefence => "central_defence",
            Section::CentralMidfield => "central_midfield",
            Section::CentralForward => "central_forward",
        }
    }

    /// The Section of the other team that this one faces: wings cross
    /// over (the Opponent card is upside down) and forwards face defenders.
    pub fn facing(self) -> Section {
        match self {
            Section::LeftWing => Section::RightWing,
            Section::RightWing => Section::LeftWing,
            Section::CentralDefence => Section::CentralForward,
            Section::CentralMidfield => Section::CentralMidfield,
            Section::CentralForward => Section::CentralDefence,
        }
    }

    /// The rulebook's order of comparison, by your Section: your left wing,
    /// your right wing, your forwards, your midfield, your defenders.
    pub const MATCH_ORDER: [Section; 5] = [
        Section::LeftWing,
        Section::RightWing,
        Section::CentralForward,
        Section::CentralMidfield,
        Section::CentralDefence,
    ];

    /// Whether a Zone lies in this Section.
    pub fn contains(self, zone: Zone) -> bool {
        zone.section() == Some(self)
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key().replace('_', " "))
    }
}

/// A Player's Task.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// The ball icon: tries to score.
    Attack,
    /// The shield icon: tries to block.
    Defence,
    /// Guards the goal; Goalkeeper cards only.
    Goalkeeper,
}

impl Task {
    /// The name used in the card files.
    pub fn key(self) -> &'static str {
        match self {
            Task::Attack => "attack",
            Task::Defence => "defence",
            Task::Goalkeeper => "goalkeeper",
        }
    }
}

/// The four Resource markers, plus Victory Point tokens kept in the supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// Cash (Budget markers).
    Cash,
    /// Fan Base.
    FanBase,
    /// Operation.
    Operation,
    /// Fitness.
    Fitness,
    /// A Victory Point token (a supply item, not a Resource marker).
    VictoryPoint,
    /// Any one Resource, chosen per unit.
    Any,
}

impl Resource {
    /// The name used in the card files.
    pub fn key(self) -> &'static str {
        match self {
            Resource::Cash => "cash",
            Resource::FanBase => "fan_base",
            Resource::Operation => "operation",
            Resource::Fitness => "fitness",
            Resource::VictoryPoint => "victory_point",
            Resource::Any => "any",
        }
    }

    /// The printed name.
    pub fn title(self) -> &'static str {
        match self {
            Resource::Cash => "Cash",
            Resource::FanBase => "Fan Base",
            Resource::Operation => "Operation",
            Resource::Fitness => "Fitness",
            Resource::VictoryPoint => "VP",
            Resource::Any => "Resource of your choice",
        }
    }
}

/// A Stat track of the Club board (same names as the Resources it makes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// The Cash track.
    Cash,
    /// The Fan Base track.
    FanBase,
    /// The Operation track.
    Operation,
    /// The Fitness track.
    Fitness,
    /// Any one track of your choice.
    Any,
}

impl Stat {
    /// The printed name.
    pub fn title(self) -> &'static str {
        match self {
            Stat::Cash => "Cash",
            Stat::FanBase => "Fan Base",
            Stat::Operation => "Operation",
            Stat::Fitness => "Fitness",
            Stat::Any => "any",
        }
    }
}

/// Tokens placed on cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Token {
    /// +1 Strength until the end of the next Match the Player plays.
    StrengthTemp,
    /// +1 Strength until the end of the game.
    StrengthPerm,
    /// -1 Strength until the end of the next Match the Player plays.
    WeaknessTemp,
    /// -1 Strength until the end of the game.
    WeaknessPerm,
    /// The Player cannot be assigned.
    Injury,
    /// The card cannot be used; -1 VP at the end.
    Suspension,
    /// A VP token on a Youngster's Experience space.
    Experience,
    /// Marks a Board Meeting decision that applies later in the Week.
    Reminder,
}

impl Token {
    /// The printed name (singular).
    pub fn title(self) -> &'static str {
        match self {
            Token::StrengthTemp => "Temporary Strength",
            Token::StrengthPerm => "Permanent Strength",
            Token::WeaknessTemp => "Temporary Weakness",
            Token::WeaknessPerm => "Permanent Weakness",
            Token::Injury => "Injury",
            Token::Suspension => "Suspension",
            Token::Experience => "Experience",
            Token::Reminder => "Reminder",
        }
    }
}

/// When an effect block resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// Prepare for the Match, step 5, before the Opponent card is revealed.
    BeforeMatch,
    /// Resolve the Match, after the reveal, before the Sections are compared.
    DuringMatch,
    /// Check the Results, step 1: after the Sections, before the final score.
    AfterMatch,
    /// A Card action (exhausts the card).
    Action,
    /// Once, immediately, when the card takes effect.
    Bonus,
    /// Continuously while the card is in play.
    Feature,
    /// Every Monday during Production.
    Production,
}

impl Timing {
    /// The printed header of a block with this timing.
    pub fn header(self) -> &'static str {
        match self {
            Timing::BeforeMatch => "BEFORE THE MATCH",
            Timing::DuringMatch => "DURING THE MATCH",
            Timing::AfterMatch => "AFTER THE MATCH",
            Timing::Action => "ACTION",
            Timing::Bonus => "BONUS",
            Timing::Feature => "FEATURE",
            Timing::Production => "PRODUCTION",
        }
    }

    /// Whether the block resolves as part of a Match.
    pub fn is_match(self) -> bool {
        matches!(
            self,
            Timing::BeforeMatch | Timing::DuringMatch | Timing::AfterMatch
        )
    }
}

/// Which Player deck a card belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerKind {
    /// A regular Player.
    Regular,
    /// A Youngster.
    Youngster,
    /// A Veteran.
    Veteran,
}

impl PlayerKind {
    /// The name used in the card files.
    pub fn key(self) -> &'static str {
        match self {
            PlayerKind::Regular => "regular",
            PlayerKind::Youngster => "youngster",
            PlayerKind::Veteran => "veteran",
        }
    }
}

/// The face of a double-sided Player card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// As gained.
    Untrained,
    /// After Training.
    Trained,
}

/// A Youngster's Experience space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Experience {
    /// Filled when the Youngster plays a Match.
    Match,
    /// Filled when the Youngster scores.
    Goal,
}

/// Decks cards are drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    /// Regular Players.
    Player,
    /// Youngsters.
    Youngster,
    /// Veterans.
    Veteran,
    /// Staff.
    Staff,
    /// Sponsors.
    Sponsor,
    /// Tactics.
    Tactic,
    /// Objectives.
    Objective,
    /// Board Meeting.
    BoardMeeting,
}

impl Deck {
    /// The printed card name (singular).
    pub fn title(self) -> &'static str {
        match self {
            Deck::Player => "Player",
            Deck::Youngster => "Youngster",
            Deck::Veteran => "Veteran",
            Deck::Staff => "Staff",
            Deck::Sponsor => "Sponsor",
            Deck::Tactic => "Tactic",
            Deck::Objective => "Objective",
            Deck::BoardMeeting => "Board Meeting",
        }
    }
}

/// Stadium Infrastructure tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Infrastructure {
    /// Stadium Lighting.
    StadiumLighting,
    /// Merchandise Store.
    MerchandiseStore,
    /// Directors Office.
    DirectorsOffice,
    /// Training Ground.
    TrainingGround,
    /// A Stand (#3 or #4).
    Stand,
    /// An Adboard (#3).
    Adboard,
}

impl Infrastructure {
    /// The printed name.
    pub fn title(self) -> &'static str {
        match self {
            Infrastructure::StadiumLighting => "Stadium Lighting",
            Infrastructure::MerchandiseStore => "Merchandise Store",
            Infrastructure::DirectorsOffice => "Directors Office",
            Infrastructure::TrainingGround => "Training Ground",
            Infrastructure::Stand => "Stand",
            Infrastructure::Adboard => "Adboard",
        }
    }

    /// Victory points of one built token at the end of the game (the value
    /// in its top right corner): Stands and Adboards 1, the others 2.
    pub fn vp(self) -> u32 {
        match self {
            Infrastructure::Stand | Infrastructure::Adboard => 1,
            _ => 2,
        }
    }
}

/// Sponsor contract types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Contract {
    /// The card is discarded.
    OneOff,
    /// Slid beneath the Stadium board as an Adboard.
    Adboard,
    /// Facedown on the Sponsor Kit space.
    Kit,
}

/// The five Staff sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StaffSet {
    /// Green.
    Coaching,
    /// Blue.
    Medical,
    /// Purple.
    Scouting,
    /// Yellow.
    Finance,
    /// Red.
    Operations,
}

impl StaffSet {
    /// All sets.
    pub const ALL: [StaffSet; 5] = [
        StaffSet::Coaching,
        StaffSet::Medical,
        StaffSet::Scouting,
        StaffSet::Finance,
        StaffSet::Operations,
    ];

    /// The colour printed on every card of the set.
    pub fn colour(self) -> Colour {
        match self {
            StaffSet::Coaching => Colour::Green,
            StaffSet::Medical => Colour::Blue,
            StaffSet::Scouting => Colour::Purple,
            StaffSet::Finance => Colour::Yellow,
            StaffSet::Operations => Colour::Red,
        }
    }
}

/// Colours used by Staff sets, Board decisions and Opponent dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Green.
    Green,
    /// Blue.
    Blue,
    /// Purple.
    Purple,
    /// Yellow.
    Yellow,
    /// Red.
    Red,
}

/// A Match result from one team's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchResult {
    /// More goals than the other team.
    Win,
    /// As many goals.
    Draw,
    /// Fewer goals.
    Loss,
}

impl MatchResult {
    /// The result for `own` goals against `other`.
    pub fn of(own: u32, other: u32) -> MatchResult {
        match own.cmp(&other) {
            std::cmp::Ordering::Greater => MatchResult::Win,
            std::cmp::Ordering::Equal => MatchResult::Draw,
            std::cmp::Ordering::Less => MatchResult::Loss,
        }
    }

    /// League table points: 3, 1 or 0.
    pub fn points(self) -> u32 {
        match self {
            MatchResult::Win => 3,
            MatchResult::Draw => 1,
            MatchResult::Loss => 0,
        }
    }

    /// The same Match seen by the other team.
    pub fn flipped(self) -> MatchResult {
        match self {
            MatchResult::Win => MatchResult::Loss,
            MatchResult::Draw => MatchResult::Draw,
            MatchResult::Loss => MatchResult::Win,
        }
    }

    /// The name used in the card files.
    pub fn key(self) -> &'static str {
        match self {
            MatchResult::Win => "win",
            MatchResult::Draw => "draw",
            MatchResult::Loss => "loss",
        }
    }
}

/// A Formation: how many Jersey markers stand in each line.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    /// The printed name, "D-M-F" (e.g. "4-4-2").
    pub name: String,
    /// Markers in the defence line.
    pub defence: u8,
    /// Markers in the midfield line.
    pub midfield: u8,
    /// Markers in the forward line.
    pub forward: u8,
}

impl Formation {
    /// A Formation from its three counts, named "D-M-F".
    pub fn new(defence: u8, midfield: u8, forward: u8) -> Formation {
        Formation {
            name: format!("{defence}-{midfield}-{forward}"),
            defence,
            midfield,
            forward,
        }
    }

    /// Markers in `line`.
    pub fn count(&self, line: Line) -> u8 {
        match line {
            Line::Defence => self.defence,
            Line::Midfield => self.midfield,
            Line::Forward => self.forward,
        }
    }

    /// Parses "D-M-F".
    pub fn parse(s: &str) -> Option<Formation> {
        let mut it = s.trim().split('-').map(|p| p.trim().parse::<u8>().ok());
        let (Some(Some(d)), Some(Some(m)), Some(Some(f)), None) =
            (it.next(), it.next(), it.next(), it.next())
        else {
            return None;
        };
        Some(Formation::new(d, m, f))
    }
}

/// One outfield player printed on an Opponent card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpponentPlayer {
    /// Attack or defence.
    pub task: Task,
    /// Strength 0-4.
    pub strength: u8,
}

/// One line of an Opponent card, from the Opponent's own point of view.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpponentLine {
    /// Their left Zone (0-1 players).
    pub left: Vec<OpponentPlayer>,
    /// Their central Zone (1-3 players).
    pub centre: Vec<OpponentPlayer>,
    /// Their right Zone (0-1 players).
    pub right: Vec<OpponentPlayer>,
}

impl OpponentLine {
    /// The players in one Zone of the line.
    pub fn zone(&self, flank: Flank) -> &[OpponentPlayer] {
        match flank {
            Flank::Left => &self.left,
            Flank::Centre => &self.centre,
            Flank::Right => &self.right,
        }
    }

    /// Players in the line.
    pub fn len(&self) -> usize {
        self.left.len() + self.centre.len() + self.right.len()
    }

    /// Whether the line is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A Goalkeeper's Strength and the shots it can block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Keeper {
    /// Blocks unblocked shots of this Strength or less.
    pub strength: u8,
    /// Shots it can block in a Match.
    pub saves: u8,
}
