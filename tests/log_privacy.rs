//! The log is written for the seat that reads it: over many random games
//! of every game of the registry with hidden cards, the line a seat (or a
//! spectator) reads never names a card its view hides: another seat's
//! hand, a bench, a deck, a card seen with VAR. Each game says what a
//! reader may not see through its table hooks' probe.

use std::sync::Arc;
use touchline::engine::Seat;
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::{BookedConfig, HouseRules};
use touchline::ui::probe::{Hidden, LogProbe};

/// Whether `text` names `name` as a whole word (`BRA-1` is not in `BRA-10`).
fn names(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-');
        !part(before) && !part(after)
    })
}

/// The names a step made secret from a reader: cards that left the
/// face-down supply into a hand the reader cannot see ("Alex draws
/// ESP-14"), less any name the reader holds a copy of. Cards shown by rule
/// as they are played (a player named by SUBSTITUTION, a revealed pick)
/// and cards taken from a face-up pile were never secret.
fn still_secret(before: &Hidden, after: &Hidden) -> Vec<String> {
    // The supply as a multiset: what left it is what it held before less
    // what it holds after, copy by copy.
    let mut left: std::collections::HashMap<&str, i32> = std::collections::HashMap::new();
    for name in &before.supply {
        *left.entry(name).or_default() += 1;
    }
    for name in &after.supply {
        if let Some(n) = left.get_mut(name.as_str()) {
            *n -= 1;
        }
    }
    let hands: std::collections::HashSet<&str> = after.hands.iter().map(String::as_str).collect();
    let mut secret: Vec<String> = left
        .into_iter()
        .filter(|(name, n)| *n > 0 && hands.contains(name))
        .map(|(name, _)| name.to_string())
        .collect();
    secret.sort();
    secret
}

/// Plays `probe`'s match to its end; after every step, each line of
/// each reader is checked against the names that reader may not see.
/// Returns how many lines were checked.
fn check_game(mut probe: Box<dyn LogProbe>, id: &str, seed: u64) -> usize {
    let mut checked = 0;
    for _ in 0..3000 {
        let readers: Vec<Option<Seat>> = std::iter::once(None)
            .chain((0..probe.seats()).map(|i| Some(Seat(i as u8))))
            .collect();
        let before: Vec<Hidden> = readers.iter().map(|r| probe.hidden(*r)).collect();
        let Some(lines) = probe.step() else {
            break;
        };
        for ((reader, was), lines) in readers.into_iter().zip(before).zip(lines) {
            let secret = still_secret(&was, &probe.hidden(reader));
            for line in lines {
                checked += 1;
                for name in &secret {
                    assert!(
                        !names(&line, name),
                        "{id}: {reader:?} reads `{line}`, which names hidden {name} (seed {seed})"
                    );
                }
            }
        }
    }
    checked
}

#[test]
fn no_log_line_of_any_game_names_a_card_its_reader_cannot_see() {
    let mut games = 0;
    for g in touchline::games::GAMES {
        let Some(make) = g.table.as_ref().and_then(|t| t.probe) else {
            continue;
        };
        games += 1;
        let mut checked = 0;
        for seed in 0..30u64 {
            let probe = make(seed).unwrap_or_else(|e| panic!("{}: {e}", g.id));
            checked += check_game(probe, g.id, seed);
        }
        assert!(checked > 1000, "{}: only {checked} lines checked", g.id);
    }
    assert!(games >= 2, "only {games} games have hidden cards");
}

#[test]
fn the_word_match_does_not_confuse_similar_ids() {
    assert!(names("Ana draws BRA-1 from the deck", "BRA-1"));
    assert!(!names("Ana draws BRA-10 from the deck", "BRA-1"));
    assert!(!names("Ana plays XBRA-1", "BRA-1"));
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let h = |supply: &[&str], hands: &[&str]| Hidden {
        supply: s(supply),
        hands: s(hands),
    };
    // Drawn from the deck into another hand: secret.
    assert_eq!(
        still_secret(&h(&["A", "B"], &[]), &h(&["B"], &["A"])),
        s(&["A"])
    );
    // Played from a hand, or drawn by the reader: nothing new is secret.
    assert!(still_secret(&h(&["B"], &["A"]), &h(&["B"], &[])).is_empty());
    assert!(still_secret(&h(&["A", "B"], &[]), &h(&["B"], &[])).is_empty());
}

/// In hot-seat the log on screen is the log of whoever holds the device:
/// the next player reads that a card was drawn, never which.
#[test]
fn in_hot_seat_the_next_player_never_reads_the_last_players_draw() {
    use touchline::games::booked::Action;
    use touchline::games::booked::session::BookedSession;
    use touchline::ui::seating::Seated as _;
    use touchline::ui::session::{Controller, Manager};
    let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let config = BookedConfig::new(Arc::new(deck.card_set()), HouseRules::default(), 2);
    let people = ["Alex", "Bea"].map(|n| Manager {
        name: n.into(),
        controller: Controller::Human,
    });
    let mut s = BookedSession::new(people.to_vec(), config, 3).unwrap_or_else(|e| panic!("{e}"));
    let first = s.game().current();
    s.reveal(first);
    s.act(first, Action::DrawDeck)
        .unwrap_or_else(|e| panic!("{e}"));
    let drawn = *s
        .game()
        .hand(first)
        .last()
        .unwrap_or_else(|| panic!("no card drawn"));
    let name = touchline::games::booked::session::card_words(s.game().cards(), drawn);
    let text = |s: &BookedSession| {
        s.log()
            .iter()
            .map(|l| l.text.clone())
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        names(&text(&s), &name),
        "the drawer reads the card: {}",
        text(&s)
    );
    // The device passes: the curtain is down, then the other player holds it.
    let other = Seat(1 - first.0);
    s.reveal(other);
    assert_eq!(s.viewer(), None, "not yet the other player's decision");
    assert!(
        !names(&text(&s), &name),
        "the curtain shows {name}: {}",
        text(&s)
    );
    assert!(!names(
        &s.log_for(Some(other))
            .iter()
            .map(|l| l.text.clone())
            .collect::<Vec<_>>()
            .join("\n"),
        &name
    ));
    assert!(
        text(&s).contains("Alex draws from the deck")
            || text(&s).contains("Bea draws from the deck")
    );
}
