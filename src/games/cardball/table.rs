//! The Cardball table: the pitch as a row of zones with the ball, the
//! score, the managers' hands and face-down benches, the revealed round,
//! the die, the prompts and the log.
//!
//! The table shows the session's view and turns clicks into the engine's
//! legal actions; it decides no rule itself. Which card can be placed or
//! used is read off the legal action list.

use super::narrate::{action_title, card_title, icon_name, verb, zone_for};
use super::session::CardballSession;
use crate::engine::Seat;
use crate::games::cardball::{
    Action, CardId, CardballView, ManagerCard, Mark, Payload, Period, RollFor, Side, Step, Top,
    Tournament, ZoneClass,
};
use crate::layout::TemplateSet;
use crate::ui::dialog::SaveLoad;
use crate::ui::faces::{Face, Faces, POKER};
use crate::ui::palette::{ALERT, CHALK, DIM, FELT, FELT_DARK, GOLD};
use crate::ui::seating::{self, BarAsk, Seated as _, Shortcut};
use crate::ui::session::SaveError;
use crate::ui::table::TableRequest;
use egui::{
    Align2, Color32, CornerRadius, FontId, Frame, Key, Pos2, Rect, Response, RichText, Sense,
    Stroke, StrokeKind, Vec2,
};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Passes: keeps The Manager cards at the touchline.
pub const PASS_KEY: Shortcut = Shortcut::key(Key::P);

/// Places (or at the touchline plays) the first to ninth card of the hand.
pub const HAND_KEYS: [Shortcut; 9] = [
    Shortcut::key(Key::Num1),
    Shortcut::key(Key::Num2),
    Shortcut::key(Key::Num3),
    Shortcut::key(Key::Num4),
    Shortcut::key(Key::Num5),
    Shortcut::key(Key::Num6),
    Shortcut::key(Key::Num7),
    Shortcut::key(Key::Num8),
    Shortcut::key(Key::Num9),
];

/// The left side's colour (shirts, arrows, log lines).
const LEFT: Color32 = Color32::from_rgb(0x5C, 0xB8, 0xFF);
/// The right side's colour.
const RIGHT: Color32 = Color32::from_rgb(0xFF, 0x8A, 0x5C);
/// The pitch's grass, two shades for the mown stripes.
const GRASS: [Color32; 2] = [
    Color32::from_rgb(0x2E, 0x7D, 0x46),
    Color32::from_rgb(0x34, 0x8A, 0x4E),
];

/// A side's colour.
pub fn side_colour(side: Side) -> Color32 {
    match side {
        Side::Left => LEFT,
        Side::Right => RIGHT,
    }
}

/// The Cardball table screen.
pub struct CardballTable {
    session: CardballSession,
    message: Option<(String, bool)>,
    show_rules: bool,
    /// An open file dialog: `true` to save, `false` to load.
    file: SaveLoad,
    autosave: Option<PathBuf>,
    /// The last roll shown and when it appeared, for the die's tumble.
    roll_seen: Option<(u32, f64)>,
    /// A save of another game the user chose to load.
    other_game: Option<PathBuf>,
    /// The printed cards, shown enlarged on hover.
    faces: Faces,
    /// Where each Manager card (by physical id) is in the printed deck.
    face_of: HashMap<String, usize>,
    /// A card chosen on the half-way line, waiting for its manager to say
    /// which half the line counts as.
    halfway: Option<(Seat, CardId)>,
}

impl CardballTable {
    /// A table for a session; `autosave` is where the match is kept after
    /// every decision (for "continue"), if anywhere.
    pub fn new(session: CardballSession, autosave: Option<PathBuf>) -> Self {
        let print = crate::games::cardball::layout::print_deck(session.deck());
        let face_of = print
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        // The embedded templates are checked by the test suite; were they
        // ever broken, the enlarged card would show the layout error.
        let templates =
            TemplateSet::embedded(crate::games::cardball::layout::GAME).unwrap_or_default();
        CardballTable {
            faces: Faces::new(print, templates, POKER, Vec::new()),
            face_of,
            session,
            message: None,
            show_rules: false,
            file: SaveLoad::default(),
            autosave,
            roll_seen: None,
            other_game: None,
            halfway: None,
        }
    }

    /// The session (for tests).
    pub fn session(&self) -> &CardballSession {
        &self.session
    }

    /// The session, mutably (for tests).
    pub fn session_mut(&mut self) -> &mut CardballSession {
        &mut self.session
    }

    /// Places `card` for `seat`: at once, or (when the card reads the
    /// half-way line differently by half) after the manager chooses.
    fn place(&mut self, seat: Seat, card: CardId, actions: &[Action]) {
        let choice = actions
            .iter()
            .any(|a| matches!(a, Action::Pick { card: c, reading: Some(_) } if *c == card));
        if choice {
            self.halfway = Some((seat, card));
        } else {
            self.act(
                seat,
                Action::Pick {
                    card,
                    reading: None,
                },
            );
        }
    }

    fn act(&mut self, seat: Seat, action: Action) {
        self.halfway = None;
        match self.session.act(seat, action) {
            Ok(()) => {
                self.message = None;
                self.autosave();
            }
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    /// Autosaves; a failure is shown, play goes on.
    fn autosave(&mut self) {
        if let Err(e) = seating::autosave(self.autosave.as_deref(), |p| self.session.save(p)) {
            self.message = Some((e, true));
        }
    }

    /// Draws the table; returns a request for the app, if any.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        let now = ui.input(|i| i.time);
        if self.session.step(now) {
            self.autosave();
            ui.ctx().request_repaint();
        }
        if let Some(due) = self.session.due_in(now) {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(due.max(0.01)));
        }
        self.poll_file(ui.ctx());
        let before = self.session.generation();
        let mut request = None;
        if self.shortcuts(ui) {
            request = Some(TableRequest::Leave);
        }
        egui::Panel::top("cardball-bar")
            .frame(Frame::NONE.fill(FELT_DARK).inner_margin(8.0))
            .show(ui, |ui| {
                if self.top_bar(ui) {
                    request = Some(TableRequest::Leave);
                }
            });
        seating::log_side(ui, "cardball-log", |ui| self.log_panel(ui));
        egui::CentralPanel::default()
            .frame(Frame::NONE.fill(FELT).inner_margin(10.0))
            .show(ui, |ui| {
                if let Some(seat) = self.session.needs_handover() {
                    self.handover(ui, seat);
                } else if self.session.view().outcome.is_some() {
                    egui::ScrollArea::vertical()
                        .auto_shrink([false, false])
                        .show(ui, |ui| {
                            if self.table(ui, now) {
                                request = Some(TableRequest::Leave);
                            }
                        });
                } else {
                    // The prompt and the hand stay in sight at the bottom;
                    // the pitch above shrinks to what is left.
                    egui::Panel::bottom("cardball-hand")
                        .resizable(false)
                        .frame(
                            Frame::NONE
                                .fill(FELT)
                                .inner_margin(egui::Margin::symmetric(0, 4)),
                        )
                        .show(ui, |ui| self.decision_area(ui));
                    egui::ScrollArea::vertical()
                        .auto_shrink([false, false])
                        .show(ui, |ui| self.board(ui, now));
                }
            });
        if self.session.generation() != before {
            ui.ctx().request_repaint();
        }
        if let Some(path) = self.other_game.take() {
            request = Some(TableRequest::Open(path));
        }
        crate::ui::rules::rules_window(
            ui.ctx(),
            &mut self.show_rules,
            super::ENTRY.name,
            super::ENTRY.rulebook,
        );
        request
    }

