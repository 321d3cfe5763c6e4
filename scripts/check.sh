#!/usr/bin/env bash
# Everything CI checks, in the order it checks it: formatting, lints, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --check
cargo clippy --all-targets -- -D warnings
cargo test
