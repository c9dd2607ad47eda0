// Prints what failed, then one closing line over every runner: "Tests: N passed, N failed, N skipped".
// The failures come last on purpose: a CI log that keeps only its tail still names them.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const firstLines = (text = '') => text.split('\n').filter(Boolean).slice(0, 3).join(' | ').slice(0, 400);
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

const vitest = read('.reports/vitest.json');
if (vitest) {
  totals.passed += vitest.numPassedTests;
  // A file that failed to load has no failed test of its own: count it once.
  const brokenFiles = vitest.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  totals.failed += vitest.numFailedTests + brokenFiles;
  for (const file of vitest.testResults) {
    const name = relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`vitest ${name}: ${firstLines(file.message)}`);
    for (const test of failed)
      failures.push(`vitest ${name} › ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
  }
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
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          failures.push(
            `playwright [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}: ${firstLines(error)}`,
          );
        }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of playwright.suites ?? []) visit(suite);
} else {
  console.error('no Playwright report (.reports/playwright.json)');
  totals.failed += 1;
}

for (const failure of failures) console.log(`✗ ${failure}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
