//! The eframe app: the start screen, every game's table (through the
//! registry's table hooks), the editor and the print dialog. UI code
//! decides no rules: it shows views and sends the engine's legal actions.

pub mod atlas;
pub mod dialog;
pub mod editor;
pub mod export;
pub mod faces;
pub mod fonts;
pub mod form;
pub mod lab;
pub mod palette;
pub mod print_problems;
pub mod probe;
pub mod rules;
pub mod seating;
pub mod session;
pub mod settings;
pub mod shell;
mod start;
pub mod table;

pub use editor::{EditorRequest, EditorScreen};
pub use start::{StartRequest, StartScreen};
pub use table::{Table, TableRequest};

use anyhow::Result;
use std::path::PathBuf;

/// The window title.
pub const APP_NAME: &str = "Touchline";

enum Screen {
    Start,
    Editor(Box<EditorScreen>),
    /// The print dialog, over the editor it was opened from, if any.
    Print(Box<export::ExportDialog>, Option<Box<EditorScreen>>),
    /// A game's table, opened through the registry's table hooks.
    Game(Box<dyn Table>),
    /// The balance lab, over the editor it was opened from, if any.
    Lab(Box<lab::LabScreen>, Option<Box<EditorScreen>>),
}

/// Where the app goes after a frame.
enum Next {
    Open(StartRequest),
    /// To the start screen, reloading the data when a source is given.
    Start(Option<crate::cards::source::DataSource>),
    /// The print dialog on this data (the editor's, unsaved edits included).
    Print(crate::cards::source::DataSource),
    /// The balance lab on this data (the editor's, unsaved edits included),
    /// on a game when the editor names one.
    Lab(crate::cards::source::DataSource, Option<&'static str>),
    /// Back from the print dialog.
    Back,
    /// A saved match of any game, at its table.
    Load(PathBuf),
    /// Close the window (the editor's unsaved changes were answered for).
    Quit,
}

/// The whole app.
pub struct TouchlineApp {
    start: StartScreen,
    screen: Screen,
    autosave: Option<PathBuf>,
    /// Unsaved editor work found from a run that ended without saving it,
    /// offered over the start screen until it is restored or discarded.
    recovery: Option<Result<editor::Recovery, String>>,
    /// When the process started, to report the time to the first frame
    /// (`TOUCHLINE_TIMING=1`).
    started: Option<std::time::Instant>,
    /// The remembered choices (zoom, data folder, house-rules preset).
    settings: settings::Settings,
    /// Where they are kept (`None`: not kept, as in tests).
    settings_path: Option<PathBuf>,
}

/// Where the last game is kept for "continue", if the system has a home.
pub fn default_autosave() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("touchline/last-game.json"))
}

impl TouchlineApp {
    /// The app on the given data folder (embedded defaults for `None`);
    /// `autosave` is where the last game is kept (`None`: nowhere).
    pub fn new(data: Option<PathBuf>, autosave: Option<PathBuf>) -> Self {
        let mut start = StartScreen::load(data);
        start.autosave = autosave.clone();
        start.find_saves();
        let recovery =
            editor::Recovery::file(autosave.as_deref()).and_then(|p| editor::Recovery::read(&p));
        TouchlineApp {
            start,
            screen: Screen::Start,
            autosave,
            recovery,
            started: None,
            settings: settings::Settings::default(),
            settings_path: None,
        }
    }

    /// Remembers the app's settings in `path` (read now, written on change).
    pub fn with_settings(mut self, path: Option<PathBuf>) -> Self {
        if let Some(p) = &path {
            self.settings = settings::Settings::read(p);
        }
        self.start.remembered = self.settings.presets.clone();
        self.settings_path = path;
        self
    }

    /// The remembered settings.
    pub fn settings(&self) -> &settings::Settings {
        &self.settings
    }

    /// Writes the settings where they are kept; a failure is said on the
    /// start screen (the app goes on with them in memory).
    fn keep_settings(&mut self) {
        if let Some(p) = &self.settings_path
            && let Err(e) = self.settings.write(p)
        {
            self.start.error = Some(format!("cannot keep the settings in {}: {e}", p.display()));
        }
    }

    /// Sets the zoom the window's scale is multiplied by (Ctrl+plus,
    /// Ctrl+minus, Ctrl+0 do this), within [`settings::ZOOM_RANGE`].
    fn apply_zoom(&self, ctx: &egui::Context) {
        // The window's size at a zoom of 1 stays the same whatever zoom is
        // set, so this settles in one frame.
        let window = ctx.content_rect().size() * ctx.zoom_factor();
        let want = settings::window_scale(window) * self.settings.zoom;
        if (ctx.zoom_factor() - want).abs() > 1e-3 {
            ctx.set_zoom_factor(want);
        }
    }

