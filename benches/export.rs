//! Print-and-play speed: laying out the 198 Booked! cards, and the whole
//! export (layout, duplex imposition, corner crop marks, drawing, font
//! subsetting, compression) to PDF bytes in memory, each at the default
//! 3 mm bleed and without bleed.
//!
//! Run with `cargo bench --bench export`. The whole-process figure (start
//! to written file) is measured with hyperfine; see docs/printing.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use touchline::games::booked::deck::BookedDeck;
use touchline::layout::{self, Frame, NoImages, Selection, TemplateSet};
use touchline::render::{DeckJob, ExportJob, Images, SheetOptions, document};

fn bench(c: &mut Criterion) {
    let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let print = touchline::games::booked::layout::print_deck(&deck);
    let templates = TemplateSet::embedded("booked").unwrap_or_else(|e| panic!("{e}"));
    let mut group = c.benchmark_group("export");
    group.measurement_time(Duration::from_secs(8));
    group.sample_size(20);
    // The default 3 mm bleed (what `touchline export` prints) and none.
    for bleed in [3.0, 0.0] {
        let frame = Frame {
            width: 63.5,
            height: 88.9,
            bleed,
        };
        group.bench_function(format!("layout 198 cards, {bleed} mm bleed"), |b| {
            b.iter(|| {
                for card in &print.cards {
                    let scene = layout::card_scene(card, &templates, frame, &NoImages);
                    black_box(scene.is_ok());
                }
            })
        });
    }
    let images = Images::default();
    for bleed in [3.0, 0.0] {
        let sheet = SheetOptions {
            bleed,
            ..SheetOptions::default()
        };
        let name = format!("pdf 198 cards, duplex backs, crop marks, {bleed} mm bleed");
        group.bench_function(name, |b| {
            b.iter(|| {
                let job = ExportJob {
                    decks: vec![DeckJob {
                        deck: &print,
                        templates: &templates,
                    }],
                    selection: Selection::Deck,
                    sheet: sheet.clone(),
                    images: &images,
                    alignment_test: false,
                };
                let out = document::export(&job, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
                black_box(out.pdf.len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
