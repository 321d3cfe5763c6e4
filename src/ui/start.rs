//! The start screen: the games from the registry as a list, each with
//! its Continue (its own last unfinished table) and its last result; the
//! chosen game's new-match form beside the list; the state of the card
//! data, the editor and printing at the right.
//!
//! Every game is in view at once from 1024x640 up, and nothing moves
//! under the pointer between two clicks: the list's rows keep their size
//! and place whichever game is chosen, and a form scrolls inside its own
//! column.

use super::form::SeatForm;
use super::palette::{CHALK, GOLD};
use super::session::{self, Controller, SaveSummary};
use super::table::{FormEnv, SharedForm, StartForm, Table};
use crate::cards::{DataErrors, DataSource};
use crate::games::{GAMES, GameEntry};
use egui::{Align, Color32, Frame, Layout, Rect, RichText, Stroke, UiBuilder};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// What the start screen asks the app to do.
pub enum StartRequest {
    /// Open a saved game: the first of these files that opens (a game's
    /// autosaves, newest first).
    Resume(Vec<PathBuf>),
    /// Open the deck and house-rules editor.
    Edit,
    /// Open the print dialog.
    Print,
    /// Open the balance lab.
    Lab,
    /// A game's form opened its table.
    Table(Box<dyn Table>),
}

const PITCH: Color32 = Color32::from_rgb(0x12, 0x3D, 0x27);
const PANEL: Color32 = Color32::from_rgb(0x1A, 0x4D, 0x33);
const PROBLEM: Color32 = Color32::from_rgb(0xFF, 0x8A, 0x80);

/// The height of one game's row in the list.
const ROW_HEIGHT: f32 = 96.0;

/// What one game's autosaves hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Saved {
    /// Its unfinished tables, newest first (Continue opens the first one
    /// that opens).
    pub unfinished: Vec<PathBuf>,
    /// Its newest save, when that game was played to the end: its result
    /// to look at.
    pub finished: Option<PathBuf>,
}

/// What the start screen knows about the data it was opened on.
pub struct StartScreen {
    source: DataSource,
    /// Every game's card data checked: a summary line per deck, or the
    /// problems (in the registry's order).
    data: Vec<Result<Vec<String>, DataErrors>>,
    /// The seats and seed, shared by every game's form.
    seats: SeatForm,
    /// Each game's form, made when the game is first chosen.
    forms: Vec<Option<Box<dyn StartForm>>>,
    /// The game whose form is open (an index of [`GAMES`]).
    chosen: usize,
    /// Where the app keeps its autosaves (`last-game.json` beside each
    /// game's own `last-<game>.touchline`).
    pub autosave: Option<PathBuf>,
    /// Each game's saved tables, in the registry's order.
    saves: Vec<Saved>,
    /// A problem starting a game, shown on the screen.
    pub error: Option<String>,
    /// Each game's form choice remembered across runs, by registry id
    /// (given to a form when it opens, updated as the user changes it).
    pub remembered: BTreeMap<String, String>,
}

impl StartScreen {
    /// Loads and checks the data the screen reports on.
    pub fn load(data: Option<PathBuf>) -> Self {
        let source = match data {
            Some(d) => DataSource::dir(d),
            None => DataSource::embedded(),
        };
        let data = GAMES.iter().map(|g| (g.check)(&source)).collect();
        StartScreen {
            source,
            data,
            seats: SeatForm::default(),
            forms: GAMES.iter().map(|_| None).collect(),
            chosen: 0,
            autosave: None,
            saves: GAMES.iter().map(|_| Saved::default()).collect(),
            error: None,
            remembered: BTreeMap::new(),
        }
    }

    /// Looks at every game's autosaves again (after a table was left).
    pub fn find_saves(&mut self) {
        self.saves = GAMES
            .iter()
            .map(|g| find_saved(self.autosave.as_deref(), g.id))
            .collect();
    }

