#!/usr/bin/env bash
# `npm test`: every test — lint and type checks, unit and integration tests against real Postgres,
# NATS JetStream and an S3 server, and Playwright end-to-end tests in Debian Chromium against the
# standalone build. Installs what is missing first.
set -uo pipefail
cd "$(dirname "$0")/../.."
bash tools/scripts/setup.sh --browser || exit 1
bash tools/scripts/ensure-services.sh || exit 1
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false CI="${CI:-}"
rm -rf .reports && mkdir -p .reports

status=0
step() {
  local name=$1
  shift
  echo "━━ $name"
  local started=$SECONDS
  if "$@"; then
    echo "━━ $name: ok ($((SECONDS - started)) s)"
  else
    echo "━━ $name: FAILED ($((SECONDS - started)) s)"
    status=1
    return 1
  fi
}

step "build and lint" npx nx run-many -t build lint --output-style=stream-without-prefixes --parallel=2
step "end-to-end specs type check" npx tsc -p e2e/tsconfig.json
# The two suites run side by side: both spend much of their time waiting (on services, Chromium,
# ffmpeg, a killed process coming back), so together they keep two cores busy where one after
# the other each leaves them idle. Playwright's lines go to a log, shown once it ends, so the two
# reports do not interleave. `TEST_SUITES_IN_SEQUENCE=1` runs them one after the other.
playwright_step() {
  local result=0
  step "end-to-end tests (Chromium)" npx playwright test >.reports/playwright.log 2>&1 || result=1
  cat .reports/playwright.log
  return $result
}
if [[ -n "${TEST_SUITES_IN_SEQUENCE:-}" ]]; then
  step "unit and integration tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json
  playwright_step
else
  playwright_step &
  e2e=$!
  step "unit and integration tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json
  wait "$e2e" || status=1
fi
node tools/scripts/test-summary.mjs || status=1
exit $status
