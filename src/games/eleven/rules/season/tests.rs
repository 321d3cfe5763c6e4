//! Unit tests of the season engine: whole seasons, the Week's steps and
//! the views.

use super::bot::play_out;
use super::club::OwnedCard;
use super::state::Pile;
use super::*;
use crate::bots::{Bot, RandomBot};
use crate::engine::Game as _;
use crate::engine::Seat;
use crate::games::eleven::deck::BoardMeetingCard;
use crate::games::eleven::deck::ElevenDecks;
use crate::games::eleven::effect::{Effect, EffectBlock, Quantity};
use crate::games::eleven::vocab::{Colour, Infrastructure, Resource, Timing};
use proptest::prelude::*;
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

fn card_of(ids: &[String], id: &str) -> usize {
    ids.iter()
        .position(|x| x == id)
        .unwrap_or_else(|| panic!("no card {id}"))
}

/// Takes `card` from wherever it lies in a row or a pile and swaps it
/// into `row[slot]` (the card there goes where `card` was).
fn swap_into(row: &mut [Option<usize>], pile: &mut Pile, slot: usize, card: usize) {
    let old = row[slot];
    if let Some(k) = row.iter().position(|c| *c == Some(card)) {
        row[k] = old;
    } else if let Some(k) = pile.deck.iter().position(|c| *c == card) {
        match old {
            Some(o) => pile.deck[k] = o,
            None => {
                pile.deck.remove(k);
            }
        }
    } else {
        panic!("card {card} is not in the row or its deck");
    }
    row[slot] = Some(card);
}

fn census_ok(s: &Season) {
    for (what, found, expected) in s.census() {
        assert_eq!(
            found, expected,
            "{what}: {found} counted, {expected} in the decks"
        );
    }
}

/// A solo season on Tuesday morning of Week 1 (the draft and Objective
/// taken by the first choices).
fn tuesday(d: &Arc<ElevenDecks>, managers: u8) -> Season {
    tuesday_of(&SeasonConfig::new(d.clone(), managers, 2))
}

/// A season of `config` played to Week 1's Tuesday, every choice its first.
fn tuesday_of(config: &SeasonConfig) -> Season {
    let mut s = Season::new(config, 5).expect("setup");
    while !matches!(s.phase, Phase::Day(0)) {
        let seat = *s.queue.first().expect("someone decides");
        let a = match s.phase {
            Phase::Draft(_) => Action::Draft(0),
            Phase::Objective => Action::KeepObjective(0),
            _ => Action::AcceptBoard { picks: Vec::new() },
        };
        s.act(seat, &a, &mut Vec::new()).expect("legal");
    }
    s
}

// The rulebook's Board Meeting example: "You rolled a 6. Two of your
// Directors vote for the yellow decision and one votes for the blue
// decision. The yellow decision has received the most votes and is
// resolved. Gain the indicated 2 Cash and lose 2 Fan Base."
#[test]
fn board_meeting_vote_example() {
    let mut decks = (*decks()).clone();
    // A Board Meeting card whose yellow decision is the example's.
    let block = |effects: Vec<Effect>| EffectBlock {
        timing: Timing::Bonus,
        cost: Default::default(),
        condition: None,
        effects,
        text: None,
    };
    decks.board_meetings[0] = BoardMeetingCard {
        id: "board-example".into(),
        name: "Example".into(),
        description: String::new(),
        yellow: vec![block(vec![
            Effect::Gain {
                resource: Resource::Cash,
                amount: 2,
                per: None,
                max: None,
            },
            Effect::Lose {
                resource: Resource::FanBase,
                amount: 2,
            },
        ])],
        blue: vec![block(vec![Effect::Gain {
            resource: Resource::Fitness,
            amount: 5,
            per: None,
            max: None,
        }])],
        red: Vec::new(),
    };
    let d = Arc::new(decks);
    let mut s = tuesday(&d, 1);
    // Two Directors voting yellow on a 6 and one voting blue.
    let yellow6: Vec<usize> = (0..d.directors.len())
        .filter(|&i| d.directors[i].votes.yellow.contains(&6))
        .collect();
    let blue6 = (0..d.directors.len())
        .find(|&i| d.directors[i].votes.blue.contains(&6))
        .expect("a Director voting blue on 6");
    let club = &mut s.clubs[0];
    club.directors = [yellow6[0], yellow6[1], blue6]
        .iter()
        .map(|&card| OwnedCard {
            card,
            exhausted: false,
            suspension: 0,
        })
        .collect();
    assert_eq!(s.votes(0, 6), [2, 1, 0]);
    assert_eq!(Season::decision(s.votes(0, 6)), Some(Colour::Yellow));
    // A tie is no decision (the die is rerolled for free).
    assert_eq!(Season::decision([1, 1, 1]), None);
    let club = &mut s.clubs[0];
    club.res = [0, 3, 0, 0];
    club.board = Some(super::club::BoardMeeting {
        card: 0,
        roll: 6,
        decision: Colour::Yellow,
        votes: [2, 1, 0],
        tie_rerolls: 0,
        paid_rerolls: 0,
        resolved: false,
    });
    s.resolve_board(0, &[], &mut Vec::new());
    assert_eq!(s.clubs[0].res, [2, 1, 0, 0], "gain 2 Cash, lose 2 Fan Base");
    // With too little Fan Base the decision resolves as far as it can.
    s.clubs[0].res = [0, 1, 0, 0];
    s.resolve_board(0, &[], &mut Vec::new());
    assert_eq!(s.clubs[0].res, [2, 0, 0, 0]);
}

#[test]
fn board_meeting_reroll_costs_a_fan_base_and_needs_one() {
    let d = decks();
    let config = SeasonConfig::new(d.clone(), 1, 2);
    let mut s = Season::new(&config, 9).expect("setup");
    while s.phase != Phase::BoardMeeting {
        let a = match s.phase {
            Phase::Draft(_) => Action::Draft(0),
            _ => Action::KeepObjective(0),
        };
        s.act(Seat(0), &a, &mut Vec::new()).expect("legal");
    }
    s.clubs[0].res[1] = 1;
    let mut ev = Vec::new();
    s.act(Seat(0), &Action::RerollBoard, &mut ev)
        .expect("one Fan Base pays");
    assert_eq!(s.clubs[0].res[1], 0);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::BoardRolled { paid: true, .. }))
    );
    let err = s
        .check(Seat(0), &Action::RerollBoard)
        .expect_err("no Fan Base left");
    assert!(err.to_string().contains("Fan Base"), "{err}");
}

