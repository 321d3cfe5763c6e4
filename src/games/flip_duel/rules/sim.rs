//! Simulation: many matches between two bots, summed up.
//!
//! Pure: no clock, no threads, no files. The caller times it (the `bench`
//! and `simulate` examples) and prints it.

use super::{FlipDuel, FlipDuelConfig, FlipDuelError, TeamStats};
use crate::bots::Bot;
use crate::engine::{Game as _, Seat, ToAct};
use serde::Serialize;

/// Averages per match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct PerMatch {
    /// Goals (both teams).
    pub goals: f64,
    /// Shots on goal (each card read in the goal area).
    pub shots: f64,
    /// Penalties taken.
    pub penalties: f64,
    /// Free kicks taken.
    pub free_kicks: f64,
    /// Times the packs flipped.
    pub flips: f64,
    /// Tackles.
    pub tackles: f64,
    /// Offsides.
    pub offsides: f64,
    /// Long balls.
    pub long_balls: f64,
    /// Corners.
    pub corners: f64,
    /// Rebounds.
    pub rebounds: f64,
    /// Shots, penalties and free kicks off the post or bar.
    pub posts: f64,
    /// Pairs of cards laid (both halves and injury time).
    pub pairs: f64,
    /// Injury-time pairs.
    pub injury_pairs: f64,
    /// Decisions (actions applied by both players).
    pub decisions: f64,
}

/// Who won how often.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct WinSplit {
    /// Matches seat 0 (Red) won.
    pub red: u64,
    /// Matches seat 1 (Blue) won.
    pub blue: u64,
    /// Drawn matches.
    pub draws: u64,
    /// Red's share of the matches.
    pub red_share: f64,
    /// Blue's share.
    pub blue_share: f64,
    /// Share of draws.
    pub draw_share: f64,
}

/// What `simulate` found.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    /// The bots, seat 0 first.
    pub bots: [String; 2],
    /// Matches played.
    pub matches: u64,
    /// The first match's seed.
    pub seed: u64,
    /// Decisions taken in all.
    pub decisions: u64,
    /// Averages per match.
    pub per_match: PerMatch,
    /// Goals per match by team, seat 0 first.
    pub goals_by_team: [f64; 2],
    /// The share of matches with 0, 1, 2, ... 9 and 10 or more goals.
    pub goal_histogram: Vec<f64>,
    /// The win split.
    pub wins: WinSplit,
}

/// Mixes `seed` and a match number into the match's seed.
fn match_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one match to the end with the two bots; returns the match and the
/// decisions taken.
pub fn play_match(
    config: &FlipDuelConfig,
    seed: u64,
    bots: &mut [&mut dyn Bot<FlipDuel>; 2],
) -> Result<(FlipDuel, u64), FlipDuelError> {
    let mut g = FlipDuel::new(config, seed)?;
    let mut legal = Vec::with_capacity(64);
    let mut decisions = 0u64;
    // A match lasts a few hundred decisions; the bound only guards against
    // an engine that stops moving on.
    for _ in 0..100_000 {
        let seats = match g.to_act() {
            ToAct::Over => return Ok((g, decisions)),
            ToAct::Simultaneous(set) => set,
            ToAct::One(s) => crate::engine::SeatSet::EMPTY.with(s),
            ToAct::Chance => {
                g.resolve_chance(&mut Vec::new());
                continue;
            }
        };
        for seat in seats.iter() {
            g.legal_actions(seat, &mut legal);
            let Some(bot) = bots.get_mut(seat.index()) else {
                continue;
            };
            if legal.is_empty() {
                continue;
            }
            let view = bot.needs_view().then(|| g.view(seat));
            let k = bot.choose(view.as_ref(), &legal).min(legal.len() - 1);
            if let Some(a) = legal.get(k) {
                g.apply(seat, a)?;
                decisions += 1;
            }
        }
    }
    Err(FlipDuelError::Config(
        "the match did not end within 100000 decisions".into(),
    ))
}

/// Plays `matches` matches between `bots` (seat 0 first) from `seed`, and
/// sums them up.
pub fn simulate(
    config: &FlipDuelConfig,
    bots: [&mut dyn Bot<FlipDuel>; 2],
    matches: u64,
    seed: u64,
) -> Result<Summary, FlipDuelError> {
    let names = [bots[0].name().to_string(), bots[1].name().to_string()];
    let mut bots = bots;
    let mut total = TeamStats::default();
    let mut goals_by = [0u64; 2];
    let mut flips = 0u64;
    let mut pairs = 0u64;
    let mut injury = 0u64;
    let mut decisions = 0u64;
    let mut wins = WinSplit::default();
    let mut hist = [0u64; 11];
    for i in 0..matches {
        let (g, d) = play_match(config, match_seed(seed, i), &mut bots)?;
        decisions += d;
        flips += u64::from(g.flips());
        pairs += u64::from(g.turns());
        injury += u64::from(g.injury_lays());
        let mut match_goals = 0usize;
        for (k, s) in g.stats().iter().enumerate() {
            total.goals += s.goals;
            total.shots += s.shots;
            total.penalties += s.penalties;
            total.free_kicks += s.free_kicks;
            total.tackled += s.tackled;
            total.offsides += s.offsides;
            total.long_balls += s.long_balls;
            total.corners += s.corners;
            total.rebounds += s.rebounds;
            total.posts += s.posts;
            if let Some(x) = goals_by.get_mut(k) {
                *x += u64::from(s.goals);
            }
            match_goals += s.goals as usize;
        }
        if let Some(h) = hist.get_mut(match_goals.min(10)) {
            *h += 1;
        }
        match g.outcome().and_then(|o| o.winners.first().copied()) {
            Some(Seat(0)) => wins.red += 1,
            Some(_) => wins.blue += 1,
            None => wins.draws += 1,
        }
    }
    let n = matches.max(1) as f64;
    let avg = |x: u64| x as f64 / n;
    let avg32 = |x: u32| f64::from(x) / n;
    wins.red_share = avg(wins.red);
    wins.blue_share = avg(wins.blue);
    wins.draw_share = avg(wins.draws);
    Ok(Summary {
        bots: names,
        matches,
        seed,
        decisions,
        per_match: PerMatch {
            goals: avg32(total.goals),
            shots: avg32(total.shots),
            penalties: avg32(total.penalties),
            free_kicks: avg32(total.free_kicks),
            flips: avg(flips),
            tackles: avg32(total.tackled),
            offsides: avg32(total.offsides),
            long_balls: avg32(total.long_balls),
            corners: avg32(total.corners),
            rebounds: avg32(total.rebounds),
            posts: avg32(total.posts),
            pairs: avg(pairs),
            injury_pairs: avg(injury),
            decisions: avg(decisions),
        },
        goals_by_team: [avg(goals_by[0]), avg(goals_by[1])],
        goal_histogram: hist.iter().map(|&h| avg(h)).collect(),
        wins,
    })
}
