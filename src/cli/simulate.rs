//! `touchline simulate`: many bot games in parallel, with statistics.

use crate::cards::DataSource;
use anyhow::{Result, bail};
use clap::Args;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// The games `simulate` plays: every game of the registry (`eleven`
/// plays whole seasons), and `eleven-match` (Eleven: random legal
/// line-ups against the Opponent decks).
fn game_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = crate::games::GAMES.iter().map(|g| g.id).collect();
    names.push("eleven-match");
    names
}

/// Arguments of `touchline simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The game to simulate (a registry id).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(game_names()))]
    pub game: String,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Managers per game: Booked! 2-6 (default 4); Cardball 2, or 4 for
    /// 2v2 (default 2); Eleven 1-4 (default 4); Flip Duel 2; Stadium
    /// Memory 2-6 (default 4).
    #[arg(long, visible_alias = "managers")]
    pub players: Option<u8>,
    /// Base seed: game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Bot per seat, comma-separated (random, heuristic; Stadium Memory:
    /// random, memory-0 to memory-4); the list repeats to fill the table.
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
    /// Cardball: how a level match is decided (penalties, golden_goal,
    /// draw; default penalties).
    #[arg(long)]
    pub tie_break: Option<String>,
    /// Cardball: play two halves.
    #[arg(long)]
    pub halves: bool,
    /// Cardball 2v2: how a team picks its manager (switching, on_the_spot;
    /// default switching).
    #[arg(long)]
    pub teams: Option<String>,
    /// Flip Duel: who kicks off (red, blue, toss; default red).
    #[arg(long)]
    pub kick_off: Option<String>,
    /// Flip Duel: the hand house rule, 1-5 cards in hand (default 0: the
    /// top card of the pack is laid).
    #[arg(long)]
    pub hand: Option<u8>,
    /// Eleven: the Division played (1-3); seasons default to 2,
    /// `eleven-match` plays a random one per Match if absent.
    #[arg(long)]
    pub division: Option<u8>,
    /// Eleven solo: the Scenario sheet played (an id of
    /// card_data/eleven/scenarios.toml, e.g. solo-01).
    #[arg(long)]
    pub scenario: Option<String>,
    /// Any game's option by name, as `NAME=VALUE` (repeatable; the named
    /// flags above are the same options): `--option tie_break=draw`.
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

pub fn run(source: &DataSource, args: &SimulateArgs) -> Result<ExitCode> {
    // `eleven-match` is the older name of Eleven's simulation.
    let id = if args.game == "eleven-match" {
        "eleven"
    } else {
        args.game.as_str()
    };
    let Some(simulate) = crate::games::find(id).map(|g| g.simulate) else {
        bail!("`{id}` is no game: use one of {}", crate::games::ids());
    };
    if !(1..=MAX_GAMES).contains(&args.games) {
        bail!("--games must be 1-{MAX_GAMES}, not {}", args.games);
    }
    if let Some(t) = args.threads
        && !(1..=MAX_THREADS).contains(&t)
    {
        bail!("--threads must be 1-{MAX_THREADS}, not {t}");
    }
    let bots = args.bots.clone();
    let rules = match &args.rules {
        Some(path) => Some((
            path.display().to_string(),
            crate::cards::source::read_text(path)
                .map_err(|e| super::Unusable(format!("{}: {e}", path.display())))?,
        )),
        None => None,
    };
    // Only the options given are passed on: a game refuses one it does
    // not read, naming itself.
    let mut options = BTreeMap::new();
    if let Some(t) = &args.tie_break {
        options.insert("tie_break".to_string(), t.clone());
    }
    if let Some(t) = &args.teams {
        options.insert("teams".to_string(), t.clone());
    }
    if args.halves {
        options.insert("halves".to_string(), "true".to_string());
    }
    if let Some(k) = &args.kick_off {
        options.insert("kick_off".to_string(), k.clone());
    }
    if let Some(h) = args.hand {
        options.insert("hand".to_string(), h.to_string());
    }
    if let Some(d) = args.division {
        options.insert("division".to_string(), d.to_string());
    }
    if let Some(s) = &args.scenario {
        options.insert("scenario".to_string(), s.clone());
    }
    if args.game == "eleven-match" {
        options.insert("mode".to_string(), "match".to_string());
    }
    for given in &args.options {
        let Some((name, value)) = given.split_once('=') else {
            bail!("--option takes NAME=VALUE, not `{given}`");
        };
        let name = name.trim().replace('-', "_");
        if options.contains_key(&name) {
            bail!("the option `{name}` is given twice");
        }
        options.insert(name, value.trim().to_string());
    }
    let request = crate::sim::SimRequest {
        games: args.games,
        seed: args.seed,
        players: args.players,
        bots,
        json: args.json,
        threads: args.threads,
        max_decisions: args.max_decisions,
        rules,
        options,
    };
    let out = simulate(source, &request).map_err(anyhow::Error::msg)?;
    super::print(&out);
    Ok(ExitCode::SUCCESS)
}

/// The most worker threads `--threads` accepts.
const MAX_THREADS: usize = 256;
/// The most games one `simulate` plays: every game's result is kept for
/// the statistics, so the count is bounded (run again with another
/// `--seed` for more).
pub const MAX_GAMES: usize = 10_000_000;
