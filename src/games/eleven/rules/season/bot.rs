//! The heuristic season bot. It sees only its seat's [`SeasonView`] and the
//! public card data, never the state: it fills the line-up, keeps enough
//! Cash for Maintenance, builds, hires Staff for sets, and spends Fan Base
//! on rerolls when the Board Meeting or the Match consequence goes badly.
//! It keeps the Objective it can best reach and weights its hires and
//! builds towards it (`docs/eleven.md`, decision 56).

use super::Season;
use super::action::{Action, CardRef, MatchPlan};
use super::club::staff_sets;
use super::state::Phase;
use super::view::SeasonView;
use super::view::{ClubView, ConsequenceView};
use crate::bots::Bot;
use crate::games::eleven::deck::{ElevenDecks, ObjectiveCard};
use crate::games::eleven::effect::{Condition, Effect, EffectBlock, Quantity};
use crate::games::eleven::league::{Consequence, ConsequencePicks};
use crate::games::eleven::vocab::{
    Colour, Contract, Infrastructure, PlayerKind, Resource, Side, StaffSet, Task,
};
use std::collections::HashMap;
use std::sync::Arc;

/// A manager that plays by simple priorities.
#[derive(Clone, Debug)]
pub struct SeasonBot {
    decks: Arc<ElevenDecks>,
    players: HashMap<String, usize>,
    staff: HashMap<String, usize>,
    directors: HashMap<String, usize>,
    sponsors: HashMap<String, usize>,
}

/// What the bot reckons a Player's paid effect adds to a line-up, in
/// [`SeasonBot`]'s plan units (2 a point of a marker's Strength).
const PAID_EFFECT: i32 = 4;

/// A rough value of ops for the club (Resources gained minus lost).
fn value(effects: &[Effect]) -> i32 {
    effects
        .iter()
        .map(|e| match e {
            Effect::Gain {
                resource, amount, ..
            } => {
                let w = if *resource == Resource::VictoryPoint {
                    3
                } else {
                    1
                };
                w * i32::from(*amount)
            }
            Effect::Lose { amount, .. } => -i32::from(*amount),
            Effect::MoveStat { by, .. } => 2 * i32::from(*by),
            Effect::Draw { count, .. } => i32::from(*count),
            Effect::Train { .. } => 2,
            Effect::PlaceToken { token, amount, .. } => {
                use crate::games::eleven::vocab::Token::*;
                match token {
                    StrengthTemp | StrengthPerm | Experience => i32::from(*amount),
                    Injury | Suspension | WeaknessTemp | WeaknessPerm => -2 * i32::from(*amount),
                    Reminder => 0,
                }
            }
            Effect::DiscardCard { count, .. } => -3 * i32::from(*count),
            Effect::MoveLeague { by, .. } => 2 * i32::from(*by),
            Effect::Choose { options } => {
                options.iter().map(|o| value(&o.effects)).max().unwrap_or(0)
            }
            Effect::May { then, .. } => value(then).max(0),
            _ => 0,
        })
        .sum()
}

fn blocks_value(blocks: &[EffectBlock]) -> i32 {
    blocks.iter().map(|b| value(&b.effects)).sum()
}

