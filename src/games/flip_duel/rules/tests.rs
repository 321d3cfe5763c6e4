//! Whole-match rules that scenarios (starting from a placed position) do
//! not reach well: the setup, the two halves, injury time, the bots.

use super::*;
use crate::bots::{Bot, RandomBot};
use crate::engine::{Game as _, Seat, ToAct};
use std::sync::Arc;

fn set() -> Arc<CardSet> {
    Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("default data: {e}")))
}

/// A match played to the end by `bots` (Red's first).
fn played(config: &FlipDuelConfig, seed: u64, mut bots: Vec<Box<dyn Bot<FlipDuel>>>) -> FlipDuel {
    let mut g = FlipDuel::new(config, seed).unwrap_or_else(|e| panic!("{e}"));
    let out = crate::bots::play_out(&mut g, &mut bots, 100_000, |_| None);
    assert_eq!(out.stop, crate::engine::Stop::Over);
    g
}

fn random_match(config: &FlipDuelConfig, seed: u64) -> FlipDuel {
    let bots: Vec<Box<dyn Bot<FlipDuel>>> = vec![
        Box::new(RandomBot::new(seed)),
        Box::new(RandomBot::new(seed ^ 1)),
    ];
    played(config, seed, bots)
}

#[test]
fn a_match_starts_with_both_players_choosing_eight_cards_in_secret() {
    let g = FlipDuel::new(&FlipDuelConfig::new(set()), 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.phase(), Phase::Choose);
    assert_eq!(
        g.to_act(),
        ToAct::Simultaneous(crate::engine::SeatSet::all(2))
    );
    let mut legal = Vec::new();
    g.legal_actions(Seat(1), &mut legal);
    assert_eq!(legal.len(), DECK_SIZE);
}

#[test]
fn every_official_match_plays_two_halves_and_the_injury_time_the_referee_shows() {
    let config = FlipDuelConfig::new(set());
    for seed in 0..50 {
        let g = random_match(&config, seed);
        assert!(g.is_over());
        let n = u32::from(g.injury_lays());
        assert!((1..=8).contains(&n), "seed {seed}: {n}");
        assert_eq!(g.turns(), 90 + n, "seed {seed}");
        for s in [Seat(0), Seat(1)] {
            assert_eq!(g.aside(s).len(), 8 - n as usize);
            assert_eq!(g.all_cards(s).len(), DECK_SIZE);
        }
        let score = g.score();
        let stats = g.stats();
        assert_eq!(score, [stats[0].goals, stats[1].goals]);
    }
}

