//! The start screen: the games from the registry, each with its new-match
//! form, and the state of the card data.

use super::form::SeatForm;
use super::palette::{CHALK, GOLD};
use super::session::Controller;
use super::table::{FormEnv, SharedForm, StartForm, Table};
use crate::cards::{DataErrors, DataSource};
use crate::games::{GAMES, GameEntry};
use egui::{Align, Color32, Frame, Layout, RichText, Stroke};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// What the start screen asks the app to do.
pub enum StartRequest {
    /// Continue the last game.
    Continue,
    /// Open the deck and house-rules editor.
    Edit,
    /// Open the print dialog.
    Print,
    /// A game's form opened its table.
    Table(Box<dyn Table>),
}

const PITCH: Color32 = Color32::from_rgb(0x12, 0x3D, 0x27);
const PANEL: Color32 = Color32::from_rgb(0x1A, 0x4D, 0x33);
const PROBLEM: Color32 = Color32::from_rgb(0xFF, 0x8A, 0x80);

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
    /// Where a new game is kept after every decision, for Continue.
    pub autosave: Option<PathBuf>,
    /// Whether a saved game can be continued.
    pub can_continue: bool,
    /// A problem starting a game, shown on the screen.
    pub error: Option<String>,
    /// Each game's form choice remembered across runs, by registry id
    /// (given to a form when it opens, updated as the user changes it).
    pub remembered: BTreeMap<String, String>,
    /// The chosen game's panel still has to be scrolled into view.
    reveal_chosen: bool,
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
            can_continue: false,
            error: None,
            remembered: BTreeMap::new(),
            reveal_chosen: false,
        }
    }

    /// Opens a game's form, by its place in the registry.
    pub fn choose_game(&mut self, index: usize) {
        if index < GAMES.len() {
            self.chosen = index;
            self.reveal_chosen = true;
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
        Frame::NONE.fill(PITCH).inner_margin(32.0).show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            ui.vertical_centered(|ui| {
                ui.add_space(8.0);
                ui.label(RichText::new("TOUCHLINE").size(44.0).strong().color(CHALK));
                ui.label(
                    RichText::new("Play, edit and print football card and board games")
                        .size(16.0)
                        .color(CHALK.gamma_multiply(0.8)),
                );
            });
            ui.add_space(24.0);
            ui.columns(2, |cols| {
                request = self.games_column(&mut cols[0]);
                if let Some(r) = self.data_column(&mut cols[1]) {
                    request = Some(r);
                }
            });
        });
        request
    }

    fn games_column(&mut self, ui: &mut egui::Ui) -> Option<StartRequest> {
        let mut request = None;
        ui.label(RichText::new("Games").size(20.0).color(GOLD).strong());
        ui.add_space(6.0);
        egui::ScrollArea::vertical()
            .id_salt("games")
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for (i, g) in GAMES.iter().enumerate() {
                    if let Some(r) = self.game_entry(ui, i, g) {
                        request = Some(r);
                    }
                    ui.add_space(8.0);
                }
            });
        request
    }

    /// One game's panel; a playable game opens its form when chosen.
    fn game_entry(
        &mut self,
        ui: &mut egui::Ui,
        i: usize,
        g: &'static GameEntry,
    ) -> Option<StartRequest> {
        let mut request = None;
        let ready = g.table.is_some();
        let open = ready && self.chosen == i;
        let shown = Frame::NONE
            .fill(PANEL)
            .stroke(Stroke::new(
                if open { 2.0 } else { 1.0 },
                if ready {
                    GOLD
                } else {
                    CHALK.gamma_multiply(0.25)
                },
            ))
            .corner_radius(8.0)
            .inner_margin(12.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.label(RichText::new(g.name).size(18.0).strong().color(CHALK));
                    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                        if !ready {
                            ui.label(
                                RichText::new("table coming soon")
                                    .size(12.0)
                                    .color(CHALK.gamma_multiply(0.5)),
                            );
                        } else if !open
                            && ui
                                .button(RichText::new(format!("Play {}", g.name)).color(GOLD))
                                .clicked()
                        {
                            self.chosen = i;
                            self.reveal_chosen = true;
                        }
                    });
                });
                ui.label(RichText::new(g.summary).color(CHALK.gamma_multiply(0.85)));
                let (lo, hi) = (*g.seats.start(), *g.seats.end());
                let seats = if lo == hi {
                    format!("{lo} players")
                } else {
                    format!("{lo}-{hi} players")
                };
                ui.label(
                    RichText::new(seats)
                        .size(12.0)
                        .color(CHALK.gamma_multiply(0.6)),
                );
                if open {
                    request = self.form(ui, i, g);
                }
            });
        // A game just chosen scrolls into view with its whole form, so
        // its Start button is never left below the list's edge.
        if open && self.reveal_chosen {
            self.reveal_chosen = false;
            shown.response.scroll_to_me(None);
        }
        request
    }

    /// The chosen game's form, then Continue and what went wrong.
    fn form(&mut self, ui: &mut egui::Ui, i: usize, g: &'static GameEntry) -> Option<StartRequest> {
        let mut request = None;
        ui.add_space(8.0);
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
            autosave: self.autosave.clone(),
            data_problem: problem.clone(),
        };
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
        if self.can_continue
            && ui
                .button(RichText::new("Continue last game").size(16.0))
                .clicked()
        {
            request = Some(StartRequest::Continue);
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
        ui.add_space(6.0);
        let tall = (ui.available_height() - 200.0).max(120.0);
        egui::ScrollArea::vertical()
            .id_salt("data")
            .max_height(tall)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                Frame::NONE
                    .fill(PANEL)
                    .corner_radius(8.0)
                    .inner_margin(12.0)
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
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
                                                .color(CHALK.gamma_multiply(0.85)),
                                        );
                                    }
                                }
                                Err(errors) => {
                                    ui.label(
                                        RichText::new(format!(
                                            "{}: {} problem(s):",
                                            g.name,
                                            errors.0.len()
                                        ))
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
                    });
            });
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .button(RichText::new("Edit decks and house rules").size(16.0))
                .on_hover_text(
                    "Rename nations, rebalance ratings, rewrite referees, try house rules",
                )
                .clicked()
            {
                asked = Some(StartRequest::Edit);
            }
            if ui
                .button(RichText::new("Print…").size(16.0))
                .on_hover_text("Print-and-play PDF sheets of the decks")
                .clicked()
            {
                asked = Some(StartRequest::Print);
            }
        });
        ui.add_space(12.0);
        ui.label(
            RichText::new("From the command line")
                .size(16.0)
                .color(GOLD),
        );
        for line in [
            "touchline check                      validate every deck",
            "touchline simulate GAME --games 1000",
            "touchline scenario tests/scenarios/FILE.toml",
        ] {
            ui.label(
                RichText::new(line)
                    .monospace()
                    .size(12.0)
                    .color(CHALK.gamma_multiply(0.85)),
            );
        }
        asked
    }
}

/// The new-table hook of a game without a table (never offered: the
/// start screen only opens forms of games that have one).
fn no_table(_: super::table::NewTable<'_>) -> super::table::Opened {
    Err("this game has no table yet".into())
}
