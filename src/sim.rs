//! Running many bot-vs-bot games in parallel and summarising them.
//!
//! Used by `touchline simulate` and the benchmarks. Each game gets its own
//! seed derived from the base seed, so a run is reproducible whatever the
//! number of threads.

use crate::bots::Bot;
use crate::engine::{Game, Seat};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// A simulation asked of a game through the registry: the options every
/// game shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimRequest {
    /// Games to play.
    pub games: usize,
    /// Base seed: game i uses seed + i.
    pub seed: u64,
    /// Managers per game, when the game lets it vary.
    pub players: Option<u8>,
    /// Bot per seat, comma-separated; the list repeats to fill the table.
    pub bots: String,
    /// One JSON object instead of a table.
    pub json: bool,
    /// Worker threads (`None`: all cores).
    pub threads: Option<usize>,
    /// Abandon a game after this many decisions.
    pub max_decisions: u64,
    /// A house rules file: its name and text.
    pub rules: Option<(String, String)>,
    /// The game's own options by name (`tie_break`, `halves`, `teams`,
    /// `division`), as text.
    pub options: BTreeMap<String, String>,
}

impl SimRequest {
    /// The game's option `key`, if given.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }

    /// The bots of `seats` seats: the comma-separated list, repeated round
    /// the table.
    pub fn strengths(&self, seats: usize) -> Result<Vec<crate::bots::Strength>, String> {
        let list: Vec<crate::bots::Strength> = self
            .bots
            .split(',')
            .map(|b| {
                crate::bots::Strength::parse(b)
                    .ok_or_else(|| format!("unknown bot `{b}`: use random or heuristic"))
            })
            .collect::<Result<_, _>>()?;
        Ok((0..seats).map(|i| list[i % list.len()]).collect())
    }

    /// A worker pool of the asked size.
    pub fn pool(&self) -> Result<rayon::ThreadPool, String> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .map_err(|e| format!("cannot start worker threads: {e}"))
    }

    /// A progress bar on standard error for `units` (hidden for JSON and
    /// for runs shorter than `min`).
    pub fn progress(&self, min: usize, units: &str) -> indicatif::ProgressBar {
        let bar = if self.json || self.games < min {
            indicatif::ProgressBar::hidden()
        } else {
            indicatif::ProgressBar::new(self.games as u64)
        };
        bar.set_style(
            indicatif::ProgressStyle::with_template(&format!(
                "{{bar:40}} {{pos}}/{{len}} {units} {{eta}}"
            ))
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    }
}

impl Report {
    /// The report as `touchline simulate` prints it.
    pub fn text(&self) -> String {
        let r = self;
        let options: String = r
            .options
            .iter()
            .map(|(k, v)| format!("{} {v}; ", k.replace('_', " ")))
            .collect();
        let mut out = format!(
            "{} games of {} with {} managers ({options}{} threads)",
            r.games, r.game, r.players, r.threads
        );
        for (i, (w, rate)) in r.wins_by_seat.iter().zip(&r.win_rate_by_seat).enumerate() {
            let bot = r.bots.get(i).map_or("", String::as_str);
            out.push_str(&format!(
                "\n  seat {i} ({bot:<9}) wins {w:>7}  {:>5.1}%",
                rate * 100.0
            ));
        }
        out.push_str(&format!(
            "\n  turns per game: mean {:.1}, median {:.1}, max {}",
            r.turns.mean, r.turns.median, r.turns.max
        ));
        let endings: Vec<String> = r.endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
        out.push_str(&format!("\n  endings: {}", endings.join(", ")));
        if r.abandoned + r.stalled > 0 {
            out.push_str(&format!(
                "\n  abandoned at the decision limit {}, stalled {}",
                r.abandoned, r.stalled
            ));
        }
        for (k, v) in &r.figures {
            out.push_str(&format!("\n  {k}: {v:.2} a game"));
        }
        out.push_str(&format!(
            "\n  {:.0} decisions/s, {:.1} games/s ({} decisions in {:.2} s)",
            r.decisions_per_second, r.games_per_second, r.decisions, r.seconds
        ));
        out
    }

    /// The report as text or, with `json`, as JSON.
    pub fn render(&self, json: bool) -> Result<String, String> {
        if json {
            serde_json::to_string_pretty(self).map_err(|e| e.to_string())
        } else {
            Ok(self.text())
        }
    }
}

/// The ending of a game stopped at the decision limit.
pub const ABANDONED: &str = "abandoned";
/// The ending of a game its engine could not move on.
pub const STALLED: &str = "stalled";

/// One unit of a simulation played out (a game, or a whole series): its
/// result and the game's own figures for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// Winners, ending, turns and decisions.
    pub result: GameResult,
    /// The game's own figures, by name.
    pub figures: Vec<(String, f64)>,
}

/// The result of one finished (or abandoned) game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// The game's seed.
    pub seed: u64,
    /// Winning seats (empty for an abandoned game).
    pub winners: Vec<Seat>,
    /// How it ended (`"abandoned"` past the decision cap).
    pub ending: String,
    /// Turns played.
    pub turns: u32,
    /// Decisions made by the bots.
    pub decisions: u64,
}

/// Mean, median and maximum of a count.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spread {
    /// Arithmetic mean.
    pub mean: f64,
    /// Median (the mean of the middle two for an even count).
    pub median: f64,
    /// Maximum.
    pub max: u64,
}

