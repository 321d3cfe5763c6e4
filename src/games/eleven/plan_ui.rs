//! The Match plan at the season table: the manager starts from one of the
//! engine's suggested plans ([`Season::suggested_plans`]) and changes it by
//! mouse: the Formation (a Tactic card in hand and one of its Formations),
//! the Tactic cards played for their effect, who stands on each Jersey
//! marker and in goal, which Zone of its line a marker takes, the effect
//! costs paid and the Fan Base on the Stands.
//!
//! Placing goes through the Matchday engine's own helpers
//! ([`MatchSetup::check_placement`], [`MatchSetup::place`]), so a refused
//! move names the rule it breaks; whether the whole plan may be played is
//! the season engine's word ([`Season::check`]). Only the deciding
//! manager's own club is read, and only while that manager is behind the
//! curtain: nothing here is drawn for anyone else.

use super::matchday::{JerseyMove, MatchSetup, OpponentTeam, SquadPlayer, check_jersey_move};
use super::pitch::{self, Click, Dragged, Scene, Target, task_colour};
use super::season::{Action, MatchPlan, Season};
use super::vocab::{Flank, Resource, Task, Zone};
use crate::engine::Seat;
use crate::ui::faces::{Face, Faces};
use crate::ui::palette::{ALERT, CHALK, DIM, GOLD};
use egui::{Button, Color32, RichText, Sense, Stroke};
use std::collections::HashMap;

/// What the manager has picked to act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// A squad Player not on the pitch (squad index).
    Bench(usize),
    /// A Jersey marker on the pitch (marker index).
    Marker(usize),
    /// The goal.
    Goal,
}

/// The plan being built by one manager for one Matchday.
#[derive(Default)]
pub struct PlanEditor {
    /// What the draft was made from: the seat and its club as it stood
    /// (a decision, an undo or another manager starts a fresh draft).
    key: Option<String>,
    plan: Option<MatchPlan>,
    pick: Option<Pick>,
    notice: Option<(String, bool)>,
}

/// Short names of the Zones on the marker buttons.
fn zone_short(z: Zone) -> &'static str {
    match z {
        Zone::LeftDefence => "LD",
        Zone::CentralDefence => "CD",
        Zone::RightDefence => "RD",
        Zone::LeftMidfield => "LM",
        Zone::CentralMidfield => "CM",
        Zone::RightMidfield => "RM",
        Zone::LeftForward => "LF",
        Zone::CentralForward => "CF",
        Zone::RightForward => "RF",
        Zone::Goal => "GK",
    }
}

/// A Zone in words ("Left Defence"), as the line-up editor names it.
pub fn zone_words(z: Zone) -> String {
    z.to_string()
        .split(' ')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The side a Jersey marker shows, in words.
fn side_word(t: Task) -> &'static str {
    match t {
        Task::Attack => "attack",
        Task::Defence => "defence",
        Task::Goalkeeper => "goalkeeper",
    }
}

/// A Player's surname (the last word of the printed name).
fn surname(name: &str) -> &str {
    name.rsplit(' ').next().unwrap_or(name)
}

/// Replaces card ids in engine text with the names on the cards.
fn named(text: &str, squad: &[SquadPlayer]) -> String {
    let mut pairs: Vec<(&str, &str)> = squad
        .iter()
        .map(|p| (p.id.as_str(), p.name.as_str()))
        .collect();
    pairs.sort_by_key(|(id, _)| std::cmp::Reverse(id.len()));
    let mut out = text.to_string();
    for (id, name) in pairs {
        if out.contains(id) {
            out = out.replace(id, name);
        }
    }
    out
}

