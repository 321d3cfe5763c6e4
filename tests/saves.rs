//! Saves of every game of the registry are versioned and checked on load:
//! a save round-trips exactly, and a crafted or damaged one gives a clear
//! message and never panics.

use egui_kittest::Harness;
use touchline::bots::Strength;
use touchline::cards::DataSource;
use touchline::games::{GAMES, GameEntry};
use touchline::ui::Table;
use touchline::ui::session::{Controller, Manager, Pace};
use touchline::ui::table::{NewTable, SavedTable};

/// A table of `g` with bots at its fewest seats (two at least, so the
/// save has several managers), played on for a few decisions: its save.
fn played_save(g: &GameEntry) -> Vec<u8> {
    let hooks = g
        .table
        .as_ref()
        .unwrap_or_else(|| panic!("{} has no table", g.id));
    let seats = (*g.seats.start()).max(2).min(*g.seats.end());
    let managers = (0..seats)
        .map(|i| Manager {
            name: format!("M{i}"),
            controller: Controller::Bot(Strength::Random),
        })
        .collect();
    let table = (hooks.new)(NewTable {
        source: &DataSource::embedded(),
        managers,
        seed: 8,
        autosave: None,
        rules: None,
        options: Default::default(),
    })
    .unwrap_or_else(|e| panic!("{}: {e}", g.id));
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(
            |ui, t: &mut Box<dyn Table>| {
                t.show(ui);
            },
            table,
        );
    touchline::ui::shell::set_pace(&h.ctx, Pace::Instant);
    for _ in 0..40 {
        h.step();
    }
    h.state()
        .save_bytes()
        .unwrap_or_else(|| panic!("{}: no save", g.id))
}

/// `g`'s load hook on `bytes`.
fn load(g: &GameEntry, bytes: &[u8]) -> Result<Box<dyn Table>, String> {
    let hooks = g
        .table
        .as_ref()
        .unwrap_or_else(|| panic!("{} has no table", g.id));
    (hooks.load)(SavedTable {
        source: &DataSource::embedded(),
        name: "save.touchline",
        bytes,
        autosave: None,
    })
}

fn json(bytes: &[u8]) -> serde_json::Value {
    serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{e}"))
}

fn games() -> impl Iterator<Item = &'static GameEntry> {
    GAMES.iter().copied().filter(|g| g.table.is_some())
}

#[test]
fn every_games_save_loads_and_replays_exactly() {
    for g in games() {
        let bytes = played_save(g);
        let v = json(&bytes);
        let actions = v["record"]["actions"].as_array().map_or(0, Vec::len);
        assert!(actions > 3, "{}: only {actions} actions were saved", g.id);
        let table = load(g, &bytes).unwrap_or_else(|e| panic!("{}: {e}", g.id));
        let again = table
            .save_bytes()
            .unwrap_or_else(|| panic!("{}: no save", g.id));
        assert_eq!(json(&again), v, "{}: the save changed on the way", g.id);
    }
}

