//! The balance lab: what a deck or a house rule does to a game, measured
//! from many seeded bot games.
//!
//! The measures are named as Ludii names its game concepts: Balance,
//! AdvantageP1, Completion, Drawishness, Timeouts, Duration and
//! DecisionMoves, plus each game's own figures. A card kind is valued by
//! restricted play (Jaffe et al., AIIDE 2012): one seat's bot may not play
//! it, every other seat plays as usual, and the value is how much less
//! that seat wins than it did in the same games unrestricted.
//!
//! Every comparison is paired. Game `i` of every batch (set A, set B, each
//! card kind's restricted games) starts from seed `seed + i` with the same
//! bots, so set A and set B are compared game by game (common random
//! numbers): two identical sets give identical games and no difference,
//! and a real difference shows with fewer games than unpaired samples
//! would need. The restricted seat of game `i` is seat `i % seats`, so
//! every seat takes its turn.
//!
//! This module knows no game: the registry's `lab` hook plays the games
//! (`games::lab`) and hands their [`Record`]s here.

pub mod stats;

pub use stats::{Diff, Dist, Mean, Share};

use crate::engine::MAX_SEATS;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A set of house rules a lab run plays under.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleSet {
    /// How reports name it (`A`, `golden goal`).
    pub label: String,
    /// A house-rules file: its name and text.
    pub rules: Option<(String, String)>,
    /// The game's own options by name, as text.
    pub options: BTreeMap<String, String>,
}

impl RuleSet {
    /// What the set changes, in a few words (`halves = single`), or `the
    /// printed rules` when nothing.
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        if let Some((name, _)) = &self.rules {
            parts.push(format!("house rules {name}"));
        }
        if parts.is_empty() {
            "the printed rules".into()
        } else {
            parts.join(", ")
        }
    }
}

/// What a lab run is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabRequest {
    /// Games a set.
    pub games: usize,
    /// Game `i` starts from seed `seed + i`.
    pub seed: u64,
    /// Seats at the table (`None`: the game's usual table).
    pub seats: Option<usize>,
    /// A bot key a seat; the list repeats round the table.
    pub bots: Vec<String>,
    /// The first set of rules.
    pub a: RuleSet,
    /// A second set to compare with the first.
    pub b: Option<RuleSet>,
    /// Whether to value every card kind by restricted play (under set A).
    pub card_value: bool,
    /// Restricted games a card kind (at most `games`).
    pub card_games: usize,
    /// Worker threads (`None`: every core).
    pub threads: Option<usize>,
    /// A game is abandoned after this many decisions (a Timeout).
    pub max_decisions: u64,
}

impl Default for LabRequest {
    fn default() -> Self {
        LabRequest {
            games: 2000,
            seed: 1,
            seats: None,
            bots: vec!["heuristic".into()],
            a: RuleSet {
                label: "A".into(),
                ..RuleSet::default()
            },
            b: None,
            card_value: false,
            card_games: 2000,
            threads: None,
            max_decisions: 100_000,
        }
    }
}

/// How a game stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// By the rules.
    Rules,
    /// At the decision limit.
    Limit,
    /// The engine could not go on.
    Stalled,
}

/// One game of a lab run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Its index in the batch (seed `seed + index`).
    pub index: u64,
    /// The winning seats, one bit each.
    pub winners: u8,
    /// The seat that decided first.
    pub first: u8,
    /// How it stopped.
    pub end: End,
    /// The game's name for its ending (`golden goal`).
    pub ending: String,
    /// Turns played.
    pub turns: u32,
    /// Decisions taken.
    pub decisions: u64,
    /// Decisions with more than one legal action.
    pub choices: u64,
    /// The game's own figures.
    pub figures: Vec<(String, f64)>,
    /// Card kinds in each seat's opening hand (set A only).
    pub opening: Vec<Vec<u16>>,
    /// In a card-value game: whether the restricted seat's bot ever chose
    /// the forbidden kind (the restriction mattered).
    #[serde(default)]
    pub blocked: bool,
}

impl Record {
    /// Whether `seat` won alone.
    pub fn sole_win(&self, seat: usize) -> bool {
        self.end == End::Rules && self.winners == 1 << seat
    }

    /// A game that ended by the rules without one sole winner.
    pub fn drawn(&self) -> bool {
        self.end == End::Rules && self.winners.count_ones() != 1
    }
}

/// A card kind the lab values: a card, or a family of alike cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardKind {
    /// Its key (a card id or a family's name).
    pub key: String,
    /// How people call it.
    pub label: String,
    /// The kinds it is compared with (`nation`, `referee`, `manager`).
    pub group: String,
}

