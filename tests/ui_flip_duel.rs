//! The Flip Duel table driven through its labels with egui_kittest: the
//! injury-time choice with the app's suggestion, laying by button and by
//! key, a hand of cards (house rule), hot-seat privacy (the curtain, the
//! shared lay screen, the log), a whole match against a bot to the result,
//! save and load, undo, and opening the table through the registry.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::sync::Arc;
use touchline::bots::Strength;
use touchline::cards::DataSource;
use touchline::engine::{Game as _, Seat};
use touchline::games::flip_duel::{CardSet, FlipDuelConfig, FlipDuelSession, FlipDuelTable, Phase};
use touchline::ui::seating::Seated as _;
use touchline::ui::session::{Controller, Manager, Pace, Session};

fn config() -> FlipDuelConfig {
    FlipDuelConfig::new(Arc::new(
        CardSet::default_set().unwrap_or_else(|e| panic!("{e}")),
    ))
}

fn managers(second: Controller) -> Vec<Manager> {
    vec![
        Manager {
            name: "Ann".into(),
            controller: Controller::Human,
        },
        Manager {
            name: "Bo".into(),
            controller: second,
        },
    ]
}

fn table(second: Controller, config: FlipDuelConfig, seed: u64) -> FlipDuelTable {
    let mut s: FlipDuelSession =
        Session::flip_duel(managers(second), config, seed).unwrap_or_else(|e| panic!("{e}"));
    s.pace = Pace::Instant;
    touchline::games::flip_duel::table::screen(s, &touchline::cards::DataSource::embedded(), None)
}

fn harness(table: FlipDuelTable, size: [f32; 2]) -> Harness<'static, FlipDuelTable> {
    Harness::builder().with_size(size).build_ui_state(
        |ui, t: &mut FlipDuelTable| {
            t.show(ui);
        },
        table,
    )
}

const BOT: Controller = Controller::Bot(Strength::Heuristic);

/// Runs frames until a human must decide (bots move one decision a frame
/// at the instant pace), at most `frames` of them.
fn until_human(h: &mut Harness<'_, FlipDuelTable>, frames: usize) {
    for _ in 0..frames {
        h.step();
        let s = h.state().session();
        if s.human_actor().is_some() || s.game().is_over() {
            h.step();
            return;
        }
    }
}

/// Runs frames until the table waits on a person again.
fn settle(h: &mut Harness<'_, FlipDuelTable>) {
    until_human(h, 60);
}

/// Whether any widget's label contains `text`.
fn shows(h: &Harness<'_, FlipDuelTable>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn choosing_injury_time_cards_and_laying_work_with_the_mouse_and_keys() {
    let mut h = harness(table(BOT, config(), 5), [1024.0, 640.0]);
    settle(&mut h);
    h.get_by_label_contains("choose 8 injury-time cards (0 of 8 aside)");
    let cards = h.state().session().game().cards().clone();
    let pick = cards.find("red-07").unwrap_or_else(|| panic!("no red-07"));
    h.get_by_label(&format!("Set aside {}", cards.label(pick)))
        .click();
    settle(&mut h);
    assert_eq!(h.state().session().game().aside(Seat(0)), &[pick]);
    h.get_by_label_contains("(1 of 8 aside)");
    h.get_by_label("Set aside the suggested cards (S)").click();
    settle(&mut h);
    assert_eq!(h.state().session().game().aside(Seat(0)).len(), 8);
    until_human(&mut h, 40);
    assert_eq!(h.state().session().game().phase(), Phase::Lay);
    // Everything to play is on screen at the smallest window.
    let lay = h.get_by_label("Lay your top card (Space)");
    let rect = lay.rect();
    assert!(rect.bottom() <= 640.0 && rect.right() <= 1024.0, "{rect:?}");
    lay.click();
    settle(&mut h);
    until_human(&mut h, 10);
    assert_eq!(h.state().session().game().played(Seat(0)).len(), 1);
    assert!(shows(&h, "the ball is in section"), "a line in words");
    h.key_press(egui::Key::Space);
    settle(&mut h);
    until_human(&mut h, 10);
    assert_eq!(h.state().session().game().played(Seat(0)).len(), 2);
}

