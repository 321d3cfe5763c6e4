//! The Matchday's tests: line-up checks, the procedure's steps and the
//! rulebook's examples.

use super::*;

fn player(id: &str, jersey: Option<u8>, task: Task, zones: &[Zone], strength: u8) -> SquadPlayer {
    SquadPlayer {
        id: id.into(),
        name: id.into(),
        kind: PlayerKind::Regular,
        side: Side::Untrained,
        task,
        zones: zones.to_vec(),
        strength,
        saves: if task == Task::Goalkeeper { 1 } else { 0 },
        jersey,
        abilities: Vec::new(),
        tokens: Tokens::default(),
        experience: Vec::new(),
        experience_filled: Vec::new(),
    }
}

fn empty_setup() -> MatchSetup {
    let squad = vec![
        player("nine", Some(9), Task::Attack, &[Zone::CentralForward], 3),
        player("wing", Some(7), Task::Attack, &[Zone::RightForward], 2),
        player("keeper", Some(1), Task::Goalkeeper, &[Zone::Goal], 2),
        player("hurt", Some(4), Task::Defence, &[Zone::CentralDefence], 2),
    ];
    let mut setup = MatchSetup::new(
        squad,
        Lineup {
            formation: Formation::new(4, 4, 2),
            markers: Vec::new(),
            goalkeeper: None,
            paid: Vec::new(),
        },
        OpponentTeam {
            name: "them".into(),
            keeper: Keeper {
                strength: 1,
                saves: 1,
            },
            defence: OpponentLine::default(),
            midfield: OpponentLine::default(),
            forward: OpponentLine::default(),
        },
    );
    if let Some(p) = setup.squad.get_mut(3) {
        p.tokens.injury = 1;
    }
    setup
}

fn blank(jersey: u8, zone: Zone) -> Marker {
    Marker {
        jersey: Some(jersey),
        task: Task::Defence,
        zone,
        player: None,
    }
}

#[test]
fn placements_are_refused_with_the_rule_they_break() {
    let mut s = empty_setup();
    assert_eq!(s.place(blank(2, Zone::LeftForward)), Ok(()));
    assert_eq!(
        s.place(blank(3, Zone::LeftForward)),
        Err(LineupError::ZoneFull(Zone::LeftForward))
    );
    assert_eq!(s.place(blank(3, Zone::CentralForward)), Ok(()));
    assert_eq!(
        s.place(blank(4, Zone::CentralForward)),
        Err(LineupError::LineFull {
            line: Line::Forward,
            expected: 2
        })
    );
    let wing = s.marker_for(1, Zone::CentralMidfield);
    assert_eq!(
        wing.map(|m| s.check_placement(&m)),
        Some(Err(LineupError::WrongZone {
            player: "wing".into(),
            zone: Zone::CentralMidfield
        }))
    );
    assert_eq!(
        s.place(blank(3, Zone::CentralMidfield)),
        Err(LineupError::DuplicateJersey(3))
    );
    let hurt = s.marker_for(3, Zone::CentralDefence);
    assert_eq!(
        hurt.map(|m| s.check_placement(&m)),
        Some(Err(LineupError::Unavailable("hurt".into())))
    );
    assert_eq!(
        s.marker_for(2, Zone::CentralDefence),
        None,
        "a Goalkeeper has no marker"
    );
    assert_eq!(
        s.lineup.markers.len(),
        2,
        "refused placements change nothing"
    );
    let text = LineupError::ZoneFull(Zone::LeftForward).to_string();
    assert_eq!(text, "left forward is full: it holds at most 1 marker");
}

#[test]
fn a_card_takes_its_number_from_a_marker_without_a_card() {
    let mut s = empty_setup();
    assert_eq!(s.place(blank(9, Zone::CentralMidfield)), Ok(()));
    let nine = s.marker_for(0, Zone::CentralForward);
    assert_eq!(nine.map(|m| s.place(m)), Some(Ok(())));
    let numbers: Vec<Option<u8>> = s.lineup.markers.iter().map(|m| m.jersey).collect();
    assert_eq!(
        numbers,
        vec![Some(2), Some(9)],
        "the blank marker moved to 2"
    );
    assert_eq!(s.free_numbers(), vec![3, 4, 5, 6, 7, 8, 10, 11]);
    assert_eq!(s.marker_strength(0), Some(1));
    assert_eq!(s.marker_strength(1), Some(3));
    assert_eq!(s.marker_strength(2), None);
    assert_eq!(s.remove_marker(1).and_then(|m| m.player), Some(0));
    assert_eq!(s.remove_marker(5), None);
}

