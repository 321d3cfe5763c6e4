//! The effect ops resolved for a club outside the Match (Bonuses, Card
//! actions, Board Meeting decisions, Production, Match effects "for the
//! club"), and the Basic actions they share with the Days.
//!
//! Choices are answered by `picks` in order; a missing answer takes the
//! default the module docs describe. "Resolve as much as possible": an op
//! that cannot be resolved does what it can and reports the rest as
//! [`Event::NotResolved`].

use super::action::SeasonError;
use super::choices::four_choice;
use super::club::{Club, Modifier, OwnedCard, OwnedSponsor, slot_of, slot_of_stat};
use super::event::Event;
use super::state::{MARKET_FROM, ROW, Season, new_player};
use crate::engine::{GameRng, Seat};
use crate::games::eleven::effect::{
    BasicAction, CardKind, ChoiceOption, Condition, Count, Duration, Effect, EffectBlock,
    ExhaustKind, Filter, Market, Pick, Quantity, Rule, Target, Team,
};
use crate::games::eleven::league::Die as _;
use crate::games::eleven::vocab::{
    Contract, Deck, Infrastructure, MatchResult, PlayerKind, Resource, Side, Stat, Timing, Token,
};
use rand::RngExt as _;

/// Answers to an effect's choices, taken in order.
#[derive(Clone, Debug, Default)]
pub struct Picks {
    list: Vec<u8>,
    at: usize,
}

impl Picks {
    /// The answers.
    pub fn new(list: &[u8]) -> Picks {
        Picks {
            list: list.to_vec(),
            at: 0,
        }
    }

    pub(super) fn next(&mut self) -> Option<u8> {
        let p = self.list.get(self.at).copied();
        self.at += 1;
        p
    }
}

/// Stadium Infrastructure a club may build with the Basic action: every
/// kind; Stands and Adboards only on their own spaces (Stands #3 and #4,
/// Adboard #3).
pub const BUILDABLE: [Infrastructure; 6] = [
    Infrastructure::Stand,
    Infrastructure::Adboard,
    Infrastructure::StadiumLighting,
    Infrastructure::MerchandiseStore,
    Infrastructure::DirectorsOffice,
    Infrastructure::TrainingGround,
];

/// Cash for one Infrastructure token.
pub const BUILD_COST: u32 = 3;
/// Stadium spaces for tokens (the rulebook's "up to 7").
pub const STADIUM_SPACES: usize = 7;
/// Of those, the spaces marked for Stands #3 and #4 and Adboard #3: the
/// other tokens share the rest ("you may build any Infrastructure token
/// on the Stadium spaces, except for the spaces specifically marked").
pub const RESERVED_SPACES: usize = 3;
/// Stadium Infrastructure printed on the Stadium board (Stands #1 and #2,
/// Adboards #1 and #2), on the Maintenance track from the start.
pub const PRINTED_INFRASTRUCTURE: usize = 4;
/// Cash to move the Office marker from level i to i + 1.
pub const OFFICE_COST: [u32; 4] = [2, 3, 5, 7];
/// Operation for the Paid action.
pub const PAID_ACTION_COST: i32 = 2;

fn amounts_of(c: &Club) -> [i64; 5] {
    [
        i64::from(c.res[0]),
        i64::from(c.res[1]),
        i64::from(c.res[2]),
        i64::from(c.res[3]),
        i64::from(c.vp),
    ]
}

impl Season {
    pub(super) fn seat_of(c: usize) -> Seat {
        Seat(c as u8)
    }

    /// The total of `rule` for club `c`: modifiers in force plus the
    /// features of its unsuspended Staff and Directors.
    pub fn rule_total(&self, c: usize, rule: Rule) -> i32 {
        self.rule_total_with(c, rule, true)
    }

    /// As [`Season::rule_total`], counting the Directors' features only
    /// with `directors` (a view of a club whose Directors are face down
    /// during the draft must not tell them).
    pub(super) fn rule_total_with(&self, c: usize, rule: Rule, directors: bool) -> i32 {
        let Some(club) = self.clubs.get(c) else {
            return 0;
        };
        let mut total: i32 = club
            .modifiers
            .iter()
            .filter(|m| m.rule == rule)
            .map(|m| i32::from(m.by))
            .sum();
        for block in self.feature_blocks(club, directors) {
            for e in &block.effects {
                if let Effect::Modify { rule: r, by, .. } = e
                    && *r == rule
                {
                    total += i32::from(*by);
                }
            }
        }
        total
    }

