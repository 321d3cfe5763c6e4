//! Cardball's cards as printable fields: the adapter from [`CardballDeck`]
//! to [`PrintDeck`].
//!
//! Cards come in file order (pitch, Manager, Action), each design once per
//! copy: a design with several copies prints as `id-1`, `id-2`... (the ids
//! the rules engine uses), a single card under its own id.
//!
//! Fields every card has: `id`, `kind`, `copy`, `set`, `name`, `flavour`,
//! `art` (a picture path under the data folder, `cardball/art/<design
//! id>.png`, shared by the copies of a design).
//!
//! - Pitch cards (`kind` `zone`, `ball` or `goal`, templates of the same
//!   name). Zones add `index` (0-8), `side` (`left`, `right`, `both`),
//!   `side.name` (who the zone belongs to, printed), `net` (the zone is a
//!   goal, index 0 or 8) and `row.0` to `row.8`: `here` for this zone,
//!   `net` for the two goals and `off` for the others, to draw the row.
//! - Manager cards (`kind` `manager`, template `manager`; The Manager cards
//!   use template `the_manager`): `position`, `position.name`,
//!   `the_manager` (true on The Manager cards). Each half is printed as the
//!   manager holding the card reads it, from their own box (row 1) to the
//!   box they attack (row 7), so the rows of the two halves line up:
//!   `attack.N.mark` (`none`, `chance`, `takes`, `fifty`, `hundred`),
//!   `attack.N.label` (the printed mark: `—`, `Chance`, `Takes`, `50/50`,
//!   `100`) and `attack.N.does` (`Shoot`, `Advance 2`, `no effect`) for
//!   the attacking (top) half, and `defend.N.mark` / `defend.N.label` for
//!   the defending (bottom) half. The attacking row N is zone class N of
//!   `docs/cardball.md` 2.2; the defending row N is seen from the
//!   defender, so it is zone class 8 - N; `defend.N.does` says what a
//!   win does (`Win the ball`, `no effect`). The Manager cards add `text`.
//! - Action cards (`kind` `action`): `outcome` (as in the file), `fifty`
//!   (a 50/50 card), `text` (what happens, a sentence), and on 50/50 cards
//!   `win` and `lose` (what happens if the user wins or loses the roll).
//!
//! The back has `set` and `art` (`cardball/art/back.png`).
//!
//! Only values are copied; how a card looks belongs to the templates.

use crate::games::cardball::deck::{CardballDeck, PitchKind, ZoneSide, physical_id};
use crate::games::cardball::{ActionOutcome, Mark, Payload, Plain, Position, Top, ZoneClass};
use crate::layout::fields::{Fields, PrintCard, PrintDeck};

/// The game key (and template folder) of Cardball.
pub const GAME: &str = "cardball";

/// The printed name of the set.
pub const TITLE: &str = "Cardball";

/// What The Manager cards say, printed on them.
pub const THE_MANAGER_TEXT: &str = "Never played in a round. At the start of a round, before \
    anyone picks, throw this card on the pitch and draw an Action card. Then draw a card from \
    the draw pile.";

