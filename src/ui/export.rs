//! The export dialog: print-and-play PDFs from the app, with the options
//! of `touchline export` as widgets and a preview of the first sheet.
//!
//! The widgets edit one [`ExportOptions`], the type the command line
//! builds from its arguments, and the export runs the same pipeline
//! ([`crate::render::options::export`]), so the dialog and the command
//! write the same file for the same choices. The preview is the first page
//! of that export, laid out by the same sheet geometry and card Scenes and
//! drawn with the egui backend; it is recomputed only when an option
//! changes. The native save dialog and the export each run on their own
//! thread, so the window keeps repainting; an export can be cancelled,
//! and the file is written atomically, so a cancelled or failed export
//! never leaves part of a file behind or touches an existing one.

use super::dialog::{Ask, Pending, Poll};
use crate::cards::DataSource;
use crate::layout::{PrintDeck, Selection};
use crate::render::changed;
use crate::render::document::FirstSheet;
use crate::render::egui::{View, paint};
use crate::render::options::{self, ExportOptions, Prepared, PrintError, PrintGame, Progress};
use crate::render::output::Output;
use crate::render::sheet::{
    Backs, CARD_SIZES, CardSize, Change, Cheaper, CropStyle, Cuts, Ink, MAX_BLEED, MAX_COPIES,
    MIN_MARGIN, Orientation, Paper, SheetOptions, Tally,
};
use egui::{Color32, RichText, Sense, Stroke, StrokeKind, TextureHandle, Vec2};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// How often the window repaints while it waits for a thread.
const POLL: std::time::Duration = std::time::Duration::from_millis(50);

const ERROR: Color32 = Color32::from_rgb(0xE0, 0x4A, 0x3C);
const OK: Color32 = Color32::from_rgb(0x3C, 0x9A, 0x50);
const WARN: Color32 = Color32::from_rgb(0xC8, 0x8A, 0x10);

/// What the dialog asks its owner to do.
#[derive(Clone, Debug, PartialEq)]
pub enum ExportEvent {
    /// The user closed the dialog (dropping it cancels a running export).
    Close,
    /// A PDF was written (reported once, the frame it finished).
    Exported(ExportSummary),
}

/// A finished export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportSummary {
    /// Where the PDF was written.
    pub path: PathBuf,
    /// Its pages.
    pub pages: usize,
    /// Card faces printed.
    pub cards: usize,
    /// Its size in bytes.
    pub bytes: usize,
    /// The report shown: `8 a page, 50 pages, 25 sheets, 198 cards,
    /// 98.2 KB`, and with only the changed cards, which they are.
    pub text: String,
}

/// How the last export ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportOutcome {
    /// The file was written.
    Done(ExportSummary),
    /// The user cancelled it; nothing was written.
    Cancelled,
    /// It failed; nothing was written. The message says why.
    Failed(String),
    /// Only the changed cards were asked for and none changed since the
    /// last print to this file: nothing was written.
    Unchanged(PathBuf),
}

/// Which cards of the chosen decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    Deck,
    Kinds,
    Ids,
    Only,
}

/// A deck's title, size, kinds and `--only` selectors (its kinds, then
/// its nations), or why it cannot be loaded.
type Described = Result<(String, usize, Vec<String>, Vec<String>), String>;

/// A deck the pipeline can print, as the dialog lists it.
struct DeckEntry {
    game: PrintGame,
    chosen: bool,
    /// Its title, size and kinds, or why it cannot be loaded.
    loaded: Described,
}

/// What [`Prepared`] depends on: the decks and the templates folder.
type LoadKey = (Vec<PrintGame>, Option<PathBuf>);

enum WorkerMessage {
    Progress(Progress),
    Done(ExportOutcome),
}

/// The first sheet being laid out on its own thread (decks, templates and
/// pictures loaded first when the chosen games changed), so the window
/// keeps drawing while it works.
struct Layout {
    /// The options it lays out.
    options: ExportOptions,
    /// The decks and templates folder it loads for.
    key: LoadKey,
    /// Set when its result is no longer wanted (the options changed again,
    /// or the dialog closed): the thread stops before laying out.
    cancel: Arc<AtomicBool>,
    /// The freshly loaded decks (when they were loaded) and the sheet.
    messages: Receiver<LayoutDone>,
}

/// What a layout thread sends back: the decks (when it read them), the
/// first sheet, the print warnings and the paper and ink it takes.
type LayoutDone = (
    Option<Arc<Result<Prepared, String>>>,
    Result<FirstSheet, String>,
    Vec<String>,
    Option<Facts>,
);

/// The paper and ink an export takes, as the dialog shows them.
#[derive(Clone, Debug, PartialEq)]
struct Facts {
    /// Cards a page, pages and sheets.
    tally: Tally,
    /// A setting that takes fewer sheets.
    cheaper: Option<Cheaper>,
    /// Estimated ink of the first fronts page and of its backs page.
    ink: (f32, Option<f32>),
}

