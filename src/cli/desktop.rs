//! `touchline desktop install` / `uninstall`: puts Touchline in the current
//! user's application menu, with its icon and the `*.touchline` save type
//! (see `crate::desktop`), then asks the desktop's own tools to notice.

use crate::desktop;
use anyhow::{Context as _, Result, bail};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `touchline desktop`.
#[derive(Debug, Args)]
pub struct DesktopArgs {
    /// Install or uninstall.
    #[command(subcommand)]
    pub action: DesktopAction,
}

/// What `touchline desktop` does.
#[derive(Debug, Subcommand)]
pub enum DesktopAction {
    /// Add Touchline to your application menu, with its icon, and make
    /// saves named NAME.touchline open at their table (for this user, under
    /// XDG_DATA_HOME or ~/.local/share).
    Install,
    /// Remove what `desktop install` added.
    Uninstall,
}

/// Runs `touchline desktop`.
pub fn run(args: &DesktopArgs) -> Result<ExitCode> {
    if cfg!(any(target_os = "macos", target_os = "windows")) {
        bail!(
            "desktop integration is for Linux and BSD desktops; on this system it is not provided yet (see docs/install.md)"
        );
    }
    let home = desktop::data_home()?;
    match args.action {
        DesktopAction::Install => install(&home),
        DesktopAction::Uninstall => uninstall(&home),
    }
}

fn install(home: &Path) -> Result<ExitCode> {
    let program = std::env::current_exe()
        .and_then(|p| p.canonicalize())
        .context("cannot tell where this touchline program is")?;
    let written = desktop::install(home, &program)?;
    super::print("Installed Touchline's menu entry, icons and save type for this user:");
    for path in &written {
        super::print(&format!("  {}", path.display()));
    }
    refresh(home);
    super::print(&format!(
        "The entry starts {}; a save named NAME.{} opens at its table.",
        program.display(),
        desktop::SAVE_EXTENSION
    ));
    if built_in_a_checkout(&program) {
        eprintln!(
            "note: this program is a build in a source checkout, which `cargo clean` removes; \
             install it first (`cargo install --locked --profile dist --path .`) and run \
             `touchline desktop install` from there"
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn uninstall(home: &Path) -> Result<ExitCode> {
    let removed = desktop::uninstall(home)?;
    if removed.is_empty() {
        super::print(&format!(
            "Nothing to remove: Touchline is not installed for this user under {}.",
            home.display()
        ));
        return Ok(ExitCode::SUCCESS);
    }
    super::print("Removed:");
    for path in &removed {
        super::print(&format!("  {}", path.display()));
    }
    refresh(home);
    Ok(ExitCode::SUCCESS)
}

/// Runs the tools that rebuild the desktop's caches of MIME types,
/// application entries and icons. A missing tool is no failure: desktops
/// also rescan on their next start.
fn refresh(home: &Path) {
    let hicolor = home.join("icons/hicolor");
    let mut tools: Vec<(&str, Vec<PathBuf>)> = vec![
        ("update-mime-database", vec![home.join("mime")]),
        ("update-desktop-database", vec![home.join("applications")]),
    ];
    // An icon cache is rebuilt only where one already is: a new cache that
    // nothing else keeps up to date would hide other programs' icons.
    if hicolor.join("icon-theme.cache").exists() {
        tools.push((
            "gtk-update-icon-cache",
            vec!["--quiet".into(), "--ignore-theme-index".into(), hicolor],
        ));
    }
    for (tool, args) in tools {
        match std::process::Command::new(tool).args(&args).output() {
            Ok(out) if out.status.success() => {}
            Ok(out) => eprintln!(
                "warning: {tool} failed ({}): {}",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => eprintln!(
                "note: {tool} is not installed; the desktop picks the change up when it next starts"
            ),
            Err(e) => eprintln!("warning: cannot run {tool}: {e}"),
        }
    }
}

/// Whether `program` is a build in a cargo target folder.
fn built_in_a_checkout(program: &Path) -> bool {
    let parts: Vec<_> = program.components().map(|c| c.as_os_str()).collect();
    parts
        .windows(2)
        .any(|w| w[0] == "target" && (w[1] == "debug" || w[1] == "release" || w[1] == "dist"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_in_a_checkout_is_told_apart_from_an_installed_program() {
        assert!(built_in_a_checkout(Path::new(
            "/home/a/touchline/target/debug/touchline"
        )));
        assert!(built_in_a_checkout(Path::new(
            "/src/t/target/dist/touchline"
        )));
        assert!(!built_in_a_checkout(Path::new(
            "/home/a/.cargo/bin/touchline"
        )));
        assert!(!built_in_a_checkout(Path::new("/usr/bin/touchline")));
    }
}
