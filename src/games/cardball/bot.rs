//! A Cardball bot that plays to win from its own seat's view.
//!
//! It never sees the other hand: it weighs each of its cards against every
//! player card it has not seen yet (the set minus its hand and every card
//! on the pitch), which is exactly what a manager at the table can know.
//! Attacking, it prefers the card most likely to win the round times what a
//! win is worth (a goal over an advance over a hold); defending, the card
//! most likely to stop the dangerous cards; among equals it keeps its
//! stronger cards for later. It uses The Manager cards when defending (an
//! Action card can only help the side without the ball, bar a rare own
//! goal) and when attacking from its own half. On the half-way line it
//! weighs each card in every half it may be read in, and expects the other
//! side to read its card in the half that suits it best.

use crate::bots::{Bot, RandomBot};
use crate::games::cardball::{
    Action, CardId, CardballView, Decision, ManagerCard, Mark, Payload, Period, Step, Top,
    ZoneClass, decide_penalty, decide_with,
};

/// The heuristic Cardball bot.
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    tiebreak: RandomBot,
}

impl HeuristicBot {
    /// A heuristic bot; `seed` only breaks ties between equal choices.
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            tiebreak: RandomBot::new(seed),
        }
    }
}

/// The player cards `view`'s seat has not seen: what the other side may hold.
fn unseen(view: &CardballView) -> Vec<CardId> {
    let mut seen = vec![false; view.cards.len()];
    for &c in view
        .hand
        .iter()
        .chain(&view.played)
        .chain(&view.out_of_play)
        .chain(view.my_pick.iter())
    {
        if let Some(x) = seen.get_mut(usize::from(c)) {
            *x = true;
        }
    }
    (0..view.cards.len() as CardId)
        .filter(|&c| !seen[usize::from(c)] && view.cards.is_player(c))
        .collect()
}

fn rank(m: Mark) -> f64 {
    match m {
        Mark::None => 0.0,
        Mark::Chance => 1.0,
        Mark::Takes => 2.0,
        Mark::Fifty => 3.0,
        Mark::Hundred => 4.0,
    }
}

/// How much a card is worth over the whole game (to keep strong cards).
fn strength(view: &CardballView, c: CardId) -> f64 {
    view.cards.card(c).map_or(0.0, |card| {
        ZoneClass::ALL
            .iter()
            .map(|z| rank(card.top(*z).mark) + rank(card.bottom(*z)))
            .sum()
    })
}

fn attacker_wins(d: Decision) -> f64 {
    match d {
        Decision::Attacker | Decision::Hold => 1.0,
        Decision::Die => 0.5,
        Decision::Defender => 0.0,
    }
}

fn worth(p: Payload) -> f64 {
    match p {
        Payload::Shoot => 3.0,
        Payload::Advance(n) => 0.4 * f64::from(n),
        Payload::Hold => 0.1,
    }
}

/// Whether a card placed now may be read as either half (the ball on the
/// half-way line in a round, under the rulebook's reading).
fn halfway_choice(view: &CardballView) -> bool {
    view.period != Period::Penalties
        && view.zone_class == ZoneClass::Halfway
        && !view.flags.house.printed_halfway
}

/// The classes a card may be read in now.
fn readings(view: &CardballView) -> &'static [ZoneClass] {
    if halfway_choice(view) {
        &[ZoneClass::Halfway, ZoneClass::OwnHalf, ZoneClass::OppHalf]
    } else {
        &[]
    }
}