// The rulebook's Paid action example: "As your 1 available Basic action,
// you Hired a Scout. As an additional Paid action, you may spend 2
// Operation, plus the required Cash, to perform their action and Hire any
// Player from the display."
#[test]
fn scout_hire_then_paid_action_example() {
    let d = decks();
    let mut s = tuesday(&d, 1);
    let staff_ids: Vec<String> = d.staff.iter().map(|x| x.id.clone()).collect();
    let scout = card_of(&staff_ids, "staff-18");
    swap_into(&mut s.area.staff, &mut s.area.staff_deck, 4, scout);
    let leftmost = s.area.players[0].expect("a Player in slot 1");
    let price = u32::from(d.players[leftmost].untrained.hire_cost);
    s.clubs[0].res = [10, 0, 2, 0];
    let players_before = s.clubs[0].players.len();
    let me = Seat(0);
    s.act(me, &Action::HireStaff(4), &mut Vec::new())
        .expect("hire the Scout");
    assert_eq!(s.clubs[0].res[0], 8, "the Scout costs 2");
    let scout_at = s.clubs[0]
        .staff
        .iter()
        .position(|o| o.card == scout)
        .expect("hired");
    // The Basic action is used, and slot 1 is beyond a Basic Hire anyway.
    assert_eq!(
        s.check(me, &Action::HirePlayer(0)),
        Err(SeasonError::BasicUsed)
    );
    let action = Action::CardAction {
        card: CardRef::Staff(scout_at),
        paid: true,
        picks: vec![0],
    };
    s.act(me, &action, &mut Vec::new())
        .expect("the Paid action");
    let club = &s.clubs[0];
    assert_eq!(club.res[2], 0, "2 Operation paid");
    assert_eq!(club.res[0], 8 - price, "the Player's cost paid");
    assert_eq!(club.players.len(), players_before + 1);
    assert!(club.players.iter().any(|p| p.card == leftmost));
    assert!(club.staff[scout_at].exhausted);
    // No second Paid action today, and the Scout is exhausted.
    assert_eq!(s.check(me, &action), Err(SeasonError::PaidUsed));
    census_ok(&s);
}

#[test]
fn basic_hire_takes_only_the_three_rightmost_and_shifts_the_row() {
    let d = decks();
    let mut s = tuesday(&d, 2);
    let me = s.queue[0];
    let c = me.index();
    s.clubs[c].res[0] = 20;
    let err = s
        .check(me, &Action::HirePlayer(1))
        .expect_err("slot 2 is for card effects");
    assert!(matches!(err, SeasonError::NoSuchCard(_)), "{err}");
    let row = s.area.players.clone();
    s.act(me, &Action::HirePlayer(3), &mut Vec::new())
        .expect("legal");
    assert_eq!(
        s.area.players[1..4],
        row[0..3],
        "cards left of slot 4 shift right"
    );
    assert_eq!(s.area.players[4], row[4]);
    // The other manager cannot act out of turn.
    let other = Seat(1 - me.0);
    assert_eq!(
        s.check(other, &Action::EndTurn),
        Err(SeasonError::NotYourTurn)
    );
    census_ok(&s);
}

// The rulebook's results example: you draw against Steelchester (both
// markers move 1), another manager beats them (3 for the manager, and
// Steelchester's marker turns inactive); the next time nobody plays them
// the marker flips back instead of rolling the die.
#[test]
fn results_example_moves_every_marker() {
    use crate::games::eleven::league::{DiceStep, League};
    use crate::games::eleven::vocab::MatchResult;
    let mut league = League::new(
        &["You".to_string(), "Rival".to_string()],
        &[("Steelchester FC".to_string(), Colour::Red)],
    );
    let steel = 2;
    league.record(0, steel, MatchResult::Draw);
    league.record(1, steel, MatchResult::Loss.flipped());
    let mut rng = <crate::engine::GameRng as rand::SeedableRng>::seed_from_u64(1);
    let dice = vec![(Colour::Red, vec![0, 1, 1, 3, 3, 3])];
    let steps = league.close_matchday(&[steel, steel], &dice, &mut rng);
    assert_eq!(steps, vec![DiceStep::Deactivated { team: steel }]);
    assert_eq!(
        league.teams.iter().map(|t| t.points).collect::<Vec<_>>(),
        vec![1, 3, 1]
    );
    let steps = league.close_matchday(&[], &dice, &mut rng);
    assert_eq!(steps, vec![DiceStep::Reactivated { team: steel }]);
    assert_eq!(league.teams[steel].points, 1, "flipped, not moved");
    assert!(league.teams[steel].active);
}

// The rulebook's scoring example: 3rd place 8, 9 VP tokens, 2 Stewards (3)
// plus 2 Doctors and a Fitness Trainer (5) and a First Trainer (0), 2
// Stands 2, the third Office space 9, one Suspension token -1: 35.
#[test]
fn scoring_example_is_35() {
    let d = decks();
    let mut s = tuesday(&d, 1);
    let ids: Vec<String> = d.staff.iter().map(|x| x.id.clone()).collect();
    let staff = [
        "staff-31", "staff-32", "staff-11", "staff-12", "staff-14", "staff-01",
    ];
    let club = &mut s.clubs[0];
    club.staff = staff
        .iter()
        .map(|id| OwnedCard {
            card: card_of(&ids, id),
            exhausted: false,
            suspension: 0,
        })
        .collect();
    club.vp = 9;
    for p in &mut club.players {
        p.tokens.experience = 0;
        p.tokens.suspension = 0;
    }
    club.players[0].tokens.suspension = 1;
    club.directors.iter_mut().for_each(|d| d.suspension = 0);
    club.built = vec![Infrastructure::Stand, Infrastructure::Stand];
    club.office = 3;
    // Third place: two Opponents ahead.
    for t in &mut s.league.teams {
        t.points = 0;
    }
    s.league.teams[1].points = 9;
    s.league.teams[2].points = 6;
    s.league.teams[0].points = 3;
    let score = s.score(0);
    assert_eq!(score.position, 3);
    assert_eq!(
        (
            score.league,
            score.tokens,
            score.staff_sets,
            score.infrastructure,
            score.office,
            score.suspensions
        ),
        (8, 9, 8, 2, 9, -1)
    );
    assert_eq!(score.total, 35);
}

/// The rulebook's setup example: "At the beginning of the game you have 2
/// Players, 4 Stadium Infrastructure (2 Stands and 2 Adboards), and a
/// First Trainer. One of your Directors provides an additional Player
/// card. Therefore your positions on the Maintenance tracks will be 3, 4,
/// and 1." The house rule `built` counts no Infrastructure until a token
/// is built.
#[test]
fn the_maintenance_tracks_start_as_the_setup_example_says() {
    let d = decks();
    for printed in [true, false] {
        let mut config = SeasonConfig::new(d.clone(), 4, 2);
        config.printed_infrastructure = printed;
        let s = tuesday_of(&config);
        for c in 0..4 {
            let club = &s.clubs[c];
            assert!(club.built.is_empty());
            let tracks = s.maintenance_tracks(c);
            let infrastructure = if printed { 4 } else { 0 };
            assert_eq!(
                tracks,
                [club.players.len(), infrastructure, club.staff.len()],
                "club {c}, printed {printed}"
            );
            let due = club.players.len() / 3 + infrastructure / 2 + club.staff.len() / 2;
            let rules = s.rule_total(c, crate::games::eleven::effect::Rule::Maintenance);
            assert_eq!(s.maintenance_due(c) as i32, (due as i32 + rules).max(0));
        }
    }
    // A new club of the example: 3 Players, 4 Infrastructure, 1 Staff.
    let mut s = tuesday(&d, 1);
    let three: Vec<usize> = s.area.player_deck.deck.drain(..3).collect();
    let club = &mut s.clubs[0];
    club.players = three
        .into_iter()
        .map(|card| super::state::new_player(&d, card))
        .collect();
    assert!(
        !club.staff.is_empty(),
        "a club starts with its First Trainer"
    );
    club.staff.truncate(1);
    club.built.clear();
    assert_eq!(s.maintenance_tracks(0), [3, 4, 1]);
}

