//! Eleven's Matchday engine: the rulebook's worked Match and examples as
//! scenarios, the 35 VP scoring example, and properties (the pairing is
//! minimal, resolution never panics, a seed replays exactly).

use proptest::prelude::*;
use rand::SeedableRng as _;
use std::collections::BTreeMap;
use touchline::engine::GameRng;
use touchline::games::eleven::deck::ElevenDecks;
use touchline::games::eleven::effect::Team;
use touchline::games::eleven::league::{Consequence, League};
use touchline::games::eleven::matchday::{
    Choice, Lineup, LineupError, Marker, MatchSetup, MatchStep, OpponentTeam, SquadPlayer, Tokens,
    play_match,
};
use touchline::games::eleven::pairing::resolve_attack;
use touchline::games::eleven::scoring::{ClubAtEnd, StaffHolding, final_score};
use touchline::games::eleven::vocab::{
    Colour, Formation, Infrastructure, Keeper, MatchResult, OpponentLine, OpponentPlayer,
    PlayerKind, Resource, Section, Side, Task, Zone,
};
use touchline::games::eleven::{random_lineup, vocab::Line};

fn decks() -> ElevenDecks {
    ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"))
}

/// A plain outfield Player card for scenarios.
fn card(id: &str, jersey: u8, task: Task, zone: Zone, strength: u8) -> SquadPlayer {
    SquadPlayer {
        id: id.into(),
        name: id.into(),
        kind: PlayerKind::Regular,
        side: Side::Untrained,
        task,
        zones: vec![zone],
        strength,
        saves: 0,
        jersey: Some(jersey),
        abilities: Vec::new(),
        tokens: Tokens::default(),
        experience: Vec::new(),
        experience_filled: Vec::new(),
    }
}

fn keeper(id: &str, strength: u8, saves: u8) -> SquadPlayer {
    SquadPlayer {
        task: Task::Goalkeeper,
        zones: vec![Zone::Goal],
        saves,
        jersey: Some(1),
        ..card(id, 1, Task::Goalkeeper, Zone::Goal, strength)
    }
}

fn on(player: usize, squad: &[SquadPlayer], zone: Zone) -> Marker {
    let p = &squad[player];
    Marker {
        jersey: p.jersey.filter(|n| (2..=11).contains(n)),
        task: p.task,
        zone,
        player: Some(player),
    }
}

fn blank(jersey: u8, task: Task, zone: Zone) -> Marker {
    Marker {
        jersey: Some(jersey),
        task,
        zone,
        player: None,
    }
}

fn att(strength: u8) -> OpponentPlayer {
    OpponentPlayer {
        task: Task::Attack,
        strength,
    }
}

fn def(strength: u8) -> OpponentPlayer {
    OpponentPlayer {
        task: Task::Defence,
        strength,
    }
}

fn line(
    left: Vec<OpponentPlayer>,
    centre: Vec<OpponentPlayer>,
    right: Vec<OpponentPlayer>,
) -> OpponentLine {
    OpponentLine {
        left,
        centre,
        right,
    }
}

/// The rulebook's worked Match. Greytown Bulls are the club whose line-up
/// is placed (4-3-3) and Brickton FC the Opponent card (5-3-2); every
/// Strength below is the one the rulebook's text gives.
fn brickton_vs_greytown() -> MatchSetup {
    use Task::{Attack as A, Defence as D};
    use Zone::*;
    let squad = vec![
        card("striker", 9, A, CentralForward, 4),
        card("libero", 5, A, CentralDefence, 3),
        card("stopper", 4, D, CentralDefence, 2),
        card("winger", 11, A, LeftForward, 2),
        card("wingback", 3, D, RightForward, 2),
        keeper("keeper", 2, 1),
    ];
    let markers = vec![
        on(0, &squad, CentralForward),
        blank(8, A, CentralMidfield),
        on(1, &squad, CentralDefence),
        on(2, &squad, CentralDefence),
        blank(2, D, CentralDefence),
        blank(6, D, LeftMidfield),
        on(3, &squad, LeftForward),
        blank(7, D, RightDefence),
        blank(10, D, RightMidfield),
        on(4, &squad, RightForward),
    ];
    let lineup = Lineup {
        formation: Formation::new(4, 3, 3),
        markers,
        goalkeeper: Some(5),
        paid: Vec::new(),
    };
    let brickton = OpponentTeam {
        name: "Brickton FC".into(),
        keeper: Keeper {
            strength: 2,
            saves: 1,
        },
        // Their own left faces your right.
        defence: line(vec![def(1)], vec![def(2), def(2), att(1)], vec![def(2)]),
        midfield: line(vec![att(1)], vec![att(2)], vec![def(1)]),
        forward: line(vec![att(3)], vec![att(1)], vec![]),
    };
    MatchSetup::new(squad, lineup, brickton)
}

