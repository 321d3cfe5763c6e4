//! A Cardball tournament of several managers: a league in which every
//! manager meets every other once (rulebook, "Tournament"; decision 29 of
//! `docs/cardball.md`).
//!
//! Each fixture is an ordinary match between two of the managers, the
//! first named on the left. League matches may end level (the
//! [`super::TieBreak::Draw`] tie-break): a win is worth 3 points, a draw 1,
//! a loss 0. The table is ordered by points, then goal difference, then
//! goals scored, then the result between the managers level on all three
//! when exactly two are, and finally by the order the managers were
//! entered. Fixtures follow the circle method (every manager plays once a
//! round, one sits out when their number is odd), and every manager plays
//! on the left as often as on the right, give or take one match.

use super::CardballError;
use serde::{Deserialize, Serialize};

/// The fewest managers a tournament has.
pub const MIN_MANAGERS: usize = 3;
/// The most managers a tournament has.
pub const MAX_MANAGERS: usize = 8;

/// One played fixture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The managers, left then right (indices into the tournament's list).
    pub managers: [usize; 2],
    /// Their goals, left then right.
    pub goals: [u32; 2],
}

/// One line of the league table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// The manager (an index into the tournament's list).
    pub manager: usize,
    /// Matches played.
    pub played: u32,
    /// Matches won.
    pub won: u32,
    /// Matches drawn.
    pub drawn: u32,
    /// Matches lost.
    pub lost: u32,
    /// Goals scored.
    pub goals_for: u32,
    /// Goals conceded.
    pub goals_against: u32,
    /// Points: 3 a win, 1 a draw.
    pub points: u32,
}

impl Standing {
    /// Goals scored minus goals conceded.
    pub fn goal_difference(&self) -> i64 {
        i64::from(self.goals_for) - i64::from(self.goals_against)
    }
}

/// A league of several managers, each meeting each other once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    managers: usize,
    fixtures: Vec<[usize; 2]>,
    played: Vec<Played>,
}

impl Tournament {
    /// A league of `managers` (3-8) managers with its whole fixture list.
    pub fn league(managers: usize) -> Result<Tournament, CardballError> {
        if !(MIN_MANAGERS..=MAX_MANAGERS).contains(&managers) {
            return Err(CardballError::Config(format!(
                "a tournament has {MIN_MANAGERS} to {MAX_MANAGERS} managers, not {managers}"
            )));
        }
        Ok(Tournament {
            managers,
            fixtures: circle_fixtures(managers),
            played: Vec::new(),
        })
    }

    /// The number of managers.
    pub fn managers(&self) -> usize {
        self.managers
    }

    /// Every fixture in playing order, left manager first.
    pub fn fixtures(&self) -> &[[usize; 2]] {
        &self.fixtures
    }

    /// The fixtures played so far, in order.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// The next fixture to play, if any is left.
    pub fn next(&self) -> Option<[usize; 2]> {
        self.fixtures.get(self.played.len()).copied()
    }

    /// Whether every fixture has been played.
    pub fn is_over(&self) -> bool {
        self.next().is_none()
    }

    /// Records the next fixture's result (`goals`, left then right).
    pub fn record(&mut self, goals: [u32; 2]) -> Result<(), CardballError> {
        let Some(managers) = self.next() else {
            return Err(CardballError::Config(
                "every match of the tournament has been played".into(),
            ));
        };
        self.played.push(Played { managers, goals });
        Ok(())
    }

    /// The league table, leader first.
    pub fn standings(&self) -> Vec<Standing> {
        let totals = self.totals();
        let key = |s: &Standing| (s.points, s.goal_difference(), s.goals_for);
        let level = |s: &Standing| totals.iter().filter(|t| key(t) == key(s)).count();
        let mut table = totals.clone();
        table.sort_by(|a, b| {
            key(b)
                .cmp(&key(a))
                .then_with(|| {
                    // Exactly two level on everything: their own match.
                    if key(a) == key(b) && level(a) == 2 {
                        self.head_to_head(b.manager, a.manager)
                    } else {
                        std::cmp::Ordering::Equal
                    }
                })
                .then(a.manager.cmp(&b.manager))
        });
        table
    }

