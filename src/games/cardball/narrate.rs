//! Cardball's events as the table's log tells them: managers by name,
//! cards by their printed titles, zones by whose half they are in, and a
//! card drawn face down named only to its own manager.

use crate::engine::Seat;
use crate::games::cardball::deck::CardballDeck;
use crate::games::cardball::{
    ActionId, CardId, CardSet, Event, Mark, Payload, Period, Plain, RollFor, RoundResult, Side,
    ZoneClass,
};

/// A Manager card's printed title (its id when the deck lacks it).
pub fn card_title(deck: &CardballDeck, cards: &CardSet, id: CardId) -> String {
    let physical = cards.name(id);
    deck.manager_design(physical)
        .map_or_else(|| physical.to_string(), |d| d.name.clone())
}

/// An Action card's printed title.
pub fn action_title(deck: &CardballDeck, cards: &CardSet, id: ActionId) -> String {
    let physical = cards.action_name(id);
    deck.action_design(physical)
        .map_or_else(|| physical.to_string(), |d| d.name.clone())
}

/// A die icon's printed name.
pub fn icon_name(deck: &CardballDeck, cards: &CardSet, icon: u8) -> String {
    let id = cards.die.icon(icon);
    deck.die
        .icons
        .iter()
        .find(|i| i.id == id)
        .map_or_else(|| id.to_string(), |i| i.name.clone())
}

/// What an attacking card does in `class`, in words ("takes the ball,
/// then advance 2", "no effect").
pub fn attack_words(cards: &CardSet, id: CardId, class: ZoneClass) -> String {
    let Some(top) = cards.card(id).map(|c| c.top(class)) else {
        return "no effect".into();
    };
    let mark = mark_words(top.mark);
    match (top.mark, top.payload) {
        (Mark::None, _) | (_, Payload::Hold) => mark.into(),
        (_, Payload::Advance(n)) => format!("{mark}, then advance {n}"),
        (_, Payload::Shoot) => format!("{mark}, then shoot"),
    }
}

/// What a defending card does in `class`, in words.
pub fn defend_words(cards: &CardSet, id: CardId, class: ZoneClass) -> String {
    cards
        .card(id)
        .map_or("no effect", |c| mark_words(c.bottom(class)))
        .into()
}

/// A printed mark in words.
fn mark_words(m: Mark) -> &'static str {
    match m {
        Mark::None => "no effect",
        Mark::Chance => "has a chance",
        Mark::Takes => "takes the ball",
        Mark::Fifty => "a 50/50",
        Mark::Hundred => "a sure 100",
    }
}

/// `one` after a single name, `many` after a team's names (`Ana & Ben`).
pub fn verb<'a>(name: &str, one: &'a str, many: &'a str) -> &'a str {
    if name.contains(" & ") { many } else { one }
}

/// A zone (0-8) in words; `sides` are the left and right sides' names.
pub fn zone_name(zone: u8, sides: &[String; 2]) -> String {
    let [l, r] = sides;
    match zone {
        0 => format!("{l}'s goal"),
        1 => format!("{l}'s box"),
        2 => format!("the edge of {l}'s box"),
        3 => format!("{l}'s half"),
        4 => "the half-way line".into(),
        5 => format!("{r}'s half"),
        6 => format!("the edge of {r}'s box"),
        7 => format!("{r}'s box"),
        _ => format!("{r}'s goal"),
    }
}

/// A zone (1-7) as the cards of `side`'s manager name it: counted from
/// that manager's own goal, the way the printed rows read.
pub fn zone_for(zone: u8, side: Side) -> &'static str {
    const NAMES: [&str; 7] = [
        "own box",
        "own edge",
        "own half",
        "half-way",
        "their half",
        "their edge",
        "their box",
    ];
    let d = match side {
        Side::Left => zone,
        Side::Right => 8u8.saturating_sub(zone),
    };
    NAMES[usize::from(d.clamp(1, 7) - 1)]
}

/// Where a zone class is for the attacker `att` against `def`, in words.
pub fn class_place(class: ZoneClass, att: &str, def: &str) -> String {
    match class {
        ZoneClass::OwnBox => format!("in {att}'s box"),
        ZoneClass::OwnEdge => format!("at the edge of {att}'s box"),
        ZoneClass::OwnHalf => format!("in {att}'s half"),
        ZoneClass::Halfway => "at the half-way line".into(),
        ZoneClass::OppHalf => format!("in {def}'s half"),
        ZoneClass::OutsideBox => format!("at the edge of {def}'s box"),
        ZoneClass::InsideBox => format!("in {def}'s box"),
    }
}

