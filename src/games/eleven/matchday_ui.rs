//! Eleven's Matchday screen: pick an Opponent and a Tactic, place the
//! Jersey markers and assign Player cards with the mouse, then watch the
//! Match resolve section by section and the League table move.
//!
//! Every rule comes from the Matchday engine
//! ([`crate::games::eleven`]): placements go through
//! [`MatchSetup::place`], which refuses them with the rule they break; the
//! Match, the League points, the Opponent dice and the Match consequence
//! roll are the engine's. This module only keeps the choices, draws them
//! and replays the engine's steps.
//!
//! The squad is a starter squad drawn from the Player deck with the
//! screen's seed: a Goalkeeper, a Veteran and a Youngster (as the rulebook
//! deals at setup) and eight regular Players, four attackers and four
//! defenders, all Untrained. The club holds [`DEFAULT_FITNESS`] Fitness
//! and 1 Fan Base for the Match (the Fitness can be changed): 1 Fitness per
//! Player card assigned, plus the effect costs paid.

pub(super) mod report;

use super::pitch::{self, ATTACK, DEFENCE, Dragged, Target, task_colour};

use crate::engine::GameRng;
use crate::games::eleven::deck::{Division, ElevenDecks, OpponentCard};
use crate::games::eleven::league::DiceStep;
use crate::games::eleven::matchday::{LineupError, Marker, MatchStep, SquadPlayer};
use crate::games::eleven::vocab::{Line, PlayerKind, Resource, Side, Task};
use crate::games::eleven::{
    ConsequenceEffect, ConsequenceRoll, League, Lineup, MatchReport, MatchSetup, OpponentTeam,
    play_match, roll_consequence,
};
use crate::ui::palette::{ALERT, CHALK, DIM, FELT, FELT_DARK, GOLD};
use egui::{Align, Color32, Frame, Key, Layout, RichText, Stroke};
use rand::seq::SliceRandom as _;
use rand::{RngExt as _, SeedableRng as _};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Fitness the club holds for a Match unless changed on the screen.
pub const DEFAULT_FITNESS: u32 = 8;

/// The name of your club on the League table.
pub const YOUR_CLUB: &str = "Your club";

/// Seconds between two steps while the Match plays itself.
const STEP_SECONDS: f64 = 0.7;

/// Panels on the felt.
const PANEL: Color32 = Color32::from_rgb(0x1A, 0x4D, 0x33);

/// What the screen asks the app to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchdayRequest {
    /// Back to the start screen.
    Leave,
}

/// What a click on the pitch does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tool {
    /// Place this squad Player's marker (or put this Goalkeeper in goal).
    Card(usize),
    /// Place markers without a card showing this Task.
    Blank(Task),
    /// Move or remove this marker.
    Marker(usize),
    /// The Goalkeeper in goal is selected.
    Keeper,
}

/// A message under the pitch: a refused placement and why, or a hint.
#[derive(Clone, Debug, PartialEq)]
struct Notice {
    text: String,
    refused: bool,
}

/// A Match that was played, being replayed step by step.
struct Played {
    /// The setup as played (with the Opponent revealed).
    setup: MatchSetup,
    report: MatchReport,
    /// Steps shown so far.
    shown: usize,
    /// When the next step shows while playing itself.
    next_at: Option<f64>,
    consequence: ConsequenceRoll,
    /// What the consequence does to the squad, applied at the next Match.
    effect: ConsequenceEffect,
    dice: Vec<DiceStep>,
    /// The table before this Match, shown until full time.
    league_before: League,
}

impl Played {
    fn finished(&self) -> bool {
        self.shown >= self.report.steps.len()
    }
}

/// The Matchday screen.
pub struct MatchdayScreen {
    decks: Result<Arc<ElevenDecks>, String>,
    seed: u64,
    rng: GameRng,
    /// The Division played, 1-3.
    division: u8,
    league: League,
    /// Index into the decks' Opponent cards.
    opponent: Option<usize>,
    /// Index into the decks' Tactic cards, and which of its Formations.
    tactic: usize,
    formation: usize,
    /// A second Tactic played for its effect.
    effect: Option<usize>,
    fitness: u32,
    setup: MatchSetup,
    tool: Option<Tool>,
    notice: Option<Notice>,
    played: Option<Played>,
    /// Matches played on this League table.
    matchday: u32,
}

impl MatchdayScreen {
    /// The screen on Eleven's decks (or the reason they cannot be used),
    /// with everything random drawn from `seed`.
    pub fn new(decks: Result<Arc<ElevenDecks>, String>, seed: u64) -> Self {
        let mut rng = GameRng::seed_from_u64(seed);
        let squad = match &decks {
            Ok(d) => starter_squad(d, &mut rng),
            Err(_) => Vec::new(),
        };
        let formation = decks
            .as_ref()
            .ok()
            .and_then(|d| d.tactics.first())
            .and_then(|t| t.formations.first())
            .cloned()
            .unwrap_or_else(|| crate::games::eleven::vocab::Formation::new(4, 4, 2));
        let mut screen = MatchdayScreen {
            decks,
            seed,
            rng,
            division: 3,
            league: League::default(),
            opponent: None,
            tactic: 0,
            formation: 0,
            effect: None,
            fitness: DEFAULT_FITNESS,
            setup: MatchSetup::new(
                squad,
                Lineup {
                    formation,
                    markers: Vec::new(),
                    goalkeeper: None,
                    paid: Vec::new(),
                },
                hidden_opponent(),
            ),
            tool: None,
            notice: None,
            played: None,
            matchday: 1,
        };
        screen.set_supply();
        screen.new_league();
        screen
    }

    /// The screen on the built-in decks.
    pub fn with_default_decks(seed: u64) -> Self {
        let decks = ElevenDecks::default_decks()
            .map(Arc::new)
            .map_err(|e| e.to_string());
        MatchdayScreen::new(decks, seed)
    }

    /// The squad (for tests and the log).
    pub fn squad(&self) -> &[SquadPlayer] {
        &self.setup.squad
    }

    /// The line-up and choices as they stand.
    pub fn setup(&self) -> &MatchSetup {
        &self.setup
    }

    /// The League table.
    pub fn league(&self) -> &League {
        &self.league
    }

    /// The Match played, once "Play the Match" was pressed.
    pub fn report(&self) -> Option<&MatchReport> {
        self.played.as_ref().map(|p| &p.report)
    }

