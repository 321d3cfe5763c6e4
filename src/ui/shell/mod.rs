//! The table shell: the frame every game's table is drawn in. The shell
//! owns the chrome (the top bar and its keys, the log column, the hot-seat
//! curtain, the Rules window, the Save… and Load… dialogs, the autosave and
//! repaints) and lays the window out in two regions for the game:
//!
//! - the **dock** at the bottom: the prompt, the action buttons and the
//!   deciding person's hand. It is sized to its content and always wholly
//!   in the window; a game keeps it within [`Desk::dock_room`].
//! - the **board** above it, which gets the rest of the window and fits
//!   its content to it (cards shrink, group or fan; a pitch may scroll
//!   inside its own box).
//!
//! A game implements [`TableView`]: its board, its dock, its keys, its
//! result screen and its status line; nothing else. It changes the match
//! only through the [`Desk`] it is handed, so every decision is autosaved
//! and every refusal is said in the same place. Nothing here knows a game:
//! what the shell needs of one (its name, its rules, the name a save
//! suggests) the game hands it in [`TableInfo`].

mod bar;
mod log;

pub use bar::{BAR_KEYS, BarAsk, HINT_KEY, LOAD_KEY, RULES_KEY, SAVE_KEY, UNDO_KEY};
pub use log::{log_open, set_log_open};

use super::dialog::SaveLoad;
use super::palette::{ALERT, CHALK, FELT, FELT_DARK, GOLD};
use super::seating::{self, Seated as _};
use super::session::{LogLine, Pace, SaveError, SaveHeader, Session, TableGame, Thought};
use super::table::{SavedTable, Table, TableRequest};
use crate::bots::Strength;
use crate::cards::DataSource;
use crate::engine::{Game as _, Seat};
use egui::{Color32, Frame, Rect, RichText};
use std::path::{Path, PathBuf};

/// The extension Touchline gives its saves (`booked.touchline`); loading
/// accepts any name, so older `.json` saves still open.
pub const SAVE_EXTENSION: &str = "touchline";

/// What the shell needs to know of a game besides its view.
#[derive(Clone, Copy, Debug)]
pub struct TableInfo {
    /// The game's name (`Booked!`): the title and the Rules window's.
    pub name: &'static str,
    /// The game's rules as Markdown, for the Rules window.
    pub rulebook: &'static str,
    /// The name a save suggests, without its extension (`booked`).
    pub save_name: &'static str,
    /// What leaving keeps, for the Leave tooltip: "game", "match", "season".
    pub kept: &'static str,
}

impl TableInfo {
    /// The game called `name` with `rulebook`, whose saves are suggested
    /// as `save_name` and whose Leave keeps the `kept`.
    pub const fn new(
        name: &'static str,
        rulebook: &'static str,
        save_name: &'static str,
        kept: &'static str,
    ) -> TableInfo {
        TableInfo {
            name,
            rulebook,
            save_name,
            kept,
        }
    }
}

