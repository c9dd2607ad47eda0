#!/usr/bin/env bash
# `npm test`: every test — lint and type checks, unit and integration tests against real Postgres,
# NATS JetStream and an S3 server, and Playwright end-to-end tests in Debian Chromium against the
# standalone build. Installs what is missing first.
set -uo pipefail
cd "$(dirname "$0")/../.."
# Debian starts a shell with 1024 open files (its soft limit) while allowing far more (the hard
# one): the web specs' icon modules and Chromium need more, and fail with EMFILE at 1024.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
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
# The two suites run one after the other. `TEST_SUITES_SIDE_BY_SIDE=1` runs them together (on a
# machine with more than two cores: on two, both suites saturate the CPU and the total does not
# drop). Playwright's lines then go to a log, shown once it ends, so the reports do not interleave.
playwright_step() {
  local result=0
  step "end-to-end tests (Chromium)" npx playwright test >.reports/playwright.log 2>&1 || result=1
  cat .reports/playwright.log
  return $result
}
if [[ -n "${TEST_SUITES_SIDE_BY_SIDE:-}" ]]; then
  playwright_step &
  e2e=$!
  step "unit and integration tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json
  wait "$e2e" || status=1
else
  step "unit and integration tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json
  step "end-to-end tests (Chromium)" npx playwright test
fi
node tools/scripts/test-summary.mjs || status=1
exit $status
