//! The start screen: the games, the state of the card data, the house rules.

use super::session::{Controller, Manager};
use crate::bots::Strength;
use crate::cards::{DataErrors, DataSource};
use crate::games::booked::deck::{BookedDeck, load_house_rules, user_presets};
use crate::games::booked::{HouseRules, PRESETS};
use crate::games::cardball::deck::CardballDeck;
use crate::games::cardball::{TeamPlay, TieBreak};
use egui::{Align, Color32, Frame, Layout, RichText, Stroke};
use std::path::PathBuf;

/// What the start screen asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum StartRequest {
    /// Start a new Booked! match.
    NewBooked(NewMatch),
    /// Start a new Cardball match.
    NewCardball(NewCardball),
    /// Continue the last game.
    Continue,
    /// Open the deck and house-rules editor.
    Edit,
    /// Open the print dialog.
    Print,
    /// Start a new match of a game whose table opens through the registry
    /// (its registry id, the managers, the seed).
    NewTable(&'static str, Vec<Manager>, u64),
    /// Open Eleven's Matchday, everything random drawn from this seed.
    Matchday(u64),
}

/// A new match as set up on the start screen.
#[derive(Clone, Debug, PartialEq)]
pub struct NewMatch {
    /// The managers.
    pub managers: Vec<Manager>,
    /// The house rules.
    pub rules: HouseRules,
    /// The seed (a fixed one replays the same deal).
    pub seed: u64,
    /// A group stage instead of a single match.
    pub group_stage: bool,
}

/// A new Cardball match as set up on the start screen.
#[derive(Clone, Debug, PartialEq)]
pub struct NewCardball {
    /// The managers by seat: left, right (and in 2v2 left, right again).
    pub managers: Vec<Manager>,
    /// How a level match is decided.
    pub tie_break: TieBreak,
    /// Two halves with a full redeal between them.
    pub halves: bool,
    /// 2v2, and how a team chooses who plays.
    pub teams: Option<TeamPlay>,
    /// A tournament: every manager meets every other once.
    pub tournament: bool,
    /// The calling side names an icon before each roll.
    pub ask_calls: bool,
    /// The seed.
    pub seed: u64,
}

/// The Cardball form.
#[derive(Clone, Debug)]
struct CardballSetup {
    names: Vec<String>,
    controllers: Vec<Controller>,
    tie_break: TieBreak,
    halves: bool,
    teams: Option<TeamPlay>,
    /// Managers in a tournament (3-6), or `None` for a single match.
    tournament: Option<usize>,
    ask_calls: bool,
}

impl Default for CardballSetup {
    fn default() -> Self {
        CardballSetup {
            names: ["Alex", "Ana", "Ben", "Chidi", "Dora", "Emil"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            controllers: std::iter::once(Controller::Human)
                .chain(std::iter::repeat_n(Controller::Bot(Strength::Heuristic), 5))
                .collect(),
            tie_break: TieBreak::Penalties,
            halves: false,
            teams: None,
            tournament: None,
            ask_calls: false,
        }
    }
}

/// The new-match form.
#[derive(Clone, Debug)]
struct Setup {
    seats: usize,
    names: Vec<String>,
    controllers: Vec<Controller>,
    preset: String,
    seed: String,
    group_stage: bool,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            seats: 2,
            names: ["Alex", "Ana", "Ben", "Chidi", "Dora", "Emil"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            controllers: std::iter::once(Controller::Human)
                .chain(std::iter::repeat_n(Controller::Bot(Strength::Heuristic), 5))
                .collect(),
            preset: "official".into(),
            seed: String::new(),
            group_stage: false,
        }
    }
}

const PITCH: Color32 = Color32::from_rgb(0x12, 0x3D, 0x27);
const PANEL: Color32 = Color32::from_rgb(0x1A, 0x4D, 0x33);
use super::palette::{CHALK, GOLD};

/// What the start screen knows about the data it was opened on.
pub struct StartScreen {
    source: DataSource,
    deck: Result<BookedDeck, DataErrors>,
    cardball: Result<CardballDeck, DataErrors>,
    rules: Result<HouseRules, String>,
    setup: Setup,
    cardball_setup: CardballSetup,
    /// The game whose form is open (an index of the games list).
    chosen: usize,
    /// Whether a saved game can be continued.
    pub can_continue: bool,
    /// A problem starting a game, shown on the screen.
    pub error: Option<String>,
}

