//! A Flip Duel bot that chooses its injury-time cards well, from its own
//! view only.
//!
//! Every card is played in both halves except the injury-time cards, of
//! which only the assistant referee's number (about four) are ever laid.
//! So the cards worth least should go aside, and the bot needs a card's
//! worth. It rates each of its cards against the other team's card list
//! (public: the packs are printed, only their order and the other
//! player's choice are secret): for every kind of play (open play with a
//! run of 0-2, a shot, a penalty, a free kick) how much better than an
//! average card it does attacking and defending, in expected goals, and
//! weighs the kinds by how often they come up. [`card_values`] and
//! [`suggest_aside`] are public so the table can show a player the same
//! advice ("the app helps").
//!
//! With the hand house rule it also chooses which card to lay: attacking,
//! the card most likely to score from the current play against the other
//! team's cards not yet played; defending, the card most likely to stop
//! them.

use super::FlipDuel;
use super::action::Action;
use super::cards::{Area, CardId, CardSet, Mark};
use super::state::{LayResult, Play, RUN_FOR_SHOT, ShotFrom, other};
use super::view::{FlipDuelView, Step};
use crate::bots::{Bot, RandomBot};

/// The kinds of play a pair of cards can be read for, as the model counts
/// them: open play with a run of 0, 1 and 2, a shot, a penalty, a free kick.
const STATES: usize = 6;
/// Value lost per pair of cards, so that the model's sums converge.
const DISCOUNT: f64 = 0.98;

fn state_of(play: Play) -> usize {
    match play {
        Play::Open { run } => usize::from(run.min(RUN_FOR_SHOT - 1)),
        Play::Shot { .. } => 3,
        Play::Penalty => 4,
        Play::FreeKick => 5,
    }
}

fn play_of(state: usize) -> Play {
    match state {
        0..=2 => Play::Open { run: state as u8 },
        3 => Play::Shot {
            from: ShotFrom::ThreeInARow,
        },
        4 => Play::Penalty,
        _ => Play::FreeKick,
    }
}

/// What a result is worth to the attacker and where play goes: the goal
/// scored (0 or 1) and the next state (`None`: the packs flip).
fn step(state: usize, mark: Mark) -> (f64, Option<usize>) {
    let r = LayResult::of(play_of(state), mark);
    let goal = if r == LayResult::Goal { 1.0 } else { 0.0 };
    (goal, r.next().map(state_of))
}

/// The model: the value of each state for the side attacking in it, and how
/// often each state comes up, for average cards of the two teams.
#[derive(Clone, Debug)]
struct Model {
    value: [f64; STATES],
    weight: [f64; STATES],
}

/// Counts of what `defence` cards show where `attack` card's ball lies, per
/// state: `dist[state][mark index]` as fractions.
fn mark_shares(
    cards: &CardSet,
    attack: &[CardId],
    defence: &[CardId],
) -> [[f64; Mark::ALL.len()]; STATES] {
    let mut out = [[0.0; Mark::ALL.len()]; STATES];
    let n = (attack.len() * defence.len()).max(1) as f64;
    for (s, row) in out.iter_mut().enumerate() {
        let area = play_of(s).area();
        for a in attack.iter().filter_map(|&a| cards.card(a)) {
            for d in defence.iter().filter_map(|&d| cards.card(d)) {
                let m = d.meets(a, area);
                if let Some(x) = row.get_mut(m as usize) {
                    *x += 1.0 / n;
                }
            }
        }
    }
    out
}

impl Model {
    fn new(shares: &[[f64; Mark::ALL.len()]; STATES]) -> Model {
        let mut value = [0.0; STATES];
        for _ in 0..300 {
            let v0 = value[0];
            let mut next = [0.0; STATES];
            for (s, slot) in next.iter_mut().enumerate() {
                *slot = Mark::ALL
                    .iter()
                    .zip(shares[s].iter())
                    .map(|(&m, p)| {
                        let (g, n) = step(s, m);
                        p * (g + DISCOUNT * n.map_or(-v0, |k| value[k]))
                    })
                    .sum();
            }
            value = next;
        }
        // How often each state is played: follow the chain from a kick-off
        // (a flip restarts at state 0 for the other side, which by symmetry
        // has the same frequencies).
        let mut weight = [0.0; STATES];
        let mut at = [0.0; STATES];
        at[0] = 1.0;
        for _ in 0..400 {
            let mut nxt = [0.0; STATES];
            for s in 0..STATES {
                weight[s] += at[s];
                for (&m, p) in Mark::ALL.iter().zip(shares[s].iter()) {
                    let k = step(s, m).1.unwrap_or(0);
                    nxt[k] += at[s] * p;
                }
            }
            at = nxt;
        }
        let total: f64 = weight.iter().sum::<f64>().max(1e-9);
        for w in &mut weight {
            *w /= total;
        }
        Model { value, weight }
    }

    /// The attacker's expected value of one pair read in `state` with this
    /// distribution of marks.
    fn q(&self, state: usize, shares: &[f64]) -> f64 {
        Mark::ALL
            .iter()
            .zip(shares.iter())
            .map(|(&m, p)| {
                let (g, n) = step(state, m);
                p * (g + DISCOUNT * n.map_or(-self.value[0], |k| self.value[k]))
            })
            .sum()
    }
}

