//! Cardball: a two-manager football duel of face-down picks (40 Manager
//! cards, 20 Pitch cards, 15 Action cards, one custom die).
//!
//! # The rules in brief
//! Score more goals than your foe before you both run out of Manager cards.
//! Each manager is dealt 11 cards to hand and 7 face down to a bench; 4
//! form the draw pile. A die roll decides who has the ball at the half-way
//! line. Every round: a touchline window in which The Manager cards may be
//! used (each draws an Action card that moves the ball, changes possession,
//! scores or concedes), then both managers place one player card face down
//! and reveal together. The manager with the ball attacks with the card's
//! top half, the other defends with its bottom half, both read in the ball's
//! zone class counted from the attacker's goal; on the half-way line, part
//! of both halves "however a manager chooses to use it", each manager reads
//! their card as either Midfield, chosen face down with the pick. As the
//! rulebook says: a 100 mark wins for its manager (two go to the attacker);
//! fifty/fifty, chance/chance and chance/none go to the die (attacker
//! rolls, defender calls); with no such clash, a round in which either card
//! "takes the ball" goes to the attacker; otherwise the higher mark of
//! none < chance < fifty wins; none/none is a hold. An attacker's win
//! applies the card's payload (advance 1-3 zones, stopping in the box, or
//! shoot: a goal); a defender's win takes the ball and moves it one zone
//! toward the old attacker's goal. After a goal the ball returns to the
//! half-way line with the conceding manager. After each round both managers
//! take their bench's top card; once benches are empty hands shrink, and
//! the match ends when the player cards are played out (18 rounds). A level
//! match goes to the tie-break agreed before it: penalties (10 cards each,
//! five rounds of one kick each way, then sudden death with 2 new cards
//! each), golden goal (the match restarts, deal and kick-off roll, until
//! someone scores; the first goal wins) or a draw. A 50/50 Action card is
//! rolled by the attacking manager and called by the defending one,
//! whoever drew it. Variants: two halves (a full redeal, the score carries
//! over) and 2v2 (6 in hand and 5 on the bench per manager, dealt from the
//! 40 cards and the set's 8 2v2 cards). A
//! tournament of several managers is a league of such matches
//! ([`Tournament`]): every pair meets once, level matches stay drawn, and
//! the table counts 3 points a win and 1 a draw.
//! The full rules and every decision are in `docs/cardball.md`.
//!
//! # Actions
//! See [`Action`]: `Call` (name an icon before a roll, only when
//! [`CardballConfig::ask_calls`] is set), `UseManager` and `Pass` (the
//! touchline window), `Pick` (a face-down card for a round or a penalty;
//! on the half-way line with the half it is read in, where that differs
//! from the card's printed `halfway` effect: [`Cardball::halfway_readings`]).
//! Rolls of the die are chance nodes ([`crate::engine::ToAct::Chance`]),
//! resolved by the seeded RNG in the state.
//!
//! # What each seat sees
//! See [`CardballView`]: its own hand and its own face-down pick; only the
//! sizes of other hands and of every bench (a manager never looks at their
//! own bench); whether the others have picked, never what; the draw pile
//! and Action deck as counts. Everything on the pitch is public.
//!
//! # House rules
//! Readings that differ from the rulebook's text are [`HouseRules`], all off
//! by default (`docs/cardball.md`, 10.1): `ranked_marks` (the higher mark
//! always wins, so a defending "takes" beats an attacking chance),
//! `golden_goal_then_penalties` (one extra deal, no kick-off roll, goalless
//! goes to penalties), `short_team_bench` (2v2 with 6 + 3 from the duel's 40
//! cards) and `printed_halfway` (no choice on the half-way line). A golden
//! goal nobody scores in [`GOLDEN_GOAL_RESTARTS`] deals in a row ends as a
//! tie, a guard for edited sets that cannot score.
//!
//! # Decisions on what the rulebook leaves open
//! The 32 decisions of `docs/cardball.md` section 10, and these engine
//! details (section 10, decisions 33-38):
//! - Seats: seat 0 is the left manager, seat 1 the right one; in 2v2 seats
//!   0 and 2 are the left team, 1 and 3 the right team.
//! - The kick-off and the first penalty shooter are rolled by the left side
//!   and called by the right side. Without asked calls the die's default
//!   call is assumed; with them, a side's lower seat calls for the team.
//! - The touchline window asks only managers holding a The Manager card:
//!   the side with the ball first, then alternating sides (in 2v2: the
//!   attacking team's lower seat, the defending team's lower seat, then the
//!   higher seats). After a card resolves its user is asked again; the
//!   window closes once every manager holding one has passed since the last
//!   use. A goal from an Action card restarts at the half-way line and the
//!   same window goes on.
//! - A manager whose hand still holds cards but no player card must use a
//!   The Manager card; with the draw pile empty such a hand can run out.
//! - The match ends at the start of a round in which a side has no card at
//!   all in hand, or after the window when a side has no player card.
//! - 2v2 on the spot: either manager of a team with a player card may place
//!   the team's card; the first card placed counts. Switching: the manager
//!   after the one who played last plays, or the partner if that manager
//!   has no player card. In the shoot-out a team's 10 cards are dealt 5 to
//!   each manager and each sudden-death round gives each manager one.
//!
//! # Where things are
//! - [`rules`]: the pure engine (re-exported here).
//! - [`deck`]: the card files (`card_data/cardball/`) validated into a
//!   [`CardSet`]. [`bot`]: the heuristic bot. [`scenario`]: exact positions
//!   for rules tests. [`layout`]: the printed cards. [`editor`]: the deck
//!   editor's schema.
//! - [`session`], [`narrate`] and [`table`]: a match at the table.

