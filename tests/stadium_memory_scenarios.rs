//! Runs every Stadium Memory scenario in `tests/scenarios/stadium-memory/`
//! and checks that malformed scenario files are located errors.

use std::path::Path;
use std::sync::Arc;
use touchline::games::stadium_memory::CardSet;
use touchline::games::stadium_memory::scenario::Scenario;

fn cards() -> Arc<CardSet> {
    Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("default data: {e}")))
}

#[test]
fn every_scenario_meets_its_expectations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/stadium-memory");
    let cards = cards();
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    entries.sort();
    assert!(entries.len() >= 25, "only {} scenarios", entries.len());
    let mut failures = Vec::new();
    for path in &entries {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let scenario = match Scenario::parse(&name, &text, cards.clone()) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{e}"));
                continue;
            }
        };
        assert!(
            scenario.description.contains("Rulebook: '"),
            "{name}: the description must cite the rulebook"
        );
        match scenario.run() {
            Ok(run) => {
                for f in scenario.check(&run) {
                    failures.push(format!("{name}: {f}"));
                }
            }
            Err(e) => failures.push(format!("{name}: setup refused: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn malformed_scenarios_are_located_errors() {
    let cards = cards();
    let cases = [
        (
            "description = \"x\"\nplayers = 2\nactions = 3\n",
            3,
            "expected a sequence",
        ),
        ("description = \"x\"\nplayers = 9\n", 2, "must be 2-6"),
        (
            "description = \"x\"\nplayers = 2\ngrid = [\"ferro ferro\",\n  \"zidane -\"]\n",
            4,
            "`zidane` is neither",
        ),
        (
            "description = \"x\"\nplayers = 2\ngrid = [\"ferro ferro\"]\nactions = [\"0: turn Z9\"]\n",
            4,
            "not a seat",
        ),
        (
            "description = \"x\"\nplayers = 2\ngrid = [\"ferro okonjo\"]\n",
            3,
            "whole pair",
        ),
        (
            "description = \"x\"\nplayers = 2\ngrid = [\"ferro ferro\"]\n[[seat]]\nprizes = [\"blue\"]\n",
            5,
            "`blue` is not a prize",
        ),
        ("description = \"x\"\nplayers = 2\nfirst = 4\n", 3, "seat 4"),
        (
            "description = \"x\"\nplayers = 2\ngrid = [\"ferro ferro\"]\n[[seat]]\n[[seat]]\n[[seat]]\npairs = []\n",
            6,
            "3 [[seat]] tables",
        ),
        (
            "description = \"x\"\nplayers = 2\ndice = [1]\n",
            3,
            "need an exact `grid`",
        ),
        (
            "game = \"booked\"\ndescription = \"x\"\nplayers = 2\n",
            1,
            "Stadium Memory",
        ),
    ];
    for (text, line, want) in cases {
        match Scenario::parse("bad.toml", text, cards.clone()) {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(e) => {
                assert_eq!(e.file, "bad.toml");
                assert_eq!(e.line, Some(line), "{e}");
                assert!(e.to_string().contains(want), "`{want}` not in `{e}`");
            }
        }
    }
}

#[test]
fn a_failed_expectation_is_reported_not_panicked() {
    let text = "description = \"x\"\nplayers = 2\nfirst = 0\ngrid = [\"ferro ferro\"]\nactions = [\"0: turn A1\"]\n[expect]\nturn = 1\nstep = \"over\"\n";
    let s = Scenario::parse("t.toml", text, cards()).unwrap_or_else(|e| panic!("{e}"));
    let run = s.run().unwrap_or_else(|e| panic!("{e}"));
    let fails = s.check(&run);
    assert_eq!(fails.len(), 2, "{fails:?}");
    assert!(fails.iter().any(|f| f.contains("turn: expected 1, got 0")));
}
