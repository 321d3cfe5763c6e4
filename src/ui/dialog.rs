//! File dialogs that never block the UI and never fail silently. The
//! desktop's own dialog (rfd) runs on a thread and the screen polls for its
//! answer. Where the desktop offers none (no portal and no zenity, or the
//! native dialog comes back at once without a window), an in-app dialog
//! takes over: a folder path to type, the folder's listing, a file name to
//! save under. `TOUCHLINE_FILE_DIALOG=builtin` (or `native`) forces one.

use egui::RichText;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// What to ask for.
#[derive(Clone, Debug)]
pub enum Ask {
    /// An existing file, with a filter (name and extensions).
    Open(&'static str, &'static [&'static str]),
    /// A file to write, with a filter and a suggested name.
    Save(&'static str, &'static [&'static str], String),
    /// A folder.
    Folder,
}

/// Set once the native dialog has failed (or is forced off): every later
/// dialog is the in-app one.
static BUILTIN: AtomicBool = AtomicBool::new(false);

/// The folder the last dialog ended in, where the next one starts.
static LAST_DIR: Mutex<Option<PathBuf>> = Mutex::new(None);

/// A native dialog that answers "cancelled" faster than this never showed
/// a window: the desktop has no dialog to offer.
const NO_WINDOW: Duration = Duration::from_millis(300);

/// Uses the in-app dialog from now on (tests, or a desktop without one).
pub fn use_builtin() {
    BUILTIN.store(true, Ordering::Relaxed);
}

/// Whether the desktop is likely to show a native dialog.
fn native_available() -> bool {
    match std::env::var("TOUCHLINE_FILE_DIALOG").as_deref() {
        Ok("builtin") => return false,
        Ok("native") => return true,
        _ => {}
    }
    if BUILTIN.load(Ordering::Relaxed) {
        return false;
    }
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return true;
    }
    // Linux and the BSDs: the portal over D-Bus, else zenity.
    std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some() || on_path("zenity")
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

fn start_dir() -> PathBuf {
    let last = LAST_DIR
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    last.filter(|d| d.is_dir())
        .or_else(|| std::env::var_os("HOME").map(PathBuf::from))
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_else(|| PathBuf::from("."))
}

fn remember(path: &Path) {
    let dir = if path.is_dir() {
        Some(path.to_path_buf())
    } else {
        path.parent().map(Path::to_path_buf)
    };
    if let Some(d) = dir {
        *LAST_DIR.lock().unwrap_or_else(PoisonError::into_inner) = Some(d);
    }
}

enum Source {
    Native(Receiver<Option<PathBuf>>, Instant),
    Builtin(Box<Browser>),
}

/// A dialog that is open, and what its answer is for.
pub struct Pending<T> {
    source: Source,
    ask: Ask,
    /// What the answer will be used for.
    pub purpose: T,
}

/// Where a dialog is.
pub enum Poll {
    /// Still open.
    Waiting,
    /// Closed with a path, or `None` when cancelled.
    Done(Option<PathBuf>),
}

impl<T> Pending<T> {
    /// Opens the native dialog on a thread, or the in-app one where the
    /// desktop has none.
    pub fn open(ask: Ask, purpose: T) -> Pending<T> {
        let source = if native_available() {
            native(ask.clone())
        } else {
            Source::Builtin(Box::new(Browser::new(ask.clone(), start_dir())))
        };
        Pending {
            source,
            ask,
            purpose,
        }
    }

    /// The in-app dialog, whatever the desktop offers (for tests).
    pub fn builtin(ask: Ask, purpose: T, dir: PathBuf) -> Pending<T> {
        Pending {
            source: Source::Builtin(Box::new(Browser::new(ask.clone(), dir))),
            ask,
            purpose,
        }
    }

    /// The in-app dialog's state, when it is the one open (for tests).
    pub fn browser(&mut self) -> Option<&mut Browser> {
        match &mut self.source {
            Source::Builtin(b) => Some(b),
            Source::Native(..) => None,
        }
    }

    /// Checks for the answer (drawing the in-app dialog, if it is the one
    /// open); while waiting, asks for another frame soon.
    pub fn poll(&mut self, ctx: &egui::Context) -> Poll {
        let answer = match &mut self.source {
            Source::Native(rx, opened) => match rx.try_recv() {
                Ok(None) if opened.elapsed() < NO_WINDOW => {
                    // No window was shown: the desktop has no dialog.
                    BUILTIN.store(true, Ordering::Relaxed);
                    self.source =
                        Source::Builtin(Box::new(Browser::new(self.ask.clone(), start_dir())));
                    return Poll::Waiting;
                }
                Ok(p) => p,
                Err(TryRecvError::Disconnected) => None,
                Err(TryRecvError::Empty) => {
                    ctx.request_repaint_after(Duration::from_millis(100));
                    return Poll::Waiting;
                }
            },
            Source::Builtin(b) => match b.show(ctx) {
                Some(answer) => answer,
                None => return Poll::Waiting,
            },
        };
        if let Some(p) = &answer {
            remember(p);
        }
        Poll::Done(answer)
    }
}

fn native(ask: Ask) -> Source {
    let (tx, rx) = channel();
    let dir = start_dir();
    std::thread::spawn(move || {
        let d = rfd::FileDialog::new().set_directory(dir);
        let path = match ask {
            Ask::Open(name, ext) => d
                .add_filter(name, ext)
                .add_filter("All files", &["*"])
                .pick_file(),
            Ask::Save(name, ext, file) => d.add_filter(name, ext).set_file_name(file).save_file(),
            Ask::Folder => d.pick_folder(),
        };
        let _ = tx.send(path);
    });
    Source::Native(rx, Instant::now())
}

/// One line of a folder's listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The file or folder name.
    pub name: String,
    /// Whether it is a folder.
    pub dir: bool,
}

/// The in-app dialog: a folder, its listing, the chosen or typed name.
pub struct Browser {
    ask: Ask,
    dir: PathBuf,
    /// The folder path as typed.
    typed_dir: String,
    /// The file name (to save) or the file picked (to open).
    pub name: String,
    entries: Vec<Entry>,
    /// Why the folder cannot be listed, or why the answer is refused.
    pub problem: Option<String>,
}

impl Browser {
    /// The dialog for `ask`, opened on `dir`.
    pub fn new(ask: Ask, dir: PathBuf) -> Browser {
        let name = match &ask {
            Ask::Save(_, _, file) => file.clone(),
            _ => String::new(),
        };
        let mut b = Browser {
            ask,
            typed_dir: String::new(),
            dir: PathBuf::new(),
            name,
            entries: Vec::new(),
            problem: None,
        };
        b.go(dir);
        b
    }

    /// The folder shown.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// What the folder shows: its folders, then the files the filter lets
    /// through (hidden ones left out), each sorted by name.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    fn extensions(&self) -> &'static [&'static str] {
        match &self.ask {
            Ask::Open(_, ext) | Ask::Save(_, ext, _) => ext,
            Ask::Folder => &[],
        }
    }

    /// Shows folder `dir`; an unreadable folder keeps the old listing and
    /// says why.
    pub fn go(&mut self, dir: PathBuf) {
        match std::fs::read_dir(&dir) {
            Ok(read) => {
                let exts = self.extensions();
                let want_files = !matches!(self.ask, Ask::Folder);
                let mut entries: Vec<Entry> = read
                    .flatten()
                    .filter_map(|e| {
                        let name = e.file_name().to_string_lossy().into_owned();
                        let is_dir = e.path().is_dir();
                        let shown = !name.starts_with('.')
                            && (is_dir
                                || want_files
                                    && (exts.is_empty()
                                        || Path::new(&name).extension().is_some_and(|x| {
                                            exts.iter().any(|w| x.eq_ignore_ascii_case(w))
                                        })));
                        shown.then_some(Entry { name, dir: is_dir })
                    })
                    .collect();
                entries.sort_by(|a, b| {
                    b.dir
                        .cmp(&a.dir)
                        .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
                });
                self.typed_dir = dir.display().to_string();
                self.dir = dir;
                self.entries = entries;
                self.problem = None;
            }
            Err(e) => {
                self.typed_dir = self.dir.display().to_string();
                self.problem = Some(format!("cannot open {}: {e}", dir.display()));
            }
        }
    }

    /// Clicks a line of the listing: a folder is entered, a file picked.
    pub fn pick(&mut self, entry: &Entry) {
        if entry.dir {
            self.go(self.dir.join(&entry.name));
        } else {
            self.name = entry.name.clone();
        }
    }

    /// The answer the dialog would give now, or why it cannot.
    pub fn answer(&self) -> Result<PathBuf, String> {
        match &self.ask {
            Ask::Folder => Ok(self.dir.clone()),
            Ask::Open(..) => {
                let name = self.name.trim();
                if name.is_empty() {
                    return Err("Pick a file from the list".into());
                }
                let path = self.dir.join(name);
                if path.is_file() {
                    Ok(path)
                } else {
                    Err(format!("{} is no file", path.display()))
                }
            }
            Ask::Save(_, ext, _) => {
                let name = self.name.trim();
                if name.is_empty() {
                    return Err("Type a file name, or a whole path".into());
                }
                // A name may be a whole path ("/home/ana/saves/cup",
                // "~/cup", "saves/cup"): the folders in it are used.
                let typed = match name.strip_prefix("~/") {
                    Some(rest) => match std::env::var_os("HOME") {
                        Some(home) => PathBuf::from(home).join(rest),
                        None => PathBuf::from(name),
                    },
                    None => PathBuf::from(name),
                };
                let mut path = self.dir.join(&typed);
                let fits = path
                    .extension()
                    .is_some_and(|x| ext.iter().any(|w| x.eq_ignore_ascii_case(w)));
                if let Some(first) = ext.first()
                    && !fits
                {
                    let mut with = path.clone().into_os_string();
                    with.push(format!(".{first}"));
                    path = PathBuf::from(with);
                }
                if path.is_dir() {
                    return Err(format!("{} is a folder", path.display()));
                }
                match path.parent() {
                    Some(folder) if !folder.is_dir() => {
                        Err(format!("there is no folder {}", folder.display()))
                    }
                    _ => Ok(path),
                }
            }
        }
    }

    fn title(&self) -> &'static str {
        match self.ask {
            Ask::Open(..) => "Open a file",
            Ask::Save(..) => "Save as",
            Ask::Folder => "Choose a folder",
        }
    }

    /// Draws the dialog; `Some` once it closes (with the path, or `None`
    /// when cancelled).
    fn show(&mut self, ctx: &egui::Context) -> Option<Option<PathBuf>> {
        let mut done = None;
        // Escape cancels, as in a desktop's own dialog.
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            return Some(None);
        }
        egui::Window::new(self.title())
            .collapsible(false)
            .resizable(true)
            .default_width(520.0)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    if ui.button("Up").on_hover_text("The folder above").clicked()
                        && let Some(up) = self.dir.parent()
                    {
                        self.go(up.to_path_buf());
                    }
                    let field = ui
                        .add(egui::TextEdit::singleline(&mut self.typed_dir).desired_width(380.0));
                    field.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Folder")
                    });
                    if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
                        || ui.button("Go").clicked()
                    {
                        self.go(PathBuf::from(self.typed_dir.trim()));
                    }
                });
                ui.separator();
                let mut clicked = None;
                egui::ScrollArea::vertical()
                    .max_height(260.0)
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        if self.entries.is_empty() {
                            ui.label(RichText::new("(nothing here)").weak());
                        }
                        for e in &self.entries {
                            let text = if e.dir {
                                RichText::new(format!("{}/", e.name)).strong()
                            } else {
                                RichText::new(&e.name)
                            };
                            let chosen = !e.dir && e.name == self.name;
                            if ui.selectable_label(chosen, text).clicked() {
                                clicked = Some(e.clone());
                            }
                        }
                    });
                if let Some(e) = clicked {
                    self.pick(&e);
                }
                ui.separator();
                if matches!(self.ask, Ask::Save(..) | Ask::Open(..)) {
                    ui.horizontal(|ui| {
                        ui.label("Name");
                        ui.add(egui::TextEdit::singleline(&mut self.name).desired_width(300.0))
                            .widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::TextInput, true, "File name")
                            });
                    });
                }
                if let Some(p) = &self.problem {
                    ui.label(RichText::new(p).color(super::palette::ALERT));
                }
                ui.horizontal(|ui| {
                    let ok = match self.ask {
                        Ask::Open(..) => "Open",
                        Ask::Save(..) => "Save",
                        Ask::Folder => "Choose this folder",
                    };
                    if ui.button(RichText::new(ok).strong()).clicked() {
                        match self.answer() {
                            Ok(p) => done = Some(Some(p)),
                            Err(e) => self.problem = Some(e),
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        done = Some(None);
                    }
                });
            });
        done
    }
}