/// The attacking half the other side would read `o` in: the strongest.
fn best_top(view: &CardballView, o: &ManagerCard) -> Top {
    readings(view)
        .iter()
        .map(|z| o.top(*z))
        .max_by(|a, b| {
            (rank(a.mark), worth(a.payload))
                .partial_cmp(&(rank(b.mark), worth(b.payload)))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .unwrap_or_else(|| o.top(view.zone_class))
}

/// The defending mark the other side would read `o` in: the strongest.
fn best_bottom(view: &CardballView, o: &ManagerCard) -> Mark {
    readings(view)
        .iter()
        .map(|z| o.bottom(*z))
        .max()
        .unwrap_or_else(|| o.bottom(view.zone_class))
}

/// The value of placing `c` now, read in `class`.
fn value(view: &CardballView, c: CardId, class: ZoneClass, others: &[CardId]) -> f64 {
    let Some(card) = view.cards.card(c) else {
        return f64::MIN;
    };
    let n = others.len().max(1) as f64;
    let house = &view.flags.house;
    if view.period == Period::Penalties {
        let shooting = view.shooter() == Some(view.side);
        let p: f64 = others
            .iter()
            .filter_map(|o| view.cards.card(*o))
            .map(|o| {
                let r = if shooting {
                    decide_penalty(
                        card.top(ZoneClass::InsideBox).mark,
                        o.bottom(ZoneClass::InsideBox),
                    )
                } else {
                    decide_penalty(
                        o.top(ZoneClass::InsideBox).mark,
                        card.bottom(ZoneClass::InsideBox),
                    )
                    .map(|g| !g)
                };
                match r {
                    Some(true) => 1.0,
                    Some(false) => 0.0,
                    None => 0.5,
                }
            })
            .sum::<f64>()
            / n;
        return p;
    }
    if view.attacking() {
        let top = card.top(class);
        let p: f64 = others
            .iter()
            .filter_map(|o| view.cards.card(*o))
            .map(|o| attacker_wins(decide_with(top.mark, best_bottom(view, o), house)))
            .sum::<f64>()
            / n;
        p * worth(top.payload) - (1.0 - p) * 0.5
    } else {
        let bottom = card.bottom(class);
        others
            .iter()
            .filter_map(|o| view.cards.card(*o))
            .map(|o| {
                let top = best_top(view, o);
                let stop = 1.0 - attacker_wins(decide_with(top.mark, bottom, house));
                stop * (worth(top.payload) + 0.5)
            })
            .sum::<f64>()
            / n
    }
}

impl Bot<crate::games::cardball::Cardball> for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, view: Option<&CardballView>, legal: &[Action]) -> usize {
        let Some(view) = view else {
            return self.tiebreak.pick(legal.len());
        };
        match view.step {
            Step::Touchline { .. } => {
                let use_it = !view.attacking()
                    || matches!(
                        view.zone_class,
                        ZoneClass::OwnBox | ZoneClass::OwnEdge | ZoneClass::OwnHalf
                    );
                let want = legal
                    .iter()
                    .position(|a| matches!(a, Action::UseManager { .. }) == use_it);
                want.unwrap_or(0)
            }
            Step::Pick { .. } => {
                let others = unseen(view);
                let mut best = Vec::new();
                let mut best_score = f64::MIN;
                for (i, a) in legal.iter().enumerate() {
                    let Action::Pick { card, reading } = a else {
                        continue;
                    };
                    let class = reading.unwrap_or(view.zone_class);
                    // Small penalty for spending strong cards: keep them.
                    let s = value(view, *card, class, &others) - 0.01 * strength(view, *card);
                    if s > best_score + 1e-9 {
                        best_score = s;
                        best.clear();
                        best.push(i);
                    } else if (s - best_score).abs() <= 1e-9 {
                        best.push(i);
                    }
                }
                match best.len() {
                    0 => self.tiebreak.pick(legal.len()),
                    n => best[self.tiebreak.pick(n)],
                }
            }
            _ => self.tiebreak.pick(legal.len()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game as _, Seat};
    use crate::games::cardball::{Cardball, CardballConfig, TieBreak};
    use std::sync::Arc;

    #[test]
    fn the_heuristic_bot_beats_random_play() {
        let deck = crate::games::cardball::deck::CardballDeck::default_set()
            .unwrap_or_else(|e| panic!("{e}"));
        let mut config = CardballConfig::new(Arc::new(deck.card_set()));
        config.tie_break = TieBreak::Draw;
        let (mut smart, mut random) = (0, 0);
        for seed in 0..200u64 {
            let mut g = Cardball::new(&config, seed).unwrap_or_else(|e| panic!("{e}"));
            // Alternate seats so the table side does not matter.
            let h = Seat((seed % 2) as u8);
            let mut bots: Vec<Box<dyn Bot<Cardball>>> = vec![
                Box::new(RandomBot::new(seed)),
                Box::new(RandomBot::new(seed + 1)),
            ];
            bots[h.index()] = Box::new(HeuristicBot::new(seed));
            crate::sim::play(&mut g, &mut bots, 10_000);
            let o = g
                .outcome()
                .unwrap_or_else(|| panic!("seed {seed}: unfinished"));
            if o.winners.contains(&h) {
                smart += 1;
            } else if !o.winners.is_empty() {
                random += 1;
            }
        }
        assert!(
            smart > 3 * random,
            "heuristic {smart} wins, random {random}"
        );
    }
}
