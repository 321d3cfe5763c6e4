//! Every scenario of every game in the registry, run as `touchline
//! scenario` runs it: each game's folder `tests/scenarios/<id>/` must exist
//! and every file in it must meet its expectations. Then the shared format
//! itself: a wrong expectation fails, checkpoints check a refusal and go
//! on, and a malformed file is a located error in every game's part.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use touchline::cards::DataSource;
use touchline::games::{GAMES, GameEntry};
use touchline::scenario::Ran;

fn folder(g: &GameEntry) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(g.id)
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// Runs `text` as `touchline scenario` would: the game its `game` key
/// names, through the registry.
fn run(name: &str, text: &str) -> Ran {
    match touchline::games::scenario_game(name, text) {
        Ok(g) => (g.scenario)(&DataSource::embedded(), name, text),
        Err(e) => Ran::Malformed(e.to_string()),
    }
}

/// What a run came to, in words: `ok`, or its problems.
fn verdict(ran: &Ran) -> String {
    match ran {
        Ran::Malformed(m) => format!("malformed: {m}"),
        Ran::Done {
            failures, illegal, ..
        } if failures.is_empty() && illegal.is_none() => "ok".into(),
        Ran::Done {
            failures, illegal, ..
        } => format!("{failures:?} {illegal:?}"),
    }
}

