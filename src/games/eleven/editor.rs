//! Eleven's eight decks and its solo Scenario sheets as the editor sees
//! them, one schema per file under `eleven/`: the cards' own fields (both sides of Players and Sponsors),
//! their ability blocks, and each block's effect ops with their arguments
//! as typed fields (`docs/eleven.md` sections 4-6). The names offered are
//! the engine's vocabulary; the loader ([`crate::games::eleven::deck`]) stays
//! the judge of everything else (ranges per op, counts, Formations).
//!
//! An op's nested lists are records of their own one level down: the
//! `then` and `else` ops of `roll_die`, `if` and `may`, and `choose`'s
//! options with their ops. The lists of ops nested inside those (no
//! shipped card has any) are edited as TOML values. A Scenario sheet's
//! goals and extra scoring lines are records nested in the sheet.

use crate::cards::DataErrors;
use crate::cards::source::DataSource;
use crate::editor::schema::{
    Case, Collection, DeckSchema, FieldKind, FieldSpec, Location, Variant,
};
use crate::games::eleven::deck::{
    BOARD_MEETINGS_FILE, DIRECTORS_FILE, ElevenDecks, OBJECTIVES_FILE, OPPONENTS_FILE,
    PLAYERS_FILE, SCENARIOS_FILE, SPONSORS_FILE, STAFF_FILE, TACTICS_FILE,
};
use crate::layout::PrintDeck;

// ----- the vocabulary (`docs/eleven.md` section 3) -----

const ZONES: &[&str] = &[
    "left_defence",
    "central_defence",
    "right_defence",
    "left_midfield",
    "central_midfield",
    "right_midfield",
    "left_forward",
    "central_forward",
    "right_forward",
    "goal",
];
const TASKS: &[&str] = &["attack", "defence", "goalkeeper"];
const RESOURCES: &[&str] = &[
    "cash",
    "fan_base",
    "operation",
    "fitness",
    "victory_point",
    "any",
];
const STATS: &[&str] = &["cash", "fan_base", "operation", "fitness", "any"];
const TOKENS: &[&str] = &[
    "strength_temp",
    "strength_perm",
    "weakness_temp",
    "weakness_perm",
    "injury",
    "suspension",
    "experience",
    "reminder",
];
const TIMINGS: &[&str] = &[
    "before_match",
    "during_match",
    "after_match",
    "action",
    "bonus",
    "feature",
    "production",
];
const PLAYER_KINDS: &[&str] = &["regular", "youngster", "veteran"];
const SIDES: &[&str] = &["untrained", "trained"];
const LINES: &[&str] = &["defence", "midfield", "forward"];
const SECTIONS: &[&str] = &[
    "left_wing",
    "right_wing",
    "central_defence",
    "central_midfield",
    "central_forward",
];
const DECKS: &[&str] = &[
    "player",
    "youngster",
    "veteran",
    "staff",
    "sponsor",
    "tactic",
    "objective",
    "board_meeting",
];
const INFRASTRUCTURE: &[&str] = &[
    "stadium_lighting",
    "merchandise_store",
    "directors_office",
    "training_ground",
    "stand",
    "adboard",
];
const CONTRACTS: &[&str] = &["one_off", "adboard", "kit"];
const STAFF_SETS: &[&str] = &["coaching", "medical", "scouting", "finance", "operations"];
const COLOURS: &[&str] = &["green", "blue", "purple", "yellow", "red"];
const QUANTITIES: &[&str] = &[
    "own_goals",
    "opponent_goals",
    "goal_difference",
    "match_result",
    "this_player_goals",
    "fans_in_stands",
    "players",
    "staff_sets",
    "sponsors",
    "infrastructure",
    "office_level",
    "stat",
    "league_position",
    "season_wins",
    "season_goals_for",
    "season_clean_sheets",
    "week",
];
const OPS: &[&str] = &[
    "gain",
    "lose",
    "move_stat",
    "draw",
    "basic_action",
    "train",
    "place_token",
    "remove_token",
    "score_goal",
    "cancel_goal",
    "roll_die",
    "if",
    "choose",
    "may",
    "modify",
    "adjust_opponent",
    "flip_jersey",
    "move_jersey",
    "discard_card",
    "move_league",
    "unexhaust",
];

const fn choice(
    key: &'static str,
    label: &'static str,
    options: &'static [&'static str],
    help: &'static str,
    default: &'static str,
) -> FieldSpec {
    FieldSpec::new(key, label, FieldKind::Choice(options), help, default)
}

const fn int(
    key: &'static str,
    label: &'static str,
    min: i64,
    max: i64,
    help: &'static str,
    default: &'static str,
) -> FieldSpec {
    FieldSpec::new(key, label, FieldKind::Int { min, max }, help, default)
}

const fn maybe(
    key: &'static str,
    label: &'static str,
    kind: FieldKind,
    help: &'static str,
) -> FieldSpec {
    FieldSpec::optional(key, label, kind, help)
}

const fn text(key: &'static str, label: &'static str, max: usize, help: &'static str) -> FieldSpec {
    FieldSpec::text(key, label, max, help, "New")
}

const fn long_text(key: &'static str, label: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec::new(
        key,
        label,
        FieldKind::Text {
            max_chars: 300,
            multiline: true,
        },
        help,
        "",
    )
}

const ID: FieldSpec = FieldSpec::text(
    "id",
    "Id",
    30,
    "Unique in the game: the deck's prefix and a number (player-07).",
    "new-01",
);

/// Joins two lists (of fields or keys; `C` must be `A + B`).
const fn join<T: Copy, const A: usize, const B: usize, const C: usize>(
    a: [T; A],
    b: [T; B],
) -> [T; C] {
    assert!(A + B == C, "join: wrong length");
    assert!(C > 0, "join: nothing to join");
    let mut out = [if A > 0 { a[0] } else { b[0] }; C];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    let mut j = 0;
    while j < B {
        out[A + j] = b[j];
        j += 1;
    }
    out
}

