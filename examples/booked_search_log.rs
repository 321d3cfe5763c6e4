//! Booked!'s search bot at one seat against heuristic bots, logging where
//! it departs from the heuristic (its prior): how often, in which step of
//! a turn, and the first departures with the visits and mean reward
//! behind each choice.
//!
//! ```text
//! cargo run --release --example booked_search_log -- GAMES SEATS ITERATIONS [PRIOR_WEIGHT] [CAP] [ANCHOR] [FLAGS] [ROOT_WIDTH]
//! cargo run --release --example booked_search_log -- 80 4 1000 1 60 1 q 6   # Hard's settings, quiet
//! ```
//! FLAGS: `q` prints only the totals, `h` plays the playouts with the
//! heuristic bot instead of the greedy playout, `t` adds the ten slowest
//! decisions (the turn, its step, the legal actions and the iterations
//! run). The search's seat moves
//! round the table game by game; game `g` is dealt with seed `100 + g`.

use std::collections::BTreeMap;
use std::sync::Arc;
use touchline::bots::{Bot, SearchConfig};
use touchline::engine::{Game, Seat, play_out};
use touchline::games::booked::{self, bot::HeuristicBot, search};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(4);
    let seats: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let iters: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let weight: f64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1.0);
    let cap: u32 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let anchor: f64 = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(0.0);
    let quiet = args.get(6).is_some_and(|a| a.contains('q'));
    let hplay = args.get(6).is_some_and(|a| a.contains('h'));
    let timed = args.get(6).is_some_and(|a| a.contains('t'));
    let sc = SearchConfig {
        prior_weight: weight,
        playout_cap: cap,
        prior_anchor: anchor,
        ..SearchConfig::with_iterations(iters)
    };
    let width: usize = args.get(7).and_then(|a| a.parse().ok()).unwrap_or(0);
    let sc = SearchConfig {
        root_width: width,
        ..sc
    };
    let deck = booked::deck::BookedDeck::default_set().unwrap();
    let config = booked::BookedConfig::new(
        Arc::new(deck.card_set()),
        booked::HouseRules::default(),
        seats,
    );
    let mut by_step: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    let mut wins = 0;
    let mut decisions = 0u64;
    // The slowest decisions: seconds, game, turn, step, legal actions, iterations.
    let mut slowest: Vec<(f64, u64, u32, String, usize, u32)> = Vec::new();
    let t0 = std::time::Instant::now();
    for g in 0..games {
        let mut game = booked::Booked::new(&config, 100 + g).unwrap();
        let me = Seat((g % seats as u64) as u8);
        let mut sb = if hplay {
            touchline::bots::SearchBot::new(
                "hard",
                sc,
                Box::new(search::BookedDeterminizer::new(&config)),
                Box::new(touchline::bots::BotPlayout::new(
                    Box::new(|s| Box::new(HeuristicBot::new(s)) as Box<dyn Bot<booked::Booked>>),
                    0.1,
                )),
                g,
            )
            .with_prior(Box::new(HeuristicBot::new(g ^ 0x5EA2C4)))
        } else {
            search::searcher("hard", sc, &config, g)
        };
        let mut prior = HeuristicBot::new(g ^ 0x5EA2C4);
        let mut others: Vec<HeuristicBot> = (0..seats)
            .map(|s| HeuristicBot::new(1000 * g + s as u64))
            .collect();
        let mut shown = 0;
        let mut decide = |game: &booked::Booked, seat: Seat, legal: &[booked::Action]| {
            let view = game.view(seat);
            if seat == me && legal.len() > 1 {
                let p = prior.choose(Some(&view), legal);
                let t = std::time::Instant::now();
                let a = sb.analyse(&view, legal);
                let took = t.elapsed().as_secs_f64();
                decisions += 1;
                let key = format!("{:?}", view.step)
                    .split(['{', '(', ' '])
                    .next()
                    .unwrap()
                    .to_string();
                if timed {
                    slowest.push((took, g, view.turns, key.clone(), legal.len(), a.iterations));
                    slowest.sort_by(|x, y| y.0.total_cmp(&x.0));
                    slowest.truncate(10);
                }
                let e = by_step.entry(key.clone()).or_default();
                e.0 += 1;
                if a.best != p {
                    e.1 += 1;
                    if shown < 12 && !quiet {
                        shown += 1;
                        println!(
                            "g{g} {key} n={} prior {:?} v{} {:.3} | search {:?} v{} {:.3}",
                            legal.len(),
                            legal[p],
                            a.visits[p],
                            a.values[p],
                            legal[a.best],
                            a.visits[a.best],
                            a.values[a.best]
                        );
                    }
                }
                a.best
            } else {
                others[seat.index()].choose(Some(&view), legal)
            }
        };
        play_out(&mut game, &mut decide, 100_000, |_| None);
        let o = game.outcome().unwrap();
        if o.winners.contains(&me) {
            wins += 1;
        }
        if !quiet {
            println!("game {g}: winners {:?} me {:?}", o.winners, me);
        }
    }
    println!(
        "wins {wins}/{games}  {:.1} ms/decision",
        t0.elapsed().as_secs_f64() * 1000.0 / decisions.max(1) as f64
    );
    for (k, (n, d)) in by_step {
        println!("{k}: {d}/{n} differ");
    }
    for (took, g, turn, key, legal, iterations) in slowest {
        println!(
            "{:.0} ms: game {g}, turn {turn}, {key}, {legal} legal actions, {iterations} iterations",
            took * 1000.0
        );
    }
}
