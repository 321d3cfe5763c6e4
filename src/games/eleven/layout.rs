//! Eleven's cards as printable fields: the adapter from [`ElevenDecks`] to
//! [`PrintDeck`].
//!
//! Cards come in file order: Players, Staff, Sponsors, Tactics,
//! Objectives, Directors, Board Meeting, Opponents. Effects are printed as
//! the sentences the rules generate from their structure
//! ([`EffectBlock::describe`]), so the printed card and the engine cannot
//! disagree. Double-sided cards carry their other side as their own back
//! ([`PrintCard::back`]): a Player's Trained side behind its Untrained
//! side, a Sponsor's Kit (logo) side behind its contract side, and a First
//! Trainer's second portrait behind the first. Every other card shows its
//! deck's back: the shared back with the deck's name.
//!
//! Fields every card has: `id`, `kind`, `set`, `name`.
//!
//! - Players (`kind` `player`, `youngster` or `veteran`; template
//!   `player` on both sides): `kind.name`, `side` (`untrained` /
//!   `trained`), `side.name`, `trained` (the Trained side), `tag`,
//!   `hire_cost`, `task` (`attack`, `defence`, `goalkeeper`), `task.name`,
//!   `strength`, `keeper` (a Goalkeeper), `saves` (0 for outfield
//!   Players), `jersey` (empty when the side has none), `zone.<zone>`
//!   (`on` / `off` for each of the nine Zones, e.g. `zone.left_forward`),
//!   `effect` (the abilities' text, empty for none), `experience` (how many
//!   Experience spaces), `exp.1` to `exp.4` (`match`, `goal` or empty) and
//!   `exp.N.label` (`PLAY`, `GOAL`).
//! - Staff (`staff`): `profession`, `set`, `set.name`, `colour` (the set's
//!   colour: `green`, `blue`, `purple`, `yellow`, `red`), `hire_cost`,
//!   `players` (the player-count mark, `2+`), `first_trainer`, `set_vp`
//!   (`0 · 2 · 4 · 6 · 8`), `set_cards` (`1 · 2 · 3 · 4 · 5`), `effect`.
//!   A First Trainer's back is the same card under `alt_name`.
//! - Sponsors (`sponsor`, template `sponsor`): `description`, `one_off`,
//!   `adboard`, `kit`, `bonus` (what each contract gives, as text). The
//!   back (template `sponsor_kit`): `name`, `logo`, `logo.mark` (the
//!   lettering) and `logo.slogan`.
//! - Tactics (`tactic`): `description`, `basic`, `kind.name`, `formations`
//!   (`4-4-2 or 4-3-3`), `formation.1`, `formation.2` (empty on advanced
//!   Tactics), `effect`.
//! - Objectives (`objective`): `description`, `check.name`, `goal`,
//!   `perfect`, `vp`, `perfect_vp`.
//! - Directors (`director`): `description`, `votes.yellow`, `votes.blue`,
//!   `votes.red` (die faces, `—` for none), `stats` (`+1 Cash · −1 Fan
//!   Base`, empty for none), `effect`.
//! - Board Meeting (`board_meeting`): `description`, `yellow`, `blue`,
//!   `red` (each decision as text).
//! - Opponents (`opponent`): `club`, `emblem`, `division`, `die`,
//!   `formation`, `scout_report` (ending "They play 4-4-2."), `gk.strength`,
//!   `gk.saves`, and for each line and Zone from the Opponent's own side
//!   (`forward.left` ... `defence.right`) its players as `▲2 ▼1` (▲ attack,
//!   ▼ defence, then the Strength), empty for nobody.
//!
//! The back has `set` and `art` (`eleven/art/back.png`), and behind a
//! single-sided card `deck` (`STAFF`, `BOARD MEETING`...) and, behind an
//! Opponent, `division` (`DIVISION 3/2`): every deck keeps its own back so
//! shuffled decks stay apart and the Opponent decks sort face down.

