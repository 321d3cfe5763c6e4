//! The season's boards on the table: the Transfer Area, a club's boards,
//! the League table and Final Scoring.

use super::*;
use crate::games::eleven::season::state::{MARKET_FROM, ROW};
use crate::games::eleven::vocab::Infrastructure;

/// The height of a card on a club's board, in points.
const TILE: f32 = 96.0;

/// What hiring the Player (its Untrained side) or Staff card `id` costs,
/// in Cash; `None` for any other card.
pub(super) fn hire_cost(decks: &crate::games::eleven::deck::ElevenDecks, id: &str) -> Option<u8> {
    decks
        .player(id)
        .map(|p| p.untrained.hire_cost)
        .or_else(|| decks.staff.iter().find(|s| s.id == id).map(|s| s.hire_cost))
}

/// How a card on the table answers the pointer.
pub(super) enum Lit {
    /// Shown as it is.
    Plain,
    /// It can be taken now: lit; a click takes it (the words say how).
    Takes(String),
    /// It cannot be taken now: dimmed, with the reason.
    Not(String),
}

/// One action on a Transfer Area card: its row and slot, and the action
/// with its words, or why it is refused.
type Take = (Row, usize, Result<(Action, String), String>);

/// What the deciding person may take from the Transfer Area now, by row
/// and slot: each action with its words, or why not.
pub(super) struct Takes {
    /// `None` when nobody is deciding a Day: nothing is lit or dimmed.
    slots: Option<Vec<Take>>,
}

impl Takes {
    /// The deciding person's Day actions on the Transfer Area.
    fn of(session: &SeasonSession, view: &SeasonView, asking: Option<Seat>) -> Takes {
        let Some(seat) = asking.filter(|_| matches!(view.phase, Phase::Day(_))) else {
            return Takes { slots: None };
        };
        let decks = &session.game().config.decks;
        let mut slots = Vec::new();
        for (action, ok) in session.game().options(seat) {
            let (row, slot, words) = match &action {
                Action::HirePlayer(s) => {
                    let Some(id) = view.players_row.get(*s).cloned().flatten() else {
                        continue;
                    };
                    let cost = hire_cost(decks, &id).unwrap_or(0);
                    let words = format!("Hire {} ({cost} Cash)", name_of(session, &id));
                    (Row::Players, *s, words)
                }
                Action::HireStaff(s) => {
                    let Some(id) = view.staff_row.get(*s).cloned().flatten() else {
                        continue;
                    };
                    let cost = hire_cost(decks, &id).unwrap_or(0);
                    let words = format!("Hire {} ({cost} Cash)", name_of(session, &id));
                    (Row::Staff, *s, words)
                }
                Action::ContractSponsor {
                    slot,
                    contract,
                    bonus,
                } => {
                    let Some(id) = view.sponsors_row.get(*slot).cloned().flatten() else {
                        continue;
                    };
                    let word = match (contract, bonus) {
                        (Contract::OneOff, _) => "One-off",
                        (Contract::Adboard, true) => "Adboard and its Bonus",
                        (Contract::Adboard, false) => "Adboard",
                        (Contract::Kit, _) => "Kit",
                    };
                    let words = format!("Sign {}: {word}", name_of(session, &id));
                    (Row::Sponsors, *slot, words)
                }
                _ => continue,
            };
            let entry = match ok {
                Ok(()) => Ok((action.clone(), words)),
                Err(e) => Err(format!("{words}: {}", sentence_of(&e.to_string()))),
            };
            slots.push((row, slot, entry));
        }
        Takes { slots: Some(slots) }
    }

    /// The actions that can be taken at `slot` of `row` now.
    fn by_slot(&self, row: Row, slot: usize) -> Option<Vec<(Action, String)>> {
        let list: Vec<(Action, String)> = self
            .slots
            .as_ref()?
            .iter()
            .filter(|(r, s, _)| *r == row && *s == slot)
            .filter_map(|(_, _, e)| e.as_ref().ok().cloned())
            .collect();
        (!list.is_empty()).then_some(list)
    }

