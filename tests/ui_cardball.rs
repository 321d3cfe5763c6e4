//! The Cardball table driven through its labels with egui_kittest: start
//! a match from the start screen, pick cards, the touchline window, a
//! called die, hot-seat privacy for simultaneous picks, the choice of half
//! on the half-way line, undo, save and load, and the result.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::sync::Arc;
use touchline::bots::Strength;
use touchline::engine::{Game as _, Seat};
use touchline::games::cardball::deck::CardballDeck;
use touchline::games::cardball::narrate::card_title;
use touchline::games::cardball::{
    Action, CardId, CardballConfig, Period, Setup, Side, Step, TieBreak, ZoneClass,
};
use touchline::games::cardball::{CardballSession, CardballTable};
use touchline::ui::TouchlineApp;
use touchline::ui::seating::Seated as _;
use touchline::ui::session::{Controller, Manager, Pace};

fn deck() -> Arc<CardballDeck> {
    Arc::new(CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}")))
}

fn config() -> CardballConfig {
    CardballConfig::new(Arc::new(deck().card_set()))
}

fn managers(second: Controller) -> Vec<Manager> {
    vec![
        Manager {
            name: "You".into(),
            controller: Controller::Human,
        },
        Manager {
            name: "Ana".into(),
            controller: second,
        },
    ]
}

fn harness(table: CardballTable) -> Harness<'static, CardballTable> {
    crate::util::table_harness(table, [1600.0, 1000.0])
}

/// Runs frames until the human must decide (bots and the die move at the
/// instant pace, one decision a frame), at most `frames` of them.
fn until_human(h: &mut Harness<'_, CardballTable>, frames: usize) {
    for _ in 0..frames {
        h.step();
        let s = h.state().session();
        if s.human_actor().is_some() || s.game().is_over() {
            return;
        }
    }
}

/// The first card placed with a plain click: one that reads the same in
/// both halves (on the half-way line a card that does not asks which half).
fn plain_pick(legal: &[Action]) -> Option<CardId> {
    legal.iter().find_map(|a| match a {
        Action::Pick {
            card,
            reading: None,
        } if !legal
            .iter()
            .any(|b| matches!(b, Action::Pick { card: c, reading: Some(_) } if c == card)) =>
        {
            Some(*card)
        }
        _ => None,
    })
}

fn ids(names: &[&str]) -> Vec<u16> {
    let set = deck().card_set();
    names
        .iter()
        .map(|n| set.find(n).unwrap_or_else(|| panic!("no card {n}")))
        .collect()
}

