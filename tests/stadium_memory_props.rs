//! Invariants of the Stadium Memory engine over many random games across
//! house rules (grid sizes, prize counts, prizes on or off, 2-6 seats,
//! auto-pass): every game ends, no card is lost or duplicated, a VAR look
//! never shows in another seat's view or narration, only holders are asked
//! in windows, illegal actions are refused and change nothing, and the same
//! seed and actions give the same game.

use proptest::prelude::*;
use rand::SeedableRng as _;
use std::sync::Arc;
use touchline::engine::{Game, GameRng, Seat, SeatSet, ToAct};
use touchline::games::stadium_memory::{
    Action, Card, CardSet, Event, HouseRules, Phase, PlayerId, Pos, Prize, PrizeCounts,
    StadiumMemory, StadiumMemoryConfig,
};

/// No random game may take more decisions than this.
const DECISION_CAP: u64 = 400_000;

fn cards() -> Arc<CardSet> {
    Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("default data: {e}")))
}

/// A configuration from a few numbers; always valid.
fn config(
    cards: &Arc<CardSet>,
    seats: u8,
    rows: u8,
    columns: u8,
    prizes: bool,
    counts: [u8; 4],
    auto: u8,
) -> StadiumMemoryConfig {
    let mut rules = HouseRules::official(cards);
    rules.rows = rows;
    rules.columns = columns;
    rules.prizes = prizes;
    rules.prize_counts = PrizeCounts(counts);
    let cells = usize::from(rows) * usize::from(columns);
    // Keep room for at least one pair.
    while rules.dealt_prizes().total() as usize + 2 > cells {
        let Some(i) = rules.prize_counts.0.iter().position(|c| *c > 0) else {
            break;
        };
        rules.prize_counts.0[i] -= 1;
    }
    let mut auto_pass = SeatSet::EMPTY;
    for s in Seat::all(usize::from(seats)) {
        if auto & (1 << s.0) != 0 {
            auto_pass = auto_pass.with(s);
        }
    }
    StadiumMemoryConfig {
        cards: cards.clone(),
        rules,
        seats,
        first: None,
        auto_pass,
        // Bit 7 of `auto` plays the earlier, narrower reading of "at any
        // moment", which old saves keep.
        any_moment: auto & 0x80 == 0,
    }
}

fn json<T: serde::Serialize>(t: &T) -> String {
    serde_json::to_string(t).unwrap_or_else(|e| panic!("serialise: {e}"))
}

/// Resolves chance and returns the seat to act, if any.
fn actor(g: &mut StadiumMemory, events: &mut Vec<Event>) -> Option<Seat> {
    loop {
        match g.to_act() {
            ToAct::One(s) => return Some(s),
            ToAct::Chance => g.resolve_chance(events),
            ToAct::Over => return None,
            ToAct::Simultaneous(_) => panic!("Stadium Memory has no simultaneous steps"),
        }
    }
}

fn holds_response(g: &StadiumMemory, s: Seat) -> bool {
    g.holding(s)
        .is_some_and(|h| h.prizes.get(Prize::Yellow) > 0 || h.prizes.get(Prize::Red) > 0)
}

