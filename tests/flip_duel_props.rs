//! Property tests over random Flip Duel matches, official and with house
//! rules.

use proptest::prelude::*;
use rand::SeedableRng as _;
use std::sync::{Arc, OnceLock};
use touchline::engine::{Game as _, GameRng, Seat, ToAct};
use touchline::games::flip_duel::{
    Action, CardSet, DECK_SIZE, FlipDuel, FlipDuelConfig, Period, Phase,
};

fn cards() -> Arc<CardSet> {
    static CARDS: OnceLock<Arc<CardSet>> = OnceLock::new();
    CARDS
        .get_or_init(|| {
            Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("default data: {e}")))
        })
        .clone()
}

fn config(hand: u8, half: Option<u8>, injury: u8, toss: bool) -> FlipDuelConfig {
    let mut c = FlipDuelConfig::new(cards());
    c.hand = hand;
    c.injury_cards = injury;
    c.half_cards = half;
    if toss {
        c.first_attacker = None;
    }
    c
}

fn state_json(g: &FlipDuel) -> String {
    serde_json::to_string(g).unwrap_or_else(|e| panic!("{e}"))
}

/// A random action, legal or not, for a random seat (including seats that
/// do not exist).
fn any_action(rng: &mut GameRng) -> (Seat, Action) {
    let seat = Seat(rng.random_range(0..3u8));
    let card = rng.random_range(0..(2 * DECK_SIZE as u16 + 3));
    let a = match rng.random_range(0..3u8) {
        0 => Action::SetAside { card },
        1 => Action::Lay,
        _ => Action::Play { card },
    };
    (seat, a)
}

/// Checks the invariants of one position.
fn check_position(g: &FlipDuel) -> Result<(), TestCaseError> {
    let set = g.cards();
    for seat in [Seat(0), Seat(1)] {
        let mut all = g.all_cards(seat);
        prop_assert_eq!(all.len(), DECK_SIZE, "{} has lost or gained a card", seat);
        all.sort_unstable();
        all.dedup();
        prop_assert_eq!(all.len(), DECK_SIZE, "{} holds a card twice", seat);
        prop_assert!(all.iter().all(|&c| set.team_of(c) == Some(seat.0)));
    }
    // Both players always lay together: the face-up piles grow in pairs.
    if g.phase() == Phase::Lay && g.period() != Period::InjuryTime {
        prop_assert_eq!(g.played(Seat(0)).len(), g.played(Seat(1)).len());
        prop_assert_eq!(g.played(Seat(0)).len() as u32, g.lays());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every match ends; no card is lost or duplicated; both players lay
    /// together; illegal actions are refused and change nothing.
    #[test]
    fn random_matches_keep_every_invariant(
        seed in any::<u64>(),
        hand in prop_oneof![Just(0u8), 1u8..=5],
        half in prop_oneof![Just(None), (1u8..=45).prop_map(Some)],
        injury in prop_oneof![Just(8u8), 0u8..=8],
        toss in any::<bool>(),
    ) {
        let half = half.map(|h| h.min(53 - injury));
        let config = config(hand, half, injury, toss);
        let mut g = FlipDuel::new(&config, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut rng = GameRng::seed_from_u64(seed ^ 0x5eed);
        let mut legal = Vec::new();
        let mut decisions = 0u32;
        let mut lays = [0u32; 2];
        let mut ended = false;
        for _ in 0..2_000 {
            check_position(&g)?;
            // Try something random first: refused means untouched.
            let (seat, a) = any_action(&mut rng);
            if g.check(seat, &a).is_err() {
                let before = state_json(&g);
                prop_assert!(g.apply(seat, &a).is_err());
                prop_assert_eq!(before, state_json(&g));
            }
            let set = match g.to_act() {
                ToAct::Over => { ended = true; break; }
                ToAct::Simultaneous(set) => set,
                other => return Err(TestCaseError::fail(format!("unexpected {other:?}"))),
            };
            // Simultaneous: either seat may go first.
            let seats: Vec<Seat> = set.iter().collect();
            let seat = seats[rng.random_range(0..seats.len())];
            g.legal_actions(seat, &mut legal);
            prop_assert!(!legal.is_empty(), "{} must act with nothing legal", seat);
            let a = legal[rng.random_range(0..legal.len())];
            let before = g.turns();
            g.apply(seat, &a).map_err(|e| TestCaseError::fail(e.to_string()))?;
            decisions += 1;
            if matches!(a, Action::Lay | Action::Play { .. }) {
                lays[seat.index()] += 1;
                // A pair is read only once both cards are down.
                prop_assert!(lays[0].abs_diff(lays[1]) <= 1);
                prop_assert_eq!(g.turns() - before, u32::from(lays[0] == lays[1]));
            }
        }
        prop_assert!(ended, "the match did not end after {} decisions", decisions);
        prop_assert_eq!(lays[0], lays[1]);
        prop_assert_eq!(lays[0], g.turns());
        let o = g.outcome();
        prop_assert!(o.is_some());
        let s = g.score();
        let winners = o.map(|o| o.winners).unwrap_or_default();
        match s[0].cmp(&s[1]) {
            std::cmp::Ordering::Greater => prop_assert_eq!(winners, vec![Seat(0)]),
            std::cmp::Ordering::Less => prop_assert_eq!(winners, vec![Seat(1)]),
            std::cmp::Ordering::Equal => prop_assert!(winners.is_empty()),
        }
    }

    /// The other player's injury-time choice never shows in a view: two
    /// matches where only Blue's choice differs look the same to Red until
    /// Blue's cards are laid face up.
    #[test]
    fn a_view_never_shows_the_other_sides_choice(
        seed in any::<u64>(),
        a in proptest::sample::subsequence((53u16..106).collect::<Vec<_>>(), 8),
        b in proptest::sample::subsequence((53u16..106).collect::<Vec<_>>(), 8),
    ) {
        let config = config(0, None, 8, false);
        let mut ga = FlipDuel::new(&config, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut gb = ga.clone();
        for c in 0..8u16 {
            for g in [&mut ga, &mut gb] {
                g.apply(Seat(0), &Action::SetAside { card: c }).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
        for (i, (&ca, &cb)) in a.iter().zip(&b).enumerate() {
            ga.apply(Seat(1), &Action::SetAside { card: ca }).map_err(|e| TestCaseError::fail(e.to_string()))?;
            gb.apply(Seat(1), &Action::SetAside { card: cb }).map_err(|e| TestCaseError::fail(e.to_string()))?;
            if i < 7 {
                let va = serde_json::to_string(&ga.view(Seat(0))).unwrap_or_default();
                let vb = serde_json::to_string(&gb.view(Seat(0))).unwrap_or_default();
                prop_assert_eq!(va, vb);
            }
        }
        let va = ga.view(Seat(0));
        let vb = gb.view(Seat(0));
        prop_assert_eq!(va.aside_counts, [8, 8]);
        prop_assert_eq!(&va.my_aside, &(0..8).collect::<Vec<u16>>());
        prop_assert_eq!(va.my_pack.len(), 45);
        prop_assert!(va.my_pack.windows(2).all(|w| w[0] < w[1]), "pack order hidden");
        prop_assert_eq!(va.my_pack, vb.my_pack);
        prop_assert_eq!(serde_json::to_string(&va.step).unwrap_or_default(), serde_json::to_string(&vb.step).unwrap_or_default());
    }
}
