//! Print-and-play: Scenes, sheets and the PDF itself.
//!
//! Positions are checked twice: from the sheet geometry, and from the PDF's
//! own content streams (every card is a `/Card` marked-content section with
//! its id and side, clipped to its bleed box), so a bug in either the
//! imposition or the PDF backend shows up. External tools (qpdf, pdffonts,
//! pdftotext) are used when installed and skipped with a note otherwise.

use lopdf::{Document, Object};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use touchline::games::booked::deck::BookedDeck;
use touchline::layout::{self, Frame, NoImages, PrintDeck, Scene, Selection, Shape, TemplateSet};
use touchline::render::sheet::{self, Backs, CardSize, CropStyle, PageRole, SheetOptions, Side};
use touchline::render::{DeckJob, ExportJob, Exported, Images, document};

// ----- helpers -----

fn deck() -> PrintDeck {
    let d = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    touchline::games::booked::layout::print_deck(&d)
}

fn templates() -> TemplateSet {
    TemplateSet::embedded("booked").unwrap_or_else(|e| panic!("{e}"))
}

fn export_with(sheet: SheetOptions, selection: Selection, images: &Images) -> Exported {
    let deck = deck();
    let templates = templates();
    let job = ExportJob {
        decks: vec![DeckJob {
            deck: &deck,
            templates: &templates,
        }],
        selection,
        sheet,
        images,
        alignment_test: false,
    };
    document::export(&job, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"))
}

fn mm(pt: f32) -> f32 {
    pt * 25.4 / 72.0
}

fn num(o: &Object) -> f32 {
    match o {
        Object::Integer(i) => *i as f32,
        Object::Real(r) => *r,
        _ => f32::NAN,
    }
}

/// A card found in the PDF: page (0-based), id, side and its bleed box in
/// mm from the page's top-left corner.
#[derive(Clone, Debug)]
struct PdfCard {
    page: usize,
    id: String,
    side: String,
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

/// Page sizes in mm and every card section, read back from the PDF bytes.
fn read_pdf(bytes: &[u8]) -> (Vec<(f32, f32)>, Vec<PdfCard>) {
    let doc = Document::load_mem(bytes).unwrap_or_else(|e| panic!("{e}"));
    let mut sizes = Vec::new();
    let mut cards = Vec::new();
    for (i, (_, page_id)) in doc.get_pages().into_iter().enumerate() {
        let page = doc
            .get_dictionary(page_id)
            .unwrap_or_else(|e| panic!("{e}"));
        let media = page
            .get(b"MediaBox")
            .and_then(Object::as_array)
            .unwrap_or_else(|e| panic!("{e}"));
        let v: Vec<f32> = media.iter().map(num).collect();
        let (w, h) = (mm(v[2] - v[0]), mm(v[3] - v[1]));
        sizes.push((w, h));
        let content = doc
            .get_and_decode_page_content(page_id)
            .unwrap_or_else(|e| panic!("{e}"));
        let ops = content.operations;
        for (k, op) in ops.iter().enumerate() {
            if op.operator != "BDC" {
                continue;
            }
            let is_card =
                op.operands.first().and_then(|o| o.as_name().ok()) == Some(b"Card".as_slice());
            if !is_card {
                continue;
            }
            let Some(Ok(props)) = op.operands.get(1).map(Object::as_dict) else {
                panic!("no properties")
            };
            let id = props
                .get(b"Id")
                .and_then(Object::as_str)
                .map(|s| String::from_utf8_lossy(s).to_string())
                .unwrap_or_default();
            let side = props
                .get(b"Side")
                .and_then(Object::as_name)
                .map(|s| String::from_utf8_lossy(s).to_string())
                .unwrap_or_default();
            // The clip follows: q, re, W, n.
            let Some(re) = ops[k..].iter().take(6).find(|o| o.operator == "re") else {
                panic!("card {id} has no clip")
            };
            let r: Vec<f32> = re.operands.iter().map(num).collect();
            assert_eq!(
                ops[k..]
                    .iter()
                    .skip_while(|o| o.operator != "re")
                    .nth(1)
                    .map(|o| o.operator.as_str()),
                Some("W")
            );
            cards.push(PdfCard {
                page: i,
                id,
                side,
                x: mm(r[0]),
                y: h - mm(r[1] + r[3]),
                w: mm(r[2]),
                h: mm(r[3]),
            });
        }
    }
    (sizes, cards)
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() <= 0.1
}

fn write_temp(bytes: &[u8], dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{e}"));
    path
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
            eprintln!(
                "note: {name} is not installed; skipping that check (CI installs poppler-utils and qpdf)"
            );
            None
        }
    }
}

// ----- the PDF file -----

