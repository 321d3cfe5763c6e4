//! Cardball's search bot: ISMCTS ([`crate::bots::ismcts`]) over matches
//! imagined from the bot's own view ([`Cardball::from_view`]), with the
//! heuristic bot as the prior at the root and as the playout policy (one
//! move in ten at random): against the heuristic, random playouts won
//! 56.8% of 2,000 matches; heuristic playouts win more (docs/bots.md).
//! The face-down picks are simultaneous choices: the search never lets one
//! side see the other's.

use super::bot::HeuristicBot;
use super::{Action, Cardball, CardballView};
use crate::bots::{Bot, BotPlayout, Determinizer, Level, RandomBot, Rung, SearchBot, SearchConfig};
use crate::engine::{GameRng, Seat};

/// Deals Cardball matches from a view.
#[derive(Clone, Copy, Debug, Default)]
pub struct CardballDeterminizer;

impl Determinizer<Cardball> for CardballDeterminizer {
    fn seat(&self, view: &CardballView) -> Seat {
        view.seat
    }

    fn determinize(
        &self,
        view: &CardballView,
        _legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<Cardball> {
        Cardball::from_view(view, rng)
    }
}

/// The search of each level for Cardball.
pub fn search_config(level: Level) -> SearchConfig {
    level.config()
}

/// The share of playout moves chosen at random instead of by the
/// heuristic bot, so playouts vary.
pub const PLAYOUT_RANDOM_SHARE: f64 = 0.1;

/// Cardball's search bot of `level`, seeded with `seed`. Everything it
/// needs of the match (the card set, the options) is in the views it is
/// handed.
pub fn search_bot(level: Level, seed: u64) -> SearchBot<Cardball> {
    searcher(level.key(), search_config(level), seed)
}

/// The search bot named `name` searching as `search` says (the levels use
/// [`search_config`]).
pub fn searcher(name: &str, search: SearchConfig, seed: u64) -> SearchBot<Cardball> {
    SearchBot::new(
        name,
        search,
        Box::new(CardballDeterminizer),
        Box::new(BotPlayout::new(
            Box::new(|s| Box::new(HeuristicBot::new(s))),
            PLAYOUT_RANDOM_SHARE,
        )),
        seed,
    )
    .with_prior(Box::new(HeuristicBot::new(seed ^ 0x5EA2C4)))
}

/// The bot of `rung`, seeded with `seed`: every rung of Cardball's skill
/// ladder.
pub fn ladder_bot(rung: Rung, seed: u64) -> Box<dyn Bot<Cardball>> {
    match rung {
        Rung::Random => Box::new(RandomBot::new(seed)),
        Rung::Heuristic => Box::new(HeuristicBot::new(seed)),
        Rung::Search(level) => Box::new(search_bot(level, seed)),
    }
}
