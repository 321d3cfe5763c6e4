//! Whole Eleven seasons played by bots in parallel, summarised: Victory
//! Points by scoring line, League positions and the spread between seats.

use crate::bots::{Bot, RandomBot, Strength};
use crate::engine::Seat;
use crate::games::eleven::deck::ElevenDecks;
use crate::games::eleven::season::bot::play_out;
use crate::games::eleven::season::{Season, SeasonBot, SeasonConfig, SeasonScore, SoloScenario};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

/// One seat's figures over all seasons.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatFigures {
    /// The bot in the seat.
    pub bot: String,
    /// Mean Final Scoring total.
    pub mean_vp: f64,
    /// Seasons won (a shared win counts as a share).
    pub wins: f64,
    /// Mean League position.
    pub mean_position: f64,
    /// Seasons by League position.
    pub positions: BTreeMap<u32, u64>,
    /// Share of seasons (0-1) the seat fulfilled its Objective.
    pub objective_rate: f64,
    /// Share of seasons it fulfilled it perfectly.
    pub perfect_rate: f64,
}

/// The summary of `touchline simulate eleven` (its `--json` shape).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeasonsReport {
    /// Always "eleven".
    pub game: String,
    /// Seasons played to the end.
    pub games: usize,
    /// Seasons that failed (an error or the decision limit).
    pub failed: usize,
    /// Managers a season.
    pub managers: u8,
    /// The Division.
    pub division: u8,
    /// The solo Scenario, if any.
    pub scenario: Option<String>,
    /// Solo: Scenarios won.
    pub scenarios_won: u64,
    /// Mean VP a club by Final Scoring line.
    pub vp_by_source: BTreeMap<String, f64>,
    /// Every seat.
    pub seats: Vec<SeatFigures>,
    /// Mean gap between the best and the worst total of a season.
    pub mean_spread: f64,
    /// Mean decisions a season.
    pub mean_decisions: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Seasons per second (all threads).
    pub seasons_per_second: f64,
    /// Worker threads.
    pub threads: usize,
}

struct Played {
    scores: Vec<SeasonScore>,
    winners: Vec<Seat>,
    decisions: u64,
    scenario_won: bool,
    /// Each club's Objective: fulfilled, and perfectly.
    objectives: Vec<(bool, bool)>,
}

/// One season from `seed` with a bot a seat.
pub fn play_one(
    decks: &Arc<ElevenDecks>,
    config: &SeasonConfig,
    bots: &[Strength],
    seed: u64,
    max_decisions: u64,
) -> Result<(Season, u64), String> {
    let mut season = Season::setup(config, seed, &mut Vec::new()).map_err(|e| e.to_string())?;
    let mut players: Vec<Box<dyn Bot<Season>>> = bots
        .iter()
        .enumerate()
        .map(|(i, b)| -> Box<dyn Bot<Season>> {
            match b {
                Strength::Random => {
                    Box::new(RandomBot::new(seed.wrapping_mul(31).wrapping_add(i as u64)))
                }
                Strength::Heuristic => Box::new(SeasonBot::new(decks.clone())),
            }
        })
        .collect();
    let n = play_out(&mut season, &mut players, max_decisions).map_err(|e| e.to_string())?;
    Ok((season, n))
}