    /// The keys of the table: the shared ones ([`seating::bar_keys`]),
    /// then Pass and the hand's cards for the human deciding now.
    fn shortcuts(&mut self, ui: &egui::Ui) -> bool {
        if let Some(ask) = seating::bar_keys(ui.ctx(), &mut self.session)
            && self.bar_ask(ask)
        {
            return true;
        }
        let Some(seat) = seating::key_seat(&self.session, ui.ctx()) else {
            return false;
        };
        let actions = self.session.human_actions();
        if actions.contains(&Action::Pass) && PASS_KEY.pressed(ui.ctx()) {
            self.act(seat, Action::Pass);
            return false;
        }
        let hand = self.session.game().hand(seat).to_vec();
        for (card, key) in hand.into_iter().zip(HAND_KEYS) {
            if key.pressed(ui.ctx()) {
                let pick = Action::Pick {
                    card,
                    reading: None,
                };
                let use_it = Action::UseManager { card };
                if actions.contains(&pick) {
                    self.place(seat, card, &actions);
                } else if actions.contains(&use_it) {
                    self.act(seat, use_it);
                }
                return false;
            }
        }
        false
    }

    /// Carries out what the top bar or its keys asked; true to leave.
    fn bar_ask(&mut self, ask: BarAsk) -> bool {
        match ask {
            BarAsk::Leave => return true,
            BarAsk::Rules => self.show_rules = true,
            BarAsk::Load => self.ask_file(false),
            BarAsk::Save => self.ask_file(true),
            BarAsk::Undo => self.halfway = None,
            BarAsk::Extra(_) => {}
        }
        false
    }

    /// The bar at the top; returns true when the manager leaves.
    fn top_bar(&mut self, ui: &mut egui::Ui) -> bool {
        let status = self.status(&self.session.view());
        let bar = seating::TopBar {
            session: &mut self.session,
            kept: "match",
            pace: ("cardball-pace", "Pace", ""),
            pace_hint: Some("How quickly bots play and the die rolls"),
            auto_pass: None,
            extra: &[],
        };
        let ask = seating::top_bar(ui, bar, |ui| {
            ui.label(RichText::new("CARDBALL").strong().size(20.0).color(GOLD));
            ui.separator();
            ui.label(RichText::new(status).color(CHALK).size(15.0));
        });
        ask.is_some_and(|a| self.bar_ask(a))
    }

    /// One line on where the match is.
    fn status(&self, view: &CardballView) -> String {
        let period = match view.period {
            Period::Match if view.flags.halves => "First half",
            Period::Match => "Match",
            Period::SecondHalf => "Second half",
            Period::GoldenGoal => "Golden goal",
            Period::Penalties => "Penalty shoot-out",
        };
        let step = match view.step {
            Step::Call { caller, .. } => format!("{} call the die", self.session.side_name(caller)),
            Step::Roll { .. } => "the die is rolling".into(),
            Step::Touchline { asking } => {
                format!("{} at the touchline", self.session.name(asking))
            }
            Step::Pick { .. } if view.period == Period::Penalties => "penalty: pick a card".into(),
            Step::Pick { .. } => "both managers pick a card".into(),
            Step::Over => "full time".into(),
        };
        let stage = match self.session.tournament() {
            Some(t) => format!(
                "Tournament match {} of {} · ",
                t.played().len() + 1,
                t.fixtures().len()
            ),
            None => String::new(),
        };
        if view.period == Period::Penalties {
            format!("{stage}{period} · {step}")
        } else {
            format!("{stage}{period} · round {} · {step}", view.round + 1)
        }
    }

    fn ask_file(&mut self, save: bool) {
        self.file.ask(save, "cardball-match.json");
    }

    fn poll_file(&mut self, ctx: &egui::Context) {
        match self.file.poll(ctx) {
            Some((p, true)) => self.save_to(&p),
            Some((p, false)) => self.load_from(&p),
            None => {}
        }
    }

    /// Saves to `path`, reporting the result on the table.
    pub fn save_to(&mut self, path: &Path) {
        self.message = Some(self.session.save_report(path));
    }

