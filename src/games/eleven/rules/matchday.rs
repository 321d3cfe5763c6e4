//! One Matchday: your line-up against an Opponent card, resolved as the
//! rulebook's Matchday procedure into a final score and a step-by-step log.
//!
//! [`MatchSetup`] is what Prepare for the Match decides (the Formation, the
//! Jersey markers on the 9 Zones, the Player cards assigned, the effect
//! costs paid, the Tactic cards played for their effect, this Week's Board
//! Meeting decisions) plus the revealed Opponent. [`MatchSetup::validate`]
//! lists every broken placement rule; [`play_match`] refuses an invalid
//! setup and otherwise resolves:
//!
//! 1. BEFORE THE MATCH blocks (Board Meeting first, then Players in line-up
//!    order);
//! 2. the Opponent card is revealed;
//! 3. DURING THE MATCH: the Tactic effects, Board Meeting, then Players
//!    (a `move_jersey` moves markers here, one step each to a Zone that
//!    shares an edge, within the Zone limits and the Zones on the Player's
//!    card: the ones [`Choice::moves`] names, else the move that raises
//!    the projected score most, see [`check_jersey_move`]);
//! 4. the five pairs of Sections in the rulebook's order, each with your
//!    attack then theirs ([`crate::games::eleven::pairing`]);
//! 5. AFTER THE MATCH blocks, then the final score and result.
//!
//! Everything is pure: the same setup and seed give the same report.

use super::effect::{
    Condition, Count, Effect, EffectBlock, Filter, OpponentTarget, Quantity, Rule, Target, Team,
};
use super::league::{ConsequenceEffect, ConsequenceRoll};
use super::pairing::{AttackOutcome, resolve_attack};
use super::vocab::{
    Experience, Flank, Formation, Keeper, Line, MatchResult, OpponentLine, OpponentPlayer,
    PlayerKind, Resource, Section, Side, Task, Timing, Token, Zone,
};
use crate::engine::GameRng;
use rand::{RngExt as _, SeedableRng as _};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Tokens on a Player card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tokens {
    /// Temporary Strength tokens.
    #[serde(default)]
    pub strength_temp: u8,
    /// Permanent Strength tokens.
    #[serde(default)]
    pub strength_perm: u8,
    /// Temporary Weakness tokens.
    #[serde(default)]
    pub weakness_temp: u8,
    /// Permanent Weakness tokens.
    #[serde(default)]
    pub weakness_perm: u8,
    /// Injury tokens.
    #[serde(default)]
    pub injury: u8,
    /// Suspension tokens.
    #[serde(default)]
    pub suspension: u8,
    /// Experience (VP) tokens.
    #[serde(default)]
    pub experience: u8,
}

impl Tokens {
    /// How many of `token` the card carries.
    pub fn count(&self, token: Token) -> u8 {
        match token {
            Token::StrengthTemp => self.strength_temp,
            Token::StrengthPerm => self.strength_perm,
            Token::WeaknessTemp => self.weakness_temp,
            Token::WeaknessPerm => self.weakness_perm,
            Token::Injury => self.injury,
            Token::Suspension => self.suspension,
            Token::Experience => self.experience,
            Token::Reminder => 0,
        }
    }

    fn slot(&mut self, token: Token) -> Option<&mut u8> {
        match token {
            Token::StrengthTemp => Some(&mut self.strength_temp),
            Token::StrengthPerm => Some(&mut self.strength_perm),
            Token::WeaknessTemp => Some(&mut self.weakness_temp),
            Token::WeaknessPerm => Some(&mut self.weakness_perm),
            Token::Injury => Some(&mut self.injury),
            Token::Suspension => Some(&mut self.suspension),
            Token::Experience => Some(&mut self.experience),
            Token::Reminder => None,
        }
    }

    /// Adds `n` tokens.
    pub fn add(&mut self, token: Token, n: u8) {
        if let Some(s) = self.slot(token) {
            *s = s.saturating_add(n);
        }
    }

    /// Removes up to `n` tokens; returns how many were removed.
    pub fn remove(&mut self, token: Token, n: u8) -> u8 {
        match self.slot(token) {
            Some(s) => {
                let k = (*s).min(n);
                *s -= k;
                k
            }
            None => 0,
        }
    }

    /// Strength tokens minus Weakness tokens.
    pub fn modifier(&self) -> i32 {
        i32::from(self.strength_temp) + i32::from(self.strength_perm)
            - i32::from(self.weakness_temp)
            - i32::from(self.weakness_perm)
    }

    /// Whether the Player may not be assigned.
    pub fn unavailable(&self) -> bool {
        self.injury > 0 || self.suspension > 0
    }
}

/// A Player card of your club as the Match sees it: the side faceup and
/// the tokens on the card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquadPlayer {
    /// The card id.
    pub id: String,
    /// The Player's name.
    pub name: String,
    /// Regular, Youngster or Veteran.
    pub kind: PlayerKind,
    /// The side faceup.
    pub side: Side,
    /// Attack, defence or goalkeeper.
    pub task: Task,
    /// Zones its Jersey marker may stand in.
    pub zones: Vec<Zone>,
    /// Printed Strength.
    pub strength: u8,
    /// Goalkeepers: printed saves (0 for outfield Players).
    pub saves: u8,
    /// Jersey number (none: an unnumbered marker).
    pub jersey: Option<u8>,
    /// The side's effect blocks.
    pub abilities: Vec<EffectBlock>,
    /// Tokens on the card.
    pub tokens: Tokens,
    /// Trained Youngsters: the Experience spaces printed on the card.
    #[serde(default)]
    pub experience: Vec<Experience>,
    /// Which of those spaces already hold an Experience token.
    #[serde(default)]
    pub experience_filled: Vec<bool>,
}

/// A Jersey marker placed on the pitch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    /// The printed number (2-11), or none for an unnumbered marker.
    pub jersey: Option<u8>,
    /// The side faceup.
    pub task: Task,
    /// Where it stands.
    pub zone: Zone,
    /// The assigned Player card (an index into the squad), if any.
    pub player: Option<usize>,
}

/// The line-up: Formation, 10 Jersey markers, Goalkeeper and the effect
/// costs paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    /// The Formation of the Tactic card played.
    pub formation: Formation,
    /// The 10 Jersey markers on the pitch.
    pub markers: Vec<Marker>,
    /// The assigned Goalkeeper card (an index into the squad).
    pub goalkeeper: Option<usize>,
    /// Squad indexes of assigned Players whose effect cost was assigned.
    #[serde(default)]
    pub paid: Vec<usize>,
}

/// The Opponent as revealed: its Goalkeeper and three lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpponentTeam {
    /// The club name.
    pub name: String,
    /// The Goalkeeper.
    pub keeper: Keeper,
    /// Their defence line (their own left and right).
    pub defence: OpponentLine,
    /// Their midfield line.
    pub midfield: OpponentLine,
    /// Their forward line.
    pub forward: OpponentLine,
}

