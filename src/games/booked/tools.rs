//! Booked! for the registry's tools: `check` and `scenario`.

use super::deck::{BookedDeck, load_house_rules};
use super::group::GroupStage;
use super::scenario::Scenario;
use super::{Booked, BookedConfig};
use crate::bots::Bot;
use crate::cards::{DataErrors, DataSource};
use crate::engine::{Game as _, Seat};
use crate::scenario::Ran;
use crate::sim::{GameResult, play};
use std::sync::Arc;

/// Validates the deck and the house rules; summary lines.
pub fn check(source: &DataSource) -> Result<Vec<String>, DataErrors> {
    let deck = BookedDeck::load(source)?;
    let counts = deck.counts();
    let total: usize = counts.values().sum();
    let parts: Vec<String> = counts
        .iter()
        .map(|(k, n)| format!("{n} {}", k.label()))
        .collect();
    let nations: Vec<&str> = deck.nations.iter().map(|n| n.code.as_str()).collect();
    let rules = load_house_rules(source)?;
    Ok(vec![
        format!("{} — {total} cards: {}", deck.name, parts.join(", ")),
        format!("{} nations: {}", deck.nations.len(), nations.join(" ")),
        format!(
            "house rules ok (deal {}, hand limit {}{})",
            rules.deal_size,
            rules.hand_limit,
            if rules == Default::default() {
                ", official"
            } else {
                ", custom"
            }
        ),
    ])
}

