//! The raster backend: a Scene drawn into pixels with tiny-skia.
//!
//! The tables show most cards small and many at once. Drawn as egui shapes,
//! a card is hundreds of anti-aliased triangles a frame, and a full table
//! of them is what a software-rendered desktop spends most of its memory
//! on; drawn once into a picture, a card is two triangles. So the screen's
//! cards are rasterized here, at the size they are shown, from the same
//! Scene the PDF and the editor draw: the same fonts (each glyph's outline
//! from the embedded faces, placed by the advances layout measured, as the
//! PDF places them), the same boxes and colours.
//!
//! Pixels are premultiplied RGBA, blended as egui blends (in the colours'
//! own gamma space). Nothing here reads files: pictures come decoded from
//! the caller.

use crate::cards::Rgb;
use crate::layout::scene::{Point, Rect, Scene, Shape, Stroke as SceneStroke, TextBlock};
use tiny_skia::{
    FillRule, FilterQuality, Mask, Paint, Path, PathBuilder, Pixmap, PixmapPaint, Stroke,
    StrokeDash, Transform,
};

/// The largest picture [`rasterize`] makes, in pixels a side.
pub const MAX_SIDE: u32 = 4096;

/// Draws `scene` (its bleed box) into a picture `width` x `height` pixels,
/// fitted and centred. Text whose em is under `min_text_px` pixels is left
/// out (at that size it is a smudge). `picture` gives a decoded picture by
/// its id; a picture it has not is drawn as a grey block, as on the other
/// backends. `None` for an empty or too large picture.
pub fn rasterize(
    scene: &Scene,
    width: u32,
    height: u32,
    min_text_px: f32,
    picture: &mut dyn FnMut(&str) -> Option<std::rc::Rc<Pixmap>>,
) -> Option<Pixmap> {
    if width > MAX_SIDE || height > MAX_SIDE {
        return None;
    }
    let mut pixmap = Pixmap::new(width, height)?;
    // From the scene's mm to the picture's pixels.
    let (k, x, y) = scene.fit(width as f32, height as f32);
    let t = Transform::from_row(k, 0.0, 0.0, k, x, y);
    for item in &scene.items {
        match &item.shape {
            Shape::Rect {
                rect,
                radius,
                fill,
                stroke,
            } => {
                let Some(path) = rounded_rect(rect, *radius) else {
                    continue;
                };
                if let Some(f) = fill {
                    pixmap.fill_path(&path, &paint(*f), FillRule::Winding, t, None);
                }
                if let Some(s) = stroke {
                    stroke_path(&mut pixmap, &path, s, t);
                }
            }
            Shape::Ellipse {
                center,
                rx,
                ry,
                fill,
                stroke,
            } => {
                let oval =
                    tiny_skia::Rect::from_xywh(center.x - rx, center.y - ry, 2.0 * rx, 2.0 * ry);
                let Some(path) = oval.and_then(PathBuilder::from_oval) else {
                    continue;
                };
                if let Some(f) = fill {
                    pixmap.fill_path(&path, &paint(*f), FillRule::Winding, t, None);
                }
                if let Some(s) = stroke {
                    stroke_path(&mut pixmap, &path, s, t);
                }
            }
            Shape::Line { from, to, stroke } => {
                let mut pb = PathBuilder::new();
                pb.move_to(from.x, from.y);
                pb.line_to(to.x, to.y);
                if let Some(path) = pb.finish() {
                    stroke_path(&mut pixmap, &path, stroke, t);
                }
            }
            Shape::Polygon {
                points,
                fill,
                stroke,
            } => {
                let Some(path) = polygon(points) else {
                    continue;
                };
                if let Some(f) = fill {
                    pixmap.fill_path(&path, &paint(*f), FillRule::Winding, t, None);
                }
                if let Some(s) = stroke {
                    stroke_path(&mut pixmap, &path, s, t);
                }
            }
            Shape::Text(block) => {
                if block.size * k >= min_text_px {
                    text(&mut pixmap, block, t);
                }
            }
            Shape::Image {
                id,
                rect,
                clip,
                radius,
            } => image(&mut pixmap, picture(id).as_deref(), rect, clip, *radius, t),
        }
    }
    Some(pixmap)
}

