//! Questions asked while an effect resolves (decision 46 in
//! `docs/eleven.md`, with [`SeasonConfig::ask`]).
//!
//! Some of a manager's choices can be answered only once the effect is
//! under way: which of the cards just drawn to keep, whether to spend 1
//! Fan Base on rolling a failed die again, which of two Players wearing
//! the number rolled is hit, which Staff card takes a Suspension pair at
//! the End of the Week; and any choice an action's `picks` did not
//! answer. With [`SeasonConfig::ask`] the engine stops there and asks.
//!
//! It does so by replay. An action resolves with the answers given so
//! far (its `picks`, then the answers to earlier questions, in the order
//! the questions come); the first choice it reaches with no answer is
//! recorded, and the season goes back to how it stood before the action,
//! with the [`Question`] waiting. [`Action::Answer`] adds the answer and
//! resolves the action again from the same state: the same seeded RNG
//! draws the same cards and rolls the same dice, so the manager sees
//! nothing change but the answer. Only the last, whole resolution leaves
//! events for the log; while a question waits, the season shows nothing
//! of it to the other managers but who is deciding.
//!
//! [`SeasonConfig::ask`]: super::SeasonConfig::ask

use super::action::{Action, SeasonError};
use super::choices::EffectChoice;
use super::event::Event;
use super::ops::Picks;
use super::state::Season;
use crate::engine::Seat;
use crate::games::eleven::effect::{CardKind, Target};
use crate::games::eleven::vocab::{Deck, Side};
use serde::{Deserialize, Serialize};

/// A choice waiting for a manager's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    /// The club asked (its manager answers).
    pub club: usize,
    /// The question, its answers and the preselected default.
    pub choice: EffectChoice,
    /// Who took the action being resolved.
    pub actor: Seat,
    /// The action being resolved.
    pub action: Action,
    /// The answers given to its earlier questions, in order.
    pub answers: Vec<u8>,
    /// The card whose effect asks (its id), or the step ("Maintenance").
    #[serde(default)]
    pub source: String,
}

/// The answers an action resolves with, and the first question it
/// reached without one (transient: empty outside [`Season::act`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Feed {
    on: bool,
    answers: Vec<u8>,
    at: usize,
    asked: Option<(usize, EffectChoice, String)>,
    source: String,
}

impl Season {
    /// The answer to a choice of club `c`: the next of `picks`, else (when
    /// the season asks) the next answer given to a question; `None` takes
    /// the caller's default. The first choice with no answer is recorded
    /// as the question, built by `make`, unless it offers one answer or
    /// none (then nothing is asked).
    pub(crate) fn ask(
        &mut self,
        picks: &mut Picks,
        c: usize,
        make: impl FnOnce(&Season) -> EffectChoice,
    ) -> Option<u8> {
        if let Some(p) = picks.next() {
            return Some(p);
        }
        self.ask_feed(c, make)
    }

    /// As [`Season::ask`] for a choice no action's `picks` answer (the
    /// End of the Week's).
    pub(crate) fn ask_feed(
        &mut self,
        c: usize,
        make: impl FnOnce(&Season) -> EffectChoice,
    ) -> Option<u8> {
        if !self.feed.on {
            return None;
        }
        if let Some(a) = self.feed.answers.get(self.feed.at).copied() {
            self.feed.at += 1;
            return Some(a);
        }
        if self.feed.asked.is_none() {
            let q = make(self);
            if q.options.len() < 2 {
                return q.options.first().map(|(v, _)| *v);
            }
            self.feed.asked = Some((c, q, self.feed.source.clone()));
        }
        None
    }

    /// Names what resolves now (a card id, or a step), for the question
    /// it may ask.
    pub(crate) fn resolving(&mut self, source: &str) {
        if self.feed.on && self.feed.source != source {
            self.feed.source = source.to_string();
        }
    }

    /// Whether the season asks its managers now (an action is resolving
    /// with [`super::SeasonConfig::ask`]).
    pub(crate) fn asking(&self) -> bool {
        self.feed.on
    }

    /// The seat whose manager answers the waiting question.
    pub fn question_seat(&self) -> Option<Seat> {
        self.question.as_ref().map(|q| Self::seat_of(q.club))
    }