impl OpponentTeam {
    /// One line.
    pub fn line(&self, line: Line) -> &OpponentLine {
        match line {
            Line::Defence => &self.defence,
            Line::Midfield => &self.midfield,
            Line::Forward => &self.forward,
        }
    }

    /// The players of one of their Sections, with their places.
    pub fn section(&self, section: Section) -> Vec<(OpponentSpot, OpponentPlayer)> {
        let mut out = Vec::new();
        for line in Line::ALL {
            for flank in Flank::ALL {
                let zone = Zone::at(line, flank);
                if zone.section() != Some(section) {
                    continue;
                }
                for (index, p) in self.line(line).zone(flank).iter().enumerate() {
                    out.push((OpponentSpot { line, flank, index }, *p));
                }
            }
        }
        out
    }
}

/// Where a player stands on the Opponent card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct OpponentSpot {
    /// The line.
    pub line: Line,
    /// Their own left, centre or right.
    pub flank: Flank,
    /// Position within the Zone.
    pub index: usize,
}

/// An effect block with the card it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourcedBlock {
    /// The card id (a Tactic or Board Meeting card).
    pub source: String,
    /// The block.
    pub block: EffectBlock,
}

/// A rule change in force for this Match (Staff features, earlier effects).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleChange {
    /// The rule.
    pub rule: Rule,
    /// Added to it.
    pub by: i8,
}

/// Your decision for an effect that asks for one (by its card's id).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// Squad indexes of the Players to target, in order (a `spread`
    /// deals its tokens one by one round them).
    #[serde(default)]
    pub targets: Vec<usize>,
    /// The option of a `choose` op (0-based).
    #[serde(default)]
    pub option: usize,
    /// Whether to pay for a `may` op.
    #[serde(default)]
    pub accept: bool,
    /// The most Fan Base to spend rerolling this card's dice: a die whose
    /// test fails is rolled again for 1 Fan Base while any is left (the
    /// rulebook's Fan Base reroll; Opponent dice are never rerolled).
    #[serde(default)]
    pub rerolls: u8,
    /// Where a `move_jersey` effect moves markers, in order (as many as the
    /// effect allows); without any the engine moves, one marker at a time,
    /// the one that raises the projected score most.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<JerseyMove>,
}

/// One Jersey marker moved during the Match by a `move_jersey` effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JerseyMove {
    /// The marker (an index into the line-up's markers).
    pub marker: usize,
    /// The Zone it moves to, sharing an edge with the one it stands in.
    pub to: Zone,
}

/// Why marker `mv.marker` of `markers` may not move to `mv.to` under a
/// `move_jersey` effect, if it may not: one step to a Zone sharing an
/// edge, a central Zone keeping 1-3 markers and a wing Zone at most 1,
/// and a marker with a Player card only into a Zone on that card.
pub fn check_jersey_move(
    squad: &[SquadPlayer],
    markers: &[Marker],
    mv: JerseyMove,
) -> Result<(), String> {
    let Some(m) = markers.get(mv.marker) else {
        return Err(format!(
            "there is no Jersey marker {} on the pitch",
            mv.marker + 1
        ));
    };
    let name = match m.jersey {
        Some(n) => format!("Jersey marker #{n}"),
        None => "the unnumbered Jersey marker".into(),
    };
    if !m.zone.adjacent(mv.to) {
        return Err(format!("{} does not share an edge with {}", mv.to, m.zone));
    }
    let count = |z: Zone| markers.iter().filter(|x| x.zone == z).count();
    if count(mv.to) >= usize::from(mv.to.capacity()) {
        return Err(format!(
            "{} holds at most {} Jersey markers",
            mv.to,
            mv.to.capacity()
        ));
    }
    if m.zone.side() == Some(Flank::Centre) && count(m.zone) <= 1 {
        return Err(format!(
            "{name} is the last in {}: a central Zone keeps at least 1",
            m.zone
        ));
    }
    if let Some(p) = m.player.and_then(|i| squad.get(i))
        && !p.zones.contains(&mv.to)
    {
        return Err(format!("{}'s card does not show {}", p.name, mv.to));
    }
    Ok(())
}

/// Everything decided before the Match, and the Opponent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSetup {
    /// Your Player cards (assigned or not).
    pub squad: Vec<SquadPlayer>,
    /// The line-up.
    pub lineup: Lineup,
    /// Tactic cards played for their effect (not the Formation card).
    #[serde(default)]
    pub tactic_effects: Vec<SourcedBlock>,
    /// This Week's Board Meeting decision blocks with a Match timing.
    #[serde(default)]
    pub board: Vec<SourcedBlock>,
    /// Rule changes already in force.
    #[serde(default)]
    pub rules: Vec<RuleChange>,
    /// Fan Base markers on the Stands.
    #[serde(default)]
    pub fans_in_stands: u8,
    /// Club quantities conditions may ask about (League position, ...);
    /// missing ones count as 0.
    #[serde(default)]
    pub facts: BTreeMap<Quantity, i32>,
    /// The Opponent.
    pub opponent: OpponentTeam,
    /// Your choices for effects, by source card id; without one the
    /// engine's default choice applies (see the module docs).
    #[serde(default)]
    pub choices: BTreeMap<String, Choice>,
    /// The Resources you hold before assigning, if the line-up should be
    /// checked against them (1 Fitness per assigned card plus the paid
    /// effect costs).
    #[serde(default)]
    pub supply: Option<BTreeMap<Resource, u32>>,
}

/// A broken placement or assignment rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineupError {
    /// Exactly 10 Jersey markers stand on the pitch.
    MarkerCount(usize),
    /// A line holds a different number of markers than the Formation.
    FormationLine {
        /// The line.
        line: Line,
        /// Markers the Formation asks for.
        expected: u8,
        /// Markers placed.
        found: usize,
    },
    /// A Zone holds more markers than it may (3 central, 1 wing).
    ZoneOverfull {
        /// The Zone.
        zone: Zone,
        /// Markers placed.
        found: usize,
    },
    /// A central Zone holds no marker (it needs 1-3).
    CentralZoneEmpty(Zone),
    /// A placement refused because the Zone already holds all the markers
    /// it may (3 central, 1 wing).
    ZoneFull(Zone),
    /// A placement refused because the line already holds the markers the
    /// Formation gives it.
    LineFull {
        /// The line.
        line: Line,
        /// Markers the Formation gives it.
        expected: u8,
    },
    /// A Jersey marker was placed in the goal.
    MarkerInGoal,
    /// More than the 3 unnumbered markers are used.
    TooManyUnnumbered(usize),
    /// A printed marker number outside 2-11.
    BadMarkerNumber(u8),
    /// The same Jersey number twice in the Match.
    DuplicateJersey(u8),
    /// A squad index that does not exist.
    UnknownPlayer(usize),
    /// A Player card assigned twice.
    PlayerTwice(String),
    /// An Injured or Suspended Player was assigned.
    Unavailable(String),
    /// A Player's marker stands outside the Zones on its card.
    WrongZone {
        /// The card.
        player: String,
        /// Where its marker stands.
        zone: Zone,
    },
    /// A marker's Task side differs from its Player card.
    WrongTask(String),
    /// A marker's number differs from its Player card's.
    WrongJersey(String),
    /// A Goalkeeper card on a Jersey marker, or an outfield card in goal.
    WrongGoalkeeper(String),
    /// An effect cost paid for a card that is not assigned or has no
    /// effect with a cost.
    NothingToPay(String),
    /// The supply cannot pay what the line-up assigns.
    CannotPay {
        /// The Resource.
        resource: Resource,
        /// Needed.
        need: u32,
        /// Held.
        have: u32,
    },
    /// More Tactic cards played for their effect than allowed.
    TooManyTactics {
        /// Played.
        found: usize,
        /// Allowed.
        allowed: usize,
    },
}

