//! The deck editor screen: the card list, the typed form, the live preview
//! from the printed Scene, deck problems with jump-to-card, undo and redo,
//! atomic save, CSV import and export; and the house rules editor.
//!
//! Everything here is drawn from [`crate::editor`]'s schema, so any deck
//! the schema describes is editable without code in this file.

use super::dialog::{Ask, Pending, Poll};
use super::faces::{Face, Faces};
use super::print_problems::{self, PrintProblems};
use crate::cards::source::DataSource;
use crate::editor::{Checked, Deck, DeckSchema, FieldKind, FieldSpec, Location, RecordId, csv};
use crate::layout::{Frame, PrintDeck, TemplateSet};
use crate::render::sheet::CARD_SIZES;
use egui::RichText;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use super::palette::{ALERT, CHALK, DIM, GOLD};

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
struct RulesTab {
    games: Vec<(&'static str, Box<dyn RulesEditor>)>,
    current: usize,
}

impl RulesTab {
    fn open(source: &DataSource) -> Self {
        RulesTab {
            games: crate::games::GAMES
                .iter()
                .filter_map(|g| g.house_rules.map(|make| (g.name, make(source.clone()))))
                .collect(),
            current: 0,
        }
    }

    fn is_dirty(&self) -> bool {
        self.games.iter().any(|(_, e)| e.is_dirty())
    }

    fn discard(&mut self) {
        for (_, e) in &mut self.games {
            e.discard();
        }
    }

    fn set_folder(&mut self, dir: &std::path::Path) {
        for (_, e) in &mut self.games {
            e.set_folder(dir.to_path_buf());
        }
    }

