//! Booked!'s cards as printable fields: the adapter from [`BookedDeck`] to
//! [`PrintDeck`].
//!
//! Fields every card has: `id`, `kind`, `copy`, `set`, `art` (a picture
//! path under the data folder, `booked/art/<id>.png` for players and
//! `booked/art/<kind or effect>.png` for the rest, so copies share one
//! picture). Players add `name`, `number`, `rating`, `star` (rating 10),
//! `position` (GK/DEF/MID/FWD), `position.name`, `nation.code`,
//! `nation.name`, `kit.primary`, `kit.secondary` and `kit.text`. Referees
//! add `name`, `text`, `effect` and `instant`. Yellow, Red, Super Sub and
//! Quick Rules add `name` and `text`. The back has `set` and `art`.
//!
//! The adapter only copies values; how a card looks belongs to the
//! templates, and whether a picture exists is for `render::assets` to find.

use crate::games::booked::Position;
use crate::games::booked::deck::{BookedDeck, Kind};
use crate::layout::fields::{Fields, PrintCard, PrintDeck};

/// The game key (and template folder) of Booked!.
pub const GAME: &str = "booked";

/// Every physical card of `deck`, in deck order, with its back.
pub fn print_deck(deck: &BookedDeck) -> PrintDeck {
    let cards = deck
        .physical_cards()
        .into_iter()
        .map(|pc| {
            let mut f = Fields::new()
                .with("id", pc.id.as_str())
                .with("kind", pc.kind.key())
                .with("copy", i64::from(pc.copy))
                .with("set", deck.name.as_str());
            match pc.kind {
                Kind::Player => {
                    if let Some((n, p)) = deck.player(&pc) {
                        f.set("name", p.name.as_str());
                        f.set("number", i64::from(p.number));
                        f.set("rating", i64::from(p.rating));
                        f.set("star", p.rating == 10);
                        f.set("position", p.position.to_string());
                        f.set("position.name", position_name(p.position));
                        f.set("nation.code", n.code.as_str());
                        f.set("nation.name", n.name.as_str());
                        f.set("kit.primary", n.kit.primary);
                        f.set("kit.secondary", n.kit.secondary);
                        f.set("kit.text", n.kit.text);
                    }
                    f.set("art", format!("{GAME}/art/{}.png", pc.id));
                }
                Kind::Referee => {
                    if let Some(r) = deck.referees.get(pc.index) {
                        f.set("name", r.name.as_str());
                        f.set("text", r.text.as_str());
                        f.set("effect", r.effect.key());
                        f.set("instant", r.effect.is_instant());
                        f.set("art", format!("{GAME}/art/{}.png", r.effect.key()));
                    }
                }
                Kind::Yellow | Kind::Red | Kind::SuperSub | Kind::QuickRules => {
                    let card = match pc.kind {
                        Kind::Yellow => &deck.yellow,
                        Kind::Red => &deck.red,
                        Kind::SuperSub => &deck.super_sub,
                        _ => &deck.quick_rules,
                    };
                    f.set("name", card.name.as_str());
                    f.set("text", card.text.as_str());
                    f.set("art", format!("{GAME}/art/{}.png", pc.kind.key()));
                }
            }
            PrintCard::new(pc.id, pc.kind.key(), pc.kind.key(), f)
        })
        .collect();
    let back = PrintCard::shared_back(GAME, &deck.name);
    PrintDeck {
        game: GAME.into(),
        title: deck.name.clone(),
        cards,
        back,
    }
}

/// The printed word for a position.
fn position_name(p: Position) -> &'static str {
    match p {
        Position::GK => "Goalkeeper",
        Position::DEF => "Defender",
        Position::MID => "Midfielder",
        Position::FWD => "Forward",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Value;

    #[test]
    fn every_card_becomes_fields_in_deck_order() {
        let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
        let print = print_deck(&deck);
        assert_eq!(print.cards.len(), 198);
        let ids: Vec<&str> = print.cards.iter().map(|c| c.id.as_str()).collect();
        let physical: Vec<String> = deck.physical_cards().into_iter().map(|c| c.id).collect();
        assert_eq!(ids, physical);
        let Some(bra9) = print.cards.iter().find(|c| c.id == "BRA-9") else {
            panic!("no BRA-9")
        };
        assert_eq!(bra9.fields.get("rating"), Some(&Value::Int(10)));
        assert_eq!(bra9.fields.get("star"), Some(&Value::Bool(true)));
        assert_eq!(
            bra9.fields.get("nation.name"),
            Some(&Value::Text("Brazil".into()))
        );
        assert_eq!(
            bra9.fields.get("art"),
            Some(&Value::Text("booked/art/BRA-9.png".into()))
        );
        let Some(var) = print.cards.iter().find(|c| c.id == "var_review-2") else {
            panic!("no var")
        };
        assert_eq!(var.fields.get("instant"), Some(&Value::Bool(true)));
        assert_eq!(var.template, "referee");
        assert_eq!(print.back.template, "back");
    }

    #[test]
    fn user_templates_replace_and_join_the_defaults() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let game = dir.path().join("booked");
        std::fs::create_dir_all(&game).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            game.join("back.toml"),
            "extends = \"base\"\n[[box]]\nname = \"id\"\nhide = true\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(game.join("extra.toml"), "extends = \"base\"\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let src = crate::render::assets::TemplateSource::dir(dir.path());
        let files = src
            .files("booked", crate::games::booked::TEMPLATE_FILES)
            .unwrap_or_else(|e| panic!("{e}"));
        let back = files
            .iter()
            .find(|f| f.name == "back")
            .map(|f| f.display.clone())
            .unwrap_or_default();
        assert!(
            back.ends_with("back.toml") && back.starts_with(dir.path().to_string_lossy().as_ref())
        );
        assert!(files.iter().any(|f| f.name == "extra"));
        assert!(
            files
                .iter()
                .any(|f| f.name == "player" && f.display == "templates/booked/player.toml")
        );
        std::fs::write(
            game.join("red.toml"),
            "extends = \"builtin/red\"\n[colors]\ncard = \"#AA0000\"\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let set = src
            .load("booked", crate::games::booked::TEMPLATE_FILES)
            .unwrap_or_else(|e| panic!("{e}"));
        let red = set.get("red").map(|t| t.boxes.len()).unwrap_or_default();
        assert_eq!(
            Some(red),
            set.get("builtin/red").map(|t| t.boxes.len()),
            "all boxes kept"
        );
        assert!(red > 5);
        assert_eq!(
            set.get("back").map(|t| t.boxes.len()),
            Some(1),
            "only the base background is left"
        );
        std::fs::write(
            game.join("player.toml"),
            "extends = \"base\"\n[[box]]\nname = 3\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let e = src
            .load("booked", crate::games::booked::TEMPLATE_FILES)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("player.toml:3:"), "{e}");
    }
}
