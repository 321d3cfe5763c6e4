//! The Lab screen driven through labels: opened from the start screen, a
//! run of two sets compared, its report and sentence, and Cancel.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::time::{Duration, Instant};
use touchline::cards::DataSource;
use touchline::ui::TouchlineApp;
use touchline::ui::lab::LabScreen;

fn harness(lab: LabScreen) -> Harness<'static, LabScreen> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(
            |ui, lab: &mut LabScreen| {
                let _ = lab.show(ui);
            },
            lab,
        )
}

/// Steps the screen until its run is over (two minutes at most).
fn finish(h: &mut Harness<'static, LabScreen>) {
    let start = Instant::now();
    h.run();
    while h.state().is_running() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the run never finished"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.run();
}

#[test]
fn the_start_screen_opens_the_lab() {
    let mut app = TouchlineApp::new(None, None);
    let mut h = Harness::builder()
        .with_size([1024.0, 640.0])
        .build_ui(|ui| app.show(ui));
    h.run();
    h.get_by_label("Lab…").click();
    h.run();
    h.get_by_label("Balance lab");
    h.get_by_label("Run");
    h.get_by_label_contains("on the shipped decks");
}

#[test]
fn a_run_compares_two_sets_and_reports_the_difference() {
    let mut lab = LabScreen::new(DataSource::embedded(), Some("cardball"));
    lab.set_games(300);
    let mut h = harness(lab);
    h.run();
    h.get_by_label("Compare with set B").click();
    h.run();
    // Set B's form is shown; its halves field is set as typed.
    h.get_by_label("Set B");
    h.state_mut().set_b_option("halves", "true");
    h.get_by_label("Run").click();
    finish(&mut h);
    assert_eq!(h.state().error(), None);
    let report = h.state().report().expect("a report");
    assert_eq!(report.a.measures.games, 300);
    let sentence = report
        .comparison
        .as_ref()
        .map(|c| c.sentence.clone())
        .unwrap_or_default();
    assert!(sentence.contains("makes games"), "{sentence}");
    h.get_by_label(&sentence);
    h.get_by_label("AdvantageP1");
    h.get_by_label("Save run…");
}

#[test]
fn cancel_stops_a_long_run_with_what_was_played() {
    let mut lab = LabScreen::new(DataSource::embedded(), Some("booked"));
    lab.set_games(1_000_000);
    let mut h = harness(lab);
    h.run();
    h.get_by_label("Run").click();
    h.run();
    assert!(h.state().is_running());
    std::thread::sleep(Duration::from_millis(300));
    h.run();
    h.get_by_label("Cancel").click();
    finish(&mut h);
    let report = h.state().report().expect("a report of the games played");
    assert!(report.cancelled);
    assert!(report.a.measures.games < 1_000_000);
    h.get_by_label_contains("cancelled");
}