#[test]
fn the_house_rules_are_official_by_default_and_a_hand_is_laid_by_click_or_number() {
    let mut h = harness(table(BOT, config(), 8), [1280.0, 800.0]);
    settle(&mut h);
    for rule in ["Hand", "Match length", "Injury time"] {
        h.get_by_label(rule);
    }
    assert!(h.state().session().record().config.is_official());
    // A house rule is chosen from its menu before the first decision.
    h.get_by_label("Hand").click();
    settle(&mut h);
    h.get_by_label("A hand of three").click();
    settle(&mut h);
    assert_eq!(h.state().session().record().config.hand, 3);
    let mut c = config();
    c.hand = 3;
    c.injury_cards = 4;
    c.half_cards = Some(20);
    let mut h = harness(table(BOT, c, 8), [1024.0, 640.0]);
    settle(&mut h);
    h.get_by_label("Set aside the suggested cards (S)").click();
    settle(&mut h);
    until_human(&mut h, 20);
    let s = h.state().session();
    let hand = s.game().hand(Seat(0)).to_vec();
    assert_eq!(hand.len(), 3);
    let cards = s.game().cards().clone();
    let label = format!("Lay {} (1)", cards.label(hand[0]));
    let first = h.get_by_label(&label);
    assert!(first.rect().bottom() <= 640.0, "the hand is on screen");
    first.click();
    settle(&mut h);
    until_human(&mut h, 10);
    assert!(
        h.state()
            .session()
            .game()
            .played(Seat(0))
            .contains(&hand[0])
    );
    // With a hand, the bot's card was turned over with the lay: undo would
    // let Ann choose again knowing it.
    assert!(!h.state().session().can_undo());
    assert!(h.state().session().undo_reason().contains("turned face up"));
    let hand = h.state().session().game().hand(Seat(0)).to_vec();
    h.key_press(egui::Key::Num2);
    settle(&mut h);
    until_human(&mut h, 10);
    assert!(
        h.state()
            .session()
            .game()
            .played(Seat(0))
            .contains(&hand[1])
    );
}

#[test]
fn hot_seat_keeps_each_injury_time_choice_private_on_screen_and_in_the_log() {
    let mut h = harness(table(Controller::Human, config(), 11), [1280.0, 800.0]);
    settle(&mut h);
    // The curtain first: nothing of Ann's pack is on screen.
    h.get_by_label_contains("Pass the device to Ann");
    assert!(!shows(&h, "Set aside"));
    h.get_by_label("I am Ann — show my hand").click();
    settle(&mut h);
    h.get_by_label("Set aside the suggested cards (S)").click();
    settle(&mut h);
    let cards = h.state().session().game().cards().clone();
    let ann: Vec<String> = h
        .state()
        .session()
        .game()
        .aside(Seat(0))
        .iter()
        .map(|c| cards.name(*c).to_string())
        .collect();
    assert_eq!(ann.len(), 8);
    // Bo's turn: the curtain hides Ann's choice, and so does Bo's screen.
    h.get_by_label_contains("Pass the device to Bo");
    for id in &ann {
        assert!(!shows(&h, id), "{id} shows behind the curtain");
    }
    h.get_by_label("I am Bo — show my hand").click();
    settle(&mut h);
    h.get_by_label_contains("Bo (Blue): choose 8");
    for id in &ann {
        assert!(!shows(&h, id), "Bo sees Ann's {id}");
    }
    let log = h.state().session().log_for(Some(Seat(1)));
    for id in &ann {
        assert!(
            !log.iter().any(|l| l.text.contains(id.as_str())),
            "Bo's log names {id}"
        );
    }
    h.get_by_label("Set aside the suggested cards (S)").click();
    settle(&mut h);
    let bo: Vec<String> = h
        .state()
        .session()
        .game()
        .aside(Seat(1))
        .iter()
        .map(|c| cards.name(*c).to_string())
        .collect();
    // Laying hides nothing with the official rules: both lay on one
    // public screen, and it never names a card set aside.
    h.get_by_label("Ann (Red) lays (A)").click();
    settle(&mut h);
    h.get_by_label("Bo (Blue) lays (L)").click();
    settle(&mut h);
    assert_eq!(h.state().session().game().played(Seat(0)).len(), 1);
    h.key_press(egui::Key::A);
    h.key_press(egui::Key::L);
    settle(&mut h);
    assert_eq!(h.state().session().game().played(Seat(1)).len(), 2);
    for id in ann.iter().chain(&bo) {
        assert!(!shows(&h, id), "the shared screen shows {id}");
    }
    for (reader, hidden) in [
        (None, [&ann, &bo]),
        (Some(Seat(0)), [&bo, &bo]),
        (Some(Seat(1)), [&ann, &ann]),
    ] {
        let log = h.state().session().log_for(reader);
        for id in hidden.into_iter().flatten() {
            assert!(
                !log.iter().any(|l| l.text.contains(id.as_str())),
                "{reader:?} reads {id}"
            );
        }
    }
}

