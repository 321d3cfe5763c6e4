//! Golden playthroughs: for each table size a fixed-seed game between
//! heuristic and random bots, every decision and every event, kept in
//! tests/snapshots/. Any change to the rules, the bots or the RNG shows up
//! here line by line; regenerate with UPDATE_SNAPSHOTS=1 when intended.

use crate::util;
use touchline::bots::{Bot, RandomBot};
use touchline::engine::{Game, ToAct};
use touchline::games::booked::bot::HeuristicBot;
use touchline::games::booked::{Booked, HouseRules};

fn playthrough(seats: u8, seed: u64) -> String {
    let config = util::config(seats, HouseRules::default());
    let mut g = Booked::new(&config, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut bots: Vec<Box<dyn Bot<Booked>>> = (0..seats)
        .map(|i| -> Box<dyn Bot<Booked>> {
            if i % 2 == 0 {
                Box::new(HeuristicBot::new(seed + u64::from(i)))
            } else {
                Box::new(RandomBot::new(seed + u64::from(i)))
            }
        })
        .collect();
    let cards = g.cards().clone();
    let mut out =
        format!("# Booked! golden playthrough: {seats} managers, seed {seed}, official rules\n");
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for (seat, h) in (0..seats).map(|s| (s, g.hand(touchline::engine::Seat(s)))) {
        let names: Vec<&str> = h.iter().map(|c| cards.name(*c)).collect();
        out.push_str(&format!("deal seat {seat}: {}\n", names.join(" ")));
    }
    let mut decisions = 0;
    loop {
        let seat = match g.to_act() {
            ToAct::One(s) => s,
            ToAct::Simultaneous(set) => match set.iter().next() {
                Some(s) => s,
                None => break,
            },
            _ => break,
        };
        g.legal_actions(seat, &mut legal);
        let view = g.view(seat);
        let bot = &mut bots[seat.index()];
        let i = bot.choose(bot.needs_view().then_some(&view), &legal);
        let action = legal[i];
        out.push_str(&format!(
            "> {}: {}  [{} legal]\n",
            seat.0,
            action.notation(&cards),
            legal.len()
        ));
        events.clear();
        g.apply_logged(seat, &action, &mut events)
            .unwrap_or_else(|e| panic!("{e}"));
        for e in &events {
            out.push_str(&format!("  {}\n", e.describe(&cards)));
        }
        decisions += 1;
        assert!(decisions < 20_000, "the golden game did not end");
    }
    out.push_str(&format!(
        "# result: {:?} after {} turns\n",
        g.outcome(),
        g.turns()
    ));
    out
}

#[test]
fn golden_playthroughs_for_two_to_six_managers() {
    for seats in 2..=6u8 {
        let trace = playthrough(seats, 2026);
        assert!(
            trace.contains("wins"),
            "the {seats}-seat game has no winner"
        );
        util::assert_snapshot(
            &format!("tests/snapshots/booked-golden-{seats}p.txt"),
            &trace,
        );
    }
}

/// A Cardball playthrough: heuristic (even seats) against random (odd
/// seats), every decision, roll and event.
fn cardball_playthrough(
    config: &touchline::games::cardball::CardballConfig,
    seed: u64,
    title: &str,
) -> String {
    use touchline::engine::Seat;
    use touchline::games::cardball::Cardball;
    use touchline::games::cardball::bot::HeuristicBot as CardballBot;
    let mut g = Cardball::new(config, seed).unwrap_or_else(|e| panic!("{e}"));
    let n = g.seat_count();
    let mut bots: Vec<Box<dyn Bot<Cardball>>> = (0..n as u64)
        .map(|i| -> Box<dyn Bot<Cardball>> {
            if i % 2 == 0 {
                Box::new(CardballBot::new(seed + i))
            } else {
                Box::new(RandomBot::new(seed + i))
            }
        })
        .collect();
    let cards = g.cards().clone();
    let mut out = format!("# Cardball golden playthrough: {title}, seed {seed}\n");
    for s in Seat::all(n) {
        let names: Vec<&str> = g.hand(s).iter().map(|c| cards.name(*c)).collect();
        out.push_str(&format!("deal seat {}: {}\n", s.0, names.join(" ")));
    }
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for _ in 0..20_000 {
        events.clear();
        let seat = match g.to_act() {
            ToAct::One(s) => s,
            ToAct::Simultaneous(set) => match set.iter().next() {
                Some(s) => s,
                None => break,
            },
            ToAct::Chance => {
                g.resolve_chance(&mut events);
                for e in &events {
                    out.push_str(&format!("  {}\n", e.describe(&cards)));
                }
                continue;
            }
            ToAct::Over => break,
        };
        g.legal_actions(seat, &mut legal);
        let view = g.view(seat);
        let bot = &mut bots[seat.index()];
        let i = bot.choose(bot.needs_view().then_some(&view), &legal);
        let action = legal[i];
        out.push_str(&format!(
            "> {}: {}  [{} legal]\n",
            seat.0,
            action.notation(&cards),
            legal.len()
        ));
        g.apply_logged(seat, &action, &mut events)
            .unwrap_or_else(|e| panic!("{e}"));
        for e in &events {
            out.push_str(&format!("  {}\n", e.describe(&cards)));
        }
    }
    assert!(g.is_over(), "the golden Cardball game did not end");
    out.push_str(&format!(
        "# result: {:?}, score {:?}, after {} turns\n",
        g.outcome(),
        g.score(),
        g.turns()
    ));
    out
}

#[test]
fn golden_cardball_playthroughs() {
    use std::sync::Arc;
    use touchline::games::cardball::deck::CardballDeck;
    use touchline::games::cardball::{CardballConfig, TeamPlay, TieBreak};
    let deck = CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let duel = CardballConfig::new(Arc::new(deck.card_set()));
    let teams = CardballConfig {
        tie_break: TieBreak::GoldenGoal,
        halves: true,
        teams: Some(TeamPlay::Switching),
        ask_calls: true,
        ..duel.clone()
    };
    for (name, config, title) in [
        ("duel", &duel, "duel, penalties on a tie"),
        (
            "2v2",
            &teams,
            "2v2 switching, two halves, golden goal, asked calls",
        ),
    ] {
        let trace = cardball_playthrough(config, 2026, title);
        assert!(trace.contains("GOOAAALL!!!"), "the {name} game has no goal");
        util::assert_snapshot(
            &format!("tests/snapshots/cardball-golden-{name}.txt"),
            &trace,
        );
    }
}