    /// Loads from `path`; a bad file changes nothing and says why.
    pub fn load_from(&mut self, path: &Path) {
        let deck = self.session.deck().clone();
        match CardballSession::load(path, deck) {
            Ok(s) => {
                let pace = self.session.pace;
                self.session = s;
                self.session.pace = pace;
                self.roll_seen = None;
                self.halfway = None;
                self.message = Some((format!("Loaded {}", path.display()), false));
            }
            Err(SaveError::OtherGame { .. }) => self.other_game = Some(path.to_path_buf()),
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    fn log_panel(&self, ui: &mut egui::Ui) {
        seating::log_panel(ui, &self.session.log(), |line| match line.seat {
            Some(s) => side_colour(Side::of(s)),
            None if line.text.starts_with("GOO") => GOLD,
            None => CHALK.gamma_multiply(0.85),
        });
    }

    fn handover(&mut self, ui: &mut egui::Ui, seat: Seat) {
        let name = self.session.name(seat);
        let hidden = "Every hand and every face-down card is hidden until they are ready.";
        if seating::handover(ui, &name, hidden) {
            self.session.reveal(seat);
        }
    }

    /// The board while the match is on: the score, the other managers,
    /// the pitch (as tall as the room left allows), the die and the piles.
    fn board(&mut self, ui: &mut egui::Ui, now: f64) {
        let view = self.session.view();
        let top = ui.min_rect().top();
        let room = ui.available_height();
        self.score_and_seats(ui, &view);
        // What the rest of the board took last frame decides the pitch's
        // height this frame (it settles in one frame).
        let rest_id = egui::Id::unique("cardball-board-rest");
        let rest: f32 = ui.ctx().data(|d| d.get_temp(rest_id)).unwrap_or(260.0);
        let pitch_h = (room - rest).clamp(72.0, 150.0);
        let width = ui.available_width();
        let (rect, _) = ui.allocate_exact_size(Vec2::new(width, pitch_h), Sense::hover());
        if ui.is_rect_visible(rect) {
            self.paint_pitch(ui, rect, &view);
        }
        self.round_row(ui, &view, now);
        let used = ui.min_rect().bottom() - top - pitch_h;
        if (used - rest).abs() > 0.5 {
            ui.ctx().data_mut(|d| d.insert_temp(rest_id, used));
            ui.ctx().request_repaint();
        }
    }

    /// What the manager decides with: the prompt, any message and the hand.
    fn decision_area(&mut self, ui: &mut egui::Ui) {
        let view = self.session.view();
        self.prompt(ui, &view);
        if let Some((msg, bad)) = &self.message {
            ui.label(RichText::new(msg).color(if *bad { ALERT } else { CHALK }));
        }
        ui.add_space(4.0);
        if let Some(me) = self.session.viewer() {
            self.own_area(ui, &view, me);
        }
    }

    /// The score and every other manager's strip.
    fn score_and_seats(&mut self, ui: &mut egui::Ui, view: &CardballView) {
        self.scoreboard(ui, view);
        ui.add_space(6.0);
        for seat in Seat::all(self.session.seats()) {
            if Some(seat) != self.session.viewer() {
                self.seat_strip(ui, view, seat);
            }
        }
        ui.add_space(6.0);
    }

    /// The last round, the die, the piles and any shoot-out.
    fn round_row(&mut self, ui: &mut egui::Ui, view: &CardballView, now: f64) {
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            self.last_round(ui, view);
            ui.add_space(16.0);
            self.die(ui, view, now);
            ui.add_space(16.0);
            self.piles(ui, view);
        });
        if view.shootout.is_some() {
            ui.add_space(6.0);
            self.shootout(ui, view);
        }
    }

    /// The whole table once the match is over; returns true to leave it.
    fn table(&mut self, ui: &mut egui::Ui, now: f64) -> bool {
        let view = self.session.view();
        let mut leave = false;
        self.score_and_seats(ui, &view);
        let width = ui.available_width();
        let (rect, _) = ui.allocate_exact_size(Vec2::new(width, 150.0), Sense::hover());
        if ui.is_rect_visible(rect) {
            self.paint_pitch(ui, rect, &view);
        }
        self.round_row(ui, &view, now);
        ui.add_space(8.0);
        if view.outcome.is_some() {
            leave = self.result(ui, &view);
        } else {
            self.prompt(ui, &view);
        }
        if let Some((msg, bad)) = &self.message {
            ui.label(RichText::new(msg).color(if *bad { ALERT } else { CHALK }));
        }
        ui.add_space(6.0);
        if let Some(me) = self.session.viewer() {
            self.own_area(ui, &view, me);
        }
        leave
    }

    fn scoreboard(&self, ui: &mut egui::Ui, view: &CardballView) {
        let left = self.session.side_name(Side::Left);
        let right = self.session.side_name(Side::Right);
        ui.horizontal(|ui| {
            let total = ui.available_width();
            ui.add_space((total * 0.5 - 260.0).max(0.0));
            ui.label(RichText::new(&left).size(22.0).strong().color(LEFT));
            ui.label(
                RichText::new(format!("  {}  –  {}  ", view.score[0], view.score[1]))
                    .size(28.0)
                    .strong()
                    .color(CHALK),
            );
            ui.label(RichText::new(&right).size(22.0).strong().color(RIGHT));
        });
    }

