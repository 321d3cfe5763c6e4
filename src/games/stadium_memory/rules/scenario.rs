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
use super::error::StadiumMemoryError;
use super::state::{HouseRules, Phase, Setup, StadiumMemory, StadiumMemoryConfig};
use crate::cards::{DataError, parse_toml};
use crate::engine::{Game as _, Seat, ToAct, script};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use toml::Spanned;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    #[serde(default)]
    game: Option<Spanned<String>>,
    description: String,
    players: Spanned<i64>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    first: Option<Spanned<i64>>,
    #[serde(default)]
    dice: Vec<Spanned<i64>>,
    #[serde(default)]
    auto_pass: Vec<Spanned<i64>>,
    #[serde(default)]
    actions: Vec<Spanned<String>>,
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

/// What a scenario expects; only the fields given are checked.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The winning seats (`[]`: the game is not over).
    pub winner: Option<Vec<u8>>,
    /// How it ended: `points`, `cards` or `shared`.
    pub ending: Option<String>,
    /// The player whose turn it is.
    pub turn: Option<u8>,
    /// The seat that must decide now.
    pub to_act: Option<u8>,
    /// The step: `first_roll`, `window`, `move`, `second`, `peek`,
    /// `match`, `take`, `over`.
    pub step: Option<String>,
    /// The last action must be refused with a message containing this.
    pub error: Option<String>,
    /// Whose narration `log` and `log_lacks` read (default: a spectator).
    pub viewer: Option<u8>,
    /// Substrings the narration must contain, in this order.
    pub log: Option<Vec<String>>,
    /// Substrings the narration must not contain.
    pub log_lacks: Option<Vec<String>>,
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

/// A loaded scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The file name (for messages).
    pub file: String,
    /// What the scenario shows (the rulebook sentence it checks).
    pub description: String,
    /// The game configuration.
    pub config: StadiumMemoryConfig,
    /// The exact position, or `None` to deal from the house rules.
    pub setup: Option<Setup>,
    /// The seed.
    pub seed: u64,
    /// The actions: seat, action and notation.
    pub actions: Vec<(Seat, Action, String)>,
    /// The expectations.
    pub expect: Expect,
}

/// The outcome of running a scenario.
pub type Run = script::Run<StadiumMemory>;

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

