//! The deck editor's model: typed edits, undo and redo, validation traced to
//! the card, atomic save, CSV round trips, and edits reaching the game.

use proptest::prelude::*;
use std::path::Path;
use touchline::cards::source::DataSource;
use touchline::editor::{Deck, RecordId, csv};
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::editor::SCHEMA;

fn open(source: DataSource) -> Deck {
    Deck::open(&SCHEMA, source).unwrap_or_else(|e| panic!("{e}"))
}

fn kind(deck: &Deck, kind: &str) -> usize {
    deck.schema()
        .collection(kind)
        .unwrap_or_else(|| panic!("no {kind}"))
        .0
}

/// The player record of `code`-`number`.
fn player(deck: &Deck, code: &str, number: i64) -> RecordId {
    let players = kind(deck, "player");
    deck.records_of(players)
        .into_iter()
        .find(|r| {
            deck.text(r, "number") == number.to_string()
                && deck
                    .parent(r)
                    .is_some_and(|p| deck.text(&p, "code") == code)
        })
        .unwrap_or_else(|| panic!("no {code}-{number}"))
}

fn nation(deck: &Deck, code: &str) -> RecordId {
    let nations = kind(deck, "nation");
    deck.records_of(nations)
        .into_iter()
        .find(|r| deck.text(r, "code") == code)
        .unwrap_or_else(|| panic!("no nation {code}"))
}

fn loaded(deck: &Deck) -> BookedDeck {
    let mut source = deck.source().clone();
    source.overrides = deck
        .texts()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    BookedDeck::load(&source).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_default_deck_opens_with_every_card_as_a_record_and_checks_clean() {
    let deck = open(DataSource::embedded());
    let players = deck.records_of(kind(&deck, "player"));
    let nations = deck.records_of(kind(&deck, "nation"));
    let referees = deck.records_of(kind(&deck, "referee"));
    let default = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(nations.len(), default.nations.len());
    assert_eq!(
        players.len(),
        default
            .nations
            .iter()
            .map(|n| n.players.len())
            .sum::<usize>()
    );
    assert_eq!(referees.len(), default.referees.len());
    let checked = deck.check();
    assert!(checked.issues.is_empty(), "{:?}", checked.issues);
    assert_eq!(checked.deck.map(|d| d.cards.len()), Some(198));
    assert!(!deck.is_dirty());
}

#[test]
fn an_edit_shows_in_the_loaded_deck_and_undo_redo_step_through_it() {
    let mut deck = open(DataSource::embedded());
    let bra9 = player(&deck, "BRA", 9);
    let before = deck.text(&bra9, "name");
    // Typing a name letter by letter is one undo step.
    deck.set(&bra9, "name", "P")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&bra9, "name", "Pe")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&bra9, "name", "Pelé Nascimento")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&nation(&deck, "BRA"), "name", "Brasil")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(deck.is_dirty());
    let d = loaded(&deck);
    let bra = d.nations.iter().find(|n| n.code == "BRA");
    assert_eq!(bra.map(|n| n.name.as_str()), Some("Brasil"));
    assert!(bra.is_some_and(|n| n.players.iter().any(|p| p.name == "Pelé Nascimento")));
    // Comments in the file survive an edit.
    let text = &deck.texts()["booked/nations.toml"];
    assert!(text.contains("# Booked! core set"), "{}", &text[..200]);
    assert!(deck.undo());
    assert_eq!(deck.text(&nation(&deck, "BRA"), "name"), "Brazil");
    assert_eq!(deck.text(&bra9, "name"), "Pelé Nascimento");
    assert!(deck.undo());
    assert_eq!(deck.text(&bra9, "name"), before);
    assert!(!deck.is_dirty());
    assert!(!deck.undo());
    assert!(deck.redo());
    assert_eq!(deck.text(&bra9, "name"), "Pelé Nascimento");
    assert!(deck.redo());
    assert_eq!(deck.text(&nation(&deck, "BRA"), "name"), "Brasil");
    assert!(!deck.redo());
}

#[test]
fn typed_fields_refuse_values_outside_their_type_and_change_nothing() {
    let mut deck = open(DataSource::embedded());
    let bra9 = player(&deck, "BRA", 9);
    let texts = deck.texts();
    for (field, bad) in [
        ("rating", "11"),
        ("rating", "ten"),
        ("number", "0"),
        ("position", "STRIKER"),
        ("name", "A name that is far too long for the card"),
    ] {
        let err = deck.set(&bra9, field, bad).err();
        assert!(err.is_some(), "{field} = {bad} was accepted");
    }
    assert!(
        deck.set(&nation(&deck, "BRA"), "kit.primary", "#12345")
            .is_err()
    );
    assert_eq!(deck.texts(), texts);
    assert!(!deck.can_undo());
}