use crate::games::eleven::deck::{
    ElevenDecks, ObjectiveCard, ObjectiveCheck, PlayerCard, PlayerSide, StaffCard,
};
use crate::games::eleven::effect::{Condition, EffectBlock, colour_key};
use crate::games::eleven::season::solo::{ScenarioScoring, ScenarioSetup, SoloScenario};
use crate::games::eleven::vocab::{
    Experience, OpponentPlayer, PlayerKind, StaffSet, Stat, Task, Timing, Zone,
};
use crate::layout::fields::{Fields, PrintCard, PrintDeck};

/// The game key (and template folder) of Eleven.
pub const GAME: &str = "eleven";

/// The printed name of the set.
pub const TITLE: &str = "Eleven";

/// Every card of `decks`, in file order, double-sided ones with their
/// other side.
pub fn print_deck(decks: &ElevenDecks) -> PrintDeck {
    let mut cards = Vec::new();
    for p in &decks.players {
        let front = player_side(p, &p.untrained, false);
        let back = player_side(p, &p.trained, true);
        cards.push(front.with_back(back));
    }
    for s in &decks.staff {
        let card = staff(s, &s.name);
        cards.push(match &s.alt_name {
            Some(alt) => card.with_back(staff(s, alt)),
            None => card,
        });
    }
    for s in &decks.sponsors {
        let f = base(&s.id, "sponsor", &s.front.name)
            .with("description", s.front.description.as_str())
            .with("one_off", contract_text(&s.front.one_off))
            .with("adboard", contract_text(&s.front.adboard))
            .with("kit", contract_text(&s.front.kit))
            .with("bonus", contract_text(&s.front.bonus));
        let (mark, slogan) = match s.back.logo.split_once(" - ") {
            Some((m, sl)) => (m.trim(), sl.trim()),
            None => (s.back.logo.trim(), ""),
        };
        let kit = base(&s.id, "sponsor", &s.back.name)
            .with("logo", s.back.logo.as_str())
            .with("logo.mark", mark)
            .with("logo.slogan", slogan);
        let front = PrintCard::new(s.id.as_str(), "sponsor", "sponsor", f);
        cards.push(front.with_back(PrintCard::new(s.id.as_str(), "sponsor", "sponsor_kit", kit)));
    }
    for t in &decks.tactics {
        let names: Vec<&str> = t.formations.iter().map(|f| f.name.as_str()).collect();
        let f = base(&t.id, "tactic", &t.name)
            .with("description", t.description.as_str())
            .with("basic", t.basic)
            .with("kind.name", if t.basic { "Basic Tactic" } else { "Tactic" })
            .with("formations", names.join(" or "))
            .with("formation.1", names.first().copied().unwrap_or(""))
            .with("formation.2", names.get(1).copied().unwrap_or(""))
            .with("effect", effect_text(&t.abilities));
        cards.push(PrintCard::new(t.id.as_str(), "tactic", "tactic", f));
    }
    for o in &decks.objectives {
        let f = base(&o.id, "objective", &o.name)
            .with("description", o.description.as_str())
            .with("check.name", check_text(o.check))
            .with("goal", condition_text(&o.goal))
            .with("perfect", condition_text(&o.perfect))
            .with("vp", i64::from(o.vp))
            .with("perfect_vp", i64::from(o.perfect_vp));
        cards.push(PrintCard::new(o.id.as_str(), "objective", "objective", f));
    }
    for d in &decks.directors {
        let stats: Vec<String> = d
            .stats
            .iter()
            .filter(|(_, by)| **by != 0)
            .map(|(s, by)| format!("{} {}", signed(*by), stat_name(*s)))
            .collect();
        let f = base(&d.id, "director", &d.name)
            .with("description", d.description.as_str())
            .with("votes.yellow", faces(&d.votes.yellow))
            .with("votes.blue", faces(&d.votes.blue))
            .with("votes.red", faces(&d.votes.red))
            .with("stats", stats.join(" · "))
            .with("effect", effect_text(&d.abilities));
        cards.push(PrintCard::new(d.id.as_str(), "director", "director", f));
    }
    for b in &decks.board_meetings {
        let f = base(&b.id, "board_meeting", &b.name)
            .with("description", b.description.as_str())
            .with("yellow", contract_text(&b.yellow))
            .with("blue", contract_text(&b.blue))
            .with("red", contract_text(&b.red));
        cards.push(PrintCard::new(
            b.id.as_str(),
            "board_meeting",
            "board_meeting",
            f,
        ));
    }
    for o in &decks.opponents {
        let club = decks.club(&o.club);
        let mut f = base(
            &o.id,
            "opponent",
            club.map_or(o.club.as_str(), |c| c.name.as_str()),
        )
        .with("club", club.map_or(o.club.as_str(), |c| c.name.as_str()))
        .with("emblem", club.map_or("", |c| c.emblem.as_str()))
        .with("division", club.map_or("", |c| c.division.label()))
        .with("die", club.map_or("green", |c| colour_key(c.die)))
        .with("formation", o.formation.as_str())
        .with(
            "scout_report",
            format!("{} They play {}.", o.scout_report.trim(), o.formation),
        )
        .with("gk.strength", i64::from(o.goalkeeper.strength))
        .with("gk.saves", i64::from(o.goalkeeper.saves));
        for (line, l) in [
            ("forward", &o.forward),
            ("midfield", &o.midfield),
            ("defence", &o.defence),
        ] {
            for (zone, players) in [
                ("left", &l.left),
                ("centre", &l.centre),
                ("right", &l.right),
            ] {
                f.set(&format!("{line}.{zone}"), opponent_players(players));
            }
        }
        let division = club.map(|c| format!("DIVISION {}", c.division.label()));
        cards.push(
            PrintCard::new(o.id.as_str(), "opponent", "opponent", f)
                .with_back(deck_back("OPPONENT", division.as_deref())),
        );
    }
    // Every other single-sided card shows its deck on the back, so that
    // shuffled decks stay apart.
    for c in cards.iter_mut().filter(|c| c.back.is_none()) {
        let deck = c.kind.replace('_', " ").to_uppercase();
        c.back = Some(Box::new(deck_back(&deck, None)));
    }
    let mut back = PrintCard::shared_back(GAME, TITLE);
    back.fields.set("deck_key", "shared");
    PrintDeck {
        game: GAME.into(),
        title: TITLE.into(),
        cards,
        back,
    }
}

