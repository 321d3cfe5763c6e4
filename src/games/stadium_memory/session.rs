//! Stadium Memory at the shared table session: its bots (the memory bots),
//! its events in words for each reader (a VAR look names the card only to
//! the seat that looked), the spectator's view and auto-pass in response
//! windows.

use super::bot::{MemoryBot, MemoryLevel};
use super::{
    Action, Event, Setup, StadiumMemory, StadiumMemoryConfig, StadiumMemoryError, StadiumMemoryView,
};
use crate::bots::{Bot, Level, RandomBot, Strength};
use crate::engine::{Game as _, Seat};
use crate::ui::session::{Manager, Narrated, NoSeries, Session, SessionError, TableGame};

/// The game key in save files and the registry.
pub const GAME: &str = "stadium-memory";

/// A Stadium Memory game at the table.
pub type StadiumMemorySession = Session<StadiumMemory>;

/// The memory of the table's normal bot: a fan remembers half of what it
/// sees, which a person paying attention can beat.
pub const NORMAL_BOT: MemoryLevel = MemoryLevel::ALL[2];

impl TableGame for StadiumMemory {
    const ID: &'static str = GAME;
    type Names = ();
    type Series = NoSeries;

    fn bot(strength: Strength, seed: u64) -> Box<dyn Bot<StadiumMemory>> {
        match strength {
            Strength::Random => Box::new(RandomBot::new(seed)),
            Strength::Heuristic | Strength::Hard | Strength::Expert => {
                Box::new(MemoryBot::new(NORMAL_BOT, seed))
            }
        }
    }

    fn search_bot(
        config: &StadiumMemoryConfig,
        level: Level,
        seed: u64,
    ) -> Option<Box<dyn Bot<StadiumMemory>>> {
        Some(Box::new(super::search::search_bot(level, config, seed)))
    }

    fn action_words(
        &self,
        _names: &(),
        seats: &[String],
        _seat: Seat,
        action: &super::Action,
    ) -> String {
        use super::Action as A;
        let who = |s: &Seat| {
            seats
                .get(s.index())
                .cloned()
                .unwrap_or_else(|| format!("seat {}", s.0))
        };
        let at = |p: &super::Pos| p.notation(self.columns());
        match action {
            A::Turn { pos } => format!("Turn the card at {}", at(pos)),
            A::UseVar => "Use a VAR card".into(),
            A::Peek { pos } => format!("Look at the card at {}", at(pos)),
            A::PlayGame { opponent } => format!("Challenge {}", who(opponent)),
            A::TakePair { player } => {
                format!(
                    "Take the pair of {}",
                    self.cards().name(super::Card::Player(*player))
                )
            }
            A::Yellow => "Show the mover a yellow card".into(),
            A::YellowOn { target } => format!("Show {} a yellow card", who(target)),
            A::Red => "Play a red card".into(),
            A::Pass => "Pass".into(),
            A::AutoPass => "Pass, and pass by yourself from now on".into(),
            A::AskAgain => "Be asked in every window again".into(),
        }
    }

    fn config_seats(config: &StadiumMemoryConfig) -> usize {
        usize::from(config.seats)
    }

