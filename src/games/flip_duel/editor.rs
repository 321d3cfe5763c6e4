//! Flip Duel's packs as the editor sees them: each team file
//! (`card_data/flip_duel/red.toml`, `blue.toml`, described in their header
//! comments and `docs/flip-duel.md`) holds one team and its 53 cards, each
//! with both sides: the ball's section in the four areas of the attack
//! side, and the five marks of each area and the assistant referee's number
//! on the defence side. The loader ([`super::CardSet`]) judges the
//! vocabulary (which marks an area may show, 53 cards a pack); the preview
//! draws both printed sides from [`super::layout`] and the templates in
//! `templates/flip_duel/`, the defence side as the card's back.

use crate::cards::source::DataSource;
use crate::editor::schema::{Collection, DeckSchema, FieldKind, FieldSpec, Location};
use crate::layout::PrintDeck;

const SECTION: FieldKind = FieldKind::Int { min: 1, max: 5 };

const DEFEND: FieldKind = FieldKind::Choice(&["empty", "defender", "offside", "foul", "long_ball"]);
const SAVE: FieldKind = FieldKind::Choice(&[
    "net", "keeper", "defender", "wide", "foul", "rebound", "corner",
]);
const PENALTY: FieldKind = FieldKind::Choice(&["net", "block", "post", "wide"]);
const FREE_KICK: FieldKind = FieldKind::Choice(&["net", "wall", "post", "wide"]);

const CARD_FIELDS: &[FieldSpec] = &[
    FieldSpec::text(
        "id",
        "Id",
        40,
        "Unique across both packs: lower-case letters, digits and -.",
        "red-54",
    ),
    FieldSpec::text(
        "name",
        "Name",
        30,
        "The move, printed on both sides.",
        "New move",
    ),
    FieldSpec::optional(
        "art",
        "Art key",
        FieldKind::Text {
            max_chars: 40,
            multiline: false,
        },
        "The card's picture in the art set (the id when absent).",
    ),
    FieldSpec::new(
        "attack.attack",
        "Attack side: green (open play)",
        SECTION,
        "The ball's section, 1-5 from the left; read against the Defend area.",
        "3",
    ),
    FieldSpec::new(
        "attack.goal",
        "Attack side: red (shot)",
        SECTION,
        "The ball's section in the Goal area; read against the Save area.",
        "3",
    ),
    FieldSpec::new(
        "attack.penalty",
        "Attack side: yellow (penalty)",
        SECTION,
        "The ball's section in the Penalty area.",
        "3",
    ),
    FieldSpec::new(
        "attack.free_kick",
        "Attack side: blue (free kick)",
        SECTION,
        "The ball's section in the Free-kick area.",
        "3",
    ),
    FieldSpec::new(
        "defence.defend",
        "Defence side: green (defend)",
        FieldKind::List(&DEFEND),
        "Five marks, section 1 first: empty, defender, offside, foul, long_ball.",
        "empty, defender, empty, defender, empty",
    ),
    FieldSpec::new(
        "defence.save",
        "Defence side: red (save)",
        FieldKind::List(&SAVE),
        "Five marks: net, keeper, defender, wide, foul, rebound, corner.",
        "wide, keeper, net, keeper, wide",
    ),
    FieldSpec::new(
        "defence.penalty",
        "Defence side: yellow (penalty)",
        FieldKind::List(&PENALTY),
        "Five marks: net, block, post, wide.",
        "net, block, net, block, net",
    ),
    FieldSpec::new(
        "defence.free_kick",
        "Defence side: blue (free kick)",
        FieldKind::List(&FREE_KICK),
        "Five marks: net, wall, post, wide.",
        "wide, wall, net, wall, wide",
    ),
    FieldSpec::new(
        "defence.referee",
        "Defence side: assistant referee",
        FieldKind::Int { min: 1, max: 8 },
        "The injury time held up when this is the last defending card.",
        "4",
    ),
];

const TEAM_FIELDS: &[FieldSpec] = &[
    FieldSpec::text("id", "Id", 20, "Lower-case letters, digits and -.", "red"),
    FieldSpec::text("name", "Name", 20, "The team's name in the log.", "Red"),
    FieldSpec::new(
        "colour",
        "Colour",
        FieldKind::Color,
        "The team colour: the card's band.",
        "#c8102e",
    ),
    FieldSpec::new(
        "accent",
        "Accent",
        FieldKind::Color,
        "The second colour: text on the band.",
        "#ffffff",
    ),
];

const fn team(kind: &'static str, label: &'static str, file: &'static str) -> Collection {
    Collection {
        kind,
        label,
        file,
        location: Location::Table("team"),
        fields: TEAM_FIELDS,
        title: &["name"],
        key: None,
        quantity: None,
        filters: &[],
        print_id: "",
        art: "",
        listed: true,
        variant: None,
    }
}

const fn cards(kind: &'static str, label: &'static str, file: &'static str) -> Collection {
    Collection {
        kind,
        label,
        file,
        location: Location::Tables("card"),
        fields: CARD_FIELDS,
        title: &["id", "name"],
        key: Some("id"),
        quantity: None,
        filters: &[],
        print_id: "{id}",
        art: "",
        listed: true,
        variant: None,
    }
}

/// Flip Duel's two packs.
pub static SCHEMA: DeckSchema = DeckSchema {
    game: "flip_duel",
    title: "Flip Duel",
    collections: &[
        team("red_team", "Red team", "flip_duel/red.toml"),
        cards("red", "Red card", "flip_duel/red.toml"),
        team("blue_team", "Blue team", "flip_duel/blue.toml"),
        cards("blue", "Blue card", "flip_duel/blue.toml"),
    ],
    load,
};

/// Checks both packs with Flip Duel's loader and gives the printed cards.
fn load(source: &DataSource) -> Result<PrintDeck, crate::cards::DataErrors> {
    let set = super::tools::load(source)?;
    Ok(super::layout::print_deck(&set))
}
