//! Group stage: three matches, a table, tiebreaks and a sudden-death decider.
//!
//! Decisions on what the rulebook leaves open:
//! - A win is 3 points; a shared penalties win gives each winner 3.
//!   The +1 bonus needs the star (rating 10) of the nation of the winner's
//!   best Starting 7 on their pitch when the match ends.
//! - A goal in Booked!: at the final whistle every manager "scores" the
//!   number of Starting-7 slots their best nation fills (0-7; a GOOOAL! win
//!   is 7). Goals against: a loser concedes the winner's goals; a winner
//!   concedes the best of the other managers' goals.
//! - Tiebreaks in order: points, goal difference, goals scored, fewest own
//!   players sent off; managers still level play one sudden-death match
//!   (first legal 7 wins, no call). Match k is kicked off by seat k.

use super::cards::Card;
use super::state::{Booked, BookedConfig, best_seven};
use crate::engine::{Game as _, Seat};
use serde::{Deserialize, Serialize};

/// Matches in a group stage.
pub const GROUP_MATCHES: usize = 3;

/// The facts of one finished match that the table needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchReport {
    /// The winners (several for a shared penalties win).
    pub winners: Vec<Seat>,
    /// How the match ended.
    pub ending: String,
    /// Goals per seat (filled Starting-7 slots at the final whistle).
    pub goals: Vec<u8>,
    /// Whether each seat's best nation has its star on the pitch.
    pub star_on_pitch: Vec<bool>,
    /// Players each seat had sent off.
    pub sent_off: Vec<u16>,
}

impl MatchReport {
    /// The report of a finished match, or `None` while it is still on.
    pub fn of(game: &Booked) -> Option<MatchReport> {
        let outcome = game.outcome()?;
        let cards = game.cards();
        let mut goals = Vec::new();
        let mut stars = Vec::new();
        let mut sent_off = Vec::new();
        for seat in Seat::all(game.seat_count()) {
            let pitch = game.pitch(seat);
            let best = best_seven(pitch, cards);
            goals.push(best.map_or(0, |(_, f)| f));
            stars.push(best.is_some_and(|(nation, _)| {
                pitch.iter().any(|p| {
                    matches!(cards.card(p.card), Some(Card::Player { nation: n, rating: 10, .. }) if n == nation)
                })
            }));
            sent_off.push(game.sent_off(seat));
        }
        Some(MatchReport {
            winners: outcome.winners,
            ending: outcome.ending,
            goals,
            star_on_pitch: stars,
            sent_off,
        })
    }

    fn goals_against(&self, seat: Seat) -> u8 {
        let i = seat.index();
        if self.winners.contains(&seat) {
            (0..self.goals.len())
                .filter(|&j| j != i)
                .map(|j| self.goals[j])
                .max()
                .unwrap_or(0)
        } else {
            self.winners
                .first()
                .map_or(0, |w| self.goals.get(w.index()).copied().unwrap_or(0))
        }
    }
}

/// One line of the group table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The manager.
    pub seat: Seat,
    /// Matches played.
    pub played: u8,
    /// Matches won.
    pub won: u8,
    /// Points (3 a win, +1 with the star on pitch).
    pub points: u16,
    /// Goals scored.
    pub goals_for: u16,
    /// Goals conceded.
    pub goals_against: u16,
    /// Own players sent off.
    pub sent_off: u16,
}

impl Standing {
    /// Goals scored minus goals conceded.
    pub fn goal_difference(&self) -> i32 {
        i32::from(self.goals_for) - i32::from(self.goals_against)
    }

    fn key(&self) -> (u16, i32, u16, std::cmp::Reverse<u16>) {
        (
            self.points,
            self.goal_difference(),
            self.goals_for,
            std::cmp::Reverse(self.sent_off),
        )
    }
}

/// The group table after `reports`, best first (ties in seat order).
pub fn standings(seats: usize, reports: &[MatchReport]) -> Vec<Standing> {
    let mut table: Vec<Standing> = Seat::all(seats)
        .map(|seat| Standing {
            seat,
            played: 0,
            won: 0,
            points: 0,
            goals_for: 0,
            goals_against: 0,
            sent_off: 0,
        })
        .collect();
    for r in reports {
        for st in &mut table {
            let i = st.seat.index();
            st.played += 1;
            st.goals_for += u16::from(r.goals.get(i).copied().unwrap_or(0));
            st.goals_against += u16::from(r.goals_against(st.seat));
            st.sent_off += r.sent_off.get(i).copied().unwrap_or(0);
            if r.winners.contains(&st.seat) {
                st.won += 1;
                st.points += 3;
                if r.star_on_pitch.get(i).copied().unwrap_or(false) {
                    st.points += 1;
                }
            }
        }
    }
    table.sort_by(|a, b| b.key().cmp(&a.key()).then(a.seat.cmp(&b.seat)));
    table
}

/// The managers level at the top after every tiebreak (one seat when the
/// table has a clear leader).
pub fn leaders(table: &[Standing]) -> Vec<Seat> {
    let Some(top) = table.first() else {
        return Vec::new();
    };
    table
        .iter()
        .take_while(|s| s.key() == top.key())
        .map(|s| s.seat)
        .collect()
}

/// The seat that kicks off match `index` (0-based) of a group.
pub fn kick_off(index: usize, seats: usize) -> Seat {
    Seat((index % seats.max(1)) as u8)
}

