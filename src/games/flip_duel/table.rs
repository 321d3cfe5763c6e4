//! The Flip Duel table in the shared shell ([`crate::ui::shell`]): the
//! score, the half and the attack streak, both packs and the two laid
//! cards side by side with the compared sections highlighted, a line in
//! words for the last comparison and the house rules before the first
//! decision on the board; the prompt, the Lay buttons and the hand (house
//! rule) in the dock; the injury-time choice with the app's advice.
//!
//! The table draws [`crate::ui::session::Session::view`] only and sends
//! the engine's legal actions; it decides no rule itself. In hot-seat with
//! the official rules nothing secret is chosen while laying (both lay the
//! top card blind), so both players lay on one screen that shows only
//! public information; choosing injury-time cards, or laying from a hand
//! (house rule), goes behind the shared "pass the device" curtain.

use super::session::FlipDuelSession;
use super::{
    Action, Area, CardId, CardSet, Event, FlipDuel, FlipDuelConfig, FlipDuelView, Period, Phase,
    Play, RUN_FOR_SHOT, Step, card_values, suggest_aside,
};
use crate::cards::DataSource;
use crate::engine::{Game as _, Seat};
use crate::ui::palette::{CHALK, DIM, FELT_DARK, GOLD};
use crate::ui::seating::{self, Seated as _, Shortcut};
use crate::ui::session::{LogLine, Session, TableGame as _};
use crate::ui::shell::{self, Desk, Shell, TableInfo, TableView};
use crate::ui::table::SavedTable;
use egui::{
    Align, Align2, Color32, CornerRadius, FontId, Frame, Key, Layout, Pos2, Rect, RichText, Sense,
    Stroke, StrokeKind, Vec2,
};
use std::path::PathBuf;

mod cards;

use cards::{both_sides, mini_card, paint_back, paint_side};

/// Lays the top card (one human, or hot seat after the curtain).
pub const LAY_KEYS: [Shortcut; 2] = [Shortcut::key(Key::Space), Shortcut::key(Key::Enter)];
/// Lays the left and the right side's top card when two people share
/// the device and lay at once.
pub const SHARED_LAY_KEYS: [Shortcut; 2] = [Shortcut::key(Key::A), Shortcut::key(Key::L)];
/// Sets aside the app's suggested injury-time cards.
pub const ASIDE_KEY: Shortcut = Shortcut::key(Key::S);
/// Lays the first to fifth card of the hand (house rule).
pub const HAND_KEYS: [Shortcut; 5] = [
    Shortcut::key(Key::Num1),
    Shortcut::key(Key::Num2),
    Shortcut::key(Key::Num3),
    Shortcut::key(Key::Num4),
    Shortcut::key(Key::Num5),
];

/// A full-size card on the table, in points (poker proportions).
const CARD: Vec2 = Vec2::new(150.0, 210.0);
/// The card's cream paper.
const PAPER: Color32 = Color32::from_rgb(0xFA, 0xF7, 0xEE);
/// Ink on the paper.
const INK: Color32 = Color32::from_gray(35);

/// An area's colour on the printed card: green, red, yellow, blue.
pub fn area_colour(area: Area) -> Color32 {
    match area {
        Area::Attack => Color32::from_rgb(0x2E, 0x8B, 0x3E),
        Area::Goal => Color32::from_rgb(0xC6, 0x28, 0x28),
        Area::Penalty => Color32::from_rgb(0xE0, 0xA8, 0x00),
        Area::FreeKick => Color32::from_rgb(0x1E, 0x63, 0xC0),
    }
}

/// `#rrggbb` as a colour (grey when it is not one).
fn hex(s: &str) -> Color32 {
    let s = s.trim_start_matches('#');
    let byte = |i: usize| {
        s.get(i..i + 2)
            .and_then(|b| u8::from_str_radix(b, 16).ok())
            .unwrap_or(0x80)
    };
    Color32::from_rgb(byte(0), byte(2), byte(4))
}

/// A team's colour (seat 0's team first).
fn team_colour(cards: &CardSet, seat: Seat) -> Color32 {
    cards
        .teams
        .get(seat.index())
        .map_or(DIM, |t| hex(&t.colour))
}

/// A team's colour made readable on the dark felt.
fn team_text(cards: &CardSet, seat: Seat) -> Color32 {
    let c = team_colour(cards, seat);
    Color32::from_rgb(
        c.r().saturating_add(70),
        c.g().saturating_add(70),
        c.b().saturating_add(70),
    )
}