impl SeasonBot {
    /// A bot reading the public card data.
    pub fn new(decks: Arc<ElevenDecks>) -> SeasonBot {
        fn index<'a>(ids: impl Iterator<Item = &'a String>) -> HashMap<String, usize> {
            ids.enumerate().map(|(i, id)| (id.clone(), i)).collect()
        }
        SeasonBot {
            players: index(decks.players.iter().map(|c| &c.id)),
            staff: index(decks.staff.iter().map(|c| &c.id)),
            directors: index(decks.directors.iter().map(|c| &c.id)),
            sponsors: index(decks.sponsors.iter().map(|c| &c.id)),
            decks,
        }
    }

    fn staff_card(&self, id: &str) -> Option<&crate::games::eleven::deck::StaffCard> {
        self.staff.get(id).and_then(|i| self.decks.staff.get(*i))
    }

    /// The Staff sets the club counts as the engine does
    /// ([`staff_sets`]), from its view, with a card of `hired` set added.
    fn staff_sets(&self, club: &ClubView, hired: Option<StaffSet>) -> i32 {
        let held = club
            .staff
            .iter()
            .filter_map(|s| Some((self.staff_card(&s.id)?.set, s.suspension)));
        staff_sets(held.chain(hired.map(|set| (set, 0))))
    }

    fn objective_card(&self, id: &str) -> Option<&ObjectiveCard> {
        self.decks.objectives.iter().find(|o| o.id == id)
    }

    /// Where the club stands on an Objective's quantity, as far as its
    /// view tells (the League position and goal difference it does not
    /// count).
    fn progress(&self, club: &ClubView, c: &Condition) -> Option<i32> {
        let f = c.filter.as_ref();
        Some(match c.quantity {
            Quantity::OfficeLevel => i32::from(club.office),
            Quantity::Infrastructure => club.built.len() as i32,
            Quantity::StaffSets => self.staff_sets(club, None),
            Quantity::Sponsors => club
                .sponsors
                .iter()
                .filter(|s| {
                    f.is_none_or(|f| f.contract.is_empty() || f.contract.contains(&s.contract))
                })
                .count() as i32,
            Quantity::Players => club
                .players
                .iter()
                .filter(|p| {
                    f.is_none_or(|f| {
                        (f.side.is_empty() || f.side.contains(&p.side))
                            && (f.kind.is_empty()
                                || self
                                    .player_card(&p.id)
                                    .is_some_and(|x| f.kind.contains(&x.kind)))
                    })
                })
                .count() as i32,
            Quantity::Stat => {
                let slot = c.stat.and_then(super::club::slot_of_stat)?;
                i32::from(*club.stats.get(slot)?)
            }
            Quantity::SeasonWins => club.record.0 as i32,
            Quantity::SeasonGoalsFor => club.record.1 as i32,
            Quantity::SeasonCleanSheets => club.record.2 as i32,
            _ => return None,
        })
    }

    /// How likely the club is to reach an Objective's goal (0-100): what
    /// a club that plays towards it adds in a season, against the gap.
    fn reach(&self, club: &ClubView, c: &Condition) -> i32 {
        // Units a season a club adds when it plays for them (rough
        // estimates; docs/eleven.md has the completion rates they give).
        let rate = match c.quantity {
            Quantity::OfficeLevel => 3.5,
            Quantity::Infrastructure => 4.0,
            Quantity::StaffSets => 3.0,
            Quantity::Sponsors => 3.0,
            Quantity::Players
                if c.filter
                    .as_ref()
                    .is_some_and(|f| f.kind.contains(&PlayerKind::Youngster)) =>
            {
                1.0
            }
            Quantity::Players => 2.5,
            Quantity::Stat => 1.5,
            Quantity::SeasonWins => 2.5,
            Quantity::SeasonGoalsFor => 9.0,
            Quantity::SeasonCleanSheets => 1.5,
            Quantity::GoalDifference => 1.5,
            _ => 0.5,
        };
        let now = self.progress(club, c).unwrap_or(0);
        let gap = match (c.at_least, c.at_most) {
            (Some(a), _) => a - now,
            // "at most": a League position near the top.
            (None, Some(b)) => 8 - b,
            _ => 0,
        };
        if gap <= 0 {
            return 100;
        }
        (100.0 * (rate / f64::from(gap)).min(1.0)) as i32
    }

    /// The kept Objective's condition still to reach (the perfect one
    /// once the goal holds), if the view can count it.
    fn target(&self, club: &ClubView) -> Option<Condition> {
        let o = self.objective_card(club.objective.as_deref()?)?;
        for c in [&o.goal, &o.perfect] {
            let now = self.progress(club, c);
            let short = match (now, c.at_least, c.at_most) {
                (Some(n), Some(a), _) => n < a,
                (Some(n), None, Some(b)) => n > b,
                (None, _, _) => true,
                _ => false,
            };
            if short {
                return Some(c.clone());
            }
        }
        None
    }

    /// What an action adds towards the kept Objective.
    fn towards_objective(&self, view: &SeasonView, club: &ClubView, a: &Action) -> i32 {
        let Some(t) = self.target(club) else {
            return 0;
        };
        let matches = matches!(
            t.quantity,
            Quantity::SeasonWins
                | Quantity::SeasonGoalsFor
                | Quantity::SeasonCleanSheets
                | Quantity::LeaguePosition
                | Quantity::GoalDifference
        );
        match (t.quantity, a) {
            (Quantity::OfficeLevel, Action::BuildOffice) => 10,
            (Quantity::Infrastructure, Action::Build(kind)) => {
                let wanted = t.filter.as_ref().is_none_or(|f| {
                    f.kind_of_infrastructure.is_empty() || f.kind_of_infrastructure.contains(kind)
                });
                if wanted { 10 } else { 0 }
            }
            (Quantity::StaffSets, Action::HireStaff(slot) | Action::HireStaffWith { slot, .. }) => {
                let Some(s) = view
                    .staff_row
                    .get(*slot)
                    .and_then(|x| x.as_ref())
                    .and_then(|id| self.staff_card(id))
                else {
                    return 0;
                };
                let new_set = self.staff_sets(club, Some(s.set)) > self.staff_sets(club, None);
                if new_set { 12 } else { 0 }
            }
            (
                Quantity::Sponsors,
                Action::ContractSponsor {
                    contract, bonus, ..
                },
            ) => {
                let wanted = t
                    .filter
                    .as_ref()
                    .is_none_or(|f| f.contract.is_empty() || f.contract.contains(contract));
                if wanted && !(*contract == Contract::Adboard && *bonus) {
                    10
                } else {
                    0
                }
            }
            (Quantity::Players, Action::HireYoungster)
                if t.filter
                    .as_ref()
                    .is_some_and(|f| f.kind.contains(&PlayerKind::Youngster)) =>
            {
                8
            }
            (Quantity::Players, Action::CardAction { card, .. }) => {
                let abilities = match card {
                    CardRef::Staff(i) => club
                        .staff
                        .get(*i)
                        .and_then(|o| self.staff_card(&o.id))
                        .map(|s| &s.abilities),
                    CardRef::Director(_) => None,
                };
                let trains = abilities.is_some_and(|b| {
                    b.iter().any(|b| {
                        b.all_effects()
                            .iter()
                            .any(|e| matches!(e, Effect::Train { .. }))
                    })
                });
                if trains { 8 } else { 0 }
            }
            (_, Action::HirePlayer(slot)) if matches => {
                let Some(card) = view
                    .players_row
                    .get(*slot)
                    .and_then(|x| x.as_ref())
                    .and_then(|id| self.player_card(id))
                else {
                    return 0;
                };
                let fits = match t.quantity {
                    Quantity::SeasonGoalsFor => card.untrained.task == Task::Attack,
                    Quantity::SeasonCleanSheets => card.untrained.task != Task::Attack,
                    _ => true,
                };
                if fits {
                    2 * i32::from(card.untrained.strength)
                } else {
                    0
                }
            }
            (_, Action::Build(Infrastructure::TrainingGround)) if matches => 4,
            _ => 0,
        }
    }

    fn player_card(&self, id: &str) -> Option<&crate::games::eleven::deck::PlayerCard> {
        self.players
            .get(id)
            .and_then(|i| self.decks.players.get(*i))
    }

    fn plan_strength(&self, view: &SeasonView, plan: &MatchPlan) -> i32 {
        let Some(club) = view.seat.and_then(|s| view.clubs.get(s.index())) else {
            return 0;
        };
        let mut total = 0;
        for m in &plan.lineup.markers {
            total += match m.player.and_then(|i| club.players.get(i)) {
                Some(p) => 2 * p.strength as i32,
                None => 2,
            };
        }
        if let Some(g) = plan.lineup.goalkeeper.and_then(|i| club.players.get(i)) {
            total += 3 * g.strength as i32;
        }
        // A paid effect (a goal chance, Strength for a line, a marker
        // moved) is worth about a marker's own Strength.
        total += PAID_EFFECT * plan.lineup.paid.len() as i32;
        total + i32::from(plan.fans)
    }

    fn score(&self, view: &SeasonView, a: &Action) -> i32 {
        let Some(seat) = view.seat else { return 0 };
        let Some(club) = view.clubs.get(seat.index()) else {
            return 0;
        };
        let base = self.base_score(view, club, a);
        // Only actions worth taking anyway are pushed towards it.
        if base > 0 {
            base + self.towards_objective(view, club, a)
        } else {
            base
        }
    }

    fn base_score(&self, view: &SeasonView, club: &ClubView, a: &Action) -> i32 {
        let cash = club.res[0] as i32;
        // The last Week ends before its Maintenance (decision 52): every
        // Cash left then is worth only what it buys.
        let last_week =
            i32::from(view.week) >= i32::from(super::state::WEEKS) || club.opponents_left <= 1;
        let reserve = if last_week {
            0
        } else {
            club.maintenance_due as i32 + 1
        };
        let spare = cash - reserve;
        let outfield = club.players.len() as i32;
        // Cards the Fitness can field this Week (1 Fitness each).
        let fielded = club.res[3] as i32;
        let has_keeper = club.players.iter().any(|p| {
            self.player_card(&p.id)
                .is_some_and(|c| c.side(p.side).task == Task::Goalkeeper)
        });
        let weeks_left = 7 - i32::from(view.week);
        match a {
            Action::Draft(k) => {
                let Some(id) = club.director_hand.as_ref().and_then(|h| h.get(*k)) else {
                    return 0;
                };
                let Some(d) = self
                    .directors
                    .get(id.as_str())
                    .and_then(|i| self.decks.directors.get(*i))
                else {
                    return 0;
                };
                let stats: i32 = d.stats.values().map(|v| i32::from(*v)).sum();
                3 * stats + blocks_value(&d.abilities)
            }
            // The Objective it can best reach; the first of equals.
            Action::KeepObjective(k) => {
                club.objective_offer
                    .as_ref()
                    .and_then(|o| o.get(*k))
                    .and_then(|id| self.objective_card(id))
                    .map_or(0, |o| self.reach(club, &o.goal))
                    .saturating_mul(4)
                    - (*k as i32)
            }
            Action::AcceptBoard { .. } => 10,
            Action::RerollBoard => {
                let Some(b) = &club.board else { return 0 };
                let Some(card) = self.decks.board_meetings.get(b.card) else {
                    return 0;
                };
                let of = |c: Colour| match c {
                    Colour::Yellow => blocks_value(&card.yellow),
                    Colour::Blue => blocks_value(&card.blue),
                    _ => blocks_value(&card.red),
                };
                let now = of(b.decision);
                let best = [Colour::Yellow, Colour::Blue, Colour::Red]
                    .map(of)
                    .into_iter()
                    .max()
                    .unwrap_or(0);
                // Reroll a poor decision when another is clearly better.
                if best - now >= 3 && club.res[1] >= 1 && b.paid_rerolls < 2 {
                    12
                } else {
                    0
                }
            }
            Action::HirePlayer(slot) => {
                let Some(id) = view.players_row.get(*slot).and_then(|x| x.as_ref()) else {
                    return 0;
                };
                let Some(card) = self.player_card(id) else {
                    return 0;
                };
                let cost = i32::from(card.untrained.hire_cost);
                if cost > spare {
                    return -1;
                }
                // A squad much larger than the Fitness fields adds little.
                let need = if outfield < 6 || outfield < fielded + 2 {
                    14
                } else if outfield < 10 {
                    4
                } else {
                    0
                };
                let keeper = if card.untrained.task == Task::Goalkeeper {
                    if has_keeper { -20 } else { 15 }
                } else {
                    0
                };
                let late = if last_week { -8 } else { 0 };
                need + keeper + late + 4 * i32::from(card.untrained.strength) - 2 * cost
            }
            Action::HireYoungster => {
                if spare < 1 || outfield >= 10 || last_week {
                    return -1;
                }
                8
            }
            Action::Sell(i) => {
                let Some(p) = club.players.get(*i) else {
                    return 0;
                };
                if outfield > 12 && p.strength <= 1 || (weeks_left <= 0 && spare < 0) {
                    6
                } else {
                    -10
                }
            }
            Action::HireStaff(slot) | Action::HireStaffWith { slot, .. } => {
                let Some(id) = view.staff_row.get(*slot).and_then(|x| x.as_ref()) else {
                    return 0;
                };
                let Some(s) = self.staff_card(id) else {
                    return 0;
                };
                let cost = i32::from(s.hire_cost);
                if cost > spare {
                    return -1;
                }
                let same = club
                    .staff
                    .iter()
                    .filter(|o| self.staff_card(&o.id).is_some_and(|x| x.set == s.set))
                    .count();
                let gain = s.set_vp.get(same).copied().unwrap_or(0) as i32
                    - s.set_vp.get(same.wrapping_sub(1)).copied().unwrap_or(0) as i32;
                // Set VP are the surest VP a Day can buy.
                let actions = if last_week {
                    0
                } else {
                    blocks_value(&s.abilities)
                };
                12 + 4 * gain + actions - cost
            }
            Action::ContractSponsor {
                slot,
                contract,
                bonus,
            } => {
                let Some(id) = view.sponsors_row.get(*slot).and_then(|x| x.as_ref()) else {
                    return 0;
                };
                let Some(s) = self
                    .sponsors
                    .get(id.as_str())
                    .and_then(|i| self.decks.sponsors.get(*i))
                else {
                    return 0;
                };
                let v = match (contract, bonus) {
                    (Contract::OneOff, _) => blocks_value(&s.front.one_off),
                    (Contract::Adboard, true) => blocks_value(&s.front.bonus),
                    (Contract::Adboard, false) => blocks_value(&s.front.adboard),
                    (Contract::Kit, _) => blocks_value(&s.front.kit) + blocks_value(&s.front.bonus),
                };
                5 + 2 * v
            }
            Action::Build(kind) => {
                if spare < 3 {
                    return -1;
                }
                if last_week {
                    // Only the VP count now: 2 for most tokens, 1 for a
                    // Stand or an Adboard.
                    return match kind {
                        Infrastructure::Stand | Infrastructure::Adboard => 8,
                        _ => 14,
                    };
                }
                let fans = club.res[1] as i32;
                match kind {
                    Infrastructure::Stand
                        if fans
                            > i32::from(
                                2 + club
                                    .built
                                    .iter()
                                    .filter(|k| **k == Infrastructure::Stand)
                                    .count() as u8,
                            ) =>
                    {
                        14
                    }
                    Infrastructure::Stand | Infrastructure::Adboard => 6,
                    Infrastructure::TrainingGround if club.res[3] < 6 => 13 + weeks_left,
                    Infrastructure::MerchandiseStore => 11 + weeks_left,
                    _ => 9 + weeks_left / 2,
                }
            }
            Action::BuildOffice => {
                let level = usize::from(club.office);
                let Some(&cost) = super::ops::OFFICE_COST.get(level) else {
                    return -1;
                };
                if cost as i32 > spare {
                    return -1;
                }
                // The next space's VP: 2, 3, 4, 5.
                let gain = 2 + level as i32;
                // The Office pays off late in the season.
                4 + 3 * gain + 2 * (6 - weeks_left).max(0) - cost as i32
            }
            Action::CardAction { card, paid, .. } => {
                let abilities = match card {
                    CardRef::Staff(i) => club
                        .staff
                        .get(*i)
                        .and_then(|o| self.staff_card(&o.id))
                        .map(|s| &s.abilities),
                    CardRef::Director(i) => club
                        .directors
                        .as_ref()
                        .and_then(|d| d.get(*i))
                        .and_then(|o| {
                            self.directors
                                .get(&o.id)
                                .and_then(|i| self.decks.directors.get(*i))
                        })
                        .map(|s| &s.abilities),
                };
                let Some(abilities) = abilities else { return 0 };
                let v = abilities
                    .iter()
                    .filter(|b| b.timing == crate::games::eleven::vocab::Timing::Action)
                    .map(|b| value(&b.effects) + 2)
                    .sum::<i32>();
                if *paid { 3 + v } else { 1 + v }
            }
            Action::EndTurn => 2,
            Action::PlayMatch(plan) => self.plan_strength(view, plan),
            // Never offered: the bot scores the plans themselves.
            Action::PlaySuggested(_) => 0,
            Action::AcceptConsequence => 5,
            Action::ResolveConsequence(picks) => match &club.consequence {
                Some(cv) if *picks == self.consequence_answers(club, cv) => 6,
                _ => 0,
            },
            Action::RerollConsequence => match &club.consequence {
                // An Injury that hurts somebody: roll again while the die
                // can come up clear; the Player-only reroll is for a star.
                Some(cv) if club.res[1] >= 1 && hurts(cv) => {
                    let clear = (1..=6)
                        .filter(|f| Consequence::of(cv.result, *f + cv.modifier).injuries().1 == 0)
                        .count();
                    if clear >= 3 { 8 } else { 6 }
                }
                Some(_) => 0,
                None => match &club.pending {
                    Some((_, _, c)) if c.contains("Injury") && club.res[1] >= 1 => 8,
                    _ => 0,
                },
            },
            Action::RerollInjury(k) => match &club.consequence {
                Some(cv) if club.res[1] >= 1 => {
                    let answers = self.consequence_answers(club, cv);
                    let victim = cv.injuries.get(*k).and_then(|r| {
                        answers
                            .injured
                            .get(*k)
                            .copied()
                            .flatten()
                            .or(r.eligible.first().copied())
                    });
                    let best = club.players.iter().map(|p| p.strength).max();
                    match victim.and_then(|v| club.players.get(v)) {
                        Some(p) if Some(p.strength) == best => 7,
                        _ => 0,
                    }
                }
                _ => 0,
            },
            Action::Wipe(_) => 0,
            // Never offered: the table's answers to a contract's choices.
            Action::ContractSponsorWith { .. } => 0,
            // Of cards just drawn, the strongest Player; otherwise the
            // engine's preselected answer (decision 46).
            Action::Answer(k) => match view.question.as_ref().map(|q| &q.choice) {
                Some(q) if !q.cards.is_empty() => {
                    let card = q
                        .options
                        .iter()
                        .position(|(v, _)| v == k)
                        .and_then(|at| q.cards.get(at))
                        .and_then(|id| self.player_card(id));
                    match card {
                        Some(c) => 10 + i32::from(c.side(Side::Untrained).strength),
                        None => i32::from(q.default == *k) * 10,
                    }
                }
                Some(q) => i32::from(q.default == *k) * 10,
                None => 0,
            },
        }
    }
}

