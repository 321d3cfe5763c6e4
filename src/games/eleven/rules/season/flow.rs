//! The Week: setup draft, Monday, the three Days, Matchday, the End of
//! the Week and the End of the Game; every action checked before it
//! changes anything.

use super::action::{Action, CardRef, MatchPlan, Row, SeasonError};
use super::club::{BoardMeeting, MatchSummary, OwnedCard, PendingMatch};
use super::event::Event;
use super::ops::{BUILDABLE, Grant, Picks};
use super::state::{MARKET_FROM, Phase, ROW, Season, SeasonScore, WEEKS};
use crate::engine::Seat;
use crate::games::eleven::deck::ObjectiveCheck;
use crate::games::eleven::effect::Quantity;
use crate::games::eleven::effect::{Duration, Rule};
use crate::games::eleven::league::{
    Consequence, ConsequencePicks, Die as _, PickError, ScriptedDice, roll_consequence,
};
use crate::games::eleven::matchday::{
    MatchSetup, MatchStep, RuleChange, SourcedBlock, check_jersey_move, play_match,
};
use crate::games::eleven::scoring::{ClubAtEnd, StaffHolding, final_score};
use crate::games::eleven::vocab::{
    Colour, Contract, Formation, MatchResult, Resource, Side, Timing,
};
use std::collections::BTreeMap;

/// Free rerolls for a tied Board Meeting vote before the first Director's
/// vote decides (three Directors can tie on every face).
const MAX_TIE_REROLLS: u8 = 20;

impl Season {
    // ----- whose turn -----

    fn front(&self, seat: Seat) -> Result<usize, SeasonError> {
        if self.phase == Phase::Over {
            return Err(SeasonError::Over);
        }
        if let Some(asked) = self.question_seat() {
            return if asked == seat {
                Ok(seat.index())
            } else {
                Err(SeasonError::NotYourTurn)
            };
        }
        match self.phase {
            Phase::Draft(_) | Phase::Objective => {
                if self.queue.contains(&seat) {
                    Ok(seat.index())
                } else {
                    Err(SeasonError::NotYourTurn)
                }
            }
            _ => {
                if self.queue.first() == Some(&seat) {
                    Ok(seat.index())
                } else {
                    Err(SeasonError::NotYourTurn)
                }
            }
        }
    }

    /// Club `c`'s suggested plan number `k`.
    fn suggested(&self, c: usize, k: usize) -> Result<MatchPlan, SeasonError> {
        if self.phase != Phase::Matchday {
            return Err(self.wrong());
        }
        self.suggested_plans(c)
            .into_iter()
            .nth(k)
            .ok_or_else(|| SeasonError::NoSuchCard(format!("suggested plan {}", k + 1)))
    }

    fn wrong(&self) -> SeasonError {
        SeasonError::WrongPhase(self.phase.name())
    }

    fn basic_day(&self, c: usize) -> Result<(), SeasonError> {
        if !matches!(self.phase, Phase::Day(_)) {
            return Err(self.wrong());
        }
        if self.clubs[c].basic_used {
            return Err(SeasonError::BasicUsed);
        }
        Ok(())
    }

    /// The action block of a club's card, checked: the card exists, is not
    /// exhausted nor Suspended and has an action.
    fn card_action_block(
        &self,
        c: usize,
        card: CardRef,
    ) -> Result<(String, crate::games::eleven::effect::EffectBlock), SeasonError> {
        let club = &self.clubs[c];
        let decks = &self.config.decks;
        let (owned, id, abilities) = match card {
            CardRef::Staff(i) => {
                let o = club
                    .staff
                    .get(i)
                    .ok_or_else(|| SeasonError::NoSuchCard(format!("Staff card {}", i + 1)))?;
                let s = decks
                    .staff
                    .get(o.card)
                    .ok_or_else(|| SeasonError::NoSuchCard("Staff card".into()))?;
                (o, s.id.clone(), &s.abilities)
            }
            CardRef::Director(i) => {
                let o = club
                    .directors
                    .get(i)
                    .ok_or_else(|| SeasonError::NoSuchCard(format!("Director {}", i + 1)))?;
                let s = decks
                    .directors
                    .get(o.card)
                    .ok_or_else(|| SeasonError::NoSuchCard("Director".into()))?;
                (o, s.id.clone(), &s.abilities)
            }
        };
        if owned.exhausted {
            return Err(SeasonError::CardUnavailable(format!(
                "{id} (exhausted this Week)"
            )));
        }
        if owned.suspension > 0 {
            return Err(SeasonError::CardUnavailable(format!("{id} (Suspended)")));
        }
        let block = abilities
            .iter()
            .find(|b| b.timing == Timing::Action)
            .ok_or_else(|| SeasonError::CardUnavailable(format!("{id} (no action)")))?;
        Ok((id, block.clone()))
    }

