//! What every game's new-match form on the start screen shares: the seats
//! (names, human or bot), the seed, the Start button.

use super::palette::CHALK;
use super::session::{Controller, Manager};
use crate::bots::Strength;
use egui::RichText;

/// The seats and seed of a new match, kept while the user moves between
/// games' forms.
#[derive(Clone, Debug)]
pub struct SeatForm {
    /// How many seats the form shows.
    pub seats: usize,
    /// The managers' names, by seat (six, whatever the game).
    pub names: Vec<String>,
    /// Who plays each seat.
    pub controllers: Vec<Controller>,
    /// The seed as typed (empty: a random one).
    pub seed: String,
    /// The bot levels the game on screen offers a seat (the start screen
    /// sets it from the registry).
    pub offered: Vec<Strength>,
}

/// The most seats any form offers.
pub const MAX_SEATS: usize = 6;

impl Default for SeatForm {
    fn default() -> Self {
        SeatForm {
            seats: 2,
            names: ["Alex", "Ana", "Ben", "Chidi", "Dora", "Emil"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            controllers: std::iter::once(Controller::Human)
                .chain(std::iter::repeat_n(
                    Controller::Bot(Strength::Heuristic),
                    MAX_SEATS - 1,
                ))
                .collect(),
            seed: String::new(),
            offered: Strength::PLAIN.to_vec(),
        }
    }
}

impl SeatForm {
    /// The first `n` seats as managers; a seat the form lacks is a human
    /// with a numbered name.
    pub fn managers(&self, n: usize) -> Vec<Manager> {
        (0..n)
            .map(|i| Manager {
                name: self
                    .names
                    .get(i)
                    .map(|n| clean_name(n))
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| format!("Manager {}", i + 1)),
                controller: match self.controllers.get(i).copied() {
                    // A level chosen for another game that this one lacks.
                    Some(Controller::Bot(s)) if !self.offered.contains(&s) => {
                        Controller::Bot(Strength::Heuristic)
                    }
                    Some(c) => c,
                    None => Controller::Human,
                },
            })
            .collect()
    }

    /// The typed seed, or one from the clock when the field is empty or
    /// not a number.
    pub fn seed_or_clock(&self, ui: &egui::Ui) -> u64 {
        self.seed
            .trim()
            .parse()
            .unwrap_or_else(|_| ui.input(|i| (i.time * 1e6) as u64) ^ u64::from(std::process::id()))
    }

    /// A choice of seat count in `range` (nothing when it has one value).
    pub fn seat_count(&mut self, ui: &mut egui::Ui, label: &str, lo: usize, hi: usize) {
        self.seats = self.seats.clamp(lo, hi);
        if lo == hi {
            return;
        }
        ui.horizontal(|ui| {
            ui.label(RichText::new(label).color(CHALK));
            for n in lo..=hi {
                ui.selectable_value(&mut self.seats, n, n.to_string());
            }
        });
    }

    /// One row per seat: a side label (`side(i)`, may be empty), the name
    /// labelled `label(i)`, and who plays it.
    pub fn seat_grid(
        &mut self,
        ui: &mut egui::Ui,
        id: &str,
        n: usize,
        side: impl Fn(usize) -> String,
        label: impl Fn(usize) -> String,
    ) {
        let with_side = (0..n).any(|i| !side(i).is_empty());
        egui::Grid::new(("seats", id))
            .num_columns(if with_side { 3 } else { 2 })
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                for i in 0..n.min(MAX_SEATS) {
                    if with_side {
                        ui.label(RichText::new(side(i)).color(CHALK.gamma_multiply(0.7)));
                    }
                    if let Some(name) = self.names.get_mut(i) {
                        name_field(ui, name, &label(i));
                    }
                    if let Some(c) = self.controllers.get_mut(i) {
                        ui.push_id(i, |ui| controller_choice(ui, c, &self.offered));
                    }
                    ui.end_row();
                }
            });
    }

    /// The seed field.
    pub fn seed_field(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.label(RichText::new("Seed").color(CHALK));
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.seed)
                    .hint_text("random")
                    .desired_width(100.0),
            );
            field.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Seed"));
            field.on_hover_text("The same seed deals the same cards");
        });
    }
}

/// A typed name as the table shows it: control characters (a pasted tab
/// or line break, an escape) dropped, spaces at the ends trimmed, at most
/// 40 characters.
pub fn clean_name(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_control())
        .take(40)
        .collect::<String>()
        .trim()
        .to_string()
}

/// A manager's name, labelled `label` for screen readers and tests.
/// The field narrows (to 90 points) where the form is narrow, so that
/// who plays the seat stays beside it in the form's column.
pub fn name_field(ui: &mut egui::Ui, name: &mut String, label: &str) {
    let width = (ui.available_width() - CONTROLLER_WIDTH).clamp(90.0, 140.0);
    ui.add_sized([width, 22.0], egui::TextEdit::singleline(name))
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, label));
}

/// About how wide [`controller_choice`] is drawn.
const CONTROLLER_WIDTH: f32 = 200.0;

/// Who plays a seat: a person, or a bot of one of the `offered` levels
/// (chosen from a menu beside "Bot").
pub fn controller_choice(ui: &mut egui::Ui, c: &mut Controller, offered: &[Strength]) {
    ui.horizontal(|ui| {
        ui.selectable_value(c, Controller::Human, "Human")
            .on_hover_text("A person at this screen");
        let is_bot = matches!(c, Controller::Bot(_));
        if ui
            .selectable_label(is_bot, "Bot")
            .on_hover_text("A computer player: choose its level beside")
            .clicked()
            && !is_bot
        {
            *c = Controller::Bot(Strength::Heuristic);
        }
        if let Controller::Bot(strength) = c {
            if !offered.contains(strength) {
                *strength = Strength::Heuristic;
            }
            egui::ComboBox::from_id_salt("bot-level")
                .width(72.0)
                .selected_text(level_name(*strength))
                .show_ui(ui, |ui| {
                    for s in offered {
                        ui.selectable_value(strength, *s, level_name(*s))
                            .on_hover_text(s.about());
                    }
                })
                .response
                .on_hover_text(strength.about());
        }
    });
}

/// A bot level's name in the seat's menu.
pub fn level_name(s: Strength) -> &'static str {
    match s {
        Strength::Random => "Easy",
        Strength::Heuristic => "Normal",
        Strength::Hard => "Hard",
        Strength::Expert => "Expert",
    }
}

/// The big Start button of a form; disabled with `why` on hover when the
/// game cannot start.
pub fn start_button(ui: &mut egui::Ui, label: &str, why_not: Option<&str>) -> bool {
    let button = ui
        .horizontal(|ui| {
            ui.add_enabled(
                why_not.is_none(),
                egui::Button::new(RichText::new(label).size(16.0).strong()),
            )
        })
        .inner;
    match why_not {
        Some(why) => {
            button.on_disabled_hover_text(why);
            false
        }
        None => button.clicked(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_name_loses_control_characters_and_stays_short() {
        assert_eq!(clean_name("  Ana\t\u{1b}[2J \n"), "Ana[2J");
        assert_eq!(clean_name(&"x".repeat(100)).len(), 40);
        assert_eq!(clean_name("\u{7}"), "");
    }
}
