//! `touchline check`: validate every deck and print a summary.

use anyhow::Result;
use std::process::ExitCode;
use touchline::cards::DataSource;
use touchline::games::booked::deck::{BookedDeck, load_house_rules};
use touchline::games::cardball::deck::CardballDeck;
use touchline::games::eleven::deck::ElevenDecks;

pub fn run(source: &DataSource) -> Result<ExitCode> {
    let mut ok = true;
    match BookedDeck::load(source) {
        Ok(deck) => {
            let counts = deck.counts();
            let total: usize = counts.values().sum();
            let parts: Vec<String> = counts
                .iter()
                .map(|(k, n)| format!("{n} {}", k.label()))
                .collect();
            println!(
                "booked: {} — {total} cards: {}",
                deck.name,
                parts.join(", ")
            );
            println!(
                "booked: {} nations: {}",
                deck.nations.len(),
                deck.nations
                    .iter()
                    .map(|n| n.code.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
        Err(errors) => {
            ok = false;
            eprintln!("booked: {} problem(s)", errors.0.len());
            for e in &errors.0 {
                eprintln!("  {e}");
            }
        }
    }
    match load_house_rules(source) {
        Ok(rules) => println!(
            "booked: house rules ok (deal {}, hand limit {}{})",
            rules.deal_size,
            rules.hand_limit,
            if rules == Default::default() {
                ", official"
            } else {
                ", custom"
            }
        ),
        Err(e) => {
            ok = false;
            eprintln!("  {e}");
        }
    }
    match CardballDeck::load(source) {
        Ok(deck) => {
            let c = deck.counts();
            let positions: Vec<String> = deck
                .positions()
                .iter()
                .map(|(p, n)| format!("{n} {p}"))
                .collect();
            println!(
                "cardball: {} cards: {} pitch cards, {} Manager cards ({}), {} Action cards, 1 die",
                c.pitch + c.managers + c.actions,
                c.pitch,
                c.managers,
                positions.join(", "),
                c.actions
            );
        }
        Err(errors) => {
            ok = false;
            eprintln!("cardball: {} problem(s)", errors.0.len());
            for e in &errors.0 {
                eprintln!("  {e}");
            }
        }
    }
    ok &= check_eleven(source);
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Validates Eleven's decks and prints their summary or their problems;
/// returns whether they are valid.
fn check_eleven(source: &DataSource) -> bool {
    match ElevenDecks::load(source) {
        Ok(decks) => {
            let parts: Vec<String> = decks
                .counts()
                .iter()
                .map(|(label, n)| format!("{n} {label}"))
                .collect();
            println!("eleven: {} cards: {}", decks.total(), parts.join(", "));
            println!(
                "eleven: {} Opponent clubs in 4 Division decks, {} Opponent dice",
                decks.clubs.len(),
                decks.dice.len()
            );
            true
        }
        Err(errors) => {
            eprintln!("eleven: {} problem(s)", errors.0.len());
            for e in &errors.0 {
                eprintln!("  {e}");
            }
            false
        }
    }
}
