//! Every table's keyboard shortcuts driven with egui_kittest: the shared
//! top bar's keys (F1, Ctrl+S, Ctrl+O, Ctrl+Z) and tooltips at each
//! table, then each game's own keys changing the game as their tooltips
//! say, and no key acting while a text field has the keyboard or for a
//! seat behind the hot-seat curtain.

use crate::util;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::sync::Arc;
use touchline::bots::Strength;
use touchline::cards::DataSource;
use touchline::engine::{Game as _, Seat};
use touchline::games::GameEntry;
use touchline::ui::seating::{Seated as _, Shortcut};
use touchline::ui::session::{Controller, Manager, Pace, Session};
use touchline::ui::shell::BAR_KEYS;
use touchline::ui::table::{NewTable, Table};

const BOT: Controller = Controller::Bot(Strength::Heuristic);
const HUMAN: Controller = Controller::Human;

fn managers(controllers: &[Controller]) -> Vec<Manager> {
    ["Ann", "Bo", "Cy", "Di"]
        .iter()
        .zip(controllers)
        .map(|(n, c)| Manager {
            name: (*n).into(),
            controller: *c,
        })
        .collect()
}

/// Presses `key` (with Ctrl when the shortcut says so) and lets the
/// table answer.
fn press<S>(h: &mut Harness<'_, S>, key: Shortcut) {
    if key.ctrl {
        h.key_press_modifiers(Modifiers::COMMAND, key.key);
    } else {
        h.key_press(key.key);
    }
    h.run_steps(2);
}

/// The tooltip (accessible description) of the button labelled `label`.
fn tooltip<S>(h: &Harness<'_, S>, label: &str) -> String {
    h.get_by_label(label)
        .accesskit_node()
        .description()
        .unwrap_or_default()
        .to_string()
}

/// A game's table opened through the registry, Ann against a bot.
fn registry_table(id: &str) -> Harness<'static, Box<dyn Table>> {
    let game: &GameEntry = touchline::games::find(id).unwrap_or_else(|| panic!("{id}"));
    let hooks = game
        .table
        .as_ref()
        .unwrap_or_else(|| panic!("{id} has no table"));
    let table = (hooks.new)(NewTable {
        source: &DataSource::embedded(),
        managers: managers(&[HUMAN, BOT]),
        seed: 7,
        autosave: None,
        rules: None,
        options: Default::default(),
    })
    .unwrap_or_else(|e| panic!("{id}: {e}"));
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(
            |ui, t: &mut Box<dyn Table>| {
                t.show(ui);
            },
            table,
        )
}

#[test]
fn every_table_bar_names_its_keys_and_f1_ctrl_s_ctrl_o_open_their_windows_and_escape_closes_them() {
    touchline::ui::dialog::use_builtin();
    for game in touchline::games::GAMES.iter().filter(|g| g.table.is_some()) {
        let (id, name) = (game.id, game.name);
        let mut h = registry_table(id);
        h.run_steps(3);
        for (label, _, key, _) in BAR_KEYS {
            let tip = tooltip(&h, label);
            assert!(
                tip.ends_with(&format!("({})", key.name())),
                "{id}: {label} says {tip:?}"
            );
        }
        let rules = format!("{name} rules");
        assert!(h.query_by_label(&rules).is_none(), "{id}: rules open early");
        press(&mut h, Shortcut::key(Key::F1));
        assert!(h.query_by_label(&rules).is_some(), "{id}: F1 opens {rules}");
        press(&mut h, Shortcut::key(Key::Escape));
        assert!(
            h.query_by_label(&rules).is_none(),
            "{id}: Escape closes {rules}"
        );

        let shown = |h: &Harness<'_, Box<dyn Table>>, label: &str| {
            h.query_all_by_label(label).next().is_some()
        };
        assert!(!shown(&h, "Save as"), "{id}");
        press(&mut h, Shortcut::ctrl(Key::S));
        assert!(shown(&h, "Save as"), "{id}: Ctrl+S asks");
        h.get_by_label("Cancel").click();
        h.run_steps(2);
        assert!(!shown(&h, "Save as"), "{id}: cancelled");
        press(&mut h, Shortcut::ctrl(Key::O));
        assert!(shown(&h, "Open"), "{id}: Ctrl+O asks");
        press(&mut h, Shortcut::key(Key::Escape));
        assert!(!shown(&h, "Open a file"), "{id}: Escape closes the dialog");
    }
}