/// How much better than an average card each of `mine` does, attacking in
/// `state` against `theirs` and defending in it, in expected goals for my
/// side.
fn card_edge(
    cards: &CardSet,
    model: &Model,
    mine: CardId,
    theirs: &[CardId],
    state: usize,
) -> (f64, f64) {
    let att = mark_shares(cards, &[mine], theirs);
    let def = mark_shares(cards, theirs, &[mine]);
    let (Some(a), Some(d)) = (att.get(state), def.get(state)) else {
        return (0.0, 0.0);
    };
    let v = model.value.get(state).copied().unwrap_or(0.0);
    (model.q(state, a) - v, v - model.q(state, d))
}

/// Every card of `view`'s team with its worth over a whole match (expected
/// goals better than an average card, attacking and defending together),
/// best first.
pub fn card_values(view: &FlipDuelView) -> Vec<(CardId, f64)> {
    let cards = &view.cards;
    let mine: Vec<CardId> = cards.pack(view.seat.0).collect();
    let theirs: Vec<CardId> = cards.pack(view.opponent().0).collect();
    let model = Model::new(&mark_shares(cards, &mine, &theirs));
    let mut out: Vec<(CardId, f64)> = mine
        .iter()
        .map(|&c| {
            let v: f64 = (0..STATES)
                .map(|s| {
                    let (a, d) = card_edge(cards, &model, c, &theirs, s);
                    model.weight.get(s).copied().unwrap_or(0.0) * (a + d)
                })
                .sum();
            (c, v)
        })
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

/// The cards `view`'s player would do best to set aside for injury time:
/// the ones worth least, as many as the rules set aside.
pub fn suggest_aside(view: &FlipDuelView) -> Vec<CardId> {
    let n = usize::from(view.rules.injury_cards);
    let values = card_values(view);
    values.iter().rev().take(n).map(|(c, _)| *c).collect()
}

/// The heuristic Flip Duel bot.
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    tiebreak: RandomBot,
    /// The values of the seat's cards, computed once.
    values: Option<Vec<(CardId, f64)>>,
    /// The model of the two packs, computed once.
    model: Option<Model>,
}

impl HeuristicBot {
    /// A heuristic bot; `seed` only breaks ties.
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            tiebreak: RandomBot::new(seed),
            values: None,
            model: None,
        }
    }

    fn value(&mut self, view: &FlipDuelView, c: CardId) -> f64 {
        let values = self.values.get_or_insert_with(|| card_values(view));
        values
            .iter()
            .find(|(x, _)| *x == c)
            .map_or(0.0, |(_, v)| *v)
    }

    /// Picks the index of the best-scoring action.
    fn best(
        &mut self,
        legal: &[Action],
        mut score: impl FnMut(&mut Self, &Action) -> f64,
    ) -> usize {
        let mut best = f64::NEG_INFINITY;
        let mut ties: Vec<usize> = Vec::new();
        for (i, a) in legal.iter().enumerate() {
            let s = score(self, a);
            if s > best + 1e-12 {
                best = s;
                ties.clear();
                ties.push(i);
            } else if (s - best).abs() <= 1e-12 {
                ties.push(i);
            }
        }
        let k = self.tiebreak.pick(ties.len().max(1));
        ties.get(k).copied().unwrap_or(0)
    }
}

impl Bot<FlipDuel> for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, view: Option<&FlipDuelView>, legal: &[Action]) -> usize {
        if legal.len() <= 1 {
            return 0;
        }
        let Some(view) = view else {
            return self.tiebreak.pick(legal.len());
        };
        match view.step {
            Step::Choose { .. } => self.best(legal, |bot, a| match a {
                Action::SetAside { card } => -bot.value(view, *card),
                _ => f64::NEG_INFINITY,
            }),
            Step::Lay { .. } => {
                let cards = view.cards.clone();
                let theirs = view.opponent_unseen();
                let model = self
                    .model
                    .get_or_insert_with(|| {
                        let mine: Vec<CardId> = cards.pack(view.seat.0).collect();
                        let all: Vec<CardId> = cards.pack(other(view.seat).0).collect();
                        Model::new(&mark_shares(&cards, &mine, &all))
                    })
                    .clone();
                let state = state_of(view.play);
                let attacking = view.attacking();
                self.best(legal, |bot, a| match a {
                    Action::Play { card } => {
                        let (att, def) = card_edge(&cards, &model, *card, &theirs, state);
                        let now = if attacking { att } else { def };
                        // Keep strong cards a little: a card laid now is
                        // gone for the rest of the half.
                        now - 0.02 * bot.value(view, *card)
                    }
                    _ => 0.0,
                })
            }
            Step::Over => 0,
        }
    }
}

impl Area {
    /// The area's colour on the printed card.
    pub fn colour(self) -> &'static str {
        match self {
            Area::Attack => "green",
            Area::Goal => "red",
            Area::Penalty => "yellow",
            Area::FreeKick => "blue",
        }
    }
}
