//! Simulation: many bot-against-bot games, summarised.
//!
//! Pure: no clocks and no threads (the caller times a run if it wants
//! decisions per second). Game `i` is seeded from the base seed and `i`, so
//! a run is reproducible. Seats rotate from game to game so that no bot
//! always moves first in the turn order.

use super::bot::{MemoryBot, MemoryLevel};
use super::cards::Prize;
use super::error::StadiumMemoryError;
use super::state::{StadiumMemory, StadiumMemoryConfig};
use crate::bots::{Bot, RandomBot};
use crate::engine::{Game as _, Seat, ToAct};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// No game may take more decisions than this; past it the game is
/// counted as abandoned.
pub const DECISION_CAP: u64 = 2_000_000;

/// A kind of bot for a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BotKind {
    /// Uniformly random legal actions.
    Random,
    /// A memory bot of a level.
    Memory(MemoryLevel),
}

impl BotKind {
    /// The name used in summaries and on the command line.
    pub fn key(self) -> String {
        match self {
            BotKind::Random => "random".into(),
            BotKind::Memory(l) => format!("memory-{}", l.number()),
        }
    }

    /// Parses `random`, `memory-3`, `3` or a level name (`perfect`).
    pub fn parse(s: &str) -> Option<BotKind> {
        let s = s.trim().to_ascii_lowercase();
        if s == "random" {
            return Some(BotKind::Random);
        }
        let level = s.strip_prefix("memory-").unwrap_or(&s);
        MemoryLevel::parse(level).map(BotKind::Memory)
    }

    /// A fresh bot of this kind.
    pub fn build(self, seed: u64) -> Box<dyn Bot<StadiumMemory>> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Memory(l) => Box::new(MemoryBot::new(l, seed)),
        }
    }
}

/// Mean, median, minimum and maximum of a count.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spread {
    /// Arithmetic mean.
    pub mean: f64,
    /// Median (the mean of the middle two for an even count).
    pub median: f64,
    /// Minimum.
    pub min: u64,
    /// Maximum.
    pub max: u64,
}

impl Spread {
    /// The spread of `values`.
    pub fn of(values: &[u64]) -> Spread {
        let mut v = values.to_vec();
        v.sort_unstable();
        let n = v.len();
        if n == 0 {
            return Spread {
                mean: 0.0,
                median: 0.0,
                min: 0,
                max: 0,
            };
        }
        let at = |i: usize| v.get(i).copied().unwrap_or(0) as f64;
        let median = if n % 2 == 1 {
            at(n / 2)
        } else {
            (at(n / 2 - 1) + at(n / 2)) / 2.0
        };
        Spread {
            mean: v.iter().sum::<u64>() as f64 / n as f64,
            median,
            min: v.first().copied().unwrap_or(0),
            max: v.last().copied().unwrap_or(0),
        }
    }
}

/// How one kind of bot did over a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotRecord {
    /// The bot kind (`memory-4`).
    pub bot: String,
    /// Seats it played (games times its seats per game).
    pub seats_played: u64,
    /// Wins (a shared win counts for every winner).
    pub wins: u64,
    /// Wins per seat played.
    pub win_rate: f64,
    /// Mean points per seat played.
    pub mean_points: f64,
}

/// A summary of a run (serialisable as the `simulate` JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Seats per game.
    pub seats: usize,
    /// The line-up (seat 0's bot in game 0, and so on; it rotates).
    pub lineup: Vec<String>,
    /// Turns per game.
    pub turns: Spread,
    /// Decisions per game.
    pub decisions_per_game: Spread,
    /// Decisions in all.
    pub decisions: u64,
    /// Games abandoned at [`DECISION_CAP`].
    pub abandoned: u64,
    /// Prize cards played in all, by kind (`yellow`, `red`, `var`, `play_game`).
    pub prizes_played: BTreeMap<String, u64>,
    /// Prize cards played per game, by kind.
    pub prizes_per_game: BTreeMap<String, f64>,
    /// How games ended (`points`, `cards`, `shared`, `abandoned`).
    pub endings: BTreeMap<String, u64>,
    /// Each kind of bot's record.
    pub bots: Vec<BotRecord>,
}

/// Plays one game to the end (or to `cap` decisions) with `bots[seat]`
/// choosing from its own view (bots that do not read views get none).
pub fn play(game: &mut StadiumMemory, bots: &mut [Box<dyn Bot<StadiumMemory>>], cap: u64) -> u64 {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut decisions = 0u64;
    while decisions < cap {
        let seat = match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                events.clear();
                game.resolve_chance(&mut events);
                continue;
            }
            ToAct::One(s) => s,
            ToAct::Simultaneous(set) => match set.iter().next() {
                Some(s) => s,
                None => break,
            },
        };
        game.legal_actions(seat, &mut legal);
        let Some(bot) = bots.get_mut(seat.index()) else {
            break;
        };
        if legal.is_empty() {
            break;
        }
        let view = bot.needs_view().then(|| game.view(seat));
        let i = bot.choose(view.as_ref(), &legal);
        let Some(action) = legal.get(i).or(legal.first()).copied() else {
            break;
        };
        if game.apply(seat, &action).is_err() {
            break;
        }
        decisions += 1;
    }
    decisions
}

/// A seed for game `i` of a run seeded `seed`.
fn game_seed(seed: u64, i: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(i.wrapping_mul(0xD1B5_4A32_D192_ED03))
        .rotate_left(29)
}