/// The endings a Touchline save is offered with: `.touchline`, the one a
/// new save gets, and `.json`, which older saves have. Loading takes a
/// file of any name.
pub const SAVE_EXTENSIONS: &[&str] = &["touchline", "json"];

/// A table's Save… and Load… dialogs, at most one open at a time.
#[derive(Default)]
pub struct SaveLoad {
    pending: Option<Pending<bool>>,
}

impl SaveLoad {
    /// Opens the save (`save`) or load dialog of Touchline saves, unless
    /// one is already open; `name` is the file name a save suggests.
    pub fn ask(&mut self, save: bool, name: &str) {
        if self.pending.is_some() {
            return;
        }
        self.pending = Some(Pending::open(Self::what(save, name), save));
    }

    fn what(save: bool, name: &str) -> Ask {
        if save {
            Ask::Save("Touchline save", SAVE_EXTENSIONS, name.to_string())
        } else {
            Ask::Open("Touchline save", SAVE_EXTENSIONS)
        }
    }

    /// Opens the in-app dialog on `dir`, whatever the desktop offers (for
    /// tests).
    pub fn ask_builtin(&mut self, save: bool, name: &str, dir: PathBuf) {
        self.pending = Some(Pending::builtin(Self::what(save, name), save, dir));
    }

    /// The in-app dialog, when it is the one open (for tests).
    pub fn browser(&mut self) -> Option<&mut Browser> {
        self.pending.as_mut()?.browser()
    }

