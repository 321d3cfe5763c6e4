//! The `touchline` binary: exit codes, messages and output shapes.

use std::path::Path;
use std::process::Command;

fn touchline() -> Command {
    Command::new(env!("CARGO_BIN_EXE_touchline"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = touchline()
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run touchline: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn check_summarises_the_default_deck() {
    let (code, out, err) = run(&["check"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "198 cards: 154 players, 22 referees, 8 yellow cards, 4 red cards, 6 super subs"
        ),
        "{out}"
    );
}

#[test]
fn check_summarises_the_cardball_deck() {
    let (code, out, err) = run(&["check"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("cardball: 83 cards: 20 pitch cards, 48 Manager cards"),
        "{out}"
    );
    assert!(out.contains("4 MGR), 15 Action cards"), "{out}");
}

#[test]
fn check_names_file_line_card_and_field_of_a_broken_cardball_deck() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cardball = dir.path().join("cardball");
    std::fs::create_dir_all(&cardball).unwrap_or_else(|e| panic!("{e}"));
    let text =
        touchline::cards::DataSource::embedded_file("cardball/actions.toml").unwrap_or_default();
    let broken = text.replacen("outcome = \"gain\"", "outcome = \"steal\"", 1);
    std::fs::write(cardball.join("actions.toml"), &broken).unwrap_or_else(|e| panic!("{e}"));
    let (code, out, err) = run(&["check", "--data", &dir.path().display().to_string()]);
    assert_eq!(code, 1);
    let line = broken[..broken.find("steal").unwrap_or(0)]
        .matches('\n')
        .count()
        + 1;
    let file = cardball.join("actions.toml").display().to_string();
    assert!(err.contains("cardball: 1 problem(s)"), "{err}");
    assert!(err.contains(&format!("{file}:{line}:")), "{err}");
    assert!(
        err.contains("card act-interception (Interception), field `outcome`"),
        "{err}"
    );
    // Booked! still checks fine beside it.
    assert!(out.contains("booked: 14 nations"), "{out}");
}

#[test]
fn check_names_file_line_card_and_field_of_a_broken_deck() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let booked = dir.path().join("booked");
    std::fs::create_dir_all(&booked).unwrap_or_else(|e| panic!("{e}"));
    let text =
        touchline::cards::DataSource::embedded_file("booked/nations.toml").unwrap_or_default();
    let broken = text.replacen("position = \"GK\"", "position = \"KEEPER\"", 1);
    std::fs::write(booked.join("nations.toml"), &broken).unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = run(&["check", "--data", &dir.path().display().to_string()]);
    assert_eq!(code, 1);
    let line = broken[..broken.find("KEEPER").unwrap_or(0)]
        .matches('\n')
        .count()
        + 1;
    let file = booked.join("nations.toml").display().to_string();
    assert!(err.contains(&format!("{file}:{line}:")), "{err}");
    assert!(
        err.contains("field `position`: `KEEPER` is not a position"),
        "{err}"
    );
    assert!(err.contains("card BRA-1"), "{err}");
    // The keeper is gone, so the squad rule reports too.
    assert!(err.contains("a nation without a keeper"), "{err}");
}

#[test]
fn check_reports_eleven_and_locates_its_errors() {
    let (code, out, err) = run(&["check"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("eleven: 274 cards: 36 players, 18 youngsters, 8 veterans"),
        "{out}"
    );
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let eleven = dir.path().join("eleven");
    std::fs::create_dir_all(&eleven).unwrap_or_else(|e| panic!("{e}"));
    let text =
        touchline::cards::DataSource::embedded_file("eleven/opponents.toml").unwrap_or_default();
    let broken = text.replacen(
        "goalkeeper = { strength = 1, saves = 1 }",
        "goalkeeper = { strength = 1, saves = 9 }",
        1,
    );
    std::fs::write(eleven.join("opponents.toml"), &broken).unwrap_or_else(|e| panic!("{e}"));
    let (code, out, err) = run(&["check", "--data", &dir.path().display().to_string()]);
    assert_eq!(code, 1, "{out}");
    // Booked! is still checked and fine.
    assert!(out.contains("booked: Booked! Core Set"), "{out}");
    let line = broken[..broken.find("saves = 9").unwrap_or(0)]
        .matches('\n')
        .count()
        + 1;
    let file = eleven.join("opponents.toml").display().to_string();
    assert!(err.contains("eleven: 1 problem(s)"), "{err}");
    assert!(
        err.contains(&format!(
            "{file}:{line}:1: card opponent-01, field `goalkeeper`: must be 1-3, found 9"
        )),
        "{err}"
    );
}

#[test]
fn an_illegal_scenario_action_exits_2_naming_action_and_rule() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let file = dir.path().join("wall.toml");
    std::fs::write(
        &file,
        r#"
game = "booked"
description = "THE WALL blocks a Yellow"
players = 2
actions = ["0: yellow yellow-1 on ARG-2"]
[table]
step = "act"
walls = [false, true]
[[seat]]
hand = ["yellow-1"]
[[seat]]
pitch = ["ARG-2"]
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = run(&["scenario", &file.display().to_string()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`yellow yellow-1 on ARG-2`"), "{err}");
    assert!(err.contains("THE WALL protects seat 1's pitch"), "{err}");
}

#[test]
fn scenario_prints_state_and_events_as_json() {
    let any = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/booked/var-review-cancels-yellow.toml");
    let (code, out, err) = run(&["scenario", &any.display().to_string()]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert!(
        v["state"]["seats"].is_array() && v["events"].is_array(),
        "{out}"
    );
}

#[test]
fn simulate_json_has_the_documented_shape() {
    let (code, out, err) = run(&[
        "simulate",
        "booked",
        "--games",
        "40",
        "--players",
        "3",
        "--seed",
        "5",
        "--bots",
        "heuristic,random",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["games"], 40);
    for key in ["games_per_second", "decisions_per_second"] {
        assert!(v[key].as_f64().is_some_and(|x| x > 0.0), "{key}: {out}");
    }
    let wins = v["wins_by_seat"].as_array().map(Vec::len);
    assert_eq!(wins, Some(3));
    for key in ["mean", "median", "max"] {
        assert!(v["turns"][key].is_number(), "{out}");
    }
    let endings: u64 = v["endings"]
        .as_object()
        .map_or(0, |m| m.values().filter_map(|x| x.as_u64()).sum());
    assert_eq!(endings, 40);
    assert_eq!(v["bots"][2], "heuristic");
}

#[test]
fn simulate_eleven_match_prints_goal_and_result_distributions() {
    let args = [
        "simulate",
        "eleven-match",
        "--games",
        "60",
        "--seed",
        "9",
        "--division",
        "2",
        "--json",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["games"], 60);
    assert_eq!(v["division"], 2);
    let r = &v["results"];
    let total = ["win", "draw", "loss"]
        .iter()
        .filter_map(|k| r[*k].as_u64())
        .sum::<u64>();
    assert_eq!(total, 60, "{out}");
    for key in ["goals_for", "goals_against"] {
        let n: u64 = v[key]
            .as_object()
            .map_or(0, |m| m.values().filter_map(|x| x.as_u64()).sum());
        assert_eq!(n, 60, "{key}: {out}");
    }
    // Division 2 meets only the 3/2 and 2/1 decks.
    let decks: Vec<String> = v["results_by_deck"]
        .as_object()
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    assert!(decks.iter().all(|d| d == "3/2" || d == "2/1"), "{decks:?}");
    // The same seed plays the same matches.
    let (_, again, _) = run(&args);
    let w: serde_json::Value = serde_json::from_str(&again).unwrap_or_else(|e| panic!("{e}"));
    for key in ["results", "results_by_deck", "goals_for", "goals_against"] {
        assert_eq!(v[key], w[key], "{key}");
    }
    let (code, text, err) = run(&["simulate", "eleven-match", "--games", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("20 matches of eleven match"), "{text}");
    assert!(text.contains("goals for"), "{text}");
    let (code, _, err) = run(&["simulate", "eleven-match", "--division", "4"]);
    assert_eq!(code, 1);
    assert!(err.contains("--division must be 1-3"), "{err}");
}

#[test]
fn simulate_eleven_plays_whole_seasons() {
    let args = [
        "simulate",
        "eleven",
        "--managers",
        "3",
        "--division",
        "1",
        "--games",
        "6",
        "--seed",
        "4",
        "--bots",
        "heuristic,random",
        "--json",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["games"], 6, "{out}");
    assert_eq!(v["stalled"], 0, "{out}");
    assert_eq!(v["abandoned"], 0, "{out}");
    assert_eq!(v["players"], 3);
    assert_eq!(v["bots"][1], "random");
    // Each club ends the season somewhere in the League table.
    let position = v["figures"]["seat 0 position"].as_f64().unwrap_or(0.0);
    assert!(position >= 1.0, "{out}");
    for line in [
        "VP: league",
        "VP: tokens",
        "VP: staff sets",
        "VP: infrastructure",
        "VP: office",
        "VP: suspensions",
    ] {
        assert!(v["figures"][line].is_number(), "{line}: {out}");
    }
    let (code, text, err) = run(&[
        "simulate",
        "eleven",
        "--managers",
        "1",
        "--games",
        "3",
        "--scenario",
        "solo-02",
        "--division",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("3 games of eleven with 1 managers"), "{text}");
    assert!(text.contains("scenario won"), "{text}");
    let (code, _, err) = run(&["simulate", "eleven", "--managers", "5", "--games", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("--players must be 1-4 for Eleven"), "{err}");
    let (code, _, err) = run(&[
        "simulate",
        "eleven",
        "--managers",
        "1",
        "--games",
        "1",
        "--scenario",
        "solo-99",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("no solo Scenario `solo-99`"), "{err}");
}

#[test]
fn bad_simulate_options_are_clear_errors() {
    let (code, _, err) = run(&["simulate", "booked", "--players", "9"]);
    assert_eq!(code, 1);
    assert!(err.contains("--players must be 2-6 for Booked!"), "{err}");
    let (code, _, err) = run(&["simulate", "booked", "--bots", "genius"]);
    assert_eq!(code, 1);
    assert!(err.contains("Booked! has no bot `genius`"), "{err}");
    // An option another game reads is refused, naming the game.
    let (code, _, err) = run(&["simulate", "booked", "--tie-break", "draw"]);
    assert_eq!(code, 1);
    assert!(err.contains("Booked! does not read --tie-break"), "{err}");
    let (code, _, err) = run(&["simulate", "flip-duel", "--division", "2"]);
    assert_eq!(code, 1);
    assert!(err.contains("Flip Duel does not read --division"), "{err}");
    // `--option` names any game's option; the same checks apply.
    let (code, _, err) = run(&["simulate", "booked", "--option", "tie_break=draw"]);
    assert_eq!(code, 1);
    assert!(err.contains("Booked! does not read --tie-break"), "{err}");
    let (code, _, err) = run(&["simulate", "cardball", "-o", "tie-break"]);
    assert_eq!(code, 1);
    assert!(err.contains("--option takes NAME=VALUE"), "{err}");
    let (code, _, err) = run(&[
        "simulate",
        "cardball",
        "--tie-break",
        "draw",
        "-o",
        "tie_break=draw",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("`tie_break` is given twice"), "{err}");
}

#[test]
fn simulate_takes_a_game_option_by_name() {
    let args = |extra: &[&'static str]| {
        let mut a = vec![
            "simulate", "cardball", "--games", "30", "--seed", "5", "--json",
        ];
        a.extend_from_slice(extra);
        a
    };
    let (code, by_flag, err) = run(&args(&["--tie-break", "draw"]));
    assert_eq!(code, 0, "{err}");
    let (code, by_name, err) = run(&args(&["--option", "tie_break=draw"]));
    assert_eq!(code, 0, "{err}");
    let (code, plain, err) = run(&args(&[]));
    assert_eq!(code, 0, "{err}");
    let endings = |text: &str| -> String {
        let v: serde_json::Value =
            serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        v["endings"].to_string()
    };
    assert_eq!(endings(&by_flag), endings(&by_name));
    assert_ne!(
        endings(&by_flag),
        endings(&plain),
        "a drawn match ends differently"
    );
}

#[test]
fn simulate_cardball_reports_whole_matches() {
    let (code, out, err) = run(&[
        "simulate",
        "cardball",
        "--games",
        "60",
        "--seed",
        "3",
        "--bots",
        "heuristic,random",
        "--tie-break",
        "draw",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["game"], "cardball");
    assert_eq!(v["games"], 60);
    assert_eq!(v["players"], 2);
    assert_eq!(v["bots"][1], "random");
    // Every match of the standard set is 18 rounds; a draw ends there.
    assert_eq!(v["turns"]["max"], 18, "{out}");
    let endings = v["endings"].as_object().cloned().unwrap_or_default();
    let total: u64 = endings.values().filter_map(serde_json::Value::as_u64).sum();
    assert_eq!(total, 60, "{out}");
    assert!(
        endings.keys().all(|k| k == "full_time" || k == "draw"),
        "{out}"
    );
    // The heuristic bot beats random play by a wide margin.
    let wins: Vec<u64> = v["wins_by_seat"]
        .as_array()
        .map(|a| a.iter().filter_map(serde_json::Value::as_u64).collect())
        .unwrap_or_default();
    assert!(wins.len() == 2 && wins[0] > 3 * wins[1], "{out}");
}

#[test]
fn simulate_cardball_plays_2v2_and_checks_its_options() {
    let (code, out, err) = run(&[
        "simulate",
        "cardball",
        "--games",
        "20",
        "--players",
        "4",
        "--teams",
        "on_the_spot",
        "--halves",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("20 games of cardball with 4 managers"),
        "{out}"
    );
    let (code, _, err) = run(&["simulate", "cardball", "--players", "3"]);
    assert_eq!(code, 1);
    assert!(err.contains("--players must be 2 (or 4 for 2v2)"), "{err}");
    let (code, _, err) = run(&["simulate", "cardball", "--tie-break", "coin"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown --tie-break `coin`"), "{err}");
}

#[test]
fn a_cardball_scenario_runs_from_the_command_line() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/cardball/striker-against-keeper-dilemma-scores.toml");
    let (code, out, err) = run(&["scenario", &file.display().to_string()]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["state"]["score"], serde_json::json!([1, 0]));
    assert_eq!(v["failures"], serde_json::json!([]));
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/cardball/pick-a-card-not-in-hand-is-refused.toml");
    let (code, _, err) = run(&["scenario", &file.display().to_string()]);
    assert_eq!(code, 0, "an expected error passes: {err}");
}

#[test]
fn help_and_check_name_every_game_of_the_registry() {
    let (code, out, err) = run(&["--help"]);
    assert_eq!(code, 0, "{err}");
    let (check_code, checked, err) = run(&["check"]);
    assert_eq!(check_code, 0, "{err}");
    for g in touchline::games::GAMES {
        assert!(out.contains(g.id), "--help lacks {}: {out}", g.id);
        assert!(
            checked.contains(&format!("{}: ", g.id)),
            "check lacks {}",
            g.id
        );
    }
}

#[test]
fn scenario_exit_codes_tell_a_failed_expectation_from_a_malformed_file() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let scenario = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
        run(&["scenario", &p.display().to_string()])
    };
    let good = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/booked/draw-from-deck.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scenario("good.toml", &good).0, 0);
    // The same file expecting another winner: an expectation fails.
    let wrong = good.replace("[expect]", "[expect]\nwinner = [1]");
    let (code, _, err) = scenario("wrong.toml", &wrong);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("expectation failed"), "{err}");
    // Broken TOML, an unknown game and a missing file are malformed: 2.
    let (code, _, err) = scenario("broken.toml", "players = [\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("broken.toml:"), "{err}");
    let (code, _, err) = scenario("chess.toml", "game = \"chess\"\n");
    assert_eq!(code, 2);
    assert!(err.contains("booked, cardball"), "{err}");
    assert_eq!(run(&["scenario", "/no/such/file.toml"]).0, 2);
}

#[test]
fn every_games_scenario_runs_from_the_command_line() {
    for dir in touchline::games::GAMES.iter().map(|g| g.id) {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/scenarios")
            .join(dir);
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .unwrap_or_else(|e| panic!("{e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        files.sort();
        let first = files.first().unwrap_or_else(|| panic!("no {dir} scenario"));
        let (code, out, err) = run(&["scenario", &first.display().to_string()]);
        assert_eq!(code, 0, "{}: {err}", first.display());
        assert!(out.contains("\"failures\": []"), "{out}");
    }
}

#[test]
fn simulate_runs_the_new_games_through_the_registry() {
    let (code, out, err) = run(&[
        "simulate",
        "flip-duel",
        "--games",
        "200",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["games"], 200);
    assert_eq!(v["threads"], 1);
    let endings: u64 = v["endings"]
        .as_object()
        .map_or(0, |m| m.values().filter_map(|x| x.as_u64()).sum());
    assert_eq!(endings, 200, "{out}");
    assert!(
        v["figures"]["goals"].as_f64().is_some_and(|g| g > 0.0),
        "{out}"
    );
    let (code, out, err) = run(&[
        "simulate",
        "stadium-memory",
        "--games",
        "20",
        "--players",
        "3",
        "--bots",
        "perfect,random",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("seat 0 (memory-4"), "{out}");
    assert!(out.contains("yellow played"), "{out}");
    let (code, _, err) = run(&["simulate", "flip-duel", "--players", "3"]);
    assert_eq!(code, 1);
    assert!(err.contains("--players must be 2 for Flip Duel"), "{err}");
}

#[test]
fn play_refuses_an_unknown_game_or_a_wrong_table_before_opening_a_window() {
    let (code, _, err) = run(&["play", "chess"]);
    assert_ne!(code, 0);
    assert!(err.contains("is no game"), "{err}");
    let (code, _, err) = run(&["play", "booked", "--seats", "human"]);
    assert_ne!(code, 0);
    assert!(err.contains("2-6"), "{err}");
    let (code, _, err) = run(&["play", "booked", "--seats", "human,wizard"]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown seat"), "{err}");
    // A count within the game's range that its table does not play.
    let (code, _, err) = run(&["play", "cardball", "--seats", "bot,bot,bot"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not 3"), "{err}");
    // House rules the table cannot read.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "deal_size = \"many\"").unwrap_or_else(|e| panic!("{e}"));
    let rules = rules.display().to_string();
    let (code, _, err) = run(&["play", "booked", "--seats", "bot,bot", "--rules", &rules]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("rules.toml"), "{err}");
}

#[test]
fn play_reads_a_games_table_options_and_refuses_the_rest() {
    // Flip Duel reads who kicks off; a wrong value, an option it does not
    // read and an option for a game that reads none are all refused before
    // a window opens.
    let (code, _, err) = run(&["play", "flip-duel", "--option", "kick_off=green"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("red, blue or toss"), "{err}");
    let (code, _, err) = run(&["play", "flip-duel", "--option", "tie_break=draw"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("tie-break") && err.contains("kick-off"),
        "{err}"
    );
    let (code, _, err) = run(&["play", "booked", "--option", "kick_off=red"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("Booked! takes no --option"), "{err}");
    let (code, _, err) = run(&["play", "flip-duel", "--option", "kick_off"]);
    assert_ne!(code, 0);
    assert!(err.contains("NAME=VALUE"), "{err}");
}

#[test]
fn a_missing_data_folder_is_an_error_and_an_unknown_file_a_warning() {
    let (code, _, err) = run(&["--data", "/no/such/folder", "check"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("/no/such/folder"), "{err}");
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let file = dir.path().join("plain.txt");
    std::fs::write(&file, "x").unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = run(&["--data", &file.display().to_string(), "check"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a file"), "{err}");
    // A misspelt file name is named, and the built-in file is used.
    std::fs::create_dir_all(dir.path().join("booked")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.path().join("booked/nation.toml"), "").unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = run(&["--data", &dir.path().display().to_string(), "check"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("nation.toml: no game reads this file"),
        "{err}"
    );
    assert!(
        !err.contains("warning: ") || err.matches("warning: ").count() == 1,
        "{err}"
    );
}

#[test]
fn simulate_refuses_a_thread_count_out_of_range() {
    for n in ["0", "100000"] {
        let (code, _, err) = run(&["simulate", "booked", "--games", "2", "--threads", n]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("--threads must be 1-256"), "{err}");
    }
    let (code, out, err) = run(&["simulate", "eleven", "--games", "20", "--division", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(division 2; "), "{out}");
}

#[test]
fn check_and_export_end_quietly_when_the_reader_has_gone() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("b.pdf");
    let out = out.to_string_lossy().to_string();
    for args in [
        vec!["check"],
        vec!["export", "--select", "kind:red", "--out", out.as_str()],
    ] {
        // A reader that closes its end at once, like `| head -0`.
        let mut child = touchline()
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        drop(child.stdout.take());
        let run = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(run.status.success(), "{args:?}: {stderr}");
    }
}

#[test]
fn soak_plays_every_game_of_the_registry_and_reports_no_failure() {
    let (code, out, err) = run(&["soak", "--games", "40", "--threads", "2", "--seed", "7"]);
    assert_eq!(code, 0, "{out}\n{err}");
    for g in touchline::games::GAMES {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{} ", g.id)))
            .unwrap_or_else(|| panic!("no line for {}: {out}", g.id));
        assert!(line.contains(" 8 games"), "{line}");
        assert!(
            line.contains("panics 0  not ended 0  cards created or lost 0"),
            "{line}"
        );
    }
    assert!(out.trim_end().ends_with("0 failures"), "{out}");
    // One game alone, as a failure is replayed.
    let (code, out, _) = run(&["soak", "--game", "flip-duel", "--games", "3"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("flip-duel") && !out.contains("booked"),
        "{out}"
    );
}

#[test]
fn soak_refuses_bad_options() {
    for (args, want) in [
        (&["soak", "--game", "chess"][..], "unknown game `chess`"),
        (
            &["soak", "--games", "0"][..],
            "--games must be 1-1000000000, not 0",
        ),
        (&["soak", "--threads", "0"][..], "--threads must be 1-256"),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 1, "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// The number of cards `export` reports writing.
fn cards_written(out: &str) -> usize {
    let cards = out
        .split(", ")
        .find_map(|part| part.strip_suffix(" cards"))
        .unwrap_or_else(|| panic!("no card count in {out}"));
    cards
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no card count in {out}"))
}

/// The cards of `game`'s embedded deck that `keep` picks.
fn count_in(game: &str, keep: impl Fn(&touchline::layout::PrintCard) -> bool) -> usize {
    use touchline::render::options::PrintGame;
    let deck = PrintGame::of(game)
        .unwrap_or_else(|| panic!("no game {game}"))
        .load(&touchline::cards::DataSource::embedded())
        .unwrap_or_else(|e| panic!("{e}"));
    deck.cards.iter().filter(|c| keep(c)).count()
}

#[test]
fn export_only_prints_the_chosen_nations_and_decks() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("only.pdf");
    let out = out.to_string_lossy().to_string();
    let nation = |code: &'static str| {
        move |c: &touchline::layout::PrintCard| {
            c.fields
                .get("nation.code")
                .is_some_and(|n| n.to_string() == code)
        }
    };
    let ger = count_in("booked", nation("GER"));
    let referees = count_in("booked", |c| c.kind == "referee");
    assert!(ger > 0 && referees > 0);

    let (code, text, err) = run(&["export", "--only", "GER", "--out", &out]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(cards_written(&text), ger, "{text}");

    let (code, text, err) = run(&[
        "export", "--only", "ger", "--only", "referee", "--copies", "2", "--out", &out,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(cards_written(&text), 2 * (ger + referees), "{text}");

    let staff = count_in("eleven", |c| c.kind == "staff");
    assert!(staff > 0);
    let (code, text, err) = run(&[
        "export", "--game", "eleven", "--only", "staff", "--out", &out,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(cards_written(&text), staff, "{text}");
}

#[test]
fn export_only_names_the_valid_selectors_for_an_unknown_one() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("none.pdf");
    let (code, _, err) = run(&["export", "--only", "XYZ", "--out", &out.to_string_lossy()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--only XYZ: no such deck or nation"), "{err}");
    assert!(err.contains("referee") && err.contains("GER"), "{err}");
    assert!(!out.exists());
}

#[test]
fn export_changed_prints_only_the_cards_whose_hash_differs() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("deck.pdf");
    let out = out.to_string_lossy().to_string();
    let cards = format!("{out}.cards");

    // No hash file yet: said, everything prints beside the chosen file,
    // and the hashes are kept.
    let changed = dir.path().join("deck.changed.pdf");
    let (code, text, err) = run(&["export", "--changed", "--out", &out]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("no record of an earlier print to "), "{text}");
    let all = count_in("booked", |_| true);
    assert_eq!(cards_written(&text), all, "{text}");
    assert!(changed.exists() && !Path::new(&out).exists());
    let hashes = std::fs::read_to_string(&cards).unwrap_or_default();
    assert_eq!(hashes.lines().count(), all);

    // Nothing changed: nothing written.
    std::fs::remove_file(&changed).unwrap_or_else(|e| panic!("{e}"));
    let (code, text, err) = run(&["export", "--changed", "--out", &out]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("nothing changed"), "{text}");
    assert!(!Path::new(&out).exists() && !changed.exists());

    // Two cards whose kept hash no longer matches print again, alone.
    let edited: String = hashes
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 3 || i == 40 {
                format!(
                    "0000000000000000 {}\n",
                    l.split_once(' ').map_or("", |p| p.1)
                )
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(&cards, edited).unwrap_or_else(|e| panic!("{e}"));
    let (code, text, err) = run(&["export", "--changed", "--out", &out]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(cards_written(&text), 2, "{text}");
    assert_eq!(std::fs::read_to_string(&cards).unwrap_or_default(), hashes);

    // A damaged hash file is named with its line.
    std::fs::write(&cards, "nonsense\n").unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = run(&["export", "--changed", "--out", &out]);
    assert_eq!(code, 1);
    assert!(err.contains("deck.pdf.cards line 1"), "{err}");
}

#[test]
fn counts_are_bounded_before_anything_is_allocated() {
    for game in touchline::games::GAMES.iter().map(|g| g.id) {
        let (code, _, err) = run(&["simulate", game, "--games", "99999999999"]);
        assert_eq!(code, 1, "{game}: {err}");
        assert!(err.contains("--games must be 1-10000000"), "{game}: {err}");
    }
    let (code, _, err) = run(&["soak", "--games", "99999999999"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--games must be 1-1000000000"), "{err}");
}

#[test]
fn a_failed_write_on_standard_output_fails_the_command() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        eprintln!("no /dev/full here: nothing to check");
        return;
    }
    for args in [
        &["simulate", "flip-duel", "--games", "5", "--json"][..],
        &["check"][..],
    ] {
        let out = touchline()
            .args(args)
            .stdout(std::fs::File::create(full).unwrap_or_else(|e| panic!("{e}")))
            .output()
            .unwrap_or_else(|e| panic!("cannot run touchline: {e}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("cannot write the output"), "{args:?}: {err}");
    }
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::Read as _;
    let mut child = touchline()
        .args(["simulate", "booked", "--games", "20"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run touchline: {e}"));
    // Read nothing and close the pipe, as `| head -0` would.
    drop(child.stdout.take());
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(!err.contains("cannot write"), "{err}");
}

#[test]
fn eleven_takes_the_first_player_of_week_1_as_an_option() {
    let (code, _, err) = run(&[
        "simulate",
        "eleven",
        "--players",
        "3",
        "--games",
        "2",
        "--option",
        "first=3",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&[
        "simulate",
        "eleven",
        "--players",
        "2",
        "--games",
        "1",
        "--option",
        "first=3",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("a manager's number, 1-2, not `3`"), "{err}");
    // `play` checks it before any window opens.
    let (code, _, err) = run(&[
        "play",
        "eleven",
        "--seats",
        "human,bot",
        "--option",
        "first=0",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("1-2, not `0`"), "{err}");
}
