//! Eleven: the football-manager board game (1-4 players, a season of 6
//! Weeks ending in a Matchday each).
//!
//! This module holds the vocabulary Eleven's cards are written in
//! ([`vocab`]), the effect ops every card ability is made of ([`effect`]),
//! and the Matchday engine: [`matchday`] resolves one Match from a line-up
//! and an Opponent card into a score and a step-by-step log, [`pairing`]
//! pairs attackers and defenders within a Section, [`league`] keeps the
//! League table, the Opponent dice and the Match consequence roll,
//! [`lineup`] makes random legal line-ups, and [`scoring`] adds up the end of the game. `eleven::deck` reads the card
//! files into these types. Nothing here touches files, clocks or threads;
//! randomness comes from a seed.
//!
//! # The Match in brief
//! You play one Tactic card as your Formation (markers per line) and place
//! your 10 Jersey markers on the 9 Zones: 1-3 in each central Zone, at most
//! 1 in each wing Zone. Player cards are assigned to markers with their
//! number and Task; a marker without a card has Strength 1. Then BEFORE THE
//! MATCH effects, the Opponent card is revealed, a second Tactic card's
//! effect and DURING THE MATCH effects resolve, and five pairs of Sections
//! are compared: your left wing against their right wing, your right wing
//! against their left wing, your forwards against their defenders, the
//! midfields, your defenders against their forwards. In each, attackers
//! are paired against the facing defenders so that both teams score as few
//! goals as possible; an attacker scores if stronger than its defender or
//! unpaired, unless the defending Goalkeeper, strong enough and with a save
//! left, blocks it. AFTER THE MATCH effects come last, then the result.
//!
//! # Decisions on what the rulebook leaves open
//! - Within a pair of Sections your attack is resolved before theirs, as in
//!   the rulebook's worked Match; the two attacks use different
//!   Goalkeepers, so the order changes only the log.
//! - Goalkeepers save every shot they can, in Section order; a save is
//!   never held back for later (that can never concede fewer goals).
//! - An attacker that beat its defender is unblocked, so the Goalkeeper may
//!   still save it (the worked Match does this).
//! - Effects that name no target pick by default: a `chosen` Player is the
//!   first eligible one in line-up order (markers in order, then the
//!   Goalkeeper, then unassigned cards); `adjust_opponent` with a penalty
//!   hits the strongest matching Opponent players (a bonus the weakest);
//!   `choose` takes the first option and `may` is declined. A [`matchday::Choice`]
//!   in the setup overrides each of these.
//! - Player effects resolving at the same time go in line-up order, after
//!   this Week's Board Meeting decisions (which take precedence); Tactic
//!   effects resolve before any DURING THE MATCH Player effect.
//! - Dice are never rerolled for Fan Base inside the engine.
//! - A Trained Youngster who played fills one empty Match Experience space,
//!   and one who scored one empty Goal space, per Match.
//! - Before the BEFORE THE MATCH effects, one Injury and one Suspension
//!   token leave every card that has them; such Players still miss this
//!   Match (they could not be assigned).
//! - A marker without a Player card has Strength 1 plus any
//!   `blank_jersey_strength`, never less than 1.
//! - The engine Trains Players, draws cards and moves Stats only through
//!   the club: such ops are reported as [`matchday::MatchStep::ForTheClub`].
//!   `move_jersey` moves the Match's own markers during the Match
//!   ([`matchday::check_jersey_move`]): the moves the plan chose, else the
//!   one that leaves the best projected score.
//! - Jersey numbers: printed markers are 2-11, the Goalkeeper is 1 and has
//!   no marker, cards numbered 12 or more and Untrained Youngsters use one
//!   of the 3 unnumbered markers. No number may appear twice in a Match.
//! - The Match consequence table (icons garbled in the rulebook) is read
//!   as: six-sided die plus modifiers, lower is better; 0 or less gives a
//!   Fan Base increase on a win, Training on a draw, 2 Temporary Strength
//!   on a loss; 1-2 Training / 1 Temporary Strength / 1 Temporary Strength;
//!   3-4 1 Temporary Strength / 1 Temporary Strength / 1 Temporary
//!   Weakness; 5-6 1 Temporary Weakness / 1 Temporary Weakness / Injury;
//!   7-8 Serious Injury; 9-10 Double Injury; 11+ Double Serious Injury.
//! - League positions: teams level on points share the higher position.
//!   Stands and Adboards score 1 VP, the other Infrastructure 2; the Office
//!   track scores 0 / 2 / 5 / 9 / 14 (the rulebook's examples give 5 for
//!   the second space and 9 for the third).
//!
//! # The season
//! [`season`] plays the whole game: setup for 1-4 managers in a Division
//! (or solo with a Scenario sheet from `card_data/eleven/scenarios.toml`),
//! the Director draft and the Objective choice, then six Weeks of Monday
//! (Production, the Board Meeting vote with Fan Base rerolls), Tuesday to
//! Thursday (a Basic and a Paid action a Day in turn order), Matchday
//! through [`play_match`] with the consequence roll and the League dice,
//! and the End of the Week; the Final Scoring's six lines decide, ties go
//! to the League position, then the victory is shared. Actions come with
//! their reasons when illegal ([`season::Season::options`]); each seat sees
//! a [`season::SeasonView`] without other managers' hidden cards.
//!
//! Season decisions (numbered as in `docs/eleven.md` section 11, where
//! each gives its reason):
//! 39. Production by Stat level: Cash 3/5/6/7/9, Fan Base 1-5, Operation
//!     1/2/3/3/4, Fitness 2/4/6/8/10.
//! 40. Infrastructure: Lighting, Merchandise Store, Directors Office and
//!     Training Ground give +1 Fan Base / Cash / Operation / Fitness at
//!     Production; Stands #3-#4 and Adboard #3 add spaces; 3 Cash each, 7
//!     tokens at most.
//! 41. Maintenance: Players / 3 + built tokens / 2 + Staff / 2; each Cash
//!     short puts 2 Suspension tokens on Staff.
//! 42. The Office track costs 2, 3, 5, 7.
//! 43. Seat 0 holds the Stage marker in Week 1.
//! 44. Monday's Board Meetings and Matchday go club by club in turn
//!     order; the draft and the Objective choice are simultaneous.
//! 45. Every Director votes; ties reroll free (20 at most, then the first
//!     Director decides); Match-timed decision blocks wait for Friday.
//! 46. An effect's choices take the action's `picks` (Card actions, Board
//!     Meetings, a Staff Bonus with `HireStaffWith`), else defaults.
//! 47. Fan Base rerolls: the Board Meeting die, the Match consequence, and
//!     a failed die inside an effect (as far as its pick, `Choice::rerolls`
//!     or a season plan's `MatchPlan::rerolls` allows); never the Opponent
//!     dice.
//! 48. Jersey markers keep their sides and places between Matches: set
//!     5/5 at setup, turned by a Player hired or Trained, never flipped in
//!     a Match without a card or an effect.
//! 49. A club keeps one Objective. 50. Objectives are checked after every
//!     action, every Match and at the end. 51. A Sponsor pays back the
//!     Resources it gave, and its rule changes end with it. 52. The game
//!     ends at step 2 of the sixth End of the Week. 53. The solo wipe
//!     comes after the End of the Week. 54. A club without a Tactic card
//!     plays 4-4-2. 55. Every Sponsor's Bonus gives 1 VP and its Kit 2 VP
//!     more (our figures, tuned so bots score near the rulebook's 35 VP).
//!     56. The season bot keeps the Objective it can best reach and
//!     plays towards it.
//! 60. The search bot ([`search`]) imagines seasons from its own view
//!     ([`season::Season::from_view`]): every card it cannot see is dealt
//!     at random from the cards of its kind nobody has seen, every count
//!     kept; the next Opponent card is one that fits its Scout Report,
//!     and the cards under it come from the deck of their place in the
//!     stack. The view shows what lies open on the table that the boards
//!     do not draw (each club's ledger: rule changes in force, Matches
//!     played, Experience spaces, how many face-down cards it holds; the
//!     open discard piles), and during the draft another club's
//!     Maintenance and Paid action cost leave out its face-down
//!     Directors. 61. A waiting question is answered in an imagined season
//!     by replaying its action there, with that season's own draws.
//!     62. An imagined season is played on for 40 decisions and then
//!     scored by each club's Final Scoring as it stands (a softmax over
//!     the totals, 4 VP a step); solo, by the VP against 60.
//!
//! # Where things are
//! - [`rules`]: the pure engine (re-exported here): the Matchday, the
//!   effects vocabulary, the League and the final scoring.
//! - [`deck`]: the card files (`card_data/eleven/`), validated.
//! - [`season`]: the whole season, its bots ([`season::SeasonBot`]) and
//!   solo Scenarios. [`search`]: the search bot's levels. [`tools`]: whole seasons for the registry's tools
//!   (simulate, soak: `GameKit`).
//! - [`sim`]: many Matches, summarised. [`layout`]: the printed cards.
//!   [`editor`]: the deck editor's schemas.
//! - [`matchday_ui`]: the Matchday sandbox screen.
//! - [`session`]: the season at the shared table session (bots, the log in
//!   words for each reader); [`table`]: the season table screen, with
//!   [`plan_ui`] (the Match plan built by mouse) and [`choices_ui`] (the
//!   choices inside an effect); [`start`]: the start form.

