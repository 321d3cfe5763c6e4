//! The app driven through labels with egui_kittest (no display needed):
//! the start screen, then real flows at the Booked! table.

use crate::util;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::sync::Arc;
use touchline::bots::Strength;
use touchline::engine::{Game as _, Seat};
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::session::BookedSession as Session;
use touchline::games::booked::table::TableScreen;
use touchline::games::booked::{BookedConfig, Card, Deal, DealStep, HouseRules, OnPitch, Step};
use touchline::ui::TouchlineApp;
use touchline::ui::seating::Seated as _;
use touchline::ui::session::{Controller, Manager, Pace};

/// A harness drawing `table` in a window of `size`.
fn table_harness(table: TableScreen, size: [f32; 2]) -> Harness<'static, TableScreen> {
    Harness::builder().with_size(size).build_ui_state(
        |ui, t: &mut TableScreen| {
            t.show(ui);
        },
        table,
    )
}
fn deck() -> Arc<BookedDeck> {
    Arc::new(BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}")))
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

/// A table at an exact position (names in the deck's card ids).
fn table_at(deal: Deal, second: Controller) -> TableScreen {
    let deck = deck();
    let config = BookedConfig::new(util::card_set(), HouseRules::default(), 2);
    let mut session =
        Session::from_deal(managers(second), config, &deal, 3).unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    touchline::games::booked::table::screen(
        session,
        deck,
        &touchline::cards::DataSource::embedded(),
        None,
    )
}

fn ids(names: &[&str]) -> Vec<u16> {
    let cards = util::card_set();
    names
        .iter()
        .map(|n| cards.find(n).unwrap_or_else(|| panic!("no card {n}")))
        .collect()
}

fn pitch(names: &[&str]) -> Vec<OnPitch> {
    ids(names)
        .into_iter()
        .map(|card| OnPitch {
            card,
            yellow: None,
            stand_in: None,
        })
        .collect()
}

fn label(table: &TableScreen, id: &str) -> String {
    let d = deck();
    let card = d
        .physical_cards()
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("{id}"));
    let _ = table;
    d.describe(&card)
}

#[test]
fn the_start_screen_lists_the_games_and_the_loaded_deck() {
    let mut app = TouchlineApp::new(None, None);
    assert!(app.start().data_ok("booked"));
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui(|ui| app.show(ui));
    harness.run();
    // Every game of the registry is listed, and in view.
    for g in touchline::games::GAMES {
        let row = harness.get_by_label(&format!("Play {}", g.name)).rect();
        assert!(row.bottom() <= 800.0, "{} at {row:?}", g.name);
    }
    harness.get_by_label_contains("Booked! Core Set");
    harness.get_by_label_contains("house rules ok (deal 7, hand limit 9, official)");
}

#[test]
fn the_start_screen_shows_what_is_wrong_with_broken_data_and_refuses_to_start() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(dir.path().join("booked")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.path().join("booked/referees.toml"),
        "[[referee]]\neffect = \"bicycle_kick\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let app = TouchlineApp::new(Some(dir.path().to_path_buf()), None);
    assert!(!app.start().data_ok("booked"));
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    harness.run();
    harness.get_by_label_contains("The Booked! card data has");
    harness.get_by_label_contains("referees.toml:1:1");
    harness.get_by_label_contains("fix them to play");
    harness.get_by_label("Start match").click();
    harness.run();
    assert!(
        harness.state_mut().table_as::<TableScreen>().is_none(),
        "a broken deck must not start a game"
    );
}

