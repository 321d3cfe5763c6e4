//! The start screen: the games, the state of the card data, the house rules.

use super::session::{Controller, Manager};
use crate::bots::Strength;
use crate::cards::booked::{BookedDeck, load_house_rules, user_presets};
use crate::cards::{DataErrors, DataSource};
use crate::engine::games::booked::{HouseRules, PRESETS};
use egui::{Align, Color32, Frame, Layout, RichText, Stroke};
use std::path::PathBuf;

/// What the start screen asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum StartRequest {
    /// Start a new Booked! match.
    NewBooked(NewMatch),
    /// Continue the last game.
    Continue,
    /// Open the deck and house-rules editor.
    Edit,
    /// Open the print dialog.
    Print,
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
    rules: Result<HouseRules, String>,
    setup: Setup,
    /// Whether a saved game can be continued.
    pub can_continue: bool,
    /// A problem starting a game, shown on the screen.
    pub error: Option<String>,
}

/// A game on the start screen.
struct GameEntry {
    name: &'static str,
    blurb: &'static str,
    players: &'static str,
}

const GAMES: [GameEntry; 5] = [
    GameEntry {
        name: "Booked!",
        blurb: "Field a legal Starting 7 of one nation, call GOOOAL! and survive the instant window.",
        players: "2-6 managers · 198 cards",
    },
    GameEntry {
        name: "Cardball",
        blurb: "A two-manager duel of simultaneous picks, a moving ball and dice for dilemmas.",
        players: "2 managers",
    },
    GameEntry {
        name: "Eleven",
        blurb: "A season of six weeks: hire, build the stadium, win on Matchday.",
        players: "1-4 managers",
    },
    GameEntry {
        name: "Flip Duel",
        blurb: "Attack and defend with double-sided cards, laid down at the same time.",
        players: "2 teams",
    },
    GameEntry {
        name: "Stadium Memory",
        blurb: "A 10x10 memory game with prize cards.",
        players: "2+ players",
    },
];

impl StartScreen {
    /// Loads the data the screen reports on.
    pub fn load(data: Option<PathBuf>) -> Self {
        let source = match data {
            Some(d) => DataSource::dir(d),
            None => DataSource::embedded(),
        };
        let deck = BookedDeck::load(&source);
        let rules = load_house_rules(&source).map_err(|e| e.to_string());
        StartScreen {
            source,
            deck,
            rules,
            setup: Setup::default(),
            can_continue: false,
            error: None,
        }
    }

    /// The loaded Booked! deck, if it is valid.
    pub fn deck(&self) -> Option<&BookedDeck> {
        self.deck.as_ref().ok()
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
            managers: (0..n)
                .map(|i| Manager {
                    name: self
                        .setup
                        .names
                        .get(i)
                        .cloned()
                        .unwrap_or_else(|| format!("Manager {}", i + 1)),
                    controller: self
                        .setup
                        .controllers
                        .get(i)
                        .copied()
                        .unwrap_or(Controller::Human),
                })
                .collect(),
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
                        ui.add(egui::TextEdit::singleline(name).desired_width(140.0))
                            .widget_info(|| {
                                egui::WidgetInfo::labeled(
                                    egui::Role::TextInput,
                                    true,
                                    format!("Name of manager {}", i + 1),
                                )
                            });
                    }
                    if let Some(c) = self.setup.controllers.get_mut(i) {
                        ui.horizontal(|ui| {
                            ui.selectable_value(c, Controller::Human, "Human");
                            ui.selectable_value(
                                c,
                                Controller::Bot(Strength::Heuristic),
                                "Bot (normal)",
                            );
                            ui.selectable_value(c, Controller::Bot(Strength::Random), "Bot (easy)");
                        });
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
        ui.horizontal(|ui| {
            ui.label(RichText::new("Seed").color(CHALK));
            let seed = ui.add(
                egui::TextEdit::singleline(&mut self.setup.seed)
                    .hint_text("random")
                    .desired_width(100.0),
            );
            seed.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Seed"));
            seed.on_hover_text("The same seed deals the same cards");
        });
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
        for (i, g) in GAMES.iter().enumerate() {
            let ready = i == 0;
            Frame::NONE
                .fill(PANEL)
                .stroke(Stroke::new(
                    1.0,
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
                            let status = match (ready, g.name) {
                                (true, _) => "play now",
                                (false, "Eleven") => "Matchday: play now",
                                _ => "coming soon",
                            };
                            ui.label(RichText::new(status).size(12.0).color(if ready {
                                GOLD
                            } else {
                                CHALK.gamma_multiply(0.5)
                            }));
                        });
                    });
                    ui.label(RichText::new(g.blurb).color(CHALK.gamma_multiply(0.85)));
                    ui.label(
                        RichText::new(g.players)
                            .size(12.0)
                            .color(CHALK.gamma_multiply(0.6)),
                    );
                    if ready {
                        request = self.setup_form(ui);
                    }
                    if g.name == "Eleven"
                        && let Some(r) = matchday_entry(ui, &self.setup.seed)
                    {
                        request = Some(r);
                    }
                });
            ui.add_space(8.0);
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
