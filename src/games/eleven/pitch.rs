//! The pitch of a Matchday, drawn alike for the Matchday sandbox and the
//! season table: the 9 Zones in 5 Sections with the club's Jersey markers,
//! the Opponent card laid upside down over them once it is revealed (their
//! forwards in your defence line, their left on your right), both goals,
//! and the Section being compared.
//!
//! A screen hands the pitch a [`Scene`] (the setup, what is revealed, the
//! step being told, what may go where) and gets back what the pointer did
//! ([`Click`]): a click on a Zone, a marker or the goal, or something
//! dragged and dropped on one of them. Markers can be dragged while the
//! line-up is being made; a screen makes its own cards draggable with
//! [`Dragged`] as the payload.

use super::matchday::{
    AttackReport, MatchSetup, MatchStep, OpponentSpot, OpponentTeam, PieceRef, SectionReport,
};
use super::vocab::{Flank, Line, Task, Zone};
use crate::ui::palette::{CHALK, DIM, GOLD};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

/// Colour of attackers (the ball icon).
pub(super) const ATTACK: Color32 = Color32::from_rgb(0xF0, 0x6A, 0x4A);
/// Colour of defenders (the shield icon).
pub(super) const DEFENCE: Color32 = Color32::from_rgb(0x4C, 0x9A, 0xF0);
/// Colour of Goalkeepers.
pub(super) const KEEPER: Color32 = Color32::from_rgb(0xE8, 0xC8, 0x3A);

/// A Task's colour on markers and cards.
pub(super) fn task_colour(task: Task) -> Color32 {
    match task {
        Task::Attack => ATTACK,
        Task::Defence => DEFENCE,
        Task::Goalkeeper => KEEPER,
    }
}

/// What is being dragged over the pitch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dragged {
    /// A squad Player's card (squad index).
    Card(usize),
    /// A Jersey marker on the pitch (marker index).
    Marker(usize),
}

/// Where something was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Target {
    Zone(Zone),
    Marker(usize),
    Goal,
}

/// What the pointer did on the pitch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Click {
    /// A Zone (not on a marker).
    Zone(Zone),
    /// One of your markers.
    Marker(usize),
    /// Right-click on a marker: take it off (or its Player out).
    Remove(usize),
    /// The goal.
    Goal,
    /// Something dragged and let go over a Zone, a marker or the goal.
    Drop(Dragged, Target),
}

/// A verdict on a place for what is in hand: `Ok` where it may go, the
/// reason where not, `None` when nothing is in hand.
pub(super) type Verdict<'a> = &'a dyn Fn(Target) -> Option<Result<(), String>>;

/// What the pitch shows.
pub(super) struct Scene<'a> {
    /// Keeps the widgets of two pitches apart.
    pub id: &'static str,
    /// The squad and the line-up.
    pub setup: &'a MatchSetup,
    /// The Opponent, once revealed.
    pub opponent: Option<&'a OpponentTeam>,
    /// The Match step being told.
    pub step: Option<&'a MatchStep>,
    /// The score so far, while the Match is told.
    pub score: Option<(u32, u32)>,
    /// The line above the pitch when no Section is compared.
    pub caption: String,
    /// Whether the line-up is being made (clicks and drags count).
    pub editing: bool,
    /// The marker in hand.
    pub selected: Option<usize>,
    /// Whether the goal is where the card in hand goes.
    pub goal_lit: bool,
    /// Where what is in hand may go.
    pub verdict: Verdict<'a>,
    /// Each marker's name for screen readers and tests, and its tooltip.
    pub marker_label: &'a dyn Fn(usize) -> (String, String),
    /// The goal's name for screen readers and tests.
    pub goal_label: String,
    /// Engine words with card ids replaced by names.
    pub named: &'a dyn Fn(&str) -> String,
}

const GRASS: Color32 = Color32::from_rgb(0x2B, 0x7A, 0x45);
const GRASS_LIGHT: Color32 = Color32::from_rgb(0x31, 0x86, 0x4C);
const THEIRS_ATTACK: Color32 = Color32::from_rgb(0x8E, 0x2B, 0x22);
const THEIRS_DEFENCE: Color32 = Color32::from_rgb(0x22, 0x45, 0x8E);