#[test]
fn start_a_match_against_a_bot_draw_and_play_a_player() {
    let mut app = TouchlineApp::new(None, None);
    app.start_mut().set_seed(11);
    let mut harness = Harness::builder()
        .with_size([1600.0, 1000.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    harness.run();
    harness.get_by_label("Start match").click();
    harness.run();
    let table = harness
        .state_mut()
        .table_as::<TableScreen>()
        .unwrap_or_else(|| panic!("no table after Start match"));
    table.session_mut().pace = Pace::Instant;
    assert_eq!(table.session().game().view(Seat(0)).step, Step::Draw);
    assert_eq!(table.session().human_actor(), Some(Seat(0)));
    harness.get_by_label("Your hand");
    harness.get_by_label("Deck").click();
    harness.run();
    let table = harness
        .state_mut()
        .table_as::<TableScreen>()
        .unwrap_or_else(|| panic!("table"));
    let hand = table.session().game().hand(Seat(0)).to_vec();
    assert_eq!(hand.len(), 8, "drew one card");
    assert_eq!(table.session().game().view(Seat(0)).step, Step::Act);
    let cards = util::card_set();
    let player = hand
        .iter()
        .copied()
        .find(|c| matches!(cards.card(*c), Some(Card::Player { .. })))
        .unwrap_or_else(|| panic!("no player in the opening hand"));
    let name = label(table, cards.name(player));
    harness.get_by_label(&name).click();
    harness.run();
    harness.get_by_label("Play to my pitch").click();
    // The bot answers and plays its turn; the table then waits for us again.
    for _ in 0..50 {
        harness.run();
    }
    let table = harness
        .state_mut()
        .table_as::<TableScreen>()
        .unwrap_or_else(|| panic!("table"));
    let game = table.session().game();
    assert!(
        game.pitch(Seat(0)).iter().any(|p| p.card == player),
        "the player is on my pitch"
    );
    assert!(
        game.turns() >= 3,
        "the bot took its turn (turns: {})",
        game.turns()
    );
    assert!(
        table.session().log().iter().any(|l| l.text.contains("Ana")),
        "the bot's moves are in the log"
    );
}

#[test]
fn an_instant_prompt_appears_and_play_on_negates_the_yellow() {
    // Ana (a bot) holds only a Yellow and must show it to our player; we
    // hold PLAY ON, so we are asked.
    let deal = Deal {
        hands: vec![ids(&["play_on-1", "GER-1"]), ids(&["yellow-1"])],
        pitches: vec![pitch(&["BRA-9"]), vec![]],
        deck_top: ids(&["ARG-1", "ARG-2", "ARG-3"]),
        current: Seat(1),
        clockwise: true,
        step: DealStep::Act,
        ..Deal::default()
    };
    let table = table_at(deal, Controller::Bot(Strength::Heuristic));
    let mut harness = table_harness(table, [1600.0, 1000.0]);
    harness.run();
    harness.get_by_label_contains("Answer it?");
    harness.get_by_label_contains("Play PLAY ON").click();
    harness.run();
    let game = harness.state().session().game();
    assert_eq!(
        game.pitch(Seat(0))[0].yellow,
        None,
        "PLAY ON negated the booking"
    );
    assert!(
        harness
            .state()
            .session()
            .log()
            .iter()
            .any(|l| l.text.contains("is cancelled by Play On"))
    );
}

#[test]
fn call_gooal_and_win_when_nobody_can_answer() {
    let deal = Deal {
        hands: vec![ids(&["BRA-7", "GER-1"]), ids(&["ARG-1"])],
        pitches: vec![
            pitch(&["BRA-1", "BRA-4", "BRA-3", "BRA-8", "BRA-6", "BRA-9"]),
            vec![],
        ],
        deck_top: ids(&["ARG-2", "ARG-3"]),
        current: Seat(0),
        clockwise: true,
        step: DealStep::Act,
        ..Deal::default()
    };
    let table = table_at(deal, Controller::Bot(Strength::Heuristic));
    let mut harness = table_harness(table, [1600.0, 1000.0]);
    harness.run();
    let name = label(harness.state(), "BRA-7");
    harness.get_by_label(&name).click();
    harness.run();
    harness.get_by_label("Play to my pitch").click();
    harness.run();
    harness.get_by_label_contains("legal Starting 7");
    harness.get_by_label("GOOOAL! (G)").click();
    harness.run();
    let o = harness
        .state()
        .session()
        .game()
        .outcome()
        .unwrap_or_else(|| panic!("no result"));
    assert_eq!(o.winners, vec![Seat(0)]);
    assert_eq!(o.ending, "goal");
    harness.get_by_label("You won the match!");
}

#[test]
fn hot_seat_hides_every_hand_until_the_manager_confirms() {
    let config = BookedConfig::new(util::card_set(), HouseRules::default(), 2);
    let session =
        Session::new(managers(Controller::Human), config, 5).unwrap_or_else(|e| panic!("{e}"));
    let table = touchline::games::booked::table::screen(
        session,
        deck(),
        &touchline::cards::DataSource::embedded(),
        None,
    );
    let mut harness = table_harness(table, [1600.0, 1000.0]);
    harness.run();
    harness.get_by_label("Pass the device to You");
    assert!(
        harness.query_by_label("Your hand").is_none(),
        "no hand shown before the handover"
    );
    assert!(harness.state().session().view().hand.is_empty());
    harness.get_by_label("I am You — show my hand").click();
    harness.run();
    harness.get_by_label("Your hand");
    harness.get_by_label("Deck").click();
    harness.run();
    // Still our turn after the draw: no handover; after our action the
    // device goes to Ana.
    assert!(harness.query_by_label("Pass the device to You").is_none());
    let s = harness.state_mut().session_mut();
    let mut legal = Vec::new();
    s.game().legal_actions(Seat(0), &mut legal);
    let play = legal
        .iter()
        .copied()
        .find(|a| matches!(a, touchline::games::booked::Action::PlayPlayer { .. }));
    s.reveal(Seat(0));
    s.act(Seat(0), play.unwrap_or(legal[0]))
        .unwrap_or_else(|e| panic!("{e}"));
    harness.run();
    harness.get_by_label("Pass the device to Ana");
    assert!(
        harness.state().session().view().hand.is_empty(),
        "You's hand is hidden from Ana"
    );
}

#[test]
fn save_and_load_restore_the_match_and_a_corrupt_file_changes_nothing() {
    let deck = deck();
    let config = BookedConfig::new(util::card_set(), HouseRules::default(), 2);
    let mut session = Session::new(managers(Controller::Bot(Strength::Random)), config, 9)
        .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut table = touchline::games::booked::table::screen(
        session,
        deck,
        &touchline::cards::DataSource::embedded(),
        None,
    );
    table
        .session_mut()
        .act(Seat(0), touchline::games::booked::Action::DrawDeck)
        .unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("match.json");
    table.save_to(&path);
    let saved = serde_json::to_string(table.session().game()).unwrap_or_default();
    // Play on, then load: we are back where we saved.
    let mut legal = Vec::new();
    table.session().game().legal_actions(Seat(0), &mut legal);
    table
        .session_mut()
        .act(Seat(0), legal[0])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(
        saved,
        serde_json::to_string(table.session().game()).unwrap_or_default()
    );
    table.load_from(&path);
    assert_eq!(
        saved,
        serde_json::to_string(table.session().game()).unwrap_or_default()
    );
    // A corrupt file and a foreign file: clear messages, nothing changes.
    let bad = dir.path().join("bad.json");
    for (content, msg) in [
        (
            "{\"format\": \"touchline-save\", \"version\": 1, \"game\": \"booked\"}",
            "damaged",
        ),
        ("{\"hello\": 1}", "not a Touchline save file"),
        ("PK\u{3}\u{4} zip", "not a Touchline save file"),
    ] {
        std::fs::write(&bad, content).unwrap_or_else(|e| panic!("{e}"));
        let err = Session::load(&bad, ())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains(msg), "{err}");
        table.load_from(&bad);
        assert_eq!(
            saved,
            serde_json::to_string(table.session().game()).unwrap_or_default()
        );
    }
    let mut harness = table_harness(table, [1600.0, 1000.0]);
    harness.run();
    harness.get_by_label_contains("not a Touchline save file");
}

#[test]
fn undo_goes_back_to_the_previous_human_decision() {
    let config = BookedConfig::new(util::card_set(), HouseRules::default(), 2);
    let mut session = Session::new(managers(Controller::Bot(Strength::Heuristic)), config, 21)
        .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let before = serde_json::to_string(session.game()).unwrap_or_default();
    // The discard pile is face up: taking its top card can be undone (a
    // card from the deck cannot, see `undo_stops_at_a_card_drawn_from_the_deck`).
    session
        .act(Seat(0), touchline::games::booked::Action::DrawDiscard)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(session.can_undo());
    assert!(session.undo());
    assert_eq!(
        before,
        serde_json::to_string(session.game()).unwrap_or_default()
    );
    assert!(!session.can_undo());
}

#[test]
fn keyboard_shortcuts_draw_select_and_call() {
    let deal = Deal {
        hands: vec![ids(&["BRA-7", "GER-1"]), ids(&["ARG-1"])],
        pitches: vec![
            pitch(&["BRA-1", "BRA-4", "BRA-3", "BRA-8", "BRA-6", "BRA-9"]),
            vec![],
        ],
        deck_top: ids(&["ARG-2", "ARG-3", "ARG-6"]),
        current: Seat(0),
        clockwise: true,
        step: DealStep::Draw,
        ..Deal::default()
    };
    let table = table_at(deal, Controller::Bot(Strength::Heuristic));
    let mut harness = table_harness(table, [1600.0, 1000.0]);
    harness.run();
    harness.key_press(egui::Key::D);
    harness.run();
    assert_eq!(
        harness.state().session().game().view(Seat(0)).step,
        Step::Act,
        "D draws from the deck"
    );
    // 1 selects the first hand card (BRA-7), whose actions appear.
    harness.key_press(egui::Key::Num1);
    harness.run();
    harness.get_by_label("Play to my pitch").click();
    harness.run();
    harness.key_press(egui::Key::G);
    harness.run();
    let o = harness
        .state()
        .session()
        .game()
        .outcome()
        .unwrap_or_else(|| panic!("G should call GOOOAL!"));
    assert_eq!(o.winners, vec![Seat(0)]);
}

/// Every game of the registry opens at its table from its own form on the
/// start screen, and back again.
#[test]
fn every_game_opens_from_its_start_form() {
    use touchline::games::GAMES;
    let start_label = |id: &str| match id {
        "booked" => "Start match".to_string(),
        "cardball" => "Start Cardball match".to_string(),
        "eleven" => "Start the season".to_string(),
        _ => format!(
            "Start {}",
            touchline::games::find(id)
                .map(|g| g.name)
                .unwrap_or_default()
        ),
    };
    for (i, g) in GAMES.iter().enumerate() {
        assert!(g.table.is_some(), "{} has no table", g.id);
        let mut app = TouchlineApp::new(None, None);
        app.start_mut().set_seed(5);
        app.start_mut().choose_game(i);
        let mut h = Harness::builder()
            .with_size([1280.0, 800.0])
            .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
        h.run();
        assert!(h.state_mut().game_table().is_none());
        h.get_by_label(&start_label(g.id)).click();
        h.run_steps(2);
        assert!(
            h.state_mut().game_table().is_some(),
            "{}: no table after its Start button",
            g.id
        );
    }
}

/// `touchline play` goes through the same hooks: a house-rules file is
/// played by the game that has one and refused by the others.
#[test]
fn play_hands_a_house_rules_file_to_the_game_that_reads_one() {
    use touchline::ui::PlayRequest;
    let request = |game: &str, rules: Option<(&str, &str)>| PlayRequest {
        game: game.into(),
        seats: vec![Controller::Human, Controller::Bot(Strength::Random)],
        seed: 3,
        rules: rules.map(|(n, t)| (n.to_string(), t.to_string())),
        options: Default::default(),
    };
    let mut app = TouchlineApp::new(None, None);
    app.play(request("booked", Some(("quick.toml", "deal_size = 8\n"))))
        .unwrap_or_else(|e| panic!("{e}"));
    let table = app
        .table_as::<TableScreen>()
        .unwrap_or_else(|| panic!("no Booked! table"));
    assert_eq!(table.session().game().hand(Seat(0)).len(), 8, "dealt 8");

    let mut app = TouchlineApp::new(None, None);
    let e = app
        .play(request(
            "booked",
            Some(("bad.toml", "deal_size = \"lots\"\n")),
        ))
        .err()
        .unwrap_or_default();
    assert!(e.contains("bad.toml"), "{e}");
    assert!(app.game_table().is_none());

    let mut app = TouchlineApp::new(None, None);
    app.play(request(
        "cardball",
        Some(("h.toml", "ranked_marks = true\n")),
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let table = app
        .table_as::<touchline::games::cardball::CardballTable>()
        .unwrap_or_else(|| panic!("no Cardball table"));
    assert!(table.session().record().config.house.ranked_marks);
    let e = app
        .play(request("cardball", Some(("h.toml", "deal_size = 8\n"))))
        .err()
        .unwrap_or_default();
    assert!(e.contains("h.toml"), "{e}");

    // Every game without house rules refuses a house-rules file.
    let without = touchline::games::GAMES
        .iter()
        .filter(|g| g.table.is_some() && !g.reads_house_rules);
    for game in without.map(|g| g.id) {
        let mut app = TouchlineApp::new(None, None);
        let e = app
            .play(request(game, Some(("x.toml", "deal_size = 8\n"))))
            .err()
            .unwrap_or_default();
        assert!(e.contains("no house-rules file"), "{game}: {e}");
        app.play(request(game, None))
            .unwrap_or_else(|e| panic!("{game}: {e}"));
        assert!(app.game_table().is_some(), "{game}");
    }
}

/// Where the desktop has no file dialog, the in-app one saves and loads:
/// a folder's listing, a name typed, the file picked from the list.
#[test]
fn the_in_app_file_dialog_saves_and_loads_a_match() {
    let deck = deck();
    let config = BookedConfig::new(util::card_set(), HouseRules::default(), 2);
    let mut session = Session::new(managers(Controller::Bot(Strength::Random)), config, 9)
        .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.path().join("old.json"), "{}").unwrap_or_else(|e| panic!("{e}"));
    let mut table = touchline::games::booked::table::screen(
        session,
        deck,
        &touchline::cards::DataSource::embedded(),
        None,
    );
    table
        .files()
        .ask_builtin(true, "booked.touchline", dir.path().to_path_buf());
    let mut h = table_harness(table, [1280.0, 800.0]);
    h.run();
    h.get_by_label("Save as");
    h.get_by_label_contains("old.json");
    h.get_by_label("File name").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("File name").type_text("evening");
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let saved: Vec<String> = std::fs::read_dir(dir.path())
        .map(|r| {
            r.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.contains("evening"))
                .collect()
        })
        .unwrap_or_default();
    assert!(
        saved.len() == 1 && saved[0].ends_with(".touchline"),
        "saved once under the typed name, as .touchline: {saved:?}"
    );
    assert!(!h.state_mut().files().is_open(), "the dialog closed");
    let before = serde_json::to_string(h.state().session().game()).unwrap_or_default();

    // Play on, then load the save through the dialog.
    let mut legal = Vec::new();
    h.state()
        .session()
        .game()
        .legal_actions(Seat(0), &mut legal);
    h.state_mut()
        .session_mut()
        .act(Seat(0), legal[0])
        .unwrap_or_else(|e| panic!("{e}"));
    h.state_mut()
        .files()
        .ask_builtin(false, "", dir.path().to_path_buf());
    h.run();
    h.get_by_label("Open").click();
    h.run();
    h.get_by_label("Pick a file from the list");
    h.get_by_label(&saved[0]).click();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    let open = h.state_mut().files().browser().map(|b| b.problem.clone());
    assert!(open.is_none(), "the dialog closed: {open:?}");
    let after = serde_json::to_string(h.state().session().game()).unwrap_or_default();
    assert!(before == after, "not back where it was saved");
}

#[test]
fn a_failing_autosave_is_said_at_the_table() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    // A file stands where the autosave folder should be.
    let blocked = home.path().join("touchline");
    std::fs::write(&blocked, "not a folder").unwrap_or_else(|e| panic!("{e}"));
    let mut app = TouchlineApp::new(None, Some(blocked.join("last-game.json")));
    app.play(touchline::ui::PlayRequest {
        game: "stadium-memory".into(),
        seats: vec![Controller::Human, Controller::Bot(Strength::Heuristic)],
        seed: 3,
        rules: None,
        options: Default::default(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    // The table animates: a few frames, not until it is still.
    h.run_steps(3);
    h.get_by_label_contains("Autosave failed");
}

#[test]
fn a_new_game_keeps_the_last_autosave_and_continue_skips_a_damaged_one() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let base = home.path().join("touchline/last-game.json");
    // Each game keeps its own autosaves beside the app's.
    let autosave = touchline::ui::session::autosave_for(&base, "stadium-memory");
    let older = home
        .path()
        .join("touchline/last-stadium-memory.1.touchline");
    let mut app = TouchlineApp::new(None, Some(base.clone()));
    let request = |seed| touchline::ui::PlayRequest {
        game: "stadium-memory".into(),
        seats: vec![Controller::Human, Controller::Bot(Strength::Heuristic)],
        seed,
        rules: None,
        options: Default::default(),
    };
    // Stadium Memory keeps a game from its first frame.
    app.play(request(1)).unwrap_or_else(|e| panic!("{e}"));
    let first = std::fs::read(&autosave).unwrap_or_else(|e| panic!("{e}"));
    app.play(request(2)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        std::fs::read(&older).unwrap_or_default(),
        first,
        "a new game overwrote the last one's autosave"
    );
    assert!(autosave.exists());
    drop(app);
    // The newest autosave cannot be read (cut short, or written by a newer
    // Touchline): Continue opens the one before, keeps the unread one
    // aside under a name that says why, and says so on the table.
    let good = std::fs::read(&older).unwrap_or_else(|e| panic!("{e}"));
    for (unread, kept, said) in [
        (
            "{ \"format\": \"touchline-save\", \"version\": 1, \"ga".to_string(),
            "last-stadium-memory.damaged.touchline",
            "it is cut short",
        ),
        (
            "{ \"format\": \"touchline-save\", \"version\": 7, \"game\": \"stadium-memory\" }"
                .to_string(),
            "last-stadium-memory.newer-version.touchline",
            "written by a newer version of Touchline",
        ),
    ] {
        std::fs::write(&autosave, &unread).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&older, &good).unwrap_or_else(|e| panic!("{e}"));
        let mut h = Harness::builder()
            .with_size([1400.0, 900.0])
            .build_ui_state(
                |ui, app: &mut TouchlineApp| app.show(ui),
                TouchlineApp::new(None, Some(base.clone())),
            );
        h.run_steps(2);
        h.get_by_label("Continue Stadium Memory").click();
        h.run_steps(3);
        assert!(
            h.state_mut().game_table().is_some(),
            "no game was continued"
        );
        let aside = home.path().join("touchline").join(kept);
        assert_eq!(
            std::fs::read_to_string(&aside).unwrap_or_default(),
            unread,
            "the save that could not be read is not kept as {kept}"
        );
        h.get_by_label_contains(said);
        h.get_by_label_contains("Opened the game before it, last-stadium-memory.1.touchline");
        // Play on: the next autosaves never touch the kept file.
        for seed in 0..4 {
            if let Some(t) = h.state_mut().game_table() {
                t.decide_for_person(seed);
            }
            h.run_steps(2);
        }
        assert_eq!(
            std::fs::read_to_string(&aside).unwrap_or_default(),
            unread,
            "an autosave overwrote {kept}"
        );
        std::fs::remove_file(&aside).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_new_game_keeps_an_unreadable_autosave_aside_instead_of_dropping_it() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("last-booked.touchline");
    let slots = touchline::ui::session::autosave_slots(&path, 3);
    let save = |v: u32| {
        format!("{{\"format\": \"touchline-save\", \"version\": {v}, \"game\": \"booked\"}}")
    };
    std::fs::write(&slots[0], save(1)).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&slots[1], "{ \"format\": \"touchline-save\"").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&slots[2], save(9)).unwrap_or_else(|e| panic!("{e}"));
    touchline::ui::session::rotate_autosaves(&path, 3).unwrap_or_else(|e| panic!("{e}"));
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap_or_default();
    assert_eq!(
        read("last-booked.1.touchline"),
        save(1),
        "the readable one moved on"
    );
    assert_eq!(
        read("last-booked.1.damaged.touchline"),
        "{ \"format\": \"touchline-save\""
    );
    assert_eq!(
        read("last-booked.2.newer-version.touchline"),
        save(9),
        "the oldest slot, from a newer version, was dropped"
    );
    assert!(
        !slots[0].exists(),
        "the newest slot is free for the new game"
    );
}

