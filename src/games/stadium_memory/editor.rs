//! Stadium Memory's deck as the editor sees it: the players (each printed
//! on a pair of cards, with the points the pair scores and the fields of
//! their portrait), the prize cards
//! and their copies, and the stand (the grid's rows and seats and the
//! label on the lawn backs), in `card_data/stadium_memory/` as described in
//! `docs/stadium-memory.md`. The loader ([`super::CardSet::load`]) judges
//! the values; the preview draws the printed cards from [`super::layout`]
//! and the templates in `templates/stadium_memory/`.

use crate::cards::source::DataSource;
use crate::editor::schema::{Collection, DeckSchema, FieldKind, FieldSpec, Location};
use crate::layout::PrintDeck;
use crate::layout::picture;
use FieldKind::Choice;

const PLAYER_FIELDS: &[FieldSpec] = &[
    FieldSpec::text(
        "id",
        "Id",
        40,
        "Unique in the set: lower-case letters, digits and -.",
        "new-player",
    ),
    FieldSpec::text(
        "name",
        "Name",
        30,
        "Printed on both cards of the pair.",
        "New Player",
    ),
    FieldSpec::text(
        "nation",
        "Nation",
        30,
        "Printed on the cards (flavour).",
        "",
    ),
    FieldSpec::text("club", "Club", 30, "Printed on the cards (flavour).", ""),
    FieldSpec {
        key: "points",
        label: "Points",
        kind: FieldKind::Int { min: 1, max: 99 },
        help: "What the pair scores at the end (once, not per card).",
        default: "1",
        unique: false,
        optional: false,
    },
    portrait(
        "face",
        "Face",
        Choice(&picture::FACES),
        "The shape of the face.",
    ),
    portrait("skin", "Skin", Choice(&picture::SKIN_NAMES), "Skin tone."),
    portrait("hair", "Hair", Choice(&picture::HAIRS), "Hair style."),
    portrait(
        "hair_colour",
        "Hair colour",
        Choice(&picture::HAIR_COLOUR_NAMES),
        "Also the eyebrows and the beard.",
    ),
    portrait("beard", "Beard", Choice(&picture::BEARDS), "Facial hair."),
    portrait(
        "kit",
        "Kit",
        FieldKind::Color,
        "The shirt (teammates share their club's).",
    ),
    portrait(
        "kit_trim",
        "Kit trim",
        FieldKind::Color,
        "The collar, the cuffs and the number.",
    ),
    portrait(
        "number",
        "Shirt number",
        FieldKind::Int { min: 1, max: 99 },
        "Printed on the shirt.",
    ),
];

/// A portrait field: optional (left out, it is chosen from the player's
/// id so that no two players look alike).
const fn portrait(
    key: &'static str,
    label: &'static str,
    kind: FieldKind,
    help: &'static str,
) -> FieldSpec {
    FieldSpec {
        key,
        label,
        kind,
        help,
        default: "",
        unique: false,
        optional: true,
    }
}

const PRIZE_FIELDS: &[FieldSpec] = &[
    FieldSpec {
        key: "kind",
        label: "Prize",
        kind: FieldKind::Choice(&["yellow", "red", "var", "play_game"]),
        help: "Each prize is listed once.",
        default: "yellow",
        unique: false,
        optional: false,
    },
    FieldSpec::text("name", "Name", 24, "Printed on the card.", "New prize"),
    FieldSpec {
        key: "copies",
        label: "Copies",
        kind: FieldKind::Int { min: 0, max: 40 },
        help: "How many are in the deck (0 leaves it out).",
        default: "1",
        unique: false,
        optional: false,
    },
    FieldSpec {
        kind: FieldKind::Text {
            max_chars: 0,
            multiline: true,
        },
        ..FieldSpec::text(
            "text",
            "Rule",
            0,
            "The rule in brief, printed on the card.",
            "",
        )
    },
];

const STAND_FIELDS: &[FieldSpec] = &[
    FieldSpec::text(
        "back",
        "Back label",
        20,
        "Printed on every lawn back (the rulebook's \"Rivet\").",
        "Rivet",
    ),
    FieldSpec {
        key: "rows",
        label: "Rows",
        kind: FieldKind::Int { min: 1, max: 26 },
        help: "Rows of the stand (A, B, C...); rows x seats must hold the deck.",
        default: "10",
        unique: false,
        optional: false,
    },
    FieldSpec {
        key: "columns",
        label: "Seats per row",
        kind: FieldKind::Int { min: 1, max: 26 },
        help: "Seats in each row (1, 2, 3...).",
        default: "10",
        unique: false,
        optional: false,
    },
];

/// Stadium Memory's deck.
pub static SCHEMA: DeckSchema = DeckSchema {
    game: "stadium_memory",
    title: "Stadium Memory",
    collections: &[
        Collection {
            kind: "player",
            label: "Player",
            file: "stadium_memory/players.toml",
            location: Location::Tables("player"),
            fields: PLAYER_FIELDS,
            title: &["name"],
            key: Some("id"),
            quantity: None,
            filters: &["points"],
            print_id: "{id}",
            art: "",
            listed: true,
            variant: None,
        },
        Collection {
            kind: "prize",
            label: "Prize card",
            file: "stadium_memory/deck.toml",
            location: Location::Tables("prize"),
            fields: PRIZE_FIELDS,
            title: &["name"],
            key: Some("kind"),
            quantity: Some("copies"),
            filters: &[],
            print_id: "{kind}",
            art: "",
            listed: true,
            variant: None,
        },
        Collection {
            kind: "stand",
            label: "Stand (grid and backs)",
            file: "stadium_memory/deck.toml",
            location: Location::Table("stand"),
            fields: STAND_FIELDS,
            title: &["back"],
            key: None,
            quantity: None,
            filters: &[],
            print_id: "back",
            art: "",
            listed: true,
            variant: None,
        },
    ],
    load,
};

/// Checks the deck with Stadium Memory's loader and gives its printed
/// cards.
fn load(source: &DataSource) -> Result<PrintDeck, crate::cards::DataErrors> {
    let cards = super::tools::load(source)?;
    Ok(super::layout::print_deck(&cards))
}
