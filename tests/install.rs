//! Touchline installed as a desktop app: `--version`, `desktop install` /
//! `uninstall` under a home of the test's own, completions, the manual
//! page, and a save opened from the command line (`touchline FILE`).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use touchline::bots::Strength;
use touchline::ui::TouchlineApp;
use touchline::ui::session::Controller;

/// `touchline` with no display, so a test that wrongly opened a window
/// fails at once instead of waiting on it.
fn touchline(home: Option<&Path>) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_touchline"));
    c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    if let Some(home) = home {
        c.env("HOME", home)
            .env_remove("XDG_DATA_HOME")
            .env("XDG_CONFIG_HOME", home.join("config"));
    }
    c
}

fn run(c: &mut Command) -> (i32, String, String) {
    let out = c
        .output()
        .unwrap_or_else(|e| panic!("cannot run touchline: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn has_tool(name: &str) -> bool {
    Command::new(name).arg("--help").output().is_ok()
}

#[test]
fn version_names_the_commit_it_was_built_from() {
    let (code, out, err) = run(touchline(None).arg("--version"));
    assert_eq!(code, 0, "{err}");
    let prefix = concat!("touchline ", env!("CARGO_PKG_VERSION"), " (commit ");
    assert!(out.starts_with(prefix), "{out}");
    let head = Command::new("git")
        .args([
            "-C",
            env!("CARGO_MANIFEST_DIR"),
            "rev-parse",
            "--short=12",
            "HEAD",
        ])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if let Some(head) = head {
        assert!(out.contains(&head), "{out} is not of commit {head}");
    }
}

/// The files `desktop install` writes under `data`.
fn installed(data: &Path) -> Vec<PathBuf> {
    let mut files = vec![
        data.join("applications/touchline.desktop"),
        data.join("mime/packages/touchline.xml"),
        data.join("icons/hicolor/scalable/apps/touchline.svg"),
    ];
    for size in [16, 22, 24, 32, 48, 64, 128, 256, 512] {
        files.push(data.join(format!("icons/hicolor/{size}x{size}/apps/touchline.png")));
    }
    files
}

#[test]
fn desktop_install_puts_the_entry_icons_and_save_type_in_the_users_data_home() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    // Without XDG_DATA_HOME: ~/.local/share.
    let (code, out, err) = run(touchline(Some(home.path())).args(["desktop", "install"]));
    assert_eq!(code, 0, "{out}{err}");
    let data = home.path().join(".local/share");
    for file in installed(&data) {
        assert!(file.is_file(), "{} missing\n{out}", file.display());
        assert!(out.contains(&file.display().to_string()), "{out}");
    }
    let program = Path::new(env!("CARGO_BIN_EXE_touchline"))
        .canonicalize()
        .unwrap_or_else(|e| panic!("{e}"));
    let entry =
        std::fs::read_to_string(data.join("applications/touchline.desktop")).unwrap_or_default();
    assert!(
        entry.contains(&format!("\nExec={} %f\n", program.display())),
        "{entry}"
    );
    assert!(entry.contains("\nMimeType=application/x-touchline-save;\n"));
    // This program is a build in a checkout: the user is told to install
    // it first.
    assert!(
        err.contains("note: this program is a build in a source checkout"),
        "{err}"
    );
    if has_tool("desktop-file-validate") {
        let (code, out, err) =
            run(Command::new("desktop-file-validate")
                .arg(data.join("applications/touchline.desktop")));
        assert_eq!(code, 0, "{out}{err}");
    }
    // Where the system has update-mime-database, the save type is known
    // at once: `*.touchline` is in the rebuilt database.
    if has_tool("update-mime-database") {
        let globs = std::fs::read_to_string(data.join("mime/globs2")).unwrap_or_default();
        assert!(
            globs.contains("application/x-touchline-save:*.touchline"),
            "{globs}"
        );
    }

    // With XDG_DATA_HOME, there; uninstall removes every file again and
    // nothing else.
    let xdg = home.path().join("xdg-data");
    let keep = xdg.join("applications/other.desktop");
    std::fs::create_dir_all(xdg.join("applications")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&keep, "[Desktop Entry]\n").unwrap_or_else(|e| panic!("{e}"));
    let with_xdg = |args: &[&str]| {
        run(touchline(Some(home.path()))
            .env("XDG_DATA_HOME", &xdg)
            .args(args))
    };
    let (code, _, err) = with_xdg(&["desktop", "install"]);
    assert_eq!(code, 0, "{err}");
    assert!(installed(&xdg).iter().all(|f| f.is_file()));
    let (code, out, err) = with_xdg(&["desktop", "uninstall"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Removed:"), "{out}");
    assert!(installed(&xdg).iter().all(|f| !f.exists()), "{out}");
    assert!(keep.is_file(), "another program's entry was removed");
    let (code, out, _) = with_xdg(&["desktop", "uninstall"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Nothing to remove"), "{out}");
    // The first install is still there.
    assert!(installed(&data).iter().all(|f| f.is_file()));
}

#[test]
fn completions_and_the_manual_come_from_the_command_line_itself() {
    let (code, out, err) = run(touchline(None).args(["completions", "bash"]));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("_touchline()"), "{out}");
    for command in ["check", "simulate", "export", "play", "open", "desktop"] {
        assert!(
            out.contains(command),
            "no {command} in the bash completions"
        );
    }
    let (code, out, _) = run(touchline(None).args(["completions", "fish"]));
    assert_eq!(code, 0);
    assert!(out.contains("complete -c touchline"), "{out}");
    let (code, _, err) = run(touchline(None).args(["completions", "tcsh"]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("possible values"), "{err}");
    let (code, out, err) = run(touchline(None).arg("manpage"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(".TH touchline 1"), "{out}");
    assert!(out.contains("desktop"), "{out}");
}

#[test]
fn open_refuses_a_wrong_file_before_any_window_opens() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let missing = dir.path().join("missing.touchline");
    let shown = missing.display().to_string();
    let (code, _, err) = run(touchline(Some(dir.path())).arg("open").arg(&missing));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(&shown), "{err}");
    // The bare form says the same.
    let (code, _, err2) = run(touchline(Some(dir.path())).arg(&missing));
    assert_eq!((code, err2), (1, err));

    let foreign = dir.path().join("notes.touchline");
    std::fs::write(&foreign, "team sheet for Saturday").unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = run(touchline(Some(dir.path())).arg(&foreign));
    assert_eq!(code, 1);
    assert!(err.contains("this is not a Touchline save file"), "{err}");

    let curling = dir.path().join("curling.touchline");
    std::fs::write(
        &curling,
        r#"{"format": "touchline-save", "version": 1, "game": "curling"}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = run(touchline(Some(dir.path())).arg(&curling));
    assert_eq!(code, 1);
    assert!(
        err.contains("a save of `curling`, which Touchline does not play"),
        "{err}"
    );

    // A mistyped command is not read as a file name.
    let (code, _, err) = run(touchline(Some(dir.path())).arg("chek"));
    assert_eq!(code, 1);
    assert!(err.contains("`chek` is no command and no file"), "{err}");
    // A file and a command together are refused; options before a
    // command leave it a command.
    let (code, _, err) = run(touchline(Some(dir.path())).arg(&foreign).arg("check"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("and a command together"), "{err}");
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap_or_else(|e| panic!("{e}"));
    let (code, out, err) = run(touchline(Some(dir.path()))
        .arg("--data")
        .arg(&data)
        .arg("check"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("booked:"), "{out}");
}

/// A save of a Stadium Memory game, made by the app as it autosaves.
fn stadium_memory_save(dir: &Path) -> PathBuf {
    let autosave = dir.join("maker/last-game.json");
    let mut app = TouchlineApp::new(None, Some(autosave.clone()));
    app.play(touchline::ui::PlayRequest {
        game: "stadium-memory".into(),
        seats: vec![Controller::Human, Controller::Bot(Strength::Heuristic)],
        seed: 5,
        rules: None,
        options: Default::default(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let save = dir.join("cup final.touchline");
    // Each game keeps its matches in its own autosave beside the app's.
    let kept = touchline::ui::session::autosave_for(&autosave, "stadium-memory");
    std::fs::copy(&kept, &save).unwrap_or_else(|e| panic!("{e}"));
    save
}

#[test]
fn a_good_save_passes_the_check_and_goes_on_to_open_the_window() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let save = stadium_memory_save(dir.path());
    // With no display the window cannot open: that is the next step after
    // the file was found good.
    for args in [
        vec!["open".as_ref(), save.as_os_str()],
        vec![save.as_os_str()],
    ] {
        let (code, _, err) = run(touchline(Some(dir.path())).args(args));
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("cannot open the window"), "{err}");
    }
}

#[test]
fn a_save_given_on_the_command_line_opens_at_its_table() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let save = stadium_memory_save(dir.path());
    let autosave = dir.path().join("app/last-game.json");
    let mut app = TouchlineApp::new(None, Some(autosave.clone()));
    let foreign = dir.path().join("notes.touchline");
    std::fs::write(&foreign, "not a save").unwrap_or_else(|e| panic!("{e}"));
    let e = app.open_file(&foreign).err().unwrap_or_default();
    assert!(e.contains("not a Touchline save"), "{e}");
    assert!(app.game_table().is_none());
    app.open_file(&save).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        app.table_as::<touchline::games::stadium_memory::StadiumMemoryTable>()
            .is_some(),
        "not at the Stadium Memory table"
    );
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    h.run_steps(3);
    assert!(h.state_mut().game_table().is_some(), "the table closed");
    assert!(h.query_by_label_contains("Game loaded").is_some());
}
