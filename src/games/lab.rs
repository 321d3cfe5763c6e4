//! The registry's `lab` hook, one generic function for every game: it sets
//! each rules set's table up through [`GameKit`], plays the batches on a
//! worker pool in chunks (so progress, Cancel and the live plots follow
//! the run), and hands the games to [`crate::lab`] to measure.

use super::kit::{GameKit, TableSetup, bot_key, bot_keys, check_options, seat_bots};
use crate::bots::{Bot, Restricted, Seats};
use crate::cards::DataSource;
use crate::engine::{Chooser, Game, Seat, Stop};
use crate::lab::{
    CardValue, Comparison, End, Kinds, LabReport, LabRequest, Live, Measures, Record, RuleSet,
    SetReport, card_values,
};
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Games played between two looks at Cancel and two updates of the live
/// plots.
const CHUNK: usize = 256;

/// A [`Chooser`] that asks the bots and counts what the lab measures: the
/// seat that decided first and the decisions with a real choice.
struct Counting<'a, G: Game> {
    seats: Seats<'a, G>,
    first: Option<Seat>,
    choices: u64,
}

impl<G: Game> Chooser<G> for Counting<'_, G> {
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> usize {
        self.first.get_or_insert(seat);
        self.choices += u64::from(legal.len() > 1);
        self.seats.choose(game, seat, legal)
    }
}

/// What every game of a batch shares: the table, the card kinds, a bot a
/// seat, the base seed and the decision limit.
struct Plan<'a, G: GameKit> {
    config: &'a Arc<G::Config>,
    kinds: &'a Arc<Kinds>,
    keys: &'a [&'static str],
    seed: u64,
    max_decisions: u64,
}