/// A sentence: capital first letter, full stop.
fn sentence(s: &str) -> String {
    let mut c = s.chars();
    let mut out = c
        .next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default();
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

/// Club `c`'s squad as the Match engine reads it (the club's Player list,
/// in order).
fn squad(season: &Season, c: usize) -> Vec<SquadPlayer> {
    let decks = &season.config.decks;
    season
        .clubs
        .get(c)
        .map(|club| {
            club.players
                .iter()
                .filter_map(|p| {
                    let card = decks.players.get(p.card)?;
                    let mut s = card.squad_player(p.side, p.tokens);
                    s.experience_filled = p.experience_filled.clone();
                    s.experience_filled.resize(s.experience.len(), false);
                    Some(s)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// An Opponent nobody has seen: placing markers never reads it.
fn nobody() -> OpponentTeam {
    use super::vocab::{Keeper, OpponentLine};
    OpponentTeam {
        name: String::new(),
        keeper: Keeper {
            strength: 0,
            saves: 0,
        },
        defence: OpponentLine::default(),
        midfield: OpponentLine::default(),
        forward: OpponentLine::default(),
    }
}

/// A name for each suggested plan that tells it from the others by what
/// it trades: its Formation, its Strength and its Fitness cost ("4-4-2 ·
/// Strength 14 for 9 Fitness"), with the Tactic card when two Formations
/// read alike, each with the full words for its tooltip and screen
/// readers. A plan another plan of the same Formation beats (as strong for
/// less Fitness, or stronger for as much) from the same Tactic card, or
/// that only repeats one, is left out (`None`): it is no choice.
fn plan_labels(
    plans: &[MatchPlan],
    squad: &[SquadPlayer],
    tactic_name: impl Fn(Option<usize>) -> String,
) -> Vec<Option<(String, String)>> {
    let facts: Vec<(u32, u32, usize, usize)> = plans
        .iter()
        .map(|p| {
            let setup = MatchSetup::new(squad.to_vec(), p.lineup.clone(), nobody());
            let strength: u32 = (0..p.lineup.markers.len())
                .filter_map(|k| setup.marker_strength(k))
                .map(u32::from)
                .sum();
            let fitness = setup
                .assigned_cost()
                .get(&Resource::Fitness)
                .copied()
                .unwrap_or(0);
            (
                strength,
                fitness,
                setup.assigned().len(),
                p.lineup.paid.len(),
            )
        })
        .collect();
    let formation = |i: usize| plans[i].lineup.formation.name.as_str();
    let kept: Vec<bool> = (0..plans.len())
        .map(|i| {
            let (s, f, _, e) = facts[i];
            !(0..plans.len()).any(|j| {
                let (s2, f2, _, e2) = facts[j];
                // A plan paying more effects is another kind of choice.
                j != i
                    && e2 >= e
                    && (plans[j].formation_tactic, plans[j].formation)
                        == (plans[i].formation_tactic, plans[i].formation)
                    && s2 >= s
                    && f2 <= f
                    && (s2 > s || f2 < f || j < i)
            })
        })
        .collect();
    let effects = |e: usize| match e {
        0 => String::new(),
        1 => ", 1 effect paid".to_string(),
        n => format!(", {n} effects paid"),
    };
    let shown = |i: usize| {
        let (strength, fitness, _, e) = facts[i];
        format!(
            "{} · Strength {strength} for {fitness} Fitness{}",
            formation(i),
            effects(e)
        )
    };
    (0..plans.len())
        .map(|i| {
            if !kept[i] {
                return None;
            }
            let (strength, fitness, cards, e) = facts[i];
            let tactic = tactic_name(plans[i].formation_tactic);
            // Two kept plans that read alike come from different cards.
            let alike = (0..plans.len()).any(|j| j != i && kept[j] && shown(j) == shown(i));
            let short = if alike {
                format!("{} ({tactic})", shown(i))
            } else {
                shown(i)
            };
            let full = format!(
                "Use suggested plan: {} ({tactic}), {cards} Players, Strength {strength}, \
                 {fitness} Fitness{}",
                formation(i),
                effects(e)
            );
            Some((short, full))
        })
        .collect()
}

/// The Resources a line-up assigns, in words ("9 Fitness, 1 Cash").
fn cost_words(cost: &std::collections::BTreeMap<Resource, u32>) -> String {
    let parts: Vec<String> = cost
        .iter()
        .map(|(r, n)| format!("{n} {}", r.title()))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

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

/// Whether what is in hand may go to `target`: `Ok`, the reason it may
/// not, or `None` (nothing in hand, or nothing to say).
fn verdict(
    setup: &MatchSetup,
    squad: &[SquadPlayer],
    hand: Option<Pick>,
    target: Target,
) -> Option<Result<(), String>> {
    let why = |e: super::matchday::LineupError| sentence(&named(&e.to_string(), squad));
    // A marker let go over another marker goes to that marker's Zone.
    let target = match (hand?, target) {
        (Pick::Marker(_), Target::Marker(j)) => Target::Zone(setup.lineup.markers.get(j)?.zone),
        _ => target,
    };
    match (hand?, target) {
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
            if z.line() != m.zone.line() {
                return Some(Err(
                    "A marker moves along its own line: the Formation sets how many stand in each."
                        .to_string(),
                ));
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
    /// What identifies the draft's moment: the seat, the Week and the
    /// club's hand, squad and Resources.
    fn key_of(season: &Season, seat: Seat) -> String {
        let c = seat.index();
        season.clubs.get(c).map_or_else(String::new, |club| {
            let players: Vec<_> = club
                .players
                .iter()
                .map(|p| (p.card, p.side, p.tokens))
                .collect();
            format!(
                "{seat:?}|{}|{:?}|{players:?}|{:?}",
                season.week, club.tactics, club.res
            )
        })
    }

    /// Starts a fresh draft when the manager or the club changed.
    fn refresh(&mut self, season: &Season, seat: Seat) {
        let key = Self::key_of(season, seat);
        if self.key.as_ref() != Some(&key) {
            self.key = Some(key);
            self.plan = season.suggested_plans(seat.index()).into_iter().next();
            self.pick = None;
            self.notice = None;
        }
    }

    /// Forgets the draft (after the Match was played).
    pub fn clear(&mut self) {
        *self = PlanEditor::default();
    }

    /// The plan `seat` would play now: the draft, started from the
    /// engine's first suggestion.
    pub fn plan(&mut self, season: &Season, seat: Seat) -> Option<MatchPlan> {
        self.refresh(season, seat);
        self.plan.clone()
    }

    fn refuse(&mut self, text: String) {
        self.notice = Some((text, true));
    }

    /// Draws the editor for `seat` (who is deciding, behind the curtain)
    /// and applies its clicks to the draft.
    pub fn show(&mut self, ui: &mut egui::Ui, season: &Season, seat: Seat) {
        self.refresh(season, seat);
        let c = seat.index();
        let Some(club) = season.clubs.get(c) else {
            return;
        };
        let decks = &season.config.decks;
        let squad = squad(season, c);
        let suggested = season.suggested_plans(c);
        let tactic_name = |k: Option<usize>| {
            k.and_then(|k| club.tactics.get(k))
                .and_then(|t| decks.tactics.get(*t))
                .map_or_else(|| "no Tactic card".to_string(), |t| t.name.clone())
        };

        let Some(mut plan) = self.plan.clone() else {
            ui.label("No line-up can be played.");
            return;
        };
        let before = plan.clone();
        self.status(ui, season, seat, &plan, &squad);

        // The engine's suggestions, one click each.
        if !suggested.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Suggested").color(DIM).size(12.0));
                let labels = plan_labels(&suggested, &squad, tactic_name);
                for (p, label) in suggested.iter().zip(labels) {
                    let Some((shown, full)) = label else { continue };
                    let chosen = plan == *p;
                    let b = ui.add(Button::selectable(chosen, RichText::new(shown).size(12.0)));
                    b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &full));
                    if b.on_hover_text(full.as_str()).clicked() {
                        plan = p.clone();
                        self.pick = None;
                        self.notice = None;
                    }
                }
            });
        }

        // The Formation: a Tactic card in hand and one of its Formations.
        ui.add_space(4.0);
        ui.label(RichText::new("Formation").color(DIM).size(12.0));
        ui.horizontal_wrapped(|ui| {
            for (k, t) in club.tactics.iter().enumerate() {
                let Some(card) = decks.tactics.get(*t) else {
                    continue;
                };
                for (f, formation) in card.formations.iter().enumerate() {
                    let on = plan.formation_tactic == Some(k) && plan.formation == f;
                    let label = format!("{} {}", formation.name, card.name);
                    if ui
                        .add(Button::selectable(on, RichText::new(label).size(12.0)))
                        .on_hover_text(format!(
                            "Play {} as your Formation: {}",
                            card.name, formation.name
                        ))
                        .clicked()
                        && !on
                    {
                        let fitness = club.res[3] as usize;
                        plan.formation_tactic = Some(k);
                        plan.formation = f;
                        plan.effect_tactics.retain(|x| *x != k);
                        plan.lineup = season.strong_lineup(c, formation, fitness);
                        self.pick = None;
                        self.notice = Some((
                            format!(
                                "{}: the strongest line-up the Fitness pays for; change it below.",
                                formation.name
                            ),
                            false,
                        ));
                    }
                }
            }
        });

        // Other Tactic cards for their effect.
        for (k, t) in club.tactics.iter().enumerate() {
            if Some(k) == plan.formation_tactic {
                continue;
            }
            let Some(card) = decks.tactics.get(*t) else {
                continue;
            };
            let effect = super::layout::effect_text(&card.abilities);
            if effect.is_empty() {
                continue;
            }
            let mut on = plan.effect_tactics.contains(&k);
            if ui
                .checkbox(&mut on, format!("Also play {} for its effect", card.name))
                .on_hover_text(effect)
                .changed()
            {
                if on {
                    plan.effect_tactics.push(k);
                } else {
                    plan.effect_tactics.retain(|x| *x != k);
                }
            }
        }

        let mut setup = MatchSetup::new(squad.clone(), plan.lineup.clone(), nobody());

        // Effect costs of the Players on the pitch.
        for i in setup.assigned() {
            let Some(p) = squad.get(i) else { continue };
            let Some(block) = p.abilities.iter().find(|b| !b.cost.is_empty()) else {
                continue;
            };
            let cost: Vec<String> = block
                .cost
                .iter()
                .map(|(r, n)| format!("{n} {}", r.title()))
                .collect();
            let mut on = setup.lineup.paid.contains(&i);
            if ui
                .checkbox(
                    &mut on,
                    RichText::new(format!("Pay {} for {}'s effect", cost.join(", "), p.name))
                        .size(12.0),
                )
                .on_hover_text(super::layout::effect_text(std::slice::from_ref(block)))
                .changed()
            {
                if on {
                    setup.lineup.paid.push(i);
                } else {
                    setup.lineup.paid.retain(|x| *x != i);
                }
            }
        }

        // Fan Base on the Stands.
        let most = (club.res[1].min(u32::from(club.stands()))) as u8;
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!(
                    "Fan Base on the Stands ({} Stands):",
                    club.stands()
                ))
                .size(12.0)
                .color(DIM),
            );
            for n in 0..=most {
                if ui
                    .add(Button::selectable(
                        plan.fans == n,
                        RichText::new(format!("{n} fans")).size(12.0),
                    ))
                    .on_hover_text(format!(
                        "{n} Fan Base on the Stands: {n} Cash after the Match"
                    ))
                    .clicked()
                {
                    plan.fans = n;
                }
            }
        });

        plan.lineup = setup.lineup.clone();
        Self::moves(ui, season, c, &mut plan, &squad);
        Self::rerolls(ui, season, c, &mut plan);
        self.keep(ui, season, seat, plan, &before, &squad);
    }

    /// Keeps the edited draft, first dropping the rerolls and Jersey
    /// moves the edit left the engine unable to play.
    fn keep(
        &mut self,
        ui: &egui::Ui,
        season: &Season,
        seat: Seat,
        mut plan: MatchPlan,
        before: &MatchPlan,
        squad: &[SquadPlayer],
    ) {
        if plan != *before {
            let held = season.clubs.get(seat.index()).map_or(0, |c| c.res[1]);
            // A reroll kept for a card the edit took out of the Match
            // would make the engine refuse the plan.
            // So would one the Fan Base left off the Stands cannot pay.
            if !plan.rerolls.is_empty() {
                let dice = season.match_dice(seat.index(), &plan);
                plan.rerolls.retain(|id, _| dice.contains(id));
                let spare = held.saturating_sub(u32::from(plan.fans));
                let spare = spare.min(u32::from(u8::MAX)) as u8;
                for n in plan.rerolls.values_mut() {
                    *n = (*n).min(spare);
                }
                plan.rerolls.retain(|_, n| *n > 0);
            }
            // A move for a card out of the Match, or one the edited
            // line-up no longer allows, goes back to the engine's choice.
            if !plan.moves.is_empty() {
                let movers = season.match_movers(seat.index(), &plan);
                let markers = plan.lineup.markers.clone();
                plan.moves.retain(|id, moves| {
                    movers.iter().any(|(m, _)| m == id)
                        && moves
                            .iter()
                            .all(|mv| check_jersey_move(squad, &markers, *mv).is_ok())
                });
            }
            ui.ctx().request_repaint();
        }
        self.plan = Some(plan);
    }

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
            ui.vertical(|ui| {
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
            (Some(Pick::Bench(i)), Target::Marker(_) | Target::Goal)
            | (Some(Pick::Marker(i)), Target::Zone(_)) => {
                let from = if matches!(self.pick, Some(Pick::Bench(_))) {
                    Pick::Bench(i)
                } else {
                    Pick::Marker(i)
                };
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
    /// Zone of its line; a refusal says why.
    fn put(&mut self, setup: &mut MatchSetup, squad: &[SquadPlayer], from: Pick, to: Target) {
        if let Some(Err(why)) = verdict(setup, squad, Some(from), to) {
            self.refuse(why);
            return;
        }
        let to = match (from, to) {
            (Pick::Marker(_), Target::Marker(j)) => match setup.lineup.markers.get(j) {
                Some(m) => Target::Zone(m.zone),
                None => return,
            },
            _ => to,
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
        let inner = frame.show(ui, |ui| {
            ui.set_min_width(ui.available_width());
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
                    ui.vertical(|ui| {
                        ui.set_width(size.x);
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

    /// What each paid `move_jersey` effect of the Match moves: the
    /// engine's best move, or one legal move picked here (a button per
    /// marker and Zone [`check_jersey_move`] allows).
    fn moves(
        ui: &mut egui::Ui,
        season: &Season,
        c: usize,
        plan: &mut MatchPlan,
        squad: &[SquadPlayer],
    ) {
        for (id, _) in season.match_movers(c, plan) {
            let name = season.card_name(&id);
            let now = plan.moves.get(&id).and_then(|m| m.first().copied());
            let mut pick: Option<Option<JerseyMove>> = None;
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!("{name} moves a Jersey marker during the Match:"))
                        .size(12.0)
                        .color(DIM),
                );
                let best = ui.add(Button::selectable(
                    now.is_none(),
                    RichText::new("the best move").size(12.0),
                ));
                if best
                    .on_hover_text("The engine moves the marker that leaves the best score")
                    .clicked()
                {
                    pick = Some(None);
                }
                for (k, m) in plan.lineup.markers.iter().enumerate() {
                    for to in Zone::PITCH {
                        let mv = JerseyMove { marker: k, to };
                        if check_jersey_move(squad, &plan.lineup.markers, mv).is_err() {
                            continue;
                        }
                        let number = m.jersey.map_or_else(|| "–".to_string(), |n| n.to_string());
                        let text = format!("{number} {} to {}", zone_short(m.zone), zone_short(to));
                        let full = format!(
                            "{name} moves marker {number} from {} to {}",
                            zone_words(m.zone),
                            zone_words(to)
                        );
                        let b = ui.add(Button::selectable(
                            now == Some(mv),
                            RichText::new(text).size(12.0),
                        ));
                        b.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &full)
                        });
                        if b.on_hover_text(full.as_str()).clicked() {
                            pick = Some(Some(mv));
                        }
                    }
                }
            });
            match pick {
                Some(None) => {
                    plan.moves.remove(&id);
                }
                Some(Some(mv)) => {
                    plan.moves.insert(id.clone(), vec![mv]);
                }
                None => {}
            }
        }
    }

    /// The Fan Base rerolls of each card that rolls a die of its own in
    /// the Match: a button per count, the counts the engine refuses
    /// ([`Season::check_rerolls`]) greyed with its reason.
    fn rerolls(ui: &mut egui::Ui, season: &Season, c: usize, plan: &mut MatchPlan) {
        let dice = season.match_dice(c, plan);
        if dice.is_empty() {
            return;
        }
        let held = season.clubs.get(c).map_or(0, |club| club.res[1]);
        // One count past what the Fan Base pays, to show why not.
        let most = held.saturating_sub(u32::from(plan.fans)).min(8) as u8 + 1;
        ui.label(
            RichText::new("Fan Base rerolls: a failed roll of the card's die is rolled again, 1 Fan Base a roll")
                .size(12.0)
                .color(DIM),
        );
        for id in &dice {
            let name = season.card_name(id);
            let now = plan.rerolls.get(id).copied().unwrap_or(0);
            let mut pick = None;
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("{name}:")).size(12.0).color(CHALK));
                for n in 0..=most {
                    let mut next = plan.clone();
                    if n == 0 {
                        next.rerolls.remove(id);
                    } else {
                        next.rerolls.insert(id.clone(), n);
                    }
                    let why = season.check_rerolls(c, &next).err();
                    let full = format!("Reroll {name}'s die at most {n} times");
                    let b = ui.add_enabled(
                        why.is_none(),
                        Button::selectable(now == n, RichText::new(n.to_string()).size(12.0)),
                    );
                    let enabled = why.is_none();
                    b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &full));
                    match why {
                        Some(e) => {
                            b.on_disabled_hover_text(sentence(&e.to_string()));
                        }
                        None => {
                            if b.on_hover_text(full.as_str()).clicked() {
                                pick = Some(next);
                            }
                        }
                    }
                }
            });
            if let Some(next) = pick {
                *plan = next;
            }
        }
    }

    /// The Fitness cost of `plan`, what its line-up lacks and whether the
    /// engine would play it.
    fn status(
        &self,
        ui: &mut egui::Ui,
        season: &Season,
        seat: Seat,
        plan: &MatchPlan,
        squad: &[SquadPlayer],
    ) {
        let held = season.clubs.get(seat.index()).map_or(0, |c| c.res[3]);
        let setup = MatchSetup::new(squad.to_vec(), plan.lineup.clone(), nobody());
        let cost = setup.assigned_cost();
        let fitness = cost.get(&Resource::Fitness).copied().unwrap_or(0);
        ui.label(
            RichText::new(format!(
                "Fitness cost: {fitness} of {held} held (each Player card costs 1 Fitness)"
            ))
            .size(12.0)
            .strong()
            .color(if fitness > held { ALERT } else { CHALK }),
        );
        if cost.len() > usize::from(fitness > 0) {
            ui.label(
                RichText::new(format!("The line-up assigns {}", cost_words(&cost)))
                    .size(12.0)
                    .color(DIM),
            );
        }
        let missing = setup.validate();
        if !missing.is_empty() {
            let words: Vec<String> = missing
                .iter()
                .take(3)
                .map(|e| sentence(&named(&e.to_string(), squad)))
                .collect();
            ui.label(
                RichText::new(format!("The line-up lacks: {}", words.join(" ")))
                    .size(12.0)
                    .color(ALERT),
            );
        } else if let Err(e) = season.check(seat, &Action::PlayMatch(Box::new(plan.clone()))) {
            ui.label(
                RichText::new(sentence(&named(&e.to_string(), squad)))
                    .size(12.0)
                    .color(ALERT),
            );
        } else {
            ui.label(RichText::new("Ready to play.").size(12.0).color(GOLD));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_read_in_words() {
        assert_eq!(zone_words(Zone::LeftDefence), "Left Defence");
        assert_eq!(zone_short(Zone::CentralForward), "CF");
        assert_eq!(surname("Jan Kowalski"), "Kowalski");
        assert_eq!(
            sentence("the line-up breaks a rule"),
            "The line-up breaks a rule."
        );
    }
}
