//! The scenario file every game shares: its head (`game`, `description`,
//! `seed`, `actions`, the expectation head in `[expect]` and the
//! `[[checkpoint]]` tables that check the game after action N), read
//! here, and each game's own keys, read by the game from the same file
//! with the head taken out. The checks themselves are pure and live in
//! [`crate::engine::script`]; the format is documented in
//! `docs/scenarios.md`.

use crate::cards::{DataError, parse_toml};
pub use crate::engine::script::{
    EXPECT_HEAD_KEYS, ExpectHead, HandExpectation, check_hand, check_log, check_outcome,
};
use serde::Deserialize;

/// The top-level keys of the head.
pub const HEAD_KEYS: [&str; 6] = [
    "game",
    "description",
    "seed",
    "actions",
    "expect",
    "checkpoint",
];

/// The head of a scenario file: what every game's scenarios share.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Head {
    /// The game, by registry id (`None`: the file does not say).
    pub game: Option<String>,
    /// What the scenario shows.
    pub description: String,
    /// The seed of the game's RNG.
    pub seed: u64,
    /// The action lines, `"<seat>: <notation>"`.
    pub actions: Vec<String>,
    /// The expectation head of `[expect]`, checked at the end.
    pub expect: ExpectHead,
    /// Each `[[checkpoint]]`: the action it follows (1-based: `after = 2`
    /// checks the game after the second action) and its expectation head.
    pub checkpoints: Vec<(usize, ExpectHead)>,
}

#[derive(Deserialize)]
struct RawHead {
    game: Option<String>,
    description: String,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    actions: Vec<String>,
    #[serde(default)]
    expect: ExpectHead,
    #[serde(default)]
    checkpoint: Vec<RawCheckpoint>,
}

#[derive(Deserialize)]
struct RawCheckpoint {
    after: usize,
    #[serde(flatten)]
    head: ExpectHead,
}

impl Head {
    /// Reads the head of scenario file `file`; a game's own keys are left
    /// for the game ([`game_part`]).
    pub fn parse(file: &str, text: &str) -> Result<Head, DataError> {
        let raw: RawHead = parse_toml(file, text)?;
        let n = raw.actions.len();
        let mut checkpoints = Vec::new();
        for (i, c) in raw.checkpoint.into_iter().enumerate() {
            if c.after == 0 || c.after > n {
                return Err(DataError::file(
                    file,
                    format!(
                        "checkpoint {}: `after = {}` names no action (there are {n})",
                        i + 1,
                        c.after
                    ),
                )
                .field("checkpoint.after"));
            }
            checkpoints.push((c.after, c.head));
        }
        if checkpoints.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(DataError::file(
                file,
                "checkpoints come in the order of their actions, one an action",
            )
            .field("checkpoint.after"));
        }
        Ok(Head {
            game: raw.game,
            description: raw.description,
            seed: raw.seed,
            actions: raw.actions,
            expect: raw.expect,
            checkpoints,
        })
    }
}

/// Reads a game's own part of scenario file `file`: the file without the
/// head's keys (top level, in `[expect]` and in each `[[checkpoint]]`),
/// so that the game's types may refuse any key they do not know, with
/// its line. The game's part of `[expect]` is its `expect` key, and of
/// the checkpoints its `checkpoint` array.
pub fn game_part<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    use toml::de::{DeTable, DeValue};
    let located = |e: toml::de::Error| {
        let mut err = DataError::file(file, e.message().trim().to_string());
        if let Some(span) = e.span() {
            err = err.at(text, span.start);
        }
        err
    };
    let mut doc = DeTable::parse(text).map_err(located)?;
    let strip = |t: &mut DeTable<'_>, keys: &[&str]| {
        let old = std::mem::take(t);
        for (k, v) in old {
            let name: &str = k.get_ref();
            if !keys.contains(&name) {
                t.insert(k, v);
            }
        }
    };
    let root = doc.get_mut();
    strip(root, &["game", "description", "seed", "actions"]);
    for (k, v) in root.iter_mut() {
        match (k.get_ref().as_ref(), v.get_mut()) {
            ("expect", DeValue::Table(t)) => strip(t, &EXPECT_HEAD_KEYS),
            ("checkpoint", DeValue::Array(list)) => {
                for item in list.iter_mut() {
                    if let DeValue::Table(t) = item.get_mut() {
                        strip(t, &EXPECT_HEAD_KEYS);
                        strip(t, &["after"]);
                    }
                }
            }
            _ => {}
        }
    }
    T::deserialize(toml::de::Deserializer::from(doc)).map_err(located)
}

/// What running a scenario file came to, for any game.
#[derive(Clone, Debug)]
pub enum Ran {
    /// The file is malformed or its position cannot be set up: the message
    /// names the file and line (exit code 2).
    Malformed(String),
    /// The scenario ran.
    Done {
        /// The resulting state and log, as JSON.
        output: serde_json::Value,
        /// The expectations that failed (exit code 1 when any).
        failures: Vec<String>,
        /// An action the rules refused though the file expected no error
        /// (exit code 2).
        illegal: Option<String>,
    },
}

impl Ran {
    /// The exit code `touchline scenario` gives: 0 every expectation holds,
    /// 1 an expectation failed, 2 the file is malformed or its setup or an
    /// action is illegal.
    pub fn exit_code(&self) -> u8 {
        match self {
            Ran::Malformed(_)
            | Ran::Done {
                illegal: Some(_), ..
            } => 2,
            Ran::Done { failures, .. } if !failures.is_empty() => 1,
            Ran::Done { .. } => 0,
        }
    }
}
