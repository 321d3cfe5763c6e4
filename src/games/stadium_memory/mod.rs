//! Stadium Memory: a memory game for 2-6 players with 100 face-down cards
//! laid out like rows of stadium seats (42 pairs of players and 16 prize
//! cards by default, every back the same lawn labelled "Rivet").
//!
//! # The rules in brief
//! Who moves first is chosen by the table (the rulebook advises the last
//! person to have watched a match in a stadium) or, by default, by a roll of
//! the dice. A move turns two face-down cards. Two cards of the same player:
//! the mover takes the pair and moves again. Otherwise player cards are
//! turned back face down exactly where they were, prize cards turned up are
//! taken as prizes, and the turn passes to the next seat. Prizes: VAR (before
//! one's own move, look privately at two face-down cards, then move); PLAY
//! GAME (instead of a turn, challenge a player when both hold a pair: each
//! rolls a die, the challenger first, level scores roll again, the winner
//! takes any pair of the loser's); YELLOW (at any moment: the player moving
//! is stopped and play passes to the next seat); RED (at any moment: every
//! player is stopped and the turn passes to whoever played it); a second
//! yellow on the same player acts as a red. The game ends when the table is
//! empty; the most points wins, ties go to the most cards held (unused
//! prizes included). The full rules and every decision are in
//! `docs/stadium-memory.md`.
//!
//! # Actions
//! See [`Action`]: `Turn` (a card of the move), `UseVar` and `Peek` (VAR),
//! `PlayGame` and `TakePair` (PLAY GAME), `Yellow`, `Red`, `Pass` and
//! `AutoPass` (response windows), `AskAgain` (leave auto-pass). Dice are
//! chance nodes ([`crate::engine::ToAct::Chance`]) resolved by the seeded
//! RNG in the state: the first-move roll and PLAY GAME matches.
//!
//! # What each seat sees
//! See [`StadiumMemoryView`]: the grid with empty seats, face-down cards and
//! the cards face up in the current move; the public history of every card
//! ever turned face up (where and what), so perfect recall is possible from
//! the view alone; its own VAR looks and never another seat's (others see
//! only which seats were looked at); every seat's pairs, unused prizes,
//! yellows and auto-pass setting (they lie face up); the discard pile. Never
//! the RNG or the faces of face-down cards.
//!
//! # Decisions on what the rulebook leaves open
//! Numbered as in `docs/stadium-memory.md`, where the reasons are given.
//! 1. First move: the configuration names a seat, or (the default) every
//!    seat rolls a die; the highest moves first; tied seats roll again.
//! 2. Play passes to the next higher seat, wrapping round.
//! 3. Yellow and red "at any moment": a response window opens after every
//!    card turned (before the move resolves), whenever the turn passes to a
//!    player (before that player acts), after each VAR look and before the
//!    extra move after a pair. Windows ask, in table order from the mover,
//!    only seats that hold a yellow or red, are not the mover and are not
//!    auto-passing. The mover plays their own red or yellow at any of their
//!    own decisions. Yellows and reds resolve at once; the turn change they
//!    cause opens a fresh window. No window opens during a PLAY GAME match
//!    or once the table is empty. [`StadiumMemoryConfig::any_moment`]
//!    `false` (saves made before it existed) keeps the earlier, narrower
//!    reading.
//! 4. A yellow on the player moving stops them: every card that move
//!    turned up, prizes included, goes back face down where it was, and
//!    the turn passes to the seat after them. A red does the same but the
//!    turn passes to its player (a fresh move when the mover plays it).
//!    Yellows count for the whole game; every second one on a player acts
//!    as a red played by whoever showed it.
//! 5. A prize and a player turned together: the prize is taken, the player
//!    goes back, the turn passes.
//! 6. Two prizes turned together are both taken and the turn passes; two
//!    identical prizes are not a pair.
//! 7. Player cards lie on the table as whole pairs; when a single card (a
//!    prize) is left, a move turns just that card.
//! 8. VAR is used at the start of one's own move (including the extra move
//!    after a pair), at most once per move, and only while two face-down
//!    cards are left. The positions looked at are public, the faces private.
//! 9. PLAY GAME is used at the start of one's own move, not after VAR; it
//!    cannot be interrupted; the turn then passes to the seat after the
//!    challenger. The winner chooses the pair (automatically when the loser
//!    holds one).
//! 10. The game ends the moment the table is empty; unused prizes count only
//!     in the tie-break; a tie on points and cards is a shared win.
//! 11. Auto-pass: seats in [`StadiumMemoryConfig::auto_pass`] start on it;
//!     `AutoPass` in a window turns it on; `AskAgain` at the start of one's
//!     own move turns it off.
//! 12. House rules ([`HouseRules`]): any rows x columns up to 26 x 26,
//!     prize counts, prizes off, the number of pairs. When fewer pairs than
//!     the set holds are dealt, the seed chooses them; spare seats of the
//!     grid stay empty at the far end.
//! 13. Dice (the first-move roll, PLAY GAME) are chance nodes: each
//!     [`crate::engine::Game::resolve_chance`] rolls one die from the state's
//!     RNG, after any dice a scenario loaded ([`Setup::dice`]).
//! 14. Portraits: a player's card shows a face drawn from their portrait
//!     fields ([`Portrait`]), which the rules never read. A field the file
//!     leaves out is chosen from the id, the same every time, differing
//!     from every earlier player in at least two features where it can;
//!     two players alike in every feature are an error in the file.
//! 15. A yellow names its player: on a player who is not moving it books
//!     them and they sit out their next move (the turn passes over them
//!     once); the move in progress goes on.