/// The keys of a filter under `$p` (`filter.`): each holds one value or
/// several.
macro_rules! filter_fields {
    ($p:literal, $label:literal) => {
        [
            maybe(
                concat!($p, "kind"),
                concat!($label, " kind"),
                FieldKind::List(&FieldKind::Choice(PLAYER_KINDS)),
                "Only Players of these decks.",
            ),
            maybe(
                concat!($p, "task"),
                concat!($label, " task"),
                FieldKind::List(&FieldKind::Choice(TASKS)),
                "Only Players with these Tasks.",
            ),
            maybe(
                concat!($p, "side"),
                concat!($label, " side"),
                FieldKind::List(&FieldKind::Choice(SIDES)),
                "Only Players on this side.",
            ),
            maybe(
                concat!($p, "assigned"),
                concat!($label, " assigned"),
                FieldKind::Bool,
                "Only Players (not) assigned to the Match.",
            ),
            maybe(
                concat!($p, "line"),
                concat!($label, " line"),
                FieldKind::List(&FieldKind::Choice(LINES)),
                "Only Players whose Jersey marker is in these lines.",
            ),
            maybe(
                concat!($p, "section"),
                concat!($label, " section"),
                FieldKind::List(&FieldKind::Choice(SECTIONS)),
                "Only Players whose Jersey marker is in these Sections.",
            ),
            maybe(
                concat!($p, "has_token"),
                concat!($label, " has token"),
                FieldKind::List(&FieldKind::Choice(TOKENS)),
                "Only cards carrying one of these tokens.",
            ),
            maybe(
                concat!($p, "set"),
                concat!($label, " Staff set"),
                FieldKind::List(&FieldKind::Choice(STAFF_SETS)),
                "Only Staff of these sets.",
            ),
            maybe(
                concat!($p, "profession"),
                concat!($label, " profession"),
                FieldKind::List(&FieldKind::Text {
                    max_chars: 40,
                    multiline: false,
                }),
                "Only Staff of these professions.",
            ),
            maybe(
                concat!($p, "contract"),
                concat!($label, " contract"),
                FieldKind::List(&FieldKind::Choice(CONTRACTS)),
                "Sponsors with these contracts (quantities only).",
            ),
            maybe(
                concat!($p, "type"),
                concat!($label, " infrastructure"),
                FieldKind::List(&FieldKind::Choice(INFRASTRUCTURE)),
                "Infrastructure of these types (quantities only).",
            ),
        ]
    };
}

/// A condition (or, without a comparator, a multiplier) under `$p`.
macro_rules! condition_fields {
    ($p:literal, $label:literal) => {
        [
            maybe(
                concat!($p, "quantity"),
                concat!($label, " quantity"),
                FieldKind::Choice(QUANTITIES),
                "What is measured (docs/eleven.md 4.2).",
            ),
            maybe(
                concat!($p, "stat"),
                concat!($label, " stat"),
                FieldKind::Choice(STATS),
                "The Stat track, with quantity `stat` only.",
            ),
            maybe(
                concat!($p, "at_least"),
                concat!($label, " at least"),
                FieldKind::Int { min: -20, max: 99 },
                "Holds when the quantity is at least this.",
            ),
            maybe(
                concat!($p, "at_most"),
                concat!($label, " at most"),
                FieldKind::Int { min: -20, max: 99 },
                "Holds when the quantity is at most this.",
            ),
            maybe(
                concat!($p, "equals"),
                concat!($label, " equals"),
                FieldKind::NumberOr {
                    min: -20,
                    max: 99,
                    words: &["win", "draw", "loss"],
                },
                "A number, or win/draw/loss for match_result.",
            ),
        ]
    };
}

/// The four Resources as a cost table under `$p`.
macro_rules! cost_fields {
    ($p:literal, $label:literal, $help:literal) => {
        [
            maybe(
                concat!($p, "cash"),
                concat!($label, " cash"),
                FieldKind::Int { min: 1, max: 4 },
                $help,
            ),
            maybe(
                concat!($p, "fan_base"),
                concat!($label, " fan base"),
                FieldKind::Int { min: 1, max: 4 },
                $help,
            ),
            maybe(
                concat!($p, "operation"),
                concat!($label, " operation"),
                FieldKind::Int { min: 1, max: 4 },
                $help,
            ),
            maybe(
                concat!($p, "fitness"),
                concat!($label, " fitness"),
                FieldKind::Int { min: 1, max: 4 },
                $help,
            ),
        ]
    };
}

// ----- effect blocks and ops -----

const BLOCK_HEAD: [FieldSpec; 5] = join(
    [choice(
        "timing",
        "Timing",
        TIMINGS,
        "When the block resolves; each deck allows some (docs/eleven.md 4.1).",
        "bonus",
    )],
    cost_fields!(
        "cost.",
        "Cost",
        "Players: the effect cost (the block becomes optional); Staff and Directors: the action cost."
    ),
);
const BLOCK_CONDITION: [FieldSpec; 5] = condition_fields!("condition.", "Condition");
const BLOCK_TEXT: [FieldSpec; 1] = [maybe(
    "text",
    "Printed text",
    FieldKind::Text {
        max_chars: 300,
        multiline: true,
    },
    "Replaces the generated sentence; starts with the timing's header.",
)];
const BLOCK_FIELDS: [FieldSpec; 11] =
    join(join::<_, 5, 5, 10>(BLOCK_HEAD, BLOCK_CONDITION), BLOCK_TEXT);