    /// What the game with registry id `id` has saved (for tests).
    pub fn saved(&self, id: &str) -> Option<&Saved> {
        GAMES
            .iter()
            .position(|g| g.id == id)
            .and_then(|i| self.saves.get(i))
    }

    /// Opens a game's form, by its place in the registry.
    pub fn choose_game(&mut self, index: usize) {
        if index < GAMES.len() {
            self.chosen = index;
        }
    }

    /// The data source the screen was opened on.
    pub fn source(&self) -> &DataSource {
        &self.source
    }

    /// Whether the card data of the game with registry id `id` loaded
    /// without errors.
    pub fn data_ok(&self, id: &str) -> bool {
        GAMES
            .iter()
            .zip(&self.data)
            .any(|(g, d)| g.id == id && d.is_ok())
    }

    /// Sets the number of seats in the form (each form keeps it within
    /// its game's range).
    pub fn set_seats(&mut self, n: usize) {
        self.seats.seats = n;
    }

    /// Sets who plays a seat in the form.
    pub fn set_controller(&mut self, seat: usize, c: Controller) {
        if let Some(x) = self.seats.controllers.get_mut(seat) {
            *x = c;
        }
    }

    /// Sets the seed in the form.
    pub fn set_seed(&mut self, seed: u64) {
        self.seats.seed = seed.to_string();
    }