#[test]
fn maintenance_short_of_cash_suspends_staff() {
    let d = decks();
    let mut s = tuesday(&d, 1);
    // Nine Players make 3 Cash of Maintenance, the 4 printed Stands and
    // Adboards with what was built half their number, the Staff half
    // theirs; the club has 1.
    let extra: Vec<usize> = s.area.player_deck.deck.drain(..7).collect();
    for card in extra {
        s.clubs[0].players.push(super::state::new_player(&d, card));
    }
    let due = s.maintenance_due(0);
    let [players, infrastructure, staff] = s.maintenance_tracks(0);
    assert_eq!((players, infrastructure), (9, 4 + s.clubs[0].built.len()));
    assert_eq!(due as usize, 3 + infrastructure / 2 + staff / 2);
    s.clubs[0].res[0] = 1;
    // Play the Week out with the heuristic bot but no Cash spent.
    let mut ev = Vec::new();
    for _ in 0..3 {
        s.act(Seat(0), &Action::EndTurn, &mut ev).expect("pass");
    }
    s.clubs[0].res[0] = 1;
    let plan = s.suggested_plans(0).into_iter().next().expect("a plan");
    s.act(Seat(0), &Action::PlayMatch(Box::new(plan)), &mut ev)
        .expect("play");
    s.clubs[0].res[0] = 1;
    s.clubs[0].res[1] = 0;
    let due = s.maintenance_due(0);
    s.act(Seat(0), &Action::AcceptConsequence, &mut ev)
        .expect("accept");
    let m = ev
        .iter()
        .find_map(|e| match e {
            Event::Maintenance {
                due,
                paid,
                suspensions,
                ..
            } => Some((*due, *paid, *suspensions)),
            _ => None,
        })
        .expect("Maintenance paid");
    assert_eq!(m.0, due);
    assert_eq!(m.1, 1);
    assert_eq!(m.2, 2 * (due - 1), "2 Suspension tokens a Cash missing");
    assert_eq!(s.phase, Phase::Wipe, "solo: the wipe comes last");
    census_ok(&s);
}

#[test]
fn end_of_week_keeps_one_of_each_and_passes_the_stage_marker() {
    let d = decks();
    let mut s = tuesday(&d, 3);
    let first = s.first;
    let mut bots: Vec<Box<dyn Bot<Season>>> = (0..3)
        .map(|_| -> Box<dyn Bot<Season>> { Box::new(SeasonBot::new(d.clone())) })
        .collect();
    let mut legal = Vec::new();
    while s.week == 1 {
        let seat = s.current().expect("someone");
        s.legal_actions(seat, &mut legal);
        let view = s.view(seat);
        let k = bots[seat.index()].choose(Some(&view), &legal);
        s.act(seat, &legal[k], &mut Vec::new()).expect("legal");
    }
    assert_eq!(s.first, Seat((first.0 + 1) % 3));
    assert_eq!(s.phase, Phase::BoardMeeting);
    for club in &s.clubs {
        assert_eq!(
            club.opponents.len(),
            5,
            "the Opponent card played is discarded"
        );
        assert!(club.staff.iter().all(|c| !c.exhausted));
    }
    assert_eq!(s.decks.opponents_played.len(), 3);
    census_ok(&s);
}

#[test]
fn solo_scenarios_parse_and_play() {
    let text = include_str!("../../../../../card_data/eleven/scenarios.toml");
    let all = parse_scenarios("scenarios.toml", text).expect("the sheets parse");
    assert!(all.len() >= 3);
    let d = decks();
    for sc in all {
        let division = sc.division.unwrap_or(3);
        let mut config = SeasonConfig::new(d.clone(), 1, division);
        config.scenario = Some(sc.clone());
        let mut s = Season::new(&config, 2).expect("setup");
        let mut b = bots(&d, &["heuristic"], 1);
        play_out(&mut s, &mut b, 100_000).expect("plays out");
        assert!(s.scenario_won().is_some());
        census_ok(&s);
    }
    // A solo sheet refuses a table of two, and a wrong Division.
    let sc = parse_scenarios("scenarios.toml", text)
        .expect("parse")
        .remove(0);
    let mut config = SeasonConfig::new(d.clone(), 2, 3);
    config.scenario = Some(sc.clone());
    assert!(matches!(
        Season::new(&config, 1),
        Err(SeasonError::Scenario(_))
    ));
    let mut config = SeasonConfig::new(d, 1, 1);
    config.scenario = Some(sc);
    assert!(matches!(
        Season::new(&config, 1),
        Err(SeasonError::Scenario(_))
    ));
    let bad = "[[scenario]]\nid = \"x\"\nname = \"x\"\ndescription = \"x\"\ndivision = 7\n";
    let err = parse_scenarios("bad.toml", bad).expect_err("Division 7");
    assert!(
        err.contains("division") && err.contains("bad.toml"),
        "{err}"
    );
    assert_eq!(manager_rank(3, 39), "Amateur Manager");
    assert_eq!(manager_rank(3, 55), "Reputable Manager");
    assert_eq!(manager_rank(1, 50), "World class Manager");
}

// Setup step 10: "The player who has most recently scored a goal becomes
// the First player and receives the Stage marker"; Tuesday's actions
// begin with the First player and go on clockwise.
#[test]
fn the_manager_who_scored_last_is_first_player_of_week_1() {
    let d = decks();
    let mut config = SeasonConfig::new(d.clone(), 3, 2);
    config.first = 2;
    assert_eq!(Season::new(&config, 5).expect("setup").first, Seat(2));
    let mut s = tuesday_of(&config);
    assert_eq!(s.week, 1);
    assert_eq!(
        s.current(),
        Some(Seat(2)),
        "Tuesday begins with the First player"
    );
    s.act(Seat(2), &Action::EndTurn, &mut Vec::new())
        .expect("legal");
    assert_eq!(s.current(), Some(Seat(0)), "then clockwise");
    assert_eq!(s.view(Seat(1)).first, Seat(2));
    // The default is seat 0, and a seat beyond the table is refused.
    assert_eq!(tuesday(&d, 3).current(), Some(Seat(0)));
    config.first = 3;
    assert_eq!(Season::new(&config, 5).err(), Some(SeasonError::First(3)));
}

#[test]
fn bad_configurations_are_refused() {
    let d = decks();
    assert_eq!(
        Season::new(&SeasonConfig::new(d.clone(), 5, 2), 1).err(),
        Some(SeasonError::Managers(5))
    );
    assert_eq!(
        Season::new(&SeasonConfig::new(d, 2, 4), 1).err(),
        Some(SeasonError::Division(4))
    );
}

#[test]
fn the_heuristic_bot_beats_the_random_bot() {
    let d = decks();
    let (mut heuristic, mut random) = (0i64, 0i64);
    for seed in 0..12u64 {
        let config = SeasonConfig::new(d.clone(), 2, 2);
        let mut s = Season::new(&config, seed).expect("setup");
        // Alternate the seats so neither bot always starts.
        let kinds = if seed % 2 == 0 {
            ["heuristic", "random"]
        } else {
            ["random", "heuristic"]
        };
        let mut b = bots(&d, &kinds, seed);
        play_out(&mut s, &mut b, 100_000).expect("plays out");
        let scores = s.scores.expect("scored");
        let h = if seed % 2 == 0 { 0 } else { 1 };
        heuristic += i64::from(scores[h].total);
        random += i64::from(scores[1 - h].total);
    }
    assert!(
        heuristic > random + 12 * 2,
        "heuristic {heuristic} vs random {random}"
    );
}