pub mod editor;
pub mod layout;
pub mod rules;
pub mod search;
pub mod session;
pub mod table;
pub mod tools;

pub use rules::*;
pub use session::StadiumMemorySession;
pub use table::StadiumMemoryTable;

/// The card files under `card_data/`, embedded: (path, contents).
pub const DATA_FILES: &[(&str, &str)] = &[
    (
        "stadium_memory/players.toml",
        include_str!("../../../card_data/stadium_memory/players.toml"),
    ),
    (
        "stadium_memory/deck.toml",
        include_str!("../../../card_data/stadium_memory/deck.toml"),
    ),
];

/// Stadium Memory in the game registry ([`crate::games::GAMES`]).
pub const ENTRY: crate::games::GameEntry = crate::games::GameEntry {
    id: "stadium-memory",
    name: "Stadium Memory",
    seats: 2..=6,
    summary: "Turn two cards, keep pairs of the same player, and take prize cards that bend the turn order (100 cards).",
    rulebook: include_str!("../../../docs/rules/stadium-memory.md"),
    data_files: DATA_FILES,
    template_files: TEMPLATE_FILES,
    check: crate::games::kit::check::<StadiumMemory>,
    bots: <StadiumMemory as crate::games::kit::GameKit>::BOTS,
    reads_house_rules: <StadiumMemory as crate::games::kit::GameKit>::HOUSE_RULES,
    scenario: crate::games::kit::scenario::<StadiumMemory>,
    decks: &[&editor::SCHEMA],
    print: Some(tools::print_deck),
    table: Some(crate::ui::table::TableHooks {
        new: table::open_new,
        load: crate::ui::shell::open_saved::<table::StadiumMemoryBoard>,
        form: None,
        probe: Some(session::probe),
    }),
    simulate: crate::games::kit::simulate_text::<StadiumMemory>,
    lab: crate::games::lab::run::<StadiumMemory>,
    options: <StadiumMemory as crate::games::kit::GameKit>::OPTIONS,
    default_seats: <StadiumMemory as crate::games::kit::GameKit>::DEFAULT_SEATS,
    card_value: <StadiumMemory as crate::games::kit::GameKit>::CARD_VALUE,
    house_rules: None,
    soak: crate::games::kit::soak::<StadiumMemory>,
};

/// The card templates under `templates/`, embedded: (path, contents).
pub const TEMPLATE_FILES: &[(&str, &str)] = &[
    (
        "stadium_memory/base.toml",
        include_str!("../../../templates/stadium_memory/base.toml"),
    ),
    (
        "stadium_memory/player.toml",
        include_str!("../../../templates/stadium_memory/player.toml"),
    ),
    (
        "stadium_memory/prize.toml",
        include_str!("../../../templates/stadium_memory/prize.toml"),
    ),
    (
        "stadium_memory/back.toml",
        include_str!("../../../templates/stadium_memory/back.toml"),
    ),
];
