//! Cardball's new-match form on the start screen (duel, 2 v 2 or
//! tournament, the tie-break and variants) and the app shell's hooks that
//! open its table.

use super::deck::CardballDeck;
use super::session::CardballSession;
use super::table::CardballTable;
use super::{CardSet, CardballConfig, HouseRules, TeamPlay, TieBreak};
use crate::cards::DataSource;
use crate::ui::form::{SeatForm, start_button};
use crate::ui::palette::CHALK;
use crate::ui::session::{self, Manager};
use crate::ui::table::{FormEnv, NewTable, Opened, SavedTable, StartForm};
use egui::RichText;
use std::path::PathBuf;
use std::sync::Arc;

/// The form's own choices (the seats and seed are the shared form's).
#[derive(Clone, Debug)]
pub struct CardballForm {
    tie_break: TieBreak,
    halves: bool,
    teams: Option<TeamPlay>,
    /// Managers in a tournament (3-6), or `None` for a single match.
    tournament: Option<usize>,
    ask_calls: bool,
    /// Departures from the rulebook the table agrees on (off by default).
    house: HouseRules,
}

/// The form for the start screen (the registry's `form` hook).
pub fn form(_: &DataSource) -> Box<dyn StartForm> {
    Box::new(CardballForm {
        tie_break: TieBreak::Penalties,
        halves: false,
        teams: None,
        tournament: None,
        ask_calls: false,
        house: HouseRules::default(),
    })
}

impl CardballForm {
    fn format(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.label(RichText::new("Format").color(CHALK));
            // 0 duel, 1 2 v 2, 2 tournament.
            let was = if self.tournament.is_some() {
                2
            } else {
                usize::from(self.teams.is_some())
            };
            let mut format = was;
            ui.selectable_value(&mut format, 0, "Duel (1 v 1)");
            ui.selectable_value(&mut format, 1, "2 v 2");
            ui.selectable_value(&mut format, 2, "Tournament")
                .on_hover_text("A league: every manager meets every other once, 3 points a win");
            if format != was {
                self.teams = (format == 1).then_some(TeamPlay::Switching);
                self.tournament = (format == 2).then_some(4);
            }
            if let Some(n) = &mut self.tournament {
                for k in 3..=6 {
                    ui.selectable_value(n, k, k.to_string());
                }
            }
            if let Some(t) = &mut self.teams {
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
    }

    fn options(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            if self.tournament.is_some() {
                ui.label(RichText::new("Level matches are draws").color(CHALK.gamma_multiply(0.7)));
            } else {
                egui::ComboBox::new("tie-break", "If level")
                    .selected_text(match self.tie_break {
                        TieBreak::Penalties => "penalties",
                        TieBreak::GoldenGoal => "golden goal",
                        TieBreak::Draw => "a draw",
                    })
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.tie_break, TieBreak::Penalties, "penalties");
                        ui.selectable_value(
                            &mut self.tie_break,
                            TieBreak::GoldenGoal,
                            "golden goal",
                        );
                        ui.selectable_value(&mut self.tie_break, TieBreak::Draw, "a draw");
                    });
            }
            ui.checkbox(&mut self.halves, "Two halves");
            ui.checkbox(&mut self.ask_calls, "Call the die")
                .on_hover_text("Name an icon before each roll (otherwise the die's default call)");
        });
        egui::CollapsingHeader::new("House rules (the rulebook's reading when unticked)")
            .id_salt("cardball-house")
            .show(ui, |ui| {
                let h = &mut self.house;
                ui.checkbox(&mut h.ranked_marks, "Ranked marks")
                    .on_hover_text("A defending \"takes the ball\" beats an attacking chance");
                ui.checkbox(
                    &mut h.golden_goal_then_penalties,
                    "Golden goal, then penalties",
                )
                .on_hover_text(
                    "One extra deal without a kick-off roll; goalless goes to penalties",
                );
                ui.checkbox(&mut h.short_team_bench, "Short 2 v 2 bench")
                    .on_hover_text(
                        "2 v 2 with 6 in hand and 3 on the bench, without the 2 v 2 cards",
                    );
                ui.checkbox(&mut h.printed_halfway, "Printed half-way line")
                    .on_hover_text("Cards on the half-way line read as printed: no choice of half");
            });
    }
}

