//! Starting a match from an exact position, for scenarios and tests.
//!
//! [`Deal`] is unvalidated input; [`Booked::from_deal`] checks it (every
//! card known, none in two places, pitches holding only players and super
//! subs with their stand-ins, bookings being Yellows) before it becomes a
//! state. Cards the deal does not place go under the listed deck cards,
//! shuffled by the seed.

use super::BookedError;
use super::cards::{Card, CardId};
use super::state::{Booked, BookedConfig, OnPitch, Phase};
use crate::engine::{BySeat, Seat};
use rand::seq::SliceRandom as _;
use serde::{Deserialize, Serialize};

/// Where the current manager's turn starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealStep {
    /// At the draw (the start of the turn).
    #[default]
    Draw,
    /// At the do-one step (the card was already drawn).
    Act,
}

/// An exact position. Seats are indexed from 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// Each manager's hand.
    pub hands: Vec<Vec<CardId>>,
    /// Each manager's pitch, in the order placed.
    pub pitches: Vec<Vec<OnPitch>>,
    /// The top of the deck, top card first.
    pub deck_top: Vec<CardId>,
    /// The discard pile, bottom first (the top is last).
    pub discard: Vec<CardId>,
    /// Whose turn it is.
    pub current: Seat,
    /// Whether play passes left.
    pub clockwise: bool,
    /// The step the turn starts at.
    pub step: DealStep,
    /// Derby night claims (nation index per seat).
    pub claims: Vec<Option<u8>>,
    /// Pitches behind THE WALL.
    pub walls: Vec<bool>,
    /// Captain's armbands already used.
    pub armband_used: Vec<bool>,
    /// Deck rebuilds already done.
    pub reshuffles: u8,
    /// Cards not placed go out of play instead of under the deck.
    pub rest_out_of_play: bool,
}

