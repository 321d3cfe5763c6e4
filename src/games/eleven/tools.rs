//! Eleven for the registry's tools: `check`.

use super::deck::ElevenDecks;
use crate::cards::{DataErrors, DataSource};

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
