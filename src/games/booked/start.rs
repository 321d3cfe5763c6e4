//! Booked!'s new-match form on the start screen (managers, house-rules
//! preset, group stage) and the app shell's hooks that open its table.

use super::deck::{BookedDeck, load_house_rules, parse_house_rules, user_presets};
use super::session::BookedSession as Session;
use super::table::TableScreen;
use super::{BookedConfig, CardSet, HouseRules, PRESETS};
use crate::cards::DataSource;
use crate::engine::Seat;
use crate::ui::form::{SeatForm, start_button};
use crate::ui::palette::CHALK;
use crate::ui::session::{self, Manager};
use crate::ui::table::{FormEnv, NewTable, Opened, SavedTable, StartForm};
use egui::RichText;
use std::path::PathBuf;
use std::sync::Arc;

/// The form: the preset chosen, the group stage, and the house rules and
/// presets the data folder holds (read once when the form opens).
pub struct BookedForm {
    preset: String,
    group_stage: bool,
    /// The data folder's own `house_rules.toml`.
    mine: Result<HouseRules, String>,
    /// The user's saved presets that read without errors.
    user: Vec<(String, HouseRules)>,
}

/// The form for the start screen (the registry's `form` hook).
pub fn form(source: &DataSource) -> Box<dyn StartForm> {
    Box::new(BookedForm {
        preset: "official".into(),
        group_stage: false,
        mine: load_house_rules(source).map_err(|e| e.to_string()),
        user: user_presets(source)
            .into_iter()
            .filter_map(|(name, r)| r.ok().map(|r| (name, r)))
            .collect(),
    })
}

impl BookedForm {
    fn chosen_rules(&self) -> Option<HouseRules> {
        if self.preset == "mine" {
            self.mine.clone().ok()
        } else if let Some(name) = self.preset.strip_prefix("my ") {
            self.user
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, r)| r.clone())
        } else {
            HouseRules::preset(&self.preset)
        }
    }
}

impl StartForm for BookedForm {
    fn remembered(&self) -> Option<String> {
        Some(self.preset.clone())
    }

    fn recall(&mut self, choice: &str) {
        let offered = PRESETS.contains(&choice)
            || (choice == "mine" && self.mine.is_ok())
            || choice
                .strip_prefix("my ")
                .is_some_and(|name| self.user.iter().any(|(n, _)| n == name));
        if offered {
            self.preset = choice.to_string();
        }
    }

    fn show(
        &mut self,
        ui: &mut egui::Ui,
        seats: &mut SeatForm,
        env: &FormEnv<'_>,
    ) -> Option<Opened> {
        seats.seat_count(ui, "Managers", 2, 6);
        let n = seats.seats;
        seats.seat_grid(
            ui,
            "booked",
            n,
            |_| String::new(),
            |i| format!("Name of manager {}", i + 1),
        );
        ui.horizontal(|ui| {
            egui::ComboBox::new("preset", "House rules")
                .selected_text(self.preset.clone())
                .show_ui(ui, |ui| {
                    for p in PRESETS {
                        ui.selectable_value(&mut self.preset, p.to_string(), p);
                    }
                    if self.mine.is_ok() {
                        ui.selectable_value(
                            &mut self.preset,
                            "mine".to_string(),
                            "mine (house_rules.toml)",
                        );
                    }
                    for (name, _) in &self.user {
                        ui.selectable_value(
                            &mut self.preset,
                            format!("my {name}"),
                            format!("my {name}"),
                        );
                    }
                });
            ui.checkbox(&mut self.group_stage, "Group stage (3 matches)");
        });
        if let Err(e) = &self.mine {
            ui.label(
                RichText::new(format!("House rules file: {e}"))
                    .size(12.0)
                    .color(CHALK.gamma_multiply(0.8)),
            );
        }
        seats.seed_field(ui);
        let why_not = env.data_problem.as_deref().or_else(|| {
            self.chosen_rules()
                .is_none()
                .then_some("These house rules do not load: choose another preset")
        });
        if !start_button(ui, "Start match", why_not) {
            return None;
        }
        let rules = self.chosen_rules()?;
        let seed = seats.seed_or_clock(ui);
        Some(open_new(
            env.source,
            seats.managers(n),
            rules,
            seed,
            self.group_stage,
            env.autosave.clone(),
        ))
    }
}

/// A new match or group stage at the table.
fn open_new(
    source: &DataSource,
    managers: Vec<Manager>,
    rules: HouseRules,
    seed: u64,
    group_stage: bool,
    autosave: Option<PathBuf>,
) -> Opened {
    let current = BookedDeck::load(source).map_err(|e| e.to_string())?;
    let mut config = BookedConfig::new(Arc::new(current.card_set()), rules, managers.len() as u8);
    config.first = Seat(0);
    let mut session = if group_stage {
        Session::new_group(managers, config, seed)
    } else {
        Session::new(managers, config, seed)
    }
    .map_err(|e| e.to_string())?;
    let deck = deck_of(source, &mut session)?;
    let mut table = super::table::screen(session, deck, source, autosave);
    table.autosave();
    Ok(Box::new(table))
}

/// The deck a session's faces are drawn from: the card files it was
/// started with (so a save made before a deck edit still shows its own
/// cards), else the data folder's, which the session then keeps.
fn deck_of(source: &DataSource, session: &mut Session) -> Result<Arc<BookedDeck>, String> {
    if let Some(files) = session.card_files() {
        let saved = session::with_saved_cards(source, files);
        return BookedDeck::load(&saved)
            .map(Arc::new)
            .map_err(|e| format!("the cards saved with this game: {e}"));
    }
    let deck = BookedDeck::load(source).map_err(|e| e.to_string())?;
    // A save without its card files opens only with the deck it was
    // played with, never with another deck's faces on its cards.
    let here = deck.card_set();
    let saved = &session.record().config.cards;
    fn ids(set: &CardSet) -> Vec<&str> {
        set.names.iter().map(String::as_str).collect()
    }
    if let Some(why) = session::cards_differ(&ids(saved), &ids(&here), here == **saved) {
        return Err(why);
    }
    session.set_card_files(session::card_files(source, super::ENTRY.data_files));
    Ok(Arc::new(deck))
}

/// A new single match (the registry's `new` hook, for `touchline play`):
/// the house rules from the given file, else the data folder's.
pub fn new_table(t: NewTable<'_>) -> Opened {
    t.no_options("Booked!")?;
    let rules = match &t.rules {
        Some((name, text)) => parse_house_rules(name, text),
        None => load_house_rules(t.source),
    }
    .map_err(|e| e.to_string())?;
    open_new(t.source, t.managers, rules, t.seed, false, t.autosave)
}

/// A saved match at a new table (Load…, and the registry's `load` hook
/// through [`crate::ui::shell::open_saved`]).
pub fn load(t: SavedTable<'_>) -> Result<TableScreen, String> {
    let mut session = Session::from_save_bytes(t.name, t.bytes, ()).map_err(|e| e.to_string())?;
    let deck = deck_of(t.source, &mut session).map_err(|e| format!("{}: {e}", t.name))?;
    Ok(super::table::screen(session, deck, t.source, t.autosave))
}