fn check_views(s: &Season) {
    for viewer in 0..s.clubs.len() {
        let v = s.view(Seat(viewer as u8));
        for (c, club) in v.clubs.iter().enumerate() {
            if c == viewer {
                assert!(club.tactics.is_some());
                continue;
            }
            assert!(club.tactics.is_none(), "another club's Tactic cards show");
            assert!(
                club.director_hand.is_none(),
                "another club's Director hand shows"
            );
            assert!(club.objective_offer.is_none());
            if !s.clubs[c].objective_revealed {
                assert!(club.objective.is_none(), "a secret Objective shows");
            }
            if matches!(s.phase, Phase::Draft(_)) {
                assert!(club.directors.is_none(), "Directors show before the reveal");
            }
            for sp in &club.sponsors {
                if sp.contract == crate::games::eleven::vocab::Contract::Kit {
                    assert!(sp.id.is_none(), "a face-down Kit Sponsor shows");
                }
            }
        }
        let text = serde_json::to_string(&v).expect("serialises");
        for (c, club) in s.clubs.iter().enumerate() {
            if c == viewer {
                continue;
            }
            for t in &club.tactics {
                let id = &s.config.decks.tactics[*t].id;
                let mine = s.clubs[viewer]
                    .tactics
                    .iter()
                    .any(|x| s.config.decks.tactics[*x].id == *id);
                assert!(mine || !text.contains(&format!("\"{id}\"")), "{id} leaks");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn every_season_ends_and_keeps_its_cards(
        seed in 0u64..1_000_000,
        managers in 1u8..=4,
        division in 1u8..=3,
        mix in 0u8..4,
    ) {
        let d = decks();
        let config = SeasonConfig::new(d.clone(), managers, division);
        let mut s = Season::new(&config, seed).expect("setup");
        let kinds: Vec<&str> = (0..managers)
            .map(|i| if (mix >> (i % 2)) & 1 == 1 { "heuristic" } else { "random" })
            .collect();
        let mut b = bots(&d, &kinds, seed);
        let mut legal = Vec::new();
        let mut decisions = 0;
        while !s.is_over() {
            let seats: Vec<Seat> = match s.to_act() {
                crate::engine::ToAct::One(x) => vec![x],
                crate::engine::ToAct::Simultaneous(set) => set.iter().collect(),
                _ => break,
            };
            for seat in seats {
                s.legal_actions(seat, &mut legal);
                prop_assert!(!legal.is_empty(), "{:?} has no legal action", s.phase);
                for a in &legal {
                    prop_assert!(s.check(seat, a).is_ok() || matches!(a, Action::PlayMatch(_)));
                }
                let view = s.view(seat);
                let k = b[seat.index()].choose(Some(&view), &legal);
                let before = s.clone();
                s.act(seat, &legal[k], &mut Vec::new()).expect("a legal action applies");
                // An illegal action changes nothing.
                let mut copy = s.clone();
                let _ = copy.act(Seat(7), &Action::EndTurn, &mut Vec::new());
                prop_assert_eq!(copy, s.clone());
                let _ = before;
                decisions += 1;
                prop_assert!(decisions < 20_000, "the season does not end");
            }
            census_ok(&s);
            check_views(&s);
        }
        prop_assert_eq!(s.phase, Phase::Over);
        prop_assert!(s.scores.is_some());
        // Every club has a score; the winners have the best total.
        let scores = s.scores.clone().unwrap_or_default();
        let best = scores.iter().map(|x| x.total).max().unwrap_or(0);
        for w in &s.winners {
            prop_assert_eq!(scores[w.index()].total, best);
        }
    }
}

#[test]
fn every_board_meeting_decision_resolves_as_far_as_it_can() {
    let d = decks();
    let base = tuesday(&d, 2);
    for card in 0..d.board_meetings.len() {
        for decision in [Colour::Yellow, Colour::Blue, Colour::Red] {
            for rich in [false, true] {
                let mut s = base.clone();
                s.clubs[0].res = if rich { [9, 9, 9, 9] } else { [0; 4] };
                // The Week's cards go back; this one comes out of its
                // deck into the meeting.
                for club in &mut s.clubs {
                    if let Some(b) = club.board.take() {
                        s.decks.board.discard.push(b.card);
                    }
                }
                s.decks.board.deck.retain(|c| *c != card);
                s.decks.board.discard.retain(|c| *c != card);
                s.clubs[0].board = Some(super::club::BoardMeeting {
                    card,
                    roll: 1,
                    decision,
                    votes: [0; 3],
                    tie_rerolls: 0,
                    paid_rerolls: 0,
                    resolved: false,
                });
                let mut ev = Vec::new();
                s.resolve_board(0, &[], &mut ev);
                assert!(
                    ev.iter().any(|e| matches!(e, Event::BoardResolved { .. })),
                    "{} {decision:?}",
                    d.board_meetings[card].id
                );
                census_ok(&s);
            }
        }
    }
}

#[test]
fn every_staff_and_director_action_and_every_sponsor_contract_plays() {
    let d = decks();
    let base = tuesday(&d, 1);
    let me = Seat(0);
    for card in 0..d.staff.len() {
        if !d.staff[card]
            .abilities
            .iter()
            .any(|b| b.timing == Timing::Action)
        {
            continue;
        }
        for paid in [false, true] {
            let mut s = base.clone();
            // Take the card out of wherever it lies into the club.
            for row in [&mut s.area.staff] {
                for slot in row.iter_mut() {
                    if *slot == Some(card) {
                        *slot = None;
                    }
                }
            }
            s.area.staff_deck.deck.retain(|c| *c != card);
            s.boxed.staff.retain(|c| *c != card);
            s.clubs[0].staff.retain(|o| o.card != card);
            s.clubs[0].staff.push(OwnedCard {
                card,
                exhausted: false,
                suspension: 0,
            });
            s.clubs[0].res = [9, 9, 9, 9];
            let i = s.clubs[0].staff.len() - 1;
            let a = Action::CardAction {
                card: CardRef::Staff(i),
                paid,
                picks: Vec::new(),
            };
            assert_eq!(s.check(me, &a), Ok(()), "{}", d.staff[card].id);
            s.act(me, &a, &mut Vec::new()).expect("acts");
            assert!(
                s.clubs[0]
                    .staff
                    .iter()
                    .any(|o| o.card == card && o.exhausted)
                    || !s.clubs[0].staff.iter().any(|o| o.card == card)
            );
            // The census counts the card once wherever it went.
            let staff = s
                .census()
                .into_iter()
                .find(|(k, _, _)| *k == "staff")
                .expect("staff");
            assert!(staff.1 <= staff.2 + 1, "{}", d.staff[card].id);
        }
    }
    for k in 0..base.clubs[0].directors.len() {
        let mut s = base.clone();
        s.clubs[0].res = [9, 9, 9, 9];
        let a = Action::CardAction {
            card: CardRef::Director(k),
            paid: false,
            picks: Vec::new(),
        };
        if s.check(me, &a).is_ok() {
            s.act(me, &a, &mut Vec::new()).expect("acts");
            census_ok(&s);
        }
    }
    for card in 0..d.sponsors.len() {
        for (contract, bonus) in [
            (crate::games::eleven::vocab::Contract::OneOff, false),
            (crate::games::eleven::vocab::Contract::Adboard, false),
            (crate::games::eleven::vocab::Contract::Adboard, true),
            (crate::games::eleven::vocab::Contract::Kit, false),
        ] {
            let mut s = base.clone();
            swap_into(&mut s.area.sponsors, &mut s.area.sponsor_deck, 4, card);
            s.clubs[0].res = [9, 9, 9, 9];
            let a = Action::ContractSponsor {
                slot: 4,
                contract,
                bonus,
            };
            s.act(me, &a, &mut Vec::new()).expect("contracts");
            census_ok(&s);
        }
    }
}

// "If an effect causes you to lose a Sponsor and pay back its effects, you
// must pay back its effect regardless of the type": Pitchside Pies on the
// Kit gives Cash, VP and Stand income +1 for the game; losing it pays the
// Cash and VP back and ends the Stand income it gave.
#[test]
fn a_lost_sponsor_pays_back_and_its_rule_change_ends() {
    use crate::games::eleven::effect::Rule;
    use crate::games::eleven::vocab::Contract;
    let d = decks();
    let mut s = tuesday(&d, 1);
    let ids: Vec<String> = d.sponsors.iter().map(|x| x.id.clone()).collect();
    let pies = card_of(&ids, "sponsor-06");
    swap_into(&mut s.area.sponsors, &mut s.area.sponsor_deck, 4, pies);
    s.clubs[0].res = [0, 0, 0, 0];
    s.clubs[0].vp = 0;
    let before = s.rule_total(0, Rule::StandIncome);
    let kit = Action::ContractSponsor {
        slot: 4,
        contract: Contract::Kit,
        bonus: false,
    };
    s.act(Seat(0), &kit, &mut Vec::new())
        .expect("contract the Kit");
    assert_eq!(s.rule_total(0, Rule::StandIncome), before + 1);
    assert_eq!((s.clubs[0].res[0], s.clubs[0].vp), (1, 3));
    let lose = Effect::DiscardCard {
        kind: crate::games::eleven::effect::CardKind::Sponsor,
        pick: crate::games::eleven::effect::Pick::Chosen,
        count: 1,
        pay_back: true,
        filter: None,
    };
    s.resolve_effects(
        0,
        "board-test",
        &[lose],
        &mut ops::Picks::default(),
        &mut Vec::new(),
    );
    assert!(s.clubs[0].sponsors.is_empty());
    assert_eq!((s.clubs[0].res[0], s.clubs[0].vp), (0, 0), "paid back");
    assert_eq!(
        s.rule_total(0, Rule::StandIncome),
        before,
        "the Stand income ends with the Sponsor"
    );
    census_ok(&s);
}

// A Staff Bonus with a choice ("BONUS: Train one of your Youngsters"):
// the manager names the Youngster; without an answer the default of
// decision 46 applies.
#[test]
fn a_staff_bonus_trains_the_youngster_the_manager_names() {
    use crate::games::eleven::vocab::{PlayerKind, Side};
    let d = decks();
    let staff_ids: Vec<String> = d.staff.iter().map(|x| x.id.clone()).collect();
    let trainer = card_of(&staff_ids, "staff-05");
    let base = tuesday(&d, 1);
    // A second Youngster, so the Bonus has a choice.
    let mut base = base;
    let y = base.area.youngsters.deck.pop().expect("a Youngster");
    base.clubs[0].players.push(state::new_player(&d, y));
    swap_into(&mut base.area.staff, &mut base.area.staff_deck, 4, trainer);
    base.clubs[0].res = [10, 0, 0, 0];
    let youngsters: Vec<usize> = base.clubs[0]
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| d.players[p.card].kind == PlayerKind::Youngster)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(youngsters.len(), 2);
    for &i in &youngsters {
        let mut s = base.clone();
        let a = Action::HireStaffWith {
            slot: 4,
            picks: vec![i as u8],
        };
        assert_eq!(s.check(Seat(0), &a), Ok(()));
        s.act(Seat(0), &a, &mut Vec::new()).expect("hire");
        for &k in &youngsters {
            let side = s.clubs[0].players[k].side;
            assert_eq!(side == Side::Trained, k == i, "picked {i}, card {k}");
        }
        assert_eq!(s.clubs[0].res[0], 7, "the Youngster Trainer costs 3");
        assert!(s.clubs[0].basic_used);
        census_ok(&s);
    }
    // Without an answer one Youngster is still Trained.
    let mut s = base.clone();
    s.act(Seat(0), &Action::HireStaff(4), &mut Vec::new())
        .expect("hire");
    let trained = youngsters
        .iter()
        .filter(|&&k| s.clubs[0].players[k].side == Side::Trained)
        .count();
    assert_eq!(trained, 1);
}

// "When rolling a die, you may spend 1 Fan Base to reroll it ... You may
// reroll a die multiple times, as long as you have enough Fan Base": a
// die inside a card effect is rolled again while its test fails, up to
// the Fan Base the pick allows and the club holds.
#[test]
fn fan_base_rerolls_a_die_inside_an_effect() {
    let d = decks();
    let never = Effect::RollDie {
        sides: 6,
        at_least: Some(7),
        at_most: None,
        even: false,
        odd: false,
        then: vec![],
        otherwise: vec![],
    };
    let always = Effect::RollDie {
        sides: 6,
        at_least: Some(1),
        at_most: None,
        even: false,
        odd: false,
        then: vec![],
        otherwise: vec![],
    };
    let rolled = |ev: &[Event]| {
        ev.iter()
            .filter(|e| matches!(e, Event::Effect { text, .. } if text.starts_with("rolled")))
            .count()
    };
    for (effect, picks, fan_base, rolls, left) in [
        (&never, vec![], 5, 1, 5),
        (&never, vec![3], 5, 4, 2),
        (&never, vec![9], 2, 3, 0),
        (&always, vec![3], 5, 1, 5),
    ] {
        let mut s = tuesday(&d, 1);
        s.clubs[0].res[1] = fan_base;
        let mut ev = Vec::new();
        s.resolve_effects(
            0,
            "test",
            std::slice::from_ref(effect),
            &mut ops::Picks::new(&picks),
            &mut ev,
        );
        assert_eq!(rolled(&ev), rolls, "{picks:?} with {fan_base} Fan Base");
        assert_eq!(
            s.clubs[0].res[1], left,
            "{picks:?} with {fan_base} Fan Base"
        );
    }
}

// "You want to sell a Sonn card. It is a Trained Youngster who has played
// in one match. You gain 4 Cash and the 1 Experience token previously
// placed on the Sonn Player card." (2 + his Strength of 2.) "If you are
// Selling an Injured or Suspended Player, you gain half" (rounded down).
#[test]
fn sell_example_sonn_gives_4_cash_and_his_experience_token() {
    use crate::games::eleven::vocab::{PlayerKind, Side};
    let d = decks();
    let mut s = tuesday(&d, 1);
    let i = s.clubs[0]
        .players
        .iter()
        .position(|p| d.players[p.card].kind == PlayerKind::Youngster)
        .expect("the starting Youngster");
    s.clubs[0].players[i].side = Side::Trained;
    s.clubs[0].players[i].tokens = Default::default();
    s.clubs[0].players[i].tokens.experience = 1;
    let strength = s.player_strength(0, i);
    s.clubs[0].res = [0; 4];
    s.clubs[0].vp = 0;
    let mut injured = s.clone();
    let players = s.clubs[0].players.len();
    s.act(Seat(0), &Action::Sell(i), &mut Vec::new())
        .expect("sell");
    assert_eq!(s.clubs[0].res[0], 2 + strength);
    assert_eq!(s.clubs[0].vp, 1, "the Experience token goes to the supply");
    assert_eq!(s.clubs[0].players.len(), players - 1);
    assert!(s.clubs[0].basic_used);
    census_ok(&s);
    injured.clubs[0].players[i].tokens.injury = 1;
    injured
        .act(Seat(0), &Action::Sell(i), &mut Vec::new())
        .expect("sell");
    assert_eq!(injured.clubs[0].res[0], (2 + strength) / 2, "half");
}

// "Your Office marker is on the second space of the Office track. To move
// further, you must spend 5 Cash. If you end the game at this space, you
// will get 5 VP." The third space scores 9 (the scoring example).
#[test]
fn office_example_costs_5_from_the_second_space() {
    let d = decks();
    let mut s = tuesday(&d, 1);
    s.clubs[0].office = 2;
    assert_eq!(s.score(0).office, 5);
    s.clubs[0].res[0] = 4;
    assert_eq!(
        s.check(Seat(0), &Action::BuildOffice),
        Err(SeasonError::CannotAfford {
            what: "Cash",
            need: 5,
            have: 4
        })
    );
    s.clubs[0].res[0] = 6;
    let due = s.maintenance_due(0);
    s.act(Seat(0), &Action::BuildOffice, &mut Vec::new())
        .expect("build");
    assert_eq!((s.clubs[0].office, s.clubs[0].res[0]), (3, 1));
    assert_eq!(s.score(0).office, 9);
    assert_eq!(s.maintenance_due(0), due, "an Office needs no Maintenance");
}

// "Choose one of the available Stadium Infrastructure tokens from the
// supply, pay 3 Cash and place it ... except for the spaces specifically
// marked for Stands #3, Stands #4, and Adboard #3." Each built token
// scores (Stands 1, others 2), adds its Production and moves Maintenance.
#[test]
fn building_infrastructure_costs_3_and_fills_its_spaces() {
    let d = decks();
    let mut s = tuesday(&d, 1);
    s.clubs[0].built.clear();
    let stands = s.clubs[0].stands();
    for (k, kind) in [
        Infrastructure::Stand,
        Infrastructure::Stand,
        Infrastructure::MerchandiseStore,
    ]
    .into_iter()
    .enumerate()
    {
        s.clubs[0].res[0] = 3;
        s.clubs[0].basic_used = false;
        s.act(Seat(0), &Action::Build(kind), &mut Vec::new())
            .expect("build");
        assert_eq!(s.clubs[0].res[0], 0, "3 Cash");
        assert_eq!(s.clubs[0].built.len(), k + 1);
    }
    assert_eq!(s.clubs[0].stands(), stands + 2, "Stands #3 and #4");
    s.clubs[0].res[0] = 3;
    s.clubs[0].basic_used = false;
    assert!(matches!(
        s.check(Seat(0), &Action::Build(Infrastructure::Stand)),
        Err(SeasonError::NoSpace(_))
    ));
    assert_eq!(s.score(0).infrastructure, 1 + 1 + 2);
    // The Merchandise Store pays at Production.
    let cash = s.clubs[0].res[0];
    s.production_effects(0, &mut Vec::new());
    assert!(s.clubs[0].res[0] > cash);
}

// The End of the Week, steps 1, 2, 4 and 5: every card unexhausted, the
// Opponent card discarded, the rightmost Player, Staff and Sponsor cards
// discarded and the rows shifted and refilled, the top Youngster
// discarded, at most 1 Fan Base, Operation and Fitness kept (Cash kept).
#[test]
fn end_of_week_steps_in_order() {
    let d = decks();
    let mut s = tuesday(&d, 1);
    let mut ev = Vec::new();
    for _ in 0..3 {
        s.act(Seat(0), &Action::EndTurn, &mut ev).expect("pass");
    }
    let plan = s.suggested_plans(0).into_iter().next().expect("a plan");
    s.act(Seat(0), &Action::PlayMatch(Box::new(plan)), &mut ev)
        .expect("play");
    s.clubs[0].staff[0].exhausted = true;
    s.clubs[0].res = [20, 4, 4, 4];
    let players = s.area.players.clone();
    let staff = s.area.staff.clone();
    let sponsors = s.area.sponsors.clone();
    let youngster = *s.area.youngsters.deck.last().expect("a Youngster");
    let opponents = s.clubs[0].opponents.len();
    let due = s.maintenance_due(0);
    s.act(Seat(0), &Action::AcceptConsequence, &mut ev)
        .expect("accept");
    let club = &s.clubs[0];
    assert!(club.staff.iter().all(|c| !c.exhausted), "step 1");
    assert_eq!(club.opponents.len(), opponents - 1, "step 2");
    assert_eq!(club.res[0], 20 - due, "step 3: Cash kept but Maintenance");
    for (row, before, pile) in [
        (&s.area.players, &players, &s.area.player_deck),
        (&s.area.staff, &staff, &s.area.staff_deck),
        (&s.area.sponsors, &sponsors, &s.area.sponsor_deck),
    ] {
        assert_eq!(row[1..], before[..4], "step 4: the row shifts right");
        assert_eq!(
            pile.discard.last().copied(),
            before[4],
            "the rightmost goes"
        );
        assert!(row[0].is_some(), "refilled");
    }
    assert_eq!(s.area.youngsters.discard.last(), Some(&youngster));
    assert_eq!(club.res[1..], [1, 1, 1], "step 5");
    census_ok(&s);
}

// "Hiring a Youngster is resolved in the same way as above, but instead of
// choosing a card from the Transfer Area, you must draw the top card from
// the Youngster deck." It comes Untrained, for its printed cost, and
// moves the Maintenance track.
#[test]
fn hiring_a_youngster_takes_the_top_of_the_youngster_deck() {
    use crate::games::eleven::vocab::Side;
    let d = decks();
    let mut s = tuesday(&d, 1);
    let top = *s.area.youngsters.deck.last().expect("a Youngster");
    let cost = u32::from(d.players[top].untrained.hire_cost);
    s.clubs[0].res[0] = cost;
    let players = s.clubs[0].players.len();
    s.act(Seat(0), &Action::HireYoungster, &mut Vec::new())
        .expect("hire");
    let club = &s.clubs[0];
    assert_eq!(club.res[0], 0);
    assert_eq!(club.players.len(), players + 1);
    let last = club.players.last().expect("hired");
    assert_eq!((last.card, last.side), (top, Side::Untrained));
    assert_eq!(
        s.check(Seat(0), &Action::HireYoungster),
        Err(SeasonError::BasicUsed)
    );
    census_ok(&s);
}

// "Once you fulfill the Objective, reveal the card ... and then gain the
// indicated tokens": an `anytime` card is revealed the moment its goal
// holds, so its perfect condition is a deadline (decision 24). Boardroom
// Growth: Office level 3, perfectly by Week 2.
#[test]
fn an_objective_fulfilled_by_its_deadline_is_perfect_and_later_is_not() {
    let d = decks();
    let ids: Vec<String> = d.objectives.iter().map(|o| o.id.clone()).collect();
    let card = card_of(&ids, "objective-09");
    let o = &d.objectives[card];
    assert_eq!(o.perfect.quantity, Quantity::Week);
    let deadline = o.perfect.at_most.expect("a deadline") as u8;
    for (week, vp) in [(deadline, o.vp + o.perfect_vp), (deadline + 1, o.vp)] {
        let mut s = tuesday(&d, 1);
        s.week = week;
        s.clubs[0].objective = Some(card);
        s.clubs[0].objective_revealed = false;
        s.clubs[0].office = 2;
        s.clubs[0].res[0] = 10;
        let before = s.clubs[0].vp;
        let mut events = Vec::new();
        s.act(Seat(0), &Action::BuildOffice, &mut events)
            .expect("build");
        assert!(s.clubs[0].objective_revealed, "Week {week}");
        assert!(
            events.iter().any(|e| matches!(e,
                Event::ObjectiveFulfilled { vp: v, .. } if *v == u32::from(vp))),
            "Week {week}: {events:?}"
        );
        assert_eq!(s.clubs[0].vp - before, u32::from(vp), "Week {week}");
    }
}

/// Club 0 of a solo season at full time of Week 1, its consequence die
/// replaced by `consequence` with `injuries` (scripted dice), and its
/// Fan Base set to `fans`.
fn at_full_time(
    d: &Arc<ElevenDecks>,
    consequence: crate::games::eleven::league::Consequence,
    injuries: Vec<(u8, u8)>,
    fans: u32,
) -> Season {
    let mut s = tuesday(d, 1);
    let mut ev = Vec::new();
    for _ in 0..3 {
        s.act(Seat(0), &Action::EndTurn, &mut ev).expect("pass");
    }
    let plan = s.suggested_plans(0).into_iter().next().expect("a plan");
    s.act(Seat(0), &Action::PlayMatch(Box::new(plan)), &mut ev)
        .expect("play");
    let p = s.clubs[0].pending.as_mut().expect("full time");
    p.roll.consequence = consequence;
    p.roll.injuries = injuries;
    p.report.injuries_prevented_left = 0;
    s.clubs[0].res[1] = fans;
    s
}

/// "Place the indicated number of Temporary Strength tokens on any Player
/// card that was assigned to the Match": the manager names the card; one
/// that did not play is refused with the reason.
#[test]
fn the_manager_names_who_takes_a_consequences_tokens() {
    use crate::games::eleven::league::{Consequence, ConsequencePicks};
    use crate::games::eleven::vocab::Token;
    let d = decks();
    let mut s = at_full_time(&d, Consequence::TemporaryStrength(2), Vec::new(), 0);
    let cv = s.view(Seat(0)).clubs[0]
        .consequence
        .clone()
        .expect("the consequence on view");
    assert!(cv.receivers.len() > 1, "{cv:?}");
    let last = *cv.receivers.last().expect("a receiver");
    let bench = (0..s.clubs[0].players.len()).find(|i| !cv.receivers.contains(i));
    if let Some(b) = bench {
        let refused = s
            .check(
                Seat(0),
                &Action::ResolveConsequence(ConsequencePicks {
                    receiver: Some(b),
                    injured: Vec::new(),
                }),
            )
            .expect_err("a Player who did not play");
        assert!(
            refused.to_string().contains("assigned to the Match"),
            "{refused}"
        );
    }
    let mut legal = Vec::new();
    s.legal_actions(Seat(0), &mut legal);
    let mine = Action::ResolveConsequence(ConsequencePicks {
        receiver: Some(last),
        injured: Vec::new(),
    });
    assert!(legal.contains(&mine), "offered: {legal:?}");
    let before = s.clubs[0].players[last].tokens.count(Token::StrengthTemp);
    let mut ev = Vec::new();
    s.act(Seat(0), &mine, &mut ev).expect("resolves");
    assert_eq!(
        s.clubs[0].players[last].tokens.count(Token::StrengthTemp),
        before + 2
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ConsequenceResolved { tokens, .. }
            if tokens.len() == 1 && tokens[0].2 == 2)),
        "{ev:?}"
    );
}

