//! Scripted play, as every game's scenarios use it: action lines written
//! `"<seat>: <notation>"`, applied one after another with chance resolved
//! between them, with checkpoints after chosen actions; and the checks
//! every game's scenarios share (the expectation head: winner, ending,
//! turn, to act, step, refusal, log). Pure: the file format around them is
//! `crate::scenario`'s.

use super::{Game, Outcome, Seat, ToAct, settle};
use serde::{Deserialize, Serialize};

/// One action line of a script, `"<seat>: <notation>"`, split and parsed
/// with `parse` (the game's notation). `i` is its 0-based place and
/// `example` a line of the game's own (`0: draw deck`), for the message.
/// Gives the seat, the action and its notation as written.
pub fn parse_line<A>(
    i: usize,
    line: &str,
    example: &str,
    parse: impl FnOnce(&str) -> Result<A, String>,
) -> Result<(Seat, A, String), String> {
    let n = i + 1;
    let (seat, rest) = line.split_once(':').ok_or_else(|| {
        format!("action {n}: `{line}` must start with the seat, e.g. `{example}`")
    })?;
    let seat: u8 = seat
        .trim()
        .parse()
        .map_err(|_| format!("action {n}: `{}` is not a seat number", seat.trim()))?;
    let rest = rest.trim();
    let action = parse(rest).map_err(|m| format!("action {n}: {m}"))?;
    Ok((Seat(seat), action, rest.to_string()))
}

/// What a game tells scenarios about a position beyond the [`Game`]
/// trait: whose turn it is, the step's name, and an event in words.
pub trait Scripted: Game {
    /// Whose turn it is, for games that have turns (`turn` in a scenario).
    fn turn_seat(&self) -> Option<Seat> {
        None
    }

    /// The step the game is at, as scenarios name it (`draw`, `pick`).
    fn step_name(&self) -> String;

    /// `event` as a log line for `viewer` (`None`: a spectator), or
    /// `None` when that reader is told nothing of it.
    fn log_line(&self, event: &Self::Event, viewer: Option<Seat>) -> Option<String>;
}

/// The expectations every game's scenarios share; each is checked only
/// when given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpectHead {
    /// The winning seats (`[]`: nobody has won, or a shared nothing).
    pub winner: Option<Vec<u8>>,
    /// How the game ended.
    pub ending: Option<String>,
    /// Whose turn it is.
    pub turn: Option<u8>,
    /// The one seat that must decide now.
    pub to_act: Option<u8>,
    /// The step, by the game's name for it.
    pub step: Option<String>,
    /// The action checked here (the last one, or a checkpoint's) must be
    /// refused with a message containing this.
    pub error: Option<String>,
    /// The seat whose log `log` and `log_lacks` read (default: a
    /// spectator's).
    pub viewer: Option<u8>,
    /// Substrings the log must contain, in this order.
    pub log: Option<Vec<String>>,
    /// Substrings the log must not contain.
    pub log_lacks: Option<Vec<String>>,
}

/// The keys of [`ExpectHead`], as a scenario file writes them.
pub const EXPECT_HEAD_KEYS: [&str; 9] = [
    "winner",
    "ending",
    "turn",
    "to_act",
    "step",
    "error",
    "viewer",
    "log",
    "log_lacks",
];

impl ExpectHead {
    /// Checks `game` after actions up to `checked` (0-based, the action
    /// the expectations follow) against these expectations. `refused` is
    /// that action's refusal, if it was refused; `events` every event so
    /// far.
    pub fn check<G: Scripted>(
        &self,
        game: &G,
        refused: Option<&str>,
        events: &[G::Event],
        fails: &mut Vec<String>,
    ) {
        match (&self.error, refused) {
            (Some(want), Some(msg)) if !msg.contains(want.as_str()) => fails.push(format!(
                "expected an error containing `{want}`, got `{msg}`"
            )),
            (Some(want), None) => {
                fails.push(format!("expected the action to be refused (`{want}`)"))
            }
            _ => {}
        }
        check_outcome(
            self.winner.as_deref(),
            self.ending.as_deref(),
            game.outcome().as_ref(),
            fails,
        );
        if let Some(t) = self.turn {
            let got = game.turn_seat().map(|s| s.0);
            if got != Some(t) {
                fails.push(format!("turn: expected seat {t}, got {got:?}"));
            }
        }
        if let Some(t) = self.to_act {
            // One seat deciding, alone or as the only one of a
            // simultaneous step.
            let got = match game.to_act() {
                ToAct::One(s) => Some(s.0),
                ToAct::Simultaneous(set) if set.len() == 1 => set.iter().next().map(|s| s.0),
                _ => None,
            };
            if got != Some(t) {
                fails.push(format!("to_act: expected seat {t}, got {got:?}"));
            }
        }
        if let Some(s) = &self.step {
            let got = game.step_name();
            if &got != s {
                fails.push(format!("step: expected `{s}`, got `{got}`"));
            }
        }
        if self.log.is_some() || self.log_lacks.is_some() {
            let viewer = self.viewer.map(Seat);
            let log: Vec<String> = events
                .iter()
                .filter_map(|e| game.log_line(e, viewer))
                .collect();
            check_log(&log, self.log.as_deref(), self.log_lacks.as_deref(), fails);
        }
    }
}

