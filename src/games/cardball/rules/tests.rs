//! Setup and whole-match rules, which scenarios (starting from a placed
//! position) do not reach: the deal, the kick-off, the round count.

use super::*;
use crate::engine::{Game as _, GameRng, Seat, ToAct};
use rand::{RngExt as _, SeedableRng as _};
use std::sync::Arc;

fn set() -> Arc<CardSet> {
    let deck = crate::games::cardball::deck::CardballDeck::default_set()
        .unwrap_or_else(|e| panic!("default data: {e}"));
    Arc::new(deck.card_set())
}

/// Plays random legal actions to the end; returns the match and the
/// number of rounds played in the first period.
fn play_out(mut g: Cardball, seed: u64) -> Cardball {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut random = |_: &Cardball, _: Seat, legal: &[Action]| rng.random_range(0..legal.len());
    let played = crate::engine::play_out(&mut g, &mut random, 10_000, |_| None);
    assert_eq!(
        played.stop,
        crate::engine::Stop::Over,
        "the match did not end"
    );
    g
}

#[test]
fn the_deal_is_eleven_in_hand_seven_on_the_bench_four_in_the_pile() {
    let g = Cardball::new(&CardballConfig::new(set()), 3).unwrap_or_else(|e| panic!("{e}"));
    for s in [Seat(0), Seat(1)] {
        assert_eq!(g.hand(s).len(), HAND);
        assert_eq!(g.bench(s).len(), BENCH);
    }
    assert_eq!(g.pile().len(), 4);
    assert_eq!(g.action_deck().len(), 15);
    // The kick-off is a roll of the die.
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(g.ball(), 4);
}

#[test]
fn a_2v2_deal_is_six_and_five_per_manager_with_the_2v2_cards() {
    let mut c = CardballConfig::new(set());
    c.teams = Some(TeamPlay::Switching);
    let g = Cardball::new(&c, 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.seat_count(), 4);
    for s in Seat::all(4) {
        assert_eq!((g.hand(s).len(), g.bench(s).len()), (6, 5));
    }
    assert_eq!(g.pile().len(), 4);
    assert!(g.out_of_play().is_empty(), "every 2v2 card is dealt");
    // Under the house rule the duel's 40 cards are dealt 6 + 3.
    c.house.short_team_bench = true;
    let g = Cardball::new(&c, 3).unwrap_or_else(|e| panic!("{e}"));
    for s in Seat::all(4) {
        assert_eq!((g.hand(s).len(), g.bench(s).len()), (6, 3));
    }
    assert_eq!(g.pile().len(), 4);
    assert_eq!(g.out_of_play().len(), 8, "the 2v2 cards stay in the box");
    // A duel never deals a 2v2 card.
    let g = Cardball::new(&CardballConfig::new(set()), 3).unwrap_or_else(|e| panic!("{e}"));
    let dealt = Seat::all(2).flat_map(|s| g.hand(s).iter().chain(g.bench(s)).copied());
    assert!(
        dealt
            .chain(g.pile().iter().copied())
            .all(|c| !g.cards().is_team(c))
    );
}

#[test]
fn the_standard_set_plays_exactly_eighteen_rounds() {
    for seed in 0..40 {
        let mut c = CardballConfig::new(set());
        c.tie_break = TieBreak::Draw;
        let g = Cardball::new(&c, seed).unwrap_or_else(|e| panic!("{e}"));
        let g = play_out(g, seed);
        assert_eq!(g.round(), 18, "seed {seed}");
        assert_eq!(g.period(), Period::Match);
        let o = g.outcome().unwrap_or_else(|| panic!("no outcome"));
        let s = g.score();
        match o.ending.as_str() {
            "draw" => assert_eq!(s[0], s[1]),
            "full_time" => assert_ne!(s[0], s[1]),
            other => panic!("seed {seed}: ending {other}"),
        }
    }
}

#[test]
fn the_second_half_is_a_fresh_deal_kicked_off_by_the_other_manager() {
    let mut c = CardballConfig::new(set());
    c.halves = true;
    c.tie_break = TieBreak::Draw;
    let mut g = Cardball::new(&c, 11).unwrap_or_else(|e| panic!("{e}"));
    let mut events = Vec::new();
    g.resolve_chance(&mut events);
    let first = g.kicked_off().unwrap_or_else(|| panic!("no kick-off"));
    let g = play_out(g, 11);
    assert_eq!(g.period(), Period::SecondHalf);
    assert_eq!(g.kicked_off(), Some(first));
    assert_eq!(g.round(), 18, "the second half is a full game");
    assert!(g.turns() >= 36);
}