/// "When rolling a die, you may spend 1 Fan Base to reroll it": an
/// Injury's twelve-sided die is rolled again alone, the consequence
/// stays; with no Fan Base, or no such die, the reroll is refused.
#[test]
fn an_injury_die_is_rerolled_alone() {
    use crate::games::eleven::league::Consequence;
    let d = decks();
    let mut s = at_full_time(&d, Consequence::DoubleInjury, vec![(3, 1), (5, 1)], 1);
    let mut legal = Vec::new();
    s.legal_actions(Seat(0), &mut legal);
    assert!(legal.contains(&Action::RerollInjury(1)), "{legal:?}");
    assert!(matches!(
        s.check(Seat(0), &Action::RerollInjury(2)),
        Err(SeasonError::NoSuchCard(_))
    ));
    let mut ev = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    // Roll die 2 again until it changes (each roll costs 1 Fan Base).
    for _ in 0..40 {
        s.clubs[0].res[1] = 1;
        s.act(Seat(0), &Action::RerollInjury(1), &mut ev)
            .expect("rerolls");
        assert_eq!(s.clubs[0].res[1], 0, "1 Fan Base a reroll");
        let p = s.clubs[0].pending.as_ref().expect("still at full time");
        assert_eq!(p.roll.consequence, Consequence::DoubleInjury);
        assert_eq!(p.roll.injuries[0], (3, 1), "the other die stays");
        seen.insert(p.roll.injuries[1].0);
    }
    assert!(seen.len() > 3, "the die is rolled: {seen:?}");
    assert!(seen.iter().all(|n| (1..=12).contains(n)));
    assert!(matches!(
        s.check(Seat(0), &Action::RerollInjury(0)),
        Err(SeasonError::CannotAfford { .. })
    ));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::InjuryRerolled { roll: 1, .. }))
    );
}