#[test]
fn the_worked_match_brickton_vs_greytown_ends_2_2() {
    let s = brickton_vs_greytown();
    assert_eq!(s.validate(), Vec::<LineupError>::new());
    let r = play_match(&s, 7).unwrap_or_else(|e| panic!("{e}"));
    let sections = r.sections();
    let got: Vec<(Section, usize, usize, usize, usize)> = sections
        .iter()
        .map(|x| {
            (
                x.yours,
                x.your_attack.outcome.goals(),
                x.your_attack.outcome.saved.len(),
                x.their_attack.outcome.goals(),
                x.their_attack.outcome.saved.len(),
            )
        })
        .collect();
    // (your Section, your goals, their saves, their goals, your saves)
    assert_eq!(
        got,
        vec![
            // Greytown's 2 is blocked by Brickton's 2; Brickton has no attacker.
            (Section::LeftWing, 0, 0, 0, 0),
            // Brickton's 1 is blocked, its 3 beats everyone and the keeper.
            (Section::RightWing, 0, 0, 1, 0),
            // Greytown's 4 is unstoppable; Brickton's 1 is saved.
            (Section::CentralForward, 1, 0, 0, 1),
            // Greytown's 1 is saved; Brickton's 2 meets a spent keeper.
            (Section::CentralMidfield, 0, 1, 1, 0),
            // Greytown's 3 scores; Brickton's 1 is blocked.
            (Section::CentralDefence, 1, 0, 0, 0),
        ]
    );
    assert_eq!((r.own, r.opponent, r.result), (2, 2, MatchResult::Draw));
    let running: Vec<(u32, u32)> = sections.iter().map(|x| x.score).collect();
    assert_eq!(running, vec![(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)]);
    // The right wing: Brickton's 1 is paired and blocked, the 3 is not.
    let right = &sections[1].their_attack;
    let blocked: Vec<u8> = right
        .outcome
        .duels
        .iter()
        .filter(|d| d.blocked)
        .map(|d| right.attackers[d.attacker].strength)
        .collect();
    assert_eq!(blocked, vec![1]);
    // The striker and the libero scored.
    assert_eq!(r.player_goals[0], 1);
    assert_eq!(r.player_goals[1], 1);
    assert!(matches!(
        r.steps.last(),
        Some(MatchStep::FullTime {
            own: 2,
            opponent: 2,
            ..
        })
    ));
}

/// A 4-4-2 with the given cards in the central forward and central
/// midfield Zones (up to 2 each) and markers without cards, all defenders,
/// everywhere else, against an Opponent with the given central lines and a
/// keeper who stops nothing.
fn section_example(
    forwards: Vec<SquadPlayer>,
    midfield: Vec<SquadPlayer>,
    their_defence: Vec<OpponentPlayer>,
    their_midfield: Vec<OpponentPlayer>,
) -> MatchSetup {
    use Zone::*;
    let mut squad = Vec::new();
    let mut markers = Vec::new();
    for (zone, cards) in [(CentralForward, forwards), (CentralMidfield, midfield)] {
        for c in cards {
            squad.push(c);
            markers.push(on(squad.len() - 1, &squad, zone));
        }
    }
    let mut numbers = (2..=11).filter(|n| !squad.iter().any(|p| p.jersey == Some(*n)));
    let want = [
        (LeftDefence, 1),
        (CentralDefence, 2),
        (RightDefence, 1),
        (LeftMidfield, 1),
        (CentralMidfield, 2),
        (RightMidfield, 1),
        (CentralForward, 2),
    ];
    for (zone, n) in want {
        while markers.iter().filter(|m| m.zone == zone).count() < n {
            let j = numbers.next().unwrap_or(2);
            markers.push(blank(j, Task::Defence, zone));
        }
    }
    let lineup = Lineup {
        formation: Formation::new(4, 4, 2),
        markers,
        goalkeeper: None,
        paid: Vec::new(),
    };
    let opponent = OpponentTeam {
        name: "Example".into(),
        keeper: Keeper {
            strength: 0,
            saves: 1,
        },
        defence: line(vec![], their_defence, vec![]),
        midfield: line(vec![], their_midfield, vec![]),
        forward: line(vec![], vec![def(0)], vec![]),
    };
    MatchSetup::new(squad, lineup, opponent)
}

fn section(
    r: &touchline::games::eleven::MatchReport,
    yours: Section,
) -> touchline::games::eleven::SectionReport {
    r.sections()
        .into_iter()
        .find(|x| x.yours == yours)
        .cloned()
        .unwrap_or_else(|| panic!("no {yours} section"))
}

#[test]
fn the_worked_match_commentary_matches_its_snapshot() {
    let r = play_match(&brickton_vs_greytown(), 7).unwrap_or_else(|e| panic!("{e}"));
    let text = r.commentary().join("\n") + "\n";
    crate::util::assert_snapshot("tests/snapshots/eleven-worked-match.txt", &text);
}

#[test]
fn injured_players_miss_the_match_and_recover_one_token() {
    let mut s = brickton_vs_greytown();
    // An Injured reserve on the bench loses one of its two tokens.
    let mut reserve = card("reserve", 14, Task::Attack, Zone::CentralForward, 3);
    reserve.tokens.injury = 2;
    s.squad.push(reserve);
    let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.tokens_after[6].injury, 1);
    // Placed on the pitch it is refused.
    s.lineup.markers[0] = on(6, &s.squad, Zone::CentralForward);
    assert_eq!(
        play_match(&s, 1).err(),
        Some(LineupError::Unavailable("reserve".into()))
    );
}

