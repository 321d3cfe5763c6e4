//! What one seat may see of a Stadium Memory game.
//!
//! The only secrets are the faces of face-down cards. A view shows every
//! card face up right now, the public history of every card ever turned
//! face up (so perfect recall is possible from the view alone), and the
//! seat's own VAR looks, never another seat's. Holdings (pairs and unused
//! prizes) lie face up in front of each player and are public.

use super::cards::{Card, CardSet, Pos, PrizeCounts};
use super::state::{Holding, Moment, Reveal, StadiumMemory};
use crate::engine::{Game as _, Outcome, Seat};
use serde::Serialize;
use std::sync::Arc;

/// One seat of the grid as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Spot {
    /// Nothing there (taken, or an empty seat from the start).
    Empty,
    /// A card lying face down.
    FaceDown,
    /// A card turned face up in the current move.
    FaceUp(Card),
}

/// The step of the game, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Step {
    /// Dice for the first move: each seat's roll in this round, if rolled.
    FirstRoll {
        /// Per seat; `None` for seats not rolling or not rolled yet.
        rolls: Vec<Option<u8>>,
    },
    /// A response window is open.
    Window {
        /// After a card turned, or at a turn change.
        moment: Moment,
        /// The seat asked.
        asking: Option<Seat>,
    },
    /// The mover turns the first card (or uses VAR or PLAY GAME).
    Move,
    /// The mover turns the second card.
    Second,
    /// The mover looks with VAR.
    Peek {
        /// Cards already looked at (0 or 1).
        looked: u8,
    },
    /// A PLAY GAME match is being rolled.
    Match {
        /// The challenger.
        challenger: Seat,
        /// The seat challenged.
        opponent: Seat,
        /// The challenger's roll this round, once rolled.
        challenger_roll: Option<u8>,
    },
    /// The winner of a match takes a pair.
    Take {
        /// The winner.
        winner: Seat,
        /// The loser.
        loser: Seat,
    },
    /// The game is over.
    Over,
}

/// One seat's view of the game.
#[derive(Clone, Debug, Serialize)]
pub struct StadiumMemoryView {
    /// The card set (public information).
    #[serde(skip)]
    pub cards: Arc<CardSet>,
    /// The seat this view belongs to.
    pub seat: Seat,
    /// Rows of the grid.
    pub rows: u8,
    /// Seats per row.
    pub columns: u8,
    /// The grid, row-major.
    pub grid: Vec<Spot>,
    /// Every card turned face up in public so far, in order.
    pub reveals: Vec<Reveal>,
    /// This seat's own VAR looks (never another seat's).
    pub peeks: Vec<Reveal>,
    /// What each seat holds (public).
    pub holdings: Vec<Holding>,
    /// Points per seat.
    pub points: Vec<u32>,
    /// Yellow cards shown to each seat.
    pub yellows: Vec<u8>,
    /// Whether each seat passes automatically in windows.
    pub auto_pass: Vec<bool>,
    /// Whether each seat, booked while not moving, sits out its next move.
    pub sits_out: Vec<bool>,
    /// Yellow and red cards at any moment (the configuration's reading).
    pub any_moment: bool,
    /// Used prize cards.
    pub discard: PrizeCounts,
    /// The player whose turn it is.
    pub current: Seat,
    /// The step.
    pub step: Step,
    /// Cards face down on the table.
    pub face_down: usize,
    /// Turns begun so far.
    pub turns: u32,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl StadiumMemoryView {
    pub(super) fn of(g: &StadiumMemory, seat: Seat) -> StadiumMemoryView {
        let n = g.seat_count();
        StadiumMemoryView {
            cards: g.cards().clone(),
            seat,
            rows: g.rows(),
            columns: g.columns(),
            grid: (0..g.grid().len()).map(|i| g.spot(i)).collect(),
            reveals: g.reveals().to_vec(),
            peeks: g.peeks(seat).to_vec(),
            holdings: Seat::all(n)
                .map(|s| g.holding(s).cloned().unwrap_or_default())
                .collect(),
            points: Seat::all(n).map(|s| g.points(s)).collect(),
            yellows: Seat::all(n).map(|s| g.yellows(s)).collect(),
            auto_pass: Seat::all(n).map(|s| g.auto_pass().contains(s)).collect(),
            sits_out: Seat::all(n).map(|s| g.sits_out().contains(s)).collect(),
            any_moment: g.any_moment(),
            discard: g.discard(),
            current: g.current(),
            step: g.step(),
            face_down: g.face_down(),
            turns: g.turns(),
            outcome: g.outcome(),
        }
    }

    /// Seats at the table.
    pub fn seats(&self) -> usize {
        self.holdings.len()
    }

    /// What this view shows on `pos`.
    pub fn spot(&self, pos: Pos) -> Spot {
        self.grid.get(pos.index()).copied().unwrap_or(Spot::Empty)
    }

    /// Positions of face-down cards.
    pub fn face_down_positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.grid
            .iter()
            .enumerate()
            .filter(|(_, s)| **s == Spot::FaceDown)
            .filter_map(|(i, _)| u16::try_from(i).ok().map(Pos))
    }

    /// The cards face up now, with their positions.
    pub fn face_up(&self) -> impl Iterator<Item = (Pos, Card)> + '_ {
        self.grid.iter().enumerate().filter_map(|(i, s)| match s {
            Spot::FaceUp(c) => u16::try_from(i).ok().map(|p| (Pos(p), *c)),
            _ => None,
        })
    }
}