/// The heuristic bot gives Temporary Strength to its strongest Player
/// and Temporary Weakness to its weakest, answering the choice itself.
#[test]
fn the_bot_gives_good_news_to_the_strongest_and_bad_to_the_weakest() {
    use crate::games::eleven::league::Consequence;
    use crate::games::eleven::vocab::Token;
    let d = decks();
    for (consequence, token, strongest) in [
        (Consequence::TemporaryStrength(1), Token::StrengthTemp, true),
        (
            Consequence::TemporaryWeakness(1),
            Token::WeaknessTemp,
            false,
        ),
    ] {
        let mut s = at_full_time(&d, consequence, Vec::new(), 0);
        let view = s.view(Seat(0));
        let club = &view.clubs[0];
        let cv = club.consequence.clone().expect("on view");
        let strength = |i: usize| club.players[i].strength;
        let want = if strongest {
            cv.receivers.iter().map(|&i| strength(i)).max()
        } else {
            cv.receivers.iter().map(|&i| strength(i)).min()
        }
        .expect("receivers");
        let mut legal = Vec::new();
        s.legal_actions(Seat(0), &mut legal);
        let mut bot = SeasonBot::new(d.clone());
        let k = bot.choose(Some(&view), &legal);
        let mut ev = Vec::new();
        s.act(Seat(0), &legal[k], &mut ev).expect("legal");
        let got = ev
            .iter()
            .find_map(|e| match e {
                Event::ConsequenceResolved { tokens, .. } => tokens.first().cloned(),
                _ => None,
            })
            .expect("a token placed");
        assert_eq!(got.1, token.title());
        let i = s.clubs[0]
            .players
            .iter()
            .position(|p| d.players[p.card].id == got.0)
            .expect("the card");
        assert_eq!(strength(i), want, "{consequence:?}: {:?}", legal[k]);
    }
}

