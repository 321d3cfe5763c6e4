//! The log is written for the seat that reads it: over many random games
//! of every game with a table, the line a seat (or a spectator) reads never
//! names a card its view hides: another seat's hand, a bench, the deck.

use std::sync::Arc;
use touchline::bots::RandomBot;
use touchline::engine::{Game, Seat};
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::session::card_words;
use touchline::games::booked::{Booked, BookedConfig, HouseRules};
use touchline::games::cardball::deck::CardballDeck;
use touchline::games::cardball::narrate::card_title;
use touchline::games::cardball::{Cardball, CardballConfig};
use touchline::ui::session::TableGame;

/// Whether `text` names `name` as a whole word (`BRA-1` is not in `BRA-10`).
fn names(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-');
        !part(before) && !part(after)
    })
}

/// What a reader cannot see, by name: the face-down supply (deck, draw
/// pile, benches) and the hands of the other seats.
struct Hidden {
    supply: Vec<String>,
    hands: Vec<String>,
}

/// The names a step made secret from a reader: cards that left the
/// face-down supply into a hand the reader cannot see ("Alex draws
/// ESP-14"), less any name the reader holds a copy of. Cards shown by rule
/// as they are played (a player named by SUBSTITUTION, a revealed pick)
/// and cards taken from a face-up pile were never secret.
fn still_secret(before: &Hidden, after: &Hidden) -> Vec<String> {
    let mut left = before.supply.clone();
    for name in &after.supply {
        if let Some(i) = left.iter().position(|r| r == name) {
            left.swap_remove(i);
        }
    }
    left.into_iter()
        .filter(|n| after.hands.contains(n))
        .collect()
}

/// Plays `game` with random bots; after every action, each event's line
/// for each reader is checked against `hidden(game, reader)`, the names
/// that reader may not see. Returns how many lines were checked.
fn check_game<G: TableGame>(
    mut game: G,
    seed: u64,
    names_of: &G::Names,
    hidden: impl Fn(&G, Option<Seat>) -> Hidden,
) -> usize {
    let seats: Vec<String> = (0..game.seat_count())
        .map(|i| format!("Manager{i}"))
        .collect();
    let mut bot = RandomBot::new(seed);
    let mut legal = Vec::new();
    let mut checked = 0;
    for _ in 0..3000 {
        let readers: Vec<Option<Seat>> = std::iter::once(None)
            .chain((0..game.seat_count()).map(|i| Some(Seat(i as u8))))
            .collect();
        let before: Vec<Hidden> = readers.iter().map(|r| hidden(&game, *r)).collect();
        let Some(events) = crate::util::random_step(&mut game, &mut bot, &mut legal) else {
            break;
        };
        for (reader, was) in readers.into_iter().zip(before) {
            let secret = still_secret(&was, &hidden(&game, reader));
            for e in &events {
                let Some(line) = game.narrate(names_of, &seats, e, reader) else {
                    continue;
                };
                checked += 1;
                for name in &secret {
                    assert!(
                        !names(&line.text, name),
                        "{reader:?} reads `{}`, which names hidden {name} (seed {seed})",
                        line.text
                    );
                }
            }
        }
    }
    checked
}

#[test]
fn a_booked_log_line_never_names_a_card_its_reader_cannot_see() {
    let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let cards = Arc::new(deck.card_set());
    // How many cards carry each name the log uses.
    let mut printed = std::collections::HashMap::<String, usize>::new();
    for i in 0..cards.len() {
        *printed.entry(card_words(&cards, i as _)).or_default() += 1;
    }
    let mut checked = 0;
    for seed in 0..40u64 {
        let seats = 2 + (seed % 5) as u8;
        let config = BookedConfig::new(cards.clone(), HouseRules::default(), seats);
        let game = Booked::new(&config, seed).unwrap_or_else(|e| panic!("{e}"));
        checked += check_game(game, seed, &(), |g, reader| {
            // The log names cards as a reader does ("Brazil's number 9");
            // only names printed on one card can tell which card it was.
            let name = |c: &touchline::games::booked::CardId| card_words(g.cards(), *c);
            let unique = |t: &String| printed.get(t) == Some(&1);
            let mut hands = Vec::new();
            for s in 0..g.seat_count() {
                if reader != Some(Seat(s as u8)) {
                    hands.extend(g.hand(Seat(s as u8)).iter().map(name));
                }
            }
            let mut supply: Vec<String> = g.deck().iter().map(name).collect();
            supply.retain(unique);
            hands.retain(unique);
            Hidden { supply, hands }
        });
    }
    assert!(checked > 1000, "only {checked} lines checked");
}

