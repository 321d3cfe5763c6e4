//! Cardball for the registry's tools: `check` and `scenario`.

use super::deck::CardballDeck;
use super::scenario::Scenario;
use crate::cards::{DataErrors, DataSource};
use crate::scenario::Ran;
use std::sync::Arc;

/// Validates the four card files; a summary line.
pub fn check(source: &DataSource) -> Result<Vec<String>, DataErrors> {
    let deck = CardballDeck::load(source)?;
    let c = deck.counts();
    let positions: Vec<String> = deck
        .positions()
        .iter()
        .map(|(p, n)| format!("{n} {p}"))
        .collect();
    Ok(vec![format!(
        "{} cards: {} pitch cards, {} Manager cards ({}), {} Action cards, 1 die",
        c.pitch + c.managers + c.actions,
        c.pitch,
        c.managers,
        positions.join(", "),
        c.actions
    )])
}

/// Runs a scenario file.
pub fn scenario(source: &DataSource, name: &str, text: &str) -> Ran {
    let deck = match CardballDeck::load(source) {
        Ok(d) => d,
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let scenario = match Scenario::parse(name, text, Arc::new(deck.card_set())) {
        Ok(s) => s,
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let run = match scenario.run() {
        Ok(r) => r,
        Err(e) => return Ran::Malformed(format!("{name}: {e}")),
    };
    let out = scenario.output(&run);
    let illegal = run
        .error
        .as_ref()
        .filter(|_| scenario.expect.error.is_none())
        .map(|(i, text, e)| format!("action {} `{text}` is illegal: {e}", i + 1));
    Ran::Done {
        output: serde_json::to_value(&out).unwrap_or_default(),
        failures: out.failures,
        illegal,
    }
}

/// The deck from `source`, laid out for print.
pub fn print_deck(source: &DataSource) -> Result<crate::layout::PrintDeck, DataErrors> {
    let deck = super::deck::CardballDeck::load(source)?;
    Ok(super::layout::print_deck(&deck))
}

/// Plays `request.games` matches in parallel and reports them; options
/// `tie_break`, `halves`, `teams` (2v2), and `--rules FILE` for Cardball's
/// house rules (`ranked_marks = true`, ...; `docs/cardball.md`, 10.1).
pub fn run_simulation(
    source: &DataSource,
    request: &crate::sim::SimRequest,
) -> Result<String, String> {
    use super::bot::HeuristicBot;
    use super::{Cardball, CardballConfig, HouseRules, TeamPlay, TieBreak};
    use crate::bots::{Bot, RandomBot, Strength};
    use crate::engine::{Game as _, Seat};
    let house = match &request.rules {
        Some((name, text)) => HouseRules::parse(name, text)?,
        None => HouseRules::default(),
    };
    let players = request.players.unwrap_or(2);
    let teams_key = request.option("teams").unwrap_or("switching");
    let teams = match players {
        2 => None,
        4 => Some(TeamPlay::parse(teams_key).ok_or_else(|| {
            format!("unknown --teams `{teams_key}`: use switching or on_the_spot")
        })?),
        n => {
            return Err(format!(
                "--players must be 2 (or 4 for 2v2) for Cardball, not {n}"
            ));
        }
    };
    if request.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let seats = request.strengths(usize::from(players))?;
    let tie_key = request.option("tie_break").unwrap_or("penalties");
    let tie_break = TieBreak::parse(tie_key).ok_or_else(|| {
        format!("unknown --tie-break `{tie_key}`: use penalties, golden_goal or draw")
    })?;
    let deck = CardballDeck::load(source).map_err(|e| e.to_string())?;
    let config = CardballConfig {
        tie_break,
        halves: request.option("halves") == Some("true"),
        teams,
        house,
        ..CardballConfig::new(Arc::new(deck.card_set()))
    };
    Cardball::new(&config, request.seed).map_err(|e| e.to_string())?;
    let names: Vec<String> = seats.iter().map(|s| s.key().to_string()).collect();
    let bar = request.progress(200, "games");
    let pool = request.pool()?;
    let tick = || bar.inc(1);
    let report = pool.install(|| {
        crate::sim::run(
            "cardball",
            request.games,
            request.seed,
            request.max_decisions,
            names.clone(),
            |seed| Cardball::new(&config, seed).ok(),
            |seed| {
                Seat::all(seats.len())
                    .map(|m| -> Box<dyn Bot<Cardball>> {
                        let bot_seed = seed.wrapping_mul(31).wrapping_add(m.index() as u64);
                        match seats.get(m.index()).copied().unwrap_or(Strength::Random) {
                            Strength::Random => Box::new(RandomBot::new(bot_seed)),
                            Strength::Heuristic => Box::new(HeuristicBot::new(bot_seed)),
                        }
                    })
                    .collect()
            },
            &tick,
        )
    });
    bar.finish_and_clear();
    report.render(request.json)
}

/// `touchline soak`: one checked match per seed: the duel or 2v2 (either
/// way of choosing the playing manager), any tie-break, one or two halves,
/// asked or default calls, random and heuristic bots, all drawn from the
/// seed. Manager cards and Action cards are both counted.
pub fn soak(source: &DataSource) -> Result<crate::soak::SoakOne, String> {
    use super::bot::HeuristicBot;
    use super::{Cardball, CardballConfig, TeamPlay, TieBreak};
    use crate::bots::{Bot, RandomBot};
    use crate::engine::Game as _;
    use crate::soak::{pick, play_checked};
    let deck = CardballDeck::load(source).map_err(|e| e.to_string())?;
    let cards = Arc::new(deck.card_set());
    Ok(Box::new(move |seed| {
        let config = CardballConfig {
            tie_break: [TieBreak::Penalties, TieBreak::GoldenGoal, TieBreak::Draw]
                [pick(seed, 1, 3) as usize],
            halves: pick(seed, 2, 2) == 0,
            teams: [None, Some(TeamPlay::Switching), Some(TeamPlay::OnTheSpot)]
                [pick(seed, 3, 3) as usize],
            ask_calls: pick(seed, 4, 2) == 0,
            ..CardballConfig::new(cards.clone())
        };
        let game = match Cardball::new(&config, seed) {
            Ok(g) => g,
            Err(e) => {
                return crate::soak::SoakGame {
                    decisions: 0,
                    failure: Some(format!("cannot set up {config:?}: {e}")),
                };
            }
        };
        let seats = if config.teams.is_some() { 4 } else { 2 };
        let mut bots: Vec<Box<dyn Bot<Cardball>>> = (0..seats)
            .map(|i| -> Box<dyn Bot<Cardball>> {
                let bot_seed = seed.wrapping_mul(31).wrapping_add(i);
                if pick(seed, 20 + i, 2) == 0 {
                    Box::new(RandomBot::new(bot_seed))
                } else {
                    Box::new(HeuristicBot::new(bot_seed))
                }
            })
            .collect();
        play_checked(game, &mut bots, |g: &Cardball| {
            let mut all: Vec<(bool, usize)> = g
                .all_card_places()
                .into_iter()
                .map(|c| (false, usize::from(c)))
                .collect();
            all.extend(
                g.all_action_places()
                    .into_iter()
                    .map(|a| (true, usize::from(a))),
            );
            all
        })
    }))
}
