//! Scenarios: an exact Booked! deal, a list of actions in readable notation,
//! and what should come of them. The head every game shares (`game`,
//! `description`, `seed`, `actions`, the expectation head and the
//! checkpoints) is read by [`crate::scenario`]; Booked!'s own keys are
//! read here. The format is documented in `docs/scenarios.md`;
//! `touchline scenario FILE` runs one and `cargo test` runs every file in
//! `tests/scenarios/booked/`.

use crate::cards::DataError;
use crate::engine::script::{HandExpectation, Scripted, check_hand};
use crate::engine::{Game as _, Seat};
use crate::games::booked::tools::BookedData;
use crate::games::booked::{
    Action, Booked, BookedConfig, CardSet, Deal, DealStep, Event, HouseRules, OnPitch, Phase,
    Position,
};
use crate::games::kit::ScenarioKit;
use crate::scenario::Head;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Booked!'s part of a scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    players: u8,
    #[serde(default)]
    rules: Option<toml::Table>,
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
struct RawTable {
    #[serde(default)]
    turn: u8,
    #[serde(default)]
    step: Option<String>,
    #[serde(default)]
    direction: Option<String>,
    #[serde(default)]
    deck: Vec<String>,
    #[serde(default)]
    discard: Vec<String>,
    #[serde(default)]
    claims: Vec<String>,
    #[serde(default)]
    walls: Vec<bool>,
    #[serde(default)]
    armband_used: Vec<bool>,
    #[serde(default)]
    reshuffles: u8,
    #[serde(default)]
    rest: Option<String>,
    #[serde(default)]
    sudden_death: bool,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeat {
    #[serde(default)]
    hand: Vec<String>,
    #[serde(default)]
    pitch: Vec<String>,
}

/// What a scenario expects of Booked! besides the shared head (winner,
/// ending, turn, to_act, step, error, viewer, log); every field is
/// optional and only the fields given are checked. Steps are named claim,
/// draft, draw, act, answer, set_piece, pick_up, call, goal_window,
/// discard and over.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Cards in the deck.
    pub deck_count: Option<usize>,
    /// The deck's top cards, top first.
    pub deck_top: Option<Vec<String>>,
    /// The deck's bottom cards, bottom last.
    pub deck_bottom: Option<Vec<String>>,
    /// The top of the discard pile.
    pub discard_top: Option<String>,
    /// Cards that must be in the discard pile.
    pub discard_contains: Option<Vec<String>>,
    /// Cards in the discard pile.
    pub discard_count: Option<usize>,
    /// Whether play passes left.
    pub direction: Option<String>,
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
    /// The exact pitch, in order, in pitch notation.
    pub pitch: Option<Vec<String>>,
    /// Pitch size.
    pub pitch_count: Option<usize>,
    /// Players sent off.
    pub sent_off: Option<u16>,
    /// Behind THE WALL.
    pub wall: Option<bool>,
}

/// The state in readable notation.
#[derive(Clone, Debug, Serialize)]
pub struct StateSummary {
    /// Whose turn it is.
    pub turn: u8,
    /// The step.
    pub step: String,
    /// Who must decide now.
    pub to_act: Option<u8>,
    /// "left" or "right".
    pub direction: String,
    /// Cards in the deck.
    pub deck_count: usize,
    /// The top of the discard pile, then the count.
    pub discard_top: Option<String>,
    /// Cards in the discard pile.
    pub discard_count: usize,
    /// Hands and pitches.
    pub seats: Vec<SeatSummary>,
    /// The cards waiting on the stack, bottom first.
    pub stack: Vec<String>,
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
    /// The pitch in pitch notation.
    pub pitch: Vec<String>,
    /// Players sent off.
    pub sent_off: u16,
}

fn step_name(p: Phase) -> &'static str {
    match p {
        Phase::Claim => "claim",
        Phase::Draft => "draft",
        Phase::Draw => "draw",
        Phase::Act => "act",
        Phase::Stack => "answer",
        Phase::SetPiece => "set_piece",
        Phase::PickUp { .. } => "pick_up",
        Phase::Call => "call",
        Phase::Final => "goal_window",
        Phase::Discard => "discard",
        Phase::Over => "over",
    }
}

/// A pitch card in notation: `BRA-4`, `BRA-4 +yellow-1`, `supersub-1=BRA:GK`.
pub fn pitch_notation(p: &OnPitch, cards: &CardSet) -> String {
    let mut s = cards.name(p.card).to_string();
    if let Some((nation, pos)) = p.stand_in {
        s.push_str(&format!("={}:{}", cards.nation_code(nation), pos));
    }
    if let Some(y) = p.yellow {
        s.push_str(&format!(" +{}", cards.name(y)));
    }
    s
}

