//! The editor screen driven through labels, as a user would.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::path::Path;
use std::sync::Arc;
use touchline::bots::Strength;
use touchline::cards::source::DataSource;
use touchline::editor::{Deck, RecordId};
use touchline::engine::{Game as _, Seat};
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::session::BookedSession as Session;
use touchline::games::booked::table::TableScreen;
use touchline::games::booked::{BookedConfig, HouseRules};
use touchline::ui::TouchlineApp;
use touchline::ui::session::{Controller, Manager};

fn app_on(dir: &Path) -> Harness<'static, TouchlineApp> {
    Harness::builder()
        .with_size([1500.0, 950.0])
        .build_ui_state(
            |ui, app: &mut TouchlineApp| app.show(ui),
            TouchlineApp::new(Some(dir.to_path_buf()), None),
        )
}

/// The name of BRA-9 as the open editor has it.
fn bra9_name(h: &mut Harness<'static, TouchlineApp>) -> String {
    let editor = h
        .state_mut()
        .editor()
        .unwrap_or_else(|| panic!("no editor"));
    let deck = editor.deck().unwrap_or_else(|e| panic!("{e}"));
    let players = deck.schema().collection("player").map_or(0, |c| c.0);
    deck.records_of(players)
        .into_iter()
        .find(|r| {
            deck.text(r, "number") == "9"
                && deck
                    .parent(r)
                    .is_some_and(|p| deck.text(&p, "code") == "BRA")
        })
        .map(|r| deck.text(&r, "name"))
        .unwrap_or_default()
}

fn open_editor(h: &mut Harness<'static, TouchlineApp>) {
    h.run();
    h.get_by_label("Edit decks and house rules").click();
    h.run();
}

fn pick_bra9(h: &mut Harness<'static, TouchlineApp>, shown_name: &str) {
    h.get_by_label("Search").focus();
    h.get_by_label("Search").type_text("BRA");
    h.run();
    h.get_by_label(&format!("Player · BRA {shown_name}"))
        .click();
    h.run();
}

fn retype(h: &mut Harness<'static, TouchlineApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.run();
}

#[test]
fn edit_a_card_undo_redo_save_and_find_the_change_after_reopening() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    h.get_by_label_contains("The deck is valid");
    pick_bra9(&mut h, "Caíque Albuquerque");
    retype(&mut h, "Name", "Pelé Nascimento");
    assert_eq!(bra9_name(&mut h), "Pelé Nascimento");
    h.get_by_label_contains("(unsaved changes)");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(bra9_name(&mut h), "Caíque Albuquerque");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(bra9_name(&mut h), "Pelé Nascimento");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let saved = std::fs::read_to_string(dir.path().join("booked/nations.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(saved.contains("Pelé Nascimento"));
    assert!(h.query_by_label_contains("(unsaved changes)").is_none());
    h.get_by_label("Back").click();
    h.run();
    assert!(h.state_mut().editor().is_none());
    // A fresh editor reads the saved file.
    open_editor(&mut h);
    pick_bra9(&mut h, "Pelé Nascimento");
    assert_eq!(bra9_name(&mut h), "Pelé Nascimento");
}

#[test]
fn a_bad_value_is_flagged_beside_its_field_and_the_deck_problems_jump_to_the_card() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    pick_bra9(&mut h, "Caíque Albuquerque");
    retype(&mut h, "Rating", "12");
    h.get_by_label("must be 1-10");
    // The typed error never reaches the file.
    h.get_by_label_contains("The deck is valid");
    // A clash the loader finds: BRA-9 takes BRA-8's number.
    retype(&mut h, "Rating", "10");
    retype(&mut h, "Number", "8");
    h.get_by_label_contains("a game cannot start with this deck");
    // The field says so beside it, and the problem list links to the card.
    h.get(
        egui_kittest::kittest::by()
            .label_contains("shirt number 8 is used twice")
            .role(egui::accesskit::Role::Label),
    );
    h.get(
        egui_kittest::kittest::by()
            .label_contains("shirt number 8 is used twice")
            .role(egui::accesskit::Role::Link),
    )
    .click();
    h.run();
    let editor = h
        .state_mut()
        .editor()
        .unwrap_or_else(|| panic!("no editor"));
    let deck = editor.deck().unwrap_or_else(|e| panic!("{e}"));
    let sel = editor
        .selected()
        .cloned()
        .unwrap_or_else(|| panic!("nothing selected"));
    assert_eq!(deck.text(&sel, "number"), "8");
    // The start screen refuses the broken deck once it is saved.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    h.get_by_label("Back").click();
    h.run();
    h.get_by_label_contains("Booked!: 1 problem(s)");
}

