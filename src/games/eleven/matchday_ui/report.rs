//! The Match as it is replayed: the step controls, the commentary log
//! built from the engine's steps, and the result with the League points,
//! the Opponent dice and the Match consequence roll.

use super::{PANEL, Played, YOUR_CLUB};
use crate::games::eleven::Consequence;
use crate::games::eleven::league::DiceStep;
use crate::games::eleven::matchday::MatchStep;
use crate::games::eleven::vocab::{MatchResult, Token};
use crate::ui::palette::{ALERT, CHALK, DIM, GOLD};
use egui::{Color32, Frame, RichText};

/// One entry of the commentary.
pub(in crate::games::eleven) struct LogLine {
    /// A heading shown when it differs from the previous entry's.
    head: Option<String>,
    text: String,
    colour: Color32,
    strong: bool,
}

/// One engine step as a commentary entry; `named` puts card names in
/// place of ids.
pub(in crate::games::eleven) fn log_line(
    step: &MatchStep,
    named: &dyn Fn(&str) -> String,
) -> LogLine {
    let plain = |text: String| LogLine {
        head: None,
        text: named(&text),
        colour: CHALK,
        strong: false,
    };
    match step {
        MatchStep::Block { timing, .. } => LogLine {
            head: Some(timing.header().to_string()),
            ..plain(step.describe())
        },
        MatchStep::Skipped { .. } => LogLine {
            colour: DIM,
            ..plain(step.describe())
        },
        MatchStep::Tokens { token, change, .. } => {
            let good = matches!(token, Token::StrengthTemp | Token::StrengthPerm) == (*change > 0)
                || *token == Token::Experience;
            LogLine {
                colour: if good {
                    Color32::from_rgb(0x9F, 0xE8, 0x9A)
                } else {
                    ALERT
                },
                ..plain(step.describe())
            }
        }
        MatchStep::ScoreChanged { .. } => LogLine {
            colour: GOLD,
            strong: true,
            ..plain(step.describe())
        },
        MatchStep::Reveal { .. } => LogLine {
            head: Some("KICK-OFF".into()),
            strong: true,
            ..plain(step.describe())
        },
        MatchStep::Section(r) => {
            let goals = r.your_attack.outcome.goals() + r.their_attack.outcome.goals();
            let text = format!(
                "{}\n{}\nScore {}:{}",
                cap(&r.your_attack.describe()),
                cap(&r.their_attack.describe()),
                r.score.0,
                r.score.1
            );
            LogLine {
                head: Some(format!(
                    "SECTION {} · your {} v their {}",
                    r.number, r.yours, r.theirs
                )),
                colour: if goals > 0 { GOLD } else { CHALK },
                ..plain(text)
            }
        }
        MatchStep::FullTime { .. } => LogLine {
            head: Some("FULL TIME".into()),
            colour: GOLD,
            strong: true,
            ..plain(step.describe())
        },
        _ => plain(step.describe()),
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The step buttons, or the result once the Match is over. Returns
/// whether the next Match was asked for.
pub(super) fn controls(ui: &mut egui::Ui, p: &mut Played) -> bool {
    let total = p.report.steps.len();
    ui.label(RichText::new("The Match").size(17.0).strong().color(GOLD));
    ui.label(
        RichText::new(format!("Step {} of {total}", p.shown.min(total)))
            .size(12.0)
            .color(DIM),
    );
    if !p.finished() {
        ui.horizontal_wrapped(|ui| {
            if ui.button("Next step ▶").clicked() {
                p.shown += 1;
                p.next_at = None;
            }
            if p.next_at.is_some() {
                if ui.button("Pause").clicked() {
                    p.next_at = None;
                }
            } else if ui
                .button("Play it out")
                .on_hover_text("Show one step every moment until full time")
                .clicked()
            {
                p.next_at = Some(ui.input(|i| i.time));
                ui.ctx().request_repaint();
            }
            if ui.button("Skip to full time").clicked() {
                p.shown = total;
                p.next_at = None;
            }
        });
        return false;
    }
    let mut next = false;
    let (own, theirs) = (p.report.own, p.report.opponent);
    let (word, colour) = match p.report.result {
        MatchResult::Win => ("WIN", GOLD),
        MatchResult::Draw => ("DRAW", CHALK),
        MatchResult::Loss => ("LOSS", ALERT),
    };
    Frame::NONE
        .fill(PANEL)
        .corner_radius(8.0)
        .inner_margin(10.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(format!("{word} {own}:{theirs}"))
                    .size(26.0)
                    .strong()
                    .color(colour),
            );
            ui.label(
                RichText::new(format!(
                    "{YOUR_CLUB} {own}:{theirs} {}",
                    p.setup.opponent.name
                ))
                .color(CHALK),
            );
            let points = p.report.result.points();
            ui.label(
                RichText::new(format!(
                    "League: +{points} point{} for {YOUR_CLUB}, +{} for {}",
                    if points == 1 { "" } else { "s" },
                    p.report.result.flipped().points(),
                    p.setup.opponent.name
                ))
                .color(CHALK),
            );
            let c = &p.consequence;
            let modifier = if c.modifier == 0 {
                String::new()
            } else {
                format!(" {:+}", c.modifier)
            };
            ui.label(
                RichText::new(format!(
                    "Match consequence roll: {}{modifier} → {}",
                    c.roll,
                    consequence_text(c.consequence)
                ))
                .color(CHALK),
            );
            for (line, harm) in consequence_lines(p) {
                let colour = if harm { ALERT } else { GOLD };
                ui.label(RichText::new(format!("   {line}")).color(colour));
            }
            if !p.report.resources.is_empty() {
                let parts: Vec<String> = p
                    .report
                    .resources
                    .iter()
                    .map(|(r, n)| format!("{n:+} {}", r.title()))
                    .collect();
                ui.label(
                    RichText::new(format!("Effects for the club: {}", parts.join(", ")))
                        .color(CHALK),
                );
            }
            for d in &p.dice {
                ui.label(RichText::new(dice_text(d, p)).size(12.0).color(DIM));
            }
            ui.add_space(4.0);
            if ui
                .button(RichText::new("Next Match").strong())
                .on_hover_text("Keep the squad with its tokens (the consequence's too) and the line-up; choose a new Opponent")
                .clicked()
            {
                next = true;
            }
        });
    next
}

