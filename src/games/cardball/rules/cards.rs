//! Cardball's cards as the rules see them: marks, effects per zone class,
//! Action outcomes and the die. No names or flavour beyond card ids.
//!
//! The card files (`card_data/cardball/`) are validated in
//! `cardball::deck` and turned into a [`CardSet`]; the parsers here are
//! pure string functions the loader wraps with file positions.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A Manager card's index in [`CardSet::managers`].
pub type CardId = u16;
/// An Action card's index in [`CardSet::actions`].
pub type ActionId = u16;

/// How strongly a half contests the ball, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Mark {
    /// No effect here.
    None,
    /// "Has a chance".
    Chance,
    /// "Takes the ball".
    Takes,
    /// The printed 50/50 mark.
    Fifty,
    /// The printed 100 mark.
    Hundred,
}

impl Mark {
    /// Every mark, weakest first.
    pub const ALL: [Mark; 5] = [
        Mark::None,
        Mark::Chance,
        Mark::Takes,
        Mark::Fifty,
        Mark::Hundred,
    ];

    /// The word used in card files.
    pub fn key(self) -> &'static str {
        match self {
            Mark::None => "none",
            Mark::Chance => "chance",
            Mark::Takes => "takes",
            Mark::Fifty => "fifty",
            Mark::Hundred => "hundred",
        }
    }

    /// Parses a mark word (`none` included).
    pub fn parse(s: &str) -> Option<Mark> {
        Mark::ALL.into_iter().find(|m| m.key() == s)
    }
}

/// What an attacking half does when the attacker wins the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Payload {
    /// Nothing: the ball stays where it is, with the attacker.
    Hold,
    /// The ball moves this many zones (1-3) toward the defender's goal.
    Advance(u8),
    /// A goal.
    Shoot,
}

/// An attacking (top-half) effect in one zone class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Top {
    /// How strongly it contests the ball.
    pub mark: Mark,
    /// What it does on a win.
    pub payload: Payload,
}

impl Top {
    /// The `"none"` effect.
    pub const NONE: Top = Top {
        mark: Mark::None,
        payload: Payload::Hold,
    };

    /// Parses a top-half effect (`"none"`, `"fifty shoot"`,
    /// `"takes advance 2"`); `manager` is handled by the caller.
    pub fn parse(s: &str) -> Result<Top, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let bad = || {
            format!(
                "`{s}` is not a top-half effect: use \"none\", \"<mark> advance <1-3>\" or \"<mark> shoot\" with mark chance, takes, fifty or hundred"
            )
        };
        match words.as_slice() {
            ["none"] => Ok(Top::NONE),
            [m, "shoot"] => match Mark::parse(m) {
                Some(mark) if mark != Mark::None => Ok(Top {
                    mark,
                    payload: Payload::Shoot,
                }),
                _ => Err(bad()),
            },
            [m, "advance", n] => match (Mark::parse(m), n.parse::<u8>()) {
                (Some(mark), Ok(n)) if mark != Mark::None && (1..=3).contains(&n) => Ok(Top {
                    mark,
                    payload: Payload::Advance(n),
                }),
                _ => Err(bad()),
            },
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Top {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.mark, self.payload) {
            (Mark::None, _) => f.write_str("none"),
            (m, Payload::Hold) => f.write_str(m.key()),
            (m, Payload::Advance(n)) => write!(f, "{} advance {n}", m.key()),
            (m, Payload::Shoot) => write!(f, "{} shoot", m.key()),
        }
    }
}

/// Where the ball is, measured from the attacker's own goal (see
/// `docs/cardball.md`, 2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ZoneClass {
    /// The attacker's own "Inside the box".
    OwnBox,
    /// The attacker's own "Outside the box".
    OwnEdge,
    /// The attacker's own Midfield.
    OwnHalf,
    /// The half-way line.
    Halfway,
    /// The defender's Midfield.
    OppHalf,
    /// The defender's "Outside the box".
    OutsideBox,
    /// The defender's "Inside the box".
    InsideBox,
}

impl ZoneClass {
    /// Every class, from the attacker's box outward.
    pub const ALL: [ZoneClass; 7] = [
        ZoneClass::OwnBox,
        ZoneClass::OwnEdge,
        ZoneClass::OwnHalf,
        ZoneClass::Halfway,
        ZoneClass::OppHalf,
        ZoneClass::OutsideBox,
        ZoneClass::InsideBox,
    ];

    /// The key used in card files.
    pub fn key(self) -> &'static str {
        match self {
            ZoneClass::OwnBox => "own_box",
            ZoneClass::OwnEdge => "own_edge",
            ZoneClass::OwnHalf => "own_half",
            ZoneClass::Halfway => "halfway",
            ZoneClass::OppHalf => "opp_half",
            ZoneClass::OutsideBox => "outside_box",
            ZoneClass::InsideBox => "inside_box",
        }
    }

    /// The class at distance `d` (1-7) from the attacker's goal.
    pub fn at_distance(d: u8) -> ZoneClass {
        ZoneClass::ALL[usize::from(d.clamp(1, 7) - 1)]
    }

    /// 0-6, for effect tables.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A Manager card's printed position (a label: it has no rule effect).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Position {
    /// Goalkeeper.
    GK,
    /// Full-back.
    FB,
    /// Centre-back.
    CB,
    /// Defensive midfielder.
    CDM,
    /// Central midfielder.
    CM,
    /// Attacking midfielder.
    CAM,
    /// Winger.
    W,
    /// Striker.
    ST,
    /// "The Manager".
    MGR,
}

