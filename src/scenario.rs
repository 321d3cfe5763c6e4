//! What every game's scenarios share: which game a file is for, and the
//! checks of an ending, a log and a hand. Each game's own format (its
//! position and expectations) lives in `games/<game>/scenario.rs`; the
//! format is documented in `docs/scenarios.md`.

use crate::cards::{DataError, parse_toml};
use crate::games::GameEntry;

/// The game a scenario file is for: its `game` key (a registry id),
/// Booked! when absent.
pub fn game_of(file: &str, text: &str) -> Result<&'static GameEntry, DataError> {
    let table: toml::Table = parse_toml(file, text)?;
    let unknown = |v: &dyn std::fmt::Display| {
        DataError::file(
            file,
            format!("`{v}`: the game is one of {}", crate::games::ids()),
        )
        .field("game")
    };
    match table.get("game") {
        None => crate::games::find("booked").ok_or_else(|| unknown(&"booked")),
        Some(toml::Value::String(g)) => crate::games::find(g).ok_or_else(|| unknown(g)),
        Some(v) => Err(unknown(v)),
    }
}

/// The checks every game's scenarios share: whether the right action was
/// refused (`refused`: its 0-based position and message; `actions`: how
/// many the scenario has), the winners and how the game ended.
pub fn check_ending(
    want_error: Option<&str>,
    want_winner: Option<&[u8]>,
    want_ending: Option<&str>,
    refused: Option<(usize, String)>,
    actions: usize,
    outcome: Option<&crate::engine::Outcome>,
) -> Vec<String> {
    let mut fails = Vec::new();
    match (want_error, refused) {
        (Some(want), Some((i, msg))) => {
            if !msg.contains(want) {
                fails.push(format!(
                    "expected an error containing `{want}`, got `{msg}`"
                ));
            }
            if i + 1 != actions {
                fails.push(format!(
                    "action {} was refused, not the last one: {msg}",
                    i + 1
                ));
            }
        }
        (Some(want), None) => {
            fails.push(format!("expected the last action to be refused (`{want}`)"))
        }
        (None, Some((i, msg))) => fails.push(format!("action {} was refused: {msg}", i + 1)),
        (None, None) => {}
    }
    if let Some(w) = want_winner {
        let got: Vec<u8> = outcome
            .map(|o| o.winners.iter().map(|s| s.0).collect())
            .unwrap_or_default();
        if got != w {
            fails.push(format!("winner: expected {w:?}, got {got:?}"));
        }
    }
    if let Some(want) = want_ending {
        let got = outcome.map(|o| o.ending.clone()).unwrap_or_default();
        if got != want {
            fails.push(format!("ending: expected `{want}`, got `{got}`"));
        }
    }
    fails
}

/// Checks a game's log lines: `want` must appear in order (each a part of
/// a line), `lacks` nowhere.
pub fn check_log(
    log: &[String],
    want: Option<&[String]>,
    lacks: Option<&[String]>,
    fails: &mut Vec<String>,
) {
    let mut at = 0;
    for w in want.unwrap_or_default() {
        match log[at..].iter().position(|l| l.contains(w.as_str())) {
            Some(i) => at += i + 1,
            None => fails.push(format!("log: no `{w}` (in order) in {log:#?}")),
        }
    }
    for w in lacks.unwrap_or_default() {
        if let Some(l) = log.iter().find(|l| l.contains(w.as_str())) {
            fails.push(format!("log: `{w}` should not happen, but: {l}"));
        }
    }
}

/// What a scenario expects of one seat's hand (card names, any order).
pub struct HandExpectation<'a> {
    /// Exactly these cards.
    pub exactly: Option<&'a [String]>,
    /// At least these.
    pub contains: Option<&'a [String]>,
    /// None of these.
    pub lacks: Option<&'a [String]>,
    /// This many cards.
    pub count: Option<usize>,
}

/// Checks `hand` (the card names of the seat `label`) against `e`.
pub fn check_hand(label: &str, hand: &[String], e: HandExpectation<'_>, fails: &mut Vec<String>) {
    if let Some(want) = e.exactly {
        let mut a = hand.to_vec();
        let mut b = want.to_vec();
        a.sort();
        b.sort();
        if a != b {
            fails.push(format!("{label} hand: expected {want:?}, got {hand:?}"));
        }
    }
    for c in e.contains.unwrap_or_default() {
        if !hand.iter().any(|h| h.eq_ignore_ascii_case(c)) {
            fails.push(format!("{label} hand lacks `{c}`: {hand:?}"));
        }
    }
    for c in e.lacks.unwrap_or_default() {
        if hand.iter().any(|h| h.eq_ignore_ascii_case(c)) {
            fails.push(format!("{label} hand should not hold `{c}`"));
        }
    }
    if let Some(n) = e.count
        && hand.len() != n
    {
        fails.push(format!(
            "{label} hand_count: expected {n}, got {}",
            hand.len()
        ));
    }
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
