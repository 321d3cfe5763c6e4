//! `touchline simulate`: many bot games in parallel, with statistics.

use anyhow::{Context as _, Result, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use touchline::bots::{Bot, RandomBot, Strength};
use touchline::cards::DataSource;
use touchline::engine::{Game as _, Seat};
use touchline::games::booked::bot::HeuristicBot;
use touchline::games::booked::deck::{BookedDeck, load_house_rules, parse_house_rules};
use touchline::games::booked::{Booked, BookedConfig};
use touchline::games::cardball::bot::HeuristicBot as CardballBot;
use touchline::games::cardball::deck::CardballDeck;
use touchline::games::cardball::{Cardball, CardballConfig, TeamPlay, TieBreak};
use touchline::games::eleven::deck::ElevenDecks;
use touchline::sim::{self, Report};

/// The games `simulate` plays: every game of the registry, and
/// `eleven-match` (Eleven: random legal line-ups against the Opponent
/// decks).
fn game_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = touchline::games::GAMES.iter().map(|g| g.id).collect();
    names.push("eleven-match");
    names
}

/// Arguments of `touchline simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The game to simulate (a registry id: booked, cardball, eleven,
    /// flip-duel, stadium-memory).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(game_names()))]
    pub game: String,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Managers per game: Booked! 2-6 (default 4); Cardball 2, or 4 for
    /// 2v2 (default 2).
    #[arg(long)]
    pub players: Option<u8>,
    /// Base seed: game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Bot per seat, comma-separated (random, heuristic); the list repeats
    /// to fill the table.
    #[arg(long, default_value = "heuristic")]
    pub bots: String,
    /// A house rules file (TOML) instead of the data folder's.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Abandon a game after this many decisions.
    #[arg(long, default_value_t = 200_000)]
    pub max_decisions: u64,
    /// Cardball: how a level match is decided (penalties, golden_goal, draw).
    #[arg(long, default_value = "penalties")]
    pub tie_break: String,
    /// Cardball: play two halves.
    #[arg(long)]
    pub halves: bool,
    /// Cardball 2v2: how a team picks its manager (switching, on_the_spot).
    #[arg(long, default_value = "switching")]
    pub teams: String,
    /// Eleven: the Division played (1-3); a random one per Match if absent.
    #[arg(long)]
    pub division: Option<u8>,
}

/// A game whose simulation the registry provides.
fn run_registered(source: &DataSource, args: &SimulateArgs, id: &str) -> Result<ExitCode> {
    let Some(simulate) = touchline::games::find(id).and_then(|g| g.simulate) else {
        bail!("`{id}` cannot be simulated yet");
    };
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let bots = if args.bots == "heuristic" && id == "stadium-memory" {
        "perfect".to_string()
    } else {
        args.bots.clone()
    };
    let request = touchline::sim::SimRequest {
        games: args.games,
        seed: args.seed,
        players: args.players,
        bots,
        json: args.json,
    };
    let started = std::time::Instant::now();
    let out = simulate(source, &request).map_err(anyhow::Error::msg)?;
    println!("{out}");
    if !args.json {
        println!("{:.2} s", started.elapsed().as_secs_f64());
    }
    Ok(ExitCode::SUCCESS)
}

fn parse_bots(list: &str) -> Result<Vec<Strength>> {
    list.split(',')
        .map(|b| {
            Strength::parse(b)
                .with_context(|| format!("unknown bot `{b}`: use random or heuristic"))
        })
        .collect()
}

pub fn run(source: &DataSource, args: &SimulateArgs) -> Result<ExitCode> {
    match args.game.as_str() {
        "eleven" | "eleven-match" => return run_eleven(source, args),
        "cardball" => return run_cardball(source, args),
        "booked" => {}
        id => return run_registered(source, args, id),
    }
    let players = args.players.unwrap_or(4);
    if !(2..=6).contains(&players) {
        bail!("--players must be 2-6 for Booked!, not {players}");
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let strengths = parse_bots(&args.bots)?;
    let deck = BookedDeck::load(source)?;
    let rules = match &args.rules {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            parse_house_rules(&path.display().to_string(), &text)?
        }
        None => load_house_rules(source)?,
    };
    let config = BookedConfig::new(Arc::new(deck.card_set()), rules, players);
    // Fail early, with the rules' own message, on a table that cannot be dealt.
    Booked::new(&config, args.seed)?;
    let seats: Vec<Strength> = (0..usize::from(players))
        .map(|i| strengths[i % strengths.len()])
        .collect();
    let names: Vec<String> = seats.iter().map(|s| s.key().to_string()).collect();
    let bar = if args.json || args.games < 200 {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.games as u64)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("cannot start worker threads")?;
    let tick = || bar.inc(1);
    let make_bot = |manager: Seat, seed: u64| -> Box<dyn Bot<Booked>> {
        let bot_seed = seed.wrapping_mul(31).wrapping_add(manager.index() as u64);
        match seats
            .get(manager.index())
            .copied()
            .unwrap_or(Strength::Random)
        {
            Strength::Random => Box::new(RandomBot::new(bot_seed)),
            Strength::Heuristic => Box::new(HeuristicBot::new(bot_seed)),
        }
    };
    let report = pool.install(|| {
        if config.rules.group_stage {
            // Each unit is a whole group stage; a win is lifting the cup.
            sim::run_with(
                "booked group stage",
                args.games,
                args.seed,
                names.clone(),
                &tick,
                |seed| sim::play_group_stage(&config, seed, args.max_decisions, &make_bot),
            )
        } else {
            sim::run(
                "booked",
                args.games,
                args.seed,
                args.max_decisions,
                names.clone(),
                |seed| Booked::new(&config, seed).ok(),
                |seed| Seat::all(seats.len()).map(|m| make_bot(m, seed)).collect(),
                &tick,
            )
        }
    });
    bar.finish_and_clear();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&report);
    }
    Ok(ExitCode::SUCCESS)
}

