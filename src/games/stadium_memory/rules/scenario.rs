//! Stadium Memory scenarios: an exact grid and holdings (or a deal under
//! house rules), actions in readable notation, loaded dice, and what should
//! come of them. The format is documented in `docs/stadium-memory.md`
//! ("Scenarios").
//!
//! A malformed file is an `Err(DataError)` naming the file, line and
//! column; a run that does not meet its expectations gives a list of
//! messages, one per failed expectation. Reading files is the caller's
//! business: [`Scenario::parse`] takes the text.

use super::action::Action;
use super::cards::{Card, CardSet, PlayerId, Prize, PrizeCounts};
use super::event::Event;
use super::state::{HouseRules, Phase, Setup, StadiumMemory, StadiumMemoryConfig};
use crate::cards::DataError;
use crate::engine::script::Scripted;
use crate::engine::{Game as _, Seat};
use crate::games::kit::ScenarioKit;
use crate::scenario::Head;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use toml::Spanned;

/// Stadium Memory's part of a scenario file (the head every game shares
/// is read by [`crate::scenario`]).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    players: Spanned<i64>,
    #[serde(default)]
    first: Option<Spanned<i64>>,
    #[serde(default)]
    dice: Vec<Spanned<i64>>,
    #[serde(default)]
    auto_pass: Vec<Spanned<i64>>,
    #[serde(default)]
    grid: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    discard: Vec<Spanned<String>>,
    #[serde(default)]
    rules: Option<Spanned<RawRules>>,
    #[serde(default)]
    seat: Vec<Spanned<RawSeat>>,
    #[serde(default)]
    expect: Expect,
    #[serde(default)]
    checkpoint: Vec<Expect>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    rows: Option<u8>,
    columns: Option<u8>,
    pairs: Option<u16>,
    prizes: Option<bool>,
    yellow: Option<u8>,
    red: Option<u8>,
    var: Option<u8>,
    play_game: Option<u8>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeat {
    #[serde(default)]
    pairs: Vec<Spanned<String>>,
    #[serde(default)]
    prizes: Vec<Spanned<String>>,
    #[serde(default)]
    yellows: u8,
}

/// What a scenario expects besides the shared head (endings are
/// `points`, `cards` or `shared`; steps `first_roll`, `window`, `move`,
/// `second`, `peek`, `match`, `take`, `over`); only the fields given are
/// checked.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Cards on the table.
    pub on_table: Option<usize>,
    /// Cards face down on the table.
    pub face_down: Option<usize>,
    /// Prize cards on the table.
    pub prizes_on_table: Option<usize>,
    /// Grid seats now empty (e.g. `["A1", "B2"]`), exactly.
    pub empty: Option<Vec<String>>,
    /// Grid seats face up now, exactly, in the order turned.
    pub face_up: Option<Vec<String>>,
    /// Rows and columns of the grid.
    pub grid_size: Option<[u8; 2]>,
    /// Turns begun.
    pub turns: Option<u32>,
    /// Used prizes in the discard pile, in any order.
    pub discard: Option<Vec<String>>,
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
    /// The pairs it holds, in any order (player ids).
    pub pairs: Option<Vec<String>>,
    /// The unused prizes it holds, in any order.
    pub prizes: Option<Vec<String>>,
    /// Its points.
    pub points: Option<u32>,
    /// Cards it holds (the tie-break count).
    pub cards: Option<u32>,
    /// Yellow cards it has been shown.
    pub yellows: Option<u8>,
    /// Whether it passes automatically in windows.
    pub auto_pass: Option<bool>,
    /// VAR looks in its own view.
    pub peeks: Option<usize>,
    /// `POS=card` facts its view must show (its own VAR looks, public
    /// reveals, or a face-up card), e.g. `"A1=ferro"`.
    pub view_knows: Option<Vec<String>>,
    /// `POS=card` facts its view must not show.
    pub view_lacks: Option<Vec<String>>,
    /// The exact legal actions it has now, in notation, in any order;
    /// `[]` means it has nothing to decide.
    pub legal: Option<Vec<String>>,
}

fn step_name(p: Phase) -> &'static str {
    match p {
        Phase::FirstRoll { .. } => "first_roll",
        Phase::Window(_) => "window",
        Phase::Move => "move",
        Phase::Second => "second",
        Phase::Peek { .. } => "peek",
        Phase::Match { .. } => "match",
        Phase::Take { .. } => "take",
        Phase::Over => "over",
    }
}

fn located(file: &str, text: &str, offset: usize, field: &str, msg: String) -> DataError {
    DataError::file(file, msg).at(text, offset).field(field)
}