    /// The last Match's consequence roll and what it does to the squad
    /// (for tests).
    pub fn consequence(&self) -> Option<(&ConsequenceRoll, &ConsequenceEffect)> {
        self.played.as_ref().map(|p| (&p.consequence, &p.effect))
    }

    /// The seed everything random on the screen comes from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    fn decks(&self) -> Option<Arc<ElevenDecks>> {
        self.decks.as_ref().ok().cloned()
    }

    fn set_supply(&mut self) {
        self.setup.supply = Some(BTreeMap::from([
            (Resource::Fitness, self.fitness),
            (Resource::FanBase, 1),
        ]));
    }

    /// A fresh League table for the Division: your club and the 8 clubs
    /// of its two Opponent decks, all on 0.
    fn new_league(&mut self) {
        let Some(decks) = self.decks() else { return };
        let opponents: Vec<(String, crate::games::eleven::vocab::Colour)> =
            division_decks(self.division)
                .iter()
                .flat_map(|d| decks.clubs.iter().filter(move |c| c.division == *d))
                .map(|c| (c.name.clone(), c.die))
                .collect();
        self.league = League::new(&[YOUR_CLUB.to_string()], &opponents);
        self.matchday = 1;
    }

    /// The Opponent cards of the Division's two decks, as indexes.
    fn division_opponents(&self) -> Vec<usize> {
        let Some(decks) = self.decks() else {
            return Vec::new();
        };
        let wanted = division_decks(self.division);
        decks
            .opponents
            .iter()
            .enumerate()
            .filter(|(_, o)| {
                decks
                    .club(&o.club)
                    .is_some_and(|c| wanted.contains(&c.division))
            })
            .map(|(i, _)| i)
            .collect()
    }

    fn opponent_card(&self) -> Option<(Arc<ElevenDecks>, usize)> {
        let decks = self.decks()?;
        let i = self.opponent?;
        decks.opponents.get(i)?;
        Some((decks, i))
    }

    fn club_name(decks: &ElevenDecks, card: &OpponentCard) -> String {
        decks
            .club(&card.club)
            .map_or_else(|| card.club.clone(), |c| c.name.clone())
    }

    /// How an Opponent card is listed: its club, its number among the
    /// club's cards and its Formation.
    fn opponent_label(decks: &ElevenDecks, index: usize) -> String {
        let Some(card) = decks.opponents.get(index) else {
            return String::new();
        };
        let nth = decks
            .opponents
            .iter()
            .take(index)
            .filter(|o| o.club == card.club)
            .count()
            + 1;
        format!(
            "{} · card {nth} · {}",
            Self::club_name(decks, card),
            card.formation
        )
    }

    /// Draws a random Opponent of the Division.
    fn draw_opponent(&mut self) {
        let list = self.division_opponents();
        if list.is_empty() {
            return;
        }
        let k = self.rng.random_range(0..list.len());
        self.opponent = list.get(k).copied();
    }

    /// Plays the Tactic `tactic`'s Formation `formation`.
    fn set_formation(&mut self, tactic: usize, formation: usize) {
        let Some(decks) = self.decks() else { return };
        let Some(f) = decks
            .tactics
            .get(tactic)
            .and_then(|t| t.formations.get(formation))
        else {
            return;
        };
        self.tactic = tactic;
        self.formation = formation;
        self.setup.lineup.formation = f.clone();
        if self.effect == Some(tactic) {
            self.effect = None;
        }
    }

    /// Replaces `id`s in engine text with the card names a player reads.
    fn named(&self, text: &str) -> String {
        let mut pairs: Vec<(String, String)> = self
            .setup
            .squad
            .iter()
            .map(|p| (p.id.clone(), p.name.clone()))
            .collect();
        if let Some(decks) = self.decks() {
            pairs.extend(decks.tactics.iter().map(|t| (t.id.clone(), t.name.clone())));
        }
        // Longer ids first, so no id is replaced inside a longer one.
        pairs.sort_by_key(|(id, _)| std::cmp::Reverse(id.len()));
        let mut out = text.to_string();
        for (id, name) in pairs {
            if out.contains(&id) {
                out = out.replace(&id, &name);
            }
        }
        out
    }

    fn refuse(&mut self, e: &LineupError) {
        self.notice = Some(Notice {
            text: format!("Refused: {}", self.named(&e.to_string())),
            refused: true,
        });
    }

    fn hint(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            refused: false,
        });
    }

    /// A click on a Zone with the current tool.
    fn click_zone(&mut self, zone: crate::games::eleven::vocab::Zone) {
        match self.tool {
            Some(Tool::Card(i)) => {
                let Some(m) = self.setup.marker_for(i, zone) else {
                    self.hint("A Goalkeeper has no Jersey marker: click the goal");
                    return;
                };
                match self.setup.place(m) {
                    Ok(()) => {
                        self.tool = None;
                        self.notice = None;
                    }
                    Err(e) => self.refuse(&e),
                }
            }
            Some(Tool::Blank(task)) => {
                let m = Marker {
                    jersey: self.setup.free_numbers().first().copied(),
                    task,
                    zone,
                    player: None,
                };
                match self.setup.place(m) {
                    Ok(()) => self.notice = None,
                    Err(e) => self.refuse(&e),
                }
            }
            Some(Tool::Marker(k)) => self.move_marker(k, zone),
            Some(Tool::Keeper) | None => {
                self.hint("Choose a Player card or a marker without a card, then a Zone");
            }
        }
    }

    /// Moves marker `k` to `zone`, or leaves it where it was and says why.
    fn move_marker(&mut self, k: usize, zone: crate::games::eleven::vocab::Zone) {
        let paid = self.setup.lineup.paid.clone();
        let Some(mut m) = self.setup.remove_marker(k) else {
            self.tool = None;
            return;
        };
        let from = m.zone;
        m.zone = zone;
        match self.setup.place(m) {
            Ok(()) => {
                self.setup.lineup.paid = paid;
                self.tool = None;
                self.notice = None;
            }
            Err(e) => {
                m.zone = from;
                self.setup.lineup.markers.insert(k, m);
                self.setup.lineup.paid = paid;
                self.refuse(&e);
            }
        }
    }

    /// A click on marker `k` on the pitch.
    fn click_marker(&mut self, k: usize) {
        let Some(m) = self.setup.lineup.markers.get(k).copied() else {
            return;
        };
        match self.tool {
            // A card dropped on a marker without a card takes its place.
            Some(Tool::Card(i)) if m.player.is_none() => {
                let Some(card) = self.setup.marker_for(i, m.zone) else {
                    self.hint("A Goalkeeper has no Jersey marker: click the goal");
                    return;
                };
                self.setup.remove_marker(k);
                match self.setup.place(card) {
                    Ok(()) => {
                        self.tool = None;
                        self.notice = None;
                    }
                    Err(e) => {
                        self.setup.lineup.markers.insert(k, m);
                        self.refuse(&e);
                    }
                }
            }
            Some(Tool::Marker(j)) if j == k => self.tool = None,
            // With a card, a marker or markers without a card in hand, a
            // click anywhere in a Zone asks to place there.
            Some(Tool::Card(_)) | Some(Tool::Blank(_)) | Some(Tool::Marker(_)) => {
                self.click_zone(m.zone);
            }
            _ => {
                self.tool = Some(Tool::Marker(k));
                self.notice = None;
            }
        }
    }

    fn click_goal(&mut self) {
        match self.tool {
            Some(Tool::Card(i)) => match self.setup.set_goalkeeper(Some(i)) {
                Ok(()) => {
                    self.tool = None;
                    self.notice = None;
                }
                Err(e) => self.refuse(&e),
            },
            Some(Tool::Keeper) => self.tool = None,
            _ if self.setup.lineup.goalkeeper.is_some() => self.tool = Some(Tool::Keeper),
            _ => self.hint("Choose a Goalkeeper card, then click the goal"),
        }
    }

    fn remove_selected(&mut self) {
        match self.tool {
            Some(Tool::Marker(k)) => {
                self.setup.remove_marker(k);
            }
            Some(Tool::Keeper) => {
                let _ = self.setup.set_goalkeeper(None);
            }
            _ => {}
        }
        self.tool = None;
        self.notice = None;
    }

    /// Plays the Match with the engine and moves the League table.
    fn play(&mut self) {
        let Some((decks, index)) = self.opponent_card() else {
            self.hint("Choose an Opponent first");
            return;
        };
        let Some(card) = decks.opponents.get(index) else {
            return;
        };
        let mut setup = self.setup.clone();
        setup.opponent = decks.opponent_team(card);
        setup.tactic_effects = self
            .effect
            .and_then(|t| decks.tactics.get(t))
            .and_then(|t| decks.tactic_effect(t))
            .into_iter()
            .collect();
        let seed = self.rng.random_range(0..u64::MAX);
        let report = match play_match(&setup, seed) {
            Ok(r) => r,
            Err(e) => {
                self.refuse(&e);
                return;
            }
        };
        let league_before = self.league.clone();
        let name = Self::club_name(&decks, card);
        let opponent_team = self.league.teams.iter().position(|t| t.name == name);
        let mut dice = Vec::new();
        if let Some(t) = opponent_team {
            self.league.record(0, t, report.result);
            let faces: Vec<_> = decks
                .dice
                .iter()
                .map(|d| (d.colour, d.faces.clone()))
                .collect();
            dice = self.league.close_matchday(&[t], &faces, &mut self.rng);
        }
        let modifier = report
            .rules
            .get(&crate::games::eleven::effect::Rule::ConsequenceRoll)
            .copied()
            .unwrap_or(0);
        let consequence = roll_consequence(report.result, modifier, &mut self.rng);
        let effect = setup.consequence(&consequence, &report, &Default::default());
        self.tool = None;
        self.notice = None;
        self.played = Some(Played {
            setup,
            report,
            shown: 0,
            next_at: None,
            consequence,
            effect,
            dice,
            league_before,
        });
    }

    /// Back to preparing, for the next Match on the same table: the squad
    /// keeps the tokens the Match left, the line-up stays on the pitch.
    fn next_matchday(&mut self) {
        if let Some(p) = self.played.take() {
            let decks = self.decks();
            self.setup.carry_over(&p.report, &p.effect, |player| {
                let card = decks.as_ref()?.player(&player.id)?;
                Some(card.squad_player(Side::Trained, player.tokens))
            });
            self.matchday += 1;
        }
        self.opponent = None;
    }

    /// Draws the screen; returns a request for the app, if any.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<MatchdayRequest> {
        if !crate::ui::fonts::ready(ui.ctx()) {
            return None;
        }
        let mut request = None;
        let before = self.fingerprint();
        if ui.input(|i| i.key_pressed(Key::Escape)) {
            self.tool = None;
            self.notice = None;
        }
        self.tick(ui);
        egui::Panel::top("matchday-bar")
            .frame(Frame::NONE.fill(FELT_DARK).inner_margin(8.0))
            .show(ui, |ui| {
                if self.top_bar(ui) {
                    request = Some(MatchdayRequest::Leave);
                }
            });
        if let Err(e) = &self.decks {
            let e = e.clone();
            egui::CentralPanel::default()
                .frame(Frame::NONE.fill(FELT).inner_margin(24.0))
                .show(ui, |ui| {
                    ui.label(
                        RichText::new("Eleven's decks have errors: the Matchday cannot start.")
                            .color(ALERT)
                            .size(18.0),
                    );
                    ui.label(RichText::new(e).color(CHALK).monospace());
                });
            return request;
        }
        // Both side panels take a share of the whole width, so the pitch
        // keeps the middle at any window size.
        let full = ui.available_width().max(640.0);
        egui::Panel::left("matchday-choices")
            .resizable(false)
            .exact_size(full * 0.22)
            .frame(Frame::NONE.fill(FELT_DARK).inner_margin(10.0))
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("choices")
                    .show(ui, |ui| self.choices(ui));
            });
        egui::Panel::right("matchday-side")
            .resizable(false)
            .exact_size(full * 0.3)
            .frame(Frame::NONE.fill(FELT_DARK).inner_margin(10.0))
            .show(ui, |ui| {
                if self.played.is_some() {
                    self.match_panel(ui);
                } else {
                    self.squad_panel(ui);
                }
            });
        egui::Panel::bottom("matchday-status")
            .frame(Frame::NONE.fill(FELT_DARK).inner_margin(8.0))
            .show(ui, |ui| self.status_bar(ui));
        egui::CentralPanel::default()
            .frame(Frame::NONE.fill(FELT).inner_margin(10.0))
            .show(ui, |ui| self.pitch(ui));
        // A click handled after painting changes what the pitch shows:
        // draw one more frame so it is up to date.
        if before != self.fingerprint() {
            ui.ctx().request_repaint();
        }
        request
    }

    /// What the screen shows, to notice that a frame changed it.
    fn fingerprint(
        &self,
    ) -> (
        usize,
        Option<Tool>,
        Option<Notice>,
        Option<usize>,
        bool,
        u32,
    ) {
        (
            self.setup.lineup.markers.len()
                + 16 * self
                    .setup
                    .lineup
                    .markers
                    .iter()
                    .map(|m| m.zone as usize)
                    .sum::<usize>(),
            self.tool,
            self.notice.clone(),
            self.played.as_ref().map(|p| p.shown),
            self.setup.lineup.goalkeeper.is_some(),
            self.matchday * 64 + self.opponent.map_or(0, |o| o as u32 + 1),
        )
    }

    /// Shows the next step when the Match is playing itself, and asks for
    /// a frame only when that step is due.
    fn tick(&mut self, ui: &egui::Ui) {
        let now = ui.input(|i| i.time);
        let Some(p) = &mut self.played else { return };
        let Some(due) = p.next_at else { return };
        if now >= due {
            p.shown = (p.shown + 1).min(p.report.steps.len());
            p.next_at = (!p.finished()).then_some(now + STEP_SECONDS);
        }
        if let Some(due) = p.next_at {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64((due - now).max(0.01)));
        }
    }

    /// The top bar; returns whether Back was pressed.
    fn top_bar(&mut self, ui: &mut egui::Ui) -> bool {
        let mut back = false;
        ui.horizontal(|ui| {
            if ui.button("◀ Start screen").clicked() {
                back = true;
            }
            ui.add_space(12.0);
            ui.label(
                RichText::new("ELEVEN · MATCHDAY")
                    .size(20.0)
                    .strong()
                    .color(GOLD),
            );
            ui.add_space(12.0);
            ui.label(
                RichText::new(format!(
                    "Division {} · Match {} · seed {}",
                    self.division, self.matchday, self.seed
                ))
                .color(DIM),
            );
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                self.scoreboard(ui);
            });
        });
        back
    }

    fn scoreboard(&self, ui: &mut egui::Ui) {
        let Some((decks, index)) = self.opponent_card() else {
            return;
        };
        let Some(card) = decks.opponents.get(index) else {
            return;
        };
        let name = Self::club_name(&decks, card);
        let score = self
            .played
            .as_ref()
            .map(|p| pitch::score_at(&p.report.steps, p.shown));
        let text = match score {
            Some((a, b)) => format!("{YOUR_CLUB}  {a} : {b}  {name}"),
            None => format!("{YOUR_CLUB}  v  {name}"),
        };
        Frame::NONE
            .fill(Color32::from_black_alpha(90))
            .corner_radius(6.0)
            .inner_margin(egui::Margin::symmetric(12, 4))
            .show(ui, |ui| {
                ui.label(RichText::new(text).size(18.0).strong().color(CHALK));
            });
    }

    /// The left column: Opponent, Tactic and the League table.
    fn choices(&mut self, ui: &mut egui::Ui) {
        let Some(decks) = self.decks() else { return };
        let locked = self.played.is_some();
        heading(ui, "1  Opponent");
        ui.add_enabled_ui(!locked, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Division").color(CHALK));
                for d in [3u8, 2, 1] {
                    let on = self.division == d;
                    if ui.selectable_label(on, d.to_string()).clicked() && !on {
                        self.division = d;
                        self.opponent = None;
                        self.new_league();
                        self.hint(format!("Division {d}: a new League table"));
                    }
                }
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if ui
                        .button("Draw one")
                        .on_hover_text("Draw an Opponent card of the Division at random")
                        .clicked()
                    {
                        self.draw_opponent();
                    }
                });
            });
            egui::ScrollArea::vertical()
                .id_salt("opponents")
                .max_height(170.0)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    for i in self.division_opponents() {
                        let label = Self::opponent_label(&decks, i);
                        let on = self.opponent == Some(i);
                        if ui.selectable_label(on, label).clicked() {
                            self.opponent = Some(i);
                        }
                    }
                });
        });
        if let Some(card) = self.opponent.and_then(|i| decks.opponents.get(i)) {
            let club = decks.club(&card.club);
            ui.add_space(4.0);
            Frame::NONE
                .fill(PANEL)
                .corner_radius(6.0)
                .inner_margin(8.0)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.label(
                        RichText::new(Self::club_name(&decks, card))
                            .strong()
                            .size(16.0)
                            .color(CHALK),
                    );
                    if let Some(c) = club {
                        ui.label(
                            RichText::new(format!(
                                "Deck {} · {} · {:?} die",
                                c.division.label(),
                                c.emblem,
                                c.die
                            ))
                            .size(11.0)
                            .color(DIM),
                        );
                    }
                    ui.label(
                        RichText::new(format!(
                            "Scout Report: {} They play {}.",
                            card.scout_report, card.formation
                        ))
                        .italics()
                        .color(CHALK.gamma_multiply(0.9)),
                    );
                    if self.played.is_none() {
                        ui.label(
                            RichText::new("The card itself is revealed when the Match starts.")
                                .size(11.0)
                                .color(DIM),
                        );
                    }
                });
        }
        ui.add_space(10.0);
        heading(ui, "2  Tactic");
        ui.add_enabled_ui(!locked, |ui| self.tactic_choice(ui, &decks));
        ui.add_space(10.0);
        heading(ui, &format!("League table · Division {}", self.division));
        self.league_table(ui);
    }

    fn tactic_choice(&mut self, ui: &mut egui::Ui, decks: &ElevenDecks) {
        let current = decks
            .tactics
            .get(self.tactic)
            .map_or_else(String::new, |t| t.name.clone());
        let mut pick = None;
        egui::ComboBox::from_id_salt("tactic")
            .width(ui.available_width() - 8.0)
            .selected_text(current)
            .show_ui(ui, |ui| {
                for (i, t) in decks.tactics.iter().enumerate() {
                    let names: Vec<&str> = t.formations.iter().map(|f| f.name.as_str()).collect();
                    let text = format!("{} ({})", t.name, names.join(" / "));
                    if ui.selectable_label(i == self.tactic, text).clicked() {
                        pick = Some(i);
                    }
                }
            })
            .response
            .widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::ComboBox,
                    true,
                    "Tactic played as the Formation",
                )
            });
        if let Some(i) = pick {
            self.set_formation(i, 0);
        }
        if let Some(t) = decks.tactics.get(self.tactic) {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Formation").color(CHALK));
                for (k, f) in t.formations.iter().enumerate() {
                    if ui
                        .selectable_label(k == self.formation, f.name.clone())
                        .clicked()
                    {
                        self.set_formation(self.tactic, k);
                    }
                }
            });
            ui.label(
                RichText::new(&t.description)
                    .size(11.0)
                    .italics()
                    .color(DIM),
            );
            if let Some(b) = t.abilities.first() {
                ui.label(
                    RichText::new(format!(
                        "Its effect is used only when played for its effect: {}",
                        b.describe()
                    ))
                    .size(11.0)
                    .color(DIM),
                );
            }
        }
        ui.add_space(4.0);
        let effect_name = self
            .effect
            .and_then(|i| decks.tactics.get(i))
            .map_or_else(|| "none".to_string(), |t| t.name.clone());
        let mut effect = self.effect;
        egui::ComboBox::from_id_salt("effect-tactic")
            .width(ui.available_width() - 8.0)
            .selected_text(format!("Second Tactic: {effect_name}"))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut effect, None, "none");
                for (i, t) in decks.tactics.iter().enumerate() {
                    if i == self.tactic || t.abilities.is_empty() {
                        continue;
                    }
                    ui.selectable_value(&mut effect, Some(i), t.name.clone());
                }
            })
            .response
            .widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::ComboBox,
                    true,
                    "Tactic played for its effect",
                )
            });
        self.effect = effect;
        if let Some(b) = self
            .effect
            .and_then(|i| decks.tactics.get(i))
            .and_then(|t| t.abilities.first())
        {
            ui.label(RichText::new(b.describe()).size(12.0).color(CHALK));
        }
    }

    fn league_table(&self, ui: &mut egui::Ui) {
        let (league, moved) = match &self.played {
            Some(p) if !p.finished() => (&p.league_before, false),
            Some(_) => (&self.league, true),
            None => (&self.league, false),
        };
        let before = self.played.as_ref().map(|p| &p.league_before);
        let positions = league.positions();
        let mut order: Vec<usize> = (0..league.teams.len()).collect();
        order.sort_by_key(|&i| (positions.get(i).copied().unwrap_or(99), i));
        egui::Grid::new("league")
            .num_columns(4)
            .spacing([8.0, 2.0])
            .striped(false)
            .show(ui, |ui| {
                for i in order {
                    let Some(t) = league.teams.get(i) else {
                        continue;
                    };
                    let yours = t.die.is_none();
                    let colour = if yours { GOLD } else { CHALK };
                    let pos = positions.get(i).copied().unwrap_or(0);
                    ui.label(RichText::new(format!("{pos}.")).color(DIM));
                    let mut name = RichText::new(&t.name).color(colour);
                    if yours {
                        name = name.strong();
                    }
                    if !t.active {
                        name = name.italics();
                    }
                    ui.label(name);
                    ui.label(RichText::new(format!("{} pts", t.points)).color(colour));
                    let gained = before
                        .and_then(|b| b.teams.get(i))
                        .map(|b| t.points.saturating_sub(b.points));
                    match gained {
                        Some(g) if moved && g > 0 => {
                            ui.label(RichText::new(format!("+{g}")).color(GOLD).strong());
                        }
                        _ => {
                            ui.label("");
                        }
                    }
                    ui.end_row();
                }
            });
    }

    /// The right column before the Match: the squad.
    fn squad_panel(&mut self, ui: &mut egui::Ui) {
        heading(ui, "3  Squad");
        ui.label(
            RichText::new(
                "Click a card, then a Zone (or a marker without a card) on the pitch. \
                 A Goalkeeper goes in the goal.",
            )
            .size(12.0)
            .color(DIM),
        );
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Markers without a card:").color(CHALK));
            for (task, text) in [(Task::Attack, "Attack"), (Task::Defence, "Defence")] {
                let on = self.tool == Some(Tool::Blank(task));
                let colour = if task == Task::Attack {
                    ATTACK
                } else {
                    DEFENCE
                };
                let b = egui::Button::new(RichText::new(format!("+ {text}")).color(colour))
                    .selected(on);
                if ui
                    .add(b)
                    .on_hover_text(
                        "Place markers with this side up and no Player card (Strength 1)",
                    )
                    .clicked()
                {
                    self.tool = if on { None } else { Some(Tool::Blank(task)) };
                    self.notice = None;
                }
            }
        });
        ui.horizontal(|ui| {
            ui.label(RichText::new("Fitness in the supply").color(CHALK));
            let mut f = self.fitness;
            ui.add(egui::DragValue::new(&mut f).range(0..=20))
                .widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::SpinButton, true, "Fitness in the supply")
                });
            if f != self.fitness {
                self.fitness = f;
                self.set_supply();
            }
            if ui
                .button("New squad")
                .on_hover_text("Draw another starter squad (clears the pitch)")
                .clicked()
            {
                if let Some(d) = self.decks() {
                    self.setup.squad = starter_squad(&d, &mut self.rng);
                }
                self.setup.lineup.markers.clear();
                self.setup.lineup.goalkeeper = None;
                self.setup.lineup.paid.clear();
                self.tool = None;
            }
        });
        ui.add_space(4.0);
        egui::ScrollArea::vertical()
            .id_salt("squad")
            .show(ui, |ui| {
                let n = self.setup.squad.len();
                // Where the full cards would not all fit, each is one line
                // (its details on hover), so the whole squad stays in sight.
                let compact = ui.available_height() < n as f32 * 82.0;
                for i in 0..n {
                    self.squad_card(ui, i, compact);
                    ui.add_space(if compact { 2.0 } else { 4.0 });
                }
            });
    }

    /// One Player card of the squad as a plain widget.
    fn squad_card(&mut self, ui: &mut egui::Ui, i: usize, compact: bool) {
        let Some(p) = self.setup.squad.get(i).cloned() else {
            return;
        };
        let marker = self
            .setup
            .lineup
            .markers
            .iter()
            .position(|m| m.player == Some(i));
        let in_goal = self.setup.lineup.goalkeeper == Some(i);
        let assigned = marker.is_some() || in_goal;
        let selected = self.tool == Some(Tool::Card(i))
            || marker.is_some_and(|k| self.tool == Some(Tool::Marker(k)))
            || (in_goal && self.tool == Some(Tool::Keeper));
        let colour = task_colour(p.task);
        let stroke = if selected {
            Stroke::new(2.5, GOLD)
        } else if assigned {
            Stroke::new(1.5, colour)
        } else {
            Stroke::new(1.0, CHALK.gamma_multiply(0.2))
        };
        let unavailable = p.tokens.unavailable();
        let fill = if assigned {
            Color32::from_rgb(0x22, 0x5E, 0x3E)
        } else {
            PANEL
        };
        let inner = Frame::NONE
            .fill(fill)
            .stroke(stroke)
            .corner_radius(6.0)
            .inner_margin(egui::Margin::symmetric(8, if compact { 2 } else { 5 }))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                if compact {
                    ui.horizontal(|ui| {
                        pitch::jersey_badge(ui, p.jersey, p.task, 20.0);
                        // The Task in letters too: the badge's colour and
                        // its small icon alone are hard to tell apart.
                        ui.label(RichText::new(task_short(p.task)).size(11.0).color(DIM));
                        ui.label(RichText::new(&p.name).strong().color(CHALK));
                        let tokens = tokens_text(&p);
                        if !tokens.is_empty() {
                            ui.label(RichText::new(tokens).size(11.0).color(ALERT));
                        }
                        strength_at_right(ui, &p, 17.0, colour, assigned);
                    });
                    if assigned {
                        self.paid_checkbox(ui, i, &p);
                    }
                    return;
                }
                ui.horizontal(|ui| {
                    pitch::jersey_badge(ui, p.jersey, p.task, 26.0);
                    ui.vertical(|ui| {
                        ui.horizontal(|ui| {
                            ui.label(RichText::new(&p.name).strong().color(CHALK));
                            let kind = match (p.kind, p.side) {
                                (PlayerKind::Veteran, _) => "Veteran",
                                (PlayerKind::Youngster, _) => "Youngster",
                                (_, Side::Trained) => "Trained",
                                _ => "",
                            };
                            if !kind.is_empty() {
                                ui.label(RichText::new(kind).size(11.0).color(GOLD));
                            }
                        });
                        let mut line = format!("{} · {}", task_name(p.task), zones_text(&p));
                        if p.task == Task::Goalkeeper {
                            line = format!("Goalkeeper · {} save(s)", p.saves);
                        }
                        ui.label(RichText::new(line).size(11.0).color(DIM));
                        let tokens = tokens_text(&p);
                        if !tokens.is_empty() {
                            ui.label(RichText::new(tokens).size(11.0).color(ALERT));
                        }
                    });
                    strength_at_right(ui, &p, 22.0, colour, assigned);
                });
                if let Some(b) = p.abilities.first() {
                    ui.label(RichText::new(b.describe()).size(11.0).color(CHALK));
                }
                if assigned {
                    self.paid_checkbox(ui, i, &p);
                }
            });
        // A card not yet on the pitch is dragged onto it, or clicked and
        // then placed.
        let draggable = !assigned && !unavailable && self.played.is_none();
        let resp = ui.interact(
            inner.response.rect,
            egui::Id::unique(("matchday-squad-card", i)),
            if draggable {
                egui::Sense::click_and_drag()
            } else {
                egui::Sense::click()
            },
        );
        if draggable {
            resp.dnd_set_drag_payload(Dragged::Card(i));
            if resp.dragged() {
                pitch::ghost(ui.ctx(), p.jersey, p.task, 16.0);
            }
        }
        let resp = resp.on_hover_text(if unavailable {
            "Injured or Suspended: cannot play this Match"
        } else if assigned {
            "On the pitch: click to select its marker"
        } else {
            "Drag onto a Zone of the pitch, or click, then the Zone"
        });
        let resp = if compact {
            let mut line = format!("{} · {}", task_name(p.task), zones_text(&p));
            if p.task == Task::Goalkeeper {
                line = format!("Goalkeeper · {} save(s)", p.saves);
            }
            if let Some(b) = p.abilities.first() {
                line = format!("{line}\n{}", b.describe());
            }
            resp.on_hover_text(line)
        } else {
            resp
        };
        resp.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Card {}", p.name))
        });
        if resp.clicked() {
            self.click_card(i);
        }
    }

    /// The box that assigns an ability's cost, for a card on the pitch.
    fn paid_checkbox(&mut self, ui: &mut egui::Ui, i: usize, p: &SquadPlayer) {
        let Some(b) = p.abilities.first() else { return };
        if b.cost.is_empty() {
            return;
        }
        let mut paid = self.setup.lineup.paid.contains(&i);
        let cost: Vec<String> = b
            .cost
            .iter()
            .map(|(r, n)| format!("{n} {}", r.title()))
            .collect();
        if ui
            .checkbox(
                &mut paid,
                format!("Assign {} for the effect", cost.join(", ")),
            )
            .changed()
        {
            self.toggle_paid(i, paid);
        }
    }

    fn click_card(&mut self, i: usize) {
        let marker = self
            .setup
            .lineup
            .markers
            .iter()
            .position(|m| m.player == Some(i));
        self.notice = None;
        self.tool = if let Some(k) = marker {
            (self.tool != Some(Tool::Marker(k))).then_some(Tool::Marker(k))
        } else if self.setup.lineup.goalkeeper == Some(i) {
            (self.tool != Some(Tool::Keeper)).then_some(Tool::Keeper)
        } else {
            (self.tool != Some(Tool::Card(i))).then_some(Tool::Card(i))
        };
    }

    fn toggle_paid(&mut self, i: usize, paid: bool) {
        if !paid {
            self.setup.lineup.paid.retain(|&k| k != i);
            return;
        }
        let mut next = self.setup.clone();
        next.lineup.paid.push(i);
        let before = self.setup.validate();
        match next.validate().into_iter().find(|e| !before.contains(e)) {
            Some(e) => self.refuse(&e),
            None => self.setup.lineup.paid.push(i),
        }
    }

    /// Under the pitch: what is selected, what is missing, Play the Match.
    fn status_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            for line in Line::ALL {
                let need = self.setup.lineup.formation.count(line);
                let have = self
                    .setup
                    .lineup
                    .markers
                    .iter()
                    .filter(|m| m.zone.line() == Some(line))
                    .count();
                let done = have == usize::from(need);
                ui.label(
                    RichText::new(format!("{} {have}/{need}", title(line.key()))).color(if done {
                        GOLD
                    } else {
                        CHALK
                    }),
                );
                ui.label(RichText::new("·").color(DIM));
            }
            let keeper = self
                .setup
                .lineup
                .goalkeeper
                .and_then(|g| self.setup.squad.get(g))
                .map_or_else(
                    || "none (Strength 1, 1 save)".to_string(),
                    |p| p.name.clone(),
                );
            ui.label(RichText::new(format!("Goalkeeper: {keeper}")).color(CHALK));
            ui.label(RichText::new("·").color(DIM));
            let cost = self.setup.assigned_cost();
            let fitness = cost.get(&Resource::Fitness).copied().unwrap_or(0);
            ui.label(
                RichText::new(format!("Fitness {fitness}/{}", self.fitness))
                    .color(if fitness > self.fitness { ALERT } else { CHALK }),
            );
        });
        ui.horizontal_wrapped(|ui| {
            match self.tool {
                Some(Tool::Marker(_)) | Some(Tool::Keeper) if self.played.is_none() => {
                    if ui.button("Take off the pitch").clicked() {
                        self.remove_selected();
                    }
                    ui.label(
                        RichText::new("Click a Zone to move the marker, Esc to keep it.")
                            .color(DIM),
                    );
                }
                Some(Tool::Card(i)) => {
                    let name = self
                        .setup
                        .squad
                        .get(i)
                        .map_or_else(String::new, |p| p.name.clone());
                    ui.label(RichText::new(format!("Placing {name}: click a Zone")).color(GOLD));
                }
                Some(Tool::Blank(task)) => {
                    ui.label(
                        RichText::new(format!(
                            "Placing markers without a card ({}): click Zones, Esc to stop",
                            task_name(task)
                        ))
                        .color(GOLD),
                    );
                }
                _ => {}
            }
            if let Some(n) = &self.notice {
                ui.label(
                    RichText::new(&n.text)
                        .color(if n.refused { ALERT } else { CHALK })
                        .strong(),
                );
            }
        });
        if self.played.is_some() {
            return;
        }
        let problems = self.setup.validate();
        ui.horizontal(|ui| {
            let ready = problems.is_empty() && self.opponent.is_some();
            let why = if self.opponent.is_none() {
                "Choose an Opponent".to_string()
            } else {
                problems
                    .first()
                    .map(|e| self.named(&e.to_string()))
                    .unwrap_or_default()
            };
            let play = ui.add_enabled(
                ready,
                egui::Button::new(RichText::new("Play the Match").size(18.0).strong()).fill(
                    if ready {
                        Color32::from_rgb(0x2E, 0x7D, 0x4F)
                    } else {
                        PANEL
                    },
                ),
            );
            if crate::ui::seating::keyed(play, super::table::MAIN_KEY, "Play the Match") {
                self.play();
            }
            if !ready {
                ui.label(RichText::new(format!("To play: {why}")).color(DIM));
            }
        });
    }

    /// The right column once the Match is played.
    fn match_panel(&mut self, ui: &mut egui::Ui) {
        let mut next = false;
        if let Some(p) = &mut self.played {
            next = report::controls(ui, p);
        }
        if next {
            self.next_matchday();
            return;
        }
        let Some(p) = &self.played else { return };
        let lines: Vec<report::LogLine> = p
            .report
            .steps
            .iter()
            .take(p.shown)
            .map(|s| report::log_line(s, &|t| self.named(t)))
            .collect();
        report::log(ui, &lines);
    }

    fn pitch(&mut self, ui: &mut egui::Ui) {
        let shown = self.shown();
        let caption = match &self.played {
            Some(p) if p.finished() => "Full time".to_string(),
            Some(_) => "The Match is on: step through it on the right".to_string(),
            None => format!(
                "Formation {} · place 10 Jersey markers: 1-3 in each central Zone, at most 1 in each wing Zone",
                self.setup.lineup.formation.name
            ),
        };
        let keeper_wanted = matches!(self.tool, Some(Tool::Card(i))
            if self.setup.squad.get(i).is_some_and(|p| p.task == Task::Goalkeeper));
        let named = |t: &str| self.named(t);
        // What is in hand: a card being dragged, else the tool.
        let hand = egui::DragAndDrop::payload::<Dragged>(ui.ctx())
            .map(|d| match *d {
                Dragged::Card(i) => Tool::Card(i),
                Dragged::Marker(k) => Tool::Marker(k),
            })
            .or(self.tool);
        let verdict = |t: Target| match t {
            Target::Zone(z) => self.placement_verdict(hand, z),
            _ => None,
        };
        let label = |k: usize| {
            let m = self.setup.lineup.markers.get(k);
            let label = match (
                m.and_then(|m| m.jersey),
                m.and_then(|m| m.player)
                    .and_then(|i| self.setup.squad.get(i)),
            ) {
                (_, Some(p)) => format!("Marker {}", p.name),
                (Some(j), None) => format!("Marker #{j}"),
                (None, None) => "Marker unnumbered".to_string(),
            };
            let name = m
                .and_then(|m| m.player)
                .and_then(|i| self.setup.squad.get(i))
                .map_or("no card", |p| p.name.as_str());
            (
                label,
                format!("{name}: click to select and move, right-click to take it off"),
            )
        };
        let scene = pitch::Scene {
            id: "matchday",
            setup: shown.map_or(&self.setup, |(_, _, p)| &p.setup),
            opponent: shown.map(|(o, _, _)| o),
            step: shown.and_then(|(_, s, _)| s),
            score: shown.map(|(_, _, p)| pitch::score_at(&p.report.steps, p.shown)),
            caption,
            editing: self.played.is_none(),
            selected: match self.tool {
                Some(Tool::Marker(k)) => Some(k),
                _ => None,
            },
            goal_lit: self.tool == Some(Tool::Keeper) || keeper_wanted,
            verdict: &verdict,
            marker_label: &label,
            goal_label: "Goal".to_string(),
            named: &named,
        };
        let action = pitch::show(ui, &scene);
        match action {
            Some(pitch::Click::Zone(z)) => self.click_zone(z),
            Some(pitch::Click::Marker(k)) => self.click_marker(k),
            Some(pitch::Click::Goal) => self.click_goal(),
            Some(pitch::Click::Remove(k)) => {
                self.setup.remove_marker(k);
                self.tool = None;
                self.notice = None;
            }
            Some(pitch::Click::Drop(Dragged::Marker(k), Target::Zone(z))) => {
                self.move_marker(k, z);
            }
            Some(pitch::Click::Drop(Dragged::Marker(k), Target::Marker(j))) => {
                if let Some(z) = self.setup.lineup.markers.get(j).map(|m| m.zone) {
                    self.move_marker(k, z);
                }
            }
            // A card dropped acts as a click with it in hand.
            Some(pitch::Click::Drop(Dragged::Card(i), target)) => {
                self.tool = Some(Tool::Card(i));
                match target {
                    Target::Zone(z) => self.click_zone(z),
                    Target::Marker(k) => self.click_marker(k),
                    Target::Goal => self.click_goal(),
                }
            }
            Some(pitch::Click::Drop(Dragged::Marker(_), Target::Goal)) | None => {}
        }
    }

    /// A Zone's verdict for the tool in hand: `Ok` where it may go, the
    /// reason where not, nothing without a tool.
    fn placement_verdict(
        &self,
        hand: Option<Tool>,
        z: crate::games::eleven::vocab::Zone,
    ) -> Option<Result<(), String>> {
        let setup = &self.setup;
        let check = |m| setup.check_placement(&m).map_err(|e| e.to_string());
        match hand? {
            Tool::Card(i) => {
                let m = setup.marker_for(i, z)?;
                Some(check(m))
            }
            Tool::Blank(task) => Some(check(Marker {
                jersey: setup.free_numbers().first().copied(),
                task,
                zone: z,
                player: None,
            })),
            Tool::Marker(k) => {
                let mut without = setup.clone();
                let mut m = without.remove_marker(k)?;
                m.zone = z;
                Some(without.check_placement(&m).map_err(|e| e.to_string()))
            }
            Tool::Keeper => None,
        }
    }

    /// The revealed Opponent and the step being shown, for the pitch.
    fn shown(&self) -> Option<(&OpponentTeam, Option<&MatchStep>, &Played)> {
        let p = self.played.as_ref()?;
        let revealed = p
            .report
            .steps
            .iter()
            .take(p.shown)
            .any(|s| matches!(s, MatchStep::Reveal { .. }));
        if !revealed {
            return None;
        }
        let current = p.shown.checked_sub(1).and_then(|k| p.report.steps.get(k));
        Some((&p.setup.opponent, current, p))
    }
}

