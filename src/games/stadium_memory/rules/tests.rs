//! Unit tests of the rules, views, bots and simulation. The rulebook's
//! rules are tested by the scenario files in
//! `tests/scenarios/stadium-memory/`, the invariants by property tests in
//! `tests/stadium_memory_props.rs`.

use super::bot::BotKind;
use super::bot::{MemoryBot, MemoryLevel};
use super::*;
use crate::bots::Bot;
use crate::engine::{Game as _, Record, Seat, SeatSet, ToAct};
use std::sync::Arc;

fn cards() -> Arc<CardSet> {
    Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("{e}")))
}

fn card(c: &CardSet, id: &str) -> Option<Card> {
    Some(c.find_card(id).unwrap_or_else(|| panic!("no card {id}")))
}

/// A 2 x 3 grid: ferro A1 B2, okonjo A2 B3, obi A3 B1.
fn small(c: &Arc<CardSet>, seats: u8, prizes: &[(usize, Prize)]) -> StadiumMemory {
    let grid = ["ferro", "okonjo", "obi", "obi", "ferro", "okonjo"]
        .iter()
        .map(|id| card(c, id))
        .collect();
    let mut setup = Setup {
        rows: 2,
        columns: 3,
        grid,
        first: Some(Seat(0)),
        ..Setup::default()
    };
    for (seat, p) in prizes {
        while setup.prizes.len() <= *seat {
            setup.prizes.push(PrizeCounts::default());
        }
        if let Some(h) = setup.prizes.get_mut(*seat) {
            h.add(*p);
        }
    }
    let config = StadiumMemoryConfig::new(c.clone(), seats);
    StadiumMemory::from_setup(&config, &setup, 1).unwrap_or_else(|e| panic!("{e}"))
}

fn turn(g: &mut StadiumMemory, seat: u8, at: &str) {
    let pos = Pos::parse(at, g.rows(), g.columns()).unwrap_or_else(|| panic!("{at}"));
    g.apply(Seat(seat), &Action::Turn { pos })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_official_config_deals_a_hundred_cards_ten_by_ten() {
    let c = cards();
    let config = StadiumMemoryConfig::new(c.clone(), 4);
    assert_eq!(config.validate(), Ok(()));
    let g = StadiumMemory::new(&config, 5).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.on_table(), 100);
    assert_eq!((g.rows(), g.columns()), (10, 10));
    assert_eq!(g.to_act(), ToAct::Chance, "the first move is rolled for");
    let prizes = g
        .grid()
        .iter()
        .filter(|x| matches!(x, Some(Card::Prize(_))))
        .count();
    assert_eq!(prizes, 16);
}

#[test]
fn bad_configs_say_what_to_change() {
    let c = cards();
    let mut config = StadiumMemoryConfig::new(c.clone(), 7);
    assert!(
        matches!(config.validate(), Err(StadiumMemoryError::Config(m)) if m.contains("2 to 6"))
    );
    config.seats = 2;
    config.rules.rows = 0;
    assert!(config.validate().is_err());
    config.rules.rows = 3;
    config.rules.columns = 5;
    // 15 seats cannot hold 16 prize cards and a pair.
    assert!(config.validate().is_err());
    config.rules.prizes = false;
    assert_eq!(config.validate(), Ok(()));
    assert_eq!(config.pairs_in_play(), 7);
    config.rules.pairs = Some(8);
    assert!(config.validate().is_err(), "16 cards in 15 seats");
    config.first = Some(Seat(2));
    config.rules.pairs = None;
    assert!(config.validate().is_err(), "seat 2 of 2");
}

#[test]
fn fewer_pairs_than_players_are_chosen_by_the_seed() {
    let c = cards();
    let mut config = StadiumMemoryConfig::new(c.clone(), 2);
    config.rules.rows = 4;
    config.rules.columns = 5;
    config.rules.prizes = false;
    let a = StadiumMemory::new(&config, 1).unwrap_or_else(|e| panic!("{e}"));
    let b = StadiumMemory::new(&config, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.grid(), b.grid());
    assert_eq!(a.on_table(), 20);
    let mut counts = std::collections::HashMap::new();
    for x in a.grid().iter().flatten() {
        *counts.entry(*x).or_insert(0) += 1;
    }
    assert!(counts.values().all(|n| *n == 2), "whole pairs only");
}