/// The median of sorted `v` (the mean of the middle two for an even
/// count; 0 for none).
pub fn median_of_sorted(v: &[u64]) -> f64 {
    let n = v.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => v[n / 2] as f64,
        _ => (v[n / 2 - 1] + v[n / 2]) as f64 / 2.0,
    }
}

impl Spread {
    /// The spread of `values`.
    pub fn of(values: &[u64]) -> Spread {
        if values.is_empty() {
            return Spread {
                mean: 0.0,
                median: 0.0,
                max: 0,
            };
        }
        let mut v = values.to_vec();
        v.sort_unstable();
        let n = v.len();
        let median = median_of_sorted(&v);
        Spread {
            mean: v.iter().sum::<u64>() as f64 / n as f64,
            median,
            max: v[n - 1],
        }
    }
}

/// A summary of a simulation run (the `--json` shape of `simulate`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The game simulated.
    pub game: String,
    /// Games played.
    pub games: usize,
    /// Seats per game.
    pub players: usize,
    /// The bot at each seat.
    pub bots: Vec<String>,
    /// The table's options as asked (`tie_break`, `division`...).
    pub options: BTreeMap<String, String>,
    /// Wins per seat (a shared win counts for every winner).
    pub wins_by_seat: Vec<u64>,
    /// Wins per seat as a fraction of games.
    pub win_rate_by_seat: Vec<f64>,
    /// Turns per game.
    pub turns: Spread,
    /// How games ended, by ending name.
    pub endings: BTreeMap<String, u64>,
    /// Games stopped at the decision limit (`--max-decisions`).
    pub abandoned: u64,
    /// Games the engine could not move on (a fault: never expected).
    pub stalled: u64,
    /// The game's own figures, each the mean over the games that report
    /// it (goals, Victory Points by line, prizes played...).
    pub figures: BTreeMap<String, f64>,
    /// Total decisions made.
    pub decisions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per second (all threads).
    pub games_per_second: f64,
    /// Decisions per second (all threads).
    pub decisions_per_second: f64,
    /// Worker threads used.
    pub threads: usize,
}

/// Plays one game to the end (or to `max_decisions`) with `bots[seat]`
/// choosing for each seat from its own view; returns the decisions taken.
pub fn play<G: Game>(game: &mut G, bots: &mut [Box<dyn Bot<G>>], max_decisions: u64) -> u64 {
    crate::bots::play_out(game, bots, max_decisions, |_| None).decisions
}

/// Runs `games` units of play in parallel (a game, or a whole series),
/// each played by `one` from its seed, and summarises them with the
/// figures they report averaged.
pub fn run_units<F>(
    name: &str,
    games: usize,
    base_seed: u64,
    bot_names: Vec<String>,
    on_done: &(dyn Fn() + Sync),
    one: F,
) -> Report
where
    F: Fn(u64) -> Option<Unit> + Sync,
{
    let start = Instant::now();
    let units: Vec<Unit> = (0..games as u64)
        .into_par_iter()
        .filter_map(|i| {
            let r = one(base_seed.wrapping_add(i));
            on_done();
            r
        })
        .collect();
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let results: Vec<GameResult> = units.iter().map(|u| u.result.clone()).collect();
    let mut report = summarise(name, bot_names, &results, seconds);
    let mut sums: BTreeMap<String, (f64, u64)> = BTreeMap::new();
    for (k, v) in units.iter().flat_map(|u| &u.figures) {
        let e = sums.entry(k.clone()).or_insert((0.0, 0));
        e.0 += v;
        e.1 += 1;
    }
    report.figures = sums
        .into_iter()
        .map(|(k, (sum, n))| (k, sum / n.max(1) as f64))
        .collect();
    report
}

/// Builds a report from finished games.
pub fn summarise(name: &str, bots: Vec<String>, results: &[GameResult], seconds: f64) -> Report {
    let players = bots.len();
    let mut wins = vec![0u64; players];
    let mut endings = BTreeMap::new();
    let mut decisions = 0;
    for r in results {
        for w in &r.winners {
            if let Some(x) = wins.get_mut(w.index()) {
                *x += 1;
            }
        }
        *endings.entry(r.ending.clone()).or_insert(0) += 1;
        decisions += r.decisions;
    }
    let turns: Vec<u64> = results.iter().map(|r| u64::from(r.turns)).collect();
    let n = results.len();
    Report {
        game: name.to_string(),
        games: n,
        players,
        bots,
        options: BTreeMap::new(),
        win_rate_by_seat: wins
            .iter()
            .map(|&w| if n == 0 { 0.0 } else { w as f64 / n as f64 })
            .collect(),
        wins_by_seat: wins,
        turns: Spread::of(&turns),
        abandoned: endings.get(ABANDONED).copied().unwrap_or(0),
        stalled: endings.get(STALLED).copied().unwrap_or(0),
        endings,
        figures: BTreeMap::new(),
        decisions,
        seconds,
        games_per_second: n as f64 / seconds,
        decisions_per_second: decisions as f64 / seconds,
        threads: rayon::current_num_threads(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_of_odd_and_even_counts() {
        let s = Spread::of(&[3, 1, 2]);
        assert_eq!((s.mean, s.median, s.max), (2.0, 2.0, 3));
        let s = Spread::of(&[4, 1, 2, 3]);
        assert_eq!((s.median, s.max), (2.5, 4));
    }
}
