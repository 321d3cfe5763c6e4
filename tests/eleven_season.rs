//! Eleven's whole season: a golden playthrough of two managers (a fixed
//! seed, every decision and every event, kept in
//! tests/snapshots/eleven-season-2p.txt; regenerate with
//! UPDATE_SNAPSHOTS=1 when a change to the rules, the bots or the card
//! data is intended).

use crate::util;
use std::fmt::Write as _;
use std::sync::Arc;
use touchline::bots::{Bot, RandomBot};
use touchline::engine::{Game as _, ToAct};
use touchline::games::eleven::deck::ElevenDecks;
use touchline::games::eleven::season::{Action, Season, SeasonBot, SeasonConfig};

/// A short name for a decision: Match plans are long, so a plan shows its
/// Formation, the Player cards it fields and the Fan Base on the Stands.
fn notation(a: &Action) -> String {
    match a {
        Action::PlayMatch(plan) => {
            let mut cards: Vec<usize> = plan
                .lineup
                .markers
                .iter()
                .filter_map(|m| m.player)
                .collect();
            cards.sort_unstable();
            format!(
                "PlayMatch {} cards {:?} keeper {:?} fans {}",
                plan.lineup.formation.name, cards, plan.lineup.goalkeeper, plan.fans
            )
        }
        other => format!("{other:?}"),
    }
}

fn playthrough(seed: u64) -> String {
    let decks = Arc::new(ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}")));
    let config = SeasonConfig::new(decks.clone(), 2, 2);
    let mut s = Season::new(&config, seed).unwrap_or_else(|e| panic!("{e}"));
    s.quiet = true;
    let mut bots: Vec<Box<dyn Bot<Season>>> = vec![
        Box::new(SeasonBot::new(decks)),
        Box::new(RandomBot::new(seed + 1)),
    ];
    let mut out = format!(
        "# Eleven golden season: 2 managers (heuristic, random), Division 2, seed {seed}\n"
    );
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut decisions = 0;
    loop {
        let seat = match s.to_act() {
            ToAct::One(x) => x,
            ToAct::Simultaneous(set) => match set.iter().next() {
                Some(x) => x,
                None => break,
            },
            _ => break,
        };
        s.legal_actions(seat, &mut legal);
        let view = s.view(seat);
        let bot = &mut bots[seat.index()];
        let k = bot.choose(bot.needs_view().then_some(&view), &legal);
        let action = legal[k].clone();
        let _ = writeln!(
            out,
            "> {} W{} {:?}: {}  [{} legal]",
            seat.0,
            s.week,
            s.phase,
            notation(&action),
            legal.len()
        );
        events.clear();
        s.apply_logged(seat, &action, &mut events)
            .unwrap_or_else(|e| panic!("{e}"));
        for e in &events {
            let _ = writeln!(out, "  {e:?}");
        }
        decisions += 1;
        assert!(decisions < 5_000, "the golden season did not end");
    }
    let _ = writeln!(out, "# scores: {:?}", s.scores);
    let _ = writeln!(
        out,
        "# winners: {:?} after {} decisions",
        s.winners, decisions
    );
    out
}

#[test]
fn golden_two_manager_season() {
    let trace = playthrough(2026);
    assert!(trace.contains("SeasonOver"), "the golden season has no end");
    // The same seed plays the same season.
    assert_eq!(trace, playthrough(2026), "a season replays exactly");
    util::assert_snapshot("tests/snapshots/eleven-season-2p.txt", &trace);
}
