//! The line-up on the season's pitch and the bench beside it: what the
//! pointer does there (a drag, a click, then a click) and what may go
//! where, through the Matchday engine's placement checks.

use super::*;

/// What happened at the pitch or the bench this frame.
enum Event {
    Pitch(Click),
    /// A bench card clicked (squad index).
    Bench(usize),
    /// Something dragged onto the bench.
    ToBench(Dragged),
}

impl From<Dragged> for Pick {
    fn from(d: Dragged) -> Pick {
        match d {
            Dragged::Card(i) => Pick::Bench(i),
            Dragged::Marker(k) => Pick::Marker(k),
        }
    }
}

/// Where `target` sends what is in hand: a marker let go over another
/// marker goes to that marker's Zone.
fn landing(setup: &MatchSetup, hand: Pick, target: Target) -> Option<Target> {
    match (hand, target) {
        (Pick::Marker(_), Target::Marker(j)) => {
            Some(Target::Zone(setup.lineup.markers.get(j)?.zone))
        }
        _ => Some(target),
    }
}

/// Whether what is in hand may go to `target`: `Ok`, the reason it may
/// not (the Matchday engine's), or `None` (nothing in hand, or nothing to
/// say).
fn verdict(
    setup: &MatchSetup,
    squad: &[SquadPlayer],
    hand: Option<Pick>,
    target: Target,
) -> Option<Result<(), String>> {
    let why =
        |e: crate::games::eleven::matchday::LineupError| sentence(&named(&e.to_string(), squad));
    let hand = hand?;
    match (hand, landing(setup, hand, target)?) {
        (Pick::Bench(i), Target::Marker(k)) => {
            let p = squad.get(i)?;
            let m = setup.lineup.markers.get(k)?;
            let Some(card) = setup.marker_for(i, m.zone) else {
                return Some(Err(format!("{} is a Goalkeeper: he goes in goal.", p.name)));
            };
            let mut next = setup.clone();
            next.remove_marker(k);
            Some(next.check_placement(&card).map_err(why))
        }
        (Pick::Bench(i), Target::Goal) => {
            let mut next = setup.clone();
            Some(next.set_goalkeeper(Some(i)).map_err(why))
        }
        (Pick::Marker(k), Target::Zone(z)) => {
            let m = setup.lineup.markers.get(k)?;
            if z == m.zone {
                return None;
            }
            let mut next = setup.clone();
            next.remove_marker(k);
            let mut moved = *m;
            moved.zone = z;
            Some(next.check_placement(&moved).map_err(why))
        }
        _ => None,
    }
}

/// Takes the Player off marker `k` (the marker stays, without a card) or
/// out of goal.
fn take_out(setup: &mut MatchSetup, what: Pick) {
    let player = match what {
        Pick::Marker(k) => setup
            .lineup
            .markers
            .get_mut(k)
            .and_then(|m| m.player.take()),
        Pick::Goal => setup.lineup.goalkeeper.take(),
        Pick::Bench(_) => None,
    };
    setup.lineup.paid.retain(|x| Some(*x) != player);
}

/// A marker's words: its number, Zone, Player, Strength and side ("7 LD:
/// Müller 3 · attack"), and a longer tooltip.
fn marker_words(setup: &MatchSetup, squad: &[SquadPlayer], k: usize) -> (String, String) {
    let Some(m) = setup.lineup.markers.get(k) else {
        return (String::new(), String::new());
    };
    let number = m.jersey.map_or_else(|| "–".to_string(), |n| n.to_string());
    let strength = setup.marker_strength(k).unwrap_or(1);
    let player = m.player.and_then(|i| squad.get(i));
    let who = player.map_or_else(|| "empty".to_string(), |p| surname(&p.name).to_string());
    let side = side_word(m.task);
    let label = format!("{number} {}: {who} {strength} · {side}", zone_short(m.zone));
    let hover = match player {
        Some(p) => format!(
            "{}: {} (Strength {strength}), {side} side up. Drag along the line to move, right-click to take him out",
            zone_words(m.zone),
            p.name
        ),
        None => format!(
            "{}: a marker without a Player card (Strength 1), {side} side up. Drop a Player here",
            zone_words(m.zone)
        ),
    };
    (label, hover)
}

