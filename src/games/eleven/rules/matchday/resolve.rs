//! The Matchday procedure itself: BEFORE, DURING and AFTER THE MATCH
//! blocks, the five pairs of Sections and the final result.

use super::*;

/// The card a block comes from, and the Player it belongs to.
#[derive(Clone)]
pub(super) struct Source {
    id: String,
    player: Option<usize>,
}

/// The state while a Match resolves.
pub(super) struct Live<'a> {
    setup: &'a MatchSetup,
    /// The markers as they stand now (a `move_jersey` moves them).
    markers: Vec<Marker>,
    assigned: Vec<usize>,
    tokens: Vec<Tokens>,
    opponent: OpponentTeam,
    keeper_strength: i32,
    keeper_saves: i32,
    rules: BTreeMap<Rule, i32>,
    own: u32,
    opp: u32,
    player_goals: Vec<u32>,
    rng: GameRng,
    steps: Vec<MatchStep>,
    resources: BTreeMap<Resource, i32>,
    match_rules: BTreeMap<Rule, i32>,
}

/// Resolves a Match; refuses a setup that breaks a placement rule (the
/// first problem [`MatchSetup::validate`] finds).
pub fn play_match(setup: &MatchSetup, seed: u64) -> Result<MatchReport, LineupError> {
    if let Some(e) = setup.validate().into_iter().next() {
        return Err(e);
    }
    let mut rules = BTreeMap::new();
    for r in &setup.rules {
        *rules.entry(r.rule).or_insert(0) += i32::from(r.by);
    }
    let mut live = Live {
        setup,
        markers: setup.lineup.markers.clone(),
        assigned: setup.assigned(),
        tokens: setup.squad.iter().map(|p| p.tokens).collect(),
        opponent: setup.opponent.clone(),
        keeper_strength: i32::from(setup.opponent.keeper.strength),
        keeper_saves: i32::from(setup.opponent.keeper.saves),
        rules,
        own: 0,
        opp: 0,
        player_goals: vec![0; setup.squad.len()],
        rng: GameRng::seed_from_u64(seed),
        steps: Vec::new(),
        resources: BTreeMap::new(),
        match_rules: BTreeMap::new(),
    };
    // Prepare for the Match, step 4: one Injury and one Suspension token
    // leave each card that has them (those Players still miss this Match).
    for i in 0..setup.squad.len() {
        for token in [Token::Injury, Token::Suspension] {
            let removed = live.tokens.get_mut(i).map_or(0, |t| t.remove(token, 1));
            if removed > 0
                && let Some(p) = setup.squad.get(i)
            {
                live.steps.push(MatchStep::Tokens {
                    source: "recovery".into(),
                    player: p.id.clone(),
                    token,
                    change: -i32::from(removed),
                });
            }
        }
    }
    live.timing(Timing::BeforeMatch);
    live.steps.push(MatchStep::Reveal {
        opponent: setup.opponent.name.clone(),
        keeper: setup.opponent.keeper,
    });
    for t in &setup.tactic_effects {
        let src = Source {
            id: t.source.clone(),
            player: None,
        };
        live.block(&src, &t.block);
    }
    live.timing(Timing::DuringMatch);
    live.compare_sections();
    live.timing(Timing::AfterMatch);
    let result = MatchResult::of(live.own, live.opp);
    live.steps.push(MatchStep::FullTime {
        own: live.own,
        opponent: live.opp,
        result,
    });
    // A Trained Youngster who played fills an empty Match space, and one
    // who scored an empty Goal space: one token of each kind per Match.
    let mut experience_after: Vec<Vec<bool>> = setup
        .squad
        .iter()
        .map(|p| {
            (0..p.experience.len())
                .map(|k| p.experience_filled.get(k).copied().unwrap_or(false))
                .collect()
        })
        .collect();
    for &i in &live.assigned {
        let Some(p) = setup.squad.get(i) else {
            continue;
        };
        let scored = live.player_goals.get(i).is_some_and(|g| *g > 0);
        let Some(filled) = experience_after.get_mut(i) else {
            continue;
        };
        for (kind, earned) in [(Experience::Match, true), (Experience::Goal, scored)] {
            if !earned {
                continue;
            }
            let space = p
                .experience
                .iter()
                .enumerate()
                .find(|(k, e)| **e == kind && !filled.get(*k).copied().unwrap_or(true))
                .map(|(k, _)| k);
            if let Some(k) = space
                && let Some(slot) = filled.get_mut(k)
            {
                *slot = true;
                if let Some(t) = live.tokens.get_mut(i) {
                    t.add(Token::Experience, 1);
                }
                live.steps.push(MatchStep::Tokens {
                    source: "experience".into(),
                    player: p.id.clone(),
                    token: Token::Experience,
                    change: 1,
                });
            }
        }
    }
    // Temporary tokens leave the assigned Players after the Match.
    for &i in &live.assigned {
        if let Some(t) = live.tokens.get_mut(i) {
            t.strength_temp = 0;
            t.weakness_temp = 0;
        }
    }
    let injuries_prevented_left =
        u8::try_from(live.rule(Rule::InjuriesPrevented).max(0)).unwrap_or(u8::MAX);
    Ok(MatchReport {
        own: live.own,
        opponent: live.opp,
        result,
        steps: live.steps,
        player_goals: live.player_goals,
        tokens_after: live.tokens,
        resources: live.resources,
        injuries_prevented_left,
        rules: live.match_rules,
        experience_after,
    })
}

