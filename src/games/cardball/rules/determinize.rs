//! A whole match imagined from one manager's view, for search bots.
//!
//! [`Cardball::from_view`] keeps everything the view shows and deals
//! everything it hides (the other hands, every bench, the draw pile, the
//! other side's face-down pick, the Action deck's order) at random from the
//! cards the view does not place, keeping every size. It reads the view
//! only, never a match, so a bot searching such copies cannot cheat.
//!
//! The rules let a view tell a little about other hands: the touchline
//! window asks only managers holding a The Manager card, and only managers
//! holding a player card may pick. A deal that contradicts the step the
//! view shows is drawn again (a few times, then kept as it is).
//!
//! What the view does not say, and what the copy assumes: nobody has
//! passed yet in an open touchline window; the roll waiting for a call
//! uses the die's default call; the view's own pick reads its printed
//! half-way effect; golden-goal restarts so far are none.

use super::cards::{ActionId, CardId};
use super::config::{Side, TeamPlay};
use super::round::Roll;
use super::state::{Cardball, Phase};
use super::view::{CardballView, Step};
use crate::engine::{BySeat, GameRng, Seat, SeatSet};
use rand::seq::SliceRandom as _;
use rand::{RngExt as _, SeedableRng as _};

/// How many deals are tried for one that agrees with the view's step.
const TRIES: usize = 32;

impl Cardball {
    /// A match consistent with `view` (its seat's view of the copy is
    /// `view`), with every hidden card dealt from `rng`. `None` when the
    /// view's sizes do not add up to the card set.
    pub fn from_view(view: &CardballView, rng: &mut GameRng) -> Option<Cardball> {
        let mut last = None;
        for _ in 0..TRIES {
            let g = deal(view, rng)?;
            if g.step() == view.step {
                return Some(g);
            }
            last = Some(g);
        }
        last
    }
}

fn deal(view: &CardballView, rng: &mut GameRng) -> Option<Cardball> {
    let cards = view.cards.clone();
    let n = view.hand_sizes.len();
    let seat = view.seat;
    if !matches!(n, 2 | 4) || seat.index() >= n {
        return None;
    }
    let mut known = vec![false; cards.len()];
    let mut mark = |c: CardId| -> Option<()> {
        let slot = known.get_mut(usize::from(c))?;
        if *slot {
            return None;
        }
        *slot = true;
        Some(())
    };
    for &c in view
        .hand
        .iter()
        .chain(&view.my_pick)
        .chain(&view.played)
        .chain(&view.out_of_play)
    {
        mark(c)?;
    }
    let mut pool: Vec<CardId> = (0..cards.len())
        .filter(|&i| !known[i])
        .map(|i| i as CardId)
        .collect();
    pool.shuffle(rng);
    // Face-down picks are player cards: deal them first, from the players.
    let mut picks = BySeat::from_fn(n, |_| None);
    for s in Seat::all(n) {
        if s == seat {
            picks[s] = view.my_pick;
        } else if view.picked.get(s.index()).copied().unwrap_or(false) {
            let i = pool.iter().position(|&c| cards.is_player(c))?;
            picks[s] = Some(pool.swap_remove(i));
        }
    }
    let mut take = |k: usize| -> Option<Vec<CardId>> {
        let at = pool.len().checked_sub(k)?;
        Some(pool.split_off(at))
    };
    let mut hands = BySeat::from_fn(n, |_| Vec::new());
    let mut benches = BySeat::from_fn(n, |_| Vec::new());
    for s in Seat::all(n) {
        hands[s] = if s == seat {
            view.hand.clone()
        } else {
            take(view.hand_sizes.get(s.index()).copied().unwrap_or(0))?
        };
        benches[s] = take(view.bench_sizes.get(s.index()).copied().unwrap_or(0))?;
    }
    let pile = take(view.pile_count)?;
    if !pool.is_empty() {
        return None;
    }
    let mut used = vec![false; cards.actions.len()];
    for &a in &view.action_discard {
        *used.get_mut(usize::from(a))? = true;
    }
    let mut action_deck: Vec<ActionId> = (0..cards.actions.len())
        .filter(|&a| !used[a])
        .map(|a| a as ActionId)
        .collect();
    action_deck.shuffle(rng);
    if action_deck.len() != view.action_deck_count {
        return None;
    }
    let default_call = cards.die.default_call;
    let phase = match view.step {
        Step::Call { caller, purpose } => Phase::Call(Roll {
            purpose,
            roller: caller.other(),
            call: default_call,
        }),
        Step::Roll { roller, purpose } => Phase::Roll(Roll {
            purpose,
            roller,
            call: default_call,
        }),
        Step::Touchline { asking } => Phase::Touchline {
            asking,
            passed: SeatSet::EMPTY,
        },
        Step::Pick { .. } => Phase::Pick,
        Step::Over => Phase::Over,
    };
    // In 2v2 with switching, the seat a side must pick with shows whose go
    // it is.
    let mut next_member = [0u8; 2];
    if let (Step::Pick { seats }, Some(TeamPlay::Switching)) = (view.step, view.flags.teams) {
        for side in Side::BOTH {
            let members: Vec<Seat> = Seat::all(n).filter(|s| Side::of(*s) == side).collect();
            if let Some(i) = members.iter().position(|s| seats.contains(*s)) {
                next_member[side.index()] = i as u8;
            }
        }
    }
    Some(Cardball {
        cards: cards.clone(),
        config_flags: view.flags,
        rng: GameRng::seed_from_u64(rng.random()),
        dice: Vec::new(),
        hands,
        benches,
        pile,
        played: view.played.clone(),
        out: view.out_of_play.clone(),
        picks,
        readings: BySeat::from_fn(n, |_| None),
        action_deck,
        action_discard: view.action_discard.clone(),
        ball: view.ball,
        possession: view.possession,
        score: view.score,
        period: view.period,
        phase,
        kicked_off: view.kicked_off,
        next_member,
        golden_restarts: 0,
        round: view.round,
        turns: view.round,
        last: view.last_round,
        last_roll: view.last_roll.clone(),
        shootout: view.shootout.clone(),
        outcome: view.outcome.clone(),
    })
}
