//! Bots: players that choose from a seat's view and the legal actions.
//!
//! A bot never sees the game state, only [`Game::View`] for its own seat,
//! so it cannot read hidden hands or the deck order. Each bot owns its RNG.
//!
//! - [`random`]: uniformly random play, for every game.
//! - [`ismcts`]: the search bot every game can use, given the game's
//!   determinizer (sample a state from a view), and its [`Level`]s.
//! - [`measure`]: one bot against another over many games, with intervals.
//! - [`restrict`]: a bot forbidden one kind of card (the lab's card value).

pub mod ismcts;
pub mod measure;
pub mod random;
pub mod restrict;

pub use ismcts::{
    Analysis, BotPlayout, Determinizer, Level, Playout, RandomPlayout, SearchBot, SearchConfig,
    softmax_shares,
};
pub use measure::{HeadToHead, Role, Rung, head_to_head, wilson};
pub use random::RandomBot;
pub use restrict::{KindOf, Restricted};

use crate::engine::{Chooser, Game, PlayOut, Seat};

/// A computer player for game `G`.
pub trait Bot<G: Game>: Send {
    /// A short name for logs and statistics.
    fn name(&self) -> &str;

    /// Whether [`Bot::choose`] reads the view (the random bot does not, which
    /// lets simulations skip building it).
    fn needs_view(&self) -> bool {
        true
    }

    /// Whether [`Bot::choose`] reads the view for this choice: by default
    /// as [`Bot::needs_view`] says; a bot whose forced choices (one legal
    /// action) need no view may say so, sparing the view's cost.
    fn needs_view_for(&self, _legal: &[G::Action]) -> bool {
        self.needs_view()
    }

    /// Picks one of `legal` (never empty) for the seat the view belongs to;
    /// returns its index.
    fn choose(&mut self, view: Option<&G::View>, legal: &[G::Action]) -> usize;

    /// What the last [`Bot::choose`] weighed, for a bot that searches
    /// (the table's Hint shows it).
    fn analysis(&self) -> Option<&Analysis> {
        None
    }
}

/// How strong a bot plays: the levels a table offers a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// Uniformly random legal moves.
    Random,
    /// Plays to win with simple priorities.
    Heuristic,
    /// The search bot at [`Level::Hard`], for the games that have one.
    Hard,
    /// The search bot at [`Level::Expert`].
    Expert,
}

impl Strength {
    /// Every strength, weakest first.
    pub const ALL: [Strength; 4] = [
        Strength::Random,
        Strength::Heuristic,
        Strength::Hard,
        Strength::Expert,
    ];

    /// The strengths of a game without a search bot.
    pub const PLAIN: &'static [Strength] = &[Strength::Random, Strength::Heuristic];

    /// Parses `random`, `heuristic`, `hard` or `expert` (and the names a
    /// table shows: `easy`, `normal`, `bot`).
    pub fn parse(s: &str) -> Option<Strength> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" | "easy" => Some(Strength::Random),
            "heuristic" | "normal" | "bot" => Some(Strength::Heuristic),
            other => Level::parse(other).map(Strength::from),
        }
    }

    /// The name used on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Strength::Random => "random",
            Strength::Heuristic => "heuristic",
            Strength::Hard => "hard",
            Strength::Expert => "expert",
        }
    }

    /// The name a table's seat choice shows.
    pub fn label(self) -> &'static str {
        match self {
            Strength::Random => "Easy bot",
            Strength::Heuristic => "Bot",
            Strength::Hard => "Hard bot",
            Strength::Expert => "Expert bot",
        }
    }

    /// What the level is, for a tooltip.
    pub fn about(self) -> &'static str {
        match self {
            Strength::Random => "Plays any legal move at random",
            Strength::Heuristic => "Plays to win with the game's own priorities; decides at once",
            Strength::Hard => {
                "Searches the game from its own view (ISMCTS); beats the Bot, thinks up to a second"
            }
            Strength::Expert => "Searches four times longer than Hard; may think a few seconds",
        }
    }

    /// The search level, for the search bot's strengths.
    pub fn search(self) -> Option<Level> {
        match self {
            Strength::Hard => Some(Level::Hard),
            Strength::Expert => Some(Level::Expert),
            Strength::Random | Strength::Heuristic => None,
        }
    }
}

impl From<Level> for Strength {
    fn from(level: Level) -> Strength {
        match level {
            Level::Hard => Strength::Hard,
            Level::Expert => Strength::Expert,
        }
    }
}

/// A bot at every seat, as the play-out loop's [`Chooser`]: each bot is
/// handed only its own seat's view, built from the game when it reads one.
pub struct Seats<'a, G: Game>(pub &'a mut [Box<dyn Bot<G>>]);

impl<G: Game> Chooser<G> for Seats<'_, G> {
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> usize {
        let Some(bot) = self.0.get_mut(seat.index()) else {
            // A seat without a bot takes the first legal action; every
            // caller seats a bot at each seat.
            return 0;
        };
        let view = bot.needs_view_for(legal).then(|| game.view(seat));
        bot.choose(view.as_ref(), legal)
    }
}

/// Plays `game` on with `bots[seat]` choosing for each seat from its own
/// view, until it ends or `max_decisions` are taken (see
/// [`crate::engine::play_out`]); `watch` may stop it after any decision.
pub fn play_out<G: Game>(
    game: &mut G,
    bots: &mut [Box<dyn Bot<G>>],
    max_decisions: u64,
    watch: impl FnMut(&G) -> Option<String>,
) -> PlayOut {
    crate::engine::play_out(game, &mut Seats(bots), max_decisions, watch)
}
