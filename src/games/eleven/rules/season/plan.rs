//! Match plans the engine suggests: a strongest line-up for each
//! Formation in hand, and a random legal one. The table may offer them as
//! starting points; any other valid plan is legal as well.

use super::action::MatchPlan;
use super::jersey::JerseyCard;
use super::state::Season;
use crate::engine::GameRng;
use crate::games::eleven::lineup::random_lineup;
use crate::games::eleven::matchday::{Lineup, Marker};
use crate::games::eleven::vocab::{Flank, Formation, Line, Task, Zone};
use rand::SeedableRng as _;

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
        let seed = u64::from(self.turns) ^ (c as u64).wrapping_mul(0x9E37_79B9);
        let mut rng = GameRng::seed_from_u64(seed);
        for (k, f, formation) in &formations {
            for lineup in [
                self.strong_lineup(c, formation, fitness),
                self.fit_jerseys(
                    c,
                    random_lineup(&self.squad_for_plan(c), formation, &mut rng),
                ),
            ] {
                let plan = MatchPlan {
                    formation_tactic: *k,
                    formation: *f,
                    effect_tactics: Vec::new(),
                    lineup,
                    fans,
                };
                if self.match_setup(c, &plan).is_ok() && !out.contains(&plan) {
                    out.push(plan);
                }
            }
        }
        out
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
