//! The egui backend: draws a Scene with egui shapes, scaled to points.
//!
//! This is what the deck editor's preview and the table use, so a card on
//! screen is the printed card: same layout, same fonts (the embedded DejaVu
//! faces, installed under their own family names by [`install_fonts`]),
//! lines placed where layout put them. Nothing here measures or wraps text;
//! each line becomes a galley whose baseline lands on the Scene's baseline.
//! This module draws only; it never reads files or decides a card's look.

use crate::cards::Rgb;
use crate::layout::Font;
use crate::layout::scene::{Point, Rect, Scene, Shape, Stroke, TextBlock};
use egui::epaint::{self, Color32, Pos2, Vec2};

/// The egui family of an embedded face.
pub fn family(font: Font) -> egui::FontFamily {
    egui::FontFamily::Name(format!("touchline-{}", font.key()).into())
}

/// egui's default fonts plus the embedded card faces: each face under its
/// own family (what scenes are drawn with), and DejaVu Sans behind the
/// default families so accented names, ⚡ and the other symbols on cards
/// always have glyphs in the rest of the UI.
pub fn font_definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    for font in Font::ALL {
        fonts.font_data.insert(
            font.family_name().into(),
            std::sync::Arc::new(egui::FontData::from_static(font.bytes())),
        );
        fonts
            .families
            .insert(family(font), vec![font.family_name().into()]);
    }
    for f in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(f)
            .or_default()
            .push(Font::Regular.family_name().into());
    }
    fonts
}

/// Installs [`font_definitions`] in `ctx` (they apply from the next frame).
pub fn install_fonts(ctx: &egui::Context) {
    ctx.set_fonts(font_definitions());
}

/// Where a scene goes on screen: the point its trim box's top-left corner
/// lands on and the scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Screen position of the scene's (0, 0), in points.
    pub origin: Pos2,
    /// Points per millimetre.
    pub points_per_mm: f32,
}

impl View {
    /// The view that fits the scene's bleed box into `rect`, centred.
    pub fn fit(scene: &Scene, rect: egui::Rect) -> View {
        let (k, x, y) = scene.fit(rect.width(), rect.height());
        View {
            origin: Pos2::new(rect.min.x + x, rect.min.y + y),
            points_per_mm: k,
        }
    }

    /// A scene point on screen.
    pub fn pos(&self, x: f32, y: f32) -> Pos2 {
        Pos2::new(
            self.origin.x + x * self.points_per_mm,
            self.origin.y + y * self.points_per_mm,
        )
    }

    /// A scene rectangle on screen.
    pub fn rect(&self, r: &Rect) -> egui::Rect {
        egui::Rect::from_min_max(self.pos(r.x, r.y), self.pos(r.right(), r.bottom()))
    }
}

fn color(c: Rgb) -> Color32 {
    Color32::from_rgb(c.0, c.1, c.2)
}

/// Paints `scene` with `painter`, clipped to its bleed box. `texture`
/// gives the loaded texture of a picture id, if any.
pub fn paint(
    painter: &egui::Painter,
    scene: &Scene,
    view: View,
    texture: &dyn Fn(&str) -> Option<egui::TextureId>,
) {
    let clip = view.rect(&scene.bleed_box()).intersect(painter.clip_rect());
    let clipped = painter.with_clip_rect(clip);
    let shapes = painter.fonts_mut(|fonts| shapes(scene, view, fonts, texture));
    clipped.extend(shapes.into_iter().map(|(_, s)| s));
}

/// Paints `scene` (its bleed box) scaled to fit `rect`, centred: a
/// drawing such as a player's portrait on a table card.
pub fn paint_fitted(painter: &egui::Painter, scene: &Scene, rect: egui::Rect) {
    if rect.width() < 4.0 || rect.height() < 4.0 {
        return;
    }
    paint(painter, scene, View::fit(scene, rect), &|_| None);
}