/// Checks the winners and how the game ended.
pub fn check_outcome(
    want_winner: Option<&[u8]>,
    want_ending: Option<&str>,
    outcome: Option<&Outcome>,
    fails: &mut Vec<String>,
) {
    if let Some(w) = want_winner {
        let got: Vec<u8> = outcome
            .map(|o| o.winners.iter().map(|s| s.0).collect())
            .unwrap_or_default();
        if got != w {
            fails.push(format!("winner: expected {w:?}, got {got:?}"));
        }
    }
    if let Some(want) = want_ending {
        let got = outcome.map(|o| o.ending.clone()).unwrap_or_default();
        if got != want {
            fails.push(format!("ending: expected `{want}`, got `{got}`"));
        }
    }
}

/// Checks a game's log lines: `want` must appear in order (each a part of
/// a line, several parts may come from one line), `lacks` nowhere.
pub fn check_log(
    log: &[String],
    want: Option<&[String]>,
    lacks: Option<&[String]>,
    fails: &mut Vec<String>,
) {
    let mut at = 0;
    for w in want.unwrap_or_default() {
        match log[at..].iter().position(|l| l.contains(w.as_str())) {
            Some(i) => at += i,
            None => fails.push(format!("log: no `{w}` (in order) in {log:#?}")),
        }
    }
    for w in lacks.unwrap_or_default() {
        if let Some(l) = log.iter().find(|l| l.contains(w.as_str())) {
            fails.push(format!("log: `{w}` should not happen, but: {l}"));
        }
    }
}

/// What a scenario expects of one seat's hand (card names, any order).
pub struct HandExpectation<'a> {
    /// Exactly these cards.
    pub exactly: Option<&'a [String]>,
    /// At least these.
    pub contains: Option<&'a [String]>,
    /// None of these.
    pub lacks: Option<&'a [String]>,
    /// This many cards.
    pub count: Option<usize>,
}

/// Checks `hand` (the card names of the seat `label`) against `e`.
pub fn check_hand(label: &str, hand: &[String], e: HandExpectation<'_>, fails: &mut Vec<String>) {
    if let Some(want) = e.exactly {
        let mut a = hand.to_vec();
        let mut b = want.to_vec();
        a.sort();
        b.sort();
        if a != b {
            fails.push(format!("{label} hand: expected {want:?}, got {hand:?}"));
        }
    }
    for c in e.contains.unwrap_or_default() {
        if !hand.iter().any(|h| h.eq_ignore_ascii_case(c)) {
            fails.push(format!("{label} hand lacks `{c}`: {hand:?}"));
        }
    }
    for c in e.lacks.unwrap_or_default() {
        if hand.iter().any(|h| h.eq_ignore_ascii_case(c)) {
            fails.push(format!("{label} hand should not hold `{c}`"));
        }
    }
    if let Some(n) = e.count
        && hand.len() != n
    {
        fails.push(format!(
            "{label} hand_count: expected {n}, got {}",
            hand.len()
        ));
    }
}

/// A script played out.
#[derive(Clone, Debug)]
pub struct Run<G: Game> {
    /// The game after the actions (up to a refused one).
    pub game: G,
    /// Everything that happened.
    pub events: Vec<G::Event>,
    /// The refused action that stopped the script, if any: its 0-based
    /// place, notation and error.
    pub error: Option<(usize, String, G::Error)>,
}

/// Plays `actions` on `game`, resolving chance before the first and after
/// each; stops at the first action the rules refuse.
pub fn run<G: Game>(game: G, actions: &[(Seat, G::Action, String)]) -> Run<G> {
    run_with(game, actions, |_, _, _, _| false)
}

/// Plays `actions` as [`run`] does, calling `checkpoint(i, game, events,
/// refused)` after each action `i` (0-based) with the game as it stands
/// and the refusal if the action was refused. A refused action stops the
/// script unless `checkpoint` answers `true` (the refusal was expected
/// there): the game, untouched by it, goes on with the next action.
pub fn run_with<G: Game>(
    mut game: G,
    actions: &[(Seat, G::Action, String)],
    mut checkpoint: impl FnMut(usize, &G, &[G::Event], Option<&G::Error>) -> bool,
) -> Run<G> {
    let mut events = Vec::new();
    let mut error = None;
    settle(&mut game, &mut events);
    for (i, (seat, action, text)) in actions.iter().enumerate() {
        match game.apply_logged(*seat, action, &mut events) {
            Ok(()) => {
                settle(&mut game, &mut events);
                checkpoint(i, &game, &events, None);
            }
            Err(e) => {
                if checkpoint(i, &game, &events, Some(&e)) {
                    continue;
                }
                error = Some((i, text.clone(), e));
                break;
            }
        }
    }
    Run {
        game,
        events,
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_names_its_place_and_what_is_wrong() {
        let parse = |s: &str| {
            s.strip_prefix("draw ")
                .map(str::to_string)
                .ok_or_else(|| format!("`{s}` is no action"))
        };
        assert_eq!(
            parse_line(0, " 2 : draw deck ", "0: draw deck", parse),
            Ok((Seat(2), "deck".to_string(), "draw deck".to_string()))
        );
        let e = parse_line(3, "draw deck", "0: draw deck", parse);
        assert_eq!(
            e,
            Err("action 4: `draw deck` must start with the seat, e.g. `0: draw deck`".into())
        );
        let e = parse_line(0, "x: draw deck", "0: draw deck", parse);
        assert_eq!(e, Err("action 1: `x` is not a seat number".into()));
        let e = parse_line(1, "0: jump", "0: draw deck", parse);
        assert_eq!(e, Err("action 2: `jump` is no action".into()));
    }
}
