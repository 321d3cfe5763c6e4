//! Printed card faces on screen: any deck's [`PrintDeck`] laid out by the
//! same templates and Scene as the PDF, then drawn with the egui backend.
//!
//! The table and the editor's preview both draw through this, so what a
//! user sees on screen is what prints. Layout runs once per card; the egui
//! shapes of a card are kept per on-screen height and moved into place, so
//! a full table costs one `Vec` clone per visible card per frame.

use crate::layout::{Frame, ImageSizes, Note, PrintCard, PrintDeck, Scene, TemplateSet};
use crate::render::assets::{Images, LoadedImage};
use crate::render::egui::{View, shapes};
use egui::{Color32, Pos2, Rect, TextureHandle, TextureId, Vec2};
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

/// Poker size, the size cards are laid out at for the screen.
pub const POKER: Frame = Frame {
    width: 63.5,
    height: 88.9,
    bleed: 0.0,
};

/// Text smaller than this (in points on screen) is not drawn.
const MIN_TEXT_POINTS: f32 = 4.0;

/// The most shape lists kept before the cache starts again (a few sizes of
/// a full deck).
const CACHE_LIMIT: usize = 1200;

/// Which face: a card by its index in the print deck, or the back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// The card at this index of [`PrintDeck::cards`].
    Card(usize),
    /// The deck's back.
    Back,
}

/// Why a face could not be laid out: shown on the card instead of a panic.
type Laid = Result<Rc<Scene>, String>;

#[derive(Default)]
struct Cache {
    /// Pixels per point the shapes were built for (text is rasterised per
    /// scale, so a change of scale starts again).
    pixels_per_point: f32,
    scenes: HashMap<Face, Laid>,
    shapes: HashMap<(Face, u32), Rc<Vec<egui::Shape>>>,
    textures: HashMap<String, Option<TextureHandle>>,
}

/// Lays out and draws one deck's faces.
pub struct Faces {
    deck: PrintDeck,
    templates: TemplateSet,
    frame: Frame,
    images: Images,
    cache: RefCell<Cache>,
}

impl Faces {
    /// Faces for `deck` with `templates` at `frame`'s size; pictures are
    /// looked up under `art_roots` (a data folder, a templates folder).
    /// An unreadable picture is drawn as its placeholder.
    pub fn new(
        deck: PrintDeck,
        templates: TemplateSet,
        frame: Frame,
        art_roots: Vec<PathBuf>,
    ) -> Faces {
        let mut images = Images::new(art_roots);
        let own_backs = deck.cards.iter().filter_map(|c| c.back.as_deref());
        for card in deck
            .cards
            .iter()
            .chain(own_backs)
            .chain(std::iter::once(&deck.back))
        {
            if let Some(crate::layout::Value::Text(art)) = card.fields.get("art") {
                // A broken picture must not stop the table: it shows as a
                // placeholder, and `touchline export` reports it.
                let _ = images.preload([art.as_str()]);
            }
        }
        Faces {
            deck,
            templates,
            frame,
            images,
            cache: RefCell::new(Cache::default()),
        }
    }

    /// The deck being drawn.
    pub fn deck(&self) -> &PrintDeck {
        &self.deck
    }

    /// The card size in mm.
    pub fn frame(&self) -> Frame {
        self.frame
    }

    /// The on-screen size of a card `height` points tall.
    pub fn size(&self, height: f32) -> Vec2 {
        let b = 2.0 * self.frame.bleed;
        Vec2::new(
            height * (self.frame.width + b) / (self.frame.height + b).max(0.01),
            height,
        )
    }

    fn card(&self, face: Face) -> Option<&PrintCard> {
        match face {
            Face::Card(i) => self.deck.cards.get(i),
            Face::Back => Some(&self.deck.back),
        }
    }

    /// The laid-out scene of a face, or why it has none.
    pub fn scene(&self, face: Face) -> Result<Rc<Scene>, String> {
        let mut cache = self.cache.borrow_mut();
        cache
            .scenes
            .entry(face)
            .or_insert_with(|| {
                let card = self.card(face).ok_or_else(|| "no such card".to_string())?;
                crate::layout::card_scene(card, &self.templates, self.frame, &self.images)
                    .map(Rc::new)
                    .map_err(|e| e.to_string())
            })
            .clone()
    }