/// A game's table inside the shell: what it draws and how it answers keys.
/// Everything else (the bar, the log, the curtain, the Rules window, the
/// dialogs, the autosave) the shell does the same for every game.
pub trait TableView: Sized + 'static {
    /// The game played at this table.
    type Game: TableGame;

    /// What the curtain says is hidden while the device is passed on.
    const HIDDEN: &'static str;

    /// The game's name, rules and save name.
    fn info() -> TableInfo;

    /// A save of this game at a new table (Load…, and the registry's load
    /// hook); why it cannot be opened otherwise.
    fn load(saved: SavedTable<'_>) -> Result<Shell<Self>, String>;

    /// The line beside the title: where the match is and who decides.
    fn status(&self, session: &Session<Self::Game>) -> String;

    /// The board: everything on the table but the decision of the moment,
    /// fitted to the room `ui` has.
    fn board(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Self::Game>);

    /// The dock: the prompt, the buttons of the moment and the deciding
    /// person's hand, within [`Desk::dock_room`] in height.
    fn dock(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Self::Game>);

    /// The result screen, once the match is over ([`TableView::is_over`]);
    /// the shell adds the way back to the start screen under it.
    fn result(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, Self::Game>);

    /// The game's own keys, for the person deciding now; called only while
    /// no curtain covers the table.
    fn keys(&mut self, _ctx: &egui::Context, _desk: &mut Desk<'_, Self::Game>) {}

    /// A log line's colour.
    fn log_colour(&self, _session: &Session<Self::Game>, line: &LogLine) -> Color32 {
        match line.seat {
            Some(_) => GOLD,
            None => CHALK.gamma_multiply(0.85),
        }
    }

    /// The log as the screen may show it now.
    fn log(&self, session: &Session<Self::Game>) -> Vec<LogLine> {
        session.log()
    }

    /// The person the curtain waits for, if it must cover the table.
    fn curtain(&self, session: &Session<Self::Game>, _now: f64) -> Option<Seat> {
        session.needs_handover()
    }

    /// Called first in every frame, with the match as it stands: a game
    /// follows what happened (animations) here.
    fn follow(&mut self, _ctx: &egui::Context, _session: &Session<Self::Game>, _now: f64) {}

    /// Whether bots wait this frame (a card is still in sight).
    fn holds_bots(&self, _now: f64) -> bool {
        false
    }

    /// Undo took the match back: drop what was chosen on screen.
    fn undone(&mut self) {}

    /// Whether the match is over and the result screen shows.
    fn is_over(&self, session: &Session<Self::Game>) -> bool {
        session.game().is_over()
    }

    /// The Auto-pass box's tooltip, when the game offers one.
    fn auto_pass(&self) -> Option<&'static str> {
        None
    }

    /// The game's own buttons in the top bar, `(label, tooltip)`.
    fn extra_buttons(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// One of [`TableView::extra_buttons`] was clicked.
    fn extra(&mut self, _index: usize, _desk: &mut Desk<'_, Self::Game>) {}

    /// The game's own windows (drawn over the table).
    fn windows(&mut self, _ctx: &egui::Context, _desk: &mut Desk<'_, Self::Game>) {}

    /// Closes the game's own window, if one is open (Escape); true when
    /// one was.
    fn close_window(&mut self) -> bool {
        false
    }
}

/// A message on the table: what happened, and whether it went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The text.
    pub text: String,
    /// Whether it says something went wrong.
    pub bad: bool,
}

/// What a game's view may do to the match in a frame: act for a person,
/// say something, leave. The shell autosaves after every change.
pub struct Desk<'a, G: TableGame> {
    session: &'a mut Session<G>,
    note: &'a mut Option<Note>,
    now: f64,
    dock_room: f32,
    changed: bool,
    leave: bool,
}

impl<'a, G: TableGame> Desk<'a, G> {
    fn new(session: &'a mut Session<G>, note: &'a mut Option<Note>, now: f64) -> Self {
        Desk {
            session,
            note,
            now,
            dock_room: f32::INFINITY,
            changed: false,
            leave: false,
        }
    }

    /// The match.
    pub fn session(&self) -> &Session<G> {
        self.session
    }

    /// The UI clock this frame, in seconds.
    pub fn now(&self) -> f64 {
        self.now
    }

    /// The most height the dock may take, in points.
    pub fn dock_room(&self) -> f32 {
        self.dock_room
    }

    /// Plays `action` for `seat`; a refusal is said on the table. True
    /// when the engine took it.
    pub fn act(&mut self, seat: Seat, action: G::Action) -> bool {
        match self.session.act(seat, action) {
            Ok(()) => {
                *self.note = None;
                self.changed = true;
                true
            }
            Err(e) => {
                self.say(sentence(&e.to_string()), true);
                false
            }
        }
    }

    /// Says `text` on the table (`bad`: something went wrong).
    pub fn say(&mut self, text: impl Into<String>, bad: bool) {
        *self.note = Some(Note {
            text: text.into(),
            bad,
        });
    }

    /// Goes back to the start screen after this frame.
    pub fn leave(&mut self) {
        self.leave = true;
    }

    /// After a finished match of a series, starts the next one; says when
    /// the series is over or why it cannot go on. True when a match
    /// started.
    pub fn next_match(&mut self) -> bool {
        match self.session.next_match() {
            Ok(true) => {
                self.changed = true;
                true
            }
            Ok(false) => false,
            Err(e) => {
                self.say(e.to_string(), true);
                false
            }
        }
    }

    /// A new match at this table in place of the one on (Play again, new
    /// house rules); the pace and auto-pass stay as they are.
    pub fn replace(&mut self, mut session: Session<G>) {
        session.pace = self.session.pace;
        session.auto_pass = self.session.auto_pass;
        *self.session = session;
        *self.note = None;
        self.changed = true;
    }
}

/// `text` as a sentence: a capital first letter and a full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// The pace and auto-pass the last table used, kept for the next one.
#[derive(Clone, Copy, Debug, Default)]
struct Kept {
    pace: Option<Pace>,
}

fn kept_id() -> egui::Id {
    egui::Id::unique("touchline-table-kept")
}

/// Sets the pace a table takes on when it opens: the one last chosen at a
/// table, kept for the next one in the same run.
pub fn set_pace(ctx: &egui::Context, pace: Pace) {
    ctx.data_mut(|d| d.insert_temp(kept_id(), Kept { pace: Some(pace) }));
}

/// A game's table in the shell: the match, the game's view of it, and the
/// chrome around them.
pub struct Shell<V: TableView> {
    session: Session<V::Game>,
    view: V,
    source: DataSource,
    autosave: Option<PathBuf>,
    note: Option<Note>,
    rules_open: bool,
    files: SaveLoad,
    /// How often the curtain has lifted: each person's view starts at the
    /// top, as the board's scroll state is kept per lift.
    lifts: u64,
    /// Whether the pace the last table used has been taken on.
    settled: bool,
    /// Where the dock's content was drawn last frame.
    dock: Option<Rect>,
    /// What to ask the app at the end of the next frame (a save of
    /// another game to open).
    request: Option<TableRequest>,
    /// Whether the autosave still holds another match (this one is new,
    /// or was loaded from elsewhere): the first autosave then keeps that
    /// one as an older slot rather than overwriting it.
    fresh: bool,
    /// The Hint asked for the decision of the moment.
    hint: Option<Hint<V::Game>>,
}

/// The Hint: what the Expert bot would do for the person deciding, worked
/// out on its own thread from that person's view alone.
struct Hint<G: TableGame> {
    /// The session's generation it was asked at: it goes with any change.
    generation: u64,
    /// The seat it is for, and the legal actions it chose among.
    seat: crate::engine::Seat,
    legal: Vec<G::Action>,
    state: HintState<G>,
}

enum HintState<G: TableGame> {
    Thinking(std::sync::mpsc::Receiver<Thought<G>>),
    Ready { text: String, detail: String },
    Failed,
}

/// The Hint's line and its tooltip, from what the search found.
pub fn hint_words(
    analysis: &crate::bots::Analysis,
    choice: usize,
    words: impl Fn(usize) -> String,
) -> (String, String) {
    let total: u32 = analysis.visits.iter().sum();
    let share = |i: usize| {
        let v = analysis.visits.get(i).copied().unwrap_or(0);
        if total == 0 {
            0.0
        } else {
            100.0 * f64::from(v) / f64::from(total)
        }
    };
    let value = |i: usize| 100.0 * analysis.values.get(i).copied().unwrap_or(0.0);
    let text = format!(
        "Hint: {} (Expert: {:.0}% of {} searches, wins {:.0}%)",
        words(choice),
        share(choice),
        analysis.iterations,
        value(choice)
    );
    let mut order: Vec<usize> = (0..analysis.visits.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(analysis.visits[i]));
    let mut detail = String::from("What the search weighed (visits, wins when chosen):");
    for &i in order.iter().take(6) {
        detail.push_str(&format!(
            "\n{}: {} visits, {:.0}%",
            words(i),
            analysis.visits[i],
            value(i)
        ));
    }
    if order.len() > 6 {
        detail.push_str(&format!("\n… and {} more", order.len() - 6));
    }
    (text, detail)
}

impl<V: TableView> Shell<V> {
    /// A table for `session` drawn by `view`; `source` is where its card
    /// files come from (for Load…) and `autosave` where the match is kept
    /// after every decision, for Continue.
    pub fn new(
        session: Session<V::Game>,
        view: V,
        source: &DataSource,
        autosave: Option<PathBuf>,
    ) -> Self {
        Shell {
            session,
            view,
            source: source.clone(),
            autosave,
            note: None,
            rules_open: false,
            files: SaveLoad::default(),
            lifts: 0,
            settled: false,
            dock: None,
            request: None,
            fresh: true,
            hint: None,
        }
    }

    /// The match (for tests).
    pub fn session(&self) -> &Session<V::Game> {
        &self.session
    }

    /// The match, mutably (for tests).
    pub fn session_mut(&mut self) -> &mut Session<V::Game> {
        &mut self.session
    }

    /// The game's view (for tests).
    pub fn view(&self) -> &V {
        &self.view
    }

    /// The game's view, mutably (for tests).
    pub fn view_mut(&mut self) -> &mut V {
        &mut self.view
    }

    /// The message on the table, if any.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// The Save… and Load… dialogs (for tests).
    pub fn files(&mut self) -> &mut SaveLoad {
        &mut self.files
    }

    /// Where the match is kept after every decision, if anywhere.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_deref()
    }

    /// Keeps the match at the autosave path now; a failure is said on the
    /// table, play goes on.
    pub fn autosave(&mut self) {
        if self.fresh
            && let Some(path) = &self.autosave
        {
            self.fresh = false;
            if let Err(e) = super::session::rotate_autosaves(path, super::session::AUTOSAVES_KEPT) {
                self.say_bad(format!("The last game's autosave was not kept: {e}"));
            }
        }
        if let Err(e) = seating::autosave(self.autosave.as_deref(), |p| self.session.save(p)) {
            self.note = Some(Note { text: e, bad: true });
        }
    }

    /// This table goes on from its own autosave: the next autosave
    /// replaces it.
    pub fn resume(&mut self) {
        self.fresh = false;
    }

    /// Saves to `path`, saying how it went on the table.
    pub fn save_to(&mut self, path: &Path) {
        let (text, bad) = self.session.save_report(path);
        self.note = Some(Note { text, bad });
    }

    /// Loads the save at `path` in place of the match on; a save of
    /// another game asks the app to open it at its own table (at the end
    /// of the next frame). A file that is no valid save changes nothing
    /// and says why.
    pub fn load_from(&mut self, path: &Path) {
        let (name, bytes) = match super::session::read_save(path) {
            Ok(read) => read,
            Err(e) => {
                self.say_bad(e.to_string());
                return;
            }
        };
        let game = <V::Game as TableGame>::ID;
        if let Err(SaveError::OtherGame { .. }) = SaveHeader::check(&name, &bytes, game) {
            self.request = Some(TableRequest::Open(path.to_path_buf()));
            return;
        }
        let opened = V::load(SavedTable {
            source: &self.source,
            name: &name,
            bytes: &bytes,
            autosave: self.autosave.clone(),
        });
        match opened {
            Ok(mut table) => {
                table.session.pace = self.session.pace;
                table.session.auto_pass = self.session.auto_pass;
                table.settled = true;
                table.note = Some(Note {
                    text: format!("Loaded {}", path.display()),
                    bad: false,
                });
                *self = table;
            }
            Err(e) => self.say_bad(e),
        }
    }

    fn say_bad(&mut self, text: String) {
        self.note = Some(Note { text, bad: true });
    }

    /// Where the dock's content lay in the last frame drawn.
    pub fn dock_rect(&self) -> Option<Rect> {
        self.dock
    }

    /// Takes on the pace the last table used, once, and keeps this
    /// table's for the next.
    fn keep_pace(&mut self, ctx: &egui::Context) {
        if !self.settled {
            self.settled = true;
            if let Some(pace) = ctx
                .data(|d| d.get_temp::<Kept>(kept_id()))
                .and_then(|k| k.pace)
            {
                self.session.pace = pace;
            }
        }
        let kept = Kept {
            pace: Some(self.session.pace),
        };
        ctx.data_mut(|d| d.insert_temp(kept_id(), kept));
    }

    /// Asks the Expert bot what the person deciding should do, on its own
    /// thread; says why not when it cannot.
    pub fn ask_hint(&mut self) {
        let session = &self.session;
        let Some(seat) = session.human_actor() else {
            return;
        };
        if session.needs_handover().is_some() || self.view.is_over(session) {
            return;
        }
        let legal = session.human_actions();
        let seed = session.record().seed ^ session.generation().wrapping_mul(0x9E37_79B9);
        let Some(bot) = session.hint_bot(seed) else {
            return;
        };
        let generation = session.generation();
        if self
            .hint
            .as_ref()
            .is_some_and(|h| h.generation == generation)
        {
            return;
        }
        let view = session.game().view(seat);
        let answer = super::session::think(bot, view, legal.clone());
        self.hint = Some(Hint {
            generation,
            seat,
            legal,
            state: HintState::Thinking(answer),
        });
    }

    /// Takes the Hint's answer if it has come; drops a Hint the match has
    /// moved past.
    fn poll_hint(&mut self, ctx: &egui::Context) {
        let generation = self.session.generation();
        let Some(hint) = &mut self.hint else {
            return;
        };
        if hint.generation != generation {
            self.hint = None;
            return;
        }
        let HintState::Thinking(answer) = &hint.state else {
            return;
        };
        match answer.try_recv() {
            Ok(thought) => {
                let words = |i: usize| {
                    hint.legal
                        .get(i)
                        .map(|a| self.session.action_words(hint.seat, a))
                        .unwrap_or_default()
                };
                let analysis = thought.analysis.unwrap_or_else(|| crate::bots::Analysis {
                    best: thought.choice,
                    ..Default::default()
                });
                let (text, detail) = hint_words(&analysis, thought.choice, words);
                hint.state = HintState::Ready { text, detail };
                ctx.request_repaint();
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(50));
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => hint.state = HintState::Failed,
        }
    }

    /// The Hint's line, once asked: thinking, or what the Expert would do.
    pub fn hint_text(&self) -> Option<String> {
        self.hint.as_ref().map(|h| match &h.state {
            HintState::Thinking(_) => "Expert is thinking…".to_string(),
            HintState::Ready { text, .. } => text.clone(),
            HintState::Failed => "No hint this time: the search stopped.".to_string(),
        })
    }

    fn poll_files(&mut self, ctx: &egui::Context) {
        match self.files.poll(ctx) {
            Some((path, true)) => self.save_to(&path),
            Some((path, false)) => self.load_from(&path),
            None => {}
        }
    }

    /// Draws the table; returns a request for the app, if any.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        let ctx = ui.ctx().clone();
        if !super::fonts::ready(&ctx) {
            return None;
        }
        let now = ui.input(|i| i.time);
        self.keep_pace(&ctx);
        self.view.follow(&ctx, &self.session, now);
        if !self.view.holds_bots(now) && self.session.step(now) {
            self.autosave();
            ctx.request_repaint();
            self.view.follow(&ctx, &self.session, now);
        }
        if let Some(due) = self.session.due_in(now) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(due.max(0.01)));
        }
        self.poll_files(&ctx);
        self.poll_hint(&ctx);
        let mut request = self.request.take();
        let before = self.session.generation();
        let info = V::info();
        let curtain = self.view.curtain(&self.session, now);
        let over = self.view.is_over(&self.session);
        let mut ask = None;
        let mut ask_hint = false;
        let mut desk = Desk::new(&mut self.session, &mut self.note, now);

        // Escape closes what is open over the table before any game key
        // sees it.
        if seating::keys_free(&ctx) && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            let closed = if self.rules_open {
                self.rules_open = false;
                true
            } else {
                self.view.close_window()
            };
            if closed {
                ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
            }
        }
        if let Some(a) = bar::bar_keys(&ctx, desk.session) {
            ask = Some(a);
        }
        if curtain.is_none() && !over {
            self.view.keys(&ctx, &mut desk);
        }

        egui::Panel::top("table-bar")
            .frame(Frame::NONE.fill(FELT_DARK).inner_margin(6.0))
            .show(ui, |ui| {
                let status = self.view.status(desk.session);
                let hint = desk
                    .session
                    .searches()
                    .then(|| curtain.is_none() && !over && desk.session.human_actor().is_some());
                let bar = bar::Bar {
                    name: info.name,
                    status: &status,
                    kept: info.kept,
                    auto_pass: self.view.auto_pass(),
                    extra: self.view.extra_buttons(),
                    hint,
                };
                if let Some(a) = bar::top_bar(ui, &bar, desk.session) {
                    ask = Some(a);
                }
            });
        let log = self.view.log(desk.session);
        log::log_side(ui, |ui| {
            log::log_panel(ui, V::Game::log_title(), &log, |line| {
                self.view.log_colour(desk.session, line)
            });
        });
        egui::CentralPanel::default()
            .frame(Frame::NONE.fill(FELT).inner_margin(8.0))
            .show(ui, |ui| {
                if let Some(seat) = curtain {
                    self.dock = None;
                    let name = desk.session.name(seat);
                    if log::curtain(ui, &name, V::HIDDEN) {
                        desk.session.reveal(seat);
                        self.lifts += 1;
                    }
                } else if over {
                    self.dock = None;
                    egui::ScrollArea::vertical()
                        .id_salt(("result", self.lifts))
                        .auto_shrink([false, false])
                        .show(ui, |ui| {
                            note_line(ui, desk.note.as_ref());
                            self.view.result(ui, &mut desk);
                            ui.add_space(12.0);
                            ui.vertical_centered(|ui| {
                                if ui
                                    .button(RichText::new("Back to the start screen").size(16.0))
                                    .clicked()
                                {
                                    desk.leave();
                                }
                            });
                        });
                } else {
                    desk.dock_room = (ui.available_height() * 0.5).max(120.0);
                    let dock = egui::Panel::bottom("table-dock")
                        .resizable(false)
                        .show_separator_line(false)
                        .frame(
                            Frame::NONE
                                .fill(FELT_DARK)
                                .corner_radius(6.0)
                                .inner_margin(8.0),
                        )
                        .show(ui, |ui| {
                            note_line(ui, desk.note.as_ref());
                            hint_line(ui, self.hint.as_ref());
                            self.view.dock(ui, &mut desk);
                            ui.min_rect()
                        });
                    // The dock takes the height its content had last
                    // frame; when it first shows, or its content grew or
                    // shrank (a line of choices came or went), the frame
                    // is laid out again at once, so nothing is shown, or
                    // clicked, where it was a frame ago.
                    let before = self.dock.map(|d| d.height());
                    if before.is_none_or(|h| (h - dock.inner.height()).abs() > 0.5) {
                        ctx.request_discard("the dock changed height");
                    }
                    self.dock = Some(dock.inner);
                    ui.add_space(6.0);
                    // The board is clipped to its region: whatever it
                    // draws can never cover (or take the clicks of) the
                    // dock.
                    let board = ui.available_rect_before_wrap();
                    let builder = egui::UiBuilder::new()
                        .id_salt(("board", self.lifts))
                        .max_rect(board);
                    ui.scope_builder(builder, |ui| {
                        ui.set_clip_rect(board.intersect(ui.clip_rect()));
                        self.view.board(ui, &mut desk);
                    });
                }
            });
        if let Some(a) = ask {
            match a {
                BarAsk::Leave => desk.leave(),
                BarAsk::Rules => self.rules_open = true,
                BarAsk::Load => ask_file(&mut self.files, false, info.save_name),
                BarAsk::Save => ask_file(&mut self.files, true, info.save_name),
                BarAsk::Undo => {
                    self.view.undone();
                    desk.changed = true;
                }
                BarAsk::Extra(i) => self.view.extra(i, &mut desk),
                BarAsk::Hint => ask_hint = true,
            }
        }
        super::rules::rules_window(&ctx, &mut self.rules_open, info.name, info.rulebook);
        self.view.windows(&ctx, &mut desk);
        let (changed, leave) = (desk.changed, desk.leave);
        if ask_hint {
            self.ask_hint();
            ctx.request_repaint();
        }
        if changed {
            self.autosave();
        }
        if leave {
            request = Some(TableRequest::Leave);
        }
        // A click or key handled after the table was painted changes what
        // it shows: draw once more.
        let input = ctx.input(|i| {
            i.pointer.any_click()
                || i.events
                    .iter()
                    .any(|e| matches!(e, egui::Event::Key { pressed: true, .. }))
        });
        if input || changed || self.session.generation() != before {
            ctx.request_repaint();
        }
        request
    }

    /// Whether the match is over with nothing left to play (a series
    /// included): what Continue skips.
    pub fn is_finished(&self) -> bool {
        self.session.is_finished()
    }

    /// Has the person deciding now decide as the game's own bot would from
    /// their view (drives whole games in the fit tests); false when no
    /// person decides or the curtain is down.
    pub fn decide_for_person(&mut self, seed: u64) -> bool {
        let Some(seat) = self.session.human_actor() else {
            return false;
        };
        let legal = self.session.human_actions();
        if legal.is_empty() {
            return false;
        }
        let view = self.session.game().view(seat);
        let mut bot = self.session.game().seat_bot(Strength::Heuristic, seed);
        let i = bot.choose(Some(&view), &legal);
        let Some(action) = legal.get(i.min(legal.len() - 1)).cloned() else {
            return false;
        };
        let ok = self.session.act(seat, action).is_ok();
        if ok {
            self.view.undone();
        }
        ok
    }
}

