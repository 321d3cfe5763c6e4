//! The app driven through labels with egui_kittest (no display needed).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use touchline::ui::TouchlineApp;

#[test]
fn the_start_screen_lists_the_games_and_the_loaded_deck() {
    let mut app = TouchlineApp::new(None);
    assert!(app.start().deck_ok());
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui(|ui| app.show(ui));
    harness.run();
    harness.get_by_label("Booked!");
    harness.get_by_label("Cardball");
    harness.get_by_label_contains("Booked! Core Set");
    harness.get_by_label_contains("House rules: official");
}

#[test]
fn the_start_screen_shows_what_is_wrong_with_broken_data() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(dir.path().join("booked")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.path().join("booked/referees.toml"),
        "[[referee]]\neffect = \"bicycle_kick\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut app = TouchlineApp::new(Some(dir.path().to_path_buf()));
    assert!(!app.start().deck_ok());
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui(|ui| app.show(ui));
    harness.run();
    harness.get_by_label_contains("problem(s)");
    harness.get_by_label_contains("referees.toml:1:1");
}
