//! Booked! at the shared table session: its bots, its events in words for
//! each reader, the spectator's view, auto-pass in answer windows and the
//! group stage as a series of matches.

use super::bot::HeuristicBot;
use super::group::GroupStage;
use super::{Action, Booked, BookedConfig, BookedError, BookedView, CardSet, Deal, Event};
use crate::bots::{Bot, RandomBot, Strength};
use crate::engine::{Game as _, Seat};
use crate::ui::session::{Fixture, Manager, Narrated, Series, Session, SessionError, TableGame};
use std::sync::Arc;

/// A Booked! match at the table.
pub type BookedSession = Session<Booked>;

impl TableGame for Booked {
    const ID: &'static str = "booked";
    type Names = ();
    type Series = GroupStage;

    fn bot(strength: Strength, seed: u64) -> Box<dyn Bot<Booked>> {
        match strength {
            Strength::Random => Box::new(RandomBot::new(seed)),
            Strength::Heuristic => Box::new(HeuristicBot::new(seed)),
        }
    }

    fn config_seats(config: &BookedConfig) -> usize {
        usize::from(config.seats)
    }

    fn narrate(
        &self,
        _names: &(),
        seats: &[String],
        event: &Event,
        viewer: Option<Seat>,
    ) -> Option<Narrated> {
        let name = |s: &Seat| {
            seats
                .get(s.index())
                .cloned()
                .unwrap_or_else(|| s.to_string())
        };
        // A spectator's log never shows cards drawn face down by anyone.
        let visible = event.visible_to(viewer.unwrap_or(Seat(u8::MAX)));
        let Some(e) = visible else {
            return match event {
                Event::Drew { seat, .. } => Some(Narrated {
                    seat: Some(*seat),
                    text: format!("{} draws from the deck", name(seat)),
                }),
                Event::SetPiece {
                    seat, to_bottom, ..
                } => Some(Narrated {
                    seat: Some(*seat),
                    text: format!(
                        "{} keeps one card and puts {to_bottom} at the bottom",
                        name(seat)
                    ),
                }),
                _ => None,
            };
        };
        let mut text = e.describe(self.cards());
        for (i, n) in seats.iter().enumerate().rev() {
            text = text.replace(&format!("seat {i}"), n);
        }
        let seat = match &e {
            Event::Played { seat, .. }
            | Event::Responded { seat, .. }
            | Event::Drew { seat, .. }
            | Event::TurnStarted { seat }
            | Event::GoalCalled { seat, .. } => Some(*seat),
            _ => None,
        };
        if matches!(e, Event::TurnStarted { .. }) {
            text = format!("— {text} —");
        }
        Some(Narrated { seat, text })
    }

    fn opening(&self, _names: &(), seats: &[String]) -> Vec<String> {
        let first = seats
            .get(self.current().index())
            .cloned()
            .unwrap_or_else(|| self.current().to_string());
        vec![format!("Kick-off: {first} starts.")]
    }

    fn spectator_view(&self) -> BookedView {
        let mut v = self.view(Seat(0));
        v.hand.clear();
        v.set_piece.clear();
        v.draft_selected.clear();
        v
    }

    fn auto_pass(&self, _seat: Seat, legal: &[Action]) -> Option<usize> {
        let answering = legal
            .iter()
            .all(|a| matches!(a, Action::Pass | Action::Respond { .. }));
        if !answering {
            return None;
        }
        legal.iter().position(|a| *a == Action::Pass)
    }
}

impl Series<Booked> for GroupStage {
    fn seat_map(&self, managers: usize) -> Option<Vec<usize>> {
        match self.next_match() {
            Some(next) => Some(next.managers.iter().map(|s| s.index()).collect()),
            None => Some((0..managers).collect()),
        }
    }

    fn advance(
        &mut self,
        game: &Booked,
        _config: &BookedConfig,
    ) -> Result<Option<Fixture<Booked>>, BookedError> {
        if game.is_over() {
            self.record(game);
        }
        Ok(self
            .next_match()
            .map(|n| (n.config, n.managers.iter().map(|s| s.index()).collect())))
    }

    fn announce(&self, _seats: &[String], first: bool) -> Option<String> {
        if first {
            return None;
        }
        let decider = self.next_match().is_some_and(|n| n.decider);
        Some(if decider {
            "Sudden death: the first legal 7 wins.".into()
        } else {
            "Next match.".into()
        })
    }
}

impl Session<Booked> {
    /// A new single match.
    pub fn new(
        managers: Vec<Manager>,
        config: BookedConfig,
        seed: u64,
    ) -> Result<BookedSession, SessionError<BookedError>> {
        Session::create(managers, config, seed, ())
    }

    /// A match from an exact position (for tests and worked examples).
    pub fn from_deal(
        managers: Vec<Manager>,
        config: BookedConfig,
        deal: &Deal,
        seed: u64,
    ) -> Result<BookedSession, SessionError<BookedError>> {
        let game = Booked::from_deal(&config, deal, seed).map_err(SessionError::Game)?;
        let mut s = Session::from_position(managers, config, game, seed, ());
        let seats = s.seat_names();
        for line in s.game().opening(&(), &seats) {
            s.note(line);
        }
        Ok(s)
    }

    /// A new group stage: its first match starts now.
    pub fn new_group(
        managers: Vec<Manager>,
        base: BookedConfig,
        seed: u64,
    ) -> Result<BookedSession, SessionError<BookedError>> {
        let stage = GroupStage::new(base.clone());
        let Some(next) = stage.next_match() else {
            return Err(SessionError::NoMatch);
        };
        Session::create_series(managers, next.config, seed, (), stage)
    }

    /// The card set.
    pub fn cards(&self) -> &Arc<CardSet> {
        self.game().cards()
    }

    /// The group stage, if one is being played.
    pub fn group(&self) -> Option<&GroupStage> {
        self.series()
    }
}