    /// Draws the screen; returns what the user asked for, if anything.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<StartRequest> {
        let mut request = None;
        Frame::NONE.fill(PITCH).inner_margin(20.0).show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            ui.horizontal(|ui| {
                ui.label(RichText::new("TOUCHLINE").size(34.0).strong().color(CHALK));
                ui.add_space(12.0);
                ui.label(
                    RichText::new("Play, edit and print football card and board games")
                        .size(16.0)
                        .color(CHALK.gamma_multiply(0.8)),
                );
            });
            ui.add_space(12.0);
            // Three columns of fixed width: the list, the chosen game's
            // form, the card data. Their places depend on the window only.
            let area = ui.available_rect_before_wrap();
            let gap = 16.0;
            let list_w = (area.width() * 0.33).clamp(300.0, 440.0);
            let data_w = (area.width() * 0.25).clamp(230.0, 380.0);
            let form_w = area.width() - list_w - data_w - 2.0 * gap;
            let column = |x: f32, w: f32| {
                Rect::from_min_size(egui::pos2(x, area.top()), egui::vec2(w, area.height()))
            };
            let list = column(area.left(), list_w);
            let form = column(list.right() + gap, form_w);
            let data = column(form.right() + gap, data_w);
            ui.scope_builder(UiBuilder::new().max_rect(list), |ui| {
                request = self.games_column(ui);
            });
            ui.scope_builder(UiBuilder::new().max_rect(form), |ui| {
                if let Some(r) = self.form_column(ui) {
                    request = Some(r);
                }
            });
            ui.scope_builder(UiBuilder::new().max_rect(data), |ui| {
                if let Some(r) = self.data_column(ui) {
                    request = Some(r);
                }
            });
        });
        request
    }

    /// Every game, one row each, in the registry's order.
    fn games_column(&mut self, ui: &mut egui::Ui) -> Option<StartRequest> {
        let mut request = None;
        ui.label(RichText::new("Games").size(20.0).color(GOLD).strong());
        ui.add_space(4.0);
        // The rows share the column's height, never more than they need.
        let room = ui.available_height() - 4.0;
        let height = (room / GAMES.len() as f32 - 8.0).clamp(64.0, ROW_HEIGHT);
        for (i, g) in GAMES.iter().enumerate() {
            if let Some(r) = self.game_row(ui, i, g, height) {
                request = Some(r);
            }
            ui.add_space(6.0);
        }
        request
    }

    /// One game's row: its name (a click chooses it), Continue and its
    /// last result when it has them, what it is and how many play.
    fn game_row(
        &mut self,
        ui: &mut egui::Ui,
        i: usize,
        g: &'static GameEntry,
        height: f32,
    ) -> Option<StartRequest> {
        let mut request = None;
        let ready = g.table.is_some();
        let chosen = self.chosen == i;
        let saved = self.saves.get(i).cloned().unwrap_or_default();
        Frame::NONE
            .fill(PANEL)
            .stroke(Stroke::new(
                if chosen { 2.0 } else { 1.0 },
                if chosen {
                    GOLD
                } else {
                    CHALK.gamma_multiply(0.25)
                },
            ))
            .corner_radius(8.0)
            .inner_margin(egui::Margin::symmetric(10, 6))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.set_height(height - 12.0);
                ui.horizontal(|ui| {
                    let name = RichText::new(g.name).size(17.0).strong().color(if chosen {
                        GOLD
                    } else {
                        CHALK
                    });
                    let play = ui
                        .add_enabled(ready, egui::Button::selectable(chosen, name))
                        .on_hover_text(format!("A new game of {}", g.name))
                        .on_disabled_hover_text("Its table is coming soon");
                    // Screen readers and tests know the button by what it
                    // does.
                    let label = format!("Play {}", g.name);
                    play.widget_info(|| {
                        egui::WidgetInfo::selected(egui::Role::Button, ready, chosen, &label)
                    });
                    if play.clicked() {
                        self.chosen = i;
                    }
                    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                        if let Some(path) = &saved.finished {
                            let b = ui
                                .button("Result")
                                .on_hover_text("The last game, played to the end");
                            let label = format!("Result of {}", g.name);
                            b.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                            });
                            if b.clicked() {
                                request = Some(StartRequest::Resume(vec![path.clone()]));
                            }
                        }
                        if !saved.unfinished.is_empty() {
                            let b = ui
                                .button(RichText::new("Continue").strong())
                                .on_hover_text(format!("Your last unfinished game of {}", g.name));
                            let label = format!("Continue {}", g.name);
                            b.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                            });
                            if b.clicked() {
                                request = Some(StartRequest::Resume(saved.unfinished.clone()));
                            }
                        }
                    });
                });
                let (lo, hi) = (*g.seats.start(), *g.seats.end());
                let seats = if lo == hi {
                    format!("{lo} players · ")
                } else {
                    format!("{lo}-{hi} players · ")
                };
                let mut job = egui::text::LayoutJob::default();
                let font = egui::FontId::proportional(12.5);
                job.append(
                    &seats,
                    0.0,
                    egui::TextFormat::simple(font.clone(), GOLD.gamma_multiply(0.85)),
                );
                job.append(
                    g.summary,
                    0.0,
                    egui::TextFormat::simple(font, CHALK.gamma_multiply(0.85)),
                );
                job.wrap = egui::text::TextWrapping {
                    max_rows: if height >= 84.0 { 3 } else { 2 },
                    break_anywhere: false,
                    overflow_character: Some('…'),
                    max_width: ui.available_width(),
                };
                ui.add(egui::Label::new(job))
                    .on_hover_text(format!("{seats}{}", g.summary));
            });
        request
    }

    /// The chosen game's form, scrolling in its own column, then what
    /// went wrong.
    fn form_column(&mut self, ui: &mut egui::Ui) -> Option<StartRequest> {
        let i = self.chosen;
        let g: &'static GameEntry = GAMES.get(i)?;
        ui.label(
            RichText::new(format!("New game of {}", g.name))
                .size(20.0)
                .color(GOLD)
                .strong(),
        );
        ui.add_space(4.0);
        let mut request = None;
        Frame::NONE
            .fill(PANEL)
            .corner_radius(8.0)
            .inner_margin(12.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                egui::ScrollArea::vertical()
                    .id_salt(("form", g.id))
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        request = self.form(ui, i, g);
                    });
            });
        request
    }

    /// A game's form, then what went wrong.
    fn form(&mut self, ui: &mut egui::Ui, i: usize, g: &'static GameEntry) -> Option<StartRequest> {
        let mut request = None;
        let problem = match &self.data[i] {
            Ok(_) => None,
            Err(e) => Some(format!(
                "The {} card data has {} problem(s) (see Card data): fix them to play",
                g.name,
                e.0.len()
            )),
        };
        let env = FormEnv {
            source: &self.source,
            autosave: self
                .autosave
                .as_deref()
                .map(|b| session::autosave_for(b, g.id)),
            data_problem: problem.clone(),
        };
        self.seats.offered = g.table_strengths();
        let remembered = &mut self.remembered;
        let form = self.forms[i].get_or_insert_with(|| {
            let mut form = match g.table.as_ref().and_then(|t| t.form) {
                Some(make) => make(&self.source),
                None => Box::new(SharedForm {
                    id: g.id,
                    name: g.name,
                    seats: g.seats.clone(),
                    new: g.table.as_ref().map_or(no_table, |t| t.new),
                }),
            };
            if let Some(choice) = remembered.get(g.id) {
                form.recall(choice);
            }
            form
        });
        let shown = form.show(ui, &mut self.seats, &env);
        if let Some(choice) = form.remembered()
            && remembered.get(g.id) != Some(&choice)
        {
            remembered.insert(g.id.to_string(), choice);
        }
        match shown {
            Some(Ok(table)) => request = Some(StartRequest::Table(table)),
            Some(Err(e)) => self.error = Some(e),
            None => {}
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(PROBLEM));
        }
        if let Some(p) = problem {
            ui.label(RichText::new(p).color(PROBLEM));
        }
        request
    }

    /// Every game's data in a line or two; the editor and the print dialog.
    fn data_column(&self, ui: &mut egui::Ui) -> Option<StartRequest> {
        let mut asked = None;
        ui.label(RichText::new("Card data").size(20.0).color(GOLD).strong());
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(RichText::new("Edit decks and house rules").size(15.0))
                .on_hover_text(
                    "Rename nations, rebalance ratings, rewrite referees, try house rules",
                )
                .clicked()
            {
                asked = Some(StartRequest::Edit);
            }
            if ui
                .button(RichText::new("Print…").size(15.0))
                .on_hover_text("Print-and-play PDF sheets of the decks")
                .clicked()
            {
                asked = Some(StartRequest::Print);
            }
            if ui
                .button(RichText::new("Lab…").size(15.0))
                .on_hover_text(
                    "The balance lab: measure a game, compare house rules, value every card",
                )
                .clicked()
            {
                asked = Some(StartRequest::Lab);
            }
        });
        ui.add_space(6.0);
        Frame::NONE
            .fill(PANEL)
            .corner_radius(8.0)
            .inner_margin(10.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                egui::ScrollArea::vertical()
                    .id_salt("data")
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.data_lines(ui));
            });
        asked
    }

    /// Where the data comes from, each game's decks or its problems, and
    /// the command line's checks.
    fn data_lines(&self, ui: &mut egui::Ui) {
        let from = match &self.source.dir {
            Some(d) => format!("From {} (over the built-in defaults)", d.display()),
            None => "Built-in default decks".to_string(),
        };
        ui.label(RichText::new(from).color(CHALK));
        for (g, data) in GAMES.iter().zip(&self.data) {
            ui.add_space(6.0);
            match data {
                Ok(lines) => {
                    ui.label(
                        RichText::new(format!("{} cards", g.name))
                            .color(CHALK)
                            .strong(),
                    );
                    for line in lines {
                        ui.label(
                            RichText::new(format!("   {line}"))
                                .size(12.5)
                                .color(CHALK.gamma_multiply(0.85)),
                        );
                    }
                }
                Err(errors) => {
                    ui.label(
                        RichText::new(format!("{}: {} problem(s):", g.name, errors.0.len()))
                            .color(PROBLEM)
                            .strong(),
                    );
                    for e in errors.0.iter().take(12) {
                        ui.label(
                            RichText::new(e.to_string())
                                .color(CHALK)
                                .monospace()
                                .size(12.0),
                        );
                    }
                }
            }
        }
        ui.add_space(10.0);
        ui.label(
            RichText::new("From the command line")
                .size(15.0)
                .color(GOLD),
        );
        for line in [
            "touchline check",
            "touchline simulate GAME --games 1000",
            "touchline lab GAME --b-option NAME=VALUE",
            "touchline scenario tests/scenarios/FILE.toml",
        ] {
            ui.label(
                RichText::new(line)
                    .monospace()
                    .size(12.0)
                    .color(CHALK.gamma_multiply(0.85)),
            );
        }
    }
}

