//! Eleven on the start screen: a new season (1-4 managers, the Division,
//! the solo Scenario), the Matchday sandbox (one Match of a club against
//! an Opponent) and the app shell's hooks that open them.

use super::deck::{Division, ElevenDecks};
use super::matchday_ui::{MatchdayRequest, MatchdayScreen};
use super::season::{SeasonConfig, SoloScenario};
use crate::cards::DataSource;
use crate::ui::form::{SeatForm, start_button};
use crate::ui::palette::CHALK;
use crate::ui::session::{Manager, Session};
use crate::ui::table::{FormEnv, NewTable, Opened, StartForm, Table, TableRequest};
use egui::RichText;
use std::sync::Arc;

/// The form: the managers (1-4, human or bot), the Division, the solo
/// Scenario, the seed; Start the season, or the Matchday sandbox.
pub struct ElevenForm {
    /// The Division played (1-3).
    division: u8,
    /// The solo Scenario chosen (its id), if any.
    scenario: Option<String>,
    /// The First player of Week 1 (a seat): who scored most recently.
    first: usize,
    /// The house rule that counts only built Infrastructure for
    /// Maintenance (the rulebook counts the printed Stands and Adboards).
    built_only: bool,
    /// The Scenario sheets of the data folder, or why they cannot be read.
    scenarios: Result<Vec<SoloScenario>, String>,
}

/// The form for the start screen (the registry's `form` hook).
pub fn form(source: &DataSource) -> Box<dyn StartForm> {
    Box::new(ElevenForm {
        division: Division::FIRST_SEASON,
        scenario: None,
        first: 0,
        built_only: false,
        scenarios: super::scenarios(source).map_err(|e| e.to_string()),
    })
}

impl StartForm for ElevenForm {
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        seats: &mut SeatForm,
        env: &FormEnv<'_>,
    ) -> Option<Opened> {
        ui.label(
            RichText::new(
                "A six-Week season: hire Players and Staff, sign Sponsors, build the \
                 Stadium, face the Board on Mondays and an Opponent every Friday.",
            )
            .color(CHALK.gamma_multiply(0.85)),
        );
        seats.seat_count(ui, "Managers", 1, 4);
        let n = seats.seats;
        seats.seat_grid(
            ui,
            "eleven",
            n,
            |_| String::new(),
            |i| format!("Name of manager {}", i + 1),
        );
        ui.horizontal(|ui| {
            ui.label(RichText::new("Division").color(CHALK));
            // Easiest first, as a newcomer reads it.
            for d in [3u8, 2, 1] {
                ui.selectable_value(
                    &mut self.division,
                    d,
                    format!("{d} · {}", Division::difficulty(d)),
                )
                .on_hover_text(division_words(d));
            }
        });
        ui.label(
            RichText::new(division_words(self.division))
                .size(12.0)
                .color(CHALK.gamma_multiply(0.75)),
        );
        if n > 1 {
            self.first = self.first.min(n - 1);
            let name = |i: usize| {
                let typed = seats.names.get(i).map(|s| s.trim()).unwrap_or_default();
                if typed.is_empty() {
                    format!("Manager {}", i + 1)
                } else {
                    typed.to_string()
                }
            };
            ui.horizontal(|ui| {
                ui.label(RichText::new("First player").color(CHALK));
                egui::ComboBox::from_id_salt("eleven-first")
                    .selected_text(name(self.first))
                    .show_ui(ui, |ui| {
                        for i in 0..n {
                            ui.selectable_value(&mut self.first, i, name(i));
                        }
                    })
                    .response
                    .on_hover_text(
                        "The manager who most recently scored a goal: they take the Stage \
                         marker and act first in Week 1",
                    );
            });
        }
        if n == 1 {
            match &self.scenarios {
                Ok(list) => {
                    let shown = self
                        .scenario
                        .as_ref()
                        .and_then(|id| list.iter().find(|s| &s.id == id))
                        .map_or_else(|| "None (free play)".to_string(), |s| s.name.clone());
                    ui.horizontal(|ui| {
                        egui::ComboBox::from_label("Solo Scenario")
                            .selected_text(shown)
                            .show_ui(ui, |ui| {
                                ui.selectable_value(&mut self.scenario, None, "None (free play)");
                                for s in list {
                                    ui.selectable_value(
                                        &mut self.scenario,
                                        Some(s.id.clone()),
                                        s.name.as_str(),
                                    )
                                    .on_hover_text(s.description.as_str());
                                }
                            });
                    });
                    if let Some(s) = self
                        .scenario
                        .as_ref()
                        .and_then(|id| list.iter().find(|s| &s.id == id))
                    {
                        ui.label(
                            RichText::new(&s.description)
                                .size(12.0)
                                .color(CHALK.gamma_multiply(0.75)),
                        );
                        if let Some(d) = s.division {
                            self.division = d;
                        }
                    }
                }
                Err(e) => {
                    ui.label(RichText::new(format!("No solo Scenarios: {e}")).color(CHALK));
                }
            }
        }
        ui.checkbox(
            &mut self.built_only,
            "House rule: Maintenance counts only the Infrastructure built",
        )
        .on_hover_text(
            "The rulebook counts the 2 printed Stands and 2 printed Adboards on the \
             Infrastructure Maintenance track from the start (a club pays 2 Cash more a Week)",
        );
        seats.seed_field(ui);
        let mut opened = None;
        ui.horizontal(|ui| {
            if start_button(ui, "Start the season", env.data_problem.as_deref()) {
                let scenario = match (&self.scenarios, &self.scenario) {
                    (Ok(list), Some(id)) if n == 1 => list.iter().find(|s| &s.id == id).cloned(),
                    _ => None,
                };
                let first = if n > 1 { self.first.min(n - 1) } else { 0 };
                let n8 = u8::try_from(n).unwrap_or(u8::MAX);
                let (division, printed) = (self.division, !self.built_only);
                let setup = |decks| {
                    let mut config = SeasonConfig::new(decks, n8, division);
                    config.scenario = scenario;
                    config.first = u8::try_from(first).unwrap_or(0);
                    config.printed_infrastructure = printed;
                    config
                };
                opened = Some(season(
                    env,
                    seats.managers(n),
                    setup,
                    seats.seed_or_clock(ui),
                ));
            }
            ui.add_space(12.0);
            let sandbox = ui
                .add_enabled(
                    env.data_problem.is_none(),
                    egui::Button::new("Matchday sandbox"),
                )
                .on_hover_text("One Match of a club against an Opponent, to try line-ups");
            if sandbox.clicked() {
                opened = Some(matchday(env.source, seats.seed_or_clock(ui)));
            }
        });
        opened
    }
}