    /// How the card at `slot` of `row` is shown.
    fn lit(&self, row: Row, slot: usize, market: bool) -> Lit {
        let Some(slots) = &self.slots else {
            return Lit::Plain;
        };
        if let Some(list) = self.by_slot(row, slot) {
            let words: Vec<&str> = list.iter().map(|(_, w)| w.as_str()).collect();
            return Lit::Takes(words.join(" or "));
        }
        let why: Vec<&str> = slots
            .iter()
            .filter(|(r, s, _)| *r == row && *s == slot)
            .filter_map(|(_, _, e)| e.as_ref().err().map(String::as_str))
            .collect();
        if !why.is_empty() {
            return Lit::Not(why.join("\n"));
        }
        Lit::Not(if market {
            "Not open to you now.".to_string()
        } else {
            "Only the three cards on the right of a row can be taken; this one moves right as \
             they are."
                .to_string()
        })
    }
}

impl SeasonBoard {
    /// The Transfer Area: its three rows as printed faces with their price.
    /// On the deciding person's Day, what they can take now is lit (a
    /// click takes it: a Sponsor asks which contract) and the rest dimmed,
    /// the reason in its tooltip. Returns the action clicked, with its
    /// words.
    pub(super) fn transfer_area(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        view: &SeasonView,
        asking: Option<Seat>,
    ) -> Option<(Action, String)> {
        heading(ui, "Transfer Area");
        let decks = &session.game().config.decks;
        let takes = Takes::of(session, view, asking);
        let rows: [(Row, &str, &Vec<Option<String>>); 3] = [
            (Row::Players, "Players", &view.players_row),
            (Row::Staff, "Staff", &view.staff_row),
            (Row::Sponsors, "Sponsors", &view.sponsors_row),
        ];
        // Five cards and a caption column across the width, within reason.
        let label_w = 64.0;
        let per_card = ((ui.available_width() - label_w) / ROW as f32 - 8.0).max(40.0);
        // The three rows take at most 70% of the box's height, so the
        // club's board below is in view too.
        let by_height = ui.clip_rect().height() * 0.7 / 3.0 - 18.0;
        let height = (per_card / self.faces.size(1.0).x)
            .min(by_height)
            .clamp(84.0, 190.0);
        let mut chosen = None;
        for (row, label, cards) in rows {
            ui.horizontal(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(label_w);
                    ui.label(RichText::new(label).size(12.0).strong().color(CHALK));
                    let open = match row {
                        Row::Sponsors => "The 3 on the right are open to sign",
                        _ => "The 3 on the right are for hire",
                    };
                    ui.label(RichText::new(open).size(11.0).color(DIM));
                });
                for (slot, id) in cards.iter().enumerate() {
                    let Some(id) = id else {
                        let (rect, _) =
                            ui.allocate_exact_size(self.faces.size(height), Sense::hover());
                        ui.painter().rect_stroke(
                            rect,
                            4.0,
                            Stroke::new(1.0, CHALK.gamma_multiply(0.2)),
                            egui::StrokeKind::Inside,
                        );
                        continue;
                    };
                    let cost = hire_cost(decks, id);
                    let market = slot >= MARKET_FROM;
                    let caption = match (cost, market) {
                        (Some(c), true) => format!("{c} Cash · for hire"),
                        (Some(c), false) => format!("{c} Cash"),
                        (None, true) => "open to sign".to_string(),
                        (None, false) => String::new(),
                    };
                    let lit = takes.lit(row, slot, market);
                    let r = self.face(ui, session, id, height, Some(&caption), &lit);
                    if let Some(list) = takes.by_slot(row, slot) {
                        if list.len() > 1 {
                            // A Sponsor: which contract, from a menu.
                            egui::Popup::menu(&r).show(|ui| {
                                for (action, words) in list {
                                    if ui.button(words.as_str()).clicked() {
                                        chosen = Some((action.clone(), words.clone()));
                                    }
                                }
                            });
                        } else if r.clicked()
                            && let Some((action, words)) = list.first()
                        {
                            chosen = Some((action.clone(), words.clone()));
                        }
                    }
                }
            });
            ui.add_space(4.0);
        }
        ui.label(
            RichText::new(format!(
                "Decks: {} Players, {} Youngsters, {} Staff, {} Sponsors.",
                view.decks_left[0], view.decks_left[1], view.decks_left[2], view.decks_left[3]
            ))
            .size(11.0)
            .color(DIM),
        );
        chosen
    }

    /// A card as its printed face, `height` points tall, with a caption
    /// under it; lit and clickable when it can be taken, dimmed with the
    /// reason when not; hovering shows it enlarged.
    pub(super) fn face(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        id: &str,
        height: f32,
        caption: Option<&str>,
        lit: &Lit,
    ) -> egui::Response {
        let name = name_of(session, id);
        let size = self.faces.size(height);
        let sense = match lit {
            Lit::Takes(_) => Sense::click(),
            _ => Sense::hover(),
        };
        ui.vertical(|ui| {
            ui.set_width(size.x);
            ui.spacing_mut().item_spacing.y = 1.0;
            let (rect, resp) = ui.allocate_exact_size(size, sense);
            if ui.is_rect_visible(rect) {
                let painter = ui.painter();
                match self.face_of.get(id) {
                    Some(&i) => self.faces.paint(painter, rect, Face::Card(i)),
                    None => {
                        painter.rect_filled(rect, 4.0, PANEL);
                        painter.text(
                            rect.center(),
                            egui::Align2::CENTER_CENTER,
                            &name,
                            egui::FontId::proportional(11.0),
                            CHALK,
                        );
                    }
                }
                match lit {
                    Lit::Takes(_) => {
                        let w = if resp.hovered() { 3.0 } else { 2.0 };
                        painter.rect_stroke(
                            rect.expand(1.0),
                            5.0,
                            Stroke::new(w, GOLD),
                            egui::StrokeKind::Outside,
                        );
                    }
                    Lit::Not(_) => {
                        painter.rect_filled(rect, 4.0, Color32::from_black_alpha(150));
                    }
                    Lit::Plain => {}
                }
            }
            let (role, words) = match lit {
                Lit::Takes(w) => (egui::Role::Button, w.clone()),
                _ => (egui::Role::Label, format!("Card {name}")),
            };
            let enabled = matches!(lit, Lit::Takes(_));
            resp.widget_info(|| egui::WidgetInfo::labeled(role, enabled, &words));
            let resp = if let Some(&i) = self.face_of.get(id) {
                resp.on_hover_ui(|ui| {
                    let (big, _) = ui.allocate_exact_size(self.faces.size(300.0), Sense::hover());
                    self.faces.paint(ui.painter(), big, Face::Card(i));
                    match lit {
                        Lit::Takes(w) => {
                            ui.label(RichText::new(format!("Click: {w}")).color(GOLD));
                        }
                        Lit::Not(why) => {
                            ui.label(RichText::new(why).color(CHALK));
                        }
                        Lit::Plain => {}
                    }
                })
            } else {
                resp
            };
            if let Some(c) = caption.filter(|c| !c.is_empty()) {
                let colour = if matches!(lit, Lit::Takes(_)) {
                    GOLD
                } else {
                    DIM
                };
                ui.add(egui::Label::new(RichText::new(c).size(11.0).color(colour)).wrap());
            }
            resp
        })
        .inner
    }

    /// A small card: its printed face and a line under it.
    pub(super) fn tile(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        id: &str,
        line: Option<&str>,
    ) {
        self.face(ui, session, id, TILE, line, &Lit::Plain);
    }

    /// Tiles in rows that fit the width (frames do not wrap by themselves).
    pub(super) fn tile_rows(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        tiles: &[(String, Option<String>)],
    ) {
        let w = self.faces.size(TILE).x + ui.spacing().item_spacing.x;
        let cols = ((ui.available_width() / w).floor() as usize).max(1);
        for row in tiles.chunks(cols) {
            ui.horizontal_top(|ui| {
                for (id, line) in row {
                    self.tile(ui, session, id, line.as_deref());
                }
            });
        }
    }

    /// Club `seat`'s Stat levels and Resources as its board shows them:
    /// while its Match is told, as they stood before it.
    pub fn shown_stats(
        &self,
        seat: Seat,
        club: &super::super::season::view::ClubView,
    ) -> ([u8; 4], [u32; 4]) {
        self.replay
            .filter(|r| r.telling() && r.seat == seat)
            .and_then(|r| r.before)
            .unwrap_or((club.stats, club.res))
    }

    pub(super) fn club_board(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        view: &SeasonView,
        c: usize,
        club: &super::super::season::view::ClubView,
    ) {
        let seat = Seat(c as u8);
        Frame::NONE
            .fill(FELT_DARK)
            .stroke(Stroke::new(1.0, seat_colour(seat).gamma_multiply(0.6)))
            .corner_radius(6.0)
            .inner_margin(8.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        RichText::new(&club.name)
                            .size(16.0)
                            .strong()
                            .color(seat_colour(seat)),
                    );
                    // While a Match is told its score stays off the board.
                    let record = if self.replay.is_some_and(|r| r.telling()) {
                        "the record moves at full time".to_string()
                    } else {
                        format!(
                            "{} VP · won {}, scored {}, clean sheets {}",
                            club.vp, club.record.0, club.record.1, club.record.2
                        )
                    };
                    ui.label(
                        RichText::new(format!(
                            "Maintenance due {} Cash · {record}",
                            club.maintenance_due
                        ))
                        .size(12.0)
                        .color(DIM),
                    );
                    if view.first == seat {
                        ui.label(RichText::new("Stage marker").size(12.0).color(GOLD));
                    }
                });
                // The Stat tracks (1-5) and the Resources held, the Office.
                let (stats, res) = self.shown_stats(seat, club);
                ui.scope(|ui| {
                    ui.spacing_mut().item_spacing.y = 2.0;
                    for (k, (level, held)) in stats.iter().zip(res).enumerate() {
                        super::tracks::stat_track(ui, k, *level, held, seat_colour(seat));
                    }
                    super::tracks::office_track(ui, club.office, seat_colour(seat));
                });
                ui.label(RichText::new("Directors").size(12.0).color(DIM));
                ui.horizontal_wrapped(|ui| match &club.directors {
                    Some(ds) if !ds.is_empty() => {
                        for d in ds {
                            let line = card_state(d.exhausted, d.suspension);
                            self.tile(ui, session, &d.id, line.as_deref());
                        }
                    }
                    Some(_) => {
                        ui.label(RichText::new("none yet").size(11.0).color(DIM));
                    }
                    None => {
                        ui.label(
                            RichText::new("hidden until the draft ends")
                                .size(11.0)
                                .color(DIM),
                        );
                    }
                });
                ui.label(
                    RichText::new(format!("Players ({})", club.players.len()))
                        .size(12.0)
                        .color(DIM),
                );
                let players: Vec<(String, Option<String>)> = club
                    .players
                    .iter()
                    .map(|p| {
                        let mut line = format!("Strength {}", p.strength);
                        if p.side == Side::Trained {
                            line.push_str(" · Trained");
                        }
                        let t = tokens_text(&p.tokens);
                        if !t.is_empty() {
                            line.push_str(&format!(" · {t}"));
                        }
                        (p.id.clone(), Some(line))
                    })
                    .collect();
                self.tile_rows(ui, session, &players);
                if let Some(j) = &club.jerseys {
                    jersey_markers(ui, j).on_hover_text(
                        "Each Jersey marker's number (– unnumbered) and the side it shows: \
                         A the attack side up (red), D the defence side up (blue)",
                    );
                }
                ui.label(RichText::new("Staff").size(12.0).color(DIM));
                ui.horizontal_wrapped(|ui| {
                    if club.staff.is_empty() {
                        ui.label(RichText::new("none").size(11.0).color(DIM));
                    }
                    for s in &club.staff {
                        let line = card_state(s.exhausted, s.suspension);
                        self.tile(ui, session, &s.id, line.as_deref());
                    }
                });
                ui.label(RichText::new("Sponsors").size(12.0).color(DIM));
                ui.horizontal_wrapped(|ui| {
                    if club.sponsors.is_empty() {
                        ui.label(RichText::new("none").size(11.0).color(DIM));
                    }
                    for s in &club.sponsors {
                        let kind = match s.contract {
                            Contract::Kit => "Kit",
                            Contract::Adboard => "Adboard",
                            Contract::OneOff => "One-off",
                        };
                        match &s.id {
                            Some(id) => self.tile(ui, session, id, Some(kind)),
                            None => {
                                ui.label(
                                    RichText::new("Kit Sponsor (face down)")
                                        .size(11.0)
                                        .color(DIM),
                                );
                            }
                        }
                    }
                });
                ui.label(RichText::new("Stadium").size(12.0).color(DIM));
                stadium(ui, &club.built).on_hover_text(stadium_line(&club.built));
                // The Objective (its owner's, or once revealed) and the
                // Tactic cards in hand, as printed.
                ui.label(
                    RichText::new("Objective and Tactic cards")
                        .size(12.0)
                        .color(DIM),
                );
                let decks = &session.game().config.decks;
                ui.horizontal_wrapped(|ui| {
                    match &club.objective {
                        Some(id) => self.tile(ui, session, id, Some("Objective")),
                        None => {
                            ui.label(RichText::new("Objective: secret").size(11.0).color(DIM));
                        }
                    }
                    match &club.tactics {
                        Some(t) => {
                            for id in t {
                                self.tile(ui, session, id, Some("Tactic"));
                            }
                        }
                        None => {
                            let n = club.tactic_count;
                            ui.label(
                                RichText::new(format!("{n} Tactic cards in hand"))
                                    .size(11.0)
                                    .color(DIM),
                            );
                        }
                    }
                });
                if let Some(o) = club
                    .objective
                    .as_ref()
                    .and_then(|id| decks.objectives.iter().find(|o| &o.id == id))
                {
                    ui.label(
                        RichText::new(format!(
                            "{}: {}",
                            o.name,
                            super::super::layout::objective_text(o)
                        ))
                        .size(12.0)
                        .color(CHALK),
                    );
                }
                if let (Some(o), Some(f)) = (&club.next_opponent, &club.next_formation) {
                    ui.label(
                        RichText::new(format!(
                            "Next Opponent: {} ({f}), {} Opponent cards left",
                            name_of(session, o),
                            club.opponents_left
                        ))
                        .size(12.0)
                        .color(CHALK),
                    );
                }
            });
    }

    pub(super) fn league(&self, ui: &mut egui::Ui, view: &SeasonView) {
        heading(ui, "League table");
        let positions = view.league.positions();
        let mut order: Vec<usize> = (0..view.league.teams.len()).collect();
        order.sort_by_key(|t| (positions.get(*t).copied().unwrap_or(99), *t));
        egui::Grid::new("eleven-league")
            .striped(true)
            .spacing([12.0, 1.0])
            .show(ui, |ui| {
                for t in order {
                    let Some(team) = view.league.teams.get(t) else {
                        continue;
                    };
                    let colour = if t < view.clubs.len() {
                        seat_colour(Seat(t as u8))
                    } else {
                        CHALK
                    };
                    ui.label(
                        RichText::new(format!("{}.", positions.get(t).copied().unwrap_or(0)))
                            .size(12.0)
                            .color(DIM),
                    );
                    ui.label(RichText::new(&team.name).size(12.0).color(colour));
                    ui.label(
                        RichText::new(format!("{} pts", team.points))
                            .size(12.0)
                            .strong()
                            .color(colour),
                    );
                    let note = match (team.die, team.active) {
                        (None, _) => "manager",
                        (Some(_), true) => "",
                        (Some(_), false) => "sits out",
                    };
                    ui.label(RichText::new(note).size(11.0).color(DIM));
                    ui.end_row();
                }
            });
    }

    pub(super) fn final_scoring(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        view: &SeasonView,
    ) {
        heading(ui, "Final Scoring");
        let Some(scores) = &view.scores else { return };
        let lines: [(&str, ScoreLine); 8] = [
            ("1. League position", |s| s.league),
            ("2. VP tokens", |s| s.tokens),
            ("3. Staff sets", |s| s.staff_sets),
            ("4. Infrastructure", |s| s.infrastructure),
            ("5. Office", |s| s.office),
            ("6. Suspension tokens", |s| s.suspensions),
            ("Scenario", |s| s.scenario),
            ("Total", |s| s.total),
        ];
        egui::Grid::new("eleven-final")
            .striped(true)
            .spacing([14.0, 2.0])
            .show(ui, |ui| {
                ui.label("");
                for (c, _) in scores.iter().enumerate() {
                    ui.label(
                        RichText::new(session.name(Seat(c as u8)))
                            .strong()
                            .color(seat_colour(Seat(c as u8))),
                    );
                }
                ui.end_row();
                for (label, f) in lines {
                    if label == "Scenario" && scores.iter().all(|s| s.scenario == 0) {
                        continue;
                    }
                    let strong = label == "Total";
                    ui.label(RichText::new(label).color(if strong { GOLD } else { CHALK }));
                    for s in scores {
                        let t = RichText::new(f(s).to_string());
                        ui.label(if strong {
                            t.strong().color(GOLD)
                        } else {
                            t.color(CHALK)
                        });
                    }
                    ui.end_row();
                }
                ui.label(RichText::new("League position").color(DIM));
                for s in scores {
                    ui.label(RichText::new(format!("{}.", s.position)).color(DIM));
                }
                ui.end_row();
            });
        let winners: Vec<String> = session
            .game()
            .winners
            .iter()
            .map(|w| session.name(*w))
            .collect();
        let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
        let level = scores.iter().filter(|s| s.total == best).count();
        let text = match winners.as_slice() {
            [one] if level > 1 => {
                format!("{one} wins: level on {best} VP, the higher League position decides.")
            }
            [one] => format!("{one} wins with {best} VP."),
            many => format!(
                "{} share the victory: level on VP and League position.",
                many.join(" and ")
            ),
        };
        ui.label(RichText::new(text).size(18.0).strong().color(GOLD));
        if view.clubs.len() == 1 {
            let total = scores.first().map_or(0, |s| s.total);
            let rank = super::super::season::manager_rank(session.game().config.division, total);
            ui.label(
                RichText::new(format!("Your rank: {rank}."))
                    .size(16.0)
                    .color(CHALK),
            );
            if let (Some(s), Some(won)) = (
                &session.game().config.scenario,
                session.game().scenario_won(),
            ) {
                ui.label(
                    RichText::new(format!(
                        "Scenario {}: {}",
                        s.name,
                        if won { "won" } else { "lost" }
                    ))
                    .size(16.0)
                    .color(if won { GOLD } else { ALERT }),
                );
            }
        }
    }
}

