//! Runs every Flip Duel scenario file and checks the scenario reader's
//! errors.

use std::path::PathBuf;
use std::sync::Arc;
use touchline::games::flip_duel::{CardSet, Scenario};

fn cards() -> Arc<CardSet> {
    Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("default data: {e}")))
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/flip-duel")
}

#[test]
fn every_scenario_holds() {
    let cards = cards();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "only {} scenarios", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let scenario = match Scenario::parse(&name, &text, cards.clone()) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{e}"));
                continue;
            }
        };
        if !scenario.description.contains("Rulebook: '") {
            failures.push(format!("{name}: the description must cite the rulebook"));
        }
        match scenario.run() {
            Ok(run) => {
                for f in scenario.check(&run) {
                    failures.push(format!("{name}: {f}"));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn parse_err(text: &str) -> String {
    Scenario::parse("bad.toml", text, cards())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_else(|| "accepted".into())
}

#[test]
fn malformed_scenarios_are_refused_with_file_and_line() {
    let e = parse_err("game = \"flip_duel\"\ndescription = \"x\"\nactions = [\"0: lay\"\n");
    assert!(
        e.starts_with("bad.toml:3:") || e.starts_with("bad.toml:4:"),
        "{e}"
    );
    let e = parse_err("game = \"cardball\"\ndescription = \"x\"\n");
    assert!(
        e.starts_with("bad.toml:1:8:") && e.contains("field `game`"),
        "{e}"
    );
    let e = parse_err(
        "game = \"flip_duel\"\ndescription = \"x\"\n\n[[seat]]\npack = [\"red-01\", \"red-99\"]\n",
    );
    assert!(
        e.starts_with("bad.toml:5:19:") && e.contains("there is no card `red-99`"),
        "{e}"
    );
    let e = parse_err("game = \"flip_duel\"\ndescription = \"x\"\nactions = [\"lay\"]\n");
    assert!(
        e.starts_with("bad.toml:3:12:") && e.contains("must start with the seat"),
        "{e}"
    );
    let e = parse_err("game = \"flip_duel\"\ndescription = \"x\"\nactions = [\"0: kick\"]\n");
    assert!(e.contains("unknown action `kick`"), "{e}");
    let e =
        parse_err("game = \"flip_duel\"\ndescription = \"x\"\n\n[[seat]]\npack = [\"blue-01\"]\n");
    assert!(e.contains("blue-01 is not in Red's pack"), "{e}");
    let e = parse_err("game = \"flip_duel\"\ndescription = \"x\"\n[table]\nspeed = 3\n");
    assert!(
        e.starts_with("bad.toml:4:1:") && e.contains("unknown field `speed`"),
        "{e}"
    );
    let e = parse_err("game = \"flip_duel\"\ndescription = \"x\"\n[config]\nhand = 9\n");
    assert!(e.contains("a hand holds at most 5"), "{e}");
}

#[test]
fn failed_expectations_are_listed_not_panicked() {
    let text = "game = \"flip_duel\"\ndescription = \"x\"\nactions = [\"0: lay\", \"1: lay\"]\n\n[[seat]]\npack = [\"red-01\"]\n\n[[seat]]\npack = [\"blue-01\"]\n\n[expect]\nattacker = 0\nscore = [5, 0]\nlog = [\"no such line\"]\n";
    let s = Scenario::parse("x.toml", text, cards()).unwrap_or_else(|e| panic!("{e}"));
    let run = s.run().unwrap_or_else(|e| panic!("{e}"));
    let fails = s.check(&run);
    assert_eq!(fails.len(), 3, "{fails:?}");
    assert!(
        fails
            .iter()
            .any(|f| f.starts_with("attacker: expected 0, got 1"))
    );
    assert!(
        fails
            .iter()
            .any(|f| f.starts_with("score: expected [5, 0], got [0, 0]"))
    );
}
