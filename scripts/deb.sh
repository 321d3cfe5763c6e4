#!/usr/bin/env bash
# Builds Touchline's Debian package with cargo-deb from the dist profile,
# installs it with apt-get, checks that every file landed where Debian
# looks for it, and starts the installed program under Xvfb: on its start
# screen, then on a save opened as a file manager would (`touchline FILE`).
# Screenshots go to target/debian/. The package is removed at the end
# unless --keep is given.
#
# Needs root (apt-get) and a long build: the dist profile links with LTO.
# Usage: scripts/deb.sh [--keep] [--no-build]
#   --keep      leave the package installed
#   --no-build  package the program already built (PROFILE=dev packages
#               target/debug/touchline: a quick check of the packaging)
set -euo pipefail
cd "$(dirname "$0")/.."
keep=false
build=true
for arg in "$@"; do
  case "$arg" in
    --keep) keep=true ;;
    --no-build) build=false ;;
    *) echo "usage: scripts/deb.sh [--keep] [--no-build]" >&2; exit 2 ;;
  esac
done
export DEBIAN_FRONTEND=noninteractive
target="${CARGO_TARGET_DIR:-target}"
profile="${PROFILE:-dist}"
folder=$profile
[[ "$profile" == dev ]] && folder=debug

# xvfb/xauth: a display; xdotool, x11-utils, imagemagick: find the window,
# read its properties, take screenshots; desktop-file-utils, shared-mime-info
# and gio: check the entry and the save type as a desktop does.
apt-get install -y --no-install-recommends xvfb xauth xdotool x11-utils imagemagick \
  desktop-file-utils shared-mime-info libglib2.0-bin man-db >/dev/null
command -v cargo-deb >/dev/null || cargo install --locked cargo-deb

$build && nice -n 15 cargo build --locked --profile "$profile"
bin="$target/$folder/touchline"
# The man pages and completions come from the program's own command-line
# definitions; cargo-deb reads them from the profile's folder.
assets="$target/$folder/assets"
rm -rf "$assets"
mkdir -p "$assets/completions"
"$bin" manpage --dir "$assets/man"
gzip -9n "$assets"/man/*.1
"$bin" completions bash >"$assets/completions/touchline.bash"
"$bin" completions zsh >"$assets/completions/_touchline"
"$bin" completions fish >"$assets/completions/touchline.fish"
rm -f "$target"/debian/touchline_*.deb
cargo deb --locked --profile "$profile" --no-build
deb=$(realpath "$(ls "$target"/debian/touchline_*.deb)")
dpkg-deb --info "$deb"
dpkg-deb --contents "$deb"
ls -l "$deb"

apt-get install -y --no-install-recommends "$deb"
trap '$keep || apt-get remove -y touchline >/dev/null' EXIT

echo "== the installed files"
test "$(command -v touchline)" = /usr/bin/touchline
touchline --version
(cd / && touchline check >/dev/null)
desktop-file-validate /usr/share/applications/touchline.desktop
for size in 16 22 24 32 48 64 128 256 512; do
  test -s "/usr/share/icons/hicolor/${size}x${size}/apps/touchline.png"
done
test -s /usr/share/icons/hicolor/scalable/apps/touchline.svg
man -w touchline
man -w touchline-desktop
test -s /usr/share/bash-completion/completions/touchline
test -s /usr/share/zsh/vendor-completions/_touchline
test -s /usr/share/fish/vendor_completions.d/touchline.fish
test -s /usr/share/doc/touchline/copyright
update-mime-database /usr/share/mime
home=$(mktemp -d)
trap '$keep || apt-get remove -y touchline >/dev/null; rm -rf "$home"' EXIT
printf '{"format": "touchline-save", "version": 1, "game": "booked"}\n' >"$home/cup-final.touchline"
gio info -a standard::content-type "$home/cup-final.touchline" | grep 'content-type: application/x-touchline-save'
gio mime application/x-touchline-save | grep 'Default application.*touchline.desktop' >/dev/null

echo "== started under Xvfb"
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap '$keep || apt-get remove -y touchline >/dev/null; kill $xvfb 2>/dev/null; rm -rf "$home"' EXIT
sleep 2
export DISPLAY=$display HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config
shot() { # shot NAME: starts `touchline ARGS...`, screenshots it, ends it
  local name=$1
  shift
  touchline "$@" &
  local app=$!
  local wid=""
  for _ in $(seq 40); do
    wid=$(xdotool search --name '^Touchline$' 2>/dev/null | head -1) && [[ -n "$wid" ]] && break
    sleep 0.5
  done
  [[ -n "$wid" ]] || { echo "no Touchline window"; kill $app; return 1; }
  sleep 3
  xprop -id "$wid" -len 12 WM_CLASS _NET_WM_ICON
  xprop -id "$wid" -len 12 _NET_WM_ICON | grep 'Icon (256 x 256)' >/dev/null || { echo "no window icon"; return 1; }
  import -window root "$target/debian/$name.png"
  kill $app
  wait $app 2>/dev/null || true
}
shot started
# Stadium Memory keeps a game from its first frame: that autosave, named
# as the Save dialog names saves, is the file a file manager opens.
shot new-game play stadium-memory --seats human,bot --seed 5
cp "$XDG_DATA_HOME/touchline/last-game.json" "$home/cup-final.touchline"
shot opened-save "$home/cup-final.touchline"
ls -l "$target"/debian/*.png
echo "scripts/deb.sh: $deb installs, starts and opens a save"