#[test]
fn open_zones_show_where_a_card_may_still_go() {
    let mut s = brickton_vs_greytown();
    let mut any = card("utility", 15, Task::Defence, Zone::LeftDefence, 2);
    any.zones = vec![
        Zone::LeftDefence,
        Zone::LeftMidfield,
        Zone::CentralForward,
        Zone::Goal,
    ];
    s.squad.push(any);
    // The defence line holds 4 of 4, the left midfield Zone is taken and
    // the forward line is full: nowhere is open.
    assert_eq!(s.open_zones(6), Vec::<Zone>::new());
    // Take the left midfield marker off: its Zone opens.
    s.lineup.markers.retain(|m| m.zone != Zone::LeftMidfield);
    assert_eq!(s.open_zones(6), vec![Zone::LeftMidfield]);
}

#[test]
fn a_trained_youngster_gains_experience_for_playing_and_scoring() {
    use touchline::games::eleven::vocab::Experience;
    let mut s = brickton_vs_greytown();
    // The striker (who scores) and the libero (who scores) become Trained
    // Youngsters with Experience spaces; the libero's Match space is full.
    for (i, filled) in [
        (0, vec![false, false, false]),
        (1, vec![true, false, false]),
    ] {
        s.squad[i].kind = PlayerKind::Youngster;
        s.squad[i].side = Side::Trained;
        s.squad[i].experience = vec![Experience::Match, Experience::Goal, Experience::Goal];
        s.squad[i].experience_filled = filled;
    }
    // The winger (who does not score) has one Goal space only.
    s.squad[3].kind = PlayerKind::Youngster;
    s.squad[3].side = Side::Trained;
    s.squad[3].experience = vec![Experience::Goal];
    s.squad[3].experience_filled = vec![false];
    let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.experience_after[0], vec![true, true, false]);
    assert_eq!(r.tokens_after[0].experience, 2);
    assert_eq!(r.experience_after[1], vec![true, true, false]);
    assert_eq!(r.tokens_after[1].experience, 1);
    assert_eq!(r.experience_after[3], vec![false]);
}

#[test]
fn the_supply_must_pay_for_the_lineup() {
    let mut s = brickton_vs_greytown();
    // Six cards assigned: 6 Fitness.
    s.supply = Some(BTreeMap::from([(Resource::Fitness, 5)]));
    assert_eq!(
        play_match(&s, 1).err(),
        Some(LineupError::CannotPay {
            resource: Resource::Fitness,
            need: 6,
            have: 5
        })
    );
    s.supply = Some(BTreeMap::from([(Resource::Fitness, 6)]));
    assert!(play_match(&s, 1).is_ok());
}

#[test]
fn the_forwards_example_blocks_the_3_and_scores_with_the_2() {
    // Your Forwards of 3 and 2 against their defender of 3; their attacker
    // of 2 meets none of your defenders.
    let s = section_example(
        vec![
            card("nine", 9, Task::Attack, Zone::CentralForward, 3),
            card("ten", 10, Task::Attack, Zone::CentralForward, 2),
        ],
        vec![],
        vec![def(3), att(2)],
        vec![def(0)],
    );
    assert_eq!(s.validate(), Vec::<LineupError>::new());
    let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
    let fw = section(&r, Section::CentralForward);
    let yours = &fw.your_attack;
    let blocked: Vec<u8> = yours
        .outcome
        .duels
        .iter()
        .filter(|d| d.blocked)
        .map(|d| yours.attackers[d.attacker].strength)
        .collect();
    assert_eq!(blocked, vec![3], "the 3 is blocked by the 3");
    let scorers: Vec<u8> = yours
        .outcome
        .scorers
        .iter()
        .map(|&i| yours.attackers[i].strength)
        .collect();
    assert_eq!(scorers, vec![2], "the 2 is unblocked and scores");
    let theirs = &fw.their_attack;
    assert!(theirs.defenders.is_empty(), "you have no defender there");
    assert_eq!(
        theirs.outcome.goals(),
        1,
        "their 2 scores past a keeper of 1"
    );
}

#[test]
fn the_midfield_example_scores_once_and_blocks_once() {
    // Your midfield: an attacker of 2 and a marker without a card (a
    // defender of 1); theirs: a defender of 1 and an attacker of 1.
    let s = section_example(
        vec![],
        vec![card("eight", 8, Task::Attack, Zone::CentralMidfield, 2)],
        vec![def(0)],
        vec![def(1), att(1)],
    );
    assert_eq!(s.validate(), Vec::<LineupError>::new());
    let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
    let mid = section(&r, Section::CentralMidfield);
    assert_eq!(mid.your_attack.outcome.goals(), 1, "your 2 beats their 1");
    let duels = &mid.their_attack.outcome.duels;
    assert_eq!(duels.len(), 1);
    assert!(duels[0].blocked, "their 1 is blocked by your 1");
    assert_eq!(mid.their_attack.outcome.goals(), 0);
}

#[test]
fn the_35_vp_scoring_example() {
    let d = decks();
    let holding = |profession: &str| -> StaffHolding {
        let s = d
            .staff
            .iter()
            .find(|s| s.profession == profession)
            .unwrap_or_else(|| panic!("no {profession}"));
        StaffHolding {
            set: s.set,
            set_vp: s.set_vp.clone(),
            suspended: false,
        }
    };
    let club = ClubAtEnd {
        league_position: 3,
        vp_tokens: 9,
        staff: vec![
            holding("Steward"),
            holding("Steward"),
            holding("Doctor"),
            holding("Doctor"),
            holding("Fitness Trainer"),
            holding("First Trainer"),
        ],
        infrastructure: vec![Infrastructure::Stand, Infrastructure::Stand],
        office_level: 3,
        suspension_tokens: 1,
    };
    let s = final_score(&club);
    assert_eq!(
        (
            s.league,
            s.tokens,
            s.staff_sets,
            s.infrastructure,
            s.office,
            s.suspensions
        ),
        (8, 9, 8, 2, 9, -1)
    );
    assert_eq!(s.total, 35);
    // A suspended Staff card scores nothing for its set.
    let mut club = club;
    club.staff[0].suspended = true;
    assert_eq!(final_score(&club).staff_sets, 6);
}

