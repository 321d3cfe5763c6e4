//! Every printed card of every game, at every card size: no icon drawn
//! over a number or a word, no two texts over each other, and type of
//! 6 pt or more at 63 x 88 mm (card ids included).
//!
//! Boxes are compared by what they draw: a text by its lines (from the top
//! of its capitals to the bottom of its descenders), an icon (a polygon:
//! a star, a symbol) by its corners. Two texts may never meet, and an icon
//! may never be drawn over a text; an icon drawn first, under a text, is
//! its backdrop by design (a shirt behind its number), and icons may stack
//! on icons (a picture made of several shapes).

use touchline::cards::DataSource;
use touchline::layout::{self, Frame, NoImages, PrintCard, Rect, Scene, Shape, TemplateSet};
use touchline::render::options::PrintGame;
use touchline::render::sheet::CARD_SIZES;

/// Every side a deck prints: faces, their own other sides, and the back.
fn sides(game: PrintGame) -> (String, Vec<PrintCard>, TemplateSet) {
    let deck = game
        .load(&DataSource::embedded())
        .unwrap_or_else(|e| panic!("{e}"));
    let templates = TemplateSet::embedded(&deck.game).unwrap_or_else(|e| panic!("{e}"));
    let mut cards: Vec<PrintCard> = Vec::new();
    for c in &deck.cards {
        cards.push(c.clone());
        if let Some(b) = &c.back {
            let mut b = (**b).clone();
            b.id = format!("{} (other side)", c.id);
            cards.push(b);
        }
    }
    cards.push(deck.back.clone());
    (deck.game.clone(), cards, templates)
}

/// What a box draws that must stay clear of the others, in drawing order:
/// each text line and each icon, with the box name and whether it is text.
fn marks(scene: &Scene) -> Vec<(String, Rect, bool)> {
    let mut out = Vec::new();
    for item in &scene.items {
        match &item.shape {
            Shape::Text(block) => {
                let m = block.font.metrics();
                for line in &block.lines {
                    // Capitals (and most accents) to descenders: the ink,
                    // not the font's whole line box.
                    let top = line.baseline - (m.cap_height() + 0.05) * block.size;
                    let bottom = line.baseline - m.descent() * block.size;
                    out.push((
                        item.source.clone(),
                        Rect::new(line.x, top, line.width, bottom - top),
                        true,
                    ));
                }
            }
            Shape::Polygon { .. } => {
                out.push((item.source.clone(), item.shape.bounds(), false));
            }
            _ => {}
        }
    }
    out
}

fn overlap(a: &Rect, b: &Rect) -> f32 {
    let r = a.intersect(b);
    r.w.min(r.h)
}

