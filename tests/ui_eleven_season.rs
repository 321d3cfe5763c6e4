//! The Eleven season table driven through its labels with egui_kittest: a
//! whole solo Week and a Week of one person against a bot with fixed
//! seeds (the draft, the Objective, Monday's Board Meeting, the three
//! Days, Matchday and the End of the Week), the main buttons inside the
//! smallest window, hot-seat behind the curtain, save and load, and the
//! start form opening a season.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::sync::Arc;
use touchline::bots::Strength;
use touchline::engine::{Game as _, Seat};
use touchline::games::eleven::deck::ElevenDecks;
use touchline::games::eleven::effect::Effect;
use touchline::games::eleven::season::club::{OwnedCard, OwnedPlayer};
use touchline::games::eleven::season::{Action, Phase, Season};
use touchline::games::eleven::vocab::{Colour, Side, Task};
use touchline::games::eleven::{SeasonSession, SeasonTable};
use touchline::ui::TouchlineApp;
use touchline::ui::seating::Seated as _;
use touchline::ui::session::{Controller, Manager, Pace, Session};

const BOT: Controller = Controller::Bot(Strength::Heuristic);

fn decks() -> Arc<ElevenDecks> {
    Arc::new(ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}")))
}

/// The index of the Staff card `id` in the decks (`why` names it when the
/// data lacks it).
fn staff_index(decks: &ElevenDecks, id: &str, why: &str) -> usize {
    decks
        .staff
        .iter()
        .position(|s| s.id == id)
        .unwrap_or_else(|| panic!("{why}"))
}

/// Staff card `card`, hired and ready to use.
fn ready(card: usize) -> OwnedCard {
    OwnedCard {
        card,
        exhausted: false,
        suspension: 0,
    }
}

pub(crate) fn managers(controllers: &[Controller]) -> Vec<Manager> {
    ["Ann", "Bo", "Cy", "Di"]
        .iter()
        .zip(controllers)
        .map(|(n, c)| Manager {
            name: (*n).into(),
            controller: *c,
        })
        .collect()
}

fn table(controllers: &[Controller], seed: u64) -> SeasonTable {
    let mut s: SeasonSession = Session::season(managers(controllers), decks(), 1, None, seed)
        .unwrap_or_else(|e| panic!("{e}"));
    s.pace = Pace::Instant;
    touchline::games::eleven::table::screen(s, &touchline::cards::DataSource::embedded(), None)
}

/// The table in a window of `size`, with its log open (small windows start
/// with it folded away).
pub(crate) fn harness(table: SeasonTable, size: [f32; 2]) -> Harness<'static, SeasonTable> {
    let mut h = Harness::builder().with_size(size).build_ui_state(
        |ui, t: &mut SeasonTable| {
            t.show(ui);
        },
        table,
    );
    h.step();
    if h.query_by_label("« Log").is_some() {
        h.get_by_label("« Log").click();
        h.step();
    }
    h
}

/// Runs frames until a person must decide (bots decide one a frame at the
/// instant pace) or the season is over.
pub(crate) fn settle(h: &mut Harness<'_, SeasonTable>) {
    for _ in 0..400 {
        h.step();
        let s = h.state().session();
        if s.human_actor().is_some() || s.game().is_over() {
            h.step();
            return;
        }
    }
}

pub(crate) fn shows(h: &Harness<'_, SeasonTable>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn phase(h: &Harness<'_, SeasonTable>) -> Phase {
    h.state().session().game().phase
}

/// Clicks the first enabled button whose label starts with `prefix`;
/// returns whether there was one.
/// Scrolls the widget labelled `label` into view (the decision column
/// scrolls in its own box) and clicks it.
pub(crate) fn reach(h: &mut Harness<'_, SeasonTable>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    // The column scrolls smoothly: wait until the widget stands still.
    let mut at = h.get_by_label(label).rect();
    for _ in 0..20 {
        h.step();
        let now = h.get_by_label(label).rect();
        if now == at {
            break;
        }
        at = now;
    }
    // A press while the box still glides is taken as a drag.
    h.run_steps(3);
    h.get_by_label(label).click();
}

/// [`reach`] for the widget whose label contains `part`.
fn reach_contains(h: &mut Harness<'_, SeasonTable>, part: &str) {
    let label = h
        .get_by_label_contains(part)
        .accesskit_node()
        .label()
        .unwrap_or_default()
        .to_string();
    reach(h, &label);
}

pub(crate) fn click_first(h: &mut Harness<'_, SeasonTable>, prefix: &str) -> bool {
    let found = h
        .query_all_by_label_contains(prefix)
        .find(|n| {
            n.accesskit_node().role() == egui::accesskit::Role::Button
                && !n.accesskit_node().is_disabled()
                && n.accesskit_node()
                    .label()
                    .is_some_and(|l| l.starts_with(prefix))
        })
        .map(|n| n.accesskit_node().label().unwrap_or_default().to_string());
    match found {
        Some(label) => {
            reach(h, &label);
            settle(h);
            true
        }
        None => false,
    }
}

/// Answers each question the engine asks the person with its choice
/// (the dock's *Answer* button); returns how many were asked.
fn answer_questions(h: &mut Harness<'_, SeasonTable>) -> usize {
    let mut asked = 0;
    while h.state().session().game().question.is_some() && shows(h, "A question") {
        assert!(click_first(h, "Answer: "), "the engine's answer is offered");
        asked += 1;
        assert!(asked < 40, "questions without end");
    }
    asked
}

/// The setup by mouse: three Directors kept, then an Objective.
fn setup(h: &mut Harness<'_, SeasonTable>) {
    settle(h);
    for round in 0..3 {
        assert!(
            matches!(phase(h), Phase::Draft(r) if r == round),
            "{:?}",
            phase(h)
        );
        assert!(shows(h, "Director draft"));
        assert!(click_first(h, "Keep "), "a Director to keep");
        answer_questions(h);
        let kept = h
            .state()
            .session()
            .log_for(Some(Seat(0)))
            .into_iter()
            .filter(|l| l.text.contains("keeps the Director "))
            .count();
        assert_eq!(kept, usize::from(round) + 1, "one log line a Director kept");
    }
    assert_eq!(phase(h), Phase::Objective);
    assert!(click_first(h, "Keep the Objective "));
    answer_questions(h);
}

