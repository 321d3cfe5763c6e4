//! Match plans the engine suggests: a strongest line-up for each
//! Formation in hand, and a random legal one. The table may offer them as
//! starting points; any other valid plan is legal as well.

use super::action::{MatchPlan, SeasonError};
use super::jersey::JerseyCard;
use super::state::Season;
use crate::engine::GameRng;
use crate::games::eleven::effect::{Cost, Effect, EffectBlock};
use crate::games::eleven::lineup::random_lineup;
use crate::games::eleven::matchday::{Lineup, Marker};
use crate::games::eleven::vocab::{Flank, Formation, Line, Task, Zone};
use rand::SeedableRng as _;
use std::collections::BTreeMap;

/// How `n` markers spread over a line: wings first, the centre 1-3.
fn split(n: u8) -> (u8, u8, u8) {
    match n {
        0 => (0, 0, 0),
        1 => (0, 1, 0),
        2 => (1, 1, 0),
        3 => (1, 1, 1),
        4 => (1, 2, 1),
        _ => (1, 3, 1),
    }
}

impl Season {
    /// The strongest line-up of club `c` for `formation` with at most
    /// `max_cards` Player cards assigned (one Fitness each).
    pub fn strong_lineup(&self, c: usize, formation: &Formation, max_cards: usize) -> Lineup {
        let mut slots: Vec<Zone> = Vec::new();
        for line in Line::ALL {
            let (l, m, r) = split(formation.count(line));
            for (flank, k) in [(Flank::Left, l), (Flank::Centre, m), (Flank::Right, r)] {
                for _ in 0..k {
                    slots.push(Zone::at(line, flank));
                }
            }
        }
        let club = &self.clubs[c];
        let decks = &self.config.decks;
        let mut order: Vec<usize> = (0..club.players.len())
            .filter(|&i| !club.players[i].tokens.unavailable())
            .collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.player_strength(c, i)));
        let mut used: Vec<u8> = Vec::new();
        let mut unnumbered = 0;
        let mut markers: Vec<Marker> = Vec::new();
        let mut goalkeeper = None;
        let mut cards = 0;
        for i in order {
            if cards >= max_cards {
                break;
            }
            let Some(card) = club
                .players
                .get(i)
                .and_then(|p| decks.players.get(p.card).map(|x| x.side(p.side)))
            else {
                continue;
            };
            if card.jersey.is_some_and(|n| used.contains(&n)) {
                continue;
            }
            if card.task == Task::Goalkeeper {
                if goalkeeper.is_none() {
                    goalkeeper = Some(i);
                    used.extend(card.jersey);
                    cards += 1;
                }
                continue;
            }
            let printed = card.jersey.filter(|n| (2..=11).contains(n));
            if printed.is_none() && unnumbered >= 3 {
                continue;
            }
            // A defender in defence, an attacker up front where it can.
            let wanted = |z: &Zone| match card.task {
                Task::Defence => z.line() == Some(Line::Defence),
                _ => z.line() == Some(Line::Forward),
            };
            let pos = slots
                .iter()
                .position(|z| card.zones.contains(z) && wanted(z))
                .or_else(|| slots.iter().position(|z| card.zones.contains(z)));
            let Some(pos) = pos else { continue };
            let zone = slots.remove(pos);
            if printed.is_none() {
                unnumbered += 1;
            }
            used.extend(card.jersey);
            cards += 1;
            markers.push(Marker {
                jersey: printed,
                task: card.task,
                zone,
                player: Some(i),
            });
        }
        let mut free: Vec<u8> = (2..=11).filter(|n| !used.contains(n)).collect();
        free.reverse();
        let mut alternate = false;
        for zone in slots {
            let task = match zone.line() {
                Some(Line::Defence) => Task::Defence,
                Some(Line::Forward) => Task::Attack,
                _ => {
                    alternate = !alternate;
                    if alternate {
                        Task::Attack
                    } else {
                        Task::Defence
                    }
                }
            };
            markers.push(Marker {
                jersey: free.pop(),
                task,
                zone,
                player: None,
            });
        }
        self.fit_jerseys(
            c,
            Lineup {
                formation: formation.clone(),
                markers,
                goalkeeper,
                paid: Vec::new(),
            },
        )
    }

    /// The line-up with its markers without a Player card relabelled
    /// with club `c`'s markers on the Pitch as they lie (see
    /// [`super::jersey::Jerseys::fit`]); unchanged when the club keeps no
    /// markers or the Pitch cannot fill it.
    pub fn fit_jerseys(&self, c: usize, lineup: Lineup) -> Lineup {
        match self
            .clubs
            .get(c)
            .and_then(|club| club.jerseys.as_ref())
            .and_then(|j| j.fit(&lineup))
        {
            Some(fitted) => fitted,
            None => lineup,
        }
    }

    /// What club `c`'s Player cards tell their Jersey markers.
    pub fn jersey_cards(&self, c: usize) -> Vec<JerseyCard> {
        let Some(club) = self.clubs.get(c) else {
            return Vec::new();
        };
        club.players
            .iter()
            .filter_map(|p| {
                let side = self.config.decks.players.get(p.card)?.side(p.side);
                Some(JerseyCard {
                    card: p.card,
                    side: p.side,
                    printed: side.jersey.filter(|n| (2..=11).contains(n)),
                    task: side.task,
                })
            })
            .collect()
    }

    /// Plans for club `c`'s Match: for each Formation in hand the
    /// strongest line-up the Fitness pays for, with the Stands full, and
    /// one random legal line-up. Only valid plans are listed.
    pub fn suggested_plans(&self, c: usize) -> Vec<MatchPlan> {
        let club = &self.clubs[c];
        let decks = &self.config.decks;
        let fitness = club.res[3] as usize;
        let fans = (club.res[1].min(u32::from(club.stands()))) as u8;
        let mut formations: Vec<(Option<usize>, usize, Formation)> = Vec::new();
        for (k, t) in club.tactics.iter().enumerate() {
            if let Some(card) = decks.tactics.get(*t) {
                for (f, formation) in card.formations.iter().enumerate() {
                    formations.push((Some(k), f, formation.clone()));
                }
            }
        }
        if formations.is_empty() {
            formations.push((None, 0, Formation::new(4, 4, 2)));
        }
        let mut out = Vec::new();
        // Whether a Player the club can field has an effect with a cost.
        let costed = (0..club.players.len())
            .any(|i| !club.players[i].tokens.unavailable() && self.effect_cost(c, i).is_some());
        let seed = u64::from(self.turns) ^ (c as u64).wrapping_mul(0x9E37_79B9);
        let mut rng = GameRng::seed_from_u64(seed);
        for (k, f, formation) in &formations {
            let plan_of = |lineup: Lineup| MatchPlan {
                formation_tactic: *k,
                formation: *f,
                effect_tactics: Vec::new(),
                lineup,
                fans,
                rerolls: BTreeMap::new(),
                moves: BTreeMap::new(),
            };
            for lineup in [
                self.strong_lineup(c, formation, fitness),
                self.fit_jerseys(
                    c,
                    random_lineup(&self.squad_for_plan(c), formation, &mut rng),
                ),
            ] {
                self.offer_plan(c, plan_of(lineup), &mut out);
            }
            // The strongest line-up of one or two cards fewer, the Fitness
            // saved paying the effects of the cards assigned.
            for fewer in 1..=2 {
                let Some(cards) = fitness.checked_sub(fewer).filter(|_| costed) else {
                    break;
                };
                let mut plan = plan_of(self.strong_lineup(c, formation, cards));
                // What is left to pay with: the Resources less a Fitness a
                // card assigned and the Fan Base on the Stands; the engine
                // checks the plan whole when it is offered.
                let assigned = plan
                    .lineup
                    .markers
                    .iter()
                    .filter(|m| m.player.is_some())
                    .count()
                    + usize::from(plan.lineup.goalkeeper.is_some());
                let mut left = club.res.map(i64::from);
                left[3] -= assigned as i64;
                left[1] -= i64::from(fans);
                for i in self.costed_players(c, &plan) {
                    let Some(cost) = self.effect_cost(c, i) else {
                        continue;
                    };
                    let mut after = left;
                    let mut payable = true;
                    for (r, n) in cost {
                        match super::club::slot_of(*r) {
                            Some(k) => after[k] -= i64::from(*n),
                            None => payable = false,
                        }
                    }
                    if payable && after.iter().all(|v| *v >= 0) {
                        left = after;
                        plan.lineup.paid.push(i);
                    }
                }
                if !plan.lineup.paid.is_empty() {
                    self.offer_plan(c, plan, &mut out);
                }
            }
        }
        out
    }

    /// Adds `plan` to `out` with its suggested rerolls when the engine
    /// accepts it and it is new.
    fn offer_plan(&self, c: usize, mut plan: MatchPlan, out: &mut Vec<MatchPlan>) {
        plan.rerolls = self.suggested_rerolls(c, &plan);
        if self.match_setup(c, &plan).is_ok() && !out.contains(&plan) {
            out.push(plan);
        }
    }

    /// The cost of club `c`'s Player `i`'s effect, if his card (the side
    /// up) has an effect with a cost.
    fn effect_cost(&self, c: usize, i: usize) -> Option<&Cost> {
        let p = self.clubs.get(c)?.players.get(i)?;
        self.config
            .decks
            .players
            .get(p.card)?
            .side(p.side)
            .abilities
            .iter()
            .find(|b| !b.cost.is_empty())
            .map(|b| &b.cost)
    }

    /// The Players `plan` assigns whose card has an effect with a cost,
    /// the strongest first.
    fn costed_players(&self, c: usize, plan: &MatchPlan) -> Vec<usize> {
        let mut out: Vec<usize> = plan
            .lineup
            .markers
            .iter()
            .filter_map(|m| m.player)
            .chain(plan.lineup.goalkeeper)
            .filter(|&i| self.effect_cost(c, i).is_some())
            .collect();
        out.sort_by_key(|&i| std::cmp::Reverse(self.player_strength(c, i)));
        out
    }

    /// The cards of club `c`'s planned Match that roll a die of their own
    /// (a `roll_die` in a BEFORE, DURING or AFTER THE MATCH block), by
    /// id: the Players assigned, the Tactic cards played for their effect
    /// and this Week's Board Meeting. These are the dice
    /// [`MatchPlan::rerolls`] may reroll.
    pub fn match_dice(&self, c: usize, plan: &MatchPlan) -> Vec<String> {
        let Some(club) = self.clubs.get(c) else {
            return Vec::new();
        };
        let decks = &self.config.decks;
        let rolls = |b: &EffectBlock| {
            b.timing.is_match()
                && b.all_effects()
                    .iter()
                    .any(|e| matches!(e, Effect::RollDie { .. }))
        };
        let mut out: Vec<String> = Vec::new();
        let assigned = plan
            .lineup
            .markers
            .iter()
            .filter_map(|m| m.player)
            .chain(plan.lineup.goalkeeper);
        for i in assigned {
            let Some(card) = club.players.get(i).and_then(|p| {
                decks
                    .players
                    .get(p.card)
                    .map(|card| (card.id.clone(), card.side(p.side)))
            }) else {
                continue;
            };
            if card.1.abilities.iter().any(rolls) && !out.contains(&card.0) {
                out.push(card.0);
            }
        }
        for &k in &plan.effect_tactics {
            if let Some(t) = club.tactics.get(k).and_then(|t| decks.tactics.get(*t))
                && t.abilities.iter().any(rolls)
                && !out.contains(&t.id)
            {
                out.push(t.id.clone());
            }
        }
        for b in &club.board_match {
            if rolls(&b.block) && !out.contains(&b.source) {
                out.push(b.source.clone());
            }
        }
        out
    }

    /// The Players of club `c`'s planned Match whose `move_jersey` effect
    /// will resolve (assigned, its cost paid if it has one), by id, with
    /// how many markers each moves. These are the cards
    /// [`MatchPlan::moves`] may name.
    pub fn match_movers(&self, c: usize, plan: &MatchPlan) -> Vec<(String, u8)> {
        let Some(club) = self.clubs.get(c) else {
            return Vec::new();
        };
        let decks = &self.config.decks;
        let mut out: Vec<(String, u8)> = Vec::new();
        for i in plan.lineup.markers.iter().filter_map(|m| m.player) {
            let Some(p) = club.players.get(i) else {
                continue;
            };
            let Some(card) = decks.players.get(p.card) else {
                continue;
            };
            let paid = plan.lineup.paid.contains(&i);
            let count: u32 = card
                .side(p.side)
                .abilities
                .iter()
                .filter(|b| b.timing.is_match() && (b.cost.is_empty() || paid))
                .flat_map(|b| b.all_effects())
                .map(|e| match e {
                    Effect::MoveJersey { count } => u32::from(*count),
                    _ => 0,
                })
                .sum();
            if count > 0 && !out.iter().any(|(id, _)| *id == card.id) {
                out.push((card.id.clone(), count.min(u32::from(u8::MAX)) as u8));
            }
        }
        out
    }

    /// Whether `plan`'s Fan Base rerolls are ones the engine plays, or
    /// why not: each for a card that rolls a die of its own in the Match
    /// ([`Season::match_dice`]), none more often than the Fan Base left
    /// off the Stands pays for (1 Fan Base a reroll).
    pub fn check_rerolls(&self, c: usize, plan: &MatchPlan) -> Result<(), SeasonError> {
        if plan.rerolls.is_empty() {
            return Ok(());
        }
        let held = self.clubs.get(c).map_or(0, |club| club.res[1]);
        let spare = held.saturating_sub(u32::from(plan.fans));
        let dice = self.match_dice(c, plan);
        for (id, n) in &plan.rerolls {
            if !dice.contains(id) {
                return Err(SeasonError::Lineup(format!(
                    "{} rolls no die of its own in this Match",
                    self.card_name(id)
                )));
            }
            if u32::from(*n) > spare {
                return Err(SeasonError::Lineup(format!(
                    "{}'s die is rerolled at most {spare} times: {spare} Fan Base {} left \
                     off the Stands, 1 a reroll",
                    self.card_name(id),
                    if spare == 1 { "is" } else { "are" }
                )));
            }
        }
        Ok(())
    }

    /// The rerolls a plan suggests: every die of the Match's own may be
    /// rolled again with the Fan Base left off the Stands, keeping 1 for
    /// the Match consequence (the End of the Week keeps at most 1 Fan
    /// Base, so the rest would go unused).
    pub fn suggested_rerolls(&self, c: usize, plan: &MatchPlan) -> BTreeMap<String, u8> {
        let held = self.clubs.get(c).map_or(0, |club| club.res[1]);
        let spare = held.saturating_sub(u32::from(plan.fans)).saturating_sub(1);
        let spare = spare.min(u32::from(u8::MAX)) as u8;
        if spare == 0 {
            return BTreeMap::new();
        }
        self.match_dice(c, plan)
            .into_iter()
            .map(|id| (id, spare))
            .collect()
    }

    /// A card's printed name by its id (a Player, Tactic or Board
    /// Meeting card), else the id.
    pub fn card_name(&self, id: &str) -> String {
        let decks = &self.config.decks;
        decks
            .players
            .iter()
            .find(|p| p.id == id)
            .map(|p| p.untrained.name.clone())
            .or_else(|| {
                decks
                    .tactics
                    .iter()
                    .find(|t| t.id == id)
                    .map(|t| t.name.clone())
            })
            .or_else(|| {
                decks
                    .board_meetings
                    .iter()
                    .find(|b| b.id == id)
                    .map(|b| b.name.clone())
            })
            .unwrap_or_else(|| id.to_string())
    }

    fn squad_for_plan(&self, c: usize) -> Vec<crate::games::eleven::matchday::SquadPlayer> {
        let club = &self.clubs[c];
        let decks = &self.config.decks;
        let fitness = club.res[3] as usize;
        let mut squad: Vec<_> = club
            .players
            .iter()
            .filter_map(|p| {
                decks
                    .players
                    .get(p.card)
                    .map(|card| card.squad_player(p.side, p.tokens))
            })
            .collect();
        // Players beyond what the Fitness pays for sit out.
        for (n, p) in squad.iter_mut().enumerate() {
            if n >= fitness {
                p.tokens.suspension = p.tokens.suspension.max(1);
            }
        }
        squad
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game as _;
    use crate::engine::Seat;
    use crate::games::eleven::deck::ElevenDecks;
    use crate::games::eleven::matchday::MatchStep;
    use crate::games::eleven::rules::season::state::new_player;
    use crate::games::eleven::rules::season::{Action, Phase, SeasonConfig};
    use crate::games::eleven::vocab::{Resource, Task};
    use std::sync::Arc;

    fn matchday(seed: u64) -> Season {
        let d = Arc::new(ElevenDecks::default_decks().expect("the embedded decks load"));
        let mut s = Season::new(&SeasonConfig::new(d, 1, 2), seed).expect("setup");
        while s.phase != Phase::Matchday {
            let seat = *s.queue.first().expect("someone decides");
            let a = match s.phase {
                Phase::Draft(_) => Action::Draft(0),
                Phase::Objective => Action::KeepObjective(0),
                Phase::BoardMeeting => Action::AcceptBoard { picks: Vec::new() },
                _ => Action::EndTurn,
            };
            s.act(seat, &a, &mut Vec::new()).expect("legal");
        }
        s
    }

    fn rolls(s: &Season, id: &str) -> Vec<u8> {
        let Some(p) = s.clubs[0].pending.as_ref() else {
            return Vec::new();
        };
        p.report
            .steps
            .iter()
            .filter_map(|st| match st {
                MatchStep::Roll { source, result, .. } if source == id => Some(*result),
                _ => None,
            })
            .collect()
    }

    /// "When rolling a die, you may spend 1 Fan Base to reroll it (except
    /// for the Opponent dice, which cannot be rerolled)": a season Match
    /// rerolls its own failed die when the plan says so, for 1 Fan Base a
    /// roll, and not at all without (the behaviour before the field).
    #[test]
    fn a_plan_rerolls_its_own_failed_die_for_fan_base() {
        let base = matchday(3);
        let decks = base.config.decks.clone();
        // Outfield cards whose Untrained side rolls a die in the Match at no
        // cost.
        let candidates: Vec<usize> = (0..decks.players.len())
            .filter(|&k| {
                let side = &decks.players[k].untrained;
                side.task != Task::Goalkeeper
                    && side.abilities.iter().any(|b| {
                        b.timing.is_match()
                            && b.cost.is_empty()
                            && matches!(b.effects.first(), Some(Effect::RollDie { .. }))
                    })
            })
            .collect();
        assert!(!candidates.is_empty());
        let mut rerolled = 0;
        for &card in &candidates {
            let id = decks.players[card].id.clone();
            for seed in 0..12u64 {
                let mut s = base.clone();
                s.rng = GameRng::seed_from_u64(seed);
                s.clubs[0].players.push(new_player(&decks, card));
                s.clubs[0].res = [5, 6, 2, 10];
                let Some(plan) = s
                    .suggested_plans(0)
                    .into_iter()
                    .find(|p| p.rerolls.contains_key(&id))
                else {
                    continue;
                };
                // Fan Base 6, 2 on the Stands, 1 kept for the consequence.
                assert_eq!(plan.rerolls.get(&id), Some(&3), "{id}");
                let mut without = s.clone();
                let mut bare = plan.clone();
                bare.rerolls.clear();
                without
                    .act(Seat(0), &Action::PlayMatch(Box::new(bare)), &mut Vec::new())
                    .expect("plays");
                s.act(Seat(0), &Action::PlayMatch(Box::new(plan)), &mut Vec::new())
                    .expect("plays");
                let (once, again) = (rolls(&without, &id), rolls(&s, &id));
                assert_eq!(once.len(), 1, "{id}: no rerolls without the field");
                assert_eq!(once.first(), again.first(), "{id}: the same first roll");
                assert!(again.len() <= 4, "{id}: at most 3 rerolls");
                if again.len() > 1 {
                    rerolled += 1;
                    // Each reroll is paid with 1 Fan Base.
                    let paid = s.clubs[0].pending.as_ref().map_or(0, |p| {
                        p.report
                            .steps
                            .iter()
                            .filter(|st| {
                                matches!(st, MatchStep::Resource { source, resource: Resource::FanBase, change: -1 } if *source == id)
                            })
                            .count()
                    });
                    assert!(paid >= again.len() - 1, "{id}: {paid} paid");
                }
            }
        }
        assert!(rerolled > 0, "some failed die was rerolled");
    }

    #[test]
    fn a_reroll_for_a_card_without_dice_is_refused_and_old_plans_load() {
        let s = matchday(3);
        let mut plan = s.suggested_plans(0).remove(0);
        plan.rerolls.insert("tactic-99".into(), 1);
        let err = s
            .check(Seat(0), &Action::PlayMatch(Box::new(plan.clone())))
            .expect_err("no such die");
        assert!(err.to_string().contains("rolls no die"), "{err}");
        plan.rerolls.clear();
        let mut json = serde_json::to_value(&plan).expect("serialises");
        json.as_object_mut().expect("an object").remove("rerolls");
        let old: MatchPlan = serde_json::from_value(json).expect("loads");
        assert!(old.rerolls.is_empty());
    }

    /// "You may reroll a die multiple times, as long as you have enough
    /// Fan Base to pay the cost": a plan may reroll a die at most as often
    /// as the Fan Base left off the Stands pays for.
    #[test]
    fn rerolls_past_the_fan_base_off_the_stands_are_refused() {
        let mut s = matchday(3);
        let decks = s.config.decks.clone();
        let block = decks
            .players
            .iter()
            .flat_map(|p| p.untrained.abilities.iter())
            .find(|b| {
                b.timing.is_match() && matches!(b.effects.first(), Some(Effect::RollDie { .. }))
            })
            .expect("a card that rolls in the Match")
            .clone();
        s.clubs[0]
            .board_match
            .push(crate::games::eleven::matchday::SourcedBlock {
                source: "board-test".into(),
                block,
            });
        s.clubs[0].res[1] = 3;
        let mut plan = s.suggested_plans(0).remove(0);
        plan.fans = 1;
        plan.rerolls.clear();
        plan.rerolls.insert("board-test".into(), 2);
        assert!(s.check_rerolls(0, &plan).is_ok());
        assert!(
            s.check(Seat(0), &Action::PlayMatch(Box::new(plan.clone())))
                .is_ok()
        );
        plan.rerolls.insert("board-test".into(), 3);
        let err = s
            .check_rerolls(0, &plan)
            .expect_err("3 rerolls, 2 Fan Base");
        assert!(
            err.to_string()
                .contains("rerolled at most 2 times: 2 Fan Base are left off the Stands"),
            "{err}"
        );
        assert!(
            s.check(Seat(0), &Action::PlayMatch(Box::new(plan)))
                .is_err()
        );
    }
}
