//! Cardball for the registry's tools: `check` and `scenario`.

use super::deck::CardballDeck;
use super::scenario::Scenario;
use crate::cards::{DataErrors, DataSource};
use crate::scenario::Ran;
use std::sync::Arc;

/// Validates the four card files; a summary line.
pub fn check(source: &DataSource) -> Result<Vec<String>, DataErrors> {
    let deck = CardballDeck::load(source)?;
    let c = deck.counts();
    let positions: Vec<String> = deck
        .positions()
        .iter()
        .map(|(p, n)| format!("{n} {p}"))
        .collect();
    Ok(vec![format!(
        "{} cards: {} pitch cards, {} Manager cards ({}), {} Action cards, 1 die",
        c.pitch + c.managers + c.actions,
        c.pitch,
        c.managers,
        positions.join(", "),
        c.actions
    )])
}

/// Runs a scenario file.
pub fn scenario(source: &DataSource, name: &str, text: &str) -> Ran {
    let deck = match CardballDeck::load(source) {
        Ok(d) => d,
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let scenario = match Scenario::parse(name, text, Arc::new(deck.card_set())) {
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
    let deck = super::deck::CardballDeck::load(source)?;
    Ok(super::layout::print_deck(&deck))
}
