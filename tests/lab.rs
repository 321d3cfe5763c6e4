//! The balance lab: it finds what an edited deck or house rule does, finds
//! nothing where nothing changed, and gives the same figures for the same
//! seed.

use std::collections::BTreeMap;
use touchline::cards::DataSource;
use touchline::games::GAMES;
use touchline::lab::{LabReport, LabRequest, Live, RuleSet};

fn request(games: usize) -> LabRequest {
    LabRequest {
        games,
        seed: 11,
        threads: Some(2),
        ..LabRequest::default()
    }
}

fn run(id: &str, source: &DataSource, request: &LabRequest) -> LabReport {
    let entry = touchline::games::find(id).unwrap_or_else(|| panic!("no {id}"));
    (entry.lab)(source, request, &Live::default()).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn set(label: &str, options: &[(&str, &str)]) -> RuleSet {
    RuleSet {
        label: label.into(),
        rules: None,
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<BTreeMap<_, _>>(),
    }
}

/// Every game measures: each seat's wins, completion and duration add up.
#[test]
fn every_game_measures_its_games() {
    let source = DataSource::embedded();
    for g in GAMES {
        let games = if g.id == "eleven" { 6 } else { 60 };
        let r = run(g.id, &source, &request(games));
        let m = &r.a.measures;
        assert_eq!(m.games, games as u64, "{}", g.id);
        assert_eq!(
            m.completion.k + m.timeouts.k,
            games as u64,
            "{}: {m:?}",
            g.id
        );
        let sole: u64 = m.wins.iter().map(|w| w.k).sum();
        assert_eq!(
            sole + m.drawishness.k,
            m.completion.k,
            "{}: every finished game has one winner or none",
            g.id
        );
        assert!(
            m.decisions.mean.mean > 0.0 && m.decisions.min > 0,
            "{}",
            g.id
        );
        assert!((0.0..=1.0).contains(&m.decision_moves), "{}", g.id);
        assert_eq!(
            m.decisions.histogram.iter().map(|b| b.1).sum::<u64>(),
            games as u64,
            "{}",
            g.id
        );
        assert!(r.text().contains("Completion"), "{}", g.id);
    }
}

/// The same seed gives the same measures whatever the thread count.
#[test]
fn a_run_is_decided_by_its_seed() {
    let source = DataSource::embedded();
    let mut one = request(300);
    one.threads = Some(1);
    one.b = Some(set("B", &[("halves", "true")]));
    let two = LabRequest {
        threads: Some(2),
        ..one.clone()
    };
    let (x, y) = (
        run("cardball", &source, &one),
        run("cardball", &source, &two),
    );
    assert_eq!(x.a, y.a);
    assert_eq!(x.b, y.b);
    assert_eq!(x.comparison, y.comparison);
    let other = run(
        "cardball",
        &source,
        &LabRequest {
            seed: 12,
            ..one.clone()
        },
    );
    assert_ne!(
        x.a.measures, other.a.measures,
        "another seed plays other games"
    );
}

/// Halves against a single match: the duration differs and the sentence
/// says so; two identical sets differ in nothing.
#[test]
fn a_against_b_finds_a_real_difference_and_no_false_one() {
    let source = DataSource::embedded();
    let mut r = request(400);
    r.b = Some(set("B", &[("halves", "true")]));
    let report = run("cardball", &source, &r);
    let c = report.comparison.as_ref().expect("compared");
    let duration = c
        .deltas
        .iter()
        .find(|d| d.measure == "duration (decisions)")
        .expect("duration compared");
    assert!(duration.diff.differs(), "{duration:?}");
    assert!(
        duration.diff.diff > 0.0,
        "two halves take longer: {duration:?}"
    );
    assert!(
        c.sentence.starts_with("halves = true makes games") && c.sentence.contains("longer"),
        "{}",
        c.sentence
    );

    let mut same = request(400);
    same.a = set("A", &[("tie_break", "golden_goal")]);
    same.b = Some(set("B", &[("tie_break", "golden_goal")]));
    let report = run("cardball", &source, &same);
    let c = report.comparison.as_ref().expect("compared");
    let differing: Vec<&str> = c
        .deltas
        .iter()
        .filter(|d| d.diff.differs())
        .map(|d| d.measure.as_str())
        .collect();
    assert!(
        differing.is_empty(),
        "identical sets differ in {differing:?}"
    );
    assert!(
        c.sentence
            .contains("leaves the duration unchanged; balance unchanged")
    );
}

/// One Cardball striker made better than every card (the strongest mark
/// on both halves in every zone, shooting everywhere): the seats dealt it
/// win more than the seats dealt any other card, clearly above even, the
/// card-value table flags it as likely over-powered (by its opening-hand
/// wins against its peers') where the unedited card stands with them, and
/// ranks every kind with an interval.
#[test]
fn card_value_finds_a_card_better_than_every_other() {
    let file = "cardball/managers.toml";
    let text = DataSource::embedded()
        .read(file)
        .map(|f| f.text)
        .unwrap_or_default();
    let start = text.find("[[card]]\nid = \"st-").expect("a striker");
    let top_at = start + text[start..].find("[card.top]").expect("top");
    let next = top_at + text[top_at..].find("[[card]]").expect("another card");
    let zones = [
        "own_box",
        "own_edge",
        "own_half",
        "halfway",
        "opp_half",
        "outside_box",
        "inside_box",
    ];
    let mut halves = String::from("[card.top]\n");
    for z in zones {
        halves.push_str(&format!("{z} = \"hundred shoot\"\n"));
    }
    halves.push_str("\n[card.bottom]\n");
    for z in zones {
        halves.push_str(&format!("{z} = \"hundred\"\n"));
    }
    halves.push('\n');
    let edited = format!("{}{}{}", &text[..top_at], halves, &text[next..]);
    let id_at = start + "[[card]]\nid = \"".len();
    let id = &text[id_at..id_at + text[id_at..].find('"').expect("id ends")];
    let mut source = DataSource::embedded();
    source.overrides.insert(file.into(), edited);
    let mut r = request(1500);
    r.card_value = true;
    r.card_games = 300;
    let report = run("cardball", &source, &r);
    let kinds = report.card_values.len();
    assert!(kinds >= 30, "every design is a kind: {kinds}");
    assert!(
        report
            .card_values
            .windows(2)
            .all(|w| w[0].value.diff >= w[1].value.diff),
        "ranked most valuable first"
    );
    let opening = |v: &touchline::lab::CardValue| v.opening.map_or(0.0, |o| o.rate);
    let best = report
        .card_values
        .iter()
        .max_by(|x, y| opening(x).total_cmp(&opening(y)))
        .expect("kinds");
    assert_eq!(best.kind.key, id, "the edited card wins most when dealt");
    let dealt = best.opening.expect("dealt in opening hands");
    assert!(dealt.low > 0.5, "clearly above even: {dealt:?}");
    assert_eq!(
        best.standing,
        touchline::lab::Standing::Strong,
        "flagged: {best:?}"
    );
    assert!(best.flagged_by.contains("opening hand"), "{best:?}");
    let unedited = run("cardball", &DataSource::embedded(), &r);
    let before = unedited
        .card_values
        .iter()
        .find(|v| v.kind.key == id)
        .and_then(|v| v.opening)
        .expect("the card unedited");
    assert!(
        before.high < dealt.low + 0.02 && before.rate < dealt.rate,
        "the edit shows: {before:?} before, {dealt:?} after"
    );
    let plain = unedited
        .card_values
        .iter()
        .find(|v| v.kind.key == id)
        .expect("the card unedited");
    assert_eq!(
        plain.standing,
        touchline::lab::Standing::Even,
        "unedited it stands with its peers: {plain:?}"
    );
}

/// `touchline lab --json` gives the report's fields, and `--save` writes
/// the same run to reopen.
#[test]
fn the_lab_command_prints_json_and_saves_the_run() {
    let dir = tempfile::tempdir().expect("temp dir");
    let saved = dir.path().join("run.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args([
            "lab",
            "flip-duel",
            "--games",
            "40",
            "--threads",
            "1",
            "--json",
        ])
        .arg("--save")
        .arg(&saved)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for k in ["game", "seats", "bots", "a", "card_values", "seconds"] {
        assert!(v.get(k).is_some(), "{k} missing");
    }
    let m = &v["a"]["measures"];
    for k in [
        "wins",
        "balance",
        "advantage_p1",
        "completion",
        "drawishness",
        "timeouts",
        "decisions",
        "turns",
        "decision_moves",
    ] {
        assert!(m.get(k).is_some(), "measure {k} missing");
    }
    assert_eq!(m["games"], 40);
    let back: LabReport =
        serde_json::from_str(&std::fs::read_to_string(&saved).expect("saved")).expect("reopens");
    assert_eq!(back.a.measures.games, 40);

    let csv = std::process::Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args([
            "lab",
            "cardball",
            "--games",
            "30",
            "--csv",
            "--b-option",
            "halves=true",
        ])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&csv.stdout);
    assert!(
        text.starts_with("section,set,measure,value,low,high\n"),
        "{text}"
    );
    assert!(
        text.contains("b minus a,B-A,duration (decisions),"),
        "{text}"
    );
    // With card values: each kind's value, opening-hand wins and standing.
    let csv = std::process::Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args([
            "lab",
            "cardball",
            "--games",
            "60",
            "--card-value",
            "--card-games",
            "40",
            "--csv",
        ])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&csv.stdout);
    for section in ["card value,A,", "card opening,A,", "card standing,A,"] {
        let rows = text.lines().filter(|l| l.starts_with(section)).count();
        assert!(rows >= 30, "{rows} {section} rows: {text}");
    }
    assert!(
        text.lines()
            .filter(|l| l.starts_with("card standing,A,"))
            .all(|l| l
                .split(',')
                .nth(3)
                .is_some_and(|v| ["1.000000", "-1.000000", "0.000000"].contains(&v))),
        "{text}"
    );

    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args(["lab", "flip-duel", "--card-value", "--games", "5"])
        .output()
        .expect("runs");
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("card value does not apply"), "{err}");
}