/// The Keyboard row of `table` in docs/playing.md.
fn keyboard_row(table: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/playing.md");
    let doc = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    doc.lines()
        .find(|l| l.starts_with(&format!("| {table} |")))
        .unwrap_or_else(|| panic!("docs/playing.md has no Keyboard row for {table}"))
        .to_string()
}

/// Asserts the docs/playing.md Keyboard row of `table` names every key of `keys`.
fn keyboard_names(table: &str, keys: &[Shortcut]) {
    let row = keyboard_row(table);
    for k in keys {
        assert!(
            row.contains(&format!("`{}`", k.name())),
            "docs/playing.md's {table} row lacks {}: {row}",
            k.name()
        );
    }
}

#[test]
fn the_keyboard_table_names_the_keys_the_tables_answer_to() {
    use touchline::games::{booked, cardball, eleven, flip_duel, stadium_memory};
    let bar: Vec<Shortcut> = BAR_KEYS.iter().map(|(_, _, k, _)| *k).collect();
    keyboard_names("Every table", &bar);
    // A range of number keys is written `1`-`9`: its ends are named.
    let ends = |keys: &[Shortcut]| [keys[0], keys[keys.len() - 1]];
    let mut booked: Vec<Shortcut> = booked::table::KEYS.iter().map(|(k, _)| *k).collect();
    booked.push(booked::table::DESELECT_KEY);
    booked.extend(ends(&booked::table::HAND_KEYS));
    keyboard_names("Booked!", &booked);
    let mut cardball = vec![cardball::table::PASS_KEY];
    cardball.extend(ends(&cardball::table::HAND_KEYS));
    keyboard_names("Cardball", &cardball);
    use eleven::table as e;
    let mut season = vec![e::MAIN_KEY, e::REROLL_KEY, e::END_DAY_KEY, e::CANCEL_KEY];
    season.extend(ends(&e::KEEP_KEYS));
    keyboard_names("Eleven's season", &season);
    keyboard_names("Eleven's Matchday", &[e::MAIN_KEY]);
    use flip_duel::table as f;
    let mut duel = vec![f::ASIDE_KEY];
    duel.extend(f::LAY_KEYS);
    duel.extend(f::SHARED_LAY_KEYS);
    duel.extend(ends(&f::HAND_KEYS));
    keyboard_names("Flip Duel", &duel);
    let memory: Vec<Shortcut> = stadium_memory::table::KEYS
        .iter()
        .map(|(k, _)| *k)
        .collect();
    keyboard_names("Stadium Memory", &memory);
}

// ----- Booked! -----

mod booked {
    use super::*;
    use touchline::games::booked::deck::BookedDeck;
    use touchline::games::booked::session::BookedSession;
    use touchline::games::booked::table::{KEYS, TableScreen};
    use touchline::games::booked::{Action, BookedConfig, HouseRules, Step};

    fn table(seats: &[Controller], seed: u64) -> Harness<'static, TableScreen> {
        let config = BookedConfig::new(util::card_set(), HouseRules::default(), seats.len() as u8);
        let mut session =
            BookedSession::new(managers(seats), config, seed).unwrap_or_else(|e| panic!("{e}"));
        session.pace = Pace::Instant;
        let deck = Arc::new(BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}")));
        Harness::builder()
            .with_size([1600.0, 1000.0])
            .build_ui_state(
                |ui, t: &mut TableScreen| {
                    t.show(ui);
                },
                touchline::games::booked::table::screen(
                    session,
                    deck,
                    &touchline::cards::DataSource::embedded(),
                    None,
                ),
            )
    }

    fn key(action: Action) -> Shortcut {
        KEYS.iter()
            .find(|(_, a)| *a == action)
            .map(|(k, _)| *k)
            .unwrap_or_else(|| panic!("no key for {action:?}"))
    }

    fn step(h: &Harness<'_, TableScreen>) -> Step {
        h.state().session().game().view(Seat(0)).step
    }

    #[test]
    fn f_takes_the_discard_and_ctrl_z_takes_it_back() {
        let mut h = table(&[HUMAN, BOT], 21);
        h.run();
        assert_eq!(step(&h), Step::Draw);
        press(&mut h, key(Action::DrawDiscard));
        assert_eq!(step(&h), Step::Act, "F took the discard's top card");
        assert!(h.state().session().can_undo());
        press(&mut h, Shortcut::ctrl(Key::Z));
        assert_eq!(step(&h), Step::Draw, "Ctrl+Z took it back");
        assert!(h.state().session().record().actions.is_empty());
    }

    #[test]
    fn no_key_acts_while_a_text_field_has_the_keyboard() {
        let mut h = table(&[HUMAN, BOT], 21);
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        h.state_mut()
            .files()
            .ask_builtin(true, "booked-match.json", dir.path().to_path_buf());
        h.run();
        h.get_by_label("File name").click();
        h.run();
        press(&mut h, key(Action::DrawDiscard));
        press(&mut h, key(Action::DrawDeck));
        press(&mut h, Shortcut::key(Key::F1));
        assert_eq!(step(&h), Step::Draw, "nothing was drawn");
        assert!(h.query_by_label("Booked! rules").is_none(), "no rules");
        assert!(h.state().session().record().actions.is_empty());
        // Once the field lets the keyboard go, the keys act again.
        h.get_by_label("Cancel").click();
        h.run();
        press(&mut h, key(Action::DrawDiscard));
        assert_eq!(step(&h), Step::Act);
    }

    #[test]
    fn no_key_acts_behind_the_hot_seat_curtain() {
        let mut h = table(&[HUMAN, HUMAN], 21);
        h.run();
        h.get_by_label("Pass the device to Ann");
        press(&mut h, key(Action::DrawDiscard));
        press(&mut h, key(Action::DrawDeck));
        assert!(h.state().session().record().actions.is_empty());
        h.get_by_label("I am Ann — show my hand").click();
        h.run();
        press(&mut h, key(Action::DrawDiscard));
        assert_eq!(h.state().session().record().actions.len(), 1);
    }
}

