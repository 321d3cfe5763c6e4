//! Flip Duel for the registry's tools: its card data read from a data
//! source, `check`, `scenario` and `simulate`.

use super::{CardId, CardSet, FlipDuel, FlipDuelConfig, HeuristicBot, Scenario, simulate};
use crate::bots::{Bot, RandomBot};
use crate::cards::{DataErrors, DataSource};
use crate::engine::Seat;
use crate::scenario::Ran;
use crate::sim::SimRequest;
use std::sync::Arc;

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

/// Validates the packs; one summary line per pack.
pub fn check(source: &DataSource) -> Result<Vec<String>, DataErrors> {
    let set = load(source)?;
    Ok(set
        .teams
        .iter()
        .map(|t| format!("{} pack: {} double-sided cards", t.name, set.pack_size()))
        .collect())
}

/// Runs a scenario file.
pub fn scenario(source: &DataSource, name: &str, text: &str) -> Ran {
    let cards = match load(source) {
        Ok(c) => Arc::new(c),
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let scenario = match Scenario::parse(name, text, cards) {
        Ok(s) => s,
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let run = match scenario.run() {
        Ok(r) => r,
        Err(e) => return Ran::Malformed(format!("{name}: {e}")),
    };
    let failures = scenario.check(&run);
    let illegal = run
        .error
        .as_ref()
        .filter(|_| scenario.expect.error.is_none())
        .map(|(i, text, e)| format!("action {} `{text}` is illegal: {e}", i + 1));
    let output = serde_json::json!({
        "scenario": name,
        "score": run.game.score(),
        "events": run.events.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>(),
        "failures": failures,
    });
    Ran::Done {
        output,
        failures,
        illegal,
    }
}

fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<FlipDuel>>, String> {
    match name.trim() {
        "random" | "easy" => Ok(Box::new(RandomBot::new(seed))),
        "heuristic" | "normal" => Ok(Box::new(HeuristicBot::new(seed))),
        other => Err(format!("unknown bot `{other}`: use random or heuristic")),
    }
}

/// Plays `request.games` matches and reports goals, shots, penalties, free
/// kicks, flips per match and the win split.
pub fn run_simulation(source: &DataSource, request: &SimRequest) -> Result<String, String> {
    if let Some(p) = request.players
        && p != 2
    {
        return Err(format!("Flip Duel is for 2 players, not {p}"));
    }
    let cards = Arc::new(load(source).map_err(|e| e.to_string())?);
    let mut config = FlipDuelConfig::new(cards);
    config.first_attacker = Some(Seat(0));
    let names: Vec<&str> = request.bots.split(',').collect();
    let pick = |i: usize| {
        names
            .get(i % names.len().max(1))
            .copied()
            .unwrap_or("random")
    };
    let mut a = bot(pick(0), request.seed.wrapping_mul(7919))?;
    let mut b = bot(pick(1), request.seed.wrapping_mul(7919).wrapping_add(1))?;
    let s = simulate(
        &config,
        [a.as_mut(), b.as_mut()],
        request.games as u64,
        request.seed,
    )
    .map_err(|e| e.to_string())?;
    if request.json {
        return serde_json::to_string_pretty(&s).map_err(|e| e.to_string());
    }
    let m = &s.per_match;
    Ok(format!(
        "flip-duel: {} matches, {} (Red) against {} (Blue)\n\
         per match: {:.2} goals, {:.2} shots, {:.2} penalties, {:.2} free kicks, {:.1} flips, {:.1} tackles\n\
         wins: Red {:.1}%, Blue {:.1}%, draws {:.1}%\n\
         decisions: {}",
        s.matches,
        s.bots[0],
        s.bots[1],
        m.goals,
        m.shots,
        m.penalties,
        m.free_kicks,
        m.flips,
        m.tackles,
        s.wins.red_share * 100.0,
        s.wins.blue_share * 100.0,
        s.wins.draw_share * 100.0,
        s.decisions
    ))
}

/// Both packs and the instruction cards from `source`, laid out for print.
pub fn print_deck(source: &DataSource) -> Result<crate::layout::PrintDeck, DataErrors> {
    Ok(super::layout::print_deck(&load(source)?))
}

/// `touchline soak`: one checked match per seed, random and heuristic
/// bots drawn from the seed, the official rules or the hand house rule,
/// a toss for the first attacker. Both packs are counted, each card with
/// its team.
pub fn soak(source: &DataSource) -> Result<crate::soak::SoakOne, String> {
    use crate::engine::Game as _;
    use crate::soak::{pick, play_checked};
    let cards = Arc::new(load(source).map_err(|e| e.to_string())?);
    Ok(Box::new(move |seed| {
        let mut config = FlipDuelConfig::new(cards.clone());
        config.first_attacker = None;
        if pick(seed, 1, 3) == 0 {
            config.hand = 1 + pick(seed, 2, 5) as u8;
        }
        let game = match FlipDuel::new(&config, seed) {
            Ok(g) => g,
            Err(e) => {
                return crate::soak::SoakGame {
                    decisions: 0,
                    failure: Some(format!("cannot set up a match: {e}")),
                };
            }
        };
        let mut bots: Vec<Box<dyn Bot<FlipDuel>>> = (0..2u64)
            .map(|i| -> Box<dyn Bot<FlipDuel>> {
                let bot_seed = seed.wrapping_mul(31).wrapping_add(i);
                if pick(seed, 20 + i, 2) == 0 {
                    Box::new(RandomBot::new(bot_seed))
                } else {
                    Box::new(HeuristicBot::new(bot_seed))
                }
            })
            .collect();
        play_checked(game, &mut bots, |g: &FlipDuel| {
            let mut all: Vec<(u8, CardId)> = Vec::new();
            for seat in Seat::all(2) {
                all.extend(g.all_cards(seat).into_iter().map(|c| (seat.0, c)));
            }
            all
        })
    }))
}
