//! Booked! engine speed: random-bot decisions per second on one core (a
//! decision = generating the legal actions and applying one of them, game
//! setup included) and whole 4-manager games per second.
//!
//! Run with `cargo bench --bench engine`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{RngExt as _, SeedableRng as _};
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};
use touchline::engine::{Game, GameRng, ToAct};
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::{Booked, BookedConfig, HouseRules};

fn config(seats: u8) -> BookedConfig {
    let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    BookedConfig::new(Arc::new(deck.card_set()), HouseRules::default(), seats)
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
}

criterion_group!(benches, engine);
criterion_main!(benches);