/// One Week from Monday to the End of the Week, by mouse; `seat` is the
/// person's. Returns the Week played.
fn play_week(h: &mut Harness<'_, SeasonTable>, seat: Seat) -> u8 {
    let week = h.state().session().game().week;
    assert_eq!(phase(h), Phase::BoardMeeting);
    h.get_by_label_contains(&format!("Week {week} of 6 · Monday"));
    assert!(shows(h, "The die shows"), "the Board Meeting die");
    assert!(shows(h, "The Directors vote"));
    assert!(shows(h, "Production paid"));
    assert!(click_first(h, "Accept the "), "the decision");
    answer_questions(h);
    let log: Vec<String> = h
        .state()
        .session()
        .log_for(Some(seat))
        .into_iter()
        .map(|l| l.text)
        .collect();
    assert!(
        log.iter().any(|l| l.starts_with("Ann's board applies the")),
        "{log:?}"
    );
    // Tuesday: a Basic action with its cost (a Hire, a Build or the
    // Office), then the Day ends; Wednesday and Thursday just end.
    assert_eq!(phase(h), Phase::Day(0));
    h.get_by_label_contains("Tuesday");
    let cash = h.state().session().game().clubs[seat.index()].res[0];
    let did = click_first(h, "Hire ") || click_first(h, "Build ") || click_first(h, "Office up");
    answer_questions(h);
    if did {
        assert!(h.state().session().game().clubs[seat.index()].basic_used);
        assert!(h.state().session().game().clubs[seat.index()].res[0] < cash);
        // The Basic action is used: the others are greyed out with why.
        let greyed = h
            .query_all_by_label_contains("Build ")
            .any(|n| n.accesskit_node().is_disabled());
        assert!(greyed, "other Basic actions are greyed");
    }
    for day in 0..3 {
        assert_eq!(phase(h), Phase::Day(day));
        h.get_by_label("End the Day").click();
        settle(h);
    }
    assert!(shows(h, "Ann ends the Day."));
    // Matchday: the line-up, then the Match, then its consequence.
    assert_eq!(phase(h), Phase::Matchday);
    assert!(shows(h, "Scout Report:"));
    assert!(shows(h, "costs 1 Fitness"));
    h.get_by_label("Play the Match").click();
    settle(h);
    answer_questions(h);
    assert!(shows(h, "Full time"), "the Match is shown");
    assert!(shows(h, "Consequence die:"));
    h.get_by_label("Accept the consequence").click();
    settle(h);
    answer_questions(h);
    if phase(h) == Phase::Wipe {
        h.get_by_label("Keep the Transfer Area").click();
        settle(h);
    }
    let log: Vec<String> = h
        .state()
        .session()
        .log_for(Some(seat))
        .into_iter()
        .map(|l| l.text)
        .collect();
    assert!(log.iter().any(|l| l.contains("of Maintenance")), "{log:?}");
    week
}

#[test]
fn a_solo_week_is_played_with_the_mouse() {
    let mut h = harness(table(&[Controller::Human], 11), [1024.0, 640.0]);
    setup(&mut h);
    // The main buttons are on screen in the smallest window.
    let accept = h.get_by_label_contains("Accept the ");
    let r = accept.rect();
    assert!(r.bottom() <= 640.0 && r.right() <= 1024.0, "{r:?}");
    assert_eq!(play_week(&mut h, Seat(0)), 1);
    assert_eq!(h.state().session().game().week, 2);
    assert_eq!(phase(&h), Phase::BoardMeeting);
    h.get_by_label_contains("Week 2 of 6 · Monday");
    // The League table lists every team: the club and 8 Opponents.
    assert_eq!(h.state().session().game().league.teams.len(), 9);
    // The club's name heads its board and its row of the League table.
    assert!(h.query_all_by_label("Ann FC").count() >= 2);
    assert!(h.query_all_by_label_contains(" pts").count() >= 9);
}

#[test]
fn a_week_of_a_person_against_a_bot_names_the_bot_in_words() {
    let mut h = harness(table(&[Controller::Human, BOT], 7), [1280.0, 800.0]);
    setup(&mut h);
    play_week(&mut h, Seat(0));
    let log: Vec<String> = h
        .state()
        .session()
        .log_for(Some(Seat(0)))
        .into_iter()
        .map(|l| l.text)
        .collect();
    assert!(
        log.iter().any(|l| l.starts_with("Bo ends the Day")),
        "{log:?}"
    );
    assert!(log.iter().any(|l| l.starts_with("Bo's Production")));
    assert!(log.iter().any(|l| l.starts_with("Full time: Bo FC")));
    for line in &log {
        assert!(!line.contains("Seat"), "no seat numbers: {line}");
        assert!(!line.contains('_'), "no internal names: {line}");
    }
    // Bo's hidden cards never show on Ann's screen.
    let game = h.state().session().game().clone();
    let decks = game.config.decks.clone();
    for t in &game.clubs[1].tactics {
        let name = &decks.tactics[*t].name;
        let mine = game.clubs[0]
            .tactics
            .iter()
            .any(|m| decks.tactics[*m].name == *name);
        if !mine {
            assert!(!shows(&h, &format!("Tactic card {name}")), "{name}");
        }
    }
    assert_eq!(game.week, 2);
}

#[test]
fn main_buttons_fit_every_window_size() {
    for size in [[1024.0, 640.0], [1280.0, 800.0], [1920.0, 1080.0]] {
        let mut h = harness(table(&[Controller::Human], 3), size);
        setup(&mut h);
        h.get_by_label_contains("Accept the ").click();
        settle(&mut h);
        let end = h.get_by_label("End the Day");
        let r = end.rect();
        assert!(
            r.bottom() <= size[1] && r.right() <= size[0],
            "{size:?}: {r:?}"
        );
        assert!(shows(&h, "Season log"), "{size:?}: the log is named");
        assert!(!shows(&h, "Match log"), "{size:?}");
        // Every enabled choice of the Day is reachable without scrolling:
        // inside the window, and the left list's ones above the bottom strip.
        let strip = r.top() - 8.0;
        let mut enabled = 0;
        for n in h.query_all_by_role(egui::accesskit::Role::Button) {
            if n.accesskit_node().is_disabled() {
                continue;
            }
            enabled += 1;
            let r = n.rect();
            let label = n.accesskit_node().label().unwrap_or_default().to_string();

            assert!(
                r.top() >= 0.0 && r.left() >= 0.0 && r.bottom() <= size[1] && r.right() <= size[0],
                "{size:?}: {label} at {r:?}"
            );
            assert!(
                r.bottom() <= strip + 0.5 || r.top() >= strip,
                "{size:?}: {label} at {r:?} is hidden under the bottom strip"
            );
        }
        assert!(enabled > 5, "{size:?}: only {enabled} enabled buttons");
        for sponsor in ["One-off: ", "Adboard: ", "Kit: "] {
            assert!(shows(&h, sponsor), "{size:?}: {sponsor}");
        }
    }
}

#[test]
fn hot_seat_hides_each_managers_draft_behind_the_curtain() {
    let mut h = harness(
        table(&[Controller::Human, Controller::Human], 5),
        [1280.0, 800.0],
    );
    settle(&mut h);
    h.get_by_label("Pass the device to Ann");
    assert!(!shows(&h, "Keep "), "no hand shows behind the curtain");
    h.get_by_label("I am Ann — show my hand").click();
    settle(&mut h);
    assert!(click_first(&mut h, "Keep "));
    h.get_by_label("Pass the device to Bo");
    assert!(!shows(&h, "Keep "));
}