impl Live<'_> {
    fn rule(&self, rule: Rule) -> i32 {
        self.rules.get(&rule).copied().unwrap_or(0)
    }

    /// Resolves every block of `timing`: Board Meeting first, then the
    /// assigned Players in line-up order.
    fn timing(&mut self, timing: Timing) {
        let setup = self.setup;
        for b in &setup.board {
            if b.block.timing == timing {
                let src = Source {
                    id: b.source.clone(),
                    player: None,
                };
                self.block(&src, &b.block);
            }
        }
        for i in self.assigned.clone() {
            let Some(p) = setup.squad.get(i) else {
                continue;
            };
            for b in &p.abilities {
                if b.timing != timing {
                    continue;
                }
                // An effect with a cost resolves only if it was paid.
                if !b.cost.is_empty() && !setup.lineup.paid.contains(&i) {
                    continue;
                }
                let src = Source {
                    id: p.id.clone(),
                    player: Some(i),
                };
                self.block(&src, b);
            }
        }
    }

    fn block(&mut self, src: &Source, b: &EffectBlock) {
        self.steps.push(MatchStep::Block {
            timing: b.timing,
            source: src.id.clone(),
            text: b.describe(),
        });
        if let Some(c) = &b.condition
            && !self.holds(src, c)
        {
            self.steps.push(MatchStep::Skipped {
                source: src.id.clone(),
                reason: c.describe(),
            });
            return;
        }
        self.run(src, &b.effects);
    }

    fn quantity(&self, src: &Source, c: &Condition) -> i32 {
        match c.quantity {
            Quantity::OwnGoals => self.own as i32,
            Quantity::OpponentGoals => self.opp as i32,
            Quantity::GoalDifference => self.own as i32 - self.opp as i32,
            Quantity::ThisPlayerGoals => src
                .player
                .and_then(|i| self.player_goals.get(i))
                .map_or(0, |g| *g as i32),
            Quantity::FansInStands => i32::from(self.setup.fans_in_stands),
            Quantity::MatchResult => 0,
            q => self.setup.facts.get(&q).copied().unwrap_or(0),
        }
    }

    fn holds(&self, src: &Source, c: &Condition) -> bool {
        c.holds(self.quantity(src, c), MatchResult::of(self.own, self.opp))
    }

    fn choice(&self, src: &Source) -> Choice {
        self.setup.choices.get(&src.id).cloned().unwrap_or_default()
    }

    /// Fan Base the club still holds for rerolls: the supply (when the
    /// Match knows it) plus what the Match gained or spent so far; without
    /// a supply the choices alone limit the rerolls.
    fn fan_base_left(&self) -> i64 {
        let spent = i64::from(self.resources.get(&Resource::FanBase).copied().unwrap_or(0));
        match &self.setup.supply {
            Some(s) => i64::from(s.get(&Resource::FanBase).copied().unwrap_or(0)) + spent,
            None => i64::MAX,
        }
    }

    fn roll(&mut self, src: &Source, sides: u8) -> u8 {
        let sides = sides.max(1);
        let result = self.rng.random_range(1..=sides);
        self.steps.push(MatchStep::Roll {
            source: src.id.clone(),
            sides,
            result,
        });
        result
    }

    fn run(&mut self, src: &Source, effects: &[Effect]) {
        for e in effects {
            self.op(src, e);
        }
    }

    fn op(&mut self, src: &Source, e: &Effect) {
        match e {
            Effect::Gain {
                resource,
                amount,
                per,
                max,
            } => {
                let mut n = i32::from(*amount);
                if let Some(q) = per {
                    n *= self.quantity(src, q).max(0);
                }
                if let Some(m) = max {
                    n = n.min(i32::from(*m));
                }
                self.resource(src, *resource, n);
            }
            Effect::Lose { resource, amount } => {
                self.resource(src, *resource, -i32::from(*amount));
            }
            Effect::PlaceToken {
                token,
                target,
                amount,
                filter,
            } => self.tokens_op(src, *token, *target, *amount, filter.as_ref(), true, e),
            Effect::RemoveToken {
                token,
                target,
                amount,
                filter,
            } => self.tokens_op(src, *token, *target, *amount, filter.as_ref(), false, e),
            Effect::ScoreGoal { team, count } => self.score(src, *team, i32::from(*count)),
            Effect::CancelGoal { team, count } => self.score(src, *team, -i32::from(*count)),
            Effect::RollDie {
                sides,
                at_least,
                at_most,
                even,
                odd,
                then,
                otherwise,
            } => {
                let test = |r: u8| {
                    at_least.is_none_or(|a| r >= a)
                        && at_most.is_none_or(|b| r <= b)
                        && (!*even || r.is_multiple_of(2))
                        && (!*odd || !r.is_multiple_of(2))
                };
                let mut pass = test(self.roll(src, *sides));
                let mut left = self.choice(src).rerolls;
                while !pass && left > 0 && self.fan_base_left() > 0 {
                    left -= 1;
                    self.resource(src, Resource::FanBase, -1);
                    pass = test(self.roll(src, *sides));
                }
                self.run(src, if pass { then } else { otherwise });
            }
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                let pass = self.holds(src, condition);
                self.run(src, if pass { then } else { otherwise });
            }
            Effect::Choose { options } => {
                let pick = self.choice(src).option;
                if let Some(o) = options.get(pick).or_else(|| options.first()) {
                    self.run(src, &o.effects);
                }
            }
            Effect::May { then, cost } => {
                if self.choice(src).accept {
                    for (r, n) in cost {
                        self.resource(src, *r, -i32::from(*n));
                    }
                    self.run(src, then);
                }
            }
            Effect::Modify { rule, by, .. } => {
                let by = i32::from(*by);
                *self.rules.entry(*rule).or_insert(0) += by;
                *self.match_rules.entry(*rule).or_insert(0) += by;
                self.steps.push(MatchStep::RuleChanged {
                    source: src.id.clone(),
                    rule: *rule,
                    by,
                });
            }
            Effect::AdjustOpponent {
                target,
                by,
                line,
                zone,
                task,
                count,
            } => match target {
                OpponentTarget::GoalkeeperStrength => {
                    self.keeper_strength = (self.keeper_strength + i32::from(*by)).max(0);
                    self.opponent_changed(src, None, "strength", i32::from(*by));
                }
                OpponentTarget::GoalkeeperSaves => {
                    self.keeper_saves = (self.keeper_saves + i32::from(*by)).max(0);
                    self.opponent_changed(src, None, "saves", i32::from(*by));
                }
                OpponentTarget::Player => {
                    let mut spots: Vec<(OpponentSpot, u8)> = Vec::new();
                    for l in Line::ALL {
                        if !line.matches(l) {
                            continue;
                        }
                        for f in Flank::ALL {
                            if !zone.matches(f) {
                                continue;
                            }
                            for (index, p) in self.opponent.line(l).zone(f).iter().enumerate() {
                                if task.matches(p.task) {
                                    spots.push((
                                        OpponentSpot {
                                            line: l,
                                            flank: f,
                                            index,
                                        },
                                        p.strength,
                                    ));
                                }
                            }
                        }
                    }
                    // By default a penalty hits the strongest matching
                    // players and a bonus the weakest.
                    if *by < 0 {
                        spots.sort_by_key(|(s, st)| (std::cmp::Reverse(*st), *s));
                    } else {
                        spots.sort_by_key(|(s, st)| (*st, *s));
                    }
                    let n = match count {
                        Count::All(_) => spots.len(),
                        Count::N(n) => usize::from(*n),
                    };
                    for (spot, _) in spots.into_iter().take(n) {
                        if let Some(p) = self.opponent_player_mut(spot) {
                            p.strength =
                                (i32::from(p.strength) + i32::from(*by)).clamp(0, 255) as u8;
                        }
                        self.opponent_changed(src, Some(spot), "strength", i32::from(*by));
                    }
                }
            },
            Effect::MoveJersey { count } => self.move_jerseys(src, *count),
            Effect::MoveStat { .. }
            | Effect::Draw { .. }
            | Effect::BasicAction { .. }
            | Effect::Train { .. }
            | Effect::FlipJersey { .. }
            | Effect::DiscardCard { .. }
            | Effect::MoveLeague { .. }
            | Effect::Unexhaust { .. } => self.for_club(src, e),
        }
    }

    fn resource(&mut self, src: &Source, resource: Resource, change: i32) {
        *self.resources.entry(resource).or_insert(0) += change;
        self.steps.push(MatchStep::Resource {
            source: src.id.clone(),
            resource,
            change,
        });
    }

    /// A `move_jersey`: the chosen moves that are legal (a refused one is
    /// logged as skipped with its reason), else the engine's default, up
    /// to `count` markers.
    fn move_jerseys(&mut self, src: &Source, count: u8) {
        let chosen = self.choice(src).moves;
        let mut moved = 0u8;
        if chosen.is_empty() {
            while moved < count {
                let Some(mv) = self.best_move() else { break };
                self.move_marker(src, mv);
                moved += 1;
            }
        } else {
            for mv in chosen {
                if moved >= count {
                    break;
                }
                match check_jersey_move(&self.setup.squad, &self.markers, mv) {
                    Ok(()) => {
                        self.move_marker(src, mv);
                        moved += 1;
                    }
                    Err(reason) => self.steps.push(MatchStep::Skipped {
                        source: src.id.clone(),
                        reason,
                    }),
                }
            }
        }
        if moved == 0 {
            self.steps.push(MatchStep::Skipped {
                source: src.id.clone(),
                reason: "a Jersey marker that may move".into(),
            });
        }
    }

    /// The default move: the legal one after which the Sections compare
    /// best for you (goal difference, then your goals; the first of
    /// equals in line-up and Zone order). A move is made even when none
    /// helps: the rulebook resolves an effect "even if" it hurts.
    fn best_move(&self) -> Option<JerseyMove> {
        let mut best: Option<((i64, u32), JerseyMove)> = None;
        for marker in 0..self.markers.len() {
            for to in Zone::PITCH {
                let mv = JerseyMove { marker, to };
                if check_jersey_move(&self.setup.squad, &self.markers, mv).is_err() {
                    continue;
                }
                let mut next = self.markers.clone();
                if let Some(m) = next.get_mut(marker) {
                    m.zone = to;
                }
                let (own, opp) = self.projected(&next);
                let key = (i64::from(own) - i64::from(opp), own);
                if best.as_ref().is_none_or(|(k, _)| key > *k) {
                    best = Some((key, mv));
                }
            }
        }
        best.map(|(_, mv)| mv)
    }

    fn move_marker(&mut self, src: &Source, mv: JerseyMove) {
        let Some(m) = self.markers.get_mut(mv.marker) else {
            return;
        };
        let from = m.zone;
        m.zone = mv.to;
        let label = m
            .jersey
            .map_or_else(|| "unnumbered".to_string(), |n| format!("#{n}"));
        self.steps.push(MatchStep::JerseyMoved {
            source: src.id.clone(),
            marker: mv.marker,
            label,
            from,
            to: mv.to,
        });
    }

    /// The score the Section comparisons would end on with `markers`
    /// standing as given (nothing logged, nothing changed).
    fn projected(&self, markers: &[Marker]) -> (u32, u32) {
        let (own_keeper, mut own_saves) = self.own_keeper();
        let their_keeper = self.keeper_strength.clamp(0, 255) as u8;
        let mut their_saves = self.keeper_saves.clamp(0, 255) as u8;
        let (mut own, mut opp) = (self.own, self.opp);
        for yours in Section::MATCH_ORDER {
            let theirs = yours.facing();
            let a = attack(
                Team::Own,
                self.pieces_of(markers, yours, Task::Attack),
                self.their_pieces(theirs, Task::Defence),
                their_keeper,
                &mut their_saves,
            );
            let b = attack(
                Team::Opponent,
                self.their_pieces(theirs, Task::Attack),
                self.pieces_of(markers, yours, Task::Defence),
                own_keeper,
                &mut own_saves,
            );
            own += a.outcome.scorers.len() as u32;
            opp += b.outcome.goals() as u32;
        }
        (own, opp)
    }

    fn for_club(&mut self, src: &Source, e: &Effect) {
        self.steps.push(MatchStep::ForTheClub {
            source: src.id.clone(),
            effect: e.clone(),
        });
    }

    fn opponent_changed(&mut self, src: &Source, spot: Option<OpponentSpot>, what: &str, by: i32) {
        self.steps.push(MatchStep::OpponentChanged {
            source: src.id.clone(),
            spot,
            what: what.to_string(),
            by,
        });
    }

    fn opponent_player_mut(&mut self, spot: OpponentSpot) -> Option<&mut OpponentPlayer> {
        let line = match spot.line {
            Line::Defence => &mut self.opponent.defence,
            Line::Midfield => &mut self.opponent.midfield,
            Line::Forward => &mut self.opponent.forward,
        };
        let zone = match spot.flank {
            Flank::Left => &mut line.left,
            Flank::Centre => &mut line.centre,
            Flank::Right => &mut line.right,
        };
        zone.get_mut(spot.index)
    }

    fn score(&mut self, src: &Source, team: Team, by: i32) {
        let slot = match team {
            Team::Own => &mut self.own,
            Team::Opponent => &mut self.opp,
        };
        *slot = (i64::from(*slot) + i64::from(by)).clamp(0, i64::from(u32::MAX)) as u32;
        if team == Team::Own
            && by > 0
            && let Some(i) = src.player
            && let Some(g) = self.player_goals.get_mut(i)
        {
            *g += by as u32;
        }
        self.steps.push(MatchStep::ScoreChanged {
            source: src.id.clone(),
            team,
            by,
            score: (self.own, self.opp),
        });
    }

    /// The marker a squad Player stands on in this Match.
    fn marker_of(&self, i: usize) -> Option<&Marker> {
        self.markers.iter().find(|m| m.player == Some(i))
    }

    fn eligible(&self, i: usize, filter: Option<&Filter>) -> bool {
        let Some(p) = self.setup.squad.get(i) else {
            return false;
        };
        let Some(f) = filter else {
            return true;
        };
        let assigned = self.assigned.contains(&i);
        let zone = self.marker_of(i).map(|m| m.zone);
        (f.kind.is_empty() || f.kind.contains(&p.kind))
            && (f.task.is_empty() || f.task.contains(&p.task))
            && (f.side.is_empty() || f.side.contains(&p.side))
            && f.assigned.is_none_or(|a| a == assigned)
            && (f.line.is_empty()
                || zone
                    .and_then(Zone::line)
                    .is_some_and(|l| f.line.contains(&l)))
            && (f.section.is_empty()
                || zone
                    .and_then(Zone::section)
                    .is_some_and(|s| f.section.contains(&s)))
            && (f.has_token.is_empty()
                || f.has_token
                    .iter()
                    .any(|t| self.tokens.get(i).is_some_and(|k| k.count(*t) > 0)))
            && f.set.is_empty()
            && f.profession.is_empty()
    }

    /// Squad indexes in the order default choices consider them: assigned
    /// Players in line-up order, then the others in squad order.
    fn candidates(&self) -> Vec<usize> {
        let mut out = self.assigned.clone();
        out.extend((0..self.setup.squad.len()).filter(|i| !self.assigned.contains(i)));
        out
    }

    #[allow(clippy::too_many_arguments)] // the op's own parameters, unpacked
    fn tokens_op(
        &mut self,
        src: &Source,
        token: Token,
        target: Target,
        amount: u8,
        filter: Option<&Filter>,
        place: bool,
        e: &Effect,
    ) {
        let chosen = self.choice(src).targets;
        let pick_one = |live: &Self| -> Option<usize> {
            chosen
                .iter()
                .copied()
                .find(|&i| live.eligible(i, filter))
                .or_else(|| {
                    live.candidates().into_iter().find(|&i| {
                        live.eligible(i, filter)
                            && (place || live.tokens.get(i).is_some_and(|t| t.count(token) > 0))
                    })
                })
        };
        let mut hits: Vec<(usize, u8)> = Vec::new();
        match target {
            Target::This => hits.extend(src.player.map(|i| (i, amount))),
            Target::Chosen => hits.extend(pick_one(self).map(|i| (i, amount))),
            Target::Each => hits.extend(
                self.candidates()
                    .into_iter()
                    .filter(|&i| self.eligible(i, filter))
                    .map(|i| (i, amount)),
            ),
            Target::Random => {
                let r = self.roll(src, 12);
                let hit = self.candidates().into_iter().find(|&i| {
                    self.eligible(i, filter)
                        && self.setup.squad.get(i).is_some_and(|p| match p.jersey {
                            Some(n) if r < 12 => n == r,
                            Some(n) => n >= 12,
                            None => r == 12,
                        })
                });
                hits.extend(hit.map(|i| (i, amount)));
            }
            Target::Spread => {
                let list: Vec<usize> = chosen
                    .iter()
                    .copied()
                    .filter(|&i| self.eligible(i, filter))
                    .collect();
                if list.is_empty() {
                    hits.extend(pick_one(self).map(|i| (i, amount)));
                } else {
                    for k in 0..usize::from(amount) {
                        if let Some(&i) = list.get(k % list.len()) {
                            hits.push((i, 1));
                        }
                    }
                }
            }
            Target::ChosenStaff | Target::ChosenDirector | Target::ChosenCard => {
                self.for_club(src, e);
                return;
            }
        }
        for (i, n) in hits {
            let prevented = if place && token == Token::Injury {
                let left = self.rule(Rule::InjuriesPrevented).max(0);
                let stop = left.min(i32::from(n));
                *self.rules.entry(Rule::InjuriesPrevented).or_insert(0) -= stop;
                stop as u8
            } else {
                0
            };
            let Some(t) = self.tokens.get_mut(i) else {
                continue;
            };
            let change = if place {
                t.add(token, n - prevented);
                i32::from(n - prevented)
            } else {
                -i32::from(t.remove(token, n))
            };
            if let Some(p) = self.setup.squad.get(i) {
                self.steps.push(MatchStep::Tokens {
                    source: src.id.clone(),
                    player: p.id.clone(),
                    token,
                    change,
                });
            }
        }
    }

    fn marker_piece(&self, index: usize, m: &Marker) -> Piece {
        let blank = (1 + self.rule(Rule::BlankJerseyStrength)).max(1);
        let (label, strength) = match m
            .player
            .and_then(|i| self.setup.squad.get(i).map(|p| (i, p)))
        {
            Some((i, p)) => {
                let tokens = self.tokens.get(i).map_or(0, Tokens::modifier);
                let num = p.jersey.map(|n| format!("#{n} ")).unwrap_or_default();
                (format!("{num}{}", p.name), i32::from(p.strength) + tokens)
            }
            None => {
                let num = m
                    .jersey
                    .map_or_else(|| "unnumbered".to_string(), |n| format!("#{n}"));
                (format!("{num} (no card)"), blank)
            }
        };
        Piece {
            who: PieceRef::Marker(index),
            label,
            strength: strength.clamp(0, 255) as u8,
        }
    }

    fn own_pieces(&self, section: Section, task: Task) -> Vec<Piece> {
        self.pieces_of(&self.markers, section, task)
    }

    fn pieces_of(&self, markers: &[Marker], section: Section, task: Task) -> Vec<Piece> {
        markers
            .iter()
            .enumerate()
            .filter(|(_, m)| section.contains(m.zone) && m.task == task)
            .map(|(i, m)| self.marker_piece(i, m))
            .collect()
    }

    fn their_pieces(&self, section: Section, task: Task) -> Vec<Piece> {
        self.opponent
            .section(section)
            .into_iter()
            .filter(|(_, p)| p.task == task)
            .map(|(spot, p)| Piece {
                who: PieceRef::Opponent(spot),
                label: format!(
                    "their {} {} {}",
                    spot.flank.key(),
                    spot.line.key(),
                    if p.task == Task::Attack {
                        "attacker"
                    } else {
                        "defender"
                    }
                ),
                strength: p.strength,
            })
            .collect()
    }

    /// Your Goalkeeper's Strength and saves in this Match.
    fn own_keeper(&self) -> (u8, u8) {
        let (base_s, base_v, tokens) = match self
            .setup
            .lineup
            .goalkeeper
            .and_then(|i| self.setup.squad.get(i).map(|p| (i, p)))
        {
            Some((i, p)) => (
                i32::from(p.strength),
                i32::from(p.saves),
                self.tokens.get(i).map_or(0, Tokens::modifier),
            ),
            None => (1, 1, 0),
        };
        let s = base_s + tokens + self.rule(Rule::GoalkeeperStrength);
        let v = base_v + self.rule(Rule::GoalkeeperSaves);
        (s.clamp(0, 255) as u8, v.clamp(0, 255) as u8)
    }

    fn compare_sections(&mut self) {
        let (own_keeper, mut own_saves) = self.own_keeper();
        let their_keeper = self.keeper_strength.clamp(0, 255) as u8;
        let mut their_saves = self.keeper_saves.clamp(0, 255) as u8;
        for (n, yours) in Section::MATCH_ORDER.into_iter().enumerate() {
            let theirs = yours.facing();
            let attackers = self.own_pieces(yours, Task::Attack);
            let defenders = self.their_pieces(theirs, Task::Defence);
            let your_attack = attack(
                Team::Own,
                attackers,
                defenders,
                their_keeper,
                &mut their_saves,
            );
            let attackers = self.their_pieces(theirs, Task::Attack);
            let defenders = self.own_pieces(yours, Task::Defence);
            let their_attack = attack(
                Team::Opponent,
                attackers,
                defenders,
                own_keeper,
                &mut own_saves,
            );
            for &i in &your_attack.outcome.scorers {
                self.own += 1;
                if let Some(PieceRef::Marker(m)) = your_attack.attackers.get(i).map(|p| p.who)
                    && let Some(p) = self.markers.get(m).and_then(|m| m.player)
                    && let Some(g) = self.player_goals.get_mut(p)
                {
                    *g += 1;
                }
            }
            self.opp += their_attack.outcome.goals() as u32;
            self.steps.push(MatchStep::Section(SectionReport {
                number: n as u8 + 1,
                yours,
                theirs,
                your_attack,
                their_attack,
                score: (self.own, self.opp),
            }));
        }
    }
}

pub(super) fn attack(
    team: Team,
    attackers: Vec<Piece>,
    defenders: Vec<Piece>,
    keeper_strength: u8,
    saves: &mut u8,
) -> AttackReport {
    let a: Vec<u8> = attackers.iter().map(|p| p.strength).collect();
    let d: Vec<u8> = defenders.iter().map(|p| p.strength).collect();
    let saves_before = *saves;
    let outcome = resolve_attack(&a, &d, keeper_strength, *saves);
    *saves = saves.saturating_sub(outcome.saved.len() as u8);
    AttackReport {
        team,
        attackers,
        defenders,
        keeper_strength,
        saves_before,
        outcome,
    }
}