    /// Every manager's line of the table, by manager index.
    fn totals(&self) -> Vec<Standing> {
        let mut table: Vec<Standing> = (0..self.managers)
            .map(|manager| Standing {
                manager,
                played: 0,
                won: 0,
                drawn: 0,
                lost: 0,
                goals_for: 0,
                goals_against: 0,
                points: 0,
            })
            .collect();
        for p in &self.played {
            for side in 0..2 {
                let (me, them) = (p.goals[side], p.goals[1 - side]);
                let Some(s) = table.get_mut(p.managers[side]) else {
                    continue;
                };
                s.played += 1;
                s.goals_for += me;
                s.goals_against += them;
                match me.cmp(&them) {
                    std::cmp::Ordering::Greater => {
                        s.won += 1;
                        s.points += 3;
                    }
                    std::cmp::Ordering::Equal => {
                        s.drawn += 1;
                        s.points += 1;
                    }
                    std::cmp::Ordering::Less => s.lost += 1,
                }
            }
        }
        table
    }

    /// How `a` did against `b` in their own match: `Greater` if `a` won.
    fn head_to_head(&self, a: usize, b: usize) -> std::cmp::Ordering {
        for p in &self.played {
            if p.managers == [a, b] {
                return p.goals[0].cmp(&p.goals[1]);
            }
            if p.managers == [b, a] {
                return p.goals[1].cmp(&p.goals[0]);
            }
        }
        std::cmp::Ordering::Equal
    }

    /// The tournament's winner once it is over: the top of the table.
    pub fn winner(&self) -> Option<usize> {
        if !self.is_over() {
            return None;
        }
        self.standings().first().map(|s| s.manager)
    }
}

