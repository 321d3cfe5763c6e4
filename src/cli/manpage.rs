//! `touchline manpage`: the manual page in roff, made from the same clap
//! definitions as `--help`; with `--dir`, one page per command as well
//! (`touchline-check.1`, ...), as the Debian package installs them.

use anyhow::{Context as _, Result};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `touchline manpage`.
#[derive(Debug, Args)]
pub struct ManpageArgs {
    /// Write touchline.1 and a page per command into this folder instead of
    /// printing touchline.1.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// The main page, `touchline.1`, in roff.
pub fn page() -> Result<Vec<u8>> {
    let mut out = Vec::new();
    clap_mangen::Man::new(super::Cli::command_with_games())
        .render(&mut out)
        .context("cannot write the manual page")?;
    Ok(out)
}

/// Prints the page, or writes every page into `--dir`.
pub fn run(args: &ManpageArgs) -> Result<ExitCode> {
    match &args.dir {
        None => super::write_out(&page()?),
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            clap_mangen::generate_to(super::Cli::command_with_games(), dir)
                .with_context(|| format!("cannot write the manual pages in {}", dir.display()))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_the_program_every_command_and_the_games() {
        let text = String::from_utf8(page().unwrap_or_default()).unwrap_or_default();
        assert!(text.contains(".TH touchline 1"), "{text}");
        assert!(text.contains(env!("TOUCHLINE_VERSION")), "{text}");
        for name in [
            "check",
            "simulate",
            "export",
            "play",
            "open",
            "desktop",
            "completions",
        ] {
            assert!(text.contains(name), "no `{name}` in\n{text}");
        }
        // Roff writes a hyphen as `\-`.
        for game in crate::games::GAMES {
            let id = game.id.replace('-', "\\-");
            assert!(text.contains(&id), "no {id} in\n{text}");
        }
    }

    #[test]
    fn dir_writes_a_page_per_command() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let out = dir.path().join("man");
        run(&ManpageArgs {
            dir: Some(out.clone()),
        })
        .unwrap_or_else(|e| panic!("{e}"));
        for page in ["touchline.1", "touchline-check.1", "touchline-desktop.1"] {
            let text = std::fs::read_to_string(out.join(page)).unwrap_or_default();
            assert!(text.starts_with(".ie"), "{page}: {text}");
        }
    }
}
