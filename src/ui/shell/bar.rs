//! The bar at the top of every table and its keys. Each key is named once
//! ([`BAR_KEYS`]); both the handler ([`bar_keys`]) and the tooltips
//! ([`top_bar`]) read that list, so the two cannot drift apart.

use super::super::palette::{CHALK, GOLD};
use super::super::seating::Shortcut;
use super::super::session::{Controller, Pace, Session, TableGame};
use egui::{Key, RichText};

/// Undo, at every table.
pub const UNDO_KEY: Shortcut = Shortcut::ctrl(Key::Z);
/// Save…, at every table.
pub const SAVE_KEY: Shortcut = Shortcut::ctrl(Key::S);
/// Load…, at every table.
pub const LOAD_KEY: Shortcut = Shortcut::ctrl(Key::O);
/// The Rules window, at every table.
pub const RULES_KEY: Shortcut = Shortcut::key(Key::F1);
/// The Hint, at every table whose game has a search bot.
pub const HINT_KEY: Shortcut = Shortcut::key(Key::H);
/// The Hint button's tooltip.
pub const HINT_TIP: &str =
    "What the Expert bot would do in your place, worked out from what you see";

/// What the top bar or its keys asked for; the shell carries it out.
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
    /// The table's own extra button, by its place in the game's list.
    Extra(usize),
    /// What the Expert bot would do for the person deciding.
    Hint,
}

/// The buttons of the top bar every table shares, as
/// `(label, tooltip, key, what it asks)`.
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

/// The one name of the pace menu, at every table where a bot sits.
pub const PACE_LABEL: &str = "Bot pace";

/// The tooltip of a top-bar button, naming its key.
fn bar_hint(ask: BarAsk) -> String {
    BAR_KEYS
        .iter()
        .find(|(_, _, _, a)| *a == ask)
        .map(|(_, what, key, _)| key.hint(what))
        .unwrap_or_default()
}

/// What the bar shows besides the shared buttons.
pub(super) struct Bar<'a> {
    /// The game's name, the bar's title.
    pub name: &'a str,
    /// Where the match is, beside the title.
    pub status: &'a str,
    /// What leaving keeps: "game", "match", "season".
    pub kept: &'a str,
    /// The Auto-pass box's tooltip, when the game offers it.
    pub auto_pass: Option<&'a str>,
    /// The game's own buttons, `(label, tooltip)`, left of Rules.
    pub extra: &'a [(&'a str, &'a str)],
    /// The Hint button: `None` where the game has no search bot, else
    /// whether a hint can be asked now (a person decides).
    pub hint: Option<bool>,
}

/// The bar: from the right Leave, Rules, the game's own buttons, Load…,
/// Save…, Undo, Auto-pass (where a person sits and the game offers it) and
/// the pace (where a bot sits); the title and status take the room left,
/// cut short with the whole line on hover rather than hidden under the
/// buttons. Returns what was clicked (Undo is already done).
pub(super) fn top_bar<G: TableGame>(
    ui: &mut egui::Ui,
    bar: &Bar<'_>,
    session: &mut Session<G>,
) -> Option<BarAsk> {
    let mut ask = None;
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
        if let Some(enabled) = bar.hint {
            let tip = HINT_KEY.hint(HINT_TIP);
            if ui
                .add_enabled(enabled, egui::Button::new("Hint"))
                .on_hover_text(&tip)
                .on_disabled_hover_text(format!("{tip}: when it is your turn to decide"))
                .clicked()
            {
                ask = Some(BarAsk::Hint);
            }
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
            .add_enabled(session.can_undo(), egui::Button::new("Undo"))
            .on_hover_text(bar_hint(BarAsk::Undo))
            .on_disabled_hover_text(session.undo_reason());
        if undo.clicked() && session.undo() {
            ask = Some(BarAsk::Undo);
        }
        let managers = session.managers();
        let people = managers.iter().any(|m| m.controller == Controller::Human);
        let bots = managers
            .iter()
            .any(|m| matches!(m.controller, Controller::Bot(_)));
        if let Some(hint) = bar.auto_pass
            && people
        {
            ui.checkbox(&mut session.auto_pass, "Auto-pass")
                .on_hover_text(hint);
        }
        if bots {
            pace_menu(ui, &mut session.pace);
        }
        // A search bot thinks on its own thread: a spinner says the table
        // is not stuck (the game's prompt names who is to act).
        if let Some(seat) = session.thinking() {
            ui.spinner()
                .on_hover_text(format!("{} is searching its moves", session.name(seat)));
        }
        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
            ui.label(
                RichText::new(bar.name.to_uppercase())
                    .strong()
                    .size(18.0)
                    .color(GOLD),
            );
            ui.separator();
            ui.add(egui::Label::new(RichText::new(bar.status).color(CHALK).size(14.0)).truncate());
        });
    });
    ask
}

/// The menu of how quickly bots play (and cards move), by its one name.
fn pace_menu(ui: &mut egui::Ui, pace: &mut Pace) {
    egui::ComboBox::new("table-pace", PACE_LABEL)
        .width(64.0)
        .selected_text(format!("{pace:?}"))
        .show_ui(ui, |ui| {
            for p in Pace::ALL {
                ui.selectable_value(pace, p, format!("{p:?}"));
            }
        })
        .response
        .on_hover_text("How quickly bots play, and cards and dice move");
}

/// The top bar's keys (Ctrl+Z, Ctrl+S, Ctrl+O, F1, and H where the game
/// gives hints), at any time but
/// while a text field has the keyboard: what was asked. Ctrl+Z has
/// already undone when it answers [`BarAsk::Undo`].
pub(super) fn bar_keys<G: TableGame>(
    ctx: &egui::Context,
    session: &mut Session<G>,
) -> Option<BarAsk> {
    let ask = BAR_KEYS
        .iter()
        .find(|(_, _, key, _)| key.pressed(ctx))
        .map(|(_, _, _, ask)| *ask)
        .or_else(|| (session.searches() && HINT_KEY.pressed(ctx)).then_some(BarAsk::Hint))?;
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
        assert_eq!(bar_hint(BarAsk::Save), "Save this game to a file (Ctrl+S)");
        assert_eq!(bar_hint(BarAsk::Leave), "");
    }
}