    /// Another manager's hand, bench and pick, face down.
    fn seat_strip(&self, ui: &mut egui::Ui, view: &CardballView, seat: Seat) {
        let side = Side::of(seat);
        let i = seat.index();
        let hand = view.hand_sizes.get(i).copied().unwrap_or(0);
        let bench = view.bench_sizes.get(i).copied().unwrap_or(0);
        let picked = view.picked.get(i).copied().unwrap_or(false);
        Frame::NONE
            .fill(FELT_DARK)
            .corner_radius(6.0)
            .inner_margin(6.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(self.session.name(seat))
                            .strong()
                            .size(16.0)
                            .color(side_colour(side)),
                    );
                    ui.label(RichText::new(format!("({})", side.key())).color(DIM));
                    ui.add_space(12.0);
                    backs(ui, hand.min(11), 0.35, None);
                    ui.label(RichText::new(format!("{hand} in hand")).color(CHALK));
                    ui.add_space(12.0);
                    backs(ui, usize::from(bench > 0), 0.35, Some(bench));
                    ui.label(RichText::new(format!("{bench} on the bench")).color(CHALK));
                    ui.add_space(12.0);
                    let doing = if picked {
                        "has placed a card face down".to_string()
                    } else if view.must_pick(seat) {
                        "is choosing a card…".to_string()
                    } else if view.step == (Step::Touchline { asking: seat }) {
                        "is at the touchline…".to_string()
                    } else {
                        String::new()
                    };
                    ui.label(RichText::new(doing).color(GOLD));
                });
            });
        ui.add_space(4.0);
    }

    /// The pitch in `rect`. Each goal carries the name of the side that
    /// defends it, in words under the net and as the net's label, so the
    /// goals are told apart without their colours.
    fn paint_pitch(&self, ui: &egui::Ui, rect: Rect, view: &CardballView) {
        let p = ui.painter();
        // Nine columns: the two goals are half as wide as the seven zones.
        let unit = rect.width() / 8.0;
        let col = |z: u8| -> Rect {
            let x0 = match z {
                0 => 0.0,
                z => 0.5 + f32::from(z - 1),
            };
            let w = if z == 0 || z == 8 { 0.5 } else { 1.0 };
            Rect::from_min_size(
                Pos2::new(rect.left() + x0 * unit, rect.top()),
                Vec2::new(w * unit, rect.height() - 22.0),
            )
        };
        let field = Rect::from_min_max(col(1).left_top(), col(7).right_bottom());
        for z in 1..=7u8 {
            p.rect_filled(col(z), CornerRadius::ZERO, GRASS[usize::from(z % 2)]);
        }
        let chalk = Stroke::new(2.0, CHALK.gamma_multiply(0.9));
        p.rect_stroke(field, CornerRadius::ZERO, chalk, StrokeKind::Inside);
        // The half-way line and the centre circle.
        let mid = col(4).center();
        p.line_segment(
            [
                Pos2::new(mid.x, field.top()),
                Pos2::new(mid.x, field.bottom()),
            ],
            chalk,
        );
        p.circle_stroke(mid, field.height() * 0.22, chalk);
        // The boxes.
        for (z, inward) in [(1u8, 1.0f32), (7, -1.0)] {
            let c = col(z);
            let edge = if inward > 0.0 { c.left() } else { c.right() };
            let depth = c.width() * 0.75 * inward;
            let b = Rect::from_two_pos(
                Pos2::new(edge, c.top() + c.height() * 0.18),
                Pos2::new(edge + depth, c.bottom() - c.height() * 0.18),
            );
            p.rect_stroke(b, CornerRadius::ZERO, chalk, StrokeKind::Inside);
        }
        // The goals, with the name of the side defending each.
        for (z, side) in [(0u8, Side::Left), (8, Side::Right)] {
            let c = col(z);
            let net =
                Rect::from_center_size(c.center(), Vec2::new(c.width() * 0.55, c.height() * 0.36));
            p.rect_filled(net, CornerRadius::same(2), Color32::from_white_alpha(40));
            p.rect_stroke(
                net,
                CornerRadius::same(2),
                Stroke::new(2.0, side_colour(side)),
                StrokeKind::Inside,
            );
            let owner = self.session.side_name(side);
            let label = goal_label(&owner);
            let width = (c.width() + unit * 0.2).max(20.0);
            let galley = p.layout_job(one_line(&owner, width, side_colour(side)));
            p.galley(
                Pos2::new(
                    c.center().x - galley.size().x / 2.0,
                    rect.bottom() - 10.0 - galley.size().y / 2.0,
                ),
                galley,
                side_colour(side),
            );
            ui.interact(net, egui::Id::unique(("cardball-goal", z)), Sense::hover())
                .on_hover_text(&label)
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
        }
        // Each zone as the viewer's cards name it (the left side's when
        // nobody's cards are on screen).
        let reader = self.session.viewer().map_or(Side::Left, Side::of);
        let attacker = view.possession;
        for z in 1..=7u8 {
            let c = col(z);
            let here = z == view.ball;
            p.text(
                Pos2::new(c.center().x, rect.bottom() - 10.0),
                Align2::CENTER_CENTER,
                zone_for(z, reader),
                FontId::proportional(12.0),
                if here {
                    GOLD
                } else {
                    CHALK.gamma_multiply(0.7)
                },
            );
            if here {
                p.rect_stroke(
                    c.shrink(2.0),
                    CornerRadius::same(4),
                    Stroke::new(2.0, GOLD),
                    StrokeKind::Inside,
                );
            }
        }
        // The ball, and an arrow toward the goal its side attacks.
        let at = col(view.ball.clamp(1, 7)).center();
        let r = (rect.height() * 0.1).clamp(8.0, 16.0);
        let colour = side_colour(attacker);
        let dir = match attacker {
            Side::Left => 1.0,
            Side::Right => -1.0,
        };
        p.arrow(
            at + Vec2::new(dir * (r + 4.0), 0.0),
            Vec2::new(dir * unit * 0.35, 0.0),
            Stroke::new(4.0, colour),
        );
        p.circle_filled(at + Vec2::new(1.5, 2.0), r, Color32::from_black_alpha(90));
        p.circle_filled(at, r, Color32::WHITE);
        p.circle_stroke(at, r, Stroke::new(2.0, colour));
        p.circle_filled(at, r * 0.35, Color32::from_gray(40));
        p.text(
            Pos2::new(at.x, field.top() + 12.0),
            Align2::CENTER_CENTER,
            {
                let name = self.session.side_name(attacker);
                format!("{name} {} the ball", verb(&name, "has", "have"))
            },
            FontId::proportional(12.0),
            CHALK,
        );
    }

    fn last_round(&self, ui: &mut egui::Ui, view: &CardballView) {
        ui.vertical(|ui| {
            // As wide as the two cards: the reason wraps under them.
            ui.set_max_width(260.0);
            ui.label(RichText::new("Last round").strong().color(GOLD));
            let Some(r) = view.last_round else {
                ui.label(RichText::new("No cards revealed yet.").color(DIM));
                return;
            };
            ui.horizontal(|ui| {
                let winner = r.winner;
                for (seat, card, attacking) in
                    [(r.attacker, r.attack, true), (r.defender, r.defend, false)]
                {
                    ui.vertical(|ui| {
                        let won = winner == Some(Side::of(seat));
                        ui.label(
                            RichText::new(format!(
                                "{}{}",
                                self.session.name(seat),
                                if won { " (won)" } else { "" }
                            ))
                            .color(side_colour(Side::of(seat))),
                        );
                        let look = Look {
                            attacking,
                            class: if attacking {
                                r.attack_class
                            } else {
                                r.defend_class
                            },
                            enabled: true,
                            highlight: won,
                        };
                        let resp = self.card(ui, card, look, 0.8);
                        self.card_hover(resp, card);
                    });
                }
            });
            // Why the round went as it did, in words.
            let cards = self.session.game().cards().clone();
            let attack =
                crate::games::cardball::narrate::attack_words(&cards, r.attack, r.attack_class);
            let defend =
                crate::games::cardball::narrate::defend_words(&cards, r.defend, r.defend_class);
            let result = match r.winner {
                Some(w) => format!("{} won the round", self.session.side_name(w)),
                None => "the die decides".into(),
            };
            ui.label(
                RichText::new(format!("Attack: {attack}. Defence: {defend}. So {result}."))
                    .color(CHALK)
                    .size(13.0),
            );
        });
    }

    fn die(&mut self, ui: &mut egui::Ui, view: &CardballView, now: f64) {
        let cards = self.session.game().cards().clone();
        let deck = self.session.deck().clone();
        // A new roll tumbles for a moment before it settles.
        let rolls = self.session.rolls();
        let fresh = !matches!(self.roll_seen, Some((n, _)) if n == rolls);
        if fresh {
            self.roll_seen = Some((rolls, now));
        }
        let since = self.roll_seen.map_or(f64::MAX, |(_, t)| now - t);
        let tumbling = since < self.session.pace.animation() * 1.5 && rolls > 0;
        let rolling_now = matches!(view.step, Step::Roll { .. });
        ui.vertical(|ui| {
            ui.label(RichText::new("The die").strong().color(GOLD));
            let (rect, _) = ui.allocate_exact_size(Vec2::splat(64.0), Sense::hover());
            let p = ui.painter();
            let (text, sub) = if tumbling || rolling_now {
                let flip = ((now * 12.0) as i64 % 2) as u8;
                ui.ctx().request_repaint();
                (icon_name(&deck, &cards, flip), "rolling…".to_string())
            } else if let Some(crate::games::cardball::Event::Rolled {
                face,
                winner,
                purpose,
                ..
            }) = &view.last_roll
            {
                let what = match purpose {
                    RollFor::KickOff => "kick-off",
                    RollFor::FirstShooter => "first penalty",
                    RollFor::Dilemma => "the round",
                    RollFor::Action { .. } => "the Action card",
                    RollFor::Penalty => "the penalty",
                };
                (
                    icon_name(&deck, &cards, cards.die.face_icon(*face)),
                    format!("{} won {what}", self.session.side_name(*winner)),
                )
            } else {
                ("–".to_string(), "not rolled yet".to_string())
            };
            let angle = if tumbling || rolling_now {
                ((now * 9.0).sin() * 0.3) as f32
            } else {
                0.0
            };
            let body = Rect::from_center_size(rect.center(), Vec2::splat(54.0));
            let shape = egui::epaint::RectShape::filled(body, CornerRadius::same(10), CHALK)
                .with_angle(angle);
            p.add(shape);
            p.text(
                body.center(),
                Align2::CENTER_CENTER,
                text,
                FontId::proportional(15.0),
                Color32::from_gray(30),
            );
            ui.label(RichText::new(sub).color(CHALK).size(12.0));
        });
    }

    fn piles(&self, ui: &mut egui::Ui, view: &CardballView) {
        let cards = self.session.game().cards().clone();
        let deck = self.session.deck().clone();
        ui.vertical(|ui| {
            ui.label(RichText::new("Piles").strong().color(GOLD));
            ui.label(RichText::new(format!("Draw pile: {}", view.pile_count)).color(CHALK));
            ui.label(
                RichText::new(format!("Action deck: {}", view.action_deck_count)).color(CHALK),
            );
            let last = view
                .action_discard
                .last()
                .map_or("none".to_string(), |a| action_title(&deck, &cards, *a));
            ui.label(RichText::new(format!("Last Action card: {last}")).color(CHALK))
                .on_hover_text(format!("Action cards used: {}", view.action_discard.len()));
            ui.label(RichText::new(format!("Cards played: {}", view.played.len())).color(CHALK));
        });
    }

    fn shootout(&self, ui: &mut egui::Ui, view: &CardballView) {
        let Some(s) = &view.shootout else { return };
        ui.label(RichText::new("Penalty shoot-out").strong().color(GOLD));
        for side in [Side::Left, Side::Right] {
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(format!("{:<12}", self.session.side_name(side)))
                        .color(side_colour(side)),
                );
                let kicks: Vec<bool> = s
                    .kicks
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| s.shooter(*k) == side)
                    .map(|(_, g)| *g)
                    .collect();
                let shown = kicks.len().max(5);
                for i in 0..shown {
                    let (rect, resp) = ui.allocate_exact_size(Vec2::splat(18.0), Sense::hover());
                    let p = ui.painter();
                    let what = match kicks.get(i) {
                        Some(true) => {
                            p.circle_filled(
                                rect.center(),
                                7.0,
                                Color32::from_rgb(0x6C, 0xD6, 0x7A),
                            );
                            "scored"
                        }
                        Some(false) => {
                            p.circle_stroke(rect.center(), 7.0, Stroke::new(2.0, ALERT));
                            p.line_segment(
                                [
                                    rect.center() - Vec2::splat(4.0),
                                    rect.center() + Vec2::splat(4.0),
                                ],
                                Stroke::new(2.0, ALERT),
                            );
                            "saved"
                        }
                        None => {
                            p.circle_stroke(rect.center(), 7.0, Stroke::new(1.0, DIM));
                            "to take"
                        }
                    };
                    resp.on_hover_text(format!("Kick {}: {what}", i + 1));
                }
                let g = s.goals()[side.index()];
                ui.label(RichText::new(format!("{g}")).strong().color(CHALK));
            });
        }
    }

    /// What the human must do now, with the buttons that do it.
    fn prompt(&mut self, ui: &mut egui::Ui, view: &CardballView) {
        let actions = self.session.human_actions();
        let cards = self.session.game().cards().clone();
        let deck = self.session.deck().clone();
        let Some(seat) = self.session.human_actor().filter(|_| !actions.is_empty()) else {
            let text = match view.step {
                Step::Roll { .. } => "The die is rolling…".to_string(),
                Step::Pick { .. } if view.my_pick.is_some() => {
                    "Your card is face down. Waiting for the other side…".to_string()
                }
                _ => match self.session.actor() {
                    Some(s) => format!("{} is thinking…", self.session.name(s)),
                    None => String::new(),
                },
            };
            ui.label(RichText::new(text).size(17.0).color(CHALK));
            return;
        };
        match view.step {
            Step::Call { purpose, .. } => {
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(format!("Call the die ({}):", purpose.key()))
                            .size(17.0)
                            .strong()
                            .color(GOLD),
                    );
                    for a in &actions {
                        if let Action::Call { icon } = a
                            && ui
                                .button(RichText::new(icon_name(&deck, &cards, *icon)).size(16.0))
                                .clicked()
                        {
                            self.act(seat, *a);
                        }
                    }
                });
            }
            Step::Touchline { .. } => {
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new("At the touchline: play The Manager?")
                            .size(17.0)
                            .strong()
                            .color(GOLD),
                    );
                    let hand = self.session.game().hand(seat).to_vec();
                    for a in &actions {
                        let what = "Draws an Action card at random and resolves it";
                        let hint = |card: &CardId| match hand.iter().position(|c| c == card) {
                            Some(i) => HAND_KEYS.get(i).map_or(what.to_string(), |k| k.hint(what)),
                            None => what.to_string(),
                        };
                        if let Action::UseManager { card } = a
                            && ui
                                .button(format!("Play {}", card_title(&deck, &cards, *card)))
                                .on_hover_text(hint(card))
                                .clicked()
                        {
                            self.act(seat, *a);
                        }
                    }
                    if actions.contains(&Action::Pass)
                        && ui
                            .button("Not now")
                            .on_hover_text(PASS_KEY.hint("Keep your The Manager cards"))
                            .clicked()
                    {
                        self.act(seat, Action::Pass);
                    }
                });
            }
            Step::Pick { .. } => {
                let text = if view.period == Period::Penalties {
                    if view.shooter() == Some(view.side) {
                        "Penalty: pick a card to shoot with.".to_string()
                    } else {
                        "Penalty: pick a card to save with.".to_string()
                    }
                } else if view.attacking() {
                    format!(
                        "You have the ball ({}): pick a card to attack with.",
                        zone_for(view.ball, view.side)
                    )
                } else {
                    format!(
                        "They have the ball ({}): pick a card to defend with.",
                        zone_for(view.ball, view.side)
                    )
                };
                ui.label(RichText::new(text).size(17.0).strong().color(GOLD));
                match self.halfway.filter(|(s, _)| *s == seat) {
                    Some((_, card)) => self.halfway_prompt(ui, view, seat, card, &actions),
                    None => {
                        let also = if actions.iter().any(|a| {
                            matches!(
                                a,
                                Action::Pick {
                                    reading: Some(_),
                                    ..
                                }
                            )
                        }) {
                            " On the half-way line you then say which half it counts as."
                        } else {
                            ""
                        };
                        ui.label(
                            RichText::new(format!("Click a card in your hand (or press {}-{}): it goes face down until both are placed.{also}", HAND_KEYS[0].name(), HAND_KEYS[8].name()))
                                .color(DIM),
                        );
                    }
                }
            }
            Step::Roll { .. } | Step::Over => {}
        }
    }

    /// The choice of half for a card placed on the half-way line ("part of
    /// both zones, however a manager chooses to use it"): one button per
    /// half, saying what the card does there.
    fn halfway_prompt(
        &mut self,
        ui: &mut egui::Ui,
        view: &CardballView,
        seat: Seat,
        card: CardId,
        actions: &[Action],
    ) {
        let cards = self.session.game().cards().clone();
        let title = card_title(self.session.deck(), &cards, card);
        let Some(c) = cards.card(card) else {
            self.halfway = None;
            return;
        };
        let attacking = view.attacking();
        let effect = |z: ZoneClass| {
            if attacking {
                let t = c.top(z);
                let then = payload_text(t);
                if then.is_empty() {
                    mark_text(t.mark)
                } else {
                    format!("{}, {then}", mark_text(t.mark))
                }
            } else {
                mark_text(c.bottom(z))
            }
        };
        // Our own Midfield is `own_half` for the side with the ball and
        // `opp_half` for the other.
        let (ours, theirs) = if attacking {
            (ZoneClass::OwnHalf, ZoneClass::OppHalf)
        } else {
            (ZoneClass::OppHalf, ZoneClass::OwnHalf)
        };
        let mut options: Vec<(String, Action)> = Vec::new();
        let printed = effect(ZoneClass::Halfway);
        for (z, label) in [(ours, "our half"), (theirs, "their half")] {
            let action = if effect(z) == printed {
                Action::Pick {
                    card,
                    reading: None,
                }
            } else {
                Action::Pick {
                    card,
                    reading: Some(z),
                }
            };
            if actions.contains(&action) && !options.iter().any(|(_, a)| *a == action) {
                options.push((format!("As {label}: {}", effect(z)), action));
            }
        }
        let plain = Action::Pick {
            card,
            reading: None,
        };
        if !options.iter().any(|(_, a)| *a == plain) && actions.contains(&plain) {
            options.push((
                format!("As printed for the half-way line: {printed}"),
                plain,
            ));
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{title} on the half-way line counts as:"))
                    .strong()
                    .color(CHALK),
            );
            for (label, action) in options {
                if ui.button(RichText::new(label).size(15.0)).clicked() {
                    self.act(seat, action);
                }
            }
            if ui.button("Another card").clicked() {
                self.halfway = None;
            }
        });
    }

    /// The viewer's bench, face-down pick and hand.
    fn own_area(&mut self, ui: &mut egui::Ui, view: &CardballView, me: Seat) {
        let actions = self.session.human_actions();
        let i = me.index();
        let side = Side::of(me);
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(format!("{} — your hand", self.session.name(me)))
                    .strong()
                    .size(16.0)
                    .color(side_colour(side)),
            );
            let bench = view.bench_sizes.get(i).copied().unwrap_or(0);
            ui.label(
                RichText::new(format!(
                    "· {bench} on your bench, face down (one comes to your hand after each round)"
                ))
                .color(DIM),
            );
        });
        if let Some(c) = view.my_pick {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Face down on the pitch:").color(CHALK));
                ui.label(
                    RichText::new(card_title(self.session.deck(), view.cards.as_ref(), c))
                        .strong()
                        .color(GOLD),
                );
            });
        }
        let hand = view.hand.clone();
        let attacking = if view.period == Period::Penalties {
            view.shooter() == Some(view.side)
        } else {
            view.attacking()
        };
        // At most two rows of cards: a long hand in a narrow window is
        // drawn smaller rather than pushed out of sight.
        let per_row = |scale: f32| {
            ((ui.available_width() + 8.0) / (158.0 * scale))
                .floor()
                .max(1.0)
        };
        let rows = |scale: f32| (hand.len() as f32 / per_row(scale)).ceil();
        let mut scale = 1.0;
        while scale > 0.7 && rows(scale) > 2.0 {
            scale -= 0.05;
        }
        ui.horizontal_wrapped(|ui| {
            for card in hand {
                let pick = Action::Pick {
                    card,
                    reading: None,
                };
                let use_it = Action::UseManager { card };
                let action = [pick, use_it].into_iter().find(|a| actions.contains(a));
                let look = Look {
                    attacking,
                    class: view.zone_class,
                    enabled: action.is_some(),
                    highlight: false,
                };
                let resp = self.card(ui, card, look, scale);
                let resp = self.card_hover(resp, card);
                let resp = match action {
                    Some(_) => resp,
                    None => resp.on_hover_text(self.why_not(view, card)),
                };
                if resp.clicked()
                    && let Some(a) = action
                {
                    match a {
                        Action::Pick { card, .. } => self.place(me, card, &actions),
                        a => self.act(me, a),
                    }
                }
            }
        });
    }

    /// Why a hand card cannot be used now.
    fn why_not(&self, view: &CardballView, card: CardId) -> String {
        let manager = view.cards.card(card).is_some_and(ManagerCard::is_manager);
        match view.step {
            Step::Touchline { .. } if !manager => {
                "Player cards are placed after the touchline window".into()
            }
            Step::Pick { .. } if manager => {
                "The Manager cards are played from the touchline, before the cards are placed"
                    .into()
            }
            Step::Pick { .. } if view.my_pick.is_some() => "You have placed your card".into(),
            _ => "Not your decision now".into(),
        }
    }

    /// A Manager card, drawn as it reads at the table: its title, position
    /// and what it does in the ball's zone class, the half that counts now
    /// marked. Its label (for screen readers and tests) is its title.
    fn card(&self, ui: &mut egui::Ui, id: CardId, look: Look, scale: f32) -> Response {
        let size = Vec2::new(150.0, 112.0) * scale;
        let (rect, resp) = ui.allocate_exact_size(size, Sense::click());
        let cards = self.session.game().cards().clone();
        let title = card_title(self.session.deck(), &cards, id);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, look.enabled, &title));
        if !ui.is_rect_visible(rect) {
            return resp;
        }
        let Some(card) = cards.card(id) else {
            return resp;
        };
        let p = ui.painter();
        let lift = if look.enabled && resp.hovered() {
            -4.0
        } else {
            0.0
        };
        let rect = rect.translate(Vec2::new(0.0, lift));
        let accent = position_colour(card);
        let fill = if look.enabled || look.highlight {
            Color32::from_rgb(0xFA, 0xF7, 0xEE)
        } else {
            Color32::from_rgb(0xB8, 0xBC, 0xB4)
        };
        p.rect_filled(rect, CornerRadius::same(8), fill);
        let band = Rect::from_min_size(rect.min, Vec2::new(rect.width(), 22.0 * scale));
        p.rect_filled(
            band,
            CornerRadius {
                nw: 8,
                ne: 8,
                sw: 0,
                se: 0,
            },
            accent,
        );
        p.text(
            band.left_center() + Vec2::new(6.0 * scale, 0.0),
            Align2::LEFT_CENTER,
            card.position.key(),
            FontId::proportional(12.0 * scale),
            Color32::WHITE,
        );
        // The title shrinks to fit beside the position.
        let room = band.width() - 40.0 * scale;
        let mut size = 12.5 * scale;
        let galley = loop {
            let g = p.layout_no_wrap(title.clone(), FontId::proportional(size), Color32::WHITE);
            if g.size().x <= room || size <= 6.0 {
                break g;
            }
            size -= 0.5;
        };
        let at =
            band.right_center() - Vec2::new(6.0 * scale + galley.size().x, galley.size().y / 2.0);
        p.galley(at, galley, Color32::WHITE);
        let ink = Color32::from_gray(35);
        if card.is_manager() {
            p.text(
                rect.center() + Vec2::new(0.0, 8.0 * scale),
                Align2::CENTER_CENTER,
                "Play from the touchline:\ndraws an Action card",
                FontId::proportional(12.0 * scale),
                ink,
            );
        } else {
            let top = card.top(look.class);
            let halves = [
                (
                    "ATTACK",
                    mark_text(top.mark),
                    payload_text(top),
                    look.attacking,
                ),
                (
                    "DEFEND",
                    mark_text(card.bottom(look.class)),
                    String::new(),
                    !look.attacking,
                ),
            ];
            for (k, (label, main, sub, counts)) in halves.into_iter().enumerate() {
                let h = (rect.height() - band.height()) / 2.0;
                let half = Rect::from_min_size(
                    Pos2::new(rect.left(), band.bottom() + h * k as f32),
                    Vec2::new(rect.width(), h),
                )
                .shrink(4.0 * scale);
                if counts {
                    p.rect_filled(half, CornerRadius::same(4), GOLD.gamma_multiply(0.35));
                }
                p.text(
                    half.left_top() + Vec2::new(2.0, 1.0),
                    Align2::LEFT_TOP,
                    label,
                    FontId::proportional(9.5 * scale),
                    Color32::from_gray(90),
                );
                let (main_at, sub_at) = if sub.is_empty() {
                    (half.center() + Vec2::new(0.0, 5.0 * scale), half.center())
                } else {
                    (
                        half.center() + Vec2::new(0.0, 1.0 * scale),
                        half.center() + Vec2::new(0.0, 14.0 * scale),
                    )
                };
                p.text(
                    main_at,
                    Align2::CENTER_CENTER,
                    main,
                    FontId::proportional(14.5 * scale),
                    ink,
                );
                if !sub.is_empty() {
                    p.text(
                        sub_at,
                        Align2::CENTER_CENTER,
                        sub,
                        FontId::proportional(11.5 * scale),
                        ink,
                    );
                }
            }
        }
        let border = if look.highlight {
            Stroke::new(3.0, GOLD)
        } else if look.enabled && resp.hovered() {
            Stroke::new(2.5, GOLD)
        } else {
            Stroke::new(1.0, Color32::from_gray(60))
        };
        p.rect_stroke(rect, CornerRadius::same(8), border, StrokeKind::Inside);
        resp
    }

    /// The whole card on hover: every zone class, both halves, the flavour.
    fn card_hover(&self, resp: Response, id: CardId) -> Response {
        let cards = self.session.game().cards().clone();
        let deck = self.session.deck().clone();
        resp.on_hover_ui(|ui| {
            let Some(card) = cards.card(id) else { return };
            if let Some(&i) = self.face_of.get(cards.name(id)) {
                let (rect, _) = ui.allocate_exact_size(self.faces.size(280.0), Sense::hover());
                self.faces.paint(ui.painter(), rect, Face::Card(i));
            }
            let design = deck.manager_design(cards.name(id));
            ui.label(
                RichText::new(format!(
                    "{} · {}",
                    card_title(&deck, &cards, id),
                    card.position.key()
                ))
                .strong(),
            );
            if let Some(d) = design
                && !d.flavour.is_empty()
            {
                ui.label(RichText::new(&d.flavour).italics());
            }
            if card.is_manager() {
                ui.label("Play it from the touchline, before the cards are placed: it draws an Action card at random, which is resolved at once; then draw a replacement from the pile.");
            }
        })
    }

    /// The result: who won and how; returns true to leave the table.
    fn result(&mut self, ui: &mut egui::Ui, view: &CardballView) -> bool {
        let mut leave = false;
        let Some(outcome) = &view.outcome else {
            return false;
        };
        let headline = if outcome.winners.is_empty() {
            "A draw!".to_string()
        } else {
            let side = Side::of(outcome.winners[0]);
            let name = self.session.side_name(side);
            format!("{name} {}!", verb(&name, "wins", "win"))
        };
        Frame::NONE
            .fill(FELT_DARK)
            .stroke(Stroke::new(2.0, GOLD))
            .corner_radius(10.0)
            .inner_margin(16.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.vertical_centered(|ui| {
                    ui.label(RichText::new(headline).size(30.0).strong().color(GOLD));
                    let mut line = format!(
                        "{} {} – {} {}",
                        self.session.side_name(Side::Left),
                        view.score[0],
                        view.score[1],
                        self.session.side_name(Side::Right)
                    );
                    if let Some(s) = &view.shootout {
                        let g = s.goals();
                        line.push_str(&format!(" · penalties {}–{}", g[0], g[1]));
                    }
                    ui.label(RichText::new(line).size(18.0).color(CHALK));
                    ui.label(
                        RichText::new(format!(
                            "Decided {}",
                            crate::games::cardball::narrate::ending_words(&outcome.ending)
                        ))
                        .color(DIM),
                    );
                    ui.add_space(8.0);
                    if let Some(t) = self.session.tournament_now() {
                        self.standings(ui, &t);
                        ui.add_space(8.0);
                        if t.is_over() {
                            let champion = t
                                .winner()
                                .and_then(|m| self.session.managers().get(m))
                                .map_or_else(String::new, |m| m.name.clone());
                            ui.label(
                                RichText::new(format!("{champion} wins the tournament!"))
                                    .size(22.0)
                                    .strong()
                                    .color(GOLD),
                            );
                        } else if ui
                            .button(RichText::new("Next match").size(16.0).strong())
                            .clicked()
                        {
                            match self.session.next_match() {
                                Ok(_) => {
                                    self.roll_seen = None;
                                    self.autosave();
                                }
                                Err(e) => self.message = Some((e.to_string(), true)),
                            }
                        }
                    }
                    if ui
                        .button(RichText::new("Back to the start screen").size(16.0))
                        .clicked()
                    {
                        leave = true;
                    }
                });
            });
        leave
    }
}