impl PlanEditor {
    /// The line-up on the pitch beside the bench, for `seat` (deciding,
    /// behind the curtain): drag a Player from the bench onto a marker or
    /// into goal, or click him and then the marker; drag a marker (or click
    /// it, then a Zone) along its line to move it; right-click a marker or
    /// drag it onto the bench to take its Player out. The pitch is
    /// `height` points tall; the bench's cards are `faces`.
    pub fn pitch(
        &mut self,
        ui: &mut egui::Ui,
        season: &Season,
        seat: Seat,
        faces: &Faces,
        face_of: &HashMap<String, usize>,
        height: f32,
    ) {
        self.refresh(season, seat);
        let c = seat.index();
        let Some(mut plan) = self.plan.clone() else {
            return;
        };
        let before = plan.clone();
        let squad = squad(season, c);
        let mut setup = MatchSetup::new(squad.clone(), plan.lineup.clone(), nobody());
        let dragged = egui::DragAndDrop::payload::<Dragged>(ui.ctx()).map(|d| *d);
        let hand = dragged.map(Pick::from).or(self.pick);
        let mut event: Option<Event> = None;
        let width = ui.available_width();
        let pitch_w = height.min(width * 0.62);
        ui.horizontal_top(|ui| {
            ui.allocate_ui(egui::vec2(pitch_w, height), |ui| {
                let named = |t: &str| sentence(&named(t, &squad));
                let verdict = |t: Target| verdict(&setup, &squad, hand, t);
                let label = |k: usize| marker_words(&setup, &squad, k);
                let keeper = setup
                    .lineup
                    .goalkeeper
                    .and_then(|g| squad.get(g))
                    .map_or_else(
                        || "GK: nobody 1".to_string(),
                        |p| format!("GK: {} {}", surname(&p.name), p.strength),
                    );
                let scene = Scene {
                    id: "season-plan",
                    setup: &setup,
                    opponent: None,
                    step: None,
                    score: None,
                    caption: format!(
                        "{} · drag a Player from the bench onto a marker",
                        setup.lineup.formation.name
                    ),
                    editing: true,
                    selected: match self.pick {
                        Some(Pick::Marker(k)) => Some(k),
                        _ => None,
                    },
                    goal_lit: self.pick == Some(Pick::Goal),
                    verdict: &verdict,
                    marker_label: &label,
                    goal_label: keeper,
                    named: &named,
                };
                event = pitch::show(ui, &scene).map(Event::Pitch);
            });
            // The board scrolls sideways too: the bench wraps at what is left.
            let bench_w = (width - pitch_w - 3.0 * ui.spacing().item_spacing.x).max(120.0);
            ui.vertical(|ui| {
                ui.set_max_width(bench_w);
                if let Some(e) = self.bench(ui, &setup, &squad, faces, face_of, height) {
                    event = Some(e);
                }
                self.picked(ui, &mut setup, &squad);
            });
        });
        match event {
            Some(Event::Pitch(Click::Marker(k))) => {
                self.point(&mut setup, &squad, Target::Marker(k))
            }
            Some(Event::Pitch(Click::Goal)) => self.point(&mut setup, &squad, Target::Goal),
            Some(Event::Pitch(Click::Zone(z))) => self.point(&mut setup, &squad, Target::Zone(z)),
            Some(Event::Pitch(Click::Remove(k))) => take_out(&mut setup, Pick::Marker(k)),
            Some(Event::Pitch(Click::Drop(d, t))) => {
                self.pick = None;
                self.put(&mut setup, &squad, Pick::from(d), t);
            }
            Some(Event::Bench(i)) => {
                let new = Pick::Bench(i);
                self.pick = if self.pick == Some(new) {
                    None
                } else {
                    Some(new)
                };
                self.notice = None;
            }
            Some(Event::ToBench(Dragged::Marker(k))) => {
                self.pick = None;
                take_out(&mut setup, Pick::Marker(k));
            }
            Some(Event::ToBench(Dragged::Card(_))) | None => {}
        }
        plan.lineup = setup.lineup;
        self.keep(ui, season, seat, plan, &before, &squad);
    }

    /// A click on the pitch: put what is in hand there, or take it in hand.
    fn point(&mut self, setup: &mut MatchSetup, squad: &[SquadPlayer], target: Target) {
        match (self.pick, target) {
            (Some(from @ Pick::Bench(_)), Target::Marker(_) | Target::Goal)
            | (Some(from @ Pick::Marker(_)), Target::Zone(_)) => {
                self.put(setup, squad, from, target);
            }
            (old, Target::Marker(k)) => {
                let new = Pick::Marker(k);
                self.pick = if old == Some(new) { None } else { Some(new) };
                self.notice = None;
            }
            (old, Target::Goal) => {
                self.pick = if old == Some(Pick::Goal) {
                    None
                } else {
                    Some(Pick::Goal)
                };
                self.notice = None;
            }
            (_, Target::Zone(_)) => {}
        }
    }

