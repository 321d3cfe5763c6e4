//! Booked!: the football card game (2-6 managers, 198 cards).
//!
//! # The rules in brief
//! Be first to field a legal Starting 7 (one nation: 1 GK, 2 DEF, 2 MID,
//! 2 FWD), call GOOOAL! and survive one final window of instants. Each turn:
//! draw one (deck or discard), do one (play a player or super sub to your
//! pitch, play a referee, show a Yellow or Red to an opponent's player, or
//! tackle), then discard down to the hand limit (9). Three referees are
//! instants (⚡ VAR REVIEW, OFFSIDE!, PLAY ON) and answer other cards.
//! The full rules with every decision taken are in `docs/rules/booked.md`.
//!
//! # Actions
//! See [`Action`]: `Claim`, `DraftPass` (setup house rules), `DrawDeck`,
//! `DrawDiscard`, `CallGoal`, `NoCall`, `PlayPlayer`, `PlaySuperSub`,
//! `PlayReferee`, `Yellow`, `Red`, `Tackle`, `Respond` (an instant),
//! `Pass`, `Keep` (SET PIECE), `PickUp` (after a tackle), `Discard`.
//!
//! # What each seat sees
//! Pitches, the discard pile's top, every card on the stack, claims, walls
//! and counters are public. A seat sees its own hand and only the sizes of
//! the others; the deck is a count; the RNG is never visible. SET PIECE cards
//! are seen by the manager choosing; squad-rotation passes by the passer.
//!
//! # Decisions on what the rulebook leaves open
//! - Setup: the buried card goes to the bottom of the deck. SET PIECE's
//!   leftovers slide under the deck keeping the order seen. "Play passes
//!   left" means to the next higher seat; seat 0 kicks off unless told.
//! - Do one is compulsory when anything is playable; `Pass` is offered only
//!   when nothing is (e.g. a hand of instants).
//! - Instants are only ever answers: to the card just played (normal play)
//!   or to the caller's 7 (the GOOOAL! window). A manager never answers
//!   their own card. Answers stack and resolve last in, first out; after an
//!   answer resolves, a fresh window opens on the card below it.
//! - VAR REVIEW cancels the card it answers: that card goes to the discard
//!   pile with no effect. OFFSIDE! answers a player or super sub being
//!   played: it goes back to its owner's hand. PLAY ON negates a Referee
//!   (instants included), Yellow or Red played against you: a Yellow or Red
//!   is against the target's owner, VAR/OFFSIDE!/PLAY ON against the owner
//!   of the card they answer, FULL-TIME WHISTLE against the manager who
//!   would miss the turn; other referees are against nobody.
//! - GOOOAL! may be called at the draw step or right after your action.
//!   In the window each opponent in turn order (only those holding VAR REVIEW
//!   or OFFSIDE!) may play any number of them: each removes the card most
//!   recently placed on the caller's pitch (VAR REVIEW discards it, OFFSIDE!
//!   returns it to the caller's hand). Without strict VAR these cannot be
//!   answered; with strict VAR every manager, the caller included, may
//!   answer them as in normal play. The window closes early once the 7 is
//!   broken; then the caller's turn goes on where the call was made.
//! - Super subs declare a nation and slot when played and keep them while on
//!   the pitch; they cannot tackle (no nation in hand) and score 0 rating.
//!   SUBSTITUTION brings on a squad player only.
//! - A tackled manager chooses which card(s) of the nation to pick up;
//!   a booked card picked up loses its Yellow to the discard pile. Derby
//!   night: a tackle on the nation the tackler claimed returns two cards.
//! - Captain's armband: any star (rating 10) on your pitch is captain; the
//!   first Yellow shown to one is discarded automatically, once per match.
//! - A Red on a clean player is legal and bounces.
//! - THE WALL ends when its owner's next turn begins (even a skipped or
//!   added-time turn). FULL-TIME WHISTLE targets the next manager in the
//!   direction of play when it resolves; ADDED TIME turns come first.
//! - The deck runs dry the moment its last card is taken. The first time
//!   (or up to `reshuffles_before_penalties` times) the discard pile less
//!   its top card is shuffled into a new deck; the next time, penalties:
//!   highest total rating on pitch, then fewest bookings on pitch, then a
//!   shared win.
//! - No-progress rule (the rulebook is silent; it keeps every table from
//!   hanging): a match ends by penalties, as above, with the ending
//!   `stalled`, once [`STALL_TURNS_PER_SEAT`] turns per manager in a row
//!   pass without a card leaving the deck (a draw or a SET PIECE). Without
//!   deck draws the dry deck that ends a match could never come.
//! - Group stage: see [`group`].
//!
//! # Where things are
//! - [`rules`]: the pure engine (re-exported here): state, actions, views,
//!   events, the group stage.
//! - [`deck`]: the card files (`card_data/booked/`) and house rules,
//!   validated into a [`CardSet`].
//! - [`bot`]: the heuristic bot. [`scenario`]: exact deals for rules tests.
//! - [`layout`]: the printed cards. [`editor`]: the deck editor's schema.
//! - [`table`]: the table screen; [`house_rules_ui`]: the house-rules form.

