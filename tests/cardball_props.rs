//! Invariants of the Cardball engine over thousands of random games across
//! every option (tie-break, two halves, duel or 2v2, asked calls, each
//! house rule): no panic,
//! every legal action applies, every game ends, no card is created or lost,
//! views leak nothing, illegal actions change nothing, same seed same game,
//! records replay exactly.

use proptest::prelude::*;
use rand::SeedableRng as _;
use std::sync::Arc;
use touchline::engine::{Game, GameRng, Record, Seat, ToAct};
use touchline::games::cardball::deck::CardballDeck;
use touchline::games::cardball::{
    Action, CardSet, Cardball, CardballConfig, Event, HouseRules, TeamPlay, TieBreak, ZoneClass,
};

/// Games played by the main invariant test.
const GAMES: u64 = 3_000;
/// No random game may take more decisions than this.
const DECISION_CAP: u64 = 5_000;

fn cards() -> Arc<CardSet> {
    let deck = CardballDeck::default_set().unwrap_or_else(|e| panic!("default data: {e}"));
    Arc::new(deck.card_set())
}

/// Configuration number `i` of every combination of the options.
fn config_for(cards: &Arc<CardSet>, i: u64) -> CardballConfig {
    CardballConfig {
        cards: cards.clone(),
        tie_break: [TieBreak::Penalties, TieBreak::GoldenGoal, TieBreak::Draw][(i % 3) as usize],
        halves: (i / 3) % 2 == 1,
        teams: [None, Some(TeamPlay::Switching), Some(TeamPlay::OnTheSpot)][((i / 6) % 3) as usize],
        ask_calls: (i / 18) % 2 == 1,
        house: house_for(i / 36),
    }
}

/// No house rule, then each one alone, then all of them.
fn house_for(k: u64) -> HouseRules {
    let mut h = HouseRules::default();
    match k % 6 {
        0 => {}
        5 => {
            for key in HouseRules::KEYS {
                h.set(key);
            }
        }
        n => {
            h.set(HouseRules::KEYS[(n - 1) as usize]);
        }
    }
    h
}

/// Every Manager card and every Action card is in exactly one place.
fn assert_conserved(g: &Cardball, context: &str) {
    let n = g.cards().len();
    let places = g.all_card_places();
    let mut seen = vec![false; n];
    for c in &places {
        let slot = &mut seen[usize::from(*c)];
        assert!(!*slot, "{context}: card {c} is in two places");
        *slot = true;
    }
    assert_eq!(places.len(), n, "{context}: Manager cards lost or made");
    let a = g.cards().actions.len();
    let mut actions = g.all_action_places();
    actions.sort_unstable();
    actions.dedup();
    assert_eq!(
        actions.len(),
        a,
        "{context}: Action cards lost or duplicated"
    );
    assert_eq!(g.all_action_places().len(), a, "{context}: Action cards");
}

/// The seat that acts next (one of the simultaneous seats at random);
/// resolves chance nodes on the way.
fn actor(g: &mut Cardball, rng: &mut GameRng, events: &mut Vec<Event>) -> Option<Seat> {
    loop {
        match g.to_act() {
            ToAct::One(s) => return Some(s),
            ToAct::Simultaneous(set) => {
                let seats: Vec<Seat> = set.iter().collect();
                assert!(!seats.is_empty(), "a simultaneous step with nobody to act");
                return Some(seats[rng.random_range(0..seats.len())]);
            }
            ToAct::Chance => g.resolve_chance(events),
            ToAct::Over => return None,
        }
    }
}

struct Deep {
    every_legal_applies: bool,
    views: bool,
}