    /// Puts a bench Player on a marker or in goal, or moves a marker to a
    /// Zone; a refusal gives the engine's reason.
    fn put(&mut self, setup: &mut MatchSetup, squad: &[SquadPlayer], from: Pick, to: Target) {
        if let Some(Err(why)) = verdict(setup, squad, Some(from), to) {
            self.refuse(why);
            return;
        }
        let Some(to) = landing(setup, from, to) else {
            return;
        };
        let done = match (from, to) {
            (Pick::Bench(i), Target::Marker(k)) => {
                let zone = setup.lineup.markers.get(k).map(|m| m.zone);
                let card = zone.and_then(|z| setup.marker_for(i, z));
                let mut next = setup.clone();
                next.remove_marker(k);
                card.is_some_and(|card| next.place(card).is_ok()) && {
                    *setup = next;
                    true
                }
            }
            (Pick::Bench(i), Target::Goal) => setup.set_goalkeeper(Some(i)).is_ok(),
            (Pick::Marker(k), Target::Zone(z)) => {
                let mut next = setup.clone();
                let paid = next.lineup.paid.clone();
                next.remove_marker(k).is_some_and(|mut moved| {
                    moved.zone = z;
                    next.place(moved).is_ok()
                }) && {
                    next.lineup.paid = paid;
                    *setup = next;
                    true
                }
            }
            _ => false,
        };
        if done {
            self.pick = None;
            self.notice = None;
        }
    }

    /// The squad not on the pitch, as cards: click one to take it in hand,
    /// or drag it onto a marker; a marker dragged here leaves its Player
    /// on the bench.
    fn bench(
        &self,
        ui: &mut egui::Ui,
        setup: &MatchSetup,
        squad: &[SquadPlayer],
        faces: &Faces,
        face_of: &HashMap<String, usize>,
        height: f32,
    ) -> Option<Event> {
        let mut event = None;
        let assigned = setup.assigned();
        let card_h = (height / 3.4).clamp(64.0, 130.0);
        let size = faces.size(card_h);
        let frame = egui::Frame::NONE
            .inner_margin(4.0)
            .corner_radius(4.0)
            .fill(Color32::from_black_alpha(40));
        let width = ui.max_rect().width();
        let inner = frame.show(ui, |ui| {
            ui.set_min_width(width - 8.0);
            ui.set_max_width(width - 8.0);
            ui.label(
                RichText::new("Bench: drag a Player onto a marker, or click him, then the marker")
                    .size(12.0)
                    .color(DIM),
            );
            if squad.iter().enumerate().all(|(i, _)| assigned.contains(&i)) {
                ui.label(
                    RichText::new("Every Player card of the club is on the pitch.")
                        .size(12.0)
                        .color(CHALK),
                );
            }
            ui.horizontal_wrapped(|ui| {
                for (i, p) in squad.iter().enumerate() {
                    if assigned.contains(&i) {
                        continue;
                    }
                    let strength = (i32::from(p.strength) + p.tokens.modifier()).max(0);
                    let label = format!("{} {strength}", surname(&p.name));
                    let out = p.tokens.unavailable();
                    let on = self.pick == Some(Pick::Bench(i));
                    // A known size, so the row wraps before the card.
                    let cell = egui::vec2(size.x, size.y + 16.0);
                    let top = egui::Layout::top_down(egui::Align::Center);
                    ui.allocate_ui_with_layout(cell, top, |ui| {
                        ui.spacing_mut().item_spacing.y = 1.0;
                        let sense = if out {
                            Sense::hover()
                        } else {
                            Sense::click_and_drag()
                        };
                        let (rect, resp) = ui.allocate_exact_size(size, sense);
                        let face = face_of.get(&p.id).copied();
                        if ui.is_rect_visible(rect) {
                            let painter = ui.painter();
                            match face {
                                Some(f) => faces.paint(painter, rect, Face::Card(f)),
                                None => {
                                    painter.rect_filled(rect, 4.0, task_colour(p.task));
                                }
                            }
                            if out {
                                painter.rect_filled(rect, 4.0, Color32::from_black_alpha(150));
                            } else if on || resp.hovered() {
                                painter.rect_stroke(
                                    rect.expand(1.0),
                                    5.0,
                                    Stroke::new(if on { 3.0 } else { 2.0 }, GOLD),
                                    egui::StrokeKind::Outside,
                                );
                            }
                        }
                        resp.widget_info(|| {
                            egui::WidgetInfo::selected(egui::Role::Button, !out, on, &label)
                        });
                        let task = match p.task {
                            Task::Attack => "attack",
                            Task::Defence => "defence",
                            Task::Goalkeeper => "Goalkeeper",
                        };
                        let zones: Vec<&str> = p.zones.iter().map(|z| zone_short(*z)).collect();
                        let words = if out {
                            format!("{} is Injured or Suspended", p.name)
                        } else {
                            format!(
                                "{} ({task}, Strength {strength}{}{}): drag onto a marker{}",
                                p.name,
                                if zones.is_empty() { "" } else { ", plays " },
                                zones.join(" "),
                                if p.task == Task::Goalkeeper {
                                    " or into goal"
                                } else {
                                    ""
                                }
                            )
                        };
                        if !out {
                            resp.dnd_set_drag_payload(Dragged::Card(i));
                            if resp.dragged() {
                                pitch::ghost(ui.ctx(), p.jersey, p.task, card_h * 0.22);
                            }
                        }
                        let resp = resp.on_hover_ui(|ui| {
                            if let Some(f) = face {
                                let (big, _) =
                                    ui.allocate_exact_size(faces.size(300.0), Sense::hover());
                                faces.paint(ui.painter(), big, Face::Card(f));
                            }
                            ui.label(RichText::new(&words).color(CHALK));
                        });
                        if resp.clicked() && !out {
                            event = Some(Event::Bench(i));
                        }
                        // Painted, so the card alone carries the name.
                        let (line, _) =
                            ui.allocate_exact_size(egui::vec2(size.x, 15.0), Sense::hover());
                        ui.painter().text(
                            line.center_top(),
                            egui::Align2::CENTER_TOP,
                            &label,
                            egui::FontId::proportional(12.0),
                            if out { DIM } else { CHALK },
                        );
                    });
                }
            });
        });
        if let Some(d) = inner.response.dnd_release_payload::<Dragged>() {
            event = Some(Event::ToBench(*d));
        }
        event
    }

