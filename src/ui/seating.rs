//! What every game's table shares below the shell: hot-seat privacy
//! (who decides, whose secrets the screen may show, when the device must
//! be passed), undo by replay, the autosave, and [`Shortcut`]: each key is
//! named once, and both its handler and its tooltip read that name, so
//! the two cannot drift apart. The chrome around a table (bar, log,
//! curtain) is the shell's ([`super::shell`]); none of this knows a
//! game's rules.

use super::session::SaveError;
use crate::engine::{Game, Record, Seat, ToAct};
use egui::{Key, Modifiers};
use std::path::Path;

/// The seat that must decide now, if one must: of several deciding at
/// once, a human first (so the screen can ask them), then bots in seat
/// order.
pub fn actor(to_act: ToAct, is_human: impl Fn(Seat) -> bool) -> Option<Seat> {
    match to_act {
        ToAct::One(s) => Some(s),
        ToAct::Simultaneous(set) => set
            .iter()
            .find(|s| is_human(*s))
            .or_else(|| set.iter().next()),
        _ => None,
    }
}

/// The seat whose secrets the screen may show: with one human, always
/// that human; with several, only the one deciding (`actor`) once they
/// have confirmed they hold the device (`revealed`).
pub fn viewer(humans: &[Seat], revealed: Option<Seat>, actor: Option<Seat>) -> Option<Seat> {
    match humans {
        [] => None,
        [only] => Some(*only),
        _ => revealed.filter(|r| actor == Some(*r)),
    }
}

/// The human the "pass the device" screen waits for, if it must cover the
/// table: several humans play and the one deciding has not confirmed.
pub fn handover_due(humans: &[Seat], revealed: Option<Seat>, actor: Option<Seat>) -> Option<Seat> {
    if humans.len() < 2 {
        return None;
    }
    let next = actor?;
    (revealed != Some(next)).then_some(next)
}

/// Who sits where and who may see what, for a game's session: given who
/// must act, which seats are people and who confirmed they hold the
/// device, the rest follows the same way for every game.
pub trait Seated {
    /// Who must decide now, as the game says.
    fn to_act(&self) -> ToAct;
    /// The seats of the current match.
    fn seat_count(&self) -> usize;
    /// Whether a seat of the current match is played by a person.
    fn is_human(&self, seat: Seat) -> bool;
    /// The human who confirmed they hold the device, if any.
    fn revealed(&self) -> Option<Seat>;

    /// The seats played by people.
    fn human_seats(&self) -> Vec<Seat> {
        Seat::all(self.seat_count())
            .filter(|s| self.is_human(*s))
            .collect()
    }

    /// The seat that must decide now, if a seat must: of several deciding
    /// at once, a human first so the screen can ask them ([`actor`]).
    fn actor(&self) -> Option<Seat> {
        actor(self.to_act(), |s| self.is_human(s))
    }

    /// The human who must decide now, if it is a human's decision.
    fn human_actor(&self) -> Option<Seat> {
        self.actor().filter(|s| self.is_human(*s))
    }

    /// The seat whose secrets the screen may show ([`viewer`]).
    fn viewer(&self) -> Option<Seat> {
        viewer(&self.human_seats(), self.revealed(), self.human_actor())
    }

    /// The human the "pass the device" screen waits for ([`handover_due`]).
    fn needs_handover(&self) -> Option<Seat> {
        handover_due(&self.human_seats(), self.revealed(), self.human_actor())
    }

    /// Whether undo has anything to take back: one human, who has acted.
    fn can_undo_with(&self, actions: &[(Seat, impl Sized)]) -> bool {
        self.human_seats().len() == 1 && actions.iter().any(|(s, _)| self.is_human(*s))
    }
}

/// `record` taken back to just before its last action by a human
/// (`is_human`), replayed: the record, the game and the replay's events.
/// `None` when no human has acted or the replay fails.
pub fn undo<G: Game>(
    record: &Record<G>,
    is_human: impl Fn(Seat) -> bool,
) -> Option<(Record<G>, G, Vec<G::Event>)> {
    let last = record.actions.iter().rposition(|(s, _)| is_human(*s))?;
    let mut back = record.clone();
    back.actions.truncate(last);
    let (game, events) = back.replay(None).ok()?;
    Some((back, game, events))
}