#[test]
fn leaving_with_unsaved_changes_asks_first() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    pick_bra9(&mut h, "Caíque Albuquerque");
    retype(&mut h, "Name", "Not Kept");
    h.get_by_label("Back").click();
    h.run();
    h.get_by_label("Unsaved changes");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state_mut().editor().is_some());
    h.get_by_label("Back").click();
    h.run();
    h.get_by_label("Discard changes").click();
    h.run();
    assert!(h.state_mut().editor().is_none());
    assert!(!dir.path().join("booked/nations.toml").exists());
}

#[test]
fn house_rules_presets_are_saved_where_the_start_screen_reads_them() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    h.get_by_label("House rules").click();
    h.run();
    h.get_by_label("quick").click();
    h.run();
    h.get_by_label_contains("Unsaved changes (Save");
    h.get_by_label("Save").click();
    h.run();
    let rules = touchline::games::booked::deck::load_house_rules(&DataSource::dir(dir.path()))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rules, HouseRules::preset("quick").unwrap_or_default());
    h.get_by_label("Back").click();
    h.run();
    h.get_by_label_contains("house rules ok (deal 8");
    h.get_by_label_contains("custom)");
}

/// A nation renamed in the editor is what the table shows on its cards.
#[test]
fn a_renamed_nation_shows_on_the_table() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let default = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let session = |deck: &BookedDeck| {
        let config = BookedConfig::new(Arc::new(deck.card_set()), HouseRules::default(), 2);
        let managers = vec![
            Manager {
                name: "You".into(),
                controller: Controller::Human,
            },
            Manager {
                name: "Bot".into(),
                controller: Controller::Bot(Strength::Heuristic),
            },
        ];
        Session::new(managers, config, 11).unwrap_or_else(|e| panic!("{e}"))
    };
    // Which nation does the human hold a player of with this seed?
    let view = session(&default).game().view(Seat(0));
    let (code, before) = view
        .hand
        .iter()
        .find_map(|c| match view.cards.card(*c) {
            Some(touchline::games::booked::Card::Player { nation, .. }) => {
                let n = &default.nations[usize::from(nation)];
                Some((n.code.clone(), n.name.clone()))
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no player in hand"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    h.get_by_label("Search").focus();
    h.get_by_label("Search").type_text(&before);
    h.run();
    h.get_by_label(&format!("Nation · {code} {before}")).click();
    h.run();
    retype(&mut h, "Name", "Freedonia");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let edited = BookedDeck::load(&DataSource::dir(dir.path())).unwrap_or_else(|e| panic!("{e}"));
    let screen = touchline::games::booked::table::screen(
        session(&edited),
        Arc::new(edited),
        &touchline::cards::DataSource::embedded(),
        None,
    );
    let mut t = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(
            |ui, s: &mut TableScreen| {
                s.show(ui);
            },
            screen,
        );
    t.run();
    t.get_by_label("Your hand");
    assert!(t.query_all_by_label_contains("Freedonia").count() > 0);
    assert!(t.query_by_label_contains(&format!("{before})")).is_none());
}

/// Print from the editor: the PDF has the unsaved edit, and closing the
/// print dialog returns to the editor with the edit still there.
#[test]
fn print_from_the_editor_includes_unsaved_edits() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    pick_bra9(&mut h, "Caíque Albuquerque");
    retype(&mut h, "Name", "Unsaved Printed");
    h.get_by_label("Print…").click();
    h.run();
    // The dialog reads the decks on its own thread.
    let start = std::time::Instant::now();
    while h
        .state_mut()
        .print_dialog()
        .is_some_and(|d| d.is_laying_out())
        && start.elapsed() < std::time::Duration::from_secs(60)
    {
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.run();
    }
    let out = dir.path().join("edited.pdf");
    h.state_mut()
        .print_dialog()
        .unwrap_or_else(|| panic!("no print dialog"))
        .export_to(&out);
    let start = std::time::Instant::now();
    while h.state_mut().print_dialog().is_some_and(|d| d.is_running())
        && start.elapsed() < std::time::Duration::from_secs(60)
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.run();
    }
    let text = std::process::Command::new("pdftotext")
        .arg(&out)
        .arg("-")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).to_string())
        .unwrap_or_else(|e| panic!("pdftotext: {e}"));
    assert!(text.contains("Unsaved Printed"), "the PDF lacks the edit");
    h.get_by_label("Close").click();
    h.run();
    assert_eq!(bra9_name(&mut h), "Unsaved Printed");
    // Nothing was saved by printing.
    assert!(!dir.path().join("booked/nations.toml").exists());
}

