//! Setup rules, which scenarios (starting from a dealt position) cannot reach.

use super::*;
use crate::engine::{Game as _, Seat, ToAct};
use std::sync::Arc;

/// A set shaped like the core set, without names from the card files.
fn core_set() -> CardSet {
    let mut cards = Vec::new();
    let mut names = Vec::new();
    let mut nations = Vec::new();
    let squad = [
        (Position::GK, 7),
        (Position::DEF, 8),
        (Position::DEF, 6),
        (Position::DEF, 6),
        (Position::DEF, 5),
        (Position::MID, 9),
        (Position::MID, 7),
        (Position::MID, 6),
        (Position::FWD, 10),
        (Position::FWD, 8),
        (Position::FWD, 6),
    ];
    for n in 0..14u8 {
        nations.push(format!("N{n:02}"));
        for (i, (position, rating)) in squad.iter().enumerate() {
            cards.push(Card::Player {
                nation: n,
                position: *position,
                rating: *rating,
            });
            names.push(format!("N{n:02}-{}", i + 1));
        }
    }
    for r in Referee::ALL {
        for k in 1..=2 {
            cards.push(Card::Referee(r));
            names.push(format!("{}-{k}", r.key()));
        }
    }
    for (card, prefix, copies) in [
        (Card::Yellow, "yellow", 8),
        (Card::Red, "red", 4),
        (Card::SuperSub, "supersub", 6),
        (Card::QuickRules, "quickrules", 4),
    ] {
        for k in 1..=copies {
            cards.push(card);
            names.push(format!("{prefix}-{k}"));
        }
    }
    CardSet {
        cards,
        names,
        nations,
        nation_names: Vec::new(),
    }
}

fn config(seats: u8, rules: HouseRules) -> BookedConfig {
    BookedConfig::new(Arc::new(core_set()), rules, seats)
}

fn count(g: &Booked, card: Card, place: &[CardId]) -> usize {
    place
        .iter()
        .filter(|&&c| g.cards.card(c) == Some(card))
        .count()
}

#[test]
fn a_new_match_deals_seven_flips_a_playable_card_and_boxes_the_quick_rules() {
    for seed in 0..200 {
        let g =
            Booked::new(&config(4, HouseRules::default()), seed).unwrap_or_else(|e| panic!("{e}"));
        for s in Seat::all(4) {
            assert_eq!(g.hand(s).len(), 7);
        }
        assert_eq!(g.discard_pile().len(), 1);
        let flipped = g
            .cards
            .card(g.discard_pile()[0])
            .unwrap_or(Card::QuickRules);
        assert!(
            !flipped.is_buried_on_flip() && flipped != Card::QuickRules,
            "seed {seed}: {flipped:?}"
        );
        assert_eq!(count(&g, Card::QuickRules, &g.boxed), 4);
        assert_eq!(g.deck().len(), 194 - 28 - 1);
        assert_eq!(g.to_act(), ToAct::One(Seat(0)));
        assert_eq!(g.phase(), Phase::Draw);
    }
}

#[test]
fn the_flip_buries_referees_and_discipline_at_the_bottom() {
    let mut g =
        Booked::blank(&config(2, HouseRules::default()), 1).unwrap_or_else(|e| panic!("{e}"));
    let find = |g: &Booked, card: Card| {
        g.deck
            .iter()
            .copied()
            .find(|&c| g.cards.card(c) == Some(card))
    };
    let referee = find(&g, Card::Referee(Referee::Reverse)).unwrap_or(0);
    let yellow = find(&g, Card::Yellow).unwrap_or(0);
    let player = find(
        &g,
        Card::Player {
            nation: 3,
            position: Position::MID,
            rating: 9,
        },
    )
    .unwrap_or(0);
    g.deck.retain(|c| ![referee, yellow, player].contains(c));
    // Top of the deck is the end: referee, then yellow, then the player.
    g.deck.extend([player, yellow, referee]);
    let mut events = Vec::new();
    g.flip_and_kick_off(&mut events);
    assert_eq!(g.discard_pile(), &[player]);
    assert_eq!(
        &g.deck()[..2],
        &[yellow, referee],
        "buried in order at the bottom"
    );
    let buried = events
        .iter()
        .filter(|e| matches!(e, Event::Buried { .. }))
        .count();
    assert_eq!(buried, 2);
}

