//! Booked!'s deck as the editor sees it: the files under `booked/` and
//! the typed fields of nations, players, referees and the other cards.
//! The limits repeat the loader's ([`crate::games::booked::deck`]), which stays
//! the judge: the editor validates by loading.

use crate::cards::source::DataSource;
use crate::editor::schema::{Collection, DeckSchema, FieldKind, FieldSpec, Location};
use crate::games::booked::deck::BookedDeck;

const NATIONS: &str = "booked/nations.toml";
const REFEREES: &str = "booked/referees.toml";
const DECK: &str = "booked/deck.toml";

const fn text(key: &'static str, label: &'static str, max: usize, help: &'static str) -> FieldSpec {
    FieldSpec::text(key, label, max, help, "NEW")
}

const fn rules_text(help: &'static str) -> FieldSpec {
    FieldSpec {
        key: "text",
        label: "Text",
        kind: FieldKind::Text {
            max_chars: 0,
            multiline: true,
        },
        help,
        default: "",
        unique: false,
        optional: false,
    }
}

const fn copies(max: i64) -> FieldSpec {
    FieldSpec {
        key: "copies",
        label: "Copies",
        kind: FieldKind::Int { min: 0, max },
        help: "How many of this card are in the deck.",
        default: "1",
        unique: false,
        optional: false,
    }
}

const fn colour(key: &'static str, label: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec {
        key,
        label,
        kind: FieldKind::Color,
        help,
        default: "#808080",
        unique: false,
        optional: false,
    }
}

const NATION_FIELDS: &[FieldSpec] = &[
    FieldSpec {
        default: "NEW",
        ..text("code", "Code", 4, "2-4 capital letters, unique: BRA.")
    },
    FieldSpec {
        default: "New nation",
        ..text("name", "Name", 30, "The nation's name as printed.")
    },
    colour("kit.primary", "Shirt", "The main shirt colour."),
    colour("kit.secondary", "Trim", "The trim colour."),
    colour("kit.text", "Text", "A colour readable on the shirt."),
    FieldSpec {
        key: "copies",
        label: "Copies",
        kind: FieldKind::Int { min: 1, max: 4 },
        help: "Copies of each of its player cards: 1 in the printed set (left empty); a house deck may print a nation twice. Change the set's total with it.",
        default: "1",
        unique: false,
        optional: true,
    },
];

const PLAYER_FIELDS: &[FieldSpec] = &[
    FieldSpec {
        key: "number",
        label: "Number",
        kind: FieldKind::Int { min: 1, max: 99 },
        help: "Shirt number, unique in the squad.",
        default: "1",
        unique: true,
        optional: false,
    },
    FieldSpec {
        default: "New player",
        ..text("name", "Name", 28, "The player's name as printed.")
    },
    FieldSpec {
        key: "position",
        label: "Position",
        kind: FieldKind::Choice(&["GK", "DEF", "MID", "FWD"]),
        help: "A squad is GK, DEF x4, MID x3, FWD x3.",
        default: "MID",
        unique: false,
        optional: false,
    },
    FieldSpec {
        key: "rating",
        label: "Rating",
        kind: FieldKind::Int { min: 1, max: 10 },
        help: "1-10; the 10 is the nation's star.",
        default: "5",
        unique: false,
        optional: false,
    },
];

const REFEREE_FIELDS: &[FieldSpec] = &[
    FieldSpec {
        key: "effect",
        label: "Official",
        kind: FieldKind::Choice(&[
            "added_time",
            "var_review",
            "offside",
            "play_on",
            "substitution",
            "quick_restart",
            "set_piece",
            "the_wall",
            "reverse",
            "full_time_whistle",
            "overturned",
        ]),
        help: "Which official's rule the game applies.",
        default: "added_time",
        unique: false,
        optional: false,
    },
    FieldSpec {
        default: "NEW REFEREE",
        ..text("name", "Title", 30, "The printed title.")
    },
    rules_text("The printed rule text."),
    FieldSpec {
        key: "instant",
        label: "Instant ⚡",
        kind: FieldKind::Bool,
        help: "Only VAR REVIEW, OFFSIDE! and PLAY ON are instants.",
        default: "false",
        unique: false,
        optional: false,
    },
    copies(10),
];

const CARD_FIELDS: &[FieldSpec] = &[
    text("name", "Title", 30, "The printed title."),
    rules_text("The printed rule text."),
    copies(60),
];

const SET_FIELDS: &[FieldSpec] = &[
    text("name", "Set name", 40, "Printed on every card back."),
    FieldSpec {
        key: "total",
        label: "Total cards",
        kind: FieldKind::Int { min: 1, max: 1000 },
        help: "The files must add up to this many cards.",
        default: "198",
        unique: false,
        optional: false,
    },
];

const fn single(kind: &'static str, label: &'static str) -> Collection {
    Collection {
        kind,
        label,
        file: DECK,
        location: Location::Table(kind),
        fields: CARD_FIELDS,
        title: &["name"],
        key: None,
        quantity: Some("copies"),
        filters: &[],
        print_id: kind,
        art: "",
        listed: true,
        variant: None,
    }
}

/// Booked!'s deck.
pub static SCHEMA: DeckSchema = DeckSchema {
    game: "booked",
    title: "Booked!",
    collections: &[
        Collection {
            kind: "set",
            label: "Set",
            file: DECK,
            location: Location::Table("set"),
            fields: SET_FIELDS,
            title: &["name"],
            key: None,
            quantity: None,
            filters: &[],
            print_id: "",
            art: "booked/art/back.png",
            listed: true,
            variant: None,
        },
        Collection {
            kind: "nation",
            label: "Nation",
            file: NATIONS,
            location: Location::Tables("nation"),
            fields: NATION_FIELDS,
            title: &["code", "name"],
            key: Some("code"),
            quantity: None,
            filters: &[],
            print_id: "{code}",
            art: "",
            listed: true,
            variant: None,
        },
        Collection {
            kind: "player",
            label: "Player",
            file: NATIONS,
            location: Location::Nested {
                parent: "nation",
                key: "players",
                tables: false,
            },
            fields: PLAYER_FIELDS,
            title: &["name"],
            key: Some("number"),
            quantity: None,
            filters: &["position"],
            print_id: "{parent.code}-{number}",
            art: "booked/art/{parent.code}-{number}.png",
            listed: true,
            variant: None,
        },
        Collection {
            kind: "referee",
            label: "Referee",
            file: REFEREES,
            location: Location::Tables("referee"),
            fields: REFEREE_FIELDS,
            title: &["name"],
            key: None,
            quantity: Some("copies"),
            filters: &["effect"],
            print_id: "{effect}",
            art: "booked/art/{effect}.png",
            listed: true,
            variant: None,
        },
        Collection {
            art: "booked/art/yellow.png",
            ..single("yellow", "Yellow")
        },
        Collection {
            art: "booked/art/red.png",
            ..single("red", "Red")
        },
        Collection {
            art: "booked/art/super_sub.png",
            ..single("super_sub", "Super Sub")
        },
        Collection {
            art: "booked/art/quick_rules.png",
            ..single("quick_rules", "Quick Rules")
        },
    ],
    load,
};

fn load(source: &DataSource) -> Result<crate::layout::PrintDeck, crate::cards::DataErrors> {
    BookedDeck::load(source).map(|d| crate::games::booked::layout::print_deck(&d))
}
