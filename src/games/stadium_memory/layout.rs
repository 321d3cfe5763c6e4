//! Stadium Memory's cards as printable fields: the adapter from
//! [`CardSet`] to [`PrintDeck`].
//!
//! Cards come in file order: each player twice (`ferro-1`, `ferro-2`, the
//! two cards of the pair), then the prize cards, each design once per copy
//! (`yellow-1` .. `yellow-6`). Every card has the same back: the lawn with
//! the set's back label ("Rivet").
//!
//! Fields every card has: `id`, `kind` (`player` or `prize`), `copy`,
//! `set`, `name`.
//! - Player cards (template `player`): `player` (the player's id),
//!   `nation`, `club`, `points` (1-5 picks the band colour in the
//!   template), `points.label` (`Pair: 3 points`) and the portrait's
//!   fields, which the template's `type = "portrait"` box draws:
//!   `portrait.face`, `portrait.skin`, `portrait.hair`,
//!   `portrait.hair_colour`, `portrait.beard`, `kit.primary`,
//!   `kit.secondary` and `number`.
//! - Prize cards (template `prize`): `prize` (`yellow`, `red`, `var`,
//!   `play_game`) and `text` (the rule in brief, from the deck file).
//!
//! The back (template `back`) has `label` (the deck file's `back`) and
//! `set`.
//!
//! Only values are copied; how a card looks belongs to the templates.

use super::{CardSet, Prize};
use crate::layout::fields::{Fields, PrintCard, PrintDeck};

/// The game key (and template folder) of Stadium Memory.
pub const GAME: &str = "stadium_memory";

/// The printed name of the set.
pub const TITLE: &str = "Stadium Memory";

/// Every physical card of `cards`, in file order, with the shared back.
pub fn print_deck(cards: &CardSet) -> PrintDeck {
    let mut out = Vec::new();
    let base = |id: &str, kind: &str, copy: u8, name: &str| {
        Fields::new()
            .with("id", id)
            .with("kind", kind)
            .with("copy", i64::from(copy))
            .with("set", TITLE)
            .with("name", name)
    };
    for p in &cards.players {
        for copy in 1..=2u8 {
            let id = format!("{}-{copy}", p.id);
            let mut f = base(&id, "player", copy, &p.name);
            f.set("player", p.id.as_str());
            f.set("nation", p.nation.as_str());
            f.set("club", p.club.as_str());
            // The template has a band colour for 1 to 5 points.
            f.set("points", i64::from(p.points.clamp(1, 5)));
            f.set(
                "points.label",
                format!(
                    "Pair: {} point{}",
                    p.points,
                    if p.points == 1 { "" } else { "s" }
                ),
            );
            let look = &p.portrait;
            f.set("portrait.face", look.face.as_str());
            f.set("portrait.skin", look.skin.as_str());
            f.set("portrait.hair", look.hair.as_str());
            f.set("portrait.hair_colour", look.hair_colour.as_str());
            f.set("portrait.beard", look.beard.as_str());
            f.set("kit.primary", look.kit);
            f.set("kit.secondary", look.trim);
            f.set("number", i64::from(look.number));
            out.push(PrintCard::new(id, "player", "player", f));
        }
    }
    for kind in Prize::ALL {
        let Some(design) = cards.prizes.iter().find(|d| d.kind == kind) else {
            continue;
        };
        for copy in 1..=design.copies {
            let id = format!("{}-{copy}", kind.key());
            let mut f = base(&id, "prize", copy, &design.name);
            f.set("prize", kind.key());
            f.set("text", design.text.as_str());
            out.push(PrintCard::new(id, "prize", "prize", f));
        }
    }
    let mut back = PrintCard::shared_back(GAME, TITLE);
    back.fields.set("label", cards.back.as_str());
    PrintDeck {
        game: GAME.into(),
        title: TITLE.into(),
        cards: out,
        back,
    }
}

/// The player `p`'s portrait as a Scene filling a `width` x `height` mm
/// box: the printed card's drawing, for the table, without the shirt
/// number (at a table card's size it would be too small to read; the
/// card shows its points instead).
pub fn portrait_scene(p: &super::PlayerCard, width: f32, height: f32) -> crate::layout::Scene {
    let look = crate::layout::picture::Look {
        face: p.portrait.face.clone(),
        skin: tone(&crate::layout::picture::SKINS, &p.portrait.skin),
        hair: p.portrait.hair.clone(),
        hair_colour: tone(
            &crate::layout::picture::HAIR_COLOURS,
            &p.portrait.hair_colour,
        ),
        beard: p.portrait.beard.clone(),
        kit: p.portrait.kit,
        trim: p.portrait.trim,
        number: String::new(),
    };
    let mut scene = crate::layout::Scene::new(width, height, 0.0);
    let area = crate::layout::Rect::new(0.0, 0.0, width, height);
    crate::layout::picture::portrait(&mut scene, "portrait", area, &look, width / 40.0);
    scene
}

/// A named tone of `list`, or a `#RRGGBB` colour.
fn tone(list: &[(&str, crate::cards::Rgb)], name: &str) -> crate::cards::Rgb {
    list.iter()
        .find(|(n, _)| *n == name)
        .map(|(_, c)| *c)
        .or_else(|| crate::cards::Rgb::parse(name).ok())
        .unwrap_or(crate::cards::Rgb(0xD5, 0x9D, 0x74))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_deck_prints_a_hundred_cards_with_lawn_backs() {
        let cards = CardSet::default_set().unwrap_or_else(|e| panic!("{e}"));
        let deck = print_deck(&cards);
        assert_eq!(deck.cards.len(), 100);
        assert_eq!(deck.cards.first().map(|c| c.id.as_str()), Some("ferro-1"));
        assert!(deck.cards.iter().any(|c| c.id == "yellow-6"));
        assert_eq!(
            deck.back.fields.get("label").map(ToString::to_string),
            Some(cards.back.clone())
        );
    }

    #[test]
    fn no_two_players_look_alike_at_a_glance() {
        let cards = CardSet::default_set().unwrap_or_else(|e| panic!("{e}"));
        for (i, a) in cards.players.iter().enumerate() {
            for b in cards.players.iter().skip(i + 1) {
                let d = a.portrait.difference(&b.portrait);
                // Teammates share a kit: they differ in the face itself.
                let want = if a.portrait.kit == b.portrait.kit {
                    4
                } else {
                    3
                };
                assert!(d >= want, "{} and {} differ in only {d}", a.id, b.id);
            }
        }
        // The printed portraits differ too, drawing by drawing.
        let deck = print_deck(&cards);
        let templates =
            crate::layout::TemplateSet::embedded(GAME).unwrap_or_else(|e| panic!("{e}"));
        let frame = crate::layout::Frame {
            width: 63.5,
            height: 88.9,
            bleed: 0.0,
        };
        let mut seen: Vec<String> = Vec::new();
        for card in deck
            .cards
            .iter()
            .filter(|c| c.kind == "player" && c.id.ends_with("-1"))
        {
            let scene =
                crate::layout::card_scene(card, &templates, frame, &crate::layout::NoImages)
                    .unwrap_or_else(|e| panic!("{e}"));
            let drawing: String = scene
                .to_string()
                .lines()
                .filter(|l| l.contains(" face "))
                .collect::<Vec<_>>()
                .join("\n");
            assert!(!drawing.is_empty(), "{}: no portrait", card.id);
            assert!(!seen.contains(&drawing), "{}: drawn like another", card.id);
            seen.push(drawing);
        }
    }
}