// ----- Cardball -----

mod cardball {
    use super::*;
    use touchline::games::cardball::deck::CardballDeck;
    use touchline::games::cardball::table::{HAND_KEYS, PASS_KEY};
    use touchline::games::cardball::{
        Action, CardballConfig, CardballSession, CardballTable, Step,
    };

    fn table(seed: u64) -> Harness<'static, CardballTable> {
        let deck = Arc::new(CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}")));
        let config = CardballConfig::new(Arc::new(deck.card_set()));
        let mut session = CardballSession::new(managers(&[HUMAN, BOT]), config, seed, deck)
            .unwrap_or_else(|e| panic!("{e}"));
        session.pace = Pace::Instant;
        Harness::builder()
            .with_size([1600.0, 1000.0])
            .build_ui_state(
                |ui, t: &mut CardballTable| {
                    t.show(ui);
                },
                touchline::games::cardball::table::screen(
                    session,
                    &touchline::cards::DataSource::embedded(),
                    None,
                ),
            )
    }

    fn mine(h: &Harness<'_, CardballTable>) -> usize {
        let record = h.state().session().record();
        record.actions.iter().filter(|(s, _)| *s == Seat(0)).count()
    }

    #[test]
    fn p_passes_at_the_touchline_a_number_places_a_card_and_ctrl_z_undoes() {
        let mut h = table(5);
        let mut placed = false;
        let mut undone = false;
        for _ in 0..80 {
            h.run();
            if h.state().session().human_actor().is_none() {
                continue;
            }
            let before = mine(&h);
            match h.state().session().view().step {
                Step::Touchline { .. } => {
                    assert!(tooltip(&h, "Not now").ends_with("(P)"));
                    press(&mut h, PASS_KEY);
                    assert_eq!(mine(&h), before + 1, "P passed");
                    let record = h.state().session().record();
                    let last = record.actions.iter().rev().find(|(s, _)| *s == Seat(0));
                    assert_eq!(last.map(|(_, a)| *a), Some(Action::Pass));
                    if h.state().session().can_undo() {
                        press(&mut h, Shortcut::ctrl(Key::Z));
                        assert_eq!(mine(&h), before, "Ctrl+Z took the pass back");
                        undone = true;
                        press(&mut h, PASS_KEY);
                    }
                }
                Step::Pick { .. } => {
                    press(&mut h, HAND_KEYS[0]);
                    let halfway = h.query_by_label_contains("As our half").is_some()
                        || h.query_by_label_contains("As their half").is_some();
                    assert!(mine(&h) == before + 1 || halfway, "1 placed a card");
                    placed = true;
                    break;
                }
                _ => {
                    let first = h.state().session().human_actions()[0];
                    h.state_mut()
                        .session_mut()
                        .act(Seat(0), first)
                        .unwrap_or_else(|e| panic!("{e}"));
                }
            }
        }
        assert!(placed, "never asked to pick a card");
        assert!(undone, "never a pass to take back");
    }
}

// ----- Eleven -----

mod eleven {
    use super::*;
    use touchline::games::eleven::deck::ElevenDecks;
    use touchline::games::eleven::season::Phase;
    use touchline::games::eleven::table::{END_DAY_KEY, KEEP_KEYS, MAIN_KEY};
    use touchline::games::eleven::{SeasonSession, SeasonTable};