impl Scripted for StadiumMemory {
    fn turn_seat(&self) -> Option<Seat> {
        Some(self.current())
    }

    fn step_name(&self) -> String {
        step_name(self.phase()).to_string()
    }

    fn log_line(&self, event: &Event, viewer: Option<Seat>) -> Option<String> {
        event.describe(self.cards(), &[], viewer)
    }
}

impl ScenarioKit for StadiumMemory {
    type File = File;
    type Expect = Expect;
    const EXAMPLE: &'static str = "0: turn A1";

    fn setup(
        cards: &Arc<CardSet>,
        file: &str,
        text: &str,
        head: &Head,
        raw: File,
    ) -> Result<(StadiumMemory, Expect, Vec<Expect>), DataError> {
        let err = |offset: usize, field: &str, msg: String| located(file, text, offset, field, msg);
        let players = *raw.players.get_ref();
        if !(2..=6).contains(&players) {
            return Err(err(
                raw.players.span().start,
                "players",
                format!("must be 2-6, found {players}"),
            ));
        }
        let seats = players as u8;
        let seat_no = |v: &Spanned<i64>, field: &str| -> Result<Seat, DataError> {
            let n = *v.get_ref();
            if (0..i64::from(seats)).contains(&n) {
                Ok(Seat(n as u8))
            } else {
                Err(err(
                    v.span().start,
                    field,
                    format!(
                        "seat {n} is not at a table of {seats} (seats 0-{})",
                        seats - 1
                    ),
                ))
            }
        };
        let mut config = StadiumMemoryConfig::new(cards.clone(), seats);
        if let Some(r) = &raw.rules {
            let off = r.span().start;
            let r = r.get_ref();
            let mut rules = HouseRules::official(cards);
            rules.rows = r.rows.unwrap_or(rules.rows);
            rules.columns = r.columns.unwrap_or(rules.columns);
            rules.pairs = r.pairs.or(rules.pairs);
            rules.prizes = r.prizes.unwrap_or(rules.prizes);
            for (p, v) in [
                (Prize::Yellow, r.yellow),
                (Prize::Red, r.red),
                (Prize::Var, r.var),
                (Prize::PlayGame, r.play_game),
            ] {
                if let Some(v) = v {
                    rules.prize_counts.set(p, v);
                }
            }
            config.rules = rules;
            if raw.grid.is_none() {
                config
                    .validate()
                    .map_err(|e| err(off, "rules", e.to_string()))?;
            }
        }
        config.first = raw
            .first
            .as_ref()
            .map(|f| seat_no(f, "first"))
            .transpose()?;
        for a in &raw.auto_pass {
            config.auto_pass = config.auto_pass.with(seat_no(a, "auto_pass")?);
        }
        let mut dice = Vec::new();
        for d in &raw.dice {
            let v = *d.get_ref();
            if !(1..=6).contains(&v) {
                return Err(err(
                    d.span().start,
                    "dice",
                    format!("a die shows 1-6, not {v}"),
                ));
            }
            dice.push(v as u8);
        }
        let prize = |s: &Spanned<String>, field: &str| -> Result<Prize, DataError> {
            Prize::parse(s.get_ref()).ok_or_else(|| {
                err(
                    s.span().start,
                    field,
                    format!(
                        "`{}` is not a prize: use yellow, red, var or game",
                        s.get_ref()
                    ),
                )
            })
        };
        let player = |s: &Spanned<String>, field: &str| -> Result<PlayerId, DataError> {
            cards.find_player(s.get_ref()).ok_or_else(|| {
                err(
                    s.span().start,
                    field,
                    format!("there is no player `{}` in the card set", s.get_ref()),
                )
            })
        };
        if let Some(extra) = raw.seat.get(usize::from(seats)) {
            return Err(err(
                extra.span().start,
                "seat",
                format!("{} [[seat]] tables for {seats} players", raw.seat.len()),
            ));
        }
        let setup = match &raw.grid {
            None => {
                let first_seat = raw.seat.first().map(|s| (s.span().start, "seat"));
                let first_discard = raw.discard.first().map(|d| (d.span().start, "discard"));
                if let Some((off, field)) = first_seat.or(first_discard) {
                    return Err(err(
                        off,
                        field,
                        "[[seat]] and discard need an exact `grid` (a dealt game starts empty-handed)"
                            .into(),
                    ));
                }
                if let Some(d) = raw.dice.first() {
                    return Err(err(
                        d.span().start,
                        "dice",
                        "loaded `dice` need an exact `grid`".into(),
                    ));
                }
                None
            }
            Some(spanned_rows) => {
                let grid_at = spanned_rows.span().start;
                let rows = spanned_rows.get_ref();
                let mut grid = Vec::new();
                let mut columns = None;
                for row in rows {
                    let mut n = 0usize;
                    for word in row.get_ref().split_whitespace() {
                        n += 1;
                        if word == "-" {
                            grid.push(None);
                            continue;
                        }
                        let card = cards.find_card(word).ok_or_else(|| {
                            err(
                                row.span().start,
                                "grid",
                                format!("`{word}` is neither a player id nor a prize (use `-` for an empty seat)"),
                            )
                        })?;
                        grid.push(Some(card));
                    }
                    match columns {
                        None => columns = Some(n),
                        Some(c) if c != n => {
                            return Err(err(
                                row.span().start,
                                "grid",
                                format!("this row has {n} seats, the first row {c}"),
                            ));
                        }
                        Some(_) => {}
                    }
                }
                let cols = columns.unwrap_or(0);
                if rows.is_empty() || cols == 0 || rows.len() > 26 || cols > 26 {
                    return Err(err(
                        grid_at,
                        "grid",
                        "the grid needs 1-26 rows of 1-26 seats".into(),
                    ));
                }
                let mut setup = Setup {
                    rows: rows.len() as u8,
                    columns: cols as u8,
                    grid,
                    first: config.first,
                    dice,
                    ..Setup::default()
                };
                for d in &raw.discard {
                    setup.discard.add(prize(d, "discard")?);
                }
                for (i, s) in raw.seat.iter().map(Spanned::get_ref).enumerate() {
                    let mut pairs = Vec::new();
                    for p in &s.pairs {
                        pairs.push(player(p, &format!("seat[{i}].pairs"))?);
                    }
                    let mut prizes = PrizeCounts::default();
                    for p in &s.prizes {
                        prizes.add(prize(p, &format!("seat[{i}].prizes"))?);
                    }
                    setup.pairs.push(pairs);
                    setup.prizes.push(prizes);
                    setup.yellows.push(s.yellows);
                }
                config.rules.rows = setup.rows;
                config.rules.columns = setup.columns;
                StadiumMemory::from_setup(&config, &setup, head.seed)
                    .map_err(|e| err(grid_at, "grid", e.to_string()))?;
                Some(setup)
            }
        };
        let game = match &setup {
            Some(s) => StadiumMemory::from_setup(&config, s, head.seed),
            None => StadiumMemory::new(&config, head.seed),
        }
        .map_err(|e| DataError::file(file, format!("the game cannot be set up: {e}")))?;
        Ok((game, raw.expect, raw.checkpoint))
    }

