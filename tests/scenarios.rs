//! Runs every scenario file in tests/scenarios/ and checks its expectations.

use crate::util;
use touchline::cards::DataSource;
use touchline::cards::booked::{BookedDeck, load_house_rules};
use touchline::scenario::Scenario;

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