fn paint(c: Rgb) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c.0, c.1, c.2, 255);
    p.anti_alias = true;
    p
}

fn stroke_path(pixmap: &mut Pixmap, path: &Path, s: &SceneStroke, t: Transform) {
    if s.width <= 0.0 {
        return;
    }
    let stroke = Stroke {
        width: s.width,
        dash: s
            .dash
            .and_then(|(on, off)| StrokeDash::new(vec![on, off], 0.0)),
        ..Stroke::default()
    };
    pixmap.stroke_path(path, &paint(s.color), &stroke, t, None);
}

/// A rectangle with corners of `radius` (mm), as cubic quarter circles.
fn rounded_rect(r: &Rect, radius: f32) -> Option<Path> {
    let rect = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h)?;
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0);
    if rad <= 0.0 {
        return Some(PathBuilder::from_rect(rect));
    }
    // The control points' distance for a quarter circle of radius 1.
    const KAPPA: f32 = 0.552_284_8;
    let c = rad * KAPPA;
    let (x0, y0, x1, y1) = (r.x, r.y, r.x + r.w, r.y + r.h);
    let mut pb = PathBuilder::new();
    pb.move_to(x0 + rad, y0);
    pb.line_to(x1 - rad, y0);
    pb.cubic_to(x1 - rad + c, y0, x1, y0 + rad - c, x1, y0 + rad);
    pb.line_to(x1, y1 - rad);
    pb.cubic_to(x1, y1 - rad + c, x1 - rad + c, y1, x1 - rad, y1);
    pb.line_to(x0 + rad, y1);
    pb.cubic_to(x0 + rad - c, y1, x0, y1 - rad + c, x0, y1 - rad);
    pb.line_to(x0, y0 + rad);
    pb.cubic_to(x0, y0 + rad - c, x0 + rad - c, y0, x0 + rad, y0);
    pb.close();
    pb.finish()
}

fn polygon(points: &[Point]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.x, first.y);
    for p in rest {
        pb.line_to(p.x, p.y);
    }
    pb.close();
    pb.finish()
}

/// Glyph outlines in mm: font units scaled to the em and flipped, from a
/// pen position on the baseline.
struct Glyphs {
    pb: PathBuilder,
    scale: f32,
    x: f32,
    y: f32,
}

impl ttf_parser::OutlineBuilder for Glyphs {
    fn move_to(&mut self, x: f32, y: f32) {
        self.pb
            .move_to(self.x + x * self.scale, self.y - y * self.scale);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.pb
            .line_to(self.x + x * self.scale, self.y - y * self.scale);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.pb.quad_to(
            self.x + x1 * self.scale,
            self.y - y1 * self.scale,
            self.x + x * self.scale,
            self.y - y * self.scale,
        );
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.pb.cubic_to(
            self.x + x1 * self.scale,
            self.y - y1 * self.scale,
            self.x + x2 * self.scale,
            self.y - y2 * self.scale,
            self.x + x * self.scale,
            self.y - y * self.scale,
        );
    }
    fn close(&mut self) {
        self.pb.close();
    }
}

/// Each line of `block`, glyph by glyph at the advances layout measured
/// (the PDF sets them so); the symbols a bold face has only at book weight
/// outlined as the PDF outlines them.
fn text(pixmap: &mut Pixmap, block: &TextBlock, t: Transform) {
    let m = block.font.metrics();
    let scale = block.size / m.units_per_em();
    let ink = paint(block.color);
    for line in &block.lines {
        let mut glyphs = Glyphs {
            pb: PathBuilder::new(),
            scale,
            x: line.x,
            y: line.baseline,
        };
        for c in line.text.chars() {
            m.outline(m.glyph_id(c), &mut glyphs);
            glyphs.x += m.advance(c) * block.size;
        }
        if let Some(path) = glyphs.pb.finish() {
            pixmap.fill_path(&path, &ink, FillRule::Winding, t, None);
        }
        for (c, dx, width) in block.fake_bold(line) {
            let mut one = Glyphs {
                pb: PathBuilder::new(),
                scale,
                x: line.x + dx,
                y: line.baseline,
            };
            m.outline(m.glyph_id(c), &mut one);
            if let Some(path) = one.pb.finish() {
                let stroke = Stroke {
                    width,
                    ..Stroke::default()
                };
                pixmap.stroke_path(&path, &ink, &stroke, t, None);
            }
        }
    }
}