#[test]
fn the_deal_dial_deals_eight_and_the_first_manager_kicks_off() {
    let rules = HouseRules {
        deal_size: 8,
        ..HouseRules::default()
    };
    let mut c = config(3, rules);
    c.first = Seat(2);
    let g = Booked::new(&c, 4).unwrap_or_else(|e| panic!("{e}"));
    assert!(Seat::all(3).all(|s| g.hand(s).len() == 8));
    assert_eq!(g.to_act(), ToAct::One(Seat(2)));
}

#[test]
fn the_discipline_dial_takes_two_yellows_and_a_red_out_of_play() {
    let rules = HouseRules {
        fewer_discipline: true,
        ..HouseRules::default()
    };
    let g = Booked::new(&config(2, rules), 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(count(&g, Card::Yellow, &g.boxed), 2);
    assert_eq!(count(&g, Card::Red, &g.boxed), 1);
    let in_play: Vec<CardId> = g
        .all_card_places()
        .into_iter()
        .filter(|c| !g.boxed.contains(c))
        .collect();
    assert_eq!(count(&g, Card::Yellow, &in_play), 6);
    assert_eq!(count(&g, Card::Red, &in_play), 3);
}

#[test]
fn squad_rotation_deals_ten_and_everyone_passes_three_left_at_once() {
    let rules = HouseRules {
        squad_rotation: true,
        ..HouseRules::default()
    };
    let mut g = Booked::new(&config(3, rules), 8).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.phase(), Phase::Draft);
    assert!(Seat::all(3).all(|s| g.hand(s).len() == 10));
    assert_eq!(
        g.to_act(),
        ToAct::Simultaneous(crate::engine::SeatSet::all(3))
    );
    let passes: Vec<Vec<CardId>> = Seat::all(3).map(|s| g.hand(s)[..3].to_vec()).collect();
    // Seats choose in any order; seat 2 finishes first.
    for s in [Seat(2), Seat(0), Seat(1)] {
        for &card in &passes[s.index()] {
            g.apply(s, &Action::DraftPass { card })
                .unwrap_or_else(|e| panic!("{e}"));
        }
        if s == Seat(2) {
            assert!(
                matches!(g.to_act(), ToAct::Simultaneous(set) if !set.contains(Seat(2)) && set.len() == 2)
            );
            // A seat that has passed three cannot pass more.
            assert!(
                g.apply(
                    Seat(2),
                    &Action::DraftPass {
                        card: g.hand(Seat(2))[0]
                    }
                )
                .is_err()
            );
        }
    }
    for s in Seat::all(3) {
        assert_eq!(g.hand(s).len(), 10);
        let from = Seat(((s.index() + 2) % 3) as u8);
        for c in &passes[from.index()] {
            assert!(g.hand(s).contains(c), "{s} should hold what {from} passed");
        }
    }
    assert_eq!(g.phase(), Phase::Draw);
}

#[test]
fn derby_night_claims_go_round_before_the_deal_and_are_distinct() {
    let rules = HouseRules {
        derby_night: true,
        ..HouseRules::default()
    };
    let mut c = config(3, rules);
    c.first = Seat(1);
    let mut g = Booked::new(&c, 2).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.phase(), Phase::Claim);
    assert!(g.hand(Seat(0)).is_empty(), "no deal before the claims");
    assert_eq!(g.to_act(), ToAct::One(Seat(1)));
    g.apply(Seat(1), &Action::Claim { nation: 5 })
        .unwrap_or_else(|e| panic!("{e}"));
    let taken = g.apply(Seat(2), &Action::Claim { nation: 5 });
    assert!(taken.is_err_and(|e| e.to_string().contains("already claimed")));
    g.apply(Seat(2), &Action::Claim { nation: 6 })
        .unwrap_or_else(|e| panic!("{e}"));
    g.apply(Seat(0), &Action::Claim { nation: 7 })
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.claims[Seat(0)], Some(7));
    assert!(Seat::all(3).all(|s| g.hand(s).len() == 7));
    assert_eq!(
        g.to_act(),
        ToAct::One(Seat(1)),
        "the first manager kicks off after the claims"
    );
}