#[test]
fn only_an_available_goalkeeper_card_guards_the_goal_and_fitness_is_checked() {
    let mut s = empty_setup();
    assert!(matches!(
        s.set_goalkeeper(Some(0)),
        Err(LineupError::WrongGoalkeeper(_))
    ));
    assert_eq!(
        s.set_goalkeeper(Some(9)),
        Err(LineupError::UnknownPlayer(9))
    );
    assert_eq!(s.lineup.goalkeeper, None);
    s.supply = Some(BTreeMap::from([(Resource::Fitness, 1)]));
    assert_eq!(s.set_goalkeeper(Some(2)), Ok(()));
    let nine = s.marker_for(0, Zone::CentralForward);
    assert_eq!(
        nine.map(|m| s.place(m)),
        Some(Err(LineupError::CannotPay {
            resource: Resource::Fitness,
            need: 2,
            have: 1
        }))
    );
    assert_eq!(s.set_goalkeeper(None), Ok(()));
}

/// A 4-3-3 with the wing-back #3 (Left Defence or Left Midfield on his
/// card, a DURING THE MATCH `move_jersey`) at Left Defence, card-less
/// markers elsewhere, against an Opponent with only a Goalkeeper.
fn wing_back_setup() -> MatchSetup {
    let mut back = player(
        "wing-back",
        Some(3),
        Task::Defence,
        &[Zone::LeftDefence, Zone::LeftMidfield],
        2,
    );
    back.abilities = vec![EffectBlock {
        timing: Timing::DuringMatch,
        cost: BTreeMap::new(),
        condition: None,
        effects: vec![Effect::MoveJersey { count: 1 }],
        text: None,
    }];
    let mut s = empty_setup();
    s.squad = vec![back];
    s.lineup.formation = Formation::new(4, 3, 3);
    let attack = |n: u8, zone: Zone| Marker {
        task: Task::Attack,
        ..blank(n, zone)
    };
    s.lineup.markers = vec![
        Marker {
            player: Some(0),
            ..blank(3, Zone::LeftDefence)
        },
        blank(2, Zone::CentralDefence),
        blank(4, Zone::CentralDefence),
        blank(5, Zone::RightDefence),
        blank(6, Zone::CentralMidfield),
        blank(7, Zone::CentralMidfield),
        attack(8, Zone::CentralMidfield),
        attack(9, Zone::LeftForward),
        attack(10, Zone::CentralForward),
        attack(11, Zone::RightForward),
    ];
    assert_eq!(s.validate(), Vec::new());
    s
}

/// docs/eleven.md, `move_jersey`: "Move Jersey markers, one step each,
/// to an adjacent Zone (sharing an edge), respecting Zone limits and
/// the Zones allowed on the Player's card."
#[test]
fn a_jersey_marker_moves_one_step_within_the_zone_limits_and_its_card() {
    let s = wing_back_setup();
    let m = &s.lineup.markers;
    let mv = |marker: usize, to: Zone| check_jersey_move(&s.squad, m, JerseyMove { marker, to });
    assert_eq!(mv(0, Zone::LeftMidfield), Ok(()));
    let err = |r: Result<(), String>| r.expect_err("refused");
    assert!(err(mv(0, Zone::CentralDefence)).contains("card does not show"));
    assert!(err(mv(0, Zone::LeftForward)).contains("does not share an edge"));
    assert!(err(mv(4, Zone::LeftForward)).contains("does not share an edge"));
    assert!(err(mv(1, Zone::LeftDefence)).contains("holds at most 1"));
    assert!(err(mv(8, Zone::CentralMidfield)).contains("holds at most 3"));
    let mut lone = m.clone();
    lone[7].zone = Zone::LeftMidfield;
    let last = check_jersey_move(
        &s.squad,
        &lone,
        JerseyMove {
            marker: 8,
            to: Zone::LeftForward,
        },
    );
    assert!(err(last).contains("is the last in central forward"));
    assert!(err(mv(10, Zone::LeftMidfield)).contains("no Jersey marker 11"));
    // A card-less marker goes anywhere next door with room.
    assert_eq!(mv(4, Zone::LeftMidfield), Ok(()));
    assert_eq!(mv(9, Zone::RightMidfield), Ok(()));
    assert_eq!(mv(6, Zone::CentralForward), Ok(()));
}