/// The Stadium's spaces in words: the marked ones (Stands #3 and #4,
/// Adboard #3) built or empty, and what stands on the 4 free spaces.
/// The Jersey markers as tokens: those on the Pitch, then the Bench, each
/// with its number (– unnumbered) and the side it shows in a letter and a
/// colour (A attack red, D defence blue). The tokens' line in words is
/// their label for screen readers.
fn jersey_markers(
    ui: &mut egui::Ui,
    j: &crate::games::eleven::season::jersey::Jerseys,
) -> egui::Response {
    use crate::games::eleven::season::jersey::MARKERS;
    const R: f32 = 14.0;
    const GAP: f32 = 4.0;
    let label_w = 44.0;
    let pitch: Vec<usize> = (0..MARKERS).filter(|&i| j.pitch[i]).collect();
    let bench: Vec<usize> = (0..MARKERS).filter(|&i| !j.pitch[i]).collect();
    let per_row = (((ui.available_width() - label_w) / (2.0 * R + GAP)).floor() as usize).max(1);
    let rows = |n: usize| n.div_ceil(per_row).max(1);
    let height = (rows(pitch.len()) + rows(bench.len())) as f32 * (2.0 * R + GAP);
    let (rect, resp) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), height), Sense::hover());
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        let mut y = rect.top();
        for (name, list) in [("Pitch", &pitch), ("Bench", &bench)] {
            painter.text(
                egui::pos2(rect.left(), y + R),
                egui::Align2::LEFT_CENTER,
                name,
                egui::FontId::proportional(12.0),
                DIM,
            );
            for (k, &i) in list.iter().enumerate() {
                let (r, c) = (k / per_row, k % per_row);
                let centre = egui::pos2(
                    rect.left() + label_w + R + c as f32 * (2.0 * R + GAP),
                    y + R + r as f32 * (2.0 * R + GAP),
                );
                let (fill, letter) = match j.sides[i] {
                    Task::Attack => (Color32::from_rgb(0xC8, 0x4B, 0x3C), "A"),
                    Task::Defence => (Color32::from_rgb(0x3C, 0x78, 0xC8), "D"),
                    Task::Goalkeeper => (GOLD, "G"),
                };
                painter.circle(centre, R, fill, Stroke::new(1.0, CHALK.gamma_multiply(0.7)));
                let number = if i < 10 {
                    (i + 2).to_string()
                } else {
                    "–".into()
                };
                painter.text(
                    centre,
                    egui::Align2::CENTER_CENTER,
                    format!("{number}{letter}"),
                    egui::FontId::proportional(11.0),
                    Color32::WHITE,
                );
            }
            y += rows(list.len()) as f32 * (2.0 * R + GAP);
        }
    }
    let words = jersey_line(j);
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
    resp
}

