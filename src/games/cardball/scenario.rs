//! Cardball scenarios: an exact position, actions in readable notation,
//! loaded dice, and what should come of them. A scenario file says
//! `game = "cardball"`; the format is documented in `docs/scenarios.md`.
//!
//! Rolls of the die are chance nodes: the runner resolves them as soon as
//! the match waits on one, taking the `dice` listed in `[table]` first and
//! the seeded RNG after that.

use crate::cards::DataError;
use crate::engine::script::{HandExpectation, Scripted, check_hand};
use crate::engine::{Game as _, Seat, ToAct};
use crate::games::cardball::tools::CardballData;
use crate::games::cardball::{
    Action, Cardball, CardballConfig, Event, Period, Phase, Setup, Side, TeamPlay, TieBreak,
};
use crate::games::kit::ScenarioKit;
use crate::scenario::Head;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Cardball's part of a scenario file (the head every game shares is
/// read by [`crate::scenario`]).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    #[serde(default)]
    config: RawConfig,
    #[serde(default)]
    table: RawTable,
    #[serde(default)]
    seat: Vec<RawSeat>,
    #[serde(default)]
    expect: Expect,
    #[serde(default)]
    checkpoint: Vec<Expect>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    tie_break: Option<String>,
    #[serde(default)]
    halves: bool,
    teams: Option<String>,
    #[serde(default)]
    ask_calls: bool,
    /// House rules by key (`docs/cardball.md`, section 10).
    #[serde(default)]
    house: Vec<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    ball: Option<u8>,
    possession: Option<String>,
    #[serde(default)]
    score: [u32; 2],
    period: Option<String>,
    kicked_off: Option<String>,
    #[serde(default)]
    pile: Vec<String>,
    #[serde(default)]
    played: Vec<String>,
    #[serde(default)]
    out: Vec<String>,
    rest: Option<String>,
    #[serde(default)]
    action_deck: Vec<String>,
    #[serde(default)]
    action_discard: Vec<String>,
    #[serde(default)]
    dice: Vec<String>,
    shootout_first: Option<String>,
    #[serde(default)]
    kicks: Vec<bool>,
    #[serde(default)]
    next: [u8; 2],
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeat {
    #[serde(default)]
    hand: Vec<String>,
    #[serde(default)]
    bench: Vec<String>,
}

/// What a Cardball scenario expects besides the shared head (endings are
/// `full_time`, `draw`, `golden_goal`, `penalties`; steps `call`,
/// `roll`, `touchline`, `pick`, `over`); only the fields given are
/// checked.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Goals, left then right.
    pub score: Option<[u32; 2]>,
    /// The ball's zone.
    pub ball: Option<u8>,
    /// `left` or `right`.
    pub possession: Option<String>,
    /// The period.
    pub period: Option<String>,
    /// Rounds played in the period.
    pub round: Option<u32>,
    /// Cards in the draw pile.
    pub pile_count: Option<usize>,
    /// The shoot-out's kicks so far.
    pub kicks: Option<Vec<bool>>,
    /// Penalties scored, left then right.
    pub shootout_score: Option<[u32; 2]>,
    /// Per-seat expectations.
    #[serde(default)]
    pub seat: Vec<ExpectSeat>,
}

/// What a scenario expects of one seat.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectSeat {
    /// Which seat.
    pub seat: u8,
    /// The exact hand, in any order.
    pub hand: Option<Vec<String>>,
    /// Cards the hand must hold.
    pub hand_contains: Option<Vec<String>>,
    /// Cards the hand must not hold.
    pub hand_lacks: Option<Vec<String>>,
    /// Hand size.
    pub hand_count: Option<usize>,
    /// Bench size.
    pub bench_count: Option<usize>,
}

/// The state in readable notation.
#[derive(Clone, Debug, Serialize)]
pub struct StateSummary {
    /// The step.
    pub step: String,
    /// The one seat that must decide now.
    pub to_act: Option<u8>,
    /// The period.
    pub period: String,
    /// Rounds played in the period.
    pub round: u32,
    /// Goals, left then right.
    pub score: [u32; 2],
    /// The ball's zone.
    pub ball: u8,
    /// Who has the ball.
    pub possession: String,
    /// Cards in the draw pile.
    pub pile_count: usize,
    /// Hands and bench sizes.
    pub seats: Vec<SeatSummary>,
    /// The shoot-out's kicks.
    pub kicks: Vec<bool>,
    /// The winners, once there are.
    pub winners: Option<Vec<u8>>,
    /// How the match ended.
    pub ending: Option<String>,
}

/// One seat in readable notation.
#[derive(Clone, Debug, Serialize)]
pub struct SeatSummary {
    /// The hand.
    pub hand: Vec<String>,
    /// Cards on the bench.
    pub bench_count: usize,
}

