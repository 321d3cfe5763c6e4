//! The cards as the rules see them: compact, copyable, no names or colours.
//!
//! The card files (`card_data/booked/`) are validated elsewhere and turned
//! into a [`CardSet`]; the engine only needs each card's kind and numbers.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A card's index in its [`CardSet`].
pub type CardId = u16;

/// A player's position (the four slots of a Starting 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Position {
    /// Goalkeeper.
    GK,
    /// Defender.
    DEF,
    /// Midfielder.
    MID,
    /// Forward.
    FWD,
}

impl Position {
    /// All four positions in team-sheet order.
    pub const ALL: [Position; 4] = [Position::GK, Position::DEF, Position::MID, Position::FWD];

    /// How many of this position a Starting 7 needs.
    pub fn needed(self) -> u8 {
        match self {
            Position::GK => 1,
            _ => 2,
        }
    }

    /// Index 0-3 for counting tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Parses `GK`, `DEF`, `MID` or `FWD` (any case).
    pub fn parse(s: &str) -> Option<Position> {
        match s.to_ascii_uppercase().as_str() {
            "GK" => Some(Position::GK),
            "DEF" => Some(Position::DEF),
            "MID" => Some(Position::MID),
            "FWD" => Some(Position::FWD),
            _ => None,
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Position::GK => "GK",
            Position::DEF => "DEF",
            Position::MID => "MID",
            Position::FWD => "FWD",
        })
    }
}

/// The eleven officials. Three are instants and answer other cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Referee {
    /// Take another full turn immediately after this one.
    AddedTime,
    /// ⚡ Cancel the last card played, by anyone.
    VarReview,
    /// ⚡ A player card just placed on any pitch returns to its owner's hand.
    Offside,
    /// ⚡ Negate a Referee, Yellow or Red card just played against you.
    PlayOn,
    /// Swap one card on your pitch with a player card from your hand.
    Substitution,
    /// Draw 2 cards.
    QuickRestart,
    /// Look at the top 3 cards of the deck; keep 1, the rest to the bottom.
    SetPiece,
    /// Until your next turn, your pitch cannot be tackled or booked.
    TheWall,
    /// Direction of play reverses.
    Reverse,
    /// The next player misses their turn.
    FullTimeWhistle,
    /// Remove one Yellow card from any player on any pitch.
    Overturned,
}

impl Referee {
    /// All eleven officials in rulebook order.
    pub const ALL: [Referee; 11] = [
        Referee::AddedTime,
        Referee::VarReview,
        Referee::Offside,
        Referee::PlayOn,
        Referee::Substitution,
        Referee::QuickRestart,
        Referee::SetPiece,
        Referee::TheWall,
        Referee::Reverse,
        Referee::FullTimeWhistle,
        Referee::Overturned,
    ];

    /// Whether this official is an instant (⚡), played only in answer to
    /// another card and never as a turn's action.
    pub fn is_instant(self) -> bool {
        matches!(
            self,
            Referee::VarReview | Referee::Offside | Referee::PlayOn
        )
    }

    /// The key used in card files (`added_time`, `var_review`, ...).
    pub fn key(self) -> &'static str {
        match self {
            Referee::AddedTime => "added_time",
            Referee::VarReview => "var_review",
            Referee::Offside => "offside",
            Referee::PlayOn => "play_on",
            Referee::Substitution => "substitution",
            Referee::QuickRestart => "quick_restart",
            Referee::SetPiece => "set_piece",
            Referee::TheWall => "the_wall",
            Referee::Reverse => "reverse",
            Referee::FullTimeWhistle => "full_time_whistle",
            Referee::Overturned => "overturned",
        }
    }

    /// Parses a card-file key.
    pub fn from_key(key: &str) -> Option<Referee> {
        Referee::ALL.into_iter().find(|r| r.key() == key)
    }

    /// The official's printed title.
    pub fn title(self) -> &'static str {
        match self {
            Referee::AddedTime => "ADDED TIME",
            Referee::VarReview => "VAR REVIEW",
            Referee::Offside => "OFFSIDE!",
            Referee::PlayOn => "PLAY ON",
            Referee::Substitution => "SUBSTITUTION",
            Referee::QuickRestart => "QUICK RESTART",
            Referee::SetPiece => "SET PIECE",
            Referee::TheWall => "THE WALL",
            Referee::Reverse => "REVERSE",
            Referee::FullTimeWhistle => "FULL-TIME WHISTLE",
            Referee::Overturned => "OVERTURNED",
        }
    }
}

/// What a card is, for the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Card {
    /// A squad player.
    Player {
        /// Index of the nation in the card set.
        nation: u8,
        /// The player's position.
        position: Position,
        /// The player's rating (only penalties and group bonuses use it).
        rating: u8,
    },
    /// A wildcard that stands in for any nation and slot (max 2 per pitch).
    SuperSub,
    /// One of the eleven officials.
    Referee(Referee),
    /// A booking.
    Yellow,
    /// An ejection of a booked player.
    Red,
    /// A quick-reference card: never shuffled into the deck.
    QuickRules,
}

impl Card {
    /// Whether this is a squad player or a super sub (a card that goes on a pitch).
    pub fn is_pitch_card(self) -> bool {
        matches!(self, Card::Player { .. } | Card::SuperSub)
    }

    /// Whether this is a star (a rating-10 player, the captain).
    pub fn is_star(self) -> bool {
        matches!(self, Card::Player { rating: 10, .. })
    }

    /// Whether the setup flip buries this card (referee or discipline card).
    pub fn is_buried_on_flip(self) -> bool {
        matches!(self, Card::Referee(_) | Card::Yellow | Card::Red)
    }
}

/// The whole card set of a game: every card once per copy, with its id, plus
/// the nations' short codes (for notation and logs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSet {
    /// The cards; a card's id is its index here.
    pub cards: Vec<Card>,
    /// A unique readable id per card (`BRA-9`, `yellow-3`, `var_review-1`).
    pub names: Vec<String>,
    /// The nations' short codes, indexed by `Card::Player::nation`.
    pub nations: Vec<String>,
    /// The nations' printed names (`Brazil`), indexed like `nations`, for
    /// logs; empty in sets made before names were kept (the codes stand in).
    #[serde(default)]
    pub nation_names: Vec<String>,
}

impl CardSet {
    /// The card with this id, if it exists.
    pub fn card(&self, id: CardId) -> Option<Card> {
        self.cards.get(usize::from(id)).copied()
    }

    /// The readable id of a card.
    pub fn name(&self, id: CardId) -> &str {
        self.names.get(usize::from(id)).map_or("?", String::as_str)
    }

    /// Finds a card by its readable id (case-insensitive).
    pub fn find(&self, name: &str) -> Option<CardId> {
        self.names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .and_then(|i| CardId::try_from(i).ok())
    }

    /// The short code of a nation.
    pub fn nation_code(&self, nation: u8) -> &str {
        self.nations
            .get(usize::from(nation))
            .map_or("?", String::as_str)
    }

    /// The printed name of a nation (its code when the set has no names).
    pub fn nation_name(&self, nation: u8) -> &str {
        self.nation_names
            .get(usize::from(nation))
            .map_or_else(|| self.nation_code(nation), String::as_str)
    }

    /// Finds a nation by short code (case-insensitive).
    pub fn find_nation(&self, code: &str) -> Option<u8> {
        self.nations
            .iter()
            .position(|n| n.eq_ignore_ascii_case(code))
            .and_then(|i| u8::try_from(i).ok())
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the set has no cards.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}
