//! The one play-out loop: a game played on from where it stands, each seat's
//! decision asked of a [`Chooser`], chance resolved by the game's own RNG,
//! until the game ends or a limit stops it. Simulations, soaks, the balance
//! lab, search play-outs and the tests all play games through it, so they
//! agree on what a decision is and on how a game that cannot go on is told
//! apart from one that ended.

use super::{Game, NoLog, Seat, ToAct};

/// Picks an action for a seat. A bot sees only its seat's view: a chooser
/// that wraps bots builds the view from `game` and hands the bot nothing
/// else (see `bots::Seats`).
pub trait Chooser<G: Game> {
    /// The index in `legal` (never empty) of the action `seat` takes.
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> usize;
}

impl<G: Game, F: FnMut(&G, Seat, &[G::Action]) -> usize> Chooser<G> for F {
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> usize {
        self(game, seat, legal)
    }
}

/// Why a play-out stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The game ended by its rules.
    Over,
    /// The decision limit was reached first (the game was abandoned).
    Limit,
    /// A seat had to act with no legal action, or a simultaneous step asked
    /// nobody: the game cannot go on (an engine fault).
    Stalled(String),
    /// An action the game listed as legal was refused (an engine fault).
    Refused(String),
    /// The watcher stopped the game (a soak found a card created or lost).
    Watched(String),
}

/// What a play-out came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOut {
    /// Decisions taken by the seats (chance steps not counted).
    pub decisions: u64,
    /// Chance steps resolved.
    pub chance: u64,
    /// Why it stopped.
    pub stop: Stop,
}

/// Plays `game` on until it ends, `max_decisions` decisions are taken, or
/// something goes wrong. Each seat to act is asked through `chooser`; of
/// several seats deciding at once, the lowest seat first. After every
/// decision `watch` may stop the game with a reason. Events are not kept
/// (the engine's fast path).
pub fn play_out<G: Game>(
    game: &mut G,
    chooser: &mut impl Chooser<G>,
    max_decisions: u64,
    mut watch: impl FnMut(&G) -> Option<String>,
) -> PlayOut {
    let mut legal = Vec::new();
    let mut out = PlayOut {
        decisions: 0,
        chance: 0,
        stop: Stop::Over,
    };
    // A game that asks for chance this many times in a row without a
    // decision does not move on.
    let mut chance_run = 0u32;
    loop {
        let seat = match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                chance_run += 1;
                if chance_run > 10_000 {
                    out.stop = Stop::Stalled("chance never settles".into());
                    break;
                }
                game.resolve_chance(&mut NoLog);
                out.chance += 1;
                continue;
            }
            ToAct::One(s) => s,
            ToAct::Simultaneous(set) => match set.iter().next() {
                Some(s) => s,
                None => {
                    out.stop = Stop::Stalled("a simultaneous step with nobody to act".into());
                    break;
                }
            },
        };
        chance_run = 0;
        if out.decisions >= max_decisions {
            out.stop = Stop::Limit;
            break;
        }
        game.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            out.stop = Stop::Stalled(format!("{seat} must act but has no legal action"));
            break;
        }
        let i = chooser.choose(game, seat, &legal).min(legal.len() - 1);
        if let Err(e) = game.apply(seat, &legal[i]) {
            out.stop = Stop::Refused(format!("the legal action {:?} was refused: {e}", legal[i]));
            break;
        }
        out.decisions += 1;
        if let Some(why) = watch(game) {
            out.stop = Stop::Watched(why);
            break;
        }
    }
    out
}
