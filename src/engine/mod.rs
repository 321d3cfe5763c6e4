//! Pure rules engines.
//!
//! Everything under `engine` is deterministic game logic: no egui, no
//! printpdf, no file system, no clocks and no threads. Randomness lives in
//! each game's state as a seeded RNG, so the same seed and the same actions
//! always give the same game. Front ends (the table, bots, the CLI) drive a
//! game through the [`Game`] trait and see it through per-seat views.

pub mod error;
pub mod playout;
pub mod record;
pub mod script;
pub mod seat;
pub mod sink;
pub mod window;

pub use error::RulesError;
pub use playout::{Chooser, PlayOut, Stop, play_out};
pub use record::{Record, settle};
pub use seat::{BySeat, MAX_SEATS, Seat, SeatSet};
pub use sink::{NoLog, Sink};
pub use window::Window;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// The RNG every engine keeps in its state: small, fast, seedable and
/// serialisable, so a saved game continues exactly.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// Who must act now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToAct {
    /// One seat decides.
    One(Seat),
    /// Several seats decide at once (simultaneous choices); each seat in the
    /// set may act, in any order, and the choices take effect together.
    Simultaneous(SeatSet),
    /// Chance decides: call [`Game::resolve_chance`].
    Chance,
    /// The game is over.
    Over,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning seats: one seat, several for a shared result, none for a
    /// game nobody won.
    pub winners: Vec<Seat>,
    /// A short machine-readable name for how it ended (e.g. `"goal"`).
    pub ending: String,
}

/// A game's rules: the contract between an engine and everything that plays
/// it (table, bots, simulator, scenarios, replays).
pub trait Game: Clone + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Everything needed to start a game except the seed.
    type Config: Clone + Serialize + DeserializeOwned + Send + Sync;
    /// One decision by one seat. Small, plain data.
    type Action: Clone + Eq + std::hash::Hash + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What one seat may see: the state with every secret stripped.
    type View: Clone + Debug + Serialize + Send + Sync;
    /// Something that happened, for logs and animations.
    type Event: Clone + Debug + Serialize + Send + Sync;
    /// Why a configuration or an action was refused.
    type Error: std::error::Error + Clone + Send + Sync + 'static;

    /// Starts a game from a validated configuration and a seed.
    fn new(config: &Self::Config, seed: u64) -> Result<Self, Self::Error>;

    /// The number of seats at the table.
    fn seat_count(&self) -> usize;

    /// Who must act now.
    fn to_act(&self) -> ToAct;

    /// Appends every legal action for `seat` to `out` (which is cleared
    /// first). Empty when the seat has nothing to decide now.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Applies `action` for `seat`, telling `log` what happened: the one
    /// method a game writes for its actions. An illegal action returns an
    /// error and leaves the state untouched.
    fn apply_with(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        log: &mut impl Sink<Self::Event>,
    ) -> Result<(), Self::Error>;

    /// Applies `action` for `seat`, appending what happened to `events`.
    fn apply_logged(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        self.apply_with(seat, action, events)
    }

    /// Applies `action` for `seat` without recording events (the fast path
    /// for simulations and search).
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<(), Self::Error> {
        self.apply_with(seat, action, &mut NoLog)
    }

    /// Resolves a chance node with the state's own RNG, telling `log` what
    /// happened. Only called when [`Game::to_act`] is [`ToAct::Chance`];
    /// games that roll inside `apply` never ask for it.
    fn resolve_chance(&mut self, _log: &mut impl Sink<Self::Event>) {}

    /// What `seat` may see.
    fn view(&self, seat: Seat) -> Self::View;

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;

    /// A count of completed turns, for statistics.
    fn turns(&self) -> u32;

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        matches!(self.to_act(), ToAct::Over)
    }
}