/// The two Opponent decks of Division `played`.
fn division_decks(played: u8) -> Vec<Division> {
    Division::decks_for(played).map_or_else(Vec::new, |(a, b)| vec![a, b])
}

/// An Opponent not yet revealed.
fn hidden_opponent() -> OpponentTeam {
    OpponentTeam {
        name: String::new(),
        keeper: crate::games::eleven::vocab::Keeper {
            strength: 1,
            saves: 1,
        },
        defence: Default::default(),
        midfield: Default::default(),
        forward: Default::default(),
    }
}

/// A starter squad: a Goalkeeper, a Veteran, a Youngster and four regular
/// attackers and four regular defenders, drawn at random, Untrained.
fn starter_squad(decks: &ElevenDecks, rng: &mut GameRng) -> Vec<SquadPlayer> {
    let mut pick = |filter: &dyn Fn(&crate::games::eleven::deck::PlayerCard) -> bool, n: usize| {
        let mut cards: Vec<_> = decks.players.iter().filter(|p| filter(p)).collect();
        cards.shuffle(rng);
        cards.truncate(n);
        cards
    };
    let regular = |p: &crate::games::eleven::deck::PlayerCard, task: Task| {
        p.kind == PlayerKind::Regular && p.untrained.task == task
    };
    let mut cards = pick(&|p| regular(p, Task::Goalkeeper), 1);
    cards.extend(pick(&|p| regular(p, Task::Attack), 4));
    cards.extend(pick(&|p| regular(p, Task::Defence), 4));
    cards.extend(pick(
        &|p| p.kind == PlayerKind::Veteran && p.untrained.task != Task::Goalkeeper,
        1,
    ));
    cards.extend(pick(&|p| p.kind == PlayerKind::Youngster, 1));
    cards
        .into_iter()
        .map(|c| c.squad_player(Side::Untrained, Default::default()))
        .collect()
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.label(RichText::new(text).size(17.0).strong().color(GOLD));
    ui.add_space(2.0);
}