#[test]
fn undo_stops_at_a_card_drawn_from_the_deck() {
    // Against a bot: the person draws from the deck, then undo may not
    // take the draw back (it would show the card and allow another choice).
    let deck = deck();
    let config = BookedConfig::new(Arc::new(deck.card_set()), HouseRules::default(), 2);
    let mut session = Session::new(managers(Controller::Bot(Strength::Random)), config, 9)
        .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    for t in 0..200 {
        if session.human_actor().is_some() {
            break;
        }
        session.step(f64::from(t));
    }
    let me = session
        .human_actor()
        .unwrap_or_else(|| panic!("the person never got a turn"));
    assert!(
        session
            .human_actions()
            .contains(&touchline::games::booked::Action::DrawDeck),
        "{:?}",
        session.human_actions()
    );
    session
        .act(me, touchline::games::booked::Action::DrawDeck)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(session.undo_stops_at_a_draw());
    assert!(!session.can_undo(), "undo would hand the drawn card back");
    assert!(!session.undo(), "undo refused");
    assert_eq!(session.game().hand(me).len(), 8, "the card stays drawn");
    // After the next decision, undo takes back only that decision.
    let play = session
        .human_actions()
        .into_iter()
        .find(|a| !matches!(a, touchline::games::booked::Action::CallGoal))
        .unwrap_or_else(|| panic!("nothing to play"));
    session.act(me, play).unwrap_or_else(|e| panic!("{e}"));
    assert!(session.can_undo());
    assert!(session.undo());
    assert_eq!(
        session.game().hand(me).len(),
        8,
        "back to just after the draw"
    );
    assert!(!session.can_undo(), "and no further");
    // A save keeps the stop: loading it does not open the draw again.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("m.json");
    session.save(&path).unwrap_or_else(|e| panic!("{e}"));
    let loaded = Session::load(&path, ()).unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.undo_stops_at_a_draw());
    assert!(!loaded.can_undo());
}