fn run_cardball(source: &DataSource, args: &SimulateArgs) -> Result<ExitCode> {
    if args.rules.is_some() {
        bail!(
            "--rules is a Booked! house rules file; Cardball takes --tie-break, --halves and --teams"
        );
    }
    let players = args.players.unwrap_or(2);
    let teams = match players {
        2 => None,
        4 => Some(TeamPlay::parse(&args.teams).with_context(|| {
            format!(
                "unknown --teams `{}`: use switching or on_the_spot",
                args.teams
            )
        })?),
        n => bail!("--players must be 2 (or 4 for 2v2) for Cardball, not {n}"),
    };
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let strengths = parse_bots(&args.bots)?;
    let tie_break = TieBreak::parse(&args.tie_break).with_context(|| {
        format!(
            "unknown --tie-break `{}`: use penalties, golden_goal or draw",
            args.tie_break
        )
    })?;
    let deck = CardballDeck::load(source)?;
    let config = CardballConfig {
        tie_break,
        halves: args.halves,
        teams,
        ..CardballConfig::new(Arc::new(deck.card_set()))
    };
    Cardball::new(&config, args.seed)?;
    let seats: Vec<Strength> = (0..usize::from(players))
        .map(|i| strengths[i % strengths.len()])
        .collect();
    let names: Vec<String> = seats.iter().map(|s| s.key().to_string()).collect();
    let bar = if args.json || args.games < 200 {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.games as u64)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("cannot start worker threads")?;
    let tick = || bar.inc(1);
    let report = pool.install(|| {
        sim::run(
            "cardball",
            args.games,
            args.seed,
            args.max_decisions,
            names.clone(),
            |seed| Cardball::new(&config, seed).ok(),
            |seed| {
                Seat::all(seats.len())
                    .map(|m| -> Box<dyn Bot<Cardball>> {
                        let bot_seed = seed.wrapping_mul(31).wrapping_add(m.index() as u64);
                        match seats[m.index()] {
                            Strength::Random => Box::new(RandomBot::new(bot_seed)),
                            Strength::Heuristic => Box::new(CardballBot::new(bot_seed)),
                        }
                    })
                    .collect()
            },
            &tick,
        )
    });
    bar.finish_and_clear();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&report);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_report(r: &Report) {
    println!(
        "{} games of {} with {} managers ({} threads)",
        r.games, r.game, r.players, r.threads
    );
    for (i, (w, rate)) in r.wins_by_seat.iter().zip(&r.win_rate_by_seat).enumerate() {
        println!(
            "  seat {i} ({:<9}) wins {w:>7}  {:>5.1}%",
            r.bots[i],
            rate * 100.0
        );
    }
    println!(
        "  turns per game: mean {:.1}, median {:.1}, max {}",
        r.turns.mean, r.turns.median, r.turns.max
    );
    let endings: Vec<String> = r.endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("  endings: {}", endings.join(", "));
    println!(
        "  {:.0} decisions/s, {:.1} games/s ({} decisions in {:.2} s)",
        r.decisions_per_second, r.games_per_second, r.decisions, r.seconds
    );
}

fn run_eleven(source: &DataSource, args: &SimulateArgs) -> Result<ExitCode> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if let Some(d) = args.division
        && !(1..=3).contains(&d)
    {
        bail!("--division must be 1-3, not {d}");
    }
    let decks = ElevenDecks::load(source)?;
    let bar = if args.json || args.games < 2000 {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.games as u64)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} matches {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("cannot start worker threads")?;
    let tick = || bar.inc(1);
    let report = pool.install(|| {
        touchline::games::eleven::sim::run_matches(
            &decks,
            args.games,
            args.seed,
            args.division,
            &tick,
        )
    });
    bar.finish_and_clear();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_eleven(&report);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_eleven(r: &touchline::games::eleven::sim::MatchesReport) {
    let division = r.division.map_or_else(
        || "a random Division each".to_string(),
        |d| format!("Division {d}"),
    );
    println!(
        "{} matches of {} ({division}, {} threads)",
        r.games, r.game, r.threads
    );
    let pct = |n: u64, of: u64| {
        if of == 0 {
            0.0
        } else {
            n as f64 * 100.0 / of as f64
        }
    };
    let line = |label: &str, x: &touchline::games::eleven::sim::Results| {
        let t = x.total();
        println!(
            "  {label:<13} win {:>6} {:>5.1}%  draw {:>6} {:>5.1}%  loss {:>6} {:>5.1}%",
            x.win,
            pct(x.win, t),
            x.draw,
            pct(x.draw, t),
            x.loss,
            pct(x.loss, t)
        );
    };
    line("all", &r.results);
    for (deck, x) in &r.results_by_deck {
        line(&format!("deck {deck}"), x);
    }
    let hist = |label: &str, mean: f64, h: &std::collections::BTreeMap<u32, u64>| {
        let parts: Vec<String> = h.iter().map(|(g, n)| format!("{g}:{n}")).collect();
        println!("  {label:<13} mean {mean:.2}  {}", parts.join(" "));
    };
    hist("goals for", r.mean_goals_for, &r.goals_for);
    hist("goals against", r.mean_goals_against, &r.goals_against);
    println!("  {:.0} matches/s ({:.2} s)", r.games_per_second, r.seconds);
}