/// What the next pair of cards is read for, in words.
pub fn play_text(play: Play) -> String {
    match play {
        Play::Open { run } => format!("open play, {run} in a row"),
        Play::Shot { from } => format!("a shot after {}", from.describe()),
        Play::Penalty => "a penalty".into(),
        Play::FreeKick => "a free kick".into(),
    }
}

/// The period in words.
fn period_text(p: Period) -> &'static str {
    match p {
        Period::FirstHalf => "First half",
        Period::SecondHalf => "Second half",
        Period::InjuryTime => "Injury time",
        Period::FullTime => "Full time",
    }
}

/// One line of the statistics at full time.
type Stat = fn(&super::TeamStats) -> u32;

/// A house rule's choices: (value, label).
type Choices<T> = &'static [(T, &'static str)];

const HANDS: Choices<u8> = &[(0, "Official: lay the top card"), (3, "A hand of three")];
const LENGTHS: Choices<Option<u8>> = &[
    (None, "Official: 45 cards a half"),
    (Some(30), "30 cards a half"),
    (Some(20), "20 cards a half"),
];
const FLIPS: Choices<bool> = &[
    (true, "Official: a flip turns the pack over"),
    (false, "A flip keeps the pack's order"),
];
const INJURY: Choices<u8> = &[
    (8, "Official: 8 injury-time cards"),
    (4, "4 injury-time cards"),
    (0, "No injury time"),
];

/// The Flip Duel table in the shell.
pub type FlipDuelTable = Shell<FlipDuelBoard>;

/// What the Flip Duel table keeps besides the match: how far the newest
/// pair has turned over.
pub struct FlipDuelBoard {
    /// How many pairs had been turned over when last drawn, and when the
    /// newest was: the flip animation runs from then.
    flip_seen: (usize, f64),
    /// How far the newest pair has turned over this frame (0 to 1).
    flip: f32,
}

/// A Flip Duel table for `session`; `autosave` is where the match is kept
/// after every decision.
pub fn screen(
    session: FlipDuelSession,
    source: &DataSource,
    autosave: Option<PathBuf>,
) -> FlipDuelTable {
    let board = FlipDuelBoard {
        flip_seen: (reveals(&session), f64::NEG_INFINITY),
        flip: 1.0,
    };
    Shell::new(session, board, source, autosave)
}

/// Whether several people lay on one screen at once: hot-seat with the
/// official rules, where laying chooses nothing and hides nothing.
fn shared_lay(session: &FlipDuelSession) -> bool {
    let g = session.game();
    session.human_seats().len() > 1 && g.rules().hand == 0 && g.phase() == Phase::Lay
}

/// The view on screen and whose log it shows.
fn shown(session: &FlipDuelSession) -> (FlipDuelView, Option<Seat>) {
    if shared_lay(session) {
        (session.game().spectator_view(), None)
    } else {
        (session.view(), session.viewer())
    }
}

/// A seat's name and team (`Ann (Red)`).
fn who(session: &FlipDuelSession, seat: Seat) -> String {
    format!(
        "{} ({})",
        session.name(seat),
        session.game().cards().team_name(seat.0)
    )
}

/// Sets aside the app's suggestion for `seat`, as many cards as are still
/// to go.
fn aside_suggested(desk: &mut Desk<'_, FlipDuel>, seat: Seat) {
    let view = desk.session().game().view(seat);
    let left = usize::from(view.rules.injury_cards).saturating_sub(view.my_aside.len());
    let suggested: Vec<CardId> = suggest_aside(&view)
        .into_iter()
        .filter(|c| view.my_pack.contains(c))
        .take(left)
        .collect();
    for card in suggested {
        if desk.session().human_actor() != Some(seat) || !desk.act(seat, Action::SetAside { card })
        {
            break;
        }
    }
}

/// Whether the viewer is choosing injury-time cards now.
fn choosing(session: &FlipDuelSession, view: &FlipDuelView) -> bool {
    matches!(view.step, Step::Choose { .. })
        && view.must_act()
        && session.viewer() == Some(view.seat)
}

impl TableView for FlipDuelBoard {
    type Game = FlipDuel;
    const HIDDEN: &'static str =
        "Each player's injury-time cards and hand are hidden until they are ready.";

    fn info() -> TableInfo {
        TableInfo::new(
            super::ENTRY.name,
            super::ENTRY.rulebook,
            "flip-duel",
            "match",
        )
    }