/// The Eleven print deck with the solo Scenario sheets after the cards:
/// what `touchline export --game eleven` and the print dialog print.
pub fn print_deck_with_sheets(decks: &ElevenDecks, scenarios: &[SoloScenario]) -> PrintDeck {
    let mut deck = print_deck(decks);
    deck.cards.extend(scenarios.iter().map(scenario_sheet));
    deck
}

/// The solo Scenario sheets alone, with the deck's back: the editor's
/// preview of `scenarios.toml`.
pub fn scenario_deck(scenarios: &[SoloScenario]) -> PrintDeck {
    let mut back = PrintCard::shared_back(GAME, TITLE);
    back.fields.set("deck_key", "shared");
    PrintDeck {
        game: GAME.into(),
        title: TITLE.into(),
        cards: scenarios.iter().map(scenario_sheet).collect(),
        back,
    }
}

/// A solo Scenario sheet, printed on a card of the deck's size (template
/// `scenario`, kind `scenario`), its back the deck back `SCENARIO`.
pub fn scenario_sheet(s: &SoloScenario) -> PrintCard {
    let division = match s.division {
        Some(d) => format!("DIVISION {d}"),
        None => "ANY DIVISION".to_string(),
    };
    let f = base(&s.id, "scenario", &s.name)
        .with("description", s.description.as_str())
        .with("division", division)
        .with("setup", setup_text(&s.setup))
        .with(
            "goals",
            s.goals
                .iter()
                .map(condition_text)
                .collect::<Vec<_>>()
                .join("\n"),
        )
        .with("scoring", scoring_text(&s.scoring));
    PrintCard::new(s.id.as_str(), "scenario", "scenario", f).with_back(deck_back("SCENARIO", None))
}

