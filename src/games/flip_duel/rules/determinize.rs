//! A whole match imagined from one player's view, for search bots.
//!
//! [`FlipDuel::from_view`] keeps everything the view shows and deals what
//! it hides at random, keeping every size: the order of the seat's own pack
//! once shuffled (laid blind, so unknown even to its owner), and of the
//! other team's
//! cards not played face up this period, which of them are set aside for
//! injury time, in hand, face down on the table or in the pack. It reads
//! the view only, never a match, so a bot searching such copies cannot
//! cheat. What the view does not say (how often the packs have flipped,
//! turns counted for statistics) starts from the view's own counts.

use super::cards::CardId;
use super::state::{FlipDuel, Phase, SEATS, other};
use super::view::{FlipDuelView, Step};
use crate::engine::{BySeat, GameRng};
use rand::seq::SliceRandom as _;
use rand::{RngExt as _, SeedableRng as _};

impl FlipDuel {
    /// A match consistent with `view` (its seat's view of the copy is
    /// `view`), with everything hidden dealt from `rng`. `None` when the
    /// view's sizes do not add up to the packs.
    pub fn from_view(view: &FlipDuelView, rng: &mut GameRng) -> Option<FlipDuel> {
        let me = view.seat;
        if me.index() >= SEATS {
            return None;
        }
        let them = other(me);
        let (mi, ti) = (me.index(), them.index());
        let mut packs = BySeat::from_fn(SEATS, |_| Vec::new());
        let mut hands = BySeat::from_fn(SEATS, |_| Vec::new());
        let mut aside = BySeat::from_fn(SEATS, |_| Vec::new());
        let mut laid = BySeat::from_fn(SEATS, |_| None);
        // Injury-time cards are chosen from the unshuffled pack: its order
        // is only hidden once the match kicks off.
        let choosing = matches!(view.step, Step::Choose { .. });
        let mut own_pack = view.my_pack.clone();
        if !choosing {
            own_pack.shuffle(rng);
        }
        packs[me] = own_pack;
        hands[me] = view.my_hand.clone();
        aside[me] = view.my_aside.clone();
        laid[me] = view.my_laid;
        // The other team: every card of its pack not played face up.
        let played = view.played.get(ti)?;
        let mut pool: Vec<CardId> = view
            .cards
            .pack(them.0)
            .filter(|c| !played.contains(c))
            .collect();
        pool.shuffle(rng);
        let mut take = |k: usize| -> Option<Vec<CardId>> {
            let at = pool.len().checked_sub(k)?;
            Some(pool.split_off(at))
        };
        aside[them] = take(*view.aside_counts.get(ti)?)?;
        hands[them] = take(*view.hand_counts.get(ti)?)?;
        if *view.laid.get(ti)? {
            laid[them] = take(1)?.first().copied();
        }
        packs[them] = take(*view.pack_counts.get(ti)?)?;
        if choosing {
            packs[them].sort_unstable();
        }
        if !pool.is_empty() || view.pack_counts.get(mi) != Some(&view.my_pack.len()) {
            return None;
        }
        let phase = match view.step {
            Step::Choose { .. } => Phase::Choose,
            Step::Lay { .. } => Phase::Lay,
            Step::Over => Phase::Over,
        };
        Some(FlipDuel {
            cards: view.cards.clone(),
            rules: view.rules,
            rng: GameRng::seed_from_u64(rng.random()),
            phase,
            period: view.period,
            packs,
            hands,
            aside,
            played: BySeat::from_fn(SEATS, |s| {
                view.played.get(s.index()).cloned().unwrap_or_default()
            }),
            laid,
            attacker: view.attacker,
            kicked_off: view.kicked_off,
            play: view.play,
            score: view.score,
            lays: view.lays,
            injury_lays: view.injury_lays,
            keep_aside_order: false,
            stats: view.stats,
            flips: 0,
            last: view.last,
            turns: view.lays,
            outcome: view.outcome.clone(),
        })
    }
}
