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
//!   template) and `points.label` (`Pair: 3 points`).
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
}