/// Runs a scenario file.
pub fn scenario(source: &DataSource, name: &str, text: &str) -> Ran {
    let loaded = BookedDeck::load(source).and_then(|d| Ok((d, load_house_rules(source)?)));
    let (deck, base) = match loaded {
        Ok(x) => x,
        Err(e) => return Ran::Malformed(e.to_string()),
    };
    let scenario = match Scenario::parse(name, text, Arc::new(deck.card_set()), &base) {
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
    let deck = super::deck::BookedDeck::load(source)?;
    Ok(super::layout::print_deck(&deck))
}

/// Plays `request.games` matches (or whole group stages, with that house
/// rule) in parallel and reports them.
pub fn run_simulation(
    source: &DataSource,
    request: &crate::sim::SimRequest,
) -> Result<String, String> {
    use super::bot::HeuristicBot;
    use crate::bots::{RandomBot, Strength};
    use crate::engine::Game as _;
    let players = request.players.unwrap_or(4);
    if !(2..=6).contains(&players) {
        return Err(format!("--players must be 2-6 for Booked!, not {players}"));
    }
    if request.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let seats = request.strengths(usize::from(players))?;
    let deck = BookedDeck::load(source).map_err(|e| e.to_string())?;
    let rules = match &request.rules {
        Some((name, text)) => super::deck::parse_house_rules(name, text),
        None => load_house_rules(source),
    }
    .map_err(|e| e.to_string())?;
    let config = BookedConfig::new(Arc::new(deck.card_set()), rules, players);
    // Fail early, with the rules' own message, on a table that cannot be dealt.
    Booked::new(&config, request.seed).map_err(|e| e.to_string())?;
    let names: Vec<String> = seats.iter().map(|s| s.key().to_string()).collect();
    let bar = request.progress(200, "games");
    let pool = request.pool()?;
    let tick = || bar.inc(1);
    let make_bot = |manager: Seat, seed: u64| -> Box<dyn Bot<Booked>> {
        let bot_seed = seed.wrapping_mul(31).wrapping_add(manager.index() as u64);
        match seats
            .get(manager.index())
            .copied()
            .unwrap_or(Strength::Random)
        {
            Strength::Random => Box::new(RandomBot::new(bot_seed)),
            Strength::Heuristic => Box::new(HeuristicBot::new(bot_seed)),
        }
    };
    let report = pool.install(|| {
        if config.rules.group_stage {
            // Each unit is a whole group stage; a win is lifting the cup.
            crate::sim::run_with(
                "booked group stage",
                request.games,
                request.seed,
                names.clone(),
                &tick,
                |seed| play_group_stage(&config, seed, request.max_decisions, &make_bot),
            )
        } else {
            crate::sim::run(
                "booked",
                request.games,
                request.seed,
                request.max_decisions,
                names.clone(),
                |seed| Booked::new(&config, seed).ok(),
                |seed| Seat::all(seats.len()).map(|m| make_bot(m, seed)).collect(),
                &tick,
            )
        }
    });
    bar.finish_and_clear();
    report.render(request.json)
}

/// Plays a whole Booked! group stage (three matches, then sudden-death
/// deciders while managers are level); `make_bot(manager, seed)` gives the
/// bot of a manager for one match. The result's winner is the champion and
/// its turns and decisions are the stage's totals.
fn play_group_stage(
    base: &BookedConfig,
    seed: u64,
    max_decisions: u64,
    make_bot: &(dyn Fn(Seat, u64) -> Box<dyn Bot<Booked>> + Sync),
) -> Option<GameResult> {
    let mut stage = GroupStage::new(base.clone());
    let mut turns = 0;
    let mut decisions = 0;
    let mut matches = 0u64;
    while let Some(next) = stage.next_match() {
        let match_seed = seed.wrapping_mul(1_000_003).wrapping_add(matches);
        let mut game = Booked::new(&next.config, match_seed).ok()?;
        let mut bots: Vec<Box<dyn Bot<Booked>>> = next
            .managers
            .iter()
            .map(|m| make_bot(*m, match_seed))
            .collect();
        decisions += play(&mut game, &mut bots, max_decisions);
        turns += game.turns();
        matches += 1;
        // A match the bots could not finish, or endless shared deciders,
        // abandons the stage rather than looping.
        if game.outcome().is_none() || matches > 3 + 20 {
            return Some(GameResult {
                seed,
                winners: Vec::new(),
                ending: "abandoned".into(),
                turns,
                decisions,
            });
        }
        stage.record(&game);
    }
    let ending = if stage.deciders().is_empty() {
        "cup"
    } else {
        "cup_after_sudden_death"
    };
    Some(GameResult {
        seed,
        winners: stage.champion().into_iter().collect(),
        ending: ending.into(),
        turns,
        decisions,
    })
}

/// `touchline soak`: one checked match per seed, with 2-6 managers, a mix
/// of random and heuristic bots and house rules drawn from the seed (the
/// official rules when the drawn ones cannot be dealt).
pub fn soak(source: &DataSource) -> Result<crate::soak::SoakOne, String> {
    use super::HouseRules;
    use super::bot::HeuristicBot;
    use crate::bots::RandomBot;
    use crate::soak::{pick, play_checked};
    let deck = BookedDeck::load(source).map_err(|e| e.to_string())?;
    let base = load_house_rules(source).map_err(|e| e.to_string())?;
    let cards = Arc::new(deck.card_set());
    Ok(Box::new(move |seed| {
        let players = 2 + pick(seed, 1, 5) as u8;
        let flag = |salt| pick(seed, salt, 4) == 0;
        let drawn = HouseRules {
            deal_size: 5 + pick(seed, 2, 6) as u8,
            fewer_discipline: flag(3),
            captains_armband: flag(4),
            derby_night: flag(5),
            squad_rotation: flag(6),
            strict_var: flag(7),
            group_stage: false,
            reshuffles_before_penalties: pick(seed, 8, 3) as u8,
            ..base.clone()
        };
        let official = HouseRules {
            group_stage: false,
            ..base.clone()
        };
        let rules = if flag(9) { drawn } else { official.clone() };
        let config = BookedConfig::new(cards.clone(), rules, players);
        let game = match Booked::new(&config, seed) {
            Ok(g) => g,
            Err(_) => {
                let config = BookedConfig::new(cards.clone(), official, players);
                match Booked::new(&config, seed) {
                    Ok(g) => g,
                    Err(e) => {
                        return crate::soak::SoakGame {
                            decisions: 0,
                            failure: Some(format!("cannot deal {players} managers: {e}")),
                        };
                    }
                }
            }
        };
        let mut bots: Vec<Box<dyn Bot<Booked>>> = (0..u64::from(players))
            .map(|i| -> Box<dyn Bot<Booked>> {
                let bot_seed = seed.wrapping_mul(31).wrapping_add(i);
                if pick(seed, 20 + i, 2) == 0 {
                    Box::new(RandomBot::new(bot_seed))
                } else {
                    Box::new(HeuristicBot::new(bot_seed))
                }
            })
            .collect();
        play_checked(game, &mut bots, Booked::all_card_places)
    }))
}

#[cfg(test)]
mod soak_tests {
    #[test]
    fn a_card_that_vanishes_mid_game_is_caught_with_the_decision() {
        use crate::bots::Bot;
        use crate::engine::Game as _;
        use crate::games::booked::{Booked, BookedConfig, HouseRules};
        let source = crate::cards::DataSource::embedded();
        let deck =
            crate::games::booked::deck::BookedDeck::load(&source).unwrap_or_else(|e| panic!("{e}"));
        let config = BookedConfig::new(
            std::sync::Arc::new(deck.card_set()),
            HouseRules::default(),
            2,
        );
        let game = Booked::new(&config, 3).unwrap_or_else(|e| panic!("{e}"));
        let mut bots: Vec<Box<dyn Bot<Booked>>> = vec![
            Box::new(crate::bots::RandomBot::new(1)),
            Box::new(crate::bots::RandomBot::new(2)),
        ];
        let calls = std::cell::Cell::new(0);
        let found = crate::soak::play_checked(game.clone(), &mut bots, |g: &Booked| {
            calls.set(calls.get() + 1);
            let mut all = g.all_card_places();
            if calls.get() > 5 {
                all.pop();
            }
            all
        });
        assert_eq!(found.decisions, 5);
        let why = found.failure.unwrap_or_default();
        assert!(why.starts_with("cards changed: 1 lost"), "{why}");
        let clean = crate::soak::play_checked(game, &mut bots, Booked::all_card_places);
        assert_eq!(clean.failure, None);
        assert!(clean.decisions > 5);
    }
}