/// Picks a deck in the editor's deck menu.
fn pick_deck(h: &mut Harness<'static, TouchlineApp>, title: &str) {
    h.get_by_label("Deck").click();
    h.run();
    h.get_by_label(title).click();
    h.run();
    assert_eq!(open_deck(h), title, "the deck menu did not open {title}");
}

/// The title of the deck the editor has open.
fn open_deck(h: &mut Harness<'static, TouchlineApp>) -> &'static str {
    let editor = h
        .state_mut()
        .editor()
        .unwrap_or_else(|| panic!("no editor"));
    editor.deck().map(|d| d.schema().title).unwrap_or_default()
}

/// The deck menu lists every deck of every game without scrolling, even
/// at 1280x800: the last one opens with one click.
#[test]
fn every_deck_is_one_click_away_in_the_deck_menu() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(
            |ui, app: &mut TouchlineApp| app.show(ui),
            TouchlineApp::new(Some(dir.path().to_path_buf()), None),
        );
    open_editor(&mut h);
    let titles: Vec<&str> = touchline::games::decks().iter().map(|s| s.title).collect();
    assert!(titles.len() > 12, "{titles:?}");
    h.get_by_label("Deck").click();
    h.run();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    let mut bottom = 0.0f32;
    for t in &titles {
        let r = h.get_by_label(t).rect();
        assert!(window.contains_rect(r), "{t} at {r:?}");
        bottom = bottom.max(r.bottom());
    }
    let last = titles.last().copied().unwrap_or_default();
    h.get_by_label(last).click();
    h.run();
    assert_eq!(open_deck(&mut h), last, "its entry down to {bottom}");
}

/// The text of `key` in Eleven's player `id` as the open editor has it,
/// and of `key_in_op` in the last op of its trained ability.
fn eleven_values(
    h: &mut Harness<'static, TouchlineApp>,
    id: &str,
    key: &str,
    key_in_op: &str,
) -> (String, String) {
    record_values(h, "player", id, key, key_in_op, |deck, card| {
        let ops = deck.schema().collection("trained_op").map_or(0, |c| c.0);
        deck.records_of(ops)
            .into_iter()
            .rfind(|r| r.path.first() == card.path.first())
    })
}

