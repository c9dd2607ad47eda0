#!/usr/bin/env bash
# `npm start`: installs what is missing, builds, and runs Memoreel standalone (embedded Postgres,
# local storage, every service in one process). Data lives in ./.memoreel (or $MEMOREEL_DATA_DIR).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash tools/scripts/setup.sh
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
echo "• building"
npx nx run-many -t build --projects=@memoreel/standalone,@memoreel/web --output-style=stream-without-prefixes --verbose=false >/tmp/memoreel-build.log 2>&1 || {
  tail -50 /tmp/memoreel-build.log >&2
  exit 1
}
exec node apps/standalone/dist/main.js
