//! Booked!'s house rules: every option the rulebook offers, as data.

use serde::{Deserialize, Serialize};

/// The house rules in force for a match. The default is the official game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HouseRules {
    /// Cards dealt to each manager (official 7; "games too slow? deal 8").
    pub deal_size: u8,
    /// The hand limit at the end of a turn (official 9).
    pub hand_limit: u8,
    /// The discipline dial: remove 2 Yellows and 1 Red from the deck.
    pub fewer_discipline: bool,
    /// Captain's armband: once per match a Yellow shown to your star is discarded.
    pub captains_armband: bool,
    /// Derby night: each manager claims a nation; tackles on it return two cards.
    pub derby_night: bool,
    /// Squad rotation: deal 3 extra, keep the deal size, pass 3 to the left.
    pub squad_rotation: bool,
    /// Strict VAR: the GOOOAL! window takes answers to instants.
    pub strict_var: bool,
    /// Group stage: three matches with points, tiebreaks and a sudden-death match.
    pub group_stage: bool,
    /// How many times the deck is rebuilt from the discard pile before the
    /// next time it runs dry goes to penalties (official 1).
    pub reshuffles_before_penalties: u8,
}

impl Default for HouseRules {
    fn default() -> Self {
        HouseRules {
            deal_size: 7,
            hand_limit: 9,
            fewer_discipline: false,
            captains_armband: false,
            derby_night: false,
            squad_rotation: false,
            strict_var: false,
            group_stage: false,
            reshuffles_before_penalties: 1,
        }
    }
}

/// Allowed range of the deal size.
pub const DEAL_SIZE_RANGE: std::ops::RangeInclusive<u8> = 5..=10;
/// Allowed range of the hand limit.
pub const HAND_LIMIT_RANGE: std::ops::RangeInclusive<u8> = 7..=15;
/// Allowed range of reshuffles before penalties.
pub const RESHUFFLE_RANGE: std::ops::RangeInclusive<u8> = 0..=3;

/// The named house-rule presets.
pub const PRESETS: [&str; 4] = ["official", "quick", "gentle", "spicy"];

impl HouseRules {
    /// A named preset: `official` (the rulebook), `quick` (deal 8),
    /// `gentle` (fewer discipline cards, captain's armband), `spicy` (derby
    /// night, squad rotation, strict VAR).
    pub fn preset(name: &str) -> Option<HouseRules> {
        let official = HouseRules::default();
        match name {
            "official" => Some(official),
            "quick" => Some(HouseRules {
                deal_size: 8,
                ..official
            }),
            "gentle" => Some(HouseRules {
                fewer_discipline: true,
                captains_armband: true,
                ..official
            }),
            "spicy" => Some(HouseRules {
                derby_night: true,
                squad_rotation: true,
                strict_var: true,
                ..official
            }),
            _ => None,
        }
    }

    /// Checks every number against its range; returns the field and the
    /// problem for the first bad one.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        if !DEAL_SIZE_RANGE.contains(&self.deal_size) {
            return Err((
                "deal_size",
                format!(
                    "must be {}-{}",
                    DEAL_SIZE_RANGE.start(),
                    DEAL_SIZE_RANGE.end()
                ),
            ));
        }
        if !HAND_LIMIT_RANGE.contains(&self.hand_limit) {
            return Err((
                "hand_limit",
                format!(
                    "must be {}-{}",
                    HAND_LIMIT_RANGE.start(),
                    HAND_LIMIT_RANGE.end()
                ),
            ));
        }
        if self.hand_limit < self.deal_size {
            return Err((
                "hand_limit",
                "must not be smaller than deal_size".to_string(),
            ));
        }
        if !RESHUFFLE_RANGE.contains(&self.reshuffles_before_penalties) {
            return Err((
                "reshuffles_before_penalties",
                format!(
                    "must be {}-{}",
                    RESHUFFLE_RANGE.start(),
                    RESHUFFLE_RANGE.end()
                ),
            ));
        }
        Ok(())
    }

    /// Cards dealt before the squad-rotation pass.
    pub fn dealt(&self) -> u8 {
        if self.squad_rotation {
            self.deal_size + 3
        } else {
            self.deal_size
        }
    }
}