/// The op's arguments, each used by the ops whose case names it.
const OP_ARGS: [FieldSpec; 29] = [
    choice(
        "op",
        "Op",
        OPS,
        "What the op does (docs/eleven.md 5).",
        "gain",
    ),
    choice(
        "resource",
        "Resource",
        RESOURCES,
        "A Resource, victory_point, or any.",
        "cash",
    ),
    int("amount", "Amount", 1, 10, "How many.", "1"),
    maybe(
        "max",
        "Max",
        FieldKind::Int { min: 1, max: 20 },
        "Caps a gain per quantity.",
    ),
    choice("stat", "Stat", STATS, "The Stat track.", "cash"),
    int(
        "by",
        "By",
        -9,
        9,
        "Steps added (negative to take away).",
        "1",
    ),
    choice("deck", "Deck", DECKS, "The deck drawn from.", "player"),
    FieldSpec::new(
        "count",
        "Count",
        FieldKind::NumberOr {
            min: 1,
            max: 10,
            words: &["all"],
        },
        "How many (adjust_opponent also takes `all`).",
        "1",
    ),
    maybe(
        "keep",
        "Keep",
        FieldKind::Int { min: 1, max: 3 },
        "Cards kept of those drawn (all when empty).",
    ),
    choice(
        "action",
        "Action",
        &[
            "hire_player",
            "hire_youngster",
            "sell_player",
            "hire_staff",
            "contract_sponsor",
            "build_infrastructure",
            "build_office",
        ],
        "The Basic action performed now.",
        "hire_player",
    ),
    maybe(
        "from",
        "From",
        FieldKind::Choice(&["market", "display"]),
        "display: any of the 5 Transfer Area cards.",
    ),
    maybe(
        "discount",
        "Discount",
        FieldKind::Int { min: 1, max: 5 },
        "Cash off the cost.",
    ),
    maybe("free", "Free", FieldKind::Bool, "Costs nothing."),
    maybe(
        "infrastructure",
        "Infrastructure",
        FieldKind::Choice(INFRASTRUCTURE),
        "The only Infrastructure allowed.",
    ),
    maybe(
        "contract",
        "Contract",
        FieldKind::Choice(CONTRACTS),
        "The only contract allowed.",
    ),
    choice(
        "target",
        "Target",
        &[
            "self",
            "chosen",
            "each",
            "random",
            "spread",
            "chosen_staff",
            "chosen_director",
            "chosen_card",
            "player",
            "goalkeeper_strength",
            "goalkeeper_saves",
        ],
        "Your cards (self ... chosen_card); adjust_opponent: player or the Goalkeeper.",
        "chosen",
    ),
    choice("token", "Token", TOKENS, "The token.", "strength_temp"),
    maybe(
        "team",
        "Team",
        FieldKind::Choice(&["own", "opponent"]),
        "Whose Score or League marker.",
    ),
    int("sides", "Die sides", 6, 12, "6 or 12.", "6"),
    maybe(
        "at_least",
        "At least",
        FieldKind::Int { min: 1, max: 12 },
        "Passes on this or more.",
    ),
    maybe(
        "at_most",
        "At most",
        FieldKind::Int { min: 1, max: 12 },
        "Passes on this or less.",
    ),
    maybe("even", "Even", FieldKind::Bool, "Passes on an even result."),
    maybe("odd", "Odd", FieldKind::Bool, "Passes on an odd result."),
    choice(
        "rule",
        "Rule",
        &[
            "maintenance",
            "paid_action_cost",
            "tactic_plays",
            "goalkeeper_saves",
            "goalkeeper_strength",
            "blank_jersey_strength",
            "stand_income",
            "consequence_roll",
            "injuries_prevented",
        ],
        "The rule changed (docs/eleven.md 5.2).",
        "maintenance",
    ),
    choice(
        "duration",
        "Duration",
        &["match", "week", "game"],
        "For how long.",
        "match",
    ),
    maybe(
        "line",
        "Line",
        FieldKind::Choice(&["defence", "midfield", "forward", "any"]),
        "The Opponent players' line (any when empty).",
    ),
    maybe(
        "zone",
        "Zone",
        FieldKind::Choice(&["left", "centre", "right", "any"]),
        "The Opponent's own left, centre or right (any when empty).",
    ),
    maybe(
        "task",
        "Task",
        FieldKind::Choice(&["attack", "defence", "any"]),
        "The Opponent players' Task (any when empty).",
    ),
    choice(
        "kind",
        "Kind",
        &["player", "staff", "sponsor", "tactic", "director", "any"],
        "discard_card: player ... director; unexhaust: staff, director or any.",
        "staff",
    ),
];
const OP_MORE: [FieldSpec; 4] = [
    maybe(
        "pick",
        "Pick",
        FieldKind::Choice(&["chosen", "random"]),
        "How discarded cards are picked (chosen when empty).",
    ),
    maybe(
        "pay_back",
        "Pay back",
        FieldKind::Bool,
        "Sponsors: also undo what the contract gave.",
    ),
    maybe(
        "per.quantity",
        "Per quantity",
        FieldKind::Choice(QUANTITIES),
        "Gain `amount` times this quantity.",
    ),
    maybe(
        "per.stat",
        "Per stat",
        FieldKind::Choice(STATS),
        "The Stat track, with quantity `stat`.",
    ),
];
const OP_FILTER: [FieldSpec; 11] = filter_fields!("filter.", "Filter");
const OP_PER_FILTER: [FieldSpec; 11] = filter_fields!("per.filter.", "Per");
const OP_CONDITION: [FieldSpec; 5] = condition_fields!("condition.", "Condition");
const OP_COST: [FieldSpec; 4] = cost_fields!("cost.", "Cost", "What `may` costs to resolve.");
const OP_FIELDS: [FieldSpec; 64] = join(
    join::<_, 33, 22, 55>(
        join::<_, 29, 4, 33>(OP_ARGS, OP_MORE),
        join::<_, 11, 11, 22>(OP_FILTER, OP_PER_FILTER),
    ),
    join::<_, 5, 4, 9>(OP_CONDITION, OP_COST),
);
/// Ops inside `then`, `else` and an option: their own lists are TOML
/// values.
const INNER_OP_FIELDS: [FieldSpec; 67] = join(
    OP_FIELDS,
    [
        FieldSpec::new(
            "then",
            "Then",
            FieldKind::Toml,
            "The ops resolved when the test passes, as TOML: [{ op = ... }].",
            "[]",
        ),
        maybe(
            "else",
            "Else",
            FieldKind::Toml,
            "The ops resolved otherwise, as TOML.",
        ),
        FieldSpec::new(
            "options",
            "Options",
            FieldKind::Toml,
            "Two or more options, as TOML: [{ effects = [{ op = ... }] }, ...].",
            "[{ effects = [{ op = \"gain\", resource = \"cash\", amount = 1 }] }, { effects = [{ op = \"gain\", resource = \"fan_base\", amount = 1 }] }]",
        ),
    ],
);

