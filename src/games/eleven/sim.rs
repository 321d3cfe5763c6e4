//! Many random Eleven Matches in parallel: random legal line-ups of random
//! Player cards against random Opponent cards, summarised as goal and
//! result distributions.

use crate::engine::GameRng;
use crate::games::eleven::deck::{Division, ElevenDecks};
use crate::games::eleven::matchday::{MatchReport, MatchSetup};
use crate::games::eleven::random_lineup;
use crate::games::eleven::vocab::{MatchResult, Side, Task};
use rand::seq::SliceRandom as _;
use rand::{RngExt as _, SeedableRng as _};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// Wins, draws and losses (from the line-up's side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Results {
    /// Matches won.
    pub win: u64,
    /// Matches drawn.
    pub draw: u64,
    /// Matches lost.
    pub loss: u64,
}

impl Results {
    fn add(&mut self, r: MatchResult) {
        match r {
            MatchResult::Win => self.win += 1,
            MatchResult::Draw => self.draw += 1,
            MatchResult::Loss => self.loss += 1,
        }
    }

    /// Matches counted.
    pub fn total(&self) -> u64 {
        self.win + self.draw + self.loss
    }
}

/// A summary of random Matches (the `--json` shape of `simulate
/// eleven-match`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchesReport {
    /// Always "eleven match".
    pub game: String,
    /// Matches played.
    pub games: usize,
    /// The Division played (1-3), or none for a random one per Match.
    pub division: Option<u8>,
    /// Results of the line-ups.
    pub results: Results,
    /// Results by the Opponent card's deck ("3", "3/2", "2/1", "1").
    pub results_by_deck: BTreeMap<String, Results>,
    /// Matches by goals scored by the line-up.
    pub goals_for: BTreeMap<u32, u64>,
    /// Matches by goals scored by the Opponent.
    pub goals_against: BTreeMap<u32, u64>,
    /// Mean goals scored by the line-up.
    pub mean_goals_for: f64,
    /// Mean goals scored by the Opponent.
    pub mean_goals_against: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Matches per second (all threads).
    pub games_per_second: f64,
    /// Worker threads used.
    pub threads: usize,
}

/// One random legal Match from `seed`: the setup, the report and the
/// Opponent card's deck. `division` (1-3) limits the Opponents to that
/// Division's two decks.
pub fn random_match(
    decks: &ElevenDecks,
    seed: u64,
    division: Option<u8>,
) -> Option<(MatchSetup, MatchReport, Division)> {
    let mut rng = GameRng::seed_from_u64(seed);
    let played = division.unwrap_or_else(|| rng.random_range(1..=3));
    let (easy, hard) = Division::decks_for(played)?;
    let mut opponents = decks.opponent_deck(easy);
    opponents.extend(decks.opponent_deck(hard));
    let opponent = *opponents.get(rng.random_range(0..opponents.len().max(1)))?;
    let deck = decks.club(&opponent.club)?.division;
    let side = |rng: &mut GameRng| {
        if rng.random_range(0..2) == 0 {
            Side::Untrained
        } else {
            Side::Trained
        }
    };
    let keepers: Vec<_> = decks
        .players
        .iter()
        .filter(|p| p.untrained.task == Task::Goalkeeper)
        .collect();
    let mut outfield: Vec<_> = decks
        .players
        .iter()
        .filter(|p| p.untrained.task != Task::Goalkeeper)
        .collect();
    outfield.shuffle(&mut rng);
    let mut squad = Vec::new();
    if let Some(k) = keepers.get(rng.random_range(0..keepers.len().max(1))) {
        let s = side(&mut rng);
        squad.push(k.squad_player(s, Default::default()));
    }
    for p in outfield.into_iter().take(12) {
        let s = side(&mut rng);
        squad.push(p.squad_player(s, Default::default()));
    }
    let tactic = decks
        .tactics
        .get(rng.random_range(0..decks.tactics.len().max(1)))?;
    let formation = tactic
        .formations
        .get(rng.random_range(0..tactic.formations.len().max(1)))?;
    let mut lineup = random_lineup(&squad, formation, &mut rng);
    let assigned: Vec<usize> = lineup
        .markers
        .iter()
        .filter_map(|m| m.player)
        .chain(lineup.goalkeeper)
        .collect();
    lineup.paid = assigned
        .into_iter()
        .filter(|&i| {
            squad
                .get(i)
                .is_some_and(|p| p.abilities.iter().any(|b| !b.cost.is_empty()))
        })
        .filter(|_| rng.random_range(0..2) == 0)
        .collect();
    let mut setup = MatchSetup::new(squad, lineup, decks.opponent_team(opponent));
    if rng.random_range(0..2) == 0 {
        let second = decks
            .tactics
            .get(rng.random_range(0..decks.tactics.len().max(1)))?;
        if second.id != tactic.id {
            setup.tactic_effects.extend(decks.tactic_effect(second));
        }
    }
    let report = crate::games::eleven::play_match(&setup, seed).ok()?;
    Some((setup, report, deck))
}

/// Plays `games` random Matches in parallel (Match `i` uses seed
/// `base_seed + i`) and summarises them.
pub fn run_matches(
    decks: &ElevenDecks,
    games: usize,
    base_seed: u64,
    division: Option<u8>,
    on_done: &(dyn Fn() + Sync),
) -> MatchesReport {
    let start = Instant::now();
    let played: Vec<(u32, u32, MatchResult, Division)> = (0..games as u64)
        .into_par_iter()
        .filter_map(|i| {
            let r = random_match(decks, base_seed.wrapping_add(i), division)
                .map(|(_, r, d)| (r.own, r.opponent, r.result, d));
            on_done();
            r
        })
        .collect();
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let mut results = Results::default();
    let mut by_deck: BTreeMap<String, Results> = BTreeMap::new();
    let mut goals_for = BTreeMap::new();
    let mut goals_against = BTreeMap::new();
    let (mut sum_for, mut sum_against) = (0u64, 0u64);
    for &(own, opp, result, deck) in &played {
        results.add(result);
        by_deck
            .entry(deck.label().to_string())
            .or_default()
            .add(result);
        *goals_for.entry(own).or_insert(0) += 1;
        *goals_against.entry(opp).or_insert(0) += 1;
        sum_for += u64::from(own);
        sum_against += u64::from(opp);
    }
    let n = played.len();
    let mean = |s: u64| if n == 0 { 0.0 } else { s as f64 / n as f64 };
    MatchesReport {
        game: "eleven match".into(),
        games: n,
        division,
        results,
        results_by_deck: by_deck,
        goals_for,
        goals_against,
        mean_goals_for: mean(sum_for),
        mean_goals_against: mean(sum_against),
        seconds,
        games_per_second: n as f64 / seconds,
        threads: rayon::current_num_threads(),
    }
}
