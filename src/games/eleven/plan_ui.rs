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

mod bench;

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
