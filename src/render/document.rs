//! The whole print-and-play document: lay out the selected cards of each
//! deck, impose them on sheets, draw the pages and write the PDF bytes.
//!
//! [`export_with`] is what the command line and the app's export dialog
//! both run (through [`crate::render::options::export`]); [`first_sheet`]
//! lays out the dialog's preview with the same selection, imposition and
//! card Scenes, and [`page`] any other page the same way. A double-sided
//! card's other side is drawn behind it in place of its deck's back, in
//! the slot the imposition mirrors for that card. Nothing here reads from
//! disk (templates and pictures arrive loaded) or writes: the caller
//! decides where the bytes go.

use crate::layout::scene::{Point, Problem, Shape};
use crate::layout::template::BoxKind;
use crate::layout::{
    Frame, LayoutError, PrintCard, PrintDeck, Scene, Selection, TemplateSet, card_scene,
};
use crate::render::assets::Images;
use crate::render::pdf::{CardSide, DocInfo, DuplexHint, PdfError, PdfWriter};
use crate::render::sheet::{self, Backs, Ink, PagePlan, SheetError, SheetOptions, Side};
use std::ops::ControlFlow;

/// Why an export failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ExportError {
    /// The sheet options do not work.
    #[error(transparent)]
    Sheet(#[from] SheetError),
    /// A card could not be laid out.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// The PDF could not be written.
    #[error(transparent)]
    Pdf(#[from] PdfError),
    /// The selection matched nothing.
    #[error("{0}")]
    Selection(String),
    /// The progress callback asked to stop.
    #[error("the export was cancelled")]
    Cancelled,
}

/// One deck to print and the templates that draw it.
pub struct DeckJob<'a> {
    /// The deck.
    pub deck: &'a PrintDeck,
    /// Its templates.
    pub templates: &'a TemplateSet,
}

/// What to export.
pub struct ExportJob<'a> {
    /// The decks, printed one after another (each starts a new sheet).
    pub decks: Vec<DeckJob<'a>>,
    /// Which cards.
    pub selection: Selection,
    /// The sheet.
    pub sheet: SheetOptions,
    /// Pictures, already loaded.
    pub images: &'a Images,
    /// Print only the alignment test sheet.
    pub alignment_test: bool,
}

/// The finished document.
#[derive(Clone, Debug, PartialEq)]
pub struct Exported {
    /// The PDF file's bytes.
    pub pdf: Vec<u8>,
    /// Pages written.
    pub pages: usize,
    /// Card faces printed.
    pub cards: usize,
    /// Cards a page (0 for the alignment test).
    pub per_page: usize,
    /// Sheets of paper (a duplex sheet is two pages).
    pub sheets: usize,
    /// The page plans (for tests and previews).
    pub plans: Vec<PagePlan>,
    /// What prints less well than designed, card by card.
    pub warnings: Vec<PrintWarning>,
    /// The estimated ink of the first fronts page and of its backs page
    /// (none in fold mode or without backs), as shares of the page.
    pub ink: (f32, Option<f32>),
}

/// A box of a card that prints less well than designed: cut text, tiny
/// type, a missing picture or glyph.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintWarning {
    /// The deck's title.
    pub deck: String,
    /// The card's id (`back` for the deck's shared back).
    pub card: String,
    /// The template box (field).
    pub field: String,
    /// What is wrong.
    pub problem: Problem,
}

impl std::fmt::Display for PrintWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: card {}, field `{}`: {}",
            self.deck, self.card, self.field, self.problem
        )
    }
}

/// The warnings as short lines: one per deck, field and problem, naming
/// every card it concerns (`Booked! Core Set: field `name`: text cut with
/// "…" (it does not fit) on 2 cards: BRA-9, GER-1`).
pub fn describe_warnings(warnings: &[PrintWarning]) -> Vec<String> {
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for w in warnings {
        let problem = match &w.problem {
            // Pictures differ per card: group them by box, name each file.
            Problem::MissingImage(_) => "picture not found (the placeholder prints)".to_string(),
            p => p.to_string(),
        };
        let key = format!("{}: field `{}`: {problem}", w.deck, w.field);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, cards)) => {
                if !cards.contains(&w.card.as_str()) {
                    cards.push(&w.card);
                }
            }
            None => groups.push((key, vec![&w.card])),
        }
    }
    groups
        .into_iter()
        .map(|(key, cards)| {
            let n = cards.len();
            let what = if n == 1 { "card" } else { "cards" };
            format!("{key} on {n} {what}: {}", cards.join(", "))
        })
        .collect()
}