#[test]
fn every_scenario_of_every_game_meets_its_expectations() {
    let mut failures = Vec::new();
    let mut counts = Vec::new();
    for g in GAMES {
        let files = files(&folder(g));
        counts.push((g.id, files.len()));
        for path in files {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            // Each file is in its game's folder and says so.
            match touchline::games::scenario_game(&name, &text) {
                Ok(found) if found.id == g.id => {}
                Ok(found) => failures.push(format!("{name}: a {} scenario", found.id)),
                Err(e) => failures.push(e.to_string()),
            }
            let ran = run(&name, &text);
            if ran.exit_code() != 0 {
                failures.push(format!("{name}: {}", verdict(&ran)));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    for (id, n) in counts {
        assert!(n >= 1, "{id} has no scenarios in tests/scenarios/{id}/");
    }
}

#[test]
fn a_scenario_with_a_wrong_expectation_fails() {
    // The runner itself must be able to fail: a position with an
    // expectation the rules contradict is reported, naming it.
    let text = r#"
game = "booked"
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
    let ran = run("inline", text);
    assert_eq!(ran.exit_code(), 1);
    assert_eq!(
        verdict(&ran),
        r#"["seat 1 sent_off: expected 1, got 0"] None"#
    );
    // A hold keeps Cardball's ball where it is: expecting it to move fails.
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
turn = 1
"#;
    let ran = run("inline", text);
    assert_eq!(
        verdict(&ran),
        r#"["turn: expected seat 1, got None", "ball: expected 4, got 3"] None"#
    );
    // Eleven's season: a Stand costs 3 Cash, so 2 are left of 5, not 5.
    let text = r#"
game = "eleven"
description = "building costs 3 Cash, so expecting the Cash untouched is wrong"
seed = 5
actions = ["0: build stand"]
[season]
at = "tuesday"
[[season.club]]
cash = 5
[[expect.club]]
seat = 0
cash = 5
"#;
    let ran = run("inline", text);
    assert_eq!(ran.exit_code(), 1);
    assert_eq!(verdict(&ran), r#"["club 0: cash: expected 5, got 2"] None"#);
}

#[test]
fn a_checkpoint_checks_a_refusal_and_the_scenario_goes_on() {
    let text = r#"
game = "booked"
description = "a Yellow on one's own player is refused; the same card then books an opponent"
players = 2
actions = ["0: yellow yellow-1 on BRA-2", "0: yellow yellow-1 on ARG-2"]
[table]
step = "act"
[[seat]]
hand = ["yellow-1"]
pitch = ["BRA-2"]
[[seat]]
pitch = ["ARG-2"]
[[checkpoint]]
after = 1
error = "is illegal"
to_act = 0
[[expect.seat]]
seat = 1
pitch = ["ARG-2 +yellow-1"]
"#;
    assert_eq!(verdict(&run("inline", text)), "ok");
    // The checkpoint's own expectations are checked where it stands.
    let wrong = text.replace("to_act = 0", "to_act = 1");
    assert_eq!(
        verdict(&run("inline", &wrong)),
        r#"["after action 1: to_act: expected seat 1, got Some(0)"] None"#
    );
    // A refusal no checkpoint expects stops the run: the action is illegal.
    let unexpected = text.replace("error = \"is illegal\"\n", "");
    let ran = run("inline", &unexpected);
    assert_eq!(ran.exit_code(), 2, "{}", verdict(&ran));
    // A checkpoint after an action the file does not have is malformed.
    let past = text.replace("after = 1", "after = 3");
    assert!(
        verdict(&run("inline", &past)).contains("`after = 3` names no action"),
        "{}",
        verdict(&run("inline", &past))
    );
}

/// A malformed file is refused with its file, line and field, by the head
/// or by the game's part, for every game's own keys.
#[test]
fn malformed_scenarios_are_located_errors_in_every_game() {
    let cases: [(&str, &str, &str); 18] = [
        (
            "game = \"eleven\"\ndescription = \"x\"\n[season]\nat = \"friday\"\n",
            "bad.toml:4:6:",
            "`friday` is not a step",
        ),
        (
            "game = \"eleven\"\ndescription = \"x\"\n[season]\nat = \"tuesday\"\n[[season.club]]\nplayers = [\"player-999\"]\n",
            "bad.toml:5:1: field `season.club`",
            "there is no card `player-999`",
        ),
        (
            "game = \"eleven\"\ndescription = \"x\"\n[season]\nspeed = 3\n",
            "bad.toml:4:1:",
            "unknown field `speed`",
        ),
        (
            "game = \"eleven\"\ndescription = \"x\"\nactions = [\"0: fly\"]\n[season]\n",
            "bad.toml: field `actions`",
            "`fly` is not a season action",
        ),
        (
            "description = \"x\"\nplayers = 2\n",
            "bad.toml",
            "a scenario names its game",
        ),
        (
            "game = \"flip_duel\"\ndescription = \"x\"\n",
            "bad.toml",
            "did you mean `flip-duel`?",
        ),
        (
            "game = \"flip-duel\"\ndescription = \"x\"\nactions = [\"0: lay\"\n",
            "bad.toml:3:",
            "",
        ),
        (
            "game = \"flip-duel\"\ndescription = \"x\"\n\n[[seat]]\npack = [\"red-01\", \"red-99\"]\n",
            "bad.toml:5:19:",
            "there is no card `red-99`",
        ),
        (
            "game = \"flip-duel\"\ndescription = \"x\"\nactions = [\"lay\"]\n",
            "bad.toml",
            "must start with the seat",
        ),
        (
            "game = \"flip-duel\"\ndescription = \"x\"\n[table]\nspeed = 3\n",
            "bad.toml:4:1:",
            "unknown field `speed`",
        ),
        (
            "game = \"flip-duel\"\ndescription = \"x\"\n[config]\nhand = 9\n",
            "bad.toml",
            "a hand holds at most 5",
        ),
        (
            "game = \"stadium-memory\"\ndescription = \"x\"\nplayers = 9\n",
            "bad.toml:3:",
            "must be 2-6",
        ),
        (
            "game = \"stadium-memory\"\ndescription = \"x\"\nplayers = 2\ngrid = [\"ferro ferro\",\n  \"zidane -\"]\n",
            "bad.toml:5:",
            "`zidane` is neither",
        ),
        (
            "game = \"stadium-memory\"\ndescription = \"x\"\nplayers = 2\ngrid = [\"ferro ferro\"]\n[[seat]]\nprizes = [\"blue\"]\n",
            "bad.toml:6:",
            "`blue` is not a prize",
        ),
        (
            "game = \"stadium-memory\"\ndescription = \"x\"\nplayers = 2\n[expect]\nturn = 1\ncolour = 3\n",
            "bad.toml:6:1:",
            "unknown field `colour`",
        ),
        (
            "game = \"booked\"\ndescription = \"x\"\nplayers = 2\n[[seat]]\nhand = [\"BRA-99\"]\n",
            "bad.toml",
            "there is no card `BRA-99`",
        ),
        (
            "game = \"cardball\"\ndescription = \"x\"\n[config]\ntie_break = \"coin\"\n",
            "bad.toml",
            "`coin`: use penalties, golden_goal or draw",
        ),
        (
            "game = \"cardball\"\ndescription = \"x\"\n[[checkpoint]]\nafter = 1\n",
            "bad.toml",
            "names no action (there are 0)",
        ),
    ];
    for (text, at, want) in cases {
        match run("bad.toml", text) {
            Ran::Malformed(m) => {
                assert!(m.starts_with(at), "`{at}` does not start `{m}`");
                assert!(m.contains(want), "`{want}` not in `{m}`");
            }
            other => panic!("accepted:\n{text}\n{}", verdict(&other)),
        }
    }
}

/// Every Cardball scenario together exercises every effect word of the
/// card vocabulary, every Action outcome and every tie-break.
#[test]
fn the_cardball_scenarios_cover_the_vocabulary() {
    use touchline::games::cardball::{ActionOutcome, Cardball, Event, Mark, Payload, ZoneClass};
    let source = DataSource::embedded();
    let Some(g) = touchline::games::find("cardball") else {
        panic!("no cardball in the registry");
    };
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mark = |m: Mark| m.key().to_string();
    for path in files(&folder(g)) {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (_, played) = touchline::games::kit::play_scenario::<Cardball>(&source, &name, &text);
        let Some(run) = played else {
            panic!("{name} does not set up");
        };
        let cards = run.game.cards().clone();
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
    let missing: Vec<String> = want.into_iter().filter(|w| !seen.contains(w)).collect();
    assert!(
        missing.is_empty(),
        "no Cardball scenario exercises: {missing:?}"
    );
}
