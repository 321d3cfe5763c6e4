//! The log reads in names: over whole bot games of every game with a
//! table, no line (for any reader) shows a card id (`GER-14`,
//! `quick_restart-2`), a seat number (`on 0`, `seat 1`) or an internal name
//! (`full_time`, `a The Manager card`), and a line coloured for a seat
//! names that seat in words (the colour is never the only cue to whom it
//! is about; Eleven's season is read for this too).

use std::sync::Arc;
use touchline::bots::RandomBot;
use touchline::engine::{Game, Seat};
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::{Booked, BookedConfig, HouseRules};
use touchline::games::cardball::deck::CardballDeck;
use touchline::games::cardball::{Cardball, CardballConfig};
use touchline::games::flip_duel::{FlipDuel, FlipDuelConfig};
use touchline::games::stadium_memory::{StadiumMemory, StadiumMemoryConfig};
use touchline::ui::session::{Narrated, TableGame};

/// What in `line` reads as a machine's word rather than a person's, if
/// anything.
fn machine_words(line: &str) -> Option<String> {
    let lower = line.to_lowercase();
    for bad in [
        "decided by:",
        "seat 0",
        "seat 1",
        "seat 2",
        "seat 3",
        "seat(",
        "a the ",
        "an the ",
    ] {
        if lower.contains(bad) {
            return Some(bad.into());
        }
    }
    for word in line.split(|c: char| c.is_whitespace() || ",;:()[]{}\"'!?".contains(c)) {
        let word = word.trim_end_matches('.');
        // An internal name: snake_case.
        if word.contains('_') {
            return Some(word.into());
        }
        // A card id: letters, a dash, a number (`GER-14`, `yellow-3`).
        if let Some((head, tail)) = word.rsplit_once('-')
            && !head.is_empty()
            && head.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
            && !tail.is_empty()
            && tail.chars().all(|c| c.is_ascii_digit())
        {
            return Some(word.into());
        }
    }
    // A bare seat number after "on" or "to" ("tackles on 1").
    let words: Vec<&str> = lower.split_whitespace().collect();
    for w in words.windows(2) {
        if matches!(w[0], "on" | "to" | "by" | "seat")
            && w[1]
                .trim_end_matches(['.', ',', ')'])
                .parse::<u8>()
                .is_ok_and(|n| n < 8)
        {
            return Some(format!("{} {}", w[0], w[1]));
        }
    }
    None
}

/// The names the read games give their seats.
const SEATS: [&str; 6] = ["Alex", "Bea", "Cai", "Dee", "Eve", "Fox"];

/// Plays `game` with random bots to the end; every line for every reader
/// (and the opening) is kept, with the seat it is coloured for.
fn read_game<G: TableGame>(mut game: G, seed: u64, names: &G::Names) -> Vec<Narrated> {
    let seats: Vec<String> = SEATS
        .iter()
        .take(game.seat_count())
        .map(|s| s.to_string())
        .collect();
    let mut lines: Vec<Narrated> = game
        .opening(names, &seats)
        .into_iter()
        .map(|text| Narrated { seat: None, text })
        .collect();
    let mut bot = RandomBot::new(seed);
    let mut legal = Vec::new();
    for _ in 0..5000 {
        let Some(events) = crate::util::random_step(&mut game, &mut bot, &mut legal) else {
            break;
        };
        let readers =
            std::iter::once(None).chain((0..game.seat_count()).map(|i| Some(Seat(i as u8))));
        for reader in readers {
            for e in &events {
                if let Some(n) = game.narrate(names, &seats, e, reader) {
                    lines.push(n);
                }
            }
        }
    }
    lines
}

/// A line coloured for a seat names that seat in words (its name, or the
/// word the game calls it by, `alias`), so the colour is never the only
/// cue to whom it is about. Returns the first few lines that do not.
fn unnamed(lines: &[Narrated], alias: &dyn Fn(Seat) -> Option<&'static str>) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| {
            let seat = l.seat?;
            let name = SEATS.get(seat.index())?;
            let named = l.text.contains(name) || alias(seat).is_some_and(|a| l.text.contains(a));
            (!named).then(|| format!("{name}: {}", l.text))
        })
        .take(10)
        .collect()
}