fn step_name(p: Phase) -> &'static str {
    match p {
        Phase::Call(_) => "call",
        Phase::Roll(_) => "roll",
        Phase::Touchline { .. } => "touchline",
        Phase::Pick => "pick",
        Phase::Over => "over",
    }
}

fn one_seat(g: &Cardball) -> Option<u8> {
    match g.to_act() {
        ToAct::One(s) => Some(s.0),
        ToAct::Simultaneous(set) if set.len() == 1 => set.iter().next().map(|s| s.0),
        _ => None,
    }
}

impl Scripted for Cardball {
    fn step_name(&self) -> String {
        step_name(self.phase()).to_string()
    }

    fn log_line(&self, event: &Event, _viewer: Option<Seat>) -> Option<String> {
        Some(event.describe(self.cards()))
    }
}

impl ScenarioKit for Cardball {
    type File = File;
    type Expect = Expect;
    const EXAMPLE: &'static str = "0: pick st-poacher-1";

    fn setup(
        data: &Arc<CardballData>,
        file: &str,
        _text: &str,
        head: &Head,
        raw: File,
    ) -> Result<(Cardball, Expect, Vec<Expect>), DataError> {
        let cards = data.cards.clone();
        let err = |m: String, field: &str| DataError::file(file, m).field(field);
        let card = |n: &String, what: &str| {
            cards
                .find(n)
                .ok_or_else(|| err(format!("there is no Manager card `{n}`"), what))
        };
        let list = |l: &[String], what: &str| -> Result<Vec<u16>, DataError> {
            l.iter().map(|n| card(n, what)).collect()
        };
        let actions_list = |l: &[String], what: &str| -> Result<Vec<u16>, DataError> {
            l.iter()
                .map(|n| {
                    cards
                        .find_action(n)
                        .ok_or_else(|| err(format!("there is no Action card `{n}`"), what))
                })
                .collect()
        };
        let side = |s: &Option<String>, what: &str| -> Result<Option<Side>, DataError> {
            s.as_ref()
                .map(|x| {
                    Side::parse(x).ok_or_else(|| err(format!("`{x}`: use left or right"), what))
                })
                .transpose()
        };
        let c = &raw.config;
        let tie_break = match &c.tie_break {
            None => TieBreak::Penalties,
            Some(t) => TieBreak::parse(t).ok_or_else(|| {
                err(
                    format!("`{t}`: use penalties, golden_goal or draw"),
                    "config.tie_break",
                )
            })?,
        };
        let teams = c
            .teams
            .as_ref()
            .map(|t| {
                TeamPlay::parse(t).ok_or_else(|| {
                    err(
                        format!("`{t}`: use switching or on_the_spot"),
                        "config.teams",
                    )
                })
            })
            .transpose()?;
        let mut house = crate::games::cardball::HouseRules::default();
        for k in &c.house {
            if !house.set(k) {
                return Err(err(
                    format!(
                        "`{k}` is not a house rule: use {}",
                        crate::games::cardball::HouseRules::KEYS.join(", ")
                    ),
                    "config.house",
                ));
            }
        }
        let config = CardballConfig {
            cards: cards.clone(),
            tie_break,
            halves: c.halves,
            teams,
            ask_calls: c.ask_calls,
            house,
        };
        let n = config.seats();
        if raw.seat.len() > n {
            return Err(err(
                format!("{} [[seat]] tables for {n} seats", raw.seat.len()),
                "seat",
            ));
        }
        let mut hands = Vec::new();
        let mut benches = Vec::new();
        for i in 0..n {
            let s = raw.seat.get(i).cloned().unwrap_or_default();
            hands.push(list(&s.hand, &format!("seat[{i}].hand"))?);
            benches.push(list(&s.bench, &format!("seat[{i}].bench"))?);
        }
        let t = &raw.table;
        let period = t
            .period
            .as_ref()
            .map(|p| {
                Period::parse(p).ok_or_else(|| {
                    err(
                        format!("`{p}`: use match, second_half, golden_goal or penalties"),
                        "table.period",
                    )
                })
            })
            .transpose()?;
        let rest_out = match t.rest.as_deref() {
            None | Some("pile") => false,
            Some("out") => true,
            Some(s) => return Err(err(format!("`{s}`: rest is `pile` or `out`"), "table.rest")),
        };
        let mut dice = Vec::new();
        for d in &t.dice {
            let icon = cards.die.find_icon(d).ok_or_else(|| {
                err(
                    format!(
                        "`{d}`: the die shows {} or {}",
                        cards.die.icon(0),
                        cards.die.icon(1)
                    ),
                    "table.dice",
                )
            })?;
            let face = (1..=6u8)
                .find(|f| cards.die.face_icon(*f) == icon)
                .unwrap_or(1);
            dice.push(face);
        }
        // (The engine's setup reads a ball of 0 as "not given": a file that
        // says 0 is refused as 8 is, not moved to the half-way line.)
        if t.ball == Some(0) {
            return Err(DataError::file(
                file,
                "the position cannot be set up: the ball rests on zones 1-7, not 0",
            )
            .field("table.ball"));
        }
        let setup = Setup {
            hands,
            benches,
            pile: list(&t.pile, "table.pile")?,
            played: list(&t.played, "table.played")?,
            out: list(&t.out, "table.out")?,
            action_deck: actions_list(&t.action_deck, "table.action_deck")?,
            action_discard: actions_list(&t.action_discard, "table.action_discard")?,
            rest_out,
            ball: t.ball.unwrap_or(4),
            possession: side(&t.possession, "table.possession")?,
            score: t.score,
            period,
            kicked_off: side(&t.kicked_off, "table.kicked_off")?,
            shootout_first: side(&t.shootout_first, "table.shootout_first")?,
            kicks: t.kicks.clone(),
            dice,
            next_member: t.next,
        };
        let game = Cardball::from_setup(&config, &setup, head.seed)
            .map_err(|e| DataError::file(file, format!("the position cannot be set up: {e}")))?;
        Ok((game, raw.expect, raw.checkpoint))
    }

