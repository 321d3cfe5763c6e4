//! `touchline scenario FILE`: run a rules scenario.

use anyhow::{Context as _, Result};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use touchline::cards::DataSource;
use touchline::games::booked::deck::{BookedDeck, load_house_rules};
use touchline::games::booked::scenario::Scenario;
use touchline::games::cardball::deck::CardballDeck;
use touchline::games::cardball::scenario as cardball;
use touchline::scenario::game_of;

/// Arguments of `touchline scenario`.
#[derive(Debug, Args)]
pub struct ScenarioArgs {
    /// The scenario file (TOML; see docs/scenarios.md).
    pub file: PathBuf,
}

pub fn run(source: &DataSource, args: &ScenarioArgs) -> Result<ExitCode> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let name = args.file.display().to_string();
    if game_of(&name, &text)? == "cardball" {
        return run_cardball(source, &name, &text);
    }
    let deck = BookedDeck::load(source)?;
    let base = load_house_rules(source)?;
    let scenario = Scenario::parse(&name, &text, Arc::new(deck.card_set()), &base)?;
    let run = match scenario.run() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{name}: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let out = scenario.output(&run);
    println!("{}", serde_json::to_string_pretty(&out)?);
    if let Some((i, text, e)) = &run.error
        && scenario.expect.error.is_none()
    {
        eprintln!("{name}: action {} `{text}` is illegal: {e}", i + 1);
        return Ok(ExitCode::from(2));
    }
    if !out.failures.is_empty() {
        for f in &out.failures {
            eprintln!("{name}: expectation failed: {f}");
        }
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

fn run_cardball(source: &DataSource, name: &str, text: &str) -> Result<ExitCode> {
    let deck = CardballDeck::load(source)?;
    let scenario = cardball::Scenario::parse(name, text, Arc::new(deck.card_set()))?;
    let run = match scenario.run() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{name}: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let out = scenario.output(&run);
    println!("{}", serde_json::to_string_pretty(&out)?);
    if let Some((i, text, e)) = &run.error
        && scenario.expect.error.is_none()
    {
        eprintln!("{name}: action {} `{text}` is illegal: {e}", i + 1);
        return Ok(ExitCode::from(2));
    }
    if !out.failures.is_empty() {
        for f in &out.failures {
            eprintln!("{name}: expectation failed: {f}");
        }
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