/// Every physical card of `deck`, in file order, with the shared back.
pub fn print_deck(deck: &CardballDeck) -> PrintDeck {
    let mut cards = Vec::new();
    let base = |design: &str, id: &str, kind: &str, copy: u8, name: &str, flavour: &str| {
        Fields::new()
            .with("id", id)
            .with("art", format!("{GAME}/art/{design}.png"))
            .with("kind", kind)
            .with("copy", i64::from(copy))
            .with("set", TITLE)
            .with("name", name)
            .with("flavour", flavour)
    };
    for p in &deck.pitch {
        let kind = match p.kind {
            PitchKind::Zone => "zone",
            PitchKind::Ball => "ball",
            PitchKind::Goal => "goal",
        };
        for k in 1..=p.copies {
            let id = physical_id(&p.id, p.copies, k);
            let mut f = base(&p.id, &id, kind, k, &p.name, &p.flavour);
            if p.kind == PitchKind::Zone {
                let index = p.index.unwrap_or(0);
                f.set("index", i64::from(index));
                f.set("net", index == 0 || index == 8);
                let (side, side_name) = match p.side {
                    Some(ZoneSide::Left) => ("left", "Left manager's half"),
                    Some(ZoneSide::Right) => ("right", "Right manager's half"),
                    Some(ZoneSide::Both) | None => ("both", "Both halves"),
                };
                f.set("side", side);
                f.set("side.name", side_name);
                for i in 0..=8u8 {
                    let cell = if i == index {
                        "here"
                    } else if i == 0 || i == 8 {
                        "net"
                    } else {
                        "off"
                    };
                    f.set(&format!("row.{i}"), cell);
                }
            }
            cards.push(PrintCard::new(id, kind, kind, f));
        }
    }
    for m in &deck.managers {
        let the_manager = m.position == Position::MGR;
        for k in 1..=m.copies {
            let id = physical_id(&m.id, m.copies, k);
            let mut f = base(&m.id, &id, "manager", k, &m.name, &m.flavour);
            f.set("position", m.position.key());
            // A 2v2 card says so under its position, so the box can be
            // sorted for a duel.
            if m.team {
                f.set(
                    "position.name",
                    format!("{} · 2v2 card", position_name(m.position)),
                );
            } else {
                f.set("position.name", position_name(m.position));
            }
            f.set("team", m.team);
            f.set("the_manager", the_manager);
            if the_manager {
                f.set("text", THE_MANAGER_TEXT);
            }
            for (row, class) in ZoneClass::ALL.into_iter().enumerate() {
                let n = row + 1;
                let top = m.top.get(class.index()).copied().unwrap_or(Top::NONE);
                f.set(&format!("attack.{n}.mark"), top.mark.key());
                f.set(&format!("attack.{n}.label"), mark_label(top.mark));
                f.set(&format!("attack.{n}.does"), does(top.mark, top.payload));
                // The defender reads the card from its own side of the
                // pitch: its own box is the attacker's `inside_box`.
                let seen = ZoneClass::ALL.len() - 1 - row;
                let mark = m.bottom.get(seen).copied().unwrap_or(Mark::None);
                f.set(&format!("defend.{n}.mark"), mark.key());
                f.set(&format!("defend.{n}.label"), mark_label(mark));
                let wins = if mark == Mark::None {
                    "no effect"
                } else {
                    "Win the ball"
                };
                f.set(&format!("defend.{n}.does"), wins);
            }
            let template = if the_manager {
                "the_manager"
            } else {
                "manager"
            };
            cards.push(PrintCard::new(id, "manager", template, f));
        }
    }
    for a in &deck.actions {
        for k in 1..=a.copies {
            let id = physical_id(&a.id, a.copies, k);
            let mut f = base(&a.id, &id, "action", k, &a.name, &a.flavour);
            f.set("outcome", a.outcome.to_string());
            f.set("text", action_text(a.outcome));
            match a.outcome {
                ActionOutcome::Plain(_) => f.set("fifty", false),
                ActionOutcome::Fifty(win, lose) => {
                    f.set("fifty", true);
                    f.set("win", plain_text(win));
                    f.set("lose", plain_text(lose));
                }
            }
            cards.push(PrintCard::new(id, "action", "action", f));
        }
    }
    let back = PrintCard::shared_back(GAME, TITLE);
    PrintDeck {
        game: GAME.into(),
        title: TITLE.into(),
        cards,
        back,
    }
}

/// The printed word for a position.
fn position_name(p: Position) -> &'static str {
    match p {
        Position::GK => "Goalkeeper",
        Position::FB => "Full-back",
        Position::CB => "Centre-back",
        Position::CDM => "Defensive midfielder",
        Position::CM => "Central midfielder",
        Position::CAM => "Attacking midfielder",
        Position::W => "Winger",
        Position::ST => "Striker",
        Position::MGR => "The Manager",
    }
}

/// The printed mark.
pub fn mark_label(mark: Mark) -> &'static str {
    match mark {
        Mark::None => "—",
        Mark::Chance => "Chance",
        Mark::Takes => "Takes",
        Mark::Fifty => "50/50",
        Mark::Hundred => "100",
    }
}

/// What an attacking half does when it wins the round.
pub fn does(mark: Mark, payload: Payload) -> String {
    match (mark, payload) {
        (Mark::None, _) => "no effect".into(),
        (_, Payload::Hold) => "Hold".into(),
        (_, Payload::Advance(n)) => format!("Advance {n}"),
        (_, Payload::Shoot) => "Shoot".into(),
    }
}

