//! Card files under damage: every mutation of a default file either loads
//! or gives errors that name the file; nothing panics.

use proptest::prelude::*;
use touchline::cards::DataSource;
use touchline::cards::booked::{BookedDeck, load_house_rules};

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