/// A game's card kinds and the kind of each of its cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kinds {
    /// The kinds, in the order reports list them before ranking.
    pub kinds: Vec<CardKind>,
    /// The kind of card `i` (an index into `kinds`), `None` for a card no
    /// kind covers.
    pub of_card: Vec<Option<u16>>,
}

impl Kinds {
    /// The kind of card `card`.
    pub fn of(&self, card: usize) -> Option<usize> {
        self.of_card.get(card).copied().flatten().map(usize::from)
    }
}

/// The live state of a run, shared with whoever watches it: progress,
/// Cancel, and the games of each set so far (for plots drawn while it
/// runs).
#[derive(Debug, Default)]
pub struct Live {
    /// Games played, over every batch.
    pub done: AtomicU64,
    /// Games the run will play.
    pub total: AtomicU64,
    /// Set to stop the run after the games under way.
    pub cancel: AtomicBool,
    /// What is being played now.
    pub phase: Mutex<String>,
    /// Set A's games so far, in order.
    pub a: Mutex<Vec<Record>>,
    /// Set B's games so far, in order.
    pub b: Mutex<Vec<Record>>,
}

impl Live {
    /// The share of the run done, 0..=1.
    pub fn fraction(&self) -> f64 {
        let total = self.total.load(Ordering::Relaxed).max(1);
        self.done.load(Ordering::Relaxed) as f64 / total as f64
    }

    /// Whether Cancel was pressed.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Says what is being played.
    pub fn set_phase(&self, phase: impl Into<String>) {
        if let Ok(mut p) = self.phase.lock() {
            *p = phase.into();
        }
    }
}

/// Every measure of one set of games.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Measures {
    /// Games played.
    pub games: u64,
    /// Seats at each table.
    pub seats: usize,
    /// Sole wins by seat.
    pub wins: Vec<Share>,
    /// Balance: 1 less the gap between the most and least winning seat.
    pub balance: f64,
    /// AdvantageP1: the sole wins of the seat that decides first.
    pub advantage_p1: Share,
    /// What one seat wins when every seat is alike (1 / seats).
    pub even: f64,
    /// Completion: games that ended by the rules.
    pub completion: Share,
    /// Drawishness: games that ended by the rules without one winner.
    pub drawishness: Share,
    /// Timeouts: games abandoned at the decision limit.
    pub timeouts: Share,
    /// Duration in decisions.
    pub decisions: Dist,
    /// Duration in turns.
    pub turns: Dist,
    /// DecisionMoves: the share of decisions with more than one option.
    pub decision_moves: f64,
    /// How games ended, by the game's names.
    pub endings: BTreeMap<String, u64>,
    /// The game's own figures (goals, Victory Points by line, prizes).
    pub figures: BTreeMap<String, Mean>,
    /// Each seat's win rate as games came in: (games, rate by seat).
    pub convergence: Vec<(u64, Vec<f64>)>,
}

/// Bins of the duration histograms.
const BINS: usize = 24;
/// Points of the convergence curve.
const POINTS: u64 = 60;

impl Measures {
    /// The measures of `records` at a table of `seats`.
    pub fn of(records: &[Record], seats: usize) -> Measures {
        let n = records.len() as u64;
        let seats = seats.clamp(1, MAX_SEATS);
        let wins: Vec<Share> = (0..seats)
            .map(|s| Share::of(records.iter().filter(|r| r.sole_win(s)).count() as u64, n))
            .collect();
        let (lo, hi) = wins
            .iter()
            .fold((1f64, 0f64), |(lo, hi), w| (lo.min(w.rate), hi.max(w.rate)));
        let count = |f: &dyn Fn(&Record) -> bool| records.iter().filter(|r| f(r)).count() as u64;
        let decisions: Vec<u64> = records.iter().map(|r| r.decisions).collect();
        let turns: Vec<u64> = records.iter().map(|r| u64::from(r.turns)).collect();
        let all: u64 = decisions.iter().sum();
        let choices: u64 = records.iter().map(|r| r.choices).sum();
        let mut endings = BTreeMap::new();
        for r in records {
            *endings.entry(r.ending.clone()).or_insert(0) += 1;
        }
        let mut values: BTreeMap<String, Vec<f64>> = BTreeMap::new();
        for (k, v) in records.iter().flat_map(|r| &r.figures) {
            values.entry(k.clone()).or_default().push(*v);
        }
        let step = (n / POINTS).max(1);
        let mut convergence = Vec::new();
        let mut tally = vec![0u64; seats];
        for (i, r) in records.iter().enumerate() {
            for (s, t) in tally.iter_mut().enumerate() {
                *t += u64::from(r.sole_win(s));
            }
            let played = i as u64 + 1;
            if played.is_multiple_of(step) || played == n {
                convergence.push((
                    played,
                    tally.iter().map(|&t| t as f64 / played as f64).collect(),
                ));
            }
        }
        Measures {
            games: n,
            seats,
            balance: if n == 0 {
                1.0
            } else {
                1.0 - (hi - lo).max(0.0)
            },
            wins,
            advantage_p1: Share::of(count(&|r| r.sole_win(usize::from(r.first))), n),
            even: 1.0 / seats as f64,
            completion: Share::of(count(&|r| r.end == End::Rules), n),
            drawishness: Share::of(count(&|r| r.drawn()), n),
            timeouts: Share::of(count(&|r| r.end == End::Limit), n),
            decisions: Dist::of(&decisions, BINS),
            turns: Dist::of(&turns, BINS),
            decision_moves: if all == 0 {
                0.0
            } else {
                choices as f64 / all as f64
            },
            endings,
            figures: values.into_iter().map(|(k, v)| (k, Mean::of(v))).collect(),
            convergence,
        }
    }
}

