//! Unit tests of the season engine: whole seasons, the Week's steps and
//! the views.

use super::bot::play_out;
use super::*;
use crate::bots::{Bot, RandomBot};
use crate::engine::Game as _;
use crate::games::eleven::deck::ElevenDecks;
use std::sync::Arc;

pub(crate) fn decks() -> Arc<ElevenDecks> {
    Arc::new(ElevenDecks::default_decks().expect("the embedded decks load"))
}

fn bots(decks: &Arc<ElevenDecks>, kinds: &[&str], seed: u64) -> Vec<Box<dyn Bot<Season>>> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| -> Box<dyn Bot<Season>> {
            if *k == "random" {
                Box::new(RandomBot::new(seed + i as u64))
            } else {
                Box::new(SeasonBot::new(decks.clone()))
            }
        })
        .collect()
}

#[test]
fn whole_seasons_end_for_one_to_four_managers() {
    let d = decks();
    for managers in 1..=4u8 {
        for kind in ["random", "heuristic"] {
            let config = SeasonConfig::new(d.clone(), managers, 2);
            let mut s = Season::new(&config, 7).expect("setup");
            let kinds = vec![kind; usize::from(managers)];
            let mut b = bots(&d, &kinds, 3);
            let n = play_out(&mut s, &mut b, 100_000).expect("plays to the end");
            assert!(n > 10, "{managers} {kind}: {n}");
            assert_eq!(s.phase, Phase::Over);
            assert_eq!(s.week, 6);
            let scores = s.scores.clone().expect("scored");
            assert_eq!(scores.len(), usize::from(managers));
            assert!(!s.winners.is_empty());
            eprintln!(
                "{managers} {kind} {n}: {:?}",
                scores.iter().map(|x| x.total).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
#[ignore]
fn trace_one_heuristic_season() {
    let d = decks();
    let config = SeasonConfig::new(d.clone(), 1, 2);
    let mut s = Season::new(&config, 11).expect("setup");
    let mut bot = SeasonBot::new(d.clone());
    let mut legal = Vec::new();
    while !s.is_over() {
        let seat = s.current().expect("someone");
        s.legal_actions(seat, &mut legal);
        let view = s.view(seat);
        let k = bot.choose(Some(&view), &legal);
        let mut ev = Vec::new();
        let a = legal[k].clone();
        let short = match &a {
            Action::PlayMatch(p) => format!(
                "PlayMatch cards={} fans={}",
                p.lineup
                    .markers
                    .iter()
                    .filter(|m| m.player.is_some())
                    .count()
                    + usize::from(p.lineup.goalkeeper.is_some()),
                p.fans
            ),
            x => format!("{x:?}"),
        };
        let c = &s.clubs[0];
        eprintln!(
            "W{} {:?} res={:?} stats={:?} players={} staff={} built={:?} office={} -> {short}",
            s.week,
            s.phase,
            c.res,
            c.stats,
            c.players.len(),
            c.staff.len(),
            c.built,
            c.office
        );
        s.act(seat, &a, &mut ev).expect("legal");
        for e in ev {
            if matches!(
                e,
                Event::Match { .. } | Event::Maintenance { .. } | Event::NotResolved { .. }
            ) {
                eprintln!("    {e:?}");
            }
        }
    }
    eprintln!("{:?}", s.scores);
}