/// Every pair once, by the circle method: one slot stays put while the
/// others rotate; with an odd number a bye takes the extra slot. Each pair
/// is turned so that the manager who has played on the left less often
/// goes left, so nobody plays on one side more than once more than on the
/// other.
fn circle_fixtures(n: usize) -> Vec<[usize; 2]> {
    let slots = n + n % 2;
    let bye = n; // the extra slot when n is odd
    let mut ring: Vec<usize> = (0..slots).collect();
    let mut lefts = vec![0usize; n];
    let mut out = Vec::new();
    for round in 0..slots - 1 {
        for i in 0..slots / 2 {
            let (mut a, mut b) = (ring[i], ring[slots - 1 - i]);
            if a == bye || b == bye {
                continue;
            }
            if lefts[b] < lefts[a] || (lefts[b] == lefts[a] && round % 2 == 1) {
                std::mem::swap(&mut a, &mut b);
            }
            lefts[a] += 1;
            out.push([a, b]);
        }
        // Keep the first slot, rotate the rest by one.
        if let Some(last) = ring.pop() {
            ring.insert(1, last);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn sizes_outside_three_to_eight_are_refused() {
        assert!(Tournament::league(2).is_err());
        assert!(Tournament::league(9).is_err());
        assert!(Tournament::league(3).is_ok());
    }

    /// Plays every fixture of `t`; `result(a, b)` gives the goals of the
    /// lower-numbered manager `a` and of `b`.
    fn play(t: &mut Tournament, result: impl Fn(usize, usize) -> [u32; 2]) {
        for f in t.fixtures().to_vec() {
            let (a, b) = (f[0].min(f[1]), f[0].max(f[1]));
            let g = result(a, b);
            let g = if f[0] == a { g } else { [g[1], g[0]] };
            t.record(g).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    fn order(t: &Tournament) -> Vec<usize> {
        t.standings().iter().map(|s| s.manager).collect()
    }

    #[test]
    fn a_win_is_three_points_a_draw_one_and_goal_difference_splits_equals() {
        let mut t = Tournament::league(3).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.winner(), None, "no winner before the end");
        play(&mut t, |a, b| match (a, b) {
            (0, 1) => [3, 0],
            (0, 2) => [1, 1],
            _ => [1, 2],
        });
        assert!(t.is_over());
        let s = t.standings();
        // 0: W D = 4 points, +3; 2: D W = 4 points, +1; 1: L L = 0.
        assert_eq!(
            s.iter().map(|x| (x.manager, x.points)).collect::<Vec<_>>(),
            vec![(0, 4), (2, 4), (1, 0)]
        );
        assert_eq!(s[0].goal_difference(), 3);
        assert_eq!(s[1].goal_difference(), 1);
        assert_eq!(t.winner(), Some(0));
        assert!(t.record([0, 0]).is_err(), "nothing left to record");
    }

    #[test]
    fn two_managers_level_on_everything_are_split_by_their_own_match() {
        let mut t = Tournament::league(4).unwrap_or_else(|e| panic!("{e}"));
        play(&mut t, |a, b| match (a, b) {
            (0, 1) => [0, 0],
            (0, 2) => [2, 1],
            (0, 3) => [0, 1],
            (1, 2) => [0, 0],
            (1, 3) => [1, 0],
            _ => [1, 1],
        });
        // 1: 5 points. 0 and 3: 4 points, 2-2 in goals each; 3 beat 0.
        // 2: 2 points. Entry order alone would put 0 before 3.
        assert_eq!(order(&t), vec![1, 3, 0, 2]);
    }

    #[test]
    fn three_level_on_everything_stay_in_entry_order() {
        let mut t = Tournament::league(3).unwrap_or_else(|e| panic!("{e}"));
        play(&mut t, |_, _| [1, 1]);
        assert_eq!(order(&t), vec![0, 1, 2]);
    }

    proptest! {
        #[test]
        fn every_pair_meets_once_and_the_points_add_up(
            n in MIN_MANAGERS..=MAX_MANAGERS,
            goals in proptest::collection::vec((0u32..5, 0u32..5), 28),
        ) {
            let mut t = Tournament::league(n).unwrap_or_else(|e| panic!("{e}"));
            let games = n * (n - 1) / 2;
            prop_assert_eq!(t.fixtures().len(), games);
            let mut pairs: Vec<[usize; 2]> = t
                .fixtures()
                .iter()
                .map(|f| [f[0].min(f[1]), f[0].max(f[1])])
                .collect();
            pairs.sort_unstable();
            pairs.dedup();
            prop_assert_eq!(pairs.len(), games, "a pair met twice");
            let mut draws = 0;
            for (a, b) in goals.iter().take(games) {
                draws += u32::from(a == b);
                t.record([*a, *b]).unwrap_or_else(|e| panic!("{e}"));
            }
            prop_assert!(t.is_over());
            let s = t.standings();
            let points: u32 = s.iter().map(|x| x.points).sum();
            prop_assert_eq!(points, 3 * (games as u32 - draws) + 2 * draws);
            for x in &s {
                prop_assert_eq!(x.played as usize, n - 1);
                prop_assert_eq!(x.won + x.drawn + x.lost, x.played);
            }
            let gd: i64 = s.iter().map(Standing::goal_difference).sum();
            prop_assert_eq!(gd, 0);
            // Ordered by points, then goal difference, then goals scored.
            for w in s.windows(2) {
                let k = |x: &Standing| (x.points, x.goal_difference(), x.goals_for);
                prop_assert!(k(&w[0]) >= k(&w[1]));
            }
            // Left and right are shared out fairly.
            for m in 0..n {
                let left = t.fixtures().iter().filter(|f| f[0] == m).count();
                let right = n - 1 - left;
                prop_assert!(left.abs_diff(right) <= 1, "manager {m}: {left} left, {right} right");
            }
        }
    }
}
