//! The season's Day actions by key: a letter arms a group (P hire, B
//! build, S sell, U use a card), its buttons show numbers, a number acts;
//! Escape lets go; a group's number does nothing unarmed.

use super::ui_eleven_season::{harness, last_action, settle, shows, table_at};
use egui_kittest::kittest::Queryable as _;
use touchline::engine::Seat;
use touchline::games::eleven::season::{Action, Phase};

#[test]
fn p_then_a_number_hires_the_card_that_button_shows() {
    let mut h = harness(table_at(4, Phase::Day(0), |_| {}), [1280.0, 800.0]);
    settle(&mut h);
    let game = h.state().session().game().clone();
    // The Hire group's buttons in the column's order: Players and the
    // Youngster, then Staff.
    let options = game.options(Seat(0));
    let hire: Vec<&(Action, _)> = options
        .iter()
        .filter(|(a, _)| matches!(a, Action::HirePlayer(_) | Action::HireYoungster))
        .chain(
            options
                .iter()
                .filter(|(a, _)| matches!(a, Action::HireStaff(_))),
        )
        .collect();
    let (n, (want, _)) = hire
        .iter()
        .enumerate()
        .find(|(_, (_, ok))| ok.is_ok())
        .unwrap_or_else(|| panic!("a hire the club can pay"));
    assert!(n < 9, "within the number keys");
    // Unarmed, the number does nothing.
    let before = h.state().session().record().actions.len();
    h.key_press(egui::Key::Num1);
    h.run_steps(2);
    assert_eq!(h.state().session().record().actions.len(), before);
    assert!(shows(&h, "Keys: P hire · B build · S sell · U use a card"));
    h.key_press(egui::Key::P);
    h.run_steps(2);
    assert!(shows(&h, "Keys: press the number to hire; Escape cancels."));
    let key = [
        egui::Key::Num1,
        egui::Key::Num2,
        egui::Key::Num3,
        egui::Key::Num4,
        egui::Key::Num5,
        egui::Key::Num6,
        egui::Key::Num7,
        egui::Key::Num8,
        egui::Key::Num9,
    ][n];
    h.key_press(key);
    h.run_steps(2);
    settle(&mut h);
    assert!(h.state().session().record().actions.len() > before);
    assert_eq!(
        last_action(&h).as_ref(),
        Some(want),
        "the {}th button",
        n + 1
    );
    assert!(h.state().session().game().clubs[0].basic_used);
    assert!(!shows(&h, "Keys: press the number"), "the group lets go");
}

#[test]
fn escape_lets_an_armed_group_go_and_its_number_then_does_nothing() {
    let mut h = harness(table_at(4, Phase::Day(0), |_| {}), [1280.0, 800.0]);
    settle(&mut h);
    let before = h.state().session().record().actions.len();
    h.key_press(egui::Key::B);
    h.run_steps(2);
    assert!(shows(
        &h,
        "Keys: press the number to build; Escape cancels."
    ));
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!shows(&h, "Keys: press the number"));
    for k in [egui::Key::Num1, egui::Key::Num2, egui::Key::Num3] {
        h.key_press(k);
        h.run_steps(2);
    }
    assert_eq!(h.state().session().record().actions.len(), before);
    assert!(!h.state().session().game().clubs[0].basic_used);
    // Pressed twice, a letter lets its own group go too.
    h.key_press(egui::Key::S);
    h.run_steps(2);
    assert!(shows(&h, "Keys: press the number to sell"));
    h.key_press(egui::Key::S);
    h.run_steps(2);
    assert!(!shows(&h, "Keys: press the number"));
    assert!(
        h.query_all_by_label_contains("Keys: P hire")
            .next()
            .is_some()
    );
}
