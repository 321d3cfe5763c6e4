//! Booked! for the registry's tools: `check` and `scenario`.

use super::deck::{BookedDeck, load_house_rules};
use super::scenario::Scenario;
use crate::cards::{DataErrors, DataSource};
use crate::scenario::Ran;
use std::sync::Arc;

/// Validates the deck and the house rules; summary lines.
pub fn check(source: &DataSource) -> Result<Vec<String>, DataErrors> {
    let deck = BookedDeck::load(source)?;
    let counts = deck.counts();
    let total: usize = counts.values().sum();
    let parts: Vec<String> = counts
        .iter()
        .map(|(k, n)| format!("{n} {}", k.label()))
        .collect();
    let nations: Vec<&str> = deck.nations.iter().map(|n| n.code.as_str()).collect();
    let rules = load_house_rules(source)?;
    Ok(vec![
        format!("{} — {total} cards: {}", deck.name, parts.join(", ")),
        format!("{} nations: {}", deck.nations.len(), nations.join(" ")),
        format!(
            "house rules ok (deal {}, hand limit {}{})",
            rules.deal_size,
            rules.hand_limit,
            if rules == Default::default() {
                ", official"
            } else {
                ", custom"
            }
        ),
    ])
}

/// Runs a scenario file.
pub fn scenario(source: &DataSource, name: &str, text: &str) -> Ran {
    let loaded = BookedDeck::load(source).and_then(|d| Ok((d, load_house_rules(source)?)));
    let (deck, base) = match loaded {
        Ok(x) => x,
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let scenario = match Scenario::parse(name, text, Arc::new(deck.card_set()), &base) {
        Ok(s) => s,
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let run = match scenario.run() {
        Ok(r) => r,
        Err(e) => return Ran::Malformed(format!("{name}: {e}")),
    };
    let out = scenario.output(&run);
    let illegal = run
        .error
        .as_ref()
        .filter(|_| scenario.expect.error.is_none())
        .map(|(i, text, e)| format!("action {} `{text}` is illegal: {e}", i + 1));
    Ran::Done {
        output: serde_json::to_value(&out).unwrap_or_default(),
        failures: out.failures,
        illegal,
    }
}

/// The deck from `source`, laid out for print.
pub fn print_deck(source: &DataSource) -> Result<crate::layout::PrintDeck, DataErrors> {
    let deck = super::deck::BookedDeck::load(source)?;
    Ok(super::layout::print_deck(&deck))
}
