//! Every table's Rules window, driven through labels: it opens on the
//! game's Quick reference rendered as formatted text (a heading is a label
//! of its own, no Markdown marks or source paths), switches to the Full
//! rules, and closes.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use touchline::bots::Strength;
use touchline::cards::DataSource;
use touchline::games::GameEntry;
use touchline::ui::Table;
use touchline::ui::session::{Controller, Manager};
use touchline::ui::table::NewTable;

/// What a rendered rules window must never show a player.
const RAW: &[&str] = &["##", "```", "include_str", "docs/", ".md", "**", "|---"];

/// A new table of `id` through the registry: a person against a bot.
fn harness(id: &str, size: [f32; 2]) -> Harness<'static, Box<dyn Table>> {
    let game: &GameEntry = touchline::games::find(id).unwrap_or_else(|| panic!("{id}"));
    let hooks = game
        .table
        .as_ref()
        .unwrap_or_else(|| panic!("{id} has no table"));
    let managers = vec![
        Manager {
            name: "Ann".into(),
            controller: Controller::Human,
        },
        Manager {
            name: "Bo".into(),
            controller: Controller::Bot(Strength::Heuristic),
        },
    ];
    let table = (hooks.new)(NewTable {
        source: &DataSource::embedded(),
        managers,
        seed: 7,
        autosave: None,
        rules: None,
        options: Default::default(),
    })
    .unwrap_or_else(|e| panic!("{id}: {e}"));
    Harness::builder().with_size(size).build_ui_state(
        |ui, t: &mut Box<dyn Table>| {
            t.show(ui);
        },
        table,
    )
}

/// Every label on screen whose text shows raw Markdown or a source path.
fn raw_labels(h: &Harness<'_, Box<dyn Table>>) -> Vec<String> {
    h.query_all_by(|n| {
        let label = n.label().unwrap_or_default();
        RAW.iter().any(|r| label.contains(r))
    })
    .map(|n| n.accesskit_node().label().unwrap_or_default())
    .collect()
}

/// How many plain labels (not the tab buttons) read exactly `text`.
fn labels(h: &Harness<'_, Box<dyn Table>>, text: &str) -> usize {
    h.query_all_by_label(text)
        .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::Label)
        .count()
}

/// The first heading of the full rules and the start of the first plain
/// paragraph after it, as the window shows them (Markdown marks stripped).
fn first_full_section(rulebook: &str) -> (String, String) {
    let full = touchline::ui::rules::split(rulebook).full;
    let lines: Vec<&str> = full.lines().map(str::trim).collect();
    let Some(at) = lines.iter().position(|l| l.starts_with('#')) else {
        return (String::new(), String::new());
    };
    let heading = lines[at].trim_start_matches('#').trim().to_string();
    // A paragraph's first line, with no table, list mark, emphasis or
    // link that would split it into several labels.
    let text = lines
        .windows(2)
        .skip(at)
        .find(|w| {
            w[0].is_empty()
                && w[1].chars().next().is_some_and(char::is_alphabetic)
                && !w[1].contains(['*', '|', '`', '[', '_'])
        })
        .map(|w| w[1].chars().take(24).collect::<String>())
        .unwrap_or_default();
    (heading, text)
}

fn opens_formatted_rules(game: &GameEntry) {
    let id = game.id;
    let (full_heading, full_text) = first_full_section(game.rulebook);
    assert!(
        !full_heading.is_empty() && !full_text.is_empty(),
        "{id}: no full rules"
    );
    let title = format!("{} rules", game.name);
    let mut h = harness(id, [1280.0, 800.0]);
    h.run_steps(3);
    assert_eq!(
        labels(&h, "Quick reference"),
        0,
        "{id}: rules shown before asked"
    );
    h.get_by_label("Rules").click();
    h.run_steps(3);
    assert!(
        h.query_by_label(&title).is_some(),
        "{id}: no window {title:?}"
    );
    assert_eq!(
        labels(&h, "Quick reference"),
        1,
        "{id}: no Quick reference heading"
    );
    assert!(raw_labels(&h).is_empty(), "{id}: {:?}", raw_labels(&h));
    assert_eq!(
        labels(&h, &full_heading),
        0,
        "{id}: full rules on the quick tab"
    );

    h.get_by_label("Full rules").click();
    h.run_steps(3);
    assert_eq!(
        labels(&h, &full_heading),
        1,
        "{id}: no heading {full_heading:?}"
    );
    assert!(
        h.query_all_by_label_contains(&full_text).next().is_some(),
        "{id}: no text {full_text:?}"
    );
    assert!(raw_labels(&h).is_empty(), "{id}: {:?}", raw_labels(&h));
    assert_eq!(
        labels(&h, "Quick reference"),
        0,
        "{id}: quick tab still shown"
    );

    // Closing the window (its x button) leaves the table as it was.
    h.get_by_label("Close window").click();
    h.run_steps(3);
    assert!(
        h.query_by_label(&title).is_none(),
        "{id}: window still open"
    );
}

#[test]
fn every_rules_window_renders_formatted_rules() {
    let games: Vec<&GameEntry> = touchline::games::GAMES
        .iter()
        .copied()
        .filter(|g| g.table.is_some())
        .collect();
    assert!(!games.is_empty());
    for g in games {
        opens_formatted_rules(g);
    }
}

/// The window fits a small screen: at 1024 x 640 it lies inside the
/// screen, and the Quick reference's table cells are laid out as a grid
/// (several cells on one row), not as one line of text.
#[test]
fn rules_window_fits_a_small_screen_and_draws_tables_as_grids() {
    let mut h = harness("booked", [1024.0, 640.0]);
    h.run_steps(3);
    h.get_by_label("Rules").click();
    h.run_steps(3);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1024.0, 640.0));
    let heading = h
        .query_all_by_label("Quick reference")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Label)
        .unwrap_or_else(|| panic!("no Quick reference heading"))
        .rect();
    assert!(screen.contains_rect(heading), "{heading:?}");
    // The Quick reference's table: a card and what it does share a row,
    // and the row ends inside the window.
    let card = h
        .query_all_by_label("Yellow")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Label)
        .unwrap_or_else(|| panic!("no Yellow cell"))
        .rect();
    let effect = h
        .query_all_by_label_contains("a second Yellow sends")
        .next()
        .unwrap_or_else(|| panic!("no Yellow effect"))
        .rect();
    assert!(effect.left() > card.right(), "{card:?} {effect:?}");
    assert!(
        (effect.top() - card.top()).abs() < 10.0,
        "{card:?} {effect:?}"
    );
    assert!(screen.contains_rect(effect), "{effect:?}");
}