pub mod choices_ui;
pub mod deck;
pub mod editor;
pub mod layout;
pub mod matchday_ui;
mod pitch;
pub mod plan_ui;
pub mod rules;
pub mod scenario;
pub mod search;
pub mod season_scenario;
pub mod session;
pub mod sim;
pub mod start;
pub mod table;
pub mod tools;

pub use matchday_ui::{MatchdayRequest, MatchdayScreen};
pub use rules::*;
pub use session::SeasonSession;
pub use table::SeasonTable;

/// The card files under `card_data/`, embedded: (path, contents).
pub const DATA_FILES: &[(&str, &str)] = &[
    (
        "eleven/players.toml",
        include_str!("../../../card_data/eleven/players.toml"),
    ),
    (
        "eleven/staff.toml",
        include_str!("../../../card_data/eleven/staff.toml"),
    ),
    (
        "eleven/sponsors.toml",
        include_str!("../../../card_data/eleven/sponsors.toml"),
    ),
    (
        "eleven/tactics.toml",
        include_str!("../../../card_data/eleven/tactics.toml"),
    ),
    (
        "eleven/objectives.toml",
        include_str!("../../../card_data/eleven/objectives.toml"),
    ),
    (
        "eleven/directors.toml",
        include_str!("../../../card_data/eleven/directors.toml"),
    ),
    (
        "eleven/board_meetings.toml",
        include_str!("../../../card_data/eleven/board_meetings.toml"),
    ),
    (
        "eleven/opponents.toml",
        include_str!("../../../card_data/eleven/opponents.toml"),
    ),
    (
        SCENARIOS_FILE,
        include_str!("../../../card_data/eleven/scenarios.toml"),
    ),
];