/// An Action outcome for its user, in words.
pub fn plain_text(p: Plain) -> String {
    match p {
        Plain::Nothing => "nothing happens".into(),
        Plain::Gain => "wins the ball".into(),
        Plain::Lose => "gives the ball away".into(),
        Plain::Advance(n) => format!("wins the ball and moves it {n} forward"),
        Plain::Retreat(n) => format!("has the ball, {n} back"),
        Plain::Halfway => "the ball goes back to the half-way line".into(),
        Plain::Goal => "scores".into(),
        Plain::Save => "the keeper saves: the ball goes to the other side's box".into(),
        Plain::Concede => "concedes a goal".into(),
    }
}

/// One log line for `e`, or `None` for events the log leaves out.
/// `names` are the managers by seat, `sides` the left and right sides'
/// names; `viewer` is the seat whose secrets may be shown.
pub fn narrate(
    e: &Event,
    deck: &CardballDeck,
    cards: &CardSet,
    names: &[String],
    sides: &[String; 2],
    viewer: Option<Seat>,
) -> Option<String> {
    let who = |s: &Seat| {
        names
            .get(s.index())
            .cloned()
            .unwrap_or_else(|| s.to_string())
    };
    let side = |s: &Side| sides[s.index()].clone();
    let card = |c: &CardId| card_title(deck, cards, *c);
    let secret = e.secret_to().is_some_and(|s| Some(s) != viewer);
    Some(match e {
        Event::Dealt { period } => match period {
            Period::Match => return None,
            Period::SecondHalf => "Second half: the cards are dealt again.".into(),
            Period::GoldenGoal => "Golden goal: a fresh deal, the first goal wins.".into(),
            Period::Penalties => "Penalty shoot-out: 10 cards each.".into(),
        },
        Event::Called { side: s, icon } => {
            format!("{} calls {}.", side(s), icon_name(deck, cards, *icon))
        }
        Event::Rolled {
            purpose,
            roller,
            face,
            winner,
            ..
        } => {
            let shown = icon_name(deck, cards, cards.die.face_icon(*face));
            let what = match purpose {
                RollFor::KickOff => "for the kick-off",
                RollFor::FirstShooter => "for the first penalty",
                RollFor::Dilemma => "to settle the round",
                RollFor::Action { .. } => "for the Action card",
                RollFor::Penalty => "for the penalty",
            };
            format!(
                "{} {} the die {what}: {shown}. {} {} the roll.",
                side(roller),
                verb(&side(roller), "rolls", "roll"),
                side(winner),
                verb(&side(winner), "wins", "win")
            )
        }
        Event::KickOff { side: s } => format!(
            "{} {} off from the half-way line.",
            side(s),
            verb(&side(s), "kicks", "kick")
        ),
        Event::Passed { seat } => format!("{} does not play The Manager.", who(seat)),
        Event::UsedManager {
            seat,
            card: c,
            action,
        } => format!(
            "{} plays {} and draws the Action card {}.",
            who(seat),
            card(c),
            action_title(deck, cards, *action)
        ),
        Event::ActionResolved { user, outcome } => {
            format!("{}: {}.", side(user), plain_text(*outcome))
        }
        Event::Replaced { seat, card: c } => match (c, secret) {
            (Some(c), false) => format!("{} draws {} as a replacement.", who(seat), card(c)),
            (Some(_), true) => format!("{} draws a replacement.", who(seat)),
            (None, _) => format!("{} gets no replacement: the pile is empty.", who(seat)),
        },
        Event::Picked { seat } => format!("{} places a card face down.", who(seat)),
        Event::Revealed {
            attacker,
            attack,
            defender,
            defend,
            class,
        } => format!(
            "Reveal {}: {} attacks with {} ({}), {} defends with {} ({}).",
            class_place(*class, &who(attacker), &who(defender)),
            who(attacker),
            card(attack),
            attack_words(cards, *attack, *class),
            who(defender),
            card(defend),
            defend_words(cards, *defend, *class)
        ),
        Event::ReadsHalfway { seat, half, .. } => {
            if *half == Side::of(*seat) {
                format!("{} plays the half-way line as their own half.", who(seat))
            } else {
                format!(
                    "{} plays the half-way line as {}'s half.",
                    who(seat),
                    side(half)
                )
            }
        }
        Event::RoundWon { side: s, result } => match result {
            RoundResult::Outright => format!(
                "{} {} the round: the stronger mark wins outright.",
                side(s),
                verb(&side(s), "wins", "win")
            ),
            RoundResult::TakesTheBall => format!(
                "{} {} the round: with no clash, a card that takes the ball gives the round to the attacker.",
                side(s),
                verb(&side(s), "wins", "win")
            ),
            RoundResult::Hold => format!(
                "Neither card does anything: {} {} the ball.",
                side(s),
                verb(&side(s), "keeps", "keep")
            ),
            RoundResult::Die => format!(
                "{} {} the round on the die.",
                side(s),
                verb(&side(s), "wins", "win")
            ),
        },
        Event::BallMoved { from, to } => format!(
            "The ball moves from {} to {}.",
            zone_name(*from, sides),
            zone_name(*to, sides)
        ),
        Event::Possession { side: s } => {
            format!("{} {} the ball.", side(s), verb(&side(s), "has", "have"))
        }
        Event::Goal { side: s, score } => {
            format!(
                "GOOAAALL!!! {} {}: {}–{}.",
                side(s),
                verb(&side(s), "scores", "score"),
                score[0],
                score[1]
            )
        }
        Event::BenchDraw { seat, card: c } => {
            if secret {
                format!("{} takes a card from the bench.", who(seat))
            } else {
                format!("{} takes {} from the bench.", who(seat), card(c))
            }
        }
        Event::FullTime { period, score } => {
            let when = match period {
                Period::Match => "The whistle",
                Period::SecondHalf => "Full time",
                Period::GoldenGoal => "End of golden goal",
                Period::Penalties => "End of the shoot-out",
            };
            format!("{when}: {}–{}.", score[0], score[1])
        }
        Event::Kick {
            shooter,
            shot,
            save,
            scored,
        } => format!(
            "Penalty: {} {} with {} against {}: {}.",
            side(shooter),
            verb(&side(shooter), "shoots", "shoot"),
            card(shot),
            card(save),
            match scored {
                Some(true) => "scored",
                Some(false) => "saved",
                None => "the die decides",
            }
        ),
        Event::SuddenDeath => "Sudden death: two new cards each.".into(),
        Event::PutAside { card: c } => format!("{} is put aside.", card(c)),
        Event::Over { winners, ending } => {
            let how = ending_words(ending);
            if winners.is_empty() {
                format!("The match ends in a draw {how}.")
            } else {
                let w: Vec<String> = winners.iter().map(&who).collect();
                let w = w.join(" & ");
                format!("{w} {} the match {how}.", verb(&w, "wins", "win"))
            }
        }
    })
}