/// The keys of `fields`, in order.
const fn keys_of<const N: usize>(fields: &[FieldSpec; N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = fields[i].key;
        i += 1;
    }
    out
}

const FILTER_KEYS: [&str; 11] = keys_of(&OP_FILTER);
const COST_KEYS: [&str; 4] = keys_of(&OP_COST);

const fn case(
    tag: &'static str,
    required: &'static [&'static str],
    optional: &'static [&'static str],
) -> Case {
    Case {
        tag,
        required,
        optional,
    }
}

const PER_FILTER_KEYS: [&str; 11] = keys_of(&OP_PER_FILTER);

const TARGET_OPTIONAL: [&str; 12] = join(["count"], FILTER_KEYS);
const GAIN_OPTIONAL: [&str; 14] = join(["max", "per.quantity", "per.stat"], PER_FILTER_KEYS);
const DISCARD_OPTIONAL: [&str; 13] = join(["pick", "pay_back"], FILTER_KEYS);

/// Which arguments each op takes (`docs/eleven.md` section 5).
const OP_VARIANT: Variant = Variant {
    tag: "op",
    cases: &[
        case("gain", &["resource", "amount"], &GAIN_OPTIONAL),
        case("lose", &["resource", "amount"], &[]),
        case("move_stat", &["stat", "by"], &[]),
        case("draw", &["deck", "count"], &["keep"]),
        case(
            "basic_action",
            &["action"],
            &["from", "discount", "free", "infrastructure", "contract"],
        ),
        case("train", &["target"], &TARGET_OPTIONAL),
        case("place_token", &["token", "target", "amount"], &FILTER_KEYS),
        case("remove_token", &["token", "target", "amount"], &FILTER_KEYS),
        case("score_goal", &[], &["team", "count"]),
        case("cancel_goal", &[], &["team", "count"]),
        case(
            "roll_die",
            &["sides", "then"],
            &["at_least", "at_most", "even", "odd", "else"],
        ),
        case("if", &["condition.quantity", "then"], &IF_OPTIONAL),
        case("choose", &["options"], &[]),
        case("may", &["then"], &COST_KEYS),
        case("modify", &["rule", "by", "duration"], &[]),
        case(
            "adjust_opponent",
            &["target", "by"],
            &["line", "zone", "task", "count"],
        ),
        case("flip_jersey", &["count"], &[]),
        case("move_jersey", &["count"], &[]),
        case("discard_card", &["kind", "count"], &DISCARD_OPTIONAL),
        case("move_league", &["by"], &["team"]),
        case("unexhaust", &["kind", "count"], &[]),
    ],
};
const IF_OPTIONAL: [&str; 5] = [
    "condition.stat",
    "condition.at_least",
    "condition.at_most",
    "condition.equals",
    "else",
];

/// How many collections an ability slot is made of.
const SLOT: usize = 6;

/// An ability slot of a card: the blocks at `key` of `parent`, their ops,
/// those ops' `then` and `else` ops, `choose`'s options and the options'
/// ops. `kinds` name the six collections (see [`slot!`]); `label` names a
/// block.
const fn abilities(
    parent: &'static str,
    key: &'static str,
    kinds: [&'static str; SLOT],
    label: &'static str,
) -> [Collection; SLOT] {
    let block = Collection {
        kind: kinds[0],
        label,
        file: "",
        location: Location::Nested {
            parent,
            key,
            tables: true,
        },
        fields: &BLOCK_FIELDS,
        title: &["timing"],
        key: None,
        quantity: None,
        filters: &[],
        print_id: "",
        art: "",
        listed: false,
        variant: None,
    };
    let op = Collection {
        kind: kinds[1],
        label: "Op",
        location: Location::Nested {
            parent: kinds[0],
            key: "effects",
            tables: false,
        },
        fields: &OP_FIELDS,
        title: &["op"],
        variant: Some(OP_VARIANT),
        ..block
    };
    let option = Collection {
        kind: kinds[4],
        label: "Option",
        location: Location::Nested {
            parent: kinds[1],
            key: "options",
            tables: false,
        },
        fields: &[],
        title: &[],
        variant: None,
        ..block
    };
    [
        block,
        op,
        inner(op, kinds[2], "Then op", kinds[1], "then"),
        inner(op, kinds[3], "Else op", kinds[1], "else"),
        option,
        inner(op, kinds[5], "Option op", kinds[4], "effects"),
    ]
}

/// Ops like `op` in the list `key` of a `parent` record, their own lists
/// edited as TOML.
const fn inner(
    op: Collection,
    kind: &'static str,
    label: &'static str,
    parent: &'static str,
    key: &'static str,
) -> Collection {
    Collection {
        kind,
        label,
        location: Location::Nested {
            parent,
            key,
            tables: false,
        },
        fields: &INNER_OP_FIELDS,
        ..op
    }
}

/// An ability slot whose block kind is `$block` and whose other kinds
/// start with `$prefix` (`yellow_op`, `yellow_then`...).
macro_rules! slot {
    ($parent:literal, $key:literal, $block:literal, $prefix:literal, $label:literal) => {
        abilities(
            $parent,
            $key,
            [
                $block,
                concat!($prefix, "op"),
                concat!($prefix, "then"),
                concat!($prefix, "else"),
                concat!($prefix, "option"),
                concat!($prefix, "option_op"),
            ],
            $label,
        )
    };
}

/// A deck's card collection: `[[card]]` tables keyed by `id`.
const fn cards(
    kind: &'static str,
    label: &'static str,
    file: &'static str,
    fields: &'static [FieldSpec],
    title: &'static [&'static str],
    filters: &'static [&'static str],
) -> Collection {
    Collection {
        kind,
        label,
        file,
        location: Location::Tables("card"),
        fields,
        title,
        key: Some("id"),
        quantity: None,
        filters,
        print_id: "{id}",
        art: "",
        listed: true,
        variant: None,
    }
}

