//! The deck editor screen: the card list, the typed form, the live preview
//! from the printed Scene, deck problems with jump-to-card, undo and redo,
//! atomic save, CSV import and export; and the house rules editor.
//!
//! Everything here is drawn from [`crate::editor`]'s schema, so any deck
//! the schema describes is editable without code in this file.

use crate::cards::source::DataSource;
use crate::editor::{Checked, Deck, DeckSchema, FieldKind, FieldSpec, Location, RecordId, csv};
use crate::layout::{Frame, PrintDeck, TemplateSet};
use crate::render::sheet::CARD_SIZES;
use crate::ui::dialog::{Ask, Pending, Poll};
use crate::ui::faces::{Face, Faces};
use crate::ui::print_problems::{self, PrintProblems};
use egui::RichText;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use crate::ui::palette::{ALERT, CHALK, DIM, GOLD};

mod form;
mod list;
mod recovery;
mod rules_tab;

pub use recovery::{Recovery, RecoveryChoice, offer_recovery};
pub use rules_tab::RulesEditor;
use rules_tab::RulesTab;

/// What the editor asks of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorRequest {
    /// Back to the start screen; the data on disk may have changed, so the
    /// start screen reloads from this source.
    Close(DataSource),
    /// Open the print dialog on this data, unsaved edits included.
    Print(DataSource),
    /// Open the balance lab on this data, unsaved edits included, on the
    /// deck's game (a registry id).
    Lab(DataSource, Option<&'static str>),
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
                && let Some(source) = self.edited_source()
            {
                request = Some(EditorRequest::Print(source));
            }
            if self.tab == Tab::Cards
                && ui
                    .button("Test this deck")
                    .on_hover_text(
                        "The balance lab on the deck as it stands, unsaved edits included: balance, duration and card values",
                    )
                    .clicked()
                && let Some(source) = self.edited_source()
            {
                let game = self.schemas[self.current].game;
                request = Some(EditorRequest::Lab(source, crate::games::find(game).map(|g| g.id)));
            }
            if ui.button("Back").clicked() {
                request = request.take().or_else(|| self.leave(Leaving::Close));
            }
        });
        request
    }

    /// The data as it stands, the deck's unsaved edits standing in for its
    /// files (what printing and the lab read); `None` while the deck does
    /// not load.
    fn edited_source(&self) -> Option<DataSource> {
        let deck = self.deck.as_ref().ok()?;
        let mut source = self.source.clone();
        source.overrides = deck
            .texts()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        Some(source)
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