impl fmt::Display for LineupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineupError::MarkerCount(n) => {
                write!(f, "place exactly 10 Jersey markers on the pitch, not {n}")
            }
            LineupError::FormationLine {
                line,
                expected,
                found,
            } => write!(
                f,
                "the Formation puts {expected} markers in the {} line, not {found}",
                line.key()
            ),
            LineupError::ZoneOverfull { zone, found } => write!(
                f,
                "{zone} holds at most {} markers, not {found}",
                zone.capacity()
            ),
            LineupError::CentralZoneEmpty(z) => write!(f, "{z} needs 1-3 markers"),
            LineupError::ZoneFull(z) => write!(
                f,
                "{z} is full: it holds at most {} marker{}",
                z.capacity(),
                if z.capacity() == 1 { "" } else { "s" }
            ),
            LineupError::LineFull { line, expected } => write!(
                f,
                "the {} line is full: the Formation puts {expected} markers there",
                line.key()
            ),
            LineupError::MarkerInGoal => {
                write!(
                    f,
                    "the Goalkeeper has no Jersey marker: no marker in the goal"
                )
            }
            LineupError::TooManyUnnumbered(n) => {
                write!(f, "there are only 3 unnumbered markers, not {n}")
            }
            LineupError::BadMarkerNumber(n) => {
                write!(f, "printed Jersey markers are numbered 2-11, not {n}")
            }
            LineupError::DuplicateJersey(n) => {
                write!(f, "Jersey number {n} is used twice in this Match")
            }
            LineupError::UnknownPlayer(i) => write!(f, "there is no Player card {i}"),
            LineupError::PlayerTwice(p) => write!(f, "{p} is assigned twice"),
            LineupError::Unavailable(p) => {
                write!(f, "{p} is Injured or Suspended and cannot play")
            }
            LineupError::WrongZone { player, zone } => {
                write!(f, "{player} cannot play in {zone}")
            }
            LineupError::WrongTask(p) => {
                write!(f, "the Jersey marker of {p} shows the wrong Task")
            }
            LineupError::WrongJersey(p) => {
                write!(f, "the Jersey marker of {p} has the wrong number")
            }
            LineupError::WrongGoalkeeper(p) => write!(
                f,
                "{p}: only a Goalkeeper card guards the goal, and it has no marker"
            ),
            LineupError::NothingToPay(p) => {
                write!(f, "{p} is not assigned or has no effect with a cost")
            }
            LineupError::CannotPay {
                resource,
                need,
                have,
            } => write!(
                f,
                "the line-up assigns {need} {} but you have {have}",
                resource.title()
            ),
            LineupError::TooManyTactics { found, allowed } => write!(
                f,
                "{found} Tactic cards played for their effect; {allowed} allowed"
            ),
        }
    }
}

impl std::error::Error for LineupError {}

impl MatchSetup {
    /// A Match of `squad` in `lineup` against `opponent`, with no effects,
    /// rule changes, facts or choices yet and an unlimited supply.
    pub fn new(squad: Vec<SquadPlayer>, lineup: Lineup, opponent: OpponentTeam) -> MatchSetup {
        MatchSetup {
            squad,
            lineup,
            tactic_effects: Vec::new(),
            board: Vec::new(),
            rules: Vec::new(),
            fans_in_stands: 0,
            facts: BTreeMap::new(),
            opponent,
            choices: BTreeMap::new(),
            supply: None,
        }
    }

    /// The squad Players assigned to the Match, in line-up order (markers
    /// in order, then the Goalkeeper), with the Jersey number each wore:
    /// the marker's, 1 for the Goalkeeper, `None` for an unnumbered marker.
    pub fn played(&self) -> Vec<(usize, Option<u8>)> {
        let mut out: Vec<(usize, Option<u8>)> = self
            .lineup
            .markers
            .iter()
            .filter_map(|m| m.player.map(|p| (p, m.jersey)))
            .collect();
        if let Some(g) = self.lineup.goalkeeper {
            out.push((g, Some(1)));
        }
        out
    }

    /// The Match consequence `roll` resolved for this Match, played as
    /// `report` tells: against who played, Training an Untrained Player,
    /// with the `injuries_prevented` the Match left.
    pub fn consequence(&self, roll: &ConsequenceRoll, report: &MatchReport) -> ConsequenceEffect {
        let prevented = report
            .rules
            .get(&Rule::InjuriesPrevented)
            .map_or(0, |n| u8::try_from((*n).max(0)).unwrap_or(u8::MAX));
        roll.resolve(
            &self.played(),
            |i| self.squad.get(i).is_some_and(|p| p.side == Side::Untrained),
            None,
            prevented,
        )
    }

    /// Readies the squad and line-up for the next Match after `report`:
    /// the tokens and Experience the Match left, the consequence's tokens,
    /// the Player it Trains turned by `trained` (its Trained side, given
    /// the card as it is), and off the pitch every card that cannot play
    /// (Injured, Suspended) or whose Trained side stands elsewhere.
    pub fn carry_over(
        &mut self,
        report: &MatchReport,
        effect: &ConsequenceEffect,
        trained: impl Fn(&SquadPlayer) -> Option<SquadPlayer>,
    ) {
        for (player, tokens) in self.squad.iter_mut().zip(&report.tokens_after) {
            player.tokens = *tokens;
        }
        for (player, filled) in self.squad.iter_mut().zip(&report.experience_after) {
            player.experience_filled = filled.clone();
        }
        for &(i, token, n) in &effect.tokens {
            if let Some(player) = self.squad.get_mut(i) {
                player.tokens.add(token, n);
            }
        }
        let mut moved = None;
        if let Some(i) = effect.train
            && let Some(player) = self.squad.get_mut(i)
            && let Some(side) = trained(player)
        {
            if (side.task, &side.zones, side.jersey) != (player.task, &player.zones, player.jersey)
            {
                moved = Some(i);
            }
            *player = side;
        }
        let out: Vec<usize> = (0..self.squad.len())
            .filter(|&i| {
                moved == Some(i) || self.squad.get(i).is_some_and(|p| p.tokens.unavailable())
            })
            .collect();
        let lineup = &mut self.lineup;
        lineup
            .markers
            .retain(|m| m.player.is_none_or(|i| !out.contains(&i)));
        lineup.paid.retain(|i| !out.contains(i));
        if lineup.goalkeeper.is_some_and(|g| out.contains(&g)) {
            lineup.goalkeeper = None;
        }
    }

