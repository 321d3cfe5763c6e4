//! The Stadium Memory table driven through its labels with egui_kittest:
//! cards turned by clicking, a pair taken, a mismatch turned back, a prize
//! taken, a VAR look seen only by its holder in hot-seat (on screen and in
//! the log), the cards of a move in sight before the hot-seat curtain, a
//! whole game against bots to the result, save and load, undo.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::sync::Arc;
use touchline::bots::Strength;
use touchline::engine::{Game as _, Seat};
use touchline::games::stadium_memory::{
    Card, CardSet, HouseRules, Prize, PrizeCounts, Setup, Spot, StadiumMemoryConfig,
    StadiumMemorySession, StadiumMemoryTable,
};
use touchline::ui::seating::Seated as _;
use touchline::ui::session::{Controller, Manager, Pace};

fn cards() -> Arc<CardSet> {
    Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("{e}")))
}

fn player(cards: &CardSet, id: &str) -> Card {
    Card::Player(
        cards
            .find_player(id)
            .unwrap_or_else(|| panic!("no player {id}")),
    )
}

fn managers(controllers: &[Controller]) -> Vec<Manager> {
    let names = ["Ana", "Ben", "Cleo", "Dev"];
    controllers
        .iter()
        .zip(names)
        .map(|(c, n)| Manager {
            name: n.into(),
            controller: *c,
        })
        .collect()
}

const HUMAN: Controller = Controller::Human;
const BOT: Controller = Controller::Bot(Strength::Heuristic);

/// A game from a 2 x 3 stand where Ana moves first; `prizes` are what
/// each seat holds.
fn position(
    seats: &[Controller],
    grid: Vec<Option<Card>>,
    prizes: Vec<PrizeCounts>,
) -> Harness<'static, StadiumMemoryTable> {
    let cards = cards();
    let config = StadiumMemoryConfig::new(cards.clone(), seats.len() as u8);
    let setup = Setup {
        rows: 2,
        columns: 3,
        grid,
        prizes,
        first: Some(Seat(0)),
        ..Setup::default()
    };
    let mut session = StadiumMemorySession::from_setup(managers(seats), config, &setup, 7)
        .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    harness(
        touchline::games::stadium_memory::table::screen(
            session,
            &touchline::cards::DataSource::embedded(),
            None,
        ),
        [1280.0, 800.0],
    )
}

/// The stand ferro okonjo obi / obi ferro okonjo.
fn small_stand() -> Vec<Option<Card>> {
    let c = cards();
    let (f, o, b) = (player(&c, "ferro"), player(&c, "okonjo"), player(&c, "obi"));
    vec![Some(f), Some(o), Some(b), Some(b), Some(f), Some(o)]
}

fn harness(table: StadiumMemoryTable, size: [f32; 2]) -> Harness<'static, StadiumMemoryTable> {
    Harness::builder().with_size(size).build_ui_state(
        |ui, t: &mut StadiumMemoryTable| {
            t.show(ui);
        },
        table,
    )
}

/// Runs frames until a person must decide or the game is over.
fn until_human(h: &mut Harness<'_, StadiumMemoryTable>, frames: usize) {
    for _ in 0..frames {
        h.step();
        let s = h.state().session();
        if (s.human_actor().is_some() && !s.human_actions().is_empty()) || s.game().is_over() {
            h.step();
            return;
        }
    }
}

fn click(h: &mut Harness<'_, StadiumMemoryTable>, label: &str) {
    h.get_by_label(label).click();
    h.step();
    h.step();
}

#[test]
fn a_pair_turned_by_clicking_is_taken_and_the_player_moves_again() {
    let mut h = position(&[HUMAN, BOT], small_stand(), Vec::new());
    until_human(&mut h, 10);
    click(&mut h, "Seat A1, face down");
    h.get_by_label("Seat A1, Tomas Ferro");
    click(&mut h, "Seat B2, face down");
    let s = h.state().session();
    assert_eq!(
        s.game().holding(Seat(0)).map(|h| h.pairs.len()),
        Some(1),
        "the pair is ours"
    );
    assert!(
        s.log()
            .iter()
            .any(|l| l.text.contains("takes the pair of Tomas Ferro")),
        "{:?}",
        s.log()
    );
    assert_eq!(s.human_actor(), Some(Seat(0)), "we move again");
    h.get_by_label("Seat A1, empty");
    h.get_by_label_contains("your move");
}

#[test]
fn a_mismatch_is_turned_back_in_place_and_the_turn_passes() {
    let mut h = position(&[HUMAN, BOT], small_stand(), Vec::new());
    until_human(&mut h, 10);
    click(&mut h, "Seat A1, face down");
    click(&mut h, "Seat A2, face down");
    let s = h.state().session();
    assert_eq!(
        s.view().spot(touchline::games::stadium_memory::Pos(0)),
        Spot::FaceDown
    );
    assert_eq!(
        s.view().spot(touchline::games::stadium_memory::Pos(1)),
        Spot::FaceDown
    );
    assert!(
        s.log()
            .iter()
            .any(|l| l.text.contains("A1 is turned back face down")),
        "{:?}",
        s.log()
    );
    assert!(s.log().iter().any(|l| l.text.contains("Ben's turn")));
    h.get_by_label("Seat A1, face down");
}

