//! Every table fits its window: at 1024x640, 1280x800, 1920x1080 and
//! 2560x1440 (laid out in the points the app's window scale gives them)
//! the hand and every enabled action button lie inside the window, with the
//! most seats each game allows, so nothing the manager acts with needs
//! scrolling; the zoom keys; the log folds away; no text on a 6-seat
//! Booked! table at 1280x800 is under 11 px.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use touchline::bots::Strength;
use touchline::ui::session::Controller;
use touchline::ui::settings::layout_size;
use touchline::ui::{PlayRequest, TouchlineApp};

const WINDOWS: [[f32; 2]; 4] = [
    [1024.0, 640.0],
    [1280.0, 800.0],
    [1920.0, 1080.0],
    [2560.0, 1440.0],
];

/// Every game with its most seats (and Booked! and Cardball with two).
const TABLES: [(&str, usize); 7] = [
    ("booked", 6),
    ("booked", 2),
    ("cardball", 4),
    ("cardball", 2),
    ("flip-duel", 2),
    ("stadium-memory", 6),
    ("eleven", 1),
];

/// The app in a window of `window` pixels with `game` open: seat 0 a
/// person, the rest bots, played on until the person decides.
fn open(
    game: &str,
    seats: usize,
    window: [f32; 2],
) -> (Harness<'static, TouchlineApp>, egui::Vec2) {
    let mut app = TouchlineApp::new(None, None);
    let mut who = vec![Controller::Human];
    who.extend((1..seats).map(|_| Controller::Bot(Strength::Heuristic)));
    app.play(PlayRequest {
        game: game.into(),
        seats: who,
        seed: 11,
        rules: None,
    })
    .unwrap_or_else(|e| panic!("{game}: {e}"));
    let size = layout_size(window.into(), 1.0);
    let mut h = Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    for _ in 0..40 {
        h.step();
    }
    (h, size)
}

/// The enabled buttons (cards in hand are buttons too) not wholly inside
/// a window of `size` points. The Matchday's Opponent list is a list that
/// scrolls by design (a Division's cards), so its entries are left out.
fn outside(h: &Harness<'_, TouchlineApp>, size: egui::Vec2) -> Vec<String> {
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size).expand(0.5);
    h.query_all_by_role(egui::accesskit::Role::Button)
        .filter(|n| !n.accesskit_node().is_disabled())
        .filter(|n| {
            !n.accesskit_node()
                .label()
                .is_some_and(|l| l.contains(" · card "))
        })
        .filter(|n| !window.contains_rect(n.rect()))
        .map(|n| format!("{:?} at {:?}", n.accesskit_node().label(), n.rect()))
        .collect()
}

#[test]
fn every_table_keeps_its_hand_and_enabled_buttons_inside_the_window() {
    let mut problems = Vec::new();
    for (game, seats) in TABLES {
        for window in WINDOWS {
            let (h, size) = open(game, seats, window);
            let buttons = h
                .query_all_by_role(egui::accesskit::Role::Button)
                .filter(|n| !n.accesskit_node().is_disabled())
                .count();
            // A table with nothing to click would pass for the wrong reason.
            assert!(
                buttons >= 5,
                "{game} x{seats} {window:?}: {buttons} buttons"
            );
            let bad = outside(&h, size);
            if !bad.is_empty() {
                problems.push(format!("{game} with {seats} at {window:?}: {bad:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_hand_of_each_card_table_is_in_the_window_at_the_smallest_size() {
    // Cards by label: Booked! describes them ("... POL 20 ..."), Cardball
    // names them; both are buttons whether or not they can be played now.
    for (game, seats) in [("booked", 6), ("cardball", 4)] {
        let (h, size) = open(game, seats, WINDOWS[0]);
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size).expand(0.5);
        let cards: Vec<_> = h
            .query_all_by_role(egui::accesskit::Role::Button)
            .filter(|n| n.rect().width() >= 48.0 && n.rect().height() >= 48.0)
            .collect();
        assert!(cards.len() >= 5, "{game}: {} cards", cards.len());
        for c in cards {
            assert!(
                window.contains_rect(c.rect()),
                "{game}: {:?} at {:?}",
                c.accesskit_node().label(),
                c.rect()
            );
        }
    }
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

#[test]
fn no_text_on_a_six_seat_booked_table_at_1280x800_is_under_11_px() {
    let (h, _) = open("booked", 6, WINDOWS[1]);
    // The printed faces are pictures of the printed cards (hover shows
    // them enlarged); every other word on the table must read at 11 px.
    let cards: Vec<egui::Rect> = h
        .query_all_by_role(egui::accesskit::Role::Button)
        .map(|n| n.rect())
        .filter(|r| r.width() >= 40.0 && r.height() >= 48.0)
        .collect();
    let texts = text_sizes(&h);
    assert!(texts.len() > 20, "{} texts", texts.len());
    let small: Vec<_> = texts
        .into_iter()
        .filter(|(_, pos, _)| !cards.iter().any(|r| r.expand(1.0).contains(*pos)))
        .filter(|(size, _, _)| *size < 11.0)
        .collect();
    assert!(small.is_empty(), "{small:?}");
}

#[test]
fn ctrl_plus_minus_and_zero_set_the_zoom() {
    let (mut h, _) = open("flip-duel", 2, WINDOWS[1]);
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
    let (mut h, _) = open("booked", 2, WINDOWS[1]);
    h.get_by_label("Hide »").click();
    h.step();
    h.step();
    assert!(h.query_by_label("Match log").is_none(), "the log is folded");
    h.get_by_label("« Log").click();
    h.step();
    h.step();
    h.get_by_label("Match log");
}