    /// Every placement or assignment rule the setup breaks (empty when it
    /// is legal).
    pub fn validate(&self) -> Vec<LineupError> {
        let mut errors = Vec::new();
        let lineup = &self.lineup;
        if lineup.markers.len() != 10 {
            errors.push(LineupError::MarkerCount(lineup.markers.len()));
        }
        if lineup.markers.iter().any(|m| m.zone == Zone::Goal) {
            errors.push(LineupError::MarkerInGoal);
        }
        for line in Line::ALL {
            let found = lineup
                .markers
                .iter()
                .filter(|m| m.zone.line() == Some(line))
                .count();
            let expected = lineup.formation.count(line);
            if found != usize::from(expected) {
                errors.push(LineupError::FormationLine {
                    line,
                    expected,
                    found,
                });
            }
        }
        for zone in Zone::PITCH {
            let found = lineup.markers.iter().filter(|m| m.zone == zone).count();
            if found > usize::from(zone.capacity()) {
                errors.push(LineupError::ZoneOverfull { zone, found });
            }
            if zone.side() == Some(Flank::Centre) && found == 0 {
                errors.push(LineupError::CentralZoneEmpty(zone));
            }
        }
        let unnumbered = lineup.markers.iter().filter(|m| m.jersey.is_none()).count();
        if unnumbered > 3 {
            errors.push(LineupError::TooManyUnnumbered(unnumbered));
        }
        let mut numbers: Vec<u8> = Vec::new();
        let mut seen: Vec<usize> = Vec::new();
        for m in &lineup.markers {
            if let Some(n) = m.jersey
                && !(2..=11).contains(&n)
            {
                errors.push(LineupError::BadMarkerNumber(n));
            }
            let Some(i) = m.player else {
                numbers.extend(m.jersey);
                continue;
            };
            let Some(p) = self.squad.get(i) else {
                errors.push(LineupError::UnknownPlayer(i));
                continue;
            };
            if seen.contains(&i) {
                errors.push(LineupError::PlayerTwice(p.id.clone()));
            }
            seen.push(i);
            if p.task == Task::Goalkeeper {
                errors.push(LineupError::WrongGoalkeeper(p.id.clone()));
            }
            if p.tokens.unavailable() {
                errors.push(LineupError::Unavailable(p.id.clone()));
            }
            if !p.zones.contains(&m.zone) {
                errors.push(LineupError::WrongZone {
                    player: p.id.clone(),
                    zone: m.zone,
                });
            }
            if p.task != m.task && p.task != Task::Goalkeeper {
                errors.push(LineupError::WrongTask(p.id.clone()));
            }
            // Cards numbered 2-11 use their printed marker; the others use
            // an unnumbered one.
            let printed = p.jersey.filter(|n| (2..=11).contains(n));
            if m.jersey != printed {
                errors.push(LineupError::WrongJersey(p.id.clone()));
            }
            numbers.extend(p.jersey);
        }
        if let Some(i) = lineup.goalkeeper {
            match self.squad.get(i) {
                None => errors.push(LineupError::UnknownPlayer(i)),
                Some(p) => {
                    if seen.contains(&i) {
                        errors.push(LineupError::PlayerTwice(p.id.clone()));
                    }
                    seen.push(i);
                    if p.task != Task::Goalkeeper {
                        errors.push(LineupError::WrongGoalkeeper(p.id.clone()));
                    }
                    if p.tokens.unavailable() {
                        errors.push(LineupError::Unavailable(p.id.clone()));
                    }
                    numbers.extend(p.jersey);
                }
            }
        }
        numbers.sort_unstable();
        let mut reported = Vec::new();
        for w in numbers.windows(2) {
            if let [a, b] = w
                && a == b
                && !reported.contains(a)
            {
                reported.push(*a);
                errors.push(LineupError::DuplicateJersey(*a));
            }
        }
        for &i in &lineup.paid {
            let name = self
                .squad
                .get(i)
                .map_or_else(|| format!("Player card {i}"), |p| p.id.clone());
            let ok = seen.contains(&i)
                && self
                    .squad
                    .get(i)
                    .is_some_and(|p| p.abilities.iter().any(|b| !b.cost.is_empty()));
            if !ok {
                errors.push(LineupError::NothingToPay(name));
            }
        }
        let extra: i32 = self
            .rules
            .iter()
            .filter(|r| r.rule == Rule::TacticPlays)
            .map(|r| i32::from(r.by))
            .sum();
        let allowed = usize::try_from(1 + extra).unwrap_or(0);
        if self.tactic_effects.len() > allowed {
            errors.push(LineupError::TooManyTactics {
                found: self.tactic_effects.len(),
                allowed,
            });
        }
        if let Some(supply) = &self.supply {
            for (resource, need) in self.assigned_cost() {
                let have = supply.get(&resource).copied().unwrap_or(0);
                if need > have {
                    errors.push(LineupError::CannotPay {
                        resource,
                        need,
                        have,
                    });
                }
            }
        }
        errors
    }

    /// The Zones where squad Player `player`'s marker could go now: Zones
    /// on its card that have room, in lines the Formation has not filled
    /// (for a Matchday screen to highlight). Empty for a Goalkeeper or an
    /// unknown index.
    pub fn open_zones(&self, player: usize) -> Vec<Zone> {
        let Some(p) = self.squad.get(player) else {
            return Vec::new();
        };
        let markers = &self.lineup.markers;
        p.zones
            .iter()
            .copied()
            .filter(|z| {
                let Some(line) = z.line() else {
                    return false;
                };
                let in_zone = markers.iter().filter(|m| m.zone == *z).count();
                let in_line = markers
                    .iter()
                    .filter(|m| m.zone.line() == Some(line))
                    .count();
                in_zone < usize::from(z.capacity())
                    && in_line < usize::from(self.lineup.formation.count(line))
            })
            .collect()
    }

    /// Squad indexes of the assigned Players: markers in order, then the
    /// Goalkeeper.
    pub fn assigned(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .lineup
            .markers
            .iter()
            .filter_map(|m| m.player)
            .collect();
        out.extend(self.lineup.goalkeeper);
        out
    }

    /// The fitness and effect costs the line-up assigns: 1 Fitness per
    /// assigned Player card plus each paid effect cost.
    pub fn assigned_cost(&self) -> BTreeMap<Resource, u32> {
        let mut cost = BTreeMap::new();
        let n = self.assigned().len() as u32;
        if n > 0 {
            cost.insert(Resource::Fitness, n);
        }
        for &i in &self.lineup.paid {
            if let Some(b) = self
                .squad
                .get(i)
                .and_then(|p| p.abilities.iter().find(|b| !b.cost.is_empty()))
            {
                for (r, k) in &b.cost {
                    *cost.entry(*r).or_insert(0) += u32::from(*k);
                }
            }
        }
        cost
    }

