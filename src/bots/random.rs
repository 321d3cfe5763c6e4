//! A bot that picks uniformly among the legal actions.

use super::Bot;
use crate::engine::{Game, GameRng};
use rand::{RngExt as _, SeedableRng as _};

/// Uniformly random play (with its own seeded RNG).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::seed_from_u64(seed),
        }
    }

    /// A random index below `n` (n > 0).
    pub fn pick(&mut self, n: usize) -> usize {
        if n <= 1 {
            0
        } else {
            self.rng.random_range(0..n)
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn needs_view(&self) -> bool {
        false
    }

    fn choose(&mut self, _view: Option<&G::View>, legal: &[G::Action]) -> usize {
        self.pick(legal.len())
    }
}