    /// Checks an answer to the waiting question.
    pub(super) fn check_answer(&self, seat: Seat, k: u8) -> Result<(), SeasonError> {
        let Some(q) = &self.question else {
            return Err(SeasonError::WrongPhase(self.phase.name()));
        };
        if Self::seat_of(q.club) != seat {
            return Err(SeasonError::NotYourTurn);
        }
        if !q.choice.options.iter().any(|(v, _)| *v == k) {
            return Err(SeasonError::NoSuchCard(format!(
                "answer {k} to \"{}\"",
                q.choice.question
            )));
        }
        Ok(())
    }

    /// Resolves `action` for `seat` with `answers` to its questions; with
    /// [`super::SeasonConfig::ask`], stops at the first question left
    /// (the season as before the action) or resolves it whole.
    pub(super) fn act_asking(
        &mut self,
        seat: Seat,
        action: &Action,
        answers: Vec<u8>,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        if !self.config.ask {
            return self.act_once(seat, action, events);
        }
        let before = self.clone();
        let mark = events.len();
        self.feed = Feed {
            on: true,
            answers: answers.clone(),
            at: 0,
            asked: None,
            source: String::new(),
        };
        let r = self.act_once(seat, action, events);
        let asked = std::mem::take(&mut self.feed).asked;
        match (r, asked) {
            (Ok(()), Some((club, choice, source))) => {
                *self = before;
                events.truncate(mark);
                self.question = Some(Box::new(Question {
                    club,
                    choice,
                    actor: seat,
                    action: action.clone(),
                    answers,
                    source,
                }));
                Ok(())
            }
            (Ok(()), None) => Ok(()),
            (Err(e), _) => {
                *self = before;
                events.truncate(mark);
                Err(e)
            }
        }
    }

    /// Answers the waiting question with `k` and resolves its action
    /// again (it may ask the next question).
    pub(super) fn answer(
        &mut self,
        seat: Seat,
        k: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        self.check_answer(seat, k)?;
        let Some(q) = self.question.take() else {
            return Err(SeasonError::WrongPhase(self.phase.name()));
        };
        let mut answers = q.answers.clone();
        answers.push(k);
        let r = self.act_asking(q.actor, &q.action, answers, events);
        if r.is_err() {
            self.question = Some(q);
        }
        r
    }
}

impl Season {
    /// Club `c`'s Players whose Jersey number is `roll` on the
    /// twelve-sided die (the Goalkeeper is 1; 12 names every card
    /// numbered 12 or more or unnumbered).
    pub fn players_by_number(&self, c: usize, roll: u8) -> Vec<usize> {
        let Some(club) = self.clubs.get(c) else {
            return Vec::new();
        };
        (0..club.players.len())
            .filter(|&i| {
                let p = &club.players[i];
                let jersey = self
                    .config
                    .decks
                    .players
                    .get(p.card)
                    .and_then(|card| card.side(p.side).jersey);
                if roll >= 12 {
                    jersey.is_none_or(|j| j >= 12)
                } else {
                    jersey == Some(roll)
                }
            })
            .collect()
    }

    /// A Player card of club `c` in words: its name, Task and Strength.
    fn player_words(&self, c: usize, i: usize) -> String {
        let Some(p) = self.clubs.get(c).and_then(|club| club.players.get(i)) else {
            return format!("Player {}", i + 1);
        };
        let Some(card) = self.config.decks.players.get(p.card) else {
            return format!("Player {}", i + 1);
        };
        let side = card.side(p.side);
        format!(
            "{} ({}, Strength {})",
            side.name,
            side.task.key(),
            self.player_strength(c, i)
        )
    }

    /// Which of club `c`'s Players `among` (squad places), the first the
    /// default.
    pub(crate) fn player_choice(
        &self,
        c: usize,
        question: String,
        among: &[usize],
    ) -> EffectChoice {
        EffectChoice {
            question,
            options: among
                .iter()
                .filter_map(|&i| Some((u8::try_from(i).ok()?, self.player_words(c, i))))
                .collect(),
            default: among
                .first()
                .and_then(|&i| u8::try_from(i).ok())
                .unwrap_or(0),
            cards: Vec::new(),
        }
    }

