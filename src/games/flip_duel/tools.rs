//! Flip Duel for the registry's tools: its card data read from a data
//! source, `check`, `scenario` and `simulate`.

use super::{CardId, CardSet, FlipDuel, FlipDuelConfig, HeuristicBot, MAX_HAND};
use crate::bots::{Bot, Level, RandomBot};
use crate::cards::{DataErrors, DataSource};
use crate::engine::Seat;
use crate::games::kit::{
    BotName, EXPERT, GameKit, HARD, HEURISTIC, RANDOM, TableOption, TableSetup,
};
use crate::soak::pick;
use std::sync::Arc;

/// Who attacks first, as `--option kick_off` and the start form name it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KickOff {
    /// Red (seat 0) is the youngest player.
    #[default]
    Red,
    /// Blue (seat 1) is the youngest player.
    Blue,
    /// A coin toss, drawn from the match's seed.
    Toss,
}

impl KickOff {
    /// Every choice, in the form's order.
    pub const ALL: [KickOff; 3] = [KickOff::Red, KickOff::Blue, KickOff::Toss];

    /// The option's value (`red`, `blue`, `toss`).
    pub fn key(self) -> &'static str {
        match self {
            KickOff::Red => "red",
            KickOff::Blue => "blue",
            KickOff::Toss => "toss",
        }
    }

    /// The choice in the form.
    pub fn label(self) -> &'static str {
        match self {
            KickOff::Red => "Red (the youngest player)",
            KickOff::Blue => "Blue (the youngest player)",
            KickOff::Toss => "a coin toss",
        }
    }

    /// The engine's [`FlipDuelConfig::first_attacker`].
    pub fn first_attacker(self) -> Option<Seat> {
        match self {
            KickOff::Red => Some(Seat(0)),
            KickOff::Blue => Some(Seat(1)),
            KickOff::Toss => None,
        }
    }
}

/// The packs' files under `card_data/`, seat 0's (Red) first.
pub const FILES: [&str; 2] = ["flip_duel/red.toml", "flip_duel/blue.toml"];

/// Both packs from `source` (a user folder's files replace the built-in
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

impl GameKit for FlipDuel {
    const ID: &'static str = "flip-duel";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=2;
    const DEFAULT_SEATS: usize = 2;
    const BOTS: &'static [BotName] = &[RANDOM, HEURISTIC, HARD, EXPERT];
    const OPTIONS: &'static [TableOption] = &[
        TableOption {
            name: "kick_off",
            values: "red, blue or toss",
        },
        TableOption {
            name: "hand",
            values: "0-5 cards in hand, the hand house rule; 0 lays the top card",
        },
    ];
    type Data = CardSet;
    /// A card by team (seat) and id.
    type Census = (u8, CardId);

    fn load(source: &DataSource) -> Result<CardSet, DataErrors> {
        load(source)
    }

    /// One line per pack.
    fn summary(_source: &DataSource, set: &CardSet) -> Result<Vec<String>, DataErrors> {
        Ok(set
            .teams
            .iter()
            .map(|t| format!("{} pack: {} double-sided cards", t.name, set.pack_size()))
            .collect())
    }

    fn table(
        data: &Arc<CardSet>,
        _source: &DataSource,
        setup: &TableSetup,
    ) -> Result<FlipDuelConfig, String> {
        let mut config = FlipDuelConfig::new(data.clone());
        let kick_off = setup.option("kick_off").unwrap_or("red");
        config.first_attacker = KickOff::ALL
            .into_iter()
            .find(|k| k.key() == kick_off)
            .ok_or_else(|| format!("--kick-off is red, blue or toss, not `{kick_off}`"))?
            .first_attacker();
        if let Some(h) = setup.option("hand") {
            config.hand = h
                .parse()
                .ok()
                .filter(|h| *h <= MAX_HAND)
                .ok_or_else(|| format!("--hand is 0-{MAX_HAND}, not `{h}`"))?;
        }
        Ok(config)
    }

    fn bot(_config: &FlipDuelConfig, key: &str, seed: u64) -> Option<Box<dyn Bot<FlipDuel>>> {
        match key {
            "random" => Some(Box::new(RandomBot::new(seed))),
            "heuristic" => Some(Box::new(HeuristicBot::new(seed))),
            _ => {
                Level::parse(key).map(|level| Box::new(super::search::search_bot(level, seed)) as _)
            }
        }
    }

    /// Random and heuristic bots drawn from the seed, the official rules or
    /// the hand house rule, a toss for the first attacker.
    fn soak_table(cards: &Arc<CardSet>, seed: u64) -> (FlipDuelConfig, Vec<&'static str>) {
        let mut config = FlipDuelConfig::new(cards.clone());
        config.first_attacker = None;
        config.turn_packs_over = pick(seed, 3, 4) != 0;
        if pick(seed, 1, 3) == 0 {
            config.hand = 1 + pick(seed, 2, 5) as u8;
        }
        let bots = (0..2u64)
            .map(|i| {
                if pick(seed, 20 + i, 2) == 0 {
                    "random"
                } else {
                    "heuristic"
                }
            })
            .collect();
        (config, bots)
    }

    /// Both packs, each card with its team.
    fn census(&self) -> Vec<(u8, CardId)> {
        let mut all: Vec<(u8, CardId)> = Vec::new();
        for seat in Seat::all(2) {
            all.extend(self.all_cards(seat).into_iter().map(|c| (seat.0, c)));
        }
        all
    }

    /// Goals, shots, penalties, free kicks, tackles and flips of the match
    /// (both teams).
    fn figures(&self) -> Vec<(String, f64)> {
        let [a, b] = self.stats();
        let both = |f: fn(&super::TeamStats) -> u32| f64::from(f(&a) + f(&b));
        vec![
            ("goals".into(), both(|s| s.goals)),
            ("shots".into(), both(|s| s.shots)),
            ("penalties".into(), both(|s| s.penalties)),
            ("free kicks".into(), both(|s| s.free_kicks)),
            ("tackles".into(), both(|s| s.tackled)),
            ("flips".into(), f64::from(self.flips())),
        ]
    }
}

/// Both packs and the instruction cards from `source`, laid out for print.
pub fn print_deck(source: &DataSource) -> Result<crate::layout::PrintDeck, DataErrors> {
    Ok(super::layout::print_deck(&load(source)?))
}