    /// The start screen (for tests).
    pub fn start(&self) -> &StartScreen {
        &self.start
    }

    /// The start screen, mutably (for tests).
    pub fn start_mut(&mut self) -> &mut StartScreen {
        &mut self.start
    }

    /// The print dialog, when open (for tests).
    pub fn print_dialog(&mut self) -> Option<&mut export::ExportDialog> {
        match &mut self.screen {
            Screen::Print(d, _) => Some(d),
            _ => None,
        }
    }

    /// A table opened through the registry, when one is open (for tests).
    pub fn game_table(&mut self) -> Option<&mut Box<dyn Table>> {
        match &mut self.screen {
            Screen::Game(t) => Some(t),
            _ => None,
        }
    }

    /// The open table as the game's own type `T`, if it is one (for tests).
    pub fn table_as<T: Table>(&mut self) -> Option<&mut T> {
        let table: &mut dyn std::any::Any = self.game_table()?.as_mut();
        table.downcast_mut::<T>()
    }

    /// The Lab, when open (for tests).
    pub fn lab(&mut self) -> Option<&mut lab::LabScreen> {
        match &mut self.screen {
            Screen::Lab(l, _) => Some(l),
            _ => None,
        }
    }

    /// The editor, when open (for tests).
    pub fn editor(&mut self) -> Option<&mut EditorScreen> {
        match &mut self.screen {
            Screen::Editor(e) => Some(e),
            _ => None,
        }
    }

    fn open(&mut self, request: StartRequest) -> Result<(), String> {
        match request {
            StartRequest::Table(table) => {
                self.screen = Screen::Game(table);
            }
            StartRequest::Lab => {
                self.screen = Screen::Lab(
                    Box::new(lab::LabScreen::new(self.start.source().clone(), None)),
                    None,
                );
            }
            StartRequest::Print => {
                self.screen = Screen::Print(
                    Box::new(export::ExportDialog::new(self.start.source().clone())),
                    None,
                );
            }
            StartRequest::Edit => {
                self.screen = Screen::Editor(Box::new(
                    EditorScreen::new(self.start.source().clone())
                        .with_recovery(editor::Recovery::file(self.autosave.as_deref())),
                ));
            }
            StartRequest::Resume(paths) => {
                // The newest save that opens. A save before it that could
                // not be read is kept aside under a name that says why (so
                // no autosave overwrites it), and the table says so.
                let mut problems = Vec::new();
                for path in &paths {
                    match self.open_save(path) {
                        Ok(()) => {
                            // Its own newest autosave goes on in place.
                            if paths.first() == Some(path)
                                && self.game_autosave_is(path)
                                && let Screen::Game(t) = &mut self.screen
                            {
                                t.resume();
                            }
                            if !problems.is_empty()
                                && let Screen::Game(t) = &mut self.screen
                            {
                                t.tell(opened_instead(&problems, path), true);
                            }
                            return Ok(());
                        }
                        Err(e) => problems.push((path.clone(), e)),
                    }
                }
                return Err(if problems.is_empty() {
                    "no saved game".into()
                } else {
                    problems
                        .iter()
                        .map(|(_, e)| e.to_string())
                        .collect::<Vec<_>>()
                        .join("\n")
                });
            }
        }
        Ok(())
    }

    /// Whether `path` is the newest autosave slot of one of the games.
    fn game_autosave_is(&self, path: &std::path::Path) -> bool {
        self.autosave.as_deref().is_some_and(|base| {
            crate::games::GAMES
                .iter()
                .any(|g| session::autosave_for(base, g.id) == path)
        })
    }

    /// Opens a saved match of any game at its table; nothing changes when
    /// the file is no valid save.
    fn open_save(&mut self, path: &std::path::Path) -> Result<(), session::SaveError> {
        session::readable(path)?;
        let (name, bytes) = session::read_save(path)?;
        let id = session::SaveHeader::game_of(&name, &bytes)?;
        let unopened = |reason: String| session::SaveError::Corrupt {
            path: name.clone(),
            reason,
        };
        let Some(game) = crate::games::find(&id) else {
            return Err(unopened(format!(
                "it is a save of `{id}`, which Touchline does not play"
            )));
        };
        let Some(hooks) = game.table.as_ref() else {
            return Err(unopened(format!(
                "{} has no table to open it at",
                game.name
            )));
        };
        let table = (hooks.load)(table::SavedTable {
            source: self.start.source(),
            name: &name,
            bytes: &bytes,
            autosave: self
                .autosave
                .as_deref()
                .map(|b| session::autosave_for(b, game.id)),
        })
        .map_err(session::SaveError::Refused)?;
        self.screen = Screen::Game(table);
        Ok(())
    }

