//! The house rules editor: every Booked! option with one line on what it
//! does, the presets (official, quick, gentle, spicy and the user's own),
//! saved to `booked/house_rules.toml`, which the table, `simulate` and the
//! scenarios read.

use crate::cards::source::DataSource;
use crate::cards::write_atomically;
use crate::games::booked::deck::{
    HOUSE_RULES_FILE, PRESETS_DIR, house_rules_toml, load_house_rules, user_presets,
};
use crate::games::booked::{
    DEAL_SIZE_RANGE, HAND_LIMIT_RANGE, HouseRules, PRESETS, RESHUFFLE_RANGE,
};
use egui::RichText;
use std::path::PathBuf;

use crate::ui::palette::{ALERT, DIM, GOLD};

/// The house rules being edited.
pub struct HouseRulesEditor {
    source: DataSource,
    rules: HouseRules,
    saved: HouseRules,
    /// Why the file could not be read (the editor then starts from the
    /// official rules and writes nothing until asked to).
    load_error: Option<String>,
    preset_name: String,
    /// The preset last chosen or saved, with its rules: shown as active
    /// while the rules are still those.
    active: Option<(String, HouseRules)>,
}

impl HouseRulesEditor {
    /// Reads the house rules from `source`.
    pub fn new(source: DataSource) -> Self {
        let (rules, load_error) = match load_house_rules(&source) {
            Ok(r) => (r, None),
            Err(e) => (HouseRules::default(), Some(e.to_string())),
        };
        HouseRulesEditor {
            source,
            saved: rules.clone(),
            rules,
            load_error,
            preset_name: String::new(),
            active: None,
        }
    }

    /// The rules as edited.
    pub fn rules(&self) -> &HouseRules {
        &self.rules
    }

    /// The rules as edited, mutably (for tests).
    pub fn rules_mut(&mut self) -> &mut HouseRules {
        &mut self.rules
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.rules != self.saved
    }

    /// Drops unsaved changes.
    pub fn discard(&mut self) {
        self.rules = self.saved.clone();
    }

    /// Points saving at a folder (after the deck was saved there).
    pub fn set_folder(&mut self, dir: PathBuf) {
        self.source.dir = Some(dir);
    }

    /// Saves to the data folder's house rules file; returns the message
    /// and whether it is an error.
    pub fn save(&mut self) -> (String, bool) {
        if let Err((field, msg)) = self.rules.check() {
            return (format!("{field}: {msg}"), true);
        }
        let Some(path) = self.source.user_path(HOUSE_RULES_FILE) else {
            return (
                "Save the deck to a folder first (Cards, Save as…): house rules live beside the cards"
                    .into(),
                true,
            );
        };
        if let Some(p) = path.parent()
            && let Err(e) = std::fs::create_dir_all(p)
        {
            return (format!("cannot create {}: {e}", p.display()), true);
        }
        match write_atomically(&path, house_rules_toml(&self.rules).as_bytes()) {
            Ok(()) => {
                self.saved = self.rules.clone();
                self.load_error = None;
                (format!("House rules saved to {}", path.display()), false)
            }
            Err(e) => (format!("cannot save {}: {e}", path.display()), true),
        }
    }

    /// The preset the rules are, by name: the one last chosen or saved
    /// while the rules are unchanged, else "official" for the official
    /// rules, else "custom".
    pub fn active_preset(&self) -> String {
        match &self.active {
            Some((name, rules)) if *rules == self.rules => name.clone(),
            _ if self.rules == HouseRules::default() => "official".into(),
            _ => "custom".into(),
        }
    }

    /// Saves the rules as the user's own preset `name`.
    pub fn save_preset(&mut self, name: &str) -> (String, bool) {
        let name = name.trim();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_' || c == ' ')
        {
            return (
                "A preset name is letters, digits, spaces, - and _".into(),
                true,
            );
        }
        if PRESETS.contains(&name) || name == "mine" {
            return (
                format!("`{name}` is a built-in preset: choose another name"),
                true,
            );
        }
        let Some(dir) = self.source.user_path(PRESETS_DIR) else {
            return (
                "Save the deck to a folder first (Cards, Save as…)".into(),
                true,
            );
        };
        let path = dir.join(format!("{name}.toml"));
        let result = std::fs::create_dir_all(&dir)
            .and_then(|()| write_atomically(&path, house_rules_toml(&self.rules).as_bytes()));
        match result {
            Ok(()) => {
                self.active = Some((name.to_string(), self.rules.clone()));
                (format!("Preset `{name}` saved"), false)
            }
            Err(e) => (format!("cannot save {}: {e}", path.display()), true),
        }
    }