/// Plays `games` games with `lineup` (one bot kind per seat; the table
/// seats as many as the line-up lists) under `config`'s house rules.
pub fn simulate(
    config: &StadiumMemoryConfig,
    lineup: &[BotKind],
    games: usize,
    seed: u64,
) -> Result<Summary, StadiumMemoryError> {
    let mut config = config.clone();
    config.seats = u8::try_from(lineup.len()).unwrap_or(u8::MAX);
    config.validate()?;
    let n = lineup.len();
    let mut turns = Vec::with_capacity(games);
    let mut per_game = Vec::with_capacity(games);
    let mut decisions = 0u64;
    let mut abandoned = 0u64;
    let mut prizes = [0u64; 4];
    let mut endings: BTreeMap<String, u64> = BTreeMap::new();
    let mut records: BTreeMap<BotKind, (u64, u64, u64)> = BTreeMap::new();
    for g in 0..games {
        let s = game_seed(seed, g as u64);
        let mut game = StadiumMemory::new(&config, s)?;
        let seats: Vec<BotKind> = (0..n)
            .map(|i| lineup.get((i + g) % n).copied().unwrap_or(BotKind::Random))
            .collect();
        let mut bots: Vec<Box<dyn Bot<StadiumMemory>>> = seats
            .iter()
            .enumerate()
            .map(|(i, k)| k.build(s ^ (i as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407)))
            .collect();
        let d = play(&mut game, &mut bots, DECISION_CAP);
        decisions += d;
        per_game.push(d);
        turns.push(u64::from(game.turns()));
        for (c, p) in prizes.iter_mut().zip(game.prizes_played()) {
            *c += u64::from(p);
        }
        let outcome = game.outcome();
        let ending = outcome
            .as_ref()
            .map_or_else(|| "abandoned".to_string(), |o| o.ending.clone());
        if outcome.is_none() {
            abandoned += 1;
        }
        *endings.entry(ending).or_insert(0) += 1;
        for (i, kind) in seats.iter().enumerate() {
            let seat = Seat(i as u8);
            let won = outcome.as_ref().is_some_and(|o| o.winners.contains(&seat));
            let r = records.entry(*kind).or_insert((0, 0, 0));
            r.0 += 1;
            r.1 += u64::from(won);
            r.2 += u64::from(game.points(seat));
        }
    }
    let per = |x: u64| {
        if games == 0 {
            0.0
        } else {
            x as f64 / games as f64
        }
    };
    Ok(Summary {
        games,
        seats: n,
        lineup: lineup.iter().map(|k| k.key()).collect(),
        turns: Spread::of(&turns),
        decisions_per_game: Spread::of(&per_game),
        decisions,
        abandoned,
        prizes_played: Prize::ALL
            .iter()
            .zip(prizes)
            .map(|(p, c)| (p.key().to_string(), c))
            .collect(),
        prizes_per_game: Prize::ALL
            .iter()
            .zip(prizes)
            .map(|(p, c)| (p.key().to_string(), per(c)))
            .collect(),
        endings,
        bots: records
            .into_iter()
            .map(|(k, (played, wins, points))| BotRecord {
                bot: k.key(),
                seats_played: played,
                wins,
                win_rate: if played == 0 {
                    0.0
                } else {
                    wins as f64 / played as f64
                },
                mean_points: if played == 0 {
                    0.0
                } else {
                    points as f64 / played as f64
                },
            })
            .collect(),
    })
}

/// One pairing of a head-to-head table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pairing {
    /// The first bot.
    pub a: String,
    /// The second bot.
    pub b: String,
    /// Games played (seats alternate).
    pub games: usize,
    /// Games `a` won alone.
    pub a_wins: u64,
    /// Games `b` won alone.
    pub b_wins: u64,
    /// Games shared.
    pub shared: u64,
    /// `a`'s share: (wins + half the shared games) / games.
    pub a_score: f64,
}

/// How often each bot beats each other one in two-player games:
/// `games` games per pairing, seats alternating.
pub fn head_to_head(
    config: &StadiumMemoryConfig,
    kinds: &[BotKind],
    games: usize,
    seed: u64,
) -> Result<Vec<Pairing>, StadiumMemoryError> {
    let mut config = config.clone();
    config.seats = 2;
    config.validate()?;
    let mut out = Vec::new();
    for (i, &a) in kinds.iter().enumerate() {
        for &b in kinds.iter().skip(i + 1) {
            let (mut aw, mut bw, mut sh) = (0u64, 0u64, 0u64);
            for g in 0..games {
                let s = game_seed(seed ^ ((i as u64) << 40), g as u64);
                let a_first = g % 2 == 0;
                let order = if a_first { [a, b] } else { [b, a] };
                let mut bots: Vec<Box<dyn Bot<StadiumMemory>>> = order
                    .iter()
                    .enumerate()
                    .map(|(k, kind)| kind.build(s.wrapping_add(k as u64 * 7919)))
                    .collect();
                let mut game = StadiumMemory::new(&config, s)?;
                play(&mut game, &mut bots, DECISION_CAP);
                let a_seat = if a_first { Seat(0) } else { Seat(1) };
                match game.outcome() {
                    Some(o) if o.winners.len() == 1 => {
                        if o.winners.contains(&a_seat) {
                            aw += 1;
                        } else {
                            bw += 1;
                        }
                    }
                    _ => sh += 1,
                }
            }
            out.push(Pairing {
                a: a.key(),
                b: b.key(),
                games,
                a_wins: aw,
                b_wins: bw,
                shared: sh,
                a_score: if games == 0 {
                    0.0
                } else {
                    (aw as f64 + sh as f64 / 2.0) / games as f64
                },
            });
        }
    }
    Ok(out)
}
