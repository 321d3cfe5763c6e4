//! The export dialog driven through labels: options change the previewed
//! first sheet, an export writes the very file `touchline export` writes
//! for the same choices, and a cancelled export writes nothing.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::ops::ControlFlow;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use touchline::cards::DataSource;
use touchline::render::options::{self, ExportOptions};
use touchline::render::sheet::{self, CardSize, Paper, SheetOptions};
use touchline::ui::export::{ExportDialog, ExportEvent, ExportOutcome};

fn harness(dialog: ExportDialog) -> Harness<'static, ExportDialog> {
    Harness::builder()
        .with_size([1280.0, 1400.0])
        .build_ui_state(
            |ui, dialog: &mut ExportDialog| {
                let _ = dialog.show(ui);
            },
            dialog,
        )
}

/// Steps the dialog until its preview is laid out (it is laid out on its
/// own thread; a minute at most).
fn settle(h: &mut Harness<'static, ExportDialog>) {
    settle_with(h, ExportDialog::is_laying_out);
}

/// [`settle`] for a harness whose state holds the dialog.
fn settle_with<S>(h: &mut Harness<'_, S>, busy: impl Fn(&S) -> bool) {
    let start = Instant::now();
    h.run();
    while busy(h.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the preview was never laid out"
        );
        std::thread::sleep(Duration::from_millis(10));
        h.run();
    }
    h.run();
}

/// Steps the dialog until its export has finished (a minute at most).
fn finish(h: &mut Harness<'static, ExportDialog>) -> ExportOutcome {
    let start = Instant::now();
    while h.state().is_running() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the export never finished"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    settle(h);
    h.state()
        .last_outcome()
        .cloned()
        .unwrap_or_else(|| panic!("no outcome"))
}

fn per_page(paper: Paper, card: &str) -> usize {
    let o = SheetOptions {
        paper,
        card: CardSize::parse(card).unwrap_or_else(|e| panic!("{e}")),
        ..SheetOptions::default()
    };
    sheet::grid(&o).unwrap_or_else(|e| panic!("{e}")).per_page()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().to_string())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn paper_and_card_size_change_the_previewed_first_sheet() {
    let mut h = harness(ExportDialog::new(DataSource::embedded()));
    settle(&mut h);
    h.get_by_label("First sheet: 8 a page · 50 pages, 25 sheets, 198 cards in all");

    h.get_by_label("A3").click();
    settle(&mut h);
    let a3 = per_page(Paper::A3, "poker");
    assert_eq!(a3, 18, "shared cuts fit 18 on A3");
    h.get_by_label_contains(&format!("First sheet: {a3} a page · "));

    h.get_by_label("Mini (44 × 67 mm)").click();
    settle(&mut h);
    let mini = per_page(Paper::A3, "mini");
    assert!(mini > a3);
    h.get_by_label_contains(&format!("First sheet: {mini} a page · "));
    let first = h
        .state()
        .first_sheet()
        .and_then(Result::ok)
        .map(|s| (s.fronts(), s.scenes.len(), s.plan.width, s.plan.height));
    assert_eq!(first.map(|f| f.0), Some(mini));
    assert_eq!(first.map(|f| f.1), Some(mini), "one Scene per card");

    // Fold mode puts the backs on the same sheet: half the faces.
    h.get_by_label("Fold in half").click();
    settle(&mut h);
    let folded = h
        .state()
        .first_sheet()
        .and_then(Result::ok)
        .map(|s| s.fronts());
    assert!(folded.is_some_and(|n| n > 0 && n < mini), "{folded:?}");

    // A card that cannot fit says so instead of a preview.
    h.get_by_label("Custom paper").click();
    settle(&mut h);
    h.get_by_label("Paper width (mm)").set_value_accesskit(60.0);
    h.get_by_label("Paper height (mm)")
        .set_value_accesskit(60.0);
    settle(&mut h);
    h.get_by_label_contains("Cannot print: a mini (44x67 mm) card");
    assert!(h.get_by_label("Export PDF…").accesskit_node().is_disabled());
}