    /// Draws the editor.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        ui.label(RichText::new("Booked! house rules").size(20.0).color(GOLD));
        if let Some(e) = &self.load_error {
            ui.label(
                RichText::new(format!("The house rules file could not be read: {e}")).color(ALERT),
            );
            ui.label("Showing the official rules; saving replaces the broken file.");
        }
        ui.horizontal_wrapped(|ui| {
            ui.label("Presets:");
            for p in PRESETS {
                if ui.button(p).clicked()
                    && let Some(r) = HouseRules::preset(p)
                {
                    self.active = Some((p.to_string(), r.clone()));
                    self.rules = r;
                }
            }
            for (name, rules) in user_presets(&self.source) {
                match rules {
                    Ok(r) => {
                        if ui.button(&name).on_hover_text("Your preset").clicked() {
                            self.active = Some((name.clone(), r.clone()));
                            self.rules = r;
                        }
                    }
                    Err(e) => {
                        ui.label(RichText::new(format!("{name}: {e}")).color(ALERT));
                    }
                }
            }
        });
        ui.label(RichText::new(format!("Active preset: {}", self.active_preset())).color(GOLD));
        ui.add_space(8.0);
        let r = &mut self.rules;
        egui::Grid::new("house-rules")
            .num_columns(3)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                number(ui, "Deal size", &mut r.deal_size, DEAL_SIZE_RANGE, "Cards dealt to each manager (official 7; games too slow? deal 8).");
                number(ui, "Hand limit", &mut r.hand_limit, HAND_LIMIT_RANGE, "Discard down to this many at the end of your turn (official 9).");
                flag(ui, "Fewer discipline cards", &mut r.fewer_discipline, "The discipline dial: 2 Yellows and 1 Red leave the deck.");
                flag(ui, "Captain's armband", &mut r.captains_armband, "Once per match the first Yellow shown to your star (10) is discarded.");
                flag(ui, "Derby night", &mut r.derby_night, "Each manager claims a nation; a Tackle against it takes back two cards.");
                flag(ui, "Squad rotation", &mut r.squad_rotation, "Deal 3 extra, keep the deal size, pass 3 to your left at once.");
                flag(ui, "Strict VAR", &mut r.strict_var, "The GOOOAL! window also takes answers to instants.");
                flag(ui, "Group stage", &mut r.group_stage, "Three matches with points and tiebreaks, then a sudden-death match.");
                number(ui, "Reshuffles before penalties", &mut r.reshuffles_before_penalties, RESHUFFLE_RANGE, "How often the discard pile rebuilds the deck before a dry deck goes to penalties (official 1).");
            });
        if let Err((field, msg)) = self.rules.check() {
            ui.label(RichText::new(format!("{field}: {msg}")).color(ALERT));
        }
        ui.add_space(8.0);
        ui.label(
            RichText::new(if self.is_dirty() {
                "● Unsaved changes (Save, Ctrl+S)"
            } else {
                "Saved: the table, `touchline simulate` and the scenarios use these rules"
            })
            .color(if self.is_dirty() { GOLD } else { DIM }),
        );
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let l = ui.label("Preset name");
            ui.add(egui::TextEdit::singleline(&mut self.preset_name).desired_width(160.0))
                .labelled_by(l.id);
            if ui.button("Save as my preset").clicked() {
                let name = self.preset_name.clone();
                let (msg, err) = self.save_preset(&name);
                ui.label(RichText::new(msg).color(if err { ALERT } else { GOLD }));
            }
        });
    }
}

fn number(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut u8,
    range: std::ops::RangeInclusive<u8>,
    help: &str,
) {
    let l = ui.label(label);
    ui.add(egui::DragValue::new(value).range(range))
        .labelled_by(l.id);
    ui.label(RichText::new(help).color(DIM));
    ui.end_row();
}

fn flag(ui: &mut egui::Ui, label: &str, value: &mut bool, help: &str) {
    let l = ui.label(label);
    ui.checkbox(value, "").labelled_by(l.id);
    ui.label(RichText::new(help).color(DIM));
    ui.end_row();
}

impl crate::ui::editor::RulesEditor for HouseRulesEditor {
    fn is_dirty(&self) -> bool {
        HouseRulesEditor::is_dirty(self)
    }

    fn discard(&mut self) {
        HouseRulesEditor::discard(self);
    }

    fn set_folder(&mut self, dir: PathBuf) {
        HouseRulesEditor::set_folder(self, dir);
    }

    fn save(&mut self) -> (String, bool) {
        HouseRulesEditor::save(self)
    }

    fn show(&mut self, ui: &mut egui::Ui) {
        HouseRulesEditor::show(self, ui);
    }
}

/// The editor's House rules form (the registry's `house_rules` hook).
pub fn editor(source: DataSource) -> Box<dyn crate::ui::editor::RulesEditor> {
    Box::new(HouseRulesEditor::new(source))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_saved_under_a_name_is_the_active_preset_until_the_rules_change() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut e = HouseRulesEditor::new(DataSource::dir(dir.path().to_path_buf()));
        assert_eq!(e.active_preset(), "official");
        e.rules_mut().deal_size = 8;
        assert_eq!(e.active_preset(), "custom");
        let (msg, err) = e.save_preset("Pub rules");
        assert!(!err, "{msg}");
        assert_eq!(e.active_preset(), "Pub rules");
        e.rules_mut().hand_limit = 8;
        assert_eq!(e.active_preset(), "custom");
    }
}