/// The text of `key` in the open deck's `kind` record `id`, and of
/// `key_in_child` in the record `child` picks for it.
fn record_values(
    h: &mut Harness<'static, TouchlineApp>,
    kind: &str,
    id: &str,
    key: &str,
    key_in_child: &str,
    child: impl Fn(&Deck, &RecordId) -> Option<RecordId>,
) -> (String, String) {
    let editor = h
        .state_mut()
        .editor()
        .unwrap_or_else(|| panic!("no editor"));
    let deck = editor.deck().unwrap_or_else(|e| panic!("{e}"));
    let records = deck.schema().collection(kind).map_or(0, |c| c.0);
    let record = deck
        .records_of(records)
        .into_iter()
        .find(|r| deck.text(r, "id") == id)
        .unwrap_or_else(|| panic!("no {id}"));
    let inner = child(deck, &record).unwrap_or_else(|| panic!("no {key_in_child} in {id}"));
    (deck.text(&record, key), deck.text(&inner, key_in_child))
}

/// Eleven's Players in the editor: a trained-side field and an op's
/// argument edited through the form, a wrong value flagged and never
/// written, saved, read back, and the folder still passes `check`.
#[test]
fn an_eleven_player_is_edited_on_both_levels_saved_and_checked() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    pick_deck(&mut h, "Eleven: Players");
    h.get_by_label_contains("The deck is valid");
    // The first card is previewed as it prints, its Trained side as its back.
    h.run();
    h.get_by_label("Front of the card preview");
    h.get_by_label("Back of the card preview");
    h.get_by_label("Search").focus();
    h.get_by_label("Search").type_text("player-04");
    h.run();
    h.get_by_label("Player · player-04 Pablo Ferrando").click();
    h.run();
    // Both sides are in the form.
    h.get_by_label("Untrained strength");
    retype(&mut h, "Trained strength", "7");
    h.get_by_label("must be 0-4");
    assert_eq!(
        eleven_values(&mut h, "player-04", "trained.strength", "op").0,
        "2"
    );
    retype(&mut h, "Trained strength", "3");
    // The trained ability's op: its Amount is the last one in the form.
    let amounts = h.query_all_by_label("Amount").count();
    assert!(amounts >= 2, "{amounts} Amount fields");
    h.query_all_by_label("Amount")
        .last()
        .unwrap_or_else(|| panic!("no Amount"))
        .focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.query_all_by_label("Amount")
        .last()
        .unwrap_or_else(|| panic!("no Amount"))
        .type_text("2");
    h.run();
    assert_eq!(
        eleven_values(&mut h, "player-04", "trained.strength", "amount"),
        ("3".to_string(), "2".to_string())
    );
    h.get_by_label_contains("The deck is valid");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let saved = std::fs::read_to_string(dir.path().join("eleven/players.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!saved.contains("strength = 7"));
    h.get_by_label("Back").click();
    h.run();
    // A fresh editor reads the saved file.
    open_editor(&mut h);
    pick_deck(&mut h, "Eleven: Players");
    assert_eq!(
        eleven_values(&mut h, "player-04", "trained.strength", "amount"),
        ("3".to_string(), "2".to_string())
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args(["check", "--data"])
        .arg(dir.path())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let decks = touchline::games::eleven::deck::ElevenDecks::load(&DataSource::dir(dir.path()))
        .unwrap_or_else(|e| panic!("{e}"));
    let p = decks
        .player("player-04")
        .unwrap_or_else(|| panic!("no player-04"));
    assert_eq!(p.trained.strength, 3);
}

/// A Board Meeting's `choose` in the form: its options and their ops are
/// records with fields; an option added there starts with an op, is saved
/// and read back by the game.
#[test]
fn a_choice_gets_a_new_option_through_the_form() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    pick_deck(&mut h, "Eleven: Board Meetings");
    h.get_by_label("Search").focus();
    h.get_by_label("Search").type_text("board-12");
    h.run();
    h.get_by_label("Board Meeting · board-12 Player Wants a Raise")
        .click();
    h.run();
    h.get_by_label("Options (2)");
    h.get_by_label("Option 2");
    assert!(h.query_by_label("Option 3").is_none());
    h.get_by_label("Option op 1 · place_token");
    h.get_by_label("Add option").click();
    h.run();
    h.get_by_label("Options (3)");
    h.get_by_label("Option 3");
    h.get_by_label_contains("The deck is valid");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let decks = touchline::games::eleven::deck::ElevenDecks::load(&DataSource::dir(dir.path()))
        .unwrap_or_else(|e| panic!("{e}"));
    let card = decks
        .board_meetings
        .iter()
        .find(|b| b.id == "board-12")
        .unwrap_or_else(|| panic!("no board-12"));
    let touchline::games::eleven::effect::Effect::Choose { options } = &card.blue[0].effects[0]
    else {
        panic!("{:?}", card.blue[0].effects[0]);
    };
    assert_eq!(options.len(), 3);
    assert_eq!(options[2].effects.len(), 1);
}

/// The app on `dir`, keeping its autosaves and editor recovery file in
/// `home` as it would in the user's data folder.
fn app_at_home(dir: &Path, home: &Path) -> Harness<'static, TouchlineApp> {
    let autosave = home.join("touchline/last-game.json");
    Harness::builder()
        .with_size([1500.0, 950.0])
        .build_ui_state(
            |ui, app: &mut TouchlineApp| app.show(ui),
            TouchlineApp::new(Some(dir.to_path_buf()), Some(autosave)),
        )
}