/// What game `id` has saved: its own autosaves (`last-<id>.touchline` and
/// the older ones) and those of the app's shared autosave from before
/// each game had its own (`last-game.json`) that are of this game.
fn find_saved(base: Option<&std::path::Path>, id: &str) -> Saved {
    let Some(base) = base else {
        return Saved::default();
    };
    let own = session::autosave_slots(&session::autosave_for(base, id), session::AUTOSAVES_KEPT);
    let shared = session::autosave_slots(base, session::AUTOSAVES_KEPT);
    let mut saved = Saved::default();
    for (path, mine) in own
        .into_iter()
        .map(|p| (p, true))
        .chain(shared.into_iter().map(|p| (p, false)))
    {
        if !path.exists() {
            continue;
        }
        match SaveSummary::read(&path) {
            Some(s) if s.game != id => {}
            // A finished match is offered only when it is the newest.
            Some(s) if s.finished && saved.finished.is_none() && saved.unfinished.is_empty() => {
                saved.finished = Some(path);
            }
            Some(s) if s.finished => {}
            Some(_) => saved.unfinished.push(path),
            // A damaged file of the game's own: Continue tries it and
            // says what is wrong before it falls back on the next one.
            None if mine => saved.unfinished.push(path),
            None => {}
        }
    }
    saved
}