#[test]
fn the_second_half_is_kicked_off_by_the_other_player() {
    let mut config = FlipDuelConfig::new(set());
    config.first_attacker = Some(Seat(1));
    let mut g = FlipDuel::new(&config, 5).unwrap_or_else(|e| panic!("{e}"));
    let mut events = Vec::new();
    let mut legal = Vec::new();
    while g.period() != Period::SecondHalf {
        let ToAct::Simultaneous(set) = g.to_act() else {
            panic!("not simultaneous")
        };
        for s in set.iter() {
            g.legal_actions(s, &mut legal);
            let a = legal[0];
            g.apply_logged(s, &a, &mut events)
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    assert_eq!(g.kicked_off(), Seat(1));
    assert_eq!(g.attacker(), Seat(0));
    assert_eq!(g.play(), Play::KICK_OFF);
    assert!(events.contains(&Event::KickOff {
        period: Period::SecondHalf,
        attacker: Seat(0)
    }));
    for s in [Seat(0), Seat(1)] {
        assert_eq!(g.pack(s).len(), 45);
        assert!(g.played(s).is_empty());
    }
}

#[test]
fn house_rules_play_to_the_end() {
    let mut config = FlipDuelConfig::new(set());
    config.hand = 3;
    config.half_cards = Some(20);
    config.injury_cards = 4;
    config.fixed_injury_time = Some(2);
    config.first_attacker = None;
    for seed in 0..20 {
        let g = random_match(&config, seed);
        assert_eq!(g.turns(), 42, "seed {seed}");
        for s in [Seat(0), Seat(1)] {
            assert_eq!(g.all_cards(s).len(), DECK_SIZE);
        }
    }
}

#[test]
fn the_heuristic_bot_sets_aside_its_weakest_cards_and_beats_random_choices() {
    let config = FlipDuelConfig::new(set());
    let g = FlipDuel::new(&config, 3).unwrap_or_else(|e| panic!("{e}"));
    let view = g.view(Seat(0));
    let values = card_values(&view);
    assert_eq!(values.len(), DECK_SIZE);
    let advice = suggest_aside(&view);
    assert_eq!(advice.len(), 8);
    let worst: Vec<CardId> = values.iter().rev().take(8).map(|v| v.0).collect();
    assert_eq!(advice, worst);
    let (mut red, mut blue) = (0, 0);
    for seed in 0..400 {
        let bots: Vec<Box<dyn Bot<FlipDuel>>> = vec![
            Box::new(HeuristicBot::new(seed)),
            Box::new(RandomBot::new(seed + 1)),
        ];
        match played(&config, seed, bots).outcome().map(|o| o.winners) {
            Some(w) if w == [Seat(0)] => red += 1,
            Some(w) if w == [Seat(1)] => blue += 1,
            _ => {}
        }
    }
    assert!(red > blue, "heuristic {red} against random {blue}");
}

#[test]
fn a_view_shows_neither_pack_order_nor_the_other_choice() {
    use rand::SeedableRng as _;
    use rand::seq::SliceRandom as _;
    let config = FlipDuelConfig::new(set());
    let mut g = random_match_until(&config, 4, 30);
    let before = [g.view(Seat(0)), g.view(Seat(1))];
    let mut rng = crate::engine::GameRng::seed_from_u64(1);
    for s in [Seat(0), Seat(1)] {
        g.packs[s].shuffle(&mut rng);
    }
    // Swap one card between Blue's pack and Blue's injury-time pile: Red
    // cannot tell.
    let (Some(p), Some(a)) = (g.packs[Seat(1)].pop(), g.aside[Seat(1)].pop()) else {
        panic!("cards expected");
    };
    g.packs[Seat(1)].push(a);
    g.aside[Seat(1)].push(p);
    let after = g.view(Seat(0));
    let json = |v: &FlipDuelView| serde_json::to_string(v).unwrap_or_default();
    assert_eq!(json(&before[0]), json(&after));
    assert_ne!(
        json(&before[1]),
        json(&g.view(Seat(1))),
        "Blue sees its own choice"
    );
}

/// Plays `pairs` random pairs of cards after a random injury-time choice.
fn random_match_until(config: &FlipDuelConfig, seed: u64, pairs: u32) -> FlipDuel {
    let mut g = FlipDuel::new(config, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut bot = RandomBot::new(seed);
    let mut legal = Vec::new();
    while g.turns() < pairs && !g.is_over() {
        let ToAct::Simultaneous(set) = g.to_act() else {
            break;
        };
        for s in set.iter() {
            g.legal_actions(s, &mut legal);
            let k = <RandomBot as Bot<FlipDuel>>::choose(&mut bot, None, &legal);
            let a = legal[k];
            g.apply(s, &a).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    g
}

#[test]
fn a_save_from_before_the_turn_over_keeps_laying_from_the_same_end() {
    let config = FlipDuelConfig::new(set());
    assert!(config.turn_packs_over && config.is_official());
    let mut json = serde_json::to_value(&config).unwrap_or_else(|e| panic!("{e}"));
    if let Some(map) = json.as_object_mut() {
        map.remove("turn_packs_over");
    }
    let old: FlipDuelConfig = serde_json::from_value(json).unwrap_or_else(|e| panic!("{e}"));
    assert!(!old.turn_packs_over, "an old save replays as it was played");
    assert!(
        !old.is_official(),
        "and says it is not the official reading"
    );
    // The two readings lay different cards after the first flip.
    let a = random_match(&config, 9);
    let b = random_match(&old, 9);
    assert_ne!(
        serde_json::to_string(&a.played(Seat(0))).unwrap_or_default(),
        serde_json::to_string(&b.played(Seat(0))).unwrap_or_default()
    );
}
