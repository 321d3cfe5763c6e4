//! Card files under damage: every mutation of a default file either loads
//! or gives errors that name the file; nothing panics.

use proptest::prelude::*;
use touchline::cards::DataSource;
use touchline::games::booked::deck::{BookedDeck, load_house_rules};
use touchline::games::cardball::deck::CardballDeck;

const FILES: [&str; 4] = [
    "booked/nations.toml",
    "booked/referees.toml",
    "booked/deck.toml",
    "booked/house_rules.toml",
];

/// A damaged copy of `text`: a byte range cut, replaced or repeated.
fn damage(text: &str, at: usize, len: usize, how: u8, junk: &str) -> String {
    let bytes = text.as_bytes();
    let at = at % bytes.len().max(1);
    let end = (at + len).min(bytes.len());
    let mut out = bytes[..at].to_vec();
    match how % 3 {
        0 => {}
        1 => out.extend_from_slice(junk.as_bytes()),
        _ => out.extend_from_slice(&bytes[at..end]),
    }
    out.extend_from_slice(&bytes[end..]);
    // Damage may split a UTF-8 sequence: the loader must say so, not panic.
    String::from_utf8_lossy(&out).to_string()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn damaged_files_never_panic_and_errors_name_the_file(
        which in 0usize..4,
        at in 0usize..20_000,
        len in 0usize..40,
        how in 0u8..3,
        junk in "[ -~\\n\"=\\[\\]{}#é]{0,12}",
    ) {
        let rel = FILES[which];
        let text = DataSource::embedded_file(rel).unwrap_or_default();
        let broken = damage(text, at, len, how, &junk);
        let dir = tempfile::tempdir().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let path = dir.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        std::fs::write(&path, &broken).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let source = DataSource::dir(dir.path());
        let shown = path.display().to_string();
        if rel.ends_with("house_rules.toml") {
            if let Err(e) = load_house_rules(&source) {
                prop_assert!(e.to_string().starts_with(&shown), "{e}");
            }
        } else if let Err(errors) = BookedDeck::load(&source) {
            prop_assert!(!errors.0.is_empty());
            for e in &errors.0 {
                prop_assert!(e.to_string().starts_with(&shown), "{e}");
            }
        }
    }
}

#[test]
fn a_file_that_is_not_utf8_is_reported() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("booked/referees.toml");
    std::fs::create_dir_all(dir.path().join("booked")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&path, [0x5B, 0xFF, 0xFE, 0x5D]).unwrap_or_else(|e| panic!("{e}"));
    let errors = BookedDeck::load(&DataSource::dir(dir.path()))
        .err()
        .unwrap_or_else(|| panic!("loaded"));
    let msg = errors.to_string();
    assert!(msg.contains("is not UTF-8 text"), "{msg}");
}

#[test]
fn a_miscounted_set_is_caught_by_its_total() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(dir.path().join("booked")).unwrap_or_else(|e| panic!("{e}"));
    let text = DataSource::embedded_file("booked/deck.toml").unwrap_or_default();
    let broken = text.replacen("copies = 8", "copies = 9", 1);
    std::fs::write(dir.path().join("booked/deck.toml"), broken).unwrap_or_else(|e| panic!("{e}"));
    let msg = BookedDeck::load(&DataSource::dir(dir.path()))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        msg.contains("declared as 198 cards but the files add up to 199"),
        "{msg}"
    );
    assert!(msg.contains("field `total`"), "{msg}");
}

// ----- Cardball -----

const CARDBALL_FILES: [&str; 4] = [
    "cardball/pitch.toml",
    "cardball/managers.toml",
    "cardball/actions.toml",
    "cardball/die.toml",
];

/// Loads the Cardball set with `rel` replaced by `text`; returns the errors
/// (one per line) and the path shown for the file.
fn cardball_errors(rel: &str, text: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    let msg = CardballDeck::load(&DataSource::dir(dir.path()))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    (msg, path.display().to_string())
}

/// The 1-based line of the first `needle` in `text`.
fn line_of(text: &str, needle: &str) -> usize {
    text[..text.find(needle).unwrap_or(0)].matches('\n').count() + 1
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn damaged_cardball_files_never_panic_and_errors_name_the_file(
        which in 0usize..4,
        at in 0usize..30_000,
        len in 0usize..40,
        how in 0u8..3,
        junk in "[ -~\\n\"=\\[\\]{}#é]{0,12}",
    ) {
        let rel = CARDBALL_FILES[which];
        let text = DataSource::embedded_file(rel).unwrap_or_default();
        let broken = damage(text, at, len, how, &junk);
        let dir = tempfile::tempdir().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let path = dir.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        std::fs::write(&path, &broken).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let shown = path.display().to_string();
        if let Err(errors) = CardballDeck::load(&DataSource::dir(dir.path())) {
            prop_assert!(!errors.0.is_empty());
            for e in &errors.0 {
                prop_assert!(e.to_string().starts_with(&shown), "{e}");
            }
        }
    }
}