    /// The printed marker numbers (2-11) that no marker and no assigned
    /// Player card uses, lowest first: the numbers a marker without a card
    /// can show.
    pub fn free_numbers(&self) -> Vec<u8> {
        let mut used: Vec<u8> = self
            .lineup
            .markers
            .iter()
            .filter_map(|m| m.jersey)
            .collect();
        used.extend(
            self.assigned()
                .iter()
                .filter_map(|&i| self.squad.get(i).and_then(|p| p.jersey)),
        );
        (2..=11).filter(|n| !used.contains(n)).collect()
    }

    /// The marker squad Player `player` stands on: its printed number
    /// (none for cards numbered 12 or more and Untrained Youngsters), its
    /// Task and `zone`. `None` for a Goalkeeper or an unknown index.
    pub fn marker_for(&self, player: usize, zone: Zone) -> Option<Marker> {
        let p = self.squad.get(player)?;
        if p.task == Task::Goalkeeper {
            return None;
        }
        Some(Marker {
            jersey: p.jersey.filter(|n| (2..=11).contains(n)),
            task: p.task,
            zone,
            player: Some(player),
        })
    }

    /// Whether `marker` may join the line-up as it stands: the first rule
    /// it would break, if any. Rules a line-up breaks only until it is
    /// complete (too few markers, a line or central Zone still short) do
    /// not count; a full Zone or line, a Zone not on the card, a number
    /// already in the Match, a card already assigned, an Injured card or
    /// Fitness the supply cannot pay do. A marker without a card whose
    /// number a card would need is first given another free number, as
    /// [`MatchSetup::place`] does.
    pub fn check_placement(&self, marker: &Marker) -> Result<(), LineupError> {
        let mut next = self.clone();
        next.make_room_for(marker);
        next.lineup.markers.push(*marker);
        self.first_new_error(&next)
    }

    /// Places `marker` if [`MatchSetup::check_placement`] allows it. A
    /// marker without a card that shows the number the new card needs
    /// takes another free number (the rulebook's swap with a marker that
    /// has no corresponding Player card).
    pub fn place(&mut self, marker: Marker) -> Result<(), LineupError> {
        self.check_placement(&marker)?;
        self.make_room_for(&marker);
        self.lineup.markers.push(marker);
        Ok(())
    }

    /// Puts squad Player `player` in goal (`None`: nobody, the Match is
    /// played with the Strength 1, 1 save stand-in), if that breaks no
    /// rule.
    pub fn set_goalkeeper(&mut self, player: Option<usize>) -> Result<(), LineupError> {
        let mut next = self.clone();
        next.lineup.goalkeeper = player;
        self.first_new_error(&next)?;
        self.lineup.goalkeeper = player;
        Ok(())
    }

    /// Takes marker `index` off the pitch, with any effect cost paid for
    /// its card.
    pub fn remove_marker(&mut self, index: usize) -> Option<Marker> {
        if index >= self.lineup.markers.len() {
            return None;
        }
        let m = self.lineup.markers.remove(index);
        if let Some(p) = m.player {
            self.lineup.paid.retain(|&i| i != p);
        }
        Some(m)
    }

    /// The Strength marker `index` brings to the Match as the line-up
    /// stands: its card's Strength with its Strength and Weakness tokens
    /// (never below 0), or 1 plus `blank_jersey_strength` for a marker
    /// without a card (never below 1). Effects resolved during the Match
    /// may change it.
    pub fn marker_strength(&self, index: usize) -> Option<u8> {
        let m = self.lineup.markers.get(index)?;
        let s = match m.player.and_then(|i| self.squad.get(i)) {
            Some(p) => (i32::from(p.strength) + p.tokens.modifier()).max(0),
            None => {
                let extra: i32 = self
                    .rules
                    .iter()
                    .filter(|r| r.rule == Rule::BlankJerseyStrength)
                    .map(|r| i32::from(r.by))
                    .sum();
                (1 + extra).max(1)
            }
        };
        Some(s.clamp(0, 255) as u8)
    }

    /// Gives a marker without a card another free number when `marker`'s
    /// card needs the number it shows.
    fn make_room_for(&mut self, marker: &Marker) {
        let Some(n) = marker.jersey else { return };
        if marker.player.is_none() {
            return;
        }
        let Some(blank) = self
            .lineup
            .markers
            .iter()
            .position(|m| m.player.is_none() && m.jersey == Some(n))
        else {
            return;
        };
        let free = self.free_numbers().into_iter().find(|&k| k != n);
        if let Some(m) = self.lineup.markers.get_mut(blank) {
            m.jersey = free;
        }
    }

    /// The first rule `next` breaks that `self` did not, ignoring those a
    /// line-up breaks only while it is being filled; a full Zone or line
    /// is named before the marker count it also breaks.
    fn first_new_error(&self, next: &MatchSetup) -> Result<(), LineupError> {
        let before = self.validate();
        let mut too_many = None;
        for e in next.validate() {
            if before.contains(&e) {
                continue;
            }
            match e {
                LineupError::MarkerCount(n) if n > 10 => too_many = Some(e),
                LineupError::MarkerCount(_) | LineupError::CentralZoneEmpty(_) => {}
                LineupError::FormationLine {
                    line,
                    expected,
                    found,
                } => {
                    if found > usize::from(expected) {
                        return Err(LineupError::LineFull { line, expected });
                    }
                }
                LineupError::ZoneOverfull { zone, .. } => {
                    return Err(LineupError::ZoneFull(zone));
                }
                other => return Err(other),
            }
        }
        too_many.map_or(Ok(()), Err)
    }
}

/// Who a piece on the pitch is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PieceRef {
    /// Your Jersey marker (an index into the line-up's markers).
    Marker(usize),
    /// A player on the Opponent card.
    Opponent(OpponentSpot),
}

/// A piece taking part in a Section: who, a label and its Strength then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// Who it is.
    pub who: PieceRef,
    /// A readable label ("#9 Rafael Costa", "their left midfielder").
    pub label: String,
    /// Strength in this Match.
    pub strength: u8,
}

/// One team's attack in one Section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackReport {
    /// The attacking team: `Own` for yours.
    pub team: Team,
    /// The attackers.
    pub attackers: Vec<Piece>,
    /// The defenders they face.
    pub defenders: Vec<Piece>,
    /// The defending Goalkeeper's Strength.
    pub keeper_strength: u8,
    /// Its saves left before this attack.
    pub saves_before: u8,
    /// Pairs, saves and scorers (indexes into the two lists above).
    pub outcome: AttackOutcome,
}