/// Lays out every selected card of `job` (faces, other sides and the
/// decks' backs) and lists what prints less well than designed, without
/// drawing a page: what `touchline check` and the export dialog warn of.
pub fn warnings(job: &ExportJob<'_>) -> Result<Vec<PrintWarning>, ExportError> {
    let frame = frame(&job.sheet);
    let mut out = Vec::new();
    let ink = job.sheet.ink;
    for (deck, templates, cards) in pick(job)? {
        for c in &cards {
            let front = face(card_scene(c, templates, frame, job.images)?, ink);
            collect(&mut out, job.images, &deck.title, &c.id, &front);
            if let Some(b) = &c.back {
                let scene = face(card_scene(b, templates, frame, job.images)?, ink);
                collect(&mut out, job.images, &deck.title, &c.id, &scene);
            }
        }
        let back = shared_back(card_scene(&deck.back, templates, frame, job.images)?, ink);
        collect(&mut out, job.images, &deck.title, "back", &back);
    }
    Ok(out)
}

/// A card's face (or its own other side) as printed with `ink`.
pub fn face(scene: Scene, ink: Ink) -> Scene {
    match ink {
        Ink::Light => crate::layout::ink::light_face(&scene),
        Ink::Full | Ink::LightBacks => scene,
    }
}

/// A deck's shared back as printed with `ink`.
pub fn shared_back(scene: Scene, ink: Ink) -> Scene {
    match ink {
        Ink::Light | Ink::LightBacks => crate::layout::ink::light_back(&scene),
        Ink::Full => scene,
    }
}

/// Whether `problem` is worth a warning. The built-in decks name pictures
/// by convention and ship without them: only a picture a user folder was
/// meant to hold is missed.
pub fn worth_warning(images: &Images, problem: &Problem) -> bool {
    match problem {
        Problem::MissingImage(src) => images.missing_is_expected(src),
        _ => true,
    }
}

fn collect(out: &mut Vec<PrintWarning>, images: &Images, deck: &str, card: &str, scene: &Scene) {
    for n in &scene.notes {
        if !worth_warning(images, &n.problem) {
            continue;
        }
        out.push(PrintWarning {
            deck: deck.to_string(),
            card: card.to_string(),
            field: n.field.clone(),
            problem: n.problem.clone(),
        });
    }
}