/// One line on each measure, as the app explains it.
pub const EXPLAINED: &[(&str, &str)] = &[
    (
        "Balance",
        "1 less the gap between the seat that wins most and the seat that wins least (1 is even).",
    ),
    (
        "AdvantageP1",
        "How often the seat that decides first wins alone, against the even share.",
    ),
    (
        "Completion",
        "Games that ended by the rules, not abandoned at the decision limit or stalled.",
    ),
    (
        "Drawishness",
        "Games that ended by the rules without a single winner.",
    ),
    ("Timeouts", "Games abandoned at the decision limit."),
    (
        "Duration",
        "Decisions and turns a game takes: mean, median, range and histogram.",
    ),
    (
        "DecisionMoves",
        "Decisions where the player had more than one legal option.",
    ),
    (
        "Card value",
        "How much less a seat wins when its bot may not play the card (restricted play), in the games where its bot chose to play it; flagged when it, or the wins of seats dealt the card in their opening hand, stands over 3 standard errors from its peers' median.",
    ),
];

/// A measure compared between set A and set B.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Delta {
    /// The measure (`duration (decisions)`, `seat 1 wins`, a figure).
    pub measure: String,
    /// Whether it is a share (shown in percentage points) or a count.
    pub share: bool,
    /// B less A, paired game by game, with its interval.
    pub diff: Diff,
}

impl Delta {
    /// `+12.0% (±3.1%)` of A's mean for a count, `+4.1 points (±1.5)` for
    /// a share.
    pub fn words(&self) -> String {
        let d = &self.diff;
        if self.share {
            format!("{:+.1} points (±{:.1})", d.diff * 100.0, d.half() * 100.0)
        } else if d.a.abs() > 1e-9 {
            format!(
                "{:+.1}% (±{:.1}%)",
                d.diff / d.a * 100.0,
                d.half() / d.a.abs() * 100.0
            )
        } else {
            format!("{:+.2} (±{:.2})", d.diff, d.half())
        }
    }
}

/// Set B against set A.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// Every measure compared.
    pub deltas: Vec<Delta>,
    /// What differs, in one sentence.
    pub sentence: String,
}

impl Comparison {
    /// Compares the games of `a` and `b` with the same indices (seeds).
    pub fn of(a: &[Record], b: &[Record], seats: usize, b_label: &str) -> Comparison {
        let by_index: BTreeMap<u64, &Record> = b.iter().map(|r| (r.index, r)).collect();
        let pairs: Vec<(&Record, &Record)> = a
            .iter()
            .filter_map(|ra| by_index.get(&ra.index).map(|rb| (ra, *rb)))
            .collect();
        let paired =
            |f: &dyn Fn(&Record) -> f64| Diff::paired(pairs.iter().map(|(x, y)| (f(x), f(y))));
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        let mut deltas = vec![
            Delta {
                measure: "duration (decisions)".into(),
                share: false,
                diff: paired(&|r| r.decisions as f64),
            },
            Delta {
                measure: "duration (turns)".into(),
                share: false,
                diff: paired(&|r| f64::from(r.turns)),
            },
            Delta {
                measure: "completion".into(),
                share: true,
                diff: paired(&|r| flag(r.end == End::Rules)),
            },
            Delta {
                measure: "drawishness".into(),
                share: true,
                diff: paired(&|r| flag(r.drawn())),
            },
            Delta {
                measure: "first-player advantage".into(),
                share: true,
                diff: paired(&|r| flag(r.sole_win(usize::from(r.first)))),
            },
        ];
        for s in 0..seats {
            deltas.push(Delta {
                measure: format!("seat {} wins", s + 1),
                share: true,
                diff: paired(&|r| flag(r.sole_win(s))),
            });
        }
        let mut names: Vec<&String> = pairs
            .iter()
            .flat_map(|(x, _)| x.figures.iter().map(|(k, _)| k))
            .collect();
        names.sort();
        names.dedup();
        for name in names {
            let value = |r: &Record| r.figures.iter().find(|(k, _)| k == name).map(|(_, v)| *v);
            let diff = Diff::paired(
                pairs
                    .iter()
                    .filter_map(|(x, y)| Some((value(x)?, value(y)?))),
            );
            deltas.push(Delta {
                measure: name.clone(),
                share: false,
                diff,
            });
        }
        let sentence = sentence(&deltas, b_label);
        Comparison { deltas, sentence }
    }
}

