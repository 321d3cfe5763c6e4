//! Eleven's Matchday screen driven through labels: from the start screen,
//! choosing an Opponent and a Tactic, placing markers and Player cards,
//! refused placements, playing the Match and the League table after it.

use crate::util::drag;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use touchline::games::eleven::matchday::Marker;
use touchline::games::eleven::matchday_ui::MatchdayScreen;
use touchline::games::eleven::vocab::{Line, Task, Zone};
use touchline::ui::TouchlineApp;

fn harness(screen: MatchdayScreen) -> Harness<'static, MatchdayScreen> {
    Harness::builder()
        .with_size([1600.0, 1200.0])
        .build_ui_state(
            |ui, s: &mut MatchdayScreen| {
                s.show(ui);
            },
            screen,
        )
}

/// Clicks a squad card by name, then a Zone.
fn place(h: &mut Harness<'_, MatchdayScreen>, name: &str, zone: Zone) {
    h.get_by_label(&format!("Card {name}")).click();
    h.run();
    h.get_by_label(&format!("Zone {zone}")).click();
    h.run();
}

#[test]
fn the_start_screen_opens_the_matchday_with_its_seed() {
    let mut app = TouchlineApp::new(None, None);
    app.start_mut().set_seed(42);
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    h.run();
    h.get_by_label("Play Eleven").click();
    h.run();
    h.get_by_label("Matchday sandbox").click();
    h.run();
    let seed = h.state_mut().table_as::<MatchdayScreen>().map(|m| m.seed());
    assert_eq!(seed, Some(42));
    h.get_by_label("ELEVEN · MATCHDAY");
    h.get_by_label("◀ Start screen").click();
    h.run();
    assert!(
        h.state_mut().table_as::<MatchdayScreen>().is_none(),
        "back on the start screen"
    );
}