#[test]
fn deck_problems_are_traced_to_the_card_and_field() {
    let mut deck = open(DataSource::embedded());
    // A nation without a keeper: BRA's keeper becomes a defender.
    let keeper = player(&deck, "BRA", 1);
    deck.set(&keeper, "position", "DEF")
        .unwrap_or_else(|e| panic!("{e}"));
    // A clashing shirt number in ARG.
    let arg2 = player(&deck, "ARG", 2);
    deck.set(&arg2, "number", "13")
        .unwrap_or_else(|e| panic!("{e}"));
    let checked = deck.check();
    assert!(checked.deck.is_none());
    let clash = checked
        .issues
        .iter()
        .find(|i| i.error.message.contains("used twice"))
        .unwrap_or_else(|| panic!("{:?}", checked.issues));
    assert_eq!(clash.error.field.as_deref(), Some("number"));
    let record = clash.record.clone().unwrap_or_else(|| panic!("untraced"));
    assert_eq!(deck.text(&record, "number"), "13");
    assert!(
        deck.parent(&record)
            .is_some_and(|p| deck.text(&p, "code") == "ARG")
    );
    let keeperless = checked
        .issues
        .iter()
        .find(|i| {
            i.error.message.to_lowercase().contains("gk") || i.error.message.contains("keeper")
        })
        .unwrap_or_else(|| panic!("{:?}", checked.issues));
    let traced = keeperless
        .record
        .clone()
        .unwrap_or_else(|| panic!("untraced"));
    let traced_nation = deck.parent(&traced).unwrap_or(traced);
    assert_eq!(deck.text(&traced_nation, "code"), "BRA");
}

#[test]
fn add_duplicate_and_delete_keep_numbers_unique_and_undo_as_one_step() {
    let mut deck = open(DataSource::embedded());
    let players = kind(&deck, "player");
    let n = deck.records_of(players).len();
    let bra9 = player(&deck, "BRA", 9);
    let copy = deck.duplicate(&bra9).unwrap_or_else(|| panic!("no copy"));
    assert_eq!(deck.records_of(players).len(), n + 1);
    assert_eq!(deck.text(&copy, "name"), deck.text(&bra9, "name"));
    let numbers: Vec<String> = deck
        .records_of(players)
        .iter()
        .filter(|r| deck.parent(r) == deck.parent(&bra9))
        .map(|r| deck.text(r, "number"))
        .collect();
    let mut unique = numbers.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), numbers.len(), "{numbers:?}");
    // Twelve players and a wrong total: the loader says so.
    assert!(deck.check().deck.is_none());
    assert!(deck.delete(&copy));
    assert_eq!(deck.records_of(players).len(), n);
    assert!(deck.check().deck.is_some());
    let referees = kind(&deck, "referee");
    let added = deck
        .add(referees, None)
        .unwrap_or_else(|| panic!("not added"));
    assert_eq!(deck.text(&added, "effect"), "added_time");
    assert!(deck.undo());
    assert!(deck.undo());
    assert!(deck.undo());
    assert!(!deck.is_dirty());
    // Singletons can be neither added nor removed.
    let yellow = deck.records_of(kind(&deck, "yellow"));
    assert_eq!(yellow.len(), 1);
    assert!(!deck.delete(&yellow[0]));
    assert!(deck.duplicate(&yellow[0]).is_none());
}