/// The subset font names (`ABCDEF+DejaVuSans`) a PDF's fonts carry.
fn subset_names(pdf: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pdf);
    let mut names: Vec<String> = text
        .split("/BaseFont/")
        .skip(1)
        .filter_map(|rest| {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '+' || *c == '-')
                .collect();
            name.contains('+').then_some(name)
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn two_exports_never_share_a_subset_tag() {
    let a = export_with(SheetOptions::default(), Selection::Deck, &Images::default());
    let b = export_with(SheetOptions::default(), Selection::Deck, &Images::default());
    let (a, b) = (subset_names(&a.pdf), subset_names(&b.pdf));
    assert_eq!(a.len(), 3, "{a:?}");
    assert_eq!(b.len(), 3, "{b:?}");
    let tag = |n: &String| n.split('+').next().unwrap_or_default().to_string();
    let tags: std::collections::BTreeSet<String> = a.iter().chain(&b).map(tag).collect();
    assert_eq!(
        tags.len(),
        6,
        "every face of every file its own tag: {a:?} {b:?}"
    );
}

#[test]
fn the_default_export_passes_qpdf_and_embeds_only_subset_fonts() {
    let out = export_with(SheetOptions::default(), Selection::Deck, &Images::default());
    assert_eq!((out.pages, out.cards), (50, 198));
    // At most 111 KB (ReportLab draws the same sheets in 155 KB,
    // docs/printing.md): the shared back stored once and the best
    // deflate keep it there.
    assert!(out.pdf.len() <= 111_000, "{} bytes", out.pdf.len());
    let text = String::from_utf8_lossy(&out.pdf);
    assert_eq!(
        text.matches("/Subtype/Form").count(),
        1,
        "the shared back is one form XObject"
    );
    // The file asks viewers not to scale it and presets long-edge duplex.
    let doc = Document::load_mem(&out.pdf).unwrap_or_else(|e| panic!("{e}"));
    let prefs = doc
        .catalog()
        .and_then(|c| c.get(b"ViewerPreferences"))
        .and_then(Object::as_dict)
        .unwrap_or_else(|e| panic!("{e}"));
    let name = |k: &[u8]| {
        prefs
            .get(k)
            .and_then(Object::as_name)
            .map(<[u8]>::to_vec)
            .unwrap_or_default()
    };
    assert_eq!(name(b"PrintScaling"), b"None");
    assert_eq!(name(b"Duplex"), b"DuplexFlipLongEdge");
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = write_temp(&out.pdf, dir.path(), "booked.pdf");
    let p = path.to_string_lossy().to_string();
    if let Some((ok, text)) = tool("qpdf", &["--check", &p]) {
        assert!(
            ok && text.contains("No syntax or stream encoding errors"),
            "{text}"
        );
    }
    if let Some((ok, text)) = tool("pdffonts", &[&p]) {
        assert!(ok, "{text}");
        let rows: Vec<&str> = text
            .lines()
            .skip(2)
            .filter(|l| !l.trim().is_empty())
            .collect();
        assert_eq!(rows.len(), 3, "three faces: {text}");
        for row in rows {
            let cols: Vec<&str> = row.split_whitespace().collect();
            // name type... encoding emb sub uni object-id gen
            let n = cols.len();
            assert!(n >= 6, "{row}");
            assert_eq!(
                &cols[n - 5..n - 2],
                &["yes", "yes", "yes"],
                "embedded, subset, unicode: {row}"
            );
            assert!(cols[0].contains("+DejaVuSans"), "{row}");
        }
    }
    if let Some((ok, text)) = tool("pdfinfo", &[&p]) {
        assert!(
            ok && text
                .lines()
                .any(|l| l.starts_with("Pages:") && l.trim_end().ends_with(" 50")),
            "{text}"
        );
        assert!(text.contains("841.89 x 595.28 pts (A4)"), "{text}");
    }
}

#[test]
fn accented_letters_and_the_bolt_print_as_real_glyphs() {
    let images = Images::default();
    let out = export_with(
        SheetOptions::default(),
        Selection::parse("id:GER-1,POL-1,TUR-4,BRA-10,var_review-1").unwrap_or_default(),
        &images,
    );
    // Layout side: every character of every card has a glyph in its face.
    let deck = deck();
    let templates = templates();
    let frame = Frame {
        width: 63.5,
        height: 88.9,
        bleed: 0.0,
    };
    for card in deck.cards.iter().chain(std::iter::once(&deck.back)) {
        let scene = layout::card_scene(card, &templates, frame, &NoImages)
            .unwrap_or_else(|e| panic!("{e}"));
        for (name, block) in scene.texts() {
            for line in &block.lines {
                let missing = block.font.metrics().missing_glyphs(&line.text);
                assert!(
                    missing.is_empty(),
                    "{} {name}: {missing:?} in {:?}",
                    card.id,
                    line.text
                );
            }
        }
    }
    // PDF side: the text extracts back as the same letters.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = write_temp(&out.pdf, dir.path(), "accents.pdf");
    if let Some((ok, text)) = tool("pdftotext", &[&path.to_string_lossy(), "-"]) {
        assert!(ok, "{text}");
        for word in [
            "Weißhaupt",
            "Łukasz",
            "Chmielowiec",
            "Erdoğdu",
            "Conceição",
            "⚡",
            "VAR REVIEW",
        ] {
            assert!(text.contains(word), "{word} missing from:\n{text}");
        }
    }
}

// ----- geometry: sheet and PDF agree, to 0.1 mm -----

#[test]
fn page_size_and_every_card_position_match_the_sheet_and_the_pdf() {
    let sheet_opts = SheetOptions {
        bleed: 1.0,
        // Nine a page needs no room for marks here: the geometry is all
        // that is compared.
        cuts: sheet::Cuts::Separate,
        crop: CropStyle::None,
        ..SheetOptions::default()
    };
    let out = export_with(sheet_opts.clone(), Selection::Deck, &Images::default());
    // From the geometry: A4 portrait, 3 x 3, centred, 1 mm bleed each side.
    let (pitch_x, pitch_y) = (63.5 + 2.0, 88.9 + 2.0);
    let x0 = (210.0 - 3.0 * pitch_x) / 2.0 + 1.0;
    let y0 = (297.0 - 3.0 * pitch_y) / 2.0 + 1.0;
    let fronts: Vec<&sheet::PagePlan> = out
        .plans
        .iter()
        .filter(|p| p.role == PageRole::Fronts)
        .collect();
    assert_eq!(fronts.len(), 22);
    for p in &fronts {
        assert!(close(p.width, 210.0) && close(p.height, 297.0));
        for (slot, pl) in p.cards.iter().enumerate() {
            let (c, r) = ((slot % 3) as f32, (slot / 3) as f32);
            assert!(
                close(pl.trim.x, x0 + c * pitch_x) && close(pl.trim.y, y0 + r * pitch_y),
                "{pl:?}"
            );
            assert!(close(pl.trim.w, 63.5) && close(pl.trim.h, 88.9));
        }
    }
    // From the PDF: every page is A4 and every card's clip is its bleed box
    // exactly where the plan put it.
    let (sizes, cards) = read_pdf(&out.pdf);
    assert_eq!(sizes.len(), 44);
    for (w, h) in &sizes {
        assert!(close(*w, 210.0) && close(*h, 297.0), "{w} x {h}");
    }
    assert_eq!(cards.len(), 396, "198 fronts and 198 backs");
    let deck = deck();
    for (page_no, plan) in out.plans.iter().enumerate() {
        let on_page: Vec<&PdfCard> = cards.iter().filter(|c| c.page == page_no).collect();
        assert_eq!(on_page.len(), plan.cards.len());
        for (pdf, pl) in on_page.iter().zip(&plan.cards) {
            let want = pl.trim.expand(sheet_opts.bleed);
            assert_eq!(pdf.id, deck.cards[pl.card].id);
            assert_eq!(
                pdf.side,
                if pl.side == Side::Front {
                    "Front"
                } else {
                    "Back"
                }
            );
            assert!(
                close(pdf.x, want.x)
                    && close(pdf.y, want.y)
                    && close(pdf.w, want.w)
                    && close(pdf.h, want.h),
                "page {page_no}: {pdf:?} vs {want:?}"
            );
        }
    }
    // Every front's trim box is inside the page margins.
    for c in cards.iter().filter(|c| c.side == "Front") {
        assert!(
            c.x >= 5.0 - 0.1 && c.y >= 5.0 - 0.1 && c.x + c.w <= 205.1 && c.y + c.h <= 292.1,
            "{c:?}"
        );
    }
}

#[test]
fn fronts_and_mirrored_backs_line_up_for_both_duplex_modes() {
    for (backs, paper) in [
        (Backs::DuplexLong, "a4"),
        (Backs::DuplexShort, "a4"),
        (Backs::DuplexLong, "letter"),
        (Backs::DuplexShort, "297x210"),
    ] {
        let (ox, oy) = (1.2, -0.7);
        let o = SheetOptions {
            backs,
            paper: sheet::Paper::parse(paper).unwrap_or_else(|e| panic!("{e}")),
            bleed: 0.5,
            offset_x: ox,
            offset_y: oy,
            ..SheetOptions::default()
        };
        let out = export_with(
            o,
            Selection::parse("kind:referee,yellow").unwrap_or_default(),
            &Images::default(),
        );
        let (sizes, cards) = read_pdf(&out.pdf);
        let fronts: BTreeMap<&str, &PdfCard> = cards
            .iter()
            .filter(|c| c.side == "Front")
            .map(|c| (c.id.as_str(), c))
            .collect();
        let backs_found: Vec<&PdfCard> = cards.iter().filter(|c| c.side == "Back").collect();
        assert_eq!(fronts.len(), 30);
        assert_eq!(backs_found.len(), 30);
        for b in backs_found {
            let Some(f) = fronts.get(b.id.as_str()) else {
                panic!("no front for {}", b.id)
            };
            assert_eq!(
                b.page,
                f.page + 1,
                "{}: the backs page follows its fronts page",
                b.id
            );
            let (w, h) = sizes[b.page];
            // Flipping about the long edge mirrors left/right on a portrait
            // page and top/bottom on a landscape page; the short edge the
            // other way round.
            let mirror_columns = (backs == Backs::DuplexLong) == (w <= h);
            let (ex, ey) = if mirror_columns {
                (w - f.x - f.w + ox, f.y + oy)
            } else {
                (f.x + ox, h - f.y - f.h + oy)
            };
            assert!(
                close(b.x, ex) && close(b.y, ey),
                "{backs:?} {paper} {}: back {b:?}, front {f:?}",
                b.id
            );
            assert!(close(b.w, f.w) && close(b.h, f.h));
        }
    }
}

#[test]
fn fold_mode_puts_each_back_behind_its_front_across_the_fold() {
    let o = SheetOptions {
        backs: Backs::Fold,
        crop: CropStyle::Extended,
        ..SheetOptions::default()
    };
    let out = export_with(o, Selection::Deck, &Images::default());
    assert_eq!(
        out.pages, 50,
        "4 cards a page, landscape, folded down the middle"
    );
    let (sizes, cards) = read_pdf(&out.pdf);
    for f in cards.iter().filter(|c| c.side == "Front") {
        let Some(b) = cards.iter().find(|c| c.side == "Back" && c.id == f.id) else {
            panic!("{}", f.id)
        };
        let (w, _) = sizes[f.page];
        assert_eq!(b.page, f.page);
        assert!(f.x + f.w <= w / 2.0 && b.x >= w / 2.0, "{f:?} {b:?}");
        assert!(close(b.x, w - f.x - f.w) && close(b.y, f.y), "{f:?} {b:?}");
    }
}

#[test]
fn every_card_size_and_paper_lays_out_inside_its_margins() {
    for (card, _, _) in sheet::CARD_SIZES {
        for paper in ["a4", "letter", "a3"] {
            let o = SheetOptions {
                card: CardSize::parse(card).unwrap_or_else(|e| panic!("{e}")),
                paper: sheet::Paper::parse(paper).unwrap_or_else(|e| panic!("{e}")),
                bleed: 2.0,
                gutter: 3.0,
                ..SheetOptions::default()
            };
            let pages = sheet::impose(&o, 20).unwrap_or_else(|e| panic!("{card} on {paper}: {e}"));
            for p in &pages {
                for pl in &p.cards {
                    let b = pl.trim.expand(o.bleed);
                    if p.role == PageRole::Fronts {
                        assert!(
                            b.x >= o.margin - 1e-3 && b.y >= o.margin - 1e-3,
                            "{card} on {paper}: {b:?}"
                        );
                        assert!(
                            b.right() <= p.width - o.margin + 1e-3
                                && b.bottom() <= p.height - o.margin + 1e-3
                        );
                        // No two cards' bleed boxes overlap.
                        for other in p.cards.iter().filter(|q| q.card != pl.card) {
                            let ob = other.trim.expand(o.bleed);
                            assert_eq!(
                                b.intersect(&ob).w * b.intersect(&ob).h,
                                0.0,
                                "{card} on {paper}"
                            );
                        }
                    }
                }
            }
        }
    }
}

// ----- a picture used on many cards is stored once -----

#[test]
fn a_repeated_picture_is_stored_once_and_missing_art_gets_the_placeholder() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let art = dir.path().join("booked").join("art");
    std::fs::create_dir_all(&art).unwrap_or_else(|e| panic!("{e}"));
    let img = ::image::RgbImage::from_fn(64, 48, |x, y| {
        ::image::Rgb([(x * 4) as u8, (y * 5) as u8, 120])
    });
    for name in ["back.png", "yellow.png"] {
        img.save(art.join(name)).unwrap_or_else(|e| panic!("{e}"));
    }
    let deck = deck();
    let templates = templates();
    let jobs = vec![DeckJob {
        deck: &deck,
        templates: &templates,
    }];
    let mut images = Images::new(vec![dir.path().to_path_buf()]);
    let ids = document::image_ids(&jobs);
    assert!(ids.contains(&"booked/art/BRA-9.png".to_string()));
    images
        .preload(ids.iter().map(String::as_str))
        .unwrap_or_else(|e| panic!("{e}"));
    let job = ExportJob {
        decks: jobs,
        selection: Selection::parse("kind:yellow,player").unwrap_or_default(),
        sheet: SheetOptions::default(),
        images: &images,
        alignment_test: false,
    };
    let out = document::export(&job, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    let doc = Document::load_mem(&out.pdf).unwrap_or_else(|e| panic!("{e}"));
    let image_objects = doc
        .objects
        .values()
        .filter(|o| {
            o.as_stream()
                .ok()
                .and_then(|s| s.dict.get(b"Subtype").ok())
                .and_then(|t| t.as_name().ok())
                == Some(b"Image".as_slice())
        })
        .count();
    assert_eq!(
        image_objects, 2,
        "back.png and yellow.png, each stored once"
    );
    // 162 card backs and 8 yellow fronts all draw one of those two objects.
    let mut uses: BTreeMap<String, usize> = BTreeMap::new();
    for (_, page_id) in doc.get_pages() {
        let content = doc
            .get_and_decode_page_content(page_id)
            .unwrap_or_else(|e| panic!("{e}"));
        for op in content.operations.iter().filter(|o| o.operator == "Do") {
            let name = op
                .operands
                .first()
                .and_then(|o| o.as_name().ok())
                .unwrap_or_default();
            *uses
                .entry(String::from_utf8_lossy(name).to_string())
                .or_default() += 1;
        }
    }
    let mut counts: Vec<usize> = uses.values().copied().collect();
    counts.sort();
    assert_eq!(counts, vec![8, 162], "{uses:?}");
    let frame = Frame {
        width: 63.5,
        height: 88.9,
        bleed: 0.0,
    };
    let Some(bra9) = deck.cards.iter().find(|c| c.id == "BRA-9") else {
        panic!("no BRA-9")
    };
    let scene =
        layout::card_scene(bra9, &templates, frame, &images).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        scene.items.iter().any(|i| i.source == "shirt"),
        "missing art draws the shirt placeholder"
    );
    let Some(y1) = deck.cards.iter().find(|c| c.id == "yellow-1") else {
        panic!("no yellow-1")
    };
    let scene =
        layout::card_scene(y1, &templates, frame, &images).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        scene
            .items
            .iter()
            .any(|i| matches!(&i.shape, Shape::Image { id, .. } if id == "booked/art/yellow.png"))
    );
    assert!(
        !scene.items.iter().any(|i| i.source == "art_card"),
        "no placeholder when the art exists"
    );
}

