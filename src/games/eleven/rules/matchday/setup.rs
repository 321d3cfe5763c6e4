//! What Prepare for the Match decides: the Tokens, the squad, the Jersey
//! markers and the line-up, the Opponent, the choices, and the checks that
//! refuse a broken line-up.

use super::*;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// with the `injuries_prevented` the Match left: the club's own (its
    /// Staff and Sponsors, in the setup's rules) and the Match's effects',
    /// less any the Match used (`docs/eleven.md` 5.2).
    /// `picks` answer its choices (a `None` takes the first eligible
    /// Player in line-up order).
    pub fn consequence(
        &self,
        roll: &ConsequenceRoll,
        report: &MatchReport,
        picks: &ConsequencePicks,
    ) -> ConsequenceEffect {
        let prevented = report.injuries_prevented_left;
        roll.resolve(&self.played(), |i| self.untrained(i), picks, prevented)
    }

    /// Whether squad Player `i` is Untrained (a Training can take it).
    pub fn untrained(&self, i: usize) -> bool {
        self.squad.get(i).is_some_and(|p| p.side == Side::Untrained)
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