#[test]
fn a_cardball_log_line_never_names_a_card_its_reader_cannot_see() {
    let deck = Arc::new(CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}")));
    let cards = Arc::new(deck.card_set());
    let mut checked = 0;
    for seed in 0..40u64 {
        let config = CardballConfig::new(cards.clone());
        let game = Cardball::new(&config, seed).unwrap_or_else(|e| panic!("{e}"));
        let d = deck.clone();
        checked += check_game(game, seed, &deck, |g, reader| {
            let title = |c: &touchline::games::cardball::CardId| card_title(&d, g.cards(), *c);
            // A title the reader holds is no secret, even if a copy of it is
            // hidden elsewhere.
            let mine: Vec<String> =
                reader.map_or_else(Vec::new, |r| g.hand(r).iter().map(title).collect());
            let mut supply: Vec<String> = g.pile().iter().map(title).collect();
            let mut hands = Vec::new();
            for s in 0..g.seat_count() {
                let seat = Seat(s as u8);
                supply.extend(g.bench(seat).iter().map(title));
                if reader != Some(seat) {
                    hands.extend(g.hand(seat).iter().map(title));
                }
            }
            hands.retain(|t| !mine.contains(t));
            // A title printed on several cards (The Manager) cannot tell
            // which copy a line is about: only unique titles are checked.
            let unique = |t: &String| {
                (0..g.cards().len())
                    .filter(|i| card_title(&d, g.cards(), *i as _) == *t)
                    .count()
                    == 1
            };
            supply.retain(unique);
            Hidden { supply, hands }
        });
    }
    assert!(checked > 1000, "only {checked} lines checked");
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

#[test]
fn an_eleven_log_line_never_names_a_card_its_reader_cannot_see() {
    use touchline::games::eleven::deck::ElevenDecks;
    use touchline::games::eleven::season::{Season, SeasonConfig};
    use touchline::games::eleven::vocab::Contract;
    let decks = Arc::new(ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}")));
    let mut checked = 0;
    for seed in 0..24u64 {
        let managers = 1 + (seed % 4) as u8;
        let config = SeasonConfig::new(decks.clone(), managers, 1 + (seed % 3) as u8);
        let game = Season::new(&config, seed).unwrap_or_else(|e| panic!("{e}"));
        checked += check_game(game, seed, &(), |g, reader| {
            let d = &g.config.decks;
            let tactic = |t: &usize| d.tactics.get(*t).map(|c| c.name.clone());
            let objective = |o: &usize| d.objectives.get(*o).map(|c| c.name.clone());
            let director = |x: &usize| d.directors.get(*x).map(|c| c.name.clone());
            let mut supply: Vec<String> = g.decks.tactics.deck.iter().filter_map(tactic).collect();
            supply.extend(g.decks.objectives.deck.iter().filter_map(objective));
            supply.extend(g.decks.directors.deck.iter().filter_map(director));
            let mut mine = Vec::new();
            let mut hands = Vec::new();
            for (c, club) in g.clubs.iter().enumerate() {
                let mut held: Vec<String> = club.tactics.iter().filter_map(tactic).collect();
                held.extend(club.objective_offer.iter().filter_map(objective));
                held.extend(club.director_hand.iter().filter_map(director));
                if !club.objective_revealed {
                    held.extend(club.objective.iter().filter_map(objective));
                }
                held.extend(
                    club.sponsors
                        .iter()
                        .filter(|s| s.contract == Contract::Kit)
                        .filter_map(|s| d.sponsors.get(s.card).map(|x| x.front.name.clone())),
                );
                if reader == Some(Seat(c as u8)) {
                    mine.extend(held);
                } else {
                    hands.extend(held);
                }
            }
            // A name the reader holds a copy of is no secret.
            hands.retain(|t| !mine.contains(t));
            Hidden { supply, hands }
        });
    }
    assert!(checked > 1000, "only {checked} lines checked");
}