#[test]
fn a_prize_turned_up_is_taken() {
    let mut grid = small_stand();
    grid[1] = Some(Card::Prize(Prize::Yellow));
    grid[5] = Some(Card::Prize(Prize::Var));
    let mut h = position(&[HUMAN, BOT], grid, Vec::new());
    until_human(&mut h, 10);
    click(&mut h, "Seat B3, face down");
    h.get_by_label("Seat B3, VAR");
    click(&mut h, "Seat A1, face down");
    let s = h.state().session();
    assert_eq!(
        s.game().holding(Seat(0)).map(|h| h.prizes.get(Prize::Var)),
        Some(1)
    );
    assert!(
        s.log()
            .iter()
            .any(|l| l.text.contains("takes the VAR from B3 as a prize")),
        "{:?}",
        s.log()
    );
}

#[test]
fn a_var_look_is_seen_only_by_its_holder_in_hot_seat() {
    let mut var = PrizeCounts::default();
    var.add(Prize::Var);
    let mut h = position(&[HUMAN, HUMAN], small_stand(), vec![var]);
    h.step();
    // The curtain covers the table until Ana holds the device.
    assert!(h.query_by_label_contains("Seat A1").is_none());
    click(&mut h, "I am Ana — show my hand");
    click(&mut h, "Use VAR (look at two cards)");
    click(&mut h, "Seat A3, face down");
    click(&mut h, "Seat B1, face down");
    h.get_by_label("Seat A3, face down, seen with VAR: Chidi Obi");
    let own = h.state().session().log();
    assert!(
        own.iter().any(|l| l.text.contains("with VAR: Chidi Obi")),
        "Ana reads her look: {own:?}"
    );
    // Ana turns two other cards: a mismatch, and the device goes to Ben.
    click(&mut h, "Seat A1, face down");
    click(&mut h, "Seat A2, face down");
    for _ in 0..4 {
        h.step();
    }
    assert!(
        h.query_by_label_contains("Seat A1").is_none(),
        "the curtain is down"
    );
    assert!(
        h.state()
            .session()
            .log()
            .iter()
            .all(|l| !l.text.contains("Chidi Obi")),
        "the spectator's log hides the look"
    );
    click(&mut h, "I am Ben — show my hand");
    h.get_by_label("Seat A3, face down");
    assert!(h.query_by_label_contains("seen with VAR").is_none());
    let s = h.state().session();
    assert_eq!(s.viewer(), Some(Seat(1)));
    let ben = s.log();
    assert!(
        ben.iter().all(|l| !l.text.contains("Chidi Obi")),
        "Ben never reads what VAR showed Ana: {ben:?}"
    );
    assert!(
        ben.iter()
            .any(|l| l.text.contains("Ana looks at the card on A3 with VAR")),
        "Ben sees where Ana looked: {ben:?}"
    );
}

#[test]
fn a_whole_game_against_bots_ends_on_the_result_screen() {
    let cards = cards();
    let mut config = StadiumMemoryConfig::new(cards, 3);
    let mut counts = PrizeCounts::default();
    counts.set(Prize::Yellow, 1);
    counts.set(Prize::Red, 1);
    counts.set(Prize::Var, 1);
    counts.set(Prize::PlayGame, 1);
    config.rules = HouseRules {
        rows: 4,
        columns: 5,
        pairs: None,
        prizes: true,
        prize_counts: counts,
    };
    let mut session = StadiumMemorySession::new(managers(&[HUMAN, BOT, BOT]), config, 11)
        .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut h = harness(
        touchline::games::stadium_memory::table::screen(
            session,
            &touchline::cards::DataSource::embedded(),
            None,
        ),
        [1024.0, 640.0],
    );
    for _ in 0..400 {
        until_human(&mut h, 200);
        let s = h.state().session();
        if s.game().is_over() {
            break;
        }
        let actions = s.human_actions();
        let view = s.view();
        // Pass every window; otherwise turn the first face-down card.
        if actions.contains(&touchline::games::stadium_memory::Action::Pass) {
            click(&mut h, "Pass");
            continue;
        }
        let Some(pos) = view.face_down_positions().next() else {
            panic!("nothing to turn: {actions:?}");
        };
        let label = format!(
            "Seat {}, face down",
            touchline::games::stadium_memory::Place::new(pos, view.columns)
        );
        click(&mut h, &label);
    }
    for _ in 0..3 {
        h.step();
    }
    assert!(h.state().session().game().is_over(), "the game ended");
    h.get_by_label_contains("Decided on");
    h.get_by_label("Cards held");
    h.get_by_label("Play again");
    assert!(
        h.state()
            .session()
            .log()
            .iter()
            .any(|l| l.text.starts_with("The table is empty")),
        "the end is in the log"
    );
    click(&mut h, "Play again");
    assert!(!h.state().session().game().is_over(), "a new game began");
}