    fn parse_action(&self, text: &str) -> Result<Action, String> {
        Action::parse(text, self.cards(), self.rows(), self.columns())
    }

    fn check(&self, e: &Expect, _events: &[Event], fails: &mut Vec<String>) {
        let g = self;
        let cards = g.cards().clone();
        let cols = g.columns();
        let mut cmp = |what: &str, want: String, got: String| {
            if want != got {
                fails.push(format!("{what}: expected {want}, got {got}"));
            }
        };
        if let Some(n) = e.on_table {
            cmp("on_table", n.to_string(), g.on_table().to_string());
        }
        if let Some(n) = e.face_down {
            cmp("face_down", n.to_string(), g.face_down().to_string());
        }
        if let Some(n) = e.prizes_on_table {
            let got = g
                .grid()
                .iter()
                .filter(|c| matches!(c, Some(Card::Prize(_))))
                .count();
            cmp("prizes_on_table", n.to_string(), got.to_string());
        }
        if let Some(want) = &e.empty {
            let got: Vec<String> = g
                .grid()
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_none())
                .filter_map(|(i, _)| u16::try_from(i).ok())
                .map(|i| super::cards::Pos(i).notation(cols))
                .collect();
            cmp("empty", sorted(want), sorted(&got));
        }
        if let Some(want) = &e.face_up {
            let got: Vec<String> = g.face_up().map(|p| p.notation(cols)).collect();
            cmp("face_up", format!("{want:?}"), format!("{got:?}"));
        }
        if let Some([r, c]) = e.grid_size {
            cmp(
                "grid_size",
                format!("{r} x {c}"),
                format!("{} x {}", g.rows(), g.columns()),
            );
        }
        if let Some(t) = e.turns {
            cmp("turns", t.to_string(), g.turns().to_string());
        }
        if let Some(d) = &e.discard {
            let disc = g.discard();
            let got: Vec<String> = Prize::ALL
                .iter()
                .flat_map(|p| std::iter::repeat_n(p.key().to_string(), usize::from(disc.get(*p))))
                .collect();
            let want: Vec<String> = d
                .iter()
                .map(|s| Prize::parse(s).map_or(s.clone(), |p| p.key().to_string()))
                .collect();
            cmp("discard", sorted(&want), sorted(&got));
        }
        let mut legal = Vec::new();
        for s in &e.seat {
            let seat = Seat(s.seat);
            let label = format!("seat {}", s.seat);
            let Some(h) = g.holding(seat) else {
                fails.push(format!("{label}: there is no such seat"));
                continue;
            };
            if let Some(want) = &s.pairs {
                let got: Vec<String> = h
                    .pairs
                    .iter()
                    .map(|&p| cards.key(Card::Player(p)))
                    .collect();
                fails_cmp(fails, &label, "pairs", sorted(want), sorted(&got));
            }
            if let Some(want) = &s.prizes {
                let got: Vec<String> = Prize::ALL
                    .iter()
                    .flat_map(|p| {
                        std::iter::repeat_n(p.key().to_string(), usize::from(h.prizes.get(*p)))
                    })
                    .collect();
                let want: Vec<String> = want
                    .iter()
                    .map(|s| Prize::parse(s).map_or(s.clone(), |p| p.key().to_string()))
                    .collect();
                fails_cmp(fails, &label, "prizes", sorted(&want), sorted(&got));
            }
            if let Some(p) = s.points {
                fails_cmp(
                    fails,
                    &label,
                    "points",
                    p.to_string(),
                    g.points(seat).to_string(),
                );
            }
            if let Some(c) = s.cards {
                fails_cmp(fails, &label, "cards", c.to_string(), h.cards().to_string());
            }
            if let Some(y) = s.yellows {
                fails_cmp(
                    fails,
                    &label,
                    "yellows",
                    y.to_string(),
                    g.yellows(seat).to_string(),
                );
            }
            if let Some(a) = s.auto_pass {
                fails_cmp(
                    fails,
                    &label,
                    "auto_pass",
                    a.to_string(),
                    g.auto_pass().contains(seat).to_string(),
                );
            }
            let view = g.view(seat);
            if let Some(n) = s.peeks {
                fails_cmp(
                    fails,
                    &label,
                    "peeks",
                    n.to_string(),
                    view.peeks.len().to_string(),
                );
            }
            let facts = |v: &super::view::StadiumMemoryView| -> Vec<String> {
                let mut f: Vec<String> = v
                    .reveals
                    .iter()
                    .chain(&v.peeks)
                    .map(|r| format!("{}={}", r.pos.notation(cols), cards.key(r.card)))
                    .collect();
                f.extend(
                    v.face_up()
                        .map(|(p, c)| format!("{}={}", p.notation(cols), cards.key(c))),
                );
                f
            };
            let known = facts(&view);
            for k in s.view_knows.iter().flatten() {
                if !known.iter().any(|f| f.eq_ignore_ascii_case(k)) {
                    fails.push(format!("{label}: its view does not show `{k}`"));
                }
            }
            for k in s.view_lacks.iter().flatten() {
                if known.iter().any(|f| f.eq_ignore_ascii_case(k)) {
                    fails.push(format!(
                        "{label}: its view shows `{k}`, which it may not see"
                    ));
                }
            }
            if let Some(want) = &s.legal {
                g.legal_actions(seat, &mut legal);
                let got: Vec<String> = legal.iter().map(|a| a.notation(&cards, cols)).collect();
                fails_cmp(fails, &label, "legal", sorted(want), sorted(&got));
            }
        }
    }

    fn state(&self) -> serde_json::Value {
        let points: Vec<u32> = Seat::all(self.seat_count())
            .map(|s| self.points(s))
            .collect();
        serde_json::json!({
            "step": step_name(self.phase()),
            "turn": self.current().0,
            "turns": self.turns(),
            "points": points,
            "on_table": self.on_table(),
            "outcome": self.outcome(),
        })
    }
}

fn fails_cmp(fails: &mut Vec<String>, label: &str, what: &str, want: String, got: String) {
    if want != got {
        fails.push(format!("{label} {what}: expected {want}, got {got}"));
    }
}

fn sorted(v: &[String]) -> String {
    let mut v: Vec<String> = v.iter().map(|s| s.to_ascii_lowercase()).collect();
    v.sort();
    format!("{v:?}")
}
