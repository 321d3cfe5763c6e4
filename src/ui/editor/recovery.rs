//! Unsaved editor work kept on disk, offered back after a crash.

use super::*;

/// Unsaved editor work kept on disk while it is unsaved, so that a crash
/// or a killed process does not lose it: the next start offers it back.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Recovery {
    /// The deck's title (`Booked!`), as the deck menu lists it.
    pub deck: String,
    /// The data folder it was opened from (`None`: the built-in decks).
    pub dir: Option<PathBuf>,
    /// Every file of the deck as it stood, by path in the data folder.
    pub texts: std::collections::BTreeMap<String, String>,
}

impl Recovery {
    /// Where the recovery file lives: beside the autosaves.
    pub fn file(autosave: Option<&std::path::Path>) -> Option<PathBuf> {
        Some(autosave?.parent()?.join("editor-recovery.json"))
    }

    /// The recovery file at `path`, if there is one; a damaged one says why.
    pub fn read(path: &std::path::Path) -> Option<Result<Recovery, String>> {
        let bytes = std::fs::read(path).ok()?;
        Some(
            serde_json::from_slice(&bytes)
                .map_err(|e| format!("{}: cannot be read back: {e}", path.display())),
        )
    }

    /// Writes the recovery file (atomically).
    fn write(&self, path: &std::path::Path) -> Result<(), String> {
        let json = serde_json::to_vec(self).map_err(|e| e.to_string())?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        crate::cards::write_atomically(path, &json)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// `the Booked! deck in /home/me/cards`.
    pub fn describe(&self) -> String {
        let place = match &self.dir {
            Some(d) => d.display().to_string(),
            None => "the built-in decks".into(),
        };
        format!("the {} deck from {place}", self.deck)
    }
}

/// What the user chose for unsaved work found from last time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoveryChoice {
    /// Open it in the editor, unsaved, to look at and save.
    Restore,
    /// Delete it.
    Discard,
}

/// Offers unsaved editor work found at start; returns the choice once made.
pub fn offer_recovery(
    ui: &mut egui::Ui,
    found: &Result<Recovery, String>,
) -> Option<RecoveryChoice> {
    let mut choice = None;
    egui::Modal::new(egui::Id::unique("editor-recovery")).show(ui.ctx(), |ui| {
        ui.label(
            RichText::new("Unsaved editor work from last time")
                .size(18.0)
                .strong(),
        );
        match found {
            Ok(r) => {
                ui.label(format!(
                    "Touchline closed while {} had unsaved changes. Restore them in the editor, or discard them?",
                    r.describe()
                ));
            }
            Err(e) => {
                ui.label(RichText::new(e).color(ALERT));
            }
        }
        ui.horizontal(|ui| {
            if found.is_ok() && ui.button("Restore unsaved work").clicked() {
                choice = Some(RecoveryChoice::Restore);
            }
            if ui.button("Discard unsaved work").clicked() {
                choice = Some(RecoveryChoice::Discard);
            }
        });
    });
    choice
}

impl EditorScreen {
    /// Writes the recovery file while the deck has unsaved changes and
    /// removes it once it has none; a failure is said on screen.
    pub(super) fn keep_recovery(&mut self) {
        let Some(path) = self.recovery.clone() else {
            return;
        };
        let Ok(deck) = &self.deck else { return };
        if !self.deck_dirty {
            self.drop_recovery();
            return;
        }
        let found = Recovery {
            deck: self.schemas[self.current].title.to_string(),
            dir: self.source.dir.clone(),
            texts: deck
                .texts()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        };
        match found.write(&path) {
            Ok(()) => self.recovery_failed = false,
            Err(e) => {
                if !self.recovery_failed {
                    self.message = Some((
                        format!("Unsaved changes cannot be kept for recovery after a crash: {e}"),
                        true,
                    ));
                }
                self.recovery_failed = true;
            }
        }
    }

    /// Removes the recovery file: there is no unsaved work to keep.
    pub(super) fn drop_recovery(&mut self) {
        if let Some(path) = &self.recovery
            && path.exists()
            && let Err(e) = std::fs::remove_file(path)
        {
            self.message = Some((format!("cannot remove {}: {e}", path.display()), true));
        }
    }
}