/// What differs, in one sentence: `golden goal makes games 12.0% (±3.1%)
/// longer; balance unchanged`.
fn sentence(deltas: &[Delta], b_label: &str) -> String {
    let find = |m: &str| deltas.iter().find(|d| d.measure == m);
    let mut parts = Vec::new();
    match find("duration (decisions)") {
        Some(d) if d.diff.differs() && d.diff.a > 0.0 => parts.push(format!(
            "{b_label} makes games {:.1}% (±{:.1}%) {}",
            (d.diff.diff / d.diff.a * 100.0).abs(),
            d.diff.half() / d.diff.a * 100.0,
            if d.diff.diff > 0.0 {
                "longer"
            } else {
                "shorter"
            }
        )),
        _ => parts.push(format!("{b_label} leaves the duration unchanged")),
    }
    let seats: Vec<&Delta> = deltas
        .iter()
        .filter(|d| d.measure.starts_with("seat ") && d.diff.differs())
        .collect();
    if seats.is_empty() {
        parts.push("balance unchanged".into());
    } else {
        parts.push(
            seats
                .iter()
                .map(|d| format!("{} {}", d.measure, d.words()))
                .collect::<Vec<_>>()
                .join(", "),
        );
    }
    for d in deltas.iter().filter(|d| {
        !d.measure.starts_with("seat ") && !d.measure.starts_with("duration") && d.diff.differs()
    }) {
        parts.push(format!("{} {}", d.measure, d.words()));
    }
    parts.join("; ")
}

/// How a card kind stands against its peers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    /// Worth more than its peers: likely over-powered.
    Strong,
    /// Worth less than its peers: likely under-powered.
    Weak,
    /// Within its peers' range.
    Even,
}

/// What forbidding one card kind costs a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardValue {
    /// The kind.
    pub kind: CardKind,
    /// The restricted seat's wins in the same games unrestricted.
    pub unrestricted: Share,
    /// The restricted seat's wins when its bot may not play the kind.
    pub restricted: Share,
    /// Unrestricted less restricted wins, paired game by game, over the
    /// games where the restricted seat's bot chose the kind: what the kind
    /// is worth to a seat that holds it. Ranked by this.
    pub value: Diff,
    /// The same over every game (a kind held more often, with more
    /// copies, weighs more here).
    pub value_all: Diff,
    /// Games where the restricted seat's bot chose the kind.
    pub held: u64,
    /// The median value of the other kinds of its group.
    pub peers: f64,
    /// Standard errors from the peers' median.
    pub z: f64,
    /// Standard errors its opening-hand wins stand from its peers'
    /// median, where the game deals an opening hand (0 otherwise).
    #[serde(default)]
    pub opening_z: f64,
    /// Which yardstick put it out of its peers' range: `restricted play`,
    /// `opening hand` or both (empty when even).
    #[serde(default)]
    pub flagged_by: String,
    /// Where it stands.
    pub standing: Standing,
    /// Times the restricted bot had to play it (nothing else was legal).
    pub forced: u64,
    /// Sole wins of seats that held the kind in their opening hand, where
    /// the game deals one.
    pub opening: Option<Share>,
}

/// Standard errors from its peers that flag a kind.
pub const FLAG_Z: f64 = 3.0;
/// Games a kind must have been held (or dealt) in before its standing is
/// read from them: fewer say nothing either way.
pub const FLAG_MIN_GAMES: u64 = 30;

/// A kind's group and its two yardsticks, each a value and its standard
/// error when it has enough games: restricted play, the opening hand.
type Yardsticks = (String, Option<(f64, f64)>, Option<(f64, f64)>);

/// How far `x` (with standard error `se`) stands from the median of its
/// peers' values (with theirs), in standard errors.
fn from_peers(x: f64, se: f64, peers: &[(f64, f64)]) -> (f64, f64) {
    let mut sorted: Vec<f64> = peers.iter().map(|p| p.0).collect();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    let median = if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    };
    // The standard error of a median is about 1.25 times that of a mean.
    let k = peers.len() as f64;
    let se_median = 1.2533 * (peers.iter().map(|p| p.1 * p.1).sum::<f64>()).sqrt() / k;
    let spread = (se * se + se_median * se_median).sqrt();
    let z = if spread > 0.0 {
        (x - median) / spread
    } else {
        0.0
    };
    (median, z)
}

