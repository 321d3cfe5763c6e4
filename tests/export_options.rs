//! The export pipeline as the app and the command line drive it: cancel,
//! the first sheet, a missing templates folder.

use std::ops::ControlFlow;
use std::path::PathBuf;
use touchline::cards::DataSource;
use touchline::render::options::{ExportOptions, Prepared, PrintError, Progress, export};

#[test]
fn a_cancelled_export_stops_and_says_so() {
    let mut calls = 0;
    let e = export(
        &ExportOptions::default(),
        &DataSource::embedded(),
        &mut |p| {
            calls += 1;
            if p.done > 0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    assert!(e.as_ref().is_err_and(PrintError::is_cancelled), "{e:?}");
    assert!(calls > 1);
}

#[test]
fn the_first_sheet_is_the_first_page_of_the_export() {
    let options = ExportOptions::default();
    let prepared =
        Prepared::load(&options, &DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
    let first = prepared
        .first_sheet(&options)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut seen = Vec::new();
    let out = export(&options, &DataSource::embedded(), &mut |p| {
        seen.push(p);
        ControlFlow::Continue(())
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.plans.first(), Some(&first.plan));
    assert_eq!((first.pages, first.cards), (out.pages, out.cards));
    assert_eq!(first.fronts(), 8, "eight poker cards with 3 mm bleed on A4");
    assert_eq!(first.scenes.len(), first.plan.cards.len());
    assert_eq!(
        seen.last(),
        Some(&Progress {
            done: 396,
            total: 396
        })
    );
}

#[test]
fn a_missing_templates_folder_is_named() {
    let options = ExportOptions {
        templates: Some(PathBuf::from("/no/such/touchline/folder")),
        ..ExportOptions::default()
    };
    let e = export(&options, &DataSource::embedded(), &mut |_| {
        ControlFlow::Continue(())
    });
    assert_eq!(
        e.err().map(|e| e.to_string()).unwrap_or_default(),
        "templates folder /no/such/touchline/folder: no such folder"
    );
}
