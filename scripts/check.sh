#!/usr/bin/env bash
# Everything CI checks, in the order it checks it: the rules engines stay
# pure, formatting, lints, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# The engine core and every game's rules/ folder use nothing of egui,
# printpdf, the file system, clocks or threads.
if grep -rnE '\b(egui|eframe|printpdf|rfd)::|std::(fs|thread|time)\b|Instant::now|SystemTime' \
  src/engine src/games/*/rules; then
  echo "error: a pure rules file above uses egui, printpdf, files, clocks or threads" >&2
  exit 1
fi
cargo fmt --check
cargo clippy --all-targets -- -D warnings
cargo test
