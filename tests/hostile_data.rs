//! Hostile files where Touchline reads a person's data: links that lead
//! nowhere, a file where a folder should be, FIFOs, endless devices and
//! oversized files are refused with the file's name, never waited on,
//! read without end or passed over for the built-in cards.

use std::path::Path;
use std::process::Command;
use touchline::cards::DataSource;
use touchline::cards::source::{MAX_FILE_BYTES, read_file};

/// `touchline check --data DIR`: exit code and standard error, with a
/// time limit so a FIFO that blocks fails the test instead of hanging it.
fn check_data(dir: &Path) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args(["check", "--data"])
        .arg(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run touchline: {e}"));
    for _ in 0..600 {
        if let Some(status) = child.try_wait().unwrap_or_else(|e| panic!("{e}")) {
            let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
            return (
                status.code().unwrap_or(-1),
                String::from_utf8_lossy(&out.stderr).to_string(),
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = child.kill();
    panic!(
        "`check --data {}` did not finish in a minute",
        dir.display()
    );
}

fn booked_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir(dir.path().join("booked")).unwrap_or_else(|e| panic!("{e}"));
    dir
}

/// A data folder whose only file is Booked!'s referees, the built-in
/// text with its first `from` replaced by `to`.
fn referees_edited(from: &str, to: &str) -> tempfile::TempDir {
    let dir = booked_folder();
    let text = DataSource::embedded()
        .read("booked/referees.toml")
        .unwrap_or_else(|e| panic!("{e}"))
        .text;
    assert!(text.contains(from), "referees.toml has no {from}");
    std::fs::write(
        dir.path().join("booked/referees.toml"),
        text.replacen(from, to, 1),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    dir
}

#[cfg(unix)]
#[test]
fn a_link_that_leads_nowhere_is_refused_by_name() {
    let dir = booked_folder();
    let file = dir.path().join("booked/nations.toml");
    std::os::unix::fs::symlink(dir.path().join("gone.toml"), &file)
        .unwrap_or_else(|e| panic!("{e}"));
    let source = DataSource::embedded().with_dir(Some(dir.path().to_path_buf()));
    let err = source
        .read("booked/nations.toml")
        .err()
        .unwrap_or_else(|| panic!("a dangling link read as the built-in file"));
    let text = err.to_string();
    assert!(text.contains("nations.toml"), "{text}");
    assert!(text.contains("leads to no file"), "{text}");
    let (code, err) = check_data(dir.path());
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("nations.toml"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_link_loop_is_refused_by_name() {
    let dir = booked_folder();
    let a = dir.path().join("booked/nations.toml");
    let b = dir.path().join("booked/loop.toml");
    std::os::unix::fs::symlink(&b, &a).unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink(&a, &b).unwrap_or_else(|e| panic!("{e}"));
    let source = DataSource::embedded().with_dir(Some(dir.path().to_path_buf()));
    let text = source
        .read("booked/nations.toml")
        .err()
        .unwrap_or_else(|| panic!("a link loop read as the built-in file"))
        .to_string();
    assert!(text.contains("nations.toml"), "{text}");
}

#[test]
fn a_file_where_a_game_folder_should_be_is_refused() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.path().join("booked"), "not a folder").unwrap_or_else(|e| panic!("{e}"));
    let source = DataSource::embedded().with_dir(Some(dir.path().to_path_buf()));
    let text = source
        .read("booked/nations.toml")
        .err()
        .unwrap_or_else(|| panic!("a file named `booked` was passed over"))
        .to_string();
    assert!(text.contains("is not a folder"), "{text}");
    let (code, err) = check_data(dir.path());
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("booked is not a folder"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_fifo_and_an_endless_device_are_refused_at_once() {
    let dir = booked_folder();
    let fifo = dir.path().join("booked/nations.toml");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available: nothing to check");
        return;
    }
    let (code, err) = check_data(dir.path());
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("not a regular file"), "{err}");

    let zero = Path::new("/dev/zero");
    if zero.exists() {
        let e = read_file(zero)
            .err()
            .unwrap_or_else(|| panic!("/dev/zero was read"));
        assert!(e.contains("not a regular file"), "{e}");
    }
}

#[test]
fn an_oversized_file_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let big = dir.path().join("big.toml");
    let f = std::fs::File::create(&big).unwrap_or_else(|e| panic!("{e}"));
    // A sparse file: as large as it says, without writing it.
    f.set_len(MAX_FILE_BYTES + 1)
        .unwrap_or_else(|e| panic!("{e}"));
    let e = read_file(&big)
        .err()
        .unwrap_or_else(|| panic!("an oversized file was read"));
    assert!(e.contains("more than the"), "{e}");
    // One byte less is read.
    f.set_len(MAX_FILE_BYTES).unwrap_or_else(|e| panic!("{e}"));
    let bytes = read_file(&big).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(bytes.len() as u64, MAX_FILE_BYTES);
}

#[test]
fn a_folder_where_a_scenario_or_rules_file_should_be_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args(["simulate", "booked", "--games", "1", "--rules"])
        .arg(dir.path())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is a folder, not a file"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_touchline"))
        .arg("scenario")
        .arg(dir.path())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is a folder, not a file"), "{err}");
}