impl Drop for Layout {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// An export running on its own thread.
struct Worker {
    path: PathBuf,
    cancel: Arc<AtomicBool>,
    messages: Receiver<WorkerMessage>,
    progress: Progress,
}

impl Drop for Worker {
    /// A dialog closed during an export stops the export.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The export dialog.
pub struct ExportDialog {
    source: DataSource,
    decks: Vec<DeckEntry>,
    /// The decks' descriptions while they are read on their own thread.
    loading: Option<Receiver<Vec<Described>>>,
    pick: Pick,
    kinds: Vec<(String, bool)>,
    /// Nations and decks (`--only`), each ticked or not.
    only: Vec<(String, bool)>,
    ids: String,
    /// Print only the cards changed since the last print to the file
    /// chosen (`--changed`).
    changed: bool,
    sheet: SheetOptions,
    custom_paper: (f32, f32),
    custom_card: (f32, f32),
    corner_guide: bool,
    corner_radius: f32,
    alignment_test: bool,
    templates: Option<PathBuf>,
    /// Decks, templates and pictures for the games and templates folder
    /// they were loaded for.
    prepared: Option<(LoadKey, Arc<Result<Prepared, String>>)>,
    /// The first sheet for the options it was laid out for.
    preview: Option<(ExportOptions, Result<FirstSheet, String>)>,
    /// The first sheet for the current options, while it is laid out.
    layout: Option<Layout>,
    /// What the previewed options would print less well than designed.
    warnings: Vec<String>,
    /// The paper and ink of the previewed options.
    facts: Option<Facts>,
    textures: HashMap<String, Option<TextureHandle>>,
    choosing: Option<Pending<()>>,
    choosing_templates: Option<Pending<()>>,
    worker: Option<Worker>,
    last: Option<ExportOutcome>,
}

impl ExportDialog {
    /// A dialog over the card data in `source` (the embedded defaults or
    /// a user folder, where card pictures are found too), set to what
    /// `touchline export` prints without options.
    pub fn new(source: DataSource) -> ExportDialog {
        let all = PrintGame::all();
        let decks: Vec<DeckEntry> = all
            .iter()
            .map(|&game| DeckEntry {
                game,
                // The first deck starts chosen, as `touchline export`
                // prints it without options; the others are a tick away.
                chosen: Some(&game) == all.first(),
                loaded: Err("loading".into()),
            })
            .collect();
        // Every deck is read and checked on its own thread: the dialog
        // opens at once and lists them when they are in.
        let (tx, rx) = channel();
        let from = source.clone();
        std::thread::spawn(move || {
            let loaded: Vec<Described> = all
                .iter()
                .map(|game| game.load(&from).map(describe).map_err(|e| e.to_string()))
                .collect();
            let _ = tx.send(loaded);
        });
        ExportDialog {
            source,
            decks,
            loading: Some(rx),
            pick: Pick::Deck,
            kinds: Vec::new(),
            only: Vec::new(),
            ids: String::new(),
            changed: false,
            sheet: SheetOptions::default(),
            custom_paper: (210.0, 297.0),
            custom_card: (63.5, 88.9),
            corner_guide: false,
            corner_radius: 3.0,
            alignment_test: false,
            templates: None,
            prepared: None,
            preview: None,
            layout: None,
            warnings: Vec::new(),
            facts: None,
            textures: HashMap::new(),
            choosing: None,
            choosing_templates: None,
            worker: None,
            last: None,
        }
    }

    /// Uses the templates in `dir` (laid out like `templates/`) over the
    /// built-in ones, as `touchline export --templates DIR` does.
    pub fn with_templates(mut self, dir: Option<PathBuf>) -> ExportDialog {
        self.templates = dir;
        self
    }

    /// The options the widgets describe: what an export would print.
    pub fn options(&self) -> ExportOptions {
        let games = self
            .decks
            .iter()
            .filter(|d| d.chosen && d.loaded.is_ok())
            .map(|d| d.game)
            .collect();
        let selection = match self.pick {
            Pick::Deck => Selection::Deck,
            Pick::Kinds => Selection::Kinds(
                self.kinds
                    .iter()
                    .filter(|(_, on)| *on)
                    .map(|(k, _)| k.clone())
                    .collect(),
            ),
            Pick::Ids => Selection::Ids(
                self.ids
                    .split([',', ' ', '\n', '\t'])
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect(),
            ),
            Pick::Only => Selection::Only(
                self.only
                    .iter()
                    .filter(|(_, on)| *on)
                    .map(|(k, _)| k.clone())
                    .collect(),
            ),
        };
        let mut sheet = self.sheet.clone();
        sheet.corner_guide = self.corner_guide.then_some(self.corner_radius);
        ExportOptions {
            games,
            selection,
            sheet,
            alignment_test: self.alignment_test,
            templates: self.templates.clone(),
        }
    }

    /// Whether an export is running.
    pub fn is_running(&self) -> bool {
        self.worker.is_some()
    }

    /// Whether the preview is being laid out for options just changed (the
    /// preview shown is still the last one until it is done).
    pub fn is_laying_out(&self) -> bool {
        self.layout.is_some() || self.loading.is_some()
    }

