//! Eleven's search bot: ISMCTS ([`crate::bots::ismcts`]) over seasons
//! imagined from the bot's own view ([`Season::from_view`]), with the
//! season bot ([`SeasonBot`]) as the prior at the root and as the playout
//! policy (a share of its moves at random so playouts vary).
//!
//! A season is long (hundreds of decisions, each Matchday a whole Match),
//! so a playout stops after [`PLAYOUT_CAP`] decisions and the season is
//! scored as it stands ([`SeasonPlayout::evaluate`]): each club's Final
//! Scoring if the season ended now, turned into a chance to win. Solo,
//! where the one manager always wins, a finished season is scored by its
//! VP too ([`SeasonPlayout::reward`]).

use super::season::{Action, Season, SeasonBot, SeasonConfig, SeasonView};
use crate::bots::{
    Bot, BotPlayout, Determinizer, Level, Playout, RandomBot, Rung, SearchBot, SearchConfig,
    softmax_shares,
};
use crate::engine::{Game as _, GameRng, Seat};

/// Deals Eleven seasons from a view under the season's public set-up.
#[derive(Clone, Debug)]
pub struct ElevenDeterminizer {
    config: SeasonConfig,
}

impl ElevenDeterminizer {
    /// A determinizer for seasons set up as `config` says (the decks, the
    /// managers, the Division, the Scenario: all public).
    pub fn new(config: &SeasonConfig) -> Self {
        ElevenDeterminizer {
            config: config.clone(),
        }
    }
}

impl Determinizer<Season> for ElevenDeterminizer {
    fn seat(&self, view: &SeasonView) -> Seat {
        view.seat.unwrap_or(Seat(0))
    }

    fn determinize(
        &self,
        view: &SeasonView,
        _legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<Season> {
        Season::from_view(view, &self.config, rng)
    }
}

/// Playout decisions before a season is scored as it stands: about one
/// manager's Week.
pub const PLAYOUT_CAP: u32 = 40;

/// The share of playout moves chosen at random instead of by the season
/// bot.
pub const PLAYOUT_RANDOM_SHARE: f64 = 0.1;

/// VP that make a lead of about three to one in the estimated chance to
/// win (the scale of the softmax over the clubs' scores).
const VP_SCALE: f64 = 4.0;

/// VP a solo season is measured against (a reward of 1).
const SOLO_VP: f64 = 60.0;

/// The search of each level for Eleven: iterations a decision, each a
/// playout of [`PLAYOUT_CAP`] decisions, so Hard stays under a second a
/// decision on one core (`docs/bots.md`).
pub fn search_config(level: Level) -> SearchConfig {
    let iterations = match level {
        Level::Hard => 150,
        Level::Expert => 600,
    };
    SearchConfig {
        playout_cap: PLAYOUT_CAP,
        ..SearchConfig::with_iterations(iterations)
    }
}

/// Playouts by the season bot, scored by the Final Scoring as the season
/// stands when they stop.
pub struct SeasonPlayout {
    bots: BotPlayout<Season>,
}

impl SeasonPlayout {
    /// Playouts by season bots reading `config`'s decks, `random_share` of
    /// the moves at random.
    pub fn new(config: &SeasonConfig, random_share: f64) -> Self {
        let decks = config.decks.clone();
        SeasonPlayout {
            bots: BotPlayout::new(
                Box::new(move |_| Box::new(SeasonBot::new(decks.clone()))),
                random_share,
            ),
        }
    }
}

impl Playout<Season> for SeasonPlayout {
    fn start(&mut self, game: &Season, rng: &mut GameRng) {
        self.bots.start(game, rng);
    }

    fn choose(&mut self, game: &Season, seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        self.bots.choose(game, seat, legal, rng)
    }

    /// Each club's chance, a softmax of its Final Scoring if the season
    /// ended now (VP, League position, sets, Infrastructure, Office);
    /// solo, its VP against [`SOLO_VP`].
    fn evaluate(&mut self, game: &Season, out: &mut [f64]) -> bool {
        let n = game.seat_count();
        if n == 1 {
            return self.reward(game, out);
        }
        for (c, slot) in out.iter_mut().enumerate().take(n) {
            *slot = f64::from(game.score(c).total);
        }
        softmax_shares(out, VP_SCALE)
    }

    /// Solo: the season's VP against [`SOLO_VP`] (the one manager always
    /// wins, which tells the search nothing).
    fn reward(&mut self, game: &Season, out: &mut [f64]) -> bool {
        if game.seat_count() != 1 {
            return false;
        }
        let total = game
            .scores
            .as_ref()
            .and_then(|s| s.first())
            .map_or_else(|| game.score(0).total, |s| s.total);
        if let Some(slot) = out.first_mut() {
            *slot = (f64::from(total) / SOLO_VP).clamp(0.0, 1.0);
        }
        true
    }
}

/// Eleven's search bot of `level` for seasons set up as `config` says,
/// seeded with `seed`.
pub fn search_bot(level: Level, config: &SeasonConfig, seed: u64) -> SearchBot<Season> {
    searcher(level.key(), search_config(level), config, seed)
}

/// Eleven's search bot named `name` searching as `search` says (the
/// levels use [`search_config`]).
pub fn searcher(
    name: &str,
    search: SearchConfig,
    config: &SeasonConfig,
    seed: u64,
) -> SearchBot<Season> {
    SearchBot::new(
        name,
        search,
        Box::new(ElevenDeterminizer::new(config)),
        Box::new(SeasonPlayout::new(config, PLAYOUT_RANDOM_SHARE)),
        seed,
    )
    .with_prior(Box::new(SeasonBot::new(config.decks.clone())))
}

/// The bot of `rung` for seasons set up as `config` says, seeded with
/// `seed`: every rung of Eleven's skill ladder.
pub fn ladder_bot(rung: Rung, config: &SeasonConfig, seed: u64) -> Box<dyn Bot<Season>> {
    match rung {
        Rung::Random => Box::new(RandomBot::new(seed)),
        Rung::Heuristic => Box::new(SeasonBot::new(config.decks.clone())),
        Rung::Search(level) => Box::new(search_bot(level, config, seed)),
    }
}
