//! The solo Scenario sheets (`card_data/eleven/scenarios.toml`).

use super::*;

/// The solo Scenario sheets file.
pub const SCENARIOS_FILE: &str = "eleven/scenarios.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ScenariosFile {
    #[serde(default)]
    scenario: Vec<SoloScenario>,
}

/// Reads and validates the solo Scenario sheets of `source`: every
/// problem found, each naming the file, line, sheet and field, as the card
/// decks' errors do. What loads here is what
/// [`crate::games::eleven::season::parse_scenarios`] accepts too.
pub fn load_scenarios(source: &DataSource) -> Result<Vec<SoloScenario>, DataErrors> {
    let mut errors = Vec::new();
    let Some((file, parsed)) = read::<ScenariosFile>(source, SCENARIOS_FILE, &mut errors) else {
        return Err(DataErrors(errors));
    };
    let loc = Located {
        name: &file.name,
        text: &file.text,
    };
    let mut seen: HashSet<&str> = HashSet::new();
    for s in &parsed.scenario {
        let id = s.id.as_str();
        if !seen.insert(id) {
            errors.push(loc.err(id, "id", format!("id `{id}` is used by two sheets")));
        }
        prefix(&loc, id, &["solo"], &mut errors);
        not_empty(&loc, id, "name", &s.name, &mut errors);
        if let Some(d) = s.division {
            range(&loc, id, "division", d.into(), 1, 3, &mut errors);
        }
        let setup = &s.setup;
        range(
            &loc,
            id,
            "setup.cash",
            setup.cash.into(),
            0,
            20,
            &mut errors,
        );
        range(
            &loc,
            id,
            "setup.players",
            setup.players.into(),
            0,
            5,
            &mut errors,
        );
        range(
            &loc,
            id,
            "setup.league_points",
            setup.league_points.into(),
            -20,
            20,
            &mut errors,
        );
        for (stat, by) in &setup.stats {
            let key = match stat {
                Stat::Cash => "cash",
                Stat::FanBase => "fan_base",
                Stat::Operation => "operation",
                Stat::Fitness => "fitness",
                Stat::Any => "any",
            };
            let field = format!("setup.stats.{key}");
            if *stat == Stat::Any {
                errors.push(loc.err(
                    id,
                    &field,
                    "name a Stat track: cash, fan_base, operation or fitness",
                ));
            }
            range(&loc, id, &field, (*by).into(), -4, 4, &mut errors);
        }
        if s.goals.is_empty() {
            errors.push(loc.err(id, "goals", "a sheet needs at least one goal"));
        }
        for (i, g) in s.goals.iter().enumerate() {
            let field = nth("goals", i, s.goals.len());
            check_condition(&loc, id, &field, g, true, &mut errors);
        }
        for (i, x) in s.scoring.iter().enumerate() {
            let field = nth("scoring", i, s.scoring.len());
            range(
                &loc,
                id,
                &format!("{field}.vp"),
                x.vp.into(),
                -10,
                10,
                &mut errors,
            );
            match (&x.per, &x.condition) {
                (Some(per), None) => {
                    check_condition(&loc, id, &format!("{field}.per"), per, false, &mut errors);
                }
                (None, Some(c)) => {
                    check_condition(
                        &loc,
                        id,
                        &format!("{field}.condition"),
                        c,
                        true,
                        &mut errors,
                    );
                }
                _ => errors.push(loc.err(id, &field, "give either `per` or `condition`")),
            }
        }
    }
    if !errors.is_empty() {
        return Err(DataErrors(errors));
    }
    // The engine's own reader must agree: it is what a season plays.
    crate::games::eleven::season::parse_scenarios(&file.name, &file.text)
        .map_err(|e| DataErrors(vec![loc.file(e)]))
}
