//! Every table fits its window over whole games. For every game of the
//! registry at the least and the most seats it takes, and at each of the
//! window sizes the app is laid out for (in the points the app's window
//! scale gives them), a game is played to its end with seat 0 a person
//! (decided for by the game's own bot) and bots at the other seats; at
//! every decision of the person the dock (the prompt, the buttons of the
//! moment, the hand) and every enabled button lie inside the window, and
//! from 1280x800 up no text but the pictures of printed cards is under
//! 11 px. Then the zoom keys, and the log folding away.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use touchline::bots::Strength;
use touchline::games::{GAMES, GameEntry};
use touchline::ui::session::{Controller, Pace};
use touchline::ui::settings::{MIN_TEXT_PX, WINDOWS, layout_size, window_scale};
use touchline::ui::{PlayRequest, TouchlineApp};

/// The most frames a whole game may take before the test gives up on it.
const FRAMES: usize = 60_000;

/// The least and the most seats a game takes, from the registry.
fn extremes(g: &GameEntry) -> Vec<usize> {
    let (lo, hi) = (*g.seats.start(), *g.seats.end());
    if lo == hi { vec![lo] } else { vec![lo, hi] }
}

/// The app with `game` open in a window of `window` pixels: seat 0 a
/// person, the rest bots.
fn open(game: &str, seats: usize, window: [f32; 2]) -> Harness<'static, TouchlineApp> {
    let mut app = TouchlineApp::new(None, None);
    let mut who = vec![Controller::Human];
    who.extend((1..seats).map(|_| Controller::Bot(Strength::Heuristic)));
    app.play(PlayRequest {
        game: game.into(),
        seats: who,
        seed: 11,
        rules: None,
        options: Default::default(),
    })
    .unwrap_or_else(|e| panic!("{game}: {e}"));
    let size = layout_size(window.into(), 1.0);
    let h = Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    // Bots move at once: a frame a decision.
    touchline::ui::shell::set_pace(&h.ctx, Pace::Instant);
    h
}

/// The enabled buttons (cards in hand are buttons too) not wholly inside
/// a window of `size` points, but for those in the column of a box of the
/// board that scrolls in its own right (reached by scrolling that box, as
/// the design has it), when the box itself is in the window.
fn outside(h: &Harness<'_, TouchlineApp>, size: egui::Vec2) -> Vec<String> {
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size).expand(0.5);
    let boxes: Vec<egui::Rect> = touchline::ui::shell::scroll_boxes(&h.ctx)
        .into_iter()
        .filter(|b| window.contains_rect(*b))
        .collect();
    let in_a_box = |r: egui::Rect| {
        boxes.iter().any(|b| {
            r.left() >= b.left() - 1.0 && r.right() <= b.right() + 1.0 && !b.contains_rect(r)
        })
    };
    h.query_all_by_role(egui::accesskit::Role::Button)
        .filter(|n| !n.accesskit_node().is_disabled())
        .filter(|n| !window.contains_rect(n.rect()) && !in_a_box(n.rect()))
        .map(|n| format!("{:?} at {:?}", n.accesskit_node().label(), n.rect()))
        .collect()
}

