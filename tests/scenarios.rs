//! Runs every scenario file in tests/scenarios/ and checks its expectations.

use crate::util;
use touchline::cards::DataSource;
use touchline::games::booked::deck::{BookedDeck, load_house_rules};
use touchline::games::booked::scenario::Scenario;

#[test]
fn every_scenario_meets_its_expectations() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 30,
        "expected at least 30 scenarios, found {}",
        files.len()
    );
    let cards = util::card_set();
    let base = load_house_rules(&DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let scenario = match Scenario::parse(&name, &text, cards.clone(), &base) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        match scenario.run() {
            Ok(run) => {
                for f in scenario.check(&run) {
                    failures.push(format!("{name}: {f}"));
                }
            }
            Err(e) => failures.push(format!("{name}: the deal is refused: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_scenario_with_a_wrong_expectation_fails() {
    // The runner itself must be able to fail: a position with an expectation
    // the rules contradict is reported.
    let text = r#"
description = "a red on a clean player bounces, so expecting a send-off is wrong"
players = 2
actions = ["0: red red-1 on ARG-2"]
[table]
step = "act"
[[seat]]
hand = ["red-1"]
[[seat]]
pitch = ["ARG-2"]
[[expect.seat]]
seat = 1
sent_off = 1
"#;
    let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let base = Default::default();
    let s = Scenario::parse("inline", text, std::sync::Arc::new(deck.card_set()), &base)
        .unwrap_or_else(|e| panic!("{e}"));
    let run = s.run().unwrap_or_else(|e| panic!("{e}"));
    let fails = s.check(&run);
    assert_eq!(
        fails,
        vec!["seat 1 sent_off: expected 1, got 0".to_string()]
    );
}

/// Every Cardball scenario in tests/scenarios/cardball/ meets its
/// expectations, and together they exercise every effect word of the card
/// vocabulary, every Action outcome and every tie-break.
#[test]
fn every_cardball_scenario_meets_its_expectations_and_covers_the_vocabulary() {
    use std::collections::BTreeSet;
    use touchline::games::cardball::deck::CardballDeck;
    use touchline::games::cardball::scenario as cardball;
    use touchline::games::cardball::{ActionOutcome, Event, Mark, Payload, ZoneClass};
    use touchline::scenario::game_of;

    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/cardball");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 15,
        "expected at least 15 Cardball scenarios, found {}",
        files.len()
    );
    let deck = CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let cards = std::sync::Arc::new(deck.card_set());
    let mut failures = Vec::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mark = |m: Mark| m.key().to_string();
    for path in &files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        match game_of(&name, &text) {
            Ok(g) if g.id == "cardball" => {}
            Ok(g) => {
                failures.push(format!("{name}: not a cardball scenario: {}", g.id));
                continue;
            }
            Err(e) => {
                failures.push(format!("{name}: not a cardball scenario: {e}"));
                continue;
            }
        }
        let scenario = match cardball::Scenario::parse(&name, &text, cards.clone()) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let run = match scenario.run() {
            Ok(run) => run,
            Err(e) => {
                failures.push(format!("{name}: the position is refused: {e}"));
                continue;
            }
        };
        for f in scenario.check(&run) {
            failures.push(format!("{name}: {f}"));
        }
        for ev in &run.events {
            match ev {
                Event::Revealed {
                    attack,
                    defend,
                    class,
                    ..
                } => {
                    let (Some(a), Some(d)) = (cards.card(*attack), cards.card(*defend)) else {
                        continue;
                    };
                    let top = a.top(*class);
                    seen.insert(format!("top {}", mark(top.mark)));
                    seen.insert(format!("bottom {}", mark(d.bottom(*class))));
                    seen.insert(format!("class {}", class.key()));
                    match top.payload {
                        Payload::Advance(n) => seen.insert(format!("advance {n}")),
                        Payload::Shoot => seen.insert("shoot".into()),
                        Payload::Hold => seen.insert("hold".into()),
                    };
                }
                Event::Kick { shot, save, .. } => {
                    if let (Some(a), Some(d)) = (cards.card(*shot), cards.card(*save)) {
                        seen.insert(format!(
                            "penalty {} v {}",
                            mark(a.top(ZoneClass::InsideBox).mark),
                            mark(d.bottom(ZoneClass::InsideBox))
                        ));
                    }
                }
                Event::UsedManager { action, .. } => {
                    seen.insert("manager".into());
                    if let Some(ActionOutcome::Fifty(..)) = cards.action(*action).map(|a| a.outcome)
                    {
                        seen.insert("action fifty".into());
                    }
                }
                Event::ActionResolved { outcome, .. } => {
                    let word = outcome.to_string();
                    let word = word.split_whitespace().next().unwrap_or_default();
                    seen.insert(format!("action {word}"));
                }
                Event::SuddenDeath => {
                    seen.insert("sudden death".into());
                }
                Event::Over { ending, .. } => {
                    seen.insert(format!("ending {ending}"));
                }
                _ => {}
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    let mut missing = Vec::new();
    let mut want: Vec<String> = Vec::new();
    for m in Mark::ALL {
        want.push(format!("top {}", mark(m)));
        want.push(format!("bottom {}", mark(m)));
    }
    for w in [
        "advance 1",
        "advance 2",
        "advance 3",
        "shoot",
        "hold",
        "manager",
        "action fifty",
        "action nothing",
        "action gain",
        "action lose",
        "action advance",
        "action retreat",
        "action halfway",
        "action goal",
        "action save",
        "action concede",
        "penalty none v none",
        "penalty fifty v fifty",
        "sudden death",
        "ending full_time",
        "ending draw",
        "ending golden_goal",
        "ending penalties",
    ] {
        want.push(w.to_string());
    }
    for w in want {
        if !seen.contains(&w) {
            missing.push(w);
        }
    }
    assert!(
        missing.is_empty(),
        "no Cardball scenario exercises: {missing:?}"
    );
}

#[test]
fn a_cardball_scenario_with_a_wrong_expectation_fails() {
    // A hold keeps the ball where it is: expecting it to move is reported.
    let text = r#"
game = "cardball"
description = "none against none is a hold, so expecting the ball to move is wrong"
actions = ["0: pick st-poacher-1", "1: pick st-poacher-2"]
[table]
kicked_off = "left"
ball = 3
[[seat]]
hand = ["st-poacher-1", "gk-safe-hands"]
[[seat]]
hand = ["st-poacher-2", "gk-big-boot"]
[expect]
ball = 4
"#;
    let deck = touchline::games::cardball::deck::CardballDeck::default_set()
        .unwrap_or_else(|e| panic!("{e}"));
    let s = touchline::games::cardball::scenario::Scenario::parse(
        "inline",
        text,
        std::sync::Arc::new(deck.card_set()),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let run = s.run().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.check(&run), vec!["ball: expected 4, got 3".to_string()]);
    // The Booked! reader refuses a Cardball file instead of misreading it.
    let booked = Scenario::parse(
        "inline",
        text,
        util::card_set(),
        &touchline::games::booked::HouseRules::default(),
    );
    let msg = booked.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("this reader runs Booked! scenarios"), "{msg}");
}

/// Every scenario folder of every game in the registry runs through the
/// registry's scenario hook, as `touchline scenario` runs it, and exits 0.
#[test]
fn every_game_runs_its_scenario_folder_through_the_registry() {
    use touchline::cards::DataSource;
    use touchline::scenario::{Ran, game_of};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let source = DataSource::embedded();
    let mut ran = std::collections::BTreeMap::new();
    let mut failures = Vec::new();
    for dir in ["cardball", "eleven", "flip-duel", "stadium-memory"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        for path in files {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            let game = game_of(&name, &text).unwrap_or_else(|e| panic!("{e}"));
            let Some(run) = game.scenario else {
                failures.push(format!("{name}: {} has no scenario hook", game.id));
                continue;
            };
            let result = run(&source, &name, &text);
            if result.exit_code() != 0 {
                failures.push(match result {
                    Ran::Malformed(m) => m,
                    Ran::Done {
                        failures, illegal, ..
                    } => format!("{name}: {failures:?} {illegal:?}"),
                });
            }
            *ran.entry(game.id).or_insert(0) += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran.get("eleven").is_some_and(|n| *n >= 1), "{ran:?}");
    assert!(ran.get("flip-duel").is_some_and(|n| *n >= 25), "{ran:?}");
    assert!(
        ran.get("stadium-memory").is_some_and(|n| *n >= 25),
        "{ran:?}"
    );
}