/// Every picture id the selected cards' templates ask for, so the caller
/// can load them before [`export`].
pub fn image_ids(decks: &[DeckJob<'_>]) -> Vec<String> {
    let mut ids = Vec::new();
    for job in decks {
        let own_backs = job.deck.cards.iter().filter_map(|c| c.back.as_deref());
        for card in job
            .deck
            .cards
            .iter()
            .chain(own_backs)
            .chain(std::iter::once(&job.deck.back))
        {
            let Some(t) = job.templates.get(&card.template) else {
                continue;
            };
            for b in &t.boxes {
                if let BoxKind::Image(spec) = &b.kind
                    && let Ok(id) = card.fields.interpolate(&spec.src)
                    && !ids.contains(&id)
                {
                    ids.push(id);
                }
            }
        }
    }
    ids
}

/// How many card sides (fronts and backs) the job will draw, for a
/// progress bar.
pub fn work_units(job: &ExportJob<'_>) -> usize {
    if job.alignment_test {
        return 1;
    }
    let sides = if job.sheet.backs == Backs::None { 1 } else { 2 };
    job.decks
        .iter()
        .map(|d| {
            d.deck
                .cards
                .iter()
                .filter(|c| job.selection.matches(c))
                .count()
                * sides
                * job.sheet.copies.max(1)
        })
        .sum()
}

/// Lays out, imposes and draws the job; `progress` is called with the
/// number of card sides drawn so far.
pub fn export(
    job: &ExportJob<'_>,
    progress: &mut dyn FnMut(usize),
) -> Result<Exported, ExportError> {
    export_with(job, &mut |n| {
        progress(n);
        ControlFlow::Continue(())
    })
}

/// [`export`] that can be stopped: `progress` is called with the number of
/// card sides drawn so far (repeatedly with the same number while cards
/// are laid out and pictures stored), and returning `Break` ends the work
/// with [`ExportError::Cancelled`].
pub fn export_with(
    job: &ExportJob<'_>,
    progress: &mut dyn FnMut(usize) -> ControlFlow<()>,
) -> Result<Exported, ExportError> {
    let mut progress = |n: usize| match progress(n) {
        ControlFlow::Continue(()) => Ok(()),
        ControlFlow::Break(()) => Err(ExportError::Cancelled),
    };
    progress(0)?;
    let title = job
        .decks
        .iter()
        .map(|d| d.deck.title.as_str())
        .collect::<Vec<_>>()
        .join(" + ");
    // The alignment test is not a deck: it is titled as what it is.
    let mut writer = PdfWriter::with_info(&DocInfo {
        title: if job.alignment_test {
            "Touchline printer alignment test".to_string()
        } else {
            format!("{title} print-and-play")
        },
        author: "Touchline".to_string(),
        decks: if job.alignment_test {
            Vec::new()
        } else {
            job.decks.iter().map(|d| d.deck.title.clone()).collect()
        },
    })?;
    writer.set_grayscale(job.sheet.grayscale);
    let duplex = match job.sheet.backs {
        Backs::DuplexLong => DuplexHint::LongEdge,
        Backs::DuplexShort => DuplexHint::ShortEdge,
        Backs::None | Backs::Fold => DuplexHint::Simplex,
    };
    let mut all_plans = Vec::new();
    let mut cards_printed = 0;

    if job.alignment_test {
        let plans = sheet::alignment_test(&job.sheet)?;
        for p in &plans {
            let mut canvas = writer.canvas(p.width, p.height);
            canvas.draw_scene(&p.overlay, Point::default());
            let ops = canvas.into_ops();
            writer.add_page(p.width, p.height, ops);
        }
        progress(1)?;
        let pages = writer.page_count();
        let pdf = writer.finish(duplex)?;
        return Ok(Exported {
            pdf,
            pages,
            cards: 0,
            per_page: 0,
            sheets: sheets_of(&job.sheet, pages),
            plans,
            warnings: Vec::new(),
            ink: (0.0, None),
        });
    }

    let frame = frame(&job.sheet);
    // Pick the cards first so a selection that matches nothing anywhere
    // fails before any work is done.
    let picked = pick(job)?;

    // Lay every card out first: the pictures the scenes actually show are
    // then registered once each, and every use refers to that one object.
    // A double-sided card's other side is laid out only when backs are
    // printed; it then takes the shared back's place behind that card.
    let with_backs = job.sheet.backs != Backs::None;
    let ink = job.sheet.ink;
    let mut laid_out = Vec::new();
    let mut warnings = Vec::new();
    for (deck, templates, cards) in picked {
        let mut fronts = Vec::with_capacity(cards.len());
        let mut own_backs = Vec::with_capacity(cards.len());
        for c in &cards {
            fronts.push(face(card_scene(c, templates, frame, job.images)?, ink));
            own_backs.push(match (&c.back, with_backs) {
                (Some(b), true) => Some(face(card_scene(b, templates, frame, job.images)?, ink)),
                _ => None,
            });
            progress(0)?;
        }
        let back = shared_back(card_scene(&deck.back, templates, frame, job.images)?, ink);
        for (c, (front, own)) in cards.iter().zip(fronts.iter().zip(&own_backs)) {
            collect(&mut warnings, job.images, &deck.title, &c.id, front);
            if let Some(own) = own {
                collect(&mut warnings, job.images, &deck.title, &c.id, own);
            }
        }
        collect(&mut warnings, job.images, &deck.title, "back", &back);
        let plans = sheet::impose(&job.sheet, cards.len())?;
        laid_out.push(LaidOutDeck {
            cards,
            fronts,
            own_backs,
            back,
            plans,
        });
    }
    let ink = laid_out.first().map_or((0.0, None), |d| {
        let page_ink = |p: &PagePlan| {
            let scenes: Vec<&Scene> = p
                .cards
                .iter()
                .map(|pl| match pl.side {
                    Side::Front => d.fronts.get(pl.card).unwrap_or(&d.back),
                    Side::Back => d
                        .own_backs
                        .get(pl.card)
                        .and_then(Option::as_ref)
                        .unwrap_or(&d.back),
                })
                .collect();
            page_coverage(p, &scenes)
        };
        let front = d.plans.first().map_or(0.0, page_ink);
        let back = d
            .plans
            .get(1)
            .filter(|p| p.role == sheet::PageRole::Backs)
            .map(page_ink);
        (front, back)
    });
    for d in &laid_out {
        let own = d.own_backs.iter().flatten();
        for scene in d.fronts.iter().chain(own).chain(std::iter::once(&d.back)) {
            for item in &scene.items {
                if let Shape::Image { id, .. } = &item.shape
                    && !writer.has_image(id)
                    && let Some(img) = job.images.get(id)
                {
                    writer.add_image(id, &img.bytes)?;
                    progress(0)?;
                }
            }
        }
    }

    // Each deck's shared back is stored once and placed behind every card
    // that has no other side of its own.
    let back_forms: Vec<_> = laid_out.iter().map(|d| writer.add_form(&d.back)).collect();
    let mut done = 0;
    for (d, back_form) in laid_out.into_iter().zip(back_forms) {
        let LaidOutDeck {
            cards,
            fronts,
            own_backs,
            back: _,
            plans,
        } = d;
        for p in &plans {
            let mut canvas = writer.canvas(p.width, p.height);
            for pl in &p.cards {
                let (Some(card), Some(front)) = (cards.get(pl.card), fronts.get(pl.card)) else {
                    continue;
                };
                let origin = Point {
                    x: pl.trim.x,
                    y: pl.trim.y,
                };
                match pl.side {
                    Side::Front => {
                        canvas.draw_card(front, origin, pl.paint, &card.id, CardSide::Front);
                    }
                    Side::Back => match own_backs.get(pl.card).and_then(Option::as_ref) {
                        Some(own) => {
                            canvas.draw_card(own, origin, pl.paint, &card.id, CardSide::Back);
                        }
                        None => {
                            canvas.draw_form(back_form, origin, pl.paint, &card.id, CardSide::Back);
                        }
                    },
                }
                done += 1;
            }
            canvas.draw_scene(&p.overlay, Point::default());
            let ops = canvas.into_ops();
            writer.add_page(p.width, p.height, ops);
            progress(done)?;
        }
        cards_printed += cards.len();
        all_plans.extend(plans);
    }
    let pages = writer.page_count();
    let pdf = writer.finish(duplex)?;
    Ok(Exported {
        pdf,
        pages,
        cards: cards_printed,
        per_page: sheet::grid(&job.sheet)?.per_page(),
        sheets: sheets_of(&job.sheet, pages),
        plans: all_plans,
        warnings,
        ink,
    })
}

/// The estimated ink of page `p` drawn with `scenes` (one per placement),
/// as a share of the page (see [`crate::layout::ink::coverage`]).
pub fn page_coverage(p: &PagePlan, scenes: &[&Scene]) -> f32 {
    let placed: Vec<crate::layout::ink::Placed<'_>> = p
        .cards
        .iter()
        .zip(scenes)
        .map(|(pl, scene)| crate::layout::ink::Placed {
            scene,
            origin: Point {
                x: pl.trim.x,
                y: pl.trim.y,
            },
            clip: pl.paint,
        })
        .collect();
    crate::layout::ink::coverage(p.width, p.height, &placed, &p.overlay)
}

/// The sheets of paper `pages` pages take: two pages a sheet with duplex
/// backs, one otherwise.
pub fn sheets_of(sheet: &SheetOptions, pages: usize) -> usize {
    match sheet.backs {
        Backs::DuplexLong | Backs::DuplexShort => pages.div_ceil(2),
        Backs::None | Backs::Fold => pages,
    }
}

/// One deck's selected cards, laid out and imposed.
struct LaidOutDeck<'a> {
    /// The selected cards, in print order.
    cards: Vec<&'a PrintCard>,
    /// Each card's face.
    fronts: Vec<Scene>,
    /// Each double-sided card's other side (when backs are printed).
    own_backs: Vec<Option<Scene>>,
    /// The deck's shared back.
    back: Scene,
    /// The pages.
    plans: Vec<PagePlan>,
}

