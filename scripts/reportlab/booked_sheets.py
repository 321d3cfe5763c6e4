#!/usr/bin/env python3
"""A ReportLab reference for `touchline export --game booked` (default options).

Draws the same print sheets as Touchline's default Booked! export, to compare
file size and speed with a mainstream PDF library:

- the 198 cards of card_data/booked/ (nations.toml, referees.toml, deck.toml),
  in Touchline's deck order and with its card ids;
- A4 landscape, poker cards (63.5 x 88.9 mm) with a 3 mm bleed, separate cuts,
  5 mm margin: 8 a page (4 x 2), 25 fronts pages each followed by its backs
  page (50 pages), the backs' rows mirrored for a long-edge flip of a
  landscape page;
- every card clipped to its bleed box and tagged /Card<</Id(..)/Side/..>>BDC
  like Touchline's; corner crop marks (0.15 mm, 4 mm long, 1 mm outside the
  bleed, kept inside the margin and off every card) on fronts and backs;
- each front from Touchline's own templates (templates/booked/*.toml: boxes,
  colours, `extends`, `when`, `z`, `mix()`), text fitted the way Touchline
  fits it (wrap at spaces, shrink by quarter points down to min_size);
- the shared back drawn once as a form XObject (beginForm/doForm) and reused;
- the three DejaVu faces from fonts/ embedded (ReportLab subsets them), page
  compression on (ReportLab's zlib level 6) with binary streams
  (rl_config.useA85 = 0: by default ReportLab also wraps compressed streams in
  ASCII85, 25% bigger), /PrintScaling /None and /Duplex /DuplexFlipLongEdge.

What it does not draw: pictures. No card has art in the default data, so
image boxes show their placeholder colour as in Touchline, but the referee
pictograms (type = "picture", drawn by Touchline's code rather than its
templates) are left out, as are the outline Touchline adds to the ⚡ so it
prints bold. Text that does not fit even at min_size is drawn at min_size
instead of being cut with an ellipsis (no default card needs either). Other
options (paper, bleed, fold backs...) are not supported.

The /Card tags go through the canvas's private `_code` list (ReportLab has no
marked-content call); everything else is public ReportLab API.

Usage: python3 scripts/reportlab/booked_sheets.py --out FILE [--repeat N]
prints the mean in-process time of N builds of the PDF (reading the card data
and templates, drawing, writing the file; not Python's start, the imports or
the font registration, about 0.08 s once a process) and the file's size.
"""
import argparse
import re
import struct
import time
import tomllib
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

ROOT = Path(__file__).resolve().parents[2]
DATA, TEMPLATES = ROOT / "card_data/booked", ROOT / "templates/booked"
FONTS = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
         "condensed": "DejaVuSansCondensed-Bold.ttf"}
PT = 25.4 / 72  # mm per point