/// Whether the last frames asked the window for `command`.
fn asked(h: &Harness<'static, TouchlineApp>, command: &egui::ViewportCommand) -> bool {
    h.output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .is_some_and(|v| v.commands.contains(command))
}

/// The window's close button, as the system sends it.
fn close_window(h: &mut Harness<'static, TouchlineApp>) {
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.step();
}

#[test]
fn closing_the_window_over_print_asks_about_unsaved_edits_then_closes() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    pick_bra9(&mut h, "Caíque Albuquerque");
    retype(&mut h, "Name", "Kept On Close");
    h.get_by_label("Print…").click();
    h.run();
    assert!(h.state_mut().print_dialog().is_some());
    close_window(&mut h);
    assert!(
        asked(&h, &egui::ViewportCommand::CancelClose),
        "the window closed over unsaved edits"
    );
    h.run();
    // The editor is back on top with the question.
    assert!(h.state_mut().editor().is_some());
    h.get_by_label("Save them before Touchline closes?");
    h.get_by_label("Save and leave").click();
    let mut closed = false;
    for _ in 0..4 {
        h.step();
        closed |= asked(&h, &egui::ViewportCommand::Close);
    }
    assert!(closed, "the window was not closed after saving");
    let saved = std::fs::read_to_string(dir.path().join("booked/nations.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(saved.contains("Kept On Close"));
}

#[test]
fn unsaved_editor_work_is_offered_back_after_a_crash() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let recovery = home.path().join("touchline/editor-recovery.json");
    let mut h = app_at_home(dir.path(), home.path());
    open_editor(&mut h);
    pick_bra9(&mut h, "Caíque Albuquerque");
    retype(&mut h, "Name", "Crash Survivor");
    assert!(
        recovery.exists(),
        "unsaved work is not kept while it is unsaved"
    );
    // The process dies: nothing is answered, nothing saved.
    drop(h);
    let nations = dir.path().join("booked/nations.toml");
    assert!(!nations.exists());

    let mut h = app_at_home(dir.path(), home.path());
    h.run();
    h.get_by_label("Unsaved editor work from last time");
    h.get_by_label("Restore unsaved work").click();
    h.run();
    assert_eq!(bra9_name(&mut h), "Crash Survivor");
    h.get_by_label_contains("(unsaved changes)");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let saved = std::fs::read_to_string(&nations).unwrap_or_else(|e| panic!("{e}"));
    assert!(saved.contains("Crash Survivor"));
    assert!(
        !recovery.exists(),
        "saved work is still offered for recovery"
    );

    // Work found and discarded is gone for good.
    pick_bra9(&mut h, "Crash Survivor");
    retype(&mut h, "Name", "Thrown Away");
    drop(h);
    let mut h = app_at_home(dir.path(), home.path());
    h.run();
    h.get_by_label("Discard unsaved work").click();
    h.run();
    assert!(!recovery.exists());
    assert!(
        h.query_by_label("Unsaved editor work from last time")
            .is_none()
    );
    open_editor(&mut h);
    pick_bra9(&mut h, "Crash Survivor");
    assert_eq!(bra9_name(&mut h), "Crash Survivor");
}