    fn parse_action(&self, text: &str) -> Result<Action, String> {
        Action::parse(text, self.cards())
    }

    fn check(&self, e: &Expect, _events: &[Event], fails: &mut Vec<String>) {
        let g = self;
        let cards = g.cards().clone();
        let name = |c: &u16| cards.name(*c).to_string();
        let mut cmp = |what: &str, want: String, got: String| {
            if want != got {
                fails.push(format!("{what}: expected {want}, got {got}"));
            }
        };
        if let Some(s) = e.score {
            cmp("score", format!("{s:?}"), format!("{:?}", g.score()));
        }
        if let Some(b) = e.ball {
            cmp("ball", b.to_string(), g.ball().to_string());
        }
        if let Some(p) = &e.possession {
            cmp("possession", p.clone(), g.possession().key().to_string());
        }
        if let Some(p) = &e.period {
            cmp("period", p.clone(), g.period().key().to_string());
        }
        if let Some(r) = e.round {
            cmp("round", r.to_string(), g.round().to_string());
        }
        if let Some(n) = e.pile_count {
            cmp("pile_count", n.to_string(), g.pile().len().to_string());
        }
        let kicks = g.shootout().map(|s| s.kicks.clone()).unwrap_or_default();
        if let Some(k) = &e.kicks {
            cmp("kicks", format!("{k:?}"), format!("{kicks:?}"));
        }
        if let Some(s) = e.shootout_score {
            let got = g.shootout().map(|s| s.goals()).unwrap_or([0, 0]);
            cmp("shootout_score", format!("{s:?}"), format!("{got:?}"));
        }
        for s in &e.seat {
            let seat = Seat(s.seat);
            let hand: Vec<String> = g.hand(seat).iter().map(name).collect();
            let label = format!("seat {}", s.seat);
            check_hand(
                &label,
                &hand,
                HandExpectation {
                    exactly: s.hand.as_deref(),
                    contains: s.hand_contains.as_deref(),
                    lacks: s.hand_lacks.as_deref(),
                    count: s.hand_count,
                },
                fails,
            );
            if let Some(n) = s.bench_count
                && g.bench(seat).len() != n
            {
                fails.push(format!(
                    "{label} bench_count: expected {n}, got {}",
                    g.bench(seat).len()
                ));
            }
        }
    }

    fn state(&self) -> serde_json::Value {
        let g = self;
        let cards = g.cards().clone();
        let outcome = g.outcome();
        let state = StateSummary {
            step: step_name(g.phase()).to_string(),
            to_act: one_seat(g),
            period: g.period().key().to_string(),
            round: g.round(),
            score: g.score(),
            ball: g.ball(),
            possession: g.possession().key().to_string(),
            pile_count: g.pile().len(),
            seats: Seat::all(g.seat_count())
                .map(|s| SeatSummary {
                    hand: g
                        .hand(s)
                        .iter()
                        .map(|c| cards.name(*c).to_string())
                        .collect(),
                    bench_count: g.bench(s).len(),
                })
                .collect(),
            kicks: g.shootout().map(|s| s.kicks.clone()).unwrap_or_default(),
            winners: outcome
                .as_ref()
                .map(|o| o.winners.iter().map(|s| s.0).collect()),
            ending: outcome.map(|o| o.ending),
        };
        serde_json::to_value(state).unwrap_or_default()
    }
}