impl CardballTable {
    /// The tournament's league table.
    fn standings(&self, ui: &mut egui::Ui, t: &Tournament) {
        ui.label(RichText::new("Tournament table").strong().color(GOLD));
        egui::Grid::new("cardball-standings")
            .striped(true)
            .spacing([14.0, 4.0])
            .show(ui, |ui| {
                for h in ["", "Manager", "P", "W", "D", "L", "Goals", "Pts"] {
                    ui.label(RichText::new(h).strong().color(CHALK));
                }
                ui.end_row();
                for (rank, s) in t.standings().iter().enumerate() {
                    let name = self
                        .session
                        .managers()
                        .get(s.manager)
                        .map_or_else(|| format!("Manager {}", s.manager + 1), |m| m.name.clone());
                    ui.label(RichText::new(format!("{}.", rank + 1)).color(DIM));
                    ui.label(RichText::new(name).color(CHALK));
                    for n in [s.played, s.won, s.drawn, s.lost] {
                        ui.label(RichText::new(n.to_string()).color(CHALK));
                    }
                    ui.label(
                        RichText::new(format!("{}:{}", s.goals_for, s.goals_against)).color(CHALK),
                    );
                    ui.label(RichText::new(s.points.to_string()).strong().color(GOLD));
                    ui.end_row();
                }
            });
        let left = t.fixtures().len() - t.played().len();
        if left > 0 {
            ui.label(RichText::new(format!("{left} match(es) to play")).color(DIM));
        }
    }
}

