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

fn opens_formatted_rules(id: &str, full_heading: &str, full_text: &str) {
    let game = touchline::games::find(id).unwrap_or_else(|| panic!("{id}"));
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
        labels(&h, full_heading),
        0,
        "{id}: full rules on the quick tab"
    );

    h.get_by_label("Full rules").click();
    h.run_steps(3);
    assert_eq!(
        labels(&h, full_heading),
        1,
        "{id}: no heading {full_heading:?}"
    );
    assert!(
        h.query_all_by_label_contains(full_text).next().is_some(),
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
fn booked_rules_window_renders_formatted_rules() {
    opens_formatted_rules("booked", "Referees", "VAR REVIEW");
}

#[test]
fn cardball_rules_window_renders_formatted_rules() {
    opens_formatted_rules("cardball", "The end of the match", "GK");
}

#[test]
fn eleven_rules_window_renders_formatted_rules() {
    opens_formatted_rules("eleven", "The Match", "Goalkeeper");
}

#[test]
fn flip_duel_rules_window_renders_formatted_rules() {
    opens_formatted_rules("flip-duel", "Reading a pair", "offside");
}

#[test]
fn stadium_memory_rules_window_renders_formatted_rules() {
    opens_formatted_rules("stadium-memory", "Prize cards", "PLAY GAME");
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
