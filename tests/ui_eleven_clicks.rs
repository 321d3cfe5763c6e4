//! How many clicks a 2-manager season (a person and a bot) takes from
//! the Director draft to Final Scoring when the person takes the table's
//! defaults: the first Director and Objective, the decision the dice
//! give, no Day action, the engine's line-up, each question's preselected
//! answer. Counted by kind, with auto-pass off and on; the figures are in
//! docs/eleven.md ("Clicks a season takes").

use super::ui_eleven_season::{harness, managers, settle};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::collections::BTreeMap;
use std::sync::Arc;
use touchline::bots::Strength;
use touchline::engine::Game as _;
use touchline::games::eleven::deck::ElevenDecks;
use touchline::games::eleven::{SeasonSession, SeasonTable};
use touchline::ui::session::{Controller, Pace, Session};

/// The buttons a person taking the defaults presses, in the order they
/// are looked for, with the kind each is counted as.
const DEFAULTS: [(&str, &str); 8] = [
    ("Answer: ", "question"),
    ("Keep the Objective ", "setup"),
    ("Keep ", "setup"),
    ("Accept the consequence", "consequence"),
    ("Accept the ", "Board Meeting"),
    ("End the Day", "End the Day"),
    ("Play the Match", "Match"),
    ("Keep the Transfer Area", "Transfer Area"),
];

fn table(seed: u64, auto_pass: bool) -> SeasonTable {
    let decks = Arc::new(ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}")));
    let managers = managers(&[Controller::Human, Controller::Bot(Strength::Heuristic)]);
    let mut s: SeasonSession =
        Session::season(managers, decks, 3, None, seed).unwrap_or_else(|e| panic!("{e}"));
    s.pace = Pace::Instant;
    s.auto_pass = auto_pass;
    touchline::games::eleven::table::screen(s, &touchline::cards::DataSource::embedded(), None)
}

/// Clicks the first enabled button a default-taking person would press.
fn press_default(h: &mut Harness<'_, SeasonTable>) -> Option<&'static str> {
    for (prefix, kind) in DEFAULTS {
        let found = h
            .query_all_by_role(egui::accesskit::Role::Button)
            .filter(|n| !n.accesskit_node().is_disabled())
            .find(|n| {
                n.accesskit_node()
                    .label()
                    .is_some_and(|l| l.starts_with(prefix))
            })
            .map(|n| n.accesskit_node().label().unwrap_or_default().to_string());
        if let Some(label) = found {
            h.get_by_label(&label).click();
            return Some(kind);
        }
    }
    None
}

/// The clicks of one whole season, by kind.
fn season_clicks(seed: u64, auto_pass: bool) -> BTreeMap<&'static str, u32> {
    let mut h = harness(table(seed, auto_pass), [1280.0, 800.0]);
    let mut clicks = BTreeMap::new();
    for _ in 0..600 {
        settle(&mut h);
        if h.state().session().game().is_over() {
            break;
        }
        let kind = press_default(&mut h).unwrap_or_else(|| {
            panic!(
                "a default to press in {:?}",
                h.state().session().game().phase
            )
        });
        *clicks.entry(kind).or_insert(0) += 1;
        h.run_steps(2);
    }
    assert!(h.state().session().game().is_over(), "the season ends");
    clicks
}

#[test]
fn a_two_manager_season_takes_counted_clicks() {
    for seed in [3, 8] {
        let off = season_clicks(seed, false);
        let on = season_clicks(seed, true);
        let total = |c: &BTreeMap<&str, u32>| c.values().sum::<u32>();
        eprintln!(
            "seed {seed}: auto-pass off {} clicks {off:?}; on {} {on:?}",
            total(&off),
            total(&on)
        );
        // Six Weeks: a Board Meeting, a Match and its consequence each.
        assert_eq!(off.get("Match"), Some(&6), "{off:?}");
        assert_eq!(off.get("Board Meeting"), Some(&6), "{off:?}");
        assert_eq!(
            off.get("setup"),
            Some(&4),
            "three Directors and an Objective"
        );
        assert!(total(&on) <= total(&off), "auto-pass never adds a click");
    }
}