// ----- text never spills, at every card size -----

#[test]
fn text_never_spills_off_any_card_at_any_size() {
    let deck = deck();
    let templates = templates();
    let mut sizes: Vec<(f32, f32)> = sheet::CARD_SIZES.iter().map(|(_, w, h)| (*w, *h)).collect();
    sizes.extend([(40.0, 40.0), (120.0, 70.0), (50.0, 130.0)]);
    for (w, h) in sizes {
        for bleed in [0.0, 3.0] {
            let frame = Frame {
                width: w,
                height: h,
                bleed,
            };
            for card in deck.cards.iter().chain(std::iter::once(&deck.back)) {
                let scene = layout::card_scene(card, &templates, frame, &NoImages)
                    .unwrap_or_else(|e| panic!("{e}"));
                assert_text_inside(&scene, &card.id);
            }
        }
    }
}

fn assert_text_inside(scene: &Scene, id: &str) {
    for (name, block) in scene.texts() {
        assert!(!block.lines.is_empty(), "{id} {name}: no lines");
        for line in &block.lines {
            let extent = block.line_extent(line);
            assert!(
                scene.trim().contains_rect(&extent, 1e-3),
                "{id} {name} {:?} spills off a {}x{} card: {extent:?}",
                line.text,
                scene.width,
                scene.height
            );
            assert!(
                block.bounds.contains_rect(&extent, 1e-3),
                "{id} {name} leaves its box"
            );
        }
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
        #[test]
        fn text_fits_any_custom_card_size(w in 35.0f32..130.0, h in 45.0f32..150.0, card in 0usize..198) {
            let deck = deck();
            let templates = templates();
            let frame = Frame { width: w, height: h, bleed: 1.0 };
            let c = &deck.cards[card];
            let scene = layout::card_scene(c, &templates, frame, &NoImages).unwrap_or_else(|e| panic!("{e}"));
            assert_text_inside(&scene, &c.id);
        }
    }
}

// ----- the egui backend draws the same Scene -----

#[test]
fn the_egui_backend_draws_the_same_scene() {
    use touchline::render::egui::{View, install_fonts, shapes};
    let deck = deck();
    let templates = templates();
    let frame = Frame {
        width: 63.5,
        height: 88.9,
        bleed: 0.0,
    };
    let ctx = egui::Context::default();
    install_fonts(&ctx);
    let view = View {
        origin: egui::pos2(10.0, 20.0),
        points_per_mm: 4.0,
    };
    for id in ["BRA-9", "var_review-1", "yellow-1", "supersub-1"] {
        let Some(card) = deck.cards.iter().find(|c| c.id == id) else {
            panic!("{id}")
        };
        let scene = layout::card_scene(card, &templates, frame, &NoImages)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut drawn = Vec::new();
        ctx.run_ui(egui::RawInput::default(), |ui| {
            drawn = ui.ctx().fonts_mut(|f| shapes(&scene, view, f, &|_| None));
        })
        .drop_without_applying_deltas();
        let k = view.points_per_mm;
        let near = |a: f32, b: f32| (a - b).abs() < 0.01;
        for (i, item) in scene.items.iter().enumerate() {
            let mine: Vec<&egui::Shape> = drawn
                .iter()
                .filter(|(j, _)| *j == i)
                .map(|(_, s)| s)
                .collect();
            assert!(
                !mine.is_empty(),
                "{id}: item {i} ({}) was not drawn",
                item.source
            );
            match &item.shape {
                Shape::Rect {
                    rect, fill, stroke, ..
                } => {
                    let want = view.rect(rect);
                    if fill.is_none() && stroke.is_some_and(|s| s.dash.is_some()) {
                        // A dashed outline is drawn as dashes around the box.
                        let mut seen = egui::Rect::NOTHING;
                        for s in &mine {
                            let egui::Shape::LineSegment { points, .. } = s else {
                                panic!("{id}: {s:?}")
                            };
                            seen.extend_with(points[0]);
                            seen.extend_with(points[1]);
                        }
                        assert!(
                            seen.min.distance(want.min) < 0.5 && seen.max.distance(want.max) < 0.5
                        );
                        continue;
                    }
                    let Some(egui::Shape::Rect(r)) = mine.first() else {
                        panic!("{id} {}: {mine:?}", item.source)
                    };
                    assert_eq!(r.rect, want, "{id} {}", item.source);
                    if let Some(f) = fill {
                        assert_eq!(r.fill, egui::Color32::from_rgb(f.0, f.1, f.2));
                    }
                }
                Shape::Ellipse { center, rx, .. } => {
                    let Some(egui::Shape::Ellipse(e)) = mine.first() else {
                        panic!("{id}: {mine:?}")
                    };
                    assert_eq!(e.center, view.pos(center.x, center.y));
                    assert!(near(e.radius.x, rx * k));
                }
                Shape::Line { from, to, .. } => {
                    let Some(egui::Shape::LineSegment { points, .. }) = mine.first() else {
                        panic!("{id}: {mine:?}")
                    };
                    assert_eq!(points[0], view.pos(from.x, from.y));
                    assert_eq!(points[1], view.pos(to.x, to.y));
                }
                Shape::Polygon { points, fill, .. } => {
                    let want: Vec<egui::Pos2> = points.iter().map(|p| view.pos(p.x, p.y)).collect();
                    if fill.is_some() {
                        let Some(egui::Shape::Mesh(m)) = mine.first() else {
                            panic!("{id}: {mine:?}")
                        };
                        let got: Vec<egui::Pos2> = m.vertices.iter().map(|v| v.pos).collect();
                        assert_eq!(got, want, "{id} {}", item.source);
                        assert_eq!(
                            m.indices.len(),
                            3 * (want.len() - 2),
                            "a full triangulation"
                        );
                    }
                }
                Shape::Text(block) => {
                    // One galley per line, then four around each ⚡ in bold.
                    let thin: usize = block.lines.iter().map(|l| block.fake_bold(l).len()).sum();
                    assert_eq!(
                        mine.len(),
                        block.lines.len() + 4 * thin,
                        "{id} {}: one galley per line",
                        item.source
                    );
                    for (shape, line) in mine.iter().zip(&block.lines) {
                        let egui::Shape::Text(t) = shape else {
                            panic!("{id}: {shape:?}")
                        };
                        assert_eq!(t.galley.text(), line.text);
                        let at = view.pos(line.x, line.baseline);
                        assert!(
                            near(t.pos.x, at.x),
                            "{id} {}: x {} vs {}",
                            item.source,
                            t.pos.x,
                            at.x
                        );
                        let baseline = t
                            .galley
                            .rows
                            .first()
                            .and_then(|r| r.row.glyphs.first().map(|g| t.pos.y + r.pos.y + g.pos.y))
                            .unwrap_or(f32::NAN);
                        assert!(
                            near(baseline, at.y),
                            "{id} {}: baseline {baseline} vs {}",
                            item.source,
                            at.y
                        );
                        // egui measures with the same face: widths agree
                        // closely (it may kern; the PDF does not).
                        let w = t.galley.size().x;
                        assert!(
                            (w - line.width * k).abs() <= 0.06 * line.width * k + 1.0,
                            "{id}: {w} vs {}",
                            line.width * k
                        );
                    }
                }
                Shape::Image { .. } => {}
            }
        }
    }
}

