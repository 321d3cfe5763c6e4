//! Stadium Memory's print-and-play deck: every card lays out whole at the
//! usual sizes, the back is the lawn with the set's label, and `touchline
//! export --game stadium-memory` writes a valid PDF with duplex or fold
//! backs (checked with qpdf and pdffonts when they are installed).

use std::process::Command;
use touchline::cards::DataSource;
use touchline::layout::{self, Frame, NoImages, PrintDeck, TemplateSet};
use touchline::render::options::PrintGame;

fn deck() -> (PrintDeck, TemplateSet) {
    let deck = PrintGame::of("stadium-memory")
        .unwrap_or_else(|| panic!("Stadium Memory does not print"))
        .load(&DataSource::embedded())
        .unwrap_or_else(|e| panic!("{e}"));
    let templates = TemplateSet::embedded(&deck.game).unwrap_or_else(|e| panic!("{e}"));
    (deck, templates)
}

/// Runs a tool; `None` (with a note) when it is not installed.
fn tool(name: &str, args: &[&str]) -> Option<(bool, String)> {
    match Command::new(name).args(args).output() {
        Ok(out) => Some((
            out.status.success(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        )),
        Err(_) => {
            eprintln!("note: {name} is not installed; skipping that check");
            None
        }
    }
}

#[test]
fn every_card_and_the_back_lay_out_with_their_text_inside() {
    let (deck, templates) = deck();
    assert_eq!(deck.cards.len(), 100, "42 pairs and 16 prizes");
    for (w, h) in [(63.5, 88.9), (63.0, 88.0), (59.0, 92.0)] {
        let frame = Frame {
            width: w,
            height: h,
            bleed: 3.0,
        };
        for card in deck.cards.iter().chain(std::iter::once(&deck.back)) {
            let scene = layout::card_scene(card, &templates, frame, &NoImages)
                .unwrap_or_else(|e| panic!("{}: {e}", card.id));
            for (name, block) in scene.texts() {
                for line in &block.lines {
                    let missing = block.font.metrics().missing_glyphs(&line.text);
                    assert!(missing.is_empty(), "{} {name}: {missing:?}", card.id);
                    assert!(
                        !line.text.ends_with('…'),
                        "{} {name} was cut: {}",
                        card.id,
                        line.text
                    );
                }
            }
        }
    }
    let frame = Frame {
        width: 63.5,
        height: 88.9,
        bleed: 0.0,
    };
    let back = layout::card_scene(&deck.back, &templates, frame, &NoImages)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.text_lines(), vec!["Rivet".to_string()]);
    let ferro = deck
        .cards
        .iter()
        .find(|c| c.id == "ferro-2")
        .unwrap_or_else(|| panic!("no ferro-2"));
    let face =
        layout::card_scene(ferro, &templates, frame, &NoImages).unwrap_or_else(|e| panic!("{e}"));
    let text = face.text_lines().join(" | ");
    assert!(
        text.contains("Tomas Ferro") && text.contains("Pair: 5 points"),
        "{text}"
    );
}

#[test]
fn the_export_command_prints_fronts_and_lawn_backs() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for (backs, pages, paper) in [
        ("duplex-long", 26, "8 a page, 26 pages, 13 sheets"),
        ("fold", 25, "4 a page, 25 pages, 25 sheets"),
    ] {
        let out = dir.path().join(format!("memory-{backs}.pdf"));
        let run = Command::new(env!("CARGO_BIN_EXE_touchline"))
            .args([
                "export",
                "--game",
                "stadium-memory",
                "--backs",
                backs,
                "--out",
            ])
            .arg(&out)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(
            stdout.contains(&format!(": {paper}, 100 cards, ")),
            "{backs}: {stdout}"
        );
        let doc = lopdf::Document::load(&out).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(doc.get_pages().len(), pages, "{backs}");
        let path = out.to_string_lossy().to_string();
        if let Some((ok, text)) = tool("qpdf", &["--check", &path]) {
            assert!(ok, "qpdf: {text}");
        }
        if let Some((ok, text)) = tool("pdffonts", &[&path]) {
            assert!(ok, "{text}");
            for line in text.lines().skip(2) {
                assert!(
                    line.contains(" yes yes "),
                    "a font not embedded as a subset: {line}"
                );
            }
        }
        if backs == "duplex-long"
            && let Some((ok, text)) = tool("pdftotext", &["-f", "2", "-l", "2", &path, "-"])
        {
            assert!(ok, "{text}");
            assert_eq!(text.matches("Rivet").count(), 8, "a page of backs: {text}");
        }
    }
}
