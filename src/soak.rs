//! Soak runs: many bot games of every game, each checked for the three
//! failures a table must never show: a panic, a game that does not end,
//! and a card created or lost.
//!
//! `touchline soak` drives these through the registry's `soak` hook (see
//! [`crate::games::GameEntry::soak`]); each game's hook sets up a game
//! from a seed (seats, bots and options drawn from the seed) and plays it
//! with [`play_checked`]. Panics are caught by the caller, not here.

use crate::bots::Bot;
use crate::engine::{Game, Stop};
use std::fmt::Debug;

/// A game past this many decisions has not ended: every game of the
/// registry ends in a few thousand at most.
pub const MAX_DECISIONS: u64 = 200_000;

/// What one soak game found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoakGame {
    /// Decisions made by the bots.
    pub decisions: u64,
    /// What went wrong, if anything (the game did not end, a card was
    /// created or lost, a legal action was refused).
    pub failure: Option<String>,
}

impl SoakGame {
    /// A game that ended with nothing wrong.
    pub fn ok(decisions: u64) -> SoakGame {
        SoakGame {
            decisions,
            failure: None,
        }
    }
}

/// Plays one soak game from a seed (the registry's soak hook hands one of
/// these out per data source).
pub type SoakOne = Box<dyn Fn(u64) -> SoakGame + Send + Sync>;

/// Plays `game` to the end with `bots`, checking after every decision that
/// `census` (every card wherever it is, in any order) is the same list as
/// at the deal. Stops at the first problem.
pub fn play_checked<G, C, F>(mut game: G, bots: &mut [Box<dyn Bot<G>>], census: F) -> SoakGame
where
    G: Game,
    C: Ord + Debug,
    F: Fn(&G) -> Vec<C>,
{
    let sorted = |g: &G| {
        let mut v = census(g);
        v.sort_unstable();
        v
    };
    let dealt = sorted(&game);
    let played = crate::bots::play_out(&mut game, bots, MAX_DECISIONS, |g| {
        let now = sorted(g);
        (now != dealt).then(|| census_difference(&dealt, &now))
    });
    let failure = match played.stop {
        Stop::Over if game.outcome().is_none() => Some("over without an outcome".to_string()),
        Stop::Over => None,
        Stop::Limit => Some(format!("not over after {MAX_DECISIONS} decisions")),
        Stop::Stalled(why) | Stop::Refused(why) | Stop::Watched(why) => Some(why),
    };
    SoakGame {
        decisions: played.decisions + played.chance,
        failure,
    }
}

/// Which cards were created or lost between two sorted censuses.
fn census_difference<C: Ord + Debug>(dealt: &[C], now: &[C]) -> String {
    let (mut lost, mut made) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < dealt.len() || j < now.len() {
        match (dealt.get(i), now.get(j)) {
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(a), Some(b)) if a < b => {
                lost.push(a);
                i += 1;
            }
            (Some(a), None) => {
                lost.push(a);
                i += 1;
            }
            (_, Some(b)) => {
                made.push(b);
                j += 1;
            }
            (None, None) => break,
        }
    }
    format!(
        "cards changed: {} lost {lost:?}, {} created {made:?}",
        lost.len(),
        made.len()
    )
}

/// A small, well-mixed number from a seed and a salt, for the choices a
/// soak hook draws (seats, bots, options).
pub fn pick(seed: u64, salt: u64, n: u64) -> u64 {
    let mut z = seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % n.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_names_what_was_lost_and_made() {
        let d = census_difference(&[1, 2, 2, 3], &[1, 2, 3, 4]);
        assert_eq!(d, "cards changed: 1 lost [2], 1 created [4]");
    }

    #[test]
    fn picks_stay_in_range_and_vary() {
        let seen: std::collections::BTreeSet<u64> = (0..100).map(|s| pick(s, 7, 5)).collect();
        assert_eq!(seen, (0..5).collect());
    }
}