#[test]
fn start_a_cardball_match_against_the_bot_and_play_a_round_with_the_mouse() {
    let mut app = TouchlineApp::new(None, None);
    app.start_mut().set_seed(4);
    let mut h = Harness::builder()
        .with_size([1600.0, 1000.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    h.run();
    h.get_by_label("Play Cardball").click();
    h.run();
    h.get_by_label("Start Cardball match").click();
    // The die tumbles at the normal pace: frames, not a settled run.
    h.run_steps(3);
    let table = h
        .state_mut()
        .table_as::<CardballTable>()
        .unwrap_or_else(|| panic!("no Cardball table after Start"));
    table.session_mut().pace = Pace::Instant;
    for _ in 0..40 {
        h.run();
        let table = h
            .state_mut()
            .table_as::<CardballTable>()
            .unwrap_or_else(|| panic!("table"));
        if table.session().human_actor().is_some() {
            break;
        }
    }
    let table = h
        .state_mut()
        .table_as::<CardballTable>()
        .unwrap_or_else(|| panic!("table"));
    let s = table.session();
    assert_eq!(s.human_actor(), Some(Seat(0)), "the match waits for us");
    assert!(
        s.log()
            .iter()
            .any(|l| l.text.contains("the die for the kick-off")),
        "the kick-off roll is in the log: {:?}",
        s.log()
    );
    // Say no to the touchline if asked, then pick the first card we may.
    if matches!(s.view().step, Step::Touchline { .. }) {
        h.get_by_label("Not now").click();
        h.run();
    }
    let table = h
        .state_mut()
        .table_as::<CardballTable>()
        .unwrap_or_else(|| panic!("table"));
    let s = table.session();
    let mut legal = Vec::new();
    s.game().legal_actions(Seat(0), &mut legal);
    let Some(card) = plain_pick(&legal) else {
        panic!("no card to pick: {legal:?}")
    };
    let title = card_title(s.deck(), s.game().cards(), card);
    let before = s.game().played().len();
    h.get_by_label_contains("pick a card to").hover();
    h.get_all_by_label(&title)
        .next()
        .unwrap_or_else(|| panic!("no card labelled {title}"))
        .click();
    for _ in 0..20 {
        h.run();
    }
    let table = h
        .state_mut()
        .table_as::<CardballTable>()
        .unwrap_or_else(|| panic!("table"));
    let s = table.session();
    assert!(
        s.game().played().contains(&card),
        "our card was revealed and played"
    );
    assert_eq!(
        s.game().played().len(),
        before + 2,
        "both cards were revealed"
    );
    assert!(
        s.log().iter().any(|l| l.text.starts_with("Reveal")),
        "the reveal is in the log"
    );
    h.get_by_label("Last round");
}

#[test]
fn the_touchline_prompt_plays_a_the_manager_card() {
    let cards = deck().card_set();
    let hand = ids(&["the-manager-1", "st-poacher-1"]);
    let setup = Setup {
        hands: vec![hand, ids(&["gk-safe-hands", "st-poacher-2"])],
        kicked_off: Some(Side::Left),
        possession: Some(Side::Left),
        ball: 4,
        ..Setup::default()
    };
    let mut session = CardballSession::from_setup(
        managers(Controller::Bot(Strength::Heuristic)),
        config(),
        &setup,
        21,
        deck(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut h = harness(touchline::games::cardball::table::screen(
        session,
        &touchline::cards::DataSource::embedded(),
        None,
    ));
    h.run();
    h.get_by_label("At the touchline: play The Manager?");
    let title = card_title(&deck(), &cards, ids(&["the-manager-1"])[0]);
    let actions = h.state().session().game().action_deck().len();
    h.get_by_label(&format!("Play {title}")).click();
    h.run();
    let s = h.state().session();
    assert_eq!(
        s.game().action_deck().len(),
        actions - 1,
        "an Action card was drawn"
    );
    assert!(
        s.log()
            .iter()
            .any(|l| l.text.starts_with("You plays") && l.text.contains("Action card")),
        "{:?}",
        s.log()
    );
}

#[test]
fn on_the_half_way_line_the_manager_chooses_the_half_with_the_mouse() {
    // Speed Demon attacks with "takes the ball, then advance 1" in its own
    // half and "100, then advance 2" in the other half: on the half-way
    // line, the manager says which it is.
    let setup = Setup {
        hands: vec![
            ids(&["w-speed-demon", "gk-safe-hands"]),
            ids(&["cb-last-ditch", "st-poacher-2"]),
        ],
        kicked_off: Some(Side::Left),
        possession: Some(Side::Left),
        ball: 4,
        ..Setup::default()
    };
    let mut session = CardballSession::from_setup(
        managers(Controller::Bot(Strength::Heuristic)),
        config(),
        &setup,
        5,
        deck(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut h = harness(touchline::games::cardball::table::screen(
        session,
        &touchline::cards::DataSource::embedded(),
        None,
    ));
    until_human(&mut h, 20);
    h.run();
    let title = card_title(&deck(), &deck().card_set(), ids(&["w-speed-demon"])[0]);
    h.get_all_by_label(&title)
        .next()
        .unwrap_or_else(|| panic!("no card labelled {title}"))
        .click();
    h.run();
    assert_eq!(
        h.state().session().view().my_pick,
        None,
        "the card waits for the choice of half"
    );
    let prompt = format!("{title} on the half-way line counts as:");
    h.get_by_label(&prompt);
    // Another card: the choice is dropped and nothing is placed.
    h.get_by_label("Another card").click();
    h.run();
    assert!(h.query_by_label(&prompt).is_none(), "the choice is dropped");
    assert_eq!(h.state().session().view().my_pick, None);
    h.get_all_by_label(&title)
        .next()
        .unwrap_or_else(|| panic!("no card labelled {title}"))
        .click();
    h.run();
    h.get_by_label("As their half: 100, then advance 2");
    h.get_by_label("As our half: takes the ball, then advance 1")
        .click();
    for _ in 0..20 {
        h.run();
    }
    let s = h.state().session();
    let r = s
        .game()
        .last_round()
        .copied()
        .unwrap_or_else(|| panic!("no round revealed: {:?}", s.log()));
    assert_eq!(r.class, ZoneClass::Halfway);
    assert_eq!(r.attack_class, ZoneClass::OwnHalf, "read as our half");
    assert!(
        s.log()
            .iter()
            .any(|l| l.text == "You plays the half-way line as their own half."),
        "{:?}",
        s.log()
    );
}

#[test]
fn a_called_die_asks_the_caller_for_an_icon() {
    let mut config = config();
    config.ask_calls = true;
    // The left side rolls for the kick-off and the right side calls: seat
    // 1 is the human here.
    let managers = vec![
        Manager {
            name: "Ana".into(),
            controller: Controller::Bot(Strength::Heuristic),
        },
        Manager {
            name: "You".into(),
            controller: Controller::Human,
        },
    ];
    let mut session =
        CardballSession::new(managers, config, 8, deck()).unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut h = harness(touchline::games::cardball::table::screen(
        session,
        &touchline::cards::DataSource::embedded(),
        None,
    ));
    h.run();
    h.get_by_label_contains("Call the die");
    h.get_by_label("Glove").click();
    until_human(&mut h, 30);
    let s = h.state().session();
    assert!(
        s.log().iter().any(|l| l.text == "You calls Glove."),
        "{:?}",
        s.log()
    );
    assert!(s.game().kicked_off().is_some(), "the kick-off was rolled");
}

#[test]
fn hot_seat_keeps_each_face_down_pick_hidden_until_both_are_placed() {
    let session = CardballSession::new(managers(Controller::Human), config(), 5, deck())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut table = touchline::games::cardball::table::screen(
        session,
        &touchline::cards::DataSource::embedded(),
        None,
    );
    table.session_mut().pace = Pace::Instant;
    let mut h = harness(table);
    // Let the die decide the kick-off; pass any touchline windows.
    for _ in 0..60 {
        h.run();
        let s = h.state_mut().session_mut();
        if let Some(seat) = s.human_actor() {
            if matches!(s.view().step, Step::Pick { .. }) {
                break;
            }
            s.reveal(seat);
            s.act(seat, Action::Pass).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let first = h
        .state()
        .session()
        .human_actor()
        .unwrap_or_else(|| panic!("nobody picks"));
    let name = h.state().session().name(first);
    h.run();
    h.get_by_label(&format!("Pass the device to {name}"));
    assert!(
        h.state().session().view().hand.is_empty(),
        "no hand before the handover"
    );
    h.get_by_label(&format!("I am {name} — show my hand"))
        .click();
    h.run();
    h.get_by_label(&format!("{name} — your hand"));
    let s = h.state().session();
    let mut legal = Vec::new();
    s.game().legal_actions(first, &mut legal);
    let Some(card) = plain_pick(&legal) else {
        panic!("{legal:?}")
    };
    let title = card_title(s.deck(), s.game().cards(), card);
    h.get_all_by_label(&title)
        .next()
        .unwrap_or_else(|| panic!("{title}"))
        .click();
    h.run();
    // The other manager's turn to pick: the first pick is face down and
    // every hand hidden until they confirm.
    let second = h
        .state()
        .session()
        .human_actor()
        .unwrap_or_else(|| panic!("the second manager picks"));
    assert_ne!(second, first);
    let other = h.state().session().name(second);
    h.get_by_label(&format!("Pass the device to {other}"));
    assert!(h.query_by_label(&title).is_none(), "{title} is not shown");
    h.get_by_label(&format!("I am {other} — show my hand"))
        .click();
    h.run();
    let view = h.state().session().view();
    assert_eq!(view.seat, second);
    assert_eq!(view.my_pick, None);
    assert!(
        view.picked[first.index()],
        "the first manager has placed a card"
    );
    assert!(
        !view.hand.contains(&card) || view.hand.is_empty(),
        "the first manager's card is not in the second hand"
    );
}

#[test]
fn undo_takes_back_the_humans_pick_and_the_bots_answer() {
    let mut session = CardballSession::new(
        managers(Controller::Bot(Strength::Random)),
        config(),
        12,
        deck(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut h = harness(touchline::games::cardball::table::screen(
        session,
        &touchline::cards::DataSource::embedded(),
        None,
    ));
    until_human(&mut h, 40);
    let s = h.state_mut().session_mut();
    let saved = serde_json::to_string(s.game()).unwrap_or_default();
    let mut legal = Vec::new();
    s.game().legal_actions(Seat(0), &mut legal);
    s.act(Seat(0), legal[legal.len() - 1])
        .unwrap_or_else(|e| panic!("{e}"));
    until_human(&mut h, 40);
    assert_ne!(
        saved,
        serde_json::to_string(h.state().session().game()).unwrap_or_default()
    );
    if h.state().session().undo_stops_at_a_draw() {
        // The round ended and we took a card from our face-down bench:
        // undo would show it and let us pick again, so it stays put.
        let now = serde_json::to_string(h.state().session().game()).unwrap_or_default();
        assert!(!h.state().session().can_undo());
        h.get_by_label("Undo").click();
        h.run();
        assert_eq!(
            now,
            serde_json::to_string(h.state().session().game()).unwrap_or_default(),
            "undo stops at the bench draw"
        );
        return;
    }
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(
        saved,
        serde_json::to_string(h.state().session().game()).unwrap_or_default(),
        "undo is back at our decision"
    );
}

#[test]
fn save_and_load_restore_the_match_and_bad_files_change_nothing() {
    let mut session = CardballSession::new(
        managers(Controller::Bot(Strength::Heuristic)),
        config(),
        31,
        deck(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut h = harness(touchline::games::cardball::table::screen(
        session,
        &touchline::cards::DataSource::embedded(),
        None,
    ));
    until_human(&mut h, 40);
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("cardball.json");
    h.state_mut().save_to(&path);
    let saved = serde_json::to_string(h.state().session().game()).unwrap_or_default();
    let s = h.state_mut().session_mut();
    let mut legal = Vec::new();
    s.game().legal_actions(Seat(0), &mut legal);
    s.act(Seat(0), legal[0]).unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(
        saved,
        serde_json::to_string(h.state().session().game()).unwrap_or_default()
    );
    h.state_mut().load_from(&path);
    assert_eq!(
        saved,
        serde_json::to_string(h.state().session().game()).unwrap_or_default(),
        "loading is back where we saved"
    );
    let bad = dir.path().join("bad.json");
    for (content, msg) in [
        (
            "{\"format\": \"touchline-save\", \"version\": 1, \"game\": \"cardball\"}",
            "damaged",
        ),
        (
            "{\"format\": \"touchline-save\", \"version\": 99, \"game\": \"cardball\"}",
            "newer",
        ),
        ("{\"hello\": 1}", "not a Touchline save file"),
    ] {
        std::fs::write(&bad, content).unwrap_or_else(|e| panic!("{e}"));
        h.state_mut().load_from(&bad);
        assert_eq!(
            saved,
            serde_json::to_string(h.state().session().game()).unwrap_or_default()
        );
        h.run();
        h.get_by_label_contains(msg);
    }
}

#[test]
fn a_match_played_to_the_end_shows_the_result() {
    let mut config = config();
    config.tie_break = TieBreak::Penalties;
    let mut session = CardballSession::new(
        managers(Controller::Bot(Strength::Heuristic)),
        config,
        2,
        deck(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut h = harness(touchline::games::cardball::table::screen(
        session,
        &touchline::cards::DataSource::embedded(),
        None,
    ));
    let mut reached_penalties = false;
    for _ in 0..400 {
        until_human(&mut h, 20);
        let s = h.state_mut().session_mut();
        if s.game().is_over() {
            break;
        }
        reached_penalties |= s.game().period() == Period::Penalties;
        let mut legal = Vec::new();
        s.game().legal_actions(Seat(0), &mut legal);
        if let Some(a) = legal.first().copied() {
            s.act(Seat(0), a).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    h.run();
    let s = h.state().session();
    let Some(outcome) = s.game().outcome() else {
        panic!("the match did not end")
    };
    let score = s.game().score();
    let headline = match outcome.winners.first() {
        Some(w) => {
            let name = s.side_name(Side::of(*w));
            let verb = if name.contains(" & ") { "win" } else { "wins" };
            format!("{name} {verb}!")
        }
        None => "A draw!".into(),
    };
    h.get_by_label(&headline);
    h.get_by_label_contains(&format!("{} – {}", score[0], score[1]));
    if reached_penalties {
        h.get_by_label("Penalty shoot-out");
    } else {
        // The top bar counts the rounds played, not a round that never starts.
        let played = s.game().round();
        h.get_by_label_contains(&format!("full time after {played} rounds"));
        assert!(
            h.query_by_label_contains(&format!("round {}", played + 1))
                .is_none(),
            "the top bar numbers a round after full time"
        );
    }
    h.get_by_label("Back to the start screen");
}

#[test]
fn loading_a_booked_save_at_the_cardball_table_opens_the_booked_table() {
    use touchline::games::booked::{BookedConfig, HouseRules};
    let booked =
        touchline::games::booked::deck::BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let config = BookedConfig::new(Arc::new(booked.card_set()), HouseRules::default(), 2);
    let session = touchline::games::booked::session::BookedSession::new(
        managers(Controller::Bot(Strength::Random)),
        config,
        3,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("booked.json");
    session.save(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut app = TouchlineApp::new(None, None);
    app.start_mut().choose_game(1);
    let mut h = Harness::builder()
        .with_size([1600.0, 1000.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    h.run();
    h.get_by_label("Start Cardball match").click();
    h.run_steps(3);
    h.state_mut()
        .table_as::<CardballTable>()
        .unwrap_or_else(|| panic!("no Cardball table"))
        .load_from(&path);
    h.run_steps(3);
    assert!(
        h.state_mut().table_as::<CardballTable>().is_none(),
        "the Cardball table closed"
    );
    assert!(
        h.state_mut()
            .table_as::<touchline::games::booked::table::TableScreen>()
            .is_some(),
        "the Booked! table opened"
    );
}

#[test]
fn a_tournament_plays_every_pair_once_and_crowns_the_top_of_the_table() {
    let names = ["You", "Ana", "Ben"];
    let entrants: Vec<Manager> = names
        .iter()
        .enumerate()
        .map(|(i, n)| Manager {
            name: (*n).into(),
            controller: if i == 0 {
                Controller::Human
            } else {
                Controller::Bot(Strength::Heuristic)
            },
        })
        .collect();
    let mut session = CardballSession::new_tournament(entrants, config(), 6, deck())
        .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut h = harness(touchline::games::cardball::table::screen(
        session,
        &touchline::cards::DataSource::embedded(),
        None,
    ));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("tournament.json");
    let mut matches_seen = Vec::new();
    for _ in 0..3000 {
        until_human(&mut h, 20);
        let s = h.state().session();
        let pair = (s.name(Seat(0)), s.name(Seat(1)));
        if !matches_seen.contains(&pair) {
            matches_seen.push(pair);
            if matches_seen.len() == 2 {
                // Mid-tournament: a save and a load keep the table and who plays.
                h.state_mut().save_to(&path);
                h.state_mut().load_from(&path);
                let s = h.state().session();
                assert_eq!(s.tournament().map(|t| t.played().len()), Some(1));
                assert_eq!((s.name(Seat(0)), s.name(Seat(1))), matches_seen[1].clone());
            }
        }
        let s = h.state().session();
        if s.game().is_over() {
            let last = s.tournament_now().is_some_and(|t| t.is_over());
            h.step();
            if last {
                break;
            }
            h.get_by_label("Tournament table");
            h.get_by_label("Next match").click();
            h.step();
            h.step();
            continue;
        }
        if let Some(seat) = s.human_actor() {
            let mut legal = Vec::new();
            s.game().legal_actions(seat, &mut legal);
            let a = legal[0];
            h.state_mut()
                .session_mut()
                .act(seat, a)
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    assert_eq!(matches_seen.len(), 3, "three matches: {matches_seen:?}");
    let mut pairs: Vec<(String, String)> = matches_seen
        .iter()
        .map(|(a, b)| {
            if a < b {
                (a.clone(), b.clone())
            } else {
                (b.clone(), a.clone())
            }
        })
        .collect();
    pairs.sort();
    pairs.dedup();
    assert_eq!(pairs.len(), 3, "every pair met once");
    let t = h
        .state()
        .session()
        .tournament_now()
        .unwrap_or_else(|| panic!("no tournament"));
    assert!(t.standings().iter().all(|s| s.played == 2));
    let champion = names[t.winner().unwrap_or_else(|| panic!("no winner"))];
    h.get_by_label(&format!("{champion} wins the tournament!"));
}

#[test]
fn a_saved_match_keeps_its_cards_after_the_deck_is_edited() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let autosave = home.path().join("touchline/last-game.json");
    let mut app = TouchlineApp::new(Some(dir.path().to_path_buf()), Some(autosave.clone()));
    app.play(touchline::ui::PlayRequest {
        game: "cardball".into(),
        seats: vec![Controller::Human, Controller::Bot(Strength::Heuristic)],
        seed: 5,
        rules: None,
        options: Default::default(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let save = home.path().join("match.json");
    app.table_as::<CardballTable>()
        .unwrap_or_else(|| panic!("no table"))
        .session()
        .save(&save)
        .unwrap_or_else(|e| panic!("{e}"));
    drop(app);

    // Every Manager card is renamed after the match was saved.
    let text = touchline::cards::DataSource::embedded_file("cardball/managers.toml")
        .unwrap_or_else(|| panic!("no managers file"));
    let edited: Vec<String> = text
        .lines()
        .map(|l| l.replacen("name = \"", "name = \"Ed ", 1))
        .collect();
    std::fs::create_dir_all(dir.path().join("cardball")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.path().join("cardball/managers.toml"),
        edited.join("\n") + "\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let now = touchline::cards::DataSource::dir(dir.path());
    let renamed = CardballDeck::load(&now).unwrap_or_else(|e| panic!("{e}"));
    assert!(renamed.managers.iter().all(|m| m.name.starts_with("Ed ")));

    std::fs::create_dir_all(home.path().join("touchline")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::copy(&save, &autosave).unwrap_or_else(|e| panic!("{e}"));
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(
            |ui, app: &mut TouchlineApp| app.show(ui),
            TouchlineApp::new(Some(dir.path().to_path_buf()), Some(autosave)),
        );
    h.run();
    h.get_by_label("Continue Cardball").click();
    h.run_steps(3);
    let table = h
        .state_mut()
        .table_as::<CardballTable>()
        .unwrap_or_else(|| panic!("the save did not open"));
    let names = &table.session().names().managers;
    assert!(
        names.iter().all(|m| !m.name.starts_with("Ed ")),
        "the loaded match names the edited cards"
    );
    assert_eq!(deck().managers.len(), names.len());
}

/// Colour is never the only cue: each goal carries the name of the side
/// that defends it (the nets are otherwise told apart by their colours).
#[test]
fn each_goal_is_named_by_the_side_that_defends_it() {
    let managers = vec![
        Manager {
            name: "Ada".into(),
            controller: Controller::Human,
        },
        Manager {
            name: "Bruno".into(),
            controller: Controller::Bot(Strength::Heuristic),
        },
    ];
    let mut session =
        CardballSession::new(managers, config(), 3, deck()).unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut h = harness(touchline::games::cardball::table::screen(
        session,
        &touchline::cards::DataSource::embedded(),
        None,
    ));
    h.run();
    let left = h.state().session().side_name(Side::Left);
    let right = h.state().session().side_name(Side::Right);
    assert_ne!(left, right);
    for name in [&left, &right] {
        h.get_by_label(&format!("{name}'s goal"));
    }
}