#[test]
fn save_writes_atomically_and_reopening_shows_the_change() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut deck = open(DataSource::dir(dir.path()));
    let bra9 = player(&deck, "BRA", 9);
    deck.set(&bra9, "rating", "9")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&player(&deck, "BRA", 8), "rating", "10")
        .unwrap_or_else(|e| panic!("{e}"));
    let written = deck.save(None).unwrap_or_else(|e| panic!("{e}"));
    // Only the changed file is written; the rest still fall back.
    assert_eq!(written, vec![dir.path().join("booked/nations.toml")]);
    assert!(!deck.is_dirty());
    let again = open(DataSource::dir(dir.path()));
    assert_eq!(again.text(&player(&again, "BRA", 9), "rating"), "9");
    assert!(again.check().deck.is_some());
    // No temporary file is left behind.
    let leftovers: Vec<_> = std::fs::read_dir(dir.path().join("booked"))
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn a_save_that_fails_midway_leaves_the_old_file_whole() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut deck = open(DataSource::dir(dir.path()));
    deck.set(&player(&deck, "BRA", 9), "name", "First Save")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.save(None).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("booked/nations.toml");
    let old = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
    // Something occupies the temporary file's name: writing it fails
    // before the rename, as a full disk or a crash would.
    let tmp = dir
        .path()
        .join(format!("booked/.nations.toml.{}.tmp", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap_or_else(|e| panic!("{e}"));
    deck.set(&player(&deck, "BRA", 9), "name", "Second Save")
        .unwrap_or_else(|e| panic!("{e}"));
    let err = deck.save(None).err().unwrap_or_else(|| panic!("saved"));
    assert!(err.contains("nations.toml"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap_or_default(), old);
    assert!(deck.is_dirty(), "the unsaved change must be kept");
}

#[test]
fn a_save_of_several_files_changes_all_or_none() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut deck = open(DataSource::dir(dir.path()));
    deck.set(&player(&deck, "BRA", 9), "name", "Both Or None")
        .unwrap_or_else(|e| panic!("{e}"));
    let referee = deck.records_of(kind(&deck, "referee"))[0].clone();
    deck.set(&referee, "name", "Also Saved")
        .unwrap_or_else(|e| panic!("{e}"));
    // The referees' file cannot be replaced (a folder holds its name), and
    // it comes after the nations' file: the nations must stay unsaved too.
    let referees = dir.path().join("booked/referees.toml");
    std::fs::create_dir_all(referees.join("blocked")).unwrap_or_else(|e| panic!("{e}"));
    let err = deck.save(None).err().unwrap_or_else(|| panic!("saved"));
    assert!(err.contains("referees.toml"), "{err}");
    assert!(err.starts_with("nothing was saved"), "{err}");
    assert!(
        !dir.path().join("booked/nations.toml").exists(),
        "the nations were saved without the referees"
    );
    assert!(deck.is_dirty());
    let names: Vec<String> = std::fs::read_dir(dir.path().join("booked"))
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(names, vec!["referees.toml".to_string()], "leftovers");
    // Once the way is clear, both are saved together.
    std::fs::remove_dir_all(&referees).unwrap_or_else(|e| panic!("{e}"));
    let written = deck.save(None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(written.len(), 2);
    let again = open(DataSource::dir(dir.path()));
    assert_eq!(
        again.text(&player(&again, "BRA", 9), "name"),
        "Both Or None"
    );
}

#[test]
fn the_built_in_decks_are_never_overwritten() {
    let mut deck = open(DataSource::embedded());
    deck.set(&player(&deck, "BRA", 9), "rating", "9")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(deck.save(None).is_err());
    assert!(deck.is_dirty());
}

#[test]
fn a_corrupt_file_opens_with_a_clear_error_and_stays_untouched() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("booked/referees.toml");
    std::fs::create_dir_all(dir.path().join("booked")).unwrap_or_else(|e| panic!("{e}"));
    let bad = b"[[referee]]\neffect = \"offside\nname = 3\n";
    std::fs::write(&path, bad).unwrap_or_else(|e| panic!("{e}"));
    let err = Deck::open(&SCHEMA, DataSource::dir(dir.path()))
        .err()
        .unwrap_or_else(|| panic!("opened"));
    let msg = err.to_string();
    assert!(msg.contains("referees.toml"), "{msg}");
    assert_eq!(err.line, Some(2), "{msg}");
    assert_eq!(std::fs::read(&path).unwrap_or_default(), bad);
}

#[test]
fn csv_export_then_import_gives_back_the_same_deck() {
    let deck = open(DataSource::embedded());
    let text = csv::export(&deck);
    assert!(text.starts_with("#kind,#parent,"), "{}", &text[..80]);
    let texts = csv::import(&deck, &text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut again = open(DataSource::embedded());
    again.replace(&texts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(csv::contents(&again), csv::contents(&deck));
    assert_eq!(loaded(&again), loaded(&deck));
}

#[test]
fn a_broken_csv_is_reported_by_row_and_column_and_imports_nothing() {
    let deck = open(DataSource::embedded());
    let text = csv::export(&deck);
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    // Row 3 (the second record) gets an unknown kind; a player row a bad rating.
    lines[2] = lines[2].replacen("nation", "natoin", 1);
    let header: Vec<&str> = lines[0].split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap_or(usize::MAX);
    let p = lines
        .iter()
        .position(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            cells.first() == Some(&"player")
                && cells.get(1) == Some(&"BRA")
                && cells.get(col("number")) == Some(&"9")
        })
        .unwrap_or_else(|| panic!("no BRA 9 row"));
    let mut cells: Vec<String> = lines[p].split(',').map(String::from).collect();
    cells[col("rating")] = "eleven".into();
    lines[p] = cells.join(",");
    let broken = lines.join("\n");
    let errors = csv::import(&deck, &broken)
        .err()
        .unwrap_or_else(|| panic!("imported"));
    assert!(
        errors
            .iter()
            .any(|e| e.row == Some(3) && e.column.as_deref() == Some("#kind")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.row == Some(p + 1) && e.column.as_deref() == Some("rating")),
        "{errors:?}"
    );
    // A ragged row is reported with its line.
    let ragged = format!("{}\nplayer,BRA\n", text.trim_end());
    let errors = csv::import(&deck, &ragged)
        .err()
        .unwrap_or_else(|| panic!("imported"));
    assert!(errors.iter().any(|e| e.row.is_some()), "{errors:?}");
}

fn arb_text(max: usize) -> impl Strategy<Value = String> {
    // Commas, quotes, newlines-free but otherwise awkward text.
    proptest::string::string_regex(&format!("[A-Za-zÀ-ÿ0-9 ,;\"'’.-]{{1,{max}}}"))
        .unwrap_or_else(|e| panic!("{e}"))
        .prop_filter("not blank", |s| !s.trim().is_empty())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random decks (names, ratings, positions, colours and texts changed
    /// at random) come back from CSV exactly.
    #[test]
    fn csv_round_trips_random_decks(
        names in proptest::collection::vec(arb_text(28), 20),
        ratings in proptest::collection::vec(1i64..=10, 20),
        positions in proptest::collection::vec(0usize..4, 20),
        picks in proptest::collection::vec(0usize..154, 20),
        colour in (0u8.., 0u8.., 0u8..),
        text in arb_text(120),
    ) {
        let mut deck = open(DataSource::embedded());
        let players = deck.records_of(kind(&deck, "player"));
        for i in 0..20 {
            let r = &players[picks[i] % players.len()];
            deck.set(r, "name", names[i].trim()).unwrap_or_else(|e| panic!("{e}"));
            deck.set(r, "rating", &ratings[i].to_string()).unwrap_or_else(|e| panic!("{e}"));
            deck.set(r, "position", ["GK", "DEF", "MID", "FWD"][positions[i]]).unwrap_or_else(|e| panic!("{e}"));
        }
        let n = nation(&deck, "NED");
        deck.set(&n, "kit.primary", &format!("#{:02X}{:02X}{:02X}", colour.0, colour.1, colour.2))
            .unwrap_or_else(|e| panic!("{e}"));
        let r = deck.records_of(kind(&deck, "referee"))[3].clone();
        deck.set(&r, "text", &text).unwrap_or_else(|e| panic!("{e}"));
        let exported = csv::export(&deck);
        let texts = csv::import(&deck, &exported).unwrap_or_else(|e| panic!("{e:?}"));
        let mut again = open(DataSource::embedded());
        again.replace(&texts).unwrap_or_else(|e| panic!("{e}"));
        prop_assert_eq!(csv::contents(&again), csv::contents(&deck));
        // And the game reads both the same way, problems included.
        let a: Vec<String> = again.check().issues.iter().map(|i| i.error.message.clone()).collect();
        let b: Vec<String> = deck.check().issues.iter().map(|i| i.error.message.clone()).collect();
        prop_assert_eq!(a, b);
    }
}

/// An edited deck on disk: a changed rating reaches the engine and what a
/// bot sees; a renamed nation and player reach the printed PDF. (The table
/// is covered in `ui_editor`.)
#[test]
fn edits_reach_the_engine_the_bots_and_the_pdf() {
    use std::sync::Arc;
    use touchline::engine::{Game as _, Seat};
    use touchline::games::booked::{Booked, BookedConfig, Card, HouseRules};
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut deck = open(DataSource::dir(dir.path()));
    let n = nation(&deck, "ITA");
    deck.set(&n, "name", "Azzurria")
        .unwrap_or_else(|e| panic!("{e}"));
    let ita13 = player(&deck, "ITA", 13);
    deck.set(&ita13, "name", "Zeno Quartararo")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&ita13, "rating", "8")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.save(None).unwrap_or_else(|e| panic!("{e}"));
    let booked = BookedDeck::load(&DataSource::dir(dir.path())).unwrap_or_else(|e| panic!("{e}"));
    let set = Arc::new(booked.card_set());
    let id = set.find("ITA-13").unwrap_or_else(|| panic!("no ITA-13"));
    let game = Booked::new(
        &BookedConfig::new(Arc::clone(&set), HouseRules::default(), 2),
        7,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // What a bot reads of the card is the edited rating.
    let view = game.view(Seat(1));
    assert!(
        matches!(view.cards.card(id), Some(Card::Player { rating: 8, .. })),
        "{:?}",
        view.cards.card(id)
    );
    let default = BookedDeck::default_set()
        .unwrap_or_else(|e| panic!("{e}"))
        .card_set();
    assert!(matches!(
        default.card(id),
        Some(Card::Player { rating: 5, .. })
    ));
    let out = dir.path().join("deck.pdf");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args(["export", "--game", "booked", "--out"])
        .arg(&out)
        .arg("--data")
        .arg(dir.path())
        .status()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(status.success());
    let text = pdf_text(&out);
    assert!(
        text.contains("Zeno Quartararo"),
        "the PDF lacks the new name"
    );
    assert!(
        text.contains("Azzurria"),
        "the PDF lacks the new nation name"
    );
    assert!(
        !text.contains("Simone Pellegatti"),
        "the PDF still has the old name"
    );
}

fn pdf_text(path: &Path) -> String {
    let out = std::process::Command::new("pdftotext")
        .arg(path)
        .arg("-")
        .output()
        .unwrap_or_else(|e| panic!("pdftotext: {e}"));
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// Cardball's deck is edited through its own schema: a bad effect word is
/// traced to the card and the zone, and CSV round-trips it too.
#[test]
fn the_cardball_deck_is_editable_through_its_schema() {
    use touchline::games::cardball::editor::SCHEMA as CARDBALL;
    let mut deck = Deck::open(&CARDBALL, DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
    assert!(deck.check().issues.is_empty(), "{:?}", deck.check().issues);
    let managers = kind(&deck, "manager");
    let first = deck.records_of(managers)[0].clone();
    assert_eq!(deck.text(&first, "id"), "gk-safe-hands");
    assert_eq!(deck.text(&first, "bottom.inside_box"), "fifty");
    deck.set(&first, "top.inside_box", "sometimes shoot")
        .unwrap_or_else(|e| panic!("{e}"));
    let checked = deck.check();
    let issue = checked
        .issues
        .iter()
        .find(|i| i.error.field.as_deref() == Some("top.inside_box"))
        .unwrap_or_else(|| panic!("{:?}", checked.issues));
    assert_eq!(issue.record.as_ref(), Some(&first));
    assert!(deck.undo());
    let text = csv::export(&deck);
    let texts = csv::import(&deck, &text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut again = Deck::open(&CARDBALL, DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
    again.replace(&texts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(csv::contents(&again), csv::contents(&deck));
    assert!(
        again.check().issues.is_empty(),
        "{:?}",
        again.check().issues
    );
}

// ----- Eleven -----

use touchline::games::eleven::deck::ElevenDecks;
use touchline::games::eleven::editor::{PLAYERS, SCHEMAS};

fn eleven(source: DataSource) -> Deck {
    Deck::open(&PLAYERS, source).unwrap_or_else(|e| panic!("{e}"))
}

fn eleven_loaded(deck: &Deck) -> ElevenDecks {
    let mut source = deck.source().clone();
    source.overrides = deck
        .texts()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    ElevenDecks::load(&source).unwrap_or_else(|e| panic!("{e}"))
}

/// The card record of `id` in an Eleven deck.
fn card(deck: &Deck, id: &str) -> RecordId {
    let (ci, _) = deck
        .schema()
        .collections
        .iter()
        .enumerate()
        .find(|(_, c)| c.key == Some("id") && c.print_id == "{id}")
        .unwrap_or_else(|| panic!("no card collection"));
    deck.records_of(ci)
        .into_iter()
        .find(|r| deck.text(r, "id") == id)
        .unwrap_or_else(|| panic!("no {id}"))
}

/// The records of kind `kind` nested (at any depth) in `parent`.
fn within(deck: &Deck, parent: &RecordId, kind_name: &str) -> Vec<RecordId> {
    deck.records_of(kind(deck, kind_name))
        .into_iter()
        .filter(|r| r.path.starts_with(&parent.path) && r.path.len() > parent.path.len())
        .collect()
}

#[test]
fn every_eleven_deck_opens_with_every_card_and_checks_clean() {
    let decks = ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"));
    let want = [
        decks.players.len(),
        decks.staff.len(),
        decks.sponsors.len(),
        decks.tactics.len(),
        decks.objectives.len(),
        decks.directors.len(),
        decks.board_meetings.len(),
        decks.opponents.len(),
    ];
    for (schema, n) in SCHEMAS.iter().zip(want) {
        let deck = Deck::open(schema, DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
        let listed: Vec<RecordId> = deck
            .records()
            .into_iter()
            .filter(|r| deck.collection(r).is_some_and(|c| c.print_id == "{id}"))
            .collect();
        assert_eq!(listed.len(), n, "{}", schema.title);
        let checked = deck.check();
        assert!(
            checked.issues.is_empty(),
            "{}: {:?}",
            schema.title,
            checked.issues
        );
    }
    // Both sides of a Player, its abilities and their ops are records.
    let deck = eleven(DataSource::embedded());
    let p = card(&deck, "player-04");
    assert_eq!(deck.text(&p, "untrained.strength"), "1");
    assert_eq!(deck.text(&p, "trained.strength"), "2");
    assert_eq!(deck.text(&p, "trained.zones"), "goal");
    let ability = within(&deck, &p, "trained_ability");
    assert_eq!(ability.len(), 1);
    assert_eq!(
        deck.text(&ability[0], "condition.quantity"),
        "opponent_goals"
    );
    let ops = within(&deck, &ability[0], "trained_op");
    assert!(!ops.is_empty());
    assert_eq!(deck.reference(&ops[0]), "player-04/0/0");
}

#[test]
fn eleven_edits_are_typed_and_reach_the_loader() {
    let mut deck = eleven(DataSource::embedded());
    let p = card(&deck, "player-04");
    let texts = deck.texts();
    // A wrong value never reaches the file.
    assert!(deck.set(&p, "trained.strength", "7").is_err());
    assert!(deck.set(&p, "trained.zones", "goal, the_bar").is_err());
    assert!(deck.set(&p, "trained.zones", "goal, goal").is_err());
    assert_eq!(deck.texts(), texts);
    deck.set(&p, "trained.strength", "3")
        .unwrap_or_else(|e| panic!("{e}"));
    let ability = within(&deck, &p, "untrained_ability")[0].clone();
    let op = within(&deck, &ability, "untrained_op")[0].clone();
    assert_eq!(deck.text(&op, "op"), "gain");
    deck.set(&op, "amount", "2")
        .unwrap_or_else(|e| panic!("{e}"));
    let d = eleven_loaded(&deck);
    let card4 = d
        .player("player-04")
        .unwrap_or_else(|| panic!("no player-04"));
    assert_eq!(card4.trained.strength, 3);
    assert_eq!(
        card4.untrained.abilities[0].effects[0],
        touchline::games::eleven::effect::Effect::Gain {
            resource: touchline::games::eleven::vocab::Resource::FanBase,
            amount: 2,
            per: None,
            max: None,
        }
    );
    // Comments stay.
    assert!(deck.texts()["eleven/players.toml"].starts_with("# Eleven"));
    // An op changed to another keeps only the arguments it takes.
    deck.set(&op, "op", "move_stat")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(deck.text(&op, "resource"), "");
    assert_eq!(deck.text(&op, "stat"), "cash");
    assert_eq!(deck.text(&op, "by"), "1");
    assert!(deck.set(&op, "amount", "2").is_err());
    assert!(deck.check().issues.is_empty(), "{:?}", deck.check().issues);
    // Clearing an optional field removes it, and its table when empty.
    deck.set(&ability, "condition.at_most", "")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&ability, "condition.quantity", "")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(deck.value(&ability, "condition.quantity").is_none());
    let text = &deck.texts()["eleven/players.toml"];
    let from = text.find("id = \"player-04\"").unwrap_or(0);
    assert!(
        !text[from..from + 400].contains("condition = {}"),
        "{}",
        &text[from..from + 400]
    );
}

#[test]
fn eleven_problems_are_traced_to_the_card_ability_and_field() {
    let mut deck = eleven(DataSource::embedded());
    let p = card(&deck, "player-04");
    let ability = within(&deck, &p, "trained_ability")[0].clone();
    // A timing Players cannot use.
    deck.set(&ability, "timing", "production")
        .unwrap_or_else(|e| panic!("{e}"));
    let checked = deck.check();
    let issue = checked
        .issues
        .iter()
        .find(|i| i.error.field.as_deref() == Some("trained.abilities.timing"))
        .unwrap_or_else(|| panic!("{:?}", checked.issues));
    assert_eq!(issue.record.as_ref(), Some(&ability));
    assert_eq!(deck.listed(&ability), p);
    assert!(deck.undo());
    // A rule of the card itself: a Goalkeeper without saves.
    deck.set(&p, "trained.saves", "")
        .unwrap_or_else(|e| panic!("{e}"));
    let checked = deck.check();
    let issue = checked
        .issues
        .iter()
        .find(|i| i.error.field.as_deref() == Some("trained.saves"))
        .unwrap_or_else(|| panic!("{:?}", checked.issues));
    assert_eq!(issue.record.as_ref(), Some(&p));
}

#[test]
fn eleven_abilities_and_ops_are_added_and_removed_as_records() {
    let mut deck = eleven(DataSource::embedded());
    let p = card(&deck, "player-01");
    assert!(within(&deck, &p, "trained_ability").is_empty());
    let ability = deck
        .add(kind(&deck, "trained_ability"), Some(&p))
        .unwrap_or_else(|| panic!("no ability added"));
    deck.set(&ability, "timing", "during_match")
        .unwrap_or_else(|e| panic!("{e}"));
    let op = deck
        .add(kind(&deck, "trained_op"), Some(&ability))
        .unwrap_or_else(|| panic!("no op added"));
    deck.set(&op, "op", "modify")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&op, "rule", "goalkeeper_saves")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&ability, "cost.fitness", "1")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(deck.check().issues.is_empty(), "{:?}", deck.check().issues);
    let d = eleven_loaded(&deck);
    let card1 = d
        .player("player-01")
        .unwrap_or_else(|| panic!("no player-01"));
    assert_eq!(card1.trained.abilities.len(), 1);
    // Still one `[[card]]` per card: the new table sits inside player-01.
    assert_eq!(d.players.len(), 62);
    assert!(deck.delete(&ability));
    assert_eq!(
        eleven_loaded(&deck),
        ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"))
    );
}

#[test]
fn a_problem_in_a_cards_second_ability_is_traced_to_that_ability() {
    let mut deck = Deck::open(
        &touchline::games::eleven::editor::STAFF,
        DataSource::embedded(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let c = card(&deck, "staff-05");
    let blocks = within(&deck, &c, "ability");
    assert_eq!(blocks.len(), 2);
    deck.set(&blocks[1], "timing", "during_match")
        .unwrap_or_else(|e| panic!("{e}"));
    let checked = deck.check();
    let issue = checked
        .issues
        .iter()
        .find(|i| i.error.field.as_deref() == Some("abilities[1].timing"))
        .unwrap_or_else(|| panic!("{:?}", checked.issues));
    assert_eq!(issue.record.as_ref(), Some(&blocks[1]));
    // The first block's problem points at the first.
    assert!(deck.undo());
    deck.set(&blocks[0], "timing", "during_match")
        .unwrap_or_else(|e| panic!("{e}"));
    let checked = deck.check();
    let issue = checked
        .issues
        .iter()
        .find(|i| i.error.field.as_deref() == Some("abilities[0].timing"))
        .unwrap_or_else(|| panic!("{:?}", checked.issues));
    assert_eq!(issue.record.as_ref(), Some(&blocks[0]));
}

/// The Board Meeting card `id` as the loader reads the editor's texts.
fn board_loaded(deck: &Deck, id: &str) -> touchline::games::eleven::deck::BoardMeetingCard {
    eleven_loaded(deck)
        .board_meetings
        .into_iter()
        .find(|b| b.id == id)
        .unwrap_or_else(|| panic!("no {id}"))
}

#[test]
fn choose_options_and_their_ops_are_records_with_typed_fields() {
    use touchline::games::eleven::effect::Effect;
    let mut deck = Deck::open(
        &touchline::games::eleven::editor::BOARD_MEETINGS,
        DataSource::embedded(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let b = card(&deck, "board-12");
    let choose = within(&deck, &b, "blue_op")
        .into_iter()
        .find(|r| deck.text(r, "op") == "choose")
        .unwrap_or_else(|| panic!("no choose op"));
    // No TOML value on the op: its options are records with op records.
    assert!(deck.fields(&choose).iter().all(|(f, _)| f.key != "options"));
    let options = within(&deck, &choose, "blue_option");
    assert_eq!(options.len(), 2);
    let second = within(&deck, &options[1], "blue_option_op");
    assert_eq!(second.len(), 1);
    assert_eq!(deck.text(&second[0], "op"), "place_token");
    assert_eq!(deck.reference(&second[0]), "board-12/0/0/1/0");
    // Typed: a token that does not exist never reaches the file.
    assert!(deck.set(&second[0], "token", "gold_star").is_err());
    deck.set(&second[0], "amount", "2")
        .unwrap_or_else(|e| panic!("{e}"));
    let options_of = |deck: &Deck| match &board_loaded(deck, "board-12").blue[0].effects[0] {
        Effect::Choose { options } => options.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        options_of(&deck)[1].effects[0],
        Effect::PlaceToken {
            token: touchline::games::eleven::vocab::Token::WeaknessPerm,
            target: touchline::games::eleven::effect::Target::Chosen,
            amount: 2,
            filter: None,
        }
    );
    // A third option, with an op of its own.
    let third = deck
        .add(kind(&deck, "blue_option"), Some(&choose))
        .unwrap_or_else(|| panic!("no option added"));
    let op = deck
        .add(kind(&deck, "blue_option_op"), Some(&third))
        .unwrap_or_else(|| panic!("no op added"));
    deck.set(&op, "op", "move_stat")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&op, "by", "-1").unwrap_or_else(|e| panic!("{e}"));
    assert!(deck.check().issues.is_empty(), "{:?}", deck.check().issues);
    let loaded = options_of(&deck);
    assert_eq!(loaded.len(), 3);
    assert_eq!(loaded[2].effects[0].op(), "move_stat");
    // An option left without ops is the loader's error, traced to the op.
    assert!(deck.delete(&op));
    let checked = deck.check();
    let issue = checked
        .issues
        .iter()
        .find(|i| i.error.message.contains("non-empty options"))
        .unwrap_or_else(|| panic!("{:?}", checked.issues));
    assert_eq!(
        issue.record.as_ref().map(|r| deck.listed(r)),
        Some(b.clone())
    );
    assert!(deck.delete(&third));
    assert!(deck.check().issues.is_empty(), "{:?}", deck.check().issues);
    // Any op becomes a choice by picking `choose` and adding options.
    let yellow = within(&deck, &b, "yellow_op")[0].clone();
    deck.set(&yellow, "op", "choose")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(deck.text(&yellow, "resource"), "");
    for resource in ["cash", "fan_base"] {
        let o = deck
            .add(kind(&deck, "yellow_option"), Some(&yellow))
            .unwrap_or_else(|| panic!("no option added"));
        let op = deck
            .add(kind(&deck, "yellow_option_op"), Some(&o))
            .unwrap_or_else(|| panic!("no op added"));
        deck.set(&op, "op", "gain")
            .unwrap_or_else(|e| panic!("{e}"));
        deck.set(&op, "resource", resource)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(deck.check().issues.is_empty(), "{:?}", deck.check().issues);
    let yellow_block = &board_loaded(&deck, "board-12").yellow[0];
    assert!(
        yellow_block
            .describe()
            .contains("Choose one: gain 1 Cash or gain 1 Fan Base"),
        "{}",
        yellow_block.describe()
    );
    // The file holds options as tables, as documented.
    let text = &deck.texts()["eleven/board_meetings.toml"];
    assert!(text.contains("options = [{ effects = ["), "{text}");
}

#[test]
fn every_eleven_deck_comes_back_from_csv_exactly() {
    for schema in SCHEMAS {
        let deck = Deck::open(schema, DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
        let text = csv::export(&deck);
        let texts = csv::import(&deck, &text).unwrap_or_else(|e| panic!("{}: {e:?}", schema.title));
        let mut again =
            Deck::open(schema, DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
        again.replace(&texts).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            csv::contents(&again),
            csv::contents(&deck),
            "{}",
            schema.title
        );
        assert_eq!(
            eleven_loaded(&again),
            eleven_loaded(&deck),
            "{}",
            schema.title
        );
    }
}

#[test]
fn an_empty_set_comes_back_from_csv_as_empty_not_missing() {
    let mut deck = eleven(DataSource::embedded());
    let p = card(&deck, "player-04");
    deck.set(&p, "trained.zones", "")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        deck.value(&p, "trained.zones").is_some(),
        "`[]`, not absent"
    );
    let texts = csv::import(&deck, &csv::export(&deck)).unwrap_or_else(|e| panic!("{e:?}"));
    let mut again = eleven(DataSource::embedded());
    again.replace(&texts).unwrap_or_else(|e| panic!("{e}"));
    let q = card(&again, "player-04");
    assert_eq!(
        again
            .value(&q, "trained.zones")
            .map(|v| v.to_string().trim().to_string()),
        Some("[]".to_string())
    );
    let messages = |d: &Deck| -> Vec<String> {
        d.check()
            .issues
            .iter()
            .map(|i| i.error.message.clone())
            .collect()
    };
    assert_eq!(messages(&again), messages(&deck));
}

#[test]
fn an_eleven_csv_with_an_argument_its_op_lacks_is_refused() {
    let deck = eleven(DataSource::embedded());
    let text = csv::export(&deck);
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap_or(usize::MAX);
    let row = lines
        .iter()
        .position(|l| l.starts_with("untrained_op,player-04/0,"))
        .unwrap_or_else(|| panic!("no op row"));
    let mut cells: Vec<String> = lines[row].split(',').map(String::from).collect();
    cells[col("stat")] = "cash".into();
    lines[row] = cells.join(",");
    let errors = csv::import(&deck, &lines.join("\n"))
        .err()
        .unwrap_or_else(|| panic!("imported"));
    assert!(
        errors
            .iter()
            .any(|e| e.row == Some(row + 1) && e.column.as_deref() == Some("stat")),
        "{errors:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Random Eleven Players (names, strengths, zones, both sides, op
    /// arguments and ops switched) come back from CSV exactly.
    #[test]
    fn csv_round_trips_random_eleven_decks(
        picks in proptest::collection::vec(0usize..62, 8),
        names in proptest::collection::vec(arb_text(30), 8),
        strengths in proptest::collection::vec(0i64..=4, 8),
        zones in proptest::collection::vec(proptest::collection::vec(any::<bool>(), 9), 8),
        amounts in proptest::collection::vec(1i64..=10, 8),
        ops in proptest::collection::vec(0usize..4, 8),
    ) {
        let mut deck = eleven(DataSource::embedded());
        let players = deck.records_of(kind(&deck, "player"));
        let all_ops = deck.records_of(kind(&deck, "trained_op"));
        const ZONES: [&str; 9] = [
            "left_defence", "central_defence", "right_defence",
            "left_midfield", "central_midfield", "right_midfield",
            "left_forward", "central_forward", "right_forward",
        ];
        for i in 0..8 {
            let r = &players[picks[i] % players.len()];
            let side = if i % 2 == 0 { "trained" } else { "untrained" };
            deck.set(r, &format!("{side}.name"), names[i].trim()).unwrap_or_else(|e| panic!("{e}"));
            deck.set(r, &format!("{side}.strength"), &strengths[i].to_string()).unwrap_or_else(|e| panic!("{e}"));
            let z: Vec<&str> = ZONES.iter().zip(&zones[i]).filter(|(_, on)| **on).map(|(z, _)| *z).collect();
            deck.set(r, &format!("{side}.zones"), &z.join(", ")).unwrap_or_else(|e| panic!("{e}"));
            let op = &all_ops[picks[i] % all_ops.len()];
            deck.set(op, "op", ["gain", "lose", "place_token", "draw"][ops[i]]).unwrap_or_else(|e| panic!("{e}"));
            if deck.text(op, "op") != "draw" {
                deck.set(op, "amount", &amounts[i].to_string()).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        let exported = csv::export(&deck);
        let texts = csv::import(&deck, &exported).unwrap_or_else(|e| panic!("{e:?}"));
        let mut again = eleven(DataSource::embedded());
        again.replace(&texts).unwrap_or_else(|e| panic!("{e}"));
        prop_assert_eq!(csv::contents(&again), csv::contents(&deck));
        let a: Vec<String> = again.check().issues.iter().map(|i| i.error.message.clone()).collect();
        let b: Vec<String> = deck.check().issues.iter().map(|i| i.error.message.clone()).collect();
        prop_assert_eq!(a, b);
    }
}

// ----- Flip Duel -----

/// Flip Duel's two packs through the schema: both sides of every card are
/// fields, a typed mistake is refused, a rule the loader judges (five
/// marks an area) is a problem traced to the card and field, an edit shows
/// on both printed sides, and CSV round-trips.
#[test]
fn the_flip_duel_packs_are_editable_on_both_sides() {
    use touchline::games::flip_duel::editor::SCHEMA as FLIP_DUEL;
    let open_fd =
        || Deck::open(&FLIP_DUEL, DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
    let mut deck = open_fd();
    assert!(deck.check().issues.is_empty(), "{:?}", deck.check().issues);
    let red = deck.records_of(kind(&deck, "red"));
    let blue = deck.records_of(kind(&deck, "blue"));
    assert_eq!((red.len(), blue.len()), (53, 53));
    let first = red[0].clone();
    assert_eq!(deck.text(&first, "id"), "red-01");
    assert_eq!(deck.text(&first, "defence.referee"), "3");
    // Typed fields refuse what their type cannot hold.
    let texts = deck.texts();
    for (field, bad) in [
        ("attack.goal", "6"),
        ("defence.referee", "9"),
        ("defence.defend", "empty, keeper, empty, empty, empty"),
    ] {
        assert!(deck.set(&first, field, bad).is_err(), "{field} = {bad}");
    }
    assert_eq!(deck.texts(), texts);
    // The loader's own rule: an area shows exactly five marks.
    deck.set(&first, "defence.save", "net, keeper, wide")
        .unwrap_or_else(|e| panic!("{e}"));
    let checked = deck.check();
    assert!(checked.deck.is_none());
    let issue = checked
        .issues
        .iter()
        .find(|i| i.error.field.as_deref() == Some("defence.save"))
        .unwrap_or_else(|| panic!("{:?}", checked.issues));
    assert_eq!(issue.record.as_ref(), Some(&first));
    assert!(
        issue.error.message.contains("5 sections"),
        "{}",
        issue.error
    );
    assert!(deck.undo());
    // An edit to each side reaches the printed card and its back.
    deck.set(&first, "attack.goal", "1")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&first, "defence.penalty", "post, post, post, post, post")
        .unwrap_or_else(|e| panic!("{e}"));
    let printed = deck
        .check()
        .deck
        .unwrap_or_else(|| panic!("{:?}", deck.check().issues));
    let card = printed
        .cards
        .iter()
        .find(|c| c.id == "red-01")
        .unwrap_or_else(|| panic!("no red-01"));
    assert_eq!(
        card.fields.get("ball.goal").map(ToString::to_string),
        Some("1".into())
    );
    let back = card.back.as_deref().unwrap_or_else(|| panic!("no back"));
    assert_eq!(
        back.fields
            .get("defence.penalty.3")
            .map(ToString::to_string),
        Some("post".into())
    );
    let text = csv::export(&deck);
    let texts = csv::import(&deck, &text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut again = open_fd();
    again.replace(&texts).unwrap_or_else(|e| panic!("{e}"));
    // The editor writes colours in capitals (#C8102E); the packs' files
    // have them in small letters. Both read the same.
    let lower = |d: &Deck| format!("{:?}", csv::contents(d)).to_lowercase();
    assert_eq!(lower(&again), lower(&deck));
    assert!(
        again.check().issues.is_empty(),
        "{:?}",
        again.check().issues
    );
}

#[test]
fn an_import_lists_its_changes_field_by_field() {
    use touchline::editor::csv::Change;
    let before = open(DataSource::embedded());
    let mut after = open(DataSource::embedded());
    let bra9 = player(&after, "BRA", 9);
    after
        .set(&bra9, "rating", "3")
        .unwrap_or_else(|e| panic!("{e}"));
    let referees = after.records_of(kind(&after, "referee"));
    let last = referees
        .last()
        .cloned()
        .unwrap_or_else(|| panic!("no referee"));
    let gone = after.title(&last);
    assert!(after.delete(&last));
    let rating_before = before.text(&player(&before, "BRA", 9), "rating");
    let changes = csv::changes(&before, &after);
    assert_eq!(changes.len(), 2, "{changes:?}");
    match &changes[0] {
        Change::Changed(record, fields) => {
            assert!(record.contains("Caíque Albuquerque"), "{record}");
            assert_eq!(
                fields,
                &vec![("Rating".to_string(), rating_before, "3".to_string())]
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(&changes[1], Change::Removed(r) if r.contains(&gone)));
    assert!(csv::changes(&before, &before).is_empty());
}