pub mod bot;
pub mod deck;
pub mod editor;
pub mod layout;
pub mod narrate;
pub mod rules;
pub mod scenario;
pub mod search;
pub mod session;
pub mod start;
pub mod table;
pub mod tools;

pub use rules::*;
pub use session::{CardballSave, CardballSession};
pub use table::CardballTable;

/// The card files under `card_data/`, embedded: (path, contents).
pub const DATA_FILES: &[(&str, &str)] = &[
    (
        "cardball/pitch.toml",
        include_str!("../../../card_data/cardball/pitch.toml"),
    ),
    (
        "cardball/managers.toml",
        include_str!("../../../card_data/cardball/managers.toml"),
    ),
    (
        "cardball/actions.toml",
        include_str!("../../../card_data/cardball/actions.toml"),
    ),
    (
        "cardball/die.toml",
        include_str!("../../../card_data/cardball/die.toml"),
    ),
];

/// Cardball in the game registry ([`crate::games::GAMES`]).
pub const ENTRY: crate::games::GameEntry = crate::games::GameEntry {
    id: "cardball",
    name: "Cardball",
    seats: 2..=4,
    summary: "A two-manager duel of face-down picks across the pitch (75 cards; 2v2 with four and 8 more).",
    rulebook: include_str!("../../../docs/rules/cardball.md"),
    data_files: DATA_FILES,
    template_files: TEMPLATE_FILES,
    check: crate::games::kit::check::<Cardball>,
    bots: <Cardball as crate::games::kit::GameKit>::BOTS,
    reads_house_rules: <Cardball as crate::games::kit::GameKit>::HOUSE_RULES,
    scenario: crate::games::kit::scenario::<Cardball>,
    decks: &[&editor::SCHEMA],
    print: Some(tools::print_deck),
    table: Some(crate::ui::table::TableHooks {
        new: start::new_table,
        load: crate::ui::shell::open_saved::<table::CardballBoard>,
        form: Some(start::form),
        probe: Some(session::probe),
    }),
    simulate: crate::games::kit::simulate_text::<Cardball>,
    lab: crate::games::lab::run::<Cardball>,
    options: <Cardball as crate::games::kit::GameKit>::OPTIONS,
    default_seats: <Cardball as crate::games::kit::GameKit>::DEFAULT_SEATS,
    card_value: <Cardball as crate::games::kit::GameKit>::CARD_VALUE,
    house_rules: None,
    soak: crate::games::kit::soak::<Cardball>,
};

/// The card templates under `templates/`, embedded: (path, contents).
pub const TEMPLATE_FILES: &[(&str, &str)] = &[
    (
        "cardball/base.toml",
        include_str!("../../../templates/cardball/base.toml"),
    ),
    (
        "cardball/manager.toml",
        include_str!("../../../templates/cardball/manager.toml"),
    ),
    (
        "cardball/the_manager.toml",
        include_str!("../../../templates/cardball/the_manager.toml"),
    ),
    (
        "cardball/zone.toml",
        include_str!("../../../templates/cardball/zone.toml"),
    ),
    (
        "cardball/ball.toml",
        include_str!("../../../templates/cardball/ball.toml"),
    ),
    (
        "cardball/goal.toml",
        include_str!("../../../templates/cardball/goal.toml"),
    ),
    (
        "cardball/action.toml",
        include_str!("../../../templates/cardball/action.toml"),
    ),
    (
        "cardball/back.toml",
        include_str!("../../../templates/cardball/back.toml"),
    ),
];