#[test]
fn no_icon_or_text_is_drawn_over_another_on_any_card_at_any_size() {
    // Clashes by game and pair of boxes: the cards and sizes they occur on.
    let mut problems: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for game in PrintGame::all() {
        let (key, cards, templates) = sides(game);
        for (size, w, h) in CARD_SIZES {
            let frame = Frame {
                width: w,
                height: h,
                bleed: 0.0,
            };
            for card in &cards {
                let scene = layout::card_scene(card, &templates, frame, &NoImages)
                    .unwrap_or_else(|e| panic!("{e}"));
                let m = marks(&scene);
                for (i, (a, ra, a_text)) in m.iter().enumerate() {
                    // Later in the list is drawn on top.
                    for (b, rb, b_text) in m.iter().skip(i + 1) {
                        // Lines of one text block sit on their own leading;
                        // an icon may stack on an icon or lie under a text.
                        if a == b || !*a_text {
                            continue;
                        }
                        // A hair's breadth (0.1 mm) is rounding, not a clash.
                        if overlap(ra, rb) > 0.1 {
                            let what = if *b_text { "and" } else { "under" };
                            let seen = problems
                                .entry(format!("{key} ({}): `{a}` {what} `{b}`", card.template))
                                .or_default();
                            let at = format!("{} at {size}", card.id);
                            if seen.len() < 4 && !seen.contains(&at) {
                                seen.push(at);
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} pairs of boxes drawn over each other:\n{}",
        problems.len(),
        problems
            .iter()
            .map(|(pair, on)| format!("{pair}: {}", on.join(", ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn a_star_over_a_number_is_caught() {
    // Booked!'s star as it once was, over the rating and the nation code.
    let (_, cards, _) = sides(PrintGame::of("booked").unwrap_or_else(|| panic!("no booked")));
    let old_star = "extends = \"builtin/player\"\n[[box]]\nname = \"star\"\nx = 14.2\ny = 3.0\nw = 8.8\nh = 8.8\nz = 0\n";
    let mut files = touchline::layout::template::embedded_files(
        touchline::games::builtin::template_files("booked"),
        "booked",
    );
    for f in &mut files {
        f.name = format!("builtin/{}", f.name);
    }
    files.extend(touchline::layout::template::embedded_files(
        touchline::games::builtin::template_files("booked"),
        "booked",
    ));
    if let Some(p) = files.iter_mut().find(|f| f.name == "player") {
        p.text = old_star.to_string();
    }
    let templates = TemplateSet::parse(&files).unwrap_or_else(|e| panic!("{e}"));
    let star = |c: &&PrintCard| c.fields.get("star").is_some_and(|v| v.truthy());
    let Some(bra10) = cards.iter().find(star) else {
        panic!("no star player")
    };
    let frame = Frame {
        width: 63.5,
        height: 88.9,
        bleed: 0.0,
    };
    let scene =
        layout::card_scene(bra10, &templates, frame, &NoImages).unwrap_or_else(|e| panic!("{e}"));
    let m = marks(&scene);
    let clash = m.iter().enumerate().any(|(i, (a, ra, text))| {
        *text
            && m.iter()
                .skip(i + 1)
                .any(|(b, rb, _)| b == "star" && a != b && overlap(ra, rb) > 0.1)
    });
    assert!(clash, "the old star sat over the rating");
}

#[test]
fn no_type_is_below_six_points_at_63_by_88_mm_ids_included() {
    let mut problems: Vec<String> = Vec::new();
    let frame = Frame {
        width: 63.0,
        height: 88.0,
        bleed: 3.0,
    };
    for game in PrintGame::all() {
        let (key, cards, templates) = sides(game);
        for card in &cards {
            let scene = layout::card_scene(card, &templates, frame, &NoImages)
                .unwrap_or_else(|e| panic!("{e}"));
            for (name, block) in scene.texts() {
                let pt = block.size * 72.0 / 25.4;
                if pt < 6.0 - 0.01 {
                    problems.push(format!("{key} {}: `{name}` at {pt:.2} pt", card.id));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} boxes below 6 pt, e.g.:\n{}",
        problems.len(),
        problems
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The screen's raster backend draws a printed card the same every time,
/// covering its frame, with the ink of its text where layout put it.
#[test]
fn a_printed_card_rasterizes_the_same_twice_and_fills_its_frame() {
    use touchline::render::raster::rasterize;
    let deck = touchline::games::booked::deck::BookedDeck::default_set().expect("deck");
    let print = touchline::games::booked::layout::print_deck(&deck);
    let templates =
        touchline::layout::TemplateSet::embedded(touchline::games::booked::layout::GAME)
            .expect("templates");
    let images = touchline::render::Images::new(Vec::new());
    let frame = touchline::layout::Frame {
        width: 63.5,
        height: 88.9,
        bleed: 0.0,
    };
    let scene =
        touchline::layout::card_scene(&print.cards[0], &templates, frame, &images).expect("scene");
    let a = rasterize(&scene, 127, 178, 4.0, &mut |_| None).expect("a picture");
    let b = rasterize(&scene, 127, 178, 4.0, &mut |_| None).expect("a picture");
    assert_eq!(a.data(), b.data());
    let opaque = a.pixels().iter().filter(|c| c.alpha() == 255).count();
    assert!(
        opaque * 10 > a.pixels().len() * 8,
        "the card covers its frame"
    );
    // Every line of text has ink of its colour somewhere in its box.
    let k = 127.0 / 63.5;
    for (_, block) in scene.texts() {
        for line in &block.lines {
            if line.text.trim().is_empty() || block.size * k < 8.0 {
                continue;
            }
            let e = block.line_extent(line);
            let inked = (0..a.height()).any(|y| {
                (0..a.width()).any(|x| {
                    let (mx, my) = (x as f32 / k, y as f32 / k);
                    let inside = mx >= e.x && mx <= e.right() && my >= e.y && my <= e.bottom();
                    let c = a.pixel(x, y).expect("inside").demultiply();
                    let ink = block.color;
                    inside
                        && c.red().abs_diff(ink.0) < 40
                        && c.green().abs_diff(ink.1) < 40
                        && c.blue().abs_diff(ink.2) < 40
                })
            });
            assert!(inked, "no ink for {:?}", line.text);
        }
    }
}
