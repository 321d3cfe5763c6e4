//! The eframe app: the start screen, the Booked! and Cardball tables, the
//! editor and the print dialog. UI code decides
//! no rules: it shows views and sends the engine's legal actions.

pub mod dialog;
pub mod editor;
pub mod export;
pub mod faces;
pub mod fonts;
pub mod palette;
pub mod seating;
pub mod session;
mod start;
pub mod table;

pub use crate::games::booked::table::TableScreen;
use crate::games::cardball;
pub use crate::games::eleven::{MatchdayRequest, MatchdayScreen};
pub use editor::{EditorRequest, EditorScreen};
pub use start::{NewCardball, NewMatch, StartRequest, StartScreen};
pub use table::{Table, TableRequest};

use crate::games::booked::BookedConfig;
use crate::games::cardball::CardballConfig;

use crate::games::booked::session::BookedSession as Session;
use anyhow::Result;
use std::path::PathBuf;
use std::sync::Arc;

/// The window title.
pub const APP_NAME: &str = "Touchline";

enum Screen {
    Start,
    Table(Box<TableScreen>),
    Cardball(Box<cardball::CardballTable>),
    Editor(Box<EditorScreen>),
    /// The print dialog, over the editor it was opened from, if any.
    Print(Box<export::ExportDialog>, Option<Box<EditorScreen>>),
    /// Eleven's Matchday.
    Matchday(Box<MatchdayScreen>),
    /// A table opened through the registry's table hooks.
    Game(Box<dyn Table>),
}