    /// Draws one frame.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        if !fonts::ready(ui.ctx()) {
            return;
        }
        if let Some(t) = self.started.take() {
            eprintln!(
                "touchline: first frame drawn {:.3} s after start",
                t.elapsed().as_secs_f64()
            );
        }
        if self.settings.zoom_keys(ui.ctx()) {
            self.keep_settings();
        }
        // Closing the window with unsaved edits asks first, whichever
        // screen is on top of the editor.
        if ui.ctx().input(|i| i.viewport().close_requested()) {
            let held = match &mut self.screen {
                Screen::Editor(e) | Screen::Print(_, Some(e)) | Screen::Lab(_, Some(e)) => {
                    e.hold_close()
                }
                _ => false,
            };
            if held {
                ui.ctx()
                    .send_viewport_cmd(egui::ViewportCommand::CancelClose);
                // The question is the editor's: bring it back on top.
                if let Screen::Print(_, Some(_)) | Screen::Lab(_, Some(_)) = &self.screen
                    && let Screen::Print(_, Some(e)) | Screen::Lab(_, Some(e)) =
                        std::mem::replace(&mut self.screen, Screen::Start)
                {
                    self.screen = Screen::Editor(e);
                }
            }
        }
        let next = match &mut self.screen {
            Screen::Start => {
                let request = self.start.show(ui).map(Next::Open);
                if self.start.remembered != self.settings.presets {
                    self.settings.presets = self.start.remembered.clone();
                    self.keep_settings();
                }
                request
            }
            Screen::Editor(e) => e.show(ui).map(|r| match r {
                EditorRequest::Close(source) => Next::Start(Some(source)),
                EditorRequest::Print(source) => Next::Print(source),
                EditorRequest::Lab(source, game) => Next::Lab(source, game),
                EditorRequest::Quit => Next::Quit,
            }),
            Screen::Game(t) => t.show(ui).map(|r| match r {
                TableRequest::Leave => Next::Start(None),
                TableRequest::Open(path) => Next::Load(path),
            }),
            Screen::Lab(l, _) => l.show(ui).map(|lab::LabEvent::Close| Next::Back),
            Screen::Print(d, _) => {
                let mut closed = false;
                egui::CentralPanel::default().show(ui, |ui| {
                    closed = matches!(d.show(ui), Some(export::ExportEvent::Close));
                });
                closed.then_some(Next::Back)
            }
        };
        match next {
            Some(Next::Open(req)) => {
                if let Err(e) = self.open(req) {
                    self.start.error = Some(e);
                }
            }
            Some(Next::Start(reload)) => {
                if let Some(source) = &reload
                    && self.settings.data_folder != source.dir
                {
                    // The folder the editor left on is the one to start
                    // from next time.
                    self.settings.data_folder = source.dir.clone();
                    self.keep_settings();
                }
                if let Some(source) = reload {
                    // The editor may have saved: read the data again so the
                    // table, the bots and printing use the edited cards.
                    self.start = StartScreen::load(source.dir);
                    self.start.remembered = self.settings.presets.clone();
                    self.start.autosave = self.autosave.clone();
                }
                self.start.find_saves();
                self.screen = Screen::Start;
            }
            Some(Next::Print(source)) => {
                let dialog = Box::new(export::ExportDialog::new(source));
                let editor = match std::mem::replace(&mut self.screen, Screen::Start) {
                    Screen::Editor(e) => Some(e),
                    _ => None,
                };
                self.screen = Screen::Print(dialog, editor);
            }
            Some(Next::Load(path)) => {
                // A save that fails to open says why on the start screen;
                // the match that was on is kept by the autosave.
                if let Err(e) = self.open_save(&path) {
                    self.start.error = Some(e.to_string());
                    self.start.find_saves();
                    self.screen = Screen::Start;
                }
            }
            Some(Next::Lab(source, game)) => {
                let screen = Box::new(lab::LabScreen::new(source, game));
                let editor = match std::mem::replace(&mut self.screen, Screen::Start) {
                    Screen::Editor(e) => Some(e),
                    _ => None,
                };
                self.screen = Screen::Lab(screen, editor);
            }
            Some(Next::Back) => {
                self.screen = match std::mem::replace(&mut self.screen, Screen::Start) {
                    Screen::Print(_, Some(editor)) | Screen::Lab(_, Some(editor)) => {
                        Screen::Editor(editor)
                    }
                    _ => Screen::Start,
                };
            }
            Some(Next::Quit) => {
                self.screen = Screen::Start;
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
            None => {}
        }
        if matches!(self.screen, Screen::Start)
            && let Some(found) = &self.recovery
            && let Some(choice) = editor::offer_recovery(ui, found)
        {
            let path = editor::Recovery::file(self.autosave.as_deref());
            match (choice, found) {
                (editor::RecoveryChoice::Restore, Ok(r)) => {
                    self.screen = Screen::Editor(Box::new(EditorScreen::recover(r, path)));
                }
                _ => {
                    if let Some(p) = path
                        && let Err(e) = std::fs::remove_file(&p)
                    {
                        self.start.error = Some(format!("cannot remove {}: {e}", p.display()));
                    }
                }
            }
            self.recovery = None;
        }
    }
}

