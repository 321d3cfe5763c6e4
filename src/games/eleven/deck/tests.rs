//! The card files' tests: the default decks, and broken files located.

use super::*;

#[test]
fn the_default_decks_load_with_the_rulebook_counts() {
    let d = ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.total(), 274);
    assert_eq!(d.clubs.len(), 16);
    assert_eq!(d.dice.len(), 3);
}

#[test]
fn locate_finds_nested_fields() {
    let text = "[[card]]\nid = \"a\"\n[card.untrained]\nstrength = 1\n[card.trained]\nstrength = 9\n[[card]]\nid = \"b\"\n";
    let at = locate(text, "a", "trained.strength").unwrap_or(0);
    assert_eq!(crate::cards::line_col(text, at).0, 6);
    let at = locate(text, "b", "").unwrap_or(0);
    assert_eq!(crate::cards::line_col(text, at).0, 8);
}

/// The embedded data with `scenarios.toml` replaced by `text`.
fn sheets(text: &str) -> Result<Vec<SoloScenario>, DataErrors> {
    let mut source = DataSource::embedded();
    source
        .overrides
        .insert(SCENARIOS_FILE.to_string(), text.to_string());
    load_scenarios(&source)
}

#[test]
fn the_shipped_scenario_sheets_load() {
    let all = load_scenarios(&DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<&str> = all.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["solo-01", "solo-02", "solo-03"]);
}

#[test]
fn scenario_sheet_errors_name_the_line_sheet_and_field() {
    let text = "[[scenario]]\nid = \"solo-01\"\nname = \"A\"\ndescription = \"\"\ndivision = 7\n\n[[scenario.goals]]\nquantity = \"season_wins\"\n\n[[scenario.goals]]\nquantity = \"league_position\"\nat_most = 2\n\n[[scenario.scoring]]\nvp = 1\n\n[[scenario]]\nid = \"solo-01\"\nname = \" \"\ndescription = \"\"\n[scenario.setup]\nstats = { any = 1 }\n";
    let errors = sheets(text).err().unwrap_or_else(|| panic!("loaded")).0;
    let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
    let has = |want: &str| shown.iter().any(|e| e.contains(want));
    assert!(
        has("scenarios.toml:5:1: card solo-01, field `division`: must be 1-3, found 7"),
        "{shown:#?}"
    );
    assert!(
        has(
            "scenarios.toml:7:1: card solo-01, field `goals[0]`: a condition needs exactly one of at_least, at_most, equals; found 0"
        ),
        "{shown:#?}"
    );
    assert!(
        has("card solo-01, field `scoring`: give either `per` or `condition`"),
        "{shown:#?}"
    );
    assert!(
        has("field `id`: id `solo-01` is used by two sheets"),
        "{shown:#?}"
    );
    assert!(has("field `name`: must not be empty"), "{shown:#?}");
    assert!(
        has("field `setup.stats.any`: name a Stat track"),
        "{shown:#?}"
    );
    // A type error is located by the TOML reader, with its sheet.
    let bad = "[[scenario]]\nid = \"solo-04\"\nname = \"A\"\ndescription = \"\"\n[scenario.setup]\ncash = \"lots\"\n";
    let e = sheets(bad).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        e.contains("scenarios.toml:6:8: card solo-04, field `cash`:"),
        "{e}"
    );
}

#[test]
fn numbers_reads_signed_numbers() {
    assert_eq!(numbers("gets -1 Strength, +2 and 3."), vec![-1, 2, 3]);
}