/// Whether a consequence's Injury rolls hurt somebody more than the
/// club's Injury prevention covers.
fn hurts(cv: &ConsequenceView) -> bool {
    let tokens: u32 = cv
        .injuries
        .iter()
        .filter(|r| !r.eligible.is_empty())
        .map(|r| u32::from(r.tokens))
        .sum();
    tokens > u32::from(cv.prevented)
}

impl SeasonBot {
    /// The bot's answers to a consequence: the careful manager's
    /// ([`ConsequenceView::suggested`]), each Trained side read from the
    /// bot's decks.
    fn consequence_answers(&self, club: &ClubView, cv: &ConsequenceView) -> ConsequencePicks {
        cv.suggested(&club.players, |i| {
            club.players.get(i).map_or(0, |p| {
                self.player_card(&p.id)
                    .map_or(0, |c| u32::from(c.side(Side::Trained).strength))
            })
        })
    }
}

impl Bot<Season> for SeasonBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn needs_view_for(&self, legal: &[Action]) -> bool {
        // A forced decision needs no view (building one is a good part of
        // a season's time): every bot takes the only action.
        legal.len() > 1
    }

    fn choose(&mut self, view: Option<&SeasonView>, legal: &[Action]) -> usize {
        let Some(view) = view else { return 0 };
        // On a Day: the Paid action first if worth it, then the best Basic
        // action, then end the turn.
        let mut best = 0;
        let mut best_score = i32::MIN;
        for (i, a) in legal.iter().enumerate() {
            let s = self.score(view, a);
            if s > best_score {
                best_score = s;
                best = i;
            }
        }
        if matches!(view.phase, Phase::Day(_))
            && best_score <= 2
            && let Some(end) = legal.iter().position(|a| *a == Action::EndTurn)
        {
            return end;
        }
        best
    }
}