/// The egui shapes for `scene`, each with the index of the scene item it
/// came from.
pub fn shapes(
    scene: &Scene,
    view: View,
    fonts: &mut epaint::text::FontsView<'_>,
    texture: &dyn Fn(&str) -> Option<egui::TextureId>,
) -> Vec<(usize, egui::Shape)> {
    let k = view.points_per_mm;
    let stroke = |s: &Stroke| epaint::Stroke::new(s.width * k, color(s.color));
    // A stroke faded to the share `ink` of its colour.
    let faded =
        |s: &Stroke, ink: f32| epaint::Stroke::new(s.width * k, color(s.color).gamma_multiply(ink));
    let mut out = Vec::new();
    for (i, item) in scene.items.iter().enumerate() {
        let mut push = |s: egui::Shape| out.push((i, s));
        match &item.shape {
            Shape::Rect {
                rect,
                radius,
                fill,
                stroke: st,
            } => {
                let r = view.rect(rect);
                let corner = epaint::CornerRadius::from((radius * k).min(255.0));
                if let Some(f) = fill {
                    push(egui::Shape::Rect(epaint::RectShape::filled(
                        r,
                        corner,
                        color(*f),
                    )));
                }
                if let Some(s) = st {
                    match dash_on_screen(s.dash, k) {
                        Dash::Solid(ink) => push(egui::Shape::Rect(epaint::RectShape::stroke(
                            r,
                            corner,
                            faded(s, ink),
                            epaint::StrokeKind::Middle,
                        ))),
                        Dash::Dashes(on, off) => {
                            let path = rounded_outline(r, radius * k);
                            for d in egui::Shape::dashed_line(&path, stroke(s), on, off) {
                                push(d);
                            }
                        }
                    }
                }
            }
            Shape::Ellipse {
                center,
                rx,
                ry,
                fill,
                stroke: st,
            } => {
                push(egui::Shape::Ellipse(epaint::EllipseShape {
                    center: view.pos(center.x, center.y),
                    radius: Vec2::new(rx * k, ry * k),
                    fill: fill.map_or(Color32::TRANSPARENT, color),
                    stroke: st.as_ref().map_or(epaint::Stroke::NONE, &stroke),
                    angle: 0.0,
                }));
            }
            Shape::Line {
                from,
                to,
                stroke: st,
            } => {
                let pts = [view.pos(from.x, from.y), view.pos(to.x, to.y)];
                match dash_on_screen(st.dash, k) {
                    Dash::Solid(ink) => push(egui::Shape::line_segment(pts, faded(st, ink))),
                    Dash::Dashes(on, off) => {
                        for d in egui::Shape::dashed_line(&pts, stroke(st), on, off) {
                            push(d);
                        }
                    }
                }
            }
            Shape::Polygon {
                points,
                fill,
                stroke: st,
            } => {
                let pts: Vec<Pos2> = points.iter().map(|p: &Point| view.pos(p.x, p.y)).collect();
                if let Some(f) = fill {
                    // egui fills only convex paths; stars and shirts are
                    // not, so fills go through a triangulated mesh.
                    let mut mesh = epaint::Mesh::default();
                    for p in &pts {
                        mesh.colored_vertex(*p, color(*f));
                    }
                    for [a, b, c] in triangulate(&pts) {
                        mesh.add_triangle(a, b, c);
                    }
                    push(egui::Shape::mesh(mesh));
                }
                if let Some(s) = st {
                    push(egui::Shape::closed_line(pts, stroke(s)));
                }
            }
            Shape::Text(block) => {
                for s in text_shapes(block, view, fonts) {
                    push(s);
                }
            }
            Shape::Image { id, rect, clip, .. } => {
                let visible = rect.intersect(clip);
                match texture(id) {
                    Some(tex) if rect.w > 0.0 && rect.h > 0.0 => {
                        let uv = egui::Rect::from_min_max(
                            Pos2::new((visible.x - rect.x) / rect.w, (visible.y - rect.y) / rect.h),
                            Pos2::new(
                                (visible.right() - rect.x) / rect.w,
                                (visible.bottom() - rect.y) / rect.h,
                            ),
                        );
                        push(egui::Shape::image(
                            tex,
                            view.rect(&visible),
                            uv,
                            Color32::WHITE,
                        ));
                    }
                    // Not loaded on screen yet: a neutral block, never a gap.
                    _ => push(egui::Shape::rect_filled(
                        view.rect(clip),
                        0.0,
                        Color32::from_gray(200),
                    )),
                }
            }
        }
    }
    out
}

/// One galley per line, placed so its baseline is the line's baseline.
fn text_shapes(
    block: &TextBlock,
    view: View,
    fonts: &mut epaint::text::FontsView<'_>,
) -> Vec<egui::Shape> {
    let k = view.points_per_mm;
    let font_id = egui::FontId::new(block.size * k, family(block.font));
    let c = color(block.color);
    let mut out = Vec::with_capacity(block.lines.len());
    let mut extra = Vec::new();
    for line in &block.lines {
        let galley = fonts.layout_no_wrap(line.text.clone(), font_id.clone(), c);
        let ascent = galley
            .rows
            .first()
            .and_then(|r| r.row.glyphs.first().map(|g| r.pos.y + g.pos.y))
            .unwrap_or(block.font.metrics().ascent() * block.size * k);
        let at = view.pos(line.x, line.baseline);
        out.push(egui::Shape::galley(
            Pos2::new(at.x, at.y - ascent),
            galley,
            c,
        ));
        // Symbols the bold face has only at book weight are drawn again
        // around themselves (after every line), as the PDF outlines them.
        for (ch, dx, width) in block.fake_bold(line) {
            let glyph = fonts.layout_no_wrap(ch.to_string(), font_id.clone(), c);
            let half = width * k / 2.0;
            for (ox, oy) in [(-half, 0.0), (half, 0.0), (0.0, -half), (0.0, half)] {
                let pos = Pos2::new(at.x + dx * k + ox, at.y - ascent + oy);
                extra.push(egui::Shape::galley(pos, glyph.clone(), c));
            }
        }
    }
    out.extend(extra);
    out
}

/// A dash pattern (in mm) whose period is shorter than this many points on
/// screen is drawn as one solid stroke of the ink the dashes would give:
/// dashes a pixel or two long read as a faint line anyway, and a full
/// table of them is thousands of little shapes a frame.
const MIN_DASH_PERIOD_POINTS: f32 = 4.0;