impl Position {
    /// Every position in deck order.
    pub const ALL: [Position; 9] = [
        Position::GK,
        Position::FB,
        Position::CB,
        Position::CDM,
        Position::CM,
        Position::CAM,
        Position::W,
        Position::ST,
        Position::MGR,
    ];

    /// The printed abbreviation.
    pub fn key(self) -> &'static str {
        match self {
            Position::GK => "GK",
            Position::FB => "FB",
            Position::CB => "CB",
            Position::CDM => "CDM",
            Position::CM => "CM",
            Position::CAM => "CAM",
            Position::W => "W",
            Position::ST => "ST",
            Position::MGR => "MGR",
        }
    }

    /// Parses an abbreviation (exact case).
    pub fn parse(s: &str) -> Option<Position> {
        Position::ALL.into_iter().find(|p| p.key() == s)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// One physical Manager card as the rules see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManagerCard {
    /// Unique id of the physical card (`st-poacher-1`, `gk-big-boot`).
    pub id: String,
    /// The printed position.
    pub position: Position,
    /// The attacking half per zone class (all `none` on The Manager cards).
    pub top: [Top; 7],
    /// The defending half per zone class.
    pub bottom: [Mark; 7],
    /// A 2v2 card: dealt only in 2v2, which needs 44 cards (4 managers x
    /// 6 in hand and 5 on the bench); a duel leaves it in the box.
    #[serde(default)]
    pub team: bool,
}

impl ManagerCard {
    /// Whether this is a "The Manager" card.
    pub fn is_manager(&self) -> bool {
        self.position == Position::MGR
    }

    /// The attacking effect in `class`.
    pub fn top(&self, class: ZoneClass) -> Top {
        self.top[class.index()]
    }

    /// The defending mark in `class`.
    pub fn bottom(&self, class: ZoneClass) -> Mark {
        self.bottom[class.index()]
    }
}

/// A plain Action outcome, from the user's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Plain {
    /// No effect.
    Nothing,
    /// The user gets the ball where it is.
    Gain,
    /// The opponent gets the ball where it is.
    Lose,
    /// The user gets the ball; it moves N zones toward the opponent's goal.
    Advance(u8),
    /// The user gets the ball; it moves N zones toward the user's goal.
    Retreat(u8),
    /// The ball goes to the half-way line; possession unchanged.
    Halfway,
    /// The user scores.
    Goal,
    /// The opponent gets the ball in the opponent's own box.
    Save,
    /// The opponent scores.
    Concede,
}

impl Plain {
    /// Parses a plain outcome.
    pub fn parse(s: &str) -> Option<Plain> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let n = |w: &str| w.parse::<u8>().ok().filter(|n| (1..=3).contains(n));
        Some(match words.as_slice() {
            ["nothing"] => Plain::Nothing,
            ["gain"] => Plain::Gain,
            ["lose"] => Plain::Lose,
            ["advance", k] => Plain::Advance(n(k)?),
            ["retreat", k] => Plain::Retreat(n(k)?),
            ["halfway"] => Plain::Halfway,
            ["goal"] => Plain::Goal,
            ["save"] => Plain::Save,
            ["concede"] => Plain::Concede,
            _ => return None,
        })
    }
}

impl fmt::Display for Plain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Plain::Nothing => f.write_str("nothing"),
            Plain::Gain => f.write_str("gain"),
            Plain::Lose => f.write_str("lose"),
            Plain::Advance(n) => write!(f, "advance {n}"),
            Plain::Retreat(n) => write!(f, "retreat {n}"),
            Plain::Halfway => f.write_str("halfway"),
            Plain::Goal => f.write_str("goal"),
            Plain::Save => f.write_str("save"),
            Plain::Concede => f.write_str("concede"),
        }
    }
}

/// What an Action card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ActionOutcome {
    /// Always this.
    Plain(Plain),
    /// The die decides: the first if the user wins the roll, else the second.
    Fifty(Plain, Plain),
}

impl ActionOutcome {
    /// Parses an outcome (`"advance 2"`, `"fifty goal | save"`).
    pub fn parse(s: &str) -> Result<ActionOutcome, String> {
        let bad = || {
            format!(
                "`{s}` is not an outcome: use nothing, gain, lose, advance <1-3>, retreat <1-3>, halfway, goal, save, concede, or \"fifty <outcome> | <outcome>\""
            )
        };
        let t = s.trim();
        if let Some(rest) = t.strip_prefix("fifty ") {
            let (a, b) = rest.split_once('|').ok_or_else(bad)?;
            match (Plain::parse(a), Plain::parse(b)) {
                (Some(a), Some(b)) => Ok(ActionOutcome::Fifty(a, b)),
                _ => Err(bad()),
            }
        } else {
            Plain::parse(t).map(ActionOutcome::Plain).ok_or_else(bad)
        }
    }
}