    /// Checks `action` for `seat` without changing anything.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), SeasonError> {
        if let Action::Answer(k) = action {
            return self.check_answer(seat, *k);
        }
        let c = self.front(seat)?;
        if self.question.is_some() {
            return Err(SeasonError::WrongPhase("a question"));
        }
        if let Action::PlaySuggested(k) = action {
            return self.check(seat, &Action::PlayMatch(Box::new(self.suggested(c, *k)?)));
        }
        let club = &self.clubs[c];
        match action {
            Action::Draft(k) => {
                if !matches!(self.phase, Phase::Draft(_)) {
                    return Err(self.wrong());
                }
                if *k >= club.director_hand.len() {
                    return Err(SeasonError::NoSuchCard(format!(
                        "Director {} in hand",
                        k + 1
                    )));
                }
                Ok(())
            }
            Action::KeepObjective(k) => {
                if self.phase != Phase::Objective {
                    return Err(self.wrong());
                }
                if *k >= club.objective_offer.len() {
                    return Err(SeasonError::NoSuchCard(format!("Objective {}", k + 1)));
                }
                Ok(())
            }
            Action::RerollBoard | Action::AcceptBoard { .. } => {
                if self.phase != Phase::BoardMeeting {
                    return Err(self.wrong());
                }
                if matches!(action, Action::RerollBoard) && club.res[1] < 1 {
                    return Err(SeasonError::CannotAfford {
                        what: "Fan Base",
                        need: 1,
                        have: club.res[1],
                    });
                }
                Ok(())
            }
            Action::HirePlayer(slot) => {
                self.basic_day(c)?;
                self.check_hire_player(c, *slot, &Grant::BASIC).map(|_| ())
            }
            Action::HireYoungster => {
                self.basic_day(c)?;
                self.check_hire_youngster(c, &Grant::BASIC).map(|_| ())
            }
            Action::Sell(i) => {
                self.basic_day(c)?;
                self.sale_value(c, *i)
                    .map(|_| ())
                    .ok_or_else(|| SeasonError::NoSuchCard(format!("Player {}", i + 1)))
            }
            Action::HireStaff(slot) | Action::HireStaffWith { slot, .. } => {
                self.basic_day(c)?;
                self.check_hire_staff(c, *slot, &Grant::BASIC).map(|_| ())
            }
            Action::ContractSponsor { .. } | Action::ContractSponsorWith { .. } => {
                let Some((slot, contract, bonus, _)) = action.sponsor_contract() else {
                    return Err(self.wrong());
                };
                self.basic_day(c)?;
                if bonus && contract != Contract::Adboard {
                    return Err(SeasonError::WrongPhase(
                        "a choice of Bonus is for Adboard contracts",
                    ));
                }
                self.check_contract(c, slot, contract, &Grant::BASIC)
            }
            Action::Build(kind) => {
                self.basic_day(c)?;
                self.check_build(c, *kind, &Grant::BASIC).map(|_| ())
            }
            Action::BuildOffice => {
                self.basic_day(c)?;
                self.check_office(c, &Grant::BASIC).map(|_| ())
            }
            Action::CardAction { card, paid, .. } => {
                if !matches!(self.phase, Phase::Day(_)) {
                    return Err(self.wrong());
                }
                if *paid && club.paid_used {
                    return Err(SeasonError::PaidUsed);
                }
                if !*paid && club.basic_used {
                    return Err(SeasonError::BasicUsed);
                }
                let (_, block) = self.card_action_block(c, *card)?;
                let mut need: BTreeMap<Resource, u32> = BTreeMap::new();
                for (r, n) in &block.cost {
                    *need.entry(*r).or_insert(0) += u32::from(*n);
                }
                if *paid {
                    *need.entry(Resource::Operation).or_insert(0) += self.paid_action_cost(c);
                }
                for (r, n) in need {
                    if !self.has(c, r, n) {
                        let have = super::club::slot_of(r)
                            .and_then(|s| club.res.get(s).copied())
                            .unwrap_or(club.vp);
                        return Err(SeasonError::CannotAfford {
                            what: r.title(),
                            need: n,
                            have,
                        });
                    }
                }
                Ok(())
            }
            Action::EndTurn => {
                if !matches!(self.phase, Phase::Day(_)) {
                    return Err(self.wrong());
                }
                Ok(())
            }
            Action::PlayMatch(plan) => {
                if self.phase != Phase::Matchday {
                    return Err(self.wrong());
                }
                if club.pending.is_some() {
                    return Err(SeasonError::WrongPhase("the Match consequence"));
                }
                self.match_setup(c, plan).map(|_| ())
            }
            Action::RerollConsequence
            | Action::AcceptConsequence
            | Action::RerollInjury(_)
            | Action::ResolveConsequence(_) => {
                let Some(p) = club
                    .pending
                    .as_ref()
                    .filter(|_| self.phase == Phase::Matchday)
                else {
                    return Err(self.wrong());
                };
                let reroll = matches!(action, Action::RerollConsequence | Action::RerollInjury(_));
                if reroll && club.res[1] < 1 {
                    return Err(SeasonError::CannotAfford {
                        what: "Fan Base",
                        need: 1,
                        have: club.res[1],
                    });
                }
                match action {
                    Action::RerollInjury(k) if *k >= p.roll.injuries.len() => {
                        Err(SeasonError::NoSuchCard(format!("Injury roll {}", k + 1)))
                    }
                    Action::ResolveConsequence(picks) => p
                        .roll
                        .check_picks(&p.setup.played(), |i| p.setup.untrained(i), picks)
                        .map_err(|e| self.pick_error(c, e)),
                    _ => Ok(()),
                }
            }
            // Checked above, as the plan it names.
            Action::PlaySuggested(_) => Ok(()),
            // Checked above, against the question.
            Action::Answer(_) => Ok(()),
            Action::Wipe(_) => {
                if self.phase != Phase::Wipe {
                    return Err(self.wrong());
                }
                Ok(())
            }
        }
    }

    /// Every action worth offering `seat` now, legal or not (the table
    /// shows the illegal ones greyed out with [`Season::check`]'s reason).
    /// Line-ups are open-ended: Matchday offers the engine's suggested
    /// plans ([`Season::suggested_plans`]); any other valid plan is legal
    /// too.
    pub fn candidates(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        let Ok(c) = self.front(seat) else {
            return out;
        };
        if let Some(q) = &self.question {
            out.extend(q.choice.options.iter().map(|(v, _)| Action::Answer(*v)));
            return out;
        }
        let club = &self.clubs[c];
        match self.phase {
            Phase::Draft(_) => out.extend((0..club.director_hand.len()).map(Action::Draft)),
            Phase::Objective => {
                out.extend((0..club.objective_offer.len()).map(Action::KeepObjective))
            }
            Phase::BoardMeeting => {
                out.push(Action::AcceptBoard { picks: Vec::new() });
                out.push(Action::RerollBoard);
            }
            Phase::Day(_) => {
                out.extend((MARKET_FROM..ROW).map(Action::HirePlayer));
                out.push(Action::HireYoungster);
                out.extend((0..club.players.len()).map(Action::Sell));
                out.extend((MARKET_FROM..ROW).map(Action::HireStaff));
                for slot in MARKET_FROM..ROW {
                    for contract in [Contract::OneOff, Contract::Adboard, Contract::Kit] {
                        out.push(Action::ContractSponsor {
                            slot,
                            contract,
                            bonus: false,
                        });
                    }
                    out.push(Action::ContractSponsor {
                        slot,
                        contract: Contract::Adboard,
                        bonus: true,
                    });
                }
                out.extend(BUILDABLE.iter().map(|k| Action::Build(*k)));
                out.push(Action::BuildOffice);
                let cards = (0..club.staff.len())
                    .map(CardRef::Staff)
                    .chain((0..club.directors.len()).map(CardRef::Director));
                for card in cards {
                    for paid in [false, true] {
                        out.push(Action::CardAction {
                            card,
                            paid,
                            picks: Vec::new(),
                        });
                    }
                }
                out.push(Action::EndTurn);
            }
            Phase::Matchday => {
                if let Some(p) = &club.pending {
                    out.push(Action::AcceptConsequence);
                    out.push(Action::RerollConsequence);
                    out.extend((0..p.roll.injuries.len()).map(Action::RerollInjury));
                    out.extend(
                        consequence_answers(p)
                            .into_iter()
                            .map(Action::ResolveConsequence),
                    );
                } else {
                    out.extend(
                        self.suggested_plans(c)
                            .into_iter()
                            .map(|p| Action::PlayMatch(Box::new(p))),
                    );
                }
            }
            Phase::Wipe => {
                out.push(Action::Wipe(None));
                for row in [Row::Players, Row::Staff, Row::Sponsors] {
                    out.push(Action::Wipe(Some(row)));
                }
            }
            Phase::Over => {}
        }
        out
    }

    /// Every candidate with whether it is legal, and why not.
    pub fn options(&self, seat: Seat) -> Vec<(Action, Result<(), SeasonError>)> {
        self.candidates(seat)
            .into_iter()
            .map(|a| {
                let r = self.check(seat, &a);
                (a, r)
            })
            .collect()
    }

    /// The legal actions of `seat` now.
    pub fn legal(&self, seat: Seat) -> Vec<Action> {
        self.candidates(seat)
            .into_iter()
            // Suggested plans are built valid: no need to check them twice.
            .filter(|a| matches!(a, Action::PlayMatch(_)) || self.check(seat, a).is_ok())
            .collect()
    }

    // ----- applying -----

    /// Applies `action` for `seat`; an illegal action changes nothing.
    /// With [`super::SeasonConfig::ask`] it may stop at a question
    /// ([`super::ask`]).
    pub fn act(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        if let Action::Answer(k) = action {
            return self.answer(seat, *k, events);
        }
        if self.question.is_some() {
            return Err(SeasonError::WrongPhase("a question"));
        }
        self.act_asking(seat, action, Vec::new(), events)
    }

    /// Applies `action` for `seat` once, its choices answered by the
    /// picks and the feed.
    pub(super) fn act_once(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        if let Action::PlaySuggested(k) = action {
            let plan = self.suggested(self.front(seat)?, *k)?;
            return self.act_once(seat, &Action::PlayMatch(Box::new(plan)), events);
        }
        if let Action::PlayMatch(_) = action {
            // `play` checks the plan before it changes anything.
            self.front(seat)?;
            if self.phase != Phase::Matchday {
                return Err(self.wrong());
            }
            if self.clubs[seat.index()].pending.is_some() {
                return Err(SeasonError::WrongPhase("the Match consequence"));
            }
        } else {
            self.check(seat, action)?;
        }
        let c = seat.index();
        self.turns += 1;
        match action {
            Action::Draft(k) => self.draft(c, *k, events),
            Action::KeepObjective(k) => {
                let club = &mut self.clubs[c];
                let kept = club.objective_offer.remove(*k);
                club.objective = Some(kept);
                let rest = std::mem::take(&mut club.objective_offer);
                self.decks.objectives.discard.extend(rest);
                self.queue.retain(|s| *s != seat);
                if self.queue.is_empty() {
                    self.start_week(events);
                }
            }
            Action::RerollBoard => {
                self.clubs[c].res[1] -= 1;
                self.roll_board(c, true, events);
            }
            Action::AcceptBoard { picks } => {
                self.resolve_board(c, picks, events);
                self.queue.remove(0);
                if self.queue.is_empty() {
                    self.start_day(0, events);
                }
            }
            Action::HirePlayer(slot) => {
                self.hire_player(c, *slot, &Grant::BASIC, events)?;
                self.clubs[c].basic_used = true;
            }
            Action::HireYoungster => {
                self.hire_youngster(c, &Grant::BASIC, events)?;
                self.clubs[c].basic_used = true;
            }
            Action::Sell(i) => {
                self.sell(c, *i, events)?;
                self.clubs[c].basic_used = true;
            }
            Action::HireStaff(slot) => {
                self.hire_staff(c, *slot, &Grant::BASIC, events)?;
                self.clubs[c].basic_used = true;
            }
            Action::HireStaffWith { slot, picks } => {
                let mut p = Picks::new(picks);
                self.hire_staff_with(c, *slot, &Grant::BASIC, &mut p, events)?;
                self.clubs[c].basic_used = true;
            }
            Action::ContractSponsor { .. } | Action::ContractSponsorWith { .. } => {
                let Some((slot, contract, bonus, list)) = action.sponsor_contract() else {
                    return Err(self.wrong());
                };
                self.contract(
                    c,
                    slot,
                    contract,
                    bonus,
                    &Grant::BASIC,
                    &mut Picks::new(list),
                    events,
                )?;
                self.clubs[c].basic_used = true;
            }
            Action::Build(kind) => {
                self.build(c, *kind, &Grant::BASIC, events)?;
                self.clubs[c].basic_used = true;
            }
            Action::BuildOffice => {
                self.build_office(c, &Grant::BASIC, events)?;
                self.clubs[c].basic_used = true;
            }
            Action::CardAction { card, paid, picks } => {
                let (id, block) = self.card_action_block(c, *card)?;
                for (r, n) in &block.cost {
                    self.add_resource(c, *r, -i32::from(*n));
                }
                if *paid {
                    let cost = self.paid_action_cost(c);
                    self.add_resource(c, Resource::Operation, -(cost as i32));
                    self.clubs[c].paid_used = true;
                } else {
                    self.clubs[c].basic_used = true;
                }
                let owned = match card {
                    CardRef::Staff(i) => self.clubs[c].staff.get_mut(*i),
                    CardRef::Director(i) => self.clubs[c].directors.get_mut(*i),
                };
                if let Some(o) = owned {
                    o.exhausted = true;
                }
                events.push(Event::CardActed {
                    seat,
                    card: id.clone(),
                    paid: *paid,
                });
                let mut p = Picks::new(picks);
                self.resolve_effects(c, &id, &block.effects, &mut p, events);
            }
            Action::EndTurn => {
                self.clubs[c].basic_used = false;
                self.clubs[c].paid_used = false;
                events.push(Event::TurnEnded { seat });
                self.queue.remove(0);
                if self.queue.is_empty() {
                    match self.phase {
                        Phase::Day(d) if d < 2 => self.start_day(d + 1, events),
                        _ => self.start_matchday(events),
                    }
                }
            }
            Action::PlayMatch(plan) => self.play(c, plan, events)?,
            // Played above, as the plan it names.
            Action::PlaySuggested(_) => {}
            Action::RerollConsequence => {
                self.clubs[c].res[1] -= 1;
                let modifier = self.rule_total(c, Rule::ConsequenceRoll);
                if let Some(p) = self.clubs[c].pending.as_mut() {
                    p.roll = roll_consequence(
                        p.report.result,
                        modifier,
                        &mut ScriptedDice {
                            faces: &mut self.script_dice,
                            rng: &mut self.rng,
                        },
                    );
                    p.rerolls += 1;
                    events.push(Event::ConsequenceRolled {
                        seat,
                        roll: p.roll.roll,
                        modifier: p.roll.modifier,
                        consequence: format!("{:?}", p.roll.consequence),
                        injuries: p.roll.injuries.iter().map(|r| r.0).collect(),
                    });
                }
            }
            Action::RerollInjury(k) => {
                self.clubs[c].res[1] -= 1;
                if let Some(p) = self.clubs[c].pending.as_mut()
                    && p.roll.reroll_injury(
                        *k,
                        &mut ScriptedDice {
                            faces: &mut self.script_dice,
                            rng: &mut self.rng,
                        },
                    )
                {
                    p.rerolls += 1;
                    events.push(Event::InjuryRerolled {
                        seat,
                        roll: *k,
                        number: p.roll.injuries[*k].0,
                    });
                }
            }
            Action::AcceptConsequence | Action::ResolveConsequence(_) => {
                let picks = match action {
                    Action::ResolveConsequence(p) => p.clone(),
                    _ => ConsequencePicks::default(),
                };
                self.resolve_consequence(c, &picks, events);
                self.queue.remove(0);
                if self.queue.is_empty() {
                    self.close_matchday(events);
                }
            }
            Action::Wipe(row) => {
                if let Some(row) = row {
                    self.wipe(*row, events);
                }
                self.clubs[c].wiped = *row;
                self.queue.clear();
                self.next_week(events);
            }
            // Answered in `act`.
            Action::Answer(_) => {}
        }
        // A Player gained or Trained turns its Jersey marker.
        for c in 0..self.clubs.len() {
            if self.clubs[c].jerseys.is_some() {
                let cards = self.jersey_cards(c);
                if let Some(j) = self.clubs[c].jerseys.as_mut() {
                    j.follow(&cards);
                }
            }
        }
        if self.phase != Phase::Over {
            for c in 0..self.clubs.len() {
                self.check_objective(c, ObjectiveCheck::Anytime, events);
            }
        }
        Ok(())
    }

    // ----- setup -----

    fn draft(&mut self, c: usize, k: usize, events: &mut Vec<Event>) {
        let card = self.clubs[c].director_hand.remove(k);
        // The kept Director is told to its manager only (hidden until the
        // reveal).
        events.push(Event::Private {
            seat: Seat(c as u8),
            text: format!(
                "keeps the Director {}",
                self.config
                    .decks
                    .directors
                    .get(card)
                    .map_or("?", |d| d.name.as_str())
            ),
        });
        self.clubs[c].directors.push(OwnedCard {
            card,
            exhausted: false,
            suspension: 0,
        });
        self.queue.retain(|s| s.index() != c);
        if !self.queue.is_empty() {
            return;
        }
        let Phase::Draft(round) = self.phase else {
            return;
        };
        let n = self.clubs.len();
        if n == 1 {
            // Solo: discard the rest and reveal the next 3, then 2.
            let rest = std::mem::take(&mut self.clubs[0].director_hand);
            self.boxed.directors.extend(rest);
            if round < 2 {
                for _ in 0..(3 - round) {
                    if let Some(d) = self.decks.directors.draw(&mut self.rng) {
                        self.clubs[0].director_hand.push(d);
                    }
                }
            }
        } else if round < 2 {
            // Pass the rest to the left (the next seat).
            let hands: Vec<Vec<usize>> = self
                .clubs
                .iter_mut()
                .map(|c| std::mem::take(&mut c.director_hand))
                .collect();
            for (i, hand) in hands.into_iter().enumerate() {
                self.clubs[(i + 1) % n].director_hand = hand;
            }
        } else {
            for club in &mut self.clubs {
                let rest = std::mem::take(&mut club.director_hand);
                self.boxed.directors.extend(rest);
            }
        }
        if round < 2 && self.clubs.iter().all(|c| !c.director_hand.is_empty()) {
            self.phase = Phase::Draft(round + 1);
            self.queue = self.all_seats();
            return;
        }
        // Reveal: the Directors move the Stat markers and give their
        // Bonuses; the Directors deck goes back to the box.
        let rest = std::mem::take(&mut self.decks.directors);
        self.boxed.directors.extend(rest.deck);
        self.boxed.directors.extend(rest.discard);
        for club in &mut self.clubs {
            let rest = std::mem::take(&mut club.director_hand);
            self.boxed.directors.extend(rest);
        }
        let decks = self.config.decks.clone();
        for c in 0..n {
            let cards: Vec<usize> = self.clubs[c].directors.iter().map(|d| d.card).collect();
            for d in cards {
                let Some(card) = decks.directors.get(d) else {
                    continue;
                };
                for (stat, by) in &card.stats {
                    if let Some(slot) = super::club::slot_of_stat(*stat) {
                        self.move_stat(c, slot, i32::from(*by));
                    }
                }
                self.resolve_blocks(
                    c,
                    &card.id,
                    &card.abilities,
                    Timing::Bonus,
                    &mut Picks::default(),
                    events,
                );
            }
        }
        if let Some(s) = self.config.scenario.clone() {
            for (stat, by) in &s.setup.stats {
                if let Some(slot) = super::club::slot_of_stat(*stat) {
                    self.move_stat(0, slot, i32::from(*by));
                }
            }
        }
        // Objectives: two each, keep one.
        for c in 0..n {
            for _ in 0..2 {
                if let Some(o) = self.decks.objectives.draw(&mut self.rng) {
                    self.clubs[c].objective_offer.push(o);
                }
            }
        }
        self.phase = Phase::Objective;
        self.queue = self.all_seats();
        if self.clubs.iter().all(|c| c.objective_offer.is_empty()) {
            self.queue.clear();
            self.start_week(events);
        }
    }

    /// Solo Scenario setup changes made before the draft.
    pub(crate) fn apply_scenario_setup(
        &mut self,
        s: &super::solo::SoloScenario,
        _events: &mut Vec<Event>,
    ) {
        self.clubs[0].res[0] += u32::from(s.setup.cash);
        let decks = self.config.decks.clone();
        for _ in 0..s.setup.players {
            if let Some(card) = self.area.player_deck.draw(&mut self.rng) {
                self.clubs[0]
                    .players
                    .push(super::state::new_player(&decks, card));
            }
        }
        let team = self.clubs[0].team;
        if let Some(t) = self.league.teams.get_mut(team) {
            t.points = (i64::from(t.points) + i64::from(s.setup.league_points)).max(0) as u32;
        }
    }

    // ----- Monday -----

    fn start_week(&mut self, events: &mut Vec<Event>) {
        events.push(Event::WeekStarted {
            week: self.week,
            first: self.first,
        });
        let n = self.clubs.len();
        for c in 0..n {
            let stats = self.clubs[c].stats;
            let mut gained = [0u32; 4];
            for (k, level) in stats.iter().enumerate() {
                let n = super::state::PRODUCTION
                    .get(k)
                    .and_then(|t| t.get(usize::from(level.saturating_sub(1))))
                    .copied()
                    .unwrap_or(0);
                gained[k] = n;
                self.clubs[c].res[k] += n;
            }
            events.push(Event::Produced {
                seat: Seat(c as u8),
                gained,
            });
            self.production_effects(c, events);
        }
        for c in 0..n {
            let card = self.decks.board.draw(&mut self.rng).unwrap_or(0);
            self.clubs[c].board = Some(BoardMeeting {
                card,
                roll: 0,
                decision: Colour::Yellow,
                votes: [0; 3],
                tie_rerolls: 0,
                paid_rerolls: 0,
                resolved: false,
            });
            self.roll_board(c, false, events);
        }
        self.phase = Phase::BoardMeeting;
        self.queue = self.all_seats();
    }

    /// The votes of club `c`'s Directors for a die `roll`: yellow, blue,
    /// red.
    pub fn votes(&self, c: usize, roll: u8) -> [u8; 3] {
        let mut v = [0u8; 3];
        for d in &self.clubs[c].directors {
            let Some(card) = self.config.decks.directors.get(d.card) else {
                continue;
            };
            if card.votes.yellow.contains(&roll) {
                v[0] += 1;
            } else if card.votes.blue.contains(&roll) {
                v[1] += 1;
            } else if card.votes.red.contains(&roll) {
                v[2] += 1;
            }
        }
        v
    }

    /// The decision with most votes, or `None` for a tie.
    pub fn decision(votes: [u8; 3]) -> Option<Colour> {
        let max = *votes.iter().max()?;
        if votes.iter().filter(|v| **v == max).count() > 1 {
            return None;
        }
        let k = votes.iter().position(|v| *v == max)?;
        Some([Colour::Yellow, Colour::Blue, Colour::Red][k])
    }

    /// Rolls the Board Meeting die (ties are rerolled for free).
    fn roll_board(&mut self, c: usize, paid: bool, events: &mut Vec<Event>) {
        let mut tie_rerolls = 0u8;
        loop {
            let roll: u8 = self.dice().roll(6);
            let votes = self.votes(c, roll);
            let decision = Self::decision(votes);
            if decision.is_none()
                && tie_rerolls < MAX_TIE_REROLLS
                && !self.clubs[c].directors.is_empty()
            {
                tie_rerolls += 1;
                continue;
            }
            let decision = decision.unwrap_or_else(|| {
                let k = votes.iter().position(|v| *v > 0).unwrap_or(0);
                [Colour::Yellow, Colour::Blue, Colour::Red][k]
            });
            let Some(b) = self.clubs[c].board.as_mut() else {
                return;
            };
            b.roll = roll;
            b.votes = votes;
            b.decision = decision;
            b.tie_rerolls += tie_rerolls;
            if paid {
                b.paid_rerolls += 1;
            }
            let card = self
                .config
                .decks
                .board_meetings
                .get(b.card)
                .map_or_else(String::new, |x| x.id.clone());
            events.push(Event::BoardRolled {
                seat: Seat(c as u8),
                card,
                roll,
                votes,
                decision,
                paid,
            });
            return;
        }
    }

    /// Resolves the decision of club `c`'s Board Meeting: its `bonus`
    /// blocks now, its Match blocks kept for Friday.
    pub fn resolve_board(&mut self, c: usize, picks: &[u8], events: &mut Vec<Event>) {
        let Some(b) = self.clubs[c].board.clone() else {
            return;
        };
        let decks = self.config.decks.clone();
        let Some(card) = decks.board_meetings.get(b.card) else {
            return;
        };
        let blocks = match b.decision {
            Colour::Yellow => &card.yellow,
            Colour::Blue => &card.blue,
            _ => &card.red,
        };
        let mut p = Picks::new(picks);
        for block in blocks {
            if block.timing.is_match() {
                self.clubs[c].board_match.push(SourcedBlock {
                    source: card.id.clone(),
                    block: block.clone(),
                });
                self.clubs[c].reminders += 1;
            } else if block.timing == Timing::Bonus {
                if let Some(cond) = &block.condition
                    && !self.holds(c, cond)
                {
                    continue;
                }
                self.resolve_effects(c, &card.id, &block.effects, &mut p, events);
            } else {
                events.push(Event::NotResolved {
                    seat: Seat(c as u8),
                    source: card.id.clone(),
                    reason: format!("a Board Meeting block with {:?} timing", block.timing),
                });
            }
        }
        if let Some(b) = self.clubs[c].board.as_mut() {
            b.resolved = true;
        }
        events.push(Event::BoardResolved {
            seat: Seat(c as u8),
            decision: b.decision,
        });
    }

    fn start_day(&mut self, day: u8, _events: &mut Vec<Event>) {
        self.phase = Phase::Day(day);
        self.queue = self.all_seats();
        for club in &mut self.clubs {
            club.basic_used = false;
            club.paid_used = false;
        }
    }

    // ----- Matchday -----

    fn start_matchday(&mut self, events: &mut Vec<Event>) {
        self.phase = Phase::Matchday;
        // Prepare for the Match, step 4, for Staff and Directors: one
        // Suspension token leaves each card.
        for club in &mut self.clubs {
            for card in club.staff.iter_mut().chain(club.directors.iter_mut()) {
                card.suspension = card.suspension.saturating_sub(1);
            }
        }
        self.queue = self
            .all_seats()
            .into_iter()
            .filter(|s| !self.clubs[s.index()].opponents.is_empty())
            .collect();
        if self.queue.is_empty() {
            self.close_matchday(events);
        }
    }

    /// The Formation a plan plays.
    pub fn plan_formation(&self, c: usize, plan: &MatchPlan) -> Result<Formation, SeasonError> {
        let club = &self.clubs[c];
        match plan.formation_tactic {
            None if club.tactics.is_empty() => Ok(Formation::new(4, 4, 2)),
            None => Err(SeasonError::Lineup(
                "play a Tactic card as your Formation".into(),
            )),
            Some(k) => {
                let t = club
                    .tactics
                    .get(k)
                    .and_then(|t| self.config.decks.tactics.get(*t))
                    .ok_or_else(|| {
                        SeasonError::NoSuchCard(format!("Tactic card {} in hand", k + 1))
                    })?;
                t.formations.get(plan.formation).cloned().ok_or_else(|| {
                    SeasonError::NoSuchCard(format!(
                        "Formation {} on {}",
                        plan.formation + 1,
                        t.name
                    ))
                })
            }
        }
    }

    /// The Match a plan sets up for club `c`, checked.
    pub fn match_setup(&self, c: usize, plan: &MatchPlan) -> Result<MatchSetup, SeasonError> {
        let club = &self.clubs[c];
        let decks = &self.config.decks;
        let formation = self.plan_formation(c, plan)?;
        if plan.lineup.formation != formation {
            return Err(SeasonError::Lineup(
                "the markers follow another Formation".into(),
            ));
        }
        let mut tactic_effects = Vec::new();
        for (n, &k) in plan.effect_tactics.iter().enumerate() {
            if Some(k) == plan.formation_tactic || plan.effect_tactics[..n].contains(&k) {
                return Err(SeasonError::Lineup("a Tactic card is played once".into()));
            }
            let t = club
                .tactics
                .get(k)
                .and_then(|t| decks.tactics.get(*t))
                .ok_or_else(|| SeasonError::NoSuchCard(format!("Tactic card {} in hand", k + 1)))?;
            for block in &t.abilities {
                tactic_effects.push(SourcedBlock {
                    source: t.id.clone(),
                    block: block.clone(),
                });
            }
        }
        if plan.fans > club.stands() {
            return Err(SeasonError::Lineup(format!(
                "{} Stands hold at most {} Fan Base",
                club.stands(),
                club.stands()
            )));
        }
        if u32::from(plan.fans) > club.res[1] {
            return Err(SeasonError::CannotAfford {
                what: "Fan Base",
                need: u32::from(plan.fans),
                have: club.res[1],
            });
        }
        let card = *club
            .opponents
            .last()
            .ok_or_else(|| SeasonError::NoSuchCard("Opponent card".into()))?;
        let opponent = decks
            .opponents
            .get(card)
            .ok_or_else(|| SeasonError::NoSuchCard("Opponent card".into()))?;
        let name = decks
            .clubs
            .iter()
            .find(|x| x.id == opponent.club)
            .map_or_else(|| opponent.club.clone(), |x| x.name.clone());
        let squad = club
            .players
            .iter()
            .filter_map(|p| {
                let card = decks.players.get(p.card)?;
                let mut s = card.squad_player(p.side, p.tokens);
                s.experience_filled = p.experience_filled.clone();
                s.experience_filled.resize(s.experience.len(), false);
                Some(s)
            })
            .collect();
        let mut setup = MatchSetup::new(squad, plan.lineup.clone(), opponent.team(&name));
        setup.tactic_effects = tactic_effects;
        setup.board = club.board_match.clone();
        let mut rules = Vec::new();
        for rule in [
            Rule::TacticPlays,
            Rule::GoalkeeperSaves,
            Rule::GoalkeeperStrength,
            Rule::BlankJerseyStrength,
            Rule::StandIncome,
            Rule::ConsequenceRoll,
            Rule::InjuriesPrevented,
        ] {
            let by = self.rule_total(c, rule);
            if by != 0 {
                rules.push(RuleChange {
                    rule,
                    by: by.clamp(-127, 127) as i8,
                });
            }
        }
        setup.rules = rules;
        setup.fans_in_stands = plan.fans;
        self.check_rerolls(c, plan)?;
        for (id, n) in &plan.rerolls {
            setup.choices.entry(id.clone()).or_default().rerolls = *n;
        }
        if !plan.moves.is_empty() {
            let movers = self.match_movers(c, plan);
            let mut markers = plan.lineup.markers.clone();
            for (id, moves) in &plan.moves {
                let Some((_, most)) = movers.iter().find(|(m, _)| m == id) else {
                    return Err(SeasonError::Lineup(format!(
                        "{} moves no Jersey marker in this Match (only an assigned Player \
                         with a move_jersey effect, its cost paid, does)",
                        self.card_name(id)
                    )));
                };
                if moves.len() > usize::from(*most) {
                    return Err(SeasonError::Lineup(format!(
                        "{} moves at most {most} Jersey marker{}",
                        self.card_name(id),
                        if *most == 1 { "" } else { "s" }
                    )));
                }
                for mv in moves {
                    check_jersey_move(&setup.squad, &markers, *mv).map_err(SeasonError::Lineup)?;
                    if let Some(m) = markers.get_mut(mv.marker) {
                        m.zone = mv.to;
                    }
                }
                setup.choices.entry(id.clone()).or_default().moves = moves.clone();
            }
        }
        for q in [
            Quantity::LeaguePosition,
            Quantity::SeasonWins,
            Quantity::SeasonGoalsFor,
            Quantity::SeasonCleanSheets,
            Quantity::OfficeLevel,
            Quantity::StaffSets,
            Quantity::Sponsors,
            Quantity::Infrastructure,
            Quantity::Week,
        ] {
            let cond = crate::games::eleven::effect::Condition {
                quantity: q,
                filter: None,
                stat: None,
                at_least: None,
                at_most: None,
                equals: None,
            };
            setup.facts.insert(q, self.quantity(c, &cond));
        }
        let mut supply = BTreeMap::new();
        supply.insert(Resource::Cash, club.res[0]);
        supply.insert(Resource::FanBase, club.res[1] - u32::from(plan.fans));
        supply.insert(Resource::Operation, club.res[2]);
        supply.insert(Resource::Fitness, club.res[3]);
        supply.insert(Resource::VictoryPoint, club.vp);
        setup.supply = Some(supply);
        if let Some(e) = setup.validate().into_iter().next() {
            return Err(SeasonError::Lineup(e.to_string()));
        }
        if let Some(j) = &club.jerseys {
            j.resolve(&plan.lineup).map_err(SeasonError::Lineup)?;
        }
        Ok(setup)
    }

    fn play(
        &mut self,
        c: usize,
        plan: &MatchPlan,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        let setup = self.match_setup(c, plan)?;
        let seed = Self::match_seed(&mut self.rng);
        let report = play_match(&setup, seed).map_err(|e| SeasonError::Lineup(e.to_string()))?;
        // Pay: Fitness per card and the effect costs; Fan Base on the
        // Stands.
        for (r, n) in setup.assigned_cost() {
            self.add_resource(c, r, -(n as i32));
        }
        self.clubs[c].res[1] -= u32::from(plan.fans);
        // The markers played stay on the Pitch as they stood.
        if let Some(j) = self.clubs[c].jerseys.as_mut()
            && let Ok(ids) = j.resolve(&plan.lineup)
        {
            j.after_match(&plan.lineup, &ids);
        }
        // The Tactic cards go back to the hand: nothing moves.
        for (i, p) in self.clubs[c].players.iter_mut().enumerate() {
            if let Some(t) = report.tokens_after.get(i) {
                p.tokens = *t;
            }
            if let Some(x) = report.experience_after.get(i) {
                p.experience_filled = x.clone();
            }
        }
        for (r, n) in &report.resources {
            self.add_resource(c, *r, *n);
        }
        // Stands: 1 Cash (plus `stand_income`) per Fan Base.
        let income = (1 + self.rule_total(c, Rule::StandIncome)).max(0);
        self.add_resource(c, Resource::Cash, i32::from(plan.fans) * income);
        let opponent = self.clubs[c].opponents.last().copied().unwrap_or(0);
        let opp_team = self.next_opponent_team(c);
        let club_team = self.clubs[c].team;
        if let Some(o) = opp_team {
            self.league.record(club_team, o, report.result);
        }
        {
            let club = &mut self.clubs[c];
            club.goals_for += report.own;
            if report.result == MatchResult::Win {
                club.wins += 1;
            }
            if report.opponent == 0 {
                club.clean_sheets += 1;
            }
            club.matches.push(MatchSummary {
                week: self.week,
                opponent,
                own: report.own,
                against: report.opponent,
            });
        }
        let name = self
            .config
            .decks
            .opponents
            .get(opponent)
            .map_or_else(String::new, |o| o.club.clone());
        events.push(Event::Match {
            seat: Seat(c as u8),
            opponent: name,
            own: report.own,
            against: report.opponent,
            commentary: if self.quiet {
                Vec::new()
            } else {
                report.commentary()
            },
        });
        // Effects the Match hands to the club.
        let for_club: Vec<(String, crate::games::eleven::effect::Effect)> = report
            .steps
            .iter()
            .filter_map(|s| match s {
                MatchStep::ForTheClub { source, effect } => Some((source.clone(), effect.clone())),
                _ => None,
            })
            .collect();
        for (source, effect) in for_club {
            self.resolve_effects(
                c,
                &source,
                std::slice::from_ref(&effect),
                &mut Picks::default(),
                events,
            );
        }
        let modifier = self.rule_total(c, Rule::ConsequenceRoll);
        let roll = roll_consequence(report.result, modifier, &mut self.dice());
        events.push(Event::ConsequenceRolled {
            seat: Seat(c as u8),
            roll: roll.roll,
            modifier: roll.modifier,
            consequence: format!("{:?}", roll.consequence),
            injuries: roll.injuries.iter().map(|r| r.0).collect(),
        });
        self.check_objective(c, ObjectiveCheck::AfterMatch, events);
        self.clubs[c].pending = Some(Box::new(PendingMatch {
            setup,
            report,
            roll,
            rerolls: 0,
        }));
        Ok(())
    }

    fn resolve_consequence(&mut self, c: usize, picks: &ConsequencePicks, events: &mut Vec<Event>) {
        let Some(p) = self.clubs[c].pending.take() else {
            return;
        };
        let effect = p.setup.consequence(&p.roll, &p.report, picks);
        let id = |i: usize| {
            self.clubs[c]
                .players
                .get(i)
                .and_then(|pl| self.config.decks.players.get(pl.card))
                .map(|card| card.id.clone())
                .unwrap_or_default()
        };
        events.push(Event::ConsequenceResolved {
            seat: Seat(c as u8),
            trained: effect.train.map(id),
            tokens: effect
                .tokens
                .iter()
                .map(|&(i, t, n)| (id(i), t.title().to_string(), n))
                .collect(),
            prevented: effect.prevented,
        });
        if effect.fan_base != 0 {
            self.move_stat(c, 1, i32::from(effect.fan_base));
        }
        for &(i, token, n) in &effect.tokens {
            if let Some(pl) = self.clubs[c].players.get_mut(i) {
                pl.tokens.add(token, n);
            }
        }
        if let Some(i) = effect.train
            && self.clubs[c]
                .players
                .get(i)
                .is_some_and(|p| p.side == Side::Untrained)
        {
            self.train(c, i);
        }
    }

    /// `e` in the manager's words, naming the Player by card.
    fn pick_error(&self, c: usize, e: PickError) -> SeasonError {
        let name = |i: usize| {
            self.clubs[c]
                .players
                .get(i)
                .and_then(|pl| {
                    let card = self.config.decks.players.get(pl.card)?;
                    Some(card.side(pl.side).name.clone())
                })
                .unwrap_or_else(|| format!("Player {}", i + 1))
        };
        SeasonError::Consequence(match e {
            PickError::NoReceiver => "this consequence gives no Player anything".into(),
            PickError::Receiver(i) => format!(
                "{} cannot receive it: it goes to a Player assigned to the Match{}",
                name(i),
                if self.clubs[c]
                    .pending
                    .as_ref()
                    .is_some_and(|p| p.roll.consequence == Consequence::Training)
                {
                    " who is Untrained"
                } else {
                    ""
                }
            ),
            PickError::Rolls(n) => format!("{n} Injuries named, more than were rolled"),
            PickError::Injured { roll, player } => format!(
                "Injury roll {} cannot hurt {}: it hurts a Player assigned to the Match wearing the number rolled",
                roll + 1,
                name(player)
            ),
        })
    }

    fn close_matchday(&mut self, events: &mut Vec<Event>) {
        let played: Vec<usize> = (0..self.clubs.len())
            .filter(|&c| {
                self.clubs[c]
                    .matches
                    .last()
                    .is_some_and(|m| m.week == self.week)
            })
            .filter_map(|c| self.next_opponent_team(c))
            .collect();
        let dice: Vec<(Colour, Vec<u8>)> = self
            .config
            .decks
            .dice
            .iter()
            .map(|d| (d.colour, d.faces.clone()))
            .collect();
        let steps = self.league.close_matchday(
            &played,
            &dice,
            &mut ScriptedDice {
                faces: &mut self.script_dice,
                rng: &mut self.rng,
            },
        );
        events.push(Event::LeagueDice { steps });
        self.expire(Duration::Match);
        self.end_of_week(events);
    }

    // ----- End of the Week -----

    fn end_of_week(&mut self, events: &mut Vec<Event>) {
        let n = self.clubs.len();
        // 1. Unexhaust.
        for club in &mut self.clubs {
            for card in club.staff.iter_mut().chain(club.directors.iter_mut()) {
                card.exhausted = false;
            }
        }
        // 2. Score back to 0; the Opponent cards played are discarded.
        let mut out_of_opponents = false;
        for club in &mut self.clubs {
            if let Some(o) = club.opponents.pop() {
                self.decks.opponents_played.push(o);
            }
            if club.opponents.is_empty() {
                out_of_opponents = true;
            }
        }
        if out_of_opponents || self.week >= WEEKS {
            self.end_of_game(events);
            return;
        }
        // 3. Maintenance.
        for c in 0..n {
            let due = self.maintenance_due(c);
            let paid = due.min(self.clubs[c].res[0]);
            self.clubs[c].res[0] -= paid;
            let short = due - paid;
            let mut suspensions = 0;
            self.resolving("Maintenance");
            for k in 0..short {
                // Firstly on a Staff card without one, the manager's
                // choice among them (the first by default).
                let staff = &self.clubs[c].staff;
                let free: Vec<usize> = (0..staff.len())
                    .filter(|&i| staff[i].suspension == 0)
                    .collect();
                let among: Vec<usize> = if free.is_empty() {
                    (0..staff.len()).collect()
                } else {
                    free
                };
                let picked = self.ask_feed(c, |s| {
                    let decks = &s.config.decks;
                    let staff = &s.clubs[c].staff;
                    super::EffectChoice {
                        question: format!(
                            "Maintenance is {short} Cash short: which Staff card takes 2 Suspension tokens ({} of {short})?",
                            k + 1
                        ),
                        options: among
                            .iter()
                            .filter_map(|&i| {
                                let name = &decks.staff.get(staff[i].card)?.name;
                                Some((u8::try_from(i).ok()?, name.clone()))
                            })
                            .collect(),
                        default: among.first().and_then(|&i| u8::try_from(i).ok()).unwrap_or(0),
                        cards: Vec::new(),
                    }
                });
                let target = picked
                    .map(usize::from)
                    .filter(|i| among.contains(i))
                    .or(among.first().copied());
                let club = &mut self.clubs[c];
                if let Some(i) = target {
                    club.staff[i].suspension += 2;
                    suspensions += 2;
                }
            }
            events.push(Event::Maintenance {
                seat: Seat(c as u8),
                due,
                paid,
                suspensions,
            });
        }
        // 4. The Transfer Area: the rightmost cards leave, the rows shift
        // and refill; the top Youngster is discarded.
        self.shift_row(Row::Players);
        self.shift_row(Row::Staff);
        self.shift_row(Row::Sponsors);
        if let Some(y) = self.area.youngsters.draw(&mut self.rng) {
            self.area.youngsters.discard.push(y);
        }
        // 5. Keep at most 1 Fan Base, Operation and Fitness; Reminders go,
        // and so do the Week's Board Meeting cards.
        for club in &mut self.clubs {
            if let Some(b) = club.board.take() {
                self.decks.board.discard.push(b.card);
            }
            for k in 1..4 {
                club.res[k] = club.res[k].min(1);
            }
            club.reminders = 0;
            club.board_match.clear();
            club.board = None;
            club.wiped = None;
        }
        self.expire(Duration::Week);
        // Solo: the optional wipe, then the next Week.
        if n == 1 {
            self.phase = Phase::Wipe;
            self.queue = vec![Seat(0)];
            return;
        }
        self.next_week(events);
    }

    fn next_week(&mut self, events: &mut Vec<Event>) {
        // 6. The Stage marker passes to the left.
        let n = self.clubs.len();
        self.first = Seat(((self.first.index() + 1) % n) as u8);
        self.week += 1;
        // Board Meeting cards of the Week go to their discard pile.
        self.start_week(events);
    }

    fn row_mut(&mut self, row: Row) -> (&mut Vec<Option<usize>>, &mut super::state::Pile) {
        match row {
            Row::Players => (&mut self.area.players, &mut self.area.player_deck),
            Row::Staff => (&mut self.area.staff, &mut self.area.staff_deck),
            Row::Sponsors => (&mut self.area.sponsors, &mut self.area.sponsor_deck),
        }
    }

    fn shift_row(&mut self, row: Row) {
        let mut rng = self.rng.clone();
        let (cards, pile) = self.row_mut(row);
        if let Some(last) = cards.pop().flatten() {
            pile.discard.push(last);
        }
        let refill = pile.draw(&mut rng);
        cards.insert(0, refill);
        self.rng = rng;
    }

    fn wipe(&mut self, row: Row, events: &mut Vec<Event>) {
        let mut rng = self.rng.clone();
        let (cards, pile) = self.row_mut(row);
        for slot in cards.iter_mut() {
            if let Some(c) = slot.take() {
                pile.discard.push(c);
            }
        }
        for slot in cards.iter_mut() {
            *slot = pile.draw(&mut rng);
        }
        self.rng = rng;
        events.push(Event::Wiped { row });
    }

    // ----- Objectives and the End of the Game -----

    fn check_objective(&mut self, c: usize, when: ObjectiveCheck, events: &mut Vec<Event>) {
        let club = &self.clubs[c];
        if club.objective_revealed {
            return;
        }
        let Some(o) = club.objective else { return };
        let decks = self.config.decks.clone();
        let Some(card) = decks.objectives.get(o) else {
            return;
        };
        let due = match card.check {
            ObjectiveCheck::Anytime => true,
            ObjectiveCheck::AfterMatch => when == ObjectiveCheck::AfterMatch,
            ObjectiveCheck::EndOfGame => when == ObjectiveCheck::EndOfGame,
        };
        if !due || !self.holds(c, &card.goal) {
            return;
        }
        let mut vp = u32::from(card.vp);
        if self.holds(c, &card.perfect) {
            vp += u32::from(card.perfect_vp);
        }
        let club = &mut self.clubs[c];
        club.objective_revealed = true;
        club.objective_vp = vp;
        club.vp += vp;
        events.push(Event::ObjectiveFulfilled {
            seat: Seat(c as u8),
            card: card.id.clone(),
            vp,
        });
    }

    /// The Final Scoring of club `c` as things stand.
    pub fn score(&self, c: usize) -> SeasonScore {
        let club = &self.clubs[c];
        let decks = &self.config.decks;
        let position = self.league.position(club.team).unwrap_or(99);
        let at_end = ClubAtEnd {
            league_position: position,
            vp_tokens: club.vp + club.experience_vp(),
            staff: club
                .staff
                .iter()
                .filter_map(|s| {
                    let card = decks.staff.get(s.card)?;
                    Some(StaffHolding {
                        set: card.set,
                        set_vp: card.set_vp.clone(),
                        suspended: s.suspension > 0,
                    })
                })
                .collect(),
            infrastructure: club.built.clone(),
            office_level: club.office,
            suspension_tokens: club.suspension_tokens(),
        };
        let f = final_score(&at_end);
        let mut scenario = 0;
        if let Some(s) = &self.config.scenario {
            for x in &s.scoring {
                if let Some(per) = &x.per {
                    scenario += i32::from(x.vp) * self.quantity(c, per).max(0);
                } else if let Some(cond) = &x.condition
                    && self.holds(c, cond)
                {
                    scenario += i32::from(x.vp);
                }
            }
        }
        SeasonScore {
            position,
            league: f.league,
            tokens: f.tokens,
            staff_sets: f.staff_sets,
            infrastructure: f.infrastructure,
            office: f.office,
            suspensions: f.suspensions,
            scenario,
            total: f.total + scenario,
        }
    }

    /// Solo: whether every goal of the Scenario holds.
    pub fn scenario_won(&self) -> Option<bool> {
        let s = self.config.scenario.as_ref()?;
        Some(s.goals.iter().all(|g| self.holds(0, g)))
    }

    fn end_of_game(&mut self, events: &mut Vec<Event>) {
        for c in 0..self.clubs.len() {
            self.check_objective(c, ObjectiveCheck::EndOfGame, events);
        }
        let scores: Vec<SeasonScore> = (0..self.clubs.len()).map(|c| self.score(c)).collect();
        // Most VP wins; then the higher League position; then shared.
        let best = scores
            .iter()
            .map(|s| (s.total, -(s.position as i64)))
            .max()
            .unwrap_or((0, 0));
        let winners: Vec<Seat> = scores
            .iter()
            .enumerate()
            .filter(|(_, s)| (s.total, -(s.position as i64)) == best)
            .map(|(i, _)| Seat(i as u8))
            .collect();
        events.push(Event::SeasonOver {
            totals: scores.iter().map(|s| s.total).collect(),
            winners: winners.clone(),
        });
        self.winners = winners;
        self.scores = Some(scores);
        self.phase = Phase::Over;
        self.queue.clear();
    }
}