    /// What the marker or goal in hand can do: take its Player out, move
    /// along its line; and why the last move was refused.
    fn picked(&mut self, ui: &mut egui::Ui, setup: &mut MatchSetup, squad: &[SquadPlayer]) {
        match self.pick {
            Some(Pick::Marker(k)) => {
                if let Some(m) = setup.lineup.markers.get(k).copied() {
                    ui.horizontal_wrapped(|ui| {
                        if let Some(p) = m.player.and_then(|i| squad.get(i))
                            && ui
                                .button(RichText::new(format!("Take {} out", p.name)).size(12.0))
                                .clicked()
                        {
                            take_out(setup, Pick::Marker(k));
                            self.pick = None;
                            self.notice = None;
                        }
                        let Some(line) = m.zone.line() else { return };
                        for flank in Flank::ALL {
                            let zone = Zone::at(line, flank);
                            if zone == m.zone {
                                continue;
                            }
                            let why =
                                verdict(setup, squad, Some(Pick::Marker(k)), Target::Zone(zone));
                            let r = ui.add_enabled(
                                matches!(why, Some(Ok(()))),
                                Button::new(
                                    RichText::new(format!("Move to {}", zone_short(zone)))
                                        .size(12.0),
                                ),
                            );
                            match why {
                                Some(Err(e)) => {
                                    r.on_disabled_hover_text(e);
                                }
                                _ => {
                                    if r.on_hover_text(format!(
                                        "Move the marker to {}",
                                        zone_words(zone)
                                    ))
                                    .clicked()
                                    {
                                        self.put(setup, squad, Pick::Marker(k), Target::Zone(zone));
                                    }
                                }
                            }
                        }
                    });
                }
            }
            Some(Pick::Goal) => {
                if let Some(p) = setup.lineup.goalkeeper.and_then(|g| squad.get(g))
                    && ui
                        .button(RichText::new(format!("Take {} out of goal", p.name)).size(12.0))
                        .clicked()
                {
                    take_out(setup, Pick::Goal);
                    self.pick = None;
                }
            }
            _ => {}
        }
        if let Some((text, bad)) = &self.notice {
            ui.label(
                RichText::new(text.as_str())
                    .size(12.0)
                    .color(if *bad { ALERT } else { DIM }),
            );
        }
    }
}
