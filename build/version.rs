//! What `touchline --version` says: the crate's version and the commit it
//! was built from. `build.rs` runs this; the binary's tests include it too,
//! so the fallbacks for a build without git are tested.
//!
//! Where the commit comes from, first found wins: the `TOUCHLINE_COMMIT`
//! variable (for packagers building from a tarball), git in a checkout
//! whose top is the crate itself, and `.cargo_vcs_info.json`, which
//! `cargo package` writes into every crate published from a git checkout.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The commit a build was made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commit {
    /// The abbreviated hash (12 hex digits, or what the source gave).
    pub hash: String,
    /// The commit's date as YYYY-MM-DD, when known.
    pub date: Option<String>,
}

/// The version line's text after the program's name, e.g.
/// `0.1.0 (commit 6f1b111a2b3c, 2026-11-27)`.
pub fn describe(version: &str, commit: Option<&Commit>) -> String {
    match commit {
        Some(Commit {
            hash,
            date: Some(date),
        }) => format!("{version} (commit {hash}, {date})"),
        Some(Commit { hash, date: None }) => format!("{version} (commit {hash})"),
        None => format!("{version} (commit unknown)"),
    }
}

/// The commit of the crate in `dir`: from `overridden` (the
/// `TOUCHLINE_COMMIT` variable) when it is set and not empty, else from
/// git, else from `.cargo_vcs_info.json`; `None` when none of them says.
pub fn commit(dir: &Path, overridden: Option<&str>) -> Option<Commit> {
    if let Some(hash) = overridden.map(str::trim).filter(|h| !h.is_empty()) {
        return Some(Commit {
            hash: hash.to_string(),
            date: None,
        });
    }
    git_commit(dir).or_else(|| {
        let text = std::fs::read_to_string(dir.join(".cargo_vcs_info.json")).ok()?;
        vcs_info_commit(&text)
    })
}

/// The files whose change means another commit is checked out, for
/// `cargo:rerun-if-changed`. Only files that exist are listed, since
/// Cargo reruns a build script on every build for a missing one.
pub fn watched(dir: &Path) -> Vec<PathBuf> {
    let mut paths = vec![dir.join(".cargo_vcs_info.json")];
    if let (Some(git_dir), Some(common)) = (
        git(dir, &["rev-parse", "--git-dir"]),
        git(dir, &["rev-parse", "--git-common-dir"]),
    ) {
        let git_dir = dir.join(git_dir);
        let common = dir.join(common);
        paths.push(git_dir.join("HEAD"));
        paths.push(common.join("packed-refs"));
        // A commit rewrites the branch's file, or creates it beside its
        // siblings when the branch was only in packed-refs (as after a
        // clone): watching its folder catches both.
        if let Some(branch) = git(dir, &["rev-parse", "--symbolic-full-name", "HEAD"])
            && let Some(folder) = common.join(branch).parent()
        {
            paths.push(folder.to_path_buf());
        }
    }
    paths.retain(|p| p.exists());
    paths
}

/// The commit checked out in `dir` by git, if git runs and `dir` is the
/// top of its checkout (a crate unpacked inside some other repository
/// must not take that repository's commit).
fn git_commit(dir: &Path) -> Option<Commit> {
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    let same = match (Path::new(&top).canonicalize(), dir.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if !same {
        return None;
    }
    let line = git(dir, &["log", "-1", "--abbrev=12", "--format=%h %cs"])?;
    let (hash, date) = line.split_once(' ')?;
    is_hash(hash).then(|| Commit {
        hash: hash.to_string(),
        date: Some(date.to_string()),
    })
}

/// The commit named by the `"sha1"` key of a `.cargo_vcs_info.json`,
/// abbreviated to 12 digits.
pub fn vcs_info_commit(text: &str) -> Option<Commit> {
    let after = &text[text.find("\"sha1\"")? + "\"sha1\"".len()..];
    let value = after.trim_start().strip_prefix(':')?.trim_start();
    let value = value.strip_prefix('"')?;
    let hash = &value[..value.find('"')?];
    is_hash(hash).then(|| Commit {
        hash: hash.chars().take(12).collect(),
        date: None,
    })
}

fn is_hash(s: &str) -> bool {
    s.len() >= 7 && s.chars().all(|c| c.is_ascii_hexdigit())
}

/// Runs git in `dir`; its trimmed output when it succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}