/// Builds one `[Collection; N]` from a card collection and ability slots.
const fn deck<const N: usize>(card: Collection, slots: &[[Collection; SLOT]]) -> [Collection; N] {
    assert!(1 + SLOT * slots.len() == N, "deck: wrong length");
    let mut out = [card; N];
    let mut s = 0;
    while s < slots.len() {
        let mut i = 0;
        while i < SLOT {
            out[1 + SLOT * s + i] = slots[s][i];
            out[1 + SLOT * s + i].file = card.file;
            i += 1;
        }
        s += 1;
    }
    out
}

// ----- Players -----

macro_rules! side_fields {
    ($s:literal, $label:literal) => {
        [
            text(
                concat!($s, ".name"),
                concat!($label, " name"),
                40,
                "The Player's name on this side.",
            ),
            text(
                concat!($s, ".tag"),
                concat!($label, " tag"),
                40,
                "Flavour; hints at the effect.",
            ),
            int(
                concat!($s, ".hire_cost"),
                concat!($label, " hire cost"),
                1,
                4,
                "Cash to Hire (only the Untrained value is paid).",
                "1",
            ),
            choice(
                concat!($s, ".task"),
                concat!($label, " task"),
                TASKS,
                "The Jersey marker's Task.",
                "defence",
            ),
            FieldSpec::new(
                concat!($s, ".zones"),
                concat!($label, " zones"),
                FieldKind::Set(ZONES),
                "Where the Jersey marker may stand; Goalkeepers: goal only.",
                "central_midfield",
            ),
            int(
                concat!($s, ".strength"),
                concat!($label, " strength"),
                0,
                4,
                "Base Strength 0-4.",
                "1",
            ),
            maybe(
                concat!($s, ".saves"),
                concat!($label, " saves"),
                FieldKind::Int { min: 1, max: 3 },
                "Goalkeepers only: shots blocked.",
            ),
            maybe(
                concat!($s, ".jersey"),
                concat!($label, " jersey"),
                FieldKind::Int { min: 1, max: 99 },
                "1 Goalkeeper, 2-11 printed markers, 12+ unnumbered.",
            ),
            maybe(
                concat!($s, ".experience"),
                concat!($label, " experience"),
                FieldKind::List(&FieldKind::Choice(&["match", "goal"])),
                "Trained Youngsters: Experience spaces, up to 4.",
            ),
        ]
    };
}

const PLAYER_HEAD: [FieldSpec; 2] = [
    ID,
    choice(
        "kind",
        "Player deck",
        PLAYER_KINDS,
        "Which Player deck the card is in.",
        "regular",
    ),
];
const PLAYER_FIELDS: [FieldSpec; 20] = join(
    PLAYER_HEAD,
    join::<_, 9, 9, 18>(
        side_fields!("untrained", "Untrained"),
        side_fields!("trained", "Trained"),
    ),
);

const PLAYER_COLLECTIONS: [Collection; 13] = deck(
    cards(
        "player",
        "Player",
        PLAYERS_FILE,
        &PLAYER_FIELDS,
        &["id", "untrained.name"],
        &["kind", "untrained.task"],
    ),
    &[
        slot!(
            "player",
            "untrained.abilities",
            "untrained_ability",
            "untrained_",
            "Untrained ability"
        ),
        slot!(
            "player",
            "trained.abilities",
            "trained_ability",
            "trained_",
            "Trained ability"
        ),
    ],
);

// ----- Staff -----

const STAFF_FIELDS: [FieldSpec; 10] = [
    ID,
    text("name", "Name", 40, "The Staff member's name."),
    maybe(
        "alt_name",
        "Other side's name",
        FieldKind::Text {
            max_chars: 40,
            multiline: false,
        },
        "First Trainers only: the portrait on the other side.",
    ),
    maybe(
        "first_trainer",
        "First Trainer",
        FieldKind::Bool,
        "One of the 4 dealt at setup.",
    ),
    text(
        "profession",
        "Profession",
        40,
        "Printed profession (Doctor, Steward...).",
    ),
    choice(
        "set",
        "Set",
        STAFF_SETS,
        "The Staff set it scores with.",
        "coaching",
    ),
    choice("colour", "Colour", COLOURS, "The set's colour.", "green"),
    int(
        "hire_cost",
        "Hire cost",
        0,
        4,
        "Cash to Hire (0: First Trainers).",
        "1",
    ),
    int(
        "min_players",
        "Min players",
        1,
        4,
        "In the Staff deck only with this many players or more.",
        "1",
    ),
    FieldSpec::new(
        "set_vp",
        "Set VP",
        FieldKind::List(&FieldKind::Int { min: 0, max: 30 }),
        "VP for 1, 2, 3... cards of the set; the same on every card of a set.",
        "1, 3, 6",
    ),
];

const fn single_slot<const N: usize>(
    card: Collection,
    kind: &'static str,
    label: &'static str,
) -> [Collection; N] {
    deck(
        card,
        &[abilities(
            kind,
            "abilities",
            ["ability", "op", "then", "else", "option", "option_op"],
            label,
        )],
    )
}