impl Scenario {
    /// Parses a scenario file against a card set.
    pub fn parse(file: &str, text: &str, cards: Arc<CardSet>) -> Result<Scenario, DataError> {
        let raw: RawScenario = parse_toml(file, text)?;
        let err = |offset: usize, field: &str, msg: String| located(file, text, offset, field, msg);
        if let Some(g) = &raw.game
            && g.get_ref() != "stadium_memory"
        {
            return Err(err(
                g.span().start,
                "game",
                format!(
                    "`{}`: this reader runs Stadium Memory scenarios (game = \"stadium_memory\")",
                    g.get_ref()
                ),
            ));
        }
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
            let mut rules = HouseRules::official(&cards);
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
                StadiumMemory::from_setup(&config, &setup, raw.seed)
                    .map_err(|e| err(grid_at, "grid", e.to_string()))?;
                Some(setup)
            }
        };
        let (rows, columns) = (config.rules.rows, config.rules.columns);
        let actions = raw
            .actions
            .iter()
            .enumerate()
            .map(|(i, line)| {
                script::parse_line(i, line.get_ref(), "0: turn A1", |a| {
                    Action::parse(a, &cards, rows, columns)
                })
                .map_err(|m| err(line.span().start, "actions", m))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Scenario {
            file: file.to_string(),
            description: raw.description,
            config,
            setup,
            seed: raw.seed,
            actions,
            expect: raw.expect,
        })
    }

    /// Sets up the position and applies the actions, rolling dice as they
    /// come; stops at the first action the rules refuse.
    pub fn run(&self) -> Result<Run, StadiumMemoryError> {
        let game = match &self.setup {
            Some(s) => StadiumMemory::from_setup(&self.config, s, self.seed)?,
            None => StadiumMemory::new(&self.config, self.seed)?,
        };
        Ok(script::run(game, &self.actions))
    }

    /// Checks a run against the expectations; returns what failed.
    pub fn check(&self, run: &Run) -> Vec<String> {
        let mut fails = Vec::new();
        let g = &run.game;
        let cards = g.cards().clone();
        let e = &self.expect;
        let cols = g.columns();
        match (&e.error, &run.error) {
            (None, Some((i, text, err))) => {
                fails.push(format!("action {} `{text}` was refused: {err}", i + 1));
            }
            (Some(want), None) => fails.push(format!(
                "expected the last action to be refused with `{want}`, but every action applied"
            )),
            (Some(want), Some((i, _, err))) => {
                if *i + 1 != self.actions.len() {
                    fails.push(format!(
                        "action {} was refused ({err}), but only the last one should be",
                        i + 1
                    ));
                }
                if !err.to_string().contains(want.as_str()) {
                    fails.push(format!("error: expected `{want}` in `{err}`"));
                }
            }
            (None, None) => {}
        }
        let mut cmp = |what: &str, want: String, got: String| {
            if want != got {
                fails.push(format!("{what}: expected {want}, got {got}"));
            }
        };
        let outcome = g.outcome();
        if let Some(w) = &e.winner {
            let got: Vec<u8> = outcome
                .as_ref()
                .map(|o| o.winners.iter().map(|s| s.0).collect())
                .unwrap_or_default();
            cmp("winner", format!("{w:?}"), format!("{got:?}"));
        }
        if let Some(x) = &e.ending {
            cmp(
                "ending",
                x.clone(),
                outcome.as_ref().map_or("none".into(), |o| o.ending.clone()),
            );
        }
        if let Some(t) = e.turn {
            cmp("turn", t.to_string(), g.current().0.to_string());
        }
        if let Some(t) = e.to_act {
            let got = match g.to_act() {
                ToAct::One(s) => s.0.to_string(),
                other => format!("{other:?}"),
            };
            cmp("to_act", t.to_string(), got);
        }
        if let Some(s) = &e.step {
            cmp("step", s.clone(), step_name(g.phase()).to_string());
        }
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
        let names: Vec<String> = Vec::new();
        let viewer = e.viewer.map(Seat);
        let log: Vec<String> = run
            .events
            .iter()
            .filter_map(|ev| ev.describe(&cards, &names, viewer))
            .collect();
        if let Some(want) = &e.log {
            let mut from = 0;
            for w in want {
                match log.iter().skip(from).position(|l| l.contains(w.as_str())) {
                    Some(i) => from += i + 1,
                    None => fails.push(format!(
                        "log: `{w}` not found (in order); the log is:\n  {}",
                        log.join("\n  ")
                    )),
                }
            }
        }
        if let Some(lacks) = &e.log_lacks {
            for w in lacks {
                if let Some(l) = log.iter().find(|l| l.contains(w.as_str())) {
                    fails.push(format!("log_lacks: `{w}` appears in `{l}`"));
                }
            }
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
                fails_cmp(&mut fails, &label, "pairs", sorted(want), sorted(&got));
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
                fails_cmp(&mut fails, &label, "prizes", sorted(&want), sorted(&got));
            }
            if let Some(p) = s.points {
                fails_cmp(
                    &mut fails,
                    &label,
                    "points",
                    p.to_string(),
                    g.points(seat).to_string(),
                );
            }
            if let Some(c) = s.cards {
                fails_cmp(
                    &mut fails,
                    &label,
                    "cards",
                    c.to_string(),
                    h.cards().to_string(),
                );
            }
            if let Some(y) = s.yellows {
                fails_cmp(
                    &mut fails,
                    &label,
                    "yellows",
                    y.to_string(),
                    g.yellows(seat).to_string(),
                );
            }
            if let Some(a) = s.auto_pass {
                fails_cmp(
                    &mut fails,
                    &label,
                    "auto_pass",
                    a.to_string(),
                    g.auto_pass().contains(seat).to_string(),
                );
            }
            let view = g.view(seat);
            if let Some(n) = s.peeks {
                fails_cmp(
                    &mut fails,
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
                fails_cmp(&mut fails, &label, "legal", sorted(want), sorted(&got));
            }
        }
        fails
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