    /// Picks up the decks' descriptions once their thread has read them.
    fn poll_loading(&mut self) {
        let Some(rx) = &self.loading else { return };
        let loaded = match rx.try_recv() {
            Ok(loaded) => loaded,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => {
                vec![Err("the decks could not be read".to_string()); self.decks.len()]
            }
        };
        self.loading = None;
        for (d, l) in self.decks.iter_mut().zip(loaded) {
            d.loaded = l;
        }
        for d in &self.decks {
            if let Ok((_, _, ks, only)) = &d.loaded {
                for k in ks {
                    if !self.kinds.iter().any(|(have, _)| have == k) {
                        self.kinds.push((k.clone(), false));
                    }
                }
                for o in only {
                    if !self.only.iter().any(|(have, _)| have == o) {
                        self.only.push((o.clone(), false));
                    }
                }
            }
        }
    }

    /// How far the running export has got.
    pub fn progress(&self) -> Option<Progress> {
        self.worker.as_ref().map(|w| w.progress)
    }

    /// How the last export ended, once it has.
    pub fn last_outcome(&self) -> Option<&ExportOutcome> {
        self.last.as_ref()
    }

    /// The first sheet as last previewed, or why it cannot be printed.
    pub fn first_sheet(&self) -> Option<Result<&FirstSheet, &str>> {
        self.preview
            .as_ref()
            .map(|(_, r)| r.as_ref().map_err(String::as_str))
    }

