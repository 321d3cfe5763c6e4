//! The League table, the Opponent dice and the Match consequence roll.

use super::vocab::{Colour, MatchResult, Token};
use crate::engine::GameRng;
use rand::RngExt as _;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Something that rolls a die with `sides` faces (1 to `sides`): the
/// seeded RNG, or a scenario's scripted faces first ([`ScriptedDice`]).
pub trait Die {
    /// One roll.
    fn roll(&mut self, sides: u8) -> u8;
}

impl Die for GameRng {
    fn roll(&mut self, sides: u8) -> u8 {
        self.random_range(1..=sides.max(1))
    }
}

/// Dice that show scripted faces first, then roll the RNG. A face above
/// the die's sides shows its highest face.
pub struct ScriptedDice<'a> {
    /// The faces still to show, the next first.
    pub faces: &'a mut VecDeque<u8>,
    /// The dice once the faces run out.
    pub rng: &'a mut GameRng,
}

impl Die for ScriptedDice<'_> {
    fn roll(&mut self, sides: u8) -> u8 {
        match self.faces.pop_front() {
            Some(face) => face.clamp(1, sides.max(1)),
            None => self.rng.roll(sides),
        }
    }
}

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
        rng: &mut impl Die,
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
                    let face = rng.roll(6);
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
pub fn roll_consequence(result: MatchResult, modifier: i32, rng: &mut impl Die) -> ConsequenceRoll {
    let roll = rng.roll(6);
    let consequence = Consequence::of(result, i32::from(roll) + modifier);
    let (tokens, rolls) = consequence.injuries();
    let injuries = (0..rolls).map(|_| (rng.roll(12), tokens)).collect();
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

/// A club's answers to the choices a Match consequence leaves it (squad
/// indexes, the club's Player list): who receives the Training or the
/// Temporary tokens ("any Player card that was assigned to the Match"),
/// and for each Injury roll which of the Players it may hurt is hurt ("you
/// must choose one of any of the eligible Players": the icon face, or two
/// cards wearing the number rolled). `None` takes the default: the first
/// eligible Player in line-up order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ConsequencePicks {
    /// Who Trains or takes the Temporary tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver: Option<usize>,
    /// By Injury roll, who is hurt.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub injured: Vec<Option<usize>>,
}

/// Why a club's answers to a consequence were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickError {
    /// The consequence gives nobody anything to receive.
    NoReceiver,
    /// That Player cannot receive it (did not play, or is Trained).
    Receiver(usize),
    /// More answers than Injury rolls.
    Rolls(usize),
    /// The Injury roll cannot hurt that Player.
    Injured {
        /// The roll (0 the first).
        roll: usize,
        /// The squad Player named.
        player: usize,
    },
}

impl ConsequenceRoll {
    /// The squad Players who may receive this consequence's Training or
    /// Temporary tokens, in line-up order (none for other consequences).
    /// `played` and `can_train` as for [`ConsequenceRoll::resolve`].
    pub fn receivers(
        &self,
        played: &[(usize, Option<u8>)],
        can_train: impl Fn(usize) -> bool,
    ) -> Vec<usize> {
        let training = match self.consequence {
            Consequence::Training => true,
            Consequence::TemporaryStrength(_) | Consequence::TemporaryWeakness(_) => false,
            _ => return Vec::new(),
        };
        let mut out: Vec<usize> = Vec::new();
        for &(i, _) in played {
            if (!training || can_train(i)) && !out.contains(&i) {
                out.push(i);
            }
        }
        out
    }

    /// The squad Players Injury roll `k` may hurt, in line-up order: those
    /// wearing the number rolled, or on the icon face (12) any numbered 12
    /// or more (an unnumbered marker among them). Empty: nobody is hurt.
    pub fn injurable(&self, k: usize, played: &[(usize, Option<u8>)]) -> Vec<usize> {
        let Some(&(roll, _)) = self.injuries.get(k) else {
            return Vec::new();
        };
        let mut out: Vec<usize> = Vec::new();
        for &(i, n) in played {
            let hit = if roll >= 12 {
                n.is_none_or(|n| n >= 12)
            } else {
                n == Some(roll)
            };
            if hit && !out.contains(&i) {
                out.push(i);
            }
        }
        out
    }