/// What the consequence does to the squad, a line each (and whether it
/// harms): the Injury rolls and who is hurt, tokens placed, the Player
/// Trained.
fn consequence_lines(p: &Played) -> Vec<(String, bool)> {
    let name = |i: usize| {
        p.setup
            .squad
            .get(i)
            .map_or_else(|| format!("Player {i}"), |s| s.name.clone())
    };
    let mut out = Vec::new();
    let played = p.setup.played();
    for (roll, tokens) in &p.consequence.injuries {
        let hit = if *roll >= 12 {
            "a Player numbered 12 or more".to_string()
        } else {
            match played.iter().find(|(_, n)| *n == Some(*roll)) {
                Some((i, _)) => name(*i),
                None => "nobody who played: nothing happens".to_string(),
            }
        };
        let line = format!(
            "Injury roll {roll} ({tokens} token{}): {hit}",
            if *tokens == 1 { "" } else { "s" }
        );
        out.push((line, true));
    }
    for &(i, token, n) in &p.effect.tokens {
        let harm = matches!(token, Token::Injury | Token::WeaknessTemp);
        out.push((format!("{}: +{n} {}", name(i), token.title()), harm));
    }
    if p.effect.prevented > 0 {
        let line = format!(
            "{} Injury token{} ignored",
            p.effect.prevented,
            if p.effect.prevented == 1 { "" } else { "s" }
        );
        out.push((line, false));
    }
    if let Some(i) = p.effect.train {
        out.push((format!("{} is Trained", name(i)), false));
    }
    out
}

fn consequence_text(c: Consequence) -> String {
    match c {
        Consequence::FanBaseIncrease => "Fan Base increase: the Fan Base Stat moves up 1".into(),
        Consequence::Training => "Training: Train a Player who played".into(),
        Consequence::TemporaryStrength(n) => {
            format!("{n} Temporary Strength on Players who played")
        }
        Consequence::TemporaryWeakness(n) => {
            format!("{n} Temporary Weakness on Players who played")
        }
        Consequence::Injury => "Injury".into(),
        Consequence::SeriousInjury => "Serious Injury (2 tokens)".into(),
        Consequence::DoubleInjury => "Double Injury".into(),
        Consequence::DoubleSeriousInjury => "Double Serious Injury".into(),
    }
}

fn dice_text(d: &DiceStep, p: &Played) -> String {
    let name = |t: usize| {
        p.league_before
            .teams
            .get(t)
            .map_or_else(String::new, |x| x.name.clone())
    };
    match d {
        DiceStep::Rolled { team, face, points } => {
            format!("{} rolled {face}: +{points}", name(*team))
        }
        DiceStep::Reactivated { team } => format!("{} flips back to active", name(*team)),
        DiceStep::Deactivated { team } => format!("{} goes inactive", name(*team)),
    }
}

/// The commentary so far, newest at the bottom.
pub(in crate::games::eleven) fn log(ui: &mut egui::Ui, lines: &[LogLine]) {
    ui.add_space(6.0);
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("match-log")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            if lines.is_empty() {
                ui.label(
                    RichText::new("Press Next step to start: BEFORE THE MATCH effects, the reveal, then five pairs of Sections.")
                        .color(DIM),
                );
            }
            let mut last: Option<&str> = None;
            for l in lines {
                if let Some(h) = &l.head
                    && last != Some(h.as_str())
                {
                    ui.add_space(6.0);
                    ui.label(RichText::new(h).size(13.0).strong().color(GOLD));
                    last = Some(h.as_str());
                }
                let mut t = RichText::new(&l.text).size(13.0).color(l.colour);
                if l.strong {
                    t = t.strong();
                }
                ui.label(t);
            }
        });
}