/// Every text shape drawn in the last frame, with its smallest font size
/// and where it is.
fn text_sizes(h: &Harness<'_, TouchlineApp>) -> Vec<(f32, egui::Pos2, String)> {
    fn walk(shape: &egui::Shape, out: &mut Vec<(f32, egui::Pos2, String)>) {
        match shape {
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            egui::Shape::Text(t) => {
                let size = t
                    .galley
                    .job
                    .sections
                    .iter()
                    .map(|s| s.format.font_id.size)
                    .fold(f32::INFINITY, f32::min);
                if !t.galley.text().trim().is_empty() {
                    out.push((size, t.pos, t.galley.text().to_string()));
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, &mut out);
    }
    out
}

/// Text under [`MIN_TEXT_PX`] pixels at a window scale of `scale`, but
/// for the pictures of printed cards.
fn small_text(h: &Harness<'_, TouchlineApp>, scale: f32) -> Vec<String> {
    let faces = touchline::ui::faces::painted(&h.ctx);
    text_sizes(h)
        .into_iter()
        .filter(|(_, pos, _)| !faces.iter().any(|r| r.expand(1.0).contains(*pos)))
        .filter(|(size, _, _)| size * scale < MIN_TEXT_PX - 0.01)
        .map(|(size, pos, text)| format!("{text:?} at {size} pt at {pos:?}"))
        .collect()
}

/// Plays `game` with `seats` to its end in a window of `window` pixels;
/// what did not fit, at which decision.
fn play_whole_game(game: &str, seats: usize, window: [f32; 2]) -> Vec<String> {
    let mut h = open(game, seats, window);
    let size = layout_size(window.into(), 1.0);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size).expand(0.5);
    let scale = window_scale(window.into());
    let check_text = window[0] >= 1280.0;
    let mut problems = Vec::new();
    let mut decisions = 0u64;
    for _ in 0..FRAMES {
        h.step();
        let Some(table) = h.state_mut().game_table() else {
            problems.push("the table closed".into());
            break;
        };
        if table.is_finished() {
            break;
        }
        if !table.person_decides() {
            continue;
        }
        // One more frame lays the decision out as the person sees it.
        h.step();
        let at = format!("{game} x{seats} at {window:?}, decision {decisions}");
        let dock = h.state_mut().game_table().and_then(|t| t.dock_rect());
        match dock {
            Some(d) if screen.contains_rect(d) => {}
            Some(d) => problems.push(format!("{at}: the dock at {d:?}")),
            None => problems.push(format!("{at}: no dock")),
        }
        let bad = outside(&h, size);
        if !bad.is_empty() {
            problems.push(format!("{at}: {bad:?}"));
        }
        if check_text {
            let small = small_text(&h, scale);
            if !small.is_empty() {
                problems.push(format!("{at}: small text {small:?}"));
            }
        }
        if problems.len() > 6 {
            break;
        }
        decisions += 1;
        let Some(table) = h.state_mut().game_table() else {
            break;
        };
        assert!(
            table.decide_for_person(decisions),
            "{at}: nothing to decide"
        );
    }
    let finished = h.state_mut().game_table().is_some_and(|t| t.is_finished());
    if !finished && problems.len() <= 6 {
        problems.push(format!(
            "{game} x{seats} at {window:?}: not over after {FRAMES} frames"
        ));
    }
    // A whole game asks the person something: a test that never looked
    // at a decision would pass for the wrong reason.
    if decisions == 0 {
        problems.push(format!("{game} x{seats} at {window:?}: no decision"));
    }
    problems
}

/// Every seat-count extreme and window size of `g`: what did not fit.
fn fits(g: &GameEntry) -> Vec<String> {
    let mut problems = Vec::new();
    for seats in extremes(g) {
        for window in WINDOWS {
            problems.extend(play_whole_game(g.id, seats, window));
        }
    }
    problems
}

#[test]
fn every_game_fits_its_window_over_whole_games() {
    // One thread a game: the games play side by side.
    let problems: Vec<String> = std::thread::scope(|s| {
        let runs: Vec<_> = GAMES.iter().map(|g| s.spawn(move || fits(g))).collect();
        runs.into_iter()
            .flat_map(|r| {
                r.join()
                    .unwrap_or_else(|_| vec!["a game's run panicked".into()])
            })
            .collect()
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn ctrl_plus_minus_and_zero_set_the_zoom() {
    let mut h = open("flip-duel", 2, WINDOWS[1]);
    h.step();
    assert_eq!(h.state().settings().zoom, 1.0);
    for _ in 0..3 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Plus);
        h.step();
    }
    assert!((h.state().settings().zoom - 1.3).abs() < 1e-4);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Minus);
    h.step();
    assert!((h.state().settings().zoom - 1.2).abs() < 1e-4);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num0);
    h.step();
    assert_eq!(h.state().settings().zoom, 1.0);
}

#[test]
fn the_zoom_is_remembered_across_runs() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("settings.json");
    let app = TouchlineApp::new(None, None).with_settings(Some(path.clone()));
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Minus);
    h.step();
    let again = TouchlineApp::new(None, None).with_settings(Some(path));
    assert!((again.settings().zoom - 0.9).abs() < 1e-4);
}

#[test]
fn the_house_rules_preset_is_remembered_across_runs() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("settings.json");
    let start = |path: &std::path::Path| {
        let app = TouchlineApp::new(None, None).with_settings(Some(path.to_path_buf()));
        let mut h = Harness::builder()
            .with_size([1280.0, 800.0])
            .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
        h.step();
        h
    };
    let preset =
        |h: &Harness<'_, TouchlineApp>| h.get_by_label("House rules").accesskit_node().value();
    let mut h = start(&path);
    assert_eq!(preset(&h).as_deref(), Some("official"));
    h.get_by_label("House rules").click();
    h.step();
    h.step();
    h.get_by_label("spicy").click();
    h.step();
    h.step();
    assert_eq!(
        h.state()
            .settings()
            .presets
            .get("booked")
            .map(String::as_str),
        Some("spicy")
    );
    // The next run's form starts on it.
    assert_eq!(preset(&start(&path)).as_deref(), Some("spicy"));
    // A preset the data no longer offers is ignored.
    std::fs::write(&path, r#"{"presets": {"booked": "my gone"}}"#)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(preset(&start(&path)).as_deref(), Some("official"));
}

#[test]
fn the_log_folds_away_and_opens_again() {
    let mut h = open("booked", 2, WINDOWS[1]);
    for _ in 0..4 {
        h.step();
    }
    h.get_by_label("Hide »").click();
    h.step();
    h.step();
    assert!(h.query_by_label("Match log").is_none(), "the log is folded");
    h.get_by_label("« Log").click();
    h.step();
    h.step();
    h.get_by_label("Match log");
}