fn check(game: &str, lines: &[String]) {
    assert!(lines.len() > 50, "{game}: only {} lines", lines.len());
    let bad: Vec<String> = lines
        .iter()
        .filter_map(|l| machine_words(l).map(|w| format!("`{w}` in: {l}")))
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    let bad: Vec<&String> = bad
        .iter()
        .filter(|b| seen.insert(b.split(" in: ").next().map(str::to_string)))
        .take(25)
        .collect();
    assert!(
        bad.is_empty(),
        "{game}:\n{}",
        bad.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Reads twelve bot games of one game (`make` deals the game of a seed)
/// and checks every line: no machine words, and every line coloured for a
/// seat names it (`alias`: another word the game calls a seat by).
fn check_games<G: TableGame>(
    title: &str,
    names: &G::Names,
    alias: &dyn Fn(Seat) -> Option<&'static str>,
    make: impl Fn(u64) -> G,
) {
    let lines: Vec<Narrated> = (0..12u64)
        .flat_map(|seed| read_game(make(seed), seed, names))
        .collect();
    let texts: Vec<String> = lines.iter().map(|l| l.text.clone()).collect();
    check(title, &texts);
    let seated = lines.iter().filter(|l| l.seat.is_some()).count();
    assert!(seated > 20, "{title}: only {seated} lines for a seat");
    let bad = unnamed(&lines, alias);
    assert!(
        bad.is_empty(),
        "{title}: lines coloured for a seat that do not name it:\n{}",
        bad.join("\n")
    );
}

/// No other word for a seat than its name.
fn no_alias(_: Seat) -> Option<&'static str> {
    None
}

#[test]
fn the_scan_catches_ids_seats_and_internal_names() {
    assert!(machine_words("Alex draws GER-14 from the deck").is_some());
    assert!(machine_words("Bea plays quick_restart-2").is_some());
    assert!(machine_words("Alex: tackle BRA-7 on 0").is_some());
    assert!(machine_words("Decided by: full_time").is_some());
    assert!(machine_words("At the touchline: play a The Manager card?").is_some());
    assert!(machine_words("Alex tackles Brazil's number 9").is_none());
    assert!(machine_words("They line up 4-4-2 and score 2-1.").is_none());
}

#[test]
fn booked_logs_read_in_names() {
    let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let cards = Arc::new(deck.card_set());
    check_games("Booked!", &(), &no_alias, |seed| {
        let config = BookedConfig::new(cards.clone(), HouseRules::default(), 2 + (seed % 5) as u8);
        Booked::new(&config, seed).unwrap_or_else(|e| panic!("{e}"))
    });
}

#[test]
fn cardball_logs_read_in_names() {
    let deck = Arc::new(CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}")));
    let cards = Arc::new(deck.card_set());
    check_games("Cardball", &deck, &no_alias, |seed| {
        Cardball::new(&CardballConfig::new(cards.clone()), seed).unwrap_or_else(|e| panic!("{e}"))
    });
}

#[test]
fn flip_duel_logs_read_in_names() {
    let cards = Arc::new(
        touchline::games::flip_duel::CardSet::default_set().unwrap_or_else(|e| panic!("{e}")),
    );
    // A Flip Duel player is also called by his pack's colour: "Red lays a
    // card." (the header reads "Alex (Red)").
    let pack = |s: Seat| Some(if s.index() == 0 { "Red" } else { "Blue" });
    check_games("Flip Duel", &(), &pack, |seed| {
        FlipDuel::new(&FlipDuelConfig::new(cards.clone()), seed).unwrap_or_else(|e| panic!("{e}"))
    });
}

#[test]
fn stadium_memory_logs_read_in_names() {
    let cards = Arc::new(
        touchline::games::stadium_memory::CardSet::default_set().unwrap_or_else(|e| panic!("{e}")),
    );
    check_games("Stadium Memory", &(), &no_alias, |seed| {
        let config = StadiumMemoryConfig::new(cards.clone(), 2 + (seed % 5) as u8);
        StadiumMemory::new(&config, seed).unwrap_or_else(|e| panic!("{e}"))
    });
}

#[test]
fn eleven_season_logs_name_the_club_they_are_coloured_for() {
    use touchline::games::eleven::deck::ElevenDecks;
    use touchline::games::eleven::season::{Season, SeasonConfig};
    let decks = Arc::new(ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}")));
    let lines: Vec<Narrated> = (0..6u64)
        .flat_map(|seed| {
            let managers = 2 + (seed % 3) as u8;
            let mut config = SeasonConfig::new(decks.clone(), managers, 1);
            // As the table names the clubs: "Alex FC".
            config.names = SEATS
                .iter()
                .take(usize::from(managers))
                .map(|n| format!("{n} FC"))
                .collect();
            let game = Season::new(&config, seed).unwrap_or_else(|e| panic!("{e}"));
            read_game(game, seed, &())
        })
        .collect();
    let seated = lines.iter().filter(|l| l.seat.is_some()).count();
    assert!(seated > 100, "only {seated} lines for a seat");
    let bad = unnamed(&lines, &no_alias);
    assert!(
        bad.is_empty(),
        "lines coloured for a seat that do not name it:\n{}",
        bad.join("\n")
    );
}