/// "You may build any Infrastructure token on the Stadium spaces, except
/// for the spaces specifically marked for Stands #3, Stands #4, and
/// Adboard #3": four Improvements fill the free spaces, a fifth is
/// refused with the reason, and the marked spaces still take their Stands
/// and Adboard. A season saved before the rule (one pool of 7) keeps it.
#[test]
fn improvements_leave_the_marked_stadium_spaces_free() {
    let d = decks();
    let build = |s: &mut Season, kind| {
        s.clubs[0].res[0] = 3;
        s.clubs[0].basic_used = false;
        s.act(Seat(0), &Action::Build(kind), &mut Vec::new())
    };
    let mut s = tuesday(&d, 1);
    assert!(
        s.config.reserved_spaces,
        "new seasons keep the marked spaces"
    );
    s.clubs[0].built.clear();
    for kind in [
        Infrastructure::StadiumLighting,
        Infrastructure::StadiumLighting,
        Infrastructure::MerchandiseStore,
        Infrastructure::TrainingGround,
    ] {
        build(&mut s, kind).expect("a free space");
    }
    let refused = build(&mut s, Infrastructure::DirectorsOffice).expect_err("no free space");
    assert!(
        matches!(&refused, SeasonError::NoSpace(why) if why.contains("marked")),
        "{refused}"
    );
    for kind in [
        Infrastructure::Stand,
        Infrastructure::Stand,
        Infrastructure::Adboard,
    ] {
        build(&mut s, kind).expect("its marked space");
    }
    assert_eq!(s.clubs[0].built.len(), 7);
    // The reading of older saves: any token on any of the 7 spaces.
    let mut old = tuesday(&d, 1);
    old.config.reserved_spaces = false;
    old.clubs[0].built.clear();
    for _ in 0..7 {
        build(&mut old, Infrastructure::StadiumLighting).expect("one pool");
    }
    assert!(matches!(
        build(&mut old, Infrastructure::Stand),
        Err(SeasonError::NoSpace(_))
    ));
    // A configuration saved before the field reads the old rule.
    let json = serde_json::to_value(&s.config).expect("serialises");
    let mut fields = json.as_object().cloned().expect("an object");
    fields.remove("reserved_spaces");
    let read: SeasonConfig =
        serde_json::from_value(serde_json::Value::Object(fields)).expect("reads");
    assert!(!read.reserved_spaces);
}

