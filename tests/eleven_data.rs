//! Eleven's card files under damage: a broken value is reported at its
//! file, line, card and field; random damage never panics.

use proptest::prelude::*;
use touchline::cards::DataSource;
use touchline::games::eleven::deck::{ElevenDecks, FILES};

/// A data folder holding only `rel`, written as `text`.
fn folder_with(rel: &str, text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    dir
}

/// Loads the decks with `rel` replaced by `text`; returns the error text
/// (empty if it loaded) and the path shown for the replaced file.
fn load_with(rel: &str, text: &str) -> (String, String) {
    let dir = folder_with(rel, text);
    let path = dir.path().join(rel);
    let msg = match ElevenDecks::load(&DataSource::dir(dir.path())) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    };
    (msg, path.display().to_string())
}

fn embedded(rel: &str) -> &'static str {
    DataSource::embedded_file(rel).unwrap_or_else(|| panic!("{rel} is not embedded"))
}

/// The 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> usize {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("`{needle}` not found"));
    text[..at].matches('\n').count() + 1
}

#[test]
fn the_embedded_decks_are_valid_and_complete() {
    let d = ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"));
    let counts: Vec<(&str, usize)> = d.counts();
    assert_eq!(
        counts,
        vec![
            ("players", 36),
            ("youngsters", 18),
            ("veterans", 8),
            ("staff", 36),
            ("sponsors", 36),
            ("tactics", 12),
            ("objectives", 12),
            ("directors", 16),
            ("board meetings", 36),
            ("opponents", 64),
        ]
    );
    for f in FILES {
        assert!(DataSource::embedded_file(f).is_some(), "{f} is embedded");
    }
}

#[test]
fn an_out_of_range_strength_names_file_line_card_and_field() {
    let text = embedded("eleven/players.toml");
    // The first Trained side of player-01 (a Goalkeeper of Strength 3).
    let start = text.find("id = \"player-01\"").unwrap_or(0);
    let trained = start + text[start..].find("[card.trained]").unwrap_or(0);
    let rel = text[trained..].find("strength = 3").unwrap_or(0) + trained;
    let broken = format!(
        "{}strength = 7{}",
        &text[..rel],
        &text[rel + "strength = 3".len()..]
    );
    let (msg, shown) = load_with("eleven/players.toml", &broken);
    let line = broken[..rel].matches('\n').count() + 1;
    assert!(msg.contains(&format!("{shown}:{line}:")), "{msg}");
    assert!(msg.contains("card player-01"), "{msg}");
    assert!(
        msg.contains("field `trained.strength`: must be 0-4, found 7"),
        "{msg}"
    );
}

#[test]
fn an_unknown_op_is_located_at_its_card() {
    let text = embedded("eleven/staff.toml");
    let broken = text.replacen("op = \"train\"", "op = \"teleport\"", 1);
    let (msg, shown) = load_with("eleven/staff.toml", &broken);
    let line = line_of(&broken, "teleport");
    assert!(msg.contains(&format!("{shown}:{line}:")), "{msg}");
    assert!(msg.contains("card staff-01"), "{msg}");
    assert!(msg.contains("field `effects`"), "{msg}");
    assert!(msg.contains("teleport"), "{msg}");
}

#[test]
fn a_duplicate_id_and_a_wrong_count_are_reported() {
    let text = embedded("eleven/tactics.toml");
    let broken = text.replacen("id = \"tactic-02\"", "id = \"tactic-01\"", 1);
    let (msg, _) = load_with("eleven/tactics.toml", &broken);
    assert!(
        msg.contains("card tactic-01, field `id`: id `tactic-01` is also used"),
        "{msg}"
    );
    let cut = text
        .find("[[card]]\nid = \"tactic-12\"")
        .unwrap_or(text.len());
    let (msg, _) = load_with("eleven/tactics.toml", &text[..cut]);
    assert!(
        msg.contains("the deck needs 12 Tactic cards, found 11"),
        "{msg}"
    );
}

#[test]
fn a_formation_that_does_not_add_up_is_reported() {
    let text = embedded("eleven/tactics.toml");
    let broken = text.replacen(
        "{ name = \"4-4-2\", defence = 4, midfield = 4, forward = 2 }",
        "{ name = \"4-4-2\", defence = 4, midfield = 4, forward = 3 }",
        1,
    );
    let (msg, shown) = load_with("eleven/tactics.toml", &broken);
    assert!(msg.contains("card tactic-01"), "{msg}");
    assert!(
        msg.contains("the three lines hold 10 markers, found 11"),
        "{msg}"
    );
    assert!(msg.contains(&shown), "{msg}");
}

#[test]
fn an_opponent_wing_with_two_players_is_reported() {
    let text = embedded("eleven/opponents.toml");
    let broken = text.replacen(
        "left = [ { task = \"defence\", strength = 0 } ]",
        "left = [ { task = \"defence\", strength = 0 }, { task = \"attack\", strength = 1 } ]",
        1,
    );
    let (msg, _) = load_with("eleven/opponents.toml", &broken);
    assert!(
        msg.contains("card opponent-01, field `defence.left`"),
        "{msg}"
    );
    assert!(
        msg.contains("a wing Zone holds at most 1 player, found 2"),
        "{msg}"
    );
    // The Scout Report Formation no longer matches either.
    assert!(msg.contains("field `formation`"), "{msg}");
}