/// How a piece came out of the Section being shown.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Goal,
    Saved,
    Blocked,
    Block,
    Beaten,
}

impl Mark {
    fn text(self) -> &'static str {
        match self {
            Mark::Goal => "GOAL",
            Mark::Saved => "SAVED",
            Mark::Blocked => "BLOCKED",
            Mark::Block => "BLOCK",
            Mark::Beaten => "BEATEN",
        }
    }

    fn colour(self) -> Color32 {
        match self {
            Mark::Goal => GOLD,
            Mark::Saved | Mark::Block => Color32::from_rgb(0x9F, 0xE0, 0xFF),
            Mark::Blocked | Mark::Beaten => Color32::from_gray(0xC0),
        }
    }
}

/// A round Jersey marker badge: the number on the Task's colour.
pub(super) fn jersey_badge(ui: &mut egui::Ui, jersey: Option<u8>, task: Task, size: f32) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    paint_marker(ui.painter(), rect.center(), size / 2.0, jersey, task, false);
}

fn paint_marker(
    painter: &egui::Painter,
    c: Pos2,
    r: f32,
    jersey: Option<u8>,
    task: Task,
    selected: bool,
) {
    painter.circle_filled(
        c + Vec2::new(0.0, r * 0.12),
        r,
        Color32::from_black_alpha(70),
    );
    painter.circle_filled(c, r, task_colour(task));
    painter.circle_stroke(c, r, Stroke::new((r * 0.12).max(1.0), CHALK));
    if selected {
        painter.circle_stroke(c, r + r * 0.3, Stroke::new((r * 0.16).max(2.0), GOLD));
    }
    let text = jersey.map_or_else(|| "·".to_string(), |n| n.to_string());
    painter.text(
        c,
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(r * 0.95),
        Color32::WHITE,
    );
    // The Task icon: a ball or a shield, at the marker's foot.
    let icon = c + Vec2::new(0.0, r * 0.72);
    let s = r * 0.22;
    match task {
        Task::Attack => {
            painter.circle_filled(icon, s, Color32::WHITE);
            painter.circle_filled(icon, s * 0.45, Color32::from_gray(30));
        }
        Task::Defence => {
            let pts = vec![
                icon + Vec2::new(-s, -s),
                icon + Vec2::new(s, -s),
                icon + Vec2::new(s, s * 0.2),
                icon + Vec2::new(0.0, s * 1.2),
                icon + Vec2::new(-s, s * 0.2),
            ];
            painter.add(egui::Shape::convex_polygon(
                pts,
                Color32::WHITE,
                Stroke::NONE,
            ));
        }
        Task::Goalkeeper => {}
    }
}

/// The Zone of yours that an Opponent Zone (their line, their flank)
/// faces: the card lies upside down, so lines and flanks swap.
fn facing_zone(line: Line, flank: Flank) -> Zone {
    let line = match line {
        Line::Defence => Line::Forward,
        Line::Midfield => Line::Midfield,
        Line::Forward => Line::Defence,
    };
    let flank = match flank {
        Flank::Left => Flank::Right,
        Flank::Centre => Flank::Centre,
        Flank::Right => Flank::Left,
    };
    Zone::at(line, flank)
}

/// The marks of one attack: attacker marks and defender marks by index.
fn attack_marks(a: &AttackReport) -> (Vec<(PieceRef, Mark)>, usize, usize) {
    let mut out = Vec::new();
    let who = |list: &[crate::games::eleven::matchday::Piece], i: usize| list.get(i).map(|p| p.who);
    for d in &a.outcome.duels {
        if d.blocked {
            out.extend(who(&a.attackers, d.attacker).map(|w| (w, Mark::Blocked)));
            out.extend(who(&a.defenders, d.defender).map(|w| (w, Mark::Block)));
        } else {
            out.extend(who(&a.defenders, d.defender).map(|w| (w, Mark::Beaten)));
        }
    }
    for &i in &a.outcome.saved {
        out.extend(who(&a.attackers, i).map(|w| (w, Mark::Saved)));
    }
    for &i in &a.outcome.scorers {
        out.extend(who(&a.attackers, i).map(|w| (w, Mark::Goal)));
    }
    let saves_left = usize::from(a.saves_before).saturating_sub(a.outcome.saved.len());
    (out, a.outcome.saved.len(), saves_left)
}

