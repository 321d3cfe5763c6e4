//! Measuring one bot against another: many seeded games in parallel, the
//! candidate's results with 95% intervals, and its time a decision.
//!
//! Game `i` uses seed `seed + i` and seats the candidate at seat
//! `i % seats`, every other seat getting the baseline bot, so each seat is
//! played equally often and a first-player advantage cancels out. The same
//! seed and thread count give the same figures (each game is independent
//! and seeded; only the timings vary).

use super::Bot;
use super::ismcts::Level;
use crate::engine::{Game, NoLog, Seat, ToAct};
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;

/// A rung of a game's skill ladder, weakest first: each should beat the
/// one below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rung {
    /// Uniformly random legal moves.
    Random,
    /// The game's hand-written heuristic (for Stadium Memory, its best
    /// memory level).
    Heuristic,
    /// The search bot at a level.
    Search(Level),
}

impl Rung {
    /// Every rung, weakest first.
    pub const LADDER: [Rung; 4] = [
        Rung::Random,
        Rung::Heuristic,
        Rung::Search(Level::Hard),
        Rung::Search(Level::Expert),
    ];

    /// The name used in reports and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Rung::Random => "random",
            Rung::Heuristic => "heuristic",
            Rung::Search(level) => level.key(),
        }
    }

    /// Parses `random`, `heuristic`, `hard` or `expert` (any case).
    pub fn parse(s: &str) -> Option<Rung> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Some(Rung::Random),
            "heuristic" => Some(Rung::Heuristic),
            other => Level::parse(other).map(Rung::Search),
        }
    }
}

/// Which side of a pairing a bot is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Role {
    /// The bot being measured (one seat a game).
    Candidate,
    /// The bot it is measured against (every other seat).
    Baseline,
}

/// A pairing's results, from the candidate's side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeadToHead {
    /// The candidate's name.
    pub candidate: String,
    /// The baseline's name.
    pub baseline: String,
    /// Seats at each table.
    pub seats: usize,
    /// Games played to the end or abandoned.
    pub games: u64,
    /// Games the candidate won alone.
    pub wins: u64,
    /// Games the candidate won together with others (a draw at two seats
    /// counts here when the game names both winners).
    pub shared: u64,
    /// Games nobody won (a draw), or abandoned at the decision cap.
    pub no_winner: u64,
    /// Games the candidate lost.
    pub losses: u64,
    /// Sole wins as a share of games.
    pub win_rate: f64,
    /// The 95% Wilson interval of `win_rate`.
    pub win_interval: (f64, f64),
    /// The share one seat would win if every bot were alike (1 / seats).
    pub even: f64,
    /// The candidate's decisions, over all games.
    pub decisions: u64,
    /// The candidate's mean seconds a decision.
    pub mean_decision_seconds: f64,
    /// The candidate's slowest decision, in seconds.
    pub max_decision_seconds: f64,
    /// Wall-clock seconds for the whole run.
    pub seconds: f64,
    /// Worker threads used.
    pub threads: usize,
}

