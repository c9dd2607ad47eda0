// Prints one closing line over every runner: "Tests: N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

const vitest = read('.reports/vitest.json');
if (vitest) {
  totals.passed += vitest.numPassedTests;
  // A file that failed to load has no failed test of its own: count it once.
  const brokenFiles = vitest.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  totals.failed += vitest.numFailedTests + brokenFiles;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  console.error('no Vitest report (.reports/vitest.json)');
  totals.failed += 1;
}

const playwright = read('.reports/playwright.json');
if (playwright) {
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  totals.failed += playwright.stats.unexpected;
  totals.skipped += playwright.stats.skipped;
} else {
  console.error('no Playwright report (.reports/playwright.json)');
  totals.failed += 1;
}

console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
