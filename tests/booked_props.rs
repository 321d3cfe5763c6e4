//! Invariants of the Booked! engine over thousands of random games across
//! 2-6 seats and every combination of house rules: no panic, every legal
//! action applies, every game ends, no card is created or lost, views leak
//! nothing, illegal actions change nothing, same seed same game.

use crate::util;
use proptest::prelude::*;
use rand::SeedableRng as _;
use touchline::engine::{Game, GameRng, Record, Seat, ToAct};
use touchline::games::booked::{
    Action, Booked, BookedConfig, Card, CardSet, HouseRules, Position, RefTarget,
};

/// Games played by the main invariant test: every house-rules combination
/// at every table size several times (`touchline soak` plays millions).
const GAMES: u64 = 4_000;
/// No random game may take more decisions than this.
const DECISION_CAP: u64 = 60_000;

/// House rules number `i` of every combination of the rulebook's options.
fn rules_for(i: u64) -> HouseRules {
    let bit = |b: u32| (i >> b) & 1 == 1;
    HouseRules {
        deal_size: if bit(0) { 8 } else { 7 },
        hand_limit: 9,
        fewer_discipline: bit(1),
        captains_armband: bit(2),
        derby_night: bit(3),
        squad_rotation: bit(4),
        strict_var: bit(5),
        group_stage: false,
        reshuffles_before_penalties: ((i >> 6) % 3) as u8,
    }
}

fn config_for(i: u64) -> BookedConfig {
    let mut c = util::config(2 + (i % 5) as u8, rules_for(i / 5));
    c.first = Seat(((i / 7) % u64::from(c.seats)) as u8);
    c
}

/// Every card of the set is in exactly one place.
fn assert_conserved(g: &Booked, n: usize, context: &str) {
    let mut seen = vec![false; n];
    let places = g.all_card_places();
    for c in &places {
        let slot = &mut seen[usize::from(*c)];
        assert!(!*slot, "{context}: card {c} is in two places");
        *slot = true;
    }
    assert_eq!(
        places.len(),
        n,
        "{context}: {} cards in play, the set has {n}",
        places.len()
    );
}

/// The seat that acts next, picking among simultaneous seats at random.
fn actor(g: &Booked, rng: &mut GameRng) -> Option<Seat> {
    match g.to_act() {
        ToAct::One(s) => Some(s),
        ToAct::Simultaneous(set) => {
            let seats: Vec<Seat> = set.iter().collect();
            assert!(!seats.is_empty(), "a simultaneous step with nobody to act");
            Some(seats[rng.random_range(0..seats.len())])
        }
        ToAct::Chance => panic!("Booked! has no chance nodes"),
        ToAct::Over => None,
    }
}

struct Deep {
    every_legal_applies: bool,
    views: bool,
}