/// One game of a batch: game `index` from seed `seed + index`, a bot a
/// seat, the subject seat (`index % seats`) forbidden the card kind
/// `restricted` when one is given.
fn play_one<G: GameKit>(
    plan: &Plan<'_, G>,
    index: u64,
    restricted: Option<usize>,
    opening: bool,
) -> Option<(Record, u64)> {
    let Plan {
        config,
        kinds,
        keys,
        seed,
        max_decisions,
    } = *plan;
    let game_seed = seed.wrapping_add(index);
    let mut game = G::new(config, game_seed).ok()?;
    let seats = game.seat_count();
    let hands: Vec<Vec<u16>> = if opening {
        (0..seats)
            .map(|s| {
                G::opening_cards(&game, Seat(s as u8))
                    .into_iter()
                    .filter_map(|c| kinds.of(c).and_then(|k| u16::try_from(k).ok()))
                    .collect()
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut bots: Vec<Box<dyn Bot<G>>> = seat_bots::<G>(config, keys, game_seed)?;
    let subject = (index % seats.max(1) as u64) as usize;
    let mut forced_count = None;
    let mut blocked_count = None;
    if let Some(kind) = restricted {
        let inner = std::mem::replace(&mut bots[subject], Box::new(crate::bots::RandomBot::new(0)));
        let table = Arc::clone(kinds);
        let restricted = Box::new(Restricted::new(
            inner,
            kind,
            Box::new(move |a| G::played_card(a).and_then(|c| table.of(c))),
        ));
        forced_count = Some(restricted.forced_counter());
        blocked_count = Some(restricted.blocked_counter());
        bots[subject] = restricted;
    }
    let mut chooser = Counting {
        seats: Seats(&mut bots),
        first: None,
        choices: 0,
    };
    let played = crate::engine::play_out(&mut game, &mut chooser, max_decisions, |_| None);
    let (first, choices) = (chooser.first, chooser.choices);
    let forced = forced_count.map_or(0, |c| c.load(Ordering::Relaxed));
    let blocked = blocked_count.is_some_and(|c| c.load(Ordering::Relaxed) > 0);
    let outcome = game.outcome();
    let (end, winners, ending) = match (&played.stop, outcome) {
        (Stop::Over, Some(o)) => (
            End::Rules,
            o.winners
                .iter()
                .fold(0u8, |m, s| m | 1u8.checked_shl(u32::from(s.0)).unwrap_or(0)),
            o.ending,
        ),
        (Stop::Limit, _) => (End::Limit, 0, crate::sim::ABANDONED.to_string()),
        _ => (End::Stalled, 0, crate::sim::STALLED.to_string()),
    };
    Some((
        Record {
            index,
            winners,
            first: first.map_or(0, |s| s.0),
            end,
            ending,
            turns: game.turns(),
            decisions: played.decisions,
            choices,
            figures: game.figures(),
            opening: hands,
            blocked,
        },
        forced,
    ))
}

/// A batch of `games` games, in chunks, counted in `live` and, for a
/// main batch, appended to `sink` as they come in. Stops early on Cancel.
fn batch<G: GameKit>(
    pool: &rayon::ThreadPool,
    plan: &Plan<'_, G>,
    games: usize,
    restricted: Option<usize>,
    opening: bool,
    live: &Live,
    sink: Option<&std::sync::Mutex<Vec<Record>>>,
) -> (Vec<Record>, u64) {
    let mut all = Vec::with_capacity(games);
    let mut forced = 0;
    let mut start = 0;
    while start < games && !live.cancelled() {
        let end = (start + CHUNK).min(games);
        let chunk: Vec<(Record, u64)> = pool.install(|| {
            (start as u64..end as u64)
                .into_par_iter()
                .filter_map(|i| {
                    if live.cancelled() {
                        return None;
                    }
                    let r = play_one::<G>(plan, i, restricted, opening);
                    live.done.fetch_add(1, Ordering::Relaxed);
                    r
                })
                .collect()
        });
        if live.cancelled() {
            break;
        }
        forced += chunk.iter().map(|c| c.1).sum::<u64>();
        let records: Vec<Record> = chunk.into_iter().map(|c| c.0).collect();
        if let Some(sink) = sink
            && let Ok(mut s) = sink.lock()
        {
            s.extend(records.iter().cloned());
        }
        all.extend(records);
        start = end;
    }
    (all, forced)
}

/// The table a rules set asks for, checked as `simulate` checks it.
fn set_table<G: GameKit>(
    name: &str,
    data: &Arc<G::Data>,
    source: &DataSource,
    seats: usize,
    set: &RuleSet,
    seed: u64,
) -> Result<G::Config, String> {
    if set.rules.is_some() && !G::HOUSE_RULES {
        return Err(format!("{name} has no house-rules file to set"));
    }
    check_options::<G>(name, &set.options)?;
    let setup = TableSetup {
        seats,
        rules: set.rules.clone(),
        options: set.options.clone(),
    };
    let config = G::table(data, source, &setup).map_err(|e| format!("set {}: {e}", set.label))?;
    G::new(&config, seed).map_err(|e| format!("set {}: {e}", set.label))?;
    Ok(config)
}

/// The registry's `lab` hook for `G`: every measure of set A (and set B,
/// compared game by game), and the card values when asked.
pub fn run<G: GameKit>(
    source: &DataSource,
    request: &LabRequest,
    live: &Live,
) -> Result<LabReport, String> {
    let name = super::find(G::ID).map_or(G::ID, |g| g.name);
    let data = Arc::new(G::load(source).map_err(|e| e.to_string())?);
    let seats = request.seats.unwrap_or(G::DEFAULT_SEATS);
    if !G::SEATS.contains(&seats) {
        return Err(format!(
            "{name} seats {}-{}, not {seats}",
            G::SEATS.start(),
            G::SEATS.end()
        ));
    }
    if request.games == 0 {
        return Err("the lab needs at least one game".into());
    }
    let names: Vec<&str> = if request.bots.is_empty() {
        vec!["heuristic"]
    } else {
        request.bots.iter().map(String::as_str).collect()
    };
    let keys: Vec<&'static str> = (0..seats)
        .map(|i| {
            let b = names[i % names.len()];
            bot_key::<G>(b)
                .ok_or_else(|| format!("{name} has no bot `{}`: use {}", b.trim(), bot_keys::<G>()))
        })
        .collect::<Result<_, _>>()?;
    let config_a = Arc::new(set_table::<G>(
        name,
        &data,
        source,
        seats,
        &request.a,
        request.seed,
    )?);
    let config_b = match &request.b {
        Some(b) => Some(Arc::new(set_table::<G>(
            name,
            &data,
            source,
            seats,
            b,
            request.seed,
        )?)),
        None => None,
    };
    let table = Arc::new(G::card_kinds(&config_a));
    let kinds = if request.card_value {
        let kinds = table.kinds.clone();
        if kinds.is_empty() {
            return Err(format!(
                "{name} has no cards a player chooses to play: card value does not apply"
            ));
        }
        kinds
    } else {
        Vec::new()
    };
    let card_games = request.card_games.min(request.games);
    let total = request.games * (1 + usize::from(config_b.is_some())) + kinds.len() * card_games;
    live.total.store(total as u64, Ordering::Relaxed);
    live.done.store(0, Ordering::Relaxed);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(request.threads.unwrap_or(0))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let plan = Plan::<G> {
        config: &config_a,
        kinds: &table,
        keys: &keys,
        seed: request.seed,
        max_decisions: request.max_decisions,
    };
    let started = Instant::now();
    let opening = G::deals_opening_hands() && !table.kinds.is_empty();
    live.set_phase(format!("set {}", request.a.label));
    let (a, _) = batch::<G>(
        &pool,
        &plan,
        request.games,
        None,
        opening,
        live,
        Some(&live.a),
    );
    let b = config_b.as_ref().map(|config| {
        let label = request.b.as_ref().map_or("B", |b| b.label.as_str());
        live.set_phase(format!("set {label}"));
        batch::<G>(
            &pool,
            &Plan { config, ..plan },
            request.games,
            None,
            false,
            live,
            Some(&live.b),
        )
        .0
    });
    let mut restricted = Vec::with_capacity(kinds.len());
    for (k, kind) in kinds.iter().enumerate() {
        if live.cancelled() {
            break;
        }
        live.set_phase(format!("card value: {}", kind.label));
        restricted.push(batch::<G>(
            &pool,
            &plan,
            card_games,
            Some(k),
            false,
            live,
            None,
        ));
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let cancelled = live.cancelled();
    let played = a.len()
        + b.as_ref().map_or(0, Vec::len)
        + restricted.iter().map(|r| r.0.len()).sum::<usize>();
    let values: Vec<CardValue> = if restricted.len() == kinds.len() && !kinds.is_empty() {
        card_values(&kinds, &a, &restricted, seats)
    } else {
        Vec::new()
    };
    let measures_a = Measures::of(&a, seats);
    let set_b = request
        .b
        .clone()
        .zip(b.as_ref())
        .map(|(rules, records)| SetReport {
            rules,
            measures: Measures::of(records, seats),
        });
    let comparison = b.as_ref().map(|records| {
        let label = request
            .b
            .as_ref()
            .map_or_else(|| "B".to_string(), |s| s.describe());
        Comparison::of(&a, records, seats, &label)
    });
    Ok(LabReport {
        game: G::ID.to_string(),
        name: name.to_string(),
        seats,
        bots: keys.iter().map(|k| k.to_string()).collect(),
        seed: request.seed,
        a: SetReport {
            rules: request.a.clone(),
            measures: measures_a,
        },
        b: set_b,
        comparison,
        card_values: values,
        card_games: card_games as u64,
        cancelled,
        played: played as u64,
        seconds,
        games_per_second: played as f64 / seconds,
        threads: pool.current_num_threads(),
    })
}