/// Six managers: "You" at seat 0, bots at the other five.
fn six_at(deal: Deal) -> Harness<'static, TableScreen> {
    let mut managers = managers(Controller::Bot(Strength::Heuristic));
    for name in ["Ben", "Cai", "Dee", "Eve"] {
        managers.push(Manager {
            name: name.into(),
            controller: Controller::Bot(Strength::Heuristic),
        });
    }
    let config = BookedConfig::new(util::card_set(), HouseRules::default(), 6);
    let mut session =
        Session::from_deal(managers, config, &deal, 3).unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let table = touchline::games::booked::table::screen(
        session,
        deck(),
        &touchline::cards::DataSource::embedded(),
        None,
    );
    let mut h = table_harness(table, [1280.0, 800.0]);
    h.run();
    h
}

/// The gold outlines painted in the last frame (a selected card or a
/// target), as rectangles.
fn gold_outlines(h: &Harness<'_, TableScreen>) -> Vec<egui::Rect> {
    fn walk(shape: &egui::Shape, out: &mut Vec<egui::Rect>) {
        match shape {
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            egui::Shape::Rect(r)
                if r.stroke.color == egui::Color32::from_rgb(0xF5, 0xC5, 0x18)
                    && r.stroke.width >= 3.0 =>
            {
                out.push(r.rect)
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

/// Whether one of `outlines` is drawn around `card` (2 points out).
fn outlined(outlines: &[egui::Rect], card: egui::Rect) -> bool {
    let around = card.expand(2.0);
    outlines
        .iter()
        .any(|o| (o.min - around.min).length() < 1.5 && (o.max - around.max).length() < 1.5)
}

#[test]
fn a_six_seat_table_groups_pitches_by_nation_and_a_yellow_lights_only_its_targets() {
    // Ana shows GER 3/7 (GER-4 booked) and ARG 1/7; Ben's FRA keeper is
    // behind THE WALL; our own BRA 2/7 can never take our Yellow.
    let mut booked = pitch(&["GER-1", "GER-4", "GER-2", "ARG-9"]);
    booked[1].yellow = ids(&["yellow-2"]).first().copied();
    let deal = Deal {
        hands: vec![
            ids(&["yellow-1", "BRA-7"]),
            ids(&["ESP-1"]),
            ids(&["ESP-2"]),
            ids(&["ESP-3"]),
            ids(&["ESP-6"]),
            ids(&["ESP-7"]),
        ],
        pitches: vec![
            pitch(&["BRA-1", "BRA-4"]),
            booked,
            pitch(&["FRA-16"]),
            vec![],
            vec![],
            vec![],
        ],
        walls: vec![false, false, true, false, false, false],
        deck_top: ids(&["ITA-1", "ITA-3", "ITA-8"]),
        current: Seat(0),
        clockwise: true,
        step: DealStep::Act,
        ..Deal::default()
    };
    let mut h = six_at(deal);
    // Each pitch by nation, with its progress towards a Starting 7.
    h.get_by_label("GER 3/7");
    h.get_by_label("ARG 1/7");
    h.get_by_label("BRA 2/7");
    h.get_by_label("FRA 1/7");
    // The booking is on the card in words, not only in yellow.
    let ger4 = label(h.state(), "GER-4");
    h.get_by_label(&format!("{ger4} (booked)"));
    // The header names who acts now.
    h.get_by_label_contains("▶ You to act");
    h.get_by_label("▶ TURN");

    h.get_by_label(&label(h.state(), "yellow-1")).click();
    h.run();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    let outlines = gold_outlines(&h);
    let node_of = |h: &Harness<'_, TableScreen>, id: &str| {
        let l = label(h.state(), id);
        let n = h.get_by_label_contains(&l);
        (
            n.rect(),
            n.accesskit_node().is_disabled(),
            n.accesskit_node().toggled(),
        )
    };
    // Legal targets: Ana's clean ARG-9 and her booked GER-4 (a second
    // Yellow sends him off): outlined, enabled, inside the window.
    for id in ["ARG-9", "GER-4", "GER-1"] {
        let (rect, disabled, toggled) = node_of(&h, id);
        assert!(window.contains_rect(rect), "{id} at {rect:?}");
        assert!(outlined(&outlines, rect), "{id} is not outlined");
        assert!(!disabled, "{id} is a legal target");
        assert_eq!(toggled, Some(egui::accesskit::Toggled::True), "{id}");
    }
    // Not targets: Ben behind THE WALL and our own pitch: dimmed, plain.
    for id in ["FRA-16", "BRA-1", "BRA-4"] {
        let (rect, disabled, toggled) = node_of(&h, id);
        assert!(!outlined(&outlines, rect), "{id} is outlined");
        assert!(disabled, "{id} is not a target but looks like one");
        assert_eq!(toggled, Some(egui::accesskit::Toggled::False), "{id}");
    }
    // A click on the target's rectangle books him.
    let (arg9, _, _) = node_of(&h, "ARG-9");
    h.hover_at(arg9.center());
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: arg9.center(),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.step();
    let game = h.state().session().game();
    let target = ids(&["ARG-9"])[0];
    assert!(
        game.pitch(Seat(1))
            .iter()
            .any(|p| p.card == target && p.yellow.is_some()),
        "ARG-9 was booked by the click"
    );
}

#[test]
fn during_an_instant_window_the_header_names_who_may_answer_and_the_yellow_is_marked() {
    // Ana (a bot) must show her Yellow to our BRA-9; we hold PLAY ON.
    let deal = Deal {
        hands: vec![
            ids(&["play_on-1", "GER-1"]),
            ids(&["yellow-1"]),
            ids(&["ESP-2"]),
            ids(&["ESP-3"]),
            ids(&["ESP-6"]),
            ids(&["ESP-7"]),
        ],
        pitches: vec![pitch(&["BRA-9"]), vec![], vec![], vec![], vec![], vec![]],
        deck_top: ids(&["ARG-1", "ARG-2", "ARG-3"]),
        current: Seat(1),
        clockwise: true,
        step: DealStep::Act,
        ..Deal::default()
    };
    let h = six_at(deal);
    h.get_by_label_contains("⚡ You may answer");
    h.get_by_label("⚡ TO ANSWER");
    h.get_by_label_contains("Answer it?");
    let bra9 = label(h.state(), "BRA-9");
    h.get_by_label(&format!("{bra9} (Yellow shown)"));
    // Turn stays Ana's: her row says so in words.
    assert_eq!(h.state().session().game().view(Seat(0)).current, Seat(1));
}

/// In hot-seat each person's view starts at the top: what the last
/// person scrolled to is not where the next one starts.
#[test]
fn a_hot_seat_handover_starts_the_next_players_view_at_the_top() {
    let mut app = TouchlineApp::new(None, None);
    app.play(touchline::ui::PlayRequest {
        game: "eleven".into(),
        seats: vec![Controller::Human, Controller::Human],
        seed: 4,
        rules: None,
        options: Default::default(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let mut h = Harness::builder()
        .with_size([1024.0, 640.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    h.run_steps(3);
    h.get_by_label("I am Player 1 — show my hand").click();
    h.run_steps(3);
    let top = |h: &Harness<'_, TouchlineApp>| h.get_by_label("Transfer Area").rect().top();
    let start = top(&h);
    h.get_by_label("League table").scroll_to_me();
    h.run_steps(3);
    assert!(top(&h) < start - 40.0, "the board did not scroll");
    // Player 1 decides; the device passes to Player 2.
    for _ in 0..5 {
        let Some(t) = h.state_mut().game_table() else {
            break;
        };
        if !t.person_decides() {
            break;
        }
        t.decide_for_person(1);
        h.run_steps(2);
    }
    h.get_by_label("I am Player 2 — show my hand").click();
    h.run_steps(3);
    assert!(
        (top(&h) - start).abs() < 1.0,
        "Player 2 starts where Player 1 scrolled to: {} (top at {start})",
        top(&h)
    );
}