/// The card size and bleed cards are laid out at.
fn frame(sheet: &SheetOptions) -> Frame {
    Frame {
        width: sheet.card.width,
        height: sheet.card.height,
        bleed: sheet.bleed,
    }
}

/// A deck, its templates and its selected cards.
type Picked<'a> = (&'a PrintDeck, &'a TemplateSet, Vec<&'a PrintCard>);

/// The selected cards of each deck that has any; an error naming what
/// matched nothing when no deck has one.
fn pick<'a>(job: &ExportJob<'a>) -> Result<Vec<Picked<'a>>, ExportError> {
    let mut picked = Vec::new();
    let mut first_error = None;
    for d in &job.decks {
        match job.selection.apply(d.deck) {
            Ok(cards) if !cards.is_empty() => {
                // Copies sit next to each other, so they are cut together.
                let copies = job.sheet.copies.max(1);
                let cards = cards
                    .into_iter()
                    .flat_map(|c| std::iter::repeat_n(c, copies))
                    .collect();
                picked.push((d.deck, d.templates, cards));
            }
            Ok(_) => {}
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    if picked.is_empty() {
        return Err(ExportError::Selection(
            first_error.unwrap_or_else(|| "no cards to print".to_string()),
        ));
    }
    Ok(picked)
}

/// One printed page of a job (the first, for a preview), laid out exactly
/// as [`export`] lays it out.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstSheet {
    /// The page: size, card placements and overlay (crop marks, guides).
    pub plan: PagePlan,
    /// The Scene of each placement on the page, in the order of
    /// `plan.cards` (a card's face, its own other side or its deck's
    /// back).
    pub scenes: Vec<Scene>,
    /// Pages the whole document has.
    pub pages: usize,
    /// Sheets of paper the whole document takes.
    pub sheets: usize,
    /// Cards a page (0 for the alignment test).
    pub per_page: usize,
    /// Cards the whole document prints.
    pub cards: usize,
}