#[test]
fn lineup_rules_are_enforced() {
    let s = brickton_vs_greytown();
    let mut wide = s.clone();
    wide.lineup.markers[5].zone = Zone::LeftForward; // two on the left forward Zone
    let e = wide.validate();
    assert!(
        e.contains(&LineupError::ZoneOverfull {
            zone: Zone::LeftForward,
            found: 2
        }),
        "{e:?}"
    );
    assert!(
        e.iter().any(|x| matches!(
            x,
            LineupError::FormationLine {
                line: Line::Midfield,
                ..
            }
        )),
        "{e:?}"
    );
    let mut twice = s.clone();
    twice.lineup.markers[1].jersey = Some(9);
    assert!(twice.validate().contains(&LineupError::DuplicateJersey(9)));
    let mut hurt = s.clone();
    hurt.squad[0].tokens.injury = 1;
    assert_eq!(
        play_match(&hurt, 1).err(),
        Some(LineupError::Unavailable("striker".into()))
    );
    let mut wrong = s.clone();
    wrong.lineup.markers[0].zone = Zone::CentralMidfield;
    assert!(
        wrong
            .validate()
            .iter()
            .any(|x| matches!(x, LineupError::WrongZone { .. }))
    );
    let mut empty = s;
    empty
        .lineup
        .markers
        .retain(|m| m.zone != Zone::CentralMidfield);
    empty
        .lineup
        .markers
        .push(blank(8, Task::Attack, Zone::CentralDefence));
    let e = empty.validate();
    assert!(
        e.contains(&LineupError::CentralZoneEmpty(Zone::CentralMidfield)),
        "{e:?}"
    );
}

#[test]
fn effects_before_during_and_after_the_match_resolve() {
    let d = decks();
    let mut s = brickton_vs_greytown();
    // "Counter Attack": the Opponent Goalkeeper loses its save, so
    // Greytown's midfielder of 1 now scores: 3:2.
    let counter = d.tactic("tactic-12").unwrap_or_else(|| panic!("tactic-12"));
    s.tactic_effects.extend(d.tactic_effect(counter));
    let r = play_match(&s, 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((r.own, r.opponent), (3, 2));
    // Kwame Osei (Untrained: Strength 2, 2 saves) also saves Brickton's
    // midfielder of 2, and cancels a goal after the Match if paid.
    let osei = d.player("player-03").unwrap_or_else(|| panic!("player-03"));
    s.squad[5] = osei.squad_player(Side::Untrained, Tokens::default());
    s.lineup.paid.clear();
    let r = play_match(&s, 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (r.own, r.opponent),
        (3, 1),
        "unpaid, the effect does nothing"
    );
    s.lineup.paid = vec![5];
    let r = play_match(&s, 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((r.own, r.opponent, r.result), (3, 0, MatchResult::Win));
    assert!(r.steps.iter().any(|x| matches!(
        x,
        MatchStep::ScoreChanged {
            team: Team::Opponent,
            by: -1,
            ..
        }
    )));
}

#[test]
fn temporary_tokens_count_in_the_match_and_leave_after_it() {
    let mut s = brickton_vs_greytown();
    // Greytown's left winger of 2 gets a Temporary Strength token: 3 beats
    // Brickton's 2 on the wing.
    s.squad[3].tokens.strength_temp = 1;
    s.squad[0].tokens.weakness_perm = 1;
    let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
    let left = &r.sections()[0].your_attack;
    assert_eq!(left.attackers[0].strength, 3);
    assert_eq!(left.outcome.goals(), 1);
    assert_eq!(r.tokens_after[3].strength_temp, 0);
    assert_eq!(r.tokens_after[0].weakness_perm, 1, "permanent tokens stay");
    // The striker at 3 is still above Brickton's keeper of 2.
    assert_eq!(r.own, 3);
}

#[test]
fn choices_pick_targets() {
    let d = decks();
    let mut s = brickton_vs_greytown();
    // Wing Overload gives every assigned wing attacker +1 ...
    let wing = d.tactic("tactic-05").unwrap_or_else(|| panic!("tactic-05"));
    s.tactic_effects.extend(d.tactic_effect(wing));
    let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.sections()[0].your_attack.attackers[0].strength, 3);
    // ... and Long Ball's +2 goes to the chosen central forward.
    let long = d.tactic("tactic-08").unwrap_or_else(|| panic!("tactic-08"));
    s.tactic_effects = d.tactic_effect(long).into_iter().collect();
    s.choices.insert(
        "tactic-08".into(),
        Choice {
            targets: vec![0],
            ..Choice::default()
        },
    );
    let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.sections()[2].your_attack.attackers[0].strength, 6);
}

