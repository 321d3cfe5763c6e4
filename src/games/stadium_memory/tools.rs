//! Stadium Memory for the registry's tools: its card data read from a
//! data source, `check`, `scenario` and `simulate`.

use super::bot::BotKind;
use super::{Card, CardSet, Prize, StadiumMemory, StadiumMemoryConfig};
use crate::bots::{Bot, Level};
use crate::cards::{DataErrors, DataSource};
use crate::engine::{Game as _, Seat};
use crate::games::kit::{BotName, EXPERT, GameKit, HARD, RANDOM, TableSetup};
use crate::soak::pick;
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

/// The memory bots, by how much of what was turned they remember.
const MEMORY: [BotName; 5] = [
    BotName {
        key: "memory-0",
        aliases: &["forgetful"],
        about: "remembers nothing it sees turned",
    },
    BotName {
        key: "memory-1",
        aliases: &["casual"],
        about: "remembers a quarter of the cards turned, the last 6",
    },
    BotName {
        key: "memory-2",
        aliases: &["fan"],
        about: "remembers half of the cards turned, the last 12",
    },
    BotName {
        key: "memory-3",
        aliases: &["pundit"],
        about: "remembers three quarters of the cards turned, the last 24",
    },
    BotName {
        key: "memory-4",
        aliases: &["perfect", "heuristic", "normal"],
        about: "remembers every card turned",
    },
];

impl GameKit for StadiumMemory {
    const ID: &'static str = "stadium-memory";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=6;
    const DEFAULT_SEATS: usize = 4;
    const BOTS: &'static [BotName] = &[
        RANDOM, MEMORY[0], MEMORY[1], MEMORY[2], MEMORY[3], MEMORY[4], HARD, EXPERT,
    ];
    type Data = CardSet;
    type Census = Card;

    fn load(source: &DataSource) -> Result<CardSet, DataErrors> {
        load(source)
    }

    fn summary(_source: &DataSource, set: &CardSet) -> Result<Vec<String>, DataErrors> {
        Ok(vec![format!(
            "{} player pairs, {} prize designs, a {} x {} grid, backs labelled \"{}\"",
            set.players.len(),
            set.prizes.len(),
            set.rows,
            set.columns,
            set.back
        )])
    }

    fn table(
        data: &Arc<CardSet>,
        _source: &DataSource,
        setup: &TableSetup,
    ) -> Result<StadiumMemoryConfig, String> {
        let seats = u8::try_from(setup.seats).map_err(|_| "too many players".to_string())?;
        Ok(StadiumMemoryConfig::new(data.clone(), seats))
    }

    fn bot(
        config: &StadiumMemoryConfig,
        key: &str,
        seed: u64,
    ) -> Option<Box<dyn Bot<StadiumMemory>>> {
        match Level::parse(key) {
            Some(level) => Some(Box::new(super::search::search_bot(level, config, seed))),
            None => BotKind::parse(key).map(|k| k.build(seed)),
        }
    }

    /// 2-6 players, each seat a random bot or a memory bot of any level.
    fn soak_table(cards: &Arc<CardSet>, seed: u64) -> (StadiumMemoryConfig, Vec<&'static str>) {
        let seats = 2 + pick(seed, 1, 5) as u8;
        let config = StadiumMemoryConfig::new(cards.clone(), seats);
        let bots = (0..u64::from(seats))
            .map(|i| {
                let k = pick(seed, 20 + i, 6) as usize;
                StadiumMemory::BOTS.get(k).map_or("random", |b| b.key)
            })
            .collect();
        (config, bots)
    }

    fn census(&self) -> Vec<Card> {
        StadiumMemory::census(self)
    }

    /// The prize cards played, by kind, and the points scored.
    fn figures(&self) -> Vec<(String, f64)> {
        let mut out: Vec<(String, f64)> = Prize::ALL
            .iter()
            .zip(self.prizes_played())
            .map(|(p, n)| (format!("{} played", p.key()), f64::from(n)))
            .collect();
        let points: u32 = Seat::all(self.seat_count()).map(|s| self.points(s)).sum();
        out.push(("points".into(), f64::from(points)));
        out
    }
}

/// The deck from `source`, laid out for print.
pub fn print_deck(source: &DataSource) -> Result<crate::layout::PrintDeck, DataErrors> {
    Ok(super::layout::print_deck(&load(source)?))
}
