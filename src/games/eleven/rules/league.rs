//! The League table, the Opponent dice and the Match consequence roll.

use super::vocab::{Colour, MatchResult, Token};
use crate::engine::GameRng;
use rand::RngExt as _;
use serde::{Deserialize, Serialize};

/// A team on the League table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeagueTeam {
    /// The club name.
    pub name: String,
    /// Points (spaces moved): 3 a win, 1 a draw, 0 a loss.
    pub points: u32,
    /// An Opponent's die; none for a player's club.
    pub die: Option<Colour>,
    /// Whether its Team marker shows its coloured (active) side.
    pub active: bool,
}

/// What happened to an Opponent nobody played this Week.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiceStep {
    /// Its die was rolled and the marker moved.
    Rolled {
        /// Index of the team.
        team: usize,
        /// The face rolled (1-6).
        face: u8,
        /// Spaces moved.
        points: u32,
    },
    /// Its marker was inactive and was flipped back instead of moving.
    Reactivated {
        /// Index of the team.
        team: usize,
    },
    /// Two or more clubs played it this Week: its marker goes inactive.
    Deactivated {
        /// Index of the team.
        team: usize,
    },
}

/// The League table: the players' clubs and the Division's 8 Opponents.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct League {
    /// Every team, players' clubs first.
    pub teams: Vec<LeagueTeam>,
}

impl League {
    /// A table with the players' clubs and the Opponents (name, die), all on
    /// 0 with active markers.
    pub fn new(clubs: &[String], opponents: &[(String, Colour)]) -> League {
        let mut teams: Vec<LeagueTeam> = clubs
            .iter()
            .map(|c| LeagueTeam {
                name: c.clone(),
                points: 0,
                die: None,
                active: true,
            })
            .collect();
        teams.extend(opponents.iter().map(|(n, d)| LeagueTeam {
            name: n.clone(),
            points: 0,
            die: Some(*d),
            active: true,
        }));
        League { teams }
    }

    /// Moves both teams' markers after a Match: `result` is `team`'s.
    pub fn record(&mut self, team: usize, opponent: usize, result: MatchResult) {
        if let Some(t) = self.teams.get_mut(team) {
            t.points += result.points();
        }
        if let Some(t) = self.teams.get_mut(opponent) {
            t.points += result.flipped().points();
        }
    }

    /// Closes a Matchday: `played` lists the Opponent team index of every
    /// Match played this Week (one entry per Match). An Opponent played
    /// twice or more goes inactive; one nobody played rolls its die
    /// (`dice`: colour and six faces) or, if inactive, flips back.
    pub fn close_matchday(
        &mut self,
        played: &[usize],
        dice: &[(Colour, Vec<u8>)],
        rng: &mut GameRng,
    ) -> Vec<DiceStep> {
        let mut steps = Vec::new();
        for (i, t) in self.teams.iter_mut().enumerate() {
            let Some(colour) = t.die else {
                continue;
            };
            let plays = played.iter().filter(|&&p| p == i).count();
            if plays >= 2 {
                t.active = false;
                steps.push(DiceStep::Deactivated { team: i });
            } else if plays == 0 {
                if !t.active {
                    t.active = true;
                    steps.push(DiceStep::Reactivated { team: i });
                } else {
                    let face = rng.random_range(1..=6u8);
                    let points = dice
                        .iter()
                        .find(|(c, _)| *c == colour)
                        .and_then(|(_, f)| f.get(usize::from(face - 1)))
                        .copied()
                        .map_or(0, u32::from);
                    t.points += points;
                    steps.push(DiceStep::Rolled {
                        team: i,
                        face,
                        points,
                    });
                }
            }
        }
        steps
    }

    /// The position of each team (1 = top); teams level on points share
    /// the higher position.
    pub fn positions(&self) -> Vec<u32> {
        self.teams
            .iter()
            .map(|t| 1 + self.teams.iter().filter(|o| o.points > t.points).count() as u32)
            .collect()
    }

    /// The position of one team.
    pub fn position(&self, team: usize) -> Option<u32> {
        self.positions().get(team).copied()
    }
}

/// A result of the Match consequence roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Consequence {
    /// Move the Fan Base Stat marker one space up.
    FanBaseIncrease,
    /// Train a Player who was assigned to the Match.
    Training,
    /// Place this many Temporary Strength tokens on assigned Players.
    TemporaryStrength(u8),
    /// Place this many Temporary Weakness tokens on assigned Players.
    TemporaryWeakness(u8),
    /// Roll the twelve-sided die; that assigned Player gets 1 Injury token.
    Injury,
    /// As Injury, with 2 Injury tokens.
    SeriousInjury,
    /// Two separate Injuries.
    DoubleInjury,
    /// Two separate Serious Injuries.
    DoubleSeriousInjury,
}