/// The solo Scenario sheets' file.
pub const SCENARIOS_FILE: &str = deck::SCENARIOS_FILE;

/// The solo Scenario sheets of `source`, validated: each problem names
/// the file, line, sheet and field ([`deck::load_scenarios`]).
pub fn scenarios(
    source: &crate::cards::DataSource,
) -> Result<Vec<season::SoloScenario>, crate::cards::DataErrors> {
    deck::load_scenarios(source)
}

/// Eleven in the game registry ([`crate::games::GAMES`]).
pub const ENTRY: crate::games::GameEntry = crate::games::GameEntry {
    id: "eleven",
    name: "Eleven",
    seats: 1..=4,
    summary: "The football-manager board game: a season for 1-4 managers or solo (274 cards, 3 Scenario sheets).",
    rulebook: include_str!("../../../docs/rules/eleven.md"),
    data_files: DATA_FILES,
    template_files: TEMPLATE_FILES,
    check: crate::games::kit::check::<season::Season>,
    bots: <season::Season as crate::games::kit::GameKit>::BOTS,
    reads_house_rules: <season::Season as crate::games::kit::GameKit>::HOUSE_RULES,
    scenario: tools::scenario,
    decks: &editor::SCHEMAS,
    print: Some(tools::print_deck),
    table: Some(crate::ui::table::TableHooks {
        new: start::new_table,
        load: crate::ui::shell::open_saved::<table::SeasonBoard>,
        form: Some(start::form),
        probe: Some(session::probe),
    }),
    simulate: tools::simulate,
    lab: crate::games::lab::run::<season::Season>,
    options: <season::Season as crate::games::kit::GameKit>::OPTIONS,
    default_seats: <season::Season as crate::games::kit::GameKit>::DEFAULT_SEATS,
    card_value: <season::Season as crate::games::kit::GameKit>::CARD_VALUE,
    house_rules: None,
    soak: crate::games::kit::soak::<season::Season>,
};