/// A game that says it values cards gives a card-value table; every other
/// game refuses card value in words.
#[test]
fn card_value_is_offered_where_the_registry_says() {
    let source = DataSource::embedded();
    for g in GAMES {
        let mut r = request(4);
        r.card_value = true;
        r.card_games = 2;
        let entry = touchline::games::find(g.id).unwrap_or_else(|| panic!("{}", g.id));
        match (entry.lab)(&source, &r, &Live::default()) {
            Ok(report) => {
                assert!(g.card_value, "{} values cards but says not", g.id);
                assert!(report.card_values.len() > 3, "{}", g.id);
            }
            Err(e) => {
                assert!(!g.card_value, "{}: {e}", g.id);
                assert!(e.contains("card value does not apply"), "{}: {e}", g.id);
            }
        }
    }
}

/// A Booked! house deck that prints Brazil twice (`copies = 2`, the set's
/// total 11 higher): seats dealt Brazil's players win far more often than
/// seats dealt any other nation's, so the card-value table flags Brazil as
/// likely over-powered; the printed deck flags no nation.
#[test]
fn card_value_flags_a_nation_printed_twice() {
    let nations = DataSource::embedded()
        .read("booked/nations.toml")
        .map(|f| f.text)
        .unwrap_or_default();
    let brazil = nations.find("code = \"BRA\"").expect("Brazil");
    let edited = format!("{}copies = 2\n{}", &nations[..brazil], &nations[brazil..]);
    let deck = DataSource::embedded()
        .read("booked/deck.toml")
        .map(|f| f.text)
        .unwrap_or_default();
    assert!(deck.contains("total = 198"));
    let mut source = DataSource::embedded();
    source
        .overrides
        .insert("booked/nations.toml".into(), edited);
    source.overrides.insert(
        "booked/deck.toml".into(),
        deck.replace("total = 198", "total = 209"),
    );
    let mut r = request(2000);
    r.seats = Some(4);
    r.card_value = true;
    r.card_games = 400;
    let report = run("booked", &source, &r);
    let brazil = report
        .card_values
        .iter()
        .find(|v| v.kind.key == "BRA")
        .expect("Brazil valued");
    assert_eq!(
        brazil.standing,
        touchline::lab::Standing::Strong,
        "{brazil:?}"
    );
    let printed = run("booked", &DataSource::embedded(), &r);
    let flagged: Vec<&str> = printed
        .card_values
        .iter()
        .filter(|v| v.kind.group == brazil.kind.group)
        .filter(|v| v.standing != touchline::lab::Standing::Even)
        .map(|v| v.kind.key.as_str())
        .collect();
    assert!(flagged.is_empty(), "the printed nations: {flagged:?}");
}