#[test]
fn a_csv_import_lists_what_changes_and_waits_for_an_answer() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    let text = {
        let editor = h
            .state_mut()
            .editor()
            .unwrap_or_else(|| panic!("no editor"));
        let deck = editor.deck().unwrap_or_else(|e| panic!("{e}"));
        touchline::editor::csv::export(deck)
    };
    // One name changed and the last referee left out.
    let mut lines: Vec<String> = text
        .lines()
        .map(|l| l.replace("Caíque Albuquerque", "Csv Changed"))
        .collect();
    let last_referee = lines
        .iter()
        .rposition(|l| l.starts_with("referee,"))
        .unwrap_or_else(|| panic!("no referee row"));
    lines.remove(last_referee);
    let csv = dir.path().join("deck.csv");
    std::fs::write(&csv, lines.join("\n") + "\n").unwrap_or_else(|e| panic!("{e}"));

    let import = |h: &mut Harness<'static, TouchlineApp>| {
        h.state_mut()
            .editor()
            .unwrap_or_else(|| panic!("no editor"))
            .import_csv(&csv);
        h.run();
    };
    import(&mut h);
    h.get_by_label_contains("0 added, 1 removed, 1 changed");
    h.get_by_label_contains("“Caíque Albuquerque” → “Csv Changed”");
    h.get_by_label_contains("− Referee");
    assert_eq!(bra9_name(&mut h), "Caíque Albuquerque", "applied unasked");
    h.get_by_label("Cancel import").click();
    h.run();
    assert_eq!(bra9_name(&mut h), "Caíque Albuquerque");

    import(&mut h);
    h.get_by_label("Apply import").click();
    h.run();
    assert_eq!(bra9_name(&mut h), "Csv Changed");
    h.get_by_label_contains("(unsaved changes)");
}

