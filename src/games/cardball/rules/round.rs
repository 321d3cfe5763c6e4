//! What a round decides: the periods, the rolls, the resolution table of
//! two marks, the penalty shoot-out and the round's report.

use super::cards::{ActionId, CardId, CardSet, Mark, Payload, Plain, ZoneClass};
use super::config::*;
use crate::engine::Seat;
use serde::{Deserialize, Serialize};

/// A stretch of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Period {
    /// The match (or its first half).
    Match,
    /// The second half.
    SecondHalf,
    /// Golden goal: the first goal wins.
    GoldenGoal,
    /// The penalty shoot-out.
    Penalties,
}

impl Period {
    /// The key used in files and logs.
    pub fn key(self) -> &'static str {
        match self {
            Period::Match => "match",
            Period::SecondHalf => "second_half",
            Period::GoldenGoal => "golden_goal",
            Period::Penalties => "penalties",
        }
    }

    /// Parses a key.
    pub fn parse(s: &str) -> Option<Period> {
        [
            Period::Match,
            Period::SecondHalf,
            Period::GoldenGoal,
            Period::Penalties,
        ]
        .into_iter()
        .find(|p| p.key() == s.trim())
    }
}

/// What a roll of the die decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RollFor {
    /// Who has the ball at the kick-off.
    KickOff,
    /// Who shoots first in the shoot-out.
    FirstShooter,
    /// A dilemma in a round: the attacker's payload on a won roll,
    /// a turnover otherwise.
    Dilemma,
    /// A 50/50 Action card: `win` if the user wins the roll, else `lose`.
    Action {
        /// The user's seat.
        user: Seat,
        /// The Action card.
        card: ActionId,
        /// The outcome on a won roll.
        win: Plain,
        /// The outcome on a lost roll.
        lose: Plain,
    },
    /// A penalty where the marks clash.
    Penalty,
}

impl RollFor {
    /// A short name for logs.
    pub fn key(self) -> &'static str {
        match self {
            RollFor::KickOff => "kick-off",
            RollFor::FirstShooter => "first shooter",
            RollFor::Dilemma => "dilemma",
            RollFor::Action { .. } => "action",
            RollFor::Penalty => "penalty",
        }
    }
}

/// A roll waiting for its call or its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// What it decides.
    pub purpose: RollFor,
    /// Who rolls.
    pub roller: Side,
    /// The icon called (the default call until the caller names one).
    pub call: u8,
}

impl Roll {
    /// Who calls.
    pub fn caller(&self) -> Side {
        self.roller.other()
    }
}

/// How a round was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoundResult {
    /// The higher mark won outright (a 100 mark, or the ranking of marks).
    Outright,
    /// No clash, and a card "takes the ball": the attacker wins (the
    /// rulebook's sentence, `docs/cardball.md` decision 10).
    TakesTheBall,
    /// Neither card had an effect: the attacker keeps the ball.
    Hold,
    /// The die decided.
    Die,
}

impl RoundResult {
    /// A short name for logs.
    pub fn key(self) -> &'static str {
        match self {
            RoundResult::Outright => "outright",
            RoundResult::TakesTheBall => "takes the ball",
            RoundResult::Hold => "hold",
            RoundResult::Die => "die",
        }
    }
}

/// Who wins a round on marks alone (`docs/cardball.md`, 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// The attacker, outright.
    Attacker,
    /// Neither card had an effect: the attacker keeps the ball.
    Hold,
    /// The defender, outright.
    Defender,
    /// The die decides.
    Die,
}

/// Decides a round from the attacker's and the defender's marks, as the
/// rulebook says: a 100 mark wins for its manager (the attacker if both
/// have one); clashing 50/50 marks and "has a chance" against no clear win
/// go to the die; without a clash, a card that "takes the ball" gives the
/// round to the attacker; otherwise the higher mark wins.
pub fn decide(attack: Mark, defend: Mark) -> Decision {
    decide_with(attack, defend, &HouseRules::default())
}

/// [`decide`] under `house` rules ([`HouseRules::ranked_marks`] lets the
/// higher mark win even when one card "takes the ball").
pub fn decide_with(attack: Mark, defend: Mark, house: &HouseRules) -> Decision {
    use Mark::*;
    match (attack, defend) {
        (Hundred, _) => Decision::Attacker,
        (_, Hundred) => Decision::Defender,
        (Fifty, Fifty) | (Chance, Chance) | (Chance, None) | (None, Chance) => Decision::Die,
        (None, None) => Decision::Hold,
        (Takes, _) | (_, Takes) if !house.ranked_marks => Decision::Attacker,
        (Takes, Takes) => Decision::Attacker,
        (a, d) if a > d => Decision::Attacker,
        _ => Decision::Defender,
    }
}