/// Plays one random game, checking every invariant after every decision.
fn play_checked(config: &StadiumMemoryConfig, seed: u64) -> (StadiumMemory, Vec<(Seat, Action)>) {
    let mut g = StadiumMemory::new(config, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let census = g.census();
    let names: Vec<String> = Vec::new();
    let mut rng = GameRng::seed_from_u64(seed ^ 0x51AD);
    let mut legal = Vec::new();
    let mut others = Vec::new();
    let mut events = Vec::new();
    let mut actions = Vec::new();
    let mut decisions = 0u64;
    while let Some(seat) = actor(&mut g, &mut events) {
        let ctx = format!("seed {seed}, decision {decisions}");
        g.legal_actions(seat, &mut legal);
        assert!(
            !legal.is_empty(),
            "{ctx}: {seat} must act with nothing legal"
        );
        for s in Seat::all(g.seat_count()) {
            if s != seat {
                g.legal_actions(s, &mut others);
                assert!(
                    others.is_empty(),
                    "{ctx}: {s} is not asked but has {others:?}"
                );
            }
        }
        if let Phase::Window(_) = g.phase() {
            assert_ne!(seat, g.current(), "{ctx}: the mover is asked in a window");
            assert!(
                holds_response(&g, seat),
                "{ctx}: {seat} asked holding nothing"
            );
            assert!(
                !g.auto_pass().contains(seat),
                "{ctx}: an auto-passing seat asked"
            );
        }
        let action = legal[rng.random_range(0..legal.len())];
        let peeking = matches!(action, Action::Peek { .. });
        let before: Vec<serde_json::Value> = if peeking {
            Seat::all(g.seat_count())
                .map(|s| view_without_step(&g, s))
                .collect()
        } else {
            Vec::new()
        };
        let from = events.len();
        g.apply_logged(seat, &action, &mut events)
            .unwrap_or_else(|e| panic!("{ctx}: legal {action:?} refused: {e}"));
        decisions += 1;
        actions.push((seat, action));
        if peeking {
            for (s, was) in Seat::all(g.seat_count()).zip(&before) {
                if s != seat {
                    assert_eq!(
                        &view_without_step(&g, s),
                        was,
                        "{ctx}: {seat}'s VAR look changed {s}'s view"
                    );
                }
                let v = g.view(s);
                assert_eq!(
                    v.peeks.as_slice(),
                    g.peeks(s),
                    "{ctx}: {s} sees others' looks"
                );
            }
            for e in &events[from..] {
                if let Event::Peeked {
                    card,
                    seat: who,
                    at,
                } = e
                {
                    // What others read must not depend on the card at all.
                    let other = if *card == Card::Prize(Prize::Yellow) {
                        Card::Prize(Prize::Red)
                    } else {
                        Card::Prize(Prize::Yellow)
                    };
                    let twin = Event::Peeked {
                        seat: *who,
                        card: other,
                        at: *at,
                    };
                    let viewers = Seat::all(g.seat_count()).filter(|s| *s != seat).map(Some);
                    for s in viewers.chain([None]) {
                        let text = e.describe(g.cards(), &names, s);
                        assert_eq!(
                            text,
                            twin.describe(g.cards(), &names, s),
                            "{ctx}: {s:?} reads the card"
                        );
                        assert!(e.visible_to(s).is_none());
                    }
                    let secret = g.cards().name(*card);
                    let own = e
                        .describe(g.cards(), &names, Some(seat))
                        .unwrap_or_default();
                    assert!(
                        own.contains(&secret),
                        "{ctx}: the holder is not told: `{own}`"
                    );
                }
            }
        }
        assert_eq!(g.census(), census, "{ctx}: a card was lost or duplicated");
        if events.len() > 10_000 {
            events.clear();
        }
        assert!(
            decisions < DECISION_CAP,
            "seed {seed}: the game did not end"
        );
    }
    assert!(g.is_over(), "seed {seed}: stopped without ending");
    assert_eq!(
        g.on_table(),
        0,
        "seed {seed}: ended with cards on the table"
    );
    assert!(g.outcome().is_some_and(|o| !o.winners.is_empty()));
    (g, actions)
}

fn view_without_step(g: &StadiumMemory, s: Seat) -> serde_json::Value {
    let mut v = serde_json::to_value(g.view(s)).unwrap_or_default();
    if let Some(m) = v.as_object_mut() {
        m.remove("step");
    }
    v
}

#[test]
fn official_random_games_end_and_keep_every_invariant() {
    let cards = cards();
    for seed in 0..40u64 {
        let seats = 2 + (seed % 5) as u8;
        let c = config(&cards, seats, 10, 10, true, [6, 2, 4, 4], 0);
        play_checked(&c, seed);
    }
}

#[test]
fn same_seed_same_game() {
    let cards = cards();
    let c = config(&cards, 4, 6, 6, true, [3, 2, 3, 3], 0);
    let (a, actions) = play_checked(&c, 99);
    let mut b = StadiumMemory::new(&c, 99).unwrap_or_else(|e| panic!("{e}"));
    let mut events = Vec::new();
    for (seat, action) in &actions {
        actor(&mut b, &mut events);
        b.apply(*seat, action).unwrap_or_else(|e| panic!("{e}"));
    }
    actor(&mut b, &mut events);
    assert_eq!(json(&a), json(&b));
}

fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u16..120).prop_map(|p| Action::Turn { pos: Pos(p) }),
        (0u16..120).prop_map(|p| Action::Peek { pos: Pos(p) }),
        Just(Action::UseVar),
        (0u8..8).prop_map(|s| Action::PlayGame { opponent: Seat(s) }),
        (0u16..50).prop_map(|p| Action::TakePair {
            player: p as PlayerId
        }),
        Just(Action::Yellow),
        Just(Action::Red),
        Just(Action::Pass),
        Just(Action::AutoPass),
        Just(Action::AskAgain),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// Every game ends under any house rules, with every invariant kept.
    #[test]
    fn every_game_ends_under_any_house_rules(
        seed in 0u64..1_000_000,
        seats in 2u8..=6,
        rows in 1u8..=10,
        columns in 2u8..=10,
        prizes in any::<bool>(),
        counts in proptest::array::uniform4(0u8..8),
        auto in 0u8..=255,
    ) {
        let cards = cards();
        let c = config(&cards, seats, rows, columns, prizes, counts, auto);
        prop_assume!(c.validate().is_ok());
        play_checked(&c, seed);
    }

    /// `apply` accepts exactly the legal actions, and a refused action
    /// leaves the state untouched.
    #[test]
    fn illegal_actions_are_refused_and_change_nothing(
        seed in 0u64..1_000_000,
        steps in 0usize..400,
        seat in 0u8..7,
        tries in proptest::collection::vec(any_action(), 1..16),
    ) {
        let cards = cards();
        let c = config(&cards, 3, 5, 6, true, [3, 2, 3, 3], 0);
        let mut g = StadiumMemory::new(&c, seed).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = GameRng::seed_from_u64(seed);
        let mut legal = Vec::new();
        let mut events = Vec::new();
        for _ in 0..steps {
            let Some(s) = actor(&mut g, &mut events) else { break };
            g.legal_actions(s, &mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            prop_assert!(g.apply(s, &a).is_ok());
        }
        actor(&mut g, &mut events);
        let seat = Seat(seat);
        g.legal_actions(seat, &mut legal);
        let before = json(&g);
        for a in tries.iter().chain(legal.clone().iter()) {
            let mut copy = g.clone();
            match copy.apply(seat, a) {
                Ok(()) => prop_assert!(legal.contains(a), "{a:?} applied but is not legal: {legal:?}"),
                Err(e) => {
                    prop_assert!(!legal.contains(a), "legal {a:?} refused: {e}");
                    prop_assert!(!e.to_string().is_empty());
                    prop_assert_eq!(&before, &json(&copy));
                }
            }
        }
    }

    /// The loader and the scenario reader never panic, whatever the text:
    /// random bytes, or the real files with a slice cut out or replaced.
    #[test]
    fn loaders_never_panic(
        junk in ".{0,200}",
        cut in 0usize..12_000,
        len in 0usize..40,
        insert in "[ -~]{0,12}",
    ) {
        let [(pn, players), (dn, deck)] = touchline::games::stadium_memory::EMBEDDED_FILES;
        let mangle = |t: &str| -> String {
            let start = (cut % (t.len() + 1)).min(t.len());
            let mut s: String = t.chars().take(start).collect();
            s.push_str(&insert);
            s.extend(t.chars().skip(start + len));
            s
        };
        let _ = CardSet::load(&[(pn, &mangle(players)), (dn, deck)]);
        let _ = CardSet::load(&[(pn, players), (dn, &mangle(deck))]);
        let _ = CardSet::load(&[(pn, &junk), (dn, &junk)]);
        let scenario = "game = \"stadium-memory\"\ndescription = \"x\"\nplayers = 2\nfirst = 0\ndice = [3, 4]\ngrid = [\"ferro ferro var\", \"okonjo okonjo -\"]\nactions = [\"0: turn A1\", \"0: turn A2\"]\n[[seat]]\nprizes = [\"game\"]\npairs = [\"obi\"]\n[expect]\nturn = 0\n";
        for text in [mangle(scenario), junk.clone()] {
            let _ = touchline::games::kit::scenario::<touchline::games::stadium_memory::StadiumMemory>(
                &touchline::cards::DataSource::embedded(),
                "fuzz.toml",
                &text,
            );
        }
    }
}
