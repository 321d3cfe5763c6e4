//! Flip Duel: Red against Blue, 53 double-sided cards a team (an attack
//! side and a defence side), both players laying a card at the same moment.
//!
//! # The rules in brief
//! Score more goals than the other player over two halves of 45 cards and
//! a few cards of injury time. Before the match each player secretly sets
//! eight cards of their pack aside for injury time and shuffles the other
//! 45. The youngest player attacks first: the attacker holds the pack
//! attack side up, the defender defence side up, and both lay their top
//! card at the same moment. Every card side has four colour-coded areas of
//! five sections: open play reads the ball's section in the attack card's
//! Attack area against the same section of the defence card's Defend area.
//! A defender there (any part of one) tackles and the packs flip (the
//! defender now attacks); an offside flag flips too; a foul gives a free
//! kick; a goal symbol is a long ball and makes the next card a shot; open
//! grass is a successful attack, and three in a row make the next card a
//! shot. A shot reads the Goal area against the Save area: the open net is
//! a goal, the keeper saves, a defender blocks, no net misses (all flip); a
//! foul gives a penalty; a rebound or a corner gives another shot. A
//! penalty or a free kick is the next pair of cards, read in its own area:
//! net (a goal), the blocking symbol (saved or blocked), the post or
//! crossbar, or wide; it always flips. Half time comes after 45 cards:
//! the packs are re-sorted and shuffled and the other player attacks
//! first. After the second 45 the assistant referee on the last defending
//! card holds up the injury time: that many of the set-aside cards are
//! laid, play going on from where it stood. Most goals wins; level is a
//! draw. The full rules and every decision are in `docs/flip-duel.md`.
//!
//! # Actions
//! See [`Action`]: `SetAside` (choose one injury-time card; repeated until
//! eight are aside), `Lay` (lay the top card of the pack, official rules)
//! and `Play` (lay a card from the hand, the hand house rule). Both players
//! choose and lay at once: [`crate::engine::ToAct::Simultaneous`] names the
//! seats still to act, in any order, and the pair of cards is read once
//! both are down. Shuffles happen inside `apply` with the state's seeded
//! RNG; there are no chance nodes.
//!
//! # What each seat sees
//! See [`FlipDuelView`]: its own injury-time choice, its own hand and its
//! own face-down card; its own pack's contents but never its order (the
//! top card is laid blind); of the other player only the sizes of the
//! injury-time pile, pack and hand, and whether a card is down. Everything
//! laid face up, the score, the period, who attacks and what the next pair
//! is read for are public.
//!
//! # Decisions on what the rulebook leaves open
//! Numbered as in `docs/flip-duel.md` section 8, where each is explained:
//! 1. Four areas a side (attack/defend green, goal/save red, penalty
//!    yellow, free kick blue), five sections an area.
//! 2. Every defence-side section shows exactly one mark, so no two symbols
//!    compete; a defender across two sections is written in both.
//! 3. Penalties and free kicks are read in their own areas, which carry the
//!    blocking symbols and the post or crossbar.
//! 4. A shot, penalty or free kick is the next pair of cards; every pair
//!    counts towards the 45 of a half.
//! 5. Only open-play successes make the run of three; it restarts after
//!    every flip.
//! 6. A foul in the defend area gives a free kick, in the save area a
//!    penalty.
//! 7. and 8. The garbled sentences are read as "a penalty or free kick is
//!    scored if ..." and "the second half starts with the player who
//!    kicked off the first half now defending".
//! 9. Half time cancels whatever was under way.
//! 10. Injury time is played only at the end of the match, continuing from
//!     the last pair of normal time.
//! 11. Its length is the number on the defence side of the card the
//!     defending player laid last in normal time, capped by the cards aside.
//! 12. The injury-time cards are shuffled before injury time.
//! 13. A shot or set piece earned with the last card is not taken.
//! 14. A level match is a draw.
//! 15. After a goal the packs flip: the team that conceded attacks.
//! 16. Seat 0 plays Red, seat 1 Blue.
//! 17. Who attacks first is [`FlipDuelConfig::first_attacker`] (the
//!     youngest player, as the start form says, or a toss; see 23).
//! 18. The injury-time cards are chosen from the unshuffled pack, one at a
//!     time, secretly and at once; the engine has no take-back (the shell
//!     undoes by replay).
//! 19. Cards are laid blind: a view shows a pack's contents, never its
//!     order.
//! 20. Either player may lay first; the pair is read when both are down.
//! 21. Red and Blue are the same designs in different colours.
//! 22. "Players flip over their entire unused packs": a flip turns each
//!     held pack (the injury-time cards in injury time) upside down, so the
//!     next card laid is the one that was at the bottom
//!     ([`FlipDuelConfig::turn_packs_over`]; the house rule `false` lays on
//!     from the same end).
//! 23. Who kicks off is chosen on the start form, in `touchline play
//!     --option kick_off=red|blue|toss` and kept in the save: colour never
//!     decides it.