/// A sheet's setup changes, one line each ("No changes to the usual
/// setup." for none).
pub fn setup_text(setup: &ScenarioSetup) -> String {
    let mut lines = Vec::new();
    if setup.cash > 0 {
        lines.push(format!("Start with {} more Cash.", setup.cash));
    }
    let stats: Vec<String> = setup
        .stats
        .iter()
        .filter(|(_, by)| **by != 0)
        .map(|(s, by)| format!("{} {}", signed(*by), stat_name(*s)))
        .collect();
    if !stats.is_empty() {
        lines.push(format!("Stats after the Directors: {}.", stats.join(" · ")));
    }
    match setup.players {
        0 => {}
        1 => lines.push("Draw 1 Player into play, Untrained.".into()),
        n => lines.push(format!("Draw {n} Players into play, Untrained.")),
    }
    match setup.league_points {
        0 => {}
        n if n < 0 => lines.push(format!(
            "Start with a {}-point deduction.",
            n.unsigned_abs()
        )),
        1 => lines.push("Start with 1 League point.".into()),
        n => lines.push(format!("Start with {n} League points.")),
    }
    if lines.is_empty() {
        return "No changes to the usual setup.".into();
    }
    lines.join("\n")
}

/// A sheet's extra scoring, one line each: `1 VP × wins this season`, `3
/// VP if League position is at most 4` ("No extra scoring." for none).
pub fn scoring_text(scoring: &[ScenarioScoring]) -> String {
    let lines: Vec<String> = scoring
        .iter()
        .map(|x| {
            let vp = if x.vp < 0 {
                format!("{} VP", signed(x.vp))
            } else {
                format!("{} VP", x.vp)
            };
            match (&x.per, &x.condition) {
                (Some(per), _) => {
                    let d = per.describe();
                    let what = d.strip_prefix("depending on ").unwrap_or(&d);
                    format!("{vp} × {what}")
                }
                (None, Some(c)) => format!("{vp} {}", c.describe()),
                (None, None) => vp,
            }
        })
        .collect();
    if lines.is_empty() {
        return "No extra scoring.".into();
    }
    lines.join("\n")
}

/// The back of a single-sided card of `deck` (`STAFF`): the shared back
/// with the deck's name and, for Opponents, the Division
/// (`DIVISION 3/2`), which sorts the four Opponent decks face down.
fn deck_back(deck: &str, division: Option<&str>) -> PrintCard {
    let mut back = PrintCard::shared_back(GAME, TITLE);
    back.fields.set("deck", deck);
    // Each deck's own colour (`back_<key>` in the template) and icon, so a
    // shuffled pile sorts by its backs without reading them.
    let key = deck.to_lowercase().replace(' ', "_");
    let icon = match key.as_str() {
        "staff" => "⚙",
        "tactic" => "✎",
        "objective" => "◎",
        "director" => "♛",
        "board_meeting" => "⚖",
        "opponent" => "⚔",
        "scenario" => "★",
        _ => "",
    };
    back.fields.set("deck_key", key.as_str());
    back.fields.set("deck_icon", icon);
    if let Some(d) = division {
        back.fields.set("division", d);
    }
    back
}

/// The fields every card has.
fn base(id: &str, kind: &str, name: &str) -> Fields {
    Fields::new()
        .with("id", id)
        .with("kind", kind)
        .with("set", TITLE)
        .with("name", name)
}

/// One side of a Player card.
fn player_side(card: &PlayerCard, side: &PlayerSide, trained: bool) -> PrintCard {
    let kind = card.kind.key();
    let kind_name = match card.kind {
        PlayerKind::Regular => "Player",
        PlayerKind::Youngster => "Youngster",
        PlayerKind::Veteran => "Veteran",
    };
    let task_name = match side.task {
        Task::Attack => "Attack",
        Task::Defence => "Defence",
        Task::Goalkeeper => "Goalkeeper",
    };
    let mut f = base(&card.id, kind, &side.name)
        .with("kind.name", kind_name)
        .with("side", if trained { "trained" } else { "untrained" })
        .with("side.name", if trained { "TRAINED" } else { "UNTRAINED" })
        .with("trained", trained)
        .with("tag", side.tag.as_str())
        .with("hire_cost", i64::from(side.hire_cost))
        .with("task", side.task.key())
        .with("task.name", task_name)
        .with("strength", i64::from(side.strength))
        .with("keeper", side.task == Task::Goalkeeper)
        .with("saves", i64::from(side.saves.unwrap_or(0)))
        // "1 SAVE", "2 SAVES": the label under the number agrees with it.
        .with(
            "saves_label",
            if side.saves == Some(1) {
                "SAVE"
            } else {
                "SAVES"
            },
        )
        .with(
            "jersey",
            side.jersey.map(|j| j.to_string()).unwrap_or_default(),
        )
        .with("effect", effect_text(&side.abilities))
        .with("experience", side.experience.len() as i64);
    for z in Zone::PITCH {
        let on = side.zones.contains(&z);
        f.set(&format!("zone.{}", z.key()), if on { "on" } else { "off" });
    }
    for n in 1..=4 {
        let (key, label) = match side.experience.get(n - 1) {
            Some(Experience::Match) => ("match", "PLAY"),
            Some(Experience::Goal) => ("goal", "GOAL"),
            None => ("", ""),
        };
        f.set(&format!("exp.{n}"), key);
        f.set(&format!("exp.{n}.label"), label);
    }
    PrintCard::new(card.id.as_str(), kind, "player", f)
}