#[test]
fn league_table_dice_and_consequences() {
    let mut league = League::new(
        &["Greytown Bulls".into()],
        &[
            ("Brickton FC".into(), Colour::Green),
            ("Port East".into(), Colour::Red),
        ],
    );
    league.record(0, 1, MatchResult::Draw);
    assert_eq!(league.teams[0].points, 1);
    assert_eq!(league.teams[1].points, 1);
    let dice = vec![(Colour::Green, vec![0; 6]), (Colour::Red, vec![3; 6])];
    let mut rng = GameRng::seed_from_u64(1);
    league.close_matchday(&[1], &dice, &mut rng);
    assert_eq!(
        league.teams[2].points, 3,
        "nobody played Port East: its die moves it"
    );
    assert_eq!(league.positions(), vec![2, 2, 1]);
    // Played twice: inactive, then flipped back instead of rolling.
    league.close_matchday(&[2, 2], &dice, &mut rng);
    assert!(!league.teams[2].active);
    league.close_matchday(&[], &dice, &mut rng);
    assert!(league.teams[2].active);
    assert_eq!(league.teams[2].points, 3);
    assert_eq!(Consequence::of(MatchResult::Win, 1), Consequence::Training);
    assert_eq!(Consequence::of(MatchResult::Loss, 5), Consequence::Injury);
    assert_eq!(Consequence::of(MatchResult::Draw, 0), Consequence::Training);
    assert_eq!(
        Consequence::of(MatchResult::Win, 12),
        Consequence::DoubleSeriousInjury
    );
}

// ----- properties -----

/// The fewest goals an attack sequence can concede, by brute force: every
/// partial pairing in every Section, every choice of saves.
fn brute_min_goals(sections: &[(Vec<u8>, Vec<u8>)], keeper: u8, saves: u8) -> usize {
    fn pairings(
        att: &[u8],
        def: &[u8],
        i: usize,
        used: &mut Vec<bool>,
        open: &mut Vec<u8>,
        out: &mut Vec<Vec<u8>>,
    ) {
        if i == att.len() {
            out.push(open.clone());
            return;
        }
        // Unpaired.
        open.push(att[i]);
        pairings(att, def, i + 1, used, open, out);
        open.pop();
        for j in 0..def.len() {
            if used[j] {
                continue;
            }
            used[j] = true;
            if def[j] < att[i] {
                open.push(att[i]);
            }
            pairings(att, def, i + 1, used, open, out);
            if def[j] < att[i] {
                open.pop();
            }
            used[j] = false;
        }
    }
    fn go(sections: &[(Vec<u8>, Vec<u8>)], k: usize, keeper: u8, saves: u8) -> usize {
        let Some((a, d)) = sections.get(k) else {
            return 0;
        };
        let mut outs = Vec::new();
        pairings(
            a,
            d,
            0,
            &mut vec![false; d.len()],
            &mut Vec::new(),
            &mut outs,
        );
        let mut best = usize::MAX;
        for open in outs {
            // Every subset of savable shots within the saves left.
            let n = open.len();
            for mask in 0u32..(1 << n) {
                let chosen: Vec<usize> = (0..n).filter(|b| mask & (1 << b) != 0).collect();
                if chosen.len() > usize::from(saves) || chosen.iter().any(|&b| open[b] > keeper) {
                    continue;
                }
                let goals =
                    n - chosen.len() + go(sections, k + 1, keeper, saves - chosen.len() as u8);
                best = best.min(goals);
            }
        }
        best
    }
    go(sections, 0, keeper, saves)
}