    /// Paints a face filling `rect` (whose aspect should be [`Faces::size`]).
    pub fn paint(&self, painter: &egui::Painter, rect: Rect, face: Face) {
        let ctx = painter.ctx();
        let ppp = ctx.pixels_per_point();
        let scene = match self.scene(face) {
            Ok(s) => s,
            Err(e) => {
                paint_error(painter, rect, &e);
                return;
            }
        };
        let key = (face, (rect.height() * 4.0).round() as u32);
        let cached = {
            let mut cache = self.cache.borrow_mut();
            if cache.pixels_per_point != ppp || cache.shapes.len() > CACHE_LIMIT {
                cache.pixels_per_point = ppp;
                cache.shapes.clear();
            }
            cache.shapes.get(&key).cloned()
        };
        let list = match cached {
            Some(l) => l,
            None => {
                let origin = Rect::from_min_size(Pos2::ZERO, rect.size());
                let view = View::fit(&scene, origin);
                let texture = |id: &str| self.texture(ctx, id);
                let made = painter.fonts_mut(|fonts| shapes(&scene, view, fonts, &texture));
                // Text too small to read at this size is left out: it would
                // only be a smudge, and a full table has thousands of lines.
                let legible = |i: usize| match scene.items.get(i).map(|it| &it.shape) {
                    Some(crate::layout::Shape::Text(t)) => {
                        t.size * view.points_per_mm >= MIN_TEXT_POINTS
                    }
                    _ => true,
                };
                let list = Rc::new(
                    made.into_iter()
                        .filter(|(i, _)| legible(*i))
                        .map(|(_, s)| s)
                        .collect::<Vec<_>>(),
                );
                self.cache.borrow_mut().shapes.insert(key, Rc::clone(&list));
                list
            }
        };
        note_painted(ctx, rect);
        let clipped = painter.with_clip_rect(rect.intersect(painter.clip_rect()));
        let offset = rect.min.to_vec2();
        clipped.extend(list.iter().cloned().map(|mut s| {
            s.translate(offset);
            s
        }));
    }

    /// What a face prints less well than designed (cut text, tiny type,
    /// text in the safe zone, glyphs the fonts lack, a picture missing
    /// from a user folder), each with its box on the card.
    pub fn notes(&self, face: Face) -> Vec<Note> {
        let Ok(scene) = self.scene(face) else {
            return Vec::new();
        };
        scene
            .notes
            .iter()
            .filter(|n| crate::render::document::worth_warning(&self.images, &n.problem))
            .cloned()
            .collect()
    }

    /// Where [`Faces::paint`] puts the face's millimetres in `rect`.
    pub fn view(&self, face: Face, rect: Rect) -> Option<View> {
        self.scene(face).ok().map(|s| View::fit(&s, rect))
    }

    /// The text lines a face prints (for labels and tests).
    pub fn text_lines(&self, face: Face) -> Vec<String> {
        self.scene(face).map(|s| s.text_lines()).unwrap_or_default()
    }

    /// Uploads a picture once; `None` when it is missing or cannot be decoded.
    fn texture(&self, ctx: &egui::Context, id: &str) -> Option<TextureId> {
        if let Some(t) = self.cache.borrow().textures.get(id) {
            return t.as_ref().map(TextureHandle::id);
        }
        let handle = self
            .images
            .get(id)
            .and_then(decode)
            .map(|img| ctx.load_texture(id, img, egui::TextureOptions::LINEAR));
        let out = handle.as_ref().map(TextureHandle::id);
        self.cache
            .borrow_mut()
            .textures
            .insert(id.to_string(), handle);
        out
    }
}

impl ImageSizes for Faces {
    fn image_size(&self, id: &str) -> Option<(u32, u32)> {
        self.images.image_size(id)
    }
}

/// The printed faces painted in one frame, by where they lie.
#[derive(Clone, Debug, Default)]
struct Painted {
    frame: u64,
    rects: Vec<Rect>,
}

fn painted_id() -> egui::Id {
    egui::Id::unique("touchline-printed-faces")
}

/// Notes that a picture of a card as printed was painted in `rect` this
/// frame (a game that draws its printed card itself says so here).
pub fn note_picture(ctx: &egui::Context, rect: Rect) {
    note_painted(ctx, rect);
}

/// Notes that a printed face was painted in `rect` this frame.
fn note_painted(ctx: &egui::Context, rect: Rect) {
    let frame = ctx.cumulative_frame_nr();
    ctx.data_mut(|d| {
        let p = d.get_temp_mut_or_default::<Painted>(painted_id());
        if p.frame != frame {
            p.frame = frame;
            p.rects.clear();
        }
        p.rects.push(rect);
    });
}

/// Where printed faces were painted in the last frame that painted any:
/// pictures of the printed cards, whose small type shows what prints
/// (hover enlarges them), not text the screen asks anyone to read.
pub fn painted(ctx: &egui::Context) -> Vec<Rect> {
    ctx.data(|d| d.get_temp::<Painted>(painted_id()))
        .map(|p| p.rects)
        .unwrap_or_default()
}

/// A picture as pixels for a texture; `None` when it cannot be decoded.
pub(crate) fn decode(img: &LoadedImage) -> Option<egui::ColorImage> {
    let rgba = ::image::load_from_memory(&img.bytes).ok()?.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Some(egui::ColorImage::from_rgba_unmultiplied(
        size,
        rgba.as_raw(),
    ))
}

/// A card whose template failed: a grey card with the reason.
fn paint_error(painter: &egui::Painter, rect: Rect, message: &str) {
    painter.rect_filled(rect, 4.0, Color32::from_gray(60));
    let size = (rect.height() * 0.06).max(7.0);
    let galley = painter.layout(
        format!("layout error: {message}"),
        egui::FontId::proportional(size),
        Color32::from_rgb(0xFF, 0x9A, 0x8A),
        rect.width() - 8.0,
    );
    painter
        .with_clip_rect(rect)
        .galley(rect.min + Vec2::splat(4.0), galley, Color32::WHITE);
}
