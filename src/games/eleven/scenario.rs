//! Eleven's scenarios: an exact Matchday position (your squad and
//! line-up, tactics and Board Meeting effects in force, the Opponent), a
//! seed for the dice, and the result the rulebook expects. The position is
//! written in the same shape the engine keeps it (`MatchSetup`), so any
//! Match the app can set up can be written down and checked. The format is
//! in `docs/scenarios.md`; `touchline scenario FILE` runs one.

use super::matchday::{MatchReport, MatchSetup, play_match};
use super::vocab::{MatchResult, Section};
use crate::cards::{DataError, parse_toml};
use crate::scenario::check_log;
use serde::Deserialize;

/// What a scenario expects of the Match.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Your goals.
    pub own: Option<u32>,
    /// The Opponent's goals.
    pub opponent: Option<u32>,
    /// The result from your side (`win`, `draw`, `loss`).
    pub result: Option<MatchResult>,
    /// The five Section comparisons in order.
    pub sections: Option<Vec<ExpectSection>>,
    /// Goals per Player of the squad (by squad index).
    pub player_goals: Option<Vec<u32>>,
    /// Parts of the commentary, in this order.
    pub log: Option<Vec<String>>,
    /// Parts the commentary must not contain.
    pub log_lacks: Option<Vec<String>>,
}

/// One Section comparison expected.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectSection {
    /// Your Section.
    pub yours: Section,
    /// Your goals in it.
    pub own_goals: usize,
    /// The Opponent's goals in it.
    pub opponent_goals: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    game: String,
    description: String,
    #[serde(default)]
    seed: u64,
    setup: MatchSetup,
    #[serde(default)]
    expect: Expect,
}

/// A parsed Eleven scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The file, for messages.
    pub file: String,
    /// What it checks, in words.
    pub description: String,
    /// The seed of the Match's dice.
    pub seed: u64,
    /// The exact position.
    pub setup: MatchSetup,
    /// What should come of it.
    pub expect: Expect,
}

impl Scenario {
    /// Parses a scenario and checks that its line-up is legal; any problem
    /// is a located error.
    pub fn parse(file: &str, text: &str) -> Result<Scenario, DataError> {
        let raw: Raw = parse_toml(file, text)?;
        if raw.game != "eleven" {
            return Err(DataError::file(file, "this reader runs Eleven scenarios").field("game"));
        }
        let problems = raw.setup.validate();
        if let Some(first) = problems.first() {
            let at = text.find("[setup").unwrap_or(0);
            return Err(
                DataError::file(file, format!("the line-up is illegal: {first}"))
                    .at(text, at)
                    .field("setup"),
            );
        }
        Ok(Scenario {
            file: file.to_string(),
            description: raw.description,
            seed: raw.seed,
            setup: raw.setup,
            expect: raw.expect,
        })
    }

    /// Plays the Match.
    pub fn run(&self) -> Result<MatchReport, String> {
        play_match(&self.setup, self.seed).map_err(|e| e.to_string())
    }

    /// The expectations `report` fails, in words.
    pub fn check(&self, report: &MatchReport) -> Vec<String> {
        let e = &self.expect;
        let mut fails = Vec::new();
        let mut same = |what: &str, want: Option<String>, got: String| {
            if let Some(w) = want
                && w != got
            {
                fails.push(format!("{what}: expected {w}, got {got}"));
            }
        };
        same("own", e.own.map(|x| x.to_string()), report.own.to_string());
        same(
            "opponent",
            e.opponent.map(|x| x.to_string()),
            report.opponent.to_string(),
        );
        same(
            "result",
            e.result.map(|r| format!("{r:?}")),
            format!("{:?}", report.result),
        );
        same(
            "player_goals",
            e.player_goals.as_ref().map(|g| format!("{g:?}")),
            format!("{:?}", report.player_goals),
        );
        if let Some(want) = &e.sections {
            let got: Vec<(Section, usize, usize)> = report
                .sections()
                .iter()
                .map(|s| {
                    (
                        s.yours,
                        s.your_attack.outcome.goals(),
                        s.their_attack.outcome.goals(),
                    )
                })
                .collect();
            let want: Vec<(Section, usize, usize)> = want
                .iter()
                .map(|s| (s.yours, s.own_goals, s.opponent_goals))
                .collect();
            if got != want {
                fails.push(format!("sections: expected {want:?}, got {got:?}"));
            }
        }
        check_log(
            &report.commentary(),
            e.log.as_deref(),
            e.log_lacks.as_deref(),
            &mut fails,
        );
        fails
    }
}