/// One pair of Sections compared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionReport {
    /// 1-5, the rulebook's order.
    pub number: u8,
    /// Your Section.
    pub yours: Section,
    /// The Opponent Section it faces.
    pub theirs: Section,
    /// Your attackers against their defenders.
    pub your_attack: AttackReport,
    /// Their attackers against your defenders.
    pub their_attack: AttackReport,
    /// The score after this pair: (yours, theirs).
    pub score: (u32, u32),
}

/// One step of the resolution, in order, for logs and animation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchStep {
    /// An effect block began to resolve.
    Block {
        /// When.
        timing: Timing,
        /// The card.
        source: String,
        /// Its printed sentence.
        text: String,
    },
    /// A block's condition did not hold, so it did nothing.
    Skipped {
        /// The card.
        source: String,
        /// Why.
        reason: String,
    },
    /// A die was rolled.
    Roll {
        /// The card.
        source: String,
        /// 6 or 12.
        sides: u8,
        /// The result.
        result: u8,
    },
    /// Tokens were placed on or removed from a Player card.
    Tokens {
        /// The card that did it.
        source: String,
        /// The Player card.
        player: String,
        /// The token.
        token: Token,
        /// Positive placed, negative removed.
        change: i32,
    },
    /// An Opponent player's or Goalkeeper's value changed.
    OpponentChanged {
        /// The card that did it.
        source: String,
        /// The player (none: the Goalkeeper).
        spot: Option<OpponentSpot>,
        /// What changed ("strength" or "saves").
        what: String,
        /// By how much.
        by: i32,
    },
    /// A Resource or VP was gained (positive) or lost (negative).
    Resource {
        /// The card that did it.
        source: String,
        /// The Resource.
        resource: Resource,
        /// The change.
        change: i32,
    },
    /// A rule changed for this Match.
    RuleChanged {
        /// The card that did it.
        source: String,
        /// The rule.
        rule: Rule,
        /// By how much.
        by: i32,
    },
    /// A Score marker moved outside the Section comparison.
    ScoreChanged {
        /// The card that did it.
        source: String,
        /// Whose marker.
        team: Team,
        /// Goals added (negative: cancelled).
        by: i32,
        /// The score after: (yours, theirs).
        score: (u32, u32),
    },
    /// A `move_jersey` effect moved a Jersey marker.
    JerseyMoved {
        /// The card that did it.
        source: String,
        /// The marker (an index into the line-up's markers).
        marker: usize,
        /// The marker's name ("#7" or "unnumbered").
        label: String,
        /// Where it stood.
        from: Zone,
        /// Where it stands now.
        to: Zone,
    },
    /// Something the club resolves outside the Match (a Resource gained,
    /// a Player Trained, a card drawn ...).
    ForTheClub {
        /// The card that did it.
        source: String,
        /// The op.
        effect: Effect,
    },
    /// The Opponent card was revealed.
    Reveal {
        /// The club.
        opponent: String,
        /// Its Goalkeeper.
        keeper: Keeper,
    },
    /// A pair of Sections was compared.
    Section(SectionReport),
    /// The final score.
    FullTime {
        /// Your goals.
        own: u32,
        /// Their goals.
        opponent: u32,
        /// Your result.
        result: MatchResult,
    },
}

impl MatchStep {
    /// The step as a sentence of the Match commentary.
    pub fn describe(&self) -> String {
        match self {
            MatchStep::Block { source, text, .. } => format!("{source}: {text}"),
            MatchStep::Skipped { source, reason } => {
                format!("{source}: nothing happens (needs: {reason})")
            }
            MatchStep::Roll {
                source,
                sides,
                result,
            } => format!("{source}: rolled {result} on a {sides}-sided die"),
            MatchStep::Tokens {
                source,
                player,
                token,
                change,
            } => {
                if *change >= 0 {
                    format!("{source}: {change} {} on {player}", token.title())
                } else {
                    format!("{source}: {} {} off {player}", -change, token.title())
                }
            }
            MatchStep::Resource {
                source,
                resource,
                change,
            } => format!("{source}: {change:+} {}", resource.title()),
            MatchStep::OpponentChanged {
                source,
                spot,
                what,
                by,
            } => match spot {
                Some(s) => format!(
                    "{source}: their {} {} player {} gets {by:+} {what}",
                    s.flank.key(),
                    s.line.key(),
                    s.index + 1
                ),
                None => format!("{source}: their Goalkeeper gets {by:+} {what}"),
            },
            MatchStep::RuleChanged { source, rule, by } => {
                format!("{source}: {rule:?} {by:+} this Match")
            }
            MatchStep::ScoreChanged {
                source,
                team,
                by,
                score,
            } => {
                let who = match team {
                    Team::Own => "your",
                    Team::Opponent => "their",
                };
                format!("{source}: {who} score {by:+}, now {}:{}", score.0, score.1)
            }
            MatchStep::ForTheClub { source, effect } => {
                format!("{source}: for the club: {}", effect.describe())
            }
            MatchStep::JerseyMoved {
                source,
                label,
                from,
                to,
                ..
            } => format!("{source}: Jersey marker {label} moves from {from} to {to}"),
            MatchStep::Reveal { opponent, keeper } => format!(
                "The Opponent is {opponent} (Goalkeeper Strength {}, {} saves)",
                keeper.strength, keeper.saves
            ),
            MatchStep::Section(r) => r.describe(),
            MatchStep::FullTime {
                own,
                opponent,
                result,
            } => format!("Full time {own}:{opponent} ({})", result.key()),
        }
    }
}

impl SectionReport {
    /// The pair of Sections as commentary: each attack's pairs, saves and
    /// goals.
    pub fn describe(&self) -> String {
        let mut out = format!(
            "{}. your {} against their {}:",
            self.number, self.yours, self.theirs
        );
        for a in [&self.your_attack, &self.their_attack] {
            out.push_str(&format!("\n   {}", a.describe()));
        }
        out.push_str(&format!("\n   score {}:{}", self.score.0, self.score.1));
        out
    }
}

impl AttackReport {
    /// One attack as a sentence.
    pub fn describe(&self) -> String {
        let who = match self.team {
            Team::Own => "you attack",
            Team::Opponent => "they attack",
        };
        if self.attackers.is_empty() {
            return format!("{who}: no attackers");
        }
        let name = |list: &[Piece], i: usize| {
            list.get(i)
                .map_or_else(String::new, |p| format!("{} ({})", p.label, p.strength))
        };
        let mut parts = Vec::new();
        for d in &self.outcome.duels {
            parts.push(format!(
                "{} {} {}",
                name(&self.attackers, d.attacker),
                if d.blocked { "blocked by" } else { "beats" },
                name(&self.defenders, d.defender)
            ));
        }
        for &i in &self.outcome.unpaired {
            parts.push(format!("{} unmarked", name(&self.attackers, i)));
        }
        for &i in &self.outcome.saved {
            parts.push(format!(
                "{} saved by the Goalkeeper ({})",
                name(&self.attackers, i),
                self.keeper_strength
            ));
        }
        for &i in &self.outcome.scorers {
            parts.push(format!("{} scores", name(&self.attackers, i)));
        }
        format!("{who}: {}", parts.join("; "))
    }
}