/// The values of every kind from its restricted games (`restricted[k]`,
/// the subject of game `i` being seat `i % seats`) against set A's games
/// with the same indices, ranked most valuable first.
pub fn card_values(
    kinds: &[CardKind],
    a: &[Record],
    restricted: &[(Vec<Record>, u64)],
    seats: usize,
) -> Vec<CardValue> {
    let seats = seats.max(1);
    let by_index: BTreeMap<u64, &Record> = a.iter().map(|r| (r.index, r)).collect();
    let mut values: Vec<CardValue> = kinds
        .iter()
        .zip(restricted)
        .enumerate()
        .map(|(k, (kind, (games, forced)))| {
            let subject = |r: &Record| (r.index % seats as u64) as usize;
            let pairs: Vec<(bool, bool, bool)> = games
                .iter()
                .filter_map(|r| {
                    let base = by_index.get(&r.index)?;
                    Some((base.sole_win(subject(r)), r.sole_win(subject(r)), r.blocked))
                })
                .collect();
            let n = pairs.len() as u64;
            let flag = |b: bool| if b { 1.0 } else { 0.0 };
            let held: Vec<bool> = a
                .iter()
                .flat_map(|r| {
                    r.opening
                        .iter()
                        .enumerate()
                        .filter(|(_, hand)| hand.iter().any(|&c| usize::from(c) == k))
                        .map(|(s, _)| r.sole_win(s))
                })
                .collect();
            CardValue {
                kind: kind.clone(),
                unrestricted: Share::of(pairs.iter().filter(|p| p.0).count() as u64, n),
                restricted: Share::of(pairs.iter().filter(|p| p.1).count() as u64, n),
                value: Diff::paired(
                    pairs
                        .iter()
                        .filter(|p| p.2)
                        .map(|&(u, r, _)| (flag(r), flag(u))),
                ),
                value_all: Diff::paired(pairs.iter().map(|&(u, r, _)| (flag(r), flag(u)))),
                held: pairs.iter().filter(|p| p.2).count() as u64,
                peers: 0.0,
                z: 0.0,
                opening_z: 0.0,
                flagged_by: String::new(),
                standing: Standing::Even,
                forced: *forced,
                opening: (!held.is_empty()).then(|| {
                    Share::of(
                        held.iter().filter(|&&w| w).count() as u64,
                        held.len() as u64,
                    )
                }),
            }
        })
        .collect();
    // Two yardsticks, each against the kinds of the same group that have
    // enough games: what restricted play costs, and (where the game deals
    // one) how often a seat dealt the kind in its opening hand wins. The
    // second sees a card whose worth the first hides: in a game of hands
    // a card kept from play still fills a place in the hand, which costs
    // every kind alike and drowns how much better one is.
    let snapshot: Vec<Yardsticks> = values
        .iter()
        .map(|v| {
            let restricted =
                (v.held >= FLAG_MIN_GAMES).then(|| (v.value.diff, v.value.half() / stats::Z95));
            let opening = v
                .opening
                .filter(|o| o.n >= FLAG_MIN_GAMES)
                .map(|o| (o.rate, (o.high - o.low) / 2.0 / stats::Z95));
            (v.kind.group.clone(), restricted, opening)
        })
        .collect();
    for (i, v) in values.iter_mut().enumerate() {
        let peers = |pick: fn(&Yardsticks) -> Option<(f64, f64)>| {
            snapshot
                .iter()
                .enumerate()
                .filter(|(j, p)| *j != i && p.0 == v.kind.group)
                .filter_map(|(_, p)| pick(p))
                .collect::<Vec<(f64, f64)>>()
        };
        let restricted_peers = peers(|p| p.1);
        if let Some((x, se)) = snapshot[i].1
            && restricted_peers.len() >= 2
        {
            let (median, z) = from_peers(x, se, &restricted_peers);
            v.peers = median;
            v.z = z;
        }
        let opening_peers = peers(|p| p.2);
        if let Some((x, se)) = snapshot[i].2
            && opening_peers.len() >= 2
        {
            v.opening_z = from_peers(x, se, &opening_peers).1;
        }
        let by = |z: f64| {
            if z > FLAG_Z {
                1
            } else if z < -FLAG_Z {
                -1
            } else {
                0
            }
        };
        let (r, o) = (by(v.z), by(v.opening_z));
        // The two agree, or one speaks and the other is silent.
        let (standing, named) = match (r, o) {
            (1, 1) => (Standing::Strong, "restricted play and opening hand"),
            (-1, -1) => (Standing::Weak, "restricted play and opening hand"),
            (1, 0) => (Standing::Strong, "restricted play"),
            (-1, 0) => (Standing::Weak, "restricted play"),
            (0, 1) => (Standing::Strong, "opening hand"),
            (0, -1) => (Standing::Weak, "opening hand"),
            _ => (Standing::Even, ""),
        };
        v.standing = standing;
        v.flagged_by = named.to_string();
    }
    values.sort_by(|x, y| y.value.diff.total_cmp(&x.value.diff));
    values
}

