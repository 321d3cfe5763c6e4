//! The season's boards on the table: the Transfer Area, a club's boards,
//! the League table and Final Scoring.

use super::*;
use crate::games::eleven::vocab::Infrastructure;

impl SeasonBoard {
    pub(super) fn transfer_area(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        view: &SeasonView,
    ) {
        heading(ui, "Transfer Area");
        let decks = &session.game().config.decks;
        let rows: [(&str, &Vec<Option<String>>); 3] = [
            ("Players", &view.players_row),
            ("Staff", &view.staff_row),
            ("Sponsors", &view.sponsors_row),
        ];
        egui::Grid::new("eleven-transfer")
            .spacing([4.0, 4.0])
            .show(ui, |ui| {
                for (label, row) in rows {
                    ui.label(RichText::new(label).size(12.0).color(DIM));
                    for (slot, id) in row.iter().enumerate() {
                        match id {
                            Some(id) => {
                                let cost = match label {
                                    "Players" => decks
                                        .player(id)
                                        .map(|p| format!("{} Cash", p.untrained.hire_cost)),
                                    "Staff" => decks
                                        .staff
                                        .iter()
                                        .find(|s| &s.id == id)
                                        .map(|s| format!("{} Cash", s.hire_cost)),
                                    _ => None,
                                };
                                let market = slot >= super::super::season::state::MARKET_FROM;
                                let line = if market {
                                    Some(market_line(cost.as_deref()))
                                } else {
                                    cost
                                };
                                self.tile(ui, session, id, line.as_deref(), market);
                            }
                            None => {
                                ui.label(RichText::new("(empty)").size(11.0).color(DIM));
                            }
                        }
                    }
                    ui.end_row();
                }
            });
        ui.label(
            RichText::new(format!(
                "Decks: {} Players, {} Youngsters, {} Staff, {} Sponsors. Only the three rightmost cards can be taken (\"for hire\", \"open to sign\").",
                view.decks_left[0], view.decks_left[1], view.decks_left[2], view.decks_left[3]
            ))
            .size(11.0)
            .color(DIM),
        );
    }

    /// A small card: its name and a line; hovering shows the printed card.
    pub(super) fn tile(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        id: &str,
        line: Option<&str>,
        market: bool,
    ) {
        let name = name_of(session, id);
        let inner = Frame::NONE
            .fill(PANEL)
            .stroke(Stroke::new(
                1.0,
                if market {
                    GOLD.gamma_multiply(0.6)
                } else {
                    CHALK.gamma_multiply(0.2)
                },
            ))
            .corner_radius(4.0)
            .inner_margin(egui::Margin::symmetric(4, 2))
            .show(ui, |ui| {
                ui.vertical(|ui| {
                    ui.set_width(92.0);
                    ui.label(RichText::new(&name).size(11.0).strong().color(CHALK));
                    if let Some(line) = line {
                        ui.label(RichText::new(line).size(11.0).color(DIM));
                    }
                });
            });
        self.hover_card(ui, inner.response, id, &name);
    }

    /// Tiles in rows that fit the width (frames do not wrap by themselves).
    pub(super) fn tile_rows(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        tiles: &[(String, Option<String>)],
    ) {
        let cols = ((ui.available_width() / 106.0).floor() as usize).max(1);
        for row in tiles.chunks(cols) {
            ui.horizontal(|ui| {
                for (id, line) in row {
                    self.tile(ui, session, id, line.as_deref(), false);
                }
            });
        }
    }