impl HeadToHead {
    /// The result in one line, as a report prints it.
    pub fn line(&self) -> String {
        format!(
            "{} vs {} ({} seats, {} games): wins {:.1}% (95% {:.1}-{:.1}%, even {:.1}%), shared {}, no winner {}, lost {}; {:.1} ms a decision (max {:.0} ms) over {} decisions; {:.0} s",
            self.candidate,
            self.baseline,
            self.seats,
            self.games,
            self.win_rate * 100.0,
            self.win_interval.0 * 100.0,
            self.win_interval.1 * 100.0,
            self.even * 100.0,
            self.shared,
            self.no_winner,
            self.losses,
            self.mean_decision_seconds * 1000.0,
            self.max_decision_seconds * 1000.0,
            self.decisions,
            self.seconds,
        )
    }
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let n = n as f64;
    let p = k as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// One game's result for the candidate.
#[derive(Clone, Copy, Debug, Default)]
struct One {
    win: bool,
    shared: bool,
    none: bool,
    decisions: u64,
    seconds: f64,
    max_seconds: f64,
}

/// Plays `games` games of `seats` seats: `make_game(seed)` sets a game up,
/// `make_bot(role, seed)` makes a bot (the candidate at seat `i % seats`
/// of game `i`, the baseline elsewhere). Games run on `threads` workers
/// (`None`: every core); a game past `max_decisions` is abandoned.
/// `on_done` is called after each game (for a progress bar).
#[allow(clippy::too_many_arguments)] // each argument is one independent knob of a run
pub fn head_to_head<G, FG, FB>(
    games: usize,
    seed: u64,
    seats: usize,
    threads: Option<usize>,
    max_decisions: u64,
    make_game: FG,
    make_bot: FB,
    on_done: &(dyn Fn() + Sync),
) -> Result<HeadToHead, String>
where
    G: Game,
    FG: Fn(u64) -> Option<G> + Sync,
    FB: Fn(Role, u64) -> Box<dyn Bot<G>> + Sync,
{
    let seats = seats.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let start = Instant::now();
    let results: Vec<One> = pool.install(|| {
        (0..games as u64)
            .into_par_iter()
            .filter_map(|i| {
                let game_seed = seed.wrapping_add(i);
                let r = play_one(
                    game_seed,
                    Seat((i % seats as u64) as u8),
                    max_decisions,
                    &make_game,
                    &make_bot,
                );
                on_done();
                r
            })
            .collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let name = |role| make_bot(role, 0).name().to_string();
    let n = results.len() as u64;
    let wins = results.iter().filter(|r| r.win).count() as u64;
    let shared = results.iter().filter(|r| r.shared).count() as u64;
    let no_winner = results.iter().filter(|r| r.none).count() as u64;
    let decisions: u64 = results.iter().map(|r| r.decisions).sum();
    let think: f64 = results.iter().map(|r| r.seconds).sum();
    Ok(HeadToHead {
        candidate: name(Role::Candidate),
        baseline: name(Role::Baseline),
        seats,
        games: n,
        wins,
        shared,
        no_winner,
        losses: n - wins - shared - no_winner,
        win_rate: if n == 0 { 0.0 } else { wins as f64 / n as f64 },
        win_interval: wilson(wins, n),
        even: 1.0 / seats as f64,
        decisions,
        mean_decision_seconds: if decisions == 0 {
            0.0
        } else {
            think / decisions as f64
        },
        max_decision_seconds: results.iter().map(|r| r.max_seconds).fold(0.0, f64::max),
        seconds,
        threads: pool.current_num_threads(),
    })
}

fn play_one<G, FG, FB>(
    seed: u64,
    candidate: Seat,
    max_decisions: u64,
    make_game: &FG,
    make_bot: &FB,
) -> Option<One>
where
    G: Game,
    FG: Fn(u64) -> Option<G>,
    FB: Fn(Role, u64) -> Box<dyn Bot<G>>,
{
    let mut game = make_game(seed)?;
    // Each bot gets a seed of its own, different per seat and per game.
    let mut bots: Vec<Box<dyn Bot<G>>> = Seat::all(game.seat_count())
        .map(|s| {
            let role = if s == candidate {
                Role::Candidate
            } else {
                Role::Baseline
            };
            let bot_seed = seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(u64::from(s.0) + 1);
            make_bot(role, bot_seed)
        })
        .collect();
    let mut one = One::default();
    let mut legal = Vec::new();
    let mut decisions = 0u64;
    while decisions < max_decisions {
        let seat = match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                game.resolve_chance(&mut NoLog);
                continue;
            }
            ToAct::One(s) => s,
            ToAct::Simultaneous(set) => set.iter().next()?,
        };
        game.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            break;
        }
        let bot = bots.get_mut(seat.index())?;
        let view = bot.needs_view_for(&legal).then(|| game.view(seat));
        let t = Instant::now();
        let i = bot.choose(view.as_ref(), &legal).min(legal.len() - 1);
        if seat == candidate {
            let s = t.elapsed().as_secs_f64();
            one.decisions += 1;
            one.seconds += s;
            one.max_seconds = one.max_seconds.max(s);
        }
        game.apply(seat, &legal[i]).ok()?;
        decisions += 1;
    }
    match game.outcome() {
        Some(o) if o.winners.is_empty() => one.none = true,
        Some(o) if o.winners == [candidate] => one.win = true,
        Some(o) if o.winners.contains(&candidate) => one.shared = true,
        Some(_) => {}
        None => one.none = true,
    }
    Some(one)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_hold_the_rate_and_narrow_with_games() {
        let (lo, hi) = wilson(60, 100);
        assert!(lo < 0.6 && 0.6 < hi, "{lo} {hi}");
        let (lo2, hi2) = wilson(1200, 2000);
        assert!(hi2 - lo2 < hi - lo);
        assert!((lo2 - 0.578).abs() < 0.002 && (hi2 - 0.621).abs() < 0.002);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert_eq!(wilson(0, 10).0, 0.0);
    }
}
