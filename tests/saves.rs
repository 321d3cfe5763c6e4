//! Saves are versioned and checked on load: a crafted or damaged save of
//! any game gives a clear message and never panics.

use std::sync::Arc;
use touchline::bots::Strength;
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::session::BookedSession;
use touchline::games::booked::{BookedConfig, HouseRules};
use touchline::games::cardball::deck::CardballDeck;
use touchline::games::cardball::{CardballConfig, CardballSession};
use touchline::ui::session::{Controller, Manager, SaveError};

fn managers(n: usize) -> Vec<Manager> {
    (0..n)
        .map(|i| Manager {
            name: format!("M{i}"),
            controller: Controller::Bot(Strength::Random),
        })
        .collect()
}

/// A Booked! save after some bot moves, as JSON.
fn booked_save() -> serde_json::Value {
    let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let config = BookedConfig::new(Arc::new(deck.card_set()), HouseRules::default(), 3);
    let mut s = BookedSession::new(managers(3), config, 8).unwrap_or_else(|e| panic!("{e}"));
    s.pace = touchline::ui::session::Pace::Instant;
    for i in 0..40 {
        s.step(f64::from(i));
    }
    assert!(s.record().actions.len() > 5);
    serde_json::to_value(s.save_file()).unwrap_or_else(|e| panic!("{e}"))
}

fn load(v: &serde_json::Value) -> Result<BookedSession, SaveError> {
    let bytes = serde_json::to_vec(v).unwrap_or_else(|e| panic!("{e}"));
    BookedSession::from_save_bytes("save.json", &bytes, ())
}

#[test]
fn a_good_save_loads_and_replays_exactly() {
    let v = booked_save();
    let s = load(&v).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(serde_json::to_value(s.save_file()).ok(), Some(v));
}

#[test]
fn crafted_saves_are_refused_with_a_reason() {
    let v = booked_save();
    let refused = |v: &serde_json::Value, want: &str| match load(v) {
        Ok(_) => panic!("a save with {want} loaded"),
        Err(e) => assert!(e.to_string().contains(want), "{e} (wanted {want})"),
    };
    // An action by a seat the match does not have.
    let mut bad = v.clone();
    bad["record"]["actions"][0][0] = serde_json::json!(9);
    refused(&bad, "of 3 seats");
    // A manager missing.
    let mut bad = v.clone();
    if let Some(m) = bad["managers"].as_array_mut() {
        m.pop();
    }
    refused(&bad, "managers for a match of 3 seats");
    // Another game's save, a newer version, a file that is no save.
    let mut bad = v.clone();
    bad["game"] = serde_json::json!("cardball");
    refused(&bad, "saved cardball match");
    let mut bad = v.clone();
    bad["version"] = serde_json::json!(99);
    refused(&bad, "newer");
    // An action the rules refuse (a card that is nowhere to be played).
    let mut bad = v.clone();
    bad["record"]["actions"][0][1] = serde_json::json!({"Play": {"card": 60000}});
    assert!(load(&bad).is_err());
    let bytes = serde_json::to_vec(&v).unwrap_or_else(|e| panic!("{e}"));
    for cut in [0, 1, bytes.len() / 3, bytes.len() - 1] {
        let err = BookedSession::from_save_bytes("save.json", &bytes[..cut], ())
            .err()
            .unwrap_or_else(|| panic!("a save cut at {cut} loaded"));
        assert!(err.to_string().starts_with("save.json:"), "{err}");
    }
}

#[test]
fn a_cardball_save_is_checked_the_same_way() {
    let deck = Arc::new(CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}")));
    let config = CardballConfig::new(Arc::new(deck.card_set()));
    let s = CardballSession::new(managers(2), config, 4, deck.clone())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut v = serde_json::to_value(s.save_file()).unwrap_or_else(|e| panic!("{e}"));
    let bytes = serde_json::to_vec(&v).unwrap_or_else(|e| panic!("{e}"));
    assert!(CardballSession::from_save_bytes("c.json", &bytes, deck.clone()).is_ok());
    if let Some(m) = v["managers"].as_array_mut() {
        m.push(serde_json::json!({"name": "X", "controller": "Human"}));
    }
    let bytes = serde_json::to_vec(&v).unwrap_or_else(|e| panic!("{e}"));
    let err = CardballSession::from_save_bytes("c.json", &bytes, deck)
        .err()
        .unwrap_or_else(|| panic!("three managers for a duel loaded"));
    assert!(err.to_string().contains("3 managers"), "{err}");
}