/// The Stadium as its board shows it: Stands #1-#4 and Adboards #1-#3
/// (the first two of each printed, the rest built or empty), then the
/// four spaces the Improvements share, each named when built.
fn stadium(ui: &mut egui::Ui, built: &[Infrastructure]) -> egui::Response {
    let Stadium {
        stands,
        adboards,
        free,
        spaces,
    } = Stadium::of(built);
    // (label, printed, built)
    let mut boxes: Vec<(String, bool, bool)> = Vec::new();
    for n in 1..=4 {
        boxes.push((format!("Stand #{n}"), n <= 2, n > 2 && stands >= n - 2));
    }
    for n in 1..=3 {
        boxes.push((format!("Adboard #{n}"), n <= 2, n > 2 && adboards >= n - 2));
    }
    for k in 0..spaces {
        match free.get(k) {
            Some(name) => boxes.push(((*name).to_string(), false, true)),
            None => boxes.push(("free space".to_string(), false, false)),
        }
    }
    let size = egui::vec2(80.0, 42.0);
    let gap = 4.0;
    let per_row = ((ui.available_width() + gap) / (size.x + gap))
        .floor()
        .max(1.0) as usize;
    let rows = boxes.len().div_ceil(per_row);
    let total = egui::vec2(
        per_row.min(boxes.len()) as f32 * (size.x + gap) - gap,
        rows as f32 * (size.y + gap) - gap,
    );
    let (rect, resp) = ui.allocate_exact_size(total, Sense::hover());
    if !ui.is_rect_visible(rect) {
        return resp;
    }
    let painter = ui.painter();
    for (i, (label, printed, up)) in boxes.iter().enumerate() {
        let (r, c) = (i / per_row, i % per_row);
        let min = rect.min + egui::vec2(c as f32 * (size.x + gap), r as f32 * (size.y + gap));
        let b = egui::Rect::from_min_size(min, size);
        let (fill, text, stroke) = match (printed, up) {
            (true, _) => (PANEL, CHALK.gamma_multiply(0.8), CHALK.gamma_multiply(0.3)),
            (false, true) => (GOLD.gamma_multiply(0.85), FELT_DARK, GOLD),
            (false, false) => (Color32::TRANSPARENT, DIM, DIM),
        };
        painter.rect(
            b,
            4.0,
            fill,
            Stroke::new(1.0, stroke),
            egui::StrokeKind::Inside,
        );
        let state = match (printed, up) {
            (true, _) => "printed",
            (false, true) => "built",
            (false, false) => "empty",
        };
        let galley = painter.layout(
            format!("{label}\n{state}"),
            egui::FontId::proportional(11.0),
            text,
            size.x - 4.0,
        );
        let at = b.center() - galley.size() / 2.0;
        painter.galley(at, galley, text);
    }
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, stadium_line(built)));
    resp
}