#[test]
fn illegal_setups_are_refused_with_reasons() {
    let e = Booked::new(&config(7, HouseRules::default()), 0)
        .err()
        .map(|e| e.to_string());
    assert!(e.is_some_and(|m| m.contains("2-6 managers")));
    let rules = HouseRules {
        hand_limit: 6,
        deal_size: 7,
        ..HouseRules::default()
    };
    let e = Booked::new(&config(2, rules), 0)
        .err()
        .map(|e| e.to_string());
    assert!(e.is_some_and(|m| m.contains("hand_limit")));
    let mut events = Vec::new();
    let mut g = Booked::new(&config(2, HouseRules::default()), 0).unwrap_or_else(|e| panic!("{e}"));
    let before = serde_json::to_string(&g).unwrap_or_default();
    assert!(
        g.apply_logged(Seat(1), &Action::DrawDeck, &mut events)
            .is_err()
    );
    assert!(events.is_empty());
    assert_eq!(before, serde_json::to_string(&g).unwrap_or_default());
}

#[test]
fn a_group_stage_plays_three_matches_then_deciders_until_a_champion() {
    use super::group::GroupStage;
    use rand::{RngExt as _, SeedableRng as _};
    for seed in 0..30u64 {
        let mut stage = GroupStage::new(config(3 + (seed % 3) as u8, HouseRules::default()));
        let mut rng = crate::engine::GameRng::seed_from_u64(seed);
        let mut played = 0;
        while let Some(next) = stage.next_match() {
            assert_eq!(next.decider, played >= 3, "seed {seed}");
            assert_eq!(next.config.sudden_death, next.decider);
            assert_eq!(usize::from(next.config.seats), next.managers.len());
            if !next.decider {
                assert_eq!(
                    next.config.first,
                    Seat((played % next.managers.len()) as u8),
                    "match k is kicked off by seat k"
                );
            }
            let mut g = Booked::new(&next.config, seed * 10 + played as u64)
                .unwrap_or_else(|e| panic!("{e}"));
            let mut legal = Vec::new();
            while let ToAct::One(s) = g.to_act() {
                g.legal_actions(s, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                g.apply(s, &a).unwrap_or_else(|e| panic!("{e}"));
            }
            stage.record(&g);
            played += 1;
            assert!(played < 30, "seed {seed}: no champion");
        }
        let champion = stage
            .champion()
            .unwrap_or_else(|| panic!("seed {seed}: no champion"));
        assert_eq!(stage.reports().len(), 3);
        let table = stage.table();
        if stage.deciders().is_empty() {
            assert_eq!(table[0].seat, champion);
        } else {
            // Everyone in the first decider was level at the top.
            let first = &stage.deciders()[0].0;
            assert!(first.len() >= 2 && first.contains(&champion));
            assert_eq!(super::group::leaders(&table), *first);
        }
    }
}

#[test]
fn a_pitch_groups_by_nation_with_progress_towards_a_starting_7() {
    let cards = core_set();
    let on = |card: CardId| OnPitch {
        card,
        yellow: None,
        stand_in: None,
    };
    // N01: FWD, GK, DEF, DEF, DEF (three defenders fill two slots: 4/7);
    // N00: MID, booked; a super sub standing in as N00's goalkeeper.
    let sub = cards.find("supersub-1").unwrap_or_else(|| panic!("no sub"));
    let yellow = cards
        .find("yellow-1")
        .unwrap_or_else(|| panic!("no yellow"));
    let pitch = vec![
        OnPitch {
            yellow: Some(yellow),
            ..on(5)
        },
        on(11 + 8),
        on(11),
        on(11 + 1),
        on(11 + 2),
        on(11 + 3),
        OnPitch {
            stand_in: Some((0, Position::GK)),
            ..on(sub)
        },
    ];
    let squads = squads(&pitch, &cards);
    let summary: Vec<(Option<u8>, u8, [u8; 4])> = squads
        .iter()
        .map(|s| (s.nation, s.filled, s.slots))
        .collect();
    assert_eq!(
        summary,
        vec![(Some(1), 4, [1, 3, 0, 1]), (Some(0), 2, [1, 0, 1, 0])]
    );
    let first: Vec<CardId> = squads[0].cards.iter().map(|p| p.card).collect();
    assert_eq!(first, vec![11, 12, 13, 14, 19], "GK, DEF x3, FWD");
    let second: Vec<CardId> = squads[1].cards.iter().map(|p| p.card).collect();
    assert_eq!(second, vec![sub, 5], "the sub as GK before the MID");
    assert_eq!(
        squads[1].cards[1].yellow,
        Some(yellow),
        "a booking stays on"
    );
    assert_eq!(best_seven(&pitch, &cards), Some((1, 4)));
}