fn section_strategy() -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    (
        proptest::collection::vec(0u8..=4, 0..=3),
        proptest::collection::vec(0u8..=4, 0..=3),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn pairing_concedes_the_fewest_goals_possible(
        sections in proptest::collection::vec(section_strategy(), 1..=3),
        keeper in 0u8..=4,
        saves in 0u8..=3,
    ) {
        let mut left = saves;
        let mut goals = 0;
        for (a, d) in &sections {
            let o = resolve_attack(a, d, keeper, left);
            // A legal pairing: defenders used once, blocks only by equal or
            // stronger defenders, saves only of shots the keeper can reach.
            let mut used = Vec::new();
            for duel in &o.duels {
                prop_assert!(!used.contains(&duel.defender));
                used.push(duel.defender);
                prop_assert_eq!(duel.blocked, d[duel.defender] >= a[duel.attacker]);
            }
            for &s in &o.saved {
                prop_assert!(a[s] <= keeper);
            }
            let blocked = o.duels.iter().filter(|x| x.blocked).count();
            prop_assert_eq!(blocked + o.saved.len() + o.scorers.len(), a.len());
            prop_assert!(o.saved.len() <= usize::from(left));
            left -= o.saved.len() as u8;
            goals += o.goals();
        }
        prop_assert_eq!(goals, brute_min_goals(&sections, keeper, saves));
    }

    #[test]
    fn random_matches_never_panic_and_replay_exactly(seed in any::<u64>(), squad_size in 0usize..16) {
        let d = decks();
        let mut rng = GameRng::seed_from_u64(seed);
        use rand::RngExt as _;
        let mut squad = Vec::new();
        for _ in 0..squad_size {
            let c = &d.players[rng.random_range(0..d.players.len())];
            let side = if rng.random_range(0..2) == 0 { Side::Untrained } else { Side::Trained };
            let tokens = Tokens {
                strength_temp: rng.random_range(0..2),
                weakness_perm: rng.random_range(0..2),
                ..Tokens::default()
            };
            squad.push(c.squad_player(side, tokens));
        }
        let tactic = &d.tactics[rng.random_range(0..d.tactics.len())];
        let formation = tactic.formations[0].clone();
        let lineup = random_lineup(&squad, &formation, &mut rng);
        let paid: Vec<usize> = lineup.markers.iter().filter_map(|m| m.player).chain(lineup.goalkeeper).collect();
        let opp = &d.opponents[rng.random_range(0..d.opponents.len())];
        let mut s = MatchSetup::new(squad, Lineup { paid, ..lineup }, d.opponent_team(opp));
        s.lineup.paid.retain(|&i| s.squad[i].abilities.iter().any(|b| !b.cost.is_empty()));
        let second = &d.tactics[rng.random_range(0..d.tactics.len())];
        s.tactic_effects.extend(d.tactic_effect(second));
        let problems = s.validate();
        prop_assert!(problems.is_empty(), "{:?}", problems);
        let a = play_match(&s, seed);
        let b = play_match(&s, seed);
        prop_assert_eq!(&a, &b);
        let r = a.map_err(|e| TestCaseError::fail(e.to_string()))?;
        let section_goals: u32 = r.sections().iter().map(|x| x.your_attack.outcome.goals() as u32).sum();
        let effects_scored = r.steps.iter().any(|x| matches!(x, MatchStep::ScoreChanged { .. }));
        prop_assert!(r.own >= section_goals || effects_scored);
        prop_assert_eq!(r.result, MatchResult::of(r.own, r.opponent));
    }

    #[test]
    fn arbitrary_setups_are_refused_or_played_never_panic(
        seed in any::<u64>(),
        zones in proptest::collection::vec((0usize..10, any::<bool>(), proptest::option::of(0u8..14), proptest::option::of(0usize..8)), 0..14),
        d in 0u8..7, m in 0u8..7, f in 0u8..7,
        gk in proptest::option::of(0usize..8),
    ) {
        let all = [Zone::LeftDefence, Zone::CentralDefence, Zone::RightDefence, Zone::LeftMidfield,
            Zone::CentralMidfield, Zone::RightMidfield, Zone::LeftForward, Zone::CentralForward,
            Zone::RightForward, Zone::Goal];
        let s0 = brickton_vs_greytown();
        let markers = zones.iter().map(|&(z, a, j, p)| Marker {
            jersey: j,
            task: if a { Task::Attack } else { Task::Defence },
            zone: all[z],
            player: p,
        }).collect();
        let s = MatchSetup {
            lineup: Lineup { formation: Formation::new(d, m, f), markers, goalkeeper: gk, paid: vec![0, 7] },
            ..s0
        };
        let _ = play_match(&s, seed);
    }
}

/// `choose` resolves the picked option only; an option is written as a
/// table of `effects` or as a bare list of ops, and both play the same.
#[test]
fn a_choice_resolves_the_picked_option() {
    use touchline::games::eleven::effect::EffectBlock;
    use touchline::games::eleven::matchday::SourcedBlock;
    let tables = r#"
        timing = "during_match"
        effects = [ { op = "choose", options = [
            { effects = [ { op = "score_goal" } ] },
            { effects = [ { op = "score_goal" }, { op = "score_goal", count = 2 } ] },
        ] } ]
    "#;
    let bare = r#"
        timing = "during_match"
        effects = [ { op = "choose", options = [
            [ { op = "score_goal" } ],
            [ { op = "score_goal" }, { op = "score_goal", count = 2 } ],
        ] } ]
    "#;
    let parse = |t: &str| -> EffectBlock { toml::from_str(t).unwrap_or_else(|e| panic!("{e}")) };
    assert_eq!(parse(tables), parse(bare));
    let base = play_match(&brickton_vs_greytown(), 1).unwrap_or_else(|e| panic!("{e}"));
    for (option, own, opponent) in [
        (None, base.own + 1, base.opponent),
        (Some(0), base.own + 1, base.opponent),
        (Some(1), base.own + 3, base.opponent),
    ] {
        let mut s = brickton_vs_greytown();
        s.tactic_effects = vec![SourcedBlock {
            source: "house-tactic".into(),
            block: parse(tables),
        }];
        if let Some(option) = option {
            s.choices.insert(
                "house-tactic".into(),
                Choice {
                    option,
                    ..Choice::default()
                },
            );
        }
        let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.own, r.opponent), (own, opponent), "option {option:?}");
    }
}

/// One pick for every choice of a consequence: who receives it and who
/// each Injury roll hurts.
fn answers(pick: Option<usize>) -> touchline::games::eleven::league::ConsequencePicks {
    touchline::games::eleven::league::ConsequencePicks {
        receiver: pick,
        injured: vec![pick; 2],
    }
}