#[test]
fn setups_refuse_half_pairs_and_double_holdings() {
    let c = cards();
    let config = StadiumMemoryConfig::new(c.clone(), 2);
    let mut setup = Setup {
        rows: 1,
        columns: 2,
        grid: vec![card(&c, "ferro"), card(&c, "okonjo")],
        ..Setup::default()
    };
    assert!(StadiumMemory::from_setup(&config, &setup, 0).is_err());
    setup.grid = vec![card(&c, "ferro"), card(&c, "ferro")];
    let ferro = c.find_player("ferro").unwrap_or_default();
    setup.pairs = vec![vec![ferro]];
    assert!(StadiumMemory::from_setup(&config, &setup, 0).is_err());
    setup.pairs = vec![];
    setup.dice = vec![7];
    assert!(StadiumMemory::from_setup(&config, &setup, 0).is_err());
    setup.dice = vec![];
    setup.grid.push(None);
    assert!(
        StadiumMemory::from_setup(&config, &setup, 0).is_err(),
        "3 cells in 1 x 2"
    );
}

#[test]
fn a_refused_action_names_the_action_and_the_rule() {
    let c = cards();
    let mut g = small(&c, 2, &[]);
    let before = serde_json::to_string(&g).unwrap_or_default();
    let e = g.apply(Seat(0), &Action::UseVar).err();
    assert_eq!(
        e.map(|e| e.to_string()),
        Some("`var` is illegal: you hold no VAR card".to_string())
    );
    assert_eq!(serde_json::to_string(&g).unwrap_or_default(), before);
}

#[test]
fn notation_round_trips() {
    let c = cards();
    for text in [
        "turn J10",
        "var",
        "peek C7",
        "challenge 2",
        "take ferro",
        "yellow",
        "red",
        "pass",
        "autopass",
        "askagain",
    ] {
        let a = Action::parse(text, &c, 10, 10).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.notation(&c, 10), text);
    }
    assert!(Action::parse("turn K1", &c, 10, 10).is_err());
    assert!(Action::parse("turn A1 A2", &c, 10, 10).is_err());
    assert!(Action::parse("take zidane", &c, 10, 10).is_err());
    assert!(Action::parse("", &c, 10, 10).is_err());
}

#[test]
fn views_show_public_reveals_and_only_own_peeks() {
    let c = cards();
    let mut g = small(&c, 2, &[(0, Prize::Var)]);
    g.apply(Seat(0), &Action::UseVar)
        .unwrap_or_else(|e| panic!("{e}"));
    g.apply(Seat(0), &Action::Peek { pos: Pos(0) })
        .unwrap_or_else(|e| panic!("{e}"));
    g.apply(Seat(0), &Action::Peek { pos: Pos(4) })
        .unwrap_or_else(|e| panic!("{e}"));
    turn(&mut g, 0, "A2");
    let mine = g.view(Seat(0));
    let theirs = g.view(Seat(1));
    assert_eq!(mine.peeks.len(), 2);
    assert!(theirs.peeks.is_empty());
    assert_eq!(theirs.reveals.len(), 1);
    assert_eq!(theirs.spot(Pos(1)), Spot::FaceUp(Card::Player(1)));
    assert_eq!(theirs.spot(Pos(0)), Spot::FaceDown);
    let json = serde_json::to_string(&theirs).unwrap_or_default();
    assert!(
        !json.contains("\"pos\":0"),
        "seat 1 sees seat 0's look: {json}"
    );
}

#[test]
fn narration_tells_the_holder_and_hides_the_card_from_others() {
    let c = cards();
    let e = Event::Peeked {
        seat: Seat(0),
        card: Card::Player(0),
        at: Place::new(Pos(12), 10),
    };
    let names = vec!["Ana".to_string(), "Bo".to_string()];
    let own = e.describe(&c, &names, Some(Seat(0))).unwrap_or_default();
    let other = e.describe(&c, &names, Some(Seat(1))).unwrap_or_default();
    let spectator = e.describe(&c, &names, None).unwrap_or_default();
    assert_eq!(own, "Ana looks at B3 with VAR: Tomas Ferro");
    assert_eq!(other, "Ana looks at the card on B3 with VAR");
    assert_eq!(spectator, other);
}

