//! Matchday on the season table: the plan before the Match, then full
//! time with the consequence and its choices, and the Match told step
//! by step.

use super::*;
use crate::games::eleven::pitch;
use crate::games::eleven::season::view::ClubView;

/// A consequence's printed name.
fn consequence_title(c: Consequence) -> String {
    match c {
        Consequence::FanBaseIncrease => "Fan Base Increase".into(),
        Consequence::Training => "Training".into(),
        Consequence::TemporaryStrength(n) => format!("{n} Temporary Strength"),
        Consequence::TemporaryWeakness(n) => format!("{n} Temporary Weakness"),
        Consequence::Injury => "Injury".into(),
        Consequence::SeriousInjury => "Serious Injury".into(),
        Consequence::DoubleInjury => "Double Injury".into(),
        Consequence::DoubleSeriousInjury => "Double Serious Injury".into(),
    }
}

impl SeasonBoard {
    pub(super) fn matchday(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        seat: Seat,
        me: &ClubView,
    ) {
        if me.pending.is_some() && self.replaying(session, seat) {
            self.tell_match(ui, session, seat, me);
            return;
        }
        if let Some((own, against, consequence)) = &me.pending {
            heading(ui, "Full time");
            ui.label(
                RichText::new(self.fixture(session, seat, me, &format!("{own} – {against}")))
                    .size(20.0)
                    .strong()
                    .color(GOLD),
            );
            // The decision first, then how the Match went.
            match &me.consequence {
                Some(cv) => self.consequence(ui, session, seat, me, cv),
                None => {
                    ui.label(
                        RichText::new(format!(
                            "Consequence: {}",
                            crate::games::eleven::session::words(consequence)
                        ))
                        .strong()
                        .color(CHALK),
                    );
                }
            }
            ui.add_space(6.0);
            ui.label(
                RichText::new("The Match, step by step")
                    .strong()
                    .color(GOLD),
            );
            for line in self.last_commentary(seat, session) {
                ui.label(RichText::new(line).size(12.0).color(CHALK));
            }
            return;
        }
        heading(ui, "Matchday");
        if let (Some(o), Some(f)) = (&me.next_opponent, &me.next_formation) {
            ui.label(
                RichText::new(format!("Scout Report: {} plays {f}.", name_of(session, o)))
                    .size(12.0),
            );
        }
        self.plan.show(ui, session.game(), seat);
    }

    /// The pitch of the deciding manager's Matchday, at the top of the
    /// board: the line-up being made beside the bench, then the Match told
    /// on it step by step, the Opponent laid over the pitch from kick-off.
    /// `height` is the board's.
    pub(super) fn match_pitch(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        view: &SeasonView,
        height: f32,
    ) {
        let Some(seat) = self.asking(session) else {
            return;
        };
        if view.phase != Phase::Matchday || view.question.is_some() {
            return;
        }
        let Some(me) = view.clubs.get(seat.index()) else {
            return;
        };
        // Room for the caption; never so small the markers cannot be read.
        let h = (height - 36.0).clamp(240.0, 1000.0);
        if me.pending.is_none() {
            self.plan
                .pitch(ui, session.game(), seat, &self.faces, &self.face_of, h);
            ui.add_space(6.0);
            return;
        }
        let Some(p) = session
            .game()
            .clubs
            .get(seat.index())
            .and_then(|c| c.pending.as_deref())
        else {
            return;
        };
        let steps = &p.report.steps;
        let shown = self
            .replay
            .filter(|r| r.seat == seat)
            .map_or(steps.len(), |r| r.shown.min(steps.len()));
        let finished = shown >= steps.len();
        let named = |t: &str| self.named(t, session);
        let nothing = |_: pitch::Target| None;
        let label = |k: usize| {
            let m = p.setup.lineup.markers.get(k);
            let who = m
                .and_then(|m| m.player)
                .and_then(|i| p.setup.squad.get(i))
                .map_or("no card", |pl| pl.name.as_str());
            let number = m
                .and_then(|m| m.jersey)
                .map_or_else(|| "–".to_string(), |n| n.to_string());
            (format!("Marker {number}: {who}"), String::new())
        };
        let scene = pitch::Scene {
            id: "season-match",
            setup: &p.setup,
            opponent: pitch::revealed(steps, shown).then_some(&p.setup.opponent),
            step: shown.checked_sub(1).and_then(|k| steps.get(k)),
            score: Some(pitch::score_at(steps, shown)),
            caption: if finished {
                format!("Full time · {}:{}", p.report.own, p.report.opponent)
            } else {
                "Kick-off: the Match is told on the pitch".to_string()
            },
            editing: false,
            selected: None,
            goal_lit: false,
            verdict: &nothing,
            marker_label: &label,
            goal_label: "Goal".to_string(),
            named: &named,
        };
        let w = h.min(ui.available_width());
        ui.allocate_ui(egui::vec2(w, h), |ui| {
            pitch::show(ui, &scene);
        });
        ui.add_space(6.0);
    }