fn parse_pitch_card(text: &str, cards: &CardSet) -> Result<OnPitch, String> {
    let mut parts = text.split_whitespace();
    let main = parts.next().ok_or("an empty pitch entry")?;
    let (name, stand_in) = match main.split_once('=') {
        Some((n, rest)) => {
            let (code, pos) = rest
                .split_once(':')
                .ok_or_else(|| format!("`{text}`: write a super sub as supersub-1=BRA:GK"))?;
            let nation = cards
                .find_nation(code)
                .ok_or_else(|| format!("`{text}`: no nation `{code}`"))?;
            let pos = Position::parse(pos)
                .ok_or_else(|| format!("`{text}`: `{pos}` is not GK, DEF, MID or FWD"))?;
            (n, Some((nation, pos)))
        }
        None => (main, None),
    };
    let card = cards
        .find(name)
        .ok_or_else(|| format!("`{text}`: there is no card `{name}`"))?;
    let mut yellow = None;
    for extra in parts {
        let y = extra
            .strip_prefix('+')
            .ok_or_else(|| format!("`{text}`: write a booking as `+yellow-1`"))?;
        yellow = Some(
            cards
                .find(y)
                .ok_or_else(|| format!("`{text}`: there is no card `{y}`"))?,
        );
    }
    Ok(OnPitch {
        card,
        yellow,
        stand_in,
    })
}

impl Scripted for Booked {
    fn turn_seat(&self) -> Option<Seat> {
        Some(self.current())
    }

    fn step_name(&self) -> String {
        step_name(self.phase()).to_string()
    }

    fn log_line(&self, event: &Event, _viewer: Option<Seat>) -> Option<String> {
        Some(event.describe(self.cards()))
    }
}

impl ScenarioKit for Booked {
    type File = File;
    type Expect = Expect;
    const EXAMPLE: &'static str = "0: draw deck";

    /// The deal the file describes, under the data folder's house rules
    /// with the file's `[rules]` over them.
    fn setup(
        data: &Arc<BookedData>,
        file: &str,
        _text: &str,
        head: &Head,
        raw: File,
    ) -> Result<(Booked, Expect, Vec<Expect>), DataError> {
        let cards = data.cards.clone();
        let err = |m: String| DataError::file(file, m);
        let names = |list: &[String], what: &str| -> Result<Vec<u16>, DataError> {
            list.iter()
                .map(|n| {
                    cards
                        .find(n)
                        .ok_or_else(|| err(format!("{what}: there is no card `{n}`")).field(what))
                })
                .collect()
        };
        let mut rules_table =
            toml::Table::try_from(&data.rules).map_err(|e| err(format!("house rules: {e}")))?;
        if let Some(over) = raw.rules {
            for (k, v) in over {
                rules_table.insert(k, v);
            }
        }
        let rules: HouseRules = rules_table.try_into().map_err(|e: toml::de::Error| {
            err(format!("[rules]: {}", e.message())).field("rules")
        })?;
        let n = usize::from(raw.players);
        if raw.seat.len() > n {
            return Err(err(format!(
                "{} [[seat]] tables for {n} players",
                raw.seat.len()
            )));
        }
        let mut hands = Vec::new();
        let mut pitches = Vec::new();
        for i in 0..n {
            let s = raw.seat.get(i).cloned().unwrap_or_default();
            hands.push(names(&s.hand, &format!("seat[{i}].hand"))?);
            let mut pitch = Vec::new();
            for p in &s.pitch {
                pitch.push(
                    parse_pitch_card(p, &cards)
                        .map_err(|m| err(m).field(format!("seat[{i}].pitch")))?,
                );
            }
            pitches.push(pitch);
        }
        let t = &raw.table;
        let step = match t.step.as_deref() {
            None | Some("draw") => DealStep::Draw,
            Some("act") => DealStep::Act,
            Some(s) => {
                return Err(
                    err(format!("`{s}`: the table starts at `draw` or `act`")).field("table.step")
                );
            }
        };
        let clockwise = match t.direction.as_deref() {
            None | Some("left") => true,
            Some("right") => false,
            Some(s) => {
                return Err(err(format!("`{s}`: the direction is `left` or `right`"))
                    .field("table.direction"));
            }
        };
        let mut claims = Vec::new();
        for c in &t.claims {
            if c.is_empty() || c == "-" {
                claims.push(None);
            } else {
                claims.push(Some(cards.find_nation(c).ok_or_else(|| {
                    err(format!("no nation `{c}`")).field("table.claims")
                })?));
            }
        }
        let rest_out_of_play = match t.rest.as_deref() {
            None | Some("deck") => false,
            Some("out") => true,
            Some(s) => {
                return Err(err(format!("`{s}`: rest is `deck` or `out`")).field("table.rest"));
            }
        };
        let deal = Deal {
            hands,
            pitches,
            deck_top: names(&t.deck, "table.deck")?,
            discard: names(&t.discard, "table.discard")?,
            current: Seat(t.turn),
            clockwise,
            step,
            claims,
            walls: t.walls.clone(),
            armband_used: t.armband_used.clone(),
            reshuffles: t.reshuffles,
            rest_out_of_play,
        };
        let config = BookedConfig {
            cards,
            rules,
            seats: raw.players,
            first: Seat(t.turn),
            sudden_death: t.sudden_death,
        };
        let game = Booked::from_deal(&config, &deal, head.seed)
            .map_err(|e| err(format!("the deal cannot be set up: {e}")))?;
        Ok((game, raw.expect, raw.checkpoint))
    }

