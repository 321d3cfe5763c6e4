//! A game as data: configuration, seed and the list of actions.
//!
//! Replaying a record rebuilds the exact state, which gives save files,
//! undo (replay all but the last few actions) and exact bug reports.
//! Chance nodes (rolls of a die) are not recorded: the game's own seeded RNG
//! resolves them whenever the game waits on one, as play does.

use super::{Game, Seat};
use serde::{Deserialize, Serialize};

/// A replayable game: start it from `config` and `seed`, then apply
/// `actions` in order.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound(
    serialize = "G::Config: Serialize, G::Action: Serialize",
    deserialize = "G::Config: Deserialize<'de>, G::Action: Deserialize<'de>"
))]
pub struct Record<G: Game> {
    /// How the game was set up.
    pub config: G::Config,
    /// The seed of the game's RNG.
    pub seed: u64,
    /// An exact starting position, when the game did not start from a
    /// fresh deal (a scenario or a worked example); replays start there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<G>,
    /// Every action taken, with the seat that took it.
    pub actions: Vec<(Seat, G::Action)>,
}

impl<G: Game> Record<G> {
    /// An empty record of a new game.
    pub fn new(config: G::Config, seed: u64) -> Self {
        Record {
            config,
            seed,
            start: None,
            actions: Vec::new(),
        }
    }

    /// Rebuilds the state after the first `upto` actions (all of them for
    /// `None`), with the events they produced. Fails on the first action the
    /// rules refuse, naming its position.
    pub fn replay(&self, upto: Option<usize>) -> Result<Replayed<G>, ReplayError<G::Error>> {
        let mut game = match &self.start {
            Some(start) => start.clone(),
            None => G::new(&self.config, self.seed).map_err(|e| ReplayError {
                index: None,
                error: e,
            })?,
        };
        let mut events = Vec::new();
        let n = upto.unwrap_or(self.actions.len()).min(self.actions.len());
        settle(&mut game, &mut events);
        for (i, (seat, action)) in self.actions.iter().take(n).enumerate() {
            game.apply_logged(*seat, action, &mut events)
                .map_err(|e| ReplayError {
                    index: Some(i),
                    error: e,
                })?;
            settle(&mut game, &mut events);
        }
        Ok((game, events))
    }
}

/// Resolves chance nodes until a seat must act (or the game is over).
pub fn settle<G: Game>(game: &mut G, events: &mut Vec<G::Event>) {
    // Each resolution moves the game on; the bound only guards against a
    // game that keeps asking for chance without changing.
    for _ in 0..10_000 {
        if game.to_act() != super::ToAct::Chance {
            break;
        }
        game.resolve_chance(events);
    }
}

/// A replayed game and the events its actions produced.
pub type Replayed<G> = (G, Vec<<G as Game>::Event>);

/// A record that does not replay.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{}: {error}", match index { Some(i) => format!("action {}", i + 1), None => "setup".to_string() })]
pub struct ReplayError<E: std::error::Error> {
    /// The position of the refused action, or `None` for the setup.
    pub index: Option<usize>,
    /// Why it was refused.
    pub error: E,
}
