//! The search bot at the tables: Hard and Expert seats where a game has a
//! search bot (and nowhere else), a search thinking on its own thread while
//! the table keeps drawing, and the Hint (H) worked out from the deciding
//! person's view.

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::sync::Arc;
use std::time::{Duration, Instant};
use touchline::bots::Strength;
use touchline::cards::DataSource;
use touchline::engine::{Game, Seat};
use touchline::games::cardball::deck::CardballDeck;
use touchline::games::cardball::{CardballConfig, CardballSession};
use touchline::games::eleven::SeasonSession;
use touchline::games::eleven::deck::ElevenDecks;
use touchline::ui::seating::Seated as _;
use touchline::ui::session::{Controller, Manager, Pace, Session};
use touchline::ui::shell::{Shell, TableView};
use touchline::ui::table::{NewTable, Table};

fn managers(controllers: &[Controller]) -> Vec<Manager> {
    ["You", "Ana", "Ben", "Cy"]
        .iter()
        .zip(controllers)
        .map(|(n, c)| Manager {
            name: (*n).into(),
            controller: *c,
        })
        .collect()
}

fn deck() -> Arc<CardballDeck> {
    Arc::new(CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}")))
}

fn config() -> CardballConfig {
    CardballConfig::new(Arc::new(deck().card_set()))
}

/// `table` in a 1280x800 window.
fn harness<T: Table + 'static>(table: T) -> Harness<'static, T> {
    crate::util::table_harness(table, [1280.0, 800.0])
}

/// Steps `session` (the UI clock far ahead, so pace never waits) until it
/// has taken `decisions` decisions or the match is over; a thinking bot is
/// waited for a few milliseconds at a time, a person plays their first
/// legal action.
fn play_on(session: &mut CardballSession, decisions: usize) {
    for _ in 0..200_000 {
        if session.record().actions.len() >= decisions || session.game().is_over() {
            return;
        }
        if let Some(seat) = session.human_actor() {
            let legal = session.human_actions();
            session
                .act(seat, legal[0])
                .unwrap_or_else(|e| panic!("{e}"));
        } else if !session.step(1e9) && session.thinking().is_some() {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    panic!("the match stalled");
}

#[test]
fn every_table_offers_hard_and_expert_bots_exactly_where_its_game_has_a_search_bot() {
    let source = DataSource::embedded();
    for game in touchline::games::GAMES.iter() {
        let Some(hooks) = game.table.as_ref() else {
            continue;
        };
        let strengths = game.table_strengths();
        let searches = game.bots.iter().any(|b| b.key == "hard");
        assert_eq!(
            strengths.contains(&Strength::Hard),
            searches,
            "{}: {strengths:?}",
            game.id
        );
        assert!(strengths.starts_with(&[Strength::Random, Strength::Heuristic]));
        // A table with a Hard bot opens, and the game's table says whether
        // it gives hints as its registry entry says.
        let second = if searches {
            Controller::Bot(Strength::Hard)
        } else {
            Controller::Bot(Strength::Heuristic)
        };
        let table = (hooks.new)(NewTable {
            source: &source,
            managers: managers(&[Controller::Human, second]),
            seed: 3,
            autosave: None,
            rules: None,
            options: Default::default(),
        })
        .unwrap_or_else(|e| panic!("{}: {e}", game.id));
        let mut h = Harness::builder()
            .with_size([1280.0, 800.0])
            .build_ui_state(
                |ui, t: &mut Box<dyn Table>| {
                    t.show(ui);
                },
                table,
            );
        h.run_steps(3);
        assert_eq!(
            h.query_by_label("Hint").is_some(),
            searches,
            "{}: a Hint button only where the game searches",
            game.id
        );
    }
}

#[test]
fn play_takes_hard_and_expert_seats_for_games_with_a_search_bot() {
    use clap::Parser as _;
    let request = |game: &str, seats: &str| {
        let cli =
            touchline::cli::Cli::try_parse_from(["touchline", "play", game, "--seats", seats])
                .unwrap_or_else(|e| panic!("{e}"));
        match cli.command {
            Some(touchline::cli::Command::Play(args)) => touchline::cli::play::request(&args),
            other => panic!("not play: {other:?}"),
        }
    };
    let ok = request("booked", "human,hard,expert").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        ok.seats,
        vec![
            Controller::Human,
            Controller::Bot(Strength::Hard),
            Controller::Bot(Strength::Expert)
        ]
    );
    // Every game searches now; a level no game has is refused by name.
    let eleven = request("eleven", "human,hard").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(eleven.seats[1], Controller::Bot(Strength::Hard));
    let refused = request("eleven", "human,genius")
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("`genius`") && refused.contains("Eleven") && refused.contains("expert"),
        "{refused}"
    );
}

