import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_STRIPE_WEBHOOK_SECRET } from './e2e/stripe-webhook.js';

/** End-to-end specs for the SPA, served by the standalone app (gateway + services + built web). */
/** The standalone server's port; E2E_PORT lets two checkouts run their suites side by side. */
const port = process.env.E2E_PORT ?? '3100';
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

/** The standalone app on a fresh, empty data dir. */
function standaloneServer() {
  // Workers load this file again; they inherit the runner's environment, so one data dir serves all.
  process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'memoreel-e2e-'));
  // The admin of e2e/music-admin.spec.ts: the server grants the role to this address.
  process.env.E2E_ADMIN_EMAIL ??= 'music-admin@example.com';
  return {
    command: 'node apps/standalone/dist/main.js',
    // /health/ready answers on the ops port only; the public port keeps /health/live.
    url: `http://127.0.0.1:${port}/health/live`,
    env: {
      PORT: port,
      MEMOREEL_DATA_DIR: process.env.E2E_DATA_DIR,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      ADMIN_EMAILS: process.env.E2E_ADMIN_EMAIL,
      // Every browser of the suite comes from 127.0.0.1, and it starts about as many guests as one
      // address may in an hour (30): room for the suite, every other limit as in production.
      AUTH_GUESTS_PER_ADDRESS: '300',
      // Request lines would bury the test report; warnings and errors still show.
      LOG_LEVEL: 'warn',
    },
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.reports/playwright-artifacts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flaky test is a defect to fix, not to retry.
  retries: 0,
  // Sign-ups hash passwords with argon2 and chunks load lazily: give a busy 2-core machine room (a
  // slow one takes ~10 s for the app to take over a prerendered page, or a dashboard round trip).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Two shared cores also run the server under test.
  workers: 2,
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL,
    // A failure keeps each action's DOM snapshot, not the screencast: filming every repaint (a
    // progress spinner repaints all through a render) took the test browser about two thirds of a
    // core, as much as the render it waits for.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
    { name: 'mobile', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
  ],
  // With E2E_BASE_URL the specs run against a server someone else started.
  ...(process.env.E2E_BASE_URL ? {} : { webServer: standaloneServer() }),
});
