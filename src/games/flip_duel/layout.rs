//! Flip Duel's cards as printable fields: the adapter from [`CardSet`] to
//! [`PrintDeck`].
//!
//! Every team card is double-sided: its attack side is the front (template
//! `attack`) and its defence side is its own back (template `defence`,
//! [`PrintCard::back`]), so on a duplex or fold sheet each defence side
//! lands exactly behind its own attack side. Red's 53 cards come first,
//! then Blue's, then the four instruction cards (template `rules`, with the
//! shared back, template `back`).
//!
//! Fields every team card has (both sides): `id` (`red-07`), `kind`
//! (`attack` or `defence`), `set`, `name`, `art`, `team` (`red`),
//! `team.name`, `team.colour`, `team.accent`. The attack side adds
//! `ball.attack`, `ball.goal`, `ball.penalty`, `ball.free_kick` (the
//! ball's section, 1-5 from the left); the defence side adds `referee`
//! (the assistant referee's number) and, for each area (`attack`, `goal`,
//! `penalty`, `free_kick`) and section N (1-5), `defence.AREA.N` (the
//! mark's key, as in the card files) and `defence.AREA.N.label` (its
//! printed word). Instruction cards: `title`, `number` (`1/4`), `text`.
//!
//! Only values are copied; how a card looks belongs to the templates.

use super::{Area, Card, CardSet, Mark};
use crate::layout::fields::{Fields, PrintCard, PrintDeck};

/// The game key (and template folder) of Flip Duel.
pub const GAME: &str = "flip_duel";

/// The printed name of the set.
pub const TITLE: &str = "Flip Duel";

/// The four instruction cards: (title, text).
pub const INSTRUCTIONS: [(&str, &str); 4] = [
    (
        "Setting up",
        "Two players, Red and Blue, 53 cards each. Every card has an attack side and a \
         defence side, each with four coloured areas of five sections.\n\nBefore the match \
         each player secretly sets eight cards of the pack aside for injury time and \
         shuffles the other 45.\n\nThe youngest player attacks first: they hold the pack \
         attack side up; the other holds theirs defence side up.",
    ),
    (
        "Open play",
        "Both players lay their top card at the same moment. Find the ball in the green \
         attack area and look at the same section of the green defend area:\n\n\
         Defender: tackle, the packs flip.\nOffside flag: the packs flip.\nFoul: a free kick.\n\
         Goal symbol: a long ball, the next card is a shot.\nOpen grass: the attack goes on; \
         three in a row make the next card a shot.",
    ),
    (
        "Shots and set pieces",
        "A shot reads the red goal area against the save area: the open net is a goal, the \
         keeper saves, a defender blocks, no net misses (all flip). A foul gives a penalty; \
         a rebound or a corner another shot.\n\nPenalties (yellow) and free kicks (blue) are \
         the next pair of cards, read in their own area: the net scores; the block, the \
         wall, the post or no net do not. They always flip. After a goal the team that \
         conceded attacks.",
    ),
    (
        "Half time and injury time",
        "After 45 cards the packs are re-sorted and shuffled and the other player attacks \
         first.\n\nAfter the second 45 the assistant referee on the last defending card \
         holds up the injury time: that many of the cards set aside are shuffled and laid, \
         play going on from where it stood.\n\nMost goals wins; level is a draw.",
    ),
];

/// The printed word of a mark on the defence side.
pub fn mark_label(mark: Mark) -> &'static str {
    match mark {
        Mark::Empty => "",
        Mark::Defender => "Defender",
        Mark::Offside => "Offside",
        Mark::Foul => "Foul",
        Mark::LongBall => "Long ball",
        Mark::Net => "Net",
        Mark::Keeper => "Keeper",
        Mark::Wide => "Wide",
        Mark::Rebound => "Rebound",
        Mark::Corner => "Corner",
        Mark::Block => "Block",
        Mark::Wall => "Wall",
        Mark::Post => "Post",
    }
}