    /// A saved match at a new table. The save carries its own card set,
    /// so a match goes on with the cards it started with.
    fn load(t: SavedTable<'_>) -> Result<FlipDuelTable, String> {
        let session =
            Session::<FlipDuel>::from_save_bytes(t.name, t.bytes, ()).map_err(|e| e.to_string())?;
        Ok(screen(session, t.source, t.autosave))
    }

    fn status(&self, session: &FlipDuelSession) -> String {
        let (view, _) = shown(session);
        let cards = &view.cards;
        let left = match view.period {
            Period::InjuryTime => format!(" · {} injury-time cards left", view.lays_left),
            Period::FullTime => String::new(),
            _ => format!(" · {} cards left in the half", view.lays_left),
        };
        format!(
            "{} {} – {} {} · {}{left}",
            cards.team_name(0),
            view.score[0],
            view.score[1],
            cards.team_name(1),
            period_text(view.period)
        )
    }

    fn log_colour(&self, session: &FlipDuelSession, line: &LogLine) -> Color32 {
        match line.seat {
            Some(s) => team_text(session.game().cards(), s),
            None => CHALK.gamma_multiply(0.85),
        }
    }

    fn log(&self, session: &FlipDuelSession) -> Vec<LogLine> {
        let (_, reader) = shown(session);
        if session.needs_handover().is_some() && !shared_lay(session) {
            session.log()
        } else {
            session.log_for(reader)
        }
    }

    fn curtain(&self, session: &FlipDuelSession, _now: f64) -> Option<Seat> {
        session.needs_handover().filter(|_| !shared_lay(session))
    }

    fn follow(&mut self, ctx: &egui::Context, session: &FlipDuelSession, now: f64) {
        let pairs = reveals(session);
        if pairs != self.flip_seen.0 {
            self.flip_seen = (pairs, now);
        }
        let length = session.pace.animation();
        self.flip = if length <= 0.0 {
            1.0
        } else {
            ((now - self.flip_seen.1) / length).clamp(0.0, 1.0) as f32
        };
        if self.flip < 1.0 {
            ctx.request_repaint();
        }
    }

    /// Laying, setting aside and the hand for the person deciding now (at
    /// a shared lay, each side's own key).
    fn keys(&mut self, ctx: &egui::Context, desk: &mut Desk<'_, FlipDuel>) {
        let pressed = |k: Shortcut| k.pressed(ctx);
        if shared_lay(desk.session()) {
            for (seat, key) in [Seat(0), Seat(1)].into_iter().zip(SHARED_LAY_KEYS) {
                if desk.session().game().laid(seat).is_none() && pressed(key) {
                    desk.act(seat, Action::Lay);
                }
            }
            return;
        }
        let Some(seat) = seating::key_seat(desk.session(), ctx) else {
            return;
        };
        let actions = desk.session().human_actions();
        if actions.contains(&Action::Lay) && LAY_KEYS.into_iter().any(pressed) {
            desk.act(seat, Action::Lay);
        } else if matches!(actions.first(), Some(Action::SetAside { .. })) && pressed(ASIDE_KEY) {
            aside_suggested(desk, seat);
        } else {
            let hand = desk.session().game().hand(seat).to_vec();
            if let Some(card) = hand
                .into_iter()
                .zip(HAND_KEYS)
                .find(|(card, key)| {
                    actions.contains(&Action::Play { card: *card }) && pressed(*key)
                })
                .map(|(card, _)| card)
            {
                desk.act(seat, Action::Play { card });
            }
        }
    }

    /// The score and streak, the house rules before the first decision,
    /// then the pack to choose from, or the pitch.
    fn board(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, FlipDuel>) {
        let session = desk.session();
        let (view, _) = shown(session);
        let room = ui.available_height();
        let top = ui.min_rect().top();
        Self::scoreboard(ui, session, &view);
        if session.record().actions.is_empty() {
            Self::house_rules(ui, desk);
        }
        let session = desk.session();
        ui.add_space(4.0);
        if matches!(view.step, Step::Choose { .. }) {
            if choosing(session, &view) {
                if let Some(card) = Self::pack_grid(ui, &view) {
                    desk.act(view.seat, Action::SetAside { card });
                }
            } else {
                let waiting: Vec<String> = match view.step {
                    Step::Choose { seats } => seats.iter().map(|s| who(session, s)).collect(),
                    _ => Vec::new(),
                };
                ui.label(
                    RichText::new(format!(
                        "Waiting for {} to choose the injury-time cards…",
                        waiting.join(" and ")
                    ))
                    .color(CHALK)
                    .size(16.0),
                );
                if !view.my_aside.is_empty() {
                    let names: Vec<String> =
                        view.my_aside.iter().map(|c| view.cards.label(*c)).collect();
                    ui.label(
                        RichText::new(format!("Your injury-time cards: {}", names.join(", ")))
                            .color(DIM),
                    );
                }
            }
            return;
        }
        let used = ui.min_rect().bottom() - top;
        Self::pitch(ui, session, &view, self.flip, room - used - 44.0);
    }