#[test]
fn choose_place_assign_play_the_match_and_the_league_table_moves() {
    let mut h = harness(MatchdayScreen::with_default_decks(7));
    h.run();
    assert!(
        h.query_by_label_contains("To play: Choose an Opponent")
            .is_some(),
        "the Match waits for an Opponent"
    );
    h.get_by_label("Millbrook Athletic · card 1 · 4-4-2")
        .click();
    h.run();
    h.get_by_label_contains("They play 4-4-2");
    h.get_by_label("4-3-3").click();
    h.run();
    assert_eq!(h.state().setup().lineup.formation.name, "4-3-3");

    // The Goalkeeper goes in goal.
    let squad = h.state().squad().to_vec();
    let keeper = squad
        .iter()
        .find(|p| p.task == Task::Goalkeeper)
        .unwrap_or_else(|| panic!("the starter squad has a Goalkeeper"));
    h.get_by_label(&format!("Card {}", keeper.name)).click();
    h.run();
    h.get_by_label("Goal").click();
    h.run();
    assert!(h.state().setup().lineup.goalkeeper.is_some());

    // Outfield cards where the line-up still has room, within the Fitness.
    let mut placed = Vec::new();
    for (i, p) in squad.iter().enumerate() {
        if p.task == Task::Goalkeeper || placed.len() == 6 {
            continue;
        }
        let setup = h.state().setup().clone();
        let Some(zone) = p.zones.iter().copied().find(|&z| {
            setup
                .marker_for(i, z)
                .is_some_and(|m| setup.check_placement(&m).is_ok())
        }) else {
            continue;
        };
        place(&mut h, &p.name, zone);
        let on = h
            .state()
            .setup()
            .lineup
            .markers
            .iter()
            .any(|m| m.player == Some(i));
        assert!(on, "{} was placed in {zone}", p.name);
        placed.push(i);
    }
    assert!(placed.len() >= 4, "placed {placed:?}");
    h.get_by_label_contains(&format!("Fitness {}/8", placed.len() + 1));

    // Markers without a card fill the rest: centre Zones first.
    h.get_by_label("+ Defence").click();
    h.run();
    for _ in 0..10 {
        let setup = h.state().setup().clone();
        if setup.lineup.markers.len() == 10 {
            break;
        }
        let free = setup.free_numbers().first().copied();
        let zone = [
            Zone::CentralDefence,
            Zone::CentralMidfield,
            Zone::CentralForward,
        ]
        .into_iter()
        .chain(Zone::PITCH)
        .find(|&z| {
            let m = Marker {
                jersey: free,
                task: Task::Defence,
                zone: z,
                player: None,
            };
            setup.check_placement(&m).is_ok()
        })
        .unwrap_or_else(|| panic!("no Zone left for a marker: {:?}", setup.validate()));
        h.get_by_label(&format!("Zone {zone}")).click();
        h.run();
    }
    let setup = h.state().setup().clone();
    assert_eq!(setup.lineup.markers.len(), 10);
    assert_eq!(setup.validate(), Vec::new(), "a legal line-up");
    for line in Line::ALL {
        h.get_by_label_contains(&format!(
            "{} {n}/{n}",
            match line {
                Line::Defence => "Defence",
                Line::Midfield => "Midfield",
                Line::Forward => "Forward",
            },
            n = setup.lineup.formation.count(line)
        ));
    }
    // An eleventh marker is refused, with the reason, and changes nothing.
    h.get_by_label("Zone central midfield").click();
    h.run();
    assert!(
        h.query_by_label_contains("Refused: central midfield is full")
            .is_some()
            || h.query_by_label_contains("Refused: the midfield line is full")
                .is_some(),
        "an eleventh marker is refused as a full Zone or line"
    );
    assert_eq!(h.state().setup().lineup.markers.len(), 10);
    h.key_press(egui::Key::Escape);
    h.run();

    // Play the Match and step into it.
    let league_before = h.state().league().clone();
    let play = h.get_by_label("Play the Match").accesskit_node();
    assert_eq!(
        play.description().as_deref(),
        Some("Play the Match (Enter)")
    );
    h.key_press(egui::Key::Enter);
    h.run();
    let report = h
        .state()
        .report()
        .cloned()
        .unwrap_or_else(|| panic!("the Match was played"));
    assert!(h.query_by_label("FULL TIME").is_none(), "not yet full time");
    let kickoff = report
        .steps
        .iter()
        .position(|s| {
            matches!(
                s,
                touchline::games::eleven::matchday::MatchStep::Reveal { .. }
            )
        })
        .unwrap_or(0);
    for _ in 0..=kickoff + 1 {
        h.get_by_label("Next step ▶").click();
        h.run();
    }
    h.get_by_label("KICK-OFF");
    h.get_by_label_contains("SECTION 1 · your left wing v their right wing");
    h.get_by_label_contains("Pitch: Section 1 of 5");
    h.get_by_label("Skip to full time").click();
    h.run();
    h.get_by_label("FULL TIME");
    let word = match report.result {
        touchline::games::eleven::vocab::MatchResult::Win => "WIN",
        touchline::games::eleven::vocab::MatchResult::Draw => "DRAW",
        touchline::games::eleven::vocab::MatchResult::Loss => "LOSS",
    };
    h.get_by_label(&format!("{word} {}:{}", report.own, report.opponent));
    h.get_by_label_contains("Match consequence roll");
    let points = report.result.points();
    h.get_by_label_contains(&format!("League: +{points} point"));

    // The League table moved: 3/1/0 for us, the rest for Millbrook, dice
    // for the clubs nobody played.
    let league = h.state().league().clone();
    assert_eq!(
        league.teams[0].points,
        league_before.teams[0].points + points
    );
    let millbrook = league
        .teams
        .iter()
        .position(|t| t.name == "Millbrook Athletic")
        .unwrap_or_else(|| panic!("Millbrook is on the table"));
    assert_eq!(
        league.teams[millbrook].points,
        report.result.flipped().points()
    );
    assert_eq!(league.teams.len(), 9, "your club and the Division's 8");
    assert!(h.query_all_by_label(&format!("{points} pts")).count() >= 1);
    if points > 0 {
        assert!(h.query_all_by_label(&format!("+{points}")).count() >= 1);
    }

    // What the consequence does is shown, then applied to the squad.
    let (_, effect) = h
        .state()
        .consequence()
        .map(|(r, e)| (r.clone(), e.clone()))
        .unwrap_or_else(|| panic!("no consequence"));
    let mut expected: Vec<_> = report.tokens_after.clone();
    for &(i, token, n) in &effect.tokens {
        expected[i].add(token, n);
        let name = h.state().squad()[i].name.clone();
        h.get_by_label_contains(&format!("{name}: +{n} {}", token.title()));
    }

    // The next Match keeps the line-up and the table.
    h.get_by_label("Next Match").click();
    h.run();
    assert!(h.state().report().is_none());
    assert_eq!(h.state().league(), &league);
    h.get_by_label_contains("Match 2");
    let tokens: Vec<_> = h.state().squad().iter().map(|p| p.tokens).collect();
    assert_eq!(tokens, expected);
    if let Some(i) = effect.train {
        assert_eq!(
            h.state().squad()[i].side,
            touchline::games::eleven::vocab::Side::Trained
        );
    }
}

