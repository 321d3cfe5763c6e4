//! Cardball's deck as the editor sees it: pitch cards, Manager cards with
//! their attacking (top) and defending (bottom) effect per zone class,
//! Action cards and the die's icons (`card_data/cardball/`, described in
//! `docs/cardball.md`). The loader ([`crate::games::cardball::deck`]) judges the
//! vocabulary; the preview draws the printed cards from
//! [`crate::games::cardball::layout`] and the templates in `templates/cardball/`.

use crate::cards::source::DataSource;
use crate::editor::schema::{Collection, DeckSchema, FieldKind, FieldSpec, Location};
use crate::games::cardball::deck::CardballDeck;
use crate::layout::PrintDeck;

const ID: FieldSpec = FieldSpec::text(
    "id",
    "Id",
    40,
    "Unique in the set: lower-case letters, digits and -.",
    "new-card",
);
const NAME: FieldSpec = FieldSpec::text("name", "Name", 30, "Printed on the card.", "New card");
const FLAVOUR: FieldSpec = FieldSpec::text(
    "flavour",
    "Flavour",
    80,
    "A short line printed on the card.",
    "",
);
const COPIES: FieldSpec = FieldSpec {
    key: "copies",
    label: "Copies",
    kind: FieldKind::Int { min: 1, max: 10 },
    help: "Identical printed copies (1 when absent).",
    default: "1",
    unique: false,
    optional: false,
};

const ATTACK: &str =
    "none, or MARK advance 1-3, or MARK shoot; MARK: chance, takes, fifty, hundred.";
const DEFEND: &str = "none, or a MARK: chance, takes, fifty, hundred.";

const fn zone(key: &'static str, label: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec::text(key, label, 24, help, "none")
}

const MANAGER_FIELDS: &[FieldSpec] = &[
    ID,
    NAME,
    FieldSpec {
        key: "position",
        label: "Position",
        kind: FieldKind::Choice(&["GK", "FB", "CB", "CDM", "CM", "CAM", "W", "ST", "MGR"]),
        help: "MGR is a The Manager card.",
        default: "CM",
        unique: false,
        optional: false,
    },
    COPIES,
    FLAVOUR,
    FieldSpec::optional(
        "team",
        "2v2 card",
        FieldKind::Bool,
        "Dealt only in 2v2 (four managers need 44 cards; the duel deals 36 of the others).",
    ),
    zone("top.own_box", "Attack: own box", ATTACK),
    zone("top.own_edge", "Attack: own edge", ATTACK),
    zone("top.own_half", "Attack: own half", ATTACK),
    zone("top.halfway", "Attack: half-way", ATTACK),
    zone("top.opp_half", "Attack: their half", ATTACK),
    zone("top.outside_box", "Attack: outside box", ATTACK),
    zone("top.inside_box", "Attack: inside box", ATTACK),
    zone("bottom.own_box", "Defend: own box", DEFEND),
    zone("bottom.own_edge", "Defend: own edge", DEFEND),
    zone("bottom.own_half", "Defend: own half", DEFEND),
    zone("bottom.halfway", "Defend: half-way", DEFEND),
    zone("bottom.opp_half", "Defend: their half", DEFEND),
    zone("bottom.outside_box", "Defend: outside box", DEFEND),
    zone("bottom.inside_box", "Defend: inside box", DEFEND),
];

const ACTION_FIELDS: &[FieldSpec] = &[
    ID,
    NAME,
    COPIES,
    FieldSpec::text(
        "outcome",
        "Outcome",
        60,
        "nothing, gain, lose, advance N, retreat N, halfway, goal, save, concede, or fifty A | B.",
        "nothing",
    ),
    FLAVOUR,
];

const PITCH_FIELDS: &[FieldSpec] = &[
    ID,
    FieldSpec {
        key: "kind",
        label: "Kind",
        kind: FieldKind::Choice(&["zone", "ball", "goal"]),
        help: "A zone of the row, the ball, or a GOOAAALL!!! card.",
        default: "goal",
        unique: false,
        optional: false,
    },
    NAME,
    FieldSpec {
        key: "index",
        label: "Zone",
        kind: FieldKind::Int { min: 0, max: 8 },
        help: "Zones only: 0 (left net) to 8 (right net).",
        default: "0",
        unique: false,
        optional: false,
    },
    FieldSpec {
        key: "side",
        label: "Half",
        kind: FieldKind::Choice(&["left", "right", "both"]),
        help: "Zones only: whose half.",
        default: "left",
        unique: false,
        optional: false,
    },
    COPIES,
    FLAVOUR,
];

const ICON_FIELDS: &[FieldSpec] = &[
    FieldSpec::text("id", "Id", 20, "The icon named on the die's faces.", "icon"),
    NAME,
    FieldSpec {
        key: "coin",
        label: "Coin side",
        kind: FieldKind::Choice(&["heads", "tails"]),
        help: "The coin side that stands in for it.",
        default: "heads",
        unique: false,
        optional: false,
    },
    FieldSpec {
        kind: FieldKind::Text {
            max_chars: 0,
            multiline: true,
        },
        ..FieldSpec::text("meaning", "Meaning", 0, "What the icon stands for.", "")
    },
];

const fn tables(
    kind: &'static str,
    label: &'static str,
    file: &'static str,
    key: &'static str,
    fields: &'static [FieldSpec],
    filters: &'static [&'static str],
) -> Collection {
    Collection {
        kind,
        label,
        file,
        location: Location::Tables(key),
        fields,
        title: &["name"],
        key: Some("id"),
        quantity: Some("copies"),
        filters,
        print_id: "{id}",
        art: "",
        listed: true,
        variant: None,
    }
}

/// Cardball's deck.
pub static SCHEMA: DeckSchema = DeckSchema {
    game: "cardball",
    title: "Cardball",
    collections: &[
        tables(
            "pitch",
            "Pitch card",
            "cardball/pitch.toml",
            "card",
            PITCH_FIELDS,
            &["kind"],
        ),
        tables(
            "manager",
            "Manager card",
            "cardball/managers.toml",
            "card",
            MANAGER_FIELDS,
            &["position"],
        ),
        tables(
            "action",
            "Action card",
            "cardball/actions.toml",
            "card",
            ACTION_FIELDS,
            &[],
        ),
        Collection {
            quantity: None,
            ..tables(
                "icon",
                "Die icon",
                "cardball/die.toml",
                "icon",
                ICON_FIELDS,
                &[],
            )
        },
    ],
    load,
};

/// Checks the deck with Cardball's loader and gives its printed cards.
fn load(source: &DataSource) -> Result<PrintDeck, crate::cards::DataErrors> {
    let deck = CardballDeck::load(source)?;
    Ok(crate::games::cardball::layout::print_deck(&deck))
}