#[test]
fn only_holders_are_asked_and_in_table_order() {
    let c = cards();
    let mut g = small(
        &c,
        4,
        &[(3, Prize::Yellow), (1, Prize::Red), (2, Prize::Var)],
    );
    // The turn-change window at the start: seat 1, then seat 3.
    assert_eq!(g.to_act(), ToAct::One(Seat(1)));
    g.apply(Seat(1), &Action::Pass)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.to_act(), ToAct::One(Seat(3)));
    g.apply(Seat(3), &Action::AutoPass)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.to_act(), ToAct::One(Seat(0)));
    turn(&mut g, 0, "A1");
    // Seat 3 auto-passes now: only seat 1 is asked.
    assert_eq!(g.to_act(), ToAct::One(Seat(1)));
    assert_eq!(g.auto_pass(), SeatSet::EMPTY.with(Seat(3)));
}

#[test]
fn a_record_replays_through_the_dice() {
    let c = cards();
    let mut config = StadiumMemoryConfig::new(c.clone(), 3);
    config.rules.rows = 4;
    config.rules.columns = 6;
    let mut g = StadiumMemory::new(&config, 42).unwrap_or_else(|e| panic!("{e}"));
    let mut record = Record::<StadiumMemory>::new(config, 42);
    let mut bots: Vec<Box<dyn crate::bots::Bot<StadiumMemory>>> = (0..3)
        .map(|i| Box::new(MemoryBot::new(MemoryLevel::new(4), i)) as _)
        .collect();
    // The bots choose through the play-out loop; the chooser keeps what
    // each chose, which is the record to replay.
    let mut seats = crate::bots::Seats(&mut bots);
    let mut chooser = |game: &StadiumMemory, seat: Seat, legal: &[Action]| {
        let i = crate::engine::Chooser::choose(&mut seats, game, seat, legal).min(legal.len() - 1);
        record.actions.push((seat, legal[i]));
        i
    };
    let played = crate::engine::play_out(&mut g, &mut chooser, 5_000, |_| None);
    assert_eq!(played.stop, crate::engine::Stop::Over);
    assert!(g.is_over());
    let (replayed, _) = record.replay(None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        serde_json::to_string(&replayed).unwrap_or_default(),
        serde_json::to_string(&g).unwrap_or_default()
    );
}

#[test]
fn a_perfect_bot_turns_a_pair_it_has_seen() {
    let c = cards();
    let mut g = small(&c, 2, &[]);
    turn(&mut g, 0, "A1");
    turn(&mut g, 0, "A2");
    turn(&mut g, 1, "B2");
    // B2 is ferro: a perfect bot's second card is A1.
    let mut bot = MemoryBot::new(MemoryLevel::new(4), 3);
    let mut legal = Vec::new();
    g.legal_actions(Seat(1), &mut legal);
    let view = g.view(Seat(1));
    let i = bot.choose(Some(&view), &legal);
    assert_eq!(legal.get(i), Some(&Action::Turn { pos: Pos(0) }));
}

#[test]
fn a_bot_with_a_red_stops_an_exposed_pair() {
    let c = cards();
    let mut g = small(&c, 2, &[(1, Prize::Red)]);
    g.apply(Seat(1), &Action::Pass)
        .unwrap_or_else(|e| panic!("{e}"));
    turn(&mut g, 0, "A1");
    g.apply(Seat(1), &Action::Pass)
        .unwrap_or_else(|e| panic!("{e}"));
    turn(&mut g, 0, "B2");
    assert_eq!(g.to_act(), ToAct::One(Seat(1)));
    let mut bot = MemoryBot::new(MemoryLevel::new(4), 9);
    let mut legal = Vec::new();
    g.legal_actions(Seat(1), &mut legal);
    let i = bot.choose(Some(&g.view(Seat(1))), &legal);
    assert_eq!(legal.get(i), Some(&Action::Red));
    g.apply(Seat(1), &Action::Red)
        .unwrap_or_else(|e| panic!("{e}"));
    // The red brought the turn to the bot, which takes the pair.
    g.legal_actions(Seat(1), &mut legal);
    let i = bot.choose(Some(&g.view(Seat(1))), &legal);
    let first = legal.get(i).copied();
    assert!(matches!(first, Some(Action::Turn { pos }) if pos == Pos(0) || pos == Pos(4)));
}