#[test]
fn an_export_writes_the_same_pdf_as_the_command_line() {
    let mut h = harness(ExportDialog::new(DataSource::embedded()));
    settle(&mut h);
    h.get_by_label("Letter").click();
    h.get_by_label("No marks").click();
    h.get_by_label("Duplex, short edge").click();
    h.get_by_label("By kind").click();
    settle(&mut h);
    h.get_by_label("referee").click();
    h.get_by_label("red").click();
    h.get_by_label("Bleed (mm)").set_value_accesskit(0.4);
    h.get_by_label("Printer offset x (mm)")
        .set_value_accesskit(1.5);
    h.get_by_label("Printer offset y (mm)")
        .set_value_accesskit(-0.5);
    settle(&mut h);
    h.get_by_label("First sheet: 9 a page · 6 pages, 3 sheets, 26 cards in all");

    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("refs.pdf");
    h.state_mut().export_to(&out);
    assert!(h.state().is_running());
    let outcome = finish(&mut h);
    let ExportOutcome::Done(summary) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!((summary.pages, summary.cards), (6, 26));
    h.get_by_label_contains(&format!(
        "Wrote {}: 9 a page, 6 pages, 3 sheets, 26 cards, ",
        out.display()
    ));
    let written = std::fs::read(&out).unwrap_or_default();
    let pages = lopdf::Document::load_mem(&written)
        .map(|d| d.get_pages().len())
        .unwrap_or_else(|e| panic!("not a readable PDF: {e}"));
    assert_eq!(pages, 6);
    assert_eq!(summary.bytes, written.len());

    // The shared pipeline, called directly, makes the same bytes.
    let direct = options::export(&h.state().options(), &DataSource::embedded(), &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        same_document(&direct.pdf, &written),
        "the pipeline and the dialog differ"
    );

    // And so does the command line with the same choices.
    let cli = dir.path().join("cli.pdf");
    let run = Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args([
            "export",
            "--paper",
            "letter",
            "--crop-marks",
            "none",
            "--backs",
            "duplex-short",
            "--select",
            "kind:referee,red",
            "--bleed",
            "0.4",
            "--offset-x",
            "1.5",
            "--offset-y",
            "-0.5",
            "--out",
        ])
        .arg(&cli)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        stdout.contains(&summary.text),
        "{stdout} vs {}",
        summary.text
    );
    assert!(
        same_document(&std::fs::read(&cli).unwrap_or_default(), &written),
        "the command line and the dialog differ"
    );
    // Both keep the card hashes beside their PDF, in the same format.
    assert_eq!(
        files_in(dir.path()),
        ["cli.pdf", "cli.pdf.cards", "refs.pdf", "refs.pdf.cards"]
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("cli.pdf.cards")).ok(),
        std::fs::read_to_string(dir.path().join("refs.pdf.cards")).ok()
    );
}

#[test]
fn copies_in_the_dialog_print_each_card_that_many_times() {
    let mut h = harness(ExportDialog::new(DataSource::embedded()));
    settle(&mut h);
    h.get_by_label("By kind").click();
    settle(&mut h);
    h.get_by_label("referee").click();
    h.get_by_label("red").click();
    settle(&mut h);
    h.get_by_label_contains("26 cards in all");
    h.get_by_label("Copies").set_value_accesskit(3.0);
    settle(&mut h);
    assert_eq!(h.state().options().sheet.copies, 3);
    h.get_by_label_contains("78 cards in all");
    // Past the most an export prints, the field stops at 20.
    h.get_by_label("Copies").set_value_accesskit(50.0);
    settle(&mut h);
    assert_eq!(h.state().options().sheet.copies, sheet::MAX_COPIES);

    h.get_by_label("Copies").set_value_accesskit(2.0);
    settle(&mut h);
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("twice.pdf");
    h.state_mut().export_to(&out);
    let outcome = finish(&mut h);
    let ExportOutcome::Done(summary) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(summary.cards, 52);
    let per = per_page(Paper::A4, "poker");
    let fronts = 52usize.div_ceil(per);
    assert_eq!(summary.pages, fronts * 2, "fronts and duplex backs");
}