    /// Which of the cards just drawn from `deck` to keep (by their place
    /// among those left), the first drawn the default.
    pub(crate) fn keep_choice(&self, deck: Deck, drawn: &[usize]) -> EffectChoice {
        let decks = &self.config.decks;
        let words = |card: usize| -> String {
            match deck {
                Deck::Player | Deck::Youngster | Deck::Veteran => {
                    decks.players.get(card).map_or_else(String::new, |p| {
                        let side = p.side(Side::Untrained);
                        format!(
                            "{} ({}, Strength {})",
                            side.name,
                            side.task.key(),
                            side.strength
                        )
                    })
                }
                Deck::Staff => decks
                    .staff
                    .get(card)
                    .map(|x| x.name.clone())
                    .unwrap_or_default(),
                Deck::Sponsor => decks
                    .sponsors
                    .get(card)
                    .map(|x| x.front.name.clone())
                    .unwrap_or_default(),
                Deck::Tactic => decks
                    .tactics
                    .get(card)
                    .map(|x| x.name.clone())
                    .unwrap_or_default(),
                Deck::Objective => decks
                    .objectives
                    .get(card)
                    .map(|x| x.name.clone())
                    .unwrap_or_default(),
                Deck::BoardMeeting => decks
                    .board_meetings
                    .get(card)
                    .map(|x| x.name.clone())
                    .unwrap_or_default(),
            }
        };
        let id_of = |card: usize| -> String {
            let id = match deck {
                Deck::Player | Deck::Youngster | Deck::Veteran => {
                    decks.players.get(card).map(|x| &x.id)
                }
                Deck::Staff => decks.staff.get(card).map(|x| &x.id),
                Deck::Sponsor => decks.sponsors.get(card).map(|x| &x.id),
                Deck::Tactic => decks.tactics.get(card).map(|x| &x.id),
                Deck::Objective => decks.objectives.get(card).map(|x| &x.id),
                Deck::BoardMeeting => decks.board_meetings.get(card).map(|x| &x.id),
            };
            id.cloned().unwrap_or_default()
        };
        EffectChoice {
            question: format!("Drawn from the {} deck: keep which?", deck.title()),
            options: drawn
                .iter()
                .enumerate()
                .filter_map(|(k, &card)| Some((u8::try_from(k).ok()?, words(card))))
                .collect(),
            default: 0,
            cards: drawn.iter().map(|&card| id_of(card)).collect(),
        }
    }

    /// Which of club `c`'s cards of `kind` (`candidates`, places in its
    /// list) to discard, `default` preselected.
    pub(crate) fn discard_choice(
        &self,
        c: usize,
        kind: CardKind,
        candidates: &[usize],
        default: usize,
    ) -> EffectChoice {
        let decks = &self.config.decks;
        let Some(club) = self.clubs.get(c) else {
            return EffectChoice::default();
        };
        let words = |i: usize| -> Option<String> {
            Some(match kind {
                CardKind::Player => self.player_words(c, i),
                CardKind::Staff => decks.staff.get(club.staff.get(i)?.card)?.name.clone(),
                CardKind::Sponsor => decks
                    .sponsors
                    .get(club.sponsors.get(i)?.card)?
                    .front
                    .name
                    .clone(),
                CardKind::Tactic => decks.tactics.get(*club.tactics.get(i)?)?.name.clone(),
                CardKind::Director => decks
                    .directors
                    .get(club.directors.get(i)?.card)?
                    .name
                    .clone(),
            })
        };
        let what = match kind {
            CardKind::Player => "Player",
            CardKind::Staff => "Staff card",
            CardKind::Sponsor => "Sponsor",
            CardKind::Tactic => "Tactic card",
            CardKind::Director => "Director",
        };
        EffectChoice {
            question: format!("Discard which {what}?"),
            options: candidates
                .iter()
                .filter_map(|&i| Some((u8::try_from(i).ok()?, words(i)?)))
                .collect(),
            default: u8::try_from(default).unwrap_or(0),
            cards: Vec::new(),
        }
    }