impl eframe::App for TouchlineApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        // The window sets the scale in a real window only: a test harness
        // gives its size in points already.
        self.apply_zoom(ui.ctx());
        self.show(ui);
    }
}

/// A table to open straight away (`touchline play`): the game's registry
/// id, who plays each seat, the seed and a house-rules file.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayRequest {
    /// The game's registry id.
    pub game: String,
    /// Who plays each seat, in seat order.
    pub seats: Vec<session::Controller>,
    /// The seed of the deal.
    pub seed: u64,
    /// A house rules file instead of the data folder's (for games that
    /// have one): its name and text.
    pub rules: Option<(String, String)>,
    /// The game's table options by name (`--option kick_off=toss`), for
    /// games that read them at a new table.
    pub options: std::collections::BTreeMap<String, String>,
}

/// What the window opens on besides the start screen: a new table
/// (`touchline play`) or a saved match (`touchline FILE`).
#[derive(Clone, Debug, PartialEq)]
pub enum Opening {
    /// A new table.
    Play(PlayRequest),
    /// A saved match of any game, at its table.
    Save(PathBuf),
}

impl From<PlayRequest> for Opening {
    fn from(request: PlayRequest) -> Opening {
        Opening::Play(request)
    }
}

impl TouchlineApp {
    /// Opens a saved match at its table, as Load… does (the table keeps
    /// its game's last autosave as an older slot on its first autosave);
    /// says why when the file is no save it can open, and nothing changes
    /// then.
    pub fn open_file(&mut self, path: &std::path::Path) -> Result<(), String> {
        self.open_save(path).map_err(|e| e.to_string())
    }

    /// Opens the table `request` asks for, as the start screen would with
    /// those choices; says why when it cannot.
    pub fn play(&mut self, request: PlayRequest) -> Result<(), String> {
        let autosave = self.autosave.clone();
        let table = open_table(self.start.source(), request, autosave.as_deref())?;
        self.screen = Screen::Game(table);
        Ok(())
    }
}

/// The table `request` asks for, as the start screen would open it with
/// those choices, on the cards of `source`; `autosave` is the app's
/// autosave, beside which the game keeps its own. Says why when it cannot
/// (`touchline play` asks this before the window opens, so every refusal
/// comes first).
pub fn open_table(
    source: &crate::cards::DataSource,
    request: PlayRequest,
    autosave: Option<&std::path::Path>,
) -> table::Opened {
    let Some(game) = crate::games::find(&request.game) else {
        return Err(format!(
            "`{}` is no game: use one of {}",
            request.game,
            crate::games::ids()
        ));
    };
    if !game.seats.contains(&request.seats.len()) {
        return Err(format!(
            "{} seats {}-{} managers, not {}",
            game.name,
            game.seats.start(),
            game.seats.end(),
            request.seats.len()
        ));
    }
    let bots = ["Ada", "Bruno", "Chen", "Dara", "Eli", "Femi"];
    let mut people = 0;
    let managers: Vec<session::Manager> = request
        .seats
        .iter()
        .enumerate()
        .map(|(i, c)| session::Manager {
            name: match c {
                session::Controller::Human => {
                    people += 1;
                    format!("Player {people}")
                }
                session::Controller::Bot(_) => bots.get(i).unwrap_or(&"Bot").to_string(),
            },
            controller: *c,
        })
        .collect();
    let Some(hooks) = game.table.as_ref() else {
        return Err(format!("{} has no table yet", game.name));
    };
    (hooks.new)(table::NewTable {
        source,
        managers,
        seed: request.seed,
        autosave: autosave.map(|b| session::autosave_for(b, game.id)),
        rules: request.rules,
        options: request.options,
    })
}