/// Where the app goes after a frame.
enum Next {
    Open(StartRequest),
    /// To the start screen, reloading the data when a source is given.
    Start(Option<crate::cards::source::DataSource>),
    /// The print dialog on this data (the editor's, unsaved edits included).
    Print(crate::cards::source::DataSource),
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
        start.can_continue = session::has_autosave(autosave.as_deref());
        let recovery =
            editor::Recovery::file(autosave.as_deref()).and_then(|p| editor::Recovery::read(&p));
        TouchlineApp {
            start,
            screen: Screen::Start,
            autosave,
            recovery,
            started: None,
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

    /// The table, when a match is on (for tests).
    pub fn table(&mut self) -> Option<&mut TableScreen> {
        match &mut self.screen {
            Screen::Table(t) => Some(t),
            _ => None,
        }
    }

    /// The Cardball table, when a match is on (for tests).
    pub fn cardball(&mut self) -> Option<&mut cardball::CardballTable> {
        match &mut self.screen {
            Screen::Cardball(t) => Some(t),
            _ => None,
        }
    }

    /// The print dialog, when open (for tests).
    pub fn print_dialog(&mut self) -> Option<&mut export::ExportDialog> {
        match &mut self.screen {
            Screen::Print(d, _) => Some(d),
            _ => None,
        }
    }

    /// Eleven's Matchday screen, when open (for tests).
    pub fn matchday(&mut self) -> Option<&mut MatchdayScreen> {
        match &mut self.screen {
            Screen::Matchday(m) => Some(m),
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

    /// The editor, when open (for tests).
    pub fn editor(&mut self) -> Option<&mut EditorScreen> {
        match &mut self.screen {
            Screen::Editor(e) => Some(e),
            _ => None,
        }
    }

    /// Keeps the last game's autosave as an older one before a new game
    /// takes its place; a failure is said on the start screen.
    fn fresh_autosave(&mut self) {
        if let Some(path) = &self.autosave
            && let Err(e) = session::rotate_autosaves(path, session::AUTOSAVES_KEPT)
        {
            self.start.error = Some(format!("the last game's autosave was not kept: {e}"));
        }
    }

    /// The card files a save was made with, as a data source (pictures
    /// still come from the data folder).
    fn saved_cards(
        &self,
        files: &std::collections::BTreeMap<String, String>,
    ) -> crate::cards::DataSource {
        let mut source = self.start.source().clone();
        source.overrides = files.clone();
        source
    }

    fn open(&mut self, request: StartRequest) -> Result<(), String> {
        if matches!(
            request,
            StartRequest::NewBooked(_) | StartRequest::NewCardball(_) | StartRequest::NewTable(..)
        ) {
            self.fresh_autosave();
        }
        if let StartRequest::Matchday(seed) = request {
            let decks = crate::games::eleven::deck::ElevenDecks::load(self.start.source())
                .map(Arc::new)
                .map_err(|e| e.to_string());
            self.screen = Screen::Matchday(Box::new(MatchdayScreen::new(decks, seed)));
            return Ok(());
        }
        let session = match request {
            StartRequest::NewBooked(m) => {
                let deck = self.booked_deck()?;
                let mut config =
                    BookedConfig::new(Arc::new(deck.card_set()), m.rules, m.managers.len() as u8);
                config.first = crate::engine::Seat(0);
                let made = if m.group_stage {
                    Session::new_group(m.managers, config, m.seed)
                } else {
                    Session::new(m.managers, config, m.seed)
                };
                made.map_err(|e| e.to_string())?
            }
            StartRequest::NewCardball(m) => {
                let deck = self.cardball_deck()?;
                let mut config = CardballConfig::new(Arc::new(deck.card_set()));
                config.tie_break = m.tie_break;
                config.halves = m.halves;
                config.teams = m.teams;
                config.ask_calls = m.ask_calls;
                let made = if m.tournament {
                    cardball::CardballSession::new_tournament(m.managers, config, m.seed, deck)
                } else {
                    cardball::CardballSession::new(m.managers, config, m.seed, deck)
                };
                let session = made.map_err(|e| e.to_string())?;
                self.open_cardball(session);
                return Ok(());
            }
            StartRequest::Print => {
                self.screen = Screen::Print(
                    Box::new(export::ExportDialog::new(self.start.source().clone())),
                    None,
                );
                return Ok(());
            }
            StartRequest::Edit => {
                self.screen = Screen::Editor(Box::new(
                    EditorScreen::new(self.start.source().clone())
                        .with_recovery(editor::Recovery::file(self.autosave.as_deref())),
                ));
                return Ok(());
            }
            StartRequest::Matchday(_) => return Ok(()),
            StartRequest::NewTable(id, managers, seed) => {
                let Some(hooks) = crate::games::find(id).and_then(|g| g.table.as_ref()) else {
                    return Err(format!("{id} has no table yet"));
                };
                let table = (hooks.new)(table::NewTable {
                    source: self.start.source(),
                    managers,
                    seed,
                    autosave: self.autosave.clone(),
                })?;
                self.screen = Screen::Game(table);
                return Ok(());
            }
            StartRequest::Continue => {
                // The newest autosave that opens: a damaged one costs a
                // message, not the game before it.
                let path = self.autosave.clone().ok_or("no saved game")?;
                let mut problems = Vec::new();
                for slot in session::autosave_slots(&path, session::AUTOSAVES_KEPT) {
                    if !slot.exists() {
                        continue;
                    }
                    match self.open_save(&slot) {
                        Ok(()) => return Ok(()),
                        Err(e) => problems.push(e),
                    }
                }
                return Err(if problems.is_empty() {
                    "no saved game".into()
                } else {
                    problems.join("\n")
                });
            }
        };
        self.open_booked(session)
    }

    /// Opens a saved match of any game at its table; nothing changes when
    /// the file is no valid save.
    fn open_save(&mut self, path: &std::path::Path) -> Result<(), String> {
        let (name, bytes) = session::read_save(path).map_err(|e| e.to_string())?;
        let game = session::SaveHeader::game_of(&name, &bytes).map_err(|e| e.to_string())?;
        if let Some(hooks) = crate::games::find(&game).and_then(|g| g.table.as_ref()) {
            let table = (hooks.load)(table::SavedTable {
                source: self.start.source(),
                name: &name,
                bytes: &bytes,
                autosave: self.autosave.clone(),
            })?;
            self.screen = Screen::Game(table);
            return Ok(());
        }
        if game == cardball::session::GAME {
            // The cards the match was started with, when the save has them.
            let deck = match session::saved_card_files(&bytes) {
                Some(files) => Arc::new(
                    crate::games::cardball::deck::CardballDeck::load(&self.saved_cards(&files))
                        .map_err(|e| format!("{name}: the cards saved with it: {e}"))?,
                ),
                None => self.cardball_deck()?,
            };
            let s = cardball::CardballSession::from_save_bytes(&name, &bytes, deck)
                .map_err(|e| e.to_string())?;
            self.open_cardball(s);
            return Ok(());
        }
        let session = Session::from_save_bytes(&name, &bytes, ()).map_err(|e| e.to_string())?;
        self.open_booked(session)
    }

    fn open_booked(&mut self, mut session: Session) -> Result<(), String> {
        // Faces are drawn from the cards the match was started with: a
        // save made before a deck edit still shows its own cards.
        let deck = match session.card_files() {
            Some(files) => Arc::new(
                crate::games::booked::deck::BookedDeck::load(&self.saved_cards(files))
                    .map_err(|e| format!("the cards saved with this game: {e}"))?,
            ),
            None => {
                let deck = self.booked_deck()?;
                session.set_card_files(session::card_files(self.start.source(), "booked"));
                deck
            }
        };
        let art = self.start.source().dir.iter().cloned().collect();
        self.screen = Screen::Table(Box::new(
            TableScreen::new(session, deck, self.autosave.clone()).with_art_roots(art),
        ));
        Ok(())
    }

    fn booked_deck(&self) -> Result<Arc<crate::games::booked::deck::BookedDeck>, String> {
        self.start
            .deck()
            .cloned()
            .map(Arc::new)
            .ok_or_else(|| "the Booked! deck has errors".into())
    }

    fn cardball_deck(&self) -> Result<Arc<crate::games::cardball::deck::CardballDeck>, String> {
        self.start
            .cardball_deck()
            .cloned()
            .map(Arc::new)
            .ok_or_else(|| "the Cardball deck has errors".into())
    }

    fn open_cardball(&mut self, mut session: cardball::CardballSession) {
        if session.card_files().is_none() {
            session.set_card_files(session::card_files(self.start.source(), "cardball"));
        }
        self.screen = Screen::Cardball(Box::new(cardball::CardballTable::new(
            session,
            self.autosave.clone(),
        )));
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
        // Closing the window with unsaved edits asks first, whichever
        // screen is on top of the editor.
        if ui.ctx().input(|i| i.viewport().close_requested()) {
            let held = match &mut self.screen {
                Screen::Editor(e) | Screen::Print(_, Some(e)) => e.hold_close(),
                _ => false,
            };
            if held {
                ui.ctx()
                    .send_viewport_cmd(egui::ViewportCommand::CancelClose);
                // The question is the editor's: bring it back on top.
                if let Screen::Print(_, Some(_)) = &self.screen
                    && let Screen::Print(_, Some(e)) =
                        std::mem::replace(&mut self.screen, Screen::Start)
                {
                    self.screen = Screen::Editor(e);
                }
            }
        }
        let next = match &mut self.screen {
            Screen::Start => self.start.show(ui).map(Next::Open),
            Screen::Table(t) => t.show(ui).map(|r| match r {
                TableRequest::Leave => Next::Start(None),
                TableRequest::Open(path) => Next::Load(path),
            }),
            Screen::Cardball(t) => t.show(ui).map(|r| match r {
                TableRequest::Leave => Next::Start(None),
                TableRequest::Open(path) => Next::Load(path),
            }),
            Screen::Editor(e) => e.show(ui).map(|r| match r {
                EditorRequest::Close(source) => Next::Start(Some(source)),
                EditorRequest::Print(source) => Next::Print(source),
                EditorRequest::Quit => Next::Quit,
            }),
            Screen::Matchday(m) => m.show(ui).map(|MatchdayRequest::Leave| Next::Start(None)),
            Screen::Game(t) => t.show(ui).map(|r| match r {
                TableRequest::Leave => Next::Start(None),
                TableRequest::Open(path) => Next::Load(path),
            }),
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
                if let Some(source) = reload {
                    // The editor may have saved: read the data again so the
                    // table, the bots and printing use the edited cards.
                    let can_continue = self.start.can_continue;
                    self.start = StartScreen::load(source.dir);
                    self.start.can_continue = can_continue;
                }
                self.start.can_continue = session::has_autosave(self.autosave.as_deref());
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
                self.fresh_autosave();
                // A save that fails to open says why on the start screen;
                // the match that was on is kept by the autosave.
                if let Err(e) = self.open_save(&path) {
                    self.start.error = Some(e);
                    self.screen = Screen::Start;
                }
            }
            Some(Next::Back) => {
                self.screen = match std::mem::replace(&mut self.screen, Screen::Start) {
                    Screen::Print(_, Some(editor)) => Screen::Editor(editor),
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
    /// A house rules file (Booked!) instead of the data folder's: its name
    /// and text.
    pub rules: Option<(String, String)>,
}

impl TouchlineApp {
    /// Opens the table `request` asks for, as the start screen would with
    /// those choices; says why when it cannot.
    pub fn play(&mut self, request: PlayRequest) -> Result<(), String> {
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
        let req = match game.id {
            "booked" => StartRequest::NewBooked(NewMatch {
                managers,
                rules: match &request.rules {
                    Some((name, text)) => crate::games::booked::deck::parse_house_rules(name, text),
                    None => crate::games::booked::deck::load_house_rules(self.start.source()),
                }
                .map_err(|e| e.to_string())?,
                seed: request.seed,
                group_stage: false,
            }),
            "cardball" => StartRequest::NewCardball(NewCardball {
                teams: (managers.len() == 4).then_some(crate::games::cardball::TeamPlay::Switching),
                managers,
                tie_break: Default::default(),
                halves: false,
                tournament: false,
                ask_calls: false,
                seed: request.seed,
            }),
            "eleven" => StartRequest::Matchday(request.seed),
            _ => {
                let Some(hooks) = game.table.as_ref() else {
                    return Err(format!("{} has no table yet", game.name));
                };
                self.fresh_autosave();
                let table = (hooks.new)(table::NewTable {
                    source: self.start.source(),
                    managers,
                    seed: request.seed,
                    autosave: self.autosave.clone(),
                })?;
                self.screen = Screen::Game(table);
                return Ok(());
            }
        };
        self.open(req)
    }
}

/// Opens the app window and runs until it is closed. `started` is when the
/// process started; with `TOUCHLINE_TIMING=1` the time to the first frame is
/// printed.
pub fn run_app(
    data: Option<PathBuf>,
    started: std::time::Instant,
    play: Option<PlayRequest>,
) -> Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(APP_NAME)
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([960.0, 600.0]),
        ..Default::default()
    };
    eframe::run_native(
        APP_NAME,
        options,
        Box::new(move |_cc| {
            let mut app = TouchlineApp::new(data, default_autosave());
            if let Some(request) = play
                && let Err(e) = app.play(request)
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
