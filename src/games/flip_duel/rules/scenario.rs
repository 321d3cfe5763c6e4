//! Flip Duel scenarios: an exact position, actions in readable notation,
//! and what should come of them. A scenario file says
//! `game = "flip_duel"`; the format is documented in `docs/flip-duel.md`
//! (section 11) and the files live in `tests/scenarios/flip-duel/`.
//!
//! Parsing never panics: a malformed file, an unknown card or a position
//! the rules refuse is a [`DataError`] naming the file, line and field. A
//! run that does not meet the expectations gives a list of messages.

use super::action::Action;
use super::cards::{CardId, CardSet};
use super::event::Event;
use super::state::{
    FlipDuel, FlipDuelConfig, INJURY_CARDS, Period, Phase, Play, RUN_FOR_SHOT, Rest, SEATS,
    SeatSetup, Setup, ShotFrom, TeamStats,
};
use crate::cards::DataError;
use crate::engine::script::Scripted;
use crate::engine::{Game as _, Seat};
use crate::games::kit::ScenarioKit;
use crate::scenario::Head;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use toml::Spanned;

/// Flip Duel's part of a scenario file (the head every game shares is
/// read by [`crate::scenario`]).
#[derive(Deserialize)]
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

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    injury_cards: Option<u8>,
    half_cards: Option<u8>,
    #[serde(default)]
    hand: u8,
    first_attacker: Option<Spanned<String>>,
    fixed_injury_time: Option<u8>,
    turn_packs_over: Option<bool>,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    step: Option<Spanned<String>>,
    period: Option<Spanned<String>>,
    #[serde(default)]
    lays: u32,
    #[serde(default)]
    injury_lays: u8,
    #[serde(default)]
    attacker: u8,
    kicked_off: Option<u8>,
    play: Option<Spanned<String>>,
    #[serde(default)]
    run: u8,
    shot_from: Option<Spanned<String>>,
    #[serde(default)]
    score: [u32; 2],
    #[serde(default)]
    keep_aside_order: bool,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeat {
    #[serde(default)]
    pack: Vec<Spanned<String>>,
    #[serde(default)]
    hand: Vec<Spanned<String>>,
    #[serde(default)]
    aside: Vec<Spanned<String>>,
    #[serde(default)]
    played: Vec<Spanned<String>>,
    rest: Option<Spanned<String>>,
}

/// What a Flip Duel scenario expects besides the shared head (endings are
/// `win` or `draw`, steps `choose`, `lay` or `over`); only the fields given
/// are checked.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The period: `first_half`, `second_half`, `injury_time`, `full_time`.
    pub period: Option<String>,
    /// The attacking seat.
    pub attacker: Option<u8>,
    /// What the next pair is read for: `open`, `shot`, `penalty`,
    /// `free_kick`.
    pub play: Option<String>,
    /// The run of successful attacks (open play).
    pub run: Option<u8>,
    /// Goals, seat 0 first.
    pub score: Option<[u32; 2]>,
    /// Pairs laid in the period.
    pub lays: Option<u32>,
    /// Injury-time pairs in all.
    pub injury_lays: Option<u8>,
    /// Flips so far.
    pub flips: Option<u32>,
    /// Shots taken, seat 0 first.
    pub shots: Option<[u32; 2]>,
    /// Penalties taken, seat 0 first.
    pub penalties: Option<[u32; 2]>,
    /// Free kicks taken, seat 0 first.
    pub free_kicks: Option<[u32; 2]>,
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
    /// Cards in the pack.
    pub pack_count: Option<usize>,
    /// Cards set aside for injury time (not yet laid).
    pub aside_count: Option<usize>,
    /// The injury-time cards, in any order.
    pub aside: Option<Vec<String>>,
    /// Cards played face up this half.
    pub played_count: Option<usize>,
    /// The exact hand, in any order.
    pub hand: Option<Vec<String>>,
    /// Whether the seat must act now.
    pub to_act: Option<bool>,
    /// Legal actions the seat has now.
    pub legal_count: Option<usize>,
}

fn cmp(fails: &mut Vec<String>, what: &str, want: String, got: String) {
    if want != got {
        fails.push(format!("{what}: expected {want}, got {got}"));
    }
}

fn step_key(p: Phase) -> &'static str {
    match p {
        Phase::Choose => "choose",
        Phase::Lay => "lay",
        Phase::Over => "over",
    }
}

impl Scripted for FlipDuel {
    fn step_name(&self) -> String {
        step_key(self.phase()).to_string()
    }

    /// The engine's narrator names a card set aside only to its owner.
    fn log_line(&self, event: &Event, viewer: Option<Seat>) -> Option<String> {
        event.describe(self.cards(), viewer)
    }
}

impl ScenarioKit for FlipDuel {
    type File = File;
    type Expect = Expect;
    const EXAMPLE: &'static str = "0: lay";