/// Plays one random game, checking invariants as it goes; returns the
/// final state and the actions taken.
fn play_checked(config: &BookedConfig, seed: u64, deep: &Deep) -> (Booked, Vec<(Seat, Action)>) {
    let mut g = Booked::new(config, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let n = g.cards().len();
    let mut rng = GameRng::seed_from_u64(seed ^ 0x5EED);
    let mut legal = Vec::new();
    let mut others = Vec::new();
    let mut actions = Vec::new();
    let mut decisions = 0u64;
    while let Some(seat) = actor(&g, &mut rng) {
        let ctx = format!("seed {seed}, decision {decisions}");
        g.legal_actions(seat, &mut legal);
        assert!(
            !legal.is_empty(),
            "{ctx}: {seat} must act but has no legal action"
        );
        // Only the seats asked may act.
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
                    "{ctx}: {s} is not asked but has actions {others:?}"
                );
            }
        }
        if deep.every_legal_applies && decisions.is_multiple_of(7) {
            for a in &legal {
                let mut copy = g.clone();
                if let Err(e) = copy.apply(seat, a) {
                    panic!("{ctx}: legal action {a:?} refused: {e}");
                }
                assert_conserved(&copy, n, &ctx);
            }
        }
        if deep.views && decisions.is_multiple_of(11) {
            let mut r = GameRng::seed_from_u64(decisions ^ seed);
            let imagined = g.resample_hidden(seat, &mut r);
            assert_conserved(&imagined, n, &ctx);
            let before = serde_json::to_string(&g.view(seat)).unwrap_or_default();
            let after = serde_json::to_string(&imagined.view(seat)).unwrap_or_default();
            assert_eq!(
                before, after,
                "{ctx}: {seat}'s view depends on cards it cannot see"
            );
        }
        let a = legal[rng.random_range(0..legal.len())];
        if let Err(e) = g.apply(seat, &a) {
            panic!("{ctx}: legal action {a:?} refused: {e}");
        }
        actions.push((seat, a));
        assert_conserved(&g, n, &ctx);
        for s in Seat::all(g.seat_count()) {
            let fresh = touchline::games::booked::legal_seven(g.pitch(s), g.cards());
            // The table's nation groups show every pitch card once, and
            // the first group's progress is the best Starting 7 there is.
            let squads = touchline::games::booked::squads(g.pitch(s), g.cards());
            let grouped: usize = squads.iter().map(|q| q.cards.len()).sum();
            assert_eq!(
                grouped,
                g.pitch(s).len(),
                "{ctx}: a card left out of the groups"
            );
            let best = touchline::games::booked::best_seven(g.pitch(s), g.cards());
            assert_eq!(
                squads
                    .first()
                    .and_then(|q| q.nation.map(|n| (n, q.filled)))
                    .map(|b| b.1),
                best.map(|b| b.1),
                "{ctx}: the first group is not the closest to a 7"
            );
            assert_eq!(
                squads.first().is_some_and(|q| q.filled == 7),
                fresh.is_some(),
                "{ctx}: a 7/7 group and the legal 7 disagree"
            );
            assert_eq!(
                g.legal_seven_of(s),
                fresh,
                "{ctx}: {s}'s legal-7 cache is stale"
            );
            for nation in 0..g.cards().nations.len() as u8 {
                let shown = g
                    .pitch(s)
                    .iter()
                    .any(|p| p.counts_as(g.cards()).is_some_and(|(x, _)| x == nation));
                assert_eq!(
                    g.shows_nation(s, nation),
                    shown,
                    "{ctx}: {s}'s nation cache is stale"
                );
            }
        }
        decisions += 1;
        assert!(
            decisions < DECISION_CAP,
            "seed {seed}: the game did not end in {DECISION_CAP} decisions"
        );
    }
    let outcome = g.outcome();
    assert!(
        outcome.is_some(),
        "seed {seed}: the game stopped without a result"
    );
    (g, actions)
}

#[test]
fn thousands_of_random_games_keep_every_invariant() {
    let mut endings = std::collections::BTreeMap::new();
    for i in 0..GAMES {
        let config = config_for(i);
        let deep = Deep {
            every_legal_applies: i % 50 == 0,
            views: i % 10 == 0,
        };
        let (g, _) = play_checked(&config, i, &deep);
        let o = g
            .outcome()
            .unwrap_or_else(|| panic!("seed {i}: no outcome"));
        assert!(!o.winners.is_empty(), "seed {i}: nobody won");
        *endings.entry(o.ending).or_insert(0) += 1;
    }
    // Random play must reach both ways a match ends.
    assert!(endings.get("goal").copied().unwrap_or(0) > 0, "{endings:?}");
    assert!(
        endings.get("penalties").copied().unwrap_or(0) > 0,
        "{endings:?}"
    );
}