#[test]
fn a_chosen_move_is_played_and_the_marker_plays_in_its_new_section() {
    let mut s = wing_back_setup();
    s.choices.insert(
        "wing-back".into(),
        Choice {
            moves: vec![JerseyMove {
                marker: 4,
                to: Zone::LeftMidfield,
            }],
            ..Choice::default()
        },
    );
    let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        r.commentary().iter().any(
            |l| l == "wing-back: Jersey marker #6 moves from central midfield to left midfield"
        ),
        "{:?}",
        r.commentary()
    );
    let left = r
        .sections()
        .into_iter()
        .find(|x| x.yours == Section::LeftWing)
        .unwrap_or_else(|| panic!("the left wing"));
    let labels: Vec<&str> = left
        .their_attack
        .defenders
        .iter()
        .map(|p| p.label.as_str())
        .collect();
    assert!(labels.contains(&"#6 (no card)"), "{labels:?}");
    // A refused choice moves nothing and says why.
    s.choices.insert(
        "wing-back".into(),
        Choice {
            moves: vec![JerseyMove {
                marker: 0,
                to: Zone::CentralDefence,
            }],
            ..Choice::default()
        },
    );
    let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !r.steps
            .iter()
            .any(|x| matches!(x, MatchStep::JerseyMoved { .. }))
    );
    assert!(
        r.commentary()
            .iter()
            .any(|l| l.contains("card does not show"))
    );
}

/// Without a choice the engine moves the marker that leaves the best
/// projected score: no legal move chosen by hand does better.
#[test]
fn the_default_move_is_the_best_for_the_score() {
    let mut s = wing_back_setup();
    s.opponent.forward.centre = vec![
        OpponentPlayer {
            task: Task::Attack,
            strength: 2,
        };
        2
    ];
    s.opponent.defence.left = vec![OpponentPlayer {
        task: Task::Defence,
        strength: 3,
    }];
    let diff = |r: &MatchReport| i64::from(r.own) - i64::from(r.opponent);
    let default = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
    let moved = default
        .steps
        .iter()
        .filter(|x| matches!(x, MatchStep::JerseyMoved { .. }))
        .count();
    assert_eq!(moved, 1, "{:?}", default.commentary());
    let mut results = Vec::new();
    for marker in 0..10 {
        for to in Zone::PITCH {
            let mv = JerseyMove { marker, to };
            if check_jersey_move(&s.squad, &s.lineup.markers, mv).is_err() {
                continue;
            }
            let mut t = s.clone();
            t.choices.insert(
                "wing-back".into(),
                Choice {
                    moves: vec![mv],
                    ..Choice::default()
                },
            );
            let r = play_match(&t, 1).unwrap_or_else(|e| panic!("{e}"));
            results.push((diff(&r), r.own));
        }
    }
    assert!(results.len() > 5, "{results:?}");
    let best = results.iter().max().copied();
    assert_eq!(Some((diff(&default), default.own)), best, "{results:?}");
}

#[test]
fn a_clubs_injury_prevention_covers_the_consequence_roll() {
    // docs/eleven.md 5.2: a Staff or Sponsor card that prevents Injuries
    // covers the Injury the Match consequence rolls, not only those of
    // Match effects. The wing-back wears #3; the consequence injures #3.
    let roll = ConsequenceRoll {
        roll: 6,
        modifier: 0,
        consequence: super::super::league::Consequence::Injury,
        injuries: vec![(3, 1)],
    };
    let plain = wing_back_setup();
    let r = play_match(&plain, 1).unwrap_or_else(|e| panic!("{e}"));
    let hurt = plain.consequence(&roll, &r, &Default::default());
    assert_eq!(hurt.prevented, 0);
    assert!(hurt.tokens.contains(&(0, Token::Injury, 1)), "{hurt:?}");
    let mut covered = wing_back_setup();
    covered.rules.push(RuleChange {
        rule: Rule::InjuriesPrevented,
        by: 1,
    });
    let r = play_match(&covered, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.injuries_prevented_left, 1);
    let spared = covered.consequence(&roll, &r, &Default::default());
    assert_eq!(spared.prevented, 1);
    assert!(
        !spared.tokens.iter().any(|(_, t, _)| *t == Token::Injury),
        "{spared:?}"
    );
}
