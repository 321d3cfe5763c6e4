//! The Booked! table's frame cost: one frame of a 6-manager match in the
//! middle of play, drawn headless with egui_kittest (layout and
//! tessellation-free UI pass). Run with `cargo bench --bench table`.

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use std::sync::Arc;
use touchline::bots::Strength;
use touchline::cards::DataSource;
use touchline::engine::Game as _;
use touchline::games::booked::deck::BookedDeck;
use touchline::games::booked::session::BookedSession as Session;
use touchline::games::booked::table::{BookedTable, TableScreen};
use touchline::games::booked::{BookedConfig, HouseRules};
use touchline::ui::seating::Seated as _;
use touchline::ui::session::{Controller, Manager, Pace};

fn table(c: &mut Criterion) {
    let deck = Arc::new(BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}")));
    let config = BookedConfig::new(Arc::new(deck.card_set()), HouseRules::default(), 6);
    let managers: Vec<Manager> = (0..6)
        .map(|i| Manager {
            name: format!("Manager {}", i + 1),
            controller: if i == 0 {
                Controller::Human
            } else {
                Controller::Bot(Strength::Heuristic)
            },
        })
        .collect();
    let mut session = Session::new(managers, config, 4).unwrap_or_else(|e| panic!("{e}"));
    session.pace = Pace::Instant;
    // Play into the middle of a match so pitches are full.
    let mut t = 0.0;
    while session.game().turns() < 60 && !session.game().is_over() {
        if !session.step(t) {
            let Some(seat) = session.human_actor() else {
                break;
            };
            let mut legal = Vec::new();
            session.game().legal_actions(seat, &mut legal);
            let Some(a) = legal.first().copied() else {
                break;
            };
            let _ = session.act(seat, a);
        }
        t += 1.0;
    }
    let view = BookedTable::new(deck, Vec::new());
    let screen = TableScreen::new(session, view, &DataSource::embedded(), None);
    let mut harness = Harness::builder()
        .with_size([1600.0, 1000.0])
        .build_ui_state(
            |ui, s: &mut TableScreen| {
                s.show(ui);
            },
            screen,
        );
    harness.run();
    c.bench_function("table_frame_6p", |b| b.iter(|| harness.step()));
}

criterion_group!(benches, table);
criterion_main!(benches);