    /// Which Staff card or Director of club `c` takes (`place`) or loses
    /// Suspension tokens: the cards without one (with one), Staff first
    /// and Directors after them (`target` says which may), the engine's
    /// choice (the first Staff card) preselected.
    pub(crate) fn suspension_choice(&self, c: usize, target: Target, place: bool) -> EffectChoice {
        let decks = &self.config.decks;
        let mut options: Vec<(u8, String)> = Vec::new();
        let Some(club) = self.clubs.get(c) else {
            return EffectChoice::default();
        };
        let staff_n = club.staff.len();
        if target != Target::ChosenDirector {
            for (i, o) in club.staff.iter().enumerate() {
                if (o.suspension > 0) != place
                    && let (Ok(v), Some(card)) = (u8::try_from(i), decks.staff.get(o.card))
                {
                    options.push((v, card.name.clone()));
                }
            }
        }
        if target != Target::ChosenStaff {
            let offset = if target == Target::ChosenDirector {
                0
            } else {
                staff_n
            };
            for (i, o) in club.directors.iter().enumerate() {
                if (o.suspension > 0) != place
                    && let (Ok(v), Some(card)) =
                        (u8::try_from(i + offset), decks.directors.get(o.card))
                {
                    options.push((v, format!("{} (Director)", card.name)));
                }
            }
        }
        EffectChoice {
            question: format!(
                "Which card {} a Suspension token?",
                if place { "gets" } else { "loses" }
            ),
            default: options.first().map_or(0, |(v, _)| *v),
            options,
            cards: Vec::new(),
        }
    }
}

/// How often a failed die of an effect may be rolled again for 1 Fan
/// Base each: unasked, at most the count the effect's pick gives (none
/// without one); asked, the manager decides after each failed roll.
pub(crate) enum Rerolls {
    /// Rolls again left.
    Count(u8),
    /// Ask after each failed roll.
    Ask,
}

impl Season {
    /// The rerolls a die of an effect may take, reading its pick when the
    /// season does not ask.
    pub(crate) fn rerolls(&self, picks: &mut Picks) -> Rerolls {
        if self.asking() {
            Rerolls::Ask
        } else {
            Rerolls::Count(picks.next().unwrap_or(0))
        }
    }

