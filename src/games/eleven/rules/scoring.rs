//! End-of-game scoring: League position, VP tokens, Staff sets, Stadium
//! Infrastructure, the Office track and Suspension tokens.

use super::vocab::{Infrastructure, StaffSet};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// VP by League position: 1st 15, 2nd 10, 3rd 8, 4th 6, 5th 4, 6th 2,
/// 7th 0, 8th -2, 9th or lower -4.
pub fn league_vp(position: u32) -> i32 {
    match position {
        0 | 1 => 15,
        2 => 10,
        3 => 8,
        4 => 6,
        5 => 4,
        6 => 2,
        7 => 0,
        8 => -2,
        _ => -4,
    }
}

/// VP by Office level: below the track 0, then the four spaces.
pub const OFFICE_VP: [u32; 5] = [0, 2, 5, 9, 14];

/// A Staff card as scoring sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaffHolding {
    /// Its set.
    pub set: StaffSet,
    /// The set's VP list printed on the card.
    pub set_vp: Vec<u32>,
    /// Whether it carries a Suspension token (then it scores nothing).
    pub suspended: bool,
}

/// What a club brings to the final scoring.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClubAtEnd {
    /// League position (ties share the higher position).
    pub league_position: u32,
    /// VP tokens in the supply and on Youngsters.
    pub vp_tokens: u32,
    /// Staff cards.
    pub staff: Vec<StaffHolding>,
    /// Built Stadium Infrastructure tokens (printed ones excluded).
    pub infrastructure: Vec<Infrastructure>,
    /// Spaces the Office marker moved up the track.
    pub office_level: u8,
    /// Suspension tokens on all the club's cards.
    pub suspension_tokens: u32,
}

/// The final score, item by item.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalScore {
    /// From the League position.
    pub league: i32,
    /// VP tokens.
    pub tokens: i32,
    /// Staff sets.
    pub staff_sets: i32,
    /// Stadium Infrastructure.
    pub infrastructure: i32,
    /// Office track.
    pub office: i32,
    /// Minus one per Suspension token.
    pub suspensions: i32,
    /// The sum.
    pub total: i32,
}

/// Scores a club at the end of the game.
pub fn final_score(club: &ClubAtEnd) -> FinalScore {
    let mut sets: BTreeMap<StaffSet, (usize, &Vec<u32>)> = BTreeMap::new();
    for s in club.staff.iter().filter(|s| !s.suspended) {
        sets.entry(s.set).or_insert((0, &s.set_vp)).0 += 1;
    }
    let staff_sets: u32 = sets
        .values()
        .map(|(n, vp)| {
            // The last value is the maximum: more cards score no more.
            vp.get(n.saturating_sub(1))
                .or_else(|| vp.last())
                .copied()
                .unwrap_or(0)
        })
        .sum();
    let infrastructure: u32 = club.infrastructure.iter().map(|i| i.vp()).sum();
    let office = OFFICE_VP
        .get(usize::from(club.office_level))
        .or_else(|| OFFICE_VP.last())
        .copied()
        .unwrap_or(0);
    let mut score = FinalScore {
        league: league_vp(club.league_position),
        tokens: club.vp_tokens as i32,
        staff_sets: staff_sets as i32,
        infrastructure: infrastructure as i32,
        office: office as i32,
        suspensions: -(club.suspension_tokens as i32),
        total: 0,
    };
    score.total = score.league
        + score.tokens
        + score.staff_sets
        + score.infrastructure
        + score.office
        + score.suspensions;
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn league_positions_follow_the_rulebook_table() {
        let vp: Vec<i32> = (1..=10).map(league_vp).collect();
        assert_eq!(vp, vec![15, 10, 8, 6, 4, 2, 0, -2, -4, -4]);
    }

    #[test]
    fn a_set_is_capped_at_its_last_value() {
        let card = |set| StaffHolding {
            set,
            set_vp: vec![1, 3, 6],
            suspended: false,
        };
        let club = ClubAtEnd {
            league_position: 7,
            staff: vec![card(StaffSet::Scouting); 5],
            office_level: 9,
            ..ClubAtEnd::default()
        };
        let s = final_score(&club);
        assert_eq!(s.staff_sets, 6);
        assert_eq!(s.office, 14, "past the top space scores the top value");
        assert_eq!(s.total, 20);
    }
}