#[test]
fn the_embedded_cardball_files_load() {
    for rel in CARDBALL_FILES {
        assert!(
            DataSource::embedded_file(rel).is_some(),
            "{rel} is embedded"
        );
    }
    let deck = CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    // The 40 of the box and the 8 a 2v2 game needs.
    assert_eq!(deck.card_set().managers.len(), 48);
}

#[test]
fn a_bad_cardball_effect_names_file_line_card_and_field() {
    let text = DataSource::embedded_file("cardball/managers.toml").unwrap_or_default();
    let broken = text.replacen("inside_box  = \"fifty\"", "inside_box  = \"sixty\"", 1);
    assert_ne!(broken, text);
    let (msg, file) = cardball_errors("cardball/managers.toml", &broken);
    let line = line_of(&broken, "\"sixty\"");
    assert!(msg.contains(&format!("{file}:{line}:")), "{msg}");
    assert!(msg.contains("card gk-safe-hands (Safe Hands)"), "{msg}");
    assert!(msg.contains("field `bottom.inside_box`"), "{msg}");
    assert!(msg.contains("`sixty` is not a bottom-half effect"), "{msg}");
}

#[test]
fn cardball_vocabulary_errors_are_located() {
    let managers = DataSource::embedded_file("cardball/managers.toml").unwrap_or_default();
    // A top half with an advance out of range, a missing key, a manager
    // effect on a player card.
    for (from, to, field, says) in [
        (
            "own_box     = \"takes advance 1\"",
            "own_box     = \"takes advance 4\"",
            "top.own_box",
            "is not a top-half effect",
        ),
        (
            "own_edge    = \"chance advance 1\"\n",
            "",
            "top.own_edge",
            "missing",
        ),
        (
            "own_box     = \"takes advance 1\"",
            "own_box     = \"manager\"",
            "top.own_box",
            "only for The Manager cards",
        ),
        (
            "position = \"GK\"",
            "position = \"SW\"",
            "position",
            "`SW` is not a position",
        ),
    ] {
        let broken = managers.replacen(from, to, 1);
        assert_ne!(broken, managers, "{from}");
        let (msg, file) = cardball_errors("cardball/managers.toml", &broken);
        assert!(msg.contains(&format!("{file}:")), "{msg}");
        assert!(msg.contains(&format!("field `{field}`")), "{field}: {msg}");
        assert!(msg.contains(says), "{says}: {msg}");
        assert!(msg.contains("card gk-safe-hands"), "{msg}");
    }
    let actions = DataSource::embedded_file("cardball/actions.toml").unwrap_or_default();
    let broken = actions.replacen(
        "outcome = \"fifty goal | save\"",
        "outcome = \"fifty goal\"",
        1,
    );
    let (msg, file) = cardball_errors("cardball/actions.toml", &broken);
    let line = line_of(&broken, "\"fifty goal\"");
    assert!(msg.contains(&format!("{file}:{line}:")), "{msg}");
    assert!(
        msg.contains("card act-penalty (Penalty!), field `outcome`"),
        "{msg}"
    );
    let die = DataSource::embedded_file("cardball/die.toml").unwrap_or_default();
    let broken = die.replacen(
        "\"glove\", \"boot\", \"glove\"]",
        "\"boot\", \"boot\", \"glove\"]",
        1,
    );
    let (msg, _) = cardball_errors("cardball/die.toml", &broken);
    assert!(msg.contains("field `faces`"), "{msg}");
    assert!(msg.contains("on 4 faces"), "{msg}");
    let pitch = DataSource::embedded_file("cardball/pitch.toml").unwrap_or_default();
    let broken = pitch.replacen("index = 7", "index = 6", 1);
    let (msg, _) = cardball_errors("cardball/pitch.toml", &broken);
    assert!(msg.contains("index 6 is used by another zone"), "{msg}");
    assert!(msg.contains("missing: 7"), "{msg}");
}