    /// Whether club `c` rolls a failed die again (the caller then takes
    /// the 1 Fan Base): a count left, or the manager's answer to
    /// "`roll`: spend 1 Fan Base to roll again?".
    pub(crate) fn roll_again(
        &mut self,
        picks: &mut Picks,
        c: usize,
        rerolls: &mut Rerolls,
        roll: impl FnOnce() -> String,
    ) -> bool {
        match rerolls {
            Rerolls::Count(0) => false,
            Rerolls::Count(n) => {
                *n -= 1;
                true
            }
            Rerolls::Ask => {
                let question = format!("{}: spend 1 Fan Base to roll again?", roll());
                let choice = EffectChoice {
                    question,
                    options: vec![
                        (1, "Roll again (1 Fan Base)".into()),
                        (0, "Keep the roll".into()),
                    ],
                    default: 0,
                    cards: Vec::new(),
                };
                self.ask(picks, c, |_| choice) == Some(1)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::decks;
    use super::super::{Action, CardRef, Event, Phase, Season, SeasonConfig, SeasonView};
    use crate::engine::{Game as _, Seat, ToAct};
    use crate::games::eleven::effect::{Effect, EffectBlock, Target};
    use crate::games::eleven::vocab::{Deck, Resource, Timing, Token};
    use std::sync::Arc;

    /// A season that asks, on Week 1's Tuesday, whose club 0 holds a
    /// Staff card (the last of the club's list) whose action is `effects`.
    fn with_action(managers: u8, effects: Vec<Effect>) -> (Season, CardRef) {
        let mut d = (*decks()).clone();
        let k = d.staff.len() - 1;
        d.staff[k].abilities = vec![EffectBlock {
            timing: Timing::Action,
            cost: Default::default(),
            condition: None,
            effects,
            text: None,
        }];
        let mut config = SeasonConfig::new(Arc::new(d), managers, 2);
        config.ask = true;
        let mut s = Season::new(&config, 5).expect("setup");
        while !matches!(s.phase, Phase::Day(0)) {
            let seat = s.current().expect("someone decides");
            let a = match s.phase {
                Phase::Draft(_) => Action::Draft(0),
                Phase::Objective => Action::KeepObjective(0),
                _ => Action::AcceptBoard { picks: Vec::new() },
            };
            // Answer whatever the setup asks with its default.
            let a = match &s.question {
                Some(q) => Action::Answer(q.choice.default),
                None => a,
            };
            s.act(seat, &a, &mut Vec::new()).expect("legal");
        }
        s.clubs[0].staff.push(super::super::club::OwnedCard {
            card: k,
            exhausted: false,
            suspension: 0,
        });
        s.queue = (0..managers).map(Seat).collect();
        let card = CardRef::Staff(s.clubs[0].staff.len() - 1);
        (s, card)
    }

    fn use_card(card: CardRef) -> Action {
        Action::CardAction {
            card,
            paid: false,
            picks: Vec::new(),
        }
    }

    #[test]
    fn the_cards_drawn_are_named_and_the_one_answered_is_kept() {
        let draw = Effect::Draw {
            deck: Deck::Veteran,
            count: 2,
            keep: Some(1),
        };
        for answer in [0u8, 1] {
            let (mut s, card) = with_action(2, vec![draw.clone()]);
            let squad = s.clubs[0].players.len();
            let before = s.clone();
            let mut ev = Vec::new();
            s.act(Seat(0), &use_card(card), &mut ev).expect("legal");
            assert!(ev.is_empty(), "nothing is told while the question waits");
            let q = s.question.clone().expect("asked which to keep");
            assert_eq!(q.club, 0);
            assert!(
                q.choice.question.contains("Veteran"),
                "{}",
                q.choice.question
            );
            assert_eq!(q.choice.options.len(), 2);
            // The season stands as before the action, but for the question.
            let mut same = s.clone();
            same.question = None;
            assert_eq!(same, before);
            assert_eq!(s.to_act(), ToAct::One(Seat(0)));
            assert_eq!(s.legal(Seat(0)), vec![Action::Answer(0), Action::Answer(1)]);
            assert!(s.legal(Seat(1)).is_empty());
            assert_eq!(
                s.act(Seat(0), &Action::EndTurn, &mut ev),
                Err(super::SeasonError::WrongPhase("a question"))
            );
            assert!(s.act(Seat(0), &Action::Answer(5), &mut ev).is_err());
            assert!(s.act(Seat(1), &Action::Answer(0), &mut ev).is_err());
            // Only the asked manager reads the question.
            let own: SeasonView = s.view_for(Some(Seat(0)));
            let other: SeasonView = s.view_for(Some(Seat(1)));
            assert_eq!(own.question.as_ref(), Some(&*q));
            assert_eq!(other.question, None);
            assert_eq!(other.asked, Some(Seat(0)));
            // The answer keeps the card it named.
            let named = q
                .choice
                .options
                .iter()
                .find(|(v, _)| *v == answer)
                .map(|(_, w)| w.clone())
                .expect("the answer is offered");
            s.act(Seat(0), &Action::Answer(answer), &mut ev)
                .expect("an answer");
            assert!(s.question.is_none());
            assert_eq!(s.clubs[0].players.len(), squad + 1);
            let kept = s.clubs[0].players.last().expect("kept").card;
            let name = &s.config.decks.players[kept].untrained.name;
            assert!(named.starts_with(name.as_str()), "{named} kept as {name}");
            assert!(
                ev.iter().any(|e| matches!(e, Event::CardActed { .. })),
                "the action is told once resolved"
            );
        }
    }

    #[test]
    fn the_bot_keeps_the_stronger_player_drawn() {
        use crate::bots::Bot as _;
        let draw = Effect::Draw {
            deck: Deck::Veteran,
            count: 2,
            keep: Some(1),
        };
        let (mut s, card) = with_action(1, vec![draw]);
        let d = s.config.decks.clone();
        let strength = |k: usize| d.players[k].untrained.strength;
        let mut vets = s.area.veterans.deck.clone();
        vets.sort_by_key(|&k| strength(k));
        let (weak, strong) = (vets[0], vets[vets.len() - 1]);
        assert!(strength(weak) < strength(strong));
        // The weaker is drawn first: the engine's default keeps it.
        s.area.veterans.deck.retain(|k| *k != weak && *k != strong);
        s.area.veterans.deck.extend([strong, weak]);
        s.act(Seat(0), &use_card(card), &mut Vec::new())
            .expect("legal");
        let q = s.question.clone().expect("asked");
        assert_eq!(q.choice.default, 0);
        assert_eq!(q.choice.cards[0], d.players[weak].id);
        let legal = s.legal(Seat(0));
        let mut bot = super::super::SeasonBot::new(d.clone());
        let view = s.view_for(Some(Seat(0)));
        let pick = legal[bot.choose(Some(&view), &legal)].clone();
        s.act(Seat(0), &pick, &mut Vec::new()).expect("answered");
        let kept = s.clubs[0].players.last().expect("kept").card;
        assert_eq!(kept, strong, "{pick:?}");
    }

    #[test]
    fn drawing_cards_all_kept_asks_nothing() {
        let draw = Effect::Draw {
            deck: Deck::Tactic,
            count: 2,
            keep: None,
        };
        let (mut s, card) = with_action(1, vec![draw]);
        let hand = s.clubs[0].tactics.len();
        s.act(Seat(0), &use_card(card), &mut Vec::new())
            .expect("legal");
        assert!(s.question.is_none(), "{:?}", s.question);
        assert_eq!(s.clubs[0].tactics.len(), hand + 2);
    }

    #[test]
    fn a_failed_die_asks_for_a_reroll_and_the_fan_base_pays_for_it() {
        let die = Effect::RollDie {
            sides: 6,
            at_least: Some(5),
            at_most: None,
            even: false,
            odd: false,
            then: vec![Effect::Gain {
                resource: Resource::Cash,
                amount: 4,
                per: None,
                max: None,
            }],
            otherwise: vec![],
        };
        for (answer, cash_gain, fans_spent) in [(1u8, 4, 1), (0, 0, 0)] {
            let (mut s, card) = with_action(1, vec![die.clone()]);
            s.clubs[0].res[1] = 2;
            s.script_dice.extend([2, 6]);
            let cash = s.clubs[0].res[0];
            let mut ev = Vec::new();
            s.act(Seat(0), &use_card(card), &mut ev).expect("legal");
            let q = s.question.clone().expect("a reroll is offered");
            assert!(
                q.choice.question.starts_with("You rolled 2"),
                "{}",
                q.choice.question
            );
            assert_eq!(q.choice.default, 0, "keeping the roll is preselected");
            s.act(Seat(0), &Action::Answer(answer), &mut ev)
                .expect("answered");
            assert!(s.question.is_none(), "a pass asks no more");
            assert_eq!(s.clubs[0].res[0], cash + cash_gain);
            assert_eq!(s.clubs[0].res[1], 2 - fans_spent);
        }
        // Without Fan Base nothing is asked.
        let (mut s, card) = with_action(1, vec![die]);
        s.clubs[0].res[1] = 0;
        s.script_dice.extend([2]);
        s.act(Seat(0), &use_card(card), &mut Vec::new())
            .expect("legal");
        assert!(s.question.is_none());
    }

    #[test]
    fn a_number_two_players_wear_asks_which_is_hit() {
        let flu = Effect::PlaceToken {
            token: Token::Injury,
            target: Target::Random,
            amount: 1,
            filter: None,
        };
        let (mut s, card) = with_action(1, vec![flu]);
        s.clubs[0].res[1] = 0;
        // A second card of the first Player's number joins the club.
        let first = s.clubs[0].players[0].card;
        let number = s.config.decks.players[first]
            .untrained
            .jersey
            .expect("numbered");
        let twin = (0..s.config.decks.players.len())
            .find(|&k| k != first && s.config.decks.players[k].untrained.jersey == Some(number))
            .expect("another card of that number");
        s.clubs[0]
            .players
            .push(super::super::state::new_player(&s.config.decks, twin));
        let worn = s.players_by_number(0, number);
        assert_eq!(worn.len(), 2, "{worn:?}");
        s.script_dice.extend([number]);
        let mut ev = Vec::new();
        s.act(Seat(0), &use_card(card), &mut ev).expect("legal");
        let q = s.question.clone().expect("asked which Player");
        let offered: Vec<usize> = q
            .choice
            .options
            .iter()
            .map(|(v, _)| usize::from(*v))
            .collect();
        assert_eq!(offered, worn);
        s.act(Seat(0), &Action::Answer(q.choice.options[1].0), &mut ev)
            .expect("answered");
        let hurt: Vec<bool> = s.clubs[0]
            .players
            .iter()
            .map(|p| p.tokens.count(Token::Injury) > 0)
            .collect();
        assert!(hurt[worn[1]] && !hurt[worn[0]], "{hurt:?}");
    }

    #[test]
    fn a_choice_after_a_choose_is_asked_with_the_branch_taken() {
        use crate::games::eleven::effect::ChoiceOption;
        let gain_any = Effect::Gain {
            resource: Resource::Any,
            amount: 1,
            per: None,
            max: None,
        };
        let effects = vec![Effect::Choose {
            options: vec![
                ChoiceOption {
                    effects: vec![Effect::Gain {
                        resource: Resource::Cash,
                        amount: 1,
                        per: None,
                        max: None,
                    }],
                },
                ChoiceOption {
                    effects: vec![gain_any],
                },
            ],
        }];
        let (mut s, card) = with_action(1, effects);
        let res = s.clubs[0].res;
        let mut ev = Vec::new();
        // The choose answered ahead, as the choices panel sends it.
        let act = Action::CardAction {
            card,
            paid: false,
            picks: vec![1],
        };
        s.act(Seat(0), &act, &mut ev).expect("legal");
        let q = s.question.clone().expect("the Resource is asked");
        assert_eq!(q.choice.question, "Gain which Resource (1 of 1)?");
        s.act(Seat(0), &Action::Answer(3), &mut ev)
            .expect("Fitness");
        assert_eq!(s.clubs[0].res[3], res[3] + 1);
        assert_eq!(s.clubs[0].res[0], res[0]);
    }

    #[test]
    fn a_maintenance_shortfall_asks_which_staff_card_is_suspended() {
        let (mut s, _) = with_action(1, vec![]);
        let mut ev = Vec::new();
        for _ in 0..3 {
            s.act(Seat(0), &Action::EndTurn, &mut ev).expect("pass");
        }
        s.act(Seat(0), &Action::PlaySuggested(0), &mut ev)
            .expect("play");
        if let Some(q) = s.question.clone() {
            s.act(Seat(0), &Action::Answer(q.choice.default), &mut ev)
                .expect("answered");
        }
        s.clubs[0].res[0] = 0;
        s.clubs[0].res[1] = 0;
        let due = s.maintenance_due(0);
        assert!(due >= 1);
        s.act(Seat(0), &Action::AcceptConsequence, &mut ev)
            .expect("accept");
        let q = s.question.clone().expect("which Staff card is asked");
        assert!(
            q.choice.question.starts_with("Maintenance is"),
            "{}",
            q.choice.question
        );
        assert_eq!(q.choice.options.len(), s.clubs[0].staff.len());
        let last = q.choice.options.last().expect("a card").0;
        s.act(Seat(0), &Action::Answer(last), &mut ev)
            .expect("answered");
        let mut more = due - 1;
        while let Some(q) = s.question.clone() {
            s.act(Seat(0), &Action::Answer(q.choice.default), &mut ev)
                .expect("answered");
            more = more.saturating_sub(1);
        }
        assert_eq!(s.clubs[0].staff[usize::from(last)].suspension, 2);
    }

    #[test]
    fn asking_with_every_default_answered_plays_the_season_alike() {
        use super::super::bot::play_out;
        use crate::bots::Bot;
        let d = decks();
        for seed in [3u64, 11] {
            let mut ends = Vec::new();
            for ask in [false, true] {
                let mut config = SeasonConfig::new(d.clone(), 2, 2);
                config.ask = ask;
                let mut s = Season::new(&config, seed).expect("setup");
                let mut bots: Vec<Box<dyn Bot<Season>>> = (0..2)
                    .map(|_| -> Box<dyn Bot<Season>> {
                        Box::new(super::super::SeasonBot::new(d.clone()))
                    })
                    .collect();
                let n = play_out(&mut s, &mut bots, 100_000).expect("plays to the end");
                ends.push((s.scores.clone(), s.clubs.clone(), n));
            }
            let (a, b) = (&ends[0], &ends[1]);
            assert_eq!((&a.0, &a.1), (&b.0, &b.1), "seed {seed}");
            assert!(
                b.2 > a.2,
                "seed {seed}: questions were answered ({} > {})",
                b.2,
                a.2
            );
        }
    }
}