    /// Whether `picks` answer this consequence's choices with eligible
    /// Players (a `None` always does).
    pub fn check_picks(
        &self,
        played: &[(usize, Option<u8>)],
        can_train: impl Fn(usize) -> bool,
        picks: &ConsequencePicks,
    ) -> Result<(), PickError> {
        if let Some(r) = picks.receiver {
            if !matches!(
                self.consequence,
                Consequence::Training
                    | Consequence::TemporaryStrength(_)
                    | Consequence::TemporaryWeakness(_)
            ) {
                return Err(PickError::NoReceiver);
            }
            if !self.receivers(played, &can_train).contains(&r) {
                return Err(PickError::Receiver(r));
            }
        }
        if picks.injured.len() > self.injuries.len() {
            return Err(PickError::Rolls(picks.injured.len()));
        }
        for (k, pick) in picks.injured.iter().enumerate() {
            if let Some(p) = *pick
                && !self.injurable(k, played).contains(&p)
            {
                return Err(PickError::Injured { roll: k, player: p });
            }
        }
        Ok(())
    }

    /// Resolves the consequence. `played` lists the squad Players who
    /// played, in line-up order, each with its Jersey number (the
    /// Goalkeeper 1, an unnumbered marker `None`: 12 and above). An Injury
    /// roll hits a Player with that number, a 12 any Player numbered 12
    /// or more; a number nobody wore does nothing. Where the club chooses
    /// (who gets Temporary tokens, who Trains, which of the Players an
    /// Injury roll may hurt) `picks` is taken when it names an eligible
    /// Player, else the first eligible Player in line-up order.
    /// `can_train(i)`: whether Player `i` is Untrained. `prevented`:
    /// Injury tokens the club may still ignore.
    pub fn resolve(
        &self,
        played: &[(usize, Option<u8>)],
        can_train: impl Fn(usize) -> bool,
        picks: &ConsequencePicks,
        prevented: u8,
    ) -> ConsequenceEffect {
        let choose = |eligible: Vec<usize>, pick: Option<usize>| -> Option<usize> {
            pick.filter(|p| eligible.contains(p))
                .or_else(|| eligible.first().copied())
        };
        let receiver = choose(self.receivers(played, &can_train), picks.receiver);
        let mut out = ConsequenceEffect::default();
        match self.consequence {
            Consequence::FanBaseIncrease => out.fan_base = 1,
            Consequence::Training => out.train = receiver,
            Consequence::TemporaryStrength(n) => {
                if let Some(i) = receiver {
                    out.tokens.push((i, Token::StrengthTemp, n));
                }
            }
            Consequence::TemporaryWeakness(n) => {
                if let Some(i) = receiver {
                    out.tokens.push((i, Token::WeaknessTemp, n));
                }
            }
            _ => {}
        }
        let mut left = prevented;
        for (k, &(_, tokens)) in self.injuries.iter().enumerate() {
            let pick = picks.injured.get(k).copied().flatten();
            let Some(i) = choose(self.injurable(k, played), pick) else {
                continue;
            };
            let stop = left.min(tokens);
            left -= stop;
            out.prevented += stop;
            if tokens > stop {
                out.tokens.push((i, Token::Injury, tokens - stop));
            }
        }
        out
    }