/// How a stroke's dashes are drawn at a scale.
enum Dash {
    /// One solid stroke, its colour faded to this share (the dashes' part
    /// of the period; 1 for an undashed stroke).
    Solid(f32),
    /// Dashes this long with gaps this long, in points.
    Dashes(f32, f32),
}

/// How a stroke dashed `dash` (mm on, mm off) is drawn at `k` points a mm.
fn dash_on_screen(dash: Option<(f32, f32)>, k: f32) -> Dash {
    match dash {
        None => Dash::Solid(1.0),
        Some((on, off)) if (on + off) * k < MIN_DASH_PERIOD_POINTS => {
            Dash::Solid((on / (on + off).max(f32::EPSILON)).clamp(0.2, 1.0))
        }
        Some((on, off)) => Dash::Dashes(on * k, off * k),
    }
}

/// Points around a rounded rectangle (for dashed outlines).
fn rounded_outline(r: egui::Rect, radius: f32) -> Vec<Pos2> {
    let rad = radius.min(r.width() / 2.0).min(r.height() / 2.0).max(0.0);
    let corners = [
        (Pos2::new(r.max.x - rad, r.min.y + rad), -90.0f32),
        (Pos2::new(r.max.x - rad, r.max.y - rad), 0.0),
        (Pos2::new(r.min.x + rad, r.max.y - rad), 90.0),
        (Pos2::new(r.min.x + rad, r.min.y + rad), 180.0),
    ];
    let mut pts = Vec::new();
    for (c, start) in corners {
        for s in 0..=6 {
            let a = (start + 15.0 * s as f32).to_radians();
            pts.push(Pos2::new(c.x + rad * a.cos(), c.y + rad * a.sin()));
        }
    }
    if let Some(first) = pts.first().copied() {
        pts.push(first);
    }
    pts
}

/// Ear-clipping triangulation of a simple polygon; indices into `pts`.
fn triangulate(pts: &[Pos2]) -> Vec<[u32; 3]> {
    let n = pts.len();
    if n < 3 {
        return Vec::new();
    }
    let area: f32 = (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    let cross = |a: Pos2, b: Pos2, c: Pos2| (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    let mut idx: Vec<usize> = (0..n).collect();
    let mut out = Vec::new();
    let mut guard = 0;
    while idx.len() > 3 && guard < n * n {
        guard += 1;
        let m = idx.len();
        let mut clipped = false;
        for i in 0..m {
            let (ia, ib, ic) = (idx[(i + m - 1) % m], idx[i], idx[(i + 1) % m]);
            let (a, b, c) = (pts[ia], pts[ib], pts[ic]);
            if cross(a, b, c) * sign <= 0.0 {
                continue;
            }
            let inside = idx.iter().any(|&j| {
                if j == ia || j == ib || j == ic {
                    return false;
                }
                let p = pts[j];
                cross(a, b, p) * sign > 0.0
                    && cross(b, c, p) * sign > 0.0
                    && cross(c, a, p) * sign > 0.0
            });
            if inside {
                continue;
            }
            out.push([ia as u32, ib as u32, ic as u32]);
            idx.remove(i);
            clipped = true;
            break;
        }
        if !clipped {
            break;
        }
    }
    // What is left (a triangle, or a degenerate remainder) becomes a fan.
    for w in 1..idx.len().saturating_sub(1) {
        out.push([idx[0] as u32, idx[w] as u32, idx[w + 1] as u32]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_concave_star_is_triangulated_without_covering_its_notches() {
        let star: Vec<Pos2> = (0..10)
            .map(|i| {
                let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
                let r = if i % 2 == 0 { 1.0 } else { 0.4 };
                Pos2::new(r * a.cos(), r * a.sin())
            })
            .collect();
        let tris = triangulate(&star);
        assert_eq!(tris.len(), 8);
        let area = |t: &[u32; 3]| {
            let (a, b, c) = (
                star[t[0] as usize],
                star[t[1] as usize],
                star[t[2] as usize],
            );
            ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)).abs() / 2.0
        };
        let total: f32 = tris.iter().map(area).sum();
        let shoelace: f32 = (0..10)
            .map(|i| {
                let (a, b) = (star[i], star[(i + 1) % 10]);
                a.x * b.y - b.x * a.y
            })
            .sum::<f32>()
            .abs()
            / 2.0;
        assert!((total - shoelace).abs() < 1e-4, "{total} vs {shoelace}");
    }

    #[test]
    fn views_fit_the_bleed_box() {
        let scene = Scene::new(63.5, 88.9, 2.0);
        let v = View::fit(
            &scene,
            egui::Rect::from_min_size(Pos2::ZERO, Vec2::new(200.0, 400.0)),
        );
        let b = v.rect(&scene.bleed_box());
        assert!((b.width() - 200.0).abs() < 1e-3);
        assert!((b.center().y - 200.0).abs() < 1e-3);
        assert!((v.pos(0.0, 0.0).x - 2.0 * v.points_per_mm).abs() < 1e-3);
    }
}