    fn hidden_draw(event: &Event) -> Option<Seat> {
        // A VAR look shows one card to one seat only.
        match event {
            Event::Peeked { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    fn reveals_to_all(&self, event: &Event) -> bool {
        // A card turned face up is seen by every seat, bots' turns too.
        matches!(event, Event::Turned { .. })
    }

    fn narrate(
        &self,
        _names: &(),
        seats: &[String],
        event: &Event,
        viewer: Option<Seat>,
    ) -> Option<Narrated> {
        // `describe` tells another seat's VAR look without its card.
        let text = event.describe(self.cards(), seats, viewer)?;
        let seat = match event {
            Event::FirstRoll { seat, .. }
            | Event::FirstMover { seat }
            | Event::TurnStarted { seat }
            | Event::Turned { seat, .. }
            | Event::PairTaken { seat, .. }
            | Event::MovesAgain { seat }
            | Event::PrizeTaken { seat, .. }
            | Event::VarUsed { seat }
            | Event::Peeked { seat, .. }
            | Event::Challenged { seat, .. }
            | Event::MatchRoll { seat, .. }
            | Event::Stopped { seat }
            | Event::WillSitOut { seat }
            | Event::SatOut { seat }
            | Event::AutoPassSet { seat, .. } => Some(*seat),
            Event::MatchWon { winner, .. } | Event::PairWon { winner, .. } => Some(*winner),
            Event::YellowShown { by, .. }
            | Event::SecondYellow { by, .. }
            | Event::RedShown { by, .. } => Some(*by),
            Event::FirstTie { .. }
            | Event::TurnedBack { .. }
            | Event::MatchTied { .. }
            | Event::GameOver { .. } => None,
        };
        let text = match event {
            Event::TurnStarted { .. } => format!("— {} —", capitalised(&text)),
            _ => capitalised(&text),
        };
        Some(Narrated { seat, text })
    }

    fn opening(&self, _names: &(), seats: &[String]) -> Vec<String> {
        let mut lines = vec![format!(
            "The stand is full: {} cards lie face down in {} rows of {} seats.",
            self.face_down(),
            self.rows(),
            self.columns()
        )];
        if matches!(self.to_act(), crate::engine::ToAct::Chance) {
            lines.push("Everyone rolls a die: the highest moves first.".into());
        } else {
            let first = seats
                .get(self.current().index())
                .cloned()
                .unwrap_or_else(|| self.current().to_string());
            lines.push(format!("{first} moves first."));
        }
        lines
    }

    fn spectator_view(&self) -> StadiumMemoryView {
        let mut v = self.view(Seat(0));
        v.peeks.clear();
        v
    }

    fn auto_pass(&self, _seat: Seat, legal: &[Action]) -> Option<usize> {
        let answering = legal.iter().all(|a| {
            matches!(
                a,
                Action::Pass
                    | Action::AutoPass
                    | Action::Yellow
                    | Action::YellowOn { .. }
                    | Action::Red
            )
        });
        if !answering {
            return None;
        }
        legal.iter().position(|a| *a == Action::Pass)
    }
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl Session<StadiumMemory> {
    /// A new game.
    pub fn new(
        managers: Vec<Manager>,
        config: StadiumMemoryConfig,
        seed: u64,
    ) -> Result<StadiumMemorySession, SessionError<StadiumMemoryError>> {
        Session::create(managers, config, seed, ())
    }

    /// A game from an exact position (for tests and worked examples).
    pub fn from_setup(
        managers: Vec<Manager>,
        config: StadiumMemoryConfig,
        setup: &Setup,
        seed: u64,
    ) -> Result<StadiumMemorySession, SessionError<StadiumMemoryError>> {
        let game = StadiumMemory::from_setup(&config, setup, seed).map_err(SessionError::Game)?;
        let mut s = Session::from_position(managers, config, game, seed, ());
        let seats = s.seat_names();
        for line in s.game().opening(&(), &seats) {
            s.note(line);
        }
        Ok(s)
    }
}

/// The log's privacy probe: a game of 2 to 6 players (drawn from
/// `seed`) with the default deck, played by random bots.
pub fn probe(seed: u64) -> Result<Box<dyn crate::ui::probe::LogProbe>, String> {
    let cards = std::sync::Arc::new(super::CardSet::default_set().map_err(|e| e.to_string())?);
    let seats = 2 + (seed % 5) as u8;
    let config = super::StadiumMemoryConfig::new(cards, seats);
    let game = StadiumMemory::new(&config, seed).map_err(|e| e.to_string())?;
    crate::ui::probe::Probe::new(game, (), Seen::default(), hidden_from, seed).boxed()
}

/// The cards seen face up so far in the probe's match, kept up to date
/// from the reveals added since the last look (the reveals only grow), so
/// a long match is not read from its start at every step.
#[derive(Default)]
struct Seen(std::cell::RefCell<(usize, std::collections::HashSet<super::Card>)>);

/// What `reader` may not see, by name: the cards face down in the stand;
/// a card another player looked at with VAR (and `reader` did not) is
/// in that player's keeping, no longer merely face down.
fn hidden_from(
    g: &StadiumMemory,
    _names: &(),
    seen: &Seen,
    reader: Option<Seat>,
) -> crate::ui::probe::Hidden {
    let cards = g.cards();
    let up: Vec<super::Pos> = g.face_up().collect();
    // A name turned face up in public (now, or in an earlier move) is no
    // secret, whichever copy of the pair it was. (Both cards of a pair are
    // the same `Card`, so the cards seen face up stand for their names.)
    let mut seen = seen.0.borrow_mut();
    let (counted, public) = &mut *seen;
    let reveals = g.reveals();
    if reveals.len() < *counted {
        *counted = 0;
        public.clear();
    }
    public.extend(reveals[*counted..].iter().map(|r| r.card));
    *counted = reveals.len();
    let seen_by = |seat: Seat, pos: super::Pos| g.peeks(seat).iter().any(|r| r.pos == pos);
    let mut supply = Vec::new();
    let mut hands = Vec::new();
    for (i, spot) in g.grid().iter().enumerate() {
        let (Some(card), Ok(raw)) = (spot, u16::try_from(i)) else {
            continue;
        };
        let pos = super::Pos(raw);
        if up.contains(&pos) {
            continue;
        }
        let mine = reader.is_some_and(|r| seen_by(r, pos));
        let theirs = Seat::all(g.seat_count()).any(|s| Some(s) != reader && seen_by(s, pos));
        if mine {
            continue;
        }
        if public.contains(card) {
            continue;
        }
        let name = cards.name(*card);
        if theirs {
            hands.push(name);
        } else {
            supply.push(name);
        }
    }
    crate::ui::probe::Hidden { supply, hands }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_lines_start_with_a_capital() {
        assert_eq!(capitalised("ana moves first"), "Ana moves first");
        assert_eq!(capitalised(""), "");
    }
}