#[test]
fn a_saved_season_loads_and_replays_to_the_same_state() {
    let mut h = harness(table(&[Controller::Human, BOT], 21), [1280.0, 800.0]);
    setup(&mut h);
    assert!(click_first(&mut h, "Accept the "));
    h.get_by_label("End the Day").click();
    settle(&mut h);
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("season.json");
    h.state_mut().save_to(&path);
    settle(&mut h);
    assert!(shows(&h, "Saved to"));
    let before = h.state().session().game().clone();
    let loaded = SeasonSession::load(&path, ()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.game(), &before, "the replay is the same season");
    assert_eq!(loaded.game().phase, Phase::Day(1));
    // Through the registry's hook, as Load and Continue open it.
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
    let entry = touchline::games::find("eleven").unwrap_or_else(|| panic!("eleven"));
    let hooks = entry.table.as_ref().unwrap_or_else(|| panic!("hooks"));
    let source = touchline::cards::DataSource::embedded();
    let opened = (hooks.load)(touchline::ui::table::SavedTable {
        source: &source,
        name: "season.json",
        bytes: &bytes,
        autosave: None,
    });
    assert!(opened.is_ok(), "the load hook opens the season");
    // A damaged save changes nothing and says why.
    let mut t = table(&[Controller::Human], 1);
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        "{\"format\":\"touchline-save\",\"version\":1,\"game\":\"eleven\"}",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let was = t.session().game().clone();
    t.load_from(&bad);
    assert_eq!(t.session().game(), &was);
}

/// The start screen at 1280x800 with Eleven's form open, seeded with 42.
fn eleven_form() -> Harness<'static, TouchlineApp> {
    let mut app = TouchlineApp::new(None, None);
    app.start_mut().set_seed(42);
    let i = touchline::games::GAMES
        .iter()
        .position(|g| g.id == "eleven")
        .unwrap_or(0);
    app.start_mut().choose_game(i);
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut TouchlineApp| app.show(ui), app);
    h.run();
    h
}

#[test]
fn the_start_form_opens_a_solo_season_with_its_scenario_choice() {
    let mut h = eleven_form();
    // The first "1" is the number of managers (the Division's come later).
    if let Some(one) = h.query_all_by_label("1").next() {
        one.click();
    }
    h.run();
    h.get_by_label("Solo Scenario");
    h.get_by_label("Division");
    h.get_by_label("Start the season").click();
    h.run_steps(2);
    let t = h.state_mut().table_as::<SeasonTable>();
    let Some(t) = t else {
        panic!("no season table")
    };
    assert_eq!(t.session().seats(), 1);
    assert_eq!(t.session().record().seed, 42);
    // A first season is played in the friendliest Division, by the
    // rulebook's Maintenance.
    assert_eq!(t.session().game().config.division, 3);
    assert!(t.session().game().config.printed_infrastructure);
}

/// The form names each Division's difficulty as the rulebook's table does
/// (3 Easy, 2 Medium, 1 Hard), says what the chosen one means, and starts
/// a season in the Division chosen, with the Maintenance house rule when
/// it is ticked.
#[test]
fn the_start_form_explains_the_divisions() {
    let mut h = eleven_form();
    for label in ["3 · Easy", "2 · Medium", "1 · Hard"] {
        h.get_by_label(label);
    }
    assert!(
        h.query_all_by_label_contains("Division 3 (Easy): the friendliest Opponents")
            .next()
            .is_some()
    );
    h.get_by_label("1 · Hard").click();
    h.run();
    h.get_by_label("House rule: Maintenance counts only the Infrastructure built")
        .click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Division 1 (Hard)")
            .next()
            .is_some()
    );
    h.get_by_label("Start the season").click();
    h.run_steps(2);
    let Some(t) = h.state_mut().table_as::<SeasonTable>() else {
        panic!("no season table")
    };
    assert_eq!(t.session().game().config.division, 1);
    assert!(
        !t.session().game().config.printed_infrastructure,
        "the house rule"
    );
}

/// The Objective offer reads each card's goal, perfect fulfilment and VP
/// as the card prints them, not its flavour line.
#[test]
fn the_objective_offer_reads_its_goal_and_vp_as_printed() {
    let mut h = harness(table_at(11, Phase::Objective, |_| {}), [1280.0, 800.0]);
    settle(&mut h);
    let view = h.state().session().game().view(Seat(0));
    let offer = view.clubs[0].objective_offer.clone().unwrap_or_default();
    assert_eq!(offer.len(), 2);
    let decks = decks();
    for id in &offer {
        let card = decks
            .objectives
            .iter()
            .find(|o| &o.id == id)
            .unwrap_or_else(|| panic!("{id}"));
        let words = touchline::games::eleven::layout::objective_text(card);
        assert!(
            words.starts_with(&format!("Goal, {} VP: ", card.vp)),
            "{words}"
        );
        assert!(words.contains(&format!("Perfect, +{} VP: ", card.perfect_vp)));
        h.get_by_label(&words);
        assert!(
            !shows(&h, &card.description),
            "{}: the flavour is on the card, not in the offer",
            card.name
        );
        h.get_by_label(&format!("Keep the Objective {}", card.name));
    }
}

/// On the person's Day the Transfer Area's cards are their printed faces:
/// a card for hire the club can pay is a button that hires it; once the
/// Day's Basic action is used, none is.
#[test]
fn a_card_for_hire_is_hired_by_clicking_its_face() {
    let mut h = harness(table_at(4, Phase::Day(0), |_| {}), [1280.0, 800.0]);
    settle(&mut h);
    let faces = |h: &Harness<'_, SeasonTable>| -> Vec<String> {
        h.query_all_by_role(egui::accesskit::Role::Button)
            .filter(|n| !n.accesskit_node().is_disabled())
            .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
            .filter(|l| l.starts_with("Hire ") && l.ends_with(" Cash)"))
            .collect()
    };
    let lit = faces(&h);
    assert!(!lit.is_empty(), "a card for hire the club can pay");
    // The two leftmost cards of a row are faces too, but not buttons.
    let view = h.state().session().game().view(Seat(0));
    let left = view.players_row[0].clone().unwrap_or_default();
    let name = h
        .state()
        .session()
        .game()
        .config
        .decks
        .player(&left)
        .map(|p| p.untrained.name.clone());
    if let Some(name) = name {
        assert!(
            h.query_all_by_label(&format!("Card {name}"))
                .next()
                .is_some()
        );
    }
    let first = lit[0].clone();
    reach(&mut h, &first);
    h.run_steps(2);
    settle(&mut h);
    assert!(
        matches!(
            last_action(&h),
            Some(Action::HirePlayer(_) | Action::HireStaff(_))
        ),
        "{:?}",
        last_action(&h)
    );
    assert!(h.state().session().game().clubs[0].basic_used);
    assert_eq!(faces(&h), Vec::<String>::new(), "the Basic action is used");
}

