//! What every game's table shares: hot-seat privacy, undo by replay,
//! the autosave, and the widgets around the play area (the log, the
//! "pass the device" screen, the pace menu). The games' sessions and
//! tables call these; none of it knows a game's rules.
//!
//! The bar at the top of every table ([`top_bar`]) and its keys
//! ([`bar_keys`]) live here too, with [`Shortcut`]: each key is named
//! once, and both its handler and its tooltip read that name, so the two
//! cannot drift apart.

use super::palette::{CHALK, GOLD};
use super::session::{LogLine, Pace, SaveError, Session, TableGame};
use crate::engine::{Game, Record, Seat, ToAct};
use egui::{Color32, Key, Modifiers, RichText};
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

/// The match log, newest at the bottom; `colour` picks each line's colour.
pub fn log_panel(ui: &mut egui::Ui, log: &[LogLine], colour: impl Fn(&LogLine) -> Color32) {
    titled_log_panel(ui, "Match log", log, colour);
}

/// [`log_panel`] under the game's own heading (see `TableGame::log_title`).
pub fn titled_log_panel(
    ui: &mut egui::Ui,
    title: &str,
    log: &[LogLine],
    colour: impl Fn(&LogLine) -> Color32,
) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(title).strong().color(GOLD));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("Hide »")
                .on_hover_text("Fold the log away; drag its edge to resize it")
                .clicked()
            {
                set_log_open(ui.ctx(), false);
            }
        });
    });
    ui.separator();
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for line in log {
                ui.label(RichText::new(&line.text).color(colour(line)).size(13.0));
            }
        });
}

/// Where the log is kept open or folded, for every table alike.
fn log_open_id() -> egui::Id {
    egui::Id::unique("touchline-log-open")
}

/// Whether the log column is open: the last choice, else open when the
/// window leaves the table room for it.
pub fn log_open(ctx: &egui::Context) -> bool {
    let wide = ctx.content_rect().width() >= 1100.0;
    ctx.data(|d| d.get_temp(log_open_id())).unwrap_or(wide)
}

/// Opens or folds the log column of every table.
pub fn set_log_open(ctx: &egui::Context, open: bool) {
    ctx.data_mut(|d| d.insert_temp(log_open_id(), open));
}

/// The log column at the right of a table (call before the central
/// panel): resizable by its edge, or folded into a narrow strip with a
/// button that opens it again. `contents` draws the log (usually
/// [`log_panel`]).
pub fn log_side(ui: &mut egui::Ui, id: &str, contents: impl FnOnce(&mut egui::Ui)) {
    let width = ui.available_width();
    let frame = egui::Frame::NONE
        .fill(super::palette::FELT_DARK)
        .inner_margin(8.0);
    if log_open(ui.ctx()) {
        egui::Panel::right(id)
            .resizable(true)
            .default_size((width * 0.24).clamp(200.0, 340.0))
            .min_size(160.0)
            .max_size((width * 0.45).max(200.0))
            .frame(frame)
            .show(ui, contents);
    } else {
        egui::Panel::right((id, "folded"))
            .resizable(false)
            .exact_size(60.0)
            .frame(frame.inner_margin(4.0))
            .show(ui, |ui| {
                if ui
                    .add(egui::Button::new("« Log").wrap_mode(egui::TextWrapMode::Extend))
                    .on_hover_text("Show the match log")
                    .clicked()
                {
                    set_log_open(ui.ctx(), true);
                }
            });
    }
}

/// The screen that hides every secret until `name` holds the device;
/// `hidden` says what is hidden. Returns true once they confirm.
pub fn handover(ui: &mut egui::Ui, name: &str, hidden: &str) -> bool {
    let mut confirmed = false;
    ui.vertical_centered(|ui| {
        ui.add_space(ui.available_height() * 0.3);
        ui.label(
            RichText::new(format!("Pass the device to {name}"))
                .size(32.0)
                .strong()
                .color(CHALK),
        );
        ui.label(RichText::new(hidden).color(CHALK.gamma_multiply(0.8)));
        ui.add_space(16.0);
        confirmed = ui
            .button(RichText::new(format!("I am {name} — show my hand")).size(18.0))
            .clicked();
    });
    confirmed
}

/// The menu of how quickly bots play, showing `prefix` and the pace.
pub fn pace_menu(
    ui: &mut egui::Ui,
    id: &str,
    label: &str,
    prefix: &str,
    pace: &mut Pace,
) -> egui::Response {
    egui::ComboBox::new(id, label)
        .selected_text(format!("{prefix}{pace:?}"))
        .show_ui(ui, |ui| {
            for p in [Pace::Instant, Pace::Normal, Pace::Slow] {
                ui.selectable_value(pace, p, format!("{p:?}"));
            }
        })
        .response
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

/// Undo, at every table.
pub const UNDO_KEY: Shortcut = Shortcut::ctrl(Key::Z);
/// Save…, at every table.
pub const SAVE_KEY: Shortcut = Shortcut::ctrl(Key::S);
/// Load…, at every table.
pub const LOAD_KEY: Shortcut = Shortcut::ctrl(Key::O);
/// The Rules window, at every table.
pub const RULES_KEY: Shortcut = Shortcut::key(Key::F1);

/// What the top bar or its keys asked for; the table carries it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarAsk {
    /// Back to the start screen.
    Leave,
    /// Open the Rules window.
    Rules,
    /// Ask for a save to load.
    Load,
    /// Ask where to save.
    Save,
    /// Take back the last decision (the session has already done it).
    Undo,
    /// The table's own extra button, by its place in [`TopBar::extra`].
    Extra(usize),
}

