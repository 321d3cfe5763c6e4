//! Stadium Memory for the registry's tools: its card data read from a
//! data source, `check`, `scenario` and `simulate`.

use super::scenario::Scenario;
use super::sim::{BotKind, simulate};
use super::{CardSet, StadiumMemoryConfig};
use crate::cards::{DataErrors, DataSource};
use crate::engine::{Game as _, Seat};
use crate::scenario::Ran;
use crate::sim::SimRequest;
use std::sync::Arc;

/// The deck's files under `card_data/`.
pub const FILES: [&str; 2] = ["stadium_memory/players.toml", "stadium_memory/deck.toml"];

/// The deck from `source` (a user folder's files replace the built-in
/// ones), validated.
pub fn load(source: &DataSource) -> Result<CardSet, DataErrors> {
    let mut files = Vec::new();
    for rel in FILES {
        files.push(source.read(rel).map_err(DataErrors::from)?);
    }
    let pairs: Vec<(&str, &str)> = files
        .iter()
        .map(|f| (f.name.as_str(), f.text.as_str()))
        .collect();
    CardSet::load(&pairs)
}

/// Validates the deck; a summary line.
pub fn check(source: &DataSource) -> Result<Vec<String>, DataErrors> {
    let set = load(source)?;
    Ok(vec![format!(
        "{} player pairs, {} prize designs, a {} x {} grid, backs labelled \"{}\"",
        set.players.len(),
        set.prizes.len(),
        set.rows,
        set.columns,
        set.back
    )])
}

/// Runs a scenario file.
pub fn scenario(source: &DataSource, name: &str, text: &str) -> Ran {
    let cards = match load(source) {
        Ok(c) => Arc::new(c),
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let scenario = match Scenario::parse(name, text, cards) {
        Ok(s) => s,
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let run = match scenario.run() {
        Ok(r) => r,
        Err(e) => return Ran::Malformed(format!("{name}: {e}")),
    };
    let failures = scenario.check(&run);
    let illegal = run
        .error
        .as_ref()
        .filter(|_| scenario.expect.error.is_none())
        .map(|(i, text, e)| format!("action {} `{text}` is illegal: {e}", i + 1));
    let points: Vec<u32> = Seat::all(run.game.seat_count())
        .map(|s| run.game.points(s))
        .collect();
    let output = serde_json::json!({
        "scenario": name,
        "points": points,
        "events": run.events.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>(),
        "failures": failures,
    });
    Ran::Done {
        output,
        failures,
        illegal,
    }
}

/// Plays `request.games` games and reports turns, prizes played and the
/// win rate of each bot level.
pub fn run_simulation(source: &DataSource, request: &SimRequest) -> Result<String, String> {
    let seats = usize::from(request.players.unwrap_or(4));
    if !(2..=6).contains(&seats) {
        return Err(format!("Stadium Memory is for 2-6 players, not {seats}"));
    }
    let kinds: Vec<BotKind> = request
        .bots
        .split(',')
        // The shared default, `heuristic`, is the best memory here.
        .map(|b| if b == "heuristic" { "perfect" } else { b })
        .map(|b| {
            BotKind::parse(b).ok_or_else(|| {
                format!("unknown bot `{b}`: use random, memory-0 .. memory-4 or a level name")
            })
        })
        .collect::<Result<_, _>>()?;
    let lineup: Vec<BotKind> = (0..seats).map(|i| kinds[i % kinds.len()]).collect();
    let cards = Arc::new(load(source).map_err(|e| e.to_string())?);
    let config = StadiumMemoryConfig::new(cards, seats as u8);
    let s = simulate(&config, &lineup, request.games, request.seed).map_err(|e| e.to_string())?;
    if request.json {
        return serde_json::to_string_pretty(&s).map_err(|e| e.to_string());
    }
    let mut out = format!(
        "stadium-memory: {} games, {} seats ({})\nturns per game: mean {:.1}\nprizes per game:",
        s.games,
        s.seats,
        s.lineup.join(", "),
        s.turns.mean
    );
    for (k, v) in &s.prizes_per_game {
        out.push_str(&format!(" {k} {v:.2}"));
    }
    for b in &s.bots {
        out.push_str(&format!(
            "\n{:<10} win rate {:>5.1}%  mean points {:.1}",
            b.bot,
            b.win_rate * 100.0,
            b.mean_points
        ));
    }
    out.push_str(&format!("\ndecisions: {}", s.decisions));
    Ok(out)
}

/// The deck from `source`, laid out for print.
pub fn print_deck(source: &DataSource) -> Result<crate::layout::PrintDeck, DataErrors> {
    Ok(super::layout::print_deck(&load(source)?))
}

/// `touchline soak`: one checked game per seed, 2-6 players, each seat a
/// random bot or a memory bot of any level, all drawn from the seed.
pub fn soak(source: &DataSource) -> Result<crate::soak::SoakOne, String> {
    use super::StadiumMemory;
    use super::rules::bot::MemoryLevel;
    use crate::soak::{pick, play_checked};
    let cards = Arc::new(load(source).map_err(|e| e.to_string())?);
    Ok(Box::new(move |seed| {
        let seats = 2 + pick(seed, 1, 5) as u8;
        let config = StadiumMemoryConfig::new(cards.clone(), seats);
        let game = match StadiumMemory::new(&config, seed) {
            Ok(g) => g,
            Err(e) => {
                return crate::soak::SoakGame {
                    decisions: 0,
                    failure: Some(format!("cannot set up {seats} seats: {e}")),
                };
            }
        };
        let mut bots: Vec<_> = (0..u64::from(seats))
            .map(|i| {
                let kind = match pick(seed, 20 + i, 6) as usize {
                    0 => BotKind::Random,
                    k => MemoryLevel::ALL
                        .get(k - 1)
                        .map_or(BotKind::Random, |&l| BotKind::Memory(l)),
                };
                kind.build(seed.wrapping_mul(31).wrapping_add(i))
            })
            .collect();
        play_checked(game, &mut bots, StadiumMemory::census)
    }))
}