/// Whether two PDFs are the same document: the same bytes once the
/// file identifier and the dates, which every export makes anew, are
/// taken out.
fn same_document(a: &[u8], b: &[u8]) -> bool {
    let strip = |bytes: &[u8]| -> Vec<u8> {
        let Ok(mut doc) = lopdf::Document::load_mem(bytes) else {
            return Vec::new();
        };
        doc.trailer.remove(b"ID");
        if let Ok(r) = doc
            .trailer
            .get(b"Info")
            .and_then(lopdf::Object::as_reference)
            && let Ok(info) = doc.get_dictionary_mut(r)
        {
            info.remove(b"CreationDate");
            info.remove(b"ModDate");
        }
        let mut out = Vec::new();
        let _ = doc.save_to(&mut out);
        // Every file draws its own subset tags (`ABCDEF+DejaVuSans`).
        let mut at = 0;
        while let Some(i) = out[at..].windows(7).position(|w| w == b"+DejaVu") {
            let plus = at + i;
            if plus >= 6 {
                out[plus - 6..plus].copy_from_slice(b"XXXXXX");
            }
            at = plus + 7;
        }
        out
    };
    let (a, b) = (strip(a), strip(b));
    !a.is_empty() && a == b
}

/// A data folder whose deck back is a large picture, so an export takes
/// long enough (storing the picture) to be cancelled through the UI.
fn slow_data(dir: &Path) -> DataSource {
    let art = dir.join("booked/art");
    std::fs::create_dir_all(&art).unwrap_or_else(|e| panic!("{e}"));
    let mut seed = 0x2545_f491_u32;
    let picture = image::RgbImage::from_fn(1600, 1600, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let [r, g, b, _] = seed.to_le_bytes();
        image::Rgb([r, g, b])
    });
    picture
        .save(art.join("back.png"))
        .unwrap_or_else(|e| panic!("{e}"));
    DataSource::dir(dir)
}

#[test]
fn cancelling_an_export_writes_nothing_and_keeps_the_old_file() {
    let data = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let source = slow_data(data.path());
    let out_dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let old = out_dir.path().join("old.pdf");
    std::fs::write(&old, b"the old file").unwrap_or_else(|e| panic!("{e}"));
    let new = out_dir.path().join("new.pdf");

    let mut h = harness(ExportDialog::new(source));
    settle(&mut h);
    for target in [&old, &new] {
        h.state_mut().export_to(target);
        h.step();
        h.get_by_label("Cancel").click();
        h.step();
        h.step();
        // The worker may already have stopped by now (a loaded machine
        // runs the frames late); either way the dialog shows the cancel.
        let cancelling = h.query_by_label_contains("Cancelling…").is_some()
            || h.query_by_label("Export cancelled: no file was written")
                .is_some();
        assert!(cancelling, "the dialog shows the cancel");
        assert_eq!(finish(&mut h), ExportOutcome::Cancelled);
        h.get_by_label("Export cancelled: no file was written");
    }
    assert_eq!(std::fs::read(&old).unwrap_or_default(), b"the old file");
    assert!(!new.exists());
    assert_eq!(
        files_in(out_dir.path()),
        ["old.pdf"],
        "no temporary file left"
    );

    // Not cancelled, the same export replaces the old file.
    h.state_mut().export_to(&old);
    let outcome = finish(&mut h);
    assert!(matches!(outcome, ExportOutcome::Done(_)), "{outcome:?}");
    assert!(
        std::fs::read(&old)
            .unwrap_or_default()
            .starts_with(b"%PDF-")
    );
    // The card hashes are kept beside it, as `touchline export` keeps them.
    assert_eq!(files_in(out_dir.path()), ["old.pdf", "old.pdf.cards"]);
}

#[test]
fn problems_are_shown_and_nothing_can_be_exported() {
    let mut h = harness(ExportDialog::new(DataSource::embedded()));
    settle(&mut h);
    h.get_by_label("Picked cards").click();
    settle(&mut h);
    h.get_by_label("Card ids (an id without its copy number means every copy)")
        .set_text_value_accesskit("BRA-99");
    settle(&mut h);
    h.get_by_label_contains("Cannot print: no card `BRA-99` in Booked! Core Set");
    assert!(h.get_by_label("Export PDF…").accesskit_node().is_disabled());
    // The same failure, were it exported anyway, is reported and writes nothing.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("x.pdf");
    h.state_mut().export_to(&out);
    let outcome = finish(&mut h);
    assert!(
        matches!(&outcome, ExportOutcome::Failed(e) if e.contains("no card `BRA-99`")),
        "{outcome:?}"
    );
    h.get_by_label_contains("Export failed: no card `BRA-99`");
    assert!(!out.exists());
    assert_eq!(
        h.state().options(),
        ExportOptions {
            selection: touchline::layout::Selection::Ids(vec!["BRA-99".into()]),
            ..ExportOptions::default()
        }
    );
}