const STAFF_COLLECTIONS: [Collection; 7] = single_slot(
    cards(
        "staff",
        "Staff",
        STAFF_FILE,
        &STAFF_FIELDS,
        &["id", "name"],
        &["set"],
    ),
    "staff",
    "Ability",
);

// ----- Sponsors -----

const SPONSOR_FIELDS: [FieldSpec; 5] = [
    ID,
    text(
        "front.name",
        "Front name",
        40,
        "The Sponsor's name (contract side).",
    ),
    long_text("front.description", "Description", "Flavour."),
    text(
        "back.name",
        "Back name",
        40,
        "The Sponsor as shown on the Kit side.",
    ),
    text("back.logo", "Logo", 80, "Logo lettering and slogan."),
];

const SPONSOR_COLLECTIONS: [Collection; 25] = deck(
    cards(
        "sponsor",
        "Sponsor",
        SPONSORS_FILE,
        &SPONSOR_FIELDS,
        &["id", "front.name"],
        &[],
    ),
    &[
        slot!(
            "sponsor",
            "front.one_off",
            "one_off",
            "one_off_",
            "One-off contract"
        ),
        slot!(
            "sponsor",
            "front.adboard",
            "adboard",
            "adboard_",
            "Adboard contract"
        ),
        slot!("sponsor", "front.kit", "kit", "kit_", "Kit contract"),
        slot!("sponsor", "front.bonus", "bonus", "bonus_", "Bonus"),
    ],
);

// ----- Tactics -----

const TACTIC_FIELDS: [FieldSpec; 4] = [
    ID,
    text("name", "Name", 40, "The card name."),
    FieldSpec::new(
        "basic",
        "Basic",
        FieldKind::Bool,
        "Basic Tactics have two Formations and no effect.",
        "false",
    ),
    long_text("description", "Description", "Flavour."),
];

const FORMATION_FIELDS: [FieldSpec; 4] = [
    FieldSpec::text("name", "Name", 8, "D-M-F, e.g. 4-4-2.", "4-4-2"),
    int(
        "defence",
        "Defence",
        1,
        5,
        "Markers in the defence line.",
        "4",
    ),
    int(
        "midfield",
        "Midfield",
        1,
        5,
        "Markers in the midfield line.",
        "4",
    ),
    int(
        "forward",
        "Forward",
        1,
        5,
        "Markers in the forward line.",
        "2",
    ),
];

const TACTIC_COLLECTIONS: [Collection; 8] = {
    let base: [Collection; 7] = single_slot(
        cards(
            "tactic",
            "Tactic",
            TACTICS_FILE,
            &TACTIC_FIELDS,
            &["id", "name"],
            &["basic"],
        ),
        "tactic",
        "Effect",
    );
    let formation = Collection {
        kind: "formation",
        label: "Formation",
        location: Location::Nested {
            parent: "tactic",
            key: "formations",
            tables: false,
        },
        fields: &FORMATION_FIELDS,
        title: &["name"],
        key: None,
        filters: &[],
        print_id: "",
        listed: false,
        ..base[0]
    };
    [
        base[0], formation, base[1], base[2], base[3], base[4], base[5], base[6],
    ]
};

// ----- Objectives -----

const OBJECTIVE_HEAD: [FieldSpec; 6] = [
    ID,
    text("name", "Name", 40, "The card name."),
    long_text("description", "Description", "Flavour."),
    choice(
        "check",
        "Check",
        &["anytime", "after_match", "end_of_game"],
        "When the Objective may be fulfilled.",
        "anytime",
    ),
    int("vp", "VP", 0, 10, "Victory points for fulfilling it.", "2"),
    int(
        "perfect_vp",
        "Perfect VP",
        0,
        10,
        "Additional VP for a perfect fulfilment.",
        "2",
    ),
];
const OBJECTIVE_FIELDS: [FieldSpec; 38] = join(
    join::<_, 6, 16, 22>(
        OBJECTIVE_HEAD,
        join::<_, 5, 11, 16>(
            condition_fields!("goal.", "Goal"),
            filter_fields!("goal.filter.", "Goal"),
        ),
    ),
    join::<_, 5, 11, 16>(
        condition_fields!("perfect.", "Perfect"),
        filter_fields!("perfect.filter.", "Perfect"),
    ),
);

const OBJECTIVE_COLLECTIONS: [Collection; 1] = [cards(
    "objective",
    "Objective",
    OBJECTIVES_FILE,
    &OBJECTIVE_FIELDS,
    &["id", "name"],
    &["check"],
)];

// ----- Directors -----

const fn votes(key: &'static str, label: &'static str) -> FieldSpec {
    FieldSpec::new(
        key,
        label,
        FieldKind::List(&FieldKind::Int { min: 1, max: 6 }),
        "Die faces voting this colour; the three lists share out 1-6.",
        "",
    )
}

const fn stat(key: &'static str, label: &'static str) -> FieldSpec {
    maybe(
        key,
        label,
        FieldKind::Int { min: -2, max: 2 },
        "Stat steps after the draft.",
    )
}

const DIRECTOR_FIELDS: [FieldSpec; 10] = [
    ID,
    text("name", "Name", 40, "The card name."),
    long_text("description", "Description", "Flavour."),
    votes("votes.yellow", "Votes yellow"),
    votes("votes.blue", "Votes blue"),
    votes("votes.red", "Votes red"),
    stat("stats.cash", "Stat cash"),
    stat("stats.fan_base", "Stat fan base"),
    stat("stats.operation", "Stat operation"),
    stat("stats.fitness", "Stat fitness"),
];

const DIRECTOR_COLLECTIONS: [Collection; 7] = single_slot(
    cards(
        "director",
        "Director",
        DIRECTORS_FILE,
        &DIRECTOR_FIELDS,
        &["id", "name"],
        &[],
    ),
    "director",
    "Ability",
);