/// What a Match produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchReport {
    /// Your goals.
    pub own: u32,
    /// The Opponent's goals.
    pub opponent: u32,
    /// Your result.
    pub result: MatchResult,
    /// Every step, in order.
    pub steps: Vec<MatchStep>,
    /// Goals per squad Player card.
    pub player_goals: Vec<u32>,
    /// Tokens per squad Player card after the Match (Temporary tokens
    /// discarded from the assigned Players).
    pub tokens_after: Vec<Tokens>,
    /// Resources and VP gained (positive) or lost (negative) by effects.
    pub resources: BTreeMap<Resource, i32>,
    /// Rule changes made during the Match (e.g. `consequence_roll`).
    pub rules: BTreeMap<Rule, i32>,
    /// Per squad Player card: which Experience spaces hold a token after
    /// the Match.
    pub experience_after: Vec<Vec<bool>>,
}

impl MatchReport {
    /// The whole Match as commentary, one step per entry.
    pub fn commentary(&self) -> Vec<String> {
        self.steps.iter().map(MatchStep::describe).collect()
    }

    /// Only the Section comparisons.
    pub fn sections(&self) -> Vec<&SectionReport> {
        self.steps
            .iter()
            .filter_map(|s| match s {
                MatchStep::Section(r) => Some(r),
                _ => None,
            })
            .collect()
    }
}

/// The card a block comes from, and the Player it belongs to.
#[derive(Clone)]
struct Source {
    id: String,
    player: Option<usize>,
}

