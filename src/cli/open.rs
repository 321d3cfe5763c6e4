//! `touchline open FILE` (or just `touchline FILE`): open a saved match at
//! its table, as a file manager does with a `NAME.touchline` file. The file
//! is checked before any window opens, so a wrong file costs a message.

use crate::ui::session::{SaveHeader, read_save};
use anyhow::{Result, anyhow, bail};
use clap::Args;
use std::path::{Path, PathBuf};

/// Arguments of `touchline open`.
#[derive(Debug, Args)]
pub struct OpenArgs {
    /// A saved match: NAME.touchline, or any file Touchline saved.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// The name of the game `path` is a save of, or why it cannot be opened.
pub fn game_of(path: &Path) -> Result<&'static str> {
    let (name, bytes) = read_save(path).map_err(|e| anyhow!("{e}"))?;
    let id = SaveHeader::game_of(&name, &bytes).map_err(|e| anyhow!("{e}"))?;
    let Some(game) = crate::games::find(&id) else {
        bail!("{name}: a save of `{id}`, which Touchline does not play");
    };
    if game.table.is_none() {
        bail!("{name}: {} has no table to open it at", game.name);
    }
    Ok(game.name)
}

/// Checks the file, then opens the app at its table.
pub fn run(data: Option<PathBuf>, args: &OpenArgs) -> Result<()> {
    game_of(&args.file)?;
    crate::ui::run_app(
        data,
        std::time::Instant::now(),
        Some(crate::ui::Opening::Save(args.file.clone())),
    )
}

/// `touchline WORD` where WORD is no file: most likely a mistyped command.
pub fn not_a_command_or_file(word: &Path) -> Option<String> {
    let text = word.to_str()?;
    let plain = !word.exists()
        && !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    plain.then(|| {
        format!("`{text}` is no command and no file: `touchline --help` lists the commands")
    })
}