    /// The prompt with the Lay buttons, or the injury-time choice's, and
    /// the hand (house rule).
    fn dock(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, FlipDuel>) {
        let session = desk.session();
        let (view, _) = shown(session);
        if choosing(session, &view) {
            if Self::choose_prompt(ui, session, &view) {
                aside_suggested(desk, view.seat);
            }
            return;
        }
        let mut chosen = Self::prompt(ui, session, &view);
        if view.rules.hand > 0 && session.viewer() == Some(view.seat) {
            let room = desk.dock_room() - ui.min_rect().height() - 12.0;
            chosen = chosen.or(Self::hand(ui, session, &view, room));
        }
        if let Some((seat, action)) = chosen {
            desk.act(seat, action);
        }
    }

    fn result(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_, FlipDuel>) {
        let session = desk.session();
        let (view, _) = shown(session);
        Self::scoreboard(ui, session, &view);
        ui.add_space(6.0);
        Self::result_box(ui, session, &view);
    }
}

impl FlipDuelBoard {
    fn scoreboard(ui: &mut egui::Ui, session: &FlipDuelSession, view: &FlipDuelView) {
        let cards = view.cards.clone();
        ui.horizontal_wrapped(|ui| {
            let [r, b] = [Seat(0), Seat(1)];
            ui.label(
                RichText::new(who(session, r))
                    .strong()
                    .size(18.0)
                    .color(team_text(&cards, r)),
            );
            ui.label(
                RichText::new(format!("{} – {}", view.score[0], view.score[1]))
                    .strong()
                    .size(22.0)
                    .color(CHALK),
            );
            ui.label(
                RichText::new(who(session, b))
                    .strong()
                    .size(18.0)
                    .color(team_text(&cards, b)),
            );
            ui.separator();
            let left = match view.period {
                Period::InjuryTime => format!(" · {} injury-time cards left", view.lays_left),
                Period::FullTime => String::new(),
                _ => format!(" · {} cards left in the half", view.lays_left),
            };
            ui.label(
                RichText::new(format!("{}{left}", period_text(view.period)))
                    .color(CHALK)
                    .size(15.0),
            );
        });
        if matches!(view.step, Step::Choose { .. } | Step::Over) {
            return;
        }
        ui.horizontal(|ui| {
            let attacker = view.attacker;
            ui.label(
                RichText::new(format!(
                    "{} ATTACK",
                    cards.team_name(attacker.0).to_uppercase()
                ))
                .strong()
                .size(16.0)
                .color(team_text(&cards, attacker)),
            );
            ui.label(RichText::new("· Attack streak").color(CHALK));
            let run = match view.play {
                Play::Open { run } => run,
                Play::Shot { .. } => RUN_FOR_SHOT,
                _ => 0,
            };
            let (rect, _) = ui.allocate_exact_size(Vec2::new(66.0, 16.0), Sense::hover());
            for k in 0..RUN_FOR_SHOT {
                let c = rect.left_center() + Vec2::new(9.0 + 20.0 * f32::from(k), 0.0);
                if k < run {
                    ui.painter().circle_filled(c, 7.0, GOLD);
                } else {
                    ui.painter().circle_stroke(c, 6.5, Stroke::new(1.5, DIM));
                }
            }
            ui.label(RichText::new(format!("{run} of {RUN_FOR_SHOT}")).color(CHALK))
                .on_hover_text("Three successful attacks in a row make the next card a shot");
            ui.label(
                RichText::new(format!("· next pair: {}", play_text(view.play)))
                    .color(GOLD)
                    .size(15.0),
            );
        });
    }