/// The Match consequence resolved against who played: an Injury roll hits
/// the Jersey rolled (1 the Goalkeeper, 12 a Player numbered 12 or more),
/// a number nobody wore does nothing, prevented Injuries are ignored, and
/// the club's choices fall back to the first eligible Player.
#[test]
fn match_consequences_hit_the_players_who_played() {
    use touchline::games::eleven::league::ConsequenceRoll;
    use touchline::games::eleven::vocab::Token;
    let roll = |consequence: Consequence, injuries: Vec<(u8, u8)>| ConsequenceRoll {
        roll: 3,
        modifier: 0,
        consequence,
        injuries,
    };
    // Squad 3 wore 7, 5 wore 2, 9 an unnumbered marker, 0 kept goal.
    let played = [(3, Some(7)), (5, Some(2)), (9, None), (0, Some(1))];
    let any = |_: usize| true;
    let hits = |r: &ConsequenceRoll, pick: Option<usize>, prevented: u8| {
        r.resolve(&played, any, &answers(pick), prevented).tokens
    };
    let injury = roll(Consequence::Injury, vec![(7, 1)]);
    assert_eq!(hits(&injury, None, 0), vec![(3, Token::Injury, 1)]);
    let nobody = roll(Consequence::Injury, vec![(4, 1)]);
    assert!(hits(&nobody, None, 0).is_empty());
    let keeper = roll(Consequence::Injury, vec![(1, 1)]);
    assert_eq!(hits(&keeper, None, 0), vec![(0, Token::Injury, 1)]);
    // A 12: a Player numbered 12 or more, never one with a number.
    let twelve = roll(Consequence::Injury, vec![(12, 1)]);
    assert_eq!(hits(&twelve, Some(5), 0), vec![(9, Token::Injury, 1)]);
    // Prevented tokens come off first.
    let serious = roll(Consequence::SeriousInjury, vec![(2, 2)]);
    let e = serious.resolve(&played, any, &answers(None), 1);
    assert_eq!(e.tokens, vec![(5, Token::Injury, 1)]);
    assert_eq!(e.prevented, 1);
    let double = roll(Consequence::DoubleSeriousInjury, vec![(7, 2), (7, 2)]);
    assert_eq!(
        hits(&double, None, 3),
        vec![(3, Token::Injury, 1)],
        "3 of the 4 tokens ignored"
    );
    // Temporary tokens: the pick if they played, else the first who did.
    let strength = roll(Consequence::TemporaryStrength(2), vec![]);
    assert_eq!(
        hits(&strength, Some(5), 0),
        vec![(5, Token::StrengthTemp, 2)]
    );
    assert_eq!(
        hits(&strength, Some(42), 0),
        vec![(3, Token::StrengthTemp, 2)]
    );
    let weakness = roll(Consequence::TemporaryWeakness(1), vec![]);
    assert_eq!(hits(&weakness, None, 0), vec![(3, Token::WeaknessTemp, 1)]);
    // Training: an Untrained Player who played.
    let training = roll(Consequence::Training, vec![]);
    assert_eq!(
        training
            .resolve(&played, |i| i == 9, &answers(None), 0)
            .train,
        Some(9)
    );
    assert_eq!(
        training
            .resolve(&played, |_| false, &answers(None), 0)
            .train,
        None
    );
    let fans = roll(Consequence::FanBaseIncrease, vec![]);
    assert_eq!(fans.resolve(&played, any, &answers(None), 0).fan_base, 1);
    // Who played in the worked Match: the assigned markers, then the keeper.
    let s = brickton_vs_greytown();
    let who = s.played();
    assert_eq!(who.len(), s.assigned().len());
    if let Some(g) = s.lineup.goalkeeper {
        assert_eq!(who.last(), Some(&(g, Some(1))));
    }
}

proptest! {
    /// Whatever the roll, a consequence touches only Players who played,
    /// each Injury roll hits at most one of them, and no more Injury tokens
    /// are ignored than the club may ignore.
    #[test]
    fn consequences_touch_only_who_played(
        numbers in proptest::collection::btree_set(1u8..=15, 1..=11),
        unnumbered in 0usize..3,
        injuries in proptest::collection::vec((1u8..=12, 1u8..=2), 0..=2),
        kind in 0usize..8,
        pick in proptest::option::of(0usize..20),
        prevented in 0u8..4,
    ) {
        use touchline::games::eleven::league::ConsequenceRoll;
        use touchline::games::eleven::vocab::Token;
        let consequence = [
            Consequence::FanBaseIncrease,
            Consequence::Training,
            Consequence::TemporaryStrength(2),
            Consequence::TemporaryWeakness(1),
            Consequence::Injury,
            Consequence::SeriousInjury,
            Consequence::DoubleInjury,
            Consequence::DoubleSeriousInjury,
        ][kind];
        // Squad Players 0, 2, 4... played, numbered from `numbers` (those
        // above 11 on unnumbered markers), then `unnumbered` more.
        let mut played: Vec<(usize, Option<u8>)> = numbers
            .iter()
            .enumerate()
            .map(|(k, n)| (2 * k, (*n <= 11).then_some(*n)))
            .collect();
        for k in 0..unnumbered {
            played.push((2 * (numbers.len() + k), None));
        }
        let roll = ConsequenceRoll { roll: 1, modifier: 0, consequence, injuries: injuries.clone() };
        let e = roll.resolve(&played, |i| i % 4 == 0, &answers(pick), prevented);
        let who: Vec<usize> = played.iter().map(|(i, _)| *i).collect();
        for (i, _, n) in &e.tokens {
            prop_assert!(who.contains(i), "{i} did not play");
            prop_assert!(*n > 0);
        }
        if let Some(t) = e.train {
            prop_assert!(who.contains(&t) && t % 4 == 0);
        }
        prop_assert!(e.prevented <= prevented);
        let placed: u32 = e
            .tokens
            .iter()
            .filter(|(_, t, _)| *t == Token::Injury)
            .map(|(_, _, n)| u32::from(*n))
            .sum();
        let hitting: u32 = injuries
            .iter()
            .filter(|(r, _)| {
                if *r >= 12 {
                    played.iter().any(|(_, n)| n.is_none())
                } else {
                    played.iter().any(|(_, n)| *n == Some(*r))
                }
            })
            .map(|(_, t)| u32::from(*t))
            .sum();
        prop_assert_eq!(placed + u32::from(e.prevented), hitting);
    }
}

