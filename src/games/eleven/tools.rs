//! Eleven for the registry's tools: `check` and `scenario`.

use super::deck::ElevenDecks;
use super::scenario::Scenario;
use crate::cards::{DataErrors, DataSource};
use crate::scenario::Ran;

/// Validates the eight decks; summary lines.
pub fn check(source: &DataSource) -> Result<Vec<String>, DataErrors> {
    let decks = ElevenDecks::load(source)?;
    let parts: Vec<String> = decks
        .counts()
        .iter()
        .map(|(label, n)| format!("{n} {label}"))
        .collect();
    Ok(vec![
        format!("{} cards: {}", decks.total(), parts.join(", ")),
        format!(
            "{} Opponent clubs in 4 Division decks, {} Opponent dice",
            decks.clubs.len(),
            decks.dice.len()
        ),
    ])
}

/// Runs a Matchday scenario file (the cards are in the file: `source` is
/// not read).
pub fn scenario(_source: &DataSource, name: &str, text: &str) -> Ran {
    let scenario = match Scenario::parse(name, text) {
        Ok(s) => s,
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let report = match scenario.run() {
        Ok(r) => r,
        Err(e) => return Ran::Malformed(format!("{name}: {e}")),
    };
    let failures = scenario.check(&report);
    let output = serde_json::json!({
        "scenario": name,
        "description": scenario.description,
        "own": report.own,
        "opponent": report.opponent,
        "result": report.result,
        "commentary": report.commentary(),
        "failures": failures,
    });
    Ran::Done {
        output,
        failures,
        illegal: None,
    }
}

/// The deck from `source`, laid out for print.
pub fn print_deck(source: &DataSource) -> Result<crate::layout::PrintDeck, DataErrors> {
    let deck = super::deck::ElevenDecks::load(source)?;
    Ok(super::layout::print_deck(&deck))
}
