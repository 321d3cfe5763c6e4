//! The choices inside an effect, asked at the season table before the
//! effect resolves: a Board Meeting decision or a Card action whose effect
//! asks something ([`Season::board_choices`],
//! [`Season::card_action_choices`]) opens this panel, each question with
//! its answers in words and the engine's default preselected; *Confirm*
//! sends the action with the answers as its `picks`.
//!
//! The panel belongs to the manager deciding: the table drops it when
//! another manager comes to the device or the season moves (an undo).

use super::season::{Action, EffectChoice, Season};
use super::table::{CANCEL_KEY, MAIN_KEY};
use crate::engine::Seat;
use crate::ui::palette::{CHALK, DIM, GOLD};
use crate::ui::seating;
use egui::{Button, RichText};

/// An action waiting for the answers to its effect's choices.
pub struct Asking {
    /// The manager asked.
    pub seat: Seat,
    /// The session's generation when asked.
    pub generation: u64,
    /// What the choices are for, in words ("the blue decision").
    title: String,
    /// The action, its `picks` filled in on confirming.
    action: Action,
    choices: Vec<EffectChoice>,
    answers: Vec<u8>,
}

/// What the manager did with the panel.
pub enum Answer {
    /// Send this action.
    Confirm(Action),
    /// Close the panel, nothing sent.
    Cancel,
}

impl Asking {
    /// The panel for `action` of `seat`, or `None` when its effect asks
    /// nothing (then the action goes as it is).
    pub fn new(
        season: &Season,
        seat: Seat,
        generation: u64,
        title: String,
        action: Action,
    ) -> Option<Asking> {
        let c = seat.index();
        let choices = match &action {
            Action::AcceptBoard { .. } => season.board_choices(c),
            Action::CardAction { card, .. } => season.card_action_choices(c, *card),
            Action::HireStaff(slot) | Action::HireStaffWith { slot, .. } => {
                season.staff_bonus_choices(c, *slot)
            }
            Action::ContractSponsor { .. } | Action::ContractSponsorWith { .. } => action
                .sponsor_contract()
                .map(|(slot, contract, bonus, _)| season.contract_choices(c, slot, contract, bonus))
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        if choices.is_empty() {
            return None;
        }
        let answers = choices.iter().map(|q| q.default).collect();
        Some(Asking {
            seat,
            generation,
            title,
            action,
            choices,
            answers,
        })
    }

    /// The action with the answers given so far as its `picks`.
    pub fn action(&self) -> Action {
        let mut action = self.action.clone();
        match &mut action {
            Action::AcceptBoard { picks }
            | Action::CardAction { picks, .. }
            | Action::HireStaffWith { picks, .. } => {
                *picks = self.answers.clone();
            }
            Action::HireStaff(slot) => {
                action = Action::HireStaffWith {
                    slot: *slot,
                    picks: self.answers.clone(),
                };
            }
            Action::ContractSponsor { .. } | Action::ContractSponsorWith { .. } => {
                if let Some((slot, contract, bonus, _)) = action.sponsor_contract() {
                    action = Action::ContractSponsorWith {
                        slot,
                        contract,
                        bonus,
                        picks: self.answers.clone(),
                    };
                }
            }
            _ => {}
        }
        action
    }

    /// Draws the questions; returns what the manager decided, if anything.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<Answer> {
        ui.label(
            RichText::new(format!("Choices of {}", self.title))
                .strong()
                .color(GOLD),
        );
        ui.label(
            RichText::new("The engine's choice is selected; click another to change it.")
                .size(12.0)
                .color(DIM),
        );
        for (q, choice) in self.choices.iter().enumerate() {
            ui.add_space(2.0);
            ui.label(RichText::new(&choice.question).size(13.0).color(CHALK));
            ui.horizontal_wrapped(|ui| {
                for (value, words) in &choice.options {
                    let on = self.answers.get(q) == Some(value);
                    let b = ui.add(Button::selectable(on, RichText::new(words).size(12.0)));
                    // The question with the answer names the button for
                    // screen readers: answers repeat across questions.
                    let full = format!("{} {words}", choice.question);
                    b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &full));
                    if b.clicked()
                        && let Some(a) = self.answers.get_mut(q)
                    {
                        *a = *value;
                    }
                }
            });
        }
        ui.add_space(4.0);
        let mut answer = None;
        ui.horizontal(|ui| {
            let confirm = ui.button(RichText::new(format!("Confirm {}", self.title)).strong());
            if seating::keyed(confirm, MAIN_KEY, "Send these answers") {
                answer = Some(Answer::Confirm(self.action()));
            }
            if seating::keyed(ui.button("Cancel"), CANCEL_KEY, "Close, nothing sent") {
                answer = Some(Answer::Cancel);
            }
        });
        answer
    }
}
