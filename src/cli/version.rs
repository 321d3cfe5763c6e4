//! `touchline --version`: the crate's version and the commit it was built
//! from, which `build.rs` finds with build/version.rs (tested here, since
//! a build script's own tests never run).

/// The text after `touchline ` in `touchline --version`.
pub const VERSION: &str = env!("TOUCHLINE_VERSION");

#[cfg(test)]
#[path = "../../build/version.rs"]
mod build_version;

#[cfg(test)]
mod tests {
    use super::build_version::{Commit, commit, describe, vcs_info_commit, watched};
    use std::path::Path;
    use std::process::Command;

    fn git(dir: &Path, args: &[&str]) -> Option<String> {
        let out = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(args)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    }

    #[test]
    fn the_version_says_the_commit_or_that_it_is_unknown() {
        let full = Commit {
            hash: "6f1b111a2b3c".into(),
            date: Some("2026-11-27".into()),
        };
        assert_eq!(
            describe("0.1.0", Some(&full)),
            "0.1.0 (commit 6f1b111a2b3c, 2026-11-27)"
        );
        let bare = Commit {
            hash: "6f1b111a2b3c".into(),
            date: None,
        };
        assert_eq!(
            describe("0.1.0", Some(&bare)),
            "0.1.0 (commit 6f1b111a2b3c)"
        );
        assert_eq!(describe("0.1.0", None), "0.1.0 (commit unknown)");
        assert!(super::VERSION.starts_with(concat!(env!("CARGO_PKG_VERSION"), " (commit ")));
    }

    #[test]
    fn a_published_crate_takes_the_commit_cargo_package_wrote() {
        let json = r#"{
  "git": {
    "sha1": "6f1b111a2b3c4d5e6f708192a3b4c5d6e7f80912"
  },
  "path_in_vcs": ""
}"#;
        assert_eq!(
            vcs_info_commit(json).map(|c| c.hash),
            Some("6f1b111a2b3c".to_string())
        );
        assert_eq!(vcs_info_commit(r#"{"git": {"sha1": "not hex"}}"#), None);
        assert_eq!(vcs_info_commit(r#"{"git": {"sha1": "#), None);
        assert_eq!(vcs_info_commit(""), None);
    }

    /// A tarball or crates.io build has no `.git`: the build still says
    /// what it knows, and only files that exist are watched.
    #[test]
    fn a_build_without_git_tolerates_it() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(commit(dir.path(), None), None);
        assert_eq!(commit(dir.path(), Some("  ")), None);
        assert_eq!(
            commit(dir.path(), Some("abc1234")).map(|c| c.hash),
            Some("abc1234".to_string())
        );
        assert!(watched(dir.path()).is_empty());
        let info = dir.path().join(".cargo_vcs_info.json");
        std::fs::write(
            &info,
            r#"{"git":{"sha1":"0123456789abcdef0123456789abcdef01234567"}}"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            commit(dir.path(), None).map(|c| c.hash),
            Some("0123456789ab".to_string())
        );
        assert_eq!(watched(dir.path()), vec![info]);
    }

    /// A crate unpacked inside another repository must not report that
    /// repository's commit.
    #[test]
    fn a_crate_inside_another_checkout_takes_no_commit_from_it() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let made = git(dir.path(), &["init", "-q"]).and_then(|_| {
            git(
                dir.path(),
                &[
                    "-c",
                    "user.name=t",
                    "-c",
                    "user.email=t@t",
                    "commit",
                    "-q",
                    "--allow-empty",
                    "-m",
                    "outer",
                ],
            )
        });
        if made.is_none() {
            eprintln!("git is not available: nothing to check");
            return;
        }
        let inner = dir.path().join("touchline-0.1.0");
        std::fs::create_dir_all(&inner).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(commit(&inner, None), None);
        // The checkout itself does report it.
        let outer = commit(dir.path(), None).map(|c| c.hash);
        assert_eq!(outer, git(dir.path(), &["rev-parse", "--short=12", "HEAD"]));
        assert!(watched(dir.path()).iter().any(|p| p.ends_with("HEAD")));
    }

    #[test]
    fn this_checkout_reports_its_commit() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        let Some(head) = git(here, &["rev-parse", "--short=12", "HEAD"]) else {
            eprintln!("not built from a git checkout: nothing to compare");
            return;
        };
        assert_eq!(commit(here, None).map(|c| c.hash), Some(head.clone()));
        assert!(
            super::VERSION.contains(&head),
            "{} vs {head}",
            super::VERSION
        );
    }
}