/// A picture scaled into `rect`, showing only `clip` (rounded by
/// `radius`); a grey block over `clip` when there is none.
fn image(
    pixmap: &mut Pixmap,
    picture: Option<&Pixmap>,
    rect: &Rect,
    clip: &Rect,
    radius: f32,
    t: Transform,
) {
    let Some(shape) = rounded_rect(clip, radius) else {
        return;
    };
    let picture =
        picture.filter(|p| p.width() > 0 && p.height() > 0 && rect.w > 0.0 && rect.h > 0.0);
    let Some(picture) = picture else {
        let grey = Rgb(200, 200, 200);
        pixmap.fill_path(&shape, &paint(grey), FillRule::Winding, t, None);
        return;
    };
    let Some(mut mask) = Mask::new(pixmap.width(), pixmap.height()) else {
        return;
    };
    mask.fill_path(&shape, FillRule::Winding, true, t);
    let placed = t.pre_translate(rect.x, rect.y).pre_scale(
        rect.w / picture.width() as f32,
        rect.h / picture.height() as f32,
    );
    let paint = PixmapPaint {
        quality: FilterQuality::Bicubic,
        ..PixmapPaint::default()
    };
    pixmap.draw_pixmap(0, 0, picture.as_ref(), &paint, placed, Some(&mask));
}

