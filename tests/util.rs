//! Helpers shared by the integration tests.

use std::sync::Arc;
use touchline::bots::{Bot, RandomBot};
use touchline::engine::{Game, ToAct};
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::{BookedConfig, CardSet, HouseRules};

/// The default Booked! card set (panics only if the embedded data is
/// broken, which its own unit test reports in detail).
pub fn card_set() -> Arc<CardSet> {
    let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("default data: {e}"));
    Arc::new(deck.card_set())
}

/// A configuration for `seats` managers under `rules`.
pub fn config(seats: u8, rules: HouseRules) -> BookedConfig {
    BookedConfig::new(card_set(), rules, seats)
}

/// Whether snapshot files should be rewritten instead of compared.
pub fn updating_snapshots() -> bool {
    std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v != "0")
}

/// Compares `actual` with the snapshot at `path` (relative to the crate),
/// or rewrites it under UPDATE_SNAPSHOTS=1.
pub fn assert_snapshot(path: &str, actual: &str) {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if updating_snapshots() {
        if let Some(dir) = full.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(&full, actual).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
        return;
    }
    let expected = std::fs::read_to_string(&full)
        .unwrap_or_else(|e| panic!("{path}: {e} (create it with UPDATE_SNAPSHOTS=1 cargo test)"));
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .map_or_else(
                || expected.lines().count().min(actual.lines().count()) + 1,
                |i| i + 1,
            );
        panic!(
            "{path} differs from the snapshot at line {line}:\n  expected: {:?}\n  actual:   {:?}\n(regenerate with UPDATE_SNAPSHOTS=1 cargo test if the change is intended)",
            expected.lines().nth(line - 1).unwrap_or(""),
            actual.lines().nth(line - 1).unwrap_or("")
        );
    }
}

/// One step of `game` played by `bot` (chance resolved, or one decision by
/// the seat to act, the first of a simultaneous set): the events it made,
/// or `None` when the game is over or has nothing legal.
pub fn random_step<G: Game>(
    game: &mut G,
    bot: &mut RandomBot,
    legal: &mut Vec<G::Action>,
) -> Option<Vec<G::Event>> {
    let mut events = Vec::new();
    let seat = match game.to_act() {
        ToAct::Over => return None,
        ToAct::Chance => {
            game.resolve_chance(&mut events);
            return Some(events);
        }
        ToAct::One(s) => s,
        ToAct::Simultaneous(set) => set.iter().next()?,
    };
    game.legal_actions(seat, legal);
    let i = Bot::<G>::choose(bot, None, legal);
    let a = legal.get(i).cloned()?;
    game.apply_logged(seat, &a, &mut events)
        .unwrap_or_else(|e| panic!("legal action refused: {e}"));
    Some(events)
}

/// Drags with the pointer: presses at `from`, moves there over a few
/// frames and lets go at `to`.
pub fn drag<S>(h: &mut egui_kittest::Harness<'_, S>, from: egui::Pos2, to: egui::Pos2) {
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 4.0));
        h.step();
    }
    h.drop_at(to);
    h.run_steps(3);
}

/// `table` in a window of `size`, shown every frame (the kittest harness
/// the table tests share).
pub fn table_harness<T: touchline::ui::Table + 'static>(
    table: T,
    size: [f32; 2],
) -> egui_kittest::Harness<'static, T> {
    egui_kittest::Harness::builder()
        .with_size(size)
        .build_ui_state(
            |ui, t: &mut T| {
                t.show(ui);
            },
            table,
        )
}