/// The fields both sides of a team card share.
fn common(set: &CardSet, card: &Card, kind: &str) -> Fields {
    let team = set.teams.get(usize::from(card.team));
    Fields::new()
        .with("id", card.id.as_str())
        .with("kind", kind)
        .with("set", TITLE)
        .with("name", card.name.as_str())
        .with("art", format!("{GAME}/art/{}.png", card.art))
        .with("team", team.map_or("", |t| t.id.as_str()))
        .with("team.name", team.map_or("", |t| t.name.as_str()))
        .with("team.colour", team.map_or("#808080", |t| t.colour.as_str()))
        .with("team.accent", team.map_or("#FFFFFF", |t| t.accent.as_str()))
}

/// A team card's attack side (the front).
pub fn attack_side(set: &CardSet, card: &Card) -> PrintCard {
    let mut f = common(set, card, "attack");
    for area in Area::ALL {
        f.set(
            &format!("ball.{}", area.attack_key()),
            i64::from(card.ball(area)) + 1,
        );
    }
    PrintCard::new(card.id.as_str(), "attack", "attack", f)
}

/// A team card's defence side (printed on the back of its attack side).
pub fn defence_side(set: &CardSet, card: &Card) -> PrintCard {
    let mut f = common(set, card, "defence");
    f.set("referee", i64::from(card.referee));
    for area in Area::ALL {
        // The same key for both sides' areas, so a template can pair them.
        let key = area.attack_key();
        for k in 0..super::SECTIONS as u8 {
            let mark = card.mark(area, k);
            f.set(&format!("defence.{key}.{}", k + 1), mark.key());
            f.set(&format!("defence.{key}.{}.label", k + 1), mark_label(mark));
        }
    }
    PrintCard::new(card.id.as_str(), "defence", "defence", f)
}

/// Every card of both packs, each with its defence side as its back, then
/// the four instruction cards with the shared back.
pub fn print_deck(set: &CardSet) -> PrintDeck {
    let mut cards: Vec<PrintCard> = set
        .cards
        .iter()
        .map(|c| attack_side(set, c).with_back(defence_side(set, c)))
        .collect();
    let n = INSTRUCTIONS.len();
    for (i, (title, text)) in INSTRUCTIONS.iter().enumerate() {
        let id = format!("rules-{}", i + 1);
        let f = Fields::new()
            .with("id", id.as_str())
            .with("kind", "rules")
            .with("set", TITLE)
            .with("title", *title)
            .with("number", format!("{}/{n}", i + 1))
            .with("text", *text);
        cards.push(PrintCard::new(id, "rules", "rules", f));
    }
    PrintDeck {
        game: GAME.into(),
        title: TITLE.into(),
        cards,
        back: PrintCard::shared_back(GAME, TITLE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::TemplateSet;

    #[test]
    fn every_card_prints_with_its_defence_side_behind_it_and_the_templates_fit() {
        let set = CardSet::default_set().unwrap_or_else(|e| panic!("{e}"));
        let deck = print_deck(&set);
        assert_eq!(deck.cards.len(), 2 * 53 + 4);
        let templates = TemplateSet::embedded(GAME).unwrap_or_else(|e| panic!("{e}"));
        for name in ["attack", "defence", "rules", "back"] {
            assert!(
                templates.get(name).is_some(),
                "{name}: {:?}",
                templates.names()
            );
        }
        let first = &deck.cards[0];
        let back = first.back.as_deref().unwrap_or_else(|| panic!("no back"));
        assert_eq!(
            (first.template.as_str(), back.template.as_str()),
            ("attack", "defence")
        );
        assert_eq!(first.id, back.id);
        let card = &set.cards[0];
        let want = card.ball(Area::Goal) + 1;
        assert_eq!(
            first.fields.get("ball.goal").map(|v| v.to_string()),
            Some(want.to_string())
        );
        assert!(
            deck.cards[106].back.is_none(),
            "instructions share the back"
        );
    }
}
