//! What one player may see of a Flip Duel match.
//!
//! Hidden: the order of every pack (cards are laid blind from the top, so
//! even the owner sees only which cards the pack holds), the other player's
//! injury-time choice (only its size), the other player's hand (only its
//! size), the other player's face-down card until both are turned over
//! (only whether it is down), and the RNG. Public: both teams' card lists,
//! the score, the period and the cards laid in it, who attacks and what
//! the next cards are read for, every card played face up, the last pair
//! of cards and the statistics.

use super::cards::{CardId, CardSet};
use super::state::{FlipDuel, LayReport, Period, Play, Rules, SEATS, TeamStats};
use crate::engine::{Outcome, Seat, SeatSet};
use serde::Serialize;
use std::sync::Arc;

/// The step of the match, as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Step {
    /// Players set injury-time cards aside; `seats` have not finished.
    Choose {
        /// The players still choosing.
        seats: SeatSet,
    },
    /// Players lay a card; `seats` have not laid yet.
    Lay {
        /// The players still to lay.
        seats: SeatSet,
    },
    /// The match is over.
    Over,
}

/// One player's view of the match.
#[derive(Clone, Debug, Serialize)]
pub struct FlipDuelView {
    /// The card set (public information).
    #[serde(skip)]
    pub cards: Arc<CardSet>,
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The rules in force.
    pub rules: Rules,
    /// What is being decided.
    pub step: Step,
    /// The period.
    pub period: Period,
    /// Cards laid so far in the period.
    pub lays: u32,
    /// Cards still to lay in the period.
    pub lays_left: u32,
    /// Injury-time cards to lay, once injury time has started.
    pub injury_lays: u8,
    /// The attacking player.
    pub attacker: Seat,
    /// Who attacked first in the first half.
    pub kicked_off: Seat,
    /// What the next cards are read for.
    pub play: Play,
    /// Goals, seat 0 first.
    pub score: [u32; 2],
    /// This seat's injury-time cards not yet laid.
    pub my_aside: Vec<CardId>,
    /// This seat's pack contents, in card order (never the pack's order).
    pub my_pack: Vec<CardId>,
    /// This seat's hand (hand house rule).
    pub my_hand: Vec<CardId>,
    /// This seat's face-down card, until both are turned over.
    pub my_laid: Option<CardId>,
    /// Both seats' injury-time piles, by size only.
    pub aside_counts: [usize; 2],
    /// Both seats' packs, by size only.
    pub pack_counts: [usize; 2],
    /// Both seats' hands, by size only.
    pub hand_counts: [usize; 2],
    /// Which seats have a card face down on the table.
    pub laid: [bool; 2],
    /// Both seats' face-up played cards this half, oldest first.
    pub played: [Vec<CardId>; 2],
    /// The last pair of cards.
    pub last: Option<LayReport>,
    /// Each team's statistics, seat 0 first.
    pub stats: [TeamStats; 2],
    /// How the match ended, once it has.
    pub outcome: Option<Outcome>,
}

impl FlipDuelView {
    /// `seat`'s view of `g`.
    pub fn of(g: &FlipDuel, seat: Seat) -> FlipDuelView {
        let both = |f: &dyn Fn(Seat) -> usize| [f(Seat(0)), f(Seat(1))];
        let mut my_pack = g.pack(seat).to_vec();
        my_pack.sort_unstable();
        FlipDuelView {
            cards: g.cards().clone(),
            seat,
            rules: g.rules(),
            step: g.step(),
            period: g.period(),
            lays: g.lays(),
            lays_left: g.lays_left(),
            injury_lays: g.injury_lays(),
            attacker: g.attacker(),
            kicked_off: g.kicked_off(),
            play: g.play(),
            score: g.score(),
            my_aside: g.aside(seat).to_vec(),
            my_pack,
            my_hand: g.hand(seat).to_vec(),
            my_laid: g.laid(seat),
            aside_counts: both(&|s| g.aside(s).len()),
            pack_counts: both(&|s| g.pack(s).len()),
            hand_counts: both(&|s| g.hand(s).len()),
            laid: [g.laid(Seat(0)).is_some(), g.laid(Seat(1)).is_some()],
            played: [g.played(Seat(0)).to_vec(), g.played(Seat(1)).to_vec()],
            last: g.last().copied(),
            stats: g.stats(),
            outcome: g.outcome.clone(),
        }
    }

    /// Whether this seat attacks now.
    pub fn attacking(&self) -> bool {
        self.attacker == self.seat
    }

    /// The other seat.
    pub fn opponent(&self) -> Seat {
        super::state::other(self.seat)
    }

    /// Whether this seat must act now.
    pub fn must_act(&self) -> bool {
        match self.step {
            Step::Choose { seats } | Step::Lay { seats } => seats.contains(self.seat),
            Step::Over => false,
        }
    }

    /// The cards of the other team that may still be laid against this seat
    /// in the current period, as far as this seat can know: in the halves,
    /// every card of theirs not played this half (which includes their
    /// secret injury-time choice); in injury time, the cards they have not
    /// played face up in the match so far.
    pub fn opponent_unseen(&self) -> Vec<CardId> {
        let opp = self.opponent();
        let played = self.played.get(opp.index().min(SEATS - 1));
        self.cards
            .pack(opp.0)
            .filter(|c| !played.is_some_and(|p| p.contains(c)))
            .collect()
    }
}