    fn setup(
        cards: &Arc<CardSet>,
        file: &str,
        text: &str,
        head: &Head,
        raw: File,
    ) -> Result<(FlipDuel, Expect, Vec<Expect>), DataError> {
        let at = |m: String, offset: usize, field: &str| {
            DataError::file(file, m).at(text, offset).field(field)
        };
        let card = |n: &Spanned<String>, field: &str| -> Result<CardId, DataError> {
            cards.find(n.get_ref()).ok_or_else(|| {
                at(
                    format!("there is no card `{}`", n.get_ref()),
                    n.span().start,
                    field,
                )
            })
        };
        let list = |l: &[Spanned<String>], field: &str| -> Result<Vec<CardId>, DataError> {
            l.iter().map(|n| card(n, field)).collect()
        };
        let c = &raw.config;
        let first_attacker = match &c.first_attacker {
            None => Some(Seat(0)),
            Some(s) => match s.get_ref().trim() {
                "toss" => None,
                "0" => Some(Seat(0)),
                "1" => Some(Seat(1)),
                other => {
                    return Err(at(
                        format!("`{other}`: use \"0\", \"1\" or \"toss\""),
                        s.span().start,
                        "config.first_attacker",
                    ));
                }
            },
        };
        let config = FlipDuelConfig {
            cards: cards.clone(),
            injury_cards: c.injury_cards.unwrap_or(INJURY_CARDS),
            half_cards: c.half_cards,
            hand: c.hand,
            first_attacker,
            fixed_injury_time: c.fixed_injury_time,
            turn_packs_over: c.turn_packs_over.unwrap_or(true),
        };
        let whole = |m: String, field: &str| DataError::file(file, m).field(field);
        config.rules().map_err(|e| whole(e.to_string(), "config"))?;
        if raw.seat.len() > SEATS {
            return Err(whole(
                format!("{} [[seat]] tables for two seats", raw.seat.len()),
                "seat",
            ));
        }
        let t = &raw.table;
        let choosing = match &t.step {
            None => false,
            Some(s) => match s.get_ref().as_str() {
                "lay" => false,
                "choose" => true,
                other => {
                    return Err(at(
                        format!("`{other}`: a scenario starts at \"choose\" or \"lay\""),
                        s.span().start,
                        "table.step",
                    ));
                }
            },
        };
        let period = match &t.period {
            None => Period::FirstHalf,
            Some(p) => Period::parse(p.get_ref()).ok_or_else(|| {
                at(
                    format!(
                        "`{}`: use first_half, second_half or injury_time",
                        p.get_ref()
                    ),
                    p.span().start,
                    "table.period",
                )
            })?,
        };
        let from = match &t.shot_from {
            None => ShotFrom::ThreeInARow,
            Some(s) => [
                ShotFrom::ThreeInARow,
                ShotFrom::LongBall,
                ShotFrom::Rebound,
                ShotFrom::Corner,
            ]
            .into_iter()
            .find(|f| f.key() == s.get_ref())
            .ok_or_else(|| {
                at(
                    format!(
                        "`{}`: use three_in_a_row, long_ball, rebound or corner",
                        s.get_ref()
                    ),
                    s.span().start,
                    "table.shot_from",
                )
            })?,
        };
        let play = match &t.play {
            None => Play::Open { run: t.run },
            Some(p) => match p.get_ref().as_str() {
                "open" => Play::Open { run: t.run },
                "shot" => Play::Shot { from },
                "penalty" => Play::Penalty,
                "free_kick" => Play::FreeKick,
                other => {
                    return Err(at(
                        format!("`{other}`: use open, shot, penalty or free_kick"),
                        p.span().start,
                        "table.play",
                    ));
                }
            },
        };
        if t.run >= RUN_FOR_SHOT {
            return Err(whole(
                format!("a run is 0-{}, not {}", RUN_FOR_SHOT - 1, t.run),
                "table.run",
            ));
        }
        let seat_of = |n: u8, field: &str| {
            if usize::from(n) < SEATS {
                Ok(Seat(n))
            } else {
                Err(whole(format!("seats are 0 and 1, not {n}"), field))
            }
        };
        let mut seats = [SeatSetup::default(), SeatSetup::default()];
        for (i, (slot, s)) in seats.iter_mut().zip(raw.seat.iter()).enumerate() {
            let rest = match &s.rest {
                None => Rest::Pack,
                Some(r) => match r.get_ref().as_str() {
                    "pack" => Rest::Pack,
                    "played" => Rest::Played,
                    "aside" => Rest::Aside,
                    other => {
                        return Err(at(
                            format!("`{other}`: rest is \"pack\", \"played\" or \"aside\""),
                            r.span().start,
                            &format!("seat[{i}].rest"),
                        ));
                    }
                },
            };
            *slot = SeatSetup {
                pack: list(&s.pack, &format!("seat[{i}].pack"))?,
                hand: list(&s.hand, &format!("seat[{i}].hand"))?,
                aside: list(&s.aside, &format!("seat[{i}].aside"))?,
                played: list(&s.played, &format!("seat[{i}].played"))?,
                rest,
            };
        }
        let attacker = seat_of(t.attacker, "table.attacker")?;
        let setup = Setup {
            choosing,
            period,
            lays: t.lays,
            injury_lays: t.injury_lays,
            attacker,
            kicked_off: seat_of(t.kicked_off.unwrap_or(t.attacker), "table.kicked_off")?,
            play,
            score: t.score,
            seats,
            keep_aside_order: t.keep_aside_order,
        };
        let game = FlipDuel::from_setup(&config, &setup, head.seed)
            .map_err(|e| whole(e.to_string(), "table"))?;
        Ok((game, raw.expect, raw.checkpoint))
    }

