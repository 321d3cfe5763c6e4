//! Eleven for the registry's tools: whole seasons as the registry plays
//! them ([`GameKit`]: card data, tables, bots, census, figures), the older
//! single-Match simulation, scenarios and the printed deck.

use super::deck::ElevenDecks;
use super::scenario::Scenario;
use super::season::{Season, SeasonBot, SeasonConfig, SoloScenario};
use crate::bots::{Bot, Level, RandomBot};
use crate::cards::{DataErrors, DataSource};
use crate::games::kit::{
    BotName, EXPERT, GameKit, HARD, HEURISTIC, RANDOM, TableOption, TableSetup,
};
use crate::scenario::Ran;
use crate::sim::SimRequest;
use crate::soak::pick;
use std::sync::Arc;

/// Eleven's card data: the decks and the solo Scenario sheets.
pub struct ElevenData {
    /// Every deck.
    pub decks: Arc<ElevenDecks>,
    /// The solo Scenario sheets.
    pub scenarios: Vec<SoloScenario>,
}

impl GameKit for Season {
    const ID: &'static str = "eleven";
    const SEATS: std::ops::RangeInclusive<usize> = 1..=4;
    const DEFAULT_SEATS: usize = 4;
    const BOTS: &'static [BotName] = &[RANDOM, HEURISTIC, HARD, EXPERT];
    const OPTIONS: &'static [TableOption] = &[
        TableOption {
            name: "division",
            values: "1-3, default 2",
        },
        TableOption {
            name: "scenario",
            values: "a solo Scenario sheet's id, e.g. solo-01, for one manager",
        },
        TableOption {
            name: "first",
            values: "the First player of Week 1 (who scored most recently), 1-4, default 1",
        },
        TableOption {
            name: "maintenance",
            values: "printed (the rulebook: the 2 printed Stands and 2 Adboards count on the \
                     Infrastructure track, default) or built (house rule: only tokens built)",
        },
    ];
    type Data = ElevenData;
    /// A kind of card or marker, how many there are now, and how many the
    /// decks hold.
    type Census = (&'static str, usize, usize);

    fn load(source: &DataSource) -> Result<ElevenData, DataErrors> {
        let decks = ElevenDecks::load(source);
        let scenarios = super::scenarios(source);
        match (decks, scenarios) {
            (Ok(d), Ok(scenarios)) => Ok(ElevenData {
                decks: Arc::new(d),
                scenarios,
            }),
            (d, s) => Err(DataErrors(
                d.err()
                    .into_iter()
                    .chain(s.err())
                    .flat_map(|e| e.0)
                    .collect(),
            )),
        }
    }

    fn summary(_source: &DataSource, data: &ElevenData) -> Result<Vec<String>, DataErrors> {
        let decks = &data.decks;
        let parts: Vec<String> = decks
            .counts()
            .iter()
            .map(|(label, n)| format!("{n} {label}"))
            .collect();
        Ok(vec![
            format!("{} cards: {}", decks.total(), parts.join(", ")),
            format!("{} solo Scenario sheets", data.scenarios.len()),
            format!(
                "{} Opponent clubs in 4 Division decks, {} Opponent dice",
                decks.clubs.len(),
                decks.dice.len()
            ),
        ])
    }

    /// A season of 1-4 managers in a Division (default 2), solo with a
    /// Scenario sheet if one is named.
    fn table(
        data: &Arc<ElevenData>,
        _source: &DataSource,
        setup: &TableSetup,
    ) -> Result<SeasonConfig, String> {
        let division = match setup.option("division") {
            None => None,
            Some(d) => match d.parse::<u8>() {
                Ok(d @ 1..=3) => Some(d),
                _ => return Err(format!("--division must be 1-3, not {d}")),
            },
        };
        let managers = u8::try_from(setup.seats).map_err(|_| "too many managers".to_string())?;
        let mut config = SeasonConfig::new(data.decks.clone(), managers, division.unwrap_or(2));
        if let Some(f) = setup.option("first") {
            config.first = super::first_option(f, managers)?;
        }
        if let Some(m) = setup.option("maintenance") {
            config.printed_infrastructure = super::maintenance_option(m)?;
        }
        if let Some(id) = setup.option("scenario") {
            let names: Vec<&str> = data.scenarios.iter().map(|s| s.id.as_str()).collect();
            config.scenario = Some(
                data.scenarios
                    .iter()
                    .find(|s| s.id == id)
                    .cloned()
                    .ok_or_else(|| {
                        format!("no solo Scenario `{id}` (there are: {})", names.join(", "))
                    })?,
            );
            // Without --division, the sheet's own Division.
            if division.is_none()
                && let Some(d) = config.scenario.as_ref().and_then(|s| s.division)
            {
                config.division = d;
            }
        }
        Ok(config)
    }

    fn bot(config: &SeasonConfig, key: &str, seed: u64) -> Option<Box<dyn Bot<Season>>> {
        match key {
            "random" => Some(Box::new(RandomBot::new(seed))),
            "heuristic" => Some(Box::new(SeasonBot::new(config.decks.clone()))),
            _ => Level::parse(key)
                .map(|level| Box::new(super::search::search_bot(level, config, seed)) as _),
        }
    }

    /// 1-4 managers in any Division, solo Scenario sheets now and then,
    /// random and heuristic bots, all drawn from the seed.
    fn soak_table(data: &Arc<ElevenData>, seed: u64) -> (SeasonConfig, Vec<&'static str>) {
        let managers = 1 + pick(seed, 1, 4) as u8;
        let division = 1 + pick(seed, 2, 3) as u8;
        let mut config = SeasonConfig::new(data.decks.clone(), managers, division);
        if managers == 1 && pick(seed, 3, 2) == 0 {
            let k = pick(seed, 4, data.scenarios.len().max(1) as u64) as usize;
            config.scenario = data.scenarios.get(k).cloned();
            // A sheet is played in its own Division.
            if let Some(d) = config.scenario.as_ref().and_then(|s| s.division) {
                config.division = d;
            }
        }
        let bots = (0..u64::from(managers))
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

    fn census(&self) -> Vec<(&'static str, usize, usize)> {
        Season::census(self)
    }

    /// Victory Points a club by Final Scoring line, each seat's total,
    /// League position and Objective, the spread between the best and the
    /// worst club, and a solo Scenario won.
    fn figures(&self) -> Vec<(String, f64)> {
        /// A figure's name and how a club's score gives it.
        type ScoreLine = (&'static str, fn(&super::season::SeasonScore) -> i32);
        let Some(scores) = &self.scores else {
            return Vec::new();
        };
        let clubs = scores.len().max(1) as f64;
        let mut out = Vec::new();
        let lines: [ScoreLine; 7] = [
            ("VP: league", |s| s.league),
            ("VP: tokens", |s| s.tokens),
            ("VP: staff sets", |s| s.staff_sets),
            ("VP: infrastructure", |s| s.infrastructure),
            ("VP: office", |s| s.office),
            ("VP: suspensions", |s| s.suspensions),
            ("VP: scenario", |s| s.scenario),
        ];
        for (name, line) in lines {
            let sum: i32 = scores.iter().map(line).sum();
            out.push((name.to_string(), f64::from(sum) / clubs));
        }
        for (i, s) in scores.iter().enumerate() {
            out.push((format!("seat {i} VP"), f64::from(s.total)));
            out.push((format!("seat {i} position"), f64::from(s.position)));
        }
        for (i, c) in self.clubs.iter().enumerate() {
            let full = c
                .objective
                .and_then(|o| self.config.decks.objectives.get(o))
                .map_or(0, |o| u32::from(o.vp));
            let done = c.objective_revealed;
            out.push((format!("seat {i} Objective"), f64::from(u8::from(done))));
            out.push((
                format!("seat {i} Objective perfect"),
                f64::from(u8::from(done && c.objective_vp > full)),
            ));
        }
        let totals: Vec<i32> = scores.iter().map(|s| s.total).collect();
        let spread = totals.iter().max().unwrap_or(&0) - totals.iter().min().unwrap_or(&0);
        out.push(("spread between clubs".into(), f64::from(spread)));
        if let Some(won) = self.scenario_won() {
            out.push(("scenario won".into(), f64::from(u8::from(won))));
        }
        out
    }
}

/// Runs a scenario file: a season scenario (it has a `[season]` table,
/// [`super::season_scenario`]) on `source`'s cards, or a Matchday one
/// (the cards are in the file).
pub fn scenario(source: &DataSource, name: &str, text: &str) -> Ran {
    let season = toml::from_str::<toml::Table>(text).is_ok_and(|t| t.contains_key("season"));
    if season {
        return crate::games::kit::scenario::<Season>(source, name, text);
    }
    let scenario = match Scenario::parse(name, text) {
        Ok(s) => s,
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let report = match scenario.run() {
        Ok(r) => r,
        Err(e) => return Ran::Malformed(format!("{name}: {e}")),
    };
    let failures = scenario.check(&report);
    let output = serde_json::json!({
        "scenario": name,
        "description": scenario.description,
        "own": report.own,
        "opponent": report.opponent,
        "result": report.result,
        "commentary": report.commentary(),
        "failures": failures,
    });
    Ran::Done {
        output,
        failures,
        illegal: None,
    }
}

/// The deck from `source`, laid out for print: the cards, then the solo
/// Scenario sheets.
pub fn print_deck(source: &DataSource) -> Result<crate::layout::PrintDeck, DataErrors> {
    let decks = super::deck::ElevenDecks::load(source);
    let scenarios = super::scenarios(source);
    match (decks, scenarios) {
        (Ok(d), Ok(s)) => Ok(super::layout::print_deck_with_sheets(&d, &s)),
        (d, s) => Err(DataErrors(
            d.err()
                .into_iter()
                .chain(s.err())
                .flat_map(|e| e.0)
                .collect(),
        )),
    }
}

/// The registry's `simulate` hook: whole seasons through the shared
/// simulation ([`GameKit`]), or with option `mode = match` random Matches
/// (`touchline simulate eleven-match`).
pub fn simulate(source: &DataSource, request: &SimRequest) -> Result<String, String> {
    if request.option("mode") == Some("match") {
        return run_matches(source, request);
    }
    crate::games::kit::simulate_text::<Season>(source, request)
}

/// Plays `request.games` Matches of random legal line-ups against the
/// Opponent decks, in parallel; option `division` (1-3).
fn run_matches(source: &DataSource, request: &SimRequest) -> Result<String, String> {
    let division = match request.option("division") {
        None => None,
        Some(d) => match d.parse::<u8>() {
            Ok(d @ 1..=3) => Some(d),
            _ => return Err(format!("--division must be 1-3, not {d}")),
        },
    };
    let decks = ElevenDecks::load(source).map_err(|e| e.to_string())?;
    let bar = request.progress(2000, "matches");
    let pool = request.pool()?;
    let tick = || bar.inc(1);
    let report = pool
        .install(|| super::sim::run_matches(&decks, request.games, request.seed, division, &tick));
    bar.finish_and_clear();
    if request.json {
        return serde_json::to_string_pretty(&report).map_err(|e| e.to_string());
    }
    Ok(eleven_text(&report))
}

/// The report as `touchline simulate eleven` prints it.
fn eleven_text(r: &super::sim::MatchesReport) -> String {
    let mut out = String::new();
    let division = r.division.map_or_else(
        || "a random Division each".to_string(),
        |d| format!("Division {d}"),
    );
    out.push_str(&format!(
        "{} matches of {} ({division}, {} threads)",
        r.games, r.game, r.threads
    ));
    out.push('\n');
    let pct = |n: u64, of: u64| {
        if of == 0 {
            0.0
        } else {
            n as f64 * 100.0 / of as f64
        }
    };
    let mut line = |label: &str, x: &super::sim::Results| {
        let t = x.total();
        out.push_str(&format!(
            "  {label:<13} win {:>6} {:>5.1}%  draw {:>6} {:>5.1}%  loss {:>6} {:>5.1}%",
            x.win,
            pct(x.win, t),
            x.draw,
            pct(x.draw, t),
            x.loss,
            pct(x.loss, t)
        ));
        out.push('\n');
    };
    line("all", &r.results);
    for (deck, x) in &r.results_by_deck {
        line(&format!("deck {deck}"), x);
    }
    let mut hist = |label: &str, mean: f64, h: &std::collections::BTreeMap<u32, u64>| {
        let parts: Vec<String> = h.iter().map(|(g, n)| format!("{g}:{n}")).collect();
        out.push_str(&format!(
            "  {label:<13} mean {mean:.2}  {}",
            parts.join(" ")
        ));
        out.push('\n');
    };
    hist("goals for", r.mean_goals_for, &r.goals_for);
    hist("goals against", r.mean_goals_against, &r.goals_against);
    out.push_str(&format!(
        "  {:.0} matches/s ({:.2} s)",
        r.games_per_second, r.seconds
    ));
    out.push('\n');
    out.pop();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game as _;

    /// Every season the soak draws can be set up: a solo Scenario sheet
    /// is played in its own Division.
    #[test]
    fn every_soak_season_sets_up() {
        let data = Arc::new(
            <Season as GameKit>::load(&DataSource::embedded()).unwrap_or_else(|e| panic!("{e}")),
        );
        let mut solo = 0;
        for seed in 0..400 {
            let (config, bots) = <Season as GameKit>::soak_table(&data, seed);
            solo += usize::from(config.scenario.is_some());
            assert_eq!(bots.len(), usize::from(config.managers));
            Season::new(&config, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
        assert!(solo > 10, "only {solo} solo seasons");
    }
}