/// What a Stadium holds: Stands and Adboards built (#3 on), the
/// Improvements built, and the free spaces they share.
struct Stadium {
    stands: usize,
    adboards: usize,
    free: Vec<&'static str>,
    spaces: usize,
}

impl Stadium {
    fn of(built: &[Infrastructure]) -> Stadium {
        let count = |k: Infrastructure| built.iter().filter(|b| **b == k).count();
        Stadium {
            stands: count(Infrastructure::Stand),
            adboards: count(Infrastructure::Adboard),
            free: built
                .iter()
                .filter(|k| !matches!(k, Infrastructure::Stand | Infrastructure::Adboard))
                .map(|k| k.title())
                .collect(),
            spaces: crate::games::eleven::season::ops::STADIUM_SPACES
                - crate::games::eleven::season::ops::RESERVED_SPACES,
        }
    }
}

fn stadium_line(built: &[Infrastructure]) -> String {
    let Stadium {
        stands,
        adboards,
        free,
        spaces,
    } = Stadium::of(built);
    let mark = |name: &str, on: bool| format!("{name} {}", if on { "built" } else { "empty" });
    format!(
        "Stadium: {}, {}, {}; free spaces {} of {spaces}{}",
        mark("Stand #3", stands >= 1),
        mark("Stand #4", stands >= 2),
        mark("Adboard #3", adboards >= 1),
        free.len(),
        if free.is_empty() {
            String::new()
        } else {
            format!(": {}", free.join(", "))
        }
    )
}
