//! The Booked! table's frame cost: one frame of a 6-manager match in the
//! middle of play, drawn headless with egui_kittest (layout and
//! tessellation-free UI pass), and one card rasterized for the screen.
//! Run with `cargo bench --bench table`.

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

/// One Booked! player card rasterized (`touchline::render::raster`) at a
/// pitch's size and at the hover preview's: what a card costs the first
/// frame it is shown at a new size.
fn card_raster(c: &mut Criterion) {
    use touchline::games::booked::layout::{GAME, print_deck};
    use touchline::layout::{Frame, TemplateSet, card_scene};
    let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let print = print_deck(&deck);
    let templates = TemplateSet::embedded(GAME).unwrap_or_else(|e| panic!("{e}"));
    let images = touchline::render::Images::new(Vec::new());
    let frame = Frame {
        width: 63.5,
        height: 88.9,
        bleed: 0.0,
    };
    let scene =
        card_scene(&print.cards[0], &templates, frame, &images).unwrap_or_else(|e| panic!("{e}"));
    for (name, w, h) in [
        ("card_raster_60px", 43, 60),
        ("card_raster_300px", 214, 300),
    ] {
        c.bench_function(name, |b| {
            b.iter(|| touchline::render::raster::rasterize(&scene, w, h, 4.0, &mut |_| None))
        });
    }
}

criterion_group!(benches, table, card_raster);
criterion_main!(benches);