#[test]
fn a_whole_match_against_the_bot_ends_on_the_result_screen() {
    let mut h = harness(table(BOT, config(), 21), [1920.0, 1080.0]);
    settle(&mut h);
    h.get_by_label("Set aside the suggested cards (S)").click();
    settle(&mut h);
    for _ in 0..400 {
        until_human(&mut h, 30);
        if h.state().session().game().is_over() {
            break;
        }
        h.get_by_label("Lay your top card (Space)").click();
        settle(&mut h);
    }
    settle(&mut h);
    let s = h.state().session();
    let Some(outcome) = s.game().outcome() else {
        panic!("the match did not end")
    };
    let score = s.game().score();
    let headline = match outcome.winners.first() {
        Some(w) if w.0 == 0 => "Ann (Red) wins!".to_string(),
        Some(_) => "Bo (Blue) wins!".to_string(),
        None => "A draw!".to_string(),
    };
    h.get_by_label(&headline);
    assert!(shows(&h, &format!("Red {} – {} Blue", score[0], score[1])));
    h.get_by_label("Back to the start screen");
}

#[test]
fn save_and_load_restore_the_match_and_undo_takes_back_a_lay() {
    let mut h = harness(table(BOT, config(), 31), [1280.0, 800.0]);
    settle(&mut h);
    h.get_by_label("Set aside the suggested cards (S)").click();
    settle(&mut h);
    until_human(&mut h, 40);
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("flip.json");
    h.state_mut().save_to(&path);
    let state = |h: &Harness<'_, FlipDuelTable>| {
        serde_json::to_string(h.state().session().game()).unwrap_or_default()
    };
    let saved = state(&h);
    h.get_by_label("Lay your top card (Space)").click();
    settle(&mut h);
    until_human(&mut h, 10);
    assert_ne!(saved, state(&h));
    // Undo takes back the lay and the bot's answer.
    h.get_by_label("Undo").click();
    settle(&mut h);
    assert_eq!(saved, state(&h), "undo is back before the lay");
    h.get_by_label("Lay your top card (Space)").click();
    settle(&mut h);
    until_human(&mut h, 10);
    h.state_mut().load_from(&path);
    assert_eq!(saved, state(&h), "loading is back where we saved");
    let bad = dir.path().join("bad.json");
    for (content, msg) in [
        (
            "{\"format\": \"touchline-save\", \"version\": 1, \"game\": \"flip-duel\"}",
            "damaged",
        ),
        ("{\"hello\": 1}", "not a Touchline save file"),
    ] {
        std::fs::write(&bad, content).unwrap_or_else(|e| panic!("{e}"));
        h.state_mut().load_from(&bad);
        assert_eq!(saved, state(&h));
        settle(&mut h);
        h.get_by_label_contains(msg);
    }
}

#[test]
fn the_registry_opens_the_table_for_a_new_match_and_a_save() {
    let Some(hooks) = touchline::games::flip_duel::ENTRY.table.as_ref() else {
        panic!("Flip Duel has no table hooks")
    };
    let source = DataSource::embedded();
    let opened = (hooks.new)(touchline::ui::table::NewTable {
        source: &source,
        managers: managers(BOT),
        seed: 3,
        autosave: None,
        rules: None,
        options: Default::default(),
    });
    assert!(opened.is_ok());
    let t = table(BOT, config(), 3);
    let bytes = serde_json::to_vec(&t.session().save_file()).unwrap_or_default();
    let loaded = (hooks.load)(touchline::ui::table::SavedTable {
        source: &source,
        name: "x.json",
        bytes: &bytes,
        autosave: None,
    });
    assert!(loaded.is_ok());
    let bad = (hooks.load)(touchline::ui::table::SavedTable {
        source: &source,
        name: "x.json",
        bytes: b"{}",
        autosave: None,
    });
    assert!(bad.is_err_and(|e| e.contains("not a Touchline save")));
}

#[test]
fn the_start_form_asks_who_kicks_off_and_the_save_keeps_it() {
    use touchline::ui::TouchlineApp;
    let Some(index) = touchline::games::GAMES
        .iter()
        .position(|g| g.id == "flip-duel")
    else {
        panic!("Flip Duel is not in the registry")
    };
    let mut app = TouchlineApp::new(None, None);
    app.start_mut().set_seed(7);
    app.start_mut().choose_game(index);
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    h.run();
    // The rulebook's youngest player, Red preselected; Blue is chosen.
    h.get_by_label("kicks off").click();
    h.run();
    h.get_by_label("Blue (the youngest player)").click();
    h.run();
    h.get_by_label("Start Flip Duel").click();
    h.run_steps(2);
    let Some(table) = h.state_mut().table_as::<FlipDuelTable>() else {
        panic!("no Flip Duel table after Start")
    };
    let config = &table.session().record().config;
    assert_eq!(config.first_attacker, Some(Seat(1)));
    // The save keeps the choice, and loading it plays Blue first again.
    let bytes = serde_json::to_vec(&table.session().save_file()).unwrap_or_default();
    let loaded: FlipDuelSession =
        Session::from_save_bytes("kick-off.json", &bytes, ()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.record().config.first_attacker, Some(Seat(1)));
}