impl Consequence {
    /// The table: `total` is the six-sided die plus modifiers (lower is
    /// better); results of 0 or less use the top row, 11 or more the
    /// bottom row.
    pub fn of(result: MatchResult, total: i32) -> Consequence {
        use Consequence::*;
        let row = match total {
            i32::MIN..=0 => 0,
            1..=2 => 1,
            3..=4 => 2,
            5..=6 => 3,
            7..=8 => 4,
            9..=10 => 5,
            _ => 6,
        };
        match (row, result) {
            (0, MatchResult::Win) => FanBaseIncrease,
            (0, MatchResult::Draw) => Training,
            (0, MatchResult::Loss) => TemporaryStrength(2),
            (1, MatchResult::Win) => Training,
            (1, _) => TemporaryStrength(1),
            (2, MatchResult::Loss) => TemporaryWeakness(1),
            (2, _) => TemporaryStrength(1),
            (3, MatchResult::Loss) => Injury,
            (3, _) => TemporaryWeakness(1),
            (4, _) => SeriousInjury,
            (5, _) => DoubleInjury,
            _ => DoubleSeriousInjury,
        }
    }

    /// Injury tokens per twelve-sided roll, and how many rolls.
    pub fn injuries(self) -> (u8, u8) {
        match self {
            Consequence::Injury => (1, 1),
            Consequence::SeriousInjury => (2, 1),
            Consequence::DoubleInjury => (1, 2),
            Consequence::DoubleSeriousInjury => (2, 2),
            _ => (0, 0),
        }
    }
}

/// A Match consequence roll and the Injury rolls it led to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConsequenceRoll {
    /// The six-sided die.
    pub roll: u8,
    /// Modifiers added (`consequence_roll` rules).
    pub modifier: i32,
    /// The consequence.
    pub consequence: Consequence,
    /// Twelve-sided rolls for Injuries: (Jersey number rolled, tokens).
    pub injuries: Vec<(u8, u8)>,
}

/// Rolls the Match consequence for `result` with `modifier` added.
pub fn roll_consequence(result: MatchResult, modifier: i32, rng: &mut GameRng) -> ConsequenceRoll {
    let roll = rng.random_range(1..=6u8);
    let consequence = Consequence::of(result, i32::from(roll) + modifier);
    let (tokens, rolls) = consequence.injuries();
    let injuries = (0..rolls)
        .map(|_| (rng.random_range(1..=12u8), tokens))
        .collect();
    ConsequenceRoll {
        roll,
        modifier,
        consequence,
        injuries,
    }
}

/// A Match consequence resolved against the Players who played: what the
/// club must change (`docs/eleven.md` decision 34).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConsequenceEffect {
    /// Fan Base Stat steps.
    pub fan_base: i8,
    /// The squad Player to Train, if one who played can be.
    pub train: Option<usize>,
    /// Tokens to place: squad Player, token, how many.
    pub tokens: Vec<(usize, Token, u8)>,
    /// Injury tokens ignored (the `injuries_prevented` rule).
    pub prevented: u8,
}

impl ConsequenceRoll {
    /// Resolves the consequence. `played` lists the squad Players who
    /// played, in line-up order, each with its Jersey number (the
    /// Goalkeeper 1, an unnumbered marker `None`: 12 and above). An Injury
    /// roll hits the Player with that number, a 12 any Player numbered 12
    /// or more; a number nobody wore does nothing. Where the club chooses
    /// (who gets Temporary tokens, who Trains, which 12+ Player is hurt)
    /// `pick` is taken when it is eligible, else the first eligible Player
    /// in line-up order. `can_train(i)`: whether Player `i` is Untrained.
    /// `prevented`: Injury tokens the club may still ignore.
    pub fn resolve(
        &self,
        played: &[(usize, Option<u8>)],
        can_train: impl Fn(usize) -> bool,
        pick: Option<usize>,
        prevented: u8,
    ) -> ConsequenceEffect {
        let choose = |eligible: &dyn Fn(usize) -> bool| -> Option<usize> {
            pick.filter(|p| played.iter().any(|(i, _)| i == p) && eligible(*p))
                .or_else(|| played.iter().map(|(i, _)| *i).find(|i| eligible(*i)))
        };
        let mut out = ConsequenceEffect::default();
        match self.consequence {
            Consequence::FanBaseIncrease => out.fan_base = 1,
            Consequence::Training => out.train = choose(&can_train),
            Consequence::TemporaryStrength(n) => {
                if let Some(i) = choose(&|_| true) {
                    out.tokens.push((i, Token::StrengthTemp, n));
                }
            }
            Consequence::TemporaryWeakness(n) => {
                if let Some(i) = choose(&|_| true) {
                    out.tokens.push((i, Token::WeaknessTemp, n));
                }
            }
            _ => {}
        }
        let mut left = prevented;
        for &(roll, tokens) in &self.injuries {
            let hit = if roll >= 12 {
                choose(&|i| {
                    played
                        .iter()
                        .any(|(j, n)| *j == i && n.is_none_or(|n| n >= 12))
                })
            } else {
                played
                    .iter()
                    .find(|(_, n)| *n == Some(roll))
                    .map(|(i, _)| *i)
            };
            let Some(i) = hit else { continue };
            let stop = left.min(tokens);
            left -= stop;
            out.prevented += stop;
            if tokens > stop {
                out.tokens.push((i, Token::Injury, tokens - stop));
            }
        }
        out
    }
}