/// The Matchday's suggested plans never read alike.
#[test]
fn the_suggested_plans_have_distinct_names() {
    for seed in [3, 4, 11] {
        let h = harness(table_at(seed, Phase::Matchday, |_| {}), [1280.0, 800.0]);
        let names: Vec<String> = h
            .query_all_by_label_contains("Use suggested plan: ")
            .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
            .collect();
        assert!(!names.is_empty(), "seed {seed}: no suggestion");
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "seed {seed}: {names:?}");
        assert!(names.iter().any(|n| n.contains("Fitness")), "{names:?}");
    }
}

/// At a paced table the Match is told a line at a time before full time;
/// Enter skips to full time and its consequence.
#[test]
fn the_match_is_told_line_by_line_and_enter_skips_to_full_time() {
    let mut t = table_at(11, Phase::Matchday, |_| {});
    t.session_mut().pace = Pace::Normal;
    let mut h = harness(t, [1280.0, 800.0]);
    // The Resources club 0's board shows.
    let held = |h: &Harness<'_, SeasonTable>| -> [u32; 4] {
        let view = h.state().session().view();
        h.state().view().shown_stats(Seat(0), &view.clubs[0]).1
    };
    let before = h.state().session().game().clubs[0].res;
    assert_eq!(held(&h), before);
    h.get_by_label("Play the Match").click();
    h.run_steps(3);
    assert!(shows(&h, "Skip to full time"), "the Match is being told");
    let after = h.state().session().game().clubs[0].res;
    assert_ne!(after, before, "the Match changed the Resources");
    assert_eq!(held(&h), before, "the board waits for full time");
    assert!(!shows(&h, "Accept the consequence"));
    assert!(shows(&h, "Enter: skip to full time"));
    // Neither the log nor the board gives the score away meanwhile.
    let played = h
        .state()
        .session()
        .log()
        .iter()
        .any(|l| l.text.starts_with("Full time: "));
    assert!(played, "the session has logged the Match");
    assert!(!shows(&h, "Full time: "), "the log waits for full time");
    assert!(shows(&h, "The League table moves at full time."));
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert!(shows(&h, "Full time"));
    assert!(shows(&h, "Full time: "), "the log catches up");
    assert!(shows(&h, "Accept the consequence"));
    assert_eq!(held(&h), after, "and the board");
}