/// What playing in Division `d` means, in the rulebook's terms.
fn division_words(d: u8) -> String {
    let (easy, hard) = Division::decks_for(d).unwrap_or((Division::Three, Division::ThreeTwo));
    let who = match d {
        3 => "the friendliest Opponents: the place for a first season",
        2 => "stronger Opponents: for a club that has played a season or two",
        _ => "the strongest Opponents: every Friday is hard",
    };
    format!(
        "Division {d} ({}): {who}. Each manager meets 3 Opponents of the Division {} deck, \
         then 3 advanced ones of the Division {} deck.",
        Division::difficulty(d),
        easy.label(),
        hard.label()
    )
}

/// A new season at the table, set up by `setup` with the decks of the
/// data folder.
fn season(
    env: &FormEnv<'_>,
    managers: Vec<Manager>,
    setup: impl FnOnce(Arc<ElevenDecks>) -> SeasonConfig,
    seed: u64,
) -> Opened {
    let decks = ElevenDecks::load(env.source).map_err(|e| e.to_string())?;
    let session =
        Session::season_of(managers, setup(Arc::new(decks)), seed).map_err(|e| e.to_string())?;
    let mut table = super::table::screen(session, env.source, env.autosave.clone());
    table.autosave();
    Ok(Box::new(table))
}

fn matchday(source: &DataSource, seed: u64) -> Opened {
    let decks = ElevenDecks::load(source)
        .map(Arc::new)
        .map_err(|e| e.to_string());
    Ok(Box::new(MatchdayScreen::new(decks, seed)))
}

/// A new season (the registry's `new` hook, for `touchline play eleven`).
pub fn new_table(t: NewTable<'_>) -> Opened {
    super::table::new_table(t)
}

impl Table for MatchdayScreen {
    fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        MatchdayScreen::show(self, ui).map(|MatchdayRequest::Leave| TableRequest::Leave)
    }
}