/// Draws the pitch in the space left and returns what the pointer did
/// on it, if anything.
pub(super) fn show(ui: &mut egui::Ui, scene: &Scene<'_>) -> Option<Click> {
    // The caption above the pitch, whatever the caller's layout.
    ui.vertical(|ui| draw(ui, scene)).inner
}

fn draw(ui: &mut egui::Ui, scene: &Scene<'_>) -> Option<Click> {
    let mut click = None;
    let section: Option<&SectionReport> = match scene.step {
        Some(MatchStep::Section(r)) => Some(r),
        _ => None,
    };
    let shown = scene.opponent;
    // Caption above the pitch.
    let caption = match section {
        Some(r) => format!(
            "Section {} of 5 · your {} against their {} · {}:{}",
            r.number, r.yours, r.theirs, r.score.0, r.score.1
        ),
        None => scene.caption.clone(),
    };
    ui.label(
        egui::RichText::new(&caption)
            .size(15.0)
            .color(if section.is_some() { GOLD } else { CHALK }),
    );
    ui.add_space(4.0);
    let avail = ui.available_rect_before_wrap();
    let h = avail.height().max(200.0);
    let w = avail.width().min(h * 1.0).max(200.0);
    let pitch = Rect::from_min_size(
        Pos2::new(avail.center().x - w / 2.0, avail.top()),
        Vec2::new(w, h),
    );
    // The pitch as a whole, named by its caption for screen readers.
    let whole = ui.allocate_rect(avail, Sense::hover());
    whole.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Image, true, format!("Pitch: {caption}"))
    });
    let painter = ui.painter_at(avail);
    let goal_h = h * 0.1;
    let row_h = (h - 2.0 * goal_h) / 3.0;
    let wing_w = w / 4.2;
    let centre_w = w - 2.0 * wing_w;
    let col_x = |flank: Flank| match flank {
        Flank::Left => (pitch.left(), wing_w),
        Flank::Centre => (pitch.left() + wing_w, centre_w),
        Flank::Right => (pitch.left() + wing_w + centre_w, wing_w),
    };
    let row_y = |line: Line| match line {
        Line::Forward => pitch.top() + goal_h,
        Line::Midfield => pitch.top() + goal_h + row_h,
        Line::Defence => pitch.top() + goal_h + 2.0 * row_h,
    };
    let zone_rect = |z: Zone| -> Rect {
        let (Some(line), Some(flank)) = (z.line(), z.side()) else {
            return Rect::NOTHING;
        };
        let (x, cw) = col_x(flank);
        Rect::from_min_size(Pos2::new(x, row_y(line)), Vec2::new(cw, row_h))
    };
    // Grass and chalk.
    painter.rect_filled(pitch, 6.0, GRASS);
    for (k, line) in [Line::Forward, Line::Midfield, Line::Defence]
        .into_iter()
        .enumerate()
    {
        if k % 2 == 1 {
            painter.rect_filled(
                Rect::from_min_size(Pos2::new(pitch.left(), row_y(line)), Vec2::new(w, row_h)),
                0.0,
                GRASS_LIGHT,
            );
        }
    }
    let chalk = Stroke::new(2.0, CHALK.gamma_multiply(0.85));
    painter.rect_stroke(pitch, 6.0, chalk, StrokeKind::Inside);
    let faint = Stroke::new(1.0, CHALK.gamma_multiply(0.3));
    for flank in [Flank::Centre, Flank::Right] {
        let x = col_x(flank).0;
        painter.line_segment(
            [
                Pos2::new(x, pitch.top() + goal_h),
                Pos2::new(x, pitch.bottom() - goal_h),
            ],
            faint,
        );
    }
    for line in Line::ALL {
        let y = row_y(line);
        painter.line_segment(
            [Pos2::new(pitch.left(), y), Pos2::new(pitch.right(), y)],
            faint,
        );
    }
    let bottom_line = pitch.bottom() - goal_h;
    painter.line_segment(
        [
            Pos2::new(pitch.left(), bottom_line),
            Pos2::new(pitch.right(), bottom_line),
        ],
        faint,
    );
    // The Section being compared.
    if let Some(r) = section {
        let cells: Vec<Zone> = Zone::PITCH
            .into_iter()
            .filter(|z| r.yours.contains(*z))
            .collect();
        let area = cells
            .iter()
            .map(|z| zone_rect(*z))
            .fold(Rect::NOTHING, |a, b| a.union(b));
        painter.rect_filled(pitch.shrink(1.0), 6.0, Color32::from_black_alpha(70));
        painter.rect_filled(area, 4.0, GRASS_LIGHT.gamma_multiply(1.1));
        painter.rect_stroke(
            area.shrink(2.0),
            4.0,
            Stroke::new(3.0, GOLD),
            StrokeKind::Inside,
        );
    }
    // Where the card or marker in hand (or being dragged) may go.
    let editing = scene.editing;
    let lit = |painter: &egui::Painter, rect: Rect, v: &Result<(), String>| {
        let (fill, border) = match v {
            Ok(()) => (
                Color32::from_rgba_unmultiplied(0xF5, 0xC5, 0x18, 40),
                Stroke::new(2.0, GOLD.gamma_multiply(0.8)),
            ),
            Err(_) => (
                Color32::from_rgba_unmultiplied(0x40, 0x00, 0x00, 50),
                Stroke::NONE,
            ),
        };
        painter.rect_filled(rect, 4.0, fill);
        painter.rect_stroke(rect, 4.0, border, StrokeKind::Inside);
    };
    // Where things are, for a drop: markers over Zones, the goal.
    let mut drop_spots: Vec<(Rect, Target)> = Vec::new();
    for z in Zone::PITCH {
        let rect = zone_rect(z);
        let id = egui::Id::unique((scene.id, "zone", z.key()));
        let mut resp = ui.interact(rect, id, Sense::click());
        resp.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, editing, format!("Zone {z}"))
        });
        let verdict = if editing {
            (scene.verdict)(Target::Zone(z))
        } else {
            None
        };
        if let Some(v) = &verdict {
            lit(&painter, rect.shrink(3.0), v);
            if let Err(e) = v {
                resp = resp.on_hover_text(format!("Refused: {}", (scene.named)(e)));
            } else {
                resp = resp.on_hover_text("Click to place here");
            }
        }
        painter.text(
            rect.left_top() + Vec2::new(6.0, 4.0),
            Align2::LEFT_TOP,
            z.to_string().to_uppercase(),
            FontId::proportional((row_h * 0.07).clamp(11.0, 14.0)),
            CHALK.gamma_multiply(0.45),
        );
        drop_spots.push((rect, Target::Zone(z)));
        if editing && resp.clicked() {
            click = Some(Click::Zone(z));
        }
    }
    // The Opponent, upside down over your Zones.
    let marks: Vec<(PieceRef, Mark)> = section
        .map(|r| {
            let (mut a, _, _) = attack_marks(&r.your_attack);
            a.extend(attack_marks(&r.their_attack).0);
            a
        })
        .unwrap_or_default();
    let mark_of = |w: PieceRef| marks.iter().find(|(p, _)| *p == w).map(|(_, m)| *m);
    let strength_in_section = |w: PieceRef| {
        section.and_then(|r| {
            [&r.your_attack, &r.their_attack]
                .iter()
                .flat_map(|a| a.attackers.iter().chain(&a.defenders))
                .find(|p| p.who == w)
                .map(|p| p.strength)
        })
    };
    if let Some(opponent) = shown {
        for line in Line::ALL {
            for flank in Flank::ALL {
                let players = opponent.line(line).zone(flank);
                let rect = zone_rect(facing_zone(line, flank));
                let n = players.len().max(1) as f32;
                let size = (rect.height() * 0.22).min(rect.width() / (n * 1.5));
                let y = rect.top() + rect.height() * 0.28;
                for (index, p) in players.iter().enumerate() {
                    let x = rect.center().x + (index as f32 - (n - 1.0) / 2.0) * size * 1.35;
                    let c = Pos2::new(x, y);
                    let who = PieceRef::Opponent(OpponentSpot { line, flank, index });
                    let strength = strength_in_section(who).unwrap_or(p.strength);
                    let fill = if p.task == Task::Attack {
                        THEIRS_ATTACK
                    } else {
                        THEIRS_DEFENCE
                    };
                    let r = Rect::from_center_size(c, Vec2::splat(size));
                    painter.rect_filled(r, size * 0.18, fill);
                    painter.rect_stroke(
                        r,
                        size * 0.18,
                        Stroke::new(
                            1.5,
                            if p.task == Task::Attack {
                                ATTACK
                            } else {
                                DEFENCE
                            },
                        ),
                        StrokeKind::Inside,
                    );
                    painter.text(
                        c,
                        Align2::CENTER_CENTER,
                        strength.to_string(),
                        FontId::proportional(size * 0.55),
                        Color32::WHITE,
                    );
                    // Their outcome in the Section replaces the Task label
                    // above the piece, clear of your markers below.
                    if let Some(m) = mark_of(who) {
                        mark_badge(&painter, r.center_top() + Vec2::new(0.0, -8.0), m, size);
                    } else {
                        painter.text(
                            r.center_top() + Vec2::new(0.0, -1.0),
                            Align2::CENTER_BOTTOM,
                            if p.task == Task::Attack { "ATT" } else { "DEF" },
                            FontId::proportional((size * 0.26).max(11.0)),
                            CHALK.gamma_multiply(0.8),
                        );
                    }
                }
            }
        }
    }
    // Your markers.
    let setup = scene.setup;
    for z in Zone::PITCH {
        let rect = zone_rect(z);
        let here: Vec<(usize, &super::matchday::Marker)> = setup
            .lineup
            .markers
            .iter()
            .enumerate()
            .filter(|(_, m)| m.zone == z)
            .collect();
        let n = here.len().max(1) as f32;
        let r = (rect.height() * 0.16)
            .min(rect.width() / (n * 2.9))
            .max(8.0);
        let y = if shown.is_some() {
            rect.top() + rect.height() * 0.66
        } else {
            rect.center().y
        };
        for (slot, (k, m)) in here.iter().enumerate() {
            let x = rect.center().x + (slot as f32 - (n - 1.0) / 2.0) * r * 2.7;
            let c = Pos2::new(x, y);
            let who = PieceRef::Marker(*k);
            let hit = Rect::from_center_size(c, Vec2::splat(r * 2.2));
            let verdict = if editing {
                (scene.verdict)(Target::Marker(*k))
            } else {
                None
            };
            if let Some(v) = &verdict {
                lit(&painter, hit.expand(2.0), v);
            }
            paint_marker(&painter, c, r, m.jersey, m.task, scene.selected == Some(*k));
            let strength = strength_in_section(who)
                .or_else(|| setup.marker_strength(*k))
                .unwrap_or(1);
            let badge = c + Vec2::new(r * 0.8, -r * 0.8);
            painter.circle_filled(badge, r * 0.42, Color32::from_gray(20));
            painter.circle_stroke(badge, r * 0.42, Stroke::new(1.0, GOLD));
            painter.text(
                badge,
                Align2::CENTER_CENTER,
                strength.to_string(),
                FontId::proportional(r * 0.55),
                GOLD,
            );
            let name = m
                .player
                .and_then(|i| setup.squad.get(i))
                .map_or_else(|| "no card".to_string(), |p| short_name(&p.name));
            painter.text(
                c + Vec2::new(0.0, r * 1.15),
                Align2::CENTER_TOP,
                &name,
                FontId::proportional((r * 0.5).clamp(11.0, 16.0)),
                if m.player.is_some() {
                    CHALK
                } else {
                    CHALK.gamma_multiply(0.6)
                },
            );
            if let Some(mark) = mark_of(who) {
                mark_badge(&painter, c + Vec2::new(0.0, -r * 1.45), mark, r * 1.6);
            }
            let (label, hover) = (scene.marker_label)(*k);
            let sense = if editing {
                Sense::click_and_drag()
            } else {
                Sense::hover()
            };
            let resp = ui.interact(hit, egui::Id::unique((scene.id, "marker", *k)), sense);
            let enabled = !matches!(verdict, Some(Err(_)));
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &label));
            if editing {
                resp.dnd_set_drag_payload(Dragged::Marker(*k));
                if resp.dragged() {
                    ghost(ui.ctx(), m.jersey, m.task, r);
                }
                let resp = match &verdict {
                    Some(Err(why)) => {
                        resp.on_hover_text(format!("Refused: {}", (scene.named)(why)))
                    }
                    _ => resp.on_hover_text(hover),
                };
                drop_spots.push((hit, Target::Marker(*k)));
                if resp.secondary_clicked() {
                    click = Some(Click::Remove(*k));
                } else if resp.clicked() {
                    click = Some(Click::Marker(*k));
                }
            } else if !hover.is_empty() {
                resp.on_hover_text(hover);
            }
        }
    }
    // Both goals.
    let ours = Rect::from_min_size(
        Pos2::new(pitch.left(), pitch.bottom() - goal_h),
        Vec2::new(w, goal_h),
    );
    let theirs = Rect::from_min_size(pitch.left_top(), Vec2::new(w, goal_h));
    let (our_saves, their_saves) = section
        .map(|r| {
            let (_, _, theirs_left) = attack_marks(&r.your_attack);
            let (_, _, ours_left) = attack_marks(&r.their_attack);
            (Some(ours_left), Some(theirs_left))
        })
        .unwrap_or((None, None));
    let keeper = setup.lineup.goalkeeper.and_then(|g| setup.squad.get(g));
    let our_text = match keeper {
        Some(p) => format!(
            "{} · Goalkeeper · Strength {} · {} save{}",
            p.name,
            (i32::from(p.strength) + p.tokens.modifier()).max(0),
            p.saves,
            if p.saves == 1 { "" } else { "s" }
        ),
        None => "No Goalkeeper card: Strength 1, 1 save".to_string(),
    };
    let goal_id = egui::Id::unique((scene.id, "our-goal"));
    let resp = ui.interact(ours, goal_id, Sense::click());
    let goal_verdict = if editing {
        (scene.verdict)(Target::Goal)
    } else {
        None
    };
    let enabled = editing && !matches!(goal_verdict, Some(Err(_)));
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &scene.goal_label));
    goal_box(
        &painter,
        ours,
        &our_text,
        our_saves,
        keeper.is_some(),
        scene.goal_lit || matches!(goal_verdict, Some(Ok(()))),
    );
    let resp = match &goal_verdict {
        Some(Err(why)) => resp.on_hover_text(format!("Refused: {}", (scene.named)(why))),
        _ => resp,
    };
    drop_spots.push((ours, Target::Goal));
    if editing && resp.clicked() {
        click = Some(Click::Goal);
    }
    // Something let go over the pitch lands on the topmost spot under
    // the pointer (a marker before its Zone).
    if editing
        && ui.input(|i| i.pointer.any_released())
        && let Some(at) = ui.input(|i| i.pointer.interact_pos())
        && pitch.contains(at)
        && let Some(d) = egui::DragAndDrop::take_payload::<Dragged>(ui.ctx())
        && let Some((_, target)) = drop_spots.iter().rev().find(|(r, _)| r.contains(at))
        && Target::Marker(match *d {
            Dragged::Marker(k) => k,
            Dragged::Card(_) => usize::MAX,
        }) != *target
    {
        click = Some(Click::Drop(*d, *target));
    }
    let their_text = match shown {
        Some(o) => format!(
            "{} · Goalkeeper · Strength {} · {} save{}",
            o.name,
            o.keeper.strength,
            o.keeper.saves,
            if o.keeper.saves == 1 { "" } else { "s" }
        ),
        None => "Their goal · revealed at kick-off".to_string(),
    };
    // Their goal says who guards it, for screen readers too.
    let resp = ui.interact(
        theirs,
        egui::Id::unique((scene.id, "their-goal")),
        Sense::hover(),
    );
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &their_text));
    goal_box(
        &painter,
        theirs,
        &their_text,
        their_saves,
        shown.is_some(),
        false,
    );
    // Goals scored so far in the Match, beside the goals.
    if let Some((a, b)) = scene.score {
        for (rect, n) in [(theirs, a), (ours, b)] {
            painter.text(
                rect.right_center() + Vec2::new(-12.0, 0.0),
                Align2::RIGHT_CENTER,
                format!("{n} ⚑"),
                FontId::proportional((goal_h * 0.32).clamp(12.0, 26.0)),
                GOLD,
            );
        }
    }
    click
}