/// Plays `games` seasons in parallel (season `i` uses seed `seed + i`).
#[allow(clippy::too_many_arguments)]
pub fn run_seasons(
    decks: &Arc<ElevenDecks>,
    games: usize,
    seed: u64,
    managers: u8,
    division: u8,
    scenario: Option<SoloScenario>,
    bots: &[Strength],
    max_decisions: u64,
    on_done: &(dyn Fn() + Sync),
) -> Result<SeasonsReport, String> {
    let mut config = SeasonConfig::new(decks.clone(), managers, division);
    config.scenario = scenario.clone();
    // Fail early on a bad configuration.
    Season::setup(&config, seed, &mut Vec::new()).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let results: Vec<Option<Played>> = (0..games as u64)
        .into_par_iter()
        .map(|i| {
            let r = play_one(decks, &config, bots, seed.wrapping_add(i), max_decisions)
                .ok()
                .map(|(s, decisions)| Played {
                    scores: s.scores.clone().unwrap_or_default(),
                    winners: s.winners.clone(),
                    decisions,
                    scenario_won: s.scenario_won().unwrap_or(false),
                    objectives: s
                        .clubs
                        .iter()
                        .map(|c| {
                            let full = c
                                .objective
                                .and_then(|o| decks.objectives.get(o))
                                .map_or(0, |o| u32::from(o.vp));
                            (
                                c.objective_revealed,
                                c.objective_revealed && c.objective_vp > full,
                            )
                        })
                        .collect(),
                });
            on_done();
            r
        })
        .collect();
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let played: Vec<&Played> = results.iter().flatten().collect();
    let n = played.len();
    let mut report = SeasonsReport {
        game: "eleven".into(),
        games: n,
        failed: games - n,
        managers,
        division,
        scenario: scenario.map(|s| s.id),
        seconds,
        seasons_per_second: n as f64 / seconds,
        threads: rayon::current_num_threads(),
        ..SeasonsReport::default()
    };
    let per = |x: f64, of: usize| if of == 0 { 0.0 } else { x / of as f64 };
    report.seats = (0..usize::from(managers))
        .map(|i| SeatFigures {
            bot: bots.get(i).map_or("heuristic", |b| b.key()).to_string(),
            ..SeatFigures::default()
        })
        .collect();
    let mut sources: BTreeMap<String, f64> = BTreeMap::new();
    let mut spread = 0.0;
    let mut decisions = 0.0;
    for p in &played {
        decisions += p.decisions as f64;
        report.scenarios_won += u64::from(p.scenario_won);
        let totals: Vec<i32> = p.scores.iter().map(|s| s.total).collect();
        spread += f64::from(totals.iter().max().unwrap_or(&0) - totals.iter().min().unwrap_or(&0));
        for (i, s) in p.scores.iter().enumerate() {
            for (k, v) in [
                ("1 league", s.league),
                ("2 tokens", s.tokens),
                ("3 staff sets", s.staff_sets),
                ("4 infrastructure", s.infrastructure),
                ("5 office", s.office),
                ("6 suspensions", s.suspensions),
                ("scenario", s.scenario),
            ] {
                *sources.entry(k.to_string()).or_insert(0.0) += f64::from(v);
            }
            if let Some(seat) = report.seats.get_mut(i) {
                seat.mean_vp += f64::from(s.total);
                seat.mean_position += f64::from(s.position);
                *seat.positions.entry(s.position).or_insert(0) += 1;
                if p.winners.contains(&Seat(i as u8)) {
                    seat.wins += 1.0 / p.winners.len() as f64;
                }
                if let Some(&(done, perfect)) = p.objectives.get(i) {
                    seat.objective_rate += f64::from(u8::from(done));
                    seat.perfect_rate += f64::from(u8::from(perfect));
                }
            }
        }
    }
    let clubs = n * usize::from(managers);
    report.vp_by_source = sources
        .into_iter()
        .map(|(k, v)| (k, per(v, clubs)))
        .collect();
    for seat in &mut report.seats {
        seat.mean_vp = per(seat.mean_vp, n);
        seat.mean_position = per(seat.mean_position, n);
        seat.objective_rate = per(seat.objective_rate, n);
        seat.perfect_rate = per(seat.perfect_rate, n);
    }
    report.mean_spread = per(spread, n);
    report.mean_decisions = per(decisions, n);
    Ok(report)
}

/// The report as `touchline simulate eleven` prints it.
pub fn text(r: &SeasonsReport) -> String {
    let mut out = format!(
        "{} seasons of eleven with {} managers, Division {}{} ({} threads)\n",
        r.games,
        r.managers,
        r.division,
        r.scenario
            .as_ref()
            .map_or_else(String::new, |s| format!(", scenario {s}")),
        r.threads
    );
    if r.failed > 0 {
        out.push_str(&format!("  {} seasons failed\n", r.failed));
    }
    out.push_str("  VP by source (mean a club):");
    for (k, v) in &r.vp_by_source {
        out.push_str(&format!(
            "  {}={v:.2}",
            k.trim_start_matches(char::is_numeric).trim()
        ));
    }
    out.push('\n');
    for (i, s) in r.seats.iter().enumerate() {
        let positions: Vec<String> = s
            .positions
            .iter()
            .map(|(p, n)| format!("{p}:{n}"))
            .collect();
        out.push_str(&format!(
            "  seat {} {:<9} mean VP {:>6.2}  wins {:>7.1}  mean position {:>5.2}  positions {}  Objective {:.0}% (perfect {:.0}%)\n",
            i + 1,
            s.bot,
            s.mean_vp,
            s.wins,
            s.mean_position,
            positions.join(" "),
            100.0 * s.objective_rate,
            100.0 * s.perfect_rate
        ));
    }
    out.push_str(&format!(
        "  mean spread between seats {:.2} VP\n",
        r.mean_spread
    ));
    if r.scenario.is_some() {
        out.push_str(&format!("  scenarios won {}\n", r.scenarios_won));
    }
    out.push_str(&format!(
        "  {:.0} seasons/s ({:.2} s, {:.0} decisions a season)",
        r.seasons_per_second, r.seconds, r.mean_decisions
    ));
    out
}