/// A Board Meeting's "Injury on a random Player" rolls the twelve-sided
/// die; the manager may spend Fan Base to roll it again while it names
/// one of the club's Players (the effect's pick, at most that many).
/// Rolled again only while it hurts, and never beyond the pick or the
/// Fan Base held; the same seed without a pick rolls once, as before.
#[test]
fn a_random_injury_die_is_rerolled_for_fan_base_while_it_hurts() {
    use super::ops::Picks;
    use crate::games::eleven::effect::Target;
    use crate::games::eleven::vocab::Token;
    let d = decks();
    let effect = Effect::PlaceToken {
        token: Token::Injury,
        target: Target::Random,
        amount: 1,
        filter: None,
    };
    let injuries = |s: &Season| -> u32 {
        s.clubs[0]
            .players
            .iter()
            .map(|p| u32::from(p.tokens.count(Token::Injury)))
            .sum()
    };
    let (mut hurt_plain, mut hurt_rerolled) = (0, 0);
    for seed in 0..80u64 {
        for pick in [None, Some(3u8)] {
            let mut s = tuesday(&d, 1);
            s.rng = <crate::engine::GameRng as rand::SeedableRng>::seed_from_u64(seed);
            s.clubs[0].res[1] = 2;
            let before = injuries(&s);
            let picks: Vec<u8> = pick.into_iter().collect();
            let mut ev = Vec::new();
            s.resolve_effects(
                0,
                "board-03",
                std::slice::from_ref(&effect),
                &mut Picks::new(&picks),
                &mut ev,
            );
            let hurt = injuries(&s) > before;
            let spent = 2 - s.clubs[0].res[1];
            let again = ev
                .iter()
                .filter(|e| matches!(e, Event::Effect { text, .. } if text.contains("roll again")))
                .count() as u32;
            assert_eq!(spent, again, "1 Fan Base a reroll");
            match pick {
                None => {
                    assert_eq!(spent, 0, "no pick, no reroll");
                    hurt_plain += u32::from(hurt);
                }
                Some(_) => {
                    // Stopped by a miss, or by the Fan Base running out.
                    assert!(
                        !hurt || spent == 2,
                        "seed {seed}: hurt after {spent} rerolls"
                    );
                    hurt_rerolled += u32::from(hurt);
                }
            }
        }
    }
    assert!(hurt_rerolled < hurt_plain, "{hurt_rerolled} < {hurt_plain}");
}

/// "Some Player cards have an effect with a cost: pay it to use the
/// effect": the suggested plans offer the strongest line-up of a card
/// fewer with the saved Fitness paying the costed effects, and the season
/// bot plays one when its squad has such a card.
#[test]
fn a_suggested_plan_pays_a_players_effect_and_the_bot_plays_it() {
    let d = decks();
    let mut s = tuesday(&d, 1);
    let costed = card_of(
        &d.players.iter().map(|p| p.id.clone()).collect::<Vec<_>>(),
        "player-07",
    );
    s.clubs[0]
        .players
        .push(super::state::new_player(&d, costed));
    let mut ev = Vec::new();
    for _ in 0..3 {
        s.act(Seat(0), &Action::EndTurn, &mut ev).expect("pass");
    }
    s.clubs[0].res[3] = 6;
    let squad = s.clubs[0].players.len() - 1;
    let plans = s.suggested_plans(0);
    let paying: Vec<&MatchPlan> = plans.iter().filter(|p| !p.lineup.paid.is_empty()).collect();
    assert!(!paying.is_empty(), "a plan pays an effect");
    for p in &paying {
        assert!(p.lineup.paid.contains(&squad), "{:?}", p.lineup.paid);
        let setup = s.match_setup(0, p).expect("a valid plan");
        let fitness = setup
            .assigned_cost()
            .get(&Resource::Fitness)
            .copied()
            .unwrap_or(0);
        assert!(fitness <= 6, "the Fitness pays for it: {fitness}");
    }
    assert!(
        plans.iter().any(|p| p.lineup.paid.is_empty()),
        "and plans that do not"
    );
    // The bot weighs a paid effect against the card left out.
    let view = s.view_for(Some(Seat(0)));
    let mut bot = SeasonBot::new(d.clone());
    let legal = s.legal(Seat(0));
    let chosen = &legal[crate::bots::Bot::choose(&mut bot, Some(&view), &legal)];
    let Action::PlayMatch(plan) = chosen else {
        panic!("a Match plan, not {chosen:?}");
    };
    assert!(!plan.lineup.paid.is_empty(), "the bot pays the effect");
}