pub mod editor;
pub mod layout;
pub mod rules;
pub mod search;
pub mod session;
pub mod start;
pub mod table;
pub mod tools;

pub use rules::*;
pub use session::FlipDuelSession;
pub use table::FlipDuelTable;

/// The card files under `card_data/`, embedded: (path, contents).
pub const DATA_FILES: &[(&str, &str)] = &[
    (
        "flip_duel/red.toml",
        include_str!("../../../card_data/flip_duel/red.toml"),
    ),
    (
        "flip_duel/blue.toml",
        include_str!("../../../card_data/flip_duel/blue.toml"),
    ),
];

/// Flip Duel in the game registry ([`crate::games::GAMES`]).
pub const ENTRY: crate::games::GameEntry = crate::games::GameEntry {
    id: "flip-duel",
    name: "Flip Duel",
    seats: 2..=2,
    summary: "Red against Blue: both lay a double-sided card at once, attack against defence (2 x 53 cards).",
    rulebook: include_str!("../../../docs/rules/flip-duel.md"),
    data_files: DATA_FILES,
    template_files: TEMPLATE_FILES,
    check: crate::games::kit::check::<FlipDuel>,
    bots: <FlipDuel as crate::games::kit::GameKit>::BOTS,
    reads_house_rules: <FlipDuel as crate::games::kit::GameKit>::HOUSE_RULES,
    scenario: crate::games::kit::scenario::<FlipDuel>,
    decks: &[&editor::SCHEMA],
    print: Some(tools::print_deck),
    table: Some(crate::ui::table::TableHooks {
        new: start::new_table,
        load: crate::ui::shell::open_saved::<table::FlipDuelBoard>,
        form: Some(start::form),
        probe: Some(session::probe),
    }),
    simulate: crate::games::kit::simulate_text::<FlipDuel>,
    lab: crate::games::lab::run::<FlipDuel>,
    options: <FlipDuel as crate::games::kit::GameKit>::OPTIONS,
    default_seats: <FlipDuel as crate::games::kit::GameKit>::DEFAULT_SEATS,
    card_value: <FlipDuel as crate::games::kit::GameKit>::CARD_VALUE,
    house_rules: None,
    soak: crate::games::kit::soak::<FlipDuel>,
};

/// The card templates under `templates/`, embedded: (path, contents).
pub const TEMPLATE_FILES: &[(&str, &str)] = &[
    (
        "flip_duel/base.toml",
        include_str!("../../../templates/flip_duel/base.toml"),
    ),
    (
        "flip_duel/attack.toml",
        include_str!("../../../templates/flip_duel/attack.toml"),
    ),
    (
        "flip_duel/defence.toml",
        include_str!("../../../templates/flip_duel/defence.toml"),
    ),
    (
        "flip_duel/rules.toml",
        include_str!("../../../templates/flip_duel/rules.toml"),
    ),
    (
        "flip_duel/back.toml",
        include_str!("../../../templates/flip_duel/back.toml"),
    ),
];
