#!/usr/bin/env bash
# Renders Touchline's icon, assets/icon/touchline.svg, to the PNG sizes a
# freedesktop icon theme asks for, in assets/icon/hicolor/. The PNGs are
# committed, so building needs no renderer; run this after changing the SVG
# (it needs rsvg-convert: `apt-get install librsvg2-bin`).
set -euo pipefail
cd "$(dirname "$0")/.."
src=assets/icon/touchline.svg
for size in 16 22 24 32 48 64 128 256 512; do
  out="assets/icon/hicolor/${size}x${size}/apps/touchline.png"
  mkdir -p "$(dirname "$out")"
  rsvg-convert --width "$size" --height "$size" --format png "$src" --output "$out"
done
ls -l assets/icon/hicolor/*/apps/touchline.png