/// How a match was decided, in words ("at full time", "on penalties"), from
/// the engine's ending key; an unknown key reads as "at the end".
pub fn ending_words(ending: &str) -> &'static str {
    match ending {
        "full_time" | "draw" => "at full time",
        "golden_goal" => "with a golden goal",
        "golden_goal_draw" => "after golden-goal time without a goal",
        "penalties" => "on penalties",
        _ => "at the end",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck() -> CardballDeck {
        CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_bench_draw_names_the_card_only_to_its_manager() {
        let d = deck();
        let cards = d.card_set();
        let names = vec!["Ana".to_string(), "Bot".to_string()];
        let sides = ["Ana".to_string(), "Bot".to_string()];
        let e = Event::BenchDraw {
            seat: Seat(1),
            card: 0,
        };
        let title = card_title(&d, &cards, 0);
        let own = narrate(&e, &d, &cards, &names, &sides, Some(Seat(1)));
        let other = narrate(&e, &d, &cards, &names, &sides, Some(Seat(0)));
        let nobody = narrate(&e, &d, &cards, &names, &sides, None);
        assert_eq!(own, Some(format!("Bot takes {title} from the bench.")));
        assert_eq!(other, Some("Bot takes a card from the bench.".to_string()));
        assert_eq!(nobody, other);
    }

    #[test]
    fn a_name_takes_a_singular_verb_and_a_team_a_plural_one() {
        assert_eq!(verb("Ana", "wins", "win"), "wins");
        assert_eq!(verb("Ana & Ben", "wins", "win"), "win");
    }

    #[test]
    fn a_zone_reads_from_the_holders_own_goal_like_the_printed_rows() {
        assert_eq!(zone_for(1, Side::Left), "own box");
        assert_eq!(zone_for(1, Side::Right), "their box");
        assert_eq!(zone_for(4, Side::Right), "half-way");
        assert_eq!(zone_for(6, Side::Right), "own edge");
        assert_eq!(
            class_place(ZoneClass::OutsideBox, "Ana", "Bot"),
            "at the edge of Bot's box"
        );
    }

    #[test]
    fn zones_are_named_by_whose_half_they_are_in() {
        let sides = ["Ana".to_string(), "Bot".to_string()];
        assert_eq!(zone_name(1, &sides), "Ana's box");
        assert_eq!(zone_name(4, &sides), "the half-way line");
        assert_eq!(zone_name(6, &sides), "the edge of Bot's box");
    }

    #[test]
    fn cards_are_named_by_their_printed_titles() {
        let d = deck();
        let cards = d.card_set();
        for id in 0..cards.len() as CardId {
            let title = card_title(&d, &cards, id);
            assert!(!title.is_empty());
            let Some(design) = d.manager_design(cards.name(id)) else {
                panic!("card {id} has no design");
            };
            assert_eq!(title, design.name);
        }
    }
}