/// A plain Action outcome as a printed sentence, from the user's side.
pub fn plain_text(p: Plain) -> String {
    let zones = |n: u8| {
        if n == 1 {
            "1 zone".into()
        } else {
            format!("{n} zones")
        }
    };
    match p {
        Plain::Nothing => "Nothing happens.".into(),
        Plain::Gain => "You win the ball where it is.".into(),
        Plain::Lose => "Your opponent wins the ball where it is.".into(),
        Plain::Advance(n) => format!(
            "You get the ball and it moves {} toward your opponent's goal.",
            zones(n)
        ),
        Plain::Retreat(n) => format!(
            "You get the ball and it moves {} back toward your own goal.",
            zones(n)
        ),
        Plain::Halfway => "The ball goes to the half-way line. Possession does not change.".into(),
        Plain::Goal => "GOAL! You score.".into(),
        Plain::Save => "Saved: your opponent's keeper has the ball in their own box.".into(),
        Plain::Concede => "Your opponent scores.".into(),
    }
}

/// An Action outcome as printed text: the sentence, or for a 50/50 card
/// both results of the roll.
pub fn action_text(outcome: ActionOutcome) -> String {
    match outcome {
        ActionOutcome::Plain(p) => plain_text(p),
        ActionOutcome::Fifty(win, lose) => format!(
            "Roll the die; your opponent calls. You win the roll: {} You lose it: {}",
            plain_text(win),
            plain_text(lose)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Value;

    fn print() -> PrintDeck {
        let deck = CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
        print_deck(&deck)
    }

    #[test]
    fn every_copy_is_a_card_with_the_engines_id() {
        let deck = CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
        let p = print_deck(&deck);
        assert_eq!(p.cards.len(), 83, "the 75-card box and 8 2v2 cards");
        let team = p
            .cards
            .iter()
            .filter(|c| {
                c.fields
                    .get("position.name")
                    .is_some_and(|v| v.to_string().ends_with("2v2 card"))
            })
            .count();
        assert_eq!(team, 8);
        let set = deck.card_set();
        let managers: Vec<&str> = p
            .cards
            .iter()
            .filter(|c| c.kind == "manager")
            .map(|c| c.id.as_str())
            .collect();
        let engine: Vec<&str> = set.managers.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(managers, engine);
        assert_eq!(p.cards.iter().filter(|c| c.kind == "goal").count(), 10);
        assert!(p.cards.iter().all(|c| c.back.is_none()), "one shared back");
    }

    #[test]
    fn halves_read_from_the_holders_own_box() {
        let p = print();
        let Some(gk) = p.cards.iter().find(|c| c.id == "gk-safe-hands") else {
            panic!("no keeper")
        };
        let text = |k: &str| gk.fields.get(k).map(ToString::to_string);
        // Attacking from its own box: "takes advance 1".
        assert_eq!(text("attack.1.mark").as_deref(), Some("takes"));
        assert_eq!(text("attack.1.does").as_deref(), Some("Advance 1"));
        assert_eq!(text("attack.7.does").as_deref(), Some("no effect"));
        // Defending its own box (the attacker's inside_box): the 50/50.
        assert_eq!(text("defend.1.label").as_deref(), Some("50/50"));
        assert_eq!(text("defend.2.mark").as_deref(), Some("chance"));
        assert_eq!(text("defend.7.mark").as_deref(), Some("none"));
        let Some(mgr) = p.cards.iter().find(|c| c.id == "the-manager-3") else {
            panic!("no manager")
        };
        assert_eq!(mgr.template, "the_manager");
        assert_eq!(mgr.fields.get("the_manager"), Some(&Value::Bool(true)));
    }

    #[test]
    fn zones_draw_their_place_in_the_row() {
        let p = print();
        let Some(z) = p.cards.iter().find(|c| c.id == "zone-edge-right") else {
            panic!("no zone")
        };
        let row: Vec<String> = (0..=8)
            .filter_map(|i| z.fields.get(&format!("row.{i}")).map(ToString::to_string))
            .collect();
        assert_eq!(
            row,
            [
                "net", "off", "off", "off", "off", "off", "here", "off", "net"
            ]
        );
        assert_eq!(z.fields.get("net"), Some(&Value::Bool(false)));
    }

    #[test]
    fn action_outcomes_read_as_sentences() {
        assert_eq!(
            action_text(ActionOutcome::Plain(Plain::Advance(1))),
            "You get the ball and it moves 1 zone toward your opponent's goal."
        );
        assert_eq!(
            action_text(ActionOutcome::Fifty(Plain::Goal, Plain::Save)),
            "Roll the die; your opponent calls. You win the roll: GOAL! You score. You lose it: \
             Saved: your opponent's keeper has the ball in their own box."
        );
        let p = print();
        let Some(pen) = p.cards.iter().find(|c| c.id == "act-penalty") else {
            panic!("no penalty")
        };
        assert_eq!(
            pen.fields.get("win"),
            Some(&Value::Text("GOAL! You score.".into()))
        );
    }
}