    fn table(seats: &[Controller], seed: u64) -> Harness<'static, SeasonTable> {
        let decks = Arc::new(ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}")));
        let mut s: SeasonSession = Session::season(managers(seats), decks, 1, None, seed)
            .unwrap_or_else(|e| panic!("{e}"));
        s.pace = Pace::Instant;
        Harness::builder()
            .with_size([1280.0, 800.0])
            .build_ui_state(
                |ui, t: &mut SeasonTable| {
                    t.show(ui);
                },
                touchline::games::eleven::table::screen(
                    s,
                    &touchline::cards::DataSource::embedded(),
                    None,
                ),
            )
    }

    fn phase(h: &Harness<'_, SeasonTable>) -> Phase {
        h.state().session().game().phase
    }

    /// Presses `key` until the phase is no longer `from` (a decision may
    /// first open its choices panel, which the same key confirms).
    fn press_until_past(h: &mut Harness<'_, SeasonTable>, key: Shortcut, from: Phase) {
        for _ in 0..3 {
            press(h, key);
            h.run_steps(3);
            if phase(h) != from {
                return;
            }
        }
        panic!("{} left {from:?} unchanged", key.name());
    }

    #[test]
    fn a_solo_setup_and_monday_to_wednesday_by_keys() {
        let mut h = table(&[HUMAN], 11);
        h.run_steps(3);
        assert!(tooltip(&h, &first_keep(&h)).ends_with("(1)"));
        for round in 0..3 {
            assert_eq!(phase(&h), Phase::Draft(round));
            press_until_past(&mut h, KEEP_KEYS[0], Phase::Draft(round));
        }
        assert_eq!(phase(&h), Phase::Objective);
        press_until_past(&mut h, KEEP_KEYS[1], Phase::Objective);
        assert_eq!(phase(&h), Phase::BoardMeeting);
        let accept = first_label(&h, "Accept the ");
        assert!(tooltip(&h, &accept).ends_with("(Enter)"), "{accept}");
        press_until_past(&mut h, MAIN_KEY, Phase::BoardMeeting);
        assert_eq!(phase(&h), Phase::Day(0));
        assert!(tooltip(&h, "End the Day").ends_with("(E)"));
        press_until_past(&mut h, END_DAY_KEY, Phase::Day(0));
        assert_eq!(phase(&h), Phase::Day(1), "E ended Tuesday");
        // Undo takes the Day back, unless it stops at a card seen since.
        let back = if h.state().session().can_undo() {
            Phase::Day(0)
        } else {
            Phase::Day(1)
        };
        press(&mut h, Shortcut::ctrl(Key::Z));
        h.run_steps(3);
        assert_eq!(phase(&h), back, "Ctrl+Z");
    }

    fn first_label(h: &Harness<'_, SeasonTable>, prefix: &str) -> String {
        h.query_all_by_label_contains(prefix)
            .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no button {prefix}"))
    }

    fn first_keep(h: &Harness<'_, SeasonTable>) -> String {
        first_label(h, "Keep ")
    }

    #[test]
    fn the_draft_keys_wait_behind_the_hot_seat_curtain() {
        let mut h = table(&[HUMAN, HUMAN], 3);
        h.run_steps(3);
        assert_eq!(phase(&h), Phase::Draft(0));
        press(&mut h, KEEP_KEYS[0]);
        press(&mut h, MAIN_KEY);
        assert!(h.state().session().record().actions.is_empty());
    }
}

// ----- Flip Duel -----

mod flip_duel {
    use super::*;
    use touchline::games::flip_duel::table::{ASIDE_KEY, LAY_KEYS};
    use touchline::games::flip_duel::{
        CardSet, FlipDuelConfig, FlipDuelSession, FlipDuelTable, Phase,
    };