fn title(key: &str) -> String {
    let mut c = key.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn task_name(task: Task) -> &'static str {
    match task {
        Task::Attack => "Attack",
        Task::Defence => "Defence",
        Task::Goalkeeper => "Goalkeeper",
    }
}

/// A Task in three letters at most, as the pitch labels the Opponent's
/// pieces: "ATT", "DEF", "GK".
fn task_short(task: Task) -> &'static str {
    match task {
        Task::Attack => "ATT",
        Task::Defence => "DEF",
        Task::Goalkeeper => "GK",
    }
}

/// The Zones on a card, short: "LD CD RD".
fn zones_text(p: &SquadPlayer) -> String {
    use crate::games::eleven::vocab::Flank;
    p.zones
        .iter()
        .filter_map(|z| {
            let flank = match z.side()? {
                Flank::Left => "L",
                Flank::Centre => "C",
                Flank::Right => "R",
            };
            let line = match z.line()? {
                Line::Defence => "D",
                Line::Midfield => "M",
                Line::Forward => "F",
            };
            Some(format!("{flank}{line}"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The tokens on a card, short.
/// A Player's Strength with his tokens, at the right of his row, and a
/// tick when he is in the line-up.
fn strength_at_right(
    ui: &mut egui::Ui,
    p: &SquadPlayer,
    size: f32,
    colour: Color32,
    assigned: bool,
) {
    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
        let s = i32::from(p.strength) + p.tokens.modifier();
        ui.label(
            RichText::new(s.max(0).to_string())
                .size(size)
                .strong()
                .color(colour),
        );
        if assigned {
            ui.label(RichText::new("✔").color(GOLD));
        }
    });
}

fn tokens_text(p: &SquadPlayer) -> String {
    use crate::games::eleven::vocab::Token;
    let mut parts = Vec::new();
    for token in [
        Token::StrengthTemp,
        Token::StrengthPerm,
        Token::WeaknessTemp,
        Token::WeaknessPerm,
        Token::Injury,
        Token::Suspension,
        Token::Experience,
    ] {
        let n = p.tokens.count(token);
        if n > 0 {
            parts.push(format!("{n} {}", token.title()));
        }
    }
    parts.join(", ")
}