pub mod bot;
pub mod deck;
pub mod editor;
pub mod house_rules_ui;
pub mod layout;
pub mod rules;
pub mod scenario;
pub mod search;
pub mod session;
pub mod start;
pub mod table;
mod table_cards;
pub mod tools;

pub use rules::*;

/// The card files under `card_data/`, embedded: (path, contents).
pub const DATA_FILES: &[(&str, &str)] = &[
    (
        "booked/nations.toml",
        include_str!("../../../card_data/booked/nations.toml"),
    ),
    (
        "booked/referees.toml",
        include_str!("../../../card_data/booked/referees.toml"),
    ),
    (
        "booked/deck.toml",
        include_str!("../../../card_data/booked/deck.toml"),
    ),
    (
        "booked/house_rules.toml",
        include_str!("../../../card_data/booked/house_rules.toml"),
    ),
];

/// Booked! in the game registry ([`crate::games::GAMES`]).
pub const ENTRY: crate::games::GameEntry = crate::games::GameEntry {
    id: "booked",
    name: "Booked!",
    seats: 2..=6,
    summary: "The football card game: field a legal Starting 7 first and call GOOOAL! (198 cards, 2-6 managers).",
    rulebook: include_str!("../../../docs/rules/booked.md"),
    data_files: DATA_FILES,
    template_files: TEMPLATE_FILES,
    check: crate::games::kit::check::<Booked>,
    bots: <Booked as crate::games::kit::GameKit>::BOTS,
    reads_house_rules: <Booked as crate::games::kit::GameKit>::HOUSE_RULES,
    scenario: crate::games::kit::scenario::<Booked>,
    decks: &[&editor::SCHEMA],
    print: Some(tools::print_deck),
    table: Some(crate::ui::table::TableHooks {
        new: start::new_table,
        load: crate::ui::shell::open_saved::<table::BookedTable>,
        form: Some(start::form),
        probe: Some(session::probe),
    }),
    simulate: crate::games::kit::simulate_text::<Booked>,
    lab: crate::games::lab::run::<Booked>,
    options: <Booked as crate::games::kit::GameKit>::OPTIONS,
    default_seats: <Booked as crate::games::kit::GameKit>::DEFAULT_SEATS,
    card_value: <Booked as crate::games::kit::GameKit>::CARD_VALUE,
    house_rules: Some(house_rules_ui::editor),
    soak: crate::games::kit::soak::<Booked>,
};

/// The card templates under `templates/`, embedded: (path, contents).
pub const TEMPLATE_FILES: &[(&str, &str)] = &[
    (
        "booked/base.toml",
        include_str!("../../../templates/booked/base.toml"),
    ),
    (
        "booked/player.toml",
        include_str!("../../../templates/booked/player.toml"),
    ),
    (
        "booked/referee.toml",
        include_str!("../../../templates/booked/referee.toml"),
    ),
    (
        "booked/discipline.toml",
        include_str!("../../../templates/booked/discipline.toml"),
    ),
    (
        "booked/yellow.toml",
        include_str!("../../../templates/booked/yellow.toml"),
    ),
    (
        "booked/red.toml",
        include_str!("../../../templates/booked/red.toml"),
    ),
    (
        "booked/super_sub.toml",
        include_str!("../../../templates/booked/super_sub.toml"),
    ),
    (
        "booked/quick_rules.toml",
        include_str!("../../../templates/booked/quick_rules.toml"),
    ),
    (
        "booked/back.toml",
        include_str!("../../../templates/booked/back.toml"),
    ),
];