/// A marker following the pointer while it is dragged.
pub(super) fn ghost(ctx: &egui::Context, jersey: Option<u8>, task: Task, r: f32) {
    let Some(at) = ctx.pointer_interact_pos() else {
        return;
    };
    let layer = egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("pitch-ghost"));
    let painter = ctx.layer_painter(layer);
    paint_marker(&painter, at, r, jersey, task, true);
}

/// The score after the first `shown` steps of a Match: (yours, theirs).
pub(super) fn score_at(steps: &[MatchStep], shown: usize) -> (u32, u32) {
    let mut score = (0, 0);
    for s in steps.iter().take(shown) {
        match s {
            MatchStep::Section(r) => score = r.score,
            MatchStep::ScoreChanged { score: s, .. } => score = *s,
            MatchStep::FullTime { own, opponent, .. } => score = (*own, *opponent),
            _ => {}
        }
    }
    score
}

/// Whether the Opponent has been revealed in the first `shown` steps.
pub(super) fn revealed(steps: &[MatchStep], shown: usize) -> bool {
    steps
        .iter()
        .take(shown)
        .any(|s| matches!(s, MatchStep::Reveal { .. }))
}

fn goal_box(
    painter: &egui::Painter,
    rect: Rect,
    text: &str,
    saves_left: Option<usize>,
    known: bool,
    highlight: bool,
) {
    let inner = rect.shrink2(Vec2::new(rect.width() * 0.16, rect.height() * 0.12));
    let stroke = if highlight {
        Stroke::new(3.0, GOLD)
    } else {
        Stroke::new(2.0, CHALK.gamma_multiply(0.85))
    };
    painter.rect_filled(
        inner,
        3.0,
        Color32::from_black_alpha(if known { 40 } else { 20 }),
    );
    painter.rect_stroke(inner, 3.0, stroke, StrokeKind::Inside);
    let font = FontId::proportional((rect.height() * 0.22).clamp(10.0, 17.0));
    painter.text(
        inner.center(),
        Align2::CENTER_CENTER,
        text,
        font.clone(),
        if known { CHALK } else { DIM },
    );
    if let Some(n) = saves_left {
        painter.text(
            inner.left_center() + Vec2::new(-8.0, 0.0),
            Align2::RIGHT_CENTER,
            format!("saves left {n}"),
            font,
            GOLD,
        );
    }
}

fn mark_badge(painter: &egui::Painter, c: Pos2, m: Mark, size: f32) {
    let font = FontId::proportional((size * 0.32).clamp(11.0, 15.0));
    let galley = painter.layout_no_wrap(m.text().to_string(), font, Color32::BLACK);
    let r = Rect::from_center_size(c, galley.size() + Vec2::new(8.0, 2.0));
    painter.rect_filled(r, 4.0, m.colour());
    painter.galley(r.min + Vec2::new(4.0, 1.0), galley, Color32::BLACK);
}

/// "Rafael Quintero" -> "R. Quintero".
fn short_name(name: &str) -> String {
    let mut parts = name.split_whitespace();
    match (parts.next(), parts.next()) {
        (Some(first), Some(_)) => {
            let rest: Vec<&str> = name.split_whitespace().skip(1).collect();
            let initial = first.chars().next().map(String::from).unwrap_or_default();
            format!("{initial}. {}", rest.join(" "))
        }
        _ => name.to_string(),
    }
}