#[test]
fn a_saved_game_keeps_its_cards_after_the_deck_is_edited() {
    use touchline::editor::Deck;
    use touchline::ui::PlayRequest;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let autosave = home.path().join("touchline/last-game.json");
    let mut app = TouchlineApp::new(Some(dir.path().to_path_buf()), Some(autosave.clone()));
    app.play(PlayRequest {
        game: "booked".into(),
        seats: vec![Controller::Human, Controller::Bot(Strength::Heuristic)],
        seed: 11,
        rules: None,
        options: Default::default(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let default = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let table = app
        .table_as::<TableScreen>()
        .unwrap_or_else(|| panic!("no table"));
    let view = table.session().game().view(Seat(0));
    let (code, before) = view
        .hand
        .iter()
        .find_map(|c| match view.cards.card(*c) {
            Some(touchline::games::booked::Card::Player { nation, .. }) => {
                let n = &default.nations[usize::from(nation)];
                Some((n.code.clone(), n.name.clone()))
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no player in hand"));
    let save = home.path().join("match.json");
    table
        .session()
        .save(&save)
        .unwrap_or_else(|e| panic!("{e}"));
    drop(app);

    // The deck is edited and saved after the game was.
    let mut deck = Deck::open(
        &touchline::games::booked::editor::SCHEMA,
        DataSource::dir(dir.path()),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let nations = deck.schema().collection("nation").map_or(0, |c| c.0);
    let nation = deck
        .records_of(nations)
        .into_iter()
        .find(|r| deck.text(r, "code") == code)
        .unwrap_or_else(|| panic!("no {code}"));
    deck.set(&nation, "name", "Freedonia")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.save(None).unwrap_or_else(|e| panic!("{e}"));

    if let Some(folder) = autosave.parent() {
        std::fs::create_dir_all(folder).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::copy(&save, &autosave).unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_at_home(dir.path(), home.path());
    h.run();
    h.get_by_label("Continue Booked!").click();
    h.run();
    assert!(
        h.state_mut().table_as::<TableScreen>().is_some(),
        "the save did not open"
    );
    h.get_by_label("Your hand");
    assert!(
        h.query_all_by_label_contains("Freedonia").count() == 0,
        "the loaded game draws the edited deck"
    );
    assert!(h.query_all_by_label_contains(&format!("{before})")).count() > 0);
}

/// A name too long for its box is marked on the preview and listed with
/// its card and field while it is typed; shortened, the warning goes.
#[test]
fn an_overlong_name_is_marked_on_the_preview_and_listed_until_it_fits() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    pick_deck(&mut h, "Eleven: Players");
    h.get_by_label("Search").focus();
    h.get_by_label("Search").type_text("player-04");
    h.run();
    h.get_by_label("Player · player-04 Pablo Ferrando").click();
    h.run();
    let listed = |h: &Harness<'static, TouchlineApp>| {
        h.query_all_by_label_contains("card player-04, field `name`: text cut with")
            .count()
    };
    let marked = |h: &Harness<'static, TouchlineApp>| {
        h.query_all_by_label_contains("⚠ `name`: text cut with")
            .count()
    };
    assert_eq!((listed(&h), marked(&h)), (0, 0));
    // 40 characters, the most the field takes: too wide for one line.
    retype(
        &mut h,
        "Untrained name",
        "Pablo Ferrando Maximiliano Bartholomeu V",
    );
    assert_eq!((listed(&h), marked(&h)), (1, 1));
    h.get_by_label_contains("print warning(s)");
    // The deck still plays: these are warnings, not deck problems.
    h.get_by_label_contains("The deck is valid");
    retype(&mut h, "Untrained name", "Pablo Ferrando");
    assert_eq!((listed(&h), marked(&h)), (0, 0));
    assert!(h.query_by_label_contains("print warning(s)").is_none());
}

/// The text of `key` in Eleven's Scenario sheet `id` as the open editor
/// has it, and of `key_in_goal` in its first goal.
fn sheet_values(
    h: &mut Harness<'static, TouchlineApp>,
    id: &str,
    key: &str,
    key_in_goal: &str,
) -> (String, String) {
    record_values(h, "scenario", id, key, key_in_goal, |deck, sheet| {
        deck.children(sheet)
            .into_iter()
            .find(|r| deck.collection(r).is_some_and(|c| c.kind == "goal"))
    })
}

/// A solo Scenario sheet in the editor: a setup field and a goal edited
/// through the form, a value out of range refused beside its field, an
/// empty name refused by the game's loader, an overlong story marked on
/// the preview; saved, read back by a fresh editor, the game and print.
#[test]
fn a_scenario_sheet_is_edited_checked_previewed_saved_and_reloaded() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = app_on(dir.path());
    open_editor(&mut h);
    pick_deck(&mut h, "Eleven: Scenario sheets");
    h.get_by_label_contains("The deck is valid");
    h.get_by_label("Search").focus();
    h.get_by_label("Search").type_text("solo-02");
    h.run();
    h.get_by_label("Scenario sheet · solo-02 Points Deduction")
        .click();
    h.run();
    h.get_by_label("Front of the card preview");
    h.get_by_label("Back of the card preview");
    assert_eq!(
        sheet_values(&mut h, "solo-02", "setup.league_points", "at_most"),
        ("-3".to_string(), "6".to_string())
    );
    // The field's own range.
    retype(&mut h, "Setup league points", "-25");
    h.get_by_label("must be -20-20");
    assert_eq!(
        sheet_values(&mut h, "solo-02", "setup.league_points", "at_most").0,
        "-3"
    );
    retype(&mut h, "Setup league points", "-5");
    // The first goal's comparator, inside the sheet's form.
    h.query_all_by_label("Goal at most")
        .next()
        .unwrap_or_else(|| panic!("no Goal at most"))
        .focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.query_all_by_label("Goal at most")
        .next()
        .unwrap_or_else(|| panic!("no Goal at most"))
        .type_text("5");
    h.run();
    assert_eq!(
        sheet_values(&mut h, "solo-02", "setup.league_points", "at_most"),
        ("-5".to_string(), "5".to_string())
    );
    h.get_by_label_contains("The deck is valid");
    // What only the loader knows: a sheet needs a name.
    retype(&mut h, "Name", " ");
    h.get_by_label_contains("a game cannot start with this deck");
    h.get(
        egui_kittest::kittest::by()
            .label_contains("field `name`: must not be empty")
            .role(egui::accesskit::Role::Link),
    );
    retype(&mut h, "Name", "Points Deduction");
    h.get_by_label_contains("The deck is valid");
    // The preview lays the sheet out as it prints: a story too long for
    // its box is marked there and listed with its sheet and field.
    let marked = |h: &Harness<'static, TouchlineApp>| {
        h.query_all_by_label_contains("⚠ `description`: text cut with")
            .count()
    };
    let listed = |h: &Harness<'static, TouchlineApp>| {
        h.query_all_by_label_contains("card solo-02, field `description`: text cut with")
            .count()
    };
    assert_eq!((marked(&h), listed(&h)), (0, 0));
    let long = "Financial irregularities under the old chairman cost us points. ".repeat(4);
    retype(&mut h, "Description", long.trim());
    assert_eq!((marked(&h), listed(&h)), (1, 1));
    retype(&mut h, "Description", "The old chairman cost us points.");
    assert_eq!((marked(&h), listed(&h)), (0, 0));
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let saved = std::fs::read_to_string(dir.path().join("eleven/scenarios.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(saved.contains("league_points = -5"), "{saved}");
    assert!(
        saved.contains("# Eleven - solo Scenario sheets"),
        "comments kept"
    );
    h.get_by_label("Back").click();
    h.run();
    // A fresh editor reads the saved file.
    open_editor(&mut h);
    pick_deck(&mut h, "Eleven: Scenario sheets");
    assert_eq!(
        sheet_values(&mut h, "solo-02", "setup.league_points", "at_most"),
        ("-5".to_string(), "5".to_string())
    );
    // The game plays the edited sheet and prints it.
    let source = DataSource::dir(dir.path());
    let sheets = touchline::games::eleven::scenarios(&source).unwrap_or_else(|e| panic!("{e}"));
    let s = sheets
        .iter()
        .find(|s| s.id == "solo-02")
        .unwrap_or_else(|| panic!("no solo-02"));
    assert_eq!(s.setup.league_points, -5);
    assert_eq!(s.goals[0].at_most, Some(5));
    assert_eq!(s.description, "The old chairman cost us points.");
    let print =
        touchline::games::eleven::tools::print_deck(&source).unwrap_or_else(|e| panic!("{e}"));
    let card = print
        .cards
        .iter()
        .find(|c| c.id == "solo-02")
        .unwrap_or_else(|| panic!("solo-02 not printed"));
    let setup = card.fields.get("setup").map(|v| v.to_string());
    assert!(
        setup
            .as_deref()
            .is_some_and(|t| t.contains("Start with a 5-point deduction.")),
        "{setup:?}"
    );
}