impl FirstSheet {
    /// The estimated ink this page takes, as a share of the page (see
    /// [`crate::layout::ink::coverage`]).
    pub fn ink(&self) -> f32 {
        let scenes: Vec<&Scene> = self.scenes.iter().collect();
        page_coverage(&self.plan, &scenes)
    }

    /// Card faces on this sheet (backs not counted).
    pub fn fronts(&self) -> usize {
        self.plan
            .cards
            .iter()
            .filter(|p| p.side == Side::Front)
            .count()
    }
}

/// Lays out only the first sheet of `job` (and counts the pages of the
/// whole), with the same selection, imposition and card Scenes as
/// [`export`].
pub fn first_sheet(job: &ExportJob<'_>) -> Result<FirstSheet, ExportError> {
    page(job, 0)
}

/// Lays out only page `number` (0-based) of `job`, as [`export`] draws it:
/// on a backs page each placement shows the card's own other side or its
/// deck's back. The pages and cards of the whole document are counted.
pub fn page(job: &ExportJob<'_>, number: usize) -> Result<FirstSheet, ExportError> {
    if job.alignment_test {
        let plans = sheet::alignment_test(&job.sheet)?;
        let pages = plans.len();
        let Some(plan) = plans.into_iter().nth(number) else {
            return Err(ExportError::Selection(format!(
                "no page {} to print",
                number + 1
            )));
        };
        return Ok(FirstSheet {
            plan,
            scenes: Vec::new(),
            pages,
            sheets: sheets_of(&job.sheet, pages),
            per_page: 0,
            cards: 0,
        });
    }
    let frame = frame(&job.sheet);
    let picked = pick(job)?;
    let mut pages = 0;
    let mut cards = 0;
    let mut found = None;
    for (deck, templates, chosen) in &picked {
        let plans = sheet::impose(&job.sheet, chosen.len())?;
        let count = plans.len();
        if found.is_none() && number < pages + count {
            found = plans
                .into_iter()
                .nth(number - pages)
                .map(|p| (p, *deck, *templates, chosen));
        }
        pages += count;
        cards += chosen.len();
    }
    let Some((plan, deck, templates, chosen)) = found else {
        return Err(ExportError::Selection(format!(
            "no page {} to print; the document has {pages}",
            number + 1
        )));
    };
    let ink = job.sheet.ink;
    let back = shared_back(card_scene(&deck.back, templates, frame, job.images)?, ink);
    let mut scenes = Vec::with_capacity(plan.cards.len());
    for pl in &plan.cards {
        let scene = match (pl.side, chosen.get(pl.card)) {
            (Side::Back, Some(card)) if card.back.is_some() => face(
                card_scene(card.back_or(&deck.back), templates, frame, job.images)?,
                ink,
            ),
            (Side::Back, _) => back.clone(),
            (Side::Front, Some(card)) => face(card_scene(card, templates, frame, job.images)?, ink),
            (Side::Front, None) => Scene::new(frame.width, frame.height, frame.bleed),
        };
        scenes.push(scene);
    }
    Ok(FirstSheet {
        plan,
        scenes,
        pages,
        sheets: sheets_of(&job.sheet, pages),
        per_page: sheet::grid(&job.sheet)?.per_page(),
        cards,
    })
}