    /// Saves every game's changed house rules (the shown one always).
    fn save(&mut self) -> (String, bool) {
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

    fn show(&mut self, ui: &mut egui::Ui) {
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

/// What the editor asks of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorRequest {
    /// Back to the start screen; the data on disk may have changed, so the
    /// start screen reloads from this source.
    Close(DataSource),
    /// Open the print dialog on this data, unsaved edits included.
    Print(DataSource),
    /// Close the window: the user answered the question about unsaved
    /// changes that closing it raised.
    Quit,
}

/// What a file dialog's answer is for.
enum Purpose {
    OpenFolder,
    SaveAs,
    ImportCsv,
    ExportCsv,
    Art(RecordId),
}

/// An action waiting for the answer to "unsaved changes".
#[derive(Clone, Debug, PartialEq, Eq)]
enum Leaving {
    Close,
    SwitchDeck(usize),
    /// Open another data folder (`None`: the built-in decks).
    Open(Option<PathBuf>),
    /// Close the window.
    Quit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Cards,
    HouseRules,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sort {
    Deck,
    Title,
    Kind,
}

/// The preview's options and the faces built for them.
struct Preview {
    key: Option<(u64, Option<RecordId>, String, usize)>,
    faces: Option<Faces>,
    /// The template to draw with (empty: the card's own).
    template: String,
    /// Index into [`CARD_SIZES`].
    size: usize,
    /// The last deck that loaded, shown while the current one has errors.
    last_good: Option<PrintDeck>,
    /// What the deck would print less well than designed, and the change
    /// and card size it was worked out for.
    problems: PrintProblems,
    problems_key: Option<(u64, usize)>,
}

impl Preview {
    /// Lays out again from scratch: another deck, or pictures changed.
    fn forget(&mut self) {
        self.key = None;
        self.problems.reset();
        self.problems_key = None;
    }
}

/// The editor screen.
pub struct EditorScreen {
    schemas: Vec<&'static DeckSchema>,
    current: usize,
    source: DataSource,
    deck: Result<Deck, String>,
    checked: Option<Checked>,
    /// Bumped on every change to the deck, so checking and the preview
    /// run once per change.
    generation: u64,
    checked_at: u64,
    selected: Option<RecordId>,
    search: String,
    kind: Option<usize>,
    group: Option<String>,
    filter: Option<(&'static str, String)>,
    sort: Sort,
    /// What is typed in each field but not (yet) a valid value.
    drafts: HashMap<(RecordId, &'static str), (String, String)>,
    /// Optional fields left empty but opened for typing.
    shown: HashSet<(RecordId, &'static str)>,
    preview: Preview,
    message: Option<(String, bool)>,
    leaving: Option<Leaving>,
    dialog: Option<Pending<Purpose>>,
    tab: Tab,
    house_rules: RulesTab,
    templates: TemplateSet,
    /// A request decided outside `show` (after a dialog), sent next frame.
    pending_request: Option<EditorRequest>,
    /// Whether the deck differs from its files, worked out once per change.
    deck_dirty: bool,
    /// The card list for the deck and filters it was made for.
    list_cache: (Option<ListKey>, Vec<(RecordId, String)>),
    /// A CSV import waiting for the user to see what it changes.
    import: Option<PendingImport>,
    /// Where unsaved work is kept while there is some, to be offered
    /// back after a crash (`None`: nowhere).
    recovery: Option<PathBuf>,
    /// Whether the last attempt to keep the recovery file failed (said
    /// once per failure, not every frame).
    recovery_failed: bool,
}

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

/// A checked CSV import and what it would change.
struct PendingImport {
    path: PathBuf,
    texts: crate::editor::deck::Texts,
    changes: Vec<csv::Change>,
}

/// What the card list depends on.
type ListKey = (
    u64,
    String,
    Option<usize>,
    Option<String>,
    Option<(&'static str, String)>,
    Sort,
);

impl EditorScreen {
    /// Opens the first deck from `source`.
    pub fn new(source: DataSource) -> Self {
        let schemas = crate::games::decks();
        let house_rules = RulesTab::open(&source);
        let mut s = EditorScreen {
            schemas,
            current: 0,
            source,
            deck: Err(String::new()),
            checked: None,
            generation: 0,
            checked_at: u64::MAX,
            selected: None,
            search: String::new(),
            kind: None,
            group: None,
            filter: None,
            sort: Sort::Deck,
            drafts: HashMap::new(),
            shown: HashSet::new(),
            preview: Preview {
                key: None,
                faces: None,
                template: String::new(),
                size: 0,
                last_good: None,
                problems: PrintProblems::default(),
                problems_key: None,
            },
            message: None,
            leaving: None,
            dialog: None,
            tab: Tab::Cards,
            house_rules,
            templates: TemplateSet::default(),
            pending_request: None,
            deck_dirty: false,
            list_cache: (None, Vec::new()),
            import: None,
            recovery: None,
            recovery_failed: false,
        };
        s.open(0);
        s
    }

    /// Keeps unsaved work in `path` while there is some (see [`Recovery`]).
    pub fn with_recovery(mut self, path: Option<PathBuf>) -> Self {
        self.recovery = path;
        self
    }

    /// An editor on unsaved work found from last time: its deck open, the
    /// work in place as one undoable change, not yet saved.
    pub fn recover(found: &Recovery, path: Option<PathBuf>) -> Self {
        let source = match &found.dir {
            Some(d) => DataSource::dir(d),
            None => DataSource::embedded(),
        };
        let mut s = EditorScreen::new(source).with_recovery(path);
        if let Some(i) = s.schemas.iter().position(|d| d.title == found.deck) {
            s.open(i);
        }
        let Ok(deck) = &mut s.deck else { return s };
        let texts: crate::editor::deck::Texts = deck
            .schema()
            .files()
            .into_iter()
            .filter_map(|rel| found.texts.get(rel).map(|t| (rel, t.clone())))
            .collect();
        s.message = Some(match deck.replace(&texts) {
            Ok(()) => (
                "Restored the unsaved work from last time: save it to keep it".into(),
                false,
            ),
            Err(e) => (format!("The unsaved work cannot be restored: {e}"), true),
        });
        s.changed();
        s
    }

    /// Writes the recovery file while the deck has unsaved changes and
    /// removes it once it has none; a failure is said on screen.
    fn keep_recovery(&mut self) {
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
    fn drop_recovery(&mut self) {
        if let Some(path) = &self.recovery
            && path.exists()
            && let Err(e) = std::fs::remove_file(path)
        {
            self.message = Some((format!("cannot remove {}: {e}", path.display()), true));
        }
    }

    fn open(&mut self, index: usize) {
        self.current = index;
        let schema = self.schemas[index];
        self.deck = Deck::open(schema, self.source.clone()).map_err(|e| e.to_string());
        self.templates = TemplateSet::embedded(schema.game).unwrap_or_default();
        self.selected = None;
        self.drafts.clear();
        self.preview.last_good = None;
        self.preview.forget();
        self.changed();
        if let Ok(d) = &self.deck {
            self.selected = d.records().into_iter().find(|r| {
                d.collection(r)
                    .is_some_and(|c| !c.print_id.is_empty() && c.kind != "nation")
            });
        }
    }

    fn changed(&mut self) {
        self.generation += 1;
    }

    /// The deck being edited (for tests), or why it could not be opened.
    pub fn deck(&self) -> Result<&Deck, &str> {
        self.deck.as_ref().map_err(String::as_str)
    }

    /// The deck, mutably (for tests).
    pub fn deck_mut(&mut self) -> Option<&mut Deck> {
        self.deck.as_mut().ok()
    }

    /// Opens another data folder, or the built-in decks for `None`, asking
    /// first when there are unsaved changes.
    pub fn open_folder(&mut self, dir: Option<PathBuf>) {
        if let Some(r) = self.leave(Leaving::Open(dir)) {
            self.pending_request = Some(r);
        }
    }

    /// Selects a record (for tests and jump-to-card).
    ///
    /// A record edited inside its parent's form (an ability, an op) selects
    /// the card it belongs to.
    pub fn select(&mut self, id: RecordId) {
        let id = match &self.deck {
            Ok(d) => d.listed(&id),
            Err(_) => id,
        };
        self.selected = Some(id);
        self.drafts.clear();
        self.shown.clear();
    }

    /// The selected record.
    pub fn selected(&self) -> Option<&RecordId> {
        self.selected.as_ref()
    }

    /// The last message shown (for tests).
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(m, _)| m.as_str())
    }

    /// Saves into `dir` (the deck's own folder when `None`).
    pub fn save_to(&mut self, dir: Option<PathBuf>) {
        let Ok(deck) = &mut self.deck else { return };
        self.message = Some(match deck.save(dir.as_deref()) {
            Ok(files) => {
                let dir = deck.source().dir.clone().unwrap_or_default();
                self.source.dir = Some(dir.clone());
                self.house_rules.set_folder(&dir);
                (
                    format!("Saved {} file(s) to {}", files.len(), dir.display()),
                    false,
                )
            }
            Err(e) => (e, true),
        });
        // Saved: what counts as unsaved is worked out again.
        self.changed();
    }

    /// Reads a CSV file (all or nothing) and shows what importing it
    /// would change; nothing is applied until the user says so.
    pub fn import_csv(&mut self, path: &std::path::Path) {
        let Ok(deck) = &mut self.deck else { return };
        let text = match std::fs::read(path) {
            Ok(b) => match String::from_utf8(b) {
                Ok(t) => t,
                Err(_) => {
                    self.message = Some((format!("{}: is not UTF-8 text", path.display()), true));
                    return;
                }
            },
            Err(e) => {
                self.message = Some((format!("cannot read {}: {e}", path.display()), true));
                return;
            }
        };
        match csv::import(deck, &text) {
            Ok(texts) => {
                // Nothing is applied before the user has seen what changes.
                let mut source = deck.source().clone();
                source.overrides = texts
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.clone()))
                    .collect();
                let changes = match Deck::open(deck.schema(), source) {
                    Ok(after) => csv::changes(deck, &after),
                    Err(e) => {
                        self.message = Some((e.to_string(), true));
                        return;
                    }
                };
                if changes.is_empty() {
                    self.message = Some((
                        format!("{}: the deck already holds these records", path.display()),
                        false,
                    ));
                } else {
                    self.import = Some(PendingImport {
                        path: path.to_path_buf(),
                        texts,
                        changes,
                    });
                }
            }
            Err(errors) => {
                let list: Vec<String> = errors.iter().take(8).map(ToString::to_string).collect();
                self.message = Some((
                    format!(
                        "{}: nothing imported, {} problem(s):\n{}",
                        path.display(),
                        errors.len(),
                        list.join("\n")
                    ),
                    true,
                ));
            }
        }
    }

    /// The changes a CSV import waits to apply, as listed (for tests).
    pub fn pending_import(&self) -> Option<&[csv::Change]> {
        self.import.as_ref().map(|p| p.changes.as_slice())
    }

    /// Applies the import waiting for an answer.
    fn apply_import(&mut self) {
        let Some(p) = self.import.take() else { return };
        let Ok(deck) = &mut self.deck else { return };
        self.message = Some(match deck.replace(&p.texts) {
            Ok(()) => {
                self.drafts.clear();
                self.changed();
                (
                    format!("Imported {} (undo with Ctrl+Z)", p.path.display()),
                    false,
                )
            }
            Err(e) => (e.to_string(), true),
        });
    }

    /// Asks before a CSV import replaces the deck's records: what is added,
    /// removed and changed, field by field.
    fn import_prompt(&mut self, ui: &mut egui::Ui) {
        let Some(p) = &self.import else { return };
        let (mut apply, mut cancel) = (false, false);
        let count = |f: fn(&csv::Change) -> bool| p.changes.iter().filter(|c| f(c)).count();
        let added = count(|c| matches!(c, csv::Change::Added(_)));
        let removed = count(|c| matches!(c, csv::Change::Removed(_)));
        let changed = count(|c| matches!(c, csv::Change::Changed(..)));
        egui::Modal::new(egui::Id::unique("csv-import")).show(ui.ctx(), |ui| {
            ui.set_max_width(760.0);
            ui.label(
                RichText::new(format!("Import {}?", p.path.display()))
                    .size(18.0)
                    .strong(),
            );
            ui.label(format!(
                "{added} added, {removed} removed, {changed} changed. Nothing changes until you apply."
            ));
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .show(ui, |ui| {
                    for c in p.changes.iter().take(500) {
                        let colour = match c {
                            csv::Change::Added(_) => GOLD,
                            csv::Change::Removed(_) => ALERT,
                            csv::Change::Changed(..) => CHALK,
                        };
                        ui.label(RichText::new(c.to_string()).color(colour));
                    }
                    if p.changes.len() > 500 {
                        ui.label(format!("… and {} more", p.changes.len() - 500));
                    }
                });
            ui.horizontal(|ui| {
                apply = ui.button("Apply import").clicked();
                cancel = ui.button("Cancel import").clicked();
            });
        });
        if apply {
            self.apply_import();
        } else if cancel {
            self.import = None;
            self.message = Some(("Import cancelled: nothing changed".into(), false));
        }
    }

    /// Writes the deck as CSV.
    pub fn export_csv(&mut self, path: &std::path::Path) {
        let Ok(deck) = &self.deck else { return };
        self.message = Some(
            match crate::cards::write_atomically(path, csv::export(deck).as_bytes()) {
                Ok(()) => (format!("Exported {}", path.display()), false),
                Err(e) => (format!("cannot write {}: {e}", path.display()), true),
            },
        );
    }

    fn undo(&mut self) {
        if let Ok(d) = &mut self.deck
            && d.undo()
        {
            self.drafts.clear();
            self.changed();
        }
    }

    fn redo(&mut self) {
        if let Ok(d) = &mut self.deck
            && d.redo()
        {
            self.drafts.clear();
            self.changed();
        }
    }

    fn dirty(&self) -> bool {
        self.deck_dirty || self.house_rules.is_dirty()
    }

    fn leave(&mut self, how: Leaving) -> Option<EditorRequest> {
        if self.dirty() {
            self.leaving = Some(how);
            return None;
        }
        self.really_leave(how)
    }

    fn really_leave(&mut self, how: Leaving) -> Option<EditorRequest> {
        self.leaving = None;
        // Saved or discarded: nothing is left to recover.
        self.drop_recovery();
        match how {
            Leaving::Close => Some(EditorRequest::Close(self.source.clone())),
            Leaving::Quit => Some(EditorRequest::Quit),
            Leaving::SwitchDeck(i) => {
                self.open(i);
                None
            }
            Leaving::Open(dir) => {
                self.source = match dir {
                    Some(d) => DataSource::dir(d),
                    None => DataSource::embedded(),
                };
                self.house_rules = RulesTab::open(&self.source);
                self.open(self.current);
                None
            }
        }
    }

    /// Whether closing the window must wait for an answer about unsaved
    /// changes; if so the question is shown, and once it is answered
    /// (saved or discarded) the editor asks the app to close the window.
    pub fn hold_close(&mut self) -> bool {
        if self.dirty() {
            self.leaving = Some(Leaving::Quit);
            true
        } else {
            false
        }
    }

    fn recheck(&mut self) {
        if self.checked_at == self.generation {
            return;
        }
        self.checked_at = self.generation;
        self.deck_dirty = self.deck.as_ref().is_ok_and(Deck::is_dirty);
        self.keep_recovery();
        self.checked = self.deck.as_ref().ok().map(Deck::check);
        if let Some(Some(d)) = self.checked.as_ref().map(|c| c.deck.clone()) {
            self.preview.last_good = Some(d);
        }
    }

    /// Draws the editor; returns a request for the app, if any.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<EditorRequest> {
        if !super::fonts::ready(ui.ctx()) {
            return None;
        }
        self.poll_dialog(ui.ctx());
        self.recheck();
        let mut request = self.pending_request.take();
        let (undo, redo, save) = ui.input_mut(|i| {
            let redo = i.consume_key(
                egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
                egui::Key::Z,
            );
            let undo = i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z);
            let save = i.consume_key(egui::Modifiers::COMMAND, egui::Key::S);
            (undo, redo, save)
        });
        if self.tab == Tab::Cards {
            if redo {
                self.redo();
            } else if undo {
                self.undo();
            }
        }
        if save {
            self.save_all();
        }
        egui::Panel::top("editor-top").show(ui, |ui| {
            request = self.top_bar(ui);
        });
        if let Some(how) = self.leaving.clone() {
            request = request.or_else(|| self.unsaved_prompt(ui, how));
        } else {
            self.import_prompt(ui);
        }
        if let Some((msg, err)) = self.message.clone() {
            egui::Panel::bottom("editor-message").show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(msg).color(if err { ALERT } else { GOLD }));
                    if ui.small_button("Dismiss").clicked() {
                        self.message = None;
                    }
                });
            });
        }
        match self.tab {
            Tab::HouseRules => {
                egui::CentralPanel::default().show(ui, |ui| self.house_rules.show(ui));
            }
            Tab::Cards => self.cards_tab(ui),
        }
        request
    }

    fn save_all(&mut self) {
        match self.tab {
            Tab::HouseRules => {
                self.message = Some(self.house_rules.save());
            }
            Tab::Cards => {
                if self.source.dir.is_some() {
                    self.save_to(None);
                } else {
                    self.ask(Ask::Folder, Purpose::SaveAs);
                }
            }
        }
    }

    fn ask(&mut self, ask: Ask, purpose: Purpose) {
        if self.dialog.is_none() {
            self.dialog = Some(Pending::open(ask, purpose));
        }
    }

    fn poll_dialog(&mut self, ctx: &egui::Context) {
        let Some(d) = &mut self.dialog else { return };
        let Poll::Done(answer) = d.poll(ctx) else {
            return;
        };
        let Some(d) = self.dialog.take() else { return };
        let Some(path) = answer else { return };
        match d.purpose {
            Purpose::OpenFolder => {
                if let Some(r) = self.leave(Leaving::Open(Some(path))) {
                    self.pending_request = Some(r);
                }
            }
            Purpose::SaveAs => self.save_to(Some(path)),
            Purpose::ImportCsv => self.import_csv(&path),
            Purpose::ExportCsv => self.export_csv(&path),
            Purpose::Art(id) => self.set_art(&id, &path),
        }
    }

    /// Copies a picture to where the record's art lives in the data folder.
    pub fn set_art(&mut self, id: &RecordId, picture: &std::path::Path) {
        let Ok(deck) = &self.deck else { return };
        let Some(c) = deck.collection(id) else { return };
        let Some(dir) = self.source.dir.clone() else {
            self.message = Some((
                "Save the deck to a folder first (Save as…): pictures live beside the cards".into(),
                true,
            ));
            return;
        };
        let rel = deck.expand(id, c.art);
        let target = dir.join(&rel);
        let result = ::image::ImageReader::open(picture)
            .map_err(|e| e.to_string())
            .and_then(|r| r.with_guessed_format().map_err(|e| e.to_string()))
            .and_then(|r| r.decode().map_err(|e| e.to_string()))
            .and_then(|img| {
                let mut png = std::io::Cursor::new(Vec::new());
                img.write_to(&mut png, ::image::ImageFormat::Png)
                    .map_err(|e| e.to_string())?;
                if let Some(p) = target.parent() {
                    std::fs::create_dir_all(p).map_err(|e| e.to_string())?;
                }
                crate::cards::write_atomically(&target, png.get_ref()).map_err(|e| e.to_string())
            });
        self.message = Some(match result {
            Ok(()) => {
                self.preview.forget();
                (format!("Picture saved as {}", target.display()), false)
            }
            Err(e) => (format!("{}: {e}", picture.display()), true),
        });
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) -> Option<EditorRequest> {
        let mut request = None;
        ui.horizontal(|ui| {
            ui.label(RichText::new("EDITOR").color(GOLD).size(18.0).strong());
            ui.separator();
            ui.selectable_value(&mut self.tab, Tab::Cards, "Cards");
            ui.selectable_value(&mut self.tab, Tab::HouseRules, "House rules");
            ui.separator();
            if self.tab == Tab::Cards {
                let names: Vec<&str> = self.schemas.iter().map(|s| s.title).collect();
                let mut pick = self.current;
                // Tall enough for every deck of every game at once.
                let room = ui.ctx().content_rect().bottom() - ui.max_rect().top() - 60.0;
                egui::ComboBox::new("deck", "Deck")
                    .selected_text(names[self.current])
                    .height(room.max(200.0))
                    .show_ui(ui, |ui| {
                        for (i, n) in names.iter().enumerate() {
                            ui.selectable_value(&mut pick, i, *n);
                        }
                    });
                if pick != self.current {
                    request = self.leave(Leaving::SwitchDeck(pick));
                }
                let dirty = self.deck_dirty;
                let place = match &self.source.dir {
                    Some(d) => d.display().to_string(),
                    None => "built-in defaults".into(),
                };
                ui.label(
                    RichText::new(if dirty {
                        format!("● {place} (unsaved changes)")
                    } else {
                        place
                    })
                    .color(if dirty { GOLD } else { DIM }),
                );
                let (can_undo, can_redo) = self
                    .deck
                    .as_ref()
                    .map_or((false, false), |d| (d.can_undo(), d.can_redo()));
                if ui
                    .add_enabled(can_undo, egui::Button::new("Undo"))
                    .on_hover_text("Ctrl+Z")
                    .clicked()
                {
                    self.undo();
                }
                if ui
                    .add_enabled(can_redo, egui::Button::new("Redo"))
                    .on_hover_text("Ctrl+Shift+Z")
                    .clicked()
                {
                    self.redo();
                }
            }
            if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
                self.save_all();
            }
            if self.tab == Tab::Cards {
                if ui
                    .button("Save as…")
                    .on_hover_text("Save every file of the deck into a folder")
                    .clicked()
                {
                    self.ask(Ask::Folder, Purpose::SaveAs);
                }
                ui.menu_button("More", |ui| {
                    if ui.button("Open folder…").clicked() {
                        self.ask(Ask::Folder, Purpose::OpenFolder);
                        ui.close();
                    }
                    if ui.button("Open the built-in decks").clicked() {
                        request = self.leave(Leaving::Open(None));
                        ui.close();
                    }
                    if ui.button("Import CSV…").clicked() {
                        self.ask(Ask::Open("CSV", &["csv"]), Purpose::ImportCsv);
                        ui.close();
                    }
                    if ui.button("Export CSV…").clicked() {
                        let name = self.schemas[self.current].csv_name();
                        self.ask(Ask::Save("CSV", &["csv"], name), Purpose::ExportCsv);
                        ui.close();
                    }
                    if ui.button("Reset deck to the default").clicked() {
                        self.reset();
                        ui.close();
                    }
                });
            }
            if self.tab == Tab::Cards
                && ui
                    .button("Print…")
                    .on_hover_text("Print the deck as it stands, unsaved edits included")
                    .clicked()
                && let Ok(deck) = &self.deck
            {
                let mut source = self.source.clone();
                source.overrides = deck
                    .texts()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect();
                request = Some(EditorRequest::Print(source));
            }
            if ui.button("Back").clicked() {
                request = request.take().or_else(|| self.leave(Leaving::Close));
            }
        });
        request
    }

    /// Replaces the deck with the shipped default (one undo step).
    pub fn reset(&mut self) {
        let Ok(deck) = &mut self.deck else { return };
        let defaults = deck.defaults();
        self.message = Some(match deck.replace(&defaults) {
            Ok(()) => ("Reset to the default deck (undo with Ctrl+Z)".into(), false),
            Err(e) => (e.to_string(), true),
        });
        self.drafts.clear();
        self.changed();
    }

    fn unsaved_prompt(&mut self, ui: &mut egui::Ui, how: Leaving) -> Option<EditorRequest> {
        let mut request = None;
        egui::Modal::new(egui::Id::unique("unsaved")).show(ui.ctx(), |ui| {
            ui.label(RichText::new("Unsaved changes").size(18.0).strong());
            ui.label(if how == Leaving::Quit {
                "Save them before Touchline closes?"
            } else {
                "Save them before leaving?"
            });
            ui.horizontal(|ui| {
                if ui.button("Save and leave").clicked() {
                    self.save_all();
                    // What is unsaved is worked out again after a save.
                    self.recheck();
                    if !self.dirty() {
                        request = self.really_leave(how.clone());
                    } else {
                        self.leaving = None;
                    }
                }
                if ui.button("Discard changes").clicked() {
                    self.house_rules.discard();
                    request = self.really_leave(how);
                }
                if ui.button("Cancel").clicked() {
                    self.leaving = None;
                }
            });
        });
        request
    }

    fn cards_tab(&mut self, ui: &mut egui::Ui) {
        let deck = match &self.deck {
            Ok(d) => d,
            Err(e) => {
                let e = e.clone();
                egui::CentralPanel::default().show(ui, |ui| {
                    ui.label(
                        RichText::new("This deck cannot be opened")
                            .color(ALERT)
                            .size(18.0),
                    );
                    ui.label(RichText::new(e).color(ALERT));
                    ui.label("Fix the file in a text editor; nothing has been changed on disk.");
                });
                return;
            }
        };
        // The list is rebuilt only when the deck or the filters change.
        let key = (
            self.generation,
            self.search.clone(),
            self.kind,
            self.group.clone(),
            self.filter.clone(),
            self.sort,
        );
        if self.list_cache.0.as_ref() != Some(&key) {
            self.list_cache = (Some(key), self.visible_records(deck));
        }
        let records = self.list_cache.1.clone();
        let issues: Vec<crate::editor::Issue> = self
            .checked
            .as_ref()
            .map(|c| c.issues.clone())
            .unwrap_or_default();
        egui::Panel::left("card-list")
            .resizable(true)
            .default_size(330.0)
            .show(ui, |ui| self.list(ui, &records, &issues));
        egui::Panel::right("preview")
            .resizable(true)
            .default_size(360.0)
            .show(ui, |ui| self.preview(ui));
        egui::Panel::bottom("problems")
            .resizable(true)
            .default_size(120.0)
            .show(ui, |ui| self.problems(ui, &issues));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| self.form(ui, &issues));
        });
    }

    fn visible_records(&self, deck: &Deck) -> Vec<(RecordId, String)> {
        let needle = self.search.to_lowercase();
        let mut out: Vec<(RecordId, String)> = deck
            .records()
            .into_iter()
            .filter(|r| deck.collection(r).is_some_and(|c| c.listed))
            .filter(|r| self.kind.is_none_or(|k| r.collection == k))
            .filter(|r| {
                self.group.as_ref().is_none_or(|g| {
                    let p = deck.parent(r).unwrap_or_else(|| r.clone());
                    deck.schema().collections[p.collection]
                        .key
                        .is_some_and(|k| deck.text(&p, k) == *g)
                })
            })
            .filter(|r| {
                self.filter
                    .as_ref()
                    .is_none_or(|(k, v)| deck.text(r, k) == *v)
            })
            .map(|r| {
                let c = &deck.schema().collections[r.collection];
                let group = deck
                    .parent(&r)
                    .and_then(|p| {
                        let k = deck.schema().collections[p.collection].key?;
                        Some(format!("{} ", deck.text(&p, k)))
                    })
                    .unwrap_or_default();
                let label = format!("{} · {group}{}", c.label, deck.title(&r));
                (r, label)
            })
            .filter(|(r, label)| {
                needle.is_empty()
                    || label.to_lowercase().contains(&needle)
                    || deck
                        .fields(r)
                        .iter()
                        .any(|(_, v)| v.to_lowercase().contains(&needle))
            })
            .collect();
        match self.sort {
            Sort::Deck => {}
            Sort::Title => out.sort_by_key(|(r, _)| deck.title(r)),
            Sort::Kind => out.sort_by_key(|(r, _)| r.collection),
        }
        out
    }

    fn list(
        &mut self,
        ui: &mut egui::Ui,
        records: &[(RecordId, String)],
        issues: &[crate::editor::Issue],
    ) {
        let Ok(deck) = &self.deck else { return };
        let schema = deck.schema();
        ui.add_space(4.0);
        let search = ui.label("Search");
        ui.add(
            egui::TextEdit::singleline(&mut self.search)
                .hint_text("name, number, text…")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(search.id);
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::from_label("Kind")
                .selected_text(
                    self.kind
                        .map_or("all kinds", |k| schema.collections[k].label),
                )
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.kind, None, "all kinds");
                    for (i, c) in schema.collections.iter().enumerate() {
                        if c.listed {
                            ui.selectable_value(&mut self.kind, Some(i), c.label);
                        }
                    }
                });
            // Group by a parent collection's key (a nation, a club).
            if let Some((pi, pc)) = schema.collections.iter().enumerate().find(|(i, c)| {
                c.key.is_some()
                    && schema
                        .collections
                        .iter()
                        .enumerate()
                        .any(|(j, cj)| cj.listed && schema.parent_of(j) == Some(*i))
            }) {
                let key = pc.key.unwrap_or_default();
                let groups: Vec<String> = deck
                    .records_of(pi)
                    .iter()
                    .map(|r| deck.text(r, key))
                    .collect();
                egui::ComboBox::from_label(pc.label)
                    .selected_text(self.group.clone().unwrap_or_else(|| "all".into()))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.group, None, "all");
                        for g in groups {
                            ui.selectable_value(&mut self.group, Some(g.clone()), g);
                        }
                    });
            }
            for c in schema.collections {
                for key in c.filters {
                    let Some(FieldSpec {
                        kind: FieldKind::Choice(options),
                        label,
                        ..
                    }) = c.field(key)
                    else {
                        continue;
                    };
                    let current = self
                        .filter
                        .as_ref()
                        .filter(|(k, _)| k == key)
                        .map(|(_, v)| v.clone());
                    egui::ComboBox::new(("filter", *key), *label)
                        .selected_text(current.unwrap_or_else(|| "any".into()))
                        .show_ui(ui, |ui| {
                            if ui.selectable_label(false, "any").clicked() {
                                self.filter = None;
                            }
                            for o in *options {
                                if ui.selectable_label(false, *o).clicked() {
                                    self.filter = Some((key, (*o).to_string()));
                                }
                            }
                        });
                }
            }
            egui::ComboBox::from_label("Sort")
                .selected_text(match self.sort {
                    Sort::Deck => "deck order",
                    Sort::Title => "by name",
                    Sort::Kind => "by kind",
                })
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.sort, Sort::Deck, "deck order");
                    ui.selectable_value(&mut self.sort, Sort::Title, "by name");
                    ui.selectable_value(&mut self.sort, Sort::Kind, "by kind");
                });
        });
        let sel = self.selected.clone();
        let growable = sel
            .as_ref()
            .and_then(|s| deck.collection(s))
            .is_some_and(|c| c.growable());
        ui.horizontal(|ui| {
            if ui
                .add_enabled(sel.is_some(), egui::Button::new("Add"))
                .on_hover_text("A new card of the selected card's kind")
                .clicked()
                && let Some(s) = &sel
            {
                self.add_like(s);
            }
            if ui
                .add_enabled(growable, egui::Button::new("Duplicate"))
                .clicked()
                && let Some(s) = &sel
                && let Ok(d) = &mut self.deck
                && let Some(new) = d.duplicate(s)
            {
                self.selected = Some(new);
                self.changed();
            }
            if ui
                .add_enabled(growable, egui::Button::new("Delete"))
                .clicked()
                && let Some(s) = &sel
                && let Ok(d) = &mut self.deck
                && d.delete(s)
            {
                self.selected = None;
                self.changed();
            }
        });
        ui.label(
            RichText::new(format!("{} shown", records.len()))
                .color(DIM)
                .size(11.0),
        );
        ui.separator();
        let Ok(deck) = &self.deck else { return };
        // A problem in an ability or an op marks its card.
        let marked: HashSet<RecordId> = issues
            .iter()
            .filter_map(|i| i.record.as_ref().map(|r| deck.listed(r)))
            .collect();
        let mut clicked = None;
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show_rows(ui, 20.0, records.len(), |ui, range| {
                for (id, label) in &records[range] {
                    let bad = marked.contains(id);
                    let qty = deck
                        .quantity(id)
                        .map_or_else(String::new, |q| format!("  ×{q}"));
                    let text =
                        RichText::new(format!("{}{label}{qty}", if bad { "⚠ " } else { "" }))
                            .color(if bad { ALERT } else { CHALK });
                    if ui
                        .selectable_label(self.selected.as_ref() == Some(id), text)
                        .clicked()
                    {
                        clicked = Some(id.clone());
                    }
                }
            });
        if let Some(c) = clicked {
            self.select(c);
        }
    }

    fn add_like(&mut self, like: &RecordId) {
        let Ok(d) = &mut self.deck else { return };
        let schema = d.schema();
        let parent = d.parent(like);
        let new = match schema.collections[like.collection].location {
            crate::editor::Location::Table(_) => {
                // A nation's first player, or nothing to add.
                let child = (0..schema.collections.len())
                    .find(|j| schema.parent_of(*j) == Some(like.collection));
                child.and_then(|j| d.add(j, Some(like)))
            }
            _ => d.add(like.collection, parent.as_ref()),
        };
        match new {
            Some(n) => {
                self.selected = Some(n);
                self.changed();
            }
            None => {
                // A group (a nation) gets a new member.
                let child = (0..schema.collections.len())
                    .find(|j| schema.parent_of(*j) == Some(like.collection));
                if let Some(n) = child.and_then(|j| d.add(j, Some(like))) {
                    self.selected = Some(n);
                    self.changed();
                }
            }
        }
    }

    fn form(&mut self, ui: &mut egui::Ui, issues: &[crate::editor::Issue]) {
        let Some(id) = self.selected.clone() else {
            ui.label(RichText::new("Pick a card in the list").color(DIM));
            return;
        };
        let Ok(deck) = &self.deck else { return };
        if !deck.exists(&id) {
            self.selected = None;
            return;
        }
        let Some(c) = deck.collection(&id) else {
            return;
        };
        ui.label(
            RichText::new(format!("{} · {}", c.label, deck.title(&id)))
                .size(20.0)
                .color(GOLD),
        );
        if let Some(q) = deck.quantity(&id) {
            ui.label(RichText::new(format!("{q} in the deck")).color(DIM));
        }
        ui.add_space(6.0);
        self.record_body(ui, &id, issues, 0);
        if let Some(parent) = self.deck.as_ref().ok().and_then(|d| d.parent(&id)) {
            let Ok(deck) = &self.deck else { return };
            let members = deck
                .records_of(id.collection)
                .iter()
                .filter(|r| deck.parent(r).as_ref() == Some(&parent))
                .count();
            let pc = deck.collection(&parent).map_or("", |c| c.label);
            ui.add_space(10.0);
            ui.separator();
            ui.label(
                RichText::new(format!("{pc}: shared by its {members} cards"))
                    .color(GOLD)
                    .size(16.0),
            );
            self.fields(ui, &parent, pc, issues, None);
        }
        if !c.art.is_empty() {
            ui.add_space(10.0);
            ui.separator();
            let Ok(deck) = &self.deck else { return };
            let rel = deck.expand(&id, c.art);
            let exists = self
                .source
                .dir
                .as_ref()
                .is_some_and(|d| d.join(&rel).is_file());
            ui.horizontal(|ui| {
                ui.label("Picture");
                ui.label(
                    RichText::new(if exists {
                        rel.clone()
                    } else {
                        format!("{rel} (none yet: the card shows its placeholder)")
                    })
                    .color(DIM),
                );
            });
            if ui.button("Choose picture…").clicked() {
                self.ask(
                    Ask::Open("Pictures", &["png", "jpg", "jpeg"]),
                    Purpose::Art(id.clone()),
                );
            }
        }
    }

    /// A record's fields in groups (a side of a double-sided card, a
    /// cost, a condition), each followed by the records nested under it
    /// (its abilities, their ops); empty optional fields wait in a menu.
    fn record_body(
        &mut self,
        ui: &mut egui::Ui,
        id: &RecordId,
        issues: &[crate::editor::Issue],
        depth: usize,
    ) {
        let Ok(deck) = &self.deck else { return };
        let visible = self.visible_fields(deck, id);
        let hidden: Vec<&'static FieldSpec> = deck
            .fields(id)
            .into_iter()
            .filter(|(f, _)| !visible.iter().any(|v| v.key == f.key))
            .map(|(f, _)| f)
            .collect();
        let mut groups: Vec<&'static str> = Vec::new();
        for f in &visible {
            let g = group_of(f.key);
            if !groups.contains(&g) {
                groups.push(g);
            }
        }
        let mut done: Vec<usize> = Vec::new();
        for g in groups {
            if !g.is_empty() {
                ui.add_space(4.0);
                let heading = RichText::new(title_case(g)).color(GOLD);
                ui.label(if depth == 0 {
                    heading.size(16.0)
                } else {
                    heading.size(12.0)
                });
            }
            self.fields(ui, id, "", issues, Some(g));
            // A side's abilities follow the side; a block's ops come last.
            if !g.is_empty() {
                self.nested(ui, id, issues, depth, Some(g), &mut done);
            }
        }
        if !hidden.is_empty() {
            let mut open = None;
            ui.menu_button(RichText::new("+ More fields").size(12.0), |ui| {
                for f in &hidden {
                    if ui.button(f.label).on_hover_text(f.help).clicked() {
                        open = Some(f.key);
                        ui.close();
                    }
                }
            });
            if let Some(k) = open {
                self.shown.insert((id.clone(), k));
            }
        }
        // What the loader says about the record but no field shows.
        let Ok(deck) = &self.deck else { return };
        let shown_keys: Vec<&str> = self
            .visible_fields(deck, id)
            .iter()
            .map(|f| f.key)
            .collect();
        for i in issues.iter().filter(|i| i.record.as_ref() == Some(id)) {
            let at_field = i
                .error
                .field
                .as_deref()
                .is_some_and(|f| shown_keys.iter().any(|k| names_field(f, k)));
            if !at_field {
                let what = i.error.field.as_deref().unwrap_or("card");
                ui.label(RichText::new(format!("{what}: {}", i.error.message)).color(ALERT));
            }
        }
        self.nested(ui, id, issues, depth, None, &mut done);
    }

    /// The fields of a record the form shows: all but the optional ones
    /// that are empty and not opened for typing.
    fn visible_fields(&self, deck: &Deck, id: &RecordId) -> Vec<&'static FieldSpec> {
        deck.fields(id)
            .into_iter()
            .filter(|(f, v)| {
                !v.is_empty()
                    || !deck.optional(id, f)
                    || self.shown.contains(&(id.clone(), f.key))
                    || self.drafts.contains_key(&(id.clone(), f.key))
            })
            .map(|(f, _)| f)
            .collect()
    }

    /// The records nested in `id` (abilities, ops...), each in a frame with
    /// its own fields and a Remove button, and an Add button per kind.
    /// `group`: only the kinds whose array sits in that group (`trained`
    /// for `trained.abilities`); `None`: the rest. `done` lists the kinds
    /// already drawn.
    fn nested(
        &mut self,
        ui: &mut egui::Ui,
        id: &RecordId,
        issues: &[crate::editor::Issue],
        depth: usize,
        group: Option<&str>,
        done: &mut Vec<usize>,
    ) {
        let Ok(deck) = &self.deck else { return };
        let schema = deck.schema();
        let Some(c) = deck.collection(id) else { return };
        let tag = c.variant.map(|v| deck.text(id, v.tag)).unwrap_or_default();
        for child in schema.children_of(id.collection) {
            let cc = &schema.collections[child];
            let Location::Nested { key, .. } = cc.location else {
                continue;
            };
            if cc.listed || done.contains(&child) || !c.uses(key, &tag) {
                continue;
            }
            if group.is_some_and(|g| group_of(key) != g) {
                continue;
            }
            done.push(child);
            let Ok(deck) = &self.deck else { return };
            let kids: Vec<RecordId> = deck
                .children(id)
                .into_iter()
                .filter(|r| r.collection == child)
                .collect();
            ui.add_space(4.0);
            let mut add = false;
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(format!("{} ({})", plural(cc.label), kids.len()))
                        .color(GOLD)
                        .size(if depth == 0 { 15.0 } else { 12.0 }),
                );
                add = ui
                    .small_button(format!("Add {}", cc.label.to_lowercase()))
                    .clicked();
            });
            let mut remove = None;
            for (n, kid) in kids.iter().enumerate() {
                egui::Frame::group(ui.style())
                    .inner_margin(6.0)
                    .show(ui, |ui| {
                        ui.horizontal(|ui| {
                            let title =
                                self.deck.as_ref().map(|d| d.title(kid)).unwrap_or_default();
                            // A record with nothing to title it (an option)
                            // is titled by its kind, said once.
                            let heading = if title == cc.label {
                                format!("{} {}", cc.label, n + 1)
                            } else {
                                format!("{} {} · {title}", cc.label, n + 1)
                            };
                            ui.label(RichText::new(heading).color(DIM).size(11.0));
                            if ui
                                .small_button("Remove")
                                .on_hover_text(format!("Remove this {}", cc.label.to_lowercase()))
                                .clicked()
                            {
                                remove = Some(kid.clone());
                            }
                        });
                        self.record_body(ui, kid, issues, depth + 1);
                    });
            }
            let Ok(d) = &mut self.deck else { return };
            let mut changed = false;
            if add && let Some(new) = d.add(child, Some(id)) {
                // A new block starts with one op to fill in.
                let first = d.schema().children_of(child).into_iter().find(|j| {
                    let cj = &d.schema().collections[*j];
                    let Location::Nested { key, .. } = cj.location else {
                        return false;
                    };
                    !cj.listed
                        && d.collection(&new).is_some_and(|nc| {
                            let t = nc.variant.map(|v| d.text(&new, v.tag)).unwrap_or_default();
                            nc.uses(key, &t)
                        })
                });
                if let Some(j) = first {
                    d.add(j, Some(&new));
                }
                changed = true;
            }
            if let Some(r) = remove
                && d.delete(&r)
            {
                self.drafts.clear();
                changed = true;
            }
            if changed {
                self.changed();
            }
        }
    }

    /// The inputs of one record's fields; `prefix` labels a parent's;
    /// `group` keeps the fields of one group (see [`group_of`]).
    fn fields(
        &mut self,
        ui: &mut egui::Ui,
        id: &RecordId,
        prefix: &str,
        issues: &[crate::editor::Issue],
        group: Option<&str>,
    ) {
        let Ok(deck) = &self.deck else { return };
        let visible = self.visible_fields(deck, id);
        let fields: Vec<(&'static FieldSpec, String, bool)> = deck
            .fields(id)
            .into_iter()
            .filter(|(f, _)| visible.iter().any(|v| v.key == f.key))
            .filter(|(f, _)| group.is_none_or(|g| group_of(f.key) == g))
            .map(|(f, v)| {
                let optional = deck.optional(id, f);
                (f, v, optional)
            })
            .collect();
        if fields.is_empty() {
            return;
        }
        let mut edits: Vec<(&'static str, String)> = Vec::new();
        egui::Grid::new(("fields", id.collection, id.path.clone(), group))
            .num_columns(3)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                for (spec, current, optional) in fields {
                    let label = if prefix.is_empty() {
                        spec.label.to_string()
                    } else {
                        format!("{prefix} {}", spec.label)
                    };
                    let l = ui.label(&label);
                    let draft_key = (id.clone(), spec.key);
                    let (mut text, typed_error) = match self.drafts.get(&draft_key) {
                        Some((t, e)) => (t.clone(), Some(e.clone())),
                        None => (current.clone(), None),
                    };
                    let before = text.clone();
                    let salt = (id.clone(), spec.key);
                    match spec.kind {
                        FieldKind::Text { multiline, .. } => {
                            // Sized outright: a grid cell would otherwise
                            // keep a text box as narrow as its first row.
                            if multiline {
                                ui.add_sized(
                                    [340.0, 70.0],
                                    egui::TextEdit::multiline(&mut text).desired_rows(3),
                                )
                            } else {
                                ui.add_sized([340.0, 20.0], egui::TextEdit::singleline(&mut text))
                            }
                            .labelled_by(l.id);
                        }
                        FieldKind::Int { min, max } => {
                            ui.add_sized([80.0, 20.0], egui::TextEdit::singleline(&mut text))
                                .labelled_by(l.id)
                                .on_hover_text(format!("{min}-{max}"));
                        }
                        FieldKind::NumberOr { min, max, words } => {
                            ui.add_sized([80.0, 20.0], egui::TextEdit::singleline(&mut text))
                                .labelled_by(l.id)
                                .on_hover_text(format!("{min}-{max} or {}", words.join(", ")));
                        }
                        FieldKind::Bool if !optional => {
                            let mut b = text == "true";
                            ui.checkbox(&mut b, "").labelled_by(l.id);
                            text = b.to_string();
                        }
                        FieldKind::Bool => {
                            choice_box(ui, salt, &mut text, &["true", "false"], true, l.id);
                        }
                        FieldKind::Choice(options) => {
                            choice_box(ui, salt, &mut text, options, optional, l.id);
                        }
                        FieldKind::Set(options) => {
                            let mut picked: Vec<String> = text
                                .split(',')
                                .map(|s| s.trim().to_string())
                                .filter(|s| !s.is_empty())
                                .collect();
                            let mut changed = false;
                            // Three to a row: the Zones lie as on the pitch.
                            ui.vertical(|ui| {
                                for row in options.chunks(3) {
                                    ui.horizontal(|ui| {
                                        for o in row {
                                            let mut on = picked.iter().any(|p| p == o);
                                            if ui
                                                .checkbox(&mut on, o.replace('_', " "))
                                                .on_hover_text(*o)
                                                .changed()
                                            {
                                                changed = true;
                                                if on {
                                                    picked.push((*o).to_string());
                                                } else {
                                                    picked.retain(|p| p != o);
                                                }
                                            }
                                        }
                                    });
                                }
                            })
                            .response
                            .labelled_by(l.id);
                            if changed {
                                // Written in the order of the choices.
                                let ordered: Vec<&str> = options
                                    .iter()
                                    .copied()
                                    .filter(|o| picked.iter().any(|p| p == o))
                                    .collect();
                                text = ordered.join(", ");
                            }
                        }
                        FieldKind::List(_) => {
                            ui.add_sized([340.0, 20.0], egui::TextEdit::singleline(&mut text))
                                .labelled_by(l.id)
                                .on_hover_text("Values separated by commas");
                        }
                        FieldKind::Toml => {
                            ui.add_sized(
                                [340.0, 60.0],
                                egui::TextEdit::multiline(&mut text)
                                    .code_editor()
                                    .desired_rows(3),
                            )
                            .labelled_by(l.id);
                        }
                        FieldKind::Color => {
                            ui.horizontal(|ui| {
                                let mut rgb = crate::cards::Rgb::parse(&text)
                                    .map(|c| [c.0, c.1, c.2])
                                    .unwrap_or([128, 128, 128]);
                                if ui.color_edit_button_srgb(&mut rgb).changed() {
                                    text = crate::cards::Rgb(rgb[0], rgb[1], rgb[2]).to_string();
                                }
                                ui.add_sized([90.0, 20.0], egui::TextEdit::singleline(&mut text))
                                    .labelled_by(l.id);
                            });
                        }
                        FieldKind::Art => {
                            ui.add_sized([340.0, 20.0], egui::TextEdit::singleline(&mut text))
                                .labelled_by(l.id);
                        }
                    }
                    // Beside the field: what is wrong with what was typed,
                    // else what the loader says about this field, else help.
                    let loader_error = issues.iter().find(|i| {
                        i.record.as_ref() == Some(id)
                            && i.error
                                .field
                                .as_deref()
                                .is_some_and(|f| names_field(f, spec.key))
                    });
                    // Problems wrap; help too long for the form is cut
                    // short and shown whole on hover.
                    match (typed_error, loader_error) {
                        (Some(e), _) => {
                            ui.add(egui::Label::new(RichText::new(e).color(ALERT)).wrap());
                        }
                        (None, Some(i)) => {
                            let text = RichText::new(&i.error.message).color(ALERT);
                            ui.add(egui::Label::new(text).wrap());
                        }
                        _ => {
                            let help = RichText::new(spec.help).color(DIM).size(11.0);
                            ui.add(egui::Label::new(help).truncate());
                        }
                    }
                    ui.end_row();
                    if text != before {
                        edits.push((spec.key, text));
                    }
                }
            });
        for (key, text) in edits {
            let Ok(deck) = &mut self.deck else { return };
            match deck.set(id, key, &text) {
                Ok(()) => {
                    self.drafts.remove(&(id.clone(), key));
                    self.changed();
                }
                Err(e) => {
                    self.drafts.insert((id.clone(), key), (text, e));
                }
            }
        }
    }

    fn problems(&mut self, ui: &mut egui::Ui, issues: &[crate::editor::Issue]) {
        self.check_print();
        if issues.is_empty() {
            ui.label(
                RichText::new("✔ The deck is valid: it can be played and printed.").color(GOLD),
            );
        } else {
            ui.label(
                RichText::new(format!(
                    "{} problem(s): a game cannot start with this deck until they are fixed",
                    issues.len()
                ))
                .color(ALERT),
            );
        }
        let mut jump = None;
        let mut jump_card = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            for i in issues {
                let text = i.error.to_string();
                match &i.record {
                    Some(r) => {
                        if ui.link(text).on_hover_text("Show this card").clicked() {
                            jump = Some(r.clone());
                        }
                    }
                    None => {
                        ui.label(RichText::new(text).color(ALERT));
                    }
                }
            }
            jump_card = self.preview.problems.show(ui);
        });
        if let (Some(card), Ok(deck)) = (jump_card, &self.deck) {
            jump = jump.or_else(|| record_of_card(deck, &card));
        }
        if let Some(r) = jump {
            self.kind = None;
            self.group = None;
            self.filter = None;
            self.search.clear();
            self.select(r);
        }
    }

    fn preview(&mut self, ui: &mut egui::Ui) {
        ui.label(RichText::new("Preview").color(GOLD).size(16.0));
        ui.horizontal_wrapped(|ui| {
            let names: Vec<String> = self
                .templates
                .names()
                .iter()
                .map(|s| s.to_string())
                .collect();
            egui::ComboBox::from_label("Template")
                .selected_text(if self.preview.template.is_empty() {
                    "card's own".to_string()
                } else {
                    self.preview.template.clone()
                })
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.preview.template, String::new(), "card's own");
                    for n in names {
                        ui.selectable_value(&mut self.preview.template, n.clone(), n);
                    }
                });
            egui::ComboBox::from_label("Card size")
                .selected_text(CARD_SIZES[self.preview.size].0)
                .show_ui(ui, |ui| {
                    for (i, (n, w, h)) in CARD_SIZES.iter().enumerate() {
                        ui.selectable_value(&mut self.preview.size, i, format!("{n} {w}×{h} mm"));
                    }
                });
        });
        let stale = self.checked.as_ref().is_some_and(|c| c.deck.is_none());
        if stale {
            ui.label(
                RichText::new("The deck has problems: showing its last valid version")
                    .color(ALERT)
                    .size(11.0),
            );
        }
        if self.templates.names().is_empty() {
            ui.label(
                RichText::new(format!(
                    "{} has no card templates yet: its cards are checked but not drawn.",
                    self.schemas[self.current].title
                ))
                .color(DIM),
            );
            return;
        }
        self.refresh_faces();
        let Some(faces) = &self.preview.faces else {
            ui.label(RichText::new("Nothing to preview").color(DIM));
            return;
        };
        let avail = ui.available_size();
        let h = ((avail.y - 30.0) / 2.0)
            .min(avail.x * 1.3)
            .clamp(80.0, 420.0);
        for (face, name) in [
            (Face::Card(0), "Front of the card"),
            (Face::Back, "Back of the card"),
        ] {
            if matches!(face, Face::Card(_)) && faces.deck().cards.is_empty() {
                continue;
            }
            ui.label(RichText::new(name).color(DIM).size(11.0));
            let (rect, resp) = ui.allocate_exact_size(faces.size(h), egui::Sense::hover());
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Image, true, format!("{name} preview"))
            });
            faces.paint(ui.painter(), rect, face);
            print_problems::outline(ui, faces, rect, face);
        }
    }

    /// Lists what the deck would print less well than designed, at the
    /// preview's card size, once per change (only the cards changed are
    /// laid out again).
    fn check_print(&mut self) {
        let key = (self.generation, self.preview.size);
        if self.preview.problems_key == Some(key) {
            return;
        }
        let Some(print) = self.preview.last_good.as_ref() else {
            return;
        };
        self.preview.problems_key = Some(key);
        let (_, width, height) = CARD_SIZES[self.preview.size];
        let frame = Frame {
            width,
            height,
            bleed: 0.0,
        };
        let roots: Vec<PathBuf> = self.source.dir.iter().cloned().collect();
        self.preview
            .problems
            .update(print, &self.templates, frame, &roots);
    }

    /// Rebuilds the preview's faces when the deck, the selection or the
    /// options changed.
    fn refresh_faces(&mut self) {
        let key = (
            self.generation,
            self.selected.clone(),
            self.preview.template.clone(),
            self.preview.size,
        );
        if self.preview.key.as_ref() == Some(&key) {
            return;
        }
        let (Ok(deck), Some(print)) = (&self.deck, self.preview.last_good.as_ref()) else {
            // Not checked yet (a deck just opened): try again next frame.
            self.preview.faces = None;
            return;
        };
        self.preview.key = Some(key);
        let card = self
            .selected
            .as_ref()
            .and_then(|id| deck.print_index(id, print))
            .and_then(|i| print.cards.get(i).cloned())
            .map(|mut c| {
                if !self.preview.template.is_empty() {
                    c.template = self.preview.template.clone();
                }
                c
            });
        // A double-sided card previews its own other side as its back.
        let back = card
            .as_ref()
            .map_or(&print.back, |c| c.back_or(&print.back))
            .clone();
        let one = PrintDeck {
            game: print.game.clone(),
            title: print.title.clone(),
            cards: card.into_iter().collect(),
            back,
        };
        let (_, w, h) = CARD_SIZES[self.preview.size];
        let frame = Frame {
            width: w,
            height: h,
            bleed: 0.0,
        };
        let roots = self.source.dir.iter().cloned().collect();
        self.preview.faces = Some(Faces::new(one, self.templates.clone(), frame, roots));
    }
}

