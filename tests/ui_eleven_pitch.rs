//! The season's Matchday on the visual pitch, driven with the pointer:
//! a Player dragged from the bench onto a marker, a marker dragged onto
//! the bench or across its line, and the Match told on the pitch Section
//! by Section until full time.

use super::ui_eleven_season::{
    buttons, cards_played, harness, last_plan, marker_parts, number_after, settle, shows, table_at,
};
use crate::util::drag;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use touchline::games::eleven::SeasonTable;
use touchline::games::eleven::season::Phase;
use touchline::ui::session::Pace;

fn centre(h: &Harness<'_, SeasonTable>, label: &str) -> egui::Pos2 {
    h.get_by_label(label).rect().center()
}

/// A marker with a Player on it: its label, Zone part and the bench
/// card's name for the Player ("Müller 3").
fn a_filled_marker(h: &Harness<'_, SeasonTable>) -> (String, String, String) {
    let marker = buttons(h)
        .into_iter()
        .find(|l| marker_parts(l).is_some_and(|(_, who)| !who.starts_with("empty")))
        .unwrap_or_else(|| panic!("a marker with a Player: {:?}", buttons(h)));
    let (spot, who) = marker_parts(&marker).unwrap_or_else(|| panic!("{marker}"));
    let who = who.split(" · ").next().unwrap_or(who).to_string();
    let spot = spot.to_string();
    (marker, spot, who)
}

#[test]
fn a_player_dragged_off_and_back_onto_his_marker_changes_the_cost() {
    let mut h = harness(table_at(11, Phase::Matchday, |_| {}), [1280.0, 800.0]);
    settle(&mut h);
    let cost = number_after(&h, "Fitness cost: ").unwrap_or_else(|| panic!("no cost"));
    let (marker, spot, who) = a_filled_marker(&h);
    assert!(
        h.query_by_label(&who).is_none(),
        "{who} is not on the bench"
    );
    // The marker dragged onto the bench leaves its Player there.
    let bench = centre(
        &h,
        "Bench: drag a Player onto a marker, or click him, then the marker",
    );
    let from = centre(&h, &marker);
    drag(&mut h, from, bench);
    assert_eq!(number_after(&h, "Fitness cost: "), Some(cost - 1));
    let empty = buttons(&h)
        .into_iter()
        .find(|l| l.starts_with(&format!("{spot}: empty 1")))
        .unwrap_or_else(|| panic!("{spot} stays, without a card: {:?}", buttons(&h)));
    assert!(h.query_by_label(&who).is_some(), "{who} sits on the bench");
    // Dragged from the bench onto the empty marker, he plays again.
    let (from, to) = (centre(&h, &who), centre(&h, &empty));
    drag(&mut h, from, to);
    assert_eq!(number_after(&h, "Fitness cost: "), Some(cost));
    assert!(shows(&h, &marker), "{marker} is back");
    assert!(h.query_by_label(&who).is_none());
    // Right-click takes him out again; the engine gets the edited line-up.
    h.get_by_label(&marker).click_secondary();
    h.run_steps(3);
    assert_eq!(number_after(&h, "Fitness cost: "), Some(cost - 1));
    h.get_by_label("Play the Match").click();
    settle(&mut h);
    assert_eq!(cards_played(&last_plan(&h)), cost - 1);
}

#[test]
fn a_marker_dragged_to_another_line_is_refused_with_the_reason() {
    let mut h = harness(table_at(11, Phase::Matchday, |_| {}), [1280.0, 800.0]);
    settle(&mut h);
    let before = buttons(&h);
    let (marker, spot, _) = a_filled_marker(&h);
    let zone = spot.rsplit(' ').next().unwrap_or_default().to_string();
    // A Zone on another line than the marker's.
    let other = if zone.ends_with('F') {
        "Zone left defence"
    } else {
        "Zone left forward"
    };
    let target = h
        .query_all(egui_kittest::kittest::by().label(other))
        .next()
        .map(|n| n.rect().center())
        .unwrap_or_else(|| {
            let zones: Vec<String> = buttons(&h)
                .into_iter()
                .filter(|l| l.starts_with("Zone "))
                .collect();
            panic!("no {other}: {zones:?}")
        });
    let from = centre(&h, &marker);
    drag(&mut h, from, target);
    assert!(
        shows(&h, "line is full: the Formation puts"),
        "the refusal gives the engine's reason"
    );
    assert!(shows(&h, &marker), "{marker} stays where it was");
    let markers = |b: &[String]| -> Vec<String> {
        b.iter()
            .filter(|l| marker_parts(l).is_some())
            .cloned()
            .collect()
    };
    assert_eq!(markers(&buttons(&h)), markers(&before));
}

/// At a paced table the Match is told on the pitch: the Opponent laid
/// over it from kick-off, the Section compared in the caption, the score
/// by the goals; Enter jumps to full time with the engine's score.
#[test]
fn the_match_is_told_on_the_pitch_section_by_section() {
    let mut t = table_at(11, Phase::Matchday, |_| {});
    t.session_mut().pace = Pace::Normal;
    let mut h = harness(t, [1280.0, 800.0]);
    settle(&mut h);
    assert!(shows(&h, "Their goal · revealed at kick-off"));
    h.get_by_label("Play the Match").click();
    h.run_steps(3);
    let mut sections = Vec::new();
    for _ in 0..2000 {
        h.step();
        if let Some(n) = h
            .query_all_by_label_contains("Pitch: Section ")
            .find_map(|n| {
                let l = n.accesskit_node().label().unwrap_or_default().to_string();
                l.strip_prefix("Pitch: Section ")
                    .and_then(|r| r.split(' ').next())
                    .and_then(|k| k.parse::<u32>().ok())
            })
            && sections.last() != Some(&n)
        {
            sections.push(n);
            if n == 2 {
                break;
            }
        }
    }
    assert_eq!(sections, vec![1, 2], "the Sections come in order");
    assert!(shows(&h, "Skip to full time"), "still being told");
    assert!(
        !shows(&h, "Their goal · revealed at kick-off"),
        "the Opponent is on the pitch"
    );
    assert!(
        h.query_all_by_label_contains("Marker ").count() >= 10,
        "the club's markers stand on the pitch"
    );
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    let game = h.state().session().game().clone();
    let m = game.clubs[0]
        .matches
        .last()
        .unwrap_or_else(|| panic!("a Match played"));
    assert!(
        shows(&h, &format!("Pitch: Full time · {}:{}", m.own, m.against)),
        "the pitch ends on the engine's score"
    );
}
