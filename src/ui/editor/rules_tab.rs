//! The House rules tab: each game's house-rules form, one at a time.

use super::*;

/// A game's house-rules form in the editor's House rules tab (the
/// registry's `house_rules` hook).
pub trait RulesEditor {
    /// Whether there are unsaved changes.
    fn is_dirty(&self) -> bool;
    /// Drops unsaved changes.
    fn discard(&mut self);
    /// Points saving at a folder (after the deck was saved there).
    fn set_folder(&mut self, dir: PathBuf);
    /// Saves; returns the message and whether it is an error.
    fn save(&mut self) -> (String, bool);
    /// Draws the form.
    fn show(&mut self, ui: &mut egui::Ui);
}

/// The House rules tab: every game's house-rules form, one shown at a time.
pub(super) struct RulesTab {
    games: Vec<(&'static str, Box<dyn RulesEditor>)>,
    current: usize,
}

impl RulesTab {
    pub(super) fn open(source: &DataSource) -> Self {
        RulesTab {
            games: crate::games::GAMES
                .iter()
                .filter_map(|g| g.house_rules.map(|make| (g.name, make(source.clone()))))
                .collect(),
            current: 0,
        }
    }

    pub(super) fn is_dirty(&self) -> bool {
        self.games.iter().any(|(_, e)| e.is_dirty())
    }

    pub(super) fn discard(&mut self) {
        for (_, e) in &mut self.games {
            e.discard();
        }
    }

    pub(super) fn set_folder(&mut self, dir: &std::path::Path) {
        for (_, e) in &mut self.games {
            e.set_folder(dir.to_path_buf());
        }
    }

    /// Saves every game's changed house rules (the shown one always).
    pub(super) fn save(&mut self) -> (String, bool) {
        let current = self.current;
        let said: Vec<(String, bool)> = self
            .games
            .iter_mut()
            .enumerate()
            .filter(|(i, (_, e))| *i == current || e.is_dirty())
            .map(|(_, (_, e))| e.save())
            .collect();
        if said.is_empty() {
            return ("No game has house rules to save".into(), true);
        }
        let failed = said.iter().any(|(_, bad)| *bad);
        let text: Vec<String> = said.into_iter().map(|(m, _)| m).collect();
        (text.join("; "), failed)
    }

    pub(super) fn show(&mut self, ui: &mut egui::Ui) {
        if self.games.len() > 1 {
            ui.horizontal(|ui| {
                for (i, (name, _)) in self.games.iter().enumerate() {
                    ui.selectable_value(&mut self.current, i, *name);
                }
            });
            ui.separator();
        }
        match self.games.get_mut(self.current) {
            Some((_, e)) => e.show(ui),
            None => {
                ui.label("No game has house rules to edit.");
            }
        }
    }
}