#[test]
fn the_owner_hears_of_a_finished_export_and_of_close() {
    struct Owner {
        dialog: ExportDialog,
        events: Vec<ExportEvent>,
    }
    let owner = Owner {
        dialog: ExportDialog::new(DataSource::embedded()),
        events: Vec::new(),
    };
    let mut h = Harness::builder()
        .with_size([1280.0, 1400.0])
        .build_ui_state(
            |ui, o: &mut Owner| {
                if let Some(e) = o.dialog.show(ui) {
                    o.events.push(e);
                }
            },
            owner,
        );
    settle_with(&mut h, |o: &Owner| o.dialog.is_laying_out());
    h.get_by_label("No backs").click();
    settle_with(&mut h, |o: &Owner| o.dialog.is_laying_out());
    h.get_by_label("Picked cards").click();
    settle_with(&mut h, |o: &Owner| o.dialog.is_laying_out());
    h.get_by_label("Card ids (an id without its copy number means every copy)")
        .set_text_value_accesskit("var_review");
    settle_with(&mut h, |o: &Owner| o.dialog.is_laying_out());
    h.get_by_label("First sheet: 8 a page · 1 page, 1 sheet, 2 cards in all");
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("var.pdf");
    h.state_mut().dialog.export_to(&out);
    let start = Instant::now();
    while h.state().dialog.is_running() && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    settle_with(&mut h, |o: &Owner| o.dialog.is_laying_out());
    let exported: Vec<(usize, usize)> = h
        .state()
        .events
        .iter()
        .filter_map(|e| match e {
            ExportEvent::Exported(s) if s.path == out => Some((s.pages, s.cards)),
            _ => None,
        })
        .collect();
    assert_eq!(exported, [(1, 2)], "reported once");
    h.get_by_label("Close").click();
    settle_with(&mut h, |o: &Owner| o.dialog.is_laying_out());
    assert_eq!(h.state().events.last(), Some(&ExportEvent::Close));
}