    /// Rolls Injury die `k` again (the consequence stays); false when
    /// there is no such roll.
    pub fn reroll_injury(&mut self, k: usize, rng: &mut impl Die) -> bool {
        match self.injuries.get_mut(k) {
            Some(roll) => {
                roll.0 = rng.roll(12);
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Squad Players 0-3 wearing #2, an unnumbered marker, #13 and #2
    /// again (a flipped marker: two cards of one number).
    const PLAYED: [(usize, Option<u8>); 4] = [(0, Some(2)), (3, None), (5, Some(13)), (6, Some(2))];

    fn injury(rolls: Vec<(u8, u8)>) -> ConsequenceRoll {
        ConsequenceRoll {
            roll: 6,
            modifier: 0,
            consequence: if rolls.len() > 1 {
                Consequence::DoubleInjury
            } else {
                Consequence::Injury
            },
            injuries: rolls,
        }
    }

    /// "The icon means that any Player with a Jersey number above 11 is
    /// Injured (you must choose one of any of the eligible Players)":
    /// the icon face may hurt the unnumbered marker's card or #13, a
    /// number two cards wear either of them, a number nobody wore nobody.
    #[test]
    fn an_injury_die_may_hurt_every_player_wearing_its_face() {
        let r = injury(vec![(12, 1), (2, 2), (7, 1)]);
        assert_eq!(r.injurable(0, &PLAYED), vec![3, 5]);
        assert_eq!(r.injurable(1, &PLAYED), vec![0, 6]);
        assert!(r.injurable(2, &PLAYED).is_empty());
        let picks = ConsequencePicks {
            receiver: None,
            injured: vec![Some(5), Some(6)],
        };
        r.check_picks(&PLAYED, |_| true, &picks).expect("eligible");
        let out = r.resolve(&PLAYED, |_| true, &picks, 0);
        assert_eq!(
            out.tokens,
            vec![(5, Token::Injury, 1), (6, Token::Injury, 2)]
        );
        // The defaults: the first eligible in line-up order.
        let out = r.resolve(&PLAYED, |_| true, &ConsequencePicks::default(), 0);
        assert_eq!(
            out.tokens,
            vec![(3, Token::Injury, 1), (0, Token::Injury, 2)]
        );
        // #2 cannot be hurt by the icon face; a fourth roll does not exist.
        let wrong = ConsequencePicks {
            receiver: None,
            injured: vec![Some(0)],
        };
        assert_eq!(
            r.check_picks(&PLAYED, |_| true, &wrong),
            Err(PickError::Injured { roll: 0, player: 0 })
        );
        let many = ConsequencePicks {
            receiver: None,
            injured: vec![None; 4],
        };
        assert_eq!(
            r.check_picks(&PLAYED, |_| true, &many),
            Err(PickError::Rolls(4))
        );
        // An Injury has no receiver.
        let receiver = ConsequencePicks {
            receiver: Some(0),
            injured: Vec::new(),
        };
        assert_eq!(
            r.check_picks(&PLAYED, |_| true, &receiver),
            Err(PickError::NoReceiver)
        );
    }

    /// "Train a Player who was assigned to the Match": only an Untrained
    /// one who played; Temporary tokens go to anyone who played.
    #[test]
    fn training_goes_to_an_untrained_player_who_played() {
        let training = ConsequenceRoll {
            roll: 1,
            modifier: 0,
            consequence: Consequence::Training,
            injuries: Vec::new(),
        };
        let untrained = |i: usize| i == 5 || i == 6;
        assert_eq!(training.receivers(&PLAYED, untrained), vec![5, 6]);
        let to_6 = ConsequencePicks {
            receiver: Some(6),
            injured: Vec::new(),
        };
        assert_eq!(
            training.resolve(&PLAYED, untrained, &to_6, 0).train,
            Some(6)
        );
        let to_0 = ConsequencePicks {
            receiver: Some(0),
            injured: Vec::new(),
        };
        assert_eq!(
            training.check_picks(&PLAYED, untrained, &to_0),
            Err(PickError::Receiver(0))
        );
        let strength = ConsequenceRoll {
            consequence: Consequence::TemporaryStrength(2),
            ..training
        };
        assert_eq!(strength.receivers(&PLAYED, untrained), vec![0, 3, 5, 6]);
        let out = strength.resolve(&PLAYED, untrained, &to_0, 0);
        assert_eq!(out.tokens, vec![(0, Token::StrengthTemp, 2)]);
    }

    /// Injury prevention is used roll by roll, whoever is chosen.
    #[test]
    fn prevention_covers_the_first_injuries_rolled() {
        let r = injury(vec![(2, 1), (12, 1)]);
        let out = r.resolve(&PLAYED, |_| true, &ConsequencePicks::default(), 1);
        assert_eq!(out.prevented, 1);
        assert_eq!(out.tokens, vec![(3, Token::Injury, 1)]);
    }
}
