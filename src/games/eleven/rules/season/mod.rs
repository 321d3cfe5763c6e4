//! The Eleven season: six Weeks for 1-4 managers (or solo with a
//! Scenario sheet), as a pure engine behind the [`Game`] trait.
//!
//! [`Season::setup`] lays out the Transfer Area, every club's boards and
//! starting cards (a Veteran, a Youngster, a First Trainer, a basic Tactic),
//! the Opponent decks and the League table with the Division's 8 Opponent
//! markers. The Director draft (4, 3, 2; solo: revealed 4, 3, 2) and the
//! Objective choice open the game; then each Week runs Monday (Production,
//! the Board Meeting with the Directors' vote and Fan Base rerolls),
//! Tuesday to Thursday (a Basic action and a Paid action per Day in turn
//! order), Matchday (the existing Matchday engine, the consequence roll
//! with rerolls, the League moved for every team) and the End of the
//! Week's six steps. After Week 6, or when the Opponent cards run out, the
//! Final Scoring decides; ties go to the higher League position, then the
//! victory is shared.
//!
//! Each decision is an [`Action`]; [`Season::check`] says why one is
//! illegal without changing anything and [`Season::options`] lists the
//! candidates with their reasons, for a table to grey out. Each seat sees
//! a [`SeasonView`] with other managers' hidden cards stripped.
//!
//! The rule decisions are numbered in `docs/eleven.md` (section 11) and in
//! the parent module's docs.

pub mod action;
pub mod ask;
pub mod bot;
pub mod choices;
pub mod club;
mod determinize;
pub mod event;
mod flow;
pub mod jersey;
pub mod ops;
mod plan;
pub mod solo;
pub mod state;
#[cfg(test)]
mod tests;
pub mod view;
pub mod words;

pub use action::{Action, CardRef, MatchPlan, Row, SeasonError};
pub use ask::Question;
pub use bot::SeasonBot;
pub use choices::EffectChoice;
pub use club::Club;
pub use event::Event;
pub use jersey::Jerseys;
pub use solo::{SoloScenario, manager_rank, parse_scenarios};
pub use state::{Phase, Season, SeasonConfig, SeasonScore};
pub use view::SeasonView;

use crate::engine::{Game, Outcome, Seat, SeatSet, Sink, ToAct};

impl Game for Season {
    type Config = SeasonConfig;
    type Action = Action;
    type View = SeasonView;
    type Event = Event;
    type Error = SeasonError;

    fn new(config: &SeasonConfig, seed: u64) -> Result<Self, SeasonError> {
        Season::setup(config, seed, &mut Vec::new())
    }

    fn seat_count(&self) -> usize {
        self.clubs.len()
    }

    fn to_act(&self) -> ToAct {
        if let Some(seat) = self.question_seat()
            && self.phase != Phase::Over
        {
            return ToAct::One(seat);
        }
        match self.phase {
            Phase::Over => ToAct::Over,
            Phase::Draft(_) | Phase::Objective => {
                let mut set = SeatSet::default();
                for s in &self.queue {
                    set = set.with(*s);
                }
                ToAct::Simultaneous(set)
            }
            _ => match self.queue.first() {
                Some(s) => ToAct::One(*s),
                None => ToAct::Over,
            },
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        out.extend(self.legal(seat));
    }

    fn apply_with(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut impl Sink<Event>,
    ) -> Result<(), SeasonError> {
        // The season writes its events into a list as it goes; a sink that
        // keeps none also spares the Match its commentary.
        let quiet = self.quiet;
        self.quiet = quiet || !log.wants();
        let mut events = Vec::new();
        let r = self.act(seat, action, &mut events);
        self.quiet = quiet;
        for e in events {
            log.push(|| e);
        }
        r
    }

    fn view(&self, seat: Seat) -> SeasonView {
        self.view_for(Some(seat))
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        Some(Outcome {
            winners: self.winners.clone(),
            ending: if self.winners.len() > 1 {
                "shared".into()
            } else {
                "season".into()
            },
        })
    }

    fn turns(&self) -> u32 {
        self.turns
    }
}
