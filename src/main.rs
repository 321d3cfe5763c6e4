//! The `touchline` binary: parse the command line, then open the app or
//! run a command and turn its result into an exit code.

use touchline::cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    let cli = cli::Cli::parse_with_games();
    if cli.command.is_none() && cli.file.is_none() {
        if let Some(dir) = &cli.data {
            let source = touchline::cards::DataSource::dir(dir);
            if let Some(problem) = source.problem() {
                eprintln!("error: {problem}");
                return ExitCode::from(2);
            }
            cli::warn_unknown_files(&source);
        }
        return match touchline::ui::run_app(cli.data.clone(), started, None) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e:#}");
                ExitCode::from(1)
            }
        };
    }
    cli::run(cli)
}