/// One set's name and measures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetReport {
    /// The set played.
    pub rules: RuleSet,
    /// What came of it.
    pub measures: Measures,
}

/// A whole lab run: what was asked and every measure; saved as JSON and
/// reopened in the app.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabReport {
    /// The game's registry id.
    pub game: String,
    /// Its name.
    pub name: String,
    /// Seats at each table.
    pub seats: usize,
    /// The bot at each seat.
    pub bots: Vec<String>,
    /// Game `i` started from seed `seed + i`.
    pub seed: u64,
    /// Set A.
    pub a: SetReport,
    /// Set B, when compared.
    pub b: Option<SetReport>,
    /// B against A.
    pub comparison: Option<Comparison>,
    /// Every card kind's value, most valuable first (when asked).
    pub card_values: Vec<CardValue>,
    /// Restricted games a card kind.
    pub card_games: u64,
    /// Whether Cancel stopped the run early (the measures cover the games
    /// played).
    pub cancelled: bool,
    /// Games played in all.
    pub played: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games a second, over every thread.
    pub games_per_second: f64,
    /// Worker threads.
    pub threads: usize,
}

impl LabReport {
    /// The report as `touchline lab` prints it.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{} lab: {} seats, bots {}, seed {}{}",
            self.name,
            self.seats,
            self.bots.join(","),
            self.seed,
            if self.cancelled { " (cancelled)" } else { "" }
        );
        for set in std::iter::once(&self.a).chain(&self.b) {
            out.push_str(&set_text(set));
        }
        if let Some(c) = &self.comparison {
            out.push_str("\n\nB against A (paired by seed, 95% intervals):");
            for d in &c.deltas {
                out.push_str(&format!(
                    "\n  {:<24} {}{}",
                    d.measure,
                    d.words(),
                    if d.diff.differs() { "  differs" } else { "" }
                ));
            }
            out.push_str(&format!("\n  {}", c.sentence));
        }
        if !self.card_values.is_empty() {
            out.push_str(&format!(
                "\n\nCard value by restricted play ({} games a kind; a seat's wins lost when its bot may not play the card):",
                self.card_games
            ));
            for v in &self.card_values {
                out.push_str(&format!(
                    "\n  {:<28} {:<10} {:+6.1} points (±{:.1}) in {} games held, {:+5.1} over all  peers {:+5.1}{}{}",
                    v.kind.label,
                    v.kind.group,
                    v.value.diff * 100.0,
                    v.value.half() * 100.0,
                    v.held,
                    v.value_all.diff * 100.0,
                    v.peers * 100.0,
                    match v.standing {
                        Standing::Strong => format!("  STRONG: likely over-powered ({})", v.flagged_by),
                        Standing::Weak => format!("  WEAK: likely under-powered ({})", v.flagged_by),
                        Standing::Even => String::new(),
                    },
                    v.opening
                        .map(|o| format!("  in opening hand: wins {}", o.percent()))
                        .unwrap_or_default()
                ));
            }
        }
        out.push_str(&format!(
            "\n\n{} games in {:.1} s ({:.0} games/s, {} threads)",
            self.played, self.seconds, self.games_per_second, self.threads
        ));
        out
    }

    /// The report as CSV: one row a number (section, set, measure, value,
    /// low, high).
    pub fn csv(&self) -> Result<String, String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(["section", "set", "measure", "value", "low", "high"])
            .map_err(|e| e.to_string())?;
        {
            let mut row = |section: &str, set: &str, measure: &str, v: f64, lo: f64, hi: f64| {
                w.write_record([
                    section,
                    set,
                    measure,
                    &format!("{v:.6}"),
                    &format!("{lo:.6}"),
                    &format!("{hi:.6}"),
                ])
                .map_err(|e| e.to_string())
            };
            for (name, set) in
                std::iter::once(("A", &self.a)).chain(self.b.as_ref().map(|b| ("B", b)))
            {
                let m = &set.measures;
                for (s, w) in m.wins.iter().enumerate() {
                    row(
                        "measure",
                        name,
                        &format!("seat {} wins", s + 1),
                        w.rate,
                        w.low,
                        w.high,
                    )?;
                }
                row("measure", name, "balance", m.balance, m.balance, m.balance)?;
                let p = &m.advantage_p1;
                row("measure", name, "advantage p1", p.rate, p.low, p.high)?;
                for (label, s) in [
                    ("completion", &m.completion),
                    ("drawishness", &m.drawishness),
                    ("timeouts", &m.timeouts),
                ] {
                    row("measure", name, label, s.rate, s.low, s.high)?;
                }
                for (label, d) in [
                    ("duration decisions", &m.decisions),
                    ("duration turns", &m.turns),
                ] {
                    row("measure", name, label, d.mean.mean, d.mean.low, d.mean.high)?;
                }
                row(
                    "measure",
                    name,
                    "decision moves",
                    m.decision_moves,
                    m.decision_moves,
                    m.decision_moves,
                )?;
                for (k, f) in &m.figures {
                    row("figure", name, k, f.mean, f.low, f.high)?;
                }
            }
            if let Some(c) = &self.comparison {
                for d in &c.deltas {
                    row(
                        "b minus a",
                        "B-A",
                        &d.measure,
                        d.diff.diff,
                        d.diff.low,
                        d.diff.high,
                    )?;
                }
            }
            for v in &self.card_values {
                row(
                    "card value",
                    "A",
                    &v.kind.key,
                    v.value.diff,
                    v.value.low,
                    v.value.high,
                )?;
                if let Some(o) = v.opening {
                    row("card opening", "A", &v.kind.key, o.rate, o.low, o.high)?;
                }
                // +1 likely over-powered, -1 under, 0 even; the two z.
                let flag = match v.standing {
                    Standing::Strong => 1.0,
                    Standing::Weak => -1.0,
                    Standing::Even => 0.0,
                };
                row("card standing", "A", &v.kind.key, flag, v.z, v.opening_z)?;
            }
        }
        let bytes = w.into_inner().map_err(|e| e.to_string())?;
        String::from_utf8(bytes).map_err(|e| e.to_string())
    }
}