#[test]
fn a_solo_season_ends_with_the_final_scoring_by_line_and_the_rank() {
    let mut h = harness(table(&[Controller::Human], 9), [1280.0, 800.0]);
    settle(&mut h);
    for _ in 0..3000 {
        let s = h.state().session();
        if s.game().is_over() {
            break;
        }
        let Some(seat) = s.human_actor() else {
            h.step();
            continue;
        };
        // Quick decisions: end each Day, play the first suggested line-up,
        // accept what the dice give, keep the Transfer Area.
        let legal = s.game().legal(seat);
        let pick = legal
            .iter()
            .find(|a| matches!(a, Action::EndTurn))
            .or(legal.first())
            .cloned()
            .unwrap_or_else(|| panic!("no legal action"));
        h.state_mut()
            .session_mut()
            .act(seat, pick)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    settle(&mut h);
    assert!(h.state().session().game().is_over(), "the season ends");
    // The heading of the result's score grid.
    assert!(h.query_all_by_label("Final Scoring").count() >= 1);
    for line in [
        "1. League position",
        "4. Infrastructure",
        "6. Suspension tokens",
        "Total",
    ] {
        h.get_by_label(line);
    }
    assert!(shows(&h, "Ann wins with"), "the winner in words");
    assert!(shows(&h, "Your rank: "), "the solo rank");
    h.get_by_label("Back to the start screen");
}

/// The number after `prefix` in the first label that starts with it.
pub(crate) fn number_after(h: &Harness<'_, SeasonTable>, prefix: &str) -> Option<u32> {
    let label = h
        .query_all_by_label_contains(prefix)
        .filter_map(|n| {
            let node = n.accesskit_node();
            // A label's text is its node's value.
            node.label().or_else(|| node.value()).map(|l| l.to_string())
        })
        .find(|l| l.starts_with(prefix))?;
    label[prefix.len()..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// The enabled buttons' labels.
pub(crate) fn buttons(h: &Harness<'_, SeasonTable>) -> Vec<String> {
    h.query_all_by_role(egui::accesskit::Role::Button)
        .filter(|n| !n.accesskit_node().is_disabled())
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .collect()
}

/// A marker button's parts: ("7 LD", "Müller 3 · attack").
pub(crate) fn marker_parts(label: &str) -> Option<(&str, &str)> {
    let (spot, who) = label.split_once(": ")?;
    let zone = spot.rsplit(' ').next()?;
    let zones = ["LD", "CD", "RD", "LM", "CM", "RM", "LF", "CF", "RF"];
    zones.contains(&zone).then_some((spot, who))
}

/// The setup, the Board Meeting and three Days ended: Matchday.
fn to_matchday(h: &mut Harness<'_, SeasonTable>) {
    setup(h);
    assert!(click_first(h, "Accept the "));
    for _ in 0..3 {
        h.get_by_label("End the Day").click();
        settle(h);
    }
    assert_eq!(phase(h), Phase::Matchday);
}

#[test]
fn the_line_up_is_changed_by_mouse_and_the_match_is_played_as_shown() {
    let mut h = harness(table(&[Controller::Human], 11), [1024.0, 640.0]);
    to_matchday(&mut h);
    assert!(shows(&h, "Use suggested plan: "), "the suggestions stay");
    let held = h.state().session().game().clubs[0].res[3];
    let cost = number_after(&h, "Fitness cost: ").unwrap_or_else(|| panic!("no cost"));
    assert!(cost >= 1 && cost <= held, "{cost} of {held}");
    assert!(shows(&h, "Ready to play."));
    // Take a Player off his marker: he goes to the bench, one Fitness less.
    let marker = buttons(&h)
        .into_iter()
        .find(|l| marker_parts(l).is_some_and(|(_, who)| !who.starts_with("empty")))
        .unwrap_or_else(|| panic!("a marker with a Player: {:?}", buttons(&h)));
    let (spot, who) = marker_parts(&marker).unwrap_or_else(|| panic!("{marker}"));
    // The bench shows the Player without the marker's side.
    let who = who.split(" · ").next().unwrap_or(who);
    let (spot, who) = (spot.to_string(), who.to_string());
    reach(&mut h, &marker);
    h.run_steps(2);
    assert!(click_first(&mut h, "Take "), "the Player is taken out");
    h.run_steps(2);
    assert_eq!(number_after(&h, "Fitness cost: "), Some(cost - 1));
    let empty = format!("{spot}: empty 1");
    assert!(shows(&h, &empty), "the marker stays, without a card");
    // Put him back from the bench onto his marker: the cost comes back.
    reach(&mut h, &who);
    h.run_steps(2);
    h.get_by_label_contains(&empty).click();
    h.run_steps(2);
    assert_eq!(number_after(&h, "Fitness cost: "), Some(cost));
    assert!(shows(&h, &marker));
    // Out again, and the Match is played with the marker empty.
    reach(&mut h, &marker);
    h.run_steps(2);
    assert!(click_first(&mut h, "Take "));
    h.run_steps(2);
    reach(&mut h, "Play the Match");
    settle(&mut h);
    assert!(shows(&h, "Full time"));
    assert_eq!(
        cards_played(&last_plan(&h)),
        cost - 1,
        "the engine got the edited line-up"
    );
}

/// The Player cards a plan puts on the pitch and in goal.
pub(crate) fn cards_played(plan: &touchline::games::eleven::season::MatchPlan) -> u32 {
    let on_markers = plan.lineup.markers.iter().filter(|m| m.player.is_some());
    (on_markers.count() + usize::from(plan.lineup.goalkeeper.is_some())) as u32
}

#[test]
fn changing_the_formation_redraws_the_line_up_for_it() {
    let mut h = harness(table(&[Controller::Human], 11), [1280.0, 800.0]);
    to_matchday(&mut h);
    let game = h.state().session().game().clone();
    let decks = game.config.decks.clone();
    let formations: Vec<(String, String)> = game.clubs[0]
        .tactics
        .iter()
        .flat_map(|t| {
            let card = &decks.tactics[*t];
            card.formations
                .iter()
                .map(|f| (f.name.clone(), card.name.clone()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(!formations.is_empty(), "a Tactic card in hand");
    let (last, card) = formations.last().cloned().unwrap_or_default();
    h.get_by_label(&format!("{last} {card}")).click();
    h.run_steps(2);
    let defence: u32 = last
        .split('-')
        .next()
        .and_then(|d| d.parse().ok())
        .unwrap_or(0);
    let shown = buttons(&h)
        .iter()
        .filter(|l| {
            marker_parts(l).is_some_and(|(spot, _)| {
                spot.ends_with("LD") || spot.ends_with("CD") || spot.ends_with("RD")
            })
        })
        .count() as u32;
    assert_eq!(shown, defence, "{last}: one button a defence marker");
    h.get_by_label("Play the Match").click();
    settle(&mut h);
    let played = last_plan(&h);
    assert_eq!(played.lineup.formation.name, last);
}

/// A solo season driven by the engine to `phase` (the first legal action
/// each time), then changed by `edit` and put at a table.
pub(crate) fn table_at(seed: u64, phase: Phase, edit: impl FnOnce(&mut Season)) -> SeasonTable {
    table_of(&[Controller::Human], seed, phase, edit)
}

/// [`table_at`] for several managers.
pub(crate) fn table_of(
    controllers: &[Controller],
    seed: u64,
    phase: Phase,
    edit: impl FnOnce(&mut Season),
) -> SeasonTable {
    let mut s: SeasonSession = Session::season(managers(controllers), decks(), 1, None, seed)
        .unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..80 {
        if s.game().phase == phase {
            break;
        }
        let Some(seat) = s.human_actor() else { break };
        let a = s.game().legal(seat).into_iter().next();
        let a = a.unwrap_or_else(|| panic!("no legal action"));
        s.act(seat, a).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(s.game().phase, phase);
    let mut game = s.game().clone();
    edit(&mut game);
    let config = game.config.clone();
    let mut s = Session::from_position(managers(controllers), config, game, seed, ());
    s.pace = Pace::Instant;
    touchline::games::eleven::table::screen(s, &touchline::cards::DataSource::embedded(), None)
}

/// The Match plan last played.
pub(crate) fn last_plan(
    h: &Harness<'_, SeasonTable>,
) -> touchline::games::eleven::season::MatchPlan {
    h.state()
        .session()
        .record()
        .actions
        .iter()
        .rev()
        .find_map(|(_, a)| match a {
            Action::PlayMatch(p) => Some((**p).clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no Match played"))
}

/// The last action of the record.
pub(crate) fn last_action(h: &Harness<'_, SeasonTable>) -> Option<Action> {
    h.state()
        .session()
        .record()
        .actions
        .last()
        .map(|(_, a)| a.clone())
}

#[test]
fn a_board_meeting_choice_is_asked_before_the_decision_applies() {
    let decks = decks();
    let card = decks
        .board_meetings
        .iter()
        .position(|b| b.id == "board-12")
        .unwrap_or_else(|| panic!("Player Wants a Raise"));
    let t = table_at(4, Phase::BoardMeeting, |g| {
        if let Some(b) = g.clubs[0].board.as_mut() {
            b.card = card;
            b.decision = Colour::Blue;
        }
    });
    let mut h = harness(t, [1280.0, 800.0]);
    settle(&mut h);
    let cash = h.state().session().game().clubs[0].res[0];
    h.get_by_label("Accept the blue decision").click();
    settle(&mut h);
    // Nothing is applied yet: the choice is asked, the default selected.
    assert_eq!(phase(&h), Phase::BoardMeeting);
    assert!(shows(&h, "Choices of the blue decision"));
    let options: Vec<String> = h
        .query_all_by_label_contains("Choose one ")
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .collect();
    assert_eq!(options.len(), 2, "{options:?}");
    assert!(options[0].contains("Cash"), "{options:?}");
    h.get_by_label(&options[1]).click();
    h.run_steps(2);
    h.get_by_label("Confirm the blue decision").click();
    settle(&mut h);
    assert_eq!(
        last_action(&h),
        Some(Action::AcceptBoard { picks: vec![1] }),
        "the answer went to the engine"
    );
    // The branch chosen asks which Player takes the token, once its
    // turn comes: the weakest is the engine's choice, another is clicked.
    assert_eq!(phase(&h), Phase::BoardMeeting);
    assert!(shows(&h, "A question"));
    assert!(shows(&h, "From Player Wants a Raise"), "the card that asks");
    let q = h.state().session().game().question.clone().expect("asked");
    assert!(q.choice.question.starts_with("Which Player gets"), "{q:?}");
    let (pick, words) = q
        .choice
        .options
        .iter()
        .find(|(v, _)| *v != q.choice.default)
        .cloned()
        .expect("another Player to choose");
    let full = format!("{} {words}", q.choice.question);
    reach(&mut h, &full);
    settle(&mut h);
    assert_eq!(last_action(&h), Some(Action::Answer(pick)));
    let game = h.state().session().game();
    let tokens = |i: usize| {
        game.clubs[0].players[i]
            .tokens
            .count(touchline::games::eleven::vocab::Token::WeaknessPerm)
    };
    assert_eq!(tokens(usize::from(pick)), 1, "the Player clicked");
    assert_eq!(tokens(usize::from(q.choice.default)), 0);
    assert_eq!(game.clubs[0].res[0], cash, "no Cash lost");
    assert_eq!(phase(&h), Phase::Day(0));
}

#[test]
fn a_card_action_choice_is_asked_and_cancel_sends_nothing() {
    let decks = decks();
    let card = staff_index(&decks, "staff-25", "Tariq Aziz");
    let name = decks.staff[card].name.clone();
    let t = table_at(4, Phase::Day(0), |g| {
        g.clubs[0].staff.push(ready(card));
    });
    let mut h = harness(t, [1280.0, 800.0]);
    settle(&mut h);
    let fitness = h.state().session().game().clubs[0].res[3];
    let actions = h.state().session().record().actions.len();
    h.get_by_label(&format!("Use {name}")).click();
    settle(&mut h);
    assert!(shows(&h, &format!("Choices of {name}")));
    h.get_by_label("Cancel").click();
    settle(&mut h);
    assert_eq!(h.state().session().record().actions.len(), actions);
    assert!(!shows(&h, "Choices of "));
    h.get_by_label(&format!("Use {name}")).click();
    settle(&mut h);
    h.get_by_label("Gain which Resource (1 of 2)? Fitness")
        .click();
    h.run_steps(2);
    h.get_by_label("Gain which Resource (2 of 2)? Fitness")
        .click();
    h.run_steps(2);
    h.get_by_label(&format!("Confirm {name}")).click();
    settle(&mut h);
    match last_action(&h) {
        Some(Action::CardAction { picks, .. }) => assert_eq!(picks, vec![3, 3]),
        other => panic!("{other:?}"),
    }
    assert_eq!(h.state().session().game().clubs[0].res[3], fitness + 2);
}

#[test]
fn hiring_a_staff_card_asks_whom_its_bonus_trains() {
    let decks = decks();
    let card = staff_index(&decks, "staff-09", "Paulo Teixeira");
    let name = decks.staff[card].name.clone();
    let t = table_at(4, Phase::Day(0), |g| {
        g.area.staff[2] = Some(card);
        g.clubs[0].res[0] = 10;
    });
    let mut h = harness(t, [1280.0, 800.0]);
    settle(&mut h);
    let club = |h: &Harness<'_, SeasonTable>| h.state().session().game().clubs[0].clone();
    let asked = h.state().session().game().staff_bonus_choices(0, 2);
    let default = asked.first().map(|q| usize::from(q.default));
    let other = (0..club(&h).players.len())
        .find(|&i| club(&h).players[i].side == Side::Untrained && Some(i) != default)
        .unwrap_or_else(|| panic!("a second Player to Train"));
    let other_name = decks.players[club(&h).players[other].card]
        .side(Side::Untrained)
        .name
        .clone();
    h.get_by_label(&format!("Hire {name} (4)")).click();
    settle(&mut h);
    assert!(shows(&h, &format!("Choices of Hire {name}")));
    h.get_by_label(&format!("Train which Player? {other_name}"))
        .click();
    h.run_steps(2);
    h.get_by_label(&format!("Confirm Hire {name} (4)")).click();
    settle(&mut h);
    match last_action(&h) {
        Some(Action::HireStaffWith { slot: 2, picks }) => assert_eq!(picks, vec![other as u8]),
        other => panic!("{other:?}"),
    }
    assert_eq!(club(&h).players[other].side, Side::Trained);
}

#[test]
fn hot_seat_keeps_each_managers_match_plan_behind_the_curtain() {
    let both = [Controller::Human, Controller::Human];
    let mut h = harness(table_of(&both, 6, Phase::Matchday, |_| {}), [1280.0, 800.0]);
    settle(&mut h);
    let first = h.state().session().human_actor().unwrap_or(Seat(0));
    let name = h.state().session().name(first);
    h.get_by_label(&format!("Pass the device to {name}"));
    assert!(!shows(&h, "Fitness cost"), "no plan behind the curtain");
    assert!(!shows(&h, "Use suggested plan"));
    h.get_by_label_contains(&format!("I am {name}")).click();
    settle(&mut h);
    assert!(shows(&h, "Fitness cost"));
    let mine: Vec<String> = buttons(&h)
        .into_iter()
        .filter(|l| marker_parts(l).is_some() || l.starts_with("GK: "))
        .collect();
    assert!(!mine.is_empty());
    h.get_by_label("Play the Match").click();
    settle(&mut h);
    if shows(&h, "Accept the consequence") {
        h.get_by_label("Accept the consequence").click();
        settle(&mut h);
    }
    // The other manager's turn: the first one's plan is gone from screen.
    if let Some(next) = h.state().session().human_actor()
        && next != first
    {
        let other = h.state().session().name(next);
        h.get_by_label(&format!("Pass the device to {other}"));
        assert!(!shows(&h, "Fitness cost"));
        for l in &mine {
            assert!(!shows(&h, l), "{l} stays hidden");
        }
    }
}

/// Colour is never the only cue: the Transfer Area cards that can be
/// taken (the three rightmost of each row) say so in words, not only by
/// their gold edge; the two leftmost do not.
#[test]
fn the_transfer_area_says_which_cards_can_be_taken() {
    let mut h = harness(table(&[Controller::Human], 11), [1280.0, 800.0]);
    settle(&mut h);
    let view = h.state().session().game().view(Seat(0));
    let market = |row: &[Option<String>]| row.iter().skip(2).filter(|c| c.is_some()).count();
    let hire = market(&view.players_row) + market(&view.staff_row);
    assert!(hire >= 4, "{hire} Player and Staff cards for hire");
    assert_eq!(h.query_all_by_label_contains("· for hire").count(), hire);
    let sign = market(&view.sponsors_row);
    assert!(sign >= 2, "{sign} Sponsors");
    assert_eq!(h.query_all_by_label("open to sign").count(), sign);
}

/// The line-up editor names each marker's side in words (`· attack`,
/// `· defence`), as many attacking as the plan has; the club board lists
/// every marker with its side as a letter.
#[test]
fn the_jersey_markers_show_their_sides_in_words() {
    let mut h = harness(table_at(11, Phase::Matchday, |_| {}), [1280.0, 800.0]);
    settle(&mut h);
    let game = h.state().session().game().clone();
    let plan = game.suggested_plans(0).remove(0);
    let attacking = plan
        .lineup
        .markers
        .iter()
        .filter(|m| m.task == Task::Attack)
        .count();
    let markers: Vec<String> = buttons(&h)
        .into_iter()
        .filter(|l| marker_parts(l).is_some())
        .collect();
    assert_eq!(markers.len(), 10, "{markers:?}");
    let attack = markers.iter().filter(|l| l.ends_with(" · attack")).count();
    let defence = markers.iter().filter(|l| l.ends_with(" · defence")).count();
    assert_eq!(
        (attack, defence),
        (attacking, 10 - attacking),
        "{markers:?}"
    );
    let j = game.clubs[0]
        .jerseys
        .clone()
        .unwrap_or_else(|| panic!("markers kept"));
    let (a, d) = j.split();
    assert!(shows(
        &h,
        "Jersey markers (A attack side up, D defence side up): Pitch "
    ));
    assert!(shows(&h, &format!("({a} A, {d} D)")));
}

/// A card whose Untrained side rolls a die in the Match at no cost.
fn dice_cards(decks: &ElevenDecks) -> Vec<usize> {
    (0..decks.players.len())
        .filter(|&k| {
            let side = &decks.players[k].untrained;
            side.task != Task::Goalkeeper
                && side.abilities.iter().any(|b| {
                    b.timing.is_match()
                        && b.cost.is_empty()
                        && matches!(b.effects.first(), Some(Effect::RollDie { .. }))
                })
        })
        .collect()
}

/// A Matchday table whose first suggested plan assigns a Player rolling a
/// die of his own, with Fan Base for rerolls: his card index.
fn table_with_a_die() -> (SeasonTable, usize) {
    for seed in 1..12 {
        let mut chosen = None;
        let t = table_at(seed, Phase::Matchday, |s| {
            let decks = s.config.decks.clone();
            for card in dice_cards(&decks) {
                let mut next = s.clone();
                next.clubs[0].players.push(OwnedPlayer {
                    card,
                    side: Side::Untrained,
                    tokens: Default::default(),
                    experience_filled: Vec::new(),
                });
                next.clubs[0].res = [5, 4, 2, 10];
                let cards = next.jersey_cards(0);
                if let Some(j) = next.clubs[0].jerseys.as_mut() {
                    j.follow(&cards);
                }
                let id = &decks.players[card].id;
                if next
                    .suggested_plans(0)
                    .first()
                    .is_some_and(|p| p.rerolls.contains_key(id))
                {
                    *s = next;
                    chosen = Some(card);
                    return;
                }
            }
        });
        if let Some(card) = chosen {
            return (t, card);
        }
    }
    panic!("no seed gives a suggested plan with a die of its own");
}

/// "You may reroll a die multiple times, as long as you have enough Fan
/// Base to pay the cost": the line-up editor sets each die's reroll count,
/// up to the Fan Base left off the Stands (the count past it is greyed),
/// and the Match is played with the count chosen.
#[test]
fn the_line_up_editor_sets_each_dies_rerolls_within_the_fan_base() {
    let (t, card) = table_with_a_die();
    let mut h = harness(t, [1280.0, 900.0]);
    settle(&mut h);
    let game = h.state().session().game().clone();
    let plan = game.suggested_plans(0).remove(0);
    let id = game.config.decks.players[card].id.clone();
    let name = game.card_name(&id);
    let spare = 4 - u32::from(plan.fans);
    let label = |n: u32| format!("Reroll {name}'s die at most {n} times");
    for n in 0..=spare {
        let l = label(n);
        let node = h.get_by_label(&l);
        assert!(!node.accesskit_node().is_disabled(), "{n} of {spare}");
    }
    let l = label(spare + 1);
    let past = h.get_by_label(&l);
    assert!(
        past.accesskit_node().is_disabled(),
        "{} is greyed",
        spare + 1
    );
    reach(&mut h, &label(spare));
    h.run_steps(2);
    h.get_by_label("Play the Match").click();
    settle(&mut h);
    assert_eq!(last_plan(&h).rerolls.get(&id).copied(), Some(spare as u8));
}

/// An edited line-up drops the rerolls of a card taken out of the Match,
/// so the plan stays one the engine plays.
#[test]
fn taking_a_player_out_drops_the_rerolls_of_his_die() {
    let (t, card) = table_with_a_die();
    let mut h = harness(t, [1280.0, 900.0]);
    settle(&mut h);
    let game = h.state().session().game().clone();
    let id = game.config.decks.players[card].id.clone();
    let full = game.config.decks.players[card].untrained.name.clone();
    let name = game.card_name(&id);
    let surname = full.rsplit(' ').next().unwrap_or(&full).to_string();
    assert!(shows(&h, &format!("Reroll {name}'s die at most 1 times")));
    let marker = buttons(&h)
        .into_iter()
        .find(|l| marker_parts(l).is_some_and(|(_, who)| who.starts_with(&format!("{surname} "))))
        .unwrap_or_else(|| panic!("{surname} on a marker: {:?}", buttons(&h)));
    h.get_by_label(&marker).click();
    h.run_steps(2);
    h.get_by_label(&format!("Take {full} out")).click();
    h.run_steps(2);
    assert!(
        !shows(&h, &format!("Reroll {name}'s die")),
        "his die is gone"
    );
    assert!(
        shows(&h, "Ready to play."),
        "the engine plays the edited plan"
    );
    h.get_by_label("Play the Match").click();
    settle(&mut h);
    let played = last_plan(&h);
    assert!(!played.rerolls.contains_key(&id), "{:?}", played.rerolls);
    assert!(
        played
            .lineup
            .markers
            .iter()
            .all(|m| m.player != Some(game.clubs[0].players.len() - 1))
    );
}

/// Samir Haddad's paid "Move 1 Jersey marker to an adjacent Zone": the
/// line-up editor offers the engine's best move (selected) and each legal
/// move by name, and the Match plan carries the one picked.
#[test]
fn the_line_up_editor_picks_the_marker_a_move_jersey_moves() {
    let mut found = None;
    for seed in 1..12 {
        let t = table_at(seed, Phase::Matchday, |s| {
            let decks = s.config.decks.clone();
            let Some(card) = decks.players.iter().position(|p| p.id == "player-10") else {
                return;
            };
            s.clubs[0].players.push(OwnedPlayer {
                card,
                side: Side::Untrained,
                tokens: Default::default(),
                experience_filled: Vec::new(),
            });
            s.clubs[0].res[3] = 12;
            let cards = s.jersey_cards(0);
            if let Some(j) = s.clubs[0].jerseys.as_mut() {
                j.follow(&cards);
            }
        });
        let game = t.session().game().clone();
        let i = game.clubs[0].players.len() - 1;
        let first = game.suggested_plans(0).into_iter().next();
        if first.is_some_and(|p| p.lineup.markers.iter().any(|m| m.player == Some(i))) {
            found = Some(t);
            break;
        }
    }
    let t = found.unwrap_or_else(|| panic!("no seed puts Samir Haddad in the first plan"));
    let mut h = harness(t, [1280.0, 900.0]);
    settle(&mut h);
    assert!(
        !shows(&h, "moves a Jersey marker during the Match"),
        "unpaid"
    );
    reach_contains(&mut h, "for Samir Haddad's effect");
    h.run_steps(2);
    assert!(shows(
        &h,
        "Samir Haddad moves a Jersey marker during the Match:"
    ));
    let moves: Vec<String> = buttons(&h)
        .into_iter()
        .filter(|l| l.starts_with("Samir Haddad moves marker "))
        .collect();
    assert!(!moves.is_empty(), "{:?}", buttons(&h));
    // A move named once (a marker two moves share is named twice).
    let pick = moves
        .iter()
        .find(|m| moves.iter().filter(|o| o == m).count() == 1)
        .cloned()
        .unwrap_or_else(|| panic!("no move named once: {moves:?}"));
    reach(&mut h, &pick);
    h.run_steps(2);
    assert!(shows(&h, "Ready to play."));
    reach(&mut h, "Play the Match");
    settle(&mut h);
    let played = last_plan(&h);
    let chosen = played.moves.get("player-10").cloned().unwrap_or_default();
    assert_eq!(chosen.len(), 1, "{:?}", played.moves);
    let mv = chosen[0];
    let from = played.lineup.markers[mv.marker].zone;
    let words = touchline::games::eleven::plan_ui::zone_words;
    assert!(
        pick.ends_with(&format!("from {} to {}", words(from), words(mv.to))),
        "{pick}"
    );
}

/// Auto-pass (the top bar's box) ends a Day with nothing left in it:
/// with both of the day's actions used only *End the Day* is legal, and
/// the table ends it by itself; without the box it waits for the click.
#[test]
fn auto_pass_ends_a_day_with_nothing_left_to_do() {
    for auto in [false, true] {
        let mut t = table_at(4, Phase::Day(0), |g| {
            g.clubs[0].basic_used = true;
            g.clubs[0].paid_used = true;
        });
        t.session_mut().auto_pass = auto;
        let legal = t.session().game().legal(Seat(0));
        assert!(matches!(legal.as_slice(), [Action::EndTurn]), "{legal:?}");
        let mut h = harness(t, [1280.0, 800.0]);
        h.run_steps(4);
        let ended = matches!(last_action(&h), Some(Action::EndTurn));
        assert_eq!(ended, auto, "auto-pass {auto}");
        h.get_by_label_contains("Auto-pass");
    }
}

/// Hot-seat: a question an effect asks (which of the Veterans drawn to
/// keep) is shown only to the manager it asks, after the curtain, and
/// nothing of it reaches the other manager's log before the answer.
#[test]
fn hot_seat_shows_a_question_only_to_the_manager_asked() {
    let decks = decks();
    let walsh = staff_index(
        &decks,
        "staff-23",
        "Kieran Walsh draws 2 Veterans and keeps 1",
    );
    let both = [Controller::Human, Controller::Human];
    let t = table_of(&both, 5, Phase::Day(0), |g| {
        let seat = g.current().unwrap_or(Seat(0));
        let club = &mut g.clubs[seat.index()];
        club.staff.push(ready(walsh));
        club.res[0] = 5;
    });
    let mut h = harness(t, [1280.0, 800.0]);
    settle(&mut h);
    let me = h.state().session().human_actor().expect("a person decides");
    let other = Seat(1 - me.0);
    let name = h.state().session().name(me);
    h.get_by_label(&format!("Pass the device to {name}"));
    h.get_by_label_contains(&format!("I am {name}")).click();
    settle(&mut h);
    reach(&mut h, "Use Kieran Walsh");
    settle(&mut h);
    let q = h.state().session().game().question.clone().expect("asked");
    assert_eq!(h.state().session().game().question_seat(), Some(me));
    assert!(shows(&h, "A question"));
    assert!(shows(&h, "From Kieran Walsh"));
    let drawn: Vec<String> = q.choice.options.iter().map(|(_, w)| w.clone()).collect();
    // The other manager reads neither the question nor the cards drawn.
    let theirs = h.state().session().game().view_for(Some(other));
    assert_eq!(theirs.question, None);
    assert_eq!(theirs.asked, Some(me));
    for line in h.state().session().log_for(Some(other)) {
        assert!(!line.text.contains("Kieran Walsh"), "{}", line.text);
        for card in &drawn {
            let name = card.split(" (").next().unwrap_or(card);
            assert!(!line.text.contains(name), "{}", line.text);
        }
    }
    // The answer resolves the action; then it is logged.
    assert!(click_first(&mut h, "Answer: "));
    assert!(h.state().session().game().question.is_none());
    let log: Vec<String> = h
        .state()
        .session()
        .log_for(Some(other))
        .into_iter()
        .map(|l| l.text)
        .collect();
    assert!(log.iter().any(|l| l.contains("Kieran Walsh")), "{log:?}");
}

/// A Sponsor contract whose effect gains Resources of choice lists its
/// choices at once in the choices panel, like a Card action, and the
/// answers go with the contract (`ContractSponsorWith`).
#[test]
fn a_sponsor_contracts_choices_are_answered_at_once() {
    let decks = decks();
    let retro = decks
        .sponsors
        .iter()
        .position(|s| s.id == "sponsor-11")
        .unwrap_or_else(|| panic!("Retro Tape Co. gains 4 Resources of choice"));
    let t = table_at(4, Phase::Day(0), |g| {
        if let Some(old) = g.area.sponsors[4].replace(retro) {
            // Keep every card somewhere: the one replaced goes where
            // Retro Tape Co. was.
            if let Some(at) = g.area.sponsor_deck.deck.iter().position(|k| *k == retro) {
                g.area.sponsor_deck.deck[at] = old;
            } else if let Some(at) = g.area.sponsor_deck.discard.iter().position(|k| *k == retro) {
                g.area.sponsor_deck.discard[at] = old;
            } else if let Some(slot) = (0..4).find(|&s| g.area.sponsors[s] == Some(retro)) {
                g.area.sponsors[slot] = Some(old);
            }
        }
    });
    let mut h = harness(t, [1280.0, 800.0]);
    settle(&mut h);
    let fitness = h.state().session().game().clubs[0].res[3];
    reach(&mut h, "One-off: Retro Tape Co.");
    settle(&mut h);
    assert!(
        shows(&h, "Choices of One-off: Retro Tape Co."),
        "the panel opens"
    );
    for k in 1..=4 {
        let label = format!("Gain which Resource ({k} of 4)? Fitness");
        reach(&mut h, &label);
        h.run_steps(2);
    }
    h.get_by_label("Confirm One-off: Retro Tape Co.").click();
    settle(&mut h);
    match last_action(&h) {
        Some(Action::ContractSponsorWith { picks, .. }) => assert_eq!(picks, vec![3, 3, 3, 3]),
        other => panic!("{other:?}"),
    }
    assert!(
        h.state().session().game().question.is_none(),
        "nothing left to ask"
    );
    assert_eq!(h.state().session().game().clubs[0].res[3], fitness + 4);
}

/// Enter gives a question the engine's answer (the dock's *Answer: …*).
#[test]
fn enter_answers_a_question_with_the_engines_choice() {
    let decks = decks();
    let walsh = staff_index(
        &decks,
        "staff-23",
        "Kieran Walsh draws 2 Veterans and keeps 1",
    );
    let t = table_at(5, Phase::Day(0), |g| {
        g.clubs[0].staff.push(ready(walsh));
        g.clubs[0].res[0] = 5;
    });
    let mut h = harness(t, [1280.0, 800.0]);
    settle(&mut h);
    reach(&mut h, "Use Kieran Walsh");
    settle(&mut h);
    let q = h.state().session().game().question.clone().expect("asked");
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    assert!(h.state().session().game().question.is_none());
    assert_eq!(last_action(&h), Some(Action::Answer(q.choice.default)));
}