/// A Staff card under `name` (First Trainers print both portraits).
fn staff(s: &StaffCard, name: &str) -> PrintCard {
    let set_name = match s.set {
        StaffSet::Coaching => "Coaching",
        StaffSet::Medical => "Medical",
        StaffSet::Scouting => "Scouting",
        StaffSet::Finance => "Finance",
        StaffSet::Operations => "Operations",
    };
    let vp: Vec<String> = s.set_vp.iter().map(u32::to_string).collect();
    let counts: Vec<String> = (1..=s.set_vp.len()).map(|n| n.to_string()).collect();
    let f = base(&s.id, "staff", name)
        .with("profession", s.profession.as_str())
        .with("set", set_name.to_lowercase())
        .with("set.name", set_name)
        .with("colour", colour_key(s.colour))
        .with("hire_cost", i64::from(s.hire_cost))
        .with("players", format!("{}+", s.min_players))
        .with("first_trainer", s.first_trainer)
        .with("set_vp", vp.join(" · "))
        .with("set_cards", counts.join(" · "))
        .with("effect", effect_text(&s.abilities));
    PrintCard::new(s.id.as_str(), "staff", "staff", f)
}

/// The printed text of a card's effect blocks, one paragraph each (empty
/// for a card without effects).
pub fn effect_text(blocks: &[EffectBlock]) -> String {
    let lines: Vec<String> = blocks.iter().map(EffectBlock::describe).collect();
    lines.join("\n")
}

/// Effects chosen on the spot (a Sponsor contract, a Board Meeting
/// decision): blocks that resolve at once leave out the BONUS header the
/// card already implies; the others keep theirs (AFTER THE MATCH...).
pub fn contract_text(blocks: &[EffectBlock]) -> String {
    let lines: Vec<String> = blocks
        .iter()
        .map(|b| {
            let text = b.describe();
            let head = format!("{}: ", Timing::Bonus.header());
            match text.strip_prefix(&head) {
                Some(rest) if b.timing == Timing::Bonus => rest.to_string(),
                _ => text,
            }
        })
        .collect();
    lines.join("\n")
}

/// When an Objective is revealed, as its card prints it.
pub fn check_text(check: ObjectiveCheck) -> &'static str {
    match check {
        ObjectiveCheck::Anytime => "Reveal it as soon as it holds",
        ObjectiveCheck::AfterMatch => "Reveal it after a Match",
        ObjectiveCheck::EndOfGame => "Reveal it at the end of the game",
    }
}

/// An Objective's goal, perfect fulfilment and VP in the card's own words
/// and order: "Goal, 2 VP: League position is at most 3. Perfect, +2 VP:
/// League position is at most 1. Reveal it at the end of the game."
pub fn objective_text(o: &ObjectiveCard) -> String {
    format!(
        "Goal, {} VP: {}. Perfect, +{} VP: {}. {}.",
        o.vp,
        condition_text(&o.goal),
        o.perfect_vp,
        condition_text(&o.perfect),
        check_text(o.check)
    )
}