# The sheet: Touchline's defaults and the grid its `--cuts auto` picks.
PAGE_W, PAGE_H, MARGIN = 297.0, 210.0, 5.0
CARD_W, CARD_H, BLEED = 63.5, 88.9, 3.0
CROP_WIDTH, CROP_LENGTH, MARK_OFFSET, MARK_CLEARANCE = 0.15, 4.0, 1.0, 0.5
PITCH_X, PITCH_Y = CARD_W + 2 * BLEED, CARD_H + 2 * BLEED
COLS = int((PAGE_W - 2 * MARGIN + 1e-4) // PITCH_X)  # 4
ROWS = int((PAGE_H - 2 * MARGIN + 1e-4) // PITCH_Y)  # 2
X0 = (PAGE_W - COLS * PITCH_X) / 2 + BLEED  # the first trim box's corner
Y0 = (PAGE_H - ROWS * PITCH_Y) / 2 + BLEED


def load_cards():
    """[(template, fields)] in Touchline's deck order (deck.rs, layout.rs)."""
    read = lambda name: tomllib.loads((DATA / name).read_text("utf-8"))
    deck, cards = read("deck.toml"), []
    positions = {"GK": "Goalkeeper", "DEF": "Defender", "MID": "Midfielder", "FWD": "Forward"}
    for n in read("nations.toml")["nation"]:
        for p in n["players"]:
            cards.append(("player", {
                "id": f"{n['code']}-{p['number']}", "name": p["name"], "number": p["number"],
                "rating": p["rating"], "star": p["rating"] == 10, "position": p["position"],
                "position.name": positions[p["position"]], "nation.code": n["code"],
                "nation.name": n["name"], **{f"kit.{k}": v for k, v in n["kit"].items()}}))
    for r in read("referees.toml")["referee"]:
        for k in range(1, r["copies"] + 1):
            cards.append(("referee", {"id": f"{r['effect']}-{k}", "name": r["name"], "text": r["text"],
                                      "effect": r["effect"], "instant": r["instant"]}))
    for kind in ("yellow", "red", "super_sub", "quick_rules"):
        c = deck[kind]
        for k in range(1, c["copies"] + 1):
            cards.append((kind, {"id": f"{kind.replace('_', '')}-{k}", "name": c["name"], "text": c["text"]}))
    return cards


def load_template(name):
    """A template with its `extends` chain merged: (colours, boxes in draw order)."""
    t = tomllib.loads((TEMPLATES / f"{name}.toml").read_text("utf-8"))
    colors, boxes = load_template(t["extends"]) if "extends" in t else ({}, [])
    colors, boxes = {**colors, **t.get("colors", {})}, [dict(b) for b in boxes]
    for b in t.get("box", []):
        old = next((o for o in boxes if o["name"] == b["name"]), None)
        old.update(b) if old else boxes.append(dict(b))
    return colors, sorted((b for b in boxes if not b.get("hide")), key=lambda b: b.get("z", 0))


def length(v):
    """A template length in mm: 12, "12mm", "9pt", "0.5in"."""
    if not isinstance(v, str):
        return float(v)
    for unit, f in (("mm", 1.0), ("pt", PT), ("in", 25.4), ("cm", 10.0)):
        if v.strip().endswith(unit):
            return float(v.strip()[: -len(unit)]) * f
    return float(v)


def fill_in(text, f):
    return re.sub(r"\{([^}]+)\}", lambda m: str(f[m.group(1)]), text)


def color(expr, f, palette):
    """A template colour as (r, g, b) 0-1 floats, or None."""
    e = expr.strip()
    if e.lower() == "none":
        return None
    if e.startswith("#"):
        return tuple(int(e[i:i + 2], 16) for i in (1, 3, 5))
    if e.startswith("mix("):
        a, b, t = (s.strip() for s in e[4:-1].split(","))
        a, b = color(a, f, palette), color(b, f, palette)
        return tuple(int(x + (y - x) * float(t) + 0.5) for x, y in zip(a, b))
    name = fill_in(e, f)
    return color(palette[name] if name in palette else f[name], f, palette)


def holds(when, f):
    if when.startswith("missing:"):
        return True  # no card has a picture in the default data
    if when.startswith("!"):
        return not f.get(when[1:])
    return bool(f.get(when))


def hhea(path):
    """Ascent and descent in em, as Touchline measures lines (hhea table)."""
    data = path.read_bytes()
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _, off, _ = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if tag == b"hhea":
            asc, desc = struct.unpack(">hh", data[off + 4: off + 8])
            return asc / 2048, desc / 2048  # DejaVu: 2048 units an em


def em(text, font):
    return pdfmetrics.stringWidth(text, font, 1.0)


def fit(text, font, size, min_size, line_height, max_lines, w, h):
    """Touchline's fit: the largest size, in quarter points down to min_size,
    at which the words wrap into the box. Returns (size, lines)."""
    asc, desc = METRICS[font]
    space, step = em(" ", font), 0.25 * PT
    paragraphs = [[(w_, em(w_, font)) for w_ in p.split()] for p in text.split("\n")]

    def wrap(width):
        lines = []
        for words in paragraphs:
            line, used = "", 0.0
            for word, wem in words:
                if wem > width + 1e-4:
                    return None
                if line and used + space + wem <= width + 1e-4:
                    line, used = f"{line} {word}", used + space + wem
                else:
                    if line:
                        lines.append(line)
                    line, used = word, wem
            lines.append(line)
        return lines

    min_size, lines = min(min_size, size), None
    while True:
        if size <= h / (asc - desc) + 1e-4:
            lines = wrap(w / size)
            block = lines and (asc - desc) * size + (len(lines) - 1) * line_height * size
            if lines and len(lines) <= max_lines and block <= h + 1e-4:
                return size, lines
        if size <= min_size + 1e-6:
            return size, lines or [text]
        size = max(size - step, min_size)


def draw_box(c, b, f, palette):
    """One template box, in card mm with y down, on a canvas whose origin is
    the card's trim corner (points, y up)."""
    x, y, w, h = (length(b.get(k, 0)) for k in ("x", "y", "w", "h"))
    if b.get("bleed"):  # edges on the card's edge run on into the bleed
        if x <= 0.01: x, w = x - BLEED, w + BLEED
        if y <= 0.01: y, h = y - BLEED, h + BLEED
        if x + w >= CARD_W - 0.01: w += BLEED
        if y + h >= CARD_H - 0.01: h += BLEED
    kind = b["type"]
    if kind == "text":
        font, size = b.get("font", "regular"), length(b["size"])
        size, lines = fit(fill_in(b["text"], f), font, size, length(b.get("min_size", size * 0.6)),
                          b.get("line_height", 1.15), b.get("max_lines", 1 << 30), w, h)
        asc, desc = METRICS[font]
        block = (asc - desc) * size + (len(lines) - 1) * b.get("line_height", 1.15) * size
        top = {"top": y, "bottom": y + h - block}.get(b.get("valign"), y + (h - block) / 2)
        c.setFillColorRGB(*(v / 255 for v in color(b.get("color", "#000000"), f, palette)))
        c.setFont(font, size / PT)
        for i, line in enumerate(lines):
            lw = em(line, font) * size
            lx = {"left": x, "right": x + w - lw}.get(b.get("align"), x + (w - lw) / 2)
            c.drawString(lx * mm, -(top + asc * size + i * b.get("line_height", 1.15) * size) * mm, line)
        return
    if kind == "image":  # never present: the placeholder backdrop
        fill, stroke = color(b.get("placeholder", "#E4E7EB"), f, palette), None
        kind = "rect"
    else:
        fill = color(b["fill"], f, palette) if "fill" in b else None
        stroke = color(b["stroke"], f, palette) if "stroke" in b else None
    if kind == "picture" or (fill is None and stroke is None):
        return  # pictograms are not drawn (see the docstring)
    if fill:
        c.setFillColorRGB(*(v / 255 for v in fill))
    if stroke:
        c.setStrokeColorRGB(*(v / 255 for v in stroke))
        c.setLineWidth(b.get("stroke_width", 0.25) * mm)
        if "dash" in b:
            c.setDash([d * mm for d in b["dash"]])
    paint = {"stroke": int(bool(stroke)), "fill": int(bool(fill))}
    if kind == "rect" and b.get("radius"):
        c.roundRect(x * mm, -(y + h) * mm, w * mm, h * mm, min(b["radius"], w / 2, h / 2) * mm, **paint)
    elif kind == "rect":
        c.rect(x * mm, -(y + h) * mm, w * mm, h * mm, **paint)
    elif kind == "circle":
        c.circle((x + w / 2) * mm, -(y + h / 2) * mm, min(w, h) / 2 * mm, **paint)
    elif kind == "line":
        c.line(x * mm, -y * mm, (x + w) * mm, -(y + h) * mm)
    elif kind == "polygon":
        p = c.beginPath()
        for i, (u, v) in enumerate(b["points"]):
            (p.lineTo if i else p.moveTo)((x + u * w) * mm, -(y + v * h) * mm)
        p.close()
        c.drawPath(p, **paint)
    if "dash" in b:
        c.setDash([])


def subtract(span, cuts):
    """`span` less every interval in `cuts`; pieces under 0.5 mm go."""
    pieces = [span]
    for c0, c1 in cuts:
        pieces = [q for a, b in pieces for q in
                  ([(a, b)] if c1 <= a or c0 >= b else [(a, c0)] * (c0 > a) + [(c1, b)] * (c1 < b))]
    return [(a, b) for a, b in pieces if b - a >= 0.5]


def crop_marks(trims):
    """Touchline's corner marks (sheet.rs crop_marks) as (x0, y0, x1, y1) mm:
    at each trim corner, off every bleed box (plus clearance), inside the
    margin, each segment once."""
    boxes = [(x - BLEED - MARK_CLEARANCE, y - BLEED - MARK_CLEARANCE,
              x + CARD_W + BLEED + MARK_CLEARANCE, y + CARD_H + BLEED + MARK_CLEARANCE) for x, y in trims]
    d, hs, vs, out = BLEED + MARK_OFFSET, [], [], []
    for tx, ty in trims:
        for cx, sx in ((tx, -1), (tx + CARD_W, 1)):
            for cy, sy in ((ty, -1), (ty + CARD_H, 1)):
                hs.append((cy, *sorted((cx + sx * d, cx + sx * (d + CROP_LENGTH)))))
                vs.append((cx, *sorted((cy + sy * d, cy + sy * (d + CROP_LENGTH)))))
    for y, a, b in hs:
        if MARGIN <= y <= PAGE_H - MARGIN:
            cuts = [(r[0], r[2]) for r in boxes if r[1] < y < r[3]]
            out += [(s0, y, s1, y) for s0, s1 in subtract((max(a, MARGIN), min(b, PAGE_W - MARGIN)), cuts)]
    for x, a, b in vs:
        if MARGIN <= x <= PAGE_W - MARGIN:
            cuts = [(r[1], r[3]) for r in boxes if r[0] < x < r[2]]
            out += [(x, s0, x, s1) for s0, s1 in subtract((max(a, MARGIN), min(b, PAGE_H - MARGIN)), cuts)]
    unique = []
    for s in out:
        if not any(all(abs(p - q) < 0.01 for p, q in zip(s, u)) for u in unique):
            unique.append(s)
    return unique


def place_card(c, x, y, card_id, side):
    """Opens a card at trim corner (x, y) page mm: tagged, clipped to its bleed box."""
    c._code.append(f"/Card<</Id({card_id})/Side/{side}>>BDC")  # as Touchline tags cards
    c.saveState()
    p = c.beginPath()
    p.rect((x - BLEED) * mm, (PAGE_H - y - CARD_H - BLEED) * mm, PITCH_X * mm, PITCH_Y * mm)
    c.clipPath(p, stroke=0, fill=0)
    c.translate(x * mm, (PAGE_H - y) * mm)


def end_card(c):
    c.restoreState()
    c._code.append("EMC")


def draw_marks(c, trims):
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(CROP_WIDTH * mm)
    for x0, y0, x1, y1 in crop_marks(trims):
        c.line(x0 * mm, (PAGE_H - y0) * mm, x1 * mm, (PAGE_H - y1) * mm)


def build(out):
    cards = load_cards()
    templates = {kind: load_template(kind) for kind in {kind for kind, _ in cards}}
    back_palette, back_boxes = load_template("back")
    c = Canvas(str(out), pagesize=(PAGE_W * mm, PAGE_H * mm), pageCompression=1,
               initialFontName="regular")  # not Helvetica: every font embedded
    c.setViewerPreference("PrintScaling", "/None")
    c.setViewerPreference("Duplex", "/DuplexFlipLongEdge")
    c.beginForm("back", -BLEED * mm, -(CARD_H + BLEED) * mm, (CARD_W + BLEED) * mm, BLEED * mm)
    c.setLineJoin(1)
    for b in back_boxes:
        if "when" not in b or holds(b["when"], {}):
            draw_box(c, b, {}, back_palette)
    c.endForm()
    per = COLS * ROWS
    for start in range(0, len(cards), per):
        batch = cards[start:start + per]
        fronts = [(X0 + i % COLS * PITCH_X, Y0 + i // COLS * PITCH_Y) for i in range(len(batch))]
        c.setLineJoin(1)
        for (kind, f), (x, y) in zip(batch, fronts):
            palette, boxes = templates[kind]
            place_card(c, x, y, f["id"], "Front")
            for b in boxes:
                if "when" not in b or holds(b["when"], f):
                    draw_box(c, b, f, palette)
            end_card(c)
        draw_marks(c, fronts)
        c.showPage()
        # Long-edge flip of a landscape page: the rows swap, columns stay.
        backs = [(x, PAGE_H - y - CARD_H) for x, y in fronts]
        c.setLineJoin(1)
        for (kind, f), (x, y) in zip(batch, backs):
            place_card(c, x, y, f["id"], "Back")
            c.doForm("back")
            end_card(c)
        draw_marks(c, backs)
        c.showPage()
    c.save()
    return len(cards), c.getPageNumber() - 1


rl_config.useA85 = 0  # binary streams as Touchline writes, not ASCII85 text (+25%)
for name, file in FONTS.items():
    pdfmetrics.registerFont(TTFont(name, ROOT / "fonts" / file))
METRICS = {name: hhea(ROOT / "fonts" / file) for name, file in FONTS.items()}

if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    times = []
    for _ in range(max(1, args.repeat)):
        t = time.perf_counter()
        cards, pages = build(args.out)
        times.append(time.perf_counter() - t)
    print(f"wrote {args.out}: {cards} cards, {pages} pages, {args.out.stat().st_size} bytes; "
          f"build mean {sum(times) / len(times):.3f} s over {len(times)} runs "
          f"(min {min(times):.3f}, max {max(times):.3f})")