/// The answers worth offering to a pending Match consequence: every
/// combination of the Players who may receive it and of those each
/// Injury roll may hurt, where there is a choice (at most 64; the
/// defaults are [`Action::AcceptConsequence`]).
pub(super) fn consequence_answers(p: &PendingMatch) -> Vec<ConsequencePicks> {
    const MOST: usize = 64;
    let played = p.setup.played();
    let receivers = p.roll.receivers(&played, |i| p.setup.untrained(i));
    let mut out = vec![ConsequencePicks::default()];
    if receivers.len() > 1 {
        out = receivers
            .iter()
            .map(|&r| ConsequencePicks {
                receiver: Some(r),
                injured: Vec::new(),
            })
            .collect();
    }
    for k in 0..p.roll.injuries.len() {
        let eligible = p.roll.injurable(k, &played);
        let mut next = Vec::new();
        for base in &out {
            let mut injured = base.injured.clone();
            injured.resize(k, None);
            if eligible.len() > 1 {
                for &e in &eligible {
                    let mut i = injured.clone();
                    i.push(Some(e));
                    next.push(ConsequencePicks {
                        receiver: base.receiver,
                        injured: i,
                    });
                }
            } else {
                next.push(ConsequencePicks {
                    receiver: base.receiver,
                    injured,
                });
            }
        }
        next.truncate(MOST);
        out = next;
    }
    out.retain(|a| *a != ConsequencePicks::default());
    // Trailing unanswered rolls say nothing.
    for a in &mut out {
        while a.injured.last() == Some(&None) {
            a.injured.pop();
        }
    }
    out.dedup();
    out.truncate(MOST);
    out
}