#[test]
fn cardball_ids_and_counts_are_checked_across_files() {
    let actions = DataSource::embedded_file("cardball/actions.toml").unwrap_or_default();
    // An Action card reusing a pitch card's id.
    let broken = actions.replacen("id = \"act-interception\"", "id = \"ball\"", 1);
    let (msg, _) = cardball_errors("cardball/actions.toml", &broken);
    assert!(msg.contains("id `ball` is used by another card"), "{msg}");
    // Too few Manager cards to deal.
    let managers = DataSource::embedded_file("cardball/managers.toml").unwrap_or_default();
    let broken = managers.replace("copies = 2\n", "");
    let (msg, _) = cardball_errors("cardball/managers.toml", &broken);
    assert!(msg.contains("needs at least 36"), "{msg}");
}

// ----- What a custom deck may not be (every game) -----

/// Loads Booked! with `rel` replaced by `text`: the errors, one per line.
fn booked_errors(rel: &str, text: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    let msg = BookedDeck::load(&DataSource::dir(dir.path()))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    (msg, path.display().to_string())
}

#[test]
fn a_squad_of_12_or_51_is_refused_naming_the_nation() {
    let text = DataSource::embedded_file("booked/nations.toml").unwrap_or_default();
    let extra = |n: usize| -> String {
        (0..n)
            .map(|i| {
                format!(
                    "  {{ number = {}, name = \"Extra {i}\", position = \"MID\", rating = 5 }},\n",
                    40 + i
                )
            })
            .collect()
    };
    for (added, total) in [(1, 12), (40, 51)] {
        let broken = text.replacen(
            "  { number = 7,  name = \"Tainã Monteiro\"",
            &format!(
                "{}  {{ number = 7,  name = \"Tainã Monteiro\"",
                extra(added)
            ),
            1,
        );
        assert_ne!(broken, text);
        let (msg, path) = booked_errors("booked/nations.toml", &broken);
        let want = format!(
            "{path}:{}:1: card nation BRA, field `players`: Brazil has {total} players; a squad has exactly 11, as in the rulebook",
            line_of(&broken, "[[nation]]\ncode = \"BRA\"")
        );
        assert!(msg.lines().any(|l| l == want), "{msg}\nwanted {want}");
    }
}

#[test]
fn a_deck_of_a_single_nation_is_refused() {
    let text = DataSource::embedded_file("booked/nations.toml").unwrap_or_default();
    let second = text
        .find("[[nation]]\ncode = \"ARG\"")
        .unwrap_or(text.len());
    let one = &text[..second];
    let (msg, path) = booked_errors("booked/nations.toml", one);
    let want = format!(
        "{path}:{}:1: card nation BRA, field `nation`: only one nation: the set needs at least 2",
        line_of(one, "[[nation]]\ncode")
    );
    assert!(
        msg.lines().any(|l| l.starts_with(&want)),
        "{msg}\nwanted {want}"
    );
}

/// A string field of each game's files, with a control character put in.
const CONTROL_CASES: [(&str, &str, &str); 5] = [
    (
        "booked/nations.toml",
        "name = \"Rogério Vasconcelos\"",
        "name = \"Rogério\\u0000Vasconcelos\"",
    ),
    ("cardball/managers.toml", "name = \"", "name = \"\\u001b"),
    ("eleven/players.toml", "name = \"", "name = \"\\u0007"),
    (
        "flip_duel/red.toml",
        "name = \"Overlap\"",
        "name = \"Over\\u0000lap\"",
    ),
    (
        "stadium_memory/players.toml",
        "name = \"",
        "name = \"\\u0000",
    ),
];

#[test]
fn nul_and_control_characters_in_names_are_refused_in_every_game() {
    for (rel, from, to) in CONTROL_CASES {
        let game = touchline::games::GAMES
            .iter()
            .find(|g| g.data_files.iter().any(|(f, _)| *f == rel))
            .unwrap_or_else(|| panic!("no game reads {rel}"));
        let text = DataSource::embedded_file(rel).unwrap_or_default();
        let broken = text.replacen(from, to, 1);
        assert_ne!(broken, text, "{rel}");
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(&path, &broken).unwrap_or_else(|e| panic!("{e}"));
        let msg = (game.check)(&DataSource::dir(dir.path()))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| panic!("{rel}: a control character was accepted"));
        let line = line_of(&broken, to);
        let shown = path.display().to_string();
        let hit = msg
            .lines()
            .find(|l| l.contains("control character"))
            .unwrap_or("");
        assert!(hit.starts_with(&format!("{shown}:{line}:")), "{rel}: {msg}");
        assert!(
            hit.contains(" card ") && hit.contains("field `name`"),
            "{rel}: {hit}"
        );
    }
}