/// How a card is drawn.
#[derive(Clone, Copy, Debug)]
struct Look {
    /// The card's owner has the ball (the top half counts).
    attacking: bool,
    /// The zone class the card is read in.
    class: ZoneClass,
    /// It can be clicked now.
    enabled: bool,
    /// It won the round.
    highlight: bool,
}

/// What a goal is called, by the side that defends it: "Ada's goal".
fn goal_label(owner: &str) -> String {
    format!("{owner}'s goal")
}

/// `text` on one line at most `width` points wide, cut with "…".
fn one_line(text: &str, width: f32, colour: Color32) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::simple_singleline(
        text.to_string(),
        FontId::proportional(11.0),
        colour,
    );
    job.wrap = egui::text::TextWrapping::truncate_at_width(width);
    job
}

/// A position's colour on the card's band.
fn position_colour(card: &ManagerCard) -> Color32 {
    use crate::games::cardball::Position as P;
    match card.position {
        P::GK => Color32::from_rgb(0xC9, 0x8A, 0x00),
        P::FB | P::CB => Color32::from_rgb(0x1F, 0x5F, 0xAF),
        P::CDM | P::CM | P::CAM => Color32::from_rgb(0x1E, 0x7A, 0x3C),
        P::W | P::ST => Color32::from_rgb(0xB3, 0x2D, 0x2D),
        P::MGR => Color32::from_rgb(0x55, 0x2E, 0x8C),
    }
}