#[test]
fn every_games_crafted_or_damaged_saves_are_refused_with_a_reason() {
    for g in games() {
        let v = json(&played_save(g));
        let refused = |v: &serde_json::Value, want: &str| {
            let bytes = serde_json::to_vec(v).unwrap_or_else(|e| panic!("{e}"));
            match load(g, &bytes) {
                Ok(_) => panic!("{}: a save with {want} loaded", g.id),
                Err(e) => assert!(e.contains(want), "{}: {e} (wanted {want})", g.id),
            }
        };
        let seats = v["managers"].as_array().map_or(0, Vec::len);
        // An action by a seat the match does not have.
        let mut bad = v.clone();
        bad["record"]["actions"][0][0] = serde_json::json!(9);
        refused(&bad, &format!("of {seats} seats"));
        // A manager more than the match seats.
        let mut bad = v.clone();
        if let Some(m) = bad["managers"].as_array_mut() {
            m.push(serde_json::json!({"name": "X", "controller": "Human"}));
        }
        refused(&bad, &format!("{} managers", seats + 1));
        // Another game's save, a newer version.
        let other = games().find(|o| o.id != g.id).map_or("booked", |o| o.id);
        let mut bad = v.clone();
        bad["game"] = serde_json::json!(other);
        refused(&bad, &format!("saved {other} match"));
        let mut bad = v.clone();
        bad["version"] = serde_json::json!(99);
        refused(&bad, "newer");
        // Another seed: the actions replay to another position (or are
        // refused), never opened as another match without a word.
        let mut bad = v.clone();
        let seed = bad["record"]["seed"].as_u64().unwrap_or(0);
        bad["record"]["seed"] = serde_json::json!(seed ^ 0x5eed);
        let err = load(g, &serde_json::to_vec(&bad).unwrap_or_default())
            .err()
            .unwrap_or_else(|| panic!("{}: a save with another seed opened", g.id));
        assert!(err.starts_with("save.touchline:"), "{}: {err}", g.id);
        // A manager name no table can show.
        let mut bad = v.clone();
        bad["managers"][0]["name"] = serde_json::json!("Ana\u{1b}[2J");
        refused(&bad, "not one a table can show");
        // Relabelled as another game's save, and opened at that game's
        // table: refused in words.
        let o = games()
            .find(|o| o.id != g.id)
            .unwrap_or_else(|| panic!("one game"));
        let mut bad = v.clone();
        bad["game"] = serde_json::json!(o.id);
        let err = load(o, &serde_json::to_vec(&bad).unwrap_or_default())
            .err()
            .unwrap_or_else(|| panic!("{} opened a {} save", o.id, g.id));
        assert!(
            err.contains(&format!(
                "it says it is a `{}` match, but what it holds is not one",
                o.id
            )),
            "{} as {}: {err}",
            g.id,
            o.id
        );
        // An action the rules refuse.
        let mut bad = v.clone();
        bad["record"]["actions"][0][1] = serde_json::json!({"Nonsense": {"card": 60000}});
        assert!(load(g, &serde_json::to_vec(&bad).unwrap_or_default()).is_err());
        // A file cut short anywhere, and a file that is no save.
        let bytes = serde_json::to_vec(&v).unwrap_or_else(|e| panic!("{e}"));
        for cut in [0, 1, bytes.len() / 3, bytes.len() / 2, bytes.len() - 1] {
            let err = load(g, &bytes[..cut])
                .err()
                .unwrap_or_else(|| panic!("{}: a save cut at {cut} loaded", g.id));
            assert!(err.starts_with("save.touchline:"), "{}: {err}", g.id);
            if cut > bytes.len() / 4 {
                assert!(err.contains("cut short"), "{} cut at {cut}: {err}", g.id);
            }
        }
        let err = load(g, b"PK\x03\x04 zip").err().unwrap_or_default();
        assert!(err.contains("not a Touchline save file"), "{}: {err}", g.id);
    }
}

/// A save made without its card files (as older saves are) opens only
/// with a deck that has every card it was played with: opened with a data
/// folder whose deck lacks some, it is refused with their names, never
/// shown with placeholder boxes or another card's face.
#[test]
fn a_save_without_its_cards_is_refused_by_a_deck_that_lacks_them() {
    let embedded = DataSource::embedded();
    let edited = |file: &str, from: &str, to: &str| {
        let text = embedded
            .read(file)
            .unwrap_or_else(|e| panic!("{file}: {e}"))
            .text;
        assert!(text.contains(from), "{file} has no {from}");
        let mut source = embedded.clone();
        source
            .overrides
            .insert(file.to_string(), text.replacen(from, to, 1));
        source
    };
    for (id, source, named) in [
        (
            "booked",
            edited("booked/nations.toml", "code = \"BRA\"", "code = \"BRZ\""),
            "BRA-",
        ),
        (
            "cardball",
            edited(
                "cardball/actions.toml",
                "id = \"act-route-one\"",
                "id = \"act-long-ball\"",
            ),
            "act-route-one",
        ),
    ] {
        let g = touchline::games::find(id).unwrap_or_else(|| panic!("no {id}"));
        let mut v = json(&played_save(g));
        let carried = v
            .as_object_mut()
            .and_then(|o| o.remove("cards"))
            .unwrap_or_else(|| panic!("{id}: the save carries no card files"));
        assert!(carried.is_object());
        let old = serde_json::to_vec(&v).unwrap_or_else(|e| panic!("{e}"));
        let hooks = g.table.as_ref().unwrap_or_else(|| panic!("no table"));
        let open = |source: &DataSource| {
            (hooks.load)(SavedTable {
                source,
                name: "old.touchline",
                bytes: &old,
                autosave: None,
            })
        };
        // With the deck it was played with, it opens.
        open(&embedded).unwrap_or_else(|e| panic!("{id}: {e}"));
        let refused = match open(&source) {
            Ok(_) => panic!("{id}: opened with a deck that lacks its cards"),
            Err(e) => e,
        };
        assert!(
            refused.contains("without its card files") && refused.contains(named),
            "{id}: {refused}"
        );
    }
}