    /// The Match consequence and its choices: who receives it, which of
    /// the eligible Players each Injury hurts, and each Injury die's own
    /// reroll (docs/eleven.md decision 59).
    fn consequence(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        seat: Seat,
        me: &ClubView,
        cv: &ConsequenceView,
    ) {
        let decks = &session.game().config.decks;
        if self.answers.as_ref().is_none_or(|(v, _)| v != cv) {
            // New dice: the careful manager's answers preselected.
            let trained = |i: usize| {
                me.players
                    .get(i)
                    .and_then(|p| decks.players.iter().find(|c| c.id == p.id))
                    .map_or(0, |c| u32::from(c.side(Side::Trained).strength))
            };
            self.answers = Some((cv.clone(), cv.suggested(&me.players, trained)));
        }
        let player = |i: usize| {
            me.players.get(i).map_or_else(
                || format!("Player {}", i + 1),
                |p| format!("{} ({})", card_name(decks, &p.id), p.strength),
            )
        };
        let total = i32::from(cv.roll) + cv.modifier;
        let modifier = match cv.modifier {
            0 => String::new(),
            m => format!(" {m:+} = {total}"),
        };
        ui.label(
            RichText::new(format!(
                "Consequence die: {}{modifier} after a {:?}: {}",
                cv.roll,
                cv.result,
                consequence_title(cv.consequence)
            ))
            .strong()
            .color(CHALK),
        );
        let Some((_, picks)) = self.answers.as_mut() else {
            return;
        };
        if cv.receivers.len() > 1 {
            let what = match cv.consequence {
                Consequence::Training => "Who Trains?".to_string(),
                Consequence::TemporaryStrength(n) => {
                    format!("Who takes {n} Temporary Strength?")
                }
                Consequence::TemporaryWeakness(n) => {
                    format!("Who takes {n} Temporary Weakness?")
                }
                _ => String::new(),
            };
            ui.label(RichText::new(what).color(CHALK));
            let chosen = picks.receiver.unwrap_or(cv.receivers[0]);
            ui.horizontal_wrapped(|ui| {
                for &r in &cv.receivers {
                    if ui.radio(chosen == r, player(r)).clicked() {
                        picks.receiver = Some(r);
                    }
                }
            });
        } else if let Some(&r) = cv.receivers.first() {
            ui.label(RichText::new(format!("It goes to {}.", player(r))).color(CHALK));
        }
        let mut reroll = None;
        for (k, injury) in cv.injuries.iter().enumerate() {
            let face = if injury.number >= 12 {
                "the icon (12 or more)".to_string()
            } else {
                format!("#{}", injury.number)
            };
            let tokens = match injury.tokens {
                1 => "1 Injury token".to_string(),
                n => format!("{n} Injury tokens"),
            };
            ui.horizontal_wrapped(|ui| {
                let text = match injury.eligible.as_slice() {
                    [] => format!("Injury die {}: {face}; nobody wore it.", k + 1),
                    [one] => format!("Injury die {}: {face}; {tokens} on {}.", k + 1, player(*one)),
                    _ => format!("Injury die {}: {face}; {tokens} on", k + 1),
                };
                ui.label(RichText::new(text).color(CHALK));
                if injury.eligible.len() > 1 {
                    let chosen = picks
                        .injured
                        .get(k)
                        .copied()
                        .flatten()
                        .unwrap_or(injury.eligible[0]);
                    for &e in &injury.eligible {
                        if ui.radio(chosen == e, player(e)).clicked() {
                            if picks.injured.len() <= k {
                                picks.injured.resize(k + 1, None);
                            }
                            picks.injured[k] = Some(e);
                        }
                    }
                }
                let action = Action::RerollInjury(k);
                let why = session.game().check(seat, &action).err();
                let b = ui.add_enabled(why.is_none(), egui::Button::new("Reroll this die"));
                let b = match why {
                    Some(why) => b.on_disabled_hover_text(sentence_of(&why.to_string())),
                    None => b.on_hover_text(format!(
                        "Spend 1 Fan Base ({} held) to roll this twelve-sided die again; the consequence stays",
                        me.res[1]
                    )),
                };
                if b.clicked() {
                    reroll = Some(action);
                }
            });
        }
        if cv.prevented > 0 && !cv.injuries.is_empty() {
            ui.label(
                RichText::new(format!(
                    "Your club may ignore {} Injury token{}.",
                    cv.prevented,
                    if cv.prevented == 1 { "" } else { "s" }
                ))
                .color(CHALK),
            );
        }
        if let Some(action) = reroll {
            self.act(seat, action);
        }
    }

    /// The answers chosen to `seat`'s consequence as the action that
    /// resolves it: the plain Accept when every answer is the default.
    pub(super) fn resolve_action(&self, me: &ClubView) -> Action {
        match (&me.consequence, &self.answers) {
            (Some(cv), Some((v, picks))) if v == cv && *picks != ConsequencePicks::default() => {
                Action::ResolveConsequence(picks.clone())
            }
            _ => Action::AcceptConsequence,
        }
    }

