//! What a deck in the editor would print less well than designed: text cut
//! with "…", type below 6 pt, text or icons inside the safe zone, glyphs the
//! fonts lack and pictures missing from a user folder, card by card and
//! field by field, as `touchline check` and the export list them.
//!
//! The cards are laid out by the same templates and Scenes as the PDF and
//! the preview, at the preview's card size. Each card's problems are kept
//! with the card they were found on, so an edit lays out again only the
//! cards it changed and the list follows typing. The preview marks the
//! boxes concerned with [`outline`], from the notes of the Scene it draws.

use super::faces::{Face, Faces};
use super::palette::{ALERT, DIM, GOLD};
use crate::layout::{Frame, Note, PrintCard, PrintDeck, TemplateSet};
use crate::render::assets::Images;
use crate::render::document::{DeckJob, image_ids, worth_warning};
use egui::{Color32, RichText, Stroke, StrokeKind};
use std::collections::HashMap;
use std::path::PathBuf;

/// The colour a problem's box is outlined in on the preview: a magenta no
/// card design uses, so the mark is never mistaken for the card.
pub const MARK: Color32 = Color32::from_rgb(0xFF, 0x1E, 0xB4);

/// The most problems listed; the rest are counted.
const LIST_LIMIT: usize = 200;

/// One problem: the card (its printed id; `back` for the deck's back), the
/// field and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintProblem {
    /// The printed card's id.
    pub card: String,
    /// Whether it is on the card's other side (a double-sided card).
    pub other_side: bool,
    /// The field (template box) and what is wrong with it.
    pub note: Note,
}

impl std::fmt::Display for PrintProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = if self.other_side { " (other side)" } else { "" };
        write!(
            f,
            "card {}{side}, field `{}`: {}",
            self.card, self.note.field, self.note.problem
        )
    }
}

/// The deck's print problems, kept up to date card by card.
#[derive(Default)]
pub struct PrintProblems {
    frame: Option<Frame>,
    images: Option<Images>,
    /// Per side (card id, and whether it is the card's other side): the
    /// card as last laid out and what it printed less well.
    laid: HashMap<(String, bool), (PrintCard, Vec<Note>)>,
    list: Vec<PrintProblem>,
}

impl PrintProblems {
    /// Forgets everything: the pictures may have changed, or another deck
    /// is open.
    pub fn reset(&mut self) {
        *self = PrintProblems::default();
    }

    /// Lays out what changed in `deck` since the last call and lists the
    /// problems; pictures are looked for under `art_roots`.
    pub fn update(
        &mut self,
        deck: &PrintDeck,
        templates: &TemplateSet,
        frame: Frame,
        art_roots: &[PathBuf],
    ) {
        if self.frame != Some(frame) {
            self.laid.clear();
            self.frame = Some(frame);
        }
        let images = self
            .images
            .get_or_insert_with(|| Images::new(art_roots.to_vec()));
        let ids = image_ids(&[DeckJob { deck, templates }]);
        // An unreadable picture is the export's error to report; here it
        // only means no size, like a missing one.
        let _ = images.preload(ids.iter().map(String::as_str));
        let images = &*images;
        let mut sides: Vec<(String, bool, &PrintCard)> = Vec::new();
        for c in &deck.cards {
            sides.push((c.id.clone(), false, c));
            if let Some(b) = &c.back {
                sides.push((c.id.clone(), true, b));
            }
        }
        sides.push(("back".to_string(), false, &deck.back));
        let mut laid = HashMap::with_capacity(sides.len());
        let mut list = Vec::new();
        for (id, other_side, card) in sides {
            let key = (id, other_side);
            let notes = match self.laid.remove(&key) {
                Some((was, notes)) if was == *card => notes,
                _ => crate::layout::card_scene(card, templates, frame, images)
                    .map(|s| {
                        s.notes
                            .into_iter()
                            .filter(|n| worth_warning(images, &n.problem))
                            .collect()
                    })
                    // A card that cannot be laid out is a deck problem the
                    // preview shows; it has no print problems of its own.
                    .unwrap_or_default(),
            };
            list.extend(notes.iter().map(|n| PrintProblem {
                card: key.0.clone(),
                other_side: key.1,
                note: n.clone(),
            }));
            laid.insert(key, (card.clone(), notes));
        }
        self.laid = laid;
        self.list = list;
    }

    /// Every problem, card by card in deck order.
    pub fn list(&self) -> &[PrintProblem] {
        &self.list
    }

    /// Lists the problems, each a link to its card; returns the card id
    /// clicked (never `back`, which is no record).
    pub fn show(&self, ui: &mut egui::Ui) -> Option<String> {
        if self.list.is_empty() {
            return None;
        }
        ui.label(
            RichText::new(format!(
                "{} print warning(s): the deck plays, but these print less well than designed \
                 (marked on the preview)",
                self.list.len()
            ))
            .color(GOLD),
        );
        let mut jump = None;
        for p in self.list.iter().take(LIST_LIMIT) {
            let text = p.to_string();
            if p.card == "back" {
                ui.label(RichText::new(text).color(ALERT));
            } else if ui.link(text).on_hover_text("Show this card").clicked() {
                jump = Some(p.card.clone());
            }
        }
        if self.list.len() > LIST_LIMIT {
            ui.label(
                RichText::new(format!("… and {} more", self.list.len() - LIST_LIMIT)).color(DIM),
            );
        }
        jump
    }
}

/// Outlines, on `face` painted in `rect`, each box that prints less well
/// than designed, and names them under the card; the areas come from the
/// notes of the very Scene the preview draws.
pub fn outline(ui: &mut egui::Ui, faces: &Faces, rect: egui::Rect, face: Face) {
    let notes = faces.notes(face);
    if notes.is_empty() {
        return;
    }
    let Some(view) = faces.view(face, rect) else {
        return;
    };
    let painter = ui.painter().with_clip_rect(rect.expand(3.0));
    for n in &notes {
        let r = view.rect(&n.area).intersect(rect);
        painter.rect_stroke(r, 2.0, Stroke::new(2.0, MARK), StrokeKind::Outside);
    }
    for n in &notes {
        ui.label(
            RichText::new(format!("⚠ `{}`: {}", n.field, n.problem))
                .color(MARK)
                .size(11.0),
        );
    }
}
