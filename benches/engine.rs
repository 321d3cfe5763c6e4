//! Booked! engine speed: random-bot decisions per second on one core (a
//! decision = generating the legal actions and applying one of them, game
//! setup included) and whole 4-manager games per second.
//!
//! The heuristic bot is timed too, on the default deck and on a custom
//! deck of 200 nations (the most a deck may have): decisions per second
//! with every seat a heuristic bot, the view built for each decision.
//!
//! Eleven: whole four-manager seasons of heuristic season bots per
//! second (setup, the draft and six Weeks, each bot seeing its view).
//!
//! Run with `cargo bench --bench engine`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{RngExt as _, SeedableRng as _};
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};
use touchline::bots::Bot;
use touchline::engine::{Game, GameRng, ToAct};
use touchline::games::booked::bot::HeuristicBot;
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::{Booked, BookedConfig, HouseRules};
use touchline::games::eleven::deck::ElevenDecks;
use touchline::games::eleven::season::bot::play_out;
use touchline::games::eleven::season::{Season, SeasonBot, SeasonConfig};

fn config(seats: u8) -> BookedConfig {
    let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    BookedConfig::new(Arc::new(deck.card_set()), HouseRules::default(), seats)
}

/// The default deck's squads repeated under new codes up to `nations`.
fn config_with_nations(seats: u8, nations: usize) -> BookedConfig {
    let mut deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let base = deck.nations.clone();
    deck.nations = (0..nations)
        .map(|i| {
            let mut n = base[i % base.len()].clone();
            let letter = |k: usize| char::from(b'A' + (k % 26) as u8);
            n.code = format!("{}{}{}", letter(i / 676), letter(i / 26), letter(i));
            n
        })
        .collect();
    BookedConfig::new(Arc::new(deck.card_set()), HouseRules::default(), seats)
}

/// Decisions per heuristic-bot game timed in one go: a 200-nation game can
/// last thousands of decisions, so each is cut off here.
const HEURISTIC_DECISIONS: u64 = 400;

/// Plays up to [`HEURISTIC_DECISIONS`] with a heuristic bot at every seat.
fn heuristic_game(config: &BookedConfig, seed: u64) -> u64 {
    let Ok(mut g) = Booked::new(config, seed) else {
        return 0;
    };
    let mut bots: Vec<Box<dyn Bot<Booked>>> = (0..config.seats)
        .map(|i| Box::new(HeuristicBot::new(seed * 7 + u64::from(i))) as Box<dyn Bot<Booked>>)
        .collect();
    touchline::sim::play(&mut g, &mut bots, HEURISTIC_DECISIONS)
}

/// Plays one random game; returns the decisions made.
fn random_game(config: &BookedConfig, seed: u64) -> u64 {
    let Ok(mut g) = Booked::new(config, seed) else {
        return 0;
    };
    let mut rng = GameRng::seed_from_u64(seed);
    let mut legal = Vec::with_capacity(128);
    let mut n = 0;
    loop {
        let seat = match g.to_act() {
            ToAct::One(s) => s,
            ToAct::Simultaneous(set) => match set.iter().next() {
                Some(s) => s,
                None => break,
            },
            _ => break,
        };
        g.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.random_range(0..legal.len())];
        if g.apply(seat, &a).is_err() {
            break;
        }
        n += 1;
    }
    n
}

fn engine(c: &mut Criterion) {
    let mut group = c.benchmark_group("booked");
    group.measurement_time(Duration::from_secs(8));
    for seats in [2u8, 4, 6] {
        let cfg = config(seats);
        // Throughput is counted per decision: run whole games until at least
        // this many decisions are made and time them.
        const DECISIONS: u64 = 200_000;
        group.throughput(Throughput::Elements(DECISIONS));
        group.bench_function(format!("random_decisions_{seats}p"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for it in 0..iters {
                    let start = Instant::now();
                    let mut done = 0;
                    let mut seed = it * 10_000;
                    while done < DECISIONS {
                        done += black_box(random_game(&cfg, seed));
                        seed += 1;
                    }
                    // Scale to exactly DECISIONS so the reported rate is honest.
                    total += start.elapsed().mul_f64(DECISIONS as f64 / done as f64);
                }
                total
            })
        });
    }
    let cfg = config(4);
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("random_game_4p", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(&cfg, seed))
        })
    });
    group.finish();

    let mut group = c.benchmark_group("booked_heuristic");
    group.measurement_time(Duration::from_secs(8));
    group.sample_size(10);
    for nations in [14usize, 200] {
        let cfg = config_with_nations(4, nations);
        const DECISIONS: u64 = 2_000;
        group.throughput(Throughput::Elements(DECISIONS));
        group.bench_function(format!("heuristic_decisions_4p_{nations}_nations"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for it in 0..iters {
                    let start = Instant::now();
                    let mut done = 0;
                    let mut seed = it * 10_000;
                    while done < DECISIONS {
                        done += black_box(heuristic_game(&cfg, seed)).max(1);
                        seed += 1;
                    }
                    total += start.elapsed().mul_f64(DECISIONS as f64 / done as f64);
                }
                total
            })
        });
    }
    group.finish();
}

/// One four-manager Eleven season of heuristic bots; returns the decisions.
fn eleven_season(decks: &Arc<ElevenDecks>, seed: u64) -> u64 {
    let config = SeasonConfig::new(decks.clone(), 4, 2);
    let Ok(mut season) = Season::new(&config, seed) else {
        return 0;
    };
    let mut bots: Vec<Box<dyn Bot<Season>>> = (0..4)
        .map(|_| -> Box<dyn Bot<Season>> { Box::new(SeasonBot::new(decks.clone())) })
        .collect();
    play_out(&mut season, &mut bots, 100_000).unwrap_or(0)
}

fn eleven(c: &mut Criterion) {
    let Ok(decks) = ElevenDecks::default_decks() else {
        return;
    };
    let decks = Arc::new(decks);
    let mut group = c.benchmark_group("eleven");
    group.measurement_time(Duration::from_secs(8));
    group.sample_size(20);
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("heuristic_season_4p", |b| {
        b.iter(|| {
            seed += 1;
            black_box(eleven_season(&decks, seed))
        })
    });
    group.finish();
}

criterion_group!(benches, engine, eleven);
criterion_main!(benches);