/// The buttons of the top bar every table shares, as
/// `(label, tooltip, key)`: the handler ([`bar_keys`]) and the tooltips
/// ([`top_bar`]) both read this list.
pub const BAR_KEYS: [(&str, &str, Shortcut, BarAsk); 4] = [
    ("Rules", "The rulebook", RULES_KEY, BarAsk::Rules),
    ("Load…", "Open a saved game", LOAD_KEY, BarAsk::Load),
    ("Save…", "Save this game to a file", SAVE_KEY, BarAsk::Save),
    (
        "Undo",
        "Back to your previous decision",
        UNDO_KEY,
        BarAsk::Undo,
    ),
];

/// The tooltip of a top-bar button, naming its key.
fn bar_hint(ask: BarAsk) -> String {
    BAR_KEYS
        .iter()
        .find(|(_, _, _, a)| *a == ask)
        .map(|(_, what, key, _)| key.hint(what))
        .unwrap_or_default()
}

/// What a table's top bar shows at the right; the table's title and
/// status stay at the left ([`top_bar`]'s `left`).
pub struct TopBar<'a, G: TableGame> {
    /// The session: its undo, undo's reason, pace and auto-pass.
    pub session: &'a mut Session<G>,
    /// What leaving keeps, for the Leave tooltip: "game", "match", "season".
    pub kept: &'a str,
    /// The pace menu's id, label and prefix (see [`pace_menu`]).
    pub pace: (&'a str, &'a str, &'a str),
    /// The pace menu's tooltip, if any.
    pub pace_hint: Option<&'a str>,
    /// The Auto-pass box's tooltip, when the table offers it.
    pub auto_pass: Option<&'a str>,
    /// The table's own buttons, `(label, tooltip)`, at the left of Rules.
    pub extra: &'a [(&'a str, &'a str)],
}

/// The bar at the top of a table: `left` draws the title and status,
/// then, from the right, Leave, Rules, the table's extra buttons,
/// Load…, Save…, Undo, Auto-pass if offered and the pace. Returns what
/// was clicked (Undo is already done).
pub fn top_bar<G: TableGame>(
    ui: &mut egui::Ui,
    bar: TopBar<'_, G>,
    left: impl FnOnce(&mut egui::Ui),
) -> Option<BarAsk> {
    let mut ask = None;
    ui.horizontal(|ui| {
        left(ui);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let kept = format!("Back to the start screen (the {} is kept)", bar.kept);
            if ui.button("Leave").on_hover_text(kept).clicked() {
                ask = Some(BarAsk::Leave);
            }
            if ui
                .button("Rules")
                .on_hover_text(bar_hint(BarAsk::Rules))
                .clicked()
            {
                ask = Some(BarAsk::Rules);
            }
            for (i, (label, hint)) in bar.extra.iter().enumerate() {
                if ui.button(*label).on_hover_text(*hint).clicked() {
                    ask = Some(BarAsk::Extra(i));
                }
            }
            if ui
                .button("Load…")
                .on_hover_text(bar_hint(BarAsk::Load))
                .clicked()
            {
                ask = Some(BarAsk::Load);
            }
            if ui
                .button("Save…")
                .on_hover_text(bar_hint(BarAsk::Save))
                .clicked()
            {
                ask = Some(BarAsk::Save);
            }
            let undo = ui
                .add_enabled(bar.session.can_undo(), egui::Button::new("Undo"))
                .on_hover_text(bar_hint(BarAsk::Undo))
                .on_disabled_hover_text(bar.session.undo_reason());
            if undo.clicked() && bar.session.undo() {
                ask = Some(BarAsk::Undo);
            }
            if let Some(hint) = bar.auto_pass {
                ui.checkbox(&mut bar.session.auto_pass, "Auto-pass")
                    .on_hover_text(hint);
            }
            let (id, label, prefix) = bar.pace;
            let pace = pace_menu(ui, id, label, prefix, &mut bar.session.pace);
            if let Some(hint) = bar.pace_hint {
                pace.on_hover_text(hint);
            }
        });
    });
    ask
}

/// The top bar's keys (Ctrl+Z, Ctrl+S, Ctrl+O, F1), at any time but
/// while a text field has the keyboard: what was asked. Ctrl+Z has
/// already undone when it answers [`BarAsk::Undo`].
pub fn bar_keys<G: TableGame>(ctx: &egui::Context, session: &mut Session<G>) -> Option<BarAsk> {
    let ask = BAR_KEYS
        .iter()
        .find(|(_, _, key, _)| key.pressed(ctx))
        .map(|(_, _, _, ask)| *ask)?;
    match ask {
        BarAsk::Undo => session.undo().then_some(BarAsk::Undo),
        other => Some(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_named_as_tooltips_show_them() {
        assert_eq!(UNDO_KEY.name(), "Ctrl+Z");
        assert_eq!(RULES_KEY.name(), "F1");
        assert_eq!(Shortcut::key(Key::P).hint("Pass"), "Pass (P)");
        assert_eq!(bar_hint(BarAsk::Save), "Save this game to a file (Ctrl+S)");
        assert_eq!(bar_hint(BarAsk::Leave), "");
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
