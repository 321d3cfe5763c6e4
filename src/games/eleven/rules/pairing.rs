//! Pairing attackers against defenders in one Section, and the
//! Goalkeeper's saves.
//!
//! The rulebook: a paired attacker scores only if its Strength is greater
//! than its defender's; unpaired attackers are not blocked; the defending
//! Goalkeeper may block an unblocked shot of Strength up to its own while it
//! has saves left; pairs are combined "in a way that both teams score as
//! few goals as possible".
//!
//! For one attack (one team's attackers against the other's defenders) the
//! fewest goals come from blocking first the attackers the Goalkeeper could
//! not stop (Strength above the keeper's, or any attacker once the saves are
//! spent), then as many of the others as possible. Which attackers a set of
//! defenders can block together is a matroid (a defender blocks any
//! attacker no stronger than itself), so taking attackers greedily in that
//! priority, keeping each one the defenders can still cover, blocks the
//! most dangerous shots and the most shots at once: the fewest goals, and
//! the fewest saves spent for them. Spending a save whenever a shot can be
//! saved is never worse than keeping it (a save used now stops one goal; a
//! save kept stops at most one later), so solving the five Sections one
//! after another in order gives the fewest goals for the whole Match.
//! `tests/eleven_match.rs` checks this against brute force.

use serde::{Deserialize, Serialize};

/// One attacker against one defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duel {
    /// Index of the attacker.
    pub attacker: usize,
    /// Index of the defender.
    pub defender: usize,
    /// Whether the defender blocked (its Strength is at least the
    /// attacker's).
    pub blocked: bool,
}

/// How one team's attack in one Section came out. Indexes refer to the
/// attacker and defender lists it was computed from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackOutcome {
    /// The pairs, blocked ones first.
    pub duels: Vec<Duel>,
    /// Attackers no defender was paired with.
    pub unpaired: Vec<usize>,
    /// Unblocked attackers the Goalkeeper saved, in order.
    pub saved: Vec<usize>,
    /// Attackers who scored, in order.
    pub scorers: Vec<usize>,
}

impl AttackOutcome {
    /// Goals scored.
    pub fn goals(&self) -> usize {
        self.scorers.len()
    }
}

/// Whether attackers of Strength `chosen` can all be blocked by distinct
/// defenders of Strength `defenders` (Hall's condition for nested sets:
/// the i-th strongest attacker needs the i-th strongest defender).
fn coverable(chosen: &[u8], defenders: &[u8]) -> bool {
    let mut a = chosen.to_vec();
    let mut d = defenders.to_vec();
    a.sort_unstable_by(|x, y| y.cmp(x));
    d.sort_unstable_by(|x, y| y.cmp(x));
    a.len() <= d.len() && a.iter().zip(&d).all(|(x, y)| y >= x)
}

/// Resolves one attack: `attackers` and `defenders` are Strengths; the
/// defending Goalkeeper has `keeper_strength` and `saves_left`.
pub fn resolve_attack(
    attackers: &[u8],
    defenders: &[u8],
    keeper_strength: u8,
    saves_left: u8,
) -> AttackOutcome {
    let keeper_can = |a: u8| saves_left > 0 && a <= keeper_strength;
    // Priority: shots the keeper cannot stop first, then the strongest.
    let mut order: Vec<usize> = (0..attackers.len()).collect();
    order.sort_by_key(|&i| {
        let a = attackers.get(i).copied().unwrap_or(0);
        (keeper_can(a), std::cmp::Reverse(a), i)
    });
    let mut chosen: Vec<usize> = Vec::new();
    for &i in &order {
        let mut trial: Vec<u8> = chosen
            .iter()
            .filter_map(|&j| attackers.get(j).copied())
            .collect();
        trial.push(attackers.get(i).copied().unwrap_or(0));
        if coverable(&trial, defenders) {
            chosen.push(i);
        }
    }
    // Give each blocked attacker, strongest first, the weakest defender that
    // still blocks it; the nested structure makes this always succeed.
    chosen.sort_by_key(|&i| (std::cmp::Reverse(attackers.get(i).copied().unwrap_or(0)), i));
    let mut free: Vec<usize> = (0..defenders.len()).collect();
    free.sort_by_key(|&j| (defenders.get(j).copied().unwrap_or(0), j));
    let mut duels = Vec::new();
    let mut blocked = Vec::new();
    for &i in &chosen {
        let a = attackers.get(i).copied().unwrap_or(0);
        if let Some(pos) = free
            .iter()
            .position(|&j| defenders.get(j).copied().unwrap_or(0) >= a)
        {
            let j = free.remove(pos);
            duels.push(Duel {
                attacker: i,
                defender: j,
                blocked: true,
            });
            blocked.push(i);
        }
    }
    // Defenders left over meet the unblocked attackers and lose: a free
    // defender strong enough would have been used above.
    let mut open: Vec<usize> = (0..attackers.len())
        .filter(|i| !blocked.contains(i))
        .collect();
    open.sort_by_key(|&i| (std::cmp::Reverse(attackers.get(i).copied().unwrap_or(0)), i));
    free.sort_by_key(|&j| (std::cmp::Reverse(defenders.get(j).copied().unwrap_or(0)), j));
    let mut unpaired = Vec::new();
    for (k, &i) in open.iter().enumerate() {
        match free.get(k) {
            Some(&j) => duels.push(Duel {
                attacker: i,
                defender: j,
                blocked: false,
            }),
            None => unpaired.push(i),
        }
    }
    let mut saves = saves_left;
    let mut saved = Vec::new();
    let mut scorers = Vec::new();
    for &i in &open {
        let a = attackers.get(i).copied().unwrap_or(0);
        if saves > 0 && a <= keeper_strength {
            saves -= 1;
            saved.push(i);
        } else {
            scorers.push(i);
        }
    }
    AttackOutcome {
        duels,
        unpaired,
        saved,
        scorers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rulebook_section_examples() {
        // Your Forwards (attackers 3 and 2) against one defender of 3: the
        // 3 is blocked, the 2 scores (no keeper saves left here).
        let o = resolve_attack(&[3, 2], &[3], 2, 0);
        assert_eq!(o.goals(), 1);
        assert_eq!(o.scorers, vec![1]);
        // Midfield: an attacker of 2 beats a defender of 1.
        let o = resolve_attack(&[2], &[1], 0, 0);
        assert_eq!(o.goals(), 1);
        // An attacker of 1 is blocked by a defender of 1.
        let o = resolve_attack(&[1], &[1], 0, 0);
        assert_eq!(o.goals(), 0);
    }

    #[test]
    fn defenders_go_to_the_shots_the_keeper_cannot_stop() {
        // One defender of 3 against attackers 3 and 1, keeper 2 with a save:
        // blocking the 3 and letting the keeper save the 1 concedes nothing.
        let o = resolve_attack(&[1, 3], &[3], 2, 1);
        assert_eq!(o.goals(), 0);
        assert_eq!(o.saved, vec![0]);
    }
}