#[test]
fn illegal_placements_are_refused_with_the_reason() {
    let mut h = harness(MatchdayScreen::with_default_decks(3));
    h.run();
    let squad = h.state().squad().to_vec();
    // A card in a Zone its card does not show.
    let (i, p) = squad
        .iter()
        .enumerate()
        .find(|(_, p)| p.task != Task::Goalkeeper && p.zones.len() < 9)
        .unwrap_or_else(|| panic!("a card with few Zones"));
    let wrong = Zone::PITCH
        .into_iter()
        .find(|z| !p.zones.contains(z))
        .unwrap_or(Zone::LeftForward);
    place(&mut h, &p.name, wrong);
    h.get_by_label_contains(&format!("Refused: {} cannot play in {wrong}", p.name));
    assert!(h.state().setup().lineup.markers.is_empty());
    assert!(
        !h.state()
            .setup()
            .lineup
            .markers
            .iter()
            .any(|m| m.player == Some(i)),
        "nothing placed"
    );
    h.key_press(egui::Key::Escape);
    h.run();
    // Two markers in one wing Zone.
    h.get_by_label("+ Attack").click();
    h.run();
    h.get_by_label("Zone left midfield").click();
    h.run();
    assert_eq!(h.state().setup().lineup.markers.len(), 1);
    h.get_by_label("Zone left midfield").click();
    h.run();
    h.get_by_label_contains("Refused: left midfield is full: it holds at most 1 marker");
    assert_eq!(h.state().setup().lineup.markers.len(), 1);
    // A Goalkeeper cannot stand on a marker.
    h.key_press(egui::Key::Escape);
    h.run();
    if let Some(k) = squad.iter().find(|p| p.task == Task::Goalkeeper) {
        place(&mut h, &k.name, Zone::CentralDefence);
        h.get_by_label_contains("A Goalkeeper has no Jersey marker");
        assert_eq!(h.state().setup().lineup.markers.len(), 1);
    }
    // The Match cannot be played with an incomplete line-up.
    h.get_by_label("Millbrook Athletic · card 1 · 4-4-2")
        .click();
    h.run();
    h.get_by_label_contains("To play: place exactly 10 Jersey markers");
    h.get_by_label("Play the Match").click();
    h.run();
    assert!(
        h.state().report().is_none(),
        "an illegal line-up never plays"
    );
}

#[test]
fn the_screen_fits_a_small_window_and_draws_an_opponent() {
    let mut h = Harness::builder()
        .with_size([1280.0, 720.0])
        .build_ui_state(
            |ui, s: &mut MatchdayScreen| {
                s.show(ui);
            },
            MatchdayScreen::with_default_decks(11),
        );
    h.run();
    h.get_by_label("Draw one").click();
    h.run();
    h.get_by_label_contains("Scout Report:");
    h.get_by_label("Play the Match");
}

/// Colour is never the only cue: in the compact squad list of a 1280x800
/// window every Player's Task is written beside his badge ("ATT", "DEF",
/// "GK"), not only shown by the badge's colour.
#[test]
fn each_squad_row_names_its_task_in_letters() {
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(
            |ui, s: &mut MatchdayScreen| {
                s.show(ui);
            },
            MatchdayScreen::with_default_decks(11),
        );
    h.run();
    let squad = h.state().squad().to_vec();
    assert!(squad.len() > 5, "a squad of {}", squad.len());
    for (task, word) in [
        (Task::Attack, "ATT"),
        (Task::Defence, "DEF"),
        (Task::Goalkeeper, "GK"),
    ] {
        let want = squad.iter().filter(|p| p.task == task).count();
        assert!(want > 0, "no {word} in the starter squad");
        assert_eq!(
            h.query_all_by_label(word).count(),
            want,
            "{word}: one per Player of that Task"
        );
    }
}

/// A squad card dragged onto a Zone it may take is placed there; the
/// Goalkeeper dragged onto the goal guards it.
#[test]
fn a_squad_card_dragged_onto_the_pitch_is_placed() {
    let mut h = harness(MatchdayScreen::with_default_decks(7));
    h.run();
    let squad = h.state().squad().to_vec();
    let setup = h.state().setup().clone();
    let (i, zone) = squad
        .iter()
        .enumerate()
        .filter(|(_, p)| p.task != Task::Goalkeeper)
        .find_map(|(i, p)| {
            p.zones
                .iter()
                .copied()
                .find(|&z| {
                    setup
                        .marker_for(i, z)
                        .is_some_and(|m| setup.check_placement(&m).is_ok())
                })
                .map(|z| (i, z))
        })
        .unwrap_or_else(|| panic!("an outfield card with a Zone"));
    let from = h
        .get_by_label(&format!("Card {}", squad[i].name))
        .rect()
        .center();
    let to = h.get_by_label(&format!("Zone {zone}")).rect().center();
    drag(&mut h, from, to);
    let markers = &h.state().setup().lineup.markers;
    assert!(
        markers
            .iter()
            .any(|m| m.player == Some(i) && m.zone == zone),
        "{} placed in {zone}: {markers:?}",
        squad[i].name
    );
    let keeper = squad
        .iter()
        .position(|p| p.task == Task::Goalkeeper)
        .unwrap_or_else(|| panic!("a Goalkeeper"));
    let from = h
        .get_by_label(&format!("Card {}", squad[keeper].name))
        .rect()
        .center();
    let to = h.get_by_label("Goal").rect().center();
    drag(&mut h, from, to);
    assert_eq!(h.state().setup().lineup.goalkeeper, Some(keeper));
}