/// Keeps the game at `path`, if any, with `save`: after every decision,
/// for "continue". A failure must not interrupt play, but it must be
/// seen: the message to show is returned.
pub fn autosave(
    path: Option<&Path>,
    save: impl FnOnce(&Path) -> Result<(), SaveError>,
) -> Result<(), String> {
    let Some(path) = path else { return Ok(()) };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| {
            format!(
                "Autosave failed (Continue will not have this game): cannot create {}: {e}",
                dir.display()
            )
        })?;
    }
    save(path).map_err(|e| format!("Autosave failed (Continue will not have this game): {e}"))
}

/// A key a table answers to: a plain key, or Ctrl with a key (Cmd on a
/// Mac). Handlers and tooltips both read it, so they name the same key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortcut {
    /// The key.
    pub key: Key,
    /// Whether Ctrl (Cmd on a Mac) is held with it.
    pub ctrl: bool,
}

impl Shortcut {
    /// A plain key.
    pub const fn key(key: Key) -> Self {
        Shortcut { key, ctrl: false }
    }

    /// Ctrl (Cmd on a Mac) with `key`.
    pub const fn ctrl(key: Key) -> Self {
        Shortcut { key, ctrl: true }
    }

    /// The key in words, as tooltips show it: "P", "Enter", "Ctrl+Z".
    pub fn name(self) -> String {
        let key = self.key.name();
        if self.ctrl {
            format!("Ctrl+{key}")
        } else {
            key.to_string()
        }
    }

    /// `what` with the key after it: "Pass (P)".
    pub fn hint(self, what: &str) -> String {
        format!("{what} ({})", self.name())
    }

    /// Whether the key was pressed this frame (then it is used up), unless
    /// someone is typing in a text field ([`keys_free`]).
    pub fn pressed(self, ctx: &egui::Context) -> bool {
        let modifiers = if self.ctrl {
            Modifiers::COMMAND
        } else {
            Modifiers::NONE
        };
        keys_free(ctx) && ctx.input_mut(|i| i.consume_key(modifiers, self.key))
    }
}

/// Whether a table's keys may act: not while a text field has the
/// keyboard, where the keys are letters and Ctrl+Z undoes typing.
pub fn keys_free(ctx: &egui::Context) -> bool {
    !ctx.text_edit_focused()
}

/// The seat a table's keys act for: the human deciding now, never a bot,
/// never a seat the hot-seat curtain still covers, and nobody while a
/// text field has the keyboard.
pub fn key_seat(seated: &impl Seated, ctx: &egui::Context) -> Option<Seat> {
    if !keys_free(ctx) || seated.needs_handover().is_some() {
        return None;
    }
    seated.human_actor()
}

/// `response` (a button) with a tooltip naming `key` after `what`; true
/// when it was clicked, or when it is enabled and the key was pressed.
/// A key tied to a button acts only while the button is on screen.
pub fn keyed(response: egui::Response, key: Shortcut, what: &str) -> bool {
    let response = response.on_hover_text(key.hint(what));
    response.clicked() || (response.enabled() && key.pressed(&response.ctx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_named_as_tooltips_show_them() {
        assert_eq!(Shortcut::ctrl(Key::Z).name(), "Ctrl+Z");
        assert_eq!(Shortcut::key(Key::F1).name(), "F1");
        assert_eq!(Shortcut::key(Key::P).hint("Pass"), "Pass (P)");
    }

    #[test]
    fn one_human_always_sees_their_own_secrets() {
        let humans = [Seat(1)];
        assert_eq!(viewer(&humans, None, Some(Seat(0))), Some(Seat(1)));
        assert_eq!(handover_due(&humans, None, Some(Seat(1))), None);
    }

    #[test]
    fn several_humans_see_secrets_only_after_confirming_their_own_turn() {
        let humans = [Seat(0), Seat(1)];
        assert_eq!(viewer(&humans, None, Some(Seat(0))), None);
        assert_eq!(handover_due(&humans, None, Some(Seat(0))), Some(Seat(0)));
        assert_eq!(viewer(&humans, Some(Seat(0)), Some(Seat(0))), Some(Seat(0)));
        assert_eq!(handover_due(&humans, Some(Seat(0)), Some(Seat(0))), None);
        // The device passes on: the last confirmation no longer counts.
        assert_eq!(viewer(&humans, Some(Seat(0)), Some(Seat(1))), None);
        assert_eq!(
            handover_due(&humans, Some(Seat(0)), Some(Seat(1))),
            Some(Seat(1))
        );
        assert_eq!(viewer(&[], None, Some(Seat(0))), None);
    }
}
