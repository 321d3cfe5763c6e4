//! `touchline scenario FILE`: run a rules scenario of any game.
//!
//! Exit codes: 0 every expectation holds, 1 an expectation failed, 2 the
//! file is malformed, names no known game, or its setup or an action is
//! illegal (unless the file expects that error).

use crate::cards::DataSource;
use crate::scenario::Ran;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `touchline scenario`.
#[derive(Debug, Args)]
pub struct ScenarioArgs {
    /// The scenario file (TOML; see docs/scenarios.md). Its `game` key names
    /// the game by its registry id.
    pub file: PathBuf,
}

pub fn run(source: &DataSource, args: &ScenarioArgs) -> Result<ExitCode> {
    let name = args.file.display().to_string();
    let text = match crate::cards::source::read_text(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{name}: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let game = match crate::games::scenario_game(&name, &text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return Ok(ExitCode::from(2));
        }
    };
    let ran = (game.scenario)(source, &name, &text);
    match &ran {
        Ran::Malformed(message) => eprintln!("{message}"),
        Ran::Done {
            output,
            failures,
            illegal,
        } => {
            super::print(&serde_json::to_string_pretty(output)?);
            if let Some(e) = illegal {
                eprintln!("{name}: {e}");
            }
            for f in failures {
                eprintln!("{name}: expectation failed: {f}");
            }
        }
    }
    Ok(ExitCode::from(ran.exit_code()))
}
