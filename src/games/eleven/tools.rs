//! Eleven for the registry's tools: `check` and `scenario`.

use super::deck::ElevenDecks;
use super::scenario::Scenario;
use crate::cards::{DataErrors, DataSource};
use crate::scenario::Ran;

/// Validates the eight decks; summary lines.
pub fn check(source: &DataSource) -> Result<Vec<String>, DataErrors> {
    let decks = ElevenDecks::load(source)?;
    let parts: Vec<String> = decks
        .counts()
        .iter()
        .map(|(label, n)| format!("{n} {label}"))
        .collect();
    let scenarios = super::scenarios(source)?;
    Ok(vec![
        format!("{} cards: {}", decks.total(), parts.join(", ")),
        format!("{} solo Scenario sheets", scenarios.len()),
        format!(
            "{} Opponent clubs in 4 Division decks, {} Opponent dice",
            decks.clubs.len(),
            decks.dice.len()
        ),
    ])
}

/// Runs a Matchday scenario file (the cards are in the file: `source` is
/// not read).
pub fn scenario(_source: &DataSource, name: &str, text: &str) -> Ran {
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

/// Plays whole seasons with a bot a seat (`--managers` 1-4, default 4;
/// `division` 1-3, default 2; `scenario` a solo Scenario id), or with
/// option `mode = match` random Matches (`simulate eleven-match`).
pub fn run_simulation(
    source: &DataSource,
    request: &crate::sim::SimRequest,
) -> Result<String, String> {
    if request.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if request.option("mode") == Some("match") {
        return run_matches(source, request);
    }
    let managers = request.players.unwrap_or(4);
    if !(1..=4).contains(&managers) {
        return Err(format!("--managers must be 1-4, not {managers}"));
    }
    let division = match request.option("division") {
        None => 2,
        Some(d) => match d.parse::<u8>() {
            Ok(d @ 1..=3) => d,
            _ => return Err(format!("--division must be 1-3, not {d}")),
        },
    };
    let decks = std::sync::Arc::new(ElevenDecks::load(source).map_err(|e| e.to_string())?);
    let scenario = match request.option("scenario") {
        None => None,
        Some(id) => {
            let all = super::scenarios(source).map_err(|e| e.to_string())?;
            let names: Vec<String> = all.iter().map(|s| s.id.clone()).collect();
            Some(all.into_iter().find(|s| s.id == id).ok_or_else(|| {
                format!("no solo Scenario `{id}` (there are: {})", names.join(", "))
            })?)
        }
    };
    let bots = request.strengths(usize::from(managers))?;
    let bar = request.progress(20, "seasons");
    let pool = request.pool()?;
    let tick = || bar.inc(1);
    let report = pool.install(|| {
        super::season_sim::run_seasons(
            &decks,
            request.games,
            request.seed,
            managers,
            division,
            scenario,
            &bots,
            request.max_decisions,
            &tick,
        )
    })?;
    bar.finish_and_clear();
    if request.json {
        return serde_json::to_string_pretty(&report).map_err(|e| e.to_string());
    }
    Ok(super::season_sim::text(&report))
}

/// Plays `request.games` Matches of random legal line-ups against the
/// Opponent decks, in parallel; option `division` (1-3).
fn run_matches(source: &DataSource, request: &crate::sim::SimRequest) -> Result<String, String> {
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

/// `touchline soak`: one random legal Match per seed (any Division). A
/// Match is played from a fixed line-up and moves no card, so the check is
/// that it ends with a result; a Match that cannot be set up is a failure.
pub fn soak(source: &DataSource) -> Result<crate::soak::SoakOne, String> {
    let decks = ElevenDecks::load(source).map_err(|e| e.to_string())?;
    Ok(Box::new(move |seed| {
        match super::sim::random_match(&decks, seed, None) {
            Some((_, report, _)) => crate::soak::SoakGame::ok(report.steps.len() as u64),
            None => crate::soak::SoakGame {
                decisions: 0,
                failure: Some("no Match could be set up or played".into()),
            },
        }
    }))
}