/// The new-table hook of a game without a table (never offered: the
/// start screen only opens forms of games that have one).
fn no_table(_: super::table::NewTable<'_>) -> super::table::Opened {
    Err("this game has no table yet".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_continues_its_own_unfinished_save_and_shows_a_finished_one_as_a_result() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let base = dir.path().join("last-game.json");
        let write = |path: PathBuf, game: &str, finished: bool| {
            let text = format!(
                "{{\"format\": \"touchline-save\", \"version\": 1, \"game\": \"{game}\", \"finished\": {finished}}}"
            );
            std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
        };
        let booked = session::autosave_for(&base, "booked");
        write(booked.clone(), "booked", false);
        write(
            booked.with_file_name("last-booked.1.touchline"),
            "booked",
            true,
        );
        // The shared file from before games had their own is Cardball's.
        write(base.clone(), "cardball", false);
        let memory = session::autosave_for(&base, "stadium-memory");
        write(memory.clone(), "stadium-memory", true);

        let saved = find_saved(Some(&base), "booked");
        assert_eq!(saved.unfinished, vec![booked.clone()]);
        assert_eq!(
            saved.finished, None,
            "the newest Booked! game is unfinished"
        );
        let saved = find_saved(Some(&base), "cardball");
        assert_eq!(saved.unfinished, vec![base.clone()]);
        let saved = find_saved(Some(&base), "stadium-memory");
        assert!(
            saved.unfinished.is_empty(),
            "a finished game is no Continue"
        );
        assert_eq!(saved.finished, Some(memory));
        assert_eq!(find_saved(Some(&base), "eleven"), Saved::default());
        assert_eq!(find_saved(None, "booked"), Saved::default());
    }
}