/// A decoded picture (any format the `image` crate reads) as a pixmap.
pub fn decode(bytes: &[u8]) -> Option<Pixmap> {
    let rgba = ::image::load_from_memory(bytes).ok()?.to_rgba8();
    let (w, h) = (rgba.width(), rgba.height());
    let mut data = rgba.into_raw();
    for px in data.chunks_exact_mut(4) {
        let a = u16::from(px[3]);
        for c in &mut px[..3] {
            *c = ((u16::from(*c) * a + 127) / 255) as u8;
        }
    }
    Pixmap::from_vec(data, tiny_skia::IntSize::from_wh(w, h)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Font;
    use crate::layout::scene::{Align, TextLine};

    fn scene(w: f32, h: f32) -> Scene {
        Scene::new(w, h, 0.0)
    }

    fn pixel(p: &Pixmap, x: u32, y: u32) -> [u8; 4] {
        let c = p.pixel(x, y).expect("inside");
        [c.red(), c.green(), c.blue(), c.alpha()]
    }

    fn none(_: &str) -> Option<std::rc::Rc<Pixmap>> {
        None
    }

    #[test]
    fn a_filled_box_lands_where_the_scene_puts_it() {
        let mut s = scene(10.0, 10.0);
        s.push(
            "box",
            Shape::Rect {
                rect: Rect::new(5.0, 0.0, 5.0, 10.0),
                radius: 0.0,
                fill: Some(Rgb(200, 30, 40)),
                stroke: None,
            },
        );
        let p = rasterize(&s, 100, 100, 4.0, &mut none).expect("a picture");
        // The right half is the box, the left half is untouched.
        assert_eq!(pixel(&p, 75, 50), [200, 30, 40, 255]);
        assert_eq!(pixel(&p, 25, 50), [0, 0, 0, 0]);
    }

    #[test]
    fn text_is_drawn_inside_its_line_and_small_text_is_left_out() {
        let mut s = scene(40.0, 10.0);
        let line = TextLine {
            text: "HH".into(),
            x: 2.0,
            baseline: 8.0,
            width: Font::Bold.metrics().width("HH") * 6.0,
        };
        let block = TextBlock {
            font: Font::Bold,
            size: 6.0,
            color: Rgb(0, 0, 0),
            align: Align::Left,
            bounds: Rect::new(0.0, 0.0, 40.0, 10.0),
            lines: vec![line.clone()],
            cut: false,
        };
        s.push("t", Shape::Text(block.clone()));
        let inked = |p: &Pixmap| {
            let mut n = 0;
            let mut outside = 0;
            let e = block.line_extent(&line);
            for y in 0..p.height() {
                for x in 0..p.width() {
                    if pixel(p, x, y)[3] > 0 {
                        n += 1;
                        let (mx, my) = (x as f32 / 4.0, y as f32 / 4.0);
                        if mx < e.x - 0.5
                            || mx > e.right() + 0.5
                            || my < e.y - 0.5
                            || my > e.bottom() + 0.5
                        {
                            outside += 1;
                        }
                    }
                }
            }
            (n, outside)
        };
        let p = rasterize(&s, 160, 40, 4.0, &mut none).expect("a picture");
        let (n, outside) = inked(&p);
        assert!(n > 200, "the letters are drawn ({n} pixels)");
        assert_eq!(outside, 0, "no ink outside the line's box");
        // At 2 px a mm the em is 12 px: under a 14 px floor it is left out.
        let small = rasterize(&s, 80, 20, 14.0, &mut none).expect("a picture");
        assert_eq!(inked(&small).0, 0);
    }

    #[test]
    fn a_dashed_line_has_gaps_and_a_solid_one_has_none() {
        let line = |dash| {
            let mut s = scene(20.0, 2.0);
            s.push(
                "l",
                Shape::Line {
                    from: Point { x: 0.0, y: 1.0 },
                    to: Point { x: 20.0, y: 1.0 },
                    stroke: SceneStroke {
                        color: Rgb(0, 0, 0),
                        width: 0.5,
                        dash,
                    },
                },
            );
            let p = rasterize(&s, 200, 20, 4.0, &mut none).expect("a picture");
            (0..200).filter(|&x| pixel(&p, x, 10)[3] == 0).count()
        };
        assert_eq!(line(None), 0);
        let gaps = line(Some((2.0, 2.0)));
        assert!((80..=120).contains(&gaps), "about half is gap: {gaps}");
    }

    #[test]
    fn a_picture_is_scaled_into_its_box_and_a_missing_one_is_grey() {
        let mut s = scene(10.0, 10.0);
        s.push(
            "art",
            Shape::Image {
                id: "art".into(),
                rect: Rect::new(0.0, 0.0, 10.0, 10.0),
                clip: Rect::new(0.0, 0.0, 10.0, 10.0),
                radius: 0.0,
            },
        );
        let mut blue = Pixmap::new(2, 2).expect("pixmap");
        blue.fill(tiny_skia::Color::from_rgba8(0, 0, 255, 255));
        let blue = std::rc::Rc::new(blue);
        let p = rasterize(&s, 50, 50, 4.0, &mut |_| Some(blue.clone())).expect("a picture");
        assert_eq!(pixel(&p, 25, 25), [0, 0, 255, 255]);
        let grey = rasterize(&s, 50, 50, 4.0, &mut none).expect("a picture");
        assert_eq!(pixel(&grey, 25, 25), [200, 200, 200, 255]);
    }

    #[test]
    fn a_too_large_or_empty_picture_is_refused() {
        let s = scene(10.0, 10.0);
        assert!(rasterize(&s, MAX_SIDE + 1, 10, 4.0, &mut none).is_none());
        assert!(rasterize(&s, 0, 10, 4.0, &mut none).is_none());
    }

    #[test]
    fn a_decoded_picture_is_premultiplied() {
        let mut img = ::image::RgbaImage::new(1, 1);
        img.put_pixel(0, 0, ::image::Rgba([200, 100, 50, 128]));
        let mut png = Vec::new();
        ::image::DynamicImage::ImageRgba8(img)
            .write_to(
                &mut std::io::Cursor::new(&mut png),
                ::image::ImageFormat::Png,
            )
            .expect("png");
        let p = decode(&png).expect("decoded");
        assert_eq!(pixel(&p, 0, 0), [100, 50, 25, 128]);
        assert!(decode(b"not a picture").is_none());
    }
}