    fn parse_action(&self, text: &str) -> Result<Action, String> {
        Action::parse(text, self.cards())
    }

    fn check(&self, e: &Expect, _events: &[Event], fails: &mut Vec<String>) {
        let g = self;
        let cards = g.cards().clone();
        let name = |c: &u16| cards.name(*c).to_string();
        if let Some(d) = &e.direction {
            let got = if g.clockwise() { "left" } else { "right" };
            if got != d {
                fails.push(format!("direction: expected `{d}`, got `{got}`"));
            }
        }
        if let Some(n) = e.deck_count
            && g.deck().len() != n
        {
            fails.push(format!("deck_count: expected {n}, got {}", g.deck().len()));
        }
        if let Some(top) = &e.deck_top {
            let got: Vec<String> = g.deck().iter().rev().take(top.len()).map(name).collect();
            if &got != top {
                fails.push(format!("deck_top: expected {top:?}, got {got:?}"));
            }
        }
        if let Some(bottom) = &e.deck_bottom {
            let k = bottom.len().min(g.deck().len());
            let got: Vec<String> = g.deck()[..k].iter().rev().map(name).collect();
            if &got != bottom {
                fails.push(format!(
                    "deck_bottom: expected {bottom:?} (bottom last), got {got:?}"
                ));
            }
        }
        if let Some(t) = &e.discard_top {
            let got = g.discard_pile().last().map(name).unwrap_or_default();
            if &got != t {
                fails.push(format!("discard_top: expected `{t}`, got `{got}`"));
            }
        }
        if let Some(n) = e.discard_count
            && g.discard_pile().len() != n
        {
            fails.push(format!(
                "discard_count: expected {n}, got {}",
                g.discard_pile().len()
            ));
        }
        if let Some(list) = &e.discard_contains {
            for c in list {
                if !g
                    .discard_pile()
                    .iter()
                    .any(|d| name(d).eq_ignore_ascii_case(c))
                {
                    fails.push(format!("discard pile lacks `{c}`"));
                }
            }
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
            let pitch: Vec<String> = g
                .pitch(seat)
                .iter()
                .map(|p| pitch_notation(p, &cards))
                .collect();
            if let Some(want) = &s.pitch
                && &pitch != want
            {
                fails.push(format!("{label} pitch: expected {want:?}, got {pitch:?}"));
            }
            if let Some(n) = s.pitch_count
                && pitch.len() != n
            {
                fails.push(format!(
                    "{label} pitch_count: expected {n}, got {}",
                    pitch.len()
                ));
            }
            if let Some(n) = s.sent_off
                && g.sent_off(seat) != n
            {
                fails.push(format!(
                    "{label} sent_off: expected {n}, got {}",
                    g.sent_off(seat)
                ));
            }
            if let Some(w) = s.wall {
                let got = g
                    .view(seat)
                    .walls
                    .get(seat.index())
                    .copied()
                    .unwrap_or(false);
                if got != w {
                    fails.push(format!("{label} wall: expected {w}, got {got}"));
                }
            }
        }
    }

    fn state(&self) -> serde_json::Value {
        let g = self;
        let cards = g.cards().clone();
        let name = |c: &u16| cards.name(*c).to_string();
        let outcome = g.outcome();
        let state = StateSummary {
            turn: g.current().0,
            step: step_name(g.phase()).to_string(),
            to_act: match g.to_act() {
                crate::engine::ToAct::One(s) => Some(s.0),
                _ => None,
            },
            direction: if g.clockwise() { "left" } else { "right" }.to_string(),
            deck_count: g.deck().len(),
            discard_top: g.discard_pile().last().map(name),
            discard_count: g.discard_pile().len(),
            seats: Seat::all(g.seat_count())
                .map(|s| SeatSummary {
                    hand: g.hand(s).iter().map(name).collect(),
                    pitch: g
                        .pitch(s)
                        .iter()
                        .map(|p| pitch_notation(p, &cards))
                        .collect(),
                    sent_off: g.sent_off(s),
                })
                .collect(),
            stack: g
                .stack()
                .iter()
                .map(|i| format!("seat {}: {}", i.seat.0, name(&i.card)))
                .collect(),
            winners: outcome
                .as_ref()
                .map(|o| o.winners.iter().map(|s| s.0).collect()),
            ending: outcome.map(|o| o.ending),
        };
        serde_json::to_value(state).unwrap_or_default()
    }
}
