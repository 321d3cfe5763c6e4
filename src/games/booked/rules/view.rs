//! What one manager may see of a Booked! match.
//!
//! Hands are the only hidden cards in Booked!: a view carries the seat's own
//! hand and only the sizes of the others, the deck as a count, and never the
//! RNG. SET PIECE cards are shown to the manager choosing, squad-rotation
//! passes to the manager passing them.

use super::cards::{CardId, CardSet, Position};
use super::state::{Booked, OnPitch, Play};
use crate::engine::{Outcome, Seat};
use serde::Serialize;
use std::sync::Arc;

/// The step of the match, as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Step {
    /// Derby night claims.
    Claim,
    /// Squad rotation passes.
    Draft,
    /// The current manager draws.
    Draw,
    /// The current manager does one thing.
    Act,
    /// Someone may answer the card on top of the stack.
    Answer,
    /// The current manager keeps one SET PIECE card.
    SetPiece,
    /// A tackled manager picks up cards.
    PickUp {
        /// Who picks up.
        victim: Seat,
        /// The nation tackled.
        nation: u8,
        /// Cards still to pick up.
        left: u8,
    },
    /// The current manager may call GOOOAL!.
    Call,
    /// The GOOOAL! window is open.
    GoalWindow {
        /// Who called.
        caller: Seat,
    },
    /// The current manager discards to the hand limit.
    Discard,
    /// The match is over.
    Over,
}

/// A card on the stack, as everyone sees it (all played cards are face up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StackView {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: CardId,
    /// What it does.
    pub play: Play,
    /// Who it is played against, if anyone.
    pub against: Option<Seat>,
    /// Cancelled or negated.
    pub cancelled: bool,
    /// Ruled offside.
    pub offside: bool,
}

/// One manager's view of the match.
#[derive(Clone, Debug, Serialize)]
pub struct BookedView {
    /// The card set (public information).
    #[serde(skip)]
    pub cards: Arc<CardSet>,
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The seat's own hand.
    pub hand: Vec<CardId>,
    /// Every manager's hand size.
    pub hand_sizes: Vec<usize>,
    /// Every pitch, cards in the order they were placed.
    pub pitches: Vec<Vec<OnPitch>>,
    /// Cards left in the deck.
    pub deck_count: usize,
    /// The top of the discard pile.
    pub discard_top: Option<CardId>,
    /// Cards in the discard pile.
    pub discard_count: usize,
    /// Whose turn it is.
    pub current: Seat,
    /// Whether play passes left.
    pub clockwise: bool,
    /// The step of the match.
    pub step: Step,
    /// The stack of cards awaiting answers, bottom first.
    pub stack: Vec<StackView>,
    /// Derby night claims.
    pub claims: Vec<Option<u8>>,
    /// Pitches behind THE WALL.
    pub walls: Vec<bool>,
    /// Extra turns owed (ADDED TIME).
    pub extra_turns: Vec<u8>,
    /// Turns to be missed (FULL-TIME WHISTLE).
    pub skips: Vec<u8>,
    /// Captain's armbands already used.
    pub armband_used: Vec<bool>,
    /// Players sent off per manager.
    pub sent_off: Vec<u16>,
    /// Times the deck has been rebuilt.
    pub reshuffles: u8,
    /// Turns begun so far.
    pub turns: u32,
    /// SET PIECE cards, for the manager choosing only.
    pub set_piece: Vec<CardId>,
    /// Cards this seat has put aside to pass (squad rotation).
    pub draft_selected: Vec<CardId>,
    /// How many cards each manager has put aside to pass.
    pub draft_counts: Vec<usize>,
    /// The nation of each manager's legal Starting 7, if they have one.
    pub legal_sevens: Vec<Option<u8>>,
    /// The result, once the match is over.
    pub outcome: Option<Outcome>,
}