#[test]
fn a_templates_folder_draws_the_preview_until_the_built_in_ones_are_chosen_again() {
    let tpl = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(tpl.path().join("booked")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        tpl.path().join("booked/player.toml"),
        "extends = \"base\"\n[[box]]\nname = \"rating\"\nsize = \"big\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let dialog =
        ExportDialog::new(DataSource::embedded()).with_templates(Some(tpl.path().to_path_buf()));
    assert_eq!(
        dialog.options().templates.as_deref(),
        Some(tpl.path()),
        "the same option as --templates"
    );
    let mut h = harness(dialog);
    settle(&mut h);
    h.get_by_label_contains("Cannot print: the Booked! Core Set templates have problems: ");
    h.get_by_label_contains("player.toml:4:8: box `rating`, field `size`: `big` is not a length");
    h.get_by_label("Use the built-in templates").click();
    settle(&mut h);
    h.get_by_label("First sheet: 8 a page · 50 pages, 25 sheets, 198 cards in all");
    assert_eq!(h.state().options(), ExportOptions::default());
}

#[test]
fn broken_card_data_is_explained_and_cannot_be_exported() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(dir.path().join("booked")).unwrap_or_else(|e| panic!("{e}"));
    let nations = DataSource::embedded_file("booked/nations.toml").unwrap_or_default();
    std::fs::write(
        dir.path().join("booked/nations.toml"),
        nations.replacen("rating = 10", "rating = 11", 1),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(ExportDialog::new(DataSource::dir(dir.path())));
    settle(&mut h);
    h.get_by_label_contains("Cannot print: the Booked! card data has problems:");
    h.get_by_label_contains("Booked!: cannot be printed: ");
    assert!(h.get_by_label("Export PDF…").accesskit_node().is_disabled());
}

#[test]
fn the_preview_is_laid_out_off_the_ui_thread() {
    let mut h = harness(ExportDialog::new(DataSource::embedded()));
    settle(&mut h);
    h.get_by_label("First sheet: 8 a page · 50 pages, 25 sheets, 198 cards in all");
    h.get_by_label("A3").click();
    let mut drawn = false;
    for _ in 0..4 {
        h.step();
        if h.query_by_label("Laying out the first sheet…").is_some() {
            drawn = true;
            break;
        }
    }
    // The frame that asked for the new sheet was drawn without waiting for
    // it: the last sheet is still shown, and cannot be exported.
    assert!(drawn, "no frame was drawn while the sheet was laid out");
    assert!(h.state().is_laying_out());
    h.get_by_label("First sheet: 8 a page · 50 pages, 25 sheets, 198 cards in all");
    assert!(h.get_by_label("Export PDF…").accesskit_node().is_disabled());
    settle(&mut h);
    h.get_by_label_contains("First sheet: 18 a page · ");
    assert!(h.query_by_label("Laying out the first sheet…").is_none());
    assert!(!h.get_by_label("Export PDF…").accesskit_node().is_disabled());
}

/// With no desktop file dialog, Export PDF… asks with the app's own: a
/// folder typed, a name, Save, and the PDF is written there.
#[test]
fn export_asks_for_the_file_with_the_in_app_dialog_where_the_desktop_has_none() {
    touchline::ui::dialog::use_builtin();
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(ExportDialog::new(DataSource::embedded()));
    settle(&mut h);
    h.get_by_label("Export PDF…").click();
    h.run();
    h.get_by_label("Save as");
    h.get_by_label("Folder").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Folder")
        .type_text(&dir.path().display().to_string());
    h.run();
    h.get_by_label("Go").click();
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let outcome = finish(&mut h);
    assert!(matches!(outcome, ExportOutcome::Done(_)), "{outcome:?}");
    assert_eq!(files_in(dir.path()), ["booked.pdf", "booked.pdf.cards"]);
}

/// "Only cards changed since the last print" in the dialog reads and writes
/// the same `FILE.pdf.cards` as `touchline export --changed`, and prints to
/// `FILE.changed.pdf` beside the chosen file: the first export (no record
/// yet, as it says) prints the whole selection, the next one nothing, a
/// card edited since then alone, by name; and the command line agrees that
/// nothing is left.
#[test]
fn the_dialog_prints_only_the_cards_changed_since_the_last_print() {
    let data = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = data.path().join("booked.pdf");
    let mut h = harness(ExportDialog::new(DataSource::dir(data.path())));
    settle(&mut h);
    h.get_by_label("Only cards changed since the last print to the chosen file")
        .click();
    settle(&mut h);
    h.state_mut().export_to(&out);
    let ExportOutcome::Done(first) = finish(&mut h) else {
        panic!("the first export failed")
    };
    assert_eq!(first.cards, 198, "never printed: every card is new");
    let changed_pdf = data.path().join("booked.changed.pdf");
    assert_eq!(first.path, changed_pdf);
    assert!(
        first.text.contains("no record of an earlier print"),
        "{}",
        first.text
    );
    assert!(!out.exists(), "the chosen file itself is not written");
    let hashes = std::fs::read_to_string(format!("{}.cards", out.display()))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(hashes.lines().count(), 198);

    std::fs::remove_file(&changed_pdf).unwrap_or_else(|e| panic!("{e}"));
    h.state_mut().export_to(&out);
    assert_eq!(finish(&mut h), ExportOutcome::Unchanged(out.clone()));
    h.get_by_label_contains("Nothing changed since the last print to");
    assert!(!out.exists(), "nothing written");

    // BRA-9 renamed in the data folder: it alone prints.
    let nations = include_str!("../card_data/booked/nations.toml");
    assert!(nations.contains("Caíque Albuquerque"));
    std::fs::create_dir_all(data.path().join("booked")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        data.path().join("booked/nations.toml"),
        nations.replace("Caíque Albuquerque", "Pelé Nascimento"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    h.state_mut().export_to(&out);
    let ExportOutcome::Done(second) = finish(&mut h) else {
        panic!("the second export failed")
    };
    assert_eq!(second.cards, 1);
    assert!(
        second.text.ends_with(&format!(
            "1 card changed since the last print to {}: BRA-9",
            out.display()
        )),
        "{}",
        second.text
    );
    h.get_by_label_contains(": BRA-9");
    let run = Command::new(env!("CARGO_BIN_EXE_touchline"))
        .args(["export", "--changed", "--data"])
        .arg(data.path())
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && said.contains("nothing changed"),
        "{said}"
    );
}
