//! What one manager may see of a Cardball match.
//!
//! Hidden: the other managers' hands (a view has only their sizes), every
//! bench (face down, even to its owner), the draw pile and the Action deck
//! (counts only), the other side's face-down pick until both are revealed
//! (only whether it is placed), and the RNG. Public: the pitch, the ball,
//! possession, the score, every card played or thrown on the pitch, the
//! Action discard, the last round and the last roll, the shoot-out.

use super::cards::{ActionId, CardId, CardSet, ZoneClass};
use super::event::Event;
use super::{Cardball, Flags, Period, RollFor, RoundReport, Shootout, Side};
use crate::engine::{Outcome, Seat, SeatSet};
use serde::Serialize;
use std::sync::Arc;

/// The step of the match, as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Step {
    /// A side names an icon before the die is rolled.
    Call {
        /// The calling side.
        caller: Side,
        /// What the roll decides.
        purpose: RollFor,
    },
    /// The die is rolling.
    Roll {
        /// The rolling side.
        roller: Side,
        /// What the roll decides.
        purpose: RollFor,
    },
    /// The touchline window: a manager may use a The Manager card.
    Touchline {
        /// The manager asked.
        asking: Seat,
    },
    /// Managers place a card face down.
    Pick {
        /// The managers still to pick.
        seats: SeatSet,
    },
    /// The match is over.
    Over,
}

/// One manager's view of the match.
#[derive(Clone, Debug, Serialize)]
pub struct CardballView {
    /// The card set (public information).
    #[serde(skip)]
    pub cards: Arc<CardSet>,
    /// The seat this view belongs to.
    pub seat: Seat,
    /// Its side.
    pub side: Side,
    /// The match options.
    pub flags: Flags,
    /// The seat's own hand.
    pub hand: Vec<CardId>,
    /// The seat's own face-down pick, if placed.
    pub my_pick: Option<CardId>,
    /// Every seat's hand size.
    pub hand_sizes: Vec<usize>,
    /// Every seat's bench size.
    pub bench_sizes: Vec<usize>,
    /// Which seats have placed a face-down card this round.
    pub picked: Vec<bool>,
    /// Cards in the draw pile.
    pub pile_count: usize,
    /// Round cards played so far, face up, oldest first.
    pub played: Vec<CardId>,
    /// Used The Manager cards, cards put aside, and the 2v2 cards a duel
    /// leaves in the box, face up.
    pub out_of_play: Vec<CardId>,
    /// Cards in the Action deck.
    pub action_deck_count: usize,
    /// The Action discard, oldest first.
    pub action_discard: Vec<ActionId>,
    /// The ball's zone (0-8; it rests on 1-7).
    pub ball: u8,
    /// Who has the ball.
    pub possession: Side,
    /// The ball's zone class for the side with the ball.
    pub zone_class: ZoneClass,
    /// Goals, left then right.
    pub score: [u32; 2],
    /// The period being played.
    pub period: Period,
    /// Rounds played in this period.
    pub round: u32,
    /// Who had the first kick-off.
    pub kicked_off: Option<Side>,
    /// What is being decided now.
    pub step: Step,
    /// The last round's revealed cards.
    pub last_round: Option<RoundReport>,
    /// The last roll of the die (an [`Event::Rolled`]).
    pub last_roll: Option<Event>,
    /// The shoot-out so far.
    pub shootout: Option<Shootout>,
    /// How the match ended, once it has.
    pub outcome: Option<Outcome>,
}

impl CardballView {
    /// `seat`'s view of `g`.
    pub fn of(g: &Cardball, seat: Seat) -> CardballView {
        let seats: Vec<Seat> = Seat::all(g.hands.len()).collect();
        CardballView {
            cards: g.cards.clone(),
            seat,
            side: Side::of(seat),
            flags: g.flags(),
            hand: g.hand(seat).to_vec(),
            my_pick: g.pick(seat),
            hand_sizes: seats.iter().map(|s| g.hand(*s).len()).collect(),
            bench_sizes: seats.iter().map(|s| g.bench(*s).len()).collect(),
            picked: seats.iter().map(|s| g.pick(*s).is_some()).collect(),
            pile_count: g.pile.len(),
            played: g.played.clone(),
            out_of_play: g.out.clone(),
            action_deck_count: g.action_deck.len(),
            action_discard: g.action_discard.clone(),
            ball: g.ball,
            possession: g.possession,
            zone_class: g.zone_class(),
            score: g.score,
            period: g.period,
            round: g.round,
            kicked_off: g.kicked_off,
            step: g.step(),
            last_round: g.last,
            last_roll: g.last_roll().cloned(),
            shootout: g.shootout.clone(),
            outcome: g.outcome.clone(),
        }
    }

    /// Whether `seat` must place a card now.
    pub fn must_pick(&self, seat: Seat) -> bool {
        matches!(self.step, Step::Pick { seats } if seats.contains(seat))
    }

    /// The side shooting the next penalty, in the shoot-out.
    pub fn shooter(&self) -> Option<Side> {
        self.shootout.as_ref().map(|s| s.shooter(s.kicks.len()))
    }

    /// Whether this seat's side attacks now (has the ball, or shoots).
    pub fn attacking(&self) -> bool {
        self.possession == self.side
    }
}