    /// The feature blocks of a club's unsuspended Staff and Directors.
    fn feature_blocks<'a>(&'a self, club: &Club, with_directors: bool) -> Vec<&'a EffectBlock> {
        let decks = &self.config.decks;
        let staff = club
            .staff
            .iter()
            .filter(|s| s.suspension == 0)
            .filter_map(|s| decks.staff.get(s.card))
            .flat_map(|s| s.abilities.iter());
        let directors = club
            .directors
            .iter()
            .filter(|s| with_directors && s.suspension == 0)
            .filter_map(|s| decks.directors.get(s.card))
            .flat_map(|s| s.abilities.iter());
        staff
            .chain(directors)
            .filter(|b| b.timing == Timing::Feature)
            .collect()
    }

    /// The Maintenance tracks' positions of club `c`: its Players, its
    /// Stadium Infrastructure (the printed Stands and Adboards too, unless
    /// the house rule counts only tokens built) and its Staff.
    pub fn maintenance_tracks(&self, c: usize) -> [usize; 3] {
        let Some(club) = self.clubs.get(c) else {
            return [0; 3];
        };
        let printed = if self.config.printed_infrastructure {
            PRINTED_INFRASTRUCTURE
        } else {
            0
        };
        [
            club.players.len(),
            printed + club.built.len(),
            club.staff.len(),
        ]
    }

    /// Cash due for Maintenance: a third of the Players, half the
    /// Infrastructure and half the Staff on the tracks (rounded down), plus
    /// `maintenance` rules, never below 0.
    pub fn maintenance_due(&self, c: usize) -> u32 {
        self.maintenance_due_with(c, true)
    }

    /// As [`Season::maintenance_due`], the Directors counted only with
    /// `directors` ([`Season::rule_total_with`]).
    pub(super) fn maintenance_due_with(&self, c: usize, directors: bool) -> u32 {
        let [players, infrastructure, staff] = self.maintenance_tracks(c);
        let base = players / 3 + infrastructure / 2 + staff / 2;
        let due = base as i32 + self.rule_total_with(c, Rule::Maintenance, directors);
        due.max(0) as u32
    }

    /// The Operation the Paid action costs club `c`.
    pub fn paid_action_cost(&self, c: usize) -> u32 {
        self.paid_action_cost_with(c, true)
    }

    /// As [`Season::paid_action_cost`], the Directors counted only with
    /// `directors`.
    pub(super) fn paid_action_cost_with(&self, c: usize, directors: bool) -> u32 {
        (PAID_ACTION_COST + self.rule_total_with(c, Rule::PaidActionCost, directors)).max(0) as u32
    }

    /// A Player card's Strength as it lies (side plus tokens, not below 0).
    pub fn player_strength(&self, c: usize, i: usize) -> u32 {
        let Some(p) = self.clubs.get(c).and_then(|c| c.players.get(i)) else {
            return 0;
        };
        let base = self
            .config
            .decks
            .players
            .get(p.card)
            .map_or(0, |card| i32::from(card.side(p.side).strength));
        (base + p.tokens.modifier()).max(0) as u32
    }

    /// Club `c`'s Untrained Players that `filter` lets a Training take.
    pub(super) fn train_candidates(&self, c: usize, filter: Option<&Filter>) -> Vec<usize> {
        (0..self.clubs.get(c).map_or(0, |x| x.players.len()))
            .filter(|&i| {
                self.clubs[c].players[i].side == Side::Untrained
                    && self.player_matches(c, i, filter)
            })
            .collect()
    }

    fn player_matches(&self, c: usize, i: usize, filter: Option<&Filter>) -> bool {
        let Some(f) = filter else { return true };
        let Some(p) = self.clubs.get(c).and_then(|c| c.players.get(i)) else {
            return false;
        };
        let Some(card) = self.config.decks.players.get(p.card) else {
            return false;
        };
        let side = card.side(p.side);
        (f.kind.is_empty() || f.kind.contains(&card.kind))
            && (f.side.is_empty() || f.side.contains(&p.side))
            && (f.task.is_empty() || f.task.contains(&side.task))
            && (f.has_token.is_empty() || f.has_token.iter().any(|t| p.tokens.count(*t) > 0))
    }

    /// The value of a quantity for club `c` outside a Match (the current
    /// Match's quantities are those of the club's last Match).
    pub fn quantity(&self, c: usize, cond: &Condition) -> i32 {
        let Some(club) = self.clubs.get(c) else {
            return 0;
        };
        let last = club.matches.last();
        let filter = cond.filter.as_ref();
        match cond.quantity {
            Quantity::OwnGoals => last.map_or(0, |m| m.own as i32),
            Quantity::OpponentGoals => last.map_or(0, |m| m.against as i32),
            Quantity::GoalDifference => last.map_or(0, |m| m.own as i32 - m.against as i32),
            Quantity::MatchResult | Quantity::ThisPlayerGoals | Quantity::FansInStands => 0,
            Quantity::Players => (0..club.players.len())
                .filter(|&i| self.player_matches(c, i, filter))
                .count() as i32,
            Quantity::StaffSets => super::club::staff_sets(club.staff.iter().filter_map(|s| {
                let card = self.config.decks.staff.get(s.card)?;
                Some((card.set, s.suspension))
            })),
            Quantity::Sponsors => club
                .sponsors
                .iter()
                .filter(|s| {
                    filter.is_none_or(|f| f.contract.is_empty() || f.contract.contains(&s.contract))
                })
                .count() as i32,
            Quantity::Infrastructure => club
                .built
                .iter()
                .filter(|i| {
                    filter.is_none_or(|f| {
                        f.kind_of_infrastructure.is_empty() || f.kind_of_infrastructure.contains(i)
                    })
                })
                .count() as i32,
            Quantity::OfficeLevel => i32::from(club.office),
            Quantity::Stat => cond
                .stat
                .and_then(slot_of_stat)
                .and_then(|s| club.stats.get(s))
                .map_or(0, |l| i32::from(*l)),
            Quantity::LeaguePosition => self.league.position(club.team).map_or(0, |p| p as i32),
            Quantity::SeasonWins => club.wins as i32,
            Quantity::SeasonGoalsFor => club.goals_for as i32,
            Quantity::SeasonCleanSheets => club.clean_sheets as i32,
            Quantity::Week => i32::from(self.week),
        }
    }

    /// Whether `cond` holds for club `c` now.
    pub fn holds(&self, c: usize, cond: &Condition) -> bool {
        let result = self
            .clubs
            .get(c)
            .and_then(|club| club.matches.last())
            .map_or(MatchResult::Draw, |m| MatchResult::of(m.own, m.against));
        cond.holds(self.quantity(c, cond), result)
    }

    /// Moves a Stat marker; above 5 gains the Resource instead, below 1
    /// discards one (if any).
    pub fn move_stat(&mut self, c: usize, slot: usize, by: i32) {
        let Some(club) = self.clubs.get_mut(c) else {
            return;
        };
        let steps = by.unsigned_abs();
        for _ in 0..steps {
            let (Some(level), Some(res)) = (club.stats.get_mut(slot), club.res.get_mut(slot))
            else {
                return;
            };
            if by > 0 {
                if *level >= 5 {
                    *res += 1;
                } else {
                    *level += 1;
                }
            } else if *level <= 1 {
                *res = res.saturating_sub(1);
            } else {
                *level -= 1;
            }
        }
    }

    /// Adds (or, negative, discards up to) `n` of a Resource slot, or VP.
    pub fn add_resource(&mut self, c: usize, resource: Resource, n: i32) {
        let Some(club) = self.clubs.get_mut(c) else {
            return;
        };
        let target = match slot_of(resource) {
            Some(s) => club.res.get_mut(s),
            None if resource == Resource::VictoryPoint => Some(&mut club.vp),
            None => None,
        };
        if let Some(x) = target {
            *x = (i64::from(*x) + i64::from(n)).max(0) as u32;
        }
    }

    fn not_resolved(c: usize, source: &str, reason: impl Into<String>, events: &mut Vec<Event>) {
        events.push(Event::NotResolved {
            seat: Self::seat_of(c),
            source: source.to_string(),
            reason: reason.into(),
        });
    }

    /// Resolves the blocks of `timing` of a card for club `c`.
    pub fn resolve_blocks(
        &mut self,
        c: usize,
        source: &str,
        blocks: &[EffectBlock],
        timing: Timing,
        picks: &mut Picks,
        events: &mut Vec<Event>,
    ) {
        for block in blocks.iter().filter(|b| b.timing == timing) {
            if let Some(cond) = &block.condition
                && !self.holds(c, cond)
            {
                continue;
            }
            events.push(Event::Effect {
                seat: Self::seat_of(c),
                source: source.to_string(),
                text: block.describe(),
            });
            self.resolve_effects(c, source, &block.effects, picks, events);
        }
    }

    /// Resolves ops in order for club `c`.
    pub fn resolve_effects(
        &mut self,
        c: usize,
        source: &str,
        effects: &[Effect],
        picks: &mut Picks,
        events: &mut Vec<Event>,
    ) {
        for e in effects {
            self.resolve_op(c, source, e, picks, events);
        }
    }

    fn resolve_op(
        &mut self,
        c: usize,
        source: &str,
        e: &Effect,
        picks: &mut Picks,
        events: &mut Vec<Event>,
    ) {
        self.resolving(source);
        match e {
            Effect::Gain {
                resource,
                amount,
                per,
                max,
            } => {
                let units = per.as_ref().map_or(1, |q| self.quantity(c, q).max(0));
                let mut n = i32::from(*amount) * units;
                if let Some(m) = max {
                    n = n.min(i32::from(*m));
                }
                if *resource == Resource::Any {
                    // Any Resource, chosen per unit: picks 0-3 name Cash,
                    // Fan Base, Operation, Fitness; the default is Cash.
                    for k in 0..n.max(0) {
                        let pick = self.ask(picks, c, |_| {
                            four_choice(&format!("Gain which Resource ({} of {n})?", k + 1))
                        });
                        let slot = usize::from(pick.unwrap_or(0)).min(3);
                        let r = [
                            Resource::Cash,
                            Resource::FanBase,
                            Resource::Operation,
                            Resource::Fitness,
                        ];
                        self.add_resource(c, r[slot], 1);
                    }
                } else {
                    self.add_resource(c, *resource, n);
                }
            }
            Effect::Lose { resource, amount } => {
                if *resource == Resource::Any {
                    for _ in 0..*amount {
                        let Some(club) = self.clubs.get(c) else {
                            return;
                        };
                        // The Resource held most goes first.
                        let slot = (0..4).max_by_key(|&s| (club.res[s], 4 - s)).unwrap_or(0);
                        let r = [
                            Resource::Cash,
                            Resource::FanBase,
                            Resource::Operation,
                            Resource::Fitness,
                        ];
                        self.add_resource(c, r[slot], -1);
                    }
                } else {
                    self.add_resource(c, *resource, -i32::from(*amount));
                }
            }
            Effect::MoveStat { stat, by } => {
                let slot = match stat {
                    Stat::Any => {
                        let q = format!("Move which Stat marker ({by:+})?");
                        usize::from(self.ask(picks, c, |_| four_choice(&q)).unwrap_or(0)).min(3)
                    }
                    s => slot_of_stat(*s).unwrap_or(0),
                };
                self.move_stat(c, slot, i32::from(*by));
            }
            Effect::Draw { deck, count, keep } => {
                self.draw_op(c, source, *deck, *count, *keep, picks, events)
            }
            Effect::BasicAction {
                action,
                from,
                discount,
                free,
                infrastructure,
                contract,
            } => {
                let grant = Grant::of(*from, *discount, *free);
                let r = match action {
                    BasicAction::HirePlayer => {
                        let slot = self.granted_slot(picks, c, e, &grant, |s, slot| {
                            s.check_hire_player(c, slot, &grant).is_ok()
                        });
                        match slot {
                            Some(s) => self.hire_player(c, s, &grant, events),
                            None => Err(SeasonError::NoSuchCard("Player the club can Hire".into())),
                        }
                    }
                    BasicAction::HireYoungster => self.hire_youngster(c, &grant, events),
                    BasicAction::SellPlayer => {
                        let pick = self
                            .ask(picks, c, |s| s.first_choice(c, e))
                            .map(usize::from)
                            .or_else(|| self.weakest_player(c));
                        match pick {
                            Some(i) => self.sell(c, i, events),
                            None => Err(SeasonError::NoSuchCard("Player to Sell".into())),
                        }
                    }
                    BasicAction::HireStaff => {
                        let slot = self.granted_slot(picks, c, e, &grant, |s, slot| {
                            s.check_hire_staff(c, slot, &grant).is_ok()
                        });
                        match slot {
                            Some(s) => self.hire_staff_with(c, s, &grant, picks, events),
                            None => Err(SeasonError::NoSuchCard("Staff the club can Hire".into())),
                        }
                    }
                    BasicAction::ContractSponsor => {
                        let wanted = contract.unwrap_or(Contract::OneOff);
                        let slot = self.granted_slot(picks, c, e, &grant, |s, slot| {
                            s.check_contract(c, slot, wanted, &grant).is_ok()
                        });
                        match slot {
                            Some(s) => self.contract(c, s, wanted, false, &grant, picks, events),
                            None => Err(SeasonError::NoSuchCard("Sponsor to Contract".into())),
                        }
                    }
                    BasicAction::BuildInfrastructure => {
                        let kind = infrastructure.or_else(|| {
                            let pick = self
                                .ask(picks, c, |s| s.first_choice(c, e))
                                .map(usize::from);
                            match pick {
                                Some(p) => BUILDABLE.get(p).copied(),
                                None => BUILDABLE
                                    .iter()
                                    .rev()
                                    .copied()
                                    .find(|k| self.check_build(c, *k, &grant).is_ok()),
                            }
                        });
                        match kind {
                            Some(k) => self.build(c, k, &grant, events),
                            None => Err(SeasonError::NoSpace("Infrastructure")),
                        }
                    }
                    BasicAction::BuildOffice => self.build_office(c, &grant, events),
                };
                if let Err(err) = r {
                    Self::not_resolved(c, source, err.to_string(), events);
                }
            }
            Effect::Train { filter, count, .. } => {
                for _ in 0..count.unwrap_or(1) {
                    let candidates = self.train_candidates(c, filter.as_ref());
                    let pick = self
                        .ask(picks, c, |s| s.first_choice(c, e))
                        .map(usize::from)
                        .filter(|p| candidates.contains(p))
                        .or_else(|| self.best_to_train(c, &candidates));
                    match pick {
                        Some(i) => self.train(c, i),
                        None => {
                            Self::not_resolved(c, source, "no Untrained Player to Train", events)
                        }
                    }
                }
            }
            Effect::PlaceToken {
                token,
                target,
                amount,
                filter,
            } => self.token_op(
                c,
                source,
                *token,
                *target,
                i32::from(*amount),
                filter.as_ref(),
                picks,
                events,
            ),
            Effect::RemoveToken {
                token,
                target,
                amount,
                filter,
            } => self.token_op(
                c,
                source,
                *token,
                *target,
                -i32::from(*amount),
                filter.as_ref(),
                picks,
                events,
            ),
            Effect::RollDie {
                sides,
                at_least,
                at_most,
                even,
                odd,
                then,
                otherwise,
            } => {
                let test = |roll: u8| {
                    at_least.is_none_or(|x| roll >= x)
                        && at_most.is_none_or(|x| roll <= x)
                        && (!*even || roll.is_multiple_of(2))
                        && (!*odd || roll % 2 == 1)
                };
                // The pick is the most Fan Base to spend rerolling while
                // the test fails (the rulebook's reroll of your own die;
                // none without a pick). A season that asks asks after
                // each failed roll instead.
                let mut rerolls = self.rerolls(picks);
                let mut pass;
                loop {
                    let roll: u8 = self.dice().roll((*sides).max(1));
                    pass = test(roll);
                    events.push(Event::Effect {
                        seat: Self::seat_of(c),
                        source: source.to_string(),
                        text: format!("rolled {roll}"),
                    });
                    if pass || !self.has(c, Resource::FanBase, 1) {
                        break;
                    }
                    if !self.roll_again(picks, c, &mut rerolls, || {
                        format!("You rolled {roll} ({})", e.describe())
                    }) {
                        break;
                    }
                    self.add_resource(c, Resource::FanBase, -1);
                }
                let branch = if pass { then } else { otherwise };
                self.resolve_effects(c, source, branch, picks, events);
            }
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                let branch = if self.holds(c, condition) {
                    then
                } else {
                    otherwise
                };
                self.resolve_effects(c, source, branch, picks, events);
            }
            Effect::Choose { options } => {
                let k = usize::from(self.ask(picks, c, |s| s.first_choice(c, e)).unwrap_or(0));
                let option: Option<&ChoiceOption> = options.get(k).or_else(|| options.first());
                if let Some(o) = option {
                    let effects = o.effects.clone();
                    self.resolve_effects(c, source, &effects, picks, events);
                }
            }
            Effect::May { then, cost } => {
                let affordable = cost.iter().all(|(r, n)| self.has(c, *r, u32::from(*n)));
                let accept = match self.ask(picks, c, |s| s.first_choice(c, e)) {
                    Some(p) => p != 0,
                    None => affordable,
                };
                if accept && affordable {
                    for (r, n) in cost {
                        self.add_resource(c, *r, -i32::from(*n));
                    }
                    self.resolve_effects(c, source, then, picks, events);
                }
            }
            Effect::Modify { rule, by, duration } => {
                if let Some(club) = self.clubs.get_mut(c) {
                    club.modifiers.push(Modifier {
                        rule: *rule,
                        by: *by,
                        duration: *duration,
                    });
                }
            }
            Effect::DiscardCard {
                kind,
                pick,
                count,
                pay_back,
                filter,
            } => {
                for _ in 0..*count {
                    if !self.discard_card(c, *kind, *pick, *pay_back, filter.as_ref(), picks) {
                        Self::not_resolved(c, source, "no card left to discard", events);
                        break;
                    }
                }
            }
            Effect::MoveLeague { team, by } => {
                let index = match team {
                    Team::Own => self.clubs.get(c).map(|x| x.team),
                    Team::Opponent => self.next_opponent_team(c),
                };
                if let Some(t) = index.and_then(|i| self.league.teams.get_mut(i)) {
                    t.points = (i64::from(t.points) + i64::from(*by)).max(0) as u32;
                }
            }
            Effect::Unexhaust { kind, count } => {
                let Some(club) = self.clubs.get_mut(c) else {
                    return;
                };
                let mut left = *count;
                let staff = matches!(kind, ExhaustKind::Staff | ExhaustKind::Any);
                let directors = matches!(kind, ExhaustKind::Director | ExhaustKind::Any);
                let mut cards: Vec<&mut OwnedCard> = Vec::new();
                if staff {
                    cards.extend(club.staff.iter_mut());
                }
                if directors {
                    cards.extend(club.directors.iter_mut());
                }
                for card in cards {
                    if left > 0 && card.exhausted {
                        card.exhausted = false;
                        left -= 1;
                    }
                }
            }
            Effect::FlipJersey { count } if self.clubs[c].jerseys.is_some() => {
                let cards = self.jersey_cards(c);
                let flipped = self.clubs[c]
                    .jerseys
                    .as_mut()
                    .map_or(0, |j| j.flip_free(*count, &cards));
                if flipped == 0 {
                    Self::not_resolved(c, source, "no Jersey marker without a Player card", events);
                }
            }
            Effect::ScoreGoal { .. }
            | Effect::CancelGoal { .. }
            | Effect::AdjustOpponent { .. }
            | Effect::FlipJersey { .. }
            | Effect::MoveJersey { .. } => {
                Self::not_resolved(c, source, "only during a Match", events);
            }
        }
    }

    /// The slot a granted Basic action (`e`) of club `c` takes: the
    /// answer to its choice, else the rightmost slot the grant reaches
    /// where `legal` holds.
    fn granted_slot(
        &mut self,
        picks: &mut Picks,
        c: usize,
        e: &Effect,
        grant: &Grant,
        legal: impl Fn(&Season, usize) -> bool,
    ) -> Option<usize> {
        let first = if grant.from == Market::Display {
            0
        } else {
            MARKET_FROM
        };
        self.ask(picks, c, |s| s.first_choice(c, e))
            .map(usize::from)
            .or_else(|| (first..ROW).rev().find(|&slot| legal(self, slot)))
    }

    /// Whether club `c` holds `n` of a Resource (VP included).
    pub fn has(&self, c: usize, r: Resource, n: u32) -> bool {
        let Some(club) = self.clubs.get(c) else {
            return false;
        };
        match slot_of(r) {
            Some(s) => club.res.get(s).is_some_and(|x| *x >= n),
            None if r == Resource::VictoryPoint => club.vp >= n,
            None => club.res.iter().sum::<u32>() >= n,
        }
    }

    /// The League index of club `c`'s next Opponent.
    pub fn next_opponent_team(&self, c: usize) -> Option<usize> {
        let card = self.clubs.get(c)?.opponents.last()?;
        let club_id = &self.config.decks.opponents.get(*card)?.club;
        self.league_clubs.iter().position(|id| id == club_id)
    }

    fn weakest_player(&self, c: usize) -> Option<usize> {
        let n = self.clubs.get(c)?.players.len();
        (0..n).min_by_key(|&i| (self.player_strength(c, i), i))
    }

    pub(super) fn best_to_train(&self, c: usize, candidates: &[usize]) -> Option<usize> {
        let club = self.clubs.get(c)?;
        candidates.iter().copied().max_by_key(|&i| {
            club.players
                .get(i)
                .and_then(|p| self.config.decks.players.get(p.card))
                .map_or(0, |card| card.trained.strength)
        })
    }

    /// Flips Player `i` of club `c` to its Trained side.
    pub fn train(&mut self, c: usize, i: usize) {
        let spaces = self
            .clubs
            .get(c)
            .and_then(|x| x.players.get(i))
            .and_then(|p| self.config.decks.players.get(p.card))
            .map_or(0, |card| card.trained.experience.len());
        if let Some(p) = self.clubs.get_mut(c).and_then(|x| x.players.get_mut(i)) {
            p.side = Side::Trained;
            p.experience_filled.resize(spaces, false);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn token_op(
        &mut self,
        c: usize,
        source: &str,
        token: Token,
        target: Target,
        amount: i32,
        filter: Option<&Filter>,
        picks: &mut Picks,
        events: &mut Vec<Event>,
    ) {
        let Some(club) = self.clubs.get(c) else {
            return;
        };
        let place = amount > 0;
        let n = amount.unsigned_abs() as u8;
        if token == Token::Reminder {
            if let Some(club) = self.clubs.get_mut(c) {
                club.reminders = (i64::from(club.reminders) + i64::from(amount)).max(0) as u32;
            }
            return;
        }
        match target {
            Target::ChosenStaff | Target::ChosenDirector | Target::ChosenCard
                if token == Token::Suspension =>
            {
                let staff_n = club.staff.len();
                let on_directors = target == Target::ChosenDirector;
                let pick = self
                    .ask(picks, c, |s| s.suspension_choice(c, target, place))
                    .map(usize::from);
                let club = &self.clubs[c];
                let card = if on_directors {
                    let i = pick.or_else(|| {
                        club.directors
                            .iter()
                            .position(|d| (d.suspension > 0) != place)
                    });
                    i.and_then(|i| self.clubs[c].directors.get_mut(i))
                } else {
                    let i = pick
                        .or_else(|| club.staff.iter().position(|d| (d.suspension > 0) != place));
                    match i {
                        Some(i) if i < staff_n => self.clubs[c].staff.get_mut(i),
                        Some(i) => self.clubs[c].directors.get_mut(i - staff_n),
                        None => None,
                    }
                };
                match card {
                    Some(card) if place => card.suspension = card.suspension.saturating_add(n),
                    Some(card) => card.suspension = card.suspension.saturating_sub(n),
                    None => Self::not_resolved(c, source, "no card for the token", events),
                }
            }
            Target::ChosenStaff | Target::ChosenDirector => Self::not_resolved(
                c,
                source,
                "only Suspension tokens go on Staff or Directors",
                events,
            ),
            Target::This => {
                Self::not_resolved(c, source, "names a Player card only in a Match", events)
            }
            Target::Each => {
                for i in 0..club.players.len() {
                    if self.player_matches(c, i, filter) {
                        self.player_tokens(c, i, token, place, n);
                    }
                }
            }
            Target::Random => {
                // The pick is the most Fan Base to spend rolling the
                // twelve-sided die again while it fails: while it names a
                // Player for bad news, or nobody for good news ("when
                // rolling a die, you may spend 1 Fan Base to reroll it";
                // none without a pick).
                let good = matches!(
                    token,
                    Token::StrengthTemp | Token::StrengthPerm | Token::Experience
                ) == place;
                let mut rerolls = self.rerolls(picks);
                let (roll, hit) = loop {
                    let roll: u8 = self.dice().roll(12);
                    let hit = if self.asking() {
                        // Several Players may wear the number: the
                        // manager chooses one of them.
                        let worn = self.players_by_number(c, roll);
                        if worn.len() > 1 {
                            let question = format!(
                                "The twelve-sided die shows {roll}: which Player gets the {} token?",
                                token.title()
                            );
                            let pick = self.ask(picks, c, |s| s.player_choice(c, question, &worn));
                            pick.map(usize::from)
                                .filter(|i| worn.contains(i))
                                .or(worn.first().copied())
                        } else {
                            worn.first().copied()
                        }
                    } else {
                        self.player_by_number(c, roll)
                    };
                    let fails = hit.is_some() != good;
                    if !fails || !self.has(c, Resource::FanBase, 1) {
                        break (roll, hit);
                    }
                    let what = match hit {
                        Some(_) => "it names one of your Players",
                        None => "it names nobody",
                    };
                    if !self.roll_again(picks, c, &mut rerolls, || {
                        format!(
                            "The twelve-sided die for the {} token shows {roll} and {what}",
                            token.title()
                        )
                    }) {
                        break (roll, hit);
                    }
                    events.push(Event::Effect {
                        seat: Self::seat_of(c),
                        source: source.to_string(),
                        text: format!("rolled {roll}; 1 Fan Base to roll again"),
                    });
                    self.add_resource(c, Resource::FanBase, -1);
                };
                match hit {
                    Some(i) => self.player_tokens(c, i, token, place, n),
                    None => Self::not_resolved(
                        c,
                        source,
                        format!("rolled {roll}: no such Player"),
                        events,
                    ),
                }
            }
            Target::Chosen | Target::Spread | Target::ChosenCard => {
                let per = if target == Target::Spread { 1 } else { n };
                let rounds = if target == Target::Spread { n } else { 1 };
                for _ in 0..rounds {
                    let candidates: Vec<usize> = (0..self.clubs[c].players.len())
                        .filter(|&i| self.player_matches(c, i, filter))
                        .filter(|&i| place || self.clubs[c].players[i].tokens.count(token) > 0)
                        .collect();
                    let good = matches!(
                        token,
                        Token::StrengthTemp | Token::StrengthPerm | Token::Experience
                    ) == place;
                    // Good news goes on the strongest card, bad news on the
                    // weakest.
                    let default = if good {
                        candidates
                            .iter()
                            .copied()
                            .max_by_key(|&i| self.player_strength(c, i))
                    } else {
                        candidates
                            .iter()
                            .copied()
                            .min_by_key(|&i| self.player_strength(c, i))
                    };
                    let question = format!(
                        "Which Player {} {}?",
                        if place { "gets" } else { "loses" },
                        if per == 1 {
                            format!("a {} token", token.title())
                        } else {
                            format!("{per} {} tokens", token.title())
                        }
                    );
                    let pick = self
                        .ask(picks, c, |s| {
                            let mut q = s.player_choice(c, question, &candidates);
                            if let Some(d) = default.and_then(|d| u8::try_from(d).ok()) {
                                q.default = d;
                            }
                            q
                        })
                        .map(usize::from)
                        .filter(|p| candidates.contains(p))
                        .or(default);
                    match pick {
                        Some(i) => self.player_tokens(c, i, token, place, per),
                        None => {
                            Self::not_resolved(c, source, "no Player card for the token", events);
                            break;
                        }
                    }
                }
            }
        }
    }

    fn player_tokens(&mut self, c: usize, i: usize, token: Token, place: bool, n: u8) {
        if let Some(p) = self.clubs.get_mut(c).and_then(|x| x.players.get_mut(i)) {
            if place {
                p.tokens.add(token, n);
            } else {
                let removed = p.tokens.remove(token, n);
                // Experience tokens are VP: taken off a card, they go to the
                // supply.
                if token == Token::Experience {
                    self.clubs[c].vp += u32::from(removed);
                }
            }
        }
    }

    /// The Player a twelve-sided roll names: that Jersey number (the
    /// Goalkeeper is 1), or for 12 the first card numbered 12 or more or
    /// unnumbered.
    pub fn player_by_number(&self, c: usize, roll: u8) -> Option<usize> {
        self.players_by_number(c, roll).first().copied()
    }

    #[allow(clippy::too_many_arguments)]
    fn draw_op(
        &mut self,
        c: usize,
        source: &str,
        deck: Deck,
        count: u8,
        keep: Option<u8>,
        picks: &mut Picks,
        events: &mut Vec<Event>,
    ) {
        let keep = usize::from(keep.unwrap_or(count).min(count));
        let mut drawn: Vec<usize> = Vec::new();
        for _ in 0..count {
            let card = match deck {
                Deck::Player => self.area.player_deck.draw(&mut self.rng),
                Deck::Youngster => self.area.youngsters.draw(&mut self.rng),
                Deck::Veteran => self.area.veterans.draw(&mut self.rng),
                Deck::Staff => self.area.staff_deck.draw(&mut self.rng),
                Deck::Sponsor => self.area.sponsor_deck.draw(&mut self.rng),
                Deck::Tactic => self.decks.tactics.deck.pop(),
                Deck::Objective => self.decks.objectives.draw(&mut self.rng),
                Deck::BoardMeeting => self.decks.board.draw(&mut self.rng),
            };
            drawn.extend(card);
        }
        if drawn.len() < usize::from(count) {
            Self::not_resolved(
                c,
                source,
                format!("the {} deck ran out", deck.title()),
                events,
            );
        }
        // Kept cards: picks name them by their place among those drawn;
        // by default the first ones.
        let mut kept: Vec<usize> = Vec::new();
        let mut rest = drawn.clone();
        // Every card drawn is kept when the effect keeps them all: nothing
        // to ask (unasked, the picks are read as they always were).
        let choosing = keep < drawn.len() || !self.asking();
        for _ in 0..keep.min(drawn.len()) {
            let k = if choosing {
                self.ask(picks, c, |s| s.keep_choice(deck, &rest))
            } else {
                None
            };
            let k = k.map(usize::from).filter(|k| *k < rest.len()).unwrap_or(0);
            kept.push(rest.remove(k));
        }
        let decks = self.config.decks.clone();
        for card in kept {
            match deck {
                Deck::Player | Deck::Youngster | Deck::Veteran => {
                    self.clubs[c].players.push(new_player(&decks, card));
                }
                Deck::Staff => {
                    self.clubs[c].staff.push(OwnedCard {
                        card,
                        exhausted: false,
                        suspension: 0,
                    });
                }
                Deck::Sponsor => {
                    // To the rightmost slot of the Sponsor row; the card
                    // there is discarded.
                    if let Some(slot) = self.area.sponsors.last_mut()
                        && let Some(old) = slot.replace(card)
                    {
                        self.area.sponsor_deck.discard.push(old);
                    }
                }
                Deck::Tactic => {
                    self.clubs[c].tactics.push(card);
                    events.push(Event::Private {
                        seat: Self::seat_of(c),
                        text: format!(
                            "drew the Tactic card {}",
                            decks.tactics.get(card).map_or("?", |t| t.name.as_str())
                        ),
                    });
                }
                Deck::Objective => {
                    // A club keeps one Objective: a second one is discarded.
                    self.decks.objectives.discard.push(card);
                    Self::not_resolved(c, source, "a club keeps one Objective", events);
                }
                Deck::BoardMeeting => {
                    self.decks.board.discard.push(card);
                    Self::not_resolved(
                        c,
                        source,
                        "Board Meeting cards are drawn on Monday",
                        events,
                    );
                }
            }
        }
        for card in rest {
            match deck {
                Deck::Player => self.area.player_deck.discard.push(card),
                Deck::Youngster => self.area.youngsters.discard.push(card),
                Deck::Veteran => self.area.veterans.discard.push(card),
                Deck::Staff => self.area.staff_deck.discard.push(card),
                Deck::Sponsor => self.area.sponsor_deck.discard.push(card),
                Deck::Tactic => self.decks.tactics.discard.push(card),
                Deck::Objective => self.decks.objectives.discard.push(card),
                Deck::BoardMeeting => self.decks.board.discard.push(card),
            }
        }
    }

    fn discard_card(
        &mut self,
        c: usize,
        kind: CardKind,
        pick: Pick,
        pay_back: bool,
        filter: Option<&Filter>,
        picks: &mut Picks,
    ) -> bool {
        let Some(club) = self.clubs.get(c) else {
            return false;
        };
        let len = match kind {
            CardKind::Player => club.players.len(),
            CardKind::Staff => club.staff.len(),
            CardKind::Sponsor => club.sponsors.len(),
            CardKind::Tactic => club.tactics.len(),
            CardKind::Director => club.directors.len(),
        };
        let candidates: Vec<usize> = (0..len)
            .filter(|&i| kind != CardKind::Player || self.player_matches(c, i, filter))
            .collect();
        if candidates.is_empty() {
            return false;
        }
        let i = match pick {
            Pick::Random => {
                let k = self.rng.random_range(0..candidates.len());
                candidates[k]
            }
            Pick::Chosen => {
                let default = match kind {
                    CardKind::Player => candidates
                        .iter()
                        .copied()
                        .min_by_key(|&i| self.player_strength(c, i))
                        .unwrap_or(0),
                    _ => candidates[candidates.len() - 1],
                };
                self.ask(picks, c, |s| {
                    s.discard_choice(c, kind, &candidates, default)
                })
                .map(usize::from)
                .filter(|p| candidates.contains(p))
                .unwrap_or(default)
            }
        };
        let decks = self.config.decks.clone();
        let club = &mut self.clubs[c];
        match kind {
            CardKind::Player => {
                let p = club.players.remove(i);
                club.vp += u32::from(p.tokens.experience);
                self.discard_player(p.card);
            }
            CardKind::Staff => {
                let s = club.staff.remove(i);
                self.area.staff_deck.discard.push(s.card);
            }
            CardKind::Sponsor => {
                let s = club.sponsors.remove(i);
                if pay_back {
                    for (slot, n) in s.gained.iter().enumerate() {
                        let r = [
                            Resource::Cash,
                            Resource::FanBase,
                            Resource::Operation,
                            Resource::Fitness,
                            Resource::VictoryPoint,
                        ][slot];
                        self.add_resource(c, r, -n);
                    }
                }
                // The Sponsor's rule changes end with it (a change that has
                // already expired is not found and stays gone).
                let club = &mut self.clubs[c];
                for m in &s.rules {
                    if let Some(k) = club.modifiers.iter().position(|x| x == m) {
                        club.modifiers.remove(k);
                    }
                }
                self.area.sponsor_deck.discard.push(s.card);
            }
            CardKind::Tactic => {
                let t = club.tactics.remove(i);
                self.decks.tactics.discard.push(t);
            }
            CardKind::Director => {
                let d = club.directors.remove(i);
                self.boxed.directors.push(d.card);
            }
        }
        let _ = decks;
        true
    }

    /// A Player card to its deck's discard pile.
    pub fn discard_player(&mut self, card: usize) {
        let kind = self.config.decks.players.get(card).map(|p| p.kind);
        match kind {
            Some(PlayerKind::Youngster) => self.area.youngsters.discard.push(card),
            Some(PlayerKind::Veteran) => self.area.veterans.discard.push(card),
            _ => self.area.player_deck.discard.push(card),
        }
    }

    // ----- Basic actions (also granted by cards) -----

    fn pay_cash(&self, c: usize, cost: u32) -> Result<(), SeasonError> {
        let have = self.clubs.get(c).map_or(0, Club::cash);
        if have < cost {
            return Err(SeasonError::CannotAfford {
                what: "Cash",
                need: cost,
                have,
            });
        }
        Ok(())
    }

    /// The card shown in `slot` of a display row, if the grant may take it.
    fn displayed<T: Copy>(
        row: &[Option<T>],
        grant: &Grant,
        slot: usize,
        what: &str,
    ) -> Result<T, SeasonError> {
        Self::slot_range(grant, slot)?;
        row.get(slot)
            .copied()
            .flatten()
            .ok_or_else(|| SeasonError::NoSuchCard(format!("{what} in slot {}", slot + 1)))
    }

    fn slot_range(grant: &Grant, slot: usize) -> Result<(), SeasonError> {
        let first = if grant.from == Market::Display {
            0
        } else {
            MARKET_FROM
        };
        if slot < first || slot >= ROW {
            return Err(SeasonError::NoSuchCard(format!(
                "card you may take in slot {} (slots {}-{})",
                slot + 1,
                first + 1,
                ROW
            )));
        }
        Ok(())
    }

    /// Checks hiring the Player in `slot`.
    pub fn check_hire_player(
        &self,
        c: usize,
        slot: usize,
        grant: &Grant,
    ) -> Result<u32, SeasonError> {
        let card = Self::displayed(&self.area.players, grant, slot, "Player")?;
        let cost = grant.cost(
            self.config
                .decks
                .players
                .get(card)
                .map_or(0, |p| u32::from(p.untrained.hire_cost)),
        );
        self.pay_cash(c, cost)?;
        Ok(cost)
    }

    /// Hires the Player in `slot`: pays, takes the card, shifts the row
    /// and refills it.
    pub fn hire_player(
        &mut self,
        c: usize,
        slot: usize,
        grant: &Grant,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        let cost = self.check_hire_player(c, slot, grant)?;
        let Some(card) = take_and_shift(&mut self.area.players, slot) else {
            return Err(SeasonError::NoSuchCard("Player".into()));
        };
        let refill = self.area.player_deck.draw(&mut self.rng);
        if let Some(first) = self.area.players.first_mut() {
            *first = refill;
        }
        self.add_resource(c, Resource::Cash, -(cost as i32));
        let decks = self.config.decks.clone();
        self.clubs[c].players.push(new_player(&decks, card));
        events.push(Event::Hired {
            seat: Self::seat_of(c),
            card: decks
                .players
                .get(card)
                .map_or_else(String::new, |p| p.id.clone()),
            cost,
        });
        Ok(())
    }

    /// Checks hiring the top Youngster.
    pub fn check_hire_youngster(&self, c: usize, grant: &Grant) -> Result<u32, SeasonError> {
        let card = self
            .area
            .youngsters
            .deck
            .last()
            .or(self.area.youngsters.discard.first())
            .copied()
            .ok_or_else(|| SeasonError::NoSuchCard("Youngster left".into()))?;
        let cost = grant.cost(
            self.config
                .decks
                .players
                .get(card)
                .map_or(1, |p| u32::from(p.untrained.hire_cost)),
        );
        self.pay_cash(c, cost)?;
        Ok(cost)
    }

    /// Hires the top Youngster.
    pub fn hire_youngster(
        &mut self,
        c: usize,
        grant: &Grant,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        self.check_hire_youngster(c, grant)?;
        let Some(card) = self.area.youngsters.draw(&mut self.rng) else {
            return Err(SeasonError::NoSuchCard("Youngster left".into()));
        };
        let decks = self.config.decks.clone();
        let cost = grant.cost(
            decks
                .players
                .get(card)
                .map_or(1, |p| u32::from(p.untrained.hire_cost)),
        );
        let have = self.clubs[c].cash();
        let cost = cost.min(have);
        self.add_resource(c, Resource::Cash, -(cost as i32));
        self.clubs[c].players.push(new_player(&decks, card));
        events.push(Event::Hired {
            seat: Self::seat_of(c),
            card: decks
                .players
                .get(card)
                .map_or_else(String::new, |p| p.id.clone()),
            cost,
        });
        Ok(())
    }

    /// What selling Player `i` gives: 2 plus its Strength (half, rounded
    /// down, if Injured or Suspended), and its Experience tokens as VP.
    pub fn sale_value(&self, c: usize, i: usize) -> Option<(u32, u32)> {
        let p = self.clubs.get(c)?.players.get(i)?;
        let mut cash = 2 + self.player_strength(c, i);
        if p.tokens.unavailable() {
            cash /= 2;
        }
        Some((cash, u32::from(p.tokens.experience)))
    }

    /// Sells Player `i`.
    pub fn sell(&mut self, c: usize, i: usize, events: &mut Vec<Event>) -> Result<(), SeasonError> {
        let (cash, vp) = self
            .sale_value(c, i)
            .ok_or_else(|| SeasonError::NoSuchCard(format!("Player {}", i + 1)))?;
        let p = self.clubs[c].players.remove(i);
        self.clubs[c].res[0] += cash;
        self.clubs[c].vp += vp;
        self.discard_player(p.card);
        events.push(Event::Sold {
            seat: Self::seat_of(c),
            card: self
                .config
                .decks
                .players
                .get(p.card)
                .map_or_else(String::new, |x| x.id.clone()),
            cash,
        });
        Ok(())
    }

    /// Checks hiring the Staff card in `slot`.
    pub fn check_hire_staff(
        &self,
        c: usize,
        slot: usize,
        grant: &Grant,
    ) -> Result<u32, SeasonError> {
        let card = Self::displayed(&self.area.staff, grant, slot, "Staff card")?;
        let cost = grant.cost(
            self.config
                .decks
                .staff
                .get(card)
                .map_or(0, |s| u32::from(s.hire_cost)),
        );
        self.pay_cash(c, cost)?;
        Ok(cost)
    }

    /// Hires the Staff card in `slot` and resolves its Bonus with the
    /// default answers to its choices.
    pub fn hire_staff(
        &mut self,
        c: usize,
        slot: usize,
        grant: &Grant,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        self.hire_staff_with(c, slot, grant, &mut Picks::default(), events)
    }

    /// Hires the Staff card in `slot` and resolves its Bonus, `picks`
    /// answering the Bonus's choices in order (which Player a Bonus trains
    /// or treats, a `choose` option, a `may`).
    pub fn hire_staff_with(
        &mut self,
        c: usize,
        slot: usize,
        grant: &Grant,
        picks: &mut Picks,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        let Some(card) = self.take_staff(c, slot, grant, events)? else {
            return Ok(());
        };
        let decks = self.config.decks.clone();
        if let Some(s) = decks.staff.get(card) {
            self.resolve_blocks(c, &s.id, &s.abilities, Timing::Bonus, picks, events);
        }
        Ok(())
    }

    /// The hire of [`Season::hire_staff_with`] up to its Bonus: pays, takes
    /// the card into the club and refills the row. Gives the card's index
    /// in the Staff deck (`None`: a card the deck does not know).
    pub fn take_staff(
        &mut self,
        c: usize,
        slot: usize,
        grant: &Grant,
        events: &mut Vec<Event>,
    ) -> Result<Option<usize>, SeasonError> {
        let cost = self.check_hire_staff(c, slot, grant)?;
        let Some(card) = take_and_shift(&mut self.area.staff, slot) else {
            return Err(SeasonError::NoSuchCard("Staff card".into()));
        };
        let refill = self.area.staff_deck.draw(&mut self.rng);
        if let Some(first) = self.area.staff.first_mut() {
            *first = refill;
        }
        self.add_resource(c, Resource::Cash, -(cost as i32));
        self.clubs[c].staff.push(OwnedCard {
            card,
            exhausted: false,
            suspension: 0,
        });
        let Some(s) = self.config.decks.staff.get(card) else {
            return Ok(None);
        };
        events.push(Event::StaffHired {
            seat: Self::seat_of(c),
            card: s.id.clone(),
            cost,
        });
        Ok(Some(card))
    }

    /// Checks contracting the Sponsor in `slot` with `contract`.
    pub fn check_contract(
        &self,
        c: usize,
        slot: usize,
        contract: Contract,
        grant: &Grant,
    ) -> Result<(), SeasonError> {
        Self::displayed(&self.area.sponsors, grant, slot, "Sponsor")?;
        let club = &self.clubs[c];
        let held = club
            .sponsors
            .iter()
            .filter(|s| s.contract == contract)
            .count();
        match contract {
            Contract::OneOff => Ok(()),
            Contract::Adboard if held >= club.adboard_spaces() => {
                Err(SeasonError::NoSpace("an Adboard Sponsor"))
            }
            Contract::Kit if held >= 1 => Err(SeasonError::NoSpace("a Kit Sponsor")),
            _ => Ok(()),
        }
    }

    /// Contracts the Sponsor in `slot`: resolves the contract's effects
    /// (Kit: and the Bonus; Adboard: the effects or, with `bonus`, the
    /// Bonus) and remembers what it gave for a pay-back.
    #[allow(clippy::too_many_arguments)]
    pub fn contract(
        &mut self,
        c: usize,
        slot: usize,
        contract: Contract,
        bonus: bool,
        grant: &Grant,
        picks: &mut Picks,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        self.check_contract(c, slot, contract, grant)?;
        let Some(card) = take_and_shift(&mut self.area.sponsors, slot) else {
            return Err(SeasonError::NoSuchCard("Sponsor".into()));
        };
        let refill = self.area.sponsor_deck.draw(&mut self.rng);
        if let Some(first) = self.area.sponsors.first_mut() {
            *first = refill;
        }
        let decks = self.config.decks.clone();
        let Some(s) = decks.sponsors.get(card) else {
            return Ok(());
        };
        events.push(Event::Contracted {
            seat: Self::seat_of(c),
            card: s.id.clone(),
            contract,
        });
        let before = amounts_of(&self.clubs[c]);
        let rules_before = self.clubs[c].modifiers.len();
        let mut blocks: Vec<&EffectBlock> = Vec::new();
        match contract {
            Contract::OneOff => blocks.extend(&s.front.one_off),
            Contract::Adboard if bonus => blocks.extend(&s.front.bonus),
            Contract::Adboard => blocks.extend(&s.front.adboard),
            Contract::Kit => {
                blocks.extend(&s.front.kit);
                blocks.extend(&s.front.bonus);
            }
        }
        for b in blocks {
            if let Some(cond) = &b.condition
                && !self.holds(c, cond)
            {
                continue;
            }
            self.resolve_effects(c, &s.id, &b.effects, picks, events);
        }
        let after = amounts_of(&self.clubs[c]);
        let mut gained = [0i32; 5];
        for k in 0..5 {
            gained[k] = (after[k] - before[k]).max(0) as i32;
        }
        if contract == Contract::OneOff {
            self.area.sponsor_deck.discard.push(card);
        } else {
            let rules = self.clubs[c]
                .modifiers
                .get(rules_before..)
                .map(<[Modifier]>::to_vec)
                .unwrap_or_default();
            self.clubs[c].sponsors.push(OwnedSponsor {
                card,
                contract,
                gained,
                rules,
            });
        }
        Ok(())
    }

    /// Checks building `kind`.
    pub fn check_build(
        &self,
        c: usize,
        kind: Infrastructure,
        grant: &Grant,
    ) -> Result<u32, SeasonError> {
        let club = &self.clubs[c];
        let marked =
            |k: &Infrastructure| matches!(k, Infrastructure::Stand | Infrastructure::Adboard);
        if !self.config.reserved_spaces && club.built.len() >= STADIUM_SPACES {
            return Err(SeasonError::NoSpace("Stadium Infrastructure"));
        }
        if self.config.reserved_spaces
            && !marked(&kind)
            && club.built.iter().filter(|k| !marked(k)).count() >= STADIUM_SPACES - RESERVED_SPACES
        {
            return Err(SeasonError::NoSpace(
                "Stadium Infrastructure (the 4 free spaces are built; the others are marked for Stands #3 and #4 and Adboard #3)",
            ));
        }
        let same = club.built.iter().filter(|k| **k == kind).count();
        match kind {
            Infrastructure::Stand if same >= 2 => {
                return Err(SeasonError::NoSpace("a Stand (#3 and #4 are built)"));
            }
            Infrastructure::Adboard if same >= 1 => {
                return Err(SeasonError::NoSpace("an Adboard (#3 is built)"));
            }
            _ => {}
        }
        let cost = grant.cost(BUILD_COST);
        self.pay_cash(c, cost)?;
        Ok(cost)
    }

    /// Builds `kind` (3 Cash).
    pub fn build(
        &mut self,
        c: usize,
        kind: Infrastructure,
        grant: &Grant,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        let cost = self.check_build(c, kind, grant)?;
        self.add_resource(c, Resource::Cash, -(cost as i32));
        self.clubs[c].built.push(kind);
        events.push(Event::Built {
            seat: Self::seat_of(c),
            what: kind,
        });
        Ok(())
    }

    /// Checks moving the Office marker up.
    pub fn check_office(&self, c: usize, grant: &Grant) -> Result<u32, SeasonError> {
        let level = self.clubs[c].office;
        let Some(&base) = OFFICE_COST.get(usize::from(level)) else {
            return Err(SeasonError::NoSpace("the Office marker (top of the track)"));
        };
        let cost = grant.cost(base);
        self.pay_cash(c, cost)?;
        Ok(cost)
    }

    /// Moves the Office marker up.
    pub fn build_office(
        &mut self,
        c: usize,
        grant: &Grant,
        events: &mut Vec<Event>,
    ) -> Result<(), SeasonError> {
        let cost = self.check_office(c, grant)?;
        self.add_resource(c, Resource::Cash, -(cost as i32));
        self.clubs[c].office += 1;
        events.push(Event::OfficeBuilt {
            seat: Self::seat_of(c),
            level: self.clubs[c].office,
        });
        Ok(())
    }

    /// Resolves the Production blocks of a club's Staff and Directors and
    /// its Infrastructure's Production.
    pub fn production_effects(&mut self, c: usize, events: &mut Vec<Event>) {
        let decks = self.config.decks.clone();
        let Some(club) = self.clubs.get(c) else {
            return;
        };
        let staff: Vec<usize> = club
            .staff
            .iter()
            .filter(|s| s.suspension == 0)
            .map(|s| s.card)
            .collect();
        let directors: Vec<usize> = club
            .directors
            .iter()
            .filter(|s| s.suspension == 0)
            .map(|s| s.card)
            .collect();
        for s in staff {
            if let Some(card) = decks.staff.get(s) {
                self.resolve_blocks(
                    c,
                    &card.id,
                    &card.abilities,
                    Timing::Production,
                    &mut Picks::default(),
                    events,
                );
            }
        }
        for d in directors {
            if let Some(card) = decks.directors.get(d) {
                self.resolve_blocks(
                    c,
                    &card.id,
                    &card.abilities,
                    Timing::Production,
                    &mut Picks::default(),
                    events,
                );
            }
        }
        let built = self.clubs[c].built.clone();
        for k in built {
            let r = match k {
                Infrastructure::StadiumLighting => Some(Resource::FanBase),
                Infrastructure::MerchandiseStore => Some(Resource::Cash),
                Infrastructure::DirectorsOffice => Some(Resource::Operation),
                Infrastructure::TrainingGround => Some(Resource::Fitness),
                Infrastructure::Stand | Infrastructure::Adboard => None,
            };
            if let Some(r) = r {
                self.add_resource(c, r, 1);
            }
        }
    }

    /// Ends modifiers of `duration`.
    pub fn expire(&mut self, duration: Duration) {
        for club in &mut self.clubs {
            club.modifiers.retain(|m| m.duration != duration);
        }
    }

    /// A random number for the Match engine's own RNG.
    pub fn match_seed(rng: &mut GameRng) -> u64 {
        rng.random()
    }

    #[allow(dead_code)]
    fn count_all(count: Count) -> u8 {
        match count {
            Count::N(n) => n,
            Count::All(_) => u8::MAX,
        }
    }
}

/// How a card-granted Basic action differs from the Day's: where it may
/// pick from and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The 3 rightmost cards or the whole row.
    pub from: Market,
    /// Cash off the cost.
    pub discount: u32,
    /// No cost.
    pub free: bool,
}

impl Grant {
    /// The Day's Basic action: the 3 rightmost cards, full price.
    pub const BASIC: Grant = Grant {
        from: Market::Market,
        discount: 0,
        free: false,
    };

    /// What a card effect's granted Basic action allows: `from` the row
    /// (the 3 rightmost cards when absent), `discount` Cash off, or `free`.
    pub fn of(from: Option<Market>, discount: Option<u8>, free: bool) -> Grant {
        Grant {
            from: from.unwrap_or(Market::Market),
            discount: u32::from(discount.unwrap_or(0)),
            free,
        }
    }

    fn cost(&self, base: u32) -> u32 {
        if self.free {
            0
        } else {
            base.saturating_sub(self.discount)
        }
    }
}

/// Takes the card in `slot` and shifts the cards left of it one slot to
/// the right, leaving slot 0 empty for the refill.
fn take_and_shift(row: &mut [Option<usize>], slot: usize) -> Option<usize> {
    let card = row.get_mut(slot)?.take()?;
    for k in (1..=slot).rev() {
        row[k] = row[k - 1];
    }
    if let Some(first) = row.first_mut() {
        *first = None;
    }
    Some(card)
}
