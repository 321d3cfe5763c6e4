//! What a resolved Matchday reports: the pieces on the pitch, each
//! Section's attacks, the steps of the log and the final score.

use super::*;

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
    /// Injury tokens the club may still ignore after the Match: what its
    /// Staff, Sponsors and the Match's effects gave (`injuries_prevented`)
    /// less what the Match used. The consequence roll's Injuries use them.
    #[serde(default)]
    pub injuries_prevented_left: u8,
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