/// A group stage in progress: three matches, then sudden-death deciders
/// among the managers level at the top until one lifts the cup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupStage {
    /// The configuration every match starts from.
    base: BookedConfig,
    /// Reports of the three group matches played so far.
    reports: Vec<MatchReport>,
    /// Deciders played so far: the managers in each and its report.
    deciders: Vec<(Vec<Seat>, MatchReport)>,
    /// The winner, once there is one.
    champion: Option<Seat>,
}

/// The next match of a group stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextMatch {
    /// Its configuration (a decider seats only the managers in it).
    pub config: BookedConfig,
    /// For each seat of the match, the manager's seat in the group.
    pub managers: Vec<Seat>,
    /// Whether it is a sudden-death decider.
    pub decider: bool,
}

impl GroupStage {
    /// A new group stage for the managers of `base`.
    pub fn new(base: BookedConfig) -> Self {
        GroupStage {
            base,
            reports: Vec::new(),
            deciders: Vec::new(),
            champion: None,
        }
    }

    /// The match to play next, or `None` once there is a champion.
    pub fn next_match(&self) -> Option<NextMatch> {
        if self.champion.is_some() {
            return None;
        }
        let seats = usize::from(self.base.seats);
        if self.reports.len() < GROUP_MATCHES {
            let mut config = self.base.clone();
            config.first = kick_off(self.reports.len(), seats);
            config.sudden_death = false;
            return Some(NextMatch {
                config,
                managers: Seat::all(seats).collect(),
                decider: false,
            });
        }
        let managers = match self.deciders.last() {
            // A decider shared on penalties is replayed among those who shared it.
            Some((m, r)) => r
                .winners
                .iter()
                .filter_map(|w| m.get(w.index()).copied())
                .collect(),
            None => leaders(&self.table()),
        };
        let mut config = self.base.clone();
        config.seats = managers.len() as u8;
        config.first = Seat(0);
        config.sudden_death = true;
        Some(NextMatch {
            config,
            managers,
            decider: true,
        })
    }

    /// Records the finished match `game` (the one [`GroupStage::next_match`]
    /// gave); ignores a match that is not over.
    pub fn record(&mut self, game: &Booked) {
        let Some(report) = MatchReport::of(game) else {
            return;
        };
        let Some(next) = self.next_match() else {
            return;
        };
        if next.decider {
            if let [only] = report.winners.as_slice() {
                self.champion = next.managers.get(only.index()).copied();
            }
            self.deciders.push((next.managers, report));
        } else {
            self.reports.push(report);
            if self.reports.len() == GROUP_MATCHES
                && let [only] = leaders(&self.table()).as_slice()
            {
                self.champion = Some(*only);
            }
        }
    }

    /// The group table so far.
    pub fn table(&self) -> Vec<Standing> {
        standings(usize::from(self.base.seats), &self.reports)
    }

    /// Reports of the group matches played.
    pub fn reports(&self) -> &[MatchReport] {
        &self.reports
    }

    /// Sudden-death deciders played: who played and how it went.
    pub fn deciders(&self) -> &[(Vec<Seat>, MatchReport)] {
        &self.deciders
    }

    /// Who lifted the cup, once someone has.
    pub fn champion(&self) -> Option<Seat> {
        self.champion
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(winners: &[u8], goals: &[u8], stars: &[bool], off: &[u16]) -> MatchReport {
        MatchReport {
            winners: winners.iter().map(|&w| Seat(w)).collect(),
            ending: "goal".into(),
            goals: goals.to_vec(),
            star_on_pitch: stars.to_vec(),
            sent_off: off.to_vec(),
        }
    }

    #[test]
    fn points_and_star_bonus() {
        let r = [
            report(&[0], &[7, 5, 3], &[true, true, false], &[0, 0, 0]),
            report(&[1], &[4, 7, 6], &[false, false, true], &[0, 0, 0]),
        ];
        let t = standings(3, &r);
        assert_eq!(t[0].seat, Seat(0));
        assert_eq!(t[0].points, 4);
        assert_eq!(t[1].points, 3);
        // Seat 0: scored 7+4, conceded 5 (best other, as winner) + 7 (the winner's).
        assert_eq!((t[0].goals_for, t[0].goals_against), (11, 12));
    }

    #[test]
    fn tiebreak_order_goal_difference_then_goals_then_discipline() {
        // Both win once without bonus; seat 1 has the better goal difference.
        let r = [
            report(&[0], &[7, 2], &[false, false], &[0, 0]),
            report(&[1], &[1, 7], &[false, false], &[0, 0]),
        ];
        let t = standings(2, &r);
        assert_eq!(t[0].seat, Seat(1));
        assert_eq!(leaders(&t), vec![Seat(1)]);
        // Identical records except sent-off players: fewer wins.
        let r = [
            report(&[0], &[7, 5], &[false, false], &[2, 0]),
            report(&[1], &[5, 7], &[false, false], &[0, 0]),
        ];
        let t = standings(2, &r);
        assert_eq!(t[0].seat, Seat(1));
        // Fully level: both lead and must play the decider.
        let r = [
            report(&[0], &[7, 5], &[false, false], &[0, 0]),
            report(&[1], &[5, 7], &[false, false], &[0, 0]),
        ];
        assert_eq!(leaders(&standings(2, &r)), vec![Seat(0), Seat(1)]);
    }
}
