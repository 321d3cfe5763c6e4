//! Eleven on the start screen: the Matchday (one Match of a club against
//! an Opponent) and the app shell's hooks that open it.

use super::deck::ElevenDecks;
use super::matchday_ui::{MatchdayRequest, MatchdayScreen};
use crate::cards::DataSource;
use crate::ui::form::{SeatForm, start_button};
use crate::ui::palette::CHALK;
use crate::ui::table::{FormEnv, NewTable, Opened, SavedTable, StartForm, Table, TableRequest};
use egui::RichText;
use std::sync::Arc;

/// The form: the seed and the Matchday button.
pub struct ElevenForm;

/// The form for the start screen (the registry's `form` hook).
pub fn form(_: &DataSource) -> Box<dyn StartForm> {
    Box::new(ElevenForm)
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
                "Matchday: pick an Opponent and a Tactic, place your markers, play a Match. \
                 The six-Week season is not playable yet.",
            )
            .color(CHALK.gamma_multiply(0.85)),
        );
        seats.seed_field(ui);
        let open = start_button(ui, "Matchday", env.data_problem.as_deref());
        open.then(|| matchday(env.source, seats.seed_or_clock(ui)))
    }
}

fn matchday(source: &DataSource, seed: u64) -> Opened {
    let decks = ElevenDecks::load(source)
        .map(Arc::new)
        .map_err(|e| e.to_string());
    Ok(Box::new(MatchdayScreen::new(decks, seed)))
}

/// The Matchday (the registry's `new` hook, for `touchline play eleven`):
/// one club, whoever sits at the table.
pub fn new_table(t: NewTable<'_>) -> Opened {
    if t.rules.is_some() {
        return Err("Eleven has no house-rules file".into());
    }
    matchday(t.source, t.seed)
}

/// Eleven has no saved games yet: the Matchday is one Match.
pub fn load_table(t: SavedTable<'_>) -> Opened {
    Err(format!(
        "{}: Eleven's Matchday is not saved, so it cannot be loaded",
        t.name
    ))
}

impl Table for MatchdayScreen {
    fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        MatchdayScreen::show(self, ui).map(|MatchdayRequest::Leave| TableRequest::Leave)
    }
}
