//! The command line: argument definitions and the commands behind them.
//!
//! `touchline` with no command opens the app (`touchline FILE` opens a
//! saved match); the commands are for checking data, simulating games,
//! running rules scenarios and installing Touchline on a desktop.

mod check;
mod completions;
mod desktop;
mod export;
mod lab;
mod manpage;
mod open;
pub mod play;
mod scenario;
mod simulate;
mod soak;
mod version;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Touchline: a desktop companion for football card and board games.
#[derive(Debug, Parser)]
#[command(
    name = "touchline",
    version = version::VERSION,
    about,
    long_about
)]
pub struct Cli {
    /// A folder laid out like card_data/ whose files replace the built-in
    /// defaults (files it lacks fall back to the defaults).
    #[arg(long, global = true, value_name = "DIR")]
    pub data: Option<PathBuf>,

    /// What to do; with no command the app opens.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// A saved match (NAME.touchline) to open at its table, as `open FILE`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate all card data and print a summary of each deck.
    Check,
    /// Play many bot games in parallel and print statistics.
    Simulate(simulate::SimulateArgs),
    /// The balance lab: measure a game, compare two sets of house rules
    /// and value every card by restricted play.
    Lab(lab::LabArgs),
    /// Play many random and heuristic bot games of every game in parallel;
    /// report panics, games that did not end and cards created or lost.
    Soak(soak::SoakArgs),
    /// Run a rules scenario and print the resulting state and event log as JSON.
    Scenario(scenario::ScenarioArgs),
    /// Write print-and-play PDF sheets of a deck.
    Export(export::ExportArgs),
    /// Open a game's table straight away: `play GAME --seats human,bot,bot`.
    Play(play::PlayArgs),
    /// Open a saved match (NAME.touchline) at its table.
    Open(open::OpenArgs),
    /// Add Touchline to this user's application menu, or remove it.
    Desktop(desktop::DesktopArgs),
    /// Print a shell's completion script: `completions bash`.
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff), or write every page with `--dir`.
    Manpage(manpage::ManpageArgs),
}

impl Cli {
    /// Parses the command line; `--help` lists the registry's games.
    pub fn parse_with_games() -> Cli {
        use clap::FromArgMatches as _;
        let matches = Cli::command_with_games().get_matches();
        Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
    }

    /// The command line's definition with the registry's games in its
    /// help, as `--help`, the completions and the manual page show it.
    pub fn command_with_games() -> clap::Command {
        use clap::CommandFactory as _;
        let games: Vec<String> = crate::games::GAMES
            .iter()
            .map(|g| format!("{} ({})", g.id, g.name))
            .collect();
        Cli::command().after_help(format!("Games: {}.", games.join(", ")))
    }
}

/// Runs a command-line invocation (not the GUI); returns the exit code.
pub fn run(cli: Cli) -> ExitCode {
    if let (Some(file), Some(_)) = (&cli.file, &cli.command) {
        eprintln!(
            "error: `{}` and a command together: open a save with `touchline FILE` alone",
            file.display()
        );
        return ExitCode::from(2);
    }
    // Commands about the program itself read no card data.
    match &cli.command {
        Some(Command::Desktop(args)) => return finish(desktop::run(args)),
        Some(Command::Completions(args)) => return finish(completions::run(args)),
        Some(Command::Manpage(args)) => return finish(manpage::run(args)),
        _ => {}
    }
    let source = match &cli.data {
        Some(d) => crate::cards::DataSource::dir(d),
        None => crate::cards::DataSource::embedded(),
    };
    if let Some(problem) = source.problem() {
        eprintln!("error: {problem}");
        return ExitCode::from(2);
    }
    warn_unknown_files(&source);
    let result = match cli.command {
        Some(Command::Check) => check::run(&source),
        Some(Command::Simulate(args)) => simulate::run(&source, &args),
        Some(Command::Lab(args)) => lab::run(&source, &args),
        Some(Command::Soak(args)) => soak::run(&source, &args),
        Some(Command::Scenario(args)) => scenario::run(&source, &args),
        Some(Command::Export(args)) => export::run(&source, &args),
        Some(Command::Play(args)) => {
            play::run(&source, cli.data.clone(), &args).map(|()| ExitCode::SUCCESS)
        }
        Some(Command::Open(args)) => open::run(cli.data, &args).map(|()| ExitCode::SUCCESS),
        Some(Command::Desktop(_) | Command::Completions(_) | Command::Manpage(_)) => {
            return ExitCode::SUCCESS;
        }
        None => match cli.file {
            Some(file) => match open::not_a_command_or_file(&file) {
                Some(problem) => Err(anyhow::anyhow!(problem)),
                None => open::run(cli.data, &open::OpenArgs { file }).map(|()| ExitCode::SUCCESS),
            },
            None => return ExitCode::SUCCESS,
        },
    };
    finish(result)
}

/// The exit code of a command's result; an error is printed first. A
/// failed write on standard output (a full disk, a closed descriptor)
/// fails the command too.
fn finish(result: anyhow::Result<ExitCode>) -> ExitCode {
    let failed_write = WRITE_FAILED
        .lock()
        .map(|mut w| w.take())
        .unwrap_or_else(|mut poisoned| poisoned.get_mut().take());
    match (result, failed_write) {
        (Err(e), _) => {
            eprintln!("error: {e:#}");
            if e.downcast_ref::<Unusable>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
        (Ok(_), Some(e)) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(1)
        }
        (Ok(code), None) => code,
    }
}

/// A file or folder named on the command line that cannot be used
/// (missing, unreadable, not what it should be): exit 2, as for a missing
/// `--data` folder, where a command that ran and failed exits 1.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Unusable(pub String);

/// The first write on standard output that failed for a reason other than
/// a reader that stopped early.
static WRITE_FAILED: std::sync::Mutex<Option<std::io::Error>> = std::sync::Mutex::new(None);

/// Notes a failed write: a closed pipe (`| head`) is quiet, anything else
/// fails the command when it finishes.
fn note_write(result: std::io::Result<()>) {
    if let Err(e) = result
        && e.kind() != std::io::ErrorKind::BrokenPipe
        && let Ok(mut first) = WRITE_FAILED.lock()
        && first.is_none()
    {
        *first = Some(e);
    }
}

/// Says which files of the user's data folder no game reads: a misspelt
/// file name would otherwise be ignored without a word.
pub fn warn_unknown_files(source: &crate::cards::DataSource) {
    let known: Vec<&str> = crate::games::GAMES
        .iter()
        .flat_map(|g| g.data_files.iter().map(|(rel, _)| *rel))
        .collect();
    for path in source.unknown_files(&known, crate::games::IGNORED_DATA_DIRS) {
        eprintln!(
            "warning: {}: no game reads this file (the files a game reads are listed in docs/)",
            path.display()
        );
    }
}

/// Writes `bytes` on standard output as they are, ending quietly when
/// the reader stopped early and failing the command on any other write
/// error, as [`print`] does.
pub fn write_out(bytes: &[u8]) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    note_write(out.write_all(bytes).and_then(|()| out.flush()));
}

/// Prints `text` and a newline on standard output. A reader that stopped
/// early (`touchline simulate … | head`) ends the output quietly instead
/// of a panic; any other failed write (`> /dev/full`, a closed standard
/// output) makes the command exit 1 with a message.
pub fn print(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    note_write(writeln!(out, "{text}").and_then(|()| out.flush()));
}
