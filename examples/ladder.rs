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
//! usual weight with the root anchored to the prior; `long` cuts Booked!'s
//! Expert's playouts after 120 decisions instead of 60. The candidate sits
//! at one seat a game (turn about), the baseline everywhere else. It prints
//! the candidate's wins with a 95% interval and its time a decision.
//! Eleven with one manager (solo, which the manager always wins) plays
//! each season seed with both bots and compares their Final Scoring VP.

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

/// One solo season as a bot played it.
struct Played {
    /// The Final Scoring's VP.
    vp: i32,
    decisions: u64,
    /// Seconds the bot thought, in all and at most once.
    seconds: f64,
    longest: f64,
}

/// One solo season of `seed` played by `bot`.
fn solo_season(
    config: &eleven::season::SeasonConfig,
    seed: u64,
    bot: &mut dyn Bot<eleven::season::Season>,
) -> Result<Played, String> {
    use touchline::engine::ToAct;
    let mut game: eleven::season::Season =
        Game::new(config, seed).map_err(|e| format!("season {seed}: {e}"))?;
    let mut legal = Vec::new();
    let (mut decisions, mut seconds, mut longest) = (0u64, 0.0f64, 0.0f64);
    while decisions < 100_000 {
        let seat = match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                game.resolve_chance(&mut touchline::engine::NoLog);
                continue;
            }
            ToAct::One(s) => s,
            ToAct::Simultaneous(set) => set.iter().next().ok_or("nobody to act")?,
        };
        game.legal_actions(seat, &mut legal);
        let view = game.view(seat);
        let t = std::time::Instant::now();
        let i = bot
            .choose(Some(&view), &legal)
            .min(legal.len().saturating_sub(1));
        let took = t.elapsed().as_secs_f64();
        decisions += 1;
        seconds += took;
        longest = longest.max(took);
        let a = legal.get(i).cloned().ok_or("no legal action")?;
        game.apply(seat, &a)
            .map_err(|e| format!("season {seed}: {e}"))?;
    }
    let vp = game
        .scores
        .as_ref()
        .and_then(|s| s.first())
        .map(|s| s.total)
        .ok_or_else(|| format!("season {seed} did not end"))?;
    Ok(Played {
        vp,
        decisions,
        seconds,
        longest,
    })
}

/// Eleven solo, where the one manager always wins the season: each season
/// seed is played by the candidate and by the baseline, and the rung is
/// the Final Scoring's VP, compared season by season (mean difference
/// with a 95% interval, and how many seasons each scored more).
fn solo(args: &[String], config: &eleven::season::SeasonConfig) -> Result<String, String> {
    use rayon::prelude::*;
    let rung = |i: usize| {
        args.get(i)
            .and_then(|a| Rung::parse(a))
            .ok_or("the bots must be random, heuristic, hard or expert")
    };
    let (candidate, baseline) = (rung(1)?, rung(2)?);
    let games: u64 = arg(args, 3, 100);
    let seed: u64 = arg(args, 5, 1);
    let threads: usize = arg(args, 6, 1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let results: Vec<Result<_, String>> = pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|i| {
                let s = seed.wrapping_add(i);
                let bot_seed = s.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
                let mut c = eleven::search::ladder_bot(candidate, config, bot_seed);
                let mut b = eleven::search::ladder_bot(baseline, config, bot_seed);
                Ok((
                    solo_season(config, s, &mut *c)?,
                    solo_season(config, s, &mut *b)?,
                ))
            })
            .collect()
    });
    let pairs = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    let n = pairs.len() as f64;
    if pairs.is_empty() {
        return Err("no seasons played".into());
    }
    let (vc, vb) = (
        pairs.iter().map(|p| f64::from(p.0.vp)).sum::<f64>() / n,
        pairs.iter().map(|p| f64::from(p.1.vp)).sum::<f64>() / n,
    );
    let d = vc - vb;
    let var = pairs
        .iter()
        .map(|p| (f64::from(p.0.vp - p.1.vp) - d).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let more = pairs.iter().filter(|p| p.0.vp > p.1.vp).count();
    let fewer = pairs.iter().filter(|p| p.0.vp < p.1.vp).count();
    let decisions: u64 = pairs.iter().map(|p| p.0.decisions).sum();
    let think: f64 = pairs.iter().map(|p| p.0.seconds).sum();
    let longest = pairs.iter().map(|p| p.0.longest).fold(0.0, f64::max);
    Ok(format!(
        "eleven solo, {} vs {} ({} seasons): VP {vc:.2} against {vb:.2}, difference {d:+.2} \
         (95% {:+.2} to {:+.2}); more VP in {more}, fewer in {fewer}, as many in {}; \
         {:.1} ms a decision (max {:.0} ms) over {decisions} decisions",
        candidate.key(),
        baseline.key(),
        pairs.len(),
        d - half,
        d + half,
        pairs.len() - more - fewer,
        1000.0 * think / decisions.max(1) as f64,
        1000.0 * longest,
    ))
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
                |rung, s| match (rung, variant) {
                    // Expert's playouts cut after 120 decisions, not 60.
                    (Rung::Search(level @ touchline::bots::Level::Expert), "long") => {
                        Box::new(booked::search::searcher(
                            level.key(),
                            touchline::bots::SearchConfig {
                                playout_cap: 120,
                                ..booked::search::search_config(level)
                            },
                            &config,
                            s,
                        ))
                    }
                    _ => booked::search::ladder_bot(rung, &config, s),
                },
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
        "eleven" if seats == 1 => {
            let decks = eleven::deck::ElevenDecks::default_decks().map_err(|e| e.to_string())?;
            let config = eleven::season::SeasonConfig::new(Arc::new(decks), 1, 2);
            println!("{}", solo(&args, &config)?);
            return Ok(());
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
