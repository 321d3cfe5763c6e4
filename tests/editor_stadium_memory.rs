//! Stadium Memory's deck in the editor: players, points, prize counts and
//! the stand (grid and back label) edited through the schema, checked by
//! the game's loader, previewed from the print layout, saved and read back
//! by the table's loader, and through CSV.

use touchline::cards::source::DataSource;
use touchline::editor::{Deck, RecordId, csv};
use touchline::games::stadium_memory::editor::SCHEMA;
use touchline::games::stadium_memory::tools;

fn open(source: DataSource) -> Deck {
    Deck::open(&SCHEMA, source).unwrap_or_else(|e| panic!("{e}"))
}

fn first(deck: &Deck, kind: &str) -> RecordId {
    let (i, _) = deck
        .schema()
        .collection(kind)
        .unwrap_or_else(|| panic!("no {kind}"));
    deck.records_of(i)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no {kind} record"))
}

#[test]
fn the_default_deck_opens_clean_and_every_kind_is_a_record() {
    let deck = open(DataSource::embedded());
    assert!(deck.check().issues.is_empty(), "{:?}", deck.check().issues);
    let player = first(&deck, "player");
    assert_eq!(deck.text(&player, "id"), "ferro");
    assert_eq!(deck.text(&player, "points"), "5");
    let prize = first(&deck, "prize");
    assert_eq!(deck.text(&prize, "kind"), "yellow");
    assert_eq!(deck.quantity(&prize), Some(6));
    let stand = first(&deck, "stand");
    assert_eq!(deck.text(&stand, "rows"), "10");
    assert_eq!(deck.text(&stand, "back"), "Rivet");
    // The preview finds each record's printed card.
    let print = deck
        .check()
        .deck
        .unwrap_or_else(|| panic!("the deck prints"));
    let at = deck
        .print_index(&prize, &print)
        .unwrap_or_else(|| panic!("no printed yellow"));
    assert_eq!(print.cards.get(at).map(|c| c.id.as_str()), Some("yellow-1"));
    assert!(deck.print_index(&player, &print).is_some());
}

#[test]
fn points_prizes_and_the_grid_reach_the_game_and_the_print() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut deck = open(DataSource::dir(dir.path()));
    let player = first(&deck, "player");
    let prize = first(&deck, "prize");
    let stand = first(&deck, "stand");
    deck.set(&player, "points", "7")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&prize, "copies", "2")
        .unwrap_or_else(|e| panic!("{e}"));
    deck.set(&stand, "back", "Lawn")
        .unwrap_or_else(|e| panic!("{e}"));
    // A grid too small for the deck is traced to its field.
    deck.set(&stand, "rows", "5")
        .unwrap_or_else(|e| panic!("{e}"));
    let checked = deck.check();
    assert!(
        checked
            .issues
            .iter()
            .any(|i| i.error.field.as_deref() == Some("rows")),
        "{:?}",
        checked.issues
    );
    assert!(deck.set(&stand, "rows", "27").is_err(), "26 rows at most");
    deck.set(&stand, "rows", "12")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(deck.check().issues.is_empty(), "{:?}", deck.check().issues);
    let print = deck.check().deck.unwrap_or_else(|| panic!("prints"));
    assert_eq!(print.cards.len(), 96, "four yellows fewer");
    deck.save(None).unwrap_or_else(|e| panic!("{e}"));
    let cards = tools::load(&DataSource::dir(dir.path())).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cards.points(0), 7);
    assert_eq!((cards.rows, cards.columns), (12, 10));
    assert_eq!(cards.back, "Lawn");
    assert_eq!(cards.prize_counts().total(), 12);
}

#[test]
fn csv_export_then_import_gives_back_the_same_deck() {
    let deck = open(DataSource::embedded());
    let text = csv::export(&deck);
    let texts = csv::import(&deck, &text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut again = open(DataSource::embedded());
    again.replace(&texts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(csv::contents(&again), csv::contents(&deck));
    assert!(
        again.check().issues.is_empty(),
        "{:?}",
        again.check().issues
    );
}