/// The message on the table, if any, in one line.
fn note_line(ui: &mut egui::Ui, note: Option<&Note>) {
    if let Some(n) = note {
        ui.label(RichText::new(&n.text).color(if n.bad { ALERT } else { CHALK }));
    }
}

/// The Hint's line in the dock, with what the search weighed on hover.
fn hint_line<G: TableGame>(ui: &mut egui::Ui, hint: Option<&Hint<G>>) {
    let Some(hint) = hint else {
        return;
    };
    match &hint.state {
        HintState::Thinking(_) => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(RichText::new("Expert is thinking…").color(GOLD));
            });
        }
        HintState::Ready { text, detail } => {
            ui.add(egui::Label::new(RichText::new(text).color(GOLD)).wrap())
                .on_hover_text(detail);
        }
        HintState::Failed => {
            ui.label(RichText::new("No hint this time: the search stopped.").color(ALERT));
        }
    }
}

/// Where the boards' scrolling boxes lay in one frame.
#[derive(Clone, Debug, Default)]
struct Boxes {
    frame: u64,
    rects: Vec<Rect>,
}

fn boxes_id() -> egui::Id {
    egui::Id::unique("touchline-scroll-boxes")
}

/// A box of the board that scrolls in its own right (a long column of
/// choices, a line-up): what lies past its edge is reached by scrolling
/// it, never by scrolling the table. Its place is kept for
/// [`scroll_boxes`].
pub fn scroll_box<R>(
    ui: &mut egui::Ui,
    id_salt: &str,
    contents: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let out = egui::ScrollArea::vertical()
        .id_salt(id_salt)
        .auto_shrink([false, false])
        .show(ui, contents);
    let frame = ui.ctx().cumulative_frame_nr();
    ui.ctx().data_mut(|d| {
        let b = d.get_temp_mut_or_default::<Boxes>(boxes_id());
        if b.frame != frame {
            b.frame = frame;
            b.rects.clear();
        }
        b.rects.push(out.inner_rect);
    });
    out.inner
}

