//! One rung of a game's skill ladder against another, measured.
//!
//! ```text
//! cargo run --release --example ladder -- GAME CANDIDATE BASELINE [GAMES] [SEATS] [SEED] [THREADS] [VARIANT]
//! ```
//! GAME is `booked`, `cardball`, `eleven`, `flip-duel` or `stadium-memory`
//! (Eleven in Division 2, SEATS managers from 1 to 4); the bots
//! are `random`, `heuristic`, `hard` or `expert`; VARIANT `hand` plays Flip
//! Duel with the hand house rule, `alone` gives Stadium Memory's search its
//! prior at the usual weight instead of the strong one, and `anchored` the
//! usual weight with the root anchored to the prior. The candidate sits
//! at one seat a game (turn about), the baseline everywhere else. It prints
//! the candidate's wins with a 95% interval and its time a decision.

use std::sync::Arc;
use touchline::bots::{Bot, HeadToHead, Role, Rung, head_to_head};
use touchline::engine::Game;
use touchline::games::{booked, cardball, eleven, flip_duel, stadium_memory};

fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> T {
    args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default)
}

fn run<G: Game>(
    args: &[String],
    seats: usize,
    make_game: impl Fn(u64) -> Option<G> + Sync,
    make_bot: impl Fn(Rung, u64) -> Box<dyn Bot<G>> + Sync,
) -> Result<HeadToHead, String> {
    let candidate = args
        .get(1)
        .and_then(|a| Rung::parse(a))
        .ok_or("the candidate must be random, heuristic, hard or expert")?;
    let baseline = args
        .get(2)
        .and_then(|a| Rung::parse(a))
        .ok_or("the baseline must be random, heuristic, hard or expert")?;
    let games: usize = arg(args, 3, 200);
    let seed: u64 = arg(args, 5, 1);
    let threads: usize = arg(args, 6, 1);
    let bar = indicatif::ProgressBar::new(games as u64);
    let done = || bar.inc(1);
    let r = head_to_head(
        games,
        seed,
        seats,
        Some(threads),
        100_000,
        make_game,
        |role, s| match role {
            Role::Candidate => make_bot(candidate, s),
            Role::Baseline => make_bot(baseline, s),
        },
        &done,
    );
    bar.finish_and_clear();
    r
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map(String::as_str).unwrap_or("");
    let seats: usize = arg(&args, 4, 2);
    let variant = args.get(7).map(String::as_str).unwrap_or("");
    let report = match game {
        "booked" => {
            let deck = booked::deck::BookedDeck::default_set().map_err(|e| e.to_string())?;
            let config = booked::BookedConfig::new(
                Arc::new(deck.card_set()),
                booked::HouseRules::default(),
                seats as u8,
            );
            run(
                &args,
                seats,
                |s| booked::Booked::new(&config, s).ok(),
                |rung, s| booked::search::ladder_bot(rung, &config, s),
            )?
        }
        "cardball" => {
            let deck = cardball::deck::CardballDeck::default_set().map_err(|e| e.to_string())?;
            let config = cardball::CardballConfig::new(Arc::new(deck.card_set()));
            run(
                &args,
                2,
                |s| cardball::Cardball::new(&config, s).ok(),
                cardball::search::ladder_bot,
            )?
        }
        "eleven" => {
            let decks = eleven::deck::ElevenDecks::default_decks().map_err(|e| e.to_string())?;
            let config = eleven::season::SeasonConfig::new(Arc::new(decks), seats as u8, 2);
            run(
                &args,
                seats,
                |s| touchline::engine::Game::new(&config, s).ok(),
                |rung, s| eleven::search::ladder_bot(rung, &config, s),
            )?
        }
        "flip-duel" => {
            let cards = flip_duel::CardSet::default_set().map_err(|e| e.to_string())?;
            let mut config = flip_duel::FlipDuelConfig::new(Arc::new(cards));
            if variant == "hand" {
                config.hand = flip_duel::MAX_HAND;
            }
            run(
                &args,
                2,
                |s| flip_duel::FlipDuel::new(&config, s).ok(),
                flip_duel::search::ladder_bot,
            )?
        }
        "stadium-memory" => {
            let cards = stadium_memory::CardSet::default_set().map_err(|e| e.to_string())?;
            let config = stadium_memory::StadiumMemoryConfig::new(Arc::new(cards), seats as u8);
            run(
                &args,
                seats,
                |s| stadium_memory::StadiumMemory::new(&config, s).ok(),
                |rung, s| match (rung, variant) {
                    // The search on its own: the prior at its usual weight.
                    (Rung::Search(level), "alone") => Box::new(stadium_memory::search::searcher(
                        level.key(),
                        level.config(),
                        &config,
                        s,
                    )),
                    // The prior at its usual weight, the root anchored to it.
                    (Rung::Search(level), "anchored") => {
                        Box::new(stadium_memory::search::searcher(
                            level.key(),
                            touchline::bots::SearchConfig {
                                prior_anchor: 1.0,
                                ..level.config()
                            },
                            &config,
                            s,
                        ))
                    }
                    _ => stadium_memory::search::ladder_bot(rung, &config, s),
                },
            )?
        }
        _ => {
            return Err(
                "GAME must be booked, cardball, eleven, flip-duel or stadium-memory".into(),
            );
        }
    };
    println!("{}", report.line());
    Ok(())
}