/// `touchline ARGS`: exit code and standard error.
fn touchline(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn every_unusable_file_or_folder_named_on_the_command_line_exits_2() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let pdf = dir.path().join("out.pdf").display().to_string();
    for args in [
        &["--data", "/no/such/folder", "check"][..],
        &["export", "--templates", "/no/such/folder", "--out", &pdf],
        &[
            "simulate",
            "booked",
            "--games",
            "1",
            "--rules",
            "/no/such.toml",
        ],
        &[
            "play",
            "booked",
            "--seats",
            "bot,bot",
            "--rules",
            "/no/such.toml",
        ],
        &["scenario", "/no/such.toml"],
    ] {
        let (code, err) = touchline(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("/no/such"), "{args:?}: {err}");
    }
    assert!(!Path::new(&pdf).exists());
}

#[test]
fn a_huge_bad_value_is_quoted_short() {
    let dir = referees_edited(
        "effect = \"added_time\"",
        &format!("effect = \"{}\"", "A".repeat(1_000_000)),
    );
    let (code, err) = check_data(dir.path());
    assert_eq!(code, 1, "{}", &err[..err.len().min(500)]);
    assert!(err.len() < 5_000, "{} bytes of messages", err.len());
    assert!(err.contains("referees.toml:"), "{err}");
    assert!(err.contains("more characters)"), "{err}");
}

#[test]
fn a_count_that_breaks_the_built_in_total_names_the_users_file() {
    let dir = referees_edited("copies = 2", "copies = 0");
    let mine = dir.path().join("booked/referees.toml");
    let (code, err) = check_data(dir.path());
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!("your {} changes the counts", mine.display())),
        "{err}"
    );
    assert!(
        err.contains("copy booked/deck.toml into your data folder"),
        "{err}"
    );
}

#[test]
fn a_cardball_scenario_refuses_a_ball_off_the_pitch_whether_0_or_8() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/cardball/advance-three-from-own-box.toml"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("\nball = 7\n"), "the scenario moved its ball");
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for zone in ["0", "8"] {
        let file = dir.path().join(format!("ball-{zone}.toml"));
        std::fs::write(
            &file,
            text.replace("\nball = 7\n", &format!("\nball = {zone}\n")),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let (code, err) = touchline(&["scenario", &file.display().to_string()]);
        assert_eq!(code, 2, "ball {zone}: {err}");
        assert!(
            err.contains(&format!("the ball rests on zones 1-7, not {zone}")),
            "ball {zone}: {err}"
        );
    }
}

#[test]
fn an_id_or_choice_with_a_line_break_is_refused() {
    let dir = referees_edited("effect = \"added_time\"", "effect = \"added_time\\n\"");
    let (code, err) = check_data(dir.path());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("field `effect`"), "{err}");
    assert!(err.contains("a line break, in a one-line field"), "{err}");
}

#[test]
fn an_unusable_templates_folder_is_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let pdf = dir.path().join("out.pdf").display().to_string();
    // A file where Booked!'s folder should be.
    let plain = dir.path().join("plain");
    std::fs::create_dir(&plain).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(plain.join("booked"), "x").unwrap_or_else(|e| panic!("{e}"));
    let plain = plain.display().to_string();
    let (code, err) = touchline(&["export", "--templates", &plain, "--out", &pdf]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("booked is not a folder"), "{err}");
    // A template file that is a link leading nowhere.
    let linked = dir.path().join("linked");
    std::fs::create_dir_all(linked.join("booked")).unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink("/no/such/file", linked.join("booked/back.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let linked = linked.display().to_string();
    let (code, err) = touchline(&["export", "--templates", &linked, "--out", &pdf]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("back.toml is a link that leads nowhere"),
        "{err}"
    );
    assert!(!Path::new(&pdf).exists());
}
