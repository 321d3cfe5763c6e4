//! Random legal line-ups, for simulations and property tests.

use super::matchday::{Lineup, Marker, SquadPlayer};
use super::vocab::{Flank, Formation, Line, Task, Zone};
use crate::engine::GameRng;
use rand::RngExt as _;
use rand::seq::SliceRandom as _;

/// The ways to split `n` markers over a line: (left, centre, right) with
/// the centre 1-3 and each wing 0-1.
fn splits(n: u8) -> Vec<(u8, u8, u8)> {
    let mut out = Vec::new();
    for l in 0..=1 {
        for r in 0..=1 {
            let c = i16::from(n) - l - r;
            if (1..=3).contains(&c) {
                out.push((l as u8, c as u8, r as u8));
            }
        }
    }
    out
}

/// A random legal line-up for `formation` (which must have 1-5 markers per
/// line and 10 in all; others get the Zones they can): Zones are split at
/// random, available Player cards are assigned where their Zones and
/// numbers allow, the other markers stay without a card with a random
/// Task, and an available Goalkeeper card, if any, guards the goal.
pub fn random_lineup(squad: &[SquadPlayer], formation: &Formation, rng: &mut GameRng) -> Lineup {
    let mut slots: Vec<Zone> = Vec::new();
    for line in Line::ALL {
        let options = splits(formation.count(line));
        let Some(&(l, c, r)) = options.get(rng.random_range(0..options.len().max(1))) else {
            continue;
        };
        for (flank, n) in [(Flank::Left, l), (Flank::Centre, c), (Flank::Right, r)] {
            for _ in 0..n {
                slots.push(Zone::at(line, flank));
            }
        }
    }
    let mut order: Vec<usize> = (0..squad.len()).collect();
    order.shuffle(rng);
    let mut used_numbers: Vec<u8> = Vec::new();
    let mut unnumbered = 0;
    let mut markers: Vec<Marker> = Vec::new();
    let mut goalkeeper = None;
    for i in order {
        let Some(p) = squad.get(i) else { continue };
        if p.tokens.unavailable() || p.jersey.is_some_and(|n| used_numbers.contains(&n)) {
            continue;
        }
        if p.task == Task::Goalkeeper {
            if goalkeeper.is_none() {
                goalkeeper = Some(i);
                used_numbers.extend(p.jersey);
            }
            continue;
        }
        let printed = p.jersey.filter(|n| (2..=11).contains(n));
        if printed.is_none() && unnumbered >= 3 {
            continue;
        }
        // Leave some cards on the bench so line-ups vary.
        if rng.random_range(0..4) == 0 {
            continue;
        }
        let Some(pos) = slots.iter().position(|z| p.zones.contains(z)) else {
            continue;
        };
        let zone = slots.remove(pos);
        if printed.is_none() {
            unnumbered += 1;
        }
        used_numbers.extend(p.jersey);
        markers.push(Marker {
            jersey: printed,
            task: p.task,
            zone,
            player: Some(i),
        });
    }
    let mut free: Vec<u8> = (2..=11).filter(|n| !used_numbers.contains(n)).collect();
    free.reverse();
    for zone in slots {
        let task = if rng.random_range(0..2) == 0 {
            Task::Attack
        } else {
            Task::Defence
        };
        markers.push(Marker {
            jersey: free.pop(),
            task,
            zone,
            player: None,
        });
    }
    Lineup {
        formation: formation.clone(),
        markers,
        goalkeeper,
        paid: Vec::new(),
    }
}