impl fmt::Display for ActionOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionOutcome::Plain(p) => write!(f, "{p}"),
            ActionOutcome::Fifty(a, b) => write!(f, "fifty {a} | {b}"),
        }
    }
}

/// One physical Action card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionCard {
    /// Unique id of the physical card (`act-through-ball-2`).
    pub id: String,
    /// What it does.
    pub outcome: ActionOutcome,
}

/// The custom die: six faces showing one of two icons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    /// The two icon ids (`boot`, `glove`).
    pub icons: [String; 2],
    /// The icon (0 or 1) on each face 1..6.
    pub faces: [u8; 6],
    /// The icon assumed when nobody calls.
    pub default_call: u8,
}

impl Die {
    /// The icon id `i`.
    pub fn icon(&self, i: u8) -> &str {
        self.icons.get(usize::from(i)).map_or("?", String::as_str)
    }

    /// The icon index of an id (any case).
    pub fn find_icon(&self, id: &str) -> Option<u8> {
        self.icons
            .iter()
            .position(|x| x.eq_ignore_ascii_case(id))
            .map(|i| i as u8)
    }

    /// The icon on face `face` (1..6).
    pub fn face_icon(&self, face: u8) -> u8 {
        self.faces
            .get(usize::from(face.clamp(1, 6) - 1))
            .copied()
            .unwrap_or(0)
    }
}

/// The cards a Cardball match is played with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSet {
    /// Every physical Manager card.
    pub managers: Vec<ManagerCard>,
    /// Every physical Action card.
    pub actions: Vec<ActionCard>,
    /// The die.
    pub die: Die,
}

impl CardSet {
    /// The Manager card `id`, if it exists.
    pub fn card(&self, id: CardId) -> Option<&ManagerCard> {
        self.managers.get(usize::from(id))
    }

    /// The Action card `id`, if it exists.
    pub fn action(&self, id: ActionId) -> Option<&ActionCard> {
        self.actions.get(usize::from(id))
    }

    /// A Manager card's id string (`?` for an unknown card).
    pub fn name(&self, id: CardId) -> &str {
        self.card(id).map_or("?", |c| c.id.as_str())
    }

    /// An Action card's id string.
    pub fn action_name(&self, id: ActionId) -> &str {
        self.action(id).map_or("?", |c| c.id.as_str())
    }

    /// The Manager card with this id (any case).
    pub fn find(&self, name: &str) -> Option<CardId> {
        self.managers
            .iter()
            .position(|c| c.id.eq_ignore_ascii_case(name))
            .map(|i| i as CardId)
    }

    /// The Action card with this id (any case).
    pub fn find_action(&self, name: &str) -> Option<ActionId> {
        self.actions
            .iter()
            .position(|c| c.id.eq_ignore_ascii_case(name))
            .map(|i| i as ActionId)
    }

    /// Whether `id` is a "The Manager" card.
    pub fn is_manager(&self, id: CardId) -> bool {
        self.card(id).is_some_and(ManagerCard::is_manager)
    }

    /// Whether `id` is a 2v2 card (dealt only in 2v2).
    pub fn is_team(&self, id: CardId) -> bool {
        self.card(id).is_some_and(|c| c.team)
    }

    /// Whether `id` is a player card (playable in a round).
    pub fn is_player(&self, id: CardId) -> bool {
        self.card(id).is_some_and(|c| !c.is_manager())
    }

    /// Number of Manager cards.
    pub fn len(&self) -> usize {
        self.managers.len()
    }

    /// Whether there are no Manager cards.
    pub fn is_empty(&self) -> bool {
        self.managers.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_parse_and_print_back() {
        for s in [
            "none",
            "fifty shoot",
            "takes advance 2",
            "hundred advance 3",
        ] {
            let t = Top::parse(s).unwrap_or(Top::NONE);
            assert_eq!(t.to_string(), s);
        }
        for s in ["fifty", "none shoot", "takes advance 4", "shoot", "takes  "] {
            assert!(Top::parse(s).is_err(), "{s}");
        }
        for s in ["advance 3", "fifty goal | save", "fifty nothing | concede"] {
            let o = ActionOutcome::parse(s).map(|o| o.to_string());
            assert_eq!(o.as_deref(), Ok(s));
        }
        for s in [
            "fifty goal",
            "advance 0",
            "score",
            "fifty fifty goal | save",
        ] {
            assert!(ActionOutcome::parse(s).is_err(), "{s}");
        }
    }

    #[test]
    fn zone_classes_count_from_the_attackers_goal() {
        assert_eq!(ZoneClass::at_distance(1), ZoneClass::OwnBox);
        assert_eq!(ZoneClass::at_distance(4), ZoneClass::Halfway);
        assert_eq!(ZoneClass::at_distance(7), ZoneClass::InsideBox);
    }
}