/// Decides a penalty from the shooter's and the saver's marks
/// (`docs/cardball.md`, 7): `Some(true)` a goal, `Some(false)` a save,
/// `None` for the die.
pub fn decide_penalty(shot: Mark, save: Mark) -> Option<bool> {
    match (shot, save) {
        (Mark::Hundred, _) => Some(true),
        (_, Mark::Hundred) => Some(false),
        (a, b) if a == b => None,
        (a, b) => Some(a > b),
    }
}

/// The readings of the half-way line `card` offers besides its printed
/// effect (see [`Cardball::halfway_readings`]); `attacking` picks the half.
pub fn halfway_readings(
    cards: &CardSet,
    choice: bool,
    attacking: bool,
    card: CardId,
) -> Vec<ZoneClass> {
    let Some(c) = cards.card(card).filter(|_| choice) else {
        return Vec::new();
    };
    let effect = |z: ZoneClass| {
        if attacking {
            (c.top(z).mark, c.top(z).payload)
        } else {
            (c.bottom(z), Payload::Hold)
        }
    };
    let mut seen = vec![effect(ZoneClass::Halfway)];
    let mut out = Vec::new();
    for z in [ZoneClass::OwnHalf, ZoneClass::OppHalf] {
        let e = effect(z);
        if !seen.contains(&e) {
            seen.push(e);
            out.push(z);
        }
    }
    out
}

/// The last round's revealed cards, as everyone saw them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundReport {
    /// The round's number (from 1) in its period.
    pub round: u32,
    /// The attacking manager.
    pub attacker: Seat,
    /// Their card.
    pub attack: CardId,
    /// The defending manager.
    pub defender: Seat,
    /// Their card.
    pub defend: CardId,
    /// Where the ball was (zone index).
    pub zone: u8,
    /// The zone class for the attacker.
    pub class: ZoneClass,
    /// The class the attacking card was read in (on the half-way line, the
    /// attacker's choice of `own_half` or `opp_half`; else `class`).
    pub attack_class: ZoneClass,
    /// The class the defending card was read in.
    pub defend_class: ZoneClass,
    /// Who won, once decided.
    pub winner: Option<Side>,
}

/// The penalty shoot-out so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shootout {
    /// Who shoots first in every round (decided by the die).
    pub first: Option<Side>,
    /// Each kick's result in order; kick `k` is taken by `first` when `k`
    /// is even.
    pub kicks: Vec<bool>,
    /// The last kick's cards, while the die decides it.
    pub pending: Option<(CardId, CardId)>,
}

impl Shootout {
    /// The side taking kick number `k`.
    pub fn shooter(&self, k: usize) -> Side {
        let first = self.first.unwrap_or(Side::Left);
        if k.is_multiple_of(2) {
            first
        } else {
            first.other()
        }
    }

    /// Penalties scored by each side, left then right.
    pub fn goals(&self) -> [u32; 2] {
        let mut g = [0; 2];
        for (k, scored) in self.kicks.iter().enumerate() {
            if *scored {
                g[self.shooter(k).index()] += 1;
            }
        }
        g
    }

    /// Whether the kicks so far are into sudden death.
    pub fn sudden_death(&self) -> bool {
        self.kicks.len() >= 2 * SHOOTOUT_ROUNDS
    }

    /// The winner, once the shoot-out is decided.
    pub fn winner(&self) -> Option<Side> {
        let g = self.goals();
        let n = self.kicks.len();
        if n >= 2 * SHOOTOUT_ROUNDS {
            // Sudden death (or the end of the five rounds): only after a
            // complete round.
            return (n.is_multiple_of(2) && g[0] != g[1])
                .then(|| if g[0] > g[1] { Side::Left } else { Side::Right });
        }
        let first = self.shooter(0);
        let taken_first = n.div_ceil(2);
        let taken_second = n / 2;
        let left_first = first == Side::Left;
        let (taken_l, taken_r) = if left_first {
            (taken_first, taken_second)
        } else {
            (taken_second, taken_first)
        };
        let rem_l = (SHOOTOUT_ROUNDS - taken_l.min(SHOOTOUT_ROUNDS)) as u32;
        let rem_r = (SHOOTOUT_ROUNDS - taken_r.min(SHOOTOUT_ROUNDS)) as u32;
        if g[0] > g[1] + rem_r {
            Some(Side::Left)
        } else if g[1] > g[0] + rem_l {
            Some(Side::Right)
        } else {
            None
        }
    }
}
