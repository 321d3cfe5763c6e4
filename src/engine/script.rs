//! Scripted play, as every game's scenarios use it: action lines written
//! `"<seat>: <notation>"`, applied one after another with chance resolved
//! between them, stopping at the first action the rules refuse.

use super::{Game, Seat, settle};

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

/// A script played out.
#[derive(Clone, Debug)]
pub struct Run<G: Game> {
    /// The game after the actions (up to a refused one).
    pub game: G,
    /// Everything that happened.
    pub events: Vec<G::Event>,
    /// The refused action, if any: its 0-based place, notation and error.
    pub error: Option<(usize, String, G::Error)>,
}

/// Plays `actions` on `game`, resolving chance before the first and after
/// each; stops at the first action the rules refuse.
pub fn run<G: Game>(mut game: G, actions: &[(Seat, G::Action, String)]) -> Run<G> {
    let mut events = Vec::new();
    let mut error = None;
    settle(&mut game, &mut events);
    for (i, (seat, action, text)) in actions.iter().enumerate() {
        if let Err(e) = game.apply_logged(*seat, action, &mut events) {
            error = Some((i, text.clone(), e));
            break;
        }
        settle(&mut game, &mut events);
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