/// The state while a Match resolves.
struct Live<'a> {
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
    Ok(MatchReport {
        own: live.own,
        opponent: live.opp,
        result,
        steps: live.steps,
        player_goals: live.player_goals,
        tokens_after: live.tokens,
        resources: live.resources,
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

fn attack(
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

#[cfg(test)]
mod tests {
    use super::*;

    fn player(
        id: &str,
        jersey: Option<u8>,
        task: Task,
        zones: &[Zone],
        strength: u8,
    ) -> SquadPlayer {
        SquadPlayer {
            id: id.into(),
            name: id.into(),
            kind: PlayerKind::Regular,
            side: Side::Untrained,
            task,
            zones: zones.to_vec(),
            strength,
            saves: if task == Task::Goalkeeper { 1 } else { 0 },
            jersey,
            abilities: Vec::new(),
            tokens: Tokens::default(),
            experience: Vec::new(),
            experience_filled: Vec::new(),
        }
    }

    fn empty_setup() -> MatchSetup {
        let squad = vec![
            player("nine", Some(9), Task::Attack, &[Zone::CentralForward], 3),
            player("wing", Some(7), Task::Attack, &[Zone::RightForward], 2),
            player("keeper", Some(1), Task::Goalkeeper, &[Zone::Goal], 2),
            player("hurt", Some(4), Task::Defence, &[Zone::CentralDefence], 2),
        ];
        let mut setup = MatchSetup::new(
            squad,
            Lineup {
                formation: Formation::new(4, 4, 2),
                markers: Vec::new(),
                goalkeeper: None,
                paid: Vec::new(),
            },
            OpponentTeam {
                name: "them".into(),
                keeper: Keeper {
                    strength: 1,
                    saves: 1,
                },
                defence: OpponentLine::default(),
                midfield: OpponentLine::default(),
                forward: OpponentLine::default(),
            },
        );
        if let Some(p) = setup.squad.get_mut(3) {
            p.tokens.injury = 1;
        }
        setup
    }

    fn blank(jersey: u8, zone: Zone) -> Marker {
        Marker {
            jersey: Some(jersey),
            task: Task::Defence,
            zone,
            player: None,
        }
    }

    #[test]
    fn placements_are_refused_with_the_rule_they_break() {
        let mut s = empty_setup();
        assert_eq!(s.place(blank(2, Zone::LeftForward)), Ok(()));
        assert_eq!(
            s.place(blank(3, Zone::LeftForward)),
            Err(LineupError::ZoneFull(Zone::LeftForward))
        );
        assert_eq!(s.place(blank(3, Zone::CentralForward)), Ok(()));
        assert_eq!(
            s.place(blank(4, Zone::CentralForward)),
            Err(LineupError::LineFull {
                line: Line::Forward,
                expected: 2
            })
        );
        let wing = s.marker_for(1, Zone::CentralMidfield);
        assert_eq!(
            wing.map(|m| s.check_placement(&m)),
            Some(Err(LineupError::WrongZone {
                player: "wing".into(),
                zone: Zone::CentralMidfield
            }))
        );
        assert_eq!(
            s.place(blank(3, Zone::CentralMidfield)),
            Err(LineupError::DuplicateJersey(3))
        );
        let hurt = s.marker_for(3, Zone::CentralDefence);
        assert_eq!(
            hurt.map(|m| s.check_placement(&m)),
            Some(Err(LineupError::Unavailable("hurt".into())))
        );
        assert_eq!(
            s.marker_for(2, Zone::CentralDefence),
            None,
            "a Goalkeeper has no marker"
        );
        assert_eq!(
            s.lineup.markers.len(),
            2,
            "refused placements change nothing"
        );
        let text = LineupError::ZoneFull(Zone::LeftForward).to_string();
        assert_eq!(text, "left forward is full: it holds at most 1 marker");
    }

    #[test]
    fn a_card_takes_its_number_from_a_marker_without_a_card() {
        let mut s = empty_setup();
        assert_eq!(s.place(blank(9, Zone::CentralMidfield)), Ok(()));
        let nine = s.marker_for(0, Zone::CentralForward);
        assert_eq!(nine.map(|m| s.place(m)), Some(Ok(())));
        let numbers: Vec<Option<u8>> = s.lineup.markers.iter().map(|m| m.jersey).collect();
        assert_eq!(
            numbers,
            vec![Some(2), Some(9)],
            "the blank marker moved to 2"
        );
        assert_eq!(s.free_numbers(), vec![3, 4, 5, 6, 7, 8, 10, 11]);
        assert_eq!(s.marker_strength(0), Some(1));
        assert_eq!(s.marker_strength(1), Some(3));
        assert_eq!(s.marker_strength(2), None);
        assert_eq!(s.remove_marker(1).and_then(|m| m.player), Some(0));
        assert_eq!(s.remove_marker(5), None);
    }

    #[test]
    fn only_an_available_goalkeeper_card_guards_the_goal_and_fitness_is_checked() {
        let mut s = empty_setup();
        assert!(matches!(
            s.set_goalkeeper(Some(0)),
            Err(LineupError::WrongGoalkeeper(_))
        ));
        assert_eq!(
            s.set_goalkeeper(Some(9)),
            Err(LineupError::UnknownPlayer(9))
        );
        assert_eq!(s.lineup.goalkeeper, None);
        s.supply = Some(BTreeMap::from([(Resource::Fitness, 1)]));
        assert_eq!(s.set_goalkeeper(Some(2)), Ok(()));
        let nine = s.marker_for(0, Zone::CentralForward);
        assert_eq!(
            nine.map(|m| s.place(m)),
            Some(Err(LineupError::CannotPay {
                resource: Resource::Fitness,
                need: 2,
                have: 1
            }))
        );
        assert_eq!(s.set_goalkeeper(None), Ok(()));
    }

    /// A 4-3-3 with the wing-back #3 (Left Defence or Left Midfield on his
    /// card, a DURING THE MATCH `move_jersey`) at Left Defence, card-less
    /// markers elsewhere, against an Opponent with only a Goalkeeper.
    fn wing_back_setup() -> MatchSetup {
        let mut back = player(
            "wing-back",
            Some(3),
            Task::Defence,
            &[Zone::LeftDefence, Zone::LeftMidfield],
            2,
        );
        back.abilities = vec![EffectBlock {
            timing: Timing::DuringMatch,
            cost: BTreeMap::new(),
            condition: None,
            effects: vec![Effect::MoveJersey { count: 1 }],
            text: None,
        }];
        let mut s = empty_setup();
        s.squad = vec![back];
        s.lineup.formation = Formation::new(4, 3, 3);
        let attack = |n: u8, zone: Zone| Marker {
            task: Task::Attack,
            ..blank(n, zone)
        };
        s.lineup.markers = vec![
            Marker {
                player: Some(0),
                ..blank(3, Zone::LeftDefence)
            },
            blank(2, Zone::CentralDefence),
            blank(4, Zone::CentralDefence),
            blank(5, Zone::RightDefence),
            blank(6, Zone::CentralMidfield),
            blank(7, Zone::CentralMidfield),
            attack(8, Zone::CentralMidfield),
            attack(9, Zone::LeftForward),
            attack(10, Zone::CentralForward),
            attack(11, Zone::RightForward),
        ];
        assert_eq!(s.validate(), Vec::new());
        s
    }

    /// docs/eleven.md, `move_jersey`: "Move Jersey markers, one step each,
    /// to an adjacent Zone (sharing an edge), respecting Zone limits and
    /// the Zones allowed on the Player's card."
    #[test]
    fn a_jersey_marker_moves_one_step_within_the_zone_limits_and_its_card() {
        let s = wing_back_setup();
        let m = &s.lineup.markers;
        let mv =
            |marker: usize, to: Zone| check_jersey_move(&s.squad, m, JerseyMove { marker, to });
        assert_eq!(mv(0, Zone::LeftMidfield), Ok(()));
        let err = |r: Result<(), String>| r.expect_err("refused");
        assert!(err(mv(0, Zone::CentralDefence)).contains("card does not show"));
        assert!(err(mv(0, Zone::LeftForward)).contains("does not share an edge"));
        assert!(err(mv(4, Zone::LeftForward)).contains("does not share an edge"));
        assert!(err(mv(1, Zone::LeftDefence)).contains("holds at most 1"));
        assert!(err(mv(8, Zone::CentralMidfield)).contains("holds at most 3"));
        let mut lone = m.clone();
        lone[7].zone = Zone::LeftMidfield;
        let last = check_jersey_move(
            &s.squad,
            &lone,
            JerseyMove {
                marker: 8,
                to: Zone::LeftForward,
            },
        );
        assert!(err(last).contains("is the last in central forward"));
        assert!(err(mv(10, Zone::LeftMidfield)).contains("no Jersey marker 11"));
        // A card-less marker goes anywhere next door with room.
        assert_eq!(mv(4, Zone::LeftMidfield), Ok(()));
        assert_eq!(mv(9, Zone::RightMidfield), Ok(()));
        assert_eq!(mv(6, Zone::CentralForward), Ok(()));
    }

    #[test]
    fn a_chosen_move_is_played_and_the_marker_plays_in_its_new_section() {
        let mut s = wing_back_setup();
        s.choices.insert(
            "wing-back".into(),
            Choice {
                moves: vec![JerseyMove {
                    marker: 4,
                    to: Zone::LeftMidfield,
                }],
                ..Choice::default()
            },
        );
        let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            r.commentary()
                .iter()
                .any(|l| l
                    == "wing-back: Jersey marker #6 moves from central midfield to left midfield"),
            "{:?}",
            r.commentary()
        );
        let left = r
            .sections()
            .into_iter()
            .find(|x| x.yours == Section::LeftWing)
            .unwrap_or_else(|| panic!("the left wing"));
        let labels: Vec<&str> = left
            .their_attack
            .defenders
            .iter()
            .map(|p| p.label.as_str())
            .collect();
        assert!(labels.contains(&"#6 (no card)"), "{labels:?}");
        // A refused choice moves nothing and says why.
        s.choices.insert(
            "wing-back".into(),
            Choice {
                moves: vec![JerseyMove {
                    marker: 0,
                    to: Zone::CentralDefence,
                }],
                ..Choice::default()
            },
        );
        let r = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            !r.steps
                .iter()
                .any(|x| matches!(x, MatchStep::JerseyMoved { .. }))
        );
        assert!(
            r.commentary()
                .iter()
                .any(|l| l.contains("card does not show"))
        );
    }

    /// Without a choice the engine moves the marker that leaves the best
    /// projected score: no legal move chosen by hand does better.
    #[test]
    fn the_default_move_is_the_best_for_the_score() {
        let mut s = wing_back_setup();
        s.opponent.forward.centre = vec![
            OpponentPlayer {
                task: Task::Attack,
                strength: 2,
            };
            2
        ];
        s.opponent.defence.left = vec![OpponentPlayer {
            task: Task::Defence,
            strength: 3,
        }];
        let diff = |r: &MatchReport| i64::from(r.own) - i64::from(r.opponent);
        let default = play_match(&s, 1).unwrap_or_else(|e| panic!("{e}"));
        let moved = default
            .steps
            .iter()
            .filter(|x| matches!(x, MatchStep::JerseyMoved { .. }))
            .count();
        assert_eq!(moved, 1, "{:?}", default.commentary());
        let mut results = Vec::new();
        for marker in 0..10 {
            for to in Zone::PITCH {
                let mv = JerseyMove { marker, to };
                if check_jersey_move(&s.squad, &s.lineup.markers, mv).is_err() {
                    continue;
                }
                let mut t = s.clone();
                t.choices.insert(
                    "wing-back".into(),
                    Choice {
                        moves: vec![mv],
                        ..Choice::default()
                    },
                );
                let r = play_match(&t, 1).unwrap_or_else(|e| panic!("{e}"));
                results.push((diff(&r), r.own));
            }
        }
        assert!(results.len() > 5, "{results:?}");
        let best = results.iter().max().copied();
        assert_eq!(Some((diff(&default), default.own)), best, "{results:?}");
    }
}