// ----- Board Meetings -----

const BOARD_FIELDS: [FieldSpec; 3] = [
    ID,
    text("name", "Name", 40, "The card name."),
    long_text(
        "description",
        "Description",
        "The situation the Board faces.",
    ),
];

const BOARD_COLLECTIONS: [Collection; 19] = deck(
    cards(
        "board_meeting",
        "Board Meeting",
        BOARD_MEETINGS_FILE,
        &BOARD_FIELDS,
        &["id", "name"],
        &[],
    ),
    &[
        slot!(
            "board_meeting",
            "yellow",
            "yellow",
            "yellow_",
            "Yellow decision"
        ),
        slot!("board_meeting", "blue", "blue", "blue_", "Blue decision"),
        slot!("board_meeting", "red", "red", "red_", "Red decision"),
    ],
);

// ----- Opponents -----

const DIE_FIELDS: [FieldSpec; 2] = [
    choice(
        "colour",
        "Colour",
        &["green", "yellow", "red"],
        "The die's colour, named by clubs.",
        "green",
    ),
    FieldSpec::new(
        "faces",
        "Faces",
        FieldKind::List(&FieldKind::Int { min: 0, max: 3 }),
        "Six League table steps, each 0, 1 or 3.",
        "0, 0, 1, 1, 3, 3",
    ),
];

const CLUB_FIELDS: [FieldSpec; 5] = [
    FieldSpec::text(
        "id",
        "Id",
        30,
        "Unique; cards name their club by it.",
        "new-club",
    ),
    text("name", "Name", 40, "The club's name."),
    text("emblem", "Emblem", 80, "The emblem artwork, described."),
    choice(
        "division",
        "Division",
        &["3", "3/2", "2/1", "1"],
        "The Opponent deck its cards form.",
        "3",
    ),
    choice(
        "die",
        "Die",
        &["green", "yellow", "red"],
        "The Opponent die rolled for it.",
        "green",
    ),
];

const OPPONENT_FIELDS: [FieldSpec; 6] = [
    ID,
    FieldSpec::text("club", "Club", 30, "The club's id.", "millbrook"),
    FieldSpec::text(
        "formation",
        "Formation",
        8,
        "D-M-F; must match the players in the three lines.",
        "4-4-2",
    ),
    long_text("scout_report", "Scout report", "The printed Scout Report."),
    int(
        "goalkeeper.strength",
        "Goalkeeper strength",
        0,
        4,
        "The Opponent Goalkeeper's Strength.",
        "1",
    ),
    int(
        "goalkeeper.saves",
        "Goalkeeper saves",
        1,
        3,
        "Shots it can block.",
        "1",
    ),
];

const OPPONENT_PLAYER_FIELDS: [FieldSpec; 2] = [
    choice(
        "task",
        "Task",
        &["attack", "defence"],
        "Attack or defence.",
        "defence",
    ),
    int("strength", "Strength", 0, 4, "Strength 0-4.", "1"),
];

const fn zone(kind: &'static str, label: &'static str, key: &'static str) -> Collection {
    Collection {
        kind,
        label,
        file: OPPONENTS_FILE,
        location: Location::Nested {
            parent: "opponent",
            key,
            tables: false,
        },
        fields: &OPPONENT_PLAYER_FIELDS,
        title: &["task", "strength"],
        key: None,
        quantity: None,
        filters: &[],
        print_id: "",
        art: "",
        listed: false,
        variant: None,
    }
}

const fn top(
    kind: &'static str,
    label: &'static str,
    fields: &'static [FieldSpec],
    title: &'static [&'static str],
    key: Option<&'static str>,
) -> Collection {
    Collection {
        kind,
        label,
        file: OPPONENTS_FILE,
        location: Location::Tables(kind),
        fields,
        title,
        key,
        quantity: None,
        filters: &[],
        print_id: "",
        art: "",
        listed: true,
        variant: None,
    }
}

const OPPONENT_COLLECTIONS: [Collection; 12] = [
    top("die", "Opponent die", &DIE_FIELDS, &["colour"], None),
    Collection {
        filters: &["division"],
        ..top("club", "Club", &CLUB_FIELDS, &["name"], Some("id"))
    },
    Collection {
        location: Location::Tables("card"),
        print_id: "{id}",
        filters: &["club"],
        ..top(
            "opponent",
            "Opponent card",
            &OPPONENT_FIELDS,
            &["id", "club", "formation"],
            Some("id"),
        )
    },
    zone("defence_left", "Defence left", "defence.left"),
    zone("defence_centre", "Defence centre", "defence.centre"),
    zone("defence_right", "Defence right", "defence.right"),
    zone("midfield_left", "Midfield left", "midfield.left"),
    zone("midfield_centre", "Midfield centre", "midfield.centre"),
    zone("midfield_right", "Midfield right", "midfield.right"),
    zone("forward_left", "Forward left", "forward.left"),
    zone("forward_centre", "Forward centre", "forward.centre"),
    zone("forward_right", "Forward right", "forward.right"),
];

// ----- solo Scenario sheets -----

const SCENARIO_FIELDS: [FieldSpec; 11] = [
    FieldSpec::text(
        "id",
        "Id",
        30,
        "Unique: `solo-` and a number (solo-04).",
        "solo-01",
    ),
    text("name", "Name", 40, "The sheet's title."),
    long_text("description", "Description", "The story."),
    maybe(
        "division",
        "Division",
        FieldKind::Int { min: 1, max: 3 },
        "The Division the sheet must be played in (any when empty).",
    ),
    maybe(
        "setup.cash",
        "Setup cash",
        FieldKind::Int { min: 0, max: 20 },
        "Cash to start with, on top of the usual.",
    ),
    maybe(
        "setup.players",
        "Setup players",
        FieldKind::Int { min: 0, max: 5 },
        "Regular Players drawn into play at setup, Untrained.",
    ),
    maybe(
        "setup.league_points",
        "Setup league points",
        FieldKind::Int { min: -20, max: 20 },
        "League points to start with; negative for a deduction.",
    ),
    scenario_stat("setup.stats.cash", "Setup stat cash"),
    scenario_stat("setup.stats.fan_base", "Setup stat fan base"),
    scenario_stat("setup.stats.operation", "Setup stat operation"),
    scenario_stat("setup.stats.fitness", "Setup stat fitness"),
];