#[test]
fn save_and_load_bring_the_game_back() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("memory.json");
    let mut h = position(&[HUMAN, BOT], small_stand(), Vec::new());
    until_human(&mut h, 10);
    click(&mut h, "Seat A1, face down");
    h.state_mut().save_to(&path);
    h.step();
    h.get_by_label_contains("Saved to");
    click(&mut h, "Seat A2, face down");
    until_human(&mut h, 50);
    h.state_mut().load_from(&path);
    h.step();
    h.step();
    h.get_by_label_contains("Loaded");
    h.get_by_label("Seat A1, Tomas Ferro");
    let s = h.state().session();
    assert_eq!(s.record().actions.len(), 1, "one card turned, as saved");
    // A file that is no save changes nothing.
    std::fs::write(&path, "not a save").unwrap_or_else(|e| panic!("{e}"));
    h.state_mut().load_from(&path);
    h.step();
    h.get_by_label_contains("not a Touchline save");
    assert_eq!(h.state().session().record().actions.len(), 1);
}

#[test]
fn undo_never_takes_back_a_card_turned_face_up() {
    let mut h = position(&[HUMAN, BOT], small_stand(), Vec::new());
    until_human(&mut h, 10);
    click(&mut h, "Seat A1, face down");
    h.get_by_label("Seat A1, Tomas Ferro");
    // Taking it back would let the person turn another card knowing
    // where Tomas Ferro lies.
    assert!(!h.state().session().can_undo());
    assert!(h.state().session().undo_reason().contains("turned face up"));
    click(&mut h, "Undo");
    h.get_by_label("Seat A1, Tomas Ferro");
    assert_eq!(h.state().session().record().actions.len(), 1);
}

#[test]
fn the_stand_fits_a_small_window() {
    let cards = cards();
    let config = StadiumMemoryConfig::new(cards, 3);
    let mut session = StadiumMemorySession::new(managers(&[HUMAN, BOT, BOT]), config, 5)
        .unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let mut h = harness(
        touchline::games::stadium_memory::table::screen(
            session,
            &touchline::cards::DataSource::embedded(),
            None,
        ),
        [1024.0, 640.0],
    );
    until_human(&mut h, 50);
    // The last seat of the last row and the prompt are on screen.
    let last = h.get_by_label_contains("Seat J10");
    let bottom = last.rect().max.y;
    assert!(bottom < 640.0, "J10 ends at {bottom}");
    let prompt = h.get_by_label_contains("your move");
    assert!(prompt.rect().max.y < 640.0);
}

#[test]
fn in_hot_seat_the_cards_of_a_move_stay_in_sight_before_the_curtain() {
    let mut h = position(&[HUMAN, HUMAN], small_stand(), Vec::new());
    h.state_mut().session_mut().pace = Pace::Normal;
    h.step();
    click(&mut h, "I am Ana — show my hand");
    h.get_by_label("Seat A1, face down").click();
    h.step();
    h.get_by_label("Seat A2, face down").click();
    h.step();
    h.step();
    // The mismatch has gone back face down in the game, but everyone still
    // sees the table for a moment: the curtain waits.
    assert_eq!(h.state().session().needs_handover(), Some(Seat(1)));
    h.get_by_label_contains("Next: Ben");
    assert!(h.query_by_label_contains("show my hand").is_none());
    for _ in 0..10 {
        h.step();
    }
    h.get_by_label("I am Ben — show my hand");
    assert!(h.query_by_label_contains("Seat A1").is_none());
}

#[test]
fn the_mover_books_a_player_who_is_not_moving_and_plays_his_own_red_with_the_mouse() {
    // Ana moves first holding a yellow and a red; Ben and Cleo are bots
    // with nothing to play, so no window stops the move.
    let prizes = vec![PrizeCounts([1, 1, 0, 0])];
    let mut h = position(&[HUMAN, BOT, BOT], small_stand(), prizes);
    until_human(&mut h, 10);
    // The yellow for a player who is not moving sits beside the move.
    click(&mut h, "Yellow card for Ben");
    {
        let s = h.state().session();
        assert_eq!(s.game().yellows(Seat(1)), 1);
        assert!(s.game().sits_out().contains(Seat(1)));
        assert_eq!(s.human_actor(), Some(Seat(0)), "the move goes on");
    }
    click(&mut h, "Seat A1, face down");
    // The mover's own red: the card goes back and the move starts afresh.
    click(&mut h, "Red card: stop and start my move again");
    let s = h.state().session();
    assert_eq!(s.human_actor(), Some(Seat(0)));
    assert!(
        s.log()
            .iter()
            .any(|l| l.text.contains("plays a red card in their own move")),
        "{:?}",
        s.log()
    );
    h.get_by_label("Seat A1, face down");
}