/// Plays `season` to its end with one bot a seat (each sees only its
/// seat's view); returns the decisions taken. Stops with an error after
/// `max_decisions` or if a bot picks an illegal action.
pub fn play_out(
    season: &mut Season,
    bots: &mut [Box<dyn Bot<Season>>],
    max_decisions: u64,
) -> Result<u64, super::SeasonError> {
    use crate::engine::Stop;
    let played = crate::bots::play_out(season, bots, max_decisions, |_| None);
    match played.stop {
        Stop::Over => Ok(played.decisions),
        Stop::Limit => Err(super::SeasonError::WrongPhase("the decision limit")),
        Stop::Stalled(_) | Stop::Watched(_) => {
            Err(super::SeasonError::WrongPhase(season.phase.name()))
        }
        Stop::Refused(_) => Err(super::SeasonError::WrongPhase("a refused legal action")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game as _, Seat};
    use crate::games::eleven::rules::season::SeasonConfig;

    fn objective_phase() -> (Season, Arc<ElevenDecks>) {
        let d = Arc::new(ElevenDecks::default_decks().expect("the embedded decks load"));
        let mut s = Season::new(&SeasonConfig::new(d.clone(), 1, 2), 4).expect("setup");
        while s.phase != Phase::Objective {
            s.act(Seat(0), &Action::Draft(0), &mut Vec::new())
                .expect("drafts");
        }
        (s, d)
    }

    fn objective_with(d: &ElevenDecks, q: Quantity) -> usize {
        d.objectives
            .iter()
            .position(|o| o.goal.quantity == q)
            .expect("such an Objective")
    }

    /// The bot keeps the Objective it can reach (an Office level it
    /// builds itself) over one it hardly can (the top of the League),
    /// whichever comes first, and then builds towards it.
    #[test]
    fn the_bot_keeps_the_reachable_objective_and_builds_towards_it() {
        let (mut s, d) = objective_phase();
        let office = objective_with(&d, Quantity::OfficeLevel);
        let league = objective_with(&d, Quantity::LeaguePosition);
        let mut bot = SeasonBot::new(d.clone());
        for offer in [vec![league, office], vec![office, league]] {
            s.clubs[0].objective_offer = offer.clone();
            let mut legal = Vec::new();
            s.legal_actions(Seat(0), &mut legal);
            let k = bot.choose(Some(&s.view(Seat(0))), &legal);
            let Action::KeepObjective(i) = legal[k] else {
                panic!("{:?}", legal[k]);
            };
            assert_eq!(offer[i], office, "{offer:?}");
        }
        s.clubs[0].objective_offer = vec![office, league];
        s.act(Seat(0), &Action::KeepObjective(0), &mut Vec::new())
            .expect("keeps");
        s.clubs[0].res[0] = 10;
        let with = bot.score(&s.view(Seat(0)), &Action::BuildOffice);
        s.clubs[0].objective = Some(league);
        let without = bot.score(&s.view(Seat(0)), &Action::BuildOffice);
        assert!(with > without, "{with} > {without}");
    }

    /// "Cards with Suspension tokens are ignored for all other effects":
    /// the bot's count of Staff sets (from its view) is the engine's, a
    /// suspended Staff card adding no set to either.
    #[test]
    fn the_bot_counts_staff_sets_as_the_engine_does() {
        let (mut s, d) = objective_phase();
        let mut by_set: Vec<usize> = Vec::new();
        for set in StaffSet::ALL {
            if let Some(k) = d.staff.iter().position(|x| x.set == set) {
                by_set.push(k);
            }
        }
        assert!(by_set.len() >= 3, "the decks have three Staff sets");
        let owned = |card: usize, suspension: u8| super::super::club::OwnedCard {
            card,
            exhausted: false,
            suspension,
        };
        s.clubs[0].staff = vec![
            owned(by_set[0], 0),
            owned(by_set[1], 0),
            owned(by_set[2], 2),
        ];
        let cond = Condition {
            quantity: Quantity::StaffSets,
            filter: None,
            stat: None,
            at_least: None,
            at_most: None,
            equals: None,
        };
        let bot = SeasonBot::new(d.clone());
        let view = s.view(Seat(0));
        let club = view.clubs.first().expect("the club");
        assert_eq!(s.quantity(0, &cond), 2);
        assert_eq!(bot.progress(club, &cond), Some(2));
        // Hiring a card of the suspended card's set adds a set for both.
        assert_eq!(bot.staff_sets(club, Some(d.staff[by_set[2]].set)), 3);
        s.clubs[0].staff[2].suspension = 0;
        let view = s.view(Seat(0));
        let club = view.clubs.first().expect("the club");
        assert_eq!(s.quantity(0, &cond), 3);
        assert_eq!(bot.progress(club, &cond), Some(3));
    }
}