/// Plays one random game, checking invariants as it goes; returns the
/// final state and the actions taken.
fn play_checked(
    config: &CardballConfig,
    seed: u64,
    deep: &Deep,
) -> (Cardball, Vec<(Seat, Action)>) {
    let mut g = Cardball::new(config, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let mut rng = GameRng::seed_from_u64(seed ^ 0xCA4D);
    let mut legal = Vec::new();
    let mut others = Vec::new();
    let mut actions = Vec::new();
    let mut events = Vec::new();
    let mut decisions = 0u64;
    while let Some(seat) = actor(&mut g, &mut rng, &mut events) {
        let ctx = format!("seed {seed}, decision {decisions}");
        g.legal_actions(seat, &mut legal);
        assert!(
            !legal.is_empty(),
            "{ctx}: {seat} must act but has no legal action"
        );
        for s in Seat::all(g.seat_count()) {
            let asked = match g.to_act() {
                ToAct::One(x) => x == s,
                ToAct::Simultaneous(set) => set.contains(s),
                _ => false,
            };
            if !asked {
                g.legal_actions(s, &mut others);
                assert!(
                    others.is_empty(),
                    "{ctx}: {s} is not asked but has {others:?}"
                );
            }
        }
        if deep.every_legal_applies {
            for a in &legal {
                let mut copy = g.clone();
                if let Err(e) = copy.apply(seat, a) {
                    panic!("{ctx}: legal action {a:?} refused: {e}");
                }
                assert_conserved(&copy, &ctx);
            }
        }
        if deep.views && decisions.is_multiple_of(3) {
            for s in Seat::all(g.seat_count()) {
                let mut r = GameRng::seed_from_u64(decisions ^ seed ^ u64::from(s.0));
                let imagined = g.resample_hidden(s, &mut r);
                assert_conserved(&imagined, &ctx);
                let before = serde_json::to_string(&g.view(s)).unwrap_or_default();
                let after = serde_json::to_string(&imagined.view(s)).unwrap_or_default();
                assert_eq!(
                    before, after,
                    "{ctx}: {s}'s view depends on cards it cannot see"
                );
                // The view never holds another seat's hand or pick.
                let v = g.view(s);
                assert_eq!(v.hand, g.hand(s));
                assert_eq!(v.my_pick, g.pick(s));
            }
        }
        let a = legal[rng.random_range(0..legal.len())];
        // Notation reads back to the same action.
        let text = a.notation(g.cards());
        assert_eq!(Action::parse(&text, g.cards()), Ok(a), "{ctx}: `{text}`");
        if let Err(e) = g.apply_logged(seat, &a, &mut events) {
            panic!("{ctx}: legal action {a:?} refused: {e}");
        }
        actions.push((seat, a));
        assert_conserved(&g, &ctx);
        let ball = g.ball();
        assert!((1..=7).contains(&ball), "{ctx}: the ball rests on {ball}");
        decisions += 1;
        assert!(
            decisions < DECISION_CAP,
            "seed {seed}: the game did not end in {DECISION_CAP} decisions"
        );
    }
    assert!(
        g.outcome().is_some(),
        "seed {seed}: the game stopped without a result"
    );
    (g, actions)
}

#[test]
fn thousands_of_random_games_keep_every_invariant() {
    let cards = cards();
    let mut endings = std::collections::BTreeMap::new();
    for i in 0..GAMES {
        let config = config_for(&cards, i);
        let deep = Deep {
            every_legal_applies: i % 40 == 0,
            views: i % 15 == 0,
        };
        let (g, _) = play_checked(&config, i, &deep);
        let o = g
            .outcome()
            .unwrap_or_else(|| panic!("seed {i}: no outcome"));
        let s = g.score();
        match o.ending.as_str() {
            "full_time" => {
                assert_ne!(s[0], s[1], "seed {i}");
                let leader = if s[0] > s[1] { 0 } else { 1 };
                assert!(
                    o.winners.iter().all(|w| w.0 % 2 == leader),
                    "seed {i}: {o:?}"
                );
            }
            "draw" => {
                assert_eq!(s[0], s[1], "seed {i}");
                assert_eq!(config.tie_break, TieBreak::Draw, "seed {i}");
                assert!(o.winners.is_empty());
            }
            "golden_goal" => assert_eq!(config.tie_break, TieBreak::GoldenGoal, "seed {i}"),
            "penalties" => {
                assert_ne!(config.tie_break, TieBreak::Draw, "seed {i}");
                let so = g
                    .shootout()
                    .unwrap_or_else(|| panic!("seed {i}: no shoot-out"));
                let goals = so.goals();
                assert_ne!(
                    goals[0], goals[1],
                    "seed {i}: a level shoot-out was decided"
                );
            }
            other => panic!("seed {i}: unknown ending {other}"),
        }
        // A team wins or loses together.
        assert!(
            o.winners.is_empty() || o.winners.len() == config.seats() / 2,
            "seed {i}"
        );
        *endings.entry(o.ending).or_insert(0) += 1;
    }
    for e in ["full_time", "draw", "golden_goal", "penalties"] {
        assert!(
            endings.get(e).copied().unwrap_or(0) > 0,
            "no game ended by {e}: {endings:?}"
        );
    }
}

#[test]
fn same_seed_same_game_and_records_replay_exactly() {
    let cards = cards();
    for i in 0..72 {
        let config = config_for(&cards, i);
        let deep = Deep {
            every_legal_applies: false,
            views: false,
        };
        let (a, actions) = play_checked(&config, i, &deep);
        let (b, _) = play_checked(&config, i, &deep);
        let ja = serde_json::to_string(&a).unwrap_or_default();
        assert_eq!(
            ja,
            serde_json::to_string(&b).unwrap_or_default(),
            "seed {i}"
        );
        let record = Record::<Cardball> {
            config: config.clone(),
            seed: i,
            start: None,
            actions,
        };
        let (replayed, _) = record
            .replay(None)
            .unwrap_or_else(|e| panic!("seed {i}: {e}"));
        assert_eq!(
            ja,
            serde_json::to_string(&replayed).unwrap_or_default(),
            "seed {i}: replay differs"
        );
        // A record survives a save and load, and so does the state.
        let saved = serde_json::to_string(&record).unwrap_or_default();
        let loaded: Record<Cardball> =
            serde_json::from_str(&saved).unwrap_or_else(|e| panic!("seed {i}: {e}"));
        let (again, _) = loaded
            .replay(None)
            .unwrap_or_else(|e| panic!("seed {i}: {e}"));
        assert_eq!(ja, serde_json::to_string(&again).unwrap_or_default());
        let state: Cardball = serde_json::from_str(&ja).unwrap_or_else(|e| panic!("seed {i}: {e}"));
        assert_eq!(ja, serde_json::to_string(&state).unwrap_or_default());
    }
}

#[test]
fn resampling_moves_hidden_cards_and_nothing_else() {
    // The view test above only means something if resampling really moves
    // hidden cards, and if a view really changes with what it may see.
    let cards = cards();
    let g = Cardball::new(&config_for(&cards, 0), 9).unwrap_or_else(|e| panic!("{e}"));
    let mut r = GameRng::seed_from_u64(1);
    let imagined = g.resample_hidden(Seat(0), &mut r);
    assert_eq!(g.hand(Seat(0)), imagined.hand(Seat(0)));
    assert_ne!(g.hand(Seat(1)), imagined.hand(Seat(1)));
    assert_ne!(
        g.bench(Seat(0)),
        imagined.bench(Seat(0)),
        "a bench is hidden from its owner"
    );
    assert_eq!(g.hand(Seat(1)).len(), imagined.hand(Seat(1)).len());
    let seen_by_1 = serde_json::to_string(&g.view(Seat(1))).unwrap_or_default();
    let imagined_by_1 = serde_json::to_string(&imagined.view(Seat(1))).unwrap_or_default();
    assert_ne!(
        seen_by_1, imagined_by_1,
        "seat 1's own hand moved, so its view must change"
    );
}

#[test]
fn an_unrevealed_pick_is_hidden_until_both_are_placed() {
    let cards = cards();
    let mut g = Cardball::new(&config_for(&cards, 0), 4).unwrap_or_else(|e| panic!("{e}"));
    let mut events = Vec::new();
    let mut legal = Vec::new();
    // Play until a pick step, passing every touchline window.
    for _ in 0..50 {
        match g.to_act() {
            ToAct::Chance => g.resolve_chance(&mut events),
            ToAct::One(s) => {
                g.legal_actions(s, &mut legal);
                let a = legal
                    .iter()
                    .find(|a| **a == Action::Pass)
                    .copied()
                    .unwrap_or(legal[0]);
                g.apply(s, &a).unwrap_or_else(|e| panic!("{e}"));
            }
            ToAct::Simultaneous(_) | ToAct::Over => break,
        }
    }
    g.legal_actions(Seat(0), &mut legal);
    let Some(Action::Pick { card, reading }) = legal.first().copied() else {
        panic!("seat 0 cannot pick: {legal:?}");
    };
    g.apply(Seat(0), &Action::Pick { card, reading })
        .unwrap_or_else(|e| panic!("{e}"));
    let mine = g.view(Seat(0));
    let theirs = g.view(Seat(1));
    assert_eq!(mine.my_pick, Some(card));
    assert_eq!(theirs.my_pick, None);
    assert_eq!(theirs.picked, vec![true, false]);
    let text = serde_json::to_string(&theirs).unwrap_or_default();
    let mut r = GameRng::seed_from_u64(3);
    let other = g.resample_hidden(Seat(1), &mut r);
    assert_eq!(
        text,
        serde_json::to_string(&other.view(Seat(1))).unwrap_or_default()
    );
}

/// An arbitrary action built from raw numbers: mostly nonsense, sometimes legal.
fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        Just(Action::Pass),
        (0u8..3).prop_map(|icon| Action::Call { icon }),
        (0u16..50).prop_map(|card| Action::UseManager { card }),
        (0u16..50, 0u8..4).prop_map(|(card, r)| Action::Pick {
            card,
            reading: [
                None,
                Some(ZoneClass::OwnHalf),
                Some(ZoneClass::OppHalf),
                Some(ZoneClass::Halfway)
            ][usize::from(r)],
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// `apply` accepts exactly the legal actions, and a refused action
    /// leaves the state untouched.
    #[test]
    fn apply_accepts_exactly_the_legal_actions(
        game in 0u64..5000,
        steps in 0usize..120,
        seat in 0u8..5,
        tries in proptest::collection::vec(any_action(), 1..12),
    ) {
        let cards = cards();
        let config = config_for(&cards, game);
        let mut g = Cardball::new(&config, game).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = GameRng::seed_from_u64(game);
        let mut legal = Vec::new();
        let mut events = Vec::new();
        for _ in 0..steps {
            let Some(s) = actor(&mut g, &mut rng, &mut events) else { break };
            g.legal_actions(s, &mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            prop_assert!(g.apply(s, &a).is_ok());
        }
        let seat = Seat(seat);
        g.legal_actions(seat, &mut legal);
        let before = serde_json::to_string(&g).unwrap_or_default();
        for a in tries.iter().chain(legal.clone().iter()) {
            let mut copy = g.clone();
            match copy.apply(seat, a) {
                Ok(()) => prop_assert!(
                    legal.contains(a),
                    "{a:?} applied but is not among the legal actions {legal:?}"
                ),
                Err(e) => {
                    prop_assert!(!legal.contains(a), "legal action {a:?} refused: {e}");
                    prop_assert!(!e.to_string().is_empty());
                    prop_assert_eq!(&before, &serde_json::to_string(&copy).unwrap_or_default());
                }
            }
        }
    }
}