/// A mark in words.
fn mark_text(m: Mark) -> String {
    match m {
        Mark::None => "—".into(),
        Mark::Chance => "has a chance".into(),
        Mark::Takes => "takes the ball".into(),
        Mark::Fifty => "50/50".into(),
        Mark::Hundred => "100".into(),
    }
}

/// What an attacking half does on a win, in words (empty for a hold).
fn payload_text(t: Top) -> String {
    match (t.mark, t.payload) {
        (Mark::None, _) | (_, Payload::Hold) => String::new(),
        (_, Payload::Advance(n)) => format!("then advance {n}"),
        (_, Payload::Shoot) => "then SHOOT".into(),
    }
}

/// A row of face-down cards (`count` of them, overlapping), with a number
/// on the last when `label` is given.
fn backs(ui: &mut egui::Ui, count: usize, scale: f32, label: Option<usize>) {
    if count == 0 {
        return;
    }
    let card = Vec2::new(63.5, 88.9) * scale;
    let step = card.x * 0.35;
    let width = card.x + step * (count.saturating_sub(1)) as f32;
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, card.y), Sense::hover());
    let p = ui.painter();
    for k in 0..count {
        let r = Rect::from_min_size(rect.min + Vec2::new(step * k as f32, 0.0), card);
        p.rect_filled(
            r,
            CornerRadius::same(3),
            Color32::from_rgb(0x1B, 0x3A, 0x6B),
        );
        p.rect_stroke(
            r.shrink(2.0),
            CornerRadius::same(2),
            Stroke::new(1.0, CHALK.gamma_multiply(0.6)),
            StrokeKind::Inside,
        );
    }
    if let Some(n) = label {
        let last = Rect::from_min_size(rect.min + Vec2::new(step * (count - 1) as f32, 0.0), card);
        p.text(
            last.center(),
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional(13.0),
            CHALK,
        );
    }
}

impl crate::ui::table::Table for CardballTable {
    fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        CardballTable::show(self, ui)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cardball::Top;

    #[test]
    fn halves_read_as_words() {
        assert_eq!(mark_text(Mark::Takes), "takes the ball");
        let top = |mark, payload| Top { mark, payload };
        assert_eq!(
            payload_text(top(Mark::Fifty, Payload::Advance(2))),
            "then advance 2"
        );
        assert_eq!(
            payload_text(top(Mark::Hundred, Payload::Shoot)),
            "then SHOOT"
        );
        assert_eq!(payload_text(top(Mark::Chance, Payload::Hold)), "");
        assert_eq!(payload_text(Top::NONE), "");
    }
}
