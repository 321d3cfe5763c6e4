//! Stadium Memory's actions and their readable notation.
//!
//! The notation is what scenario files, logs and error messages use:
//! `turn C7`, `var`, `peek C7`, `challenge 2`, `take ferro`, `yellow`
//! (the player moving), `yellow 2` (seat 2, not moving),
//! `red`, `pass`, `autopass`, `askagain`. Seats of the grid are a row letter
//! and a seat number (`A1` is the top-left seat).

use super::cards::{CardSet, PlayerId, Pos};
use crate::engine::Seat;
use serde::{Deserialize, Serialize};

/// One decision by one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Turn a face-down card face up (the first or second card of a move).
    Turn {
        /// The grid seat of the card.
        pos: Pos,
    },
    /// Use a VAR card before moving: look at two face-down cards privately.
    UseVar,
    /// Look at one face-down card privately (after `UseVar`).
    Peek {
        /// The grid seat of the card.
        pos: Pos,
    },
    /// Use a PLAY GAME card instead of the turn: challenge `opponent`.
    PlayGame {
        /// The seat challenged.
        opponent: Seat,
    },
    /// The winner of a match takes this player's pair from the loser.
    TakePair {
        /// The player whose pair is taken.
        player: PlayerId,
    },
    /// Show a yellow card to the seat moving (in a response window).
    Yellow,
    /// Show a yellow card to `target`, a player who is not moving (decision
    /// 15): he is booked and sits out his next move; a second yellow acts
    /// as a red. Offered in every window and during one's own move.
    YellowOn {
        /// The player booked.
        target: Seat,
    },
    /// Play a red card: everyone stops, the turn comes to you (in a window).
    Red,
    /// Let the moment pass (in a response window).
    Pass,
    /// Pass, and be passed automatically in every later window (in a window).
    AutoPass,
    /// Be asked in response windows again (at the start of one's own move).
    AskAgain,
}

impl Action {
    /// The action in readable notation.
    pub fn notation(&self, cards: &CardSet, columns: u8) -> String {
        match self {
            Action::Turn { pos } => format!("turn {}", pos.notation(columns)),
            Action::UseVar => "var".into(),
            Action::Peek { pos } => format!("peek {}", pos.notation(columns)),
            Action::PlayGame { opponent } => format!("challenge {}", opponent.0),
            Action::TakePair { player } => format!(
                "take {}",
                cards
                    .player(*player)
                    .map_or_else(|| format!("#{player}"), |p| p.id.clone())
            ),
            Action::Yellow => "yellow".into(),
            Action::YellowOn { target } => format!("yellow {}", target.0),
            Action::Red => "red".into(),
            Action::Pass => "pass".into(),
            Action::AutoPass => "autopass".into(),
            Action::AskAgain => "askagain".into(),
        }
    }

    /// Parses readable notation for a grid of `rows` x `columns`; the error
    /// says what was not understood.
    pub fn parse(text: &str, cards: &CardSet, rows: u8, columns: u8) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(verb) = words.first() else {
            return Err("empty action".into());
        };
        let arg = || -> Result<&str, String> {
            words
                .get(1)
                .copied()
                .ok_or_else(|| format!("`{text}`: something is missing after `{verb}`"))
        };
        let pos = || -> Result<Pos, String> {
            let w = arg()?;
            Pos::parse(w, rows, columns).ok_or_else(|| {
                format!(
                    "`{text}`: `{w}` is not a seat of a {rows} x {columns} grid (use a row letter and a seat number, like A1)"
                )
            })
        };
        let want = match verb.to_ascii_lowercase().as_str() {
            "turn" | "flip" => 2,
            "peek" | "challenge" | "take" | "yellow" => 2,
            _ => 1,
        };
        if words.len() > want {
            let extra = words.get(want..).map(|w| w.join(" ")).unwrap_or_default();
            return Err(format!("`{text}`: unexpected `{extra}`"));
        }
        match verb.to_ascii_lowercase().as_str() {
            "turn" | "flip" => Ok(Action::Turn { pos: pos()? }),
            "var" => Ok(Action::UseVar),
            "peek" => Ok(Action::Peek { pos: pos()? }),
            "challenge" => {
                let w = arg()?;
                let seat: u8 = w
                    .parse()
                    .map_err(|_| format!("`{text}`: `{w}` is not a seat number"))?;
                Ok(Action::PlayGame {
                    opponent: Seat(seat),
                })
            }
            "take" => {
                let w = arg()?;
                let player = cards
                    .find_player(w)
                    .ok_or_else(|| format!("`{text}`: there is no player `{w}`"))?;
                Ok(Action::TakePair { player })
            }
            "yellow" => match words.get(1) {
                None => Ok(Action::Yellow),
                Some(w) => {
                    let seat: u8 = w
                        .parse()
                        .map_err(|_| format!("`{text}`: `{w}` is not a seat number"))?;
                    Ok(Action::YellowOn { target: Seat(seat) })
                }
            },
            "red" => Ok(Action::Red),
            "pass" => Ok(Action::Pass),
            "autopass" => Ok(Action::AutoPass),
            "askagain" => Ok(Action::AskAgain),
            other => Err(format!(
                "`{text}`: `{other}` is not an action (turn, var, peek, challenge, take, yellow, red, pass, autopass, askagain)"
            )),
        }
    }
}
