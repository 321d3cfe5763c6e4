//! Flip Duel's new-match form and the `new` hook of its table: the two
//! seats, who kicks off (the rulebook's "youngest player starts an attack
//! first", or a coin toss), the seed. The house rules are set at the table
//! before the first decision.

use super::table::screen;
use super::tools::{KickOff, load};
use super::{FlipDuel, FlipDuelConfig};
use crate::games::kit::{GameKit, TableSetup};
use crate::ui::form::{SeatForm, start_button};
use crate::ui::palette::CHALK;
use crate::ui::session::{Manager, Session};
use crate::ui::table::{FormEnv, NewTable, Opened, StartForm};
use egui::RichText;
use std::path::PathBuf;
use std::sync::Arc;

/// The start screen's Flip Duel form.
#[derive(Default)]
pub struct FlipDuelForm {
    /// Who kicks off.
    pub kick_off: KickOff,
}

/// Makes the form (the registry's `form` hook).
pub fn form(_source: &crate::cards::DataSource) -> Box<dyn StartForm> {
    Box::new(FlipDuelForm::default())
}

impl StartForm for FlipDuelForm {
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        seats: &mut SeatForm,
        env: &FormEnv<'_>,
    ) -> Option<Opened> {
        seats.seat_count(ui, "Players", 2, 2);
        seats.seat_grid(
            ui,
            "flip-duel",
            2,
            |i| if i == 0 { "Red".into() } else { "Blue".into() },
            |i| format!("Name of player {}", i + 1),
        );
        ui.horizontal(|ui| {
            egui::ComboBox::new("flip-duel-kick-off", "kicks off")
                .selected_text(self.kick_off.label())
                .show_ui(ui, |ui| {
                    for k in KickOff::ALL {
                        ui.selectable_value(&mut self.kick_off, k, k.label());
                    }
                })
                .response
                .on_hover_text(
                    "The rulebook: \"Youngest player starts an attack first.\" \
                     Or toss a coin.",
                );
        });
        ui.label(
            RichText::new("House rules are offered at the table before the first card.")
                .color(CHALK.gamma_multiply(0.7)),
        );
        seats.seed_field(ui);
        if start_button(ui, "Start Flip Duel", env.data_problem.as_deref()) {
            let seed = seats.seed_or_clock(ui);
            let mut options = std::collections::BTreeMap::new();
            options.insert("kick_off".to_string(), self.kick_off.key().to_string());
            return Some(open(
                env.source,
                seats.managers(2),
                seed,
                env.autosave.clone(),
                &options,
            ));
        }
        None
    }
}

/// A new match at the table (the app shell's and `touchline play`'s hook):
/// the official rules, or the options `play --option` gives (`kick_off`,
/// `hand`); the table offers the other house rules before the first
/// decision.
pub fn new_table(t: NewTable<'_>) -> Opened {
    if t.rules.is_some() {
        return Err(
            "Flip Duel has no house-rules file: set them at the table, or give \
             --option kick_off=red|blue|toss and --option hand=0-5"
                .into(),
        );
    }
    open(t.source, t.managers, t.seed, t.autosave, &t.options)
}

fn open(
    source: &crate::cards::DataSource,
    managers: Vec<Manager>,
    seed: u64,
    autosave: Option<PathBuf>,
    options: &std::collections::BTreeMap<String, String>,
) -> Opened {
    let config = config(source, options)?;
    let session = Session::flip_duel(managers, config, seed).map_err(|e| e.to_string())?;
    let mut table = screen(session, source, autosave);
    table.autosave();
    Ok(Box::new(table))
}

/// The configuration `options` ask for, read as `simulate` reads them.
fn config(
    source: &crate::cards::DataSource,
    options: &std::collections::BTreeMap<String, String>,
) -> Result<FlipDuelConfig, String> {
    crate::games::kit::check_options::<FlipDuel>("Flip Duel", options)?;
    let cards = Arc::new(load(source).map_err(|e| e.to_string())?);
    let setup = TableSetup {
        seats: 2,
        rules: None,
        options: options.clone(),
    };
    FlipDuel::table(&cards, source, &setup)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::DataSource;

    #[test]
    fn kick_off_choices_are_the_options_values() {
        let source = DataSource::embedded();
        for k in KickOff::ALL {
            let mut options = std::collections::BTreeMap::new();
            options.insert("kick_off".to_string(), k.key().to_string());
            let c = config(&source, &options).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(c.first_attacker, k.first_attacker(), "{k:?}");
        }
        let mut bad = std::collections::BTreeMap::new();
        bad.insert("tie_break".to_string(), "draw".to_string());
        let e = config(&source, &bad).err().unwrap_or_default();
        assert!(e.contains("tie-break") && e.contains("kick-off"), "{e}");
    }
}