// ----- the command line -----

fn touchline() -> Command {
    Command::new(env!("CARGO_BIN_EXE_touchline"))
}

#[test]
fn the_export_command_writes_the_file_and_a_summary() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("booked.pdf");
    let run = touchline()
        .args(["export", "--game", "booked", "--out"])
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
        stdout.contains(": 8 a page, 50 pages, 25 sheets, 198 cards, ") && stdout.contains(" KB, "),
        "{stdout}"
    );
    let bytes = std::fs::read(&out).unwrap_or_default();
    assert!(bytes.starts_with(b"%PDF-"));
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .map(|d| d.filter_map(Result::ok).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    // The PDF and its card hashes (for --changed), no temporary file.
    assert_eq!(leftovers.len(), 2, "no temporary file left: {leftovers:?}");

    let run = touchline()
        .args([
            "export",
            "--alignment-test",
            "--backs",
            "duplex-short",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(run.status.success());
    assert!(String::from_utf8_lossy(&run.stdout).contains("2 pages, 1 sheet, alignment test"));
}

#[test]
fn bad_options_and_data_fail_clearly_and_leave_the_old_file_alone() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("old.pdf");
    std::fs::write(&out, b"the old file").unwrap_or_else(|e| panic!("{e}"));
    let fails = |args: &[&str], data: Option<&Path>, expect: &str| {
        let mut cmd = touchline();
        cmd.arg("export").args(args).arg("--out").arg(&out);
        if let Some(d) = data {
            cmd.arg("--data").arg(d);
        }
        let run = cmd.output().unwrap_or_else(|e| panic!("{e}"));
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{args:?} should fail");
        assert_eq!(
            stderr.matches(expect).count(),
            1,
            "said once: {args:?}: {stderr}"
        );
        assert_eq!(std::fs::read(&out).unwrap_or_default(), b"the old file");
    };
    fails(
        &["--bleed", "9"],
        None,
        "bleed 9 mm: use 0 (no bleed) to 5 mm",
    );
    fails(
        &["--bleed", "-1"],
        None,
        "bleed -1 mm: a bleed cannot be negative",
    );
    fails(&["--bleed", "nan"], None, "bleed `NaN`: not a number");
    fails(&["--margin", "2"], None, "margin 2 mm");
    fails(
        &["--paper", "a5"],
        None,
        "use a4, letter, a3 or WIDTHxHEIGHT",
    );
    fails(
        &["--card", "huge"],
        None,
        "use poker, standard, bridge, euro, mini, tarot",
    );
    fails(
        &["--card", "tarot", "--paper", "100x120"],
        None,
        "does not fit on 100x120 mm paper",
    );
    fails(&["--select", "id:BRA-99"], None, "no card `BRA-99`");
    fails(
        &["--select", "kind:goalie"],
        None,
        "no card of kind `goalie`",
    );
    fails(&["--backs", "triplex"], None, "invalid value 'triplex'");

    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("booked")).unwrap_or_else(|e| panic!("{e}"));
    let nations =
        touchline::cards::DataSource::embedded_file("booked/nations.toml").unwrap_or_default();
    std::fs::write(
        data.join("booked/nations.toml"),
        nations.replacen("rating = 10", "rating = 11", 1),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    fails(&[], Some(&data), "field `rating`: must be 1-10, found 11");

    let tpl = dir.path().join("tpl");
    std::fs::create_dir_all(tpl.join("booked")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        tpl.join("booked/player.toml"),
        "extends = \"base\"\n[[box]]\nname = \"rating\"\nsize = \"big\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = tpl.to_string_lossy().to_string();
    fails(
        &["--templates", &t],
        None,
        "player.toml:4:8: box `rating`, field `size`: `big` is not a length",
    );
}

// ----- Cardball and Eleven -----

mod games {
    use super::*;
    use touchline::cards::DataSource;
    use touchline::render::options::{self, ExportOptions, PrintGame};
    use touchline::render::sheet::Placement;

    /// The printable game `id` of the registry.
    fn pg(id: &str) -> PrintGame {
        PrintGame::of(id).unwrap_or_else(|| panic!("{id} does not print"))
    }

    fn print_deck(game: PrintGame) -> (PrintDeck, TemplateSet) {
        let deck = game
            .load(&DataSource::embedded())
            .unwrap_or_else(|e| panic!("{e}"));
        let templates = TemplateSet::embedded(&deck.game).unwrap_or_else(|e| panic!("{e}"));
        (deck, templates)
    }

    /// Every side of every card: its face, its own other side if it has
    /// one, then the deck's shared back.
    fn sides(deck: &PrintDeck) -> Vec<&touchline::layout::PrintCard> {
        let mut out = Vec::new();
        for c in &deck.cards {
            out.push(c);
            out.extend(c.back.as_deref());
        }
        out.push(&deck.back);
        out
    }

    /// Text was cut short when a line ends in the fitter's ellipsis.
    fn assert_nothing_cut(scene: &Scene, id: &str) {
        for (name, block) in scene.texts() {
            for line in &block.lines {
                assert!(
                    !line.text.ends_with('\u{2026}'),
                    "{id} {name}: text does not fit its box: {:?}",
                    scene.text_lines()
                );
            }
        }
    }

    /// Every game of the registry that prints.
    fn printed() -> impl Iterator<Item = PrintGame> {
        touchline::games::GAMES
            .iter()
            .filter_map(|g| PrintGame::of(g.id))
    }

    #[test]
    fn every_printed_card_lays_out_whole() {
        for game in printed() {
            let (deck, templates) = print_deck(game);
            let mut laid = 0;
            for (w, h) in [(63.5, 88.9), (63.0, 88.0), (59.0, 92.0)] {
                for bleed in [0.0, 3.0] {
                    let frame = Frame {
                        width: w,
                        height: h,
                        bleed,
                    };
                    for card in sides(&deck) {
                        let scene = layout::card_scene(card, &templates, frame, &NoImages)
                            .unwrap_or_else(|e| panic!("{e}"));
                        assert_text_inside(&scene, &card.id);
                        assert_nothing_cut(&scene, &card.id);
                        for (name, block) in scene.texts() {
                            for line in &block.lines {
                                let missing = block.font.metrics().missing_glyphs(&line.text);
                                assert!(missing.is_empty(), "{} {name}: {missing:?}", card.id);
                            }
                        }
                        laid += 1;
                    }
                }
            }
            // Every card the export prints, its own other side where it
            // has one, and the deck's back, at each of the six frames.
            let exported = export(vec![game], Selection::Deck, SheetOptions::default());
            let own_backs = deck.cards.iter().filter(|c| c.back.is_some()).count();
            assert_eq!(laid, 6 * (exported.cards + own_backs + 1), "{game:?}");
        }
    }

    #[test]
    fn cards_at_other_sizes_keep_their_text_inside() {
        for game in printed() {
            let (deck, templates) = print_deck(game);
            for (w, h) in [(44.0, 67.0), (70.0, 120.0), (120.0, 70.0)] {
                let frame = Frame {
                    width: w,
                    height: h,
                    bleed: 1.0,
                };
                for card in sides(&deck) {
                    let scene = layout::card_scene(card, &templates, frame, &NoImages)
                        .unwrap_or_else(|e| panic!("{e}"));
                    assert_text_inside(&scene, &card.id);
                }
            }
        }
    }

    /// Cards snapshotted beside each kind's first card: other designs of
    /// a kind that lay out differently (`.back` is a card's own other side).
    const MORE_SNAPSHOTS: [(&str, &str); 13] = [
        ("booked", "BRA-9"),
        ("booked", "GER-1"),
        ("booked", "POL-1"),
        ("booked", "var_review-1"),
        ("booked", "quick_restart-1"),
        ("cardball", "zone-halfway"),
        ("cardball", "gooaaall-1"),
        ("cardball", "st-poacher-1"),
        ("cardball", "the-manager-1"),
        ("cardball", "act-penalty"),
        ("eleven", "staff-10"),
        ("eleven", "player-03"),
        ("eleven", "player-03.back"),
    ];

    /// The cards snapshotted of `deck`: the first card of each kind with
    /// its own other side, the deck's back, and [`MORE_SNAPSHOTS`].
    fn snapshot_names(deck: &PrintDeck) -> Vec<String> {
        let mut kinds: Vec<&str> = Vec::new();
        let mut names = Vec::new();
        for c in &deck.cards {
            if kinds.contains(&c.kind.as_str()) {
                continue;
            }
            kinds.push(&c.kind);
            names.push(c.id.clone());
            if c.back.is_some() {
                names.push(format!("{}.back", c.id));
            }
        }
        names.push("back".into());
        for (game, name) in MORE_SNAPSHOTS {
            if game == deck.game && !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
        names
    }

    /// The first card of each kind of every printed game, laid out on a
    /// poker-size card, matches its snapshot in tests/snapshots/scenes/.
    #[test]
    fn scene_snapshots_of_each_kind_match() {
        let frame = Frame {
            width: 63.5,
            height: 88.9,
            bleed: 1.0,
        };
        let mut checked = 0;
        for game in printed() {
            let (deck, templates) = print_deck(game);
            for name in snapshot_names(&deck) {
                let (id, own_back) = match name.strip_suffix(".back") {
                    Some(id) => (id, true),
                    None => (name.as_str(), false),
                };
                let card = if id == "back" {
                    &deck.back
                } else {
                    let Some(c) = deck.cards.iter().find(|c| c.id == id) else {
                        panic!("{}: no card {id}", deck.game)
                    };
                    if own_back {
                        let Some(b) = c.back.as_deref() else {
                            panic!("{id} has no other side")
                        };
                        b
                    } else {
                        c
                    }
                };
                let scene = layout::card_scene(card, &templates, frame, &NoImages)
                    .unwrap_or_else(|e| panic!("{e}"));
                crate::util::assert_snapshot(
                    &format!("tests/snapshots/scenes/{}/{name}.txt", deck.game),
                    &scene.to_string(),
                );
                checked += 1;
            }
        }
        assert!(checked >= 5 * 3, "only {checked} snapshots");
    }

    fn export(games: Vec<PrintGame>, selection: Selection, sheet: SheetOptions) -> Exported {
        let o = ExportOptions {
            games,
            selection,
            sheet,
            ..ExportOptions::default()
        };
        options::export(&o, &DataSource::embedded(), &mut |_| {
            std::ops::ControlFlow::Continue(())
        })
        .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Each printed game's pages and cards with the default sheet (eight
    /// cards a sheet, 3 mm bleed, fronts then backs): the check that a
    /// deck kept its size. A game that prints must be listed here.
    fn expected_pages(id: &str) -> (usize, usize) {
        match id {
            "booked" => (50, 198),
            "cardball" => (22, 83),
            // 274 cards and 3 Scenario sheets.
            "eleven" => (70, 277),
            "flip-duel" => (28, 110),
            "stadium-memory" => (26, 100),
            other => panic!("{other} prints: give its pages and cards here"),
        }
    }

    #[test]
    fn each_game_prints_its_whole_deck_on_the_right_number_of_pages() {
        let (mut pages, mut cards) = (0, 0);
        for game in printed() {
            let out = export(vec![game], Selection::Deck, SheetOptions::default());
            assert_eq!(
                (out.pages, out.cards),
                expected_pages(game.id()),
                "{game:?}"
            );
            let (sizes, faces) = read_pdf(&out.pdf);
            assert_eq!(sizes.len(), out.pages, "{game:?}");
            assert_eq!(
                faces.len(),
                2 * out.cards,
                "{game:?}: a back behind every front"
            );
            pages += out.pages;
            cards += out.cards;
        }
        // Every game together, each deck on its own sheets.
        let all = export(PrintGame::all(), Selection::Deck, SheetOptions::default());
        assert_eq!((all.pages, all.cards), (pages, cards));
        let roles: Vec<PageRole> = all.plans.iter().map(|p| p.role).collect();
        assert!(
            roles
                .chunks(2)
                .all(|pair| pair == [PageRole::Fronts, PageRole::Backs]),
            "{roles:?}"
        );
    }

    fn text_of(scene: &Scene) -> String {
        scene.text_lines().join(" | ")
    }

    #[test]
    fn a_double_sided_card_prints_its_other_side_at_its_mirrored_slot() {
        let (deck, templates) = print_deck(pg("eleven"));
        let images = Images::default();
        // Two double-sided cards and a single-sided one in the first row,
        // so the slots mirror across the sheet.
        let selection = Selection::parse("id:player-03,tactic-01,sponsor-01").unwrap_or_default();
        for backs in [Backs::DuplexLong, Backs::DuplexShort, Backs::Fold] {
            let sheet_opts = SheetOptions {
                backs,
                ..SheetOptions::default()
            };
            let job = ExportJob {
                decks: vec![DeckJob {
                    deck: &deck,
                    templates: &templates,
                }],
                selection: selection.clone(),
                sheet: sheet_opts.clone(),
                images: &images,
                alignment_test: false,
            };
            let grid = sheet::grid(&sheet_opts).unwrap_or_else(|e| panic!("{e}"));
            let fronts = document::page(&job, 0).unwrap_or_else(|e| panic!("{e}"));
            let backs_page = if backs == Backs::Fold {
                fronts.clone()
            } else {
                document::page(&job, 1).unwrap_or_else(|e| panic!("{e}"))
            };
            assert_eq!(fronts.pages, if backs == Backs::Fold { 1 } else { 2 });
            // Deck order: Players, then Sponsors, then Tactics.
            let chosen: Vec<&str> = ["player-03", "sponsor-01", "tactic-01"].to_vec();
            for (slot, id) in chosen.iter().enumerate() {
                let find = |page: &document::FirstSheet, side: Side| -> (Placement, Scene) {
                    let Some(i) = page
                        .plan
                        .cards
                        .iter()
                        .position(|p| p.side == side && p.card == slot)
                    else {
                        panic!("{backs:?}: no {side:?} for {id}")
                    };
                    (page.plan.cards[i].clone(), page.scenes[i].clone())
                };
                let (front, face) = find(&fronts, Side::Front);
                let (back, behind) = find(&backs_page, Side::Back);
                assert_eq!(front.trim, grid.slot(slot), "{backs:?} {id}");
                assert_eq!(
                    back.trim,
                    grid.back_slot(slot, backs, (0.0, 0.0)),
                    "{backs:?} {id}: the back lands at the mirrored slot"
                );
                let Some(card) = deck.cards.iter().find(|c| c.id == *id) else {
                    panic!("{id}")
                };
                let want = layout::card_scene(
                    card.back_or(&deck.back),
                    &templates,
                    Frame {
                        width: 63.5,
                        height: 88.9,
                        bleed: SheetOptions::default().bleed,
                    },
                    &NoImages,
                )
                .unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(behind, want, "{backs:?} {id}: the right side behind");
                let (face, behind) = (text_of(&face), text_of(&behind));
                match *id {
                    "player-03" => {
                        assert!(face.contains("UNTRAINED"), "{face}");
                        assert!(behind.contains("PLAYER · TRAINED"), "{behind}");
                        assert!(behind.contains("Kwame Osei"), "{behind}");
                    }
                    "sponsor-01" => {
                        assert!(face.contains("ONE-OFF"), "{face}");
                        assert!(behind.contains("SPONSOR KIT"), "{behind}");
                    }
                    _ => {
                        assert!(behind.contains("ELEVEN"), "the deck's back: {behind}");
                        assert!(behind.contains("TACTIC"), "the deck's back: {behind}");
                    }
                }
            }
            // Mirrored: on the landscape sheet (eight cards with 3 mm
            // bleed) a long-edge flip puts slot 0's back in the last row.
            if backs == Backs::DuplexLong {
                assert!(grid.page_w > grid.page_h);
                let b0 = grid.back_slot(0, backs, (0.0, 0.0));
                let last_row = grid.slot((grid.rows - 1) * grid.cols);
                assert!((b0.y - last_row.y).abs() < 1e-3 && (b0.x - grid.slot(0).x).abs() < 1e-3);
            }
        }
    }

    #[test]
    fn without_backs_double_sided_cards_print_their_face_only() {
        let out = export(
            vec![pg("eleven")],
            Selection::parse("kind:sponsor").unwrap_or_default(),
            SheetOptions {
                backs: Backs::None,
                ..SheetOptions::default()
            },
        );
        assert_eq!((out.pages, out.cards), (5, 36));
        assert!(
            out.plans
                .iter()
                .all(|p| p.cards.iter().all(|c| c.side == Side::Front))
        );
    }
}

#[test]
fn the_export_command_prints_every_game_that_prints() {
    use touchline::render::options::PrintGame;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let source = touchline::cards::DataSource::embedded();
    let printed = touchline::games::GAMES
        .iter()
        .filter_map(|g| PrintGame::of(g.id));
    for game in printed {
        let deck = game.load(&source).unwrap_or_else(|e| panic!("{e}"));
        let id = game.id();
        let out = dir.path().join(format!("{id}.pdf"));
        let run = touchline()
            .args(["export", "--game", id, "--out"])
            .arg(&out)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let stdout = String::from_utf8_lossy(&run.stdout);
        // The summary names the deck's whole count, and the file is there.
        let summary = format!(" sheets, {} cards, ", deck.cards.len());
        assert!(
            run.status.success() && stdout.contains(&summary) && out.exists(),
            "{id}: {stdout}{}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
}

// ----- warnings before paper is wasted -----

#[test]
fn an_overlong_name_tiny_type_and_a_missing_picture_are_warned_of_by_card_and_field() {
    use touchline::layout::Problem;
    use touchline::render::assets::TemplateSource;
    let mut deck = deck();
    let Some(card) = deck.cards.iter_mut().find(|c| c.id == "BRA-9") else {
        panic!("no BRA-9")
    };
    card.fields.set(
        "name",
        "Maximiliano Bartholomeu Fernandes Albuquerque Vasconcelos de Oliveira Junior",
    );
    // A templates folder whose player card prints its position at 3 pt.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let booked = dir.path().join("booked");
    std::fs::create_dir_all(&booked).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        booked.join("player.toml"),
        "extends = \"builtin/player\"\n[[box]]\nname = \"name\"\nmin_size = \"9pt\"\n\
         [[box]]\nname = \"tiny\"\ntype = \"text\"\nx = 10\ny = 50\nw = 40\nh = 5\n\
         text = \"{position.name}\"\nsize = \"3pt\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let templates = TemplateSource::dir(dir.path())
        .load("booked", touchline::games::booked::TEMPLATE_FILES)
        .unwrap_or_else(|e| panic!("{e}"));
    // The folder holds a `booked/art/` folder: its pictures are expected, so
    // the one BRA-9 lacks is warned of.
    std::fs::create_dir_all(booked.join("art")).unwrap_or_else(|e| panic!("{e}"));
    let mut images = Images::new(vec![dir.path().to_path_buf()]);
    images
        .preload(
            document::image_ids(&[DeckJob {
                deck: &deck,
                templates: &templates,
            }])
            .iter()
            .map(String::as_str),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let job = ExportJob {
        decks: vec![DeckJob {
            deck: &deck,
            templates: &templates,
        }],
        selection: Selection::parse("kind:player").unwrap_or_else(|e| panic!("{e}")),
        sheet: SheetOptions::default(),
        images: &images,
        alignment_test: false,
    };
    let warnings = document::warnings(&job).unwrap_or_else(|e| panic!("{e}"));
    let has = |card: &str, field: &str, p: &dyn Fn(&Problem) -> bool| {
        warnings
            .iter()
            .any(|w| w.card == card && w.field == field && p(&w.problem))
    };
    assert!(
        has("BRA-9", "name", &|p| *p == Problem::Overflow),
        "{warnings:?}"
    );
    assert!(
        !has("BRA-1", "name", &|p| *p == Problem::Overflow),
        "only the long name is cut"
    );
    assert!(has(
        "BRA-1",
        "tiny",
        &|p| matches!(p, Problem::SmallType(pt) if (*pt - 3.0).abs() < 0.1)
    ));
    assert!(has("BRA-9", "art", &|p| *p
        == Problem::MissingImage("booked/art/BRA-9.png".into())));
    // The export reports the same, and the short lines name every card.
    let out = document::export(&job, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.warnings, warnings);
    let lines = document::describe_warnings(&out.warnings);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("field `name`: text cut with") && l.ends_with("on 1 card: BRA-9")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("field `tiny`: type 3.0 pt") && l.contains("on 154 cards: ")),
        "{lines:?}"
    );
    // A glyph the fonts lack is named too.
    let selection = job.selection.clone();
    drop(job);
    if let Some(c) = deck.cards.iter_mut().find(|c| c.id == "BRA-1") {
        c.fields.set("name", "Striker \u{6F22}");
    }
    let job = ExportJob {
        decks: vec![DeckJob {
            deck: &deck,
            templates: &templates,
        }],
        selection,
        sheet: SheetOptions::default(),
        images: &images,
        alignment_test: false,
    };
    let warnings = document::warnings(&job).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        warnings
            .iter()
            .any(|w| w.card == "BRA-1" && w.problem == Problem::MissingGlyphs("\u{6F22}".into())),
        "{warnings:?}"
    );
}

#[test]
fn the_export_command_prints_the_warnings() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("m.pdf");
    // A data folder with a `booked/art/` folder: its missing pictures count.
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("booked/art")).unwrap_or_else(|e| panic!("{e}"));
    let run = touchline()
        .args(["export", "--select", "kind:red", "--card", "mini", "--out"])
        .arg(&out)
        .arg("--data")
        .arg(&data)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains("warning: Booked! Core Set: field `art`: picture not found"),
        "{stderr}"
    );
    assert!(stderr.contains("below 6 pt"), "mini cards: {stderr}");
}

#[test]
fn every_export_has_its_own_id_and_says_what_it_is() {
    let sel = Selection::parse("kind:red").unwrap_or_else(|e| panic!("{e}"));
    let a = export_with(SheetOptions::default(), sel.clone(), &Images::default());
    let b = export_with(SheetOptions::default(), sel, &Images::default());
    let id = |bytes: &[u8]| {
        let doc = Document::load_mem(bytes).unwrap_or_else(|e| panic!("{e}"));
        let Ok(Object::Array(ids)) = doc.trailer.get(b"ID") else {
            panic!("no /ID")
        };
        let Some(Object::String(first, _)) = ids.first() else {
            panic!("{ids:?}")
        };
        first.clone()
    };
    let (ida, idb) = (id(&a.pdf), id(&b.pdf));
    assert_eq!(ida.len(), 16);
    assert_ne!(ida, idb, "two exports, two identifiers");
    let doc = Document::load_mem(&a.pdf).unwrap_or_else(|e| panic!("{e}"));
    let info = doc
        .trailer
        .get(b"Info")
        .and_then(Object::as_reference)
        .and_then(|r| doc.get_dictionary(r))
        .unwrap_or_else(|e| panic!("{e}"));
    let text = |key: &[u8]| {
        info.get(key)
            .ok()
            .and_then(|o| lopdf::decode_text_string(o).ok())
            .unwrap_or_default()
    };
    assert_eq!(text(b"Title"), "Booked! Core Set print-and-play");
    assert_eq!(text(b"Author"), "Touchline");
    assert!(text(b"Subject").contains("Booked! Core Set"));
    let created = info
        .get(b"CreationDate")
        .ok()
        .and_then(|o| o.as_str().ok())
        .map(|s| String::from_utf8_lossy(s).to_string())
        .unwrap_or_default();
    // D:YYYY...: this year, not 1970.
    let year: i32 = created
        .trim_start_matches("D:")
        .get(..4)
        .and_then(|y| y.parse().ok())
        .unwrap_or(0);
    assert!(year >= 2025, "{created}");
}

/// A line from one point to another, in mm from the page's top-left corner.
type Segment = ((f32, f32), (f32, f32));

/// Every straight line drawn outside the cards of each page (crop marks,
/// fold line) with the page's size, read from the PDF.
fn page_lines(bytes: &[u8]) -> Vec<(f32, f32, Vec<Segment>)> {
    let doc = Document::load_mem(bytes).unwrap_or_else(|e| panic!("{e}"));
    let mut out = Vec::new();
    for (_, page_id) in doc.get_pages() {
        let page = doc
            .get_dictionary(page_id)
            .unwrap_or_else(|e| panic!("{e}"));
        let media = page
            .get(b"MediaBox")
            .and_then(Object::as_array)
            .unwrap_or_else(|e| panic!("{e}"));
        let v: Vec<f32> = media.iter().map(num).collect();
        let (w, h) = (mm(v[2] - v[0]), mm(v[3] - v[1]));
        let content = doc
            .get_and_decode_page_content(page_id)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut depth = 0usize;
        let mut start: Option<(f32, f32)> = None;
        let mut lines = Vec::new();
        for op in &content.operations {
            let xy = |o: &lopdf::content::Operation| {
                let v: Vec<f32> = o.operands.iter().map(num).collect();
                (mm(v[0]), h - mm(v[1]))
            };
            match op.operator.as_str() {
                "BDC" | "BMC" => depth += 1,
                "EMC" => depth = depth.saturating_sub(1),
                "m" if depth == 0 => start = Some(xy(op)),
                "l" if depth == 0 => {
                    if let Some(a) = start {
                        lines.push((a, xy(op)));
                    }
                }
                _ => {}
            }
        }
        out.push((w, h, lines));
    }
    out
}

#[test]
fn every_crop_mark_in_the_pdf_is_inside_the_printable_margin_and_backs_have_marks() {
    let sel = Selection::parse("kind:yellow,red").unwrap_or_else(|e| panic!("{e}"));
    for paper in [sheet::Paper::A4, sheet::Paper::Letter, sheet::Paper::A3] {
        for bleed in [0.0, 3.0] {
            for crop in [CropStyle::Corner, CropStyle::Extended] {
                let o = SheetOptions {
                    paper,
                    bleed,
                    crop,
                    ..SheetOptions::default()
                };
                let out = export_with(o.clone(), sel.clone(), &Images::default());
                let pages = page_lines(&out.pdf);
                let (_, cards) = read_pdf(&out.pdf);
                assert_eq!(pages.len(), out.plans.len());
                for (n, (w, h, lines)) in pages.iter().enumerate() {
                    let what = format!("{paper} bleed {bleed} {crop:?} page {}", n + 1);
                    assert!(!lines.is_empty(), "{what}: no marks (backs have their own)");
                    for (a, b) in lines {
                        for (x, y) in [a, b] {
                            assert!(
                                *x >= 5.0 - 0.01
                                    && *y >= 5.0 - 0.01
                                    && *x <= w - 5.0 + 0.01
                                    && *y <= h - 5.0 + 0.01,
                                "{what}: a mark point ({x}, {y}) within 5 mm of the edge"
                            );
                        }
                        // No mark crosses a card's bleed box.
                        for c in cards.iter().filter(|c| c.page == n) {
                            let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                            let inside = mid.0 > c.x + 0.01
                                && mid.0 < c.x + c.w - 0.01
                                && mid.1 > c.y + 0.01
                                && mid.1 < c.y + c.h - 0.01;
                            assert!(!inside, "{what}: a mark over card {}", c.id);
                        }
                    }
                    // Every vertical cut of the page is marked, unless the
                    // sheet says it has no room (Letter without bleed).
                    let plan = &out.plans[n];
                    let (xs, _) = sheet::cut_lines(plan);
                    let marked = xs
                        .iter()
                        .filter(|x| {
                            lines
                                .iter()
                                .any(|(a, b)| (a.0 - **x).abs() < 0.02 && (b.0 - **x).abs() < 0.02)
                        })
                        .count();
                    let full = sheet::grid(&o).map(|g| g.per_page()) == Ok(plan.cards.len());
                    if sheet::warnings(&o).is_empty() {
                        assert_eq!(marked, xs.len(), "{what}");
                    } else if full {
                        assert!(marked < xs.len(), "{what}: the warning is true");
                    }
                }
            }
        }
    }
}

#[test]
fn the_shipped_decks_print_without_a_warning() {
    use touchline::cards::DataSource;
    use touchline::render::options::{ExportOptions, Prepared, PrintGame};
    // What `touchline check` prints for the built-in data: a first check
    // must not look broken. Every deck, default sheet (poker, 3 mm bleed).
    let mut all = Vec::new();
    for game in PrintGame::all() {
        let options = ExportOptions {
            games: vec![game],
            ..ExportOptions::default()
        };
        let prepared =
            Prepared::load(&options, &DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
        let warnings = prepared
            .warnings(&options)
            .unwrap_or_else(|e| panic!("{e}"));
        all.extend(document::describe_warnings(&warnings));
    }
    assert_eq!(PrintGame::all().len(), 5);
    assert!(all.is_empty(), "{}", all.join("\n"));
}

// ----- the safe zone -----

/// How close `r` comes to the edge of a card `w` x `h` mm.
fn from_cut(r: layout::Rect, w: f32, h: f32) -> f32 {
    r.x.min(r.y).min(w - r.right()).min(h - r.bottom())
}

#[test]
fn elevens_trained_star_and_cardballs_ids_sit_inside_the_safe_zone() {
    use touchline::cards::DataSource;
    use touchline::render::options::PrintGame;
    let frame = Frame {
        width: 63.5,
        height: 88.9,
        bleed: 3.0,
    };
    let load = |id: &str| {
        let Some(game) = PrintGame::of(id) else {
            panic!("no game {id}")
        };
        let deck = game
            .load(&DataSource::embedded())
            .unwrap_or_else(|e| panic!("{e}"));
        let templates = TemplateSet::embedded(&deck.game).unwrap_or_else(|e| panic!("{e}"));
        (deck, templates)
    };
    // The Trained side's star, measured from its polygon's corners.
    let (eleven, templates) = load("eleven");
    let mut stars = 0;
    for card in eleven.cards.iter().filter_map(|c| c.back.as_deref()) {
        let scene = layout::card_scene(card, &templates, frame, &NoImages)
            .unwrap_or_else(|e| panic!("{e}"));
        for item in scene.items.iter().filter(|i| i.source == "trained_star") {
            let Shape::Polygon { points, .. } = &item.shape else {
                panic!("the star is a polygon")
            };
            for p in points {
                let d = p.x.min(p.y).min(63.5 - p.x).min(88.9 - p.y);
                assert!(d >= 3.0, "{}: a star point {d:.2} mm from the cut", card.id);
            }
            stars += 1;
        }
        assert!(
            !scene.notes.iter().any(|n| matches!(
                n.problem,
                touchline::layout::Problem::OutsideSafeZone { .. }
            )),
            "{}: {:?}",
            card.id,
            scene.notes
        );
    }
    assert_eq!(stars, 62, "every Trained side has its star");
    // Cardball's ids: 3 mm from the cut and clear of the pitch cards'
    // touchline (the frame line), measured from the text's lines.
    let (cardball, templates) = load("cardball");
    for card in &cardball.cards {
        let scene = layout::card_scene(card, &templates, frame, &NoImages)
            .unwrap_or_else(|e| panic!("{e}"));
        let id = scene
            .items
            .iter()
            .find_map(|i| match (&i.shape, i.source.as_str()) {
                (Shape::Text(t), "id") => t.lines.first().map(|l| t.line_extent(l)),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{}: no id", card.id));
        assert!(from_cut(id, 63.5, 88.9) >= 3.0, "{}: {id:?}", card.id);
        for item in scene.items.iter().filter(|i| i.source == "touchline") {
            let Shape::Rect {
                rect,
                stroke: Some(st),
                ..
            } = &item.shape
            else {
                continue;
            };
            let inner_bottom = rect.bottom() - st.width / 2.0;
            assert!(
                id.bottom() < inner_bottom,
                "{}: the id reaches {:.2}, the line starts at {inner_bottom:.2}",
                card.id,
                id.bottom()
            );
        }
    }
}

#[test]
fn text_in_the_safe_zone_is_warned_of_unless_the_template_allows_it() {
    use touchline::layout::template::TemplateFile;
    use touchline::layout::{Fields, PrintCard, Problem};
    let template = |card: &str, safe: &str| {
        let text = format!(
            "[card]\nwidth = 63.5\nheight = 88.9\n{card}\n\
             [[box]]\nname = \"corner\"\ntype = \"text\"\nx = 1\ny = 1\nw = 20\nh = 5\n\
             text = \"Corner\"\nsize = \"8pt\"\n{safe}\n\
             [[box]]\nname = \"middle\"\ntype = \"text\"\nx = 10\ny = 40\nw = 40\nh = 5\n\
             text = \"Middle\"\nsize = \"8pt\"\nalign = \"left\"\n\
             [[box]]\nname = \"bg\"\ntype = \"rect\"\nw = 63.5\nh = 88.9\nfill = \"#FFFFFF\"\n"
        );
        TemplateSet::parse(&[TemplateFile {
            name: "t".into(),
            display: "t.toml".into(),
            text,
        }])
        .unwrap_or_else(|e| panic!("{e}"))
    };
    let card = PrintCard::new("c-1", "c", "t", Fields::new());
    let frame = Frame {
        width: 63.5,
        height: 88.9,
        bleed: 3.0,
    };
    let notes = |set: &TemplateSet| {
        layout::card_scene(&card, set, frame, &NoImages)
            .unwrap_or_else(|e| panic!("{e}"))
            .notes
    };
    // The default 3 mm: only the corner text, about 1 mm from the cut.
    let n = notes(&template("", ""));
    assert_eq!(n.len(), 1, "{n:?}");
    let Some(Problem::OutsideSafeZone { zone, from_cut }) = n.first().map(|n| &n.problem) else {
        panic!("{n:?}")
    };
    assert_eq!(n.first().map(|n| n.field.as_str()), Some("corner"));
    assert!(
        (zone - 3.0).abs() < 1e-4 && (0.9..2.0).contains(from_cut),
        "{from_cut}"
    );
    // A template's own safe zone, or a box marked as not mattering.
    assert!(notes(&template("safe_zone = \"0.5mm\"", "")).is_empty());
    assert!(notes(&template("", "safe = false")).is_empty());
    let wide = notes(&template("safe_zone = \"12mm\"", "safe = false"));
    assert_eq!(
        wide.iter().map(|n| n.field.as_str()).collect::<Vec<_>>(),
        ["middle"],
        "the middle text is 10 mm from the left edge"
    );
}

/// Eleven's built-in deck and templates, on a poker-size frame with 3 mm
/// of bleed.
fn eleven_print_setup() -> (touchline::layout::PrintDeck, TemplateSet, Frame) {
    let Some(game) = touchline::render::options::PrintGame::of("eleven") else {
        panic!("no eleven")
    };
    let deck = game
        .load(&touchline::cards::DataSource::embedded())
        .unwrap_or_else(|e| panic!("{e}"));
    let templates = TemplateSet::embedded("eleven").unwrap_or_else(|e| panic!("{e}"));
    let frame = Frame {
        width: 63.5,
        height: 88.9,
        bleed: 3.0,
    };
    (deck, templates, frame)
}

#[test]
fn every_eleven_deck_has_a_back_of_its_own_colour_name_and_icon() {
    let (deck, templates, frame) = eleven_print_setup();
    // Per single-sided kind: the back's background colour, name and icon.
    let mut backs: BTreeMap<String, (String, String, String)> = BTreeMap::new();
    for card in deck.cards.iter().filter(|c| {
        !matches!(
            c.kind.as_str(),
            "player" | "youngster" | "veteran" | "sponsor"
        )
    }) {
        let Some(back) = card.back.as_deref() else {
            panic!("{}: no back", card.id)
        };
        if back.template != "back" {
            continue; // a First Trainer's other portrait
        }
        let scene = layout::card_scene(back, &templates, frame, &NoImages)
            .unwrap_or_else(|e| panic!("{e}"));
        let text = |source: &str| {
            scene
                .items
                .iter()
                .find_map(|i| match &i.shape {
                    Shape::Text(t) if i.source == source => {
                        Some(t.lines.iter().map(|l| l.text.clone()).collect::<String>())
                    }
                    _ => None,
                })
                .unwrap_or_default()
        };
        let fill = scene
            .items
            .iter()
            .find_map(|i| match &i.shape {
                Shape::Rect { fill: Some(f), .. } if i.source == "background" => {
                    Some(format!("{f:?}"))
                }
                _ => None,
            })
            .unwrap_or_default();
        let got = (fill, text("deck"), text("deck_icon"));
        let seen = backs
            .entry(card.kind.clone())
            .or_insert_with(|| got.clone());
        assert_eq!(
            *seen, got,
            "{}: every card of a deck has the same back",
            card.id
        );
    }
    // Staff, Tactic, Objective, Director, Board Meeting, Opponent and the
    // solo Scenario sheets.
    assert_eq!(backs.len(), 7, "{backs:?}");
    let colours: std::collections::BTreeSet<_> = backs.values().map(|b| &b.0).collect();
    let names: std::collections::BTreeSet<_> = backs.values().map(|b| &b.1).collect();
    let icons: std::collections::BTreeSet<_> = backs.values().map(|b| &b.2).collect();
    assert_eq!(
        (colours.len(), names.len(), icons.len()),
        (7, 7, 7),
        "{backs:?}"
    );
    assert!(backs.values().all(|b| !b.1.is_empty() && !b.2.is_empty()));
}

#[test]
fn board_meeting_choices_differ_in_shape_and_in_grey() {
    let (deck, templates, frame) = eleven_print_setup();
    for id in ["board-01", "director-01"] {
        let Some(card) = deck.cards.iter().find(|c| c.id == id) else {
            panic!("no {id}")
        };
        let scene = layout::card_scene(card, &templates, frame, &NoImages)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut fills = Vec::new();
        let mut shapes = Vec::new();
        for (colour, fill_box, text_box) in [
            ("yellow", "yellow_tab", "yellow_shape"),
            ("blue", "blue_tab", "blue_shape"),
            ("red", "red_tab", "red_shape"),
        ] {
            let (fill_box, text_box) = if id.starts_with("director") {
                (format!("vote_{colour}"), format!("votes_{colour}"))
            } else {
                (fill_box.to_string(), text_box.to_string())
            };
            let fill = scene.items.iter().find_map(|i| match &i.shape {
                Shape::Rect { fill: Some(f), .. } if i.source == fill_box => Some(*f),
                _ => None,
            });
            let text = scene.items.iter().find_map(|i| match &i.shape {
                Shape::Text(t) if i.source == text_box => t.lines.first().map(|l| l.text.clone()),
                _ => None,
            });
            let (Some(fill), Some(text)) = (fill, text) else {
                panic!("{id}: no {fill_box} or {text_box}")
            };
            fills.push(fill);
            shapes.push(text.chars().next().unwrap_or(' '));
        }
        assert_eq!(shapes, ['●', '■', '▲'], "{id}: a shape beside each colour");
        // In grey, every two choices still differ clearly: a contrast
        // ratio of at least 1.8 (white on black is 21).
        for (i, a) in fills.iter().enumerate() {
            for b in fills.iter().skip(i + 1) {
                let (la, lb) = (
                    touchline::render::pdf::luminance(*a),
                    touchline::render::pdf::luminance(*b),
                );
                let ratio = (la.max(lb) + 0.05) / (la.min(lb) + 0.05);
                assert!(
                    ratio >= 1.8,
                    "{id}: {a:?} and {b:?} are {ratio:.2} apart in grey"
                );
            }
        }
    }
}

#[test]
fn copies_print_each_selected_card_that_many_times_side_by_side() {
    let sel = Selection::parse("id:BRA-9,GER-1").unwrap_or_else(|e| panic!("{e}"));
    let sheet = SheetOptions {
        copies: 3,
        ..SheetOptions::default()
    };
    let out = export_with(sheet, sel, &Images::default());
    assert_eq!(out.cards, 6, "two cards, three copies each");
    let fronts: Vec<usize> = out
        .plans
        .iter()
        .flat_map(|p| &p.cards)
        .filter(|c| c.side == Side::Front)
        .map(|c| c.card)
        .collect();
    assert_eq!(fronts, [0, 1, 2, 3, 4, 5]);
    // The PDF names each card at its foot: BRA-9 three times, then GER-1.
    let doc = Document::load_mem(&out.pdf).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(doc.get_pages().len(), 2, "one fronts page, one backs page");
    // Out of range is an error naming the option.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let run = touchline()
        .args(["export", "--select", "id:BRA-9", "--copies", "0", "--out"])
        .arg(dir.path().join("x.pdf"))
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("copies must be 1 to 20, found 0"),
        "{stderr}"
    );
    let run = touchline()
        .args(["export", "--select", "id:BRA-9", "--copies", "4", "--out"])
        .arg(dir.path().join("y.pdf"))
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains("4 cards"), "{stdout}");
}

// ----- the grayscale proof -----

/// Every fill and stroke colour set in the PDF's pages, as (r, g, b).
fn page_colours(bytes: &[u8]) -> Vec<(f32, f32, f32)> {
    let doc = Document::load_mem(bytes).unwrap_or_else(|e| panic!("{e}"));
    let mut out = Vec::new();
    for (_, page_id) in doc.get_pages() {
        let content = doc
            .get_and_decode_page_content(page_id)
            .unwrap_or_else(|e| panic!("{e}"));
        for op in &content.operations {
            if matches!(op.operator.as_str(), "rg" | "RG") {
                let v: Vec<f32> = op.operands.iter().map(num).collect();
                out.push((v[0], v[1], v[2]));
            }
        }
    }
    out
}

/// The colour space of every picture stored in the PDF.
fn picture_spaces(bytes: &[u8]) -> Vec<String> {
    let doc = Document::load_mem(bytes).unwrap_or_else(|e| panic!("{e}"));
    doc.objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Image"))
        .map(|s| {
            s.dict
                .get(b"ColorSpace")
                .and_then(Object::as_name)
                .map(|n| String::from_utf8_lossy(n).to_string())
                .unwrap_or_default()
        })
        .collect()
}

#[test]
fn a_grayscale_proof_prints_every_colour_and_picture_as_grey() {
    use touchline::cards::DataSource;
    use touchline::render::options::{self, ExportOptions, PrintGame};
    // A colourful back picture, to see pictures turn grey too.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let art = dir.path().join("booked/art");
    std::fs::create_dir_all(&art).unwrap_or_else(|e| panic!("{e}"));
    image::RgbImage::from_fn(40, 40, |x, y| {
        image::Rgb([(x * 6) as u8, 200, (y * 6) as u8])
    })
    .save(art.join("back.png"))
    .unwrap_or_else(|e| panic!("{e}"));
    let export = |game: &str, grayscale: bool| {
        let o = ExportOptions {
            games: PrintGame::of(game).into_iter().collect(),
            selection: Selection::Deck,
            sheet: SheetOptions {
                grayscale,
                ..SheetOptions::default()
            },
            ..ExportOptions::default()
        };
        options::export(&o, &DataSource::dir(dir.path()), &mut |_| {
            std::ops::ControlFlow::Continue(())
        })
        .unwrap_or_else(|e| panic!("{e}"))
    };
    let games: Vec<String> = PrintGame::all()
        .iter()
        .map(|g| g.id().to_string())
        .collect();
    for game in games.iter().map(String::as_str) {
        let colour = page_colours(&export(game, false).pdf);
        assert!(
            colour.iter().any(|(r, g, b)| r != g || g != b),
            "{game}: the normal print has colour"
        );
        let proof = export(game, true);
        let grey = page_colours(&proof.pdf);
        assert!(grey.len() > 100, "{game}: {} colours", grey.len());
        let tinted: Vec<_> = grey.iter().filter(|(r, g, b)| r != g || g != b).collect();
        assert!(
            tinted.is_empty(),
            "{game}: {:?}",
            &tinted[..tinted.len().min(5)]
        );
        // Not all one grey: light and dark stay apart.
        let mut levels: Vec<u32> = grey.iter().map(|c| (c.0 * 1000.0) as u32).collect();
        levels.sort_unstable();
        levels.dedup();
        assert!(levels.len() > 5, "{game}: greys {levels:?}");
        if game == "booked" {
            let spaces = picture_spaces(&proof.pdf);
            assert!(
                !spaces.is_empty() && spaces.iter().all(|s| s == "DeviceGray"),
                "{spaces:?}"
            );
            assert!(
                picture_spaces(&export(game, false).pdf)
                    .iter()
                    .all(|s| s == "DeviceRGB")
            );
        }
    }
}
