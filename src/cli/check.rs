//! `touchline check`: validate every game's card data and print a summary.

use anyhow::Result;
use std::process::ExitCode;
use touchline::cards::DataSource;
use touchline::games::GAMES;

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
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