impl StartScreen {
    /// Loads the data the screen reports on.
    pub fn load(data: Option<PathBuf>) -> Self {
        let source = match data {
            Some(d) => DataSource::dir(d),
            None => DataSource::embedded(),
        };
        let deck = BookedDeck::load(&source);
        let cardball = CardballDeck::load(&source);
        let rules = load_house_rules(&source).map_err(|e| e.to_string());
        StartScreen {
            source,
            deck,
            cardball,
            rules,
            setup: Setup::default(),
            cardball_setup: CardballSetup::default(),
            chosen: 0,
            can_continue: false,
            error: None,
        }
    }

    /// The loaded Booked! deck, if it is valid.
    pub fn deck(&self) -> Option<&BookedDeck> {
        self.deck.as_ref().ok()
    }

    /// The loaded Cardball deck, if it is valid.
    pub fn cardball_deck(&self) -> Option<&CardballDeck> {
        self.cardball.as_ref().ok()
    }

    /// Opens a game's form, by its place in the registry (0 Booked!, 1 Cardball).
    pub fn choose_game(&mut self, index: usize) {
        if index < crate::games::GAMES.len() {
            self.chosen = index;
        }
    }

    /// The data source the screen was opened on.
    pub fn source(&self) -> &DataSource {
        &self.source
    }

    /// Sets the number of seats in the new-match form (2-6).
    pub fn set_seats(&mut self, n: usize) {
        self.setup.seats = n.clamp(2, 6);
    }

    /// Sets who plays a seat in the new-match form.
    pub fn set_controller(&mut self, seat: usize, c: Controller) {
        if let Some(x) = self.setup.controllers.get_mut(seat) {
            *x = c;
        }
    }

    /// Sets who plays a seat in the Cardball form.
    pub fn set_cardball_controller(&mut self, seat: usize, c: Controller) {
        if let Some(x) = self.cardball_setup.controllers.get_mut(seat) {
            *x = c;
        }
    }

    /// Sets the seed in the new-match form.
    pub fn set_seed(&mut self, seed: u64) {
        self.setup.seed = seed.to_string();
    }

    fn chosen_rules(&self) -> Option<HouseRules> {
        if self.setup.preset == "mine" {
            self.rules.clone().ok()
        } else if let Some(name) = self.setup.preset.strip_prefix("my ") {
            user_presets(&self.source)
                .into_iter()
                .find(|(n, _)| n == name)
                .and_then(|(_, r)| r.ok())
        } else {
            HouseRules::preset(&self.setup.preset)
        }
    }

    fn new_match(&self, now_seed: u64) -> NewMatch {
        let n = self.setup.seats;
        NewMatch {
            managers: managers(&self.setup.names, &self.setup.controllers, n),
            rules: self.chosen_rules().unwrap_or_default(),
            seed: self.setup.seed.trim().parse().unwrap_or(now_seed),
            group_stage: self.setup.group_stage,
        }
    }