#[test]
fn a_hard_bot_thinks_on_its_own_thread_and_plays_the_same_match_as_before() {
    let seats = managers(&[
        Controller::Bot(Strength::Hard),
        Controller::Bot(Strength::Heuristic),
    ]);
    let mut a =
        CardballSession::new(seats.clone(), config(), 41, deck()).unwrap_or_else(|e| panic!("{e}"));
    a.pace = Pace::Instant;
    // The step that hands the Hard bot its decision returns at once: the
    // bot thinks on a thread of its own and the table goes on drawing.
    let mut saw_thinking = false;
    for _ in 0..200 {
        let before = a.record().actions.len();
        a.step(1e9);
        if let Some(seat) = a.thinking() {
            assert_eq!(seat, Seat(0));
            assert_eq!(a.record().actions.len(), before, "no move while thinking");
            saw_thinking = true;
            break;
        }
    }
    assert!(saw_thinking, "the Hard bot never thought on a thread");
    play_on(&mut a, 40);
    // The same seed gives the same match, however long each thread took.
    let mut b = CardballSession::new(seats, config(), 41, deck()).unwrap_or_else(|e| panic!("{e}"));
    b.pace = Pace::Instant;
    play_on(&mut b, 40);
    assert!(a.record().actions.len() >= 40 || a.game().is_over());
    assert_eq!(a.record().actions, b.record().actions);
}

#[test]
fn undo_while_a_bot_thinks_drops_its_answer() {
    let seats = managers(&[Controller::Human, Controller::Bot(Strength::Expert)]);
    let mut session =
        CardballSession::new(seats, config(), 5, deck()).unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    // Play the person's first decisions with the first legal action until
    // the Expert thinks.
    for _ in 0..500 {
        if session.thinking().is_some() {
            break;
        }
        if let Some(seat) = session.human_actor() {
            let legal = session.human_actions();
            session
                .act(seat, legal[0])
                .unwrap_or_else(|e| panic!("{e}"));
        } else {
            session.step(1e9);
        }
    }
    assert_eq!(
        session.thinking(),
        Some(Seat(1)),
        "the Expert should be thinking"
    );
    let actions = session.record().actions.len();
    assert!(session.can_undo(), "{}", session.undo_reason());
    assert!(session.undo());
    assert_eq!(session.thinking(), None, "undo drops the search");
    assert!(session.record().actions.len() < actions);
    // The replayed position plays on, the Expert with it.
    play_on(&mut session, actions + 2);
    assert!(session.record().actions.len() >= actions + 2 || session.game().is_over());
}

/// Steps the table until the person decides, presses H, and returns the
/// hint once the Expert's search has written it; checks on the way that
/// the button names its key and that the hint plays nothing. Then the
/// person plays their first legal action and the hint must go.
fn h_shows_the_expert_and_goes_with_the_move<V>(h: &mut Harness<'_, Shell<V>>) -> String
where
    V: TableView,
    Shell<V>: Table,
    <V::Game as Game>::Action: Clone,
{
    for _ in 0..2_000 {
        h.step();
        if h.state().session().human_actor().is_some() {
            break;
        }
    }
    assert!(
        h.state().session().human_actor().is_some(),
        "the person never decides"
    );
    let tip = h
        .get_by_label("Hint")
        .accesskit_node()
        .description()
        .unwrap_or_default()
        .to_string();
    assert!(tip.ends_with("(H)"), "{tip}");
    let before = h.state().session().record().actions.len();
    h.key_press(Key::H);
    h.run_steps(2);
    // The Expert searches on its own thread; a loaded machine may take a
    // while, so the wait is long and ends as soon as the hint is there.
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut text = None;
    while Instant::now() < deadline {
        h.step();
        if let Some(t) = h.state().hint_text()
            && t.starts_with("Hint:")
        {
            text = Some(t);
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let text = text.unwrap_or_else(|| panic!("no hint: {:?}", h.state().hint_text()));
    // It names a move in words, with the search behind it; it plays
    // nothing.
    assert!(text.contains("searches") && !text.contains('{'), "{text}");
    assert_eq!(h.state().session().record().actions.len(), before);
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Hint: ").is_some(),
        "the hint is on the table"
    );
    // The person's move makes the hint go.
    let seat = h.state().session().human_actor().unwrap_or(Seat(0));
    let legal = h.state().session().human_actions();
    let first = legal
        .first()
        .cloned()
        .unwrap_or_else(|| panic!("no legal action"));
    h.state_mut()
        .session_mut()
        .act(seat, first)
        .unwrap_or_else(|e| panic!("{e}"));
    h.run_steps(2);
    assert_eq!(h.state().hint_text(), None);
    text
}

#[test]
fn h_shows_what_the_expert_would_do_from_the_persons_view() {
    let seats = managers(&[Controller::Human, Controller::Bot(Strength::Heuristic)]);
    let mut session =
        CardballSession::new(seats, config(), 8, deck()).unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let table = touchline::games::cardball::table::screen(session, &DataSource::embedded(), None);
    let mut h = harness(table);
    h_shows_the_expert_and_goes_with_the_move(&mut h);
}

/// Eleven's table: H during the season's first decision (the Director
/// draft) and again at a later one, each answered by the season search.
#[test]
fn h_at_elevens_table_shows_what_the_expert_would_do() {
    let decks = Arc::new(ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}")));
    let seats = managers(&[Controller::Human, Controller::Bot(Strength::Heuristic)]);
    let mut session: SeasonSession =
        Session::season(seats, decks, 2, None, 5).unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    let table = touchline::games::eleven::table::screen(session, &DataSource::embedded(), None);
    let mut h = harness(table);
    let first = h_shows_the_expert_and_goes_with_the_move(&mut h);
    // The draft: the Director is named as printed on the card.
    assert!(first.starts_with("Hint: keep the Director "), "{first}");
    let second = h_shows_the_expert_and_goes_with_the_move(&mut h);
    assert!(
        h.state().session().record().actions.len() >= 2,
        "{first} / {second}"
    );
}
