//! Hostile inputs to `touchline export`: where the file goes (a folder, a
//! device, links, leftovers) and templates whose `when` names a field no
//! card has. Each case exits with a message naming what is wrong, and
//! nothing it should not touch is touched.

use std::path::Path;
use std::process::{Command, Output};

fn touchline() -> Command {
    Command::new(env!("CARGO_BIN_EXE_touchline"))
}

fn export(out: &Path, extra: &[&str]) -> Output {
    touchline()
        .args(["export", "--game", "booked", "--select", "kind:red"])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().to_string())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_folder_is_refused_and_nothing_is_left_behind() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let folder = dir.path().join("cards.pdf");
    std::fs::create_dir(&folder).unwrap_or_else(|e| panic!("{e}"));
    let run = export(&folder, &[]);
    assert!(!run.status.success());
    assert!(stderr(&run).contains("is a folder"), "{}", stderr(&run));
    assert!(folder.is_dir());
    assert_eq!(names_in(dir.path()), vec!["cards.pdf".to_string()]);
}

#[cfg(unix)]
#[test]
fn a_device_is_refused_and_stays_a_device() {
    use std::os::unix::fs::FileTypeExt as _;
    let run = export(Path::new("/dev/null"), &[]);
    assert!(!run.status.success());
    assert!(
        stderr(&run).contains("/dev/null: is not a regular file (a device)"),
        "{}",
        stderr(&run)
    );
    let meta = std::fs::metadata("/dev/null").unwrap_or_else(|e| panic!("{e}"));
    assert!(meta.file_type().is_char_device());
}

#[cfg(unix)]
#[test]
fn a_link_is_followed_and_stays_a_link_a_dangling_one_is_refused() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let real = dir.path().join("real.pdf");
    std::fs::write(&real, b"the old file").unwrap_or_else(|e| panic!("{e}"));
    let link = dir.path().join("latest.pdf");
    std::os::unix::fs::symlink(&real, &link).unwrap_or_else(|e| panic!("{e}"));
    let run = export(&link, &[]);
    assert!(run.status.success(), "{}", stderr(&run));
    let meta = std::fs::symlink_metadata(&link).unwrap_or_else(|e| panic!("{e}"));
    assert!(meta.file_type().is_symlink(), "the link is still a link");
    let written = std::fs::read(&real).unwrap_or_default();
    assert!(
        written.starts_with(b"%PDF-"),
        "the file it points to is new"
    );

    let dangling = dir.path().join("gone.pdf");
    std::os::unix::fs::symlink(dir.path().join("nowhere/x.pdf"), &dangling)
        .unwrap_or_else(|e| panic!("{e}"));
    let run = export(&dangling, &[]);
    assert!(!run.status.success());
    assert!(
        stderr(&run).contains("which does not exist; give the file itself"),
        "{}",
        stderr(&run)
    );
    assert!(!dir.path().join("nowhere").exists());
    // No temporary file is left in the folder, whatever happened.
    assert!(
        !names_in(dir.path()).iter().any(|n| n.contains(".tmp")),
        "{:?}",
        names_in(dir.path())
    );
}

#[test]
fn a_failed_export_leaves_the_old_file_and_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("old.pdf");
    std::fs::write(&out, b"the old file").unwrap_or_else(|e| panic!("{e}"));
    let run = touchline()
        .args(["export", "--select", "id:NOPE-1", "--out"])
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!run.status.success());
    assert_eq!(std::fs::read(&out).unwrap_or_default(), b"the old file");
    assert_eq!(names_in(dir.path()), vec!["old.pdf".to_string()]);
}

/// A templates folder whose Booked! player template adds a box drawn
/// `when` = `cond`.
fn templates_with_when(dir: &Path, cond: &str) -> String {
    let tpl = dir.join("tpl");
    std::fs::create_dir_all(tpl.join("booked")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        tpl.join("booked/player.toml"),
        format!(
            "extends = \"builtin/player\"\n\n[[box]]\nname = \"crest\"\ntype = \"circle\"\nwhen = \"{cond}\"\nx = 47\ny = 23\nw = 9\nh = 9\nfill = \"gold\"\n"
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    tpl.to_string_lossy().to_string()
}

#[test]
fn a_misspelled_when_is_an_error_naming_file_line_template_and_box() {
    for (cond, field, hint) in [
        ("stra", "stra", "did you mean `star`?"),
        ("positon == GK", "positon", "did you mean `position`?"),
        ("!instnat", "instnat", "did you mean `instant`?"),
    ] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let tpl = templates_with_when(dir.path(), cond);
        let out = dir.path().join("out.pdf");
        let run = export(&out, &["--templates", &tpl]);
        let err = stderr(&run);
        assert!(!run.status.success(), "{cond}: {err}");
        assert!(
            err.contains("booked/player.toml:6:8: box `crest`, field `when`: "),
            "{cond}: {err}"
        );
        assert!(
            err.contains(&format!(
                "`{field}` is not a field of any card (template `player`)"
            )) && err.contains(hint),
            "{cond}: {err}"
        );
        assert!(!out.exists(), "{cond}: nothing written");
    }
    // Spelled right, the same box prints.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let tpl = templates_with_when(dir.path(), "position == GK");
    let run = export(&dir.path().join("out.pdf"), &["--templates", &tpl]);
    assert!(run.status.success(), "{}", stderr(&run));
}

#[test]
fn changed_cards_go_beside_the_full_pdf_named_and_the_first_time_says_so() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("booked.pdf");
    let changed_pdf = dir.path().join("booked.changed.pdf");
    // No record yet: said, and every card printed beside the (absent) PDF.
    let run = touchline()
        .args(["export", "--changed", "--out"])
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(
        stdout(&run).contains("no record of an earlier print to ")
            && stdout(&run).contains("every card counts as new, 198 cards"),
        "{}",
        stdout(&run)
    );
    assert!(changed_pdf.exists() && !out.exists());
    // The full deck, then one card edited: only it is printed, by name,
    // and the full PDF stays as it was.
    let run = touchline()
        .args(["export", "--out"])
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(run.status.success(), "{}", stderr(&run));
    let full = std::fs::read(&out).unwrap_or_default();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("booked")).unwrap_or_else(|e| panic!("{e}"));
    let nations =
        touchline::cards::DataSource::embedded_file("booked/nations.toml").unwrap_or_default();
    let edited = nations.replacen("Rogério Vasconcelos", "Rogério Vasconcellos", 1);
    assert_ne!(edited, nations);
    std::fs::write(data.join("booked/nations.toml"), edited).unwrap_or_else(|e| panic!("{e}"));
    let run = touchline()
        .args(["export", "--changed", "--data"])
        .arg(&data)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(
        stdout(&run).contains("1 card changed since the last print to ")
            && stdout(&run).contains(": BRA-1")
            && stdout(&run).contains("booked.changed.pdf: 8 a page, 2 pages, 1 sheet, 1 card, "),
        "{}",
        stdout(&run)
    );
    assert_eq!(std::fs::read(&out).unwrap_or_default(), full, "untouched");
}
