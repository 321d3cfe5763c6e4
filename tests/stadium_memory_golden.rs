//! A golden playthrough: one fixed-seed game of three memory bots on a
//! 4 x 6 grid, every action and the narration a spectator and seat 0 read,
//! kept in `tests/snapshots/stadium-memory-golden.txt`. Any change to the
//! rules, the deal, the bots or the narrator shows up as a diff here.
//! Regenerate with `UPDATE_SNAPSHOTS=1 cargo test --test integration stadium_memory_golden`.

use std::path::Path;
use std::sync::Arc;
use touchline::engine::{Game as _, Seat, ToAct};
use touchline::games::stadium_memory::bot::BotKind;
use touchline::games::stadium_memory::bot::MemoryLevel;
use touchline::games::stadium_memory::{CardSet, StadiumMemory, StadiumMemoryConfig};

fn playthrough() -> String {
    let cards = Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("{e}")));
    let mut config = StadiumMemoryConfig::new(cards.clone(), 3);
    config.rules.rows = 4;
    config.rules.columns = 6;
    config.rules.prize_counts.0 = [3, 1, 2, 2];
    let mut game = StadiumMemory::new(&config, 2026).unwrap_or_else(|e| panic!("{e}"));
    let mut bots: Vec<_> = [4u8, 2, 0]
        .iter()
        .enumerate()
        .map(|(i, l)| BotKind::Memory(MemoryLevel::new(*l)).build(i as u64 + 1))
        .collect();
    let names = vec!["Ana".to_string(), "Bo".to_string(), "Cy".to_string()];
    let mut out = String::new();
    let mut events = Vec::new();
    let mut legal = Vec::new();
    let mut told = 0;
    for _ in 0..10_000 {
        let seat = match game.to_act() {
            ToAct::Chance => {
                game.resolve_chance(&mut events);
                None
            }
            ToAct::One(s) => Some(s),
            _ => break,
        };
        if let Some(seat) = seat {
            game.legal_actions(seat, &mut legal);
            let view = game.view(seat);
            let Some(bot) = bots.get_mut(seat.index()) else {
                break;
            };
            let i = bot.choose(Some(&view), &legal);
            let Some(action) = legal.get(i).copied() else {
                break;
            };
            out.push_str(&format!(
                "> {}: {}\n",
                seat.0,
                action.notation(&cards, game.columns())
            ));
            game.apply_logged(seat, &action, &mut events)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        for e in events.iter().skip(told) {
            let public = e.describe(&cards, &names, None);
            let ana = e.describe(&cards, &names, Some(Seat(0)));
            if let Some(p) = &public {
                out.push_str(&format!("  {p}\n"));
            }
            if ana != public
                && let Some(a) = ana
            {
                out.push_str(&format!("  [Ana only] {a}\n"));
            }
        }
        told = events.len();
    }
    out
}

#[test]
fn golden_playthrough_is_unchanged() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/stadium-memory-golden.txt");
    let got = playthrough();
    assert!(
        got.contains("the table is empty"),
        "the game did not end:\n{got}"
    );
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(&path, &got).unwrap_or_else(|e| panic!("{e}"));
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with UPDATE_SNAPSHOTS=1 to create it)",
            path.display()
        )
    });
    assert!(
        got == want,
        "the playthrough changed; if that is intended, run with UPDATE_SNAPSHOTS=1.\n{got}"
    );
}