    fn table(seed: u64) -> Harness<'static, FlipDuelTable> {
        let config = FlipDuelConfig::new(Arc::new(
            CardSet::default_set().unwrap_or_else(|e| panic!("{e}")),
        ));
        let mut s: FlipDuelSession = Session::flip_duel(managers(&[HUMAN, BOT]), config, seed)
            .unwrap_or_else(|e| panic!("{e}"));
        s.pace = Pace::Instant;
        Harness::builder()
            .with_size([1280.0, 800.0])
            .build_ui_state(
                |ui, t: &mut FlipDuelTable| {
                    t.show(ui);
                },
                touchline::games::flip_duel::table::screen(
                    s,
                    &touchline::cards::DataSource::embedded(),
                    None,
                ),
            )
    }

    fn until_human(h: &mut Harness<'_, FlipDuelTable>) {
        for _ in 0..60 {
            h.step();
            let s = h.state().session();
            if s.human_actor().is_some() || s.game().is_over() {
                h.step();
                return;
            }
        }
    }

    #[test]
    fn s_sets_aside_space_lays_and_ctrl_z_takes_the_lay_back() {
        let mut h = table(5);
        until_human(&mut h);
        let label = format!("Set aside the suggested cards ({})", ASIDE_KEY.name());
        assert!(tooltip(&h, &label).ends_with("(S)"));
        press(&mut h, ASIDE_KEY);
        until_human(&mut h);
        assert_eq!(h.state().session().game().aside(Seat(0)).len(), 8);
        assert_eq!(h.state().session().game().phase(), Phase::Lay);
        let tip = tooltip(&h, "Lay your top card (Space)");
        assert!(tip.ends_with("(Space or Enter)"), "{tip}");
        press(&mut h, LAY_KEYS[1]);
        until_human(&mut h);
        assert_eq!(h.state().session().game().played(Seat(0)).len(), 1);
        press(&mut h, LAY_KEYS[0]);
        until_human(&mut h);
        assert_eq!(h.state().session().game().played(Seat(0)).len(), 2);
        press(&mut h, Shortcut::ctrl(Key::Z));
        assert_eq!(h.state().session().game().played(Seat(0)).len(), 1);
    }
}

// ----- Stadium Memory -----

mod stadium_memory {
    use super::*;
    use touchline::games::stadium_memory::table::KEYS;
    use touchline::games::stadium_memory::{
        Action, Card, CardSet, Prize, PrizeCounts, Setup, StadiumMemoryConfig,
        StadiumMemorySession, StadiumMemoryTable, Step,
    };

    fn key(action: Action) -> Shortcut {
        KEYS.iter()
            .find(|(_, a)| *a == action)
            .map(|(k, _)| *k)
            .unwrap_or_else(|| panic!("no key for {action:?}"))
    }

    /// A 2 x 3 stand where Ann moves first holding a VAR card.
    fn table(seats: &[Controller]) -> Harness<'static, StadiumMemoryTable> {
        let cards = Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("{e}")));
        let player = |id: &str| {
            Card::Player(
                cards
                    .find_player(id)
                    .unwrap_or_else(|| panic!("no player {id}")),
            )
        };
        let (f, o, b) = (player("ferro"), player("okonjo"), player("obi"));
        let mut var = PrizeCounts::default();
        var.add(Prize::Var);
        let config = StadiumMemoryConfig::new(cards.clone(), seats.len() as u8);
        let setup = Setup {
            rows: 2,
            columns: 3,
            grid: vec![Some(f), Some(o), Some(b), Some(b), Some(f), Some(o)],
            prizes: vec![var],
            first: Some(Seat(0)),
            ..Setup::default()
        };
        let mut session = StadiumMemorySession::from_setup(managers(seats), config, &setup, 7)
            .unwrap_or_else(|e| panic!("{e}"));
        session.pace = Pace::Instant;
        Harness::builder()
            .with_size([1280.0, 800.0])
            .build_ui_state(
                |ui, t: &mut StadiumMemoryTable| {
                    t.show(ui);
                },
                touchline::games::stadium_memory::table::screen(
                    session,
                    &touchline::cards::DataSource::embedded(),
                    None,
                ),
            )
    }

    fn step(h: &Harness<'_, StadiumMemoryTable>) -> Step {
        h.state().session().view().step
    }

    #[test]
    fn v_uses_var_named_in_its_tooltip_and_waits_behind_the_curtain() {
        let mut h = table(&[HUMAN, BOT]);
        h.run_steps(3);
        let tip = tooltip(&h, "Use VAR (look at two cards)");
        assert!(tip.ends_with("(V)"), "{tip}");
        press(&mut h, key(Action::UseVar));
        assert!(matches!(step(&h), Step::Peek { .. }), "{:?}", step(&h));

        let mut h = table(&[HUMAN, HUMAN]);
        h.run_steps(3);
        press(&mut h, key(Action::UseVar));
        assert!(matches!(step(&h), Step::Move), "nothing behind the curtain");
        h.get_by_label("I am Ann — show my hand").click();
        h.run_steps(2);
        press(&mut h, key(Action::UseVar));
        assert!(matches!(step(&h), Step::Peek { .. }), "{:?}", step(&h));
    }
}