const fn scenario_stat(key: &'static str, label: &'static str) -> FieldSpec {
    maybe(
        key,
        label,
        FieldKind::Int { min: -4, max: 4 },
        "Stat marker steps after the Directors.",
    )
}

const GOAL_FIELDS: [FieldSpec; 16] = join(
    condition_fields!("", "Goal"),
    filter_fields!("filter.", "Goal"),
);

const SCORING_FIELDS: [FieldSpec; 30] = join(
    join::<_, 3, 11, 14>(
        [
            int(
                "vp",
                "VP",
                -10,
                10,
                "VP for each unit of `per`, or once if the condition holds.",
                "1",
            ),
            maybe(
                "per.quantity",
                "Per quantity",
                FieldKind::Choice(QUANTITIES),
                "VP for each of this (give this or a condition).",
            ),
            maybe(
                "per.stat",
                "Per stat",
                FieldKind::Choice(STATS),
                "The Stat track, with quantity `stat`.",
            ),
        ],
        filter_fields!("per.filter.", "Per"),
    ),
    join::<_, 5, 11, 16>(
        condition_fields!("condition.", "Condition"),
        filter_fields!("condition.filter.", "Condition"),
    ),
);

const fn sheet_part(
    kind: &'static str,
    label: &'static str,
    key: &'static str,
    fields: &'static [FieldSpec],
    title: &'static [&'static str],
) -> Collection {
    Collection {
        kind,
        label,
        file: SCENARIOS_FILE,
        location: Location::Nested {
            parent: "scenario",
            key,
            tables: true,
        },
        fields,
        title,
        key: None,
        quantity: None,
        filters: &[],
        print_id: "",
        art: "",
        listed: false,
        variant: None,
    }
}

const SCENARIO_COLLECTIONS: [Collection; 3] = [
    Collection {
        kind: "scenario",
        label: "Scenario sheet",
        file: SCENARIOS_FILE,
        location: Location::Tables("scenario"),
        fields: &SCENARIO_FIELDS,
        title: &["id", "name"],
        key: Some("id"),
        quantity: None,
        filters: &["division"],
        print_id: "{id}",
        art: "",
        listed: true,
        variant: None,
    },
    sheet_part("goal", "Goal", "goals", &GOAL_FIELDS, &["quantity"]),
    sheet_part(
        "scoring",
        "Extra scoring",
        "scoring",
        &SCORING_FIELDS,
        &["vp"],
    ),
];

// ----- the schemas -----

const fn schema(title: &'static str, collections: &'static [Collection]) -> DeckSchema {
    DeckSchema {
        game: "eleven",
        title,
        collections,
        load,
    }
}

/// Eleven's Player cards (both sides).
pub static PLAYERS: DeckSchema = schema("Eleven: Players", &PLAYER_COLLECTIONS);
/// Eleven's Staff cards.
pub static STAFF: DeckSchema = schema("Eleven: Staff", &STAFF_COLLECTIONS);
/// Eleven's Sponsor cards (both sides).
pub static SPONSORS: DeckSchema = schema("Eleven: Sponsors", &SPONSOR_COLLECTIONS);
/// Eleven's Tactic cards and their Formations.
pub static TACTICS: DeckSchema = schema("Eleven: Tactics", &TACTIC_COLLECTIONS);
/// Eleven's Objective cards.
pub static OBJECTIVES: DeckSchema = schema("Eleven: Objectives", &OBJECTIVE_COLLECTIONS);
/// Eleven's Director cards.
pub static DIRECTORS: DeckSchema = schema("Eleven: Directors", &DIRECTOR_COLLECTIONS);
/// Eleven's Board Meeting cards.
pub static BOARD_MEETINGS: DeckSchema = schema("Eleven: Board Meetings", &BOARD_COLLECTIONS);
/// Eleven's Opponent dice, clubs and cards.
pub static OPPONENTS: DeckSchema = schema("Eleven: Opponents", &OPPONENT_COLLECTIONS);
/// Eleven's solo Scenario sheets: setup changes, goals, extra scoring.
pub static SCENARIOS: DeckSchema = DeckSchema {
    game: "eleven",
    title: "Eleven: Scenario sheets",
    collections: &SCENARIO_COLLECTIONS,
    load: load_scenarios,
};

/// Every Eleven deck, in the order of `docs/eleven.md`, then the solo
/// Scenario sheets.
pub static SCHEMAS: [&DeckSchema; 9] = [
    &PLAYERS,
    &STAFF,
    &SPONSORS,
    &TACTICS,
    &OBJECTIVES,
    &DIRECTORS,
    &BOARD_MEETINGS,
    &OPPONENTS,
    &SCENARIOS,
];

/// Checks every Eleven deck with the game's loader (the unsaved texts of
/// the deck being edited stand in for its file) and gives the printed
/// cards, both sides of Players and Sponsors included.
fn load(source: &DataSource) -> Result<PrintDeck, DataErrors> {
    ElevenDecks::load(source).map(|d| crate::games::eleven::layout::print_deck(&d))
}

/// Checks the Scenario sheets with the game's own loader (the errors
/// `touchline check` gives) and gives them as printed.
fn load_scenarios(source: &DataSource) -> Result<PrintDeck, DataErrors> {
    crate::games::eleven::deck::load_scenarios(source)
        .map(|s| crate::games::eleven::layout::scenario_deck(&s))
}