/// Opens the app window and runs until it is closed. `started` is when the
/// process started; with `TOUCHLINE_TIMING=1` the time to the first frame is
/// printed.
pub fn run_app(
    data: Option<PathBuf>,
    started: std::time::Instant,
    play: Option<Opening>,
) -> Result<()> {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(APP_NAME)
        // The app id a Wayland desktop matches to the installed entry.
        .with_app_id(crate::desktop::APP_ID)
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([960.0, 600.0]);
    if let Some(icon) = crate::desktop::window_icon() {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    eframe::run_native(
        APP_NAME,
        options,
        Box::new(move |cc| {
            // Ctrl+plus, Ctrl+minus and Ctrl+0 set the remembered zoom.
            cc.egui_ctx.options_mut(|o| o.zoom_with_keyboard = false);
            // Without --data, the data folder last used (if it is still
            // there); with it, that folder is remembered.
            let path = settings::Settings::default_path();
            let remembered = path
                .as_deref()
                .map(settings::Settings::read)
                .unwrap_or_default();
            let from_cli = data.is_some();
            let (data, gone) = data_folder(data, remembered.data_folder);
            let mut app = TouchlineApp::new(data.clone(), default_autosave()).with_settings(path);
            app.start.error = gone;
            if from_cli && app.settings.data_folder != data {
                app.settings.data_folder = data;
                app.keep_settings();
            }
            if let Some(opening) = play
                && let Err(e) = match opening {
                    Opening::Play(request) => app.play(request),
                    Opening::Save(path) => app.open_file(&path),
                }
            {
                app.start.error = Some(e);
            }
            if std::env::var_os("TOUCHLINE_TIMING").is_some() {
                app.started = Some(started);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}

/// What the table says when Continue opened `opened` because the saves
/// after it could not be read: each is kept aside (renamed so that no
/// autosave overwrites it) and named with its reason.
fn opened_instead(
    problems: &[(std::path::PathBuf, session::SaveError)],
    opened: &std::path::Path,
) -> String {
    let file = |p: &std::path::Path| {
        p.file_name()
            .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into())
    };
    let mut text = String::new();
    for (path, why) in problems {
        let reason = why.to_string();
        // The message names the file itself: say the reason after it.
        let shown = path.display().to_string();
        let reason = reason
            .strip_prefix(&format!("{shown}: "))
            .unwrap_or(&reason);
        match session::set_aside(path, why) {
            Ok(kept) => text.push_str(&format!(
                "{} could not be opened ({reason}); it is kept as {}. ",
                file(path),
                file(&kept)
            )),
            Err(e) => text.push_str(&format!(
                "{} could not be opened ({reason}), nor kept aside ({e}). ",
                file(path)
            )),
        }
    }
    text.push_str(&format!("Opened the game before it, {}.", file(opened)));
    text
}

/// The data folder the app opens on: `--data`'s, else the one used last
/// if it is still there. A remembered folder that is gone is said (the
/// second value, for the start screen), never passed over in silence for
/// the built-in decks.
fn data_folder(
    cli: Option<PathBuf>,
    remembered: Option<PathBuf>,
) -> (Option<PathBuf>, Option<String>) {
    if cli.is_some() {
        return (cli, None);
    }
    match remembered {
        Some(folder) if folder.is_dir() => (Some(folder), None),
        Some(folder) => (
            None,
            Some(format!(
                "The data folder used last, {}, is gone (moved, renamed or on a drive \
                 that is not there): Touchline opened on its built-in decks. Start it \
                 with --data to use another folder.",
                folder.display()
            )),
        ),
        None => (None, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remembered_data_folder_that_is_gone_is_said() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let here = dir.path().to_path_buf();
        let gone = dir.path().join("moved-away");
        assert_eq!(
            data_folder(None, Some(here.clone())),
            (Some(here.clone()), None)
        );
        let (data, said) = data_folder(None, Some(gone.clone()));
        assert_eq!(data, None);
        let said = said.unwrap_or_default();
        assert!(said.contains(&gone.display().to_string()), "{said}");
        assert!(said.contains("built-in decks"), "{said}");
        assert_eq!(
            data_folder(Some(here.clone()), Some(gone)),
            (Some(here), None),
            "--data wins"
        );
        assert_eq!(data_folder(None, None), (None, None));
    }
}