/// The record a printed card comes from: the one whose printed id is the
/// card's, else the closest whose id the card's starts with (a referee's
/// copies `var_review-1`, `var_review-2` are the record `var_review`).
fn record_of_card(deck: &Deck, card: &str) -> Option<RecordId> {
    let mut best: Option<(usize, RecordId)> = None;
    for r in deck.records() {
        let Some(c) = deck.collection(&r).filter(|c| !c.print_id.is_empty()) else {
            continue;
        };
        let want = deck.expand(&r, c.print_id);
        let score = if want == card {
            usize::MAX
        } else if card
            .strip_prefix(want.as_str())
            .is_some_and(|rest| rest.starts_with('-'))
        {
            want.len()
        } else {
            continue;
        };
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, r));
        }
    }
    best.map(|(_, r)| r)
}

/// A drop-down of `options` (with an empty entry when `optional`).
fn choice_box(
    ui: &mut egui::Ui,
    salt: (RecordId, &'static str),
    text: &mut String,
    options: &[&str],
    optional: bool,
    label: egui::Id,
) {
    egui::ComboBox::from_id_salt(("choice", salt))
        .selected_text(if text.is_empty() {
            "—".to_string()
        } else {
            text.clone()
        })
        .show_ui(ui, |ui| {
            if optional {
                ui.selectable_value(text, String::new(), "—");
            }
            for o in options {
                ui.selectable_value(text, (*o).to_string(), *o);
            }
        })
        .response
        .labelled_by(label);
}

/// The group a field belongs to: the first part of a dotted key
/// (`trained` for `trained.strength`), `""` for a plain key.
fn group_of(key: &str) -> &str {
    key.split_once('.').map_or("", |(g, _)| g)
}

/// Whether a loader error's field (`trained.abilities.timing`) names the
/// field `key` of a record (`timing`).
fn names_field(error_field: &str, key: &str) -> bool {
    error_field == key
        || error_field
            .strip_suffix(key)
            .is_some_and(|rest| rest.ends_with('.'))
}

/// `one_off` as a heading: `One off`.
fn title_case(key: &str) -> String {
    let words = key.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A label as a heading over several (`Ops`, `Abilities`).
fn plural(label: &str) -> String {
    if let Some(stem) = label.strip_suffix('y') {
        format!("{stem}ies")
    } else if label.ends_with('s') {
        label.to_string()
    } else {
        format!("{label}s")
    }
}