/// The worked Match kept as a scenario file (`touchline scenario` runs it):
/// the file holds exactly the position built above, and its expectations
/// hold. `UPDATE_SNAPSHOTS=1` writes the file from the position.
#[test]
fn the_worked_match_runs_as_a_scenario_file() {
    use touchline::games::eleven::scenario::Scenario;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/eleven/brickton-fc-2-2-greytown-bulls.toml");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        #[derive(serde::Serialize)]
        struct File {
            game: &'static str,
            description: &'static str,
            seed: u64,
            setup: MatchSetup,
        }
        let body = toml::to_string(&File {
            game: "eleven",
            description: "The rulebook's worked Match: Greytown Bulls (4-3-3) against Brickton FC (5-3-2) ends 2:2",
            seed: 7,
            setup: brickton_vs_greytown(),
        })
        .unwrap_or_else(|e| panic!("{e}"));
        let expect = "\n[expect]\nown = 2\nopponent = 2\nresult = \"draw\"\nplayer_goals = [1, 1, 0, 0, 0, 0]\nsections = [\n  { yours = \"left_wing\", own_goals = 0, opponent_goals = 0 },\n  { yours = \"right_wing\", own_goals = 0, opponent_goals = 1 },\n  { yours = \"central_forward\", own_goals = 1, opponent_goals = 0 },\n  { yours = \"central_midfield\", own_goals = 0, opponent_goals = 1 },\n  { yours = \"central_defence\", own_goals = 1, opponent_goals = 0 },\n]\n";
        std::fs::write(&path, format!("{body}{expect}")).unwrap_or_else(|e| panic!("{e}"));
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let scenario = Scenario::parse("brickton.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scenario.setup, brickton_vs_greytown());
    let report = scenario.run().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scenario.check(&report), Vec::<String>::new());
    // The same file with another expected score fails, naming it.
    let wrong = Scenario::parse("w.toml", &text.replace("own = 2", "own = 3"))
        .unwrap_or_else(|e| panic!("{e}"));
    let fails = wrong.check(&report);
    assert!(
        fails.iter().any(|f| f.starts_with("own: expected 3")),
        "{fails:?}"
    );
}

// "When rolling a die, you may spend 1 Fan Base to reroll it (except for
// the Opponent dice, which cannot be rerolled). You may reroll a die
// multiple times, as long as you have enough Fan Base to pay the cost."
// Set-Piece Routine scores on a 5 or 6: a failed roll is rolled again for
// 1 Fan Base each time, as often as the card's choice allows and the
// supply pays.
#[test]
fn fan_base_rerolls_a_failed_die_of_your_own_card() {
    let d = decks();
    let routine = d.tactic("tactic-11").unwrap_or_else(|| panic!("tactic-11"));
    let rolls = |r: &touchline::games::eleven::matchday::MatchReport| -> Vec<u8> {
        r.steps
            .iter()
            .filter_map(|s| match s {
                MatchStep::Roll { source, result, .. } if source == "tactic-11" => Some(*result),
                _ => None,
            })
            .collect()
    };
    let mut failed_first = 0;
    for seed in 1..40u64 {
        let mut s = brickton_vs_greytown();
        s.tactic_effects = d.tactic_effect(routine).into_iter().collect();
        let plain = play_match(&s, seed).unwrap_or_else(|e| panic!("{e}"));
        let first = rolls(&plain);
        assert_eq!(first.len(), 1, "no reroll without a choice");
        s.choices.insert(
            "tactic-11".into(),
            Choice {
                rerolls: 3,
                ..Choice::default()
            },
        );
        let mut supply = BTreeMap::new();
        supply.insert(Resource::Fitness, 20);
        supply.insert(Resource::FanBase, 2);
        s.supply = Some(supply);
        let r = play_match(&s, seed).unwrap_or_else(|e| panic!("{e}"));
        let got = rolls(&r);
        assert_eq!(
            got.first(),
            first.first(),
            "seed {seed}: the same first roll"
        );
        // Rolled again only after a failure, and at most twice: the supply
        // holds 2 Fan Base although the choice allows 3.
        assert!(got.len() <= 3, "seed {seed}: {got:?}");
        for (k, roll) in got.iter().enumerate() {
            if k + 1 < got.len() {
                assert!(*roll < 5, "seed {seed}: rerolled a success {got:?}");
            }
        }
        let spent = r.resources.get(&Resource::FanBase).copied().unwrap_or(0);
        assert_eq!(
            spent,
            -(got.len() as i32 - 1),
            "seed {seed}: 1 Fan Base a reroll"
        );
        if first[0] < 5 {
            failed_first += 1;
            let scored = got.last().is_some_and(|x| *x >= 5);
            assert_eq!(r.own, plain.own + u32::from(scored), "seed {seed}");
        } else {
            assert_eq!(got.len(), 1, "seed {seed}: a success is kept");
            assert_eq!(r.own, plain.own);
        }
    }
    assert!(failed_first > 5, "the seeds cover failed rolls");
}