#[test]
fn same_seed_same_game_and_records_replay_exactly() {
    for i in 0..60 {
        let config = config_for(i * 13 + 1);
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
        let record = Record::<Booked> {
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
        // A saved game loads back to the same state.
        let loaded: Booked = serde_json::from_str(&ja).unwrap_or_else(|e| panic!("seed {i}: {e}"));
        assert_eq!(ja, serde_json::to_string(&loaded).unwrap_or_default());
    }
}

#[test]
fn resampling_changes_what_is_hidden_and_nothing_else() {
    // The view test above only means something if resampling really moves
    // hidden cards.
    let config = util::config(4, HouseRules::default());
    let g = Booked::new(&config, 9).unwrap_or_else(|e| panic!("{e}"));
    let mut r = GameRng::seed_from_u64(1);
    let imagined = g.resample_hidden(Seat(0), &mut r);
    assert_eq!(g.hand(Seat(0)), imagined.hand(Seat(0)));
    assert_ne!(g.hand(Seat(1)), imagined.hand(Seat(1)));
    assert_ne!(g.deck(), imagined.deck());
    assert_eq!(g.hand(Seat(2)).len(), imagined.hand(Seat(2)).len());
}

/// An arbitrary action built from raw numbers: mostly nonsense, sometimes legal.
fn any_action(cards: &CardSet) -> impl Strategy<Value = Action> + use<> {
    let n = cards.len() as u16;
    let nations = cards.nations.len() as u8;
    prop_oneof![
        Just(Action::DrawDeck),
        Just(Action::DrawDiscard),
        Just(Action::CallGoal),
        Just(Action::NoCall),
        Just(Action::Pass),
        (0..n).prop_map(|card| Action::PlayPlayer { card }),
        (0..n, 0..nations, 0..4usize).prop_map(|(card, nation, p)| Action::PlaySuperSub {
            card,
            nation,
            position: Position::ALL[p],
        }),
        (0..n).prop_map(|card| Action::PlayReferee {
            card,
            target: RefTarget::None
        }),
        (0..n, 0..n).prop_map(|(card, t)| Action::PlayReferee {
            card,
            target: RefTarget::Player(t)
        }),
        (0..n, 0..n, 0..n).prop_map(|(card, out, inn)| Action::PlayReferee {
            card,
            target: RefTarget::Swap { out, inn },
        }),
        (0..n, 0..n).prop_map(|(card, target)| Action::Yellow { card, target }),
        (0..n, 0..n).prop_map(|(card, target)| Action::Red { card, target }),
        (0..n, 0..7u8).prop_map(|(card, v)| Action::Tackle {
            card,
            victim: Seat(v)
        }),
        (0..n).prop_map(|card| Action::Respond { card }),
        (0..n).prop_map(|card| Action::Keep { card }),
        (0..n).prop_map(|card| Action::PickUp { card }),
        (0..n).prop_map(|card| Action::Discard { card }),
        (0..nations).prop_map(|nation| Action::Claim { nation }),
        (0..n).prop_map(|card| Action::DraftPass { card }),
    ]
}

/// Two actions that differ only in which copy of an identical card they use.
fn same_up_to_copies(cards: &CardSet, a: &Action, b: &Action) -> bool {
    let k = |c: u16| cards.card(c).unwrap_or(Card::QuickRules);
    let key = |x: &Action| -> String {
        match *x {
            Action::PlayReferee { card, target } => format!("ref {:?} {target:?}", k(card)),
            Action::Yellow { card, target } => format!("yellow {:?} {target}", k(card)),
            Action::Red { card, target } => format!("red {:?} {target}", k(card)),
            Action::PlaySuperSub {
                card,
                nation,
                position,
            } => format!("sub {:?} {nation} {position}", k(card)),
            Action::Respond { card } => format!("respond {:?}", k(card)),
            other => format!("{other:?}"),
        }
    };
    key(a) == key(b)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// `apply` accepts exactly the legal actions (up to identical copies),
    /// and a refused action leaves the state untouched.
    #[test]
    fn apply_accepts_exactly_the_legal_actions(
        game in 0u64..5000,
        steps in 0usize..400,
        seat in 0u8..6,
        tries in proptest::collection::vec(any_action(&util::card_set()), 1..12),
    ) {
        let config = config_for(game);
        let mut g = Booked::new(&config, game).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = GameRng::seed_from_u64(game);
        let mut legal = Vec::new();
        for _ in 0..steps {
            let Some(s) = actor(&g, &mut rng) else { break };
            g.legal_actions(s, &mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            prop_assert!(g.apply(s, &a).is_ok());
        }
        let seat = Seat(seat % config.seats);
        g.legal_actions(seat, &mut legal);
        let before = serde_json::to_string(&g).unwrap_or_default();
        for a in tries.iter().chain(legal.clone().iter()) {
            let mut copy = g.clone();
            match copy.apply(seat, a) {
                Ok(()) => prop_assert!(
                    legal.iter().any(|l| same_up_to_copies(g.cards(), l, a)),
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

/// Managers who only ever take from the discard pile never empty the
/// deck, so the dry-deck ending never comes: the no-progress rule ends
/// such a match with penalties (`stalled`), and not a turn before
/// `STALL_TURNS_PER_SEAT` turns per manager without a deck draw. Two
/// heuristic bots that used to pass a card back and forth for ever (seed
/// 1001918) now finish.
#[test]
fn a_match_that_stops_moving_ends_by_the_no_progress_rule() {
    use touchline::bots::Bot as _;
    use touchline::games::booked::bot::HeuristicBot;
    use touchline::games::booked::{Action, STALL_TURNS_PER_SEAT};
    let mut stalled = 0;
    for seed in 0..30u64 {
        let config = util::config(2 + (seed % 3) as u8, HouseRules::default());
        let mut g = Booked::new(&config, seed).unwrap_or_else(|e| panic!("{e}"));
        let mut legal = Vec::new();
        let mut since_deck = 0u32;
        let mut max_since_deck = 0u32;
        for _ in 0..200_000 {
            let seat = match g.to_act() {
                ToAct::One(s) => s,
                ToAct::Simultaneous(set) => set.iter().next().unwrap_or(Seat(0)),
                _ => break,
            };
            g.legal_actions(seat, &mut legal);
            // Take from the discard pile whenever it can; otherwise pass
            // an answer or do the first thing offered.
            let a = [Action::DrawDiscard, Action::Pass, Action::NoCall]
                .into_iter()
                .find(|a| legal.contains(a))
                .or_else(|| legal.first().copied())
                .unwrap_or_else(|| panic!("no legal action"));
            let before = g.turns();
            let deck = g.deck().len();
            g.apply(seat, &a).unwrap_or_else(|e| panic!("{e}"));
            if g.deck().len() < deck {
                since_deck = 0;
            } else if g.turns() > before {
                since_deck += 1;
                max_since_deck = max_since_deck.max(since_deck);
            }
        }
        let outcome = g
            .outcome()
            .unwrap_or_else(|| panic!("seed {seed} never ended"));
        if outcome.ending == "stalled" {
            stalled += 1;
            let limit = u32::from(STALL_TURNS_PER_SEAT) * u32::from(config.seats);
            assert!(
                max_since_deck + 1 >= limit,
                "seed {seed}: stalled after {max_since_deck} turns"
            );
        }
    }
    assert!(
        stalled > 0,
        "no match stalled: the test no longer exercises the rule"
    );
    // The heuristic bots' old endless exchange.
    let config = util::config(2, HouseRules::default());
    let mut g = Booked::new(&config, 1_001_918).unwrap_or_else(|e| panic!("{e}"));
    let mut bots = [HeuristicBot::new(1), HeuristicBot::new(2)];
    let mut legal = Vec::new();
    for _ in 0..100_000 {
        let ToAct::One(seat) = g.to_act() else { break };
        g.legal_actions(seat, &mut legal);
        let view = g.view(seat);
        let i = bots[seat.index()].choose(Some(&view), &legal);
        g.apply(seat, &legal[i]).unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(g.is_over(), "the heuristic bots still loop");
}