impl Booked {
    /// A match in exactly the given position. `seed` shuffles the unplaced
    /// cards under the deck and drives the match's RNG from there on.
    pub fn from_deal(config: &BookedConfig, deal: &Deal, seed: u64) -> Result<Booked, BookedError> {
        let bad = |m: String| BookedError::Config(m);
        let mut g = Booked::blank(config, seed)?;
        let n = usize::from(config.seats);
        let per_seat = |len: usize, what: &str| -> Result<(), BookedError> {
            if len != 0 && len != n {
                return Err(bad(format!("{what} lists {len} seats; the table has {n}")));
            }
            Ok(())
        };
        per_seat(deal.hands.len(), "hands")?;
        per_seat(deal.pitches.len(), "pitches")?;
        per_seat(deal.claims.len(), "claims")?;
        per_seat(deal.walls.len(), "walls")?;
        per_seat(deal.armband_used.len(), "armbands")?;
        if deal.current.index() >= n {
            return Err(bad(format!("{} is not at the table", deal.current)));
        }
        let total = g.cards.len();
        let mut used = vec![false; total];
        let mut take = |c: CardId, place: &str| -> Result<Card, BookedError> {
            let Some(card) = g.cards.card(c) else {
                return Err(bad(format!("card #{c} in {place} does not exist")));
            };
            let slot = &mut used[usize::from(c)];
            if *slot {
                return Err(bad(format!(
                    "{} is placed twice (again in {place})",
                    g.cards.name(c)
                )));
            }
            *slot = true;
            if card == Card::QuickRules {
                return Err(bad(format!(
                    "{} is a quick rules card and never in play",
                    g.cards.name(c)
                )));
            }
            Ok(card)
        };
        let mut hands = BySeat::from_fn(n, |_| Vec::new());
        for (i, h) in deal.hands.iter().enumerate() {
            for &c in h {
                take(c, &format!("seat {i}'s hand"))?;
                hands[Seat(i as u8)].push(c);
            }
        }
        let mut pitches = BySeat::from_fn(n, |_| Vec::new());
        for (i, p) in deal.pitches.iter().enumerate() {
            let place = format!("seat {i}'s pitch");
            let mut subs = 0;
            for on in p {
                match take(on.card, &place)? {
                    Card::Player { .. } => {
                        if on.stand_in.is_some() {
                            return Err(bad(format!(
                                "{} is a squad player, not a super sub",
                                g.cards.name(on.card)
                            )));
                        }
                    }
                    Card::SuperSub => {
                        subs += 1;
                        match on.stand_in {
                            Some((nation, _)) if usize::from(nation) < g.cards.nations.len() => {}
                            _ => {
                                return Err(bad(format!(
                                    "super sub {} needs the nation and slot it stands in for",
                                    g.cards.name(on.card)
                                )));
                            }
                        }
                    }
                    _ => {
                        return Err(bad(format!(
                            "{} cannot stand on a pitch",
                            g.cards.name(on.card)
                        )));
                    }
                }
                if let Some(y) = on.yellow
                    && take(y, &place)? != Card::Yellow
                {
                    return Err(bad(format!("{} is not a Yellow card", g.cards.name(y))));
                }
                pitches[Seat(i as u8)].push(*on);
            }
            if subs > super::state::MAX_SUPER_SUBS {
                return Err(bad(format!("{place} has {subs} super subs; at most 2")));
            }
        }
        let mut deck_top = Vec::new();
        for &c in &deal.deck_top {
            take(c, "the deck")?;
            deck_top.push(c);
        }
        let mut discard = Vec::new();
        for &c in &deal.discard {
            take(c, "the discard pile")?;
            discard.push(c);
        }
        let mut rest: Vec<CardId> = Vec::new();
        let mut boxed = Vec::new();
        // The discipline dial takes its Yellows and Red from the cards the
        // deal leaves unplaced.
        let (mut yellows_out, mut reds_out) = if g.rules.fewer_discipline {
            (2, 1)
        } else {
            (0, 0)
        };
        for (i, u) in used.iter().enumerate() {
            if !*u {
                let id = i as CardId;
                let card = g.cards.card(id);
                let dial = match card {
                    Some(Card::Yellow) if yellows_out > 0 => {
                        yellows_out -= 1;
                        true
                    }
                    Some(Card::Red) if reds_out > 0 => {
                        reds_out -= 1;
                        true
                    }
                    _ => false,
                };
                if dial || card == Some(Card::QuickRules) || deal.rest_out_of_play {
                    boxed.push(id);
                } else {
                    rest.push(id);
                }
            }
        }
        rest.shuffle(&mut g.rng);
        // The deck's top is the vector's end: the rest first, then the listed
        // cards with the first-listed on top.
        let mut deck = rest;
        deck.extend(deck_top.iter().rev());
        if deck.is_empty() {
            return Err(bad("the deck must hold at least one card".into()));
        }
        for (i, c) in deal.claims.iter().enumerate() {
            if let Some(nation) = c {
                if usize::from(*nation) >= g.cards.nations.len() {
                    return Err(bad(format!("seat {i} claims a nation that does not exist")));
                }
                g.claims[Seat(i as u8)] = Some(*nation);
            }
        }
        for (i, w) in deal.walls.iter().enumerate() {
            g.walls[Seat(i as u8)] = *w;
        }
        for (i, a) in deal.armband_used.iter().enumerate() {
            g.armband_used[Seat(i as u8)] = *a;
        }
        g.hands = hands;
        g.pitches = pitches;
        for seat in Seat::all(n) {
            g.pitch_changed(seat);
        }
        g.deck = deck;
        g.discard = discard;
        g.boxed = boxed;
        g.current = deal.current;
        g.clockwise = deal.clockwise;
        g.reshuffles = deal.reshuffles;
        g.turns = 1;
        g.phase = match deal.step {
            DealStep::Draw => Phase::Draw,
            DealStep::Act => Phase::Act,
        };
        Ok(g)
    }
}