#[test]
fn a_goalkeeper_with_an_outfield_jersey_is_reported() {
    let text = embedded("eleven/players.toml");
    let broken = text.replacen("jersey = 1\n", "jersey = 5\n", 1);
    let (msg, _) = load_with("eleven/players.toml", &broken);
    assert!(
        msg.contains(
            "card player-01, field `untrained.jersey`: a Goalkeeper wears Jersey number 1"
        ),
        "{msg}"
    );
}

#[test]
fn printed_text_must_agree_with_the_effect() {
    let text = embedded("eleven/players.toml");
    let needle = "text = \"DURING THE MATCH: One Opponent defender on the wing facing your right Wing gets -1 Strength.\"";
    assert!(text.contains(needle), "the data keeps one printed override");
    let broken = text.replacen(needle, &needle.replace("-1 Strength", "-2 Strength"), 1);
    let (msg, _) = load_with("eleven/players.toml", &broken);
    assert!(msg.contains("field `trained.abilities.text`"), "{msg}");
    assert!(msg.contains("lacks the number -1"), "{msg}");
}

#[test]
fn every_generated_sentence_starts_with_its_timing() {
    let d = ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"));
    for p in &d.players {
        for b in p.untrained.abilities.iter().chain(&p.trained.abilities) {
            let s = b.describe();
            assert!(s.starts_with(b.timing.header()), "{}: {s}", p.id);
            assert!(s.ends_with('.'), "{}: {s}", p.id);
        }
    }
}

/// Loads the decks with `rel` replaced by `text`, or panics with the error.
fn decks_with(rel: &str, text: &str) -> ElevenDecks {
    let dir = folder_with(rel, text);
    ElevenDecks::load(&DataSource::dir(dir.path())).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn choose_options_are_tables_and_the_bare_list_form_still_reads() {
    let rel = "eleven/board_meetings.toml";
    let text = embedded(rel);
    let shipped = ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"));
    let board = |d: &ElevenDecks| {
        d.board_meetings
            .iter()
            .find(|b| b.id == "board-12")
            .cloned()
            .unwrap_or_else(|| panic!("no board-12"))
    };
    let blue = &board(&shipped).blue[0];
    assert_eq!(
        blue.describe(),
        "BONUS: Choose one: lose 2 Cash or place 1 Permanent Weakness token on one of your Players."
    );
    // The same card written with bare lists of ops reads the same.
    let table = "{ effects = [ { op = \"lose\", resource = \"cash\", amount = 2 } ] }";
    assert!(text.contains(table));
    let bare = text.replacen(
        table,
        "[ { op = \"lose\", resource = \"cash\", amount = 2 } ]",
        1,
    );
    assert_ne!(bare, text);
    assert_eq!(board(&decks_with(rel, &bare)), board(&shipped));
    // An option without ops, or with a misspelt key, is located.
    let empty = text.replacen(table, "{ effects = [] }", 1);
    let (msg, shown) = load_with(rel, &empty);
    assert!(msg.contains("card board-12"), "{msg}");
    assert!(msg.contains("non-empty options"), "{msg}");
    // At the blue decision's ops, before the empty option.
    let at: usize = msg
        .strip_prefix(&format!("{shown}:"))
        .and_then(|r| r.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no line in {msg}"));
    let card = line_of(&empty, "id = \"board-12\"");
    assert!(
        (card..=line_of(&empty, "{ effects = [] }")).contains(&at),
        "{msg}"
    );
    let misspelt = text.replacen(table, &table.replace("effects", "effect"), 1);
    let (msg, _) = load_with(rel, &misspelt);
    assert!(msg.contains("card board-12"), "{msg}");
    assert!(msg.contains("effect"), "{msg}");
}

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
    String::from_utf8_lossy(&out).to_string()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn damaged_eleven_files_never_panic_and_errors_name_the_file(
        which in 0usize..8,
        at in 0usize..80_000,
        len in 0usize..40,
        how in 0u8..3,
        junk in "[ -~\\n\"=\\[\\]{}#é0-9]{0,12}",
    ) {
        let rel = FILES[which];
        let broken = damage(embedded(rel), at, len, how, &junk);
        let (msg, shown) = load_with(rel, &broken);
        // An id the damage duplicates is reported where its twin is, in
        // another (embedded) file.
        for line in msg.lines().filter(|l| !l.starts_with(' ')) {
            prop_assert!(
                line.starts_with(&shown) || line.starts_with("card_data/eleven/"),
                "{line}"
            );
        }
        if !msg.is_empty() {
            prop_assert!(msg.contains(&shown) || msg.contains("card_data/eleven/"));
        }
    }
}