    /// The house rules, changeable until the first decision: official by
    /// default. A change starts the match afresh with the same seats and
    /// seed.
    fn house_rules(ui: &mut egui::Ui, desk: &mut Desk<'_, FlipDuel>) {
        let mut config: FlipDuelConfig = desk.session().record().config.clone();
        let before = config.clone();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("House rules:").color(GOLD));
            choice(ui, "Hand", &mut config.hand, HANDS);
            choice(ui, "Match length", &mut config.half_cards, LENGTHS);
            choice(ui, "Injury time", &mut config.injury_cards, INJURY);
            choice(ui, "Flip", &mut config.turn_packs_over, FLIPS);
            if config
                .fixed_injury_time
                .is_some_and(|n| n > config.injury_cards)
            {
                config.fixed_injury_time = None;
            }
        });
        if config != before {
            let seed = desk.session().record().seed;
            let managers = desk.session().managers().to_vec();
            match Session::flip_duel(managers, config, seed) {
                Ok(s) => desk.replace(s),
                Err(e) => desk.say(e.to_string(), true),
            }
        }
    }

    /// The injury-time choice's prompt and the button that sets aside
    /// the app's suggestion; true when it was clicked.
    fn choose_prompt(ui: &mut egui::Ui, session: &FlipDuelSession, view: &FlipDuelView) -> bool {
        let seat = view.seat;
        let need = usize::from(view.rules.injury_cards);
        let mut suggested = false;
        ui.horizontal_wrapped(|ui| {
            shell::prompt(
                ui,
                format!(
                    "{}: choose {need} injury-time cards ({} of {need} aside)",
                    who(session, seat),
                    view.my_aside.len()
                ),
            );
            let label = format!("Set aside the suggested cards ({})", ASIDE_KEY.name());
            suggested = ui
                .button(RichText::new(label).strong())
                .on_hover_text(
                    ASIDE_KEY.hint("The app's choice: the cards worth least over a match"),
                )
                .clicked();
        });
        ui.label(
            RichText::new(
                "Only about four injury-time cards are ever laid, so set aside the ones worth \
                 least. Cards are listed worst first; a star marks the app's suggestion. Hover a card to \
                 see both sides; click to set it aside.",
            )
            .color(DIM),
        );
        if !view.my_aside.is_empty() {
            let names: Vec<&str> = view.my_aside.iter().map(|c| view.cards.name(*c)).collect();
            ui.label(RichText::new(format!("Aside: {}", names.join(", "))).color(CHALK));
        }
        suggested
    }

    /// Every card of the pack for the injury-time choice, worst first,
    /// the app's suggestion starred, fitted to the room; returns the card
    /// clicked.
    fn pack_grid(ui: &mut egui::Ui, view: &FlipDuelView) -> Option<CardId> {
        let values = card_values(view);
        let suggested = suggest_aside(view);
        let mut pack: Vec<(CardId, f64)> = values
            .into_iter()
            .filter(|(c, _)| view.my_pack.contains(c))
            .collect();
        pack.reverse();
        let gap = 4.0;
        let width = ui.available_width();
        let cols = ((width + gap) / (72.0 + gap)).floor().max(1.0) as usize;
        let rows = pack.len().div_ceil(cols).max(1);
        let cell_w = (width + gap) / cols as f32 - gap;
        let cell_h = ((ui.available_height() - 4.0) / rows as f32 - gap).clamp(44.0, 90.0);
        let mut clicked = None;
        for row in pack.chunks(cols) {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = gap;
                for &(card, worth) in row {
                    let star = suggested.contains(&card);
                    let resp = mini_card(ui, view, card, worth, star, Vec2::new(cell_w, cell_h));
                    let resp = resp.on_hover_ui(|ui| both_sides(ui, &view.cards, card));
                    if resp.clicked() {
                        clicked = Some(card);
                    }
                }
            });
            ui.add_space(gap - ui.spacing().item_spacing.y);
        }
        clicked
    }

    /// Both packs and the two laid cards: Red's on the left, Blue's on the
    /// right, whoever attacks.
    fn pitch(
        ui: &mut egui::Ui,
        session: &FlipDuelSession,
        view: &FlipDuelView,
        flip: f32,
        room: f32,
    ) {
        let cards = view.cards.clone();
        let attacker = view.last.map_or(view.attacker, |l| l.attacker);
        let pack_w = 96.0;
        let gap = 14.0;
        let width = ui.available_width();
        let scale = ((width - 2.0 * pack_w - 3.0 * gap) / (2.0 * CARD.x))
            .min((room - 22.0) / CARD.y)
            .clamp(0.6, 2.2);
        let card = CARD * scale;
        let height = card.y + 22.0;
        let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
        let p = ui.painter_at(rect.expand(2.0));
        let mid = rect.center().x;
        let top = rect.top() + 20.0;
        let left = Rect::from_min_size(Pos2::new(mid - gap / 2.0 - card.x, top), card);
        let right = Rect::from_min_size(Pos2::new(mid + gap / 2.0, top), card);
        let slot = |seat: Seat| if seat == Seat(0) { left } else { right };
        let pack_at = |seat: Seat| {
            let x = if seat == Seat(0) {
                left.left() - gap - pack_w
            } else {
                right.right() + gap
            };
            Rect::from_min_size(Pos2::new(x, top), Vec2::new(pack_w, card.y))
        };
        for seat in [Seat(0), Seat(1)] {
            Self::paint_pack(&p, pack_at(seat), view, seat);
        }
        match view.last {
            Some(last) => {
                let area = last.play.area();
                let hl = (flip >= 1.0).then_some((area, last.section));
                for (owner, id, attack_side, caption) in [
                    (attacker, last.attack, true, "attack side"),
                    (super::other(attacker), last.defend, false, "defence side"),
                ] {
                    let r = slot(owner);
                    p.text(
                        Pos2::new(r.center().x, rect.top() + 2.0),
                        Align2::CENTER_TOP,
                        format!("{} · {caption}", cards.team_name(owner.0)),
                        FontId::proportional(13.0),
                        team_text(&cards, owner),
                    );
                    // The flip: the card narrows to an edge showing its
                    // back, then widens face up.
                    let k = (flip * 2.0 - 1.0).abs();
                    let shown =
                        Rect::from_center_size(r.center(), Vec2::new(r.width() * k, r.height()));
                    if flip < 0.5 {
                        paint_back(&p, shown, team_colour(&cards, owner));
                    } else if let Some(c) = cards.card(id) {
                        paint_side(&p, shown, &cards, c, attack_side, hl);
                    }
                }
            }
            None => {
                for r in [left, right] {
                    p.rect_stroke(
                        r,
                        CornerRadius::same(8),
                        Stroke::new(1.5, CHALK.gamma_multiply(0.4)),
                        StrokeKind::Inside,
                    );
                }
                p.text(
                    Pos2::new(mid, top + card.y / 2.0),
                    Align2::CENTER_CENTER,
                    "The cards are laid here",
                    FontId::proportional(14.0),
                    DIM,
                );
            }
        }
        // A card face down for the next pair, over the pack that laid it.
        for seat in [Seat(0), Seat(1)] {
            if view.laid.get(seat.index()).copied().unwrap_or(false) {
                let pack = pack_at(seat);
                let r = Rect::from_min_size(
                    Pos2::new(pack.left() + 8.0, top + card.y * 0.55),
                    Vec2::new(pack_w - 16.0, card.y * 0.4),
                );
                paint_back(&p, r, team_colour(&cards, seat));
                p.text(
                    r.center(),
                    Align2::CENTER_CENTER,
                    "laid",
                    FontId::proportional(13.0),
                    CHALK,
                );
            }
        }
        // The comparison in words, in a box of fixed height so that the
        // buttons below never move under the mouse.
        let line = if flip >= 1.0 {
            Self::comparison(session)
        } else {
            None
        };
        ui.allocate_ui_with_layout(Vec2::new(width, 40.0), Layout::top_down(Align::Min), |ui| {
            ui.set_min_height(40.0);
            if let Some(line) = line {
                ui.label(RichText::new(line).color(CHALK).size(14.5));
            }
        });
    }

    /// The last comparison and its result in words (public).
    fn comparison(session: &FlipDuelSession) -> Option<String> {
        let cards = session.game().cards();
        let events = session.events();
        let at = events
            .iter()
            .rposition(|e| matches!(e, Event::Revealed { .. }))?;
        let mut line = events.get(at)?.describe(cards, None)?;
        if let Some(result) = events
            .get(at + 1..)
            .and_then(|rest| rest.iter().find(|e| matches!(e, Event::Result { .. })))
            .and_then(|e| e.describe(cards, None))
        {
            line.push_str(" — ");
            line.push_str(&result);
        }
        Some(line)
    }

    /// A pack: its back, the cards in it, aside, in hand and whether a card
    /// is down.
    fn paint_pack(p: &egui::Painter, r: Rect, view: &FlipDuelView, seat: Seat) {
        let cards = &view.cards;
        let i = seat.index();
        let count = view.pack_counts.get(i).copied().unwrap_or(0);
        let back = Rect::from_min_size(r.min, Vec2::new(r.width(), r.height() * 0.42));
        for k in (0..3.min(count)).rev() {
            paint_back(
                p,
                back.translate(Vec2::splat(2.0 * k as f32)),
                team_colour(cards, seat),
            );
        }
        if count == 0 {
            p.rect_stroke(
                back,
                CornerRadius::same(6),
                Stroke::new(1.0, DIM),
                StrokeKind::Inside,
            );
        }
        p.text(
            back.center(),
            Align2::CENTER_CENTER,
            count.to_string(),
            FontId::proportional(20.0),
            CHALK,
        );
        let side = if view.attacker == seat {
            "attack side up"
        } else {
            "defence side up"
        };
        let mut lines = vec![
            format!("{} pack", cards.team_name(seat.0)),
            side.to_string(),
            format!("aside: {}", view.aside_counts.get(i).copied().unwrap_or(0)),
        ];
        if view.rules.hand > 0 {
            lines.push(format!(
                "hand: {}",
                view.hand_counts.get(i).copied().unwrap_or(0)
            ));
        }
        p.text(
            Pos2::new(r.center().x, back.bottom() + 4.0),
            Align2::CENTER_TOP,
            lines.join("\n"),
            FontId::proportional(12.0),
            team_text(cards, seat),
        );
    }

    /// What the player is asked to do now, or who is awaited; returns
    /// the seat that lays and how.
    fn prompt(
        ui: &mut egui::Ui,
        session: &FlipDuelSession,
        view: &FlipDuelView,
    ) -> Option<(Seat, Action)> {
        let Step::Lay { seats } = view.step else {
            return None;
        };
        let mut chosen = None;
        if shared_lay(session) {
            ui.horizontal(|ui| {
                for (seat, key) in [Seat(0), Seat(1)].into_iter().zip(SHARED_LAY_KEYS) {
                    let laid = !seats.contains(seat);
                    let text = if laid {
                        format!("{} has laid", who(session, seat))
                    } else {
                        format!("{} lays ({})", who(session, seat), key.name())
                    };
                    let b = ui.add_enabled(
                        !laid,
                        egui::Button::new(RichText::new(text).size(17.0).strong())
                            .fill(FELT_DARK)
                            .stroke(Stroke::new(2.0, team_text(&view.cards, seat))),
                    );
                    if b.on_hover_text(key.hint("Lay this side's top card"))
                        .clicked()
                    {
                        chosen = Some((seat, Action::Lay));
                    }
                }
            });
            return chosen;
        }
        let me = view.seat;
        let mine = session.viewer() == Some(me) && seats.contains(me);
        let role = if view.attacking() { "attack" } else { "defend" };
        if mine && view.rules.hand == 0 {
            ui.horizontal(|ui| {
                let b = ui.add(
                    egui::Button::new(
                        RichText::new(format!("Lay your top card ({})", LAY_KEYS[0].name()))
                            .size(17.0)
                            .strong(),
                    )
                    .fill(FELT_DARK)
                    .stroke(Stroke::new(2.0, GOLD)),
                );
                let hint = format!(
                    "Turn your top card over on the table ({} or {})",
                    LAY_KEYS[0].name(),
                    LAY_KEYS[1].name()
                );
                if b.on_hover_text(hint).clicked() {
                    chosen = Some((me, Action::Lay));
                }
                ui.label(
                    RichText::new(format!(
                        "You {role}: your pack is {} side up.",
                        side_word(view.attacking())
                    ))
                    .color(CHALK),
                );
            });
        } else if mine {
            shell::prompt(
                ui,
                format!(
                    "You {role}: choose a card from your hand ({}–{}) to lay {} side up.",
                    HAND_KEYS[0].name(),
                    HAND_KEYS
                        .get(view.my_hand.len().saturating_sub(1))
                        .map_or(String::new(), |k| k.name()),
                    side_word(view.attacking())
                ),
            );
        } else {
            let waiting: Vec<String> = seats.iter().map(|s| who(session, s)).collect();
            shell::prompt(ui, format!("Waiting for {} to lay…", waiting.join(" and ")));
        }
        chosen
    }

    /// The hand (house rule): each card with the side up it is laid with.
    fn hand(
        ui: &mut egui::Ui,
        session: &FlipDuelSession,
        view: &FlipDuelView,
        room: f32,
    ) -> Option<(Seat, Action)> {
        let actions = session.human_actions();
        let attacking = view.attacking();
        let scale = ((room - 8.0) / CARD.y).clamp(0.4, 0.8);
        let mut chosen = None;
        ui.horizontal(|ui| {
            for (k, &card) in view.my_hand.iter().enumerate() {
                let play = Action::Play { card };
                let enabled = actions.contains(&play);
                let (rect, resp) = ui.allocate_exact_size(CARD * scale, Sense::click());
                let key = HAND_KEYS.get(k).map_or(String::new(), |k| k.name());
                let label = format!("Lay {} ({key})", view.cards.label(card));
                resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &label));
                if let Some(c) = view.cards.card(card) {
                    let lift = if enabled && resp.hovered() { -4.0 } else { 0.0 };
                    let r = rect.translate(Vec2::new(0.0, lift));
                    paint_side(
                        ui.painter(),
                        r,
                        &view.cards,
                        c,
                        attacking,
                        Some((view.play.area(), 9)),
                    );
                    if enabled && resp.hovered() {
                        ui.painter().rect_stroke(
                            r,
                            CornerRadius::same(8),
                            Stroke::new(2.5, GOLD),
                            StrokeKind::Inside,
                        );
                    }
                }
                let resp = resp.on_hover_ui(|ui| both_sides(ui, &view.cards, card));
                if enabled && resp.clicked() {
                    chosen = Some(play);
                }
            }
        });
        Some((session.human_actor()?, chosen?))
    }

    /// The result: who won, the score and the statistics.
    fn result_box(ui: &mut egui::Ui, session: &FlipDuelSession, view: &FlipDuelView) {
        let Some(outcome) = &view.outcome else {
            return;
        };
        let cards = view.cards.clone();
        let headline = match outcome.winners.first() {
            Some(w) => format!("{} wins!", who(session, *w)),
            None => "A draw!".to_string(),
        };
        Frame::NONE
            .fill(FELT_DARK)
            .stroke(Stroke::new(2.0, GOLD))
            .corner_radius(10.0)
            .inner_margin(14.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.vertical_centered(|ui| {
                    ui.label(RichText::new(headline).size(28.0).strong().color(GOLD));
                    ui.label(
                        RichText::new(format!(
                            "{} {} – {} {}",
                            cards.team_name(0),
                            view.score[0],
                            view.score[1],
                            cards.team_name(1)
                        ))
                        .size(18.0)
                        .color(CHALK),
                    );
                    ui.add_space(6.0);
                    egui::Grid::new("flip-duel-stats")
                        .striped(true)
                        .spacing([18.0, 3.0])
                        .show(ui, |ui| {
                            ui.label("");
                            for s in [Seat(0), Seat(1)] {
                                ui.label(
                                    RichText::new(cards.team_name(s.0))
                                        .strong()
                                        .color(team_text(&cards, s)),
                                );
                            }
                            ui.end_row();
                            let rows: [(&str, Stat); 8] = [
                                ("Goals", |t| t.goals),
                                ("Shots", |t| t.shots),
                                ("Penalties", |t| t.penalties),
                                ("Free kicks", |t| t.free_kicks),
                                ("Tackled", |t| t.tackled),
                                ("Offside", |t| t.offsides),
                                ("Long balls", |t| t.long_balls),
                                ("Off the post", |t| t.posts),
                            ];
                            for (name, f) in rows {
                                ui.label(RichText::new(name).color(DIM));
                                for t in &view.stats {
                                    ui.label(RichText::new(f(t).to_string()).color(CHALK));
                                }
                                ui.end_row();
                            }
                        });
                });
            });
    }
}

/// "attack" or "defence".
fn side_word(attacking: bool) -> &'static str {
    if attacking { "attack" } else { "defence" }
}

/// How many pairs have been turned over in the match so far.
fn reveals(session: &FlipDuelSession) -> usize {
    session
        .events()
        .iter()
        .filter(|e| matches!(e, Event::Revealed { .. }))
        .count()
}

/// A house rule as a drop-down of its choices.
fn choice<T: PartialEq + Copy>(ui: &mut egui::Ui, label: &str, value: &mut T, choices: Choices<T>) {
    let shown = choices
        .iter()
        .find(|(v, _)| v == value)
        .map_or("", |(_, l)| *l);
    egui::ComboBox::new(("flip-duel-house-rule", label), label)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (v, label) in choices {
                ui.selectable_value(value, *v, *label);
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_and_words() {
        assert_eq!(hex("#c8102e"), Color32::from_rgb(0xC8, 0x10, 0x2E));
        assert_eq!(hex("nonsense"), Color32::from_rgb(0x80, 0x80, 0x80));
        assert_eq!(play_text(Play::Open { run: 2 }), "open play, 2 in a row");
        assert_eq!(side_word(false), "defence");
    }
}