/// Where the scrolling boxes of the last frame that drew any lay.
pub fn scroll_boxes(ctx: &egui::Context) -> Vec<Rect> {
    ctx.data(|d| d.get_temp::<Boxes>(boxes_id()))
        .map(|b| b.rects)
        .unwrap_or_default()
}

/// The prompt of the moment in the dock, as every table writes it.
pub fn prompt(ui: &mut egui::Ui, text: impl Into<String>) -> egui::Response {
    ui.label(RichText::new(text.into()).size(16.0).strong().color(GOLD))
}

/// Opens the Save… (`save`) or Load… dialog; a save suggests
/// `<save_name>.touchline`.
fn ask_file(files: &mut SaveLoad, save: bool, save_name: &str) {
    files.ask(save, &format!("{save_name}.{SAVE_EXTENSION}"));
}

impl<V: TableView> Table for Shell<V> {
    fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        Shell::show(self, ui)
    }

    fn dock_rect(&self) -> Option<Rect> {
        self.dock
    }

    fn person_decides(&self) -> bool {
        self.session.human_actor().is_some()
            && !self.view.is_over(&self.session)
            && self.session.needs_handover().is_none()
    }

    fn decide_for_person(&mut self, seed: u64) -> bool {
        Shell::decide_for_person(self, seed)
    }

    fn is_finished(&self) -> bool {
        Shell::is_finished(self)
    }

    fn resume(&mut self) {
        Shell::resume(self);
    }

    fn tell(&mut self, text: String, bad: bool) {
        self.note = Some(Note { text, bad });
    }

    fn save_bytes(&self) -> Option<Vec<u8>> {
        serde_json::to_vec_pretty(&self.session.save_file()).ok()
    }
}

/// The registry's load hook for a game whose view is `V`.
pub fn open_saved<V: TableView>(saved: SavedTable<'_>) -> super::table::Opened {
    Ok(Box::new(V::load(saved)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_as_sentences() {
        assert_eq!(sentence("not your turn"), "Not your turn.");
        assert_eq!(sentence("Draw first."), "Draw first.");
        assert_eq!(sentence(""), ".");
    }
}