/// One set's measures as text.
fn set_text(set: &SetReport) -> String {
    let m = &set.measures;
    let mut out = format!(
        "\n\nSet {} ({}), {} games:",
        set.rules.label,
        set.rules.describe(),
        m.games
    );
    for (s, w) in m.wins.iter().enumerate() {
        out.push_str(&format!("\n  seat {} wins       {}", s + 1, w.percent()));
    }
    out.push_str(&format!(
        "\n  Balance            {:.3} (even share {:.1}%)",
        m.balance,
        m.even * 100.0
    ));
    out.push_str(&format!(
        "\n  AdvantageP1        {}",
        m.advantage_p1.percent()
    ));
    out.push_str(&format!(
        "\n  Completion         {}",
        m.completion.percent()
    ));
    out.push_str(&format!(
        "\n  Drawishness        {}",
        m.drawishness.percent()
    ));
    out.push_str(&format!("\n  Timeouts           {}", m.timeouts.percent()));
    out.push_str(&format!(
        "\n  Duration           {:.1} decisions (±{:.1}; median {}, {}-{}), {:.1} turns (median {})",
        m.decisions.mean.mean,
        m.decisions.mean.half(),
        m.decisions.median,
        m.decisions.min,
        m.decisions.max,
        m.turns.mean.mean,
        m.turns.median
    ));
    out.push_str(&format!(
        "\n  DecisionMoves      {:.1}%",
        m.decision_moves * 100.0
    ));
    let endings: Vec<String> = m.endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
    out.push_str(&format!("\n  endings            {}", endings.join(", ")));
    for (k, f) in &m.figures {
        out.push_str(&format!(
            "\n  {k:<18} {:.2} a game (±{:.2})",
            f.mean,
            f.half()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(index: u64, winner: Option<u8>, decisions: u64) -> Record {
        Record {
            index,
            winners: winner.map_or(0, |w| 1 << w),
            first: 0,
            end: End::Rules,
            ending: "goal".into(),
            turns: decisions as u32 / 2,
            decisions,
            choices: decisions / 2,
            figures: vec![("goals".into(), 1.0)],
            opening: vec![vec![0], vec![1]],
            blocked: true,
        }
    }

    #[test]
    fn measures_count_wins_draws_and_duration() {
        let records: Vec<Record> = (0..100)
            .map(|i| {
                record(
                    i,
                    if i % 4 == 3 {
                        None
                    } else {
                        Some((i % 2) as u8)
                    },
                    10 + i % 5,
                )
            })
            .collect();
        let m = Measures::of(&records, 2);
        assert_eq!(m.games, 100);
        assert_eq!(m.wins[0].k + m.wins[1].k + m.drawishness.k, 100);
        assert_eq!(m.drawishness.k, 25);
        assert_eq!(m.completion.k, 100);
        assert_eq!(m.decisions.min, 10);
        let (c, d) = records
            .iter()
            .fold((0, 0), |(c, d), r| (c + r.choices, d + r.decisions));
        assert_eq!(m.decision_moves, c as f64 / d as f64);
        assert_eq!(m.convergence.last().map(|c| c.0), Some(100));
        assert!((m.balance - (1.0 - (m.wins[0].rate - m.wins[1].rate).abs())).abs() < 1e-12);
    }

    #[test]
    fn a_comparison_of_identical_games_finds_nothing() {
        let a: Vec<Record> = (0..200)
            .map(|i| record(i, Some((i % 2) as u8), 10 + i % 7))
            .collect();
        let c = Comparison::of(&a, &a, 2, "B");
        assert!(c.deltas.iter().all(|d| !d.diff.differs()), "{c:?}");
        assert_eq!(
            c.sentence,
            "B leaves the duration unchanged; balance unchanged"
        );
        let longer: Vec<Record> = a
            .iter()
            .map(|r| Record {
                decisions: r.decisions + 3,
                ..r.clone()
            })
            .collect();
        let c = Comparison::of(&a, &longer, 2, "golden goal");
        assert!(
            c.sentence.starts_with("golden goal makes games"),
            "{}",
            c.sentence
        );
        assert!(
            c.sentence.contains("longer; balance unchanged"),
            "{}",
            c.sentence
        );
    }

    /// Five kinds of one group: `k0` to `k4`.
    fn five_kinds() -> Vec<CardKind> {
        (0..5)
            .map(|k| CardKind {
                key: format!("k{k}"),
                label: format!("K{k}"),
                group: "g".into(),
            })
            .collect()
    }

    /// A kind restricted play cannot tell from its peers (keeping any card
    /// from play costs nothing here) but whose seat wins every game it is
    /// dealt is flagged by its opening hand; a kind never held says
    /// nothing either way.
    #[test]
    fn a_kind_whose_opening_hand_wins_far_more_is_flagged() {
        let kinds = five_kinds();
        // Seat 0 is dealt kind i % 5; it always wins with kind 0 and one
        // game in two otherwise.
        let a: Vec<Record> = (0..1000u64)
            .map(|i| {
                let winner = if i % 5 == 0 { 0 } else { ((i / 5) % 2) as u8 };
                Record {
                    opening: vec![vec![(i % 5) as u16], vec![]],
                    ..record(i, Some(winner), 10)
                }
            })
            .collect();
        let restricted: Vec<(Vec<Record>, u64)> = (0..5)
            .map(|k| {
                let games = a
                    .iter()
                    .map(|r| Record {
                        blocked: k != 4,
                        ..r.clone()
                    })
                    .collect();
                (games, 0)
            })
            .collect();
        let values = card_values(&kinds, &a, &restricted, 2);
        let of = |key: &str| values.iter().find(|v| v.kind.key == key).expect("kind");
        assert_eq!(of("k0").standing, Standing::Strong, "{values:?}");
        assert_eq!(of("k0").flagged_by, "opening hand");
        assert!(of("k0").opening_z > FLAG_Z);
        assert_eq!(of("k0").value.diff, 0.0, "restricted play sees nothing");
        for k in ["k1", "k2", "k3"] {
            assert_eq!(of(k).standing, Standing::Even, "{k}: {values:?}");
        }
        // Kind 4 was never held in a restricted game: no restricted z.
        assert_eq!(of("k4").held, 0);
        assert_eq!(of("k4").z, 0.0);
    }

    #[test]
    fn a_kind_far_from_its_peers_is_flagged() {
        let kinds = five_kinds();
        // Seat i % 2 always wins unrestricted.
        let a: Vec<Record> = (0..400)
            .map(|i| record(i, Some((i % 2) as u8), 10))
            .collect();
        let restricted: Vec<(Vec<Record>, u64)> = (0..5)
            .map(|k| {
                let games = (0..400)
                    .map(|i| {
                        // Kind 0: the restricted seat loses every game;
                        // the others lose one game in ten.
                        let loses = k == 0 || i % 10 == 0;
                        let subject = (i % 2) as u8;
                        record(i, Some(if loses { 1 - subject } else { subject }), 10)
                    })
                    .collect();
                (games, 0)
            })
            .collect();
        let values = card_values(&kinds, &a, &restricted, 2);
        assert_eq!(values[0].kind.key, "k0");
        assert_eq!(values[0].standing, Standing::Strong);
        assert!((values[0].value.diff - 1.0).abs() < 1e-12);
        assert!(
            values[1..].iter().all(|v| v.standing == Standing::Even),
            "{values:?}"
        );
        let opening = values
            .iter()
            .find(|v| v.kind.key == "k1")
            .and_then(|v| v.opening);
        // Seat 1 held kind 1 in every game and won half.
        assert_eq!(opening.map(|o| (o.k, o.n)), Some((200, 400)));
    }
}
