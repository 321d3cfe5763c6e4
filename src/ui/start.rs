//! The start screen: the games, the state of the card data, the house rules.

use crate::cards::booked::{BookedDeck, load_house_rules};
use crate::cards::{DataErrors, DataSource};
use crate::engine::games::booked::HouseRules;
use egui::{Align, Color32, Frame, Layout, RichText, Stroke};
use std::path::PathBuf;

const PITCH: Color32 = Color32::from_rgb(0x12, 0x3D, 0x27);
const PANEL: Color32 = Color32::from_rgb(0x1A, 0x4D, 0x33);
const CHALK: Color32 = Color32::from_rgb(0xF2, 0xF5, 0xEE);
const GOLD: Color32 = Color32::from_rgb(0xF5, 0xC5, 0x18);

/// What the start screen knows about the data it was opened on.
pub struct StartScreen {
    source: DataSource,
    deck: Result<BookedDeck, DataErrors>,
    rules: Result<HouseRules, String>,
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
        }
    }

    /// Whether the Booked! deck loaded without errors.
    pub fn deck_ok(&self) -> bool {
        self.deck.is_ok()
    }

    /// Draws the screen.
    pub fn show(&mut self, ui: &mut egui::Ui) {
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
                self.games_column(&mut cols[0]);
                self.data_column(&mut cols[1]);
            });
        });
    }

    fn games_column(&self, ui: &mut egui::Ui) {
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
                            let status = if ready {
                                "rules engine ready"
                            } else {
                                "coming soon"
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
                });
            ui.add_space(8.0);
        }
    }

    fn data_column(&self, ui: &mut egui::Ui) {
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
    }
}