impl BookedView {
    pub(super) fn of(g: &Booked, seat: Seat) -> BookedView {
        let choosing_set_piece = g.current == seat;
        BookedView {
            cards: g.cards.clone(),
            seat,
            hand: g.hand(seat).to_vec(),
            hand_sizes: g.hands.values().map(Vec::len).collect(),
            pitches: g.pitches.values().cloned().collect(),
            deck_count: g.deck.len(),
            discard_top: g.discard.last().copied(),
            discard_count: g.discard.len(),
            current: g.current,
            clockwise: g.clockwise,
            step: g.step(),
            stack: g.stack_view(),
            claims: g.claims.values().copied().collect(),
            walls: g.walls.values().copied().collect(),
            extra_turns: g.extra_turns.values().copied().collect(),
            skips: g.skips.values().copied().collect(),
            armband_used: g.armband_used.values().copied().collect(),
            sent_off: g.sent_off.values().copied().collect(),
            reshuffles: g.reshuffles,
            turns: g.turns,
            set_piece: if choosing_set_piece {
                g.limbo.clone()
            } else {
                Vec::new()
            },
            draft_selected: g.draft.get(seat).cloned().unwrap_or_default(),
            draft_counts: g.draft.values().map(Vec::len).collect(),
            // The match keeps each pitch's legal 7 up to date.
            legal_sevens: g.sevens.values().copied().collect(),
            outcome: g.outcome.clone(),
        }
    }

    /// Managers at the table.
    pub fn seats(&self) -> usize {
        self.hand_sizes.len()
    }

    /// A pitch as seen in this view.
    pub fn pitch(&self, seat: Seat) -> &[OnPitch] {
        self.pitches.get(seat.index()).map_or(&[], Vec::as_slice)
    }

    /// How many of each position of `nation` are on `seat`'s pitch.
    pub fn nation_slots(&self, seat: Seat, nation: u8) -> [u8; 4] {
        let mut slots = [0u8; 4];
        for p in self.pitch(seat) {
            if let Some((n, pos)) = p.counts_as(&self.cards)
                && n == nation
            {
                slots[pos.index()] = slots[pos.index()].saturating_add(1);
            }
        }
        slots
    }

    /// `seat`'s pitch grouped by nation, closest to a Starting 7 first
    /// (see [`squads`]).
    pub fn squads(&self, seat: Seat) -> Vec<Squad> {
        squads(self.pitch(seat), &self.cards)
    }

    /// How many of the slots a position still lacks for a Starting 7.
    pub fn missing(slots: [u8; 4], position: Position) -> u8 {
        position.needed().saturating_sub(slots[position.index()])
    }
}

/// One nation's cards on a pitch and how far they are from a Starting 7.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Squad {
    /// The nation (a super sub counts as the nation it stands in for);
    /// `None` for cards that count as no nation.
    pub nation: Option<u8>,
    /// The cards, goalkeeper first, then defenders, midfielders, forwards,
    /// each in the order they were placed.
    pub cards: Vec<OnPitch>,
    /// How many of each position (GK, DEF, MID, FWD) the nation shows.
    pub slots: [u8; 4],
    /// How many of the seven slots (1 GK, 2 DEF, 2 MID, 2 FWD) they fill.
    pub filled: u8,
}

/// `pitch` grouped by nation: the nation filling most of a Starting 7
/// first, ties in the order the nations first appear. Sent-off players have
/// left the pitch, so every card here counts; a booked player counts too.
pub fn squads(pitch: &[OnPitch], cards: &CardSet) -> Vec<Squad> {
    let mut out: Vec<Squad> = Vec::new();
    for p in pitch {
        let counts = p.counts_as(cards);
        let nation = counts.map(|(n, _)| n);
        let i = match out.iter().position(|s| s.nation == nation) {
            Some(i) => i,
            None => {
                out.push(Squad {
                    nation,
                    cards: Vec::new(),
                    slots: [0; 4],
                    filled: 0,
                });
                out.len() - 1
            }
        };
        let squad = &mut out[i];
        squad.cards.push(*p);
        if let Some((_, pos)) = counts {
            squad.slots[pos.index()] = squad.slots[pos.index()].saturating_add(1);
        }
    }
    for s in &mut out {
        s.filled = Position::ALL
            .iter()
            .map(|p| s.slots[p.index()].min(p.needed()))
            .sum();
        if s.nation.is_none() {
            continue;
        }
        // A stable sort keeps the placing order within a position.
        s.cards
            .sort_by_key(|p| p.counts_as(cards).map_or(4, |(_, pos)| pos.index()));
    }
    // Stable: equal progress keeps the order of first appearance; cards of
    // no nation go last.
    out.sort_by_key(|s| (s.nation.is_none(), std::cmp::Reverse(s.filled)));
    out
}
