//! `touchline check`: validate every game's card data and print a summary,
//! then warn of what the printed cards would show less well than designed.

use crate::cards::DataSource;
use crate::games::GAMES;
use crate::render::document::describe_warnings;
use crate::render::options::{ExportOptions, Prepared, PrintError, PrintGame};
use anyhow::Result;
use std::process::ExitCode;

pub fn run(source: &DataSource) -> Result<ExitCode> {
    let mut ok = true;
    for game in GAMES {
        match (game.check)(source) {
            Ok(lines) => {
                for line in lines {
                    super::print(&format!("{}: {line}", game.id));
                }
            }
            Err(errors) => {
                ok = false;
                eprintln!("{}: {} problem(s)", game.id, errors.0.len());
                for e in &errors.0 {
                    eprintln!("  {e}");
                }
            }
        }
    }
    // What the printed cards would show less well than designed, at the
    // default sheet (poker size, 3 mm bleed): a data problem the game
    // engine accepts but paper does not.
    for game in PrintGame::all() {
        let options = ExportOptions {
            games: vec![game],
            ..ExportOptions::default()
        };
        let warnings = Prepared::load(&options, source).and_then(|p| p.warnings(&options));
        match warnings {
            Ok(w) => {
                for line in describe_warnings(&w) {
                    super::print(&format!("{}: warning: {line}", game.id()));
                }
            }
            // The card data's own errors were reported above.
            Err(PrintError::Data { .. }) => {}
            Err(e) => {
                ok = false;
                eprintln!("{}: cannot be printed: {e}", game.id());
            }
        }
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