    /// Shows the printed face of `id` while `response` is hovered.
    pub(super) fn hover_card(
        &self,
        ui: &mut egui::Ui,
        response: egui::Response,
        id: &str,
        name: &str,
    ) {
        let resp = ui.interact(
            response.rect,
            egui::Id::unique((
                "eleven-card",
                id,
                response.rect.min.x as i32,
                response.rect.min.y as i32,
            )),
            Sense::hover(),
        );
        resp.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Label, true, format!("Card {name}"))
        });
        if let Some(&i) = self.face_of.get(id) {
            resp.on_hover_ui(|ui| {
                let (rect, _) = ui.allocate_exact_size(self.faces.size(300.0), Sense::hover());
                self.faces.paint(ui.painter(), rect, Face::Card(i));
            });
        }
    }

    /// A card's name (hoverable) and a line of text below it.
    pub(super) fn card_line(&self, ui: &mut egui::Ui, id: &str, title: &str, text: &str) {
        let r = ui.label(RichText::new(title).strong().color(CHALK));
        self.hover_card(ui, r, id, title);
        if !text.is_empty() {
            ui.label(RichText::new(text).size(12.0).color(DIM));
        }
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
                    ui.label(RichText::new(&club.name).size(16.0).strong().color(seat_colour(seat)));
                    ui.label(
                        RichText::new(format!(
                            "{} VP · Maintenance due {} Cash · Office {} · won {}, scored {}, clean sheets {}",
                            club.vp, club.maintenance_due, club.office, club.record.0, club.record.1, club.record.2
                        ))
                        .size(12.0)
                        .color(DIM),
                    );
                    if view.first == seat {
                        ui.label(RichText::new("Stage marker").size(12.0).color(GOLD));
                    }
                });
                // The Stat tracks (1-5) and the Resources held.
                egui::Grid::new(("eleven-stats", c)).spacing([10.0, 1.0]).show(ui, |ui| {
                    for (i, name) in RESOURCES.iter().enumerate() {
                        let level = club.stats[i];
                        ui.label(RichText::new(*name).size(12.0).color(CHALK));
                        stat_track(ui, level)
                            .on_hover_text(format!("{name} Stat level {level} of 5"));
                        ui.label(
                            RichText::new(format!("{} held", club.res[i]))
                                .size(12.0)
                                .strong()
                                .color(CHALK),
                        );
                        ui.end_row();
                    }
                });
                let names = |ids: Vec<String>| -> Vec<String> { ids.iter().map(|i| name_of(session, i)).collect() };
                ui.label(RichText::new("Directors").size(12.0).color(DIM));
                ui.horizontal_wrapped(|ui| match &club.directors {
                    Some(ds) if !ds.is_empty() => {
                        for d in ds {
                            let line = card_state(d.exhausted, d.suspension);
                            self.tile(ui, session, &d.id, line.as_deref(), false);
                        }
                    }
                    Some(_) => {
                        ui.label(RichText::new("none yet").size(11.0).color(DIM));
                    }
                    None => {
                        ui.label(RichText::new("hidden until the draft ends").size(11.0).color(DIM));
                    }
                });
                ui.label(RichText::new(format!("Players ({})", club.players.len())).size(12.0).color(DIM));
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
                    ui.label(RichText::new(jersey_line(j)).size(12.0).color(CHALK)).on_hover_text(
                        "Each Jersey marker's number (– unnumbered) and the side it shows: \
                         A the attack side up, D the defence side up",
                    );
                }
                ui.label(RichText::new("Staff").size(12.0).color(DIM));
                ui.horizontal_wrapped(|ui| {
                    if club.staff.is_empty() {
                        ui.label(RichText::new("none").size(11.0).color(DIM));
                    }
                    for s in &club.staff {
                        let line = card_state(s.exhausted, s.suspension);
                        self.tile(ui, session, &s.id, line.as_deref(), false);
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
                            Some(id) => self.tile(ui, session, id, Some(kind), false),
                            None => {
                                ui.label(RichText::new("Kit Sponsor (face down)").size(11.0).color(DIM));
                            }
                        }
                    }
                });
                ui.label(RichText::new(stadium_line(&club.built)).size(12.0).color(CHALK));
                let objective = match (&club.objective, view.seat == Some(seat)) {
                    (Some(id), _) => name_of(session, id),
                    (None, _) => "hidden".into(),
                };
                ui.label(RichText::new(format!("Objective: {objective}")).size(12.0).color(CHALK));
                let tactics = match &club.tactics {
                    Some(t) => names(t.clone()).join(", "),
                    None => format!("{} in hand", club.tactic_count),
                };
                ui.label(RichText::new(format!("Tactic cards: {tactics}")).size(12.0).color(CHALK));
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
fn stadium_line(built: &[Infrastructure]) -> String {
    let stands = built
        .iter()
        .filter(|k| **k == Infrastructure::Stand)
        .count();
    let adboards = built
        .iter()
        .filter(|k| **k == Infrastructure::Adboard)
        .count();
    let mark = |name: &str, on: bool| format!("{name} {}", if on { "built" } else { "empty" });
    let free: Vec<&str> = built
        .iter()
        .filter(|k| !matches!(k, Infrastructure::Stand | Infrastructure::Adboard))
        .map(|k| k.title())
        .collect();
    let spaces = crate::games::eleven::season::ops::STADIUM_SPACES
        - crate::games::eleven::season::ops::RESERVED_SPACES;
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