/// The card templates under `templates/`, embedded: (path, contents).
pub const TEMPLATE_FILES: &[(&str, &str)] = &[
    (
        "eleven/base.toml",
        include_str!("../../../templates/eleven/base.toml"),
    ),
    (
        "eleven/player.toml",
        include_str!("../../../templates/eleven/player.toml"),
    ),
    (
        "eleven/staff.toml",
        include_str!("../../../templates/eleven/staff.toml"),
    ),
    (
        "eleven/sponsor.toml",
        include_str!("../../../templates/eleven/sponsor.toml"),
    ),
    (
        "eleven/sponsor_kit.toml",
        include_str!("../../../templates/eleven/sponsor_kit.toml"),
    ),
    (
        "eleven/tactic.toml",
        include_str!("../../../templates/eleven/tactic.toml"),
    ),
    (
        "eleven/objective.toml",
        include_str!("../../../templates/eleven/objective.toml"),
    ),
    (
        "eleven/director.toml",
        include_str!("../../../templates/eleven/director.toml"),
    ),
    (
        "eleven/board_meeting.toml",
        include_str!("../../../templates/eleven/board_meeting.toml"),
    ),
    (
        "eleven/opponent.toml",
        include_str!("../../../templates/eleven/opponent.toml"),
    ),
    (
        "eleven/scenario.toml",
        include_str!("../../../templates/eleven/scenario.toml"),
    ),
    (
        "eleven/back.toml",
        include_str!("../../../templates/eleven/back.toml"),
    ),
];

/// The `maintenance` option: `printed` (the rulebook, the default) counts
/// the printed Stands and Adboards on the Infrastructure Maintenance
/// track, `built` (a house rule) only the tokens built.
pub fn maintenance_option(text: &str) -> Result<bool, String> {
    match text.trim() {
        "printed" => Ok(true),
        "built" => Ok(false),
        other => Err(format!(
            "--option maintenance must be printed or built, not `{other}`"
        )),
    }
}

/// The `first` option (`--option first=2`): the First player of Week 1
/// as a manager number, 1 to the number of managers; the seat it names.
pub fn first_option(text: &str, managers: u8) -> Result<u8, String> {
    match text.trim().parse::<u8>() {
        Ok(n) if (1..=managers).contains(&n) => Ok(n - 1),
        _ => Err(format!(
            "--option first must be a manager's number, 1-{managers}, not `{}`",
            text.trim()
        )),
    }
}