#[test]
fn a_bot_takes_the_losers_best_pair() {
    let c = cards();
    let grid = vec![card(&c, "obi"), card(&c, "obi")];
    let id = |s: &str| c.find_player(s).unwrap_or_default();
    let setup = Setup {
        rows: 1,
        columns: 2,
        grid,
        pairs: vec![
            vec![id("eriksen")],
            vec![id("costa"), id("ferro"), id("berg")],
        ],
        prizes: vec![PrizeCounts([0, 0, 0, 1])],
        first: Some(Seat(0)),
        dice: vec![6, 1],
        ..Setup::default()
    };
    let config = StadiumMemoryConfig::new(c.clone(), 2);
    let mut g = StadiumMemory::from_setup(&config, &setup, 0).unwrap_or_else(|e| panic!("{e}"));
    let mut bot = MemoryBot::new(MemoryLevel::new(2), 1);
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    let i = bot.choose(Some(&g.view(Seat(0))), &legal);
    assert_eq!(legal.get(i), Some(&Action::PlayGame { opponent: Seat(1) }));
    g.apply(Seat(0), &Action::PlayGame { opponent: Seat(1) })
        .unwrap_or_else(|e| panic!("{e}"));
    let mut events = Vec::new();
    while g.to_act() == ToAct::Chance {
        g.resolve_chance(&mut events);
    }
    g.legal_actions(Seat(0), &mut legal);
    let i = bot.choose(Some(&g.view(Seat(0))), &legal);
    assert_eq!(
        legal.get(i),
        Some(&Action::TakePair {
            player: id("ferro")
        })
    );
}

#[test]
fn memory_levels_parse_and_recall() {
    assert_eq!(MemoryLevel::parse("perfect"), Some(MemoryLevel::new(4)));
    assert_eq!(MemoryLevel::parse("2"), Some(MemoryLevel::new(2)));
    assert_eq!(MemoryLevel::parse("9"), None);
    assert!((MemoryLevel::new(1).recall() - 0.25).abs() < 1e-9);
    assert_eq!(
        BotKind::parse("memory-3"),
        Some(BotKind::Memory(MemoryLevel::new(3)))
    );
    assert_eq!(BotKind::parse("random"), Some(BotKind::Random));
}

#[test]
fn a_save_from_before_any_moment_keeps_the_earlier_reading() {
    let c = cards();
    let config = StadiumMemoryConfig::new(c.clone(), 3);
    assert!(
        config.any_moment,
        "new games play the rulebook's any moment"
    );
    // A configuration written before the field existed reads as `false`.
    let mut json = serde_json::to_value(&config).unwrap_or_else(|e| panic!("{e}"));
    if let Some(map) = json.as_object_mut() {
        map.remove("any_moment");
    }
    let old: StadiumMemoryConfig = serde_json::from_value(json).unwrap_or_else(|e| panic!("{e}"));
    assert!(!old.any_moment);
    // Under it a yellow cannot name a player who is not moving, and the
    // mover is offered no card of his own.
    let mut setup_config = old.clone();
    setup_config.seats = 3;
    let grid = ["ferro", "okonjo", "obi", "obi", "ferro", "okonjo"]
        .iter()
        .map(|id| card(&c, id))
        .collect();
    let setup = Setup {
        rows: 2,
        columns: 3,
        grid,
        first: Some(Seat(0)),
        prizes: vec![
            // Yellow, red, VAR, PLAY GAME.
            PrizeCounts([1, 1, 0, 0]),
            PrizeCounts::default(),
            PrizeCounts([1, 0, 0, 0]),
        ],
        ..Setup::default()
    };
    let mut g =
        StadiumMemory::from_setup(&setup_config, &setup, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        g.to_act(),
        ToAct::One(Seat(2)),
        "the window at the turn change"
    );
    let e = g.check(Seat(2), &Action::YellowOn { target: Seat(1) });
    assert!(
        e.is_err_and(|e| e.to_string().contains("earlier reading")),
        "a named yellow under the earlier reading"
    );
    g.apply(Seat(2), &Action::Pass)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    assert!(
        legal
            .iter()
            .all(|a| !matches!(a, Action::Red | Action::YellowOn { .. })),
        "{legal:?}"
    );
    // The same position at any moment offers the mover his own cards.
    let mut now = setup_config;
    now.any_moment = true;
    let mut g = StadiumMemory::from_setup(&now, &setup, 1).unwrap_or_else(|e| panic!("{e}"));
    g.apply(Seat(2), &Action::Pass)
        .unwrap_or_else(|e| panic!("{e}"));
    g.legal_actions(Seat(0), &mut legal);
    assert!(legal.contains(&Action::Red), "{legal:?}");
    assert!(
        legal.contains(&Action::YellowOn { target: Seat(1) }),
        "{legal:?}"
    );
    assert!(
        !legal.contains(&Action::YellowOn { target: Seat(0) }),
        "{legal:?}"
    );
}
