//! `touchline lab`: the balance lab on the command line, with the options
//! of the app's Lab screen.

use crate::cards::DataSource;
use crate::lab::{LabRequest, Live, RuleSet};
use anyhow::{Result, bail};
use clap::Args;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// Arguments of `touchline lab`.
#[derive(Debug, Args)]
pub struct LabArgs {
    /// The game to measure (a registry id).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(
        crate::games::GAMES.iter().map(|g| g.id).collect::<Vec<_>>()
    ))]
    pub game: String,
    /// Games a rules set (card value plays up to this many more a card kind).
    #[arg(long, default_value_t = 2000)]
    pub games: usize,
    /// Base seed: game i of every set uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Managers per game (default: the game's usual table).
    #[arg(long, visible_alias = "managers")]
    pub players: Option<usize>,
    /// Bot per seat, comma-separated (any bot the game has, at any level:
    /// random, heuristic, hard, expert; Stadium Memory memory-0 to
    /// memory-4); the list repeats round the table.
    #[arg(long, default_value = "heuristic")]
    pub bots: String,
    /// Set A's house rules file (default: the data folder's).
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Set A's option, as NAME=VALUE (repeatable): `--option halves=true`.
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Compare with set B: its house rules file.
    #[arg(long, value_name = "FILE")]
    pub b_rules: Option<PathBuf>,
    /// Compare with set B: its option, as NAME=VALUE (repeatable).
    #[arg(long = "b-option", value_name = "NAME=VALUE")]
    pub b_options: Vec<String>,
    /// Compare with set B even when it changes nothing (B is then the
    /// printed rules and the data folder's house rules).
    #[arg(long)]
    pub compare: bool,
    /// Value every card kind by restricted play.
    #[arg(long)]
    pub card_value: bool,
    /// Restricted games a card kind (at most --games).
    #[arg(long, default_value_t = 1000)]
    pub card_games: usize,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Abandon a game after this many decisions (a Timeout).
    #[arg(long, default_value_t = 100_000)]
    pub max_decisions: u64,
    /// Print the report as JSON.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print the report as CSV.
    #[arg(long)]
    pub csv: bool,
    /// Also save the run (JSON) to FILE, to reopen in the app's Lab.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

/// `NAME=VALUE` options into a map; refuses a malformed or repeated one.
fn options(given: &[String], flag: &str) -> Result<BTreeMap<String, String>> {
    let mut out = BTreeMap::new();
    for g in given {
        let Some((name, value)) = g.split_once('=') else {
            bail!("{flag} takes NAME=VALUE, not `{g}`");
        };
        let name = name.trim().replace('-', "_");
        if out.insert(name.clone(), value.trim().to_string()).is_some() {
            bail!("the option `{name}` is given twice");
        }
    }
    Ok(out)
}

/// A house rules file as (name, text).
fn rules(path: Option<&Path>) -> Result<Option<(String, String)>> {
    path.map(|p| {
        crate::cards::source::read_text(p)
            .map(|text| (p.display().to_string(), text))
            .map_err(|e| super::Unusable(format!("{}: {e}", p.display())).into())
    })
    .transpose()
}

pub fn run(source: &DataSource, args: &LabArgs) -> Result<ExitCode> {
    let Some(entry) = crate::games::find(&args.game) else {
        bail!(
            "`{}` is no game: use one of {}",
            args.game,
            crate::games::ids()
        );
    };
    if !(1..=super::simulate::MAX_GAMES).contains(&args.games) {
        bail!(
            "--games must be 1-{}, not {}",
            super::simulate::MAX_GAMES,
            args.games
        );
    }
    if args.threads == Some(0) {
        bail!("--threads must be at least 1");
    }
    let a = RuleSet {
        label: "A".into(),
        rules: rules(args.rules.as_deref())?,
        options: options(&args.options, "--option")?,
    };
    let b_given = args.compare || args.b_rules.is_some() || !args.b_options.is_empty();
    let b = b_given
        .then(|| -> Result<RuleSet> {
            Ok(RuleSet {
                label: "B".into(),
                rules: rules(args.b_rules.as_deref())?,
                options: options(&args.b_options, "--b-option")?,
            })
        })
        .transpose()?;
    let request = LabRequest {
        games: args.games,
        seed: args.seed,
        seats: args.players,
        bots: args.bots.split(',').map(|b| b.trim().to_string()).collect(),
        a,
        b,
        card_value: args.card_value,
        card_games: args.card_games.max(1),
        threads: args.threads,
        max_decisions: args.max_decisions,
    };
    let live = Live::default();
    let quiet = args.json || args.csv;
    let report = std::thread::scope(|scope| {
        let run = scope.spawn(|| (entry.lab)(source, &request, &live));
        let bar = if quiet {
            indicatif::ProgressBar::hidden()
        } else {
            indicatif::ProgressBar::new(0)
        };
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games {eta} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        while !run.is_finished() {
            bar.set_length(live.total.load(Ordering::Relaxed));
            bar.set_position(live.done.load(Ordering::Relaxed));
            if let Ok(p) = live.phase.lock() {
                bar.set_message(p.clone());
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        bar.finish_and_clear();
        run.join()
            .unwrap_or_else(|_| Err("the lab stopped on an internal error".into()))
    })
    .map_err(anyhow::Error::msg)?;
    if let Some(path) = &args.save {
        let json = serde_json::to_string_pretty(&report)?;
        crate::cards::write_atomically(path, json.as_bytes())
            .map_err(|e| anyhow::anyhow!("cannot save {}: {e}", path.display()))?;
    }
    let out = if args.json {
        serde_json::to_string_pretty(&report)?
    } else if args.csv {
        report.csv().map_err(anyhow::Error::msg)?
    } else {
        report.text()
    };
    super::print(&out);
    Ok(ExitCode::SUCCESS)
}
