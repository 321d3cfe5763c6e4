//! What happened in a Stadium Memory game, for logs, animations and
//! replays, and the narrator that tells it in plain English.
//!
//! Events carry everything, secrets included (a VAR look names the card);
//! [`Event::describe`] and [`Event::visible_to`] are the only ways a front
//! end should show them, because they strip what the viewer may not see.

use super::cards::{Card, CardSet, PlayerId, Pos, Prize};
use crate::engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat of the grid with its printed label (row letter, seat number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// The grid index.
    pub pos: Pos,
    /// The row, from 0 (printed A).
    pub row: u8,
    /// The seat in the row, from 0 (printed 1).
    pub column: u8,
}

impl Place {
    /// The place of `pos` in a grid of `columns` seats per row.
    pub fn new(pos: Pos, columns: u8) -> Place {
        let cols = u16::from(columns.max(1));
        Place {
            pos,
            row: u8::try_from(pos.0 / cols).unwrap_or(u8::MAX),
            column: u8::try_from(pos.0 % cols).unwrap_or(u8::MAX),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.row < 26 {
            write!(
                f,
                "{}{}",
                (b'A' + self.row) as char,
                u16::from(self.column) + 1
            )
        } else {
            write!(f, "#{}", self.pos.0)
        }
    }
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A seat rolled for the first move.
    FirstRoll {
        /// Who rolled.
        seat: Seat,
        /// The die.
        value: u8,
    },
    /// The highest first-move roll was shared: these seats roll again.
    FirstTie {
        /// The seats rolling again.
        seats: Vec<Seat>,
        /// The shared roll.
        value: u8,
    },
    /// The first mover is decided by the dice.
    FirstMover {
        /// Who moves first.
        seat: Seat,
    },
    /// The turn passed to a player.
    TurnStarted {
        /// The new mover.
        seat: Seat,
    },
    /// A card was turned face up for everyone to see.
    Turned {
        /// The mover.
        seat: Seat,
        /// The card.
        card: Card,
        /// Where it lies.
        at: Place,
    },
    /// Two cards of the same player were taken.
    PairTaken {
        /// Who took them.
        seat: Seat,
        /// The player.
        player: PlayerId,
        /// Where they lay.
        at: [Place; 2],
    },
    /// The mover took a pair and moves again.
    MovesAgain {
        /// The mover.
        seat: Seat,
    },
    /// A card went back face down exactly where it was.
    TurnedBack {
        /// Where it lies.
        at: Place,
    },
    /// A prize card turned up was taken as a prize.
    PrizeTaken {
        /// Who took it.
        seat: Seat,
        /// The prize.
        prize: Prize,
        /// Where it lay.
        at: Place,
    },
    /// A VAR card was used.
    VarUsed {
        /// Who used it.
        seat: Seat,
    },
    /// A card was looked at with VAR: the card is for `seat` only.
    Peeked {
        /// Who looked.
        seat: Seat,
        /// The card seen (secret from everyone else).
        card: Card,
        /// Where it lies (public: the others see which card is lifted).
        at: Place,
    },
    /// PLAY GAME: a challenge instead of a turn.
    Challenged {
        /// The challenger.
        seat: Seat,
        /// The seat challenged.
        opponent: Seat,
    },
    /// A die rolled in a PLAY GAME match: the goals scored.
    MatchRoll {
        /// Who rolled.
        seat: Seat,
        /// The goals.
        value: u8,
    },
    /// The match was level: both roll again.
    MatchTied {
        /// The goals each scored.
        goals: u8,
    },
    /// The match was won.
    MatchWon {
        /// The winner.
        winner: Seat,
        /// The loser.
        loser: Seat,
        /// Winner's goals, loser's goals.
        score: (u8, u8),
    },
    /// The match's winner took a pair from the loser.
    PairWon {
        /// The winner.
        winner: Seat,
        /// The loser.
        loser: Seat,
        /// The player whose pair changed hands.
        player: PlayerId,
    },
    /// A yellow card was shown to the player moving.
    YellowShown {
        /// Who showed it.
        by: Seat,
        /// The player moving.
        on: Seat,
        /// Yellows that player has now been shown.
        count: u8,
    },
    /// A second yellow on the same player: it acts as a red.
    SecondYellow {
        /// Who showed it (the turn comes to them).
        by: Seat,
        /// The player booked twice.
        on: Seat,
    },
    /// A player booked while not moving will sit out his next move.
    WillSitOut {
        /// The player booked.
        seat: Seat,
    },
    /// A booked player's move is skipped: the turn passes on.
    SatOut {
        /// The player who sits out.
        seat: Seat,
    },
    /// A red card stopped every player.
    RedShown {
        /// Who played it (the turn comes to them).
        by: Seat,
        /// The player who was moving.
        mover: Seat,
    },
    /// The player moving was stopped; cards turned up went back.
    Stopped {
        /// The player stopped.
        seat: Seat,
    },
    /// A seat turned auto-pass on or off.
    AutoPassSet {
        /// The seat.
        seat: Seat,
        /// On (passed automatically) or off (asked again).
        on: bool,
    },
    /// The table is empty: the game is over.
    GameOver {
        /// The winners.
        winners: Vec<Seat>,
        /// Points per seat.
        points: Vec<u32>,
        /// Cards held per seat (the tie-break).
        cards: Vec<u32>,
        /// `points`, `cards` (tie-break) or `shared`.
        ending: String,
    },
}

/// The name of `seat` from `names`, or `seat N`.
fn name_of(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .filter(|n| !n.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| format!("seat {}", seat.0))
}

fn list(names: &[String], seats: &[Seat]) -> String {
    let v: Vec<String> = seats.iter().map(|s| name_of(names, *s)).collect();
    match v.as_slice() {
        [] => "nobody".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl Event {
    /// The event as `seat` may see it: another seat's VAR look loses its
    /// card (`None`: nothing of it may be shown).
    pub fn visible_to(&self, seat: Option<Seat>) -> Option<Event> {
        match self {
            Event::Peeked { seat: s, .. } if Some(*s) != seat => None,
            e => Some(e.clone()),
        }
    }

    /// The event in plain English for `viewer` (`None`: a spectator who
    /// sees only what is public). Never reveals what the viewer may not
    /// see: another seat's VAR look is told without the card. `None` when
    /// there is nothing to tell this viewer.
    pub fn describe(
        &self,
        deck: &CardSet,
        names: &[String],
        viewer: Option<Seat>,
    ) -> Option<String> {
        let who = |s: &Seat| name_of(names, *s);
        let card = |c: &Card| deck.name(*c);
        let player = |p: &PlayerId| deck.name(Card::Player(*p));
        let points = |p: &PlayerId| deck.points(*p);
        Some(match self {
            Event::FirstRoll { seat, value } => {
                format!("{} rolls {value} for the first move", who(seat))
            }
            Event::FirstTie { seats, value } => {
                format!(
                    "{} share the highest roll ({value}) and roll again",
                    list(names, seats)
                )
            }
            Event::FirstMover { seat } => format!("{} moves first", who(seat)),
            Event::TurnStarted { seat } => format!("{}'s turn", who(seat)),
            Event::Turned { seat, card: c, at } => {
                format!("{} turns up {} on {at}", who(seat), card(c))
            }
            Event::PairTaken {
                seat,
                player: p,
                at,
            } => format!(
                "{} takes the pair of {} ({} and {}, {} point{})",
                who(seat),
                player(p),
                at[0],
                at[1],
                points(p),
                if points(p) == 1 { "" } else { "s" }
            ),
            Event::MovesAgain { seat } => format!("{} moves again", who(seat)),
            Event::TurnedBack { at } => format!("the card on {at} is turned back face down"),
            Event::PrizeTaken { seat, prize, at } => format!(
                "{} takes the {} from {at} as a prize",
                who(seat),
                deck.name(Card::Prize(*prize))
            ),
            Event::VarUsed { seat } => format!("{} uses VAR", who(seat)),
            Event::Peeked { seat, card: c, at } => {
                if viewer == Some(*seat) {
                    format!("{} looks at {at} with VAR: {}", who(seat), card(c))
                } else {
                    format!("{} looks at the card on {at} with VAR", who(seat))
                }
            }
            Event::Challenged { seat, opponent } => format!(
                "{} plays PLAY GAME and challenges {} to a match",
                who(seat),
                who(opponent)
            ),
            Event::MatchRoll { seat, value } => format!(
                "{} rolls {value} (scores {value} goal{})",
                who(seat),
                if *value == 1 { "" } else { "s" }
            ),
            Event::MatchTied { goals } => {
                format!("the match is level at {goals}-{goals}: roll again")
            }
            Event::MatchWon {
                winner,
                loser,
                score,
            } => format!(
                "{} beats {} {}-{}",
                who(winner),
                who(loser),
                score.0,
                score.1
            ),
            Event::PairWon {
                winner,
                loser,
                player: p,
            } => format!(
                "{} takes the pair of {} from {}",
                who(winner),
                player(p),
                who(loser)
            ),
            Event::YellowShown { by, on, count } => format!(
                "{} shows {} a yellow card ({} so far)",
                who(by),
                who(on),
                count
            ),
            Event::SecondYellow { by, on } => format!(
                "a second yellow for {} acts as a red: the turn goes to {}",
                who(on),
                who(by)
            ),
            Event::RedShown { by, mover } if by == mover => format!(
                "{} plays a red card in their own move: everyone stops and {} starts the move again",
                who(by),
                who(by)
            ),
            Event::RedShown { by, mover } => format!(
                "{} shows a red card while {} is moving: everyone stops and the turn goes to {}",
                who(by),
                who(mover),
                who(by)
            ),
            Event::Stopped { seat } => format!("{} is stopped", who(seat)),
            Event::WillSitOut { seat } => format!("{} will sit out their next move", who(seat)),
            Event::SatOut { seat } => format!("{} sits out this move (booked)", who(seat)),
            Event::AutoPassSet { seat, on } => {
                if viewer.is_some() && viewer != Some(*seat) {
                    return None;
                }
                if *on {
                    format!("{} will pass automatically in windows", who(seat))
                } else {
                    format!("{} will be asked in windows again", who(seat))
                }
            }
            Event::GameOver {
                winners,
                points,
                cards,
                ending,
            } => {
                let scores: Vec<String> = points
                    .iter()
                    .zip(cards)
                    .enumerate()
                    .map(|(i, (p, c))| {
                        format!("{} {p} points, {c} cards", name_of(names, Seat(i as u8)))
                    })
                    .collect();
                let how = match ending.as_str() {
                    "points" => "on points",
                    "cards" => "on cards held (points were level)",
                    _ => "shared (level on points and cards)",
                };
                format!(
                    "the table is empty: {} wins {how} ({})",
                    list(names, winners),
                    scores.join("; ")
                )
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_read_like_stadium_seats() {
        assert_eq!(Place::new(Pos(0), 10).to_string(), "A1");
        assert_eq!(Place::new(Pos(27), 10).to_string(), "C8");
        assert_eq!(Place::new(Pos(5), 3).to_string(), "B3");
    }
}