/// An Objective's condition as a printed sentence: "League position is at
/// most 3".
pub fn condition_text(c: &Condition) -> String {
    let text = c.describe();
    let text = text.strip_prefix("if ").unwrap_or(&text);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Die faces, `1 2 3`, or `—` for none.
fn faces(list: &[u8]) -> String {
    if list.is_empty() {
        return "—".into();
    }
    let v: Vec<String> = list.iter().map(u8::to_string).collect();
    v.join(" ")
}

/// `+1`, `−2` (with a real minus sign).
fn signed(n: i8) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        format!("\u{2212}{}", n.unsigned_abs())
    }
}

/// A Stat's printed name.
fn stat_name(s: Stat) -> &'static str {
    match s {
        Stat::Any => "any Stat",
        other => other.title(),
    }
}

/// The players of one Opponent Zone: `▲2 ▼1`.
fn opponent_players(players: &[OpponentPlayer]) -> String {
    let v: Vec<String> = players
        .iter()
        .map(|p| {
            let icon = if p.task == Task::Attack { '▲' } else { '▼' };
            format!("{icon}{}", p.strength)
        })
        .collect();
    v.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Value;

    fn print() -> PrintDeck {
        let decks = ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"));
        print_deck(&decks)
    }

    fn text<'a>(c: &'a PrintCard, k: &str) -> &'a str {
        match c.fields.get(k) {
            Some(Value::Text(t)) => t,
            other => panic!("{} {k}: {other:?}", c.id),
        }
    }

    #[test]
    fn every_card_prints_and_double_sided_ones_carry_their_other_side() {
        let decks = ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"));
        let p = print_deck(&decks);
        assert_eq!(p.cards.len(), decks.total());
        assert_eq!(p.cards.len(), 274);
        let two_sided = p
            .cards
            .iter()
            .filter(|c| c.back.as_ref().is_some_and(|b| b.template != "back"))
            .count();
        // 62 Players, 36 Sponsors and the 4 First Trainers.
        assert_eq!(two_sided, 62 + 36 + 4);
        // Every other card shows its deck on the back; Opponents their
        // Division too.
        let backs: Vec<(&str, &str, &str)> = p
            .cards
            .iter()
            .filter_map(|c| c.back.as_deref().map(|b| (c, b)))
            .filter(|(_, b)| b.template == "back")
            .map(|(c, b)| {
                let division = match b.fields.get("division") {
                    Some(Value::Text(t)) => t.as_str(),
                    _ => "",
                };
                (c.id.as_str(), text(b, "deck"), division)
            })
            .collect();
        assert_eq!(backs.len(), 274 - two_sided);
        assert!(backs.contains(&("staff-10", "STAFF", "")));
        assert!(backs.contains(&("board-12", "BOARD MEETING", "")));
        for (id, deck, division) in &backs {
            let opponent = id.starts_with("opponent-");
            assert_eq!(opponent, *deck == "OPPONENT", "{id}");
            assert_eq!(opponent, division.starts_with("DIVISION "), "{id}");
        }
        let divisions: std::collections::BTreeSet<&str> = backs
            .iter()
            .map(|(_, _, d)| *d)
            .filter(|d| !d.is_empty())
            .collect();
        assert_eq!(divisions.len(), 4, "{divisions:?}");
        let Some(y) = p.cards.iter().find(|c| c.id == "youngster-01") else {
            panic!("no youngster")
        };
        assert_eq!(
            text(y, "jersey"),
            "",
            "an Untrained Youngster has no number"
        );
        let Some(back) = &y.back else {
            panic!("no trained side")
        };
        assert_eq!(back.fields.get("trained"), Some(&Value::Bool(true)));
        assert_eq!(back.template, "player");
        assert_eq!(text(back, "exp.1"), "match");
        assert_eq!(text(back, "exp.1.label"), "PLAY");
        let Some(s) = p.cards.iter().find(|c| c.id == "sponsor-01") else {
            panic!("no sponsor")
        };
        assert_eq!(text(s, "one_off"), "Gain 5 Cash.");
        let Some(kit) = &s.back else {
            panic!("no kit side")
        };
        assert_eq!(kit.template, "sponsor_kit");
        assert_eq!(text(kit, "logo.mark"), "HARROW VALLEY");
        assert_eq!(text(kit, "logo.slogan"), "Fresh from the Valley");
    }

    #[test]
    fn effects_print_the_rules_own_sentences() {
        let p = print();
        let Some(gk) = p.cards.iter().find(|c| c.id == "player-03") else {
            panic!("no player-03")
        };
        assert_eq!(
            text(gk, "effect"),
            "AFTER THE MATCH (2 Fitness): Cancel an Opponent's goal."
        );
        assert_eq!(gk.fields.get("saves"), Some(&Value::Int(2)));
        assert_eq!(text(gk, "saves_label"), "SAVES");
        // One save is singular on the card.
        let one = p
            .cards
            .iter()
            .find(|c| c.fields.get("saves") == Some(&Value::Int(1)));
        assert!(one.is_some_and(|c| text(c, "saves_label") == "SAVE"));
        assert_eq!(text(gk, "zone.central_forward"), "off");
        let Some(o) = p.cards.iter().find(|c| c.id == "opponent-01") else {
            panic!("no opponent")
        };
        assert_eq!(text(o, "midfield.centre"), "▲1 ▼0 ▲1");
        assert_eq!(text(o, "forward.left"), "");
        assert!(text(o, "scout_report").ends_with("They play 4-4-2."));
        let Some(obj) = p.cards.iter().find(|c| c.id == "objective-01") else {
            panic!("no objective")
        };
        assert_eq!(text(obj, "goal"), "League position is at most 3");
    }

    #[test]
    fn scenario_sheets_print_after_the_cards_in_the_rules_words() {
        let decks = ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"));
        let source = crate::cards::DataSource::embedded();
        let sheets = crate::games::eleven::scenarios(&source).unwrap_or_else(|e| panic!("{e}"));
        let p = print_deck_with_sheets(&decks, &sheets);
        assert_eq!(p.cards.len(), 274 + 3);
        let ids: Vec<&str> = p.cards[274..].iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["solo-01", "solo-02", "solo-03"]);
        let Some(s) = p.cards.iter().find(|c| c.id == "solo-02") else {
            panic!("no solo-02")
        };
        assert_eq!(s.template, "scenario");
        assert_eq!(text(s, "division"), "DIVISION 2");
        assert_eq!(
            text(s, "setup"),
            "Stats after the Directors: \u{2212}1 Cash · +1 Fan Base.\nStart with a 3-point deduction."
        );
        assert_eq!(
            text(s, "goals"),
            "League position is at most 6\nOffice level is at least 2"
        );
        assert_eq!(
            text(s, "scoring"),
            "3 VP if League position is at most 4\n1 VP × clean sheets this season"
        );
        let Some(back) = &s.back else {
            panic!("no back")
        };
        assert_eq!(
            (back.template.as_str(), text(back, "deck")),
            ("back", "SCENARIO")
        );
        let Some(s3) = p.cards.iter().find(|c| c.id == "solo-03") else {
            panic!("no solo-03")
        };
        assert_eq!(text(s3, "division"), "ANY DIVISION");
        assert_eq!(
            text(s3, "setup"),
            "Stats after the Directors: \u{2212}1 Cash · +1 Fitness.\nDraw 1 Player into play, Untrained."
        );
        assert_eq!(text(s3, "scoring"), "2 VP × Youngster Players");
        // The editor previews the very cards the print hook prints.
        let alone = scenario_deck(&sheets);
        assert_eq!(alone.cards.as_slice(), &p.cards[274..]);
        assert_eq!(
            setup_text(&ScenarioSetup::default()),
            "No changes to the usual setup."
        );
        assert_eq!(scoring_text(&[]), "No extra scoring.");
    }

    #[test]
    fn directors_print_signed_stats_and_votes() {
        assert_eq!(signed(1), "+1");
        assert_eq!(signed(-2), "\u{2212}2");
        assert_eq!(faces(&[]), "—");
        assert_eq!(faces(&[1, 2]), "1 2");
        let p = print();
        let Some(d) = p.cards.iter().find(|c| c.id == "director-01") else {
            panic!("no director")
        };
        assert_eq!(text(d, "votes.yellow"), "1 2 3 4");
        assert_eq!(text(d, "stats"), "+1 Cash · \u{2212}1 Fan Base");
    }
}
