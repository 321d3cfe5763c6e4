//! The command line: argument definitions and the commands behind them.
//!
//! `touchline` with no command opens the app; the commands are for
//! checking data, simulating games and running rules scenarios.

mod check;
mod export;
mod play;
mod scenario;
mod simulate;
mod soak;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Touchline: a desktop companion for football card and board games.
#[derive(Debug, Parser)]
#[command(name = "touchline", version, about, long_about)]
pub struct Cli {
    /// A folder laid out like card_data/ whose files replace the built-in
    /// defaults (files it lacks fall back to the defaults).
    #[arg(long, global = true, value_name = "DIR")]
    pub data: Option<PathBuf>,

    /// What to do; with no command the app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate all card data and print a summary of each deck.
    Check,
    /// Play many bot games in parallel and print statistics.
    Simulate(simulate::SimulateArgs),
    /// Play many random and heuristic bot games of every game in parallel;
    /// report panics, games that did not end and cards created or lost.
    Soak(soak::SoakArgs),
    /// Run a rules scenario and print the resulting state and event log as JSON.
    Scenario(scenario::ScenarioArgs),
    /// Write print-and-play PDF sheets of a deck.
    Export(export::ExportArgs),
    /// Open a game's table straight away: `play GAME --seats human,bot,bot`.
    Play(play::PlayArgs),
}

impl Cli {
    /// Parses the command line; `--help` lists the registry's games.
    pub fn parse_with_games() -> Cli {
        use clap::{CommandFactory as _, FromArgMatches as _};
        let games: Vec<String> = touchline::games::GAMES
            .iter()
            .map(|g| format!("{} ({})", g.id, g.name))
            .collect();
        let matches = Cli::command()
            .after_help(format!("Games: {}.", games.join(", ")))
            .get_matches();
        Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
    }
}

/// Runs a command-line invocation (not the GUI); returns the exit code.
pub fn run(cli: Cli) -> ExitCode {
    let source = match &cli.data {
        Some(d) => touchline::cards::DataSource::dir(d),
        None => touchline::cards::DataSource::embedded(),
    };
    if let Some(problem) = source.problem() {
        eprintln!("error: {problem}");
        return ExitCode::from(2);
    }
    warn_unknown_files(&source);
    let result = match cli.command {
        Some(Command::Check) => check::run(&source),
        Some(Command::Simulate(args)) => simulate::run(&source, &args),
        Some(Command::Soak(args)) => soak::run(&source, &args),
        Some(Command::Scenario(args)) => scenario::run(&source, &args),
        Some(Command::Export(args)) => export::run(&source, &args),
        Some(Command::Play(args)) => {
            play::run(&source, cli.data.clone(), &args).map(|()| ExitCode::SUCCESS)
        }
        None => return ExitCode::SUCCESS,
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// Says which files of the user's data folder no game reads: a misspelt
/// file name would otherwise be ignored without a word.
pub fn warn_unknown_files(source: &touchline::cards::DataSource) {
    let known: Vec<&str> = touchline::games::GAMES
        .iter()
        .flat_map(|g| g.data_files.iter().map(|(rel, _)| *rel))
        .collect();
    for path in source.unknown_files(&known, touchline::games::IGNORED_DATA_DIRS) {
        eprintln!(
            "warning: {}: no game reads this file (the files a game reads are listed in docs/)",
            path.display()
        );
    }
}

/// Prints `text` and a newline on standard output. A reader that stopped
/// early (`touchline simulate … | head`) ends the output quietly instead
/// of a panic.
pub fn print(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}").and_then(|()| out.flush());
}