    /// Whether the Booked! deck loaded without errors.
    pub fn deck_ok(&self) -> bool {
        self.deck.is_ok()
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

    fn setup_form(&mut self, ui: &mut egui::Ui) -> Option<StartRequest> {
        let mut request = None;
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.label(RichText::new("Managers").color(CHALK));
            for n in 2..=6 {
                ui.selectable_value(&mut self.setup.seats, n, n.to_string());
            }
        });
        egui::Grid::new("seats")
            .num_columns(2)
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                for i in 0..self.setup.seats {
                    if let Some(name) = self.setup.names.get_mut(i) {
                        name_field(ui, name, &format!("Name of manager {}", i + 1));
                    }
                    if let Some(c) = self.setup.controllers.get_mut(i) {
                        controller_choice(ui, c);
                    }
                    ui.end_row();
                }
            });
        ui.horizontal(|ui| {
            egui::ComboBox::new("preset", "House rules")
                .selected_text(self.setup.preset.clone())
                .show_ui(ui, |ui| {
                    for p in PRESETS {
                        ui.selectable_value(&mut self.setup.preset, p.to_string(), p);
                    }
                    if self.rules.is_ok() {
                        ui.selectable_value(
                            &mut self.setup.preset,
                            "mine".to_string(),
                            "mine (house_rules.toml)",
                        );
                    }
                    for (name, rules) in user_presets(&self.source) {
                        if rules.is_ok() {
                            ui.selectable_value(
                                &mut self.setup.preset,
                                format!("my {name}"),
                                format!("my {name}"),
                            );
                        }
                    }
                });
            ui.checkbox(&mut self.setup.group_stage, "Group stage (3 matches)");
        });
        seed_field(ui, &mut self.setup.seed);
        ui.horizontal(|ui| {
            let ok = self.deck.is_ok() && self.chosen_rules().is_some();
            let start = ui
                .add_enabled(
                    ok,
                    egui::Button::new(RichText::new("Start match").size(16.0).strong()),
                )
                .on_disabled_hover_text(
                    "The Booked! deck has errors (see Card data): fix them to play",
                );
            if start.clicked() {
                let now = ui.input(|i| (i.time * 1e6) as u64) ^ std::process::id() as u64;
                request = Some(StartRequest::NewBooked(self.new_match(now)));
            }
            if self.can_continue
                && ui
                    .button(RichText::new("Continue last game").size(16.0))
                    .clicked()
            {
                request = Some(StartRequest::Continue);
            }
        });
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(Color32::from_rgb(0xFF, 0x8A, 0x80)));
        }
        if self.deck.is_err() {
            ui.label(
                RichText::new("The deck has errors: a game cannot start until they are fixed.")
                    .color(Color32::from_rgb(0xFF, 0x8A, 0x80)),
            );
        }
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
                for (i, g) in crate::games::GAMES.iter().enumerate() {
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
        g: &'static crate::games::GameEntry,
    ) -> Option<StartRequest> {
        let mut request = None;
        let ready = matches!(g.id, "booked" | "cardball") || g.table.is_some();
        let open = ready && self.chosen == i;
        Frame::NONE
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
                            let (status, colour) = match g.id {
                                "eleven" => ("Matchday: play now", GOLD),
                                _ => ("table coming soon", CHALK.gamma_multiply(0.5)),
                            };
                            ui.label(RichText::new(status).size(12.0).color(colour));
                        } else if !open
                            && ui
                                .button(RichText::new(format!("Play {}", g.name)).color(GOLD))
                                .clicked()
                        {
                            self.chosen = i;
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
                    request = match g.id {
                        "booked" => self.setup_form(ui),
                        "cardball" => self.cardball_form(ui),
                        _ => self.table_form(ui, g),
                    };
                }
                if g.id == "eleven"
                    && let Some(r) = matchday_entry(ui, &self.setup.seed)
                {
                    request = Some(r);
                }
            });
        request
    }

    /// The form of a game whose table opens through the registry: seats,
    /// names, who plays, the seed.
    fn table_form(
        &mut self,
        ui: &mut egui::Ui,
        g: &'static crate::games::GameEntry,
    ) -> Option<StartRequest> {
        let mut request = None;
        let (lo, hi) = (*g.seats.start(), *g.seats.end());
        self.setup.seats = self.setup.seats.clamp(lo, hi);
        ui.add_space(8.0);
        if lo != hi {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Players").color(CHALK));
                for n in lo..=hi {
                    ui.selectable_value(&mut self.setup.seats, n, n.to_string());
                }
            });
        }
        egui::Grid::new(("table-seats", g.id))
            .num_columns(2)
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                for i in 0..self.setup.seats {
                    if let Some(name) = self.setup.names.get_mut(i) {
                        name_field(ui, name, &format!("Name of player {}", i + 1));
                    }
                    if let Some(c) = self.setup.controllers.get_mut(i) {
                        controller_choice(ui, c);
                    }
                    ui.end_row();
                }
            });
        seed_field(ui, &mut self.setup.seed);
        ui.horizontal(|ui| {
            if ui
                .button(
                    RichText::new(format!("Start {}", g.name))
                        .size(16.0)
                        .strong(),
                )
                .clicked()
            {
                let now = ui.input(|i| (i.time * 1e6) as u64) ^ u64::from(std::process::id());
                let seed = self.setup.seed.trim().parse().unwrap_or(now);
                let managers =
                    managers(&self.setup.names, &self.setup.controllers, self.setup.seats);
                request = Some(StartRequest::NewTable(g.id, managers, seed));
            }
            if self.can_continue
                && ui
                    .button(RichText::new("Continue last game").size(16.0))
                    .clicked()
            {
                request = Some(StartRequest::Continue);
            }
        });
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(Color32::from_rgb(0xFF, 0x8A, 0x80)));
        }
        request
    }

    fn cardball_form(&mut self, ui: &mut egui::Ui) -> Option<StartRequest> {
        let mut request = None;
        let form = &mut self.cardball_setup;
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.label(RichText::new("Format").color(CHALK));
            // 0 duel, 1 2 v 2, 2 tournament.
            let was = if form.tournament.is_some() {
                2
            } else {
                usize::from(form.teams.is_some())
            };
            let mut format = was;
            ui.selectable_value(&mut format, 0, "Duel (1 v 1)");
            ui.selectable_value(&mut format, 1, "2 v 2");
            ui.selectable_value(&mut format, 2, "Tournament")
                .on_hover_text("A league: every manager meets every other once, 3 points a win");
            if format != was {
                form.teams = (format == 1).then_some(TeamPlay::Switching);
                form.tournament = (format == 2).then_some(4);
            }
            if let Some(n) = &mut form.tournament {
                for k in 3..=6 {
                    ui.selectable_value(n, k, k.to_string());
                }
            }
            if let Some(t) = &mut form.teams {
                egui::ComboBox::new("team-play", "")
                    .selected_text(match t {
                        TeamPlay::Switching => "take turns",
                        TeamPlay::OnTheSpot => "on the spot",
                    })
                    .show_ui(ui, |ui| {
                        ui.selectable_value(t, TeamPlay::Switching, "take turns")
                            .on_hover_text("A team's managers play the round's card in turn");
                        ui.selectable_value(t, TeamPlay::OnTheSpot, "on the spot")
                            .on_hover_text("Either manager may play; the first card placed counts");
                    });
            }
        });
        let seats = match (form.tournament, form.teams) {
            (Some(n), _) => n,
            (None, Some(_)) => 4,
            (None, None) => 2,
        };
        let tournament = form.tournament.is_some();
        egui::Grid::new("cardball-seats")
            .num_columns(3)
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                for i in 0..seats {
                    let side = match (tournament, i % 2) {
                        (true, _) => "",
                        (false, 0) => "left",
                        (false, _) => "right",
                    };
                    ui.label(RichText::new(side).color(CHALK.gamma_multiply(0.7)));
                    if let Some(name) = form.names.get_mut(i) {
                        let label = if tournament {
                            format!("Name of manager {}", i + 1)
                        } else {
                            format!("Name of the {side} manager {}", i / 2 + 1)
                        };
                        name_field(ui, name, &label);
                    }
                    if let Some(c) = form.controllers.get_mut(i) {
                        controller_choice(ui, c);
                    }
                    ui.end_row();
                }
            });
        ui.horizontal(|ui| {
            if tournament {
                ui.label(RichText::new("Level matches are draws").color(CHALK.gamma_multiply(0.7)));
            } else {
                egui::ComboBox::new("tie-break", "If level")
                    .selected_text(match form.tie_break {
                        TieBreak::Penalties => "penalties",
                        TieBreak::GoldenGoal => "golden goal",
                        TieBreak::Draw => "a draw",
                    })
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut form.tie_break, TieBreak::Penalties, "penalties");
                        ui.selectable_value(
                            &mut form.tie_break,
                            TieBreak::GoldenGoal,
                            "golden goal",
                        );
                        ui.selectable_value(&mut form.tie_break, TieBreak::Draw, "a draw");
                    });
            }
            ui.checkbox(&mut form.halves, "Two halves");
            ui.checkbox(&mut form.ask_calls, "Call the die")
                .on_hover_text("Name an icon before each roll (otherwise the die's default call)");
        });
        seed_field(ui, &mut self.setup.seed);
        ui.horizontal(|ui| {
            let start = ui
                .add_enabled(
                    self.cardball.is_ok(),
                    egui::Button::new(RichText::new("Start Cardball match").size(16.0).strong()),
                )
                .on_disabled_hover_text(
                    "The Cardball deck has errors (see Card data): fix them to play",
                );
            if start.clicked() {
                let now = ui.input(|i| (i.time * 1e6) as u64) ^ std::process::id() as u64;
                let form = &self.cardball_setup;
                request = Some(StartRequest::NewCardball(NewCardball {
                    managers: managers(&form.names, &form.controllers, seats),
                    tie_break: form.tie_break,
                    halves: form.halves,
                    teams: form.teams,
                    tournament,
                    ask_calls: form.ask_calls,
                    seed: self.setup.seed.trim().parse().unwrap_or(now),
                }));
            }
            if self.can_continue
                && ui
                    .button(RichText::new("Continue last game").size(16.0))
                    .clicked()
            {
                request = Some(StartRequest::Continue);
            }
        });
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(Color32::from_rgb(0xFF, 0x8A, 0x80)));
        }
        if let Err(errors) = &self.cardball {
            ui.label(
                RichText::new(format!(
                    "The Cardball deck has {} problem(s): a game cannot start until they are fixed.",
                    errors.0.len()
                ))
                .color(Color32::from_rgb(0xFF, 0x8A, 0x80)),
            );
            for e in errors.0.iter().take(6) {
                ui.label(
                    RichText::new(e.to_string())
                        .monospace()
                        .size(12.0)
                        .color(CHALK),
                );
            }
        }
        request
    }

    /// Returns the editor or the print dialog when asked for.
    fn data_column(&self, ui: &mut egui::Ui) -> Option<StartRequest> {
        let mut asked = None;
        ui.label(RichText::new("Card data").size(20.0).color(GOLD).strong());
        ui.add_space(6.0);
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
                ui.add_space(6.0);
                match &self.deck {
                    Ok(deck) => {
                        ui.label(
                            RichText::new(format!("Loaded: {}", deck.name))
                                .color(CHALK)
                                .strong(),
                        );
                        for (kind, n) in deck.counts() {
                            ui.label(
                                RichText::new(format!("   {n} {}", kind.label()))
                                    .color(CHALK.gamma_multiply(0.85)),
                            );
                        }
                        let codes: Vec<&str> =
                            deck.nations.iter().map(|n| n.code.as_str()).collect();
                        ui.label(
                            RichText::new(format!("   Nations: {}", codes.join(" ")))
                                .color(CHALK.gamma_multiply(0.85)),
                        );
                    }
                    Err(errors) => {
                        ui.label(
                            RichText::new(format!(
                                "The Booked! deck has {} problem(s):",
                                errors.0.len()
                            ))
                            .color(Color32::from_rgb(0xFF, 0x8A, 0x80))
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
                ui.add_space(6.0);
                match &self.cardball {
                    Ok(d) => {
                        let c = d.counts();
                        ui.label(
                            RichText::new(format!(
                                "Cardball: {} manager, {} pitch and {} action cards",
                                c.managers, c.pitch, c.actions
                            ))
                            .color(CHALK.gamma_multiply(0.85)),
                        );
                    }
                    Err(e) => {
                        ui.label(
                            RichText::new(format!("Cardball: {} problem(s)", e.0.len()))
                                .color(Color32::from_rgb(0xFF, 0x8A, 0x80)),
                        );
                    }
                }
                ui.add_space(6.0);
                match &self.rules {
                    Ok(r) => {
                        let kind = if *r == HouseRules::default() {
                            "official"
                        } else {
                            "custom"
                        };
                        ui.label(
                            RichText::new(format!(
                                "House rules: {kind} (deal {}, hand limit {})",
                                r.deal_size, r.hand_limit
                            ))
                            .color(CHALK.gamma_multiply(0.85)),
                        );
                    }
                    Err(e) => {
                        ui.label(
                            RichText::new(format!("House rules: {e}"))
                                .color(Color32::from_rgb(0xFF, 0x8A, 0x80)),
                        );
                    }
                }
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
            "touchline simulate booked --games 1000 --players 4",
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

/// Eleven's entry: the Matchday screen (the seed field of the form above
/// applies to it too).
/// A manager's name, labelled `label` for screen readers and tests.
fn name_field(ui: &mut egui::Ui, name: &mut String, label: &str) {
    ui.add_sized([140.0, 22.0], egui::TextEdit::singleline(name))
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, label));
}

/// Who plays a seat: a person or a bot of some strength.
fn controller_choice(ui: &mut egui::Ui, c: &mut Controller) {
    ui.horizontal(|ui| {
        ui.selectable_value(c, Controller::Human, "Human");
        ui.selectable_value(c, Controller::Bot(Strength::Heuristic), "Bot (normal)");
        ui.selectable_value(c, Controller::Bot(Strength::Random), "Bot (easy)");
    });
}

/// The seed of a new game (empty: a random one).
fn seed_field(ui: &mut egui::Ui, seed: &mut String) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Seed").color(CHALK));
        let field = ui.add(
            egui::TextEdit::singleline(seed)
                .hint_text("random")
                .desired_width(100.0),
        );
        field.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Seed"));
        field.on_hover_text("The same seed deals the same cards");
    });
}

/// The first `n` seats of a form as managers; a seat the form lacks is a
/// human with a numbered name.
fn managers(names: &[String], controllers: &[Controller], n: usize) -> Vec<Manager> {
    (0..n)
        .map(|i| Manager {
            name: names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("Manager {}", i + 1)),
            controller: controllers.get(i).copied().unwrap_or(Controller::Human),
        })
        .collect()
}

fn matchday_entry(ui: &mut egui::Ui, seed: &str) -> Option<StartRequest> {
    ui.add_space(6.0);
    let open = ui
        .horizontal(|ui| ui.button(RichText::new("Matchday").size(16.0).strong()))
        .inner
        .on_hover_text("Pick an Opponent and a Tactic, place your markers, play a Match");
    open.clicked().then(|| {
        let now = ui.input(|i| (i.time * 1e6) as u64) ^ u64::from(std::process::id());
        StartRequest::Matchday(seed.trim().parse().unwrap_or(now))
    })
}
