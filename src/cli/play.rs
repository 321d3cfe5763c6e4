//! `touchline play GAME --seats human,bot,...`: open a game's table
//! straight away, for people and for tests.

use crate::bots::Strength;
use crate::cards::DataSource;
use crate::ui::PlayRequest;
use crate::ui::session::Controller;
use anyhow::{Result, bail};
use clap::Args;
use std::path::PathBuf;

/// Arguments of `touchline play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game's registry id (listed by `touchline --help`).
    pub game: String,
    /// Who plays each seat, comma-separated: human, bot (a normal bot),
    /// easy (a random bot), hard or expert (the search bot, where the
    /// game has one).
    #[arg(long, default_value = "human,bot")]
    pub seats: String,
    /// The seed of the deal (the same seed deals the same cards).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A house rules file (TOML) instead of the data folder's.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// A table option by name, as `NAME=VALUE` (repeatable), for the games
    /// that read them at a new table: `--option kick_off=toss` (Flip Duel:
    /// kick_off red|blue|toss, hand 0-5).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

/// The table `args` ask for, checked against the registry.
pub fn request(args: &PlayArgs) -> Result<PlayRequest> {
    let Some(game) = crate::games::find(&args.game) else {
        bail!(
            "`{}` is no game: use one of {}",
            args.game,
            crate::games::ids()
        );
    };
    let seats = args
        .seats
        .split(',')
        .map(|s| {
            let s = s.trim().to_ascii_lowercase();
            if s == "human" || s == "me" {
                return Ok(Controller::Human);
            }
            let offered = game.table_strengths();
            match Strength::parse(&s) {
                Some(strength) if offered.contains(&strength) => Ok(Controller::Bot(strength)),
                _ => {
                    let names: Vec<&str> = offered.iter().map(|s| s.key()).collect();
                    bail!(
                        "unknown seat `{s}` for {}: use human, bot, easy or {}",
                        game.name,
                        names.join(", ")
                    )
                }
            }
        })
        .collect::<Result<Vec<_>>>()?;
    if !game.seats.contains(&seats.len()) {
        bail!(
            "{} seats {}-{} managers, not {}",
            game.name,
            game.seats.start(),
            game.seats.end(),
            seats.len()
        );
    }
    let rules = match &args.rules {
        Some(path) => {
            let text = crate::cards::source::read_text(path)
                .map_err(|e| super::Unusable(format!("{}: {e}", path.display())))?;
            Some((path.display().to_string(), text))
        }
        None => None,
    };
    let mut options = std::collections::BTreeMap::new();
    for given in &args.options {
        let Some((name, value)) = given.split_once('=') else {
            bail!("--option takes NAME=VALUE, not `{given}`");
        };
        let name = name.trim().replace('-', "_");
        if options
            .insert(name.clone(), value.trim().to_string())
            .is_some()
        {
            bail!("the option `{name}` is given twice");
        }
    }
    Ok(PlayRequest {
        game: game.id.to_string(),
        seats,
        seed: args.seed,
        rules,
        options,
    })
}

/// Checks the request, then opens the app at that table.
pub fn run(source: &DataSource, data: Option<PathBuf>, args: &PlayArgs) -> Result<()> {
    let req = request(args)?;
    // The table is set up once before the window opens, so that every
    // refusal (a seat count the game does not play, house rules it cannot
    // read, a deck it cannot load) is said here, with exit 1.
    crate::ui::open_table(source, req.clone(), None).map_err(|e| anyhow::anyhow!(e))?;
    crate::ui::run_app(data, std::time::Instant::now(), Some(req.into()))
}
