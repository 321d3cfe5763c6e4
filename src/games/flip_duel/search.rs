//! Flip Duel's search bot: ISMCTS ([`crate::bots::ismcts`]) over matches
//! imagined from the bot's own view ([`FlipDuel::from_view`]), with the
//! heuristic bot as the prior at the root. Both players lay at once: the
//! search never lets one see the other's card before its own is down.

use super::{Action, FlipDuel, FlipDuelView, HeuristicBot};
use crate::bots::{
    Bot, Determinizer, Level, RandomBot, RandomPlayout, Rung, SearchBot, SearchConfig,
};
use crate::engine::{GameRng, Seat};

/// Deals Flip Duel matches from a view.
#[derive(Clone, Copy, Debug, Default)]
pub struct FlipDuelDeterminizer;

impl Determinizer<FlipDuel> for FlipDuelDeterminizer {
    fn seat(&self, view: &FlipDuelView) -> Seat {
        view.seat
    }

    fn determinize(
        &self,
        view: &FlipDuelView,
        _legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<FlipDuel> {
        FlipDuel::from_view(view, rng)
    }
}

/// The search of each level for Flip Duel. The only choice of the
/// official rules is which cards to set aside, and a match's outcome
/// hangs mostly on the order the packs come up in, so a playout says
/// little about one choice: the root keeps to the heuristic's choice
/// unless the visits clearly favour another (a strong prior).
pub fn search_config(level: Level) -> SearchConfig {
    SearchConfig {
        prior_weight: 40.0,
        ..level.config()
    }
}

/// Flip Duel's search bot of `level`, seeded with `seed`. Everything it
/// needs of the match (the packs, the rules) is in the views it is handed.
pub fn search_bot(level: Level, seed: u64) -> SearchBot<FlipDuel> {
    searcher(level.key(), search_config(level), seed)
}

/// The search bot named `name` searching as `search` says (the levels use
/// [`search_config`]).
pub fn searcher(name: &str, search: SearchConfig, seed: u64) -> SearchBot<FlipDuel> {
    SearchBot::new(
        name,
        search,
        Box::new(FlipDuelDeterminizer),
        Box::new(RandomPlayout),
        seed,
    )
    .with_prior(Box::new(HeuristicBot::new(seed ^ 0x5EA2C4)))
}

/// The bot of `rung`, seeded with `seed`: every rung of Flip Duel's skill
/// ladder.
pub fn ladder_bot(rung: Rung, seed: u64) -> Box<dyn Bot<FlipDuel>> {
    match rung {
        Rung::Random => Box::new(RandomBot::new(seed)),
        Rung::Heuristic => Box::new(HeuristicBot::new(seed)),
        Rung::Search(level) => Box::new(search_bot(level, seed)),
    }
}