    fn parse_action(&self, text: &str) -> Result<Action, String> {
        Action::parse(text, self.cards())
    }

    fn check(&self, e: &Expect, _events: &[Event], fails: &mut Vec<String>) {
        let g = self;
        let cards = g.cards().clone();
        if let Some(p) = &e.period {
            cmp(fails, "period", p.clone(), g.period().key().to_string());
        }
        if let Some(a) = e.attacker {
            cmp(fails, "attacker", a.to_string(), g.attacker().0.to_string());
        }
        if let Some(p) = &e.play {
            cmp(fails, "play", p.clone(), g.play().key().to_string());
        }
        if let Some(r) = e.run {
            let got = match g.play() {
                Play::Open { run } => run.to_string(),
                other => format!("no run ({})", other.key()),
            };
            cmp(fails, "run", r.to_string(), got);
        }
        if let Some(s) = e.score {
            cmp(fails, "score", format!("{s:?}"), format!("{:?}", g.score()));
        }
        if let Some(n) = e.lays {
            cmp(fails, "lays", n.to_string(), g.lays().to_string());
        }
        if let Some(n) = e.injury_lays {
            cmp(
                fails,
                "injury_lays",
                n.to_string(),
                g.injury_lays().to_string(),
            );
        }
        if let Some(n) = e.flips {
            cmp(fails, "flips", n.to_string(), g.flips().to_string());
        }
        let stats = g.stats();
        let pair = |f: fn(&TeamStats) -> u32| [f(&stats[0]), f(&stats[1])];
        for (name, want, got) in [
            ("shots", e.shots, pair(|s| s.shots)),
            ("penalties", e.penalties, pair(|s| s.penalties)),
            ("free_kicks", e.free_kicks, pair(|s| s.free_kicks)),
        ] {
            if let Some(w) = want {
                cmp(fails, name, format!("{w:?}"), format!("{got:?}"));
            }
        }
        for s in &e.seat {
            let seat = Seat(s.seat);
            let label = format!("seat {}", s.seat);
            let names = |v: &[CardId]| {
                let mut n: Vec<String> = v.iter().map(|c| cards.name(*c).to_string()).collect();
                n.sort();
                n
            };
            let sorted = |v: &[String]| {
                let mut n: Vec<String> = v.iter().map(|x| x.to_ascii_lowercase()).collect();
                n.sort();
                n
            };
            if let Some(n) = s.pack_count {
                cmp(
                    fails,
                    &format!("{label} pack_count"),
                    n.to_string(),
                    g.pack(seat).len().to_string(),
                );
            }
            if let Some(n) = s.aside_count {
                cmp(
                    fails,
                    &format!("{label} aside_count"),
                    n.to_string(),
                    g.aside(seat).len().to_string(),
                );
            }
            if let Some(n) = s.played_count {
                cmp(
                    fails,
                    &format!("{label} played_count"),
                    n.to_string(),
                    g.played(seat).len().to_string(),
                );
            }
            if let Some(a) = &s.aside {
                cmp(
                    fails,
                    &format!("{label} aside"),
                    format!("{:?}", sorted(a)),
                    format!("{:?}", names(g.aside(seat))),
                );
            }
            if let Some(h) = &s.hand {
                cmp(
                    fails,
                    &format!("{label} hand"),
                    format!("{:?}", sorted(h)),
                    format!("{:?}", names(g.hand(seat))),
                );
            }
            let mut legal = Vec::new();
            g.legal_actions(seat, &mut legal);
            if let Some(t) = s.to_act {
                let acts = match g.to_act() {
                    crate::engine::ToAct::Simultaneous(set) => set.contains(seat),
                    crate::engine::ToAct::One(x) => x == seat,
                    _ => false,
                };
                cmp(
                    fails,
                    &format!("{label} to_act"),
                    t.to_string(),
                    acts.to_string(),
                );
            }
            if let Some(n) = s.legal_count {
                cmp(
                    fails,
                    &format!("{label} legal_count"),
                    n.to_string(),
                    legal.len().to_string(),
                );
            }
        }
    }

    fn state(&self) -> serde_json::Value {
        serde_json::json!({
            "step": step_key(self.phase()),
            "period": self.period().key(),
            "attacker": self.attacker().0,
            "play": self.play().key(),
            "score": self.score(),
            "lays": self.lays(),
            "flips": self.flips(),
            "outcome": self.outcome(),
        })
    }
}
