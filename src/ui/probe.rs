//! What a check of the log's privacy needs of a game: a match played by
//! random bots one step at a time, each step's lines as every reader
//! reads them, and the names of the cards each reader may not see. A game
//! with hidden cards offers it through its table hooks
//! ([`super::table::TableHooks::probe`]); the check itself is generic and
//! lives with the tests.

use super::session::TableGame;
use crate::bots::RandomBot;
use crate::engine::{Seat, ToAct};

/// The names of the cards a reader of the log may not see now, as the
/// log would name them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hidden {
    /// Cards face down where nobody sees them (a deck, a bench, a pack).
    pub supply: Vec<String>,
    /// Cards the other seats hold hidden from this reader.
    pub hands: Vec<String>,
}

impl Hidden {
    /// Keeps only the names `printed` has on one card: a name printed on
    /// several cannot tell which of them a line is about.
    pub fn printed_once(mut self, printed: &Printed) -> Hidden {
        self.supply.retain(|n| printed.once(n));
        self.hands.retain(|n| printed.once(n));
        self
    }
}

/// How many cards carry each name the log uses.
#[derive(Clone, Debug, Default)]
pub struct Printed(std::collections::HashMap<String, usize>);

impl Printed {
    /// The count of every name in `names` (one a card).
    pub fn count(names: impl IntoIterator<Item = String>) -> Printed {
        let mut counts = std::collections::HashMap::new();
        for n in names {
            *counts.entry(n).or_default() += 1;
        }
        Printed(counts)
    }

    /// Whether `name` is printed on exactly one card.
    pub fn once(&self, name: &str) -> bool {
        self.0.get(name) == Some(&1)
    }
}

/// A match played by random bots, one step at a time, as the log's
/// privacy check reads it.
pub trait LogProbe {
    /// The seats of the match.
    fn seats(&self) -> usize;

    /// What `reader` (`None`: a spectator) may not see now.
    fn hidden(&self, reader: Option<Seat>) -> Hidden;

    /// Plays one step (chance, or one decision by the seat to act) and
    /// returns the lines it wrote, for each reader: the spectator first,
    /// then each seat. `None` once the match is over.
    fn step(&mut self) -> Option<Vec<Vec<String>>>;
}

/// Makes a game's probe for a seed (its seats and options drawn from it),
/// or says why its cards cannot be read.
pub type MakeProbe = fn(u64) -> Result<Box<dyn LogProbe>, String>;

/// Names what a reader may not see in a match of `G`, with what the game
/// worked out once for the match (`C`: which names are printed on one
/// card only, say).
pub type HiddenFn<G, C> = fn(&G, &<G as TableGame>::Names, &C, Option<Seat>) -> Hidden;

/// The probe of any game: its match, what names its cards, a random bot,
/// and the game's own account of what each reader may not see.
pub struct Probe<G: TableGame, C> {
    game: G,
    names: G::Names,
    context: C,
    hidden: HiddenFn<G, C>,
    bot: RandomBot,
    seats: Vec<String>,
}

impl<G: TableGame, C: 'static> Probe<G, C> {
    /// A probe of `game`, whose cards `names` name in the log.
    pub fn new(game: G, names: G::Names, context: C, hidden: HiddenFn<G, C>, seed: u64) -> Self {
        let seats = (0..game.seat_count())
            .map(|i| format!("Manager{i}"))
            .collect();
        Probe {
            game,
            names,
            context,
            hidden,
            bot: RandomBot::new(seed),
            seats,
        }
    }
}

impl<G: TableGame + 'static, C: 'static> Probe<G, C> {
    /// The probe, boxed as a [`MakeProbe`] returns it.
    pub fn boxed(self) -> Result<Box<dyn LogProbe>, String> {
        Ok(Box::new(self))
    }
}

impl<G: TableGame, C: 'static> LogProbe for Probe<G, C> {
    fn seats(&self) -> usize {
        self.game.seat_count()
    }

    fn hidden(&self, reader: Option<Seat>) -> Hidden {
        (self.hidden)(&self.game, &self.names, &self.context, reader)
    }

    fn step(&mut self) -> Option<Vec<Vec<String>>> {
        let mut events = Vec::new();
        match self.game.to_act() {
            ToAct::Over => return None,
            ToAct::Chance => self.game.resolve_chance(&mut events),
            to_act => {
                let seat = match to_act {
                    ToAct::One(s) => s,
                    ToAct::Simultaneous(set) => set.iter().next()?,
                    _ => return None,
                };
                let mut legal = Vec::new();
                self.game.legal_actions(seat, &mut legal);
                let i = crate::bots::Bot::<G>::choose(&mut self.bot, None, &legal);
                let action = legal.get(i)?.clone();
                self.game.apply_logged(seat, &action, &mut events).ok()?;
            }
        }
        let readers = std::iter::once(None).chain((0..self.seats()).map(|i| Some(Seat(i as u8))));
        Some(
            readers
                .map(|reader| {
                    events
                        .iter()
                        .filter_map(|e| self.game.narrate(&self.names, &self.seats, e, reader))
                        .map(|n| n.text)
                        .collect()
                })
                .collect(),
        )
    }
}