    /// The last Match of `seat`: its Opponent's name.
    fn last_opponent(&self, seat: Seat, session: &SeasonSession) -> Option<String> {
        session.events().iter().rev().find_map(|e| match e {
            crate::games::eleven::season::Event::Match {
                seat: s, opponent, ..
            } if *s == seat => Some(name_of(session, opponent)),
            _ => None,
        })
    }

    /// `seat`'s club and its last Opponent with `middle` between them:
    /// "Ann FC v Millbrook Athletic", "Ann FC 2 – 1 Millbrook Athletic".
    fn fixture(&self, session: &SeasonSession, seat: Seat, me: &ClubView, middle: &str) -> String {
        let opponent = self.last_opponent(seat, session).unwrap_or_default();
        format!("{} {middle} {opponent}", me.name)
    }

    /// Where `seat`'s last Match is in the log.
    fn last_match(&self, seat: Seat, session: &SeasonSession) -> Option<usize> {
        session.events().iter().rposition(|e| {
            matches!(e, crate::games::eleven::season::Event::Match { seat: s, .. } if *s == seat)
        })
    }

    /// Whether `seat`'s Match is still being told, line by line; a Match
    /// just played starts its telling (at once to its end at the Instant
    /// pace).
    pub(super) fn replaying(&mut self, session: &SeasonSession, seat: Seat) -> bool {
        let Some(event) = self.last_match(seat, session) else {
            return false;
        };
        let fresh = self
            .replay
            .is_none_or(|r| r.seat != seat || r.event != event);
        if fresh {
            let total = self.last_commentary(seat, session).len();
            let shown = if session.pace.delay() == 0.0 {
                total
            } else {
                0
            };
            self.replay = Some(Replay {
                seat,
                event,
                shown,
                total,
                next_at: 0.0,
                before: before_match(session, seat),
            });
        }
        self.replay.is_some_and(|r| r.telling())
    }

    /// Tells the rest of the Match at once.
    pub(super) fn skip_replay(&mut self) {
        if let Some(r) = self.replay.as_mut() {
            r.shown = r.total;
        }
    }

    /// The Match being told: the two clubs, the lines so far (the newest
    /// in gold), the next one due at the table's pace.
    fn tell_match(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        seat: Seat,
        me: &ClubView,
    ) {
        heading(ui, "The Match");
        ui.label(
            RichText::new(self.fixture(session, seat, me, "v"))
                .size(18.0)
                .strong()
                .color(CHALK),
        );
        let lines = self.last_commentary(seat, session);
        let now = ui.input(|i| i.time);
        // A line every step of the pace, never faster than a reader.
        let step = (session.pace.delay() * 2.5).max(0.8);
        let Some(r) = self.replay.as_mut() else {
            return;
        };
        if r.next_at == 0.0 {
            r.next_at = now + step;
            r.shown = r.shown.max(1);
        } else if now >= r.next_at {
            r.shown += 1;
            r.next_at = now + step;
        }
        let shown = r.shown.min(lines.len());
        for (i, line) in lines.iter().take(shown).enumerate() {
            let colour = if i + 1 == shown { GOLD } else { CHALK };
            ui.label(RichText::new(line).size(13.0).color(colour));
        }
        ui.label(
            RichText::new(format!(
                "{} of {} · Enter: skip to full time",
                shown,
                lines.len()
            ))
            .size(11.0)
            .color(DIM),
        );
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(
                (r.next_at - now).max(0.05),
            ));
    }

    /// The last Match of `seat`: its commentary, step by step.
    fn last_commentary(&self, seat: Seat, session: &SeasonSession) -> Vec<String> {
        session
            .events()
            .iter()
            .rev()
            .find_map(|e| match e {
                crate::games::eleven::season::Event::Match {
                    seat: s,
                    commentary,
                    ..
                } if *s == seat => Some(commentary.clone()),
                _ => None,
            })
            .unwrap_or_default()
            .into_iter()
            .map(|line| self.named(&line, session))
            .collect()
    }

    /// `line` with every Player card id (`player-16`) replaced by the
    /// card's name: the Match commentary names cards by id.
    fn named(&self, line: &str, session: &SeasonSession) -> String {
        let mut out = line.to_string();
        if !out.contains("player-") {
            return out;
        }
        // Longer ids first, so `player-1` does not cut `player-16`.
        let mut players: Vec<_> = session.game().config.decks.players.iter().collect();
        players.sort_by_key(|p| std::cmp::Reverse(p.id.len()));
        for p in players {
            if out.contains(&p.id) {
                out = out.replace(&p.id, &p.untrained.name);
            }
        }
        out
    }
}

/// Club `seat`'s Stat levels and Resources before its last Match: the
/// record replayed to the action that played it.
fn before_match(session: &SeasonSession, seat: Seat) -> Option<([u8; 4], [u32; 4])> {
    let record = session.record();
    let k = record.actions.iter().rposition(|(s, a)| {
        *s == seat && matches!(a, Action::PlayMatch(_) | Action::PlaySuggested(_))
    })?;
    let replayed = record.replay(Some(k)).ok()?;
    let club = replayed.0.clubs.get(seat.index())?;
    Some((club.stats, club.res))
}