    /// Starts exporting the current options to `path` on a worker thread,
    /// as the "Export PDF…" button does once the save dialog has answered.
    /// Does nothing while an export is running. Like `touchline export`,
    /// it keeps the card hashes beside the PDF (`FILE.pdf.cards`) and,
    /// with "only the changed cards", prints only those that differ.
    pub fn export_to(&mut self, path: impl Into<PathBuf>) {
        if self.worker.is_some() {
            return;
        }
        let path = path.into();
        let mut options = self.options();
        let only_changed = self.changed && !options.alignment_test;
        let source = self.source.clone();
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, rx) = channel();
        let stop = Arc::clone(&cancel);
        let target = path.clone();
        std::thread::spawn(move || {
            let decks = if options.alignment_test {
                Vec::new()
            } else {
                match options.games.iter().map(|g| g.load(&source)).collect() {
                    Ok(decks) => decks,
                    Err(e) => {
                        let e: PrintError = e;
                        let _ = tx.send(WorkerMessage::Done(ExportOutcome::Failed(e.to_string())));
                        return;
                    }
                }
            };
            // Only the changed cards go to NAME.changed.pdf beside the
            // chosen file, which stays as it is.
            let mut changed_words = None;
            let mut write_to = target.clone();
            if only_changed {
                match changed::changes(&decks, &target) {
                    Ok(changes) => match changes.selection() {
                        Some(selection) => {
                            options.selection = selection;
                            changed_words = Some(changes.describe(&target));
                            write_to = changed::changed_path(&target);
                        }
                        None => {
                            let _ = tx.send(WorkerMessage::Done(ExportOutcome::Unchanged(target)));
                            return;
                        }
                    },
                    Err(e) => {
                        let _ = tx.send(WorkerMessage::Done(ExportOutcome::Failed(e.to_string())));
                        return;
                    }
                }
            }
            let output = match Output::check(&write_to) {
                Ok(o) => o,
                Err(e) => {
                    let _ = tx.send(WorkerMessage::Done(ExportOutcome::Failed(e.to_string())));
                    return;
                }
            };
            let result = options::export(&options, &source, &mut |p| {
                let _ = tx.send(WorkerMessage::Progress(p));
                if stop.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            let outcome = match result {
                Err(e) if e.is_cancelled() => ExportOutcome::Cancelled,
                Err(e) => ExportOutcome::Failed(e.to_string()),
                // A cancel that arrives after the last page still wins:
                // nothing has been written yet.
                Ok(_) if stop.load(Ordering::Relaxed) => ExportOutcome::Cancelled,
                Ok(out) => match output
                    .write(&out.pdf)
                    .map_err(|e| e.to_string())
                    .and_then(|()| {
                        if decks.is_empty() {
                            Ok(())
                        } else {
                            changed::record(&decks, &target).map_err(|e| e.to_string())
                        }
                    }) {
                    Ok(()) => ExportOutcome::Done(ExportSummary {
                        path: write_to.clone(),
                        pages: out.pages,
                        cards: out.cards,
                        bytes: out.pdf.len(),
                        text: match &changed_words {
                            Some(w) => {
                                format!("{}. {w}", options::summary(&out, options.alignment_test))
                            }
                            None => options::summary(&out, options.alignment_test),
                        },
                    }),
                    Err(e) => ExportOutcome::Failed(e),
                },
            };
            let _ = tx.send(WorkerMessage::Done(outcome));
        });
        self.last = None;
        self.worker = Some(Worker {
            path,
            cancel,
            messages: rx,
            progress: Progress { done: 0, total: 0 },
        });
    }

    /// Asks the running export to stop; it ends without writing anything.
    pub fn cancel(&mut self) {
        if let Some(w) = &self.worker {
            w.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Opens the save dialog (the desktop's, or the app's own where there
    /// is none) without blocking; the answer is picked up by `poll`.
    fn ask_for_file(&mut self) {
        if self.choosing.is_some() || self.worker.is_some() {
            return;
        }
        let name = match self.options().games.as_slice() {
            [one] => format!("{}.pdf", one.id()),
            _ => "decks.pdf".to_string(),
        };
        self.choosing = Some(Pending::open(Ask::Save("PDF", &["pdf"], name), ()));
    }

    /// Opens the folder picker for a templates folder without blocking;
    /// the answer is picked up by `poll`.
    fn ask_for_templates(&mut self) {
        if self.choosing_templates.is_some() {
            return;
        }
        self.choosing_templates = Some(Pending::open(Ask::Folder, ()));
    }

    /// Picks up the file dialogs' answers and the worker's messages.
    fn poll(&mut self, ctx: &egui::Context) -> Option<ExportEvent> {
        if let Some(p) = &mut self.choosing_templates
            && let Poll::Done(dir) = p.poll(ctx)
        {
            self.choosing_templates = None;
            if dir.is_some() {
                self.templates = dir;
            }
        }
        if let Some(p) = &mut self.choosing
            && let Poll::Done(path) = p.poll(ctx)
        {
            self.choosing = None;
            if let Some(path) = path {
                self.export_to(path);
            }
        }
        let mut finished = None;
        if let Some(w) = &mut self.worker {
            loop {
                match w.messages.try_recv() {
                    Ok(WorkerMessage::Progress(p)) => w.progress = p,
                    Ok(WorkerMessage::Done(outcome)) => {
                        finished = Some(outcome);
                        break;
                    }
                    Err(TryRecvError::Empty) => break,
                    // A worker that vanished without a word has failed.
                    Err(TryRecvError::Disconnected) => {
                        finished = Some(ExportOutcome::Failed(format!(
                            "the export to {} stopped unexpectedly",
                            w.path.display()
                        )));
                        break;
                    }
                }
            }
        }
        let outcome = finished?;
        self.worker = None;
        self.last = Some(outcome.clone());
        match outcome {
            ExportOutcome::Done(summary) => Some(ExportEvent::Exported(summary)),
            _ => None,
        }
    }

    /// Starts laying out the first sheet again if the options changed
    /// since the last time (reloading decks and templates if those
    /// changed), on its own thread: loading the decks and pictures and
    /// laying out a sheet take long enough to freeze the window.
    fn refresh(&mut self) {
        if self.loading.is_some() {
            return;
        }
        let options = self.options();
        if self.preview.as_ref().is_some_and(|(o, _)| *o == options)
            || self.layout.as_ref().is_some_and(|l| l.options == options)
        {
            return;
        }
        if options.games.is_empty() {
            // A chosen deck that cannot be loaded says why; otherwise
            // nothing is chosen.
            let why = self
                .decks
                .iter()
                .filter(|d| d.chosen)
                .find_map(|d| d.loaded.clone().err())
                .unwrap_or_else(|| "choose at least one deck".to_string());
            self.layout = None;
            self.preview = Some((options, Err(why)));
            return;
        }
        let key = (options.games.clone(), options.templates.clone());
        let loaded = self
            .prepared
            .as_ref()
            .filter(|(k, _)| *k == key)
            .map(|(_, p)| Arc::clone(p));
        let source = self.source.clone();
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        let (tx, rx) = channel();
        let wanted = options.clone();
        std::thread::spawn(move || {
            let fresh = loaded.is_none();
            let prepared = loaded.unwrap_or_else(|| {
                Arc::new(Prepared::load(&wanted, &source).map_err(|e| e.to_string()))
            });
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let sheet = match prepared.as_ref() {
                Ok(p) => p
                    .first_sheet(&wanted)
                    .map_err(|e: PrintError| e.to_string()),
                Err(e) => Err(e.clone()),
            };
            // Warned of before any paper is used: marks without room, cut
            // text, tiny type, missing pictures and glyphs.
            let mut warnings = Vec::new();
            let mut facts = None;
            if let (Ok(first), Ok(p)) = (&sheet, prepared.as_ref())
                && !wanted.alignment_test
            {
                warnings.extend(crate::render::sheet::warnings(&wanted.sheet));
                if let Ok(w) = p.warnings(&wanted) {
                    warnings.extend(crate::render::document::describe_warnings(&w));
                }
                // The backs page follows the first fronts page (duplex);
                // in fold mode both are on the first page.
                let backs = match wanted.sheet.backs {
                    Backs::DuplexLong | Backs::DuplexShort => {
                        p.page(&wanted, 1).ok().map(|b| b.ink())
                    }
                    Backs::None | Backs::Fold => None,
                };
                if let Ok((tally, cheaper)) = p.paper(&wanted) {
                    facts = Some(Facts {
                        tally,
                        cheaper,
                        ink: (first.ink(), backs),
                    });
                }
            }
            let _ = tx.send((fresh.then_some(prepared), sheet, warnings, facts));
        });
        // A layout for older options is dropped, which cancels it.
        self.layout = Some(Layout {
            options,
            key,
            cancel,
            messages: rx,
        });
    }

    /// Picks up the first sheet once its thread has laid it out.
    fn poll_layout(&mut self) {
        let Some(l) = &self.layout else { return };
        let done = match l.messages.try_recv() {
            Ok(done) => done,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => (
                None,
                Err("the preview stopped unexpectedly".to_string()),
                Vec::new(),
                None,
            ),
        };
        let Some(l) = self.layout.take() else { return };
        let (prepared, sheet, warnings, facts) = done;
        if let Some(p) = prepared {
            self.prepared = Some((l.key.clone(), p));
            self.textures.clear();
        }
        self.warnings = warnings;
        self.facts = facts;
        self.preview = Some((l.options.clone(), sheet));
    }

    /// Draws the dialog; returns what the owner should do, if anything.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<ExportEvent> {
        if !super::fonts::ready(ui.ctx()) {
            return None;
        }
        let mut event = self.poll(ui.ctx());
        self.poll_loading();
        self.poll_layout();
        self.refresh();
        if self.worker.is_some()
            || self.choosing.is_some()
            || self.choosing_templates.is_some()
            || self.is_laying_out()
        {
            ui.ctx().request_repaint_after(POLL);
        }
        ui.horizontal_top(|ui| {
            let height = ui.available_height();
            ui.allocate_ui(Vec2::new(380.0, height), |ui| {
                ui.vertical(|ui| {
                    if self.actions(ui) {
                        event = Some(ExportEvent::Close);
                    }
                    ui.separator();
                    egui::ScrollArea::vertical()
                        .auto_shrink([false, false])
                        .show(ui, |ui| self.choices(ui));
                });
            });
            ui.separator();
            ui.vertical(|ui| self.preview(ui));
        });
        event
    }

    /// Export, Close, the progress bar and the last result. Returns
    /// whether Close was pressed.
    fn actions(&mut self, ui: &mut egui::Ui) -> bool {
        ui.heading("Print and play");
        // The sheet shown must be the one for the options chosen.
        let printable = !self.is_laying_out() && self.first_sheet().is_some_and(|r| r.is_ok());
        let idle = self.worker.is_none() && self.choosing.is_none();
        let mut close = false;
        ui.horizontal(|ui| {
            let why = if self.is_laying_out() {
                "The preview is being laid out"
            } else if idle {
                "Fix the problem shown above the preview first"
            } else {
                "An export is under way"
            };
            let export = ui
                .add_enabled(printable && idle, egui::Button::new("Export PDF…"))
                .on_disabled_hover_text(why);
            if export.clicked() {
                self.ask_for_file();
            }
            if ui.button("Close").clicked() {
                close = true;
            }
        });
        if self.choosing.is_some() {
            ui.label("Choose where to save the PDF…");
        }
        let mut cancel = false;
        if let Some(w) = &self.worker {
            let p = w.progress;
            let stopping = w.cancel.load(Ordering::Relaxed);
            let text = if stopping {
                "Cancelling…".to_string()
            } else if p.total == 0 {
                "Loading the decks…".to_string()
            } else {
                format!("Drawing card sides: {} of {}", p.done, p.total)
            };
            ui.add(egui::ProgressBar::new(p.fraction()).text(text));
            ui.horizontal(|ui| {
                ui.label(format!("Exporting to {}", w.path.display()));
                cancel = ui
                    .add_enabled(!stopping, egui::Button::new("Cancel"))
                    .clicked();
            });
        }
        if cancel {
            self.cancel();
        }
        match &self.last {
            Some(ExportOutcome::Done(s)) => {
                ui.label(
                    RichText::new(format!("Wrote {}: {}", s.path.display(), s.text)).color(OK),
                );
            }
            Some(ExportOutcome::Cancelled) => {
                ui.label("Export cancelled: no file was written");
            }
            Some(ExportOutcome::Failed(e)) => {
                ui.label(RichText::new(format!("Export failed: {e}")).color(ERROR));
            }
            Some(ExportOutcome::Unchanged(path)) => {
                ui.label(format!(
                    "Nothing changed since the last print to {}: no file written",
                    path.display()
                ));
            }
            None => {}
        }
        close
    }

    /// Every option, as labelled widgets.
    fn choices(&mut self, ui: &mut egui::Ui) {
        ui.label(RichText::new("Decks").strong());
        if self.loading.is_some() {
            ui.label(RichText::new("Reading the decks…").color(Color32::GRAY));
        }
        for d in self.decks.iter_mut().filter(|_| self.loading.is_none()) {
            match &d.loaded {
                Ok((title, count, _, _)) => {
                    ui.checkbox(&mut d.chosen, format!("{title} ({count} cards)"));
                }
                Err(e) => {
                    ui.label(
                        RichText::new(format!("{}: cannot be printed: {e}", d.game.name()))
                            .color(ERROR),
                    );
                }
            }
        }

        ui.add_space(6.0);
        ui.label(RichText::new("Cards").strong());
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.pick, Pick::Deck, "Whole deck");
            ui.radio_value(&mut self.pick, Pick::Kinds, "By kind");
            ui.radio_value(&mut self.pick, Pick::Ids, "Picked cards");
            ui.radio_value(&mut self.pick, Pick::Only, "Nations and decks");
        });
        match self.pick {
            Pick::Deck => {}
            Pick::Kinds => {
                ui.horizontal_wrapped(|ui| {
                    for (kind, on) in &mut self.kinds {
                        ui.checkbox(on, kind.as_str());
                    }
                });
            }
            Pick::Only => {
                ui.horizontal_wrapped(|ui| {
                    for (selector, on) in &mut self.only {
                        ui.checkbox(on, selector.as_str());
                    }
                });
            }
            Pick::Ids => {
                let label = ui.label("Card ids (an id without its copy number means every copy)");
                ui.add(
                    egui::TextEdit::singleline(&mut self.ids)
                        .hint_text("BRA-9, var_review")
                        .desired_width(340.0),
                )
                .labelled_by(label.id);
            }
        }
        ui.horizontal(|ui| {
            let l = ui.label("Copies");
            ui.add(
                egui::DragValue::new(&mut self.sheet.copies)
                    .range(1..=MAX_COPIES)
                    .speed(0.1),
            )
            .labelled_by(l.id)
            .on_hover_text("Each chosen card is printed this many times, copies side by side");
        });
        ui.checkbox(
            &mut self.changed,
            "Only cards changed since the last print to the chosen file",
        )
        .on_hover_text(
            "Every export keeps the cards' hashes beside the PDF (FILE.pdf.cards); \
             this prints only the cards that are new or differ, one game at a time",
        );

        ui.add_space(6.0);
        ui.label(RichText::new("Paper").strong());
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.sheet.paper, Paper::A4, "A4");
            ui.radio_value(&mut self.sheet.paper, Paper::Letter, "Letter");
            ui.radio_value(&mut self.sheet.paper, Paper::A3, "A3");
            let custom = matches!(self.sheet.paper, Paper::Custom { .. });
            if ui.radio(custom, "Custom paper").clicked() && !custom {
                let (width, height) = self.custom_paper;
                self.sheet.paper = Paper::Custom { width, height };
            }
        });
        if let Paper::Custom { width, height } = &mut self.sheet.paper {
            number(ui, "Paper width (mm)", width, 50.0..=2000.0);
            number(ui, "Paper height (mm)", height, 50.0..=2000.0);
            self.custom_paper = (*width, *height);
        }
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.sheet.orientation, None, "Best fit");
            ui.radio_value(
                &mut self.sheet.orientation,
                Some(Orientation::Portrait),
                "Portrait",
            );
            ui.radio_value(
                &mut self.sheet.orientation,
                Some(Orientation::Landscape),
                "Landscape",
            );
        });

        ui.add_space(6.0);
        ui.label(RichText::new("Card size").strong());
        ui.horizontal_wrapped(|ui| {
            for (name, w, h) in CARD_SIZES {
                let chosen = self.sheet.card.name == name;
                if ui.radio(chosen, card_label(name, w, h)).clicked() && !chosen {
                    self.sheet.card = CardSize {
                        name: name.to_string(),
                        width: w,
                        height: h,
                    };
                }
            }
            let custom = !CARD_SIZES
                .iter()
                .any(|(n, _, _)| *n == self.sheet.card.name);
            if ui.radio(custom, "Custom card").clicked() && !custom {
                self.sheet.card = custom_card(self.custom_card);
            }
        });
        if !CARD_SIZES
            .iter()
            .any(|(n, _, _)| *n == self.sheet.card.name)
        {
            let (mut w, mut h) = (self.sheet.card.width, self.sheet.card.height);
            number(ui, "Card width (mm)", &mut w, 20.0..=300.0);
            number(ui, "Card height (mm)", &mut h, 20.0..=300.0);
            self.custom_card = (w, h);
            self.sheet.card = custom_card((w, h));
        }
        number(ui, "Bleed (mm)", &mut self.sheet.bleed, 0.0..=MAX_BLEED);

        ui.add_space(6.0);
        ui.label(RichText::new("Cutting").strong());
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.sheet.crop, CropStyle::Corner, "Corner marks");
            ui.radio_value(&mut self.sheet.crop, CropStyle::Extended, "Extended marks");
            ui.radio_value(&mut self.sheet.crop, CropStyle::None, "No marks");
        });
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.sheet.cuts, Cuts::Auto, "Most cards a sheet")
                .on_hover_text(
                    "Separate or shared cuts, whichever fits more cards with a mark on every cut",
                );
            ui.radio_value(&mut self.sheet.cuts, Cuts::Separate, "Separate cuts")
                .on_hover_text("Each card has its own bleed and cut lines");
            ui.radio_value(&mut self.sheet.cuts, Cuts::Shared, "Shared cuts")
                .on_hover_text("Neighbours touch: one cut between them");
        });
        ui.checkbox(&mut self.corner_guide, "Rounded-corner guide");
        if self.corner_guide {
            let most = (self.sheet.card.width.min(self.sheet.card.height) / 2.0).max(0.5);
            number(
                ui,
                "Corner radius (mm)",
                &mut self.corner_radius,
                0.5..=most,
            );
        }

        ui.add_space(6.0);
        ui.label(RichText::new("Backs").strong());
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(
                &mut self.sheet.backs,
                Backs::DuplexLong,
                "Duplex, long edge",
            );
            ui.radio_value(
                &mut self.sheet.backs,
                Backs::DuplexShort,
                "Duplex, short edge",
            );
            ui.radio_value(&mut self.sheet.backs, Backs::Fold, "Fold in half");
            ui.radio_value(&mut self.sheet.backs, Backs::None, "No backs");
        });
        number(
            ui,
            "Printer offset x (mm)",
            &mut self.sheet.offset_x,
            -20.0..=20.0,
        );
        number(
            ui,
            "Printer offset y (mm)",
            &mut self.sheet.offset_y,
            -20.0..=20.0,
        );
        ui.label(RichText::new("Ink").strong());
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut self.sheet.ink, Ink::Full, "Full colour");
            ui.radio_value(&mut self.sheet.ink, Ink::LightBacks, "Light backs")
                .on_hover_text("Backs as an outline and their name");
            ui.radio_value(&mut self.sheet.ink, Ink::Light, "Light backs and fronts")
                .on_hover_text("Large areas of the faces as pale tints, text kept readable");
        });
        ui.checkbox(
            &mut self.sheet.grayscale,
            "Grayscale proof (colours as greys of their lightness)",
        )
        .on_hover_text("Check that no card relies on colour alone");
        ui.checkbox(
            &mut self.alignment_test,
            "Alignment test only (one sheet to measure the printer offset)",
        );

        ui.add_space(6.0);
        egui::CollapsingHeader::new("More sheet options").show(ui, |ui| {
            number(ui, "Margin (mm)", &mut self.sheet.margin, MIN_MARGIN..=50.0);
            number(ui, "Gutter (mm)", &mut self.sheet.gutter, 0.0..=30.0);
            number(
                ui,
                "Crop mark width (mm)",
                &mut self.sheet.crop_width,
                0.05..=2.0,
            );
            number(
                ui,
                "Crop mark length (mm)",
                &mut self.sheet.crop_length,
                0.5..=30.0,
            );
        });

        ui.add_space(6.0);
        ui.label(RichText::new("Templates").strong());
        let mut built_in = false;
        match &self.templates {
            Some(dir) => {
                ui.label(format!("From {} over the built-in ones", dir.display()));
                built_in = ui.button("Use the built-in templates").clicked();
            }
            None => {
                ui.label("Built-in");
            }
        }
        if built_in {
            self.templates = None;
        }
        let choose = ui.add_enabled(
            self.choosing_templates.is_none(),
            egui::Button::new("Templates folder…"),
        );
        if choose.clicked() {
            self.ask_for_templates();
        }
    }

    /// The first sheet, drawn from its page plan and card Scenes.
    fn preview(&mut self, ui: &mut egui::Ui) {
        if self.is_laying_out() {
            // A label, not a spinner: the poll above repaints often enough.
            ui.label(RichText::new("Laying out the first sheet…").color(Color32::GRAY));
        }
        let sheet = match self.preview.as_ref().map(|(_, s)| s) {
            Some(Ok(s)) => s,
            Some(Err(e)) => {
                ui.label(RichText::new(format!("Cannot print: {e}")).color(ERROR));
                return;
            }
            None => return,
        };
        let caption = if sheet.scenes.is_empty() {
            format!(
                "First sheet: alignment test, {} in all",
                options::plural(sheet.pages, "page")
            )
        } else {
            format!(
                "First sheet: {} a page · {}, {}, {} in all",
                sheet.per_page,
                options::plural(sheet.pages, "page"),
                options::plural(sheet.sheets, "sheet"),
                options::plural(sheet.cards, "card"),
            )
        };
        ui.label(caption);
        if let Some(f) = &self.facts {
            if let Some(c) = &f.cheaper {
                ui.label(
                    RichText::new(format!(
                        "Less paper: {}",
                        c.describe(&f.tally, Change::label)
                    ))
                    .color(WARN),
                );
            }
            let pct = |v: f32| format!("{:.0}%", v * 100.0);
            let ink = match f.ink {
                (front, Some(back)) => format!(
                    "Estimated ink coverage: fronts {}, backs {} of the page",
                    pct(front),
                    pct(back)
                ),
                (front, None) => {
                    format!("Estimated ink coverage: {} of the page", pct(front))
                }
            };
            ui.label(ink);
        }
        if !self.warnings.is_empty() {
            egui::CollapsingHeader::new(format!("Print warnings ({})", self.warnings.len()))
                .id_salt("print_warnings")
                .show(ui, |ui| {
                    for w in &self.warnings {
                        ui.label(RichText::new(w).color(WARN));
                    }
                });
        }
        // Pictures are uploaded once per loaded set.
        let ctx = ui.ctx().clone();
        if let Some(Ok(prepared)) = self.prepared.as_ref().map(|(_, p)| p.as_ref()) {
            for scene in &sheet.scenes {
                for item in &scene.items {
                    if let crate::layout::Shape::Image { id, .. } = &item.shape
                        && !self.textures.contains_key(id)
                    {
                        let tex = prepared
                            .images()
                            .get(id)
                            .and_then(super::faces::decode)
                            .map(|img| ctx.load_texture(id, img, egui::TextureOptions::LINEAR));
                        self.textures.insert(id.clone(), tex);
                    }
                }
            }
        }
        let textures = &self.textures;
        let texture = |id: &str| textures.get(id).and_then(|t| t.as_ref().map(|h| h.id()));

        let avail = ui.available_size() - Vec2::splat(8.0);
        let (pw, ph) = (sheet.plan.width.max(1.0), sheet.plan.height.max(1.0));
        let k = (avail.x / pw).min(avail.y / ph).max(0.1);
        let (rect, _) = ui.allocate_exact_size(Vec2::new(pw * k, ph * k), Sense::hover());
        if !ui.is_rect_visible(rect) {
            return;
        }
        let painter = ui.painter_at(rect.expand(2.0));
        painter.rect_filled(
            rect.translate(Vec2::splat(2.0)),
            0.0,
            Color32::from_black_alpha(60),
        );
        painter.rect_filled(rect, 0.0, Color32::WHITE);
        let page = View {
            origin: rect.min,
            points_per_mm: k,
        };
        for (placement, scene) in sheet.plan.cards.iter().zip(&sheet.scenes) {
            let view = View {
                origin: rect.min + Vec2::new(placement.trim.x, placement.trim.y) * k,
                points_per_mm: k,
            };
            // Each card paints only its own area, as in the PDF (with
            // shared cuts, its neighbour's edge is its cut line).
            let clipped =
                painter.with_clip_rect(page.rect(&placement.paint).intersect(painter.clip_rect()));
            paint(&clipped, scene, view, &texture);
        }
        paint(&painter, &sheet.plan.overlay, page, &texture);
        painter.rect_stroke(
            rect,
            0.0,
            Stroke::new(1.0, Color32::from_gray(120)),
            StrokeKind::Outside,
        );
    }
}