impl StartForm for CardballForm {
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        seats: &mut SeatForm,
        env: &FormEnv<'_>,
    ) -> Option<Opened> {
        self.format(ui);
        let n = match (self.tournament, self.teams) {
            (Some(n), _) => n,
            (None, Some(_)) => 4,
            (None, None) => 2,
        };
        seats.seats = n;
        let tournament = self.tournament.is_some();
        let side = move |i: usize| match (tournament, i % 2) {
            (true, _) => String::new(),
            (false, 0) => "left".into(),
            (false, _) => "right".into(),
        };
        seats.seat_grid(ui, "cardball", n, side, move |i| {
            if tournament {
                format!("Name of manager {}", i + 1)
            } else {
                format!("Name of the {} manager {}", side(i), i / 2 + 1)
            }
        });
        self.options(ui);
        seats.seed_field(ui);
        if !start_button(ui, "Start Cardball match", env.data_problem.as_deref()) {
            return None;
        }
        let seed = seats.seed_or_clock(ui);
        Some(self.open(env.source, seats.managers(n), seed, env.autosave.clone()))
    }
}

impl CardballForm {
    fn open(
        &self,
        source: &DataSource,
        managers: Vec<Manager>,
        seed: u64,
        autosave: Option<PathBuf>,
    ) -> Opened {
        let deck = Arc::new(CardballDeck::load(source).map_err(|e| e.to_string())?);
        let mut config = CardballConfig::new(Arc::new(deck.card_set()));
        config.tie_break = self.tie_break;
        config.halves = self.halves;
        config.teams = self.teams;
        config.ask_calls = self.ask_calls;
        config.house = self.house;
        let mut session = if self.tournament.is_some() {
            CardballSession::new_tournament(managers, config, seed, deck)
        } else {
            CardballSession::new(managers, config, seed, deck)
        }
        .map_err(|e| e.to_string())?;
        session.set_card_files(session::card_files(source, super::ENTRY.data_files));
        let mut table = super::table::screen(session, source, autosave);
        table.autosave();
        Ok(Box::new(table))
    }
}

/// A new match (the registry's `new` hook, for `touchline play`): a duel,
/// or 2 v 2 taking turns for four seats.
pub fn new_table(t: NewTable<'_>) -> Opened {
    t.no_options("Cardball")?;
    if !matches!(t.managers.len(), 2 | 4) {
        return Err(format!(
            "Cardball is a duel of 2 managers or 2 v 2 with 4, not {} (a tournament \
             of 3-6 is started from the start screen)",
            t.managers.len()
        ));
    }
    let house = match &t.rules {
        Some((name, text)) => HouseRules::parse(name, text)?,
        None => HouseRules::default(),
    };
    let form = CardballForm {
        tie_break: TieBreak::Penalties,
        halves: false,
        teams: (t.managers.len() == 4).then_some(TeamPlay::Switching),
        tournament: None,
        ask_calls: false,
        house,
    };
    form.open(t.source, t.managers, t.seed, t.autosave)
}

/// A saved match at a new table (Load…, and the registry's `load` hook
/// through [`crate::ui::shell::open_saved`]).
pub fn load(t: SavedTable<'_>) -> Result<CardballTable, String> {
    // The cards the match was started with, when the save has them.
    let saved = session::saved_card_files(t.bytes);
    let deck = match &saved {
        Some(files) => CardballDeck::load(&session::with_saved_cards(t.source, files))
            .map_err(|e| format!("{}: the cards saved with it: {e}", t.name))?,
        None => CardballDeck::load(t.source).map_err(|e| e.to_string())?,
    };
    let here = deck.card_set();
    let mut session = CardballSession::from_save_bytes(t.name, t.bytes, Arc::new(deck))
        .map_err(|e| e.to_string())?;
    // A save without its card files opens only with the deck it was
    // played with, never with another deck's faces on its cards.
    if saved.is_none() {
        let played = &session.record().config.cards;
        fn ids(set: &CardSet) -> Vec<&str> {
            set.managers
                .iter()
                .map(|c| c.id.as_str())
                .chain(set.actions.iter().map(|c| c.id.as_str()))
                .collect()
        }
        if let Some(why) = session::cards_differ(&ids(played), &ids(&here), here == **played) {
            return Err(format!("{}: {why}", t.name));
        }
    }
    if session.card_files().is_none() {
        session.set_card_files(session::card_files(t.source, super::ENTRY.data_files));
    }
    Ok(super::table::screen(session, t.source, t.autosave))
}