#[test]
fn too_small_a_set_is_refused() {
    let mut cards = (*set()).clone();
    cards.managers.truncate(30);
    let e = Cardball::new(&CardballConfig::new(Arc::new(cards)), 1).err();
    assert!(
        e.is_some_and(|e| e.to_string().contains("the deal needs 36")),
        "a 30-card set cannot be dealt"
    );
}

#[test]
fn only_bench_draws_and_replacements_are_secret_and_only_to_their_seat() {
    let bench = Event::BenchDraw {
        seat: Seat(1),
        card: 0,
    };
    assert_eq!(bench.secret_to(), Some(Seat(1)));
    let replaced = Event::Replaced {
        seat: Seat(0),
        card: Some(3),
    };
    assert_eq!(replaced.secret_to(), Some(Seat(0)));
    // Nothing drawn: nothing to hide.
    let empty = Event::Replaced {
        seat: Seat(0),
        card: None,
    };
    assert_eq!(empty.secret_to(), None);
    assert_eq!(Event::Picked { seat: Seat(0) }.secret_to(), None);
    assert_eq!(Event::SuddenDeath.secret_to(), None);
}

#[test]
fn a_golden_goal_is_played_until_someone_scores() {
    let mut golden = 0;
    for seed in 0..60 {
        let mut c = CardballConfig::new(set());
        c.tie_break = TieBreak::GoldenGoal;
        let g = play_out(
            Cardball::new(&c, seed).unwrap_or_else(|e| panic!("{e}")),
            seed,
        );
        let o = g.outcome().unwrap_or_else(|| panic!("no outcome"));
        assert_ne!(g.period(), Period::Penalties, "seed {seed}: no penalties");
        if g.period() == Period::GoldenGoal {
            golden += 1;
            assert_eq!(o.ending, "golden_goal", "seed {seed}");
            let s = g.score();
            assert_eq!(s[0].abs_diff(s[1]), 1, "seed {seed}: one goal decides");
        }
    }
    assert!(golden > 0, "some of 60 matches went to a golden goal");
}

#[test]
fn a_golden_goal_nobody_can_score_is_drawn_after_its_restarts() {
    // An edited set with no shot and no Action card that scores.
    let mut cards = (*set()).clone();
    for c in &mut cards.managers {
        c.top = [Top::NONE; 7];
    }
    for a in &mut cards.actions {
        a.outcome = ActionOutcome::Plain(Plain::Nothing);
    }
    let mut c = CardballConfig::new(Arc::new(cards));
    c.tie_break = TieBreak::GoldenGoal;
    let g = play_out(Cardball::new(&c, 5).unwrap_or_else(|e| panic!("{e}")), 5);
    let o = g.outcome().unwrap_or_else(|| panic!("no outcome"));
    assert_eq!(o.ending, "golden_goal_draw");
    assert!(o.winners.is_empty());
    assert_eq!(g.period(), Period::GoldenGoal);
    assert_eq!(g.score(), [0, 0]);
    assert_eq!(g.golden_restarts, GOLDEN_GOAL_RESTARTS);
}

#[test]
fn a_2v2_without_the_2v2_cards_says_how_to_play_it() {
    let mut cards = (*set()).clone();
    cards.managers.retain(|m| !m.team);
    let mut c = CardballConfig::new(Arc::new(cards));
    c.teams = Some(TeamPlay::OnTheSpot);
    let e = Cardball::new(&c, 1).err().map(|e| e.to_string());
    assert!(
        e.as_deref()
            .is_some_and(|e| e.contains("needs 44") && e.contains("short_team_bench")),
        "{e:?}"
    );
    c.house.short_team_bench = true;
    assert!(Cardball::new(&c, 1).is_ok(), "6 + 3 fits 40 cards");
}

#[test]
fn house_rules_files_are_checked() {
    let h = HouseRules::parse(
        "house.toml",
        "ranked_marks = true\nprinted_halfway = true\n",
    );
    assert_eq!(
        h.map(|h| h.on()),
        Ok(vec!["ranked_marks", "printed_halfway"])
    );
    let e = HouseRules::parse("house.toml", "\nranked = true")
        .err()
        .unwrap_or_default();
    assert!(e.starts_with("house.toml:2: "), "{e}");
    assert!(e.contains("golden_goal_then_penalties"), "{e}");
    let e = HouseRules::parse("house.toml", "ranked_marks = 3")
        .err()
        .unwrap_or_default();
    assert!(e.starts_with("house.toml:1: "), "{e}");
    assert!(e.contains("Cardball's house rules are"), "{e}");
    assert_eq!(HouseRules::default().on(), Vec::<&str>::new());
}
