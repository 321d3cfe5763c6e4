//! Solo play: Scenario sheets (data in `card_data/eleven/scenarios.toml`)
//! and the manager rank table.

use crate::games::eleven::effect::Condition;
use crate::games::eleven::vocab::Stat;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Changes a Scenario makes to the usual setup.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSetup {
    /// Cash to start with.
    #[serde(default)]
    pub cash: u8,
    /// Stat markers moved at setup (after the Directors).
    #[serde(default)]
    pub stats: BTreeMap<Stat, i8>,
    /// Regular Players drawn from the Player deck into play, Untrained.
    #[serde(default)]
    pub players: u8,
    /// League points the club starts with (negative: a deduction, never
    /// below 0).
    #[serde(default)]
    pub league_points: i8,
}

/// Extra VP at the end: `vp` for each unit of `per`, or `vp` once if
/// `condition` holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioScoring {
    /// VP per unit (or once).
    pub vp: i8,
    /// A multiplier (a quantity without comparator).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per: Option<Condition>,
    /// A condition for a one-off award.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
}

/// A solo Scenario sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoloScenario {
    /// Unique id, `solo-NN`.
    pub id: String,
    /// The sheet's title.
    pub name: String,
    /// The story.
    pub description: String,
    /// The Division it must be played in, if any (1-3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub division: Option<u8>,
    /// Setup changes.
    #[serde(default)]
    pub setup: ScenarioSetup,
    /// Goals: all must hold at the end to win the Scenario.
    #[serde(default)]
    pub goals: Vec<Condition>,
    /// Extra scoring.
    #[serde(default)]
    pub scoring: Vec<ScenarioScoring>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    #[serde(default)]
    scenario: Vec<SoloScenario>,
}

/// Reads the Scenario sheets of a `scenarios.toml` text; an error names
/// the file, the line and the sheet.
pub fn parse_scenarios(file: &str, text: &str) -> Result<Vec<SoloScenario>, String> {
    let parsed: ScenarioFile = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|s| text.get(..s.start).map_or(0, |t| t.lines().count().max(1)))
            .unwrap_or(0);
        format!("{file}:{line}: {}", e.message())
    })?;
    let mut seen: Vec<&str> = Vec::new();
    for s in &parsed.scenario {
        if seen.contains(&s.id.as_str()) {
            return Err(format!("{file}: scenario `{}`: id used twice", s.id));
        }
        seen.push(&s.id);
        if let Some(d) = s.division
            && !(1..=3).contains(&d)
        {
            return Err(format!(
                "{file}: scenario `{}`: field `division`: must be 1-3, not {d}",
                s.id
            ));
        }
        for (i, g) in s.goals.iter().enumerate() {
            if g.comparators() != 1 {
                return Err(format!(
                    "{file}: scenario `{}`: goals[{i}]: a goal needs exactly one of at_least, at_most, equals",
                    s.id
                ));
            }
        }
        for (i, x) in s.scoring.iter().enumerate() {
            if x.per.is_some() == x.condition.is_some() {
                return Err(format!(
                    "{file}: scenario `{}`: scoring[{i}]: give either `per` or `condition`",
                    s.id
                ));
            }
        }
    }
    Ok(parsed.scenario)
}

/// The rulebook's solo rank table: the manager title for `vp` in
/// Division `division` (3: Division 3 column; 2: the 3/2 column; 1: the
/// 2/1 column).
pub fn manager_rank(division: u8, vp: i32) -> &'static str {
    let bands: [i32; 4] = match division {
        3 => [40, 50, 55, 65],
        2 => [40, 45, 50, 55],
        _ => [35, 40, 45, 50],
    };
    let titles = [
        "Amateur Manager",
        "Assistant of a Manager",
        "Promising Manager",
        "Reputable Manager",
        "World class Manager",
    ];
    let rank = bands.iter().filter(|b| vp >= **b).count();
    titles.get(rank).copied().unwrap_or("World class Manager")
}