/// Title, card count, kinds (in deck order) and `--only` selectors of a
/// loaded deck.
fn describe(deck: PrintDeck) -> (String, usize, Vec<String>, Vec<String>) {
    let mut kinds: Vec<String> = Vec::new();
    for c in &deck.cards {
        if !kinds.contains(&c.kind) {
            kinds.push(c.kind.clone());
        }
    }
    let only = crate::layout::fields::only_selectors(&deck);
    (deck.title, deck.cards.len(), kinds, only)
}

/// `Poker (63.5 × 88.9 mm)`.
fn card_label(name: &str, w: f32, h: f32) -> String {
    let mut chars = name.chars();
    let title: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!("{title} ({w} × {h} mm)")
}

/// A custom card size, named as `--card WxH` names it.
fn custom_card((width, height): (f32, f32)) -> CardSize {
    CardSize {
        name: format!("{width}x{height} mm"),
        width,
        height,
    }
}

/// A millimetre value with its label (which names it for screen readers
/// and tests).
fn number(ui: &mut egui::Ui, label: &str, value: &mut f32, range: std::ops::RangeInclusive<f32>) {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(
            egui::DragValue::new(value)
                .range(range)
                .speed(0.1)
                .max_decimals(2),
        )
        .labelled_by(l.id);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_list_comes_from_what_the_pipeline_prints() {
        let mut d = ExportDialog::new(DataSource::embedded());
        // The decks are read on their own thread.
        let start = std::time::Instant::now();
        while d.loading.is_some() && start.elapsed() < std::time::Duration::from_secs(60) {
            std::thread::sleep(std::time::Duration::from_millis(10));
            d.poll_loading();
        }
        assert_eq!(d.decks.len(), PrintGame::all().len());
        assert_eq!(d.options(), ExportOptions::default());
        let kinds: Vec<&str> = d.kinds.iter().map(|(k, _)| k.as_str()).collect();
        assert!(kinds.starts_with(&["player", "referee"]), "{kinds:?}");
    }

    #[test]
    fn card_labels_read_well() {
        assert_eq!(card_label("poker", 63.5, 88.9), "Poker (63.5 × 88.9 mm)");
        assert_eq!(
            custom_card((60.0, 90.0)),
            CardSize::parse("60x90").unwrap_or_else(|e| panic!("{e}"))
        );
    }
}