    /// Whether a dialog is open.
    pub fn is_open(&self) -> bool {
        self.pending.is_some()
    }

    /// The file chosen and whether it is to be saved (else loaded), once
    /// the dialog closes with one.
    pub fn poll(&mut self, ctx: &egui::Context) -> Option<(PathBuf, bool)> {
        let job = self.pending.as_mut()?;
        let Poll::Done(path) = job.poll(ctx) else {
            return None;
        };
        let save = job.purpose;
        self.pending = None;
        path.map(|p| (p, save))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        for f in ["b.json", "A.JSON", "notes.txt", ".hidden.json"] {
            std::fs::write(dir.path().join(f), "{}").unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::create_dir(dir.path().join("saves")).unwrap_or_else(|e| panic!("{e}"));
        dir
    }

    #[test]
    fn the_listing_shows_folders_first_then_the_filtered_files() {
        let dir = folder();
        let b = Browser::new(Ask::Open("save", &["json"]), dir.path().to_path_buf());
        let names: Vec<&str> = b.entries().iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["saves", "A.JSON", "b.json"]);
        let folders = Browser::new(Ask::Folder, dir.path().to_path_buf());
        assert_eq!(folders.entries().len(), 1, "only folders when choosing one");
    }

    #[test]
    fn open_needs_an_existing_file_and_save_adds_the_extension() {
        let dir = folder();
        let mut open = Browser::new(Ask::Open("save", &["json"]), dir.path().to_path_buf());
        assert!(open.answer().is_err(), "nothing picked yet");
        let b = open.entries()[2].clone();
        open.pick(&b);
        assert_eq!(open.answer(), Ok(dir.path().join("b.json")));
        open.name = "gone.json".into();
        assert!(open.answer().is_err());

        let mut save = Browser::new(
            Ask::Save("save", &["json"], "match".into()),
            dir.path().to_path_buf(),
        );
        assert_eq!(save.answer(), Ok(dir.path().join("match.json")));
        save.name = "match.jsonx".into();
        assert_eq!(save.answer(), Ok(dir.path().join("match.jsonx.json")));
        save.name = "Match.JSON".into();
        assert_eq!(save.answer(), Ok(dir.path().join("Match.JSON")));
        // A whole path is taken as typed, its folder included.
        let full = dir.path().join("saves").join("cup");
        save.name = full.display().to_string();
        assert_eq!(save.answer(), Ok(dir.path().join("saves/cup.json")));
        save.name = "saves/final.json".into();
        assert_eq!(save.answer(), Ok(dir.path().join("saves/final.json")));
        save.name = dir.path().join("gone/cup").display().to_string();
        let refused = save.answer();
        assert!(
            refused.as_ref().is_err_and(|e| e.contains("no folder")),
            "{refused:?}"
        );
        save.name = "saves".into();
        let entered = save.entries()[0].clone();
        assert_eq!(
            save.answer(),
            Ok(dir.path().join("saves.json")),
            "a name is a file even where a folder has it without the extension"
        );
        save.pick(&entered);
        assert_eq!(save.dir(), dir.path().join("saves"));
    }

    #[test]
    fn a_folder_that_cannot_be_read_says_so_and_keeps_the_listing() {
        let dir = folder();
        let mut b = Browser::new(Ask::Open("save", &["json"]), dir.path().to_path_buf());
        b.go(dir.path().join("missing"));
        assert!(b.problem.as_deref().is_some_and(|p| p.contains("missing")));
        assert_eq!(b.dir(), dir.path());
        assert_eq!(b.entries().len(), 3);
    }
}
