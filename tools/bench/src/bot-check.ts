/**
 * How long the ALTCHA proof of work takes in a browser on this machine: fetches real challenges
 * from a running Memoreel (`/auth/v1/bot-check/challenge`) and solves each in headless Chromium
 * with Web Crypto, single-threaded — an upper bound for the widget, which spreads the search over
 * workers. Baseline: the same search in Node in the same run. Prints one JSON object.
 *
 *   npm run --workspace tools/bench bot-check -- http://127.0.0.1:3000
 */
import { createHash } from 'node:crypto';
import { chromium } from '@playwright/test';

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
}

const baseUrl = (process.argv[2] ?? process.env.MEMOREEL_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const ROUNDS = Number(process.env.ROUNDS ?? 10);

async function fetchChallenge(): Promise<Challenge> {
  const response = await fetch(`${baseUrl}/auth/v1/bot-check/challenge`);
  return (await response.json()) as Challenge;
}

function solveInNode(challenge: Challenge): number {
  const started = performance.now();
  for (let n = 0; n <= (challenge.maxnumber ?? 1_000_000); n += 1) {
    if (
      createHash('sha256')
        .update(challenge.salt + n)
        .digest('hex') === challenge.challenge
    )
      break;
  }
  return performance.now() - started;
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return {
    meanMs: Math.round(values.reduce((a, b) => a + b, 0) / values.length),
    p50Ms: Math.round(at(0.5)),
    p95Ms: Math.round(at(0.95)),
    maxMs: Math.round(sorted.at(-1) as number),
  };
};

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/`);
  const browserMs: number[] = [];
  const nodeMs: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const challenge = await fetchChallenge();
    browserMs.push(
      await page.evaluate(async (c) => {
        const started = performance.now();
        const encoder = new TextEncoder();
        for (let n = 0; n <= (c.maxnumber ?? 1_000_000); n += 1) {
          const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(c.salt + n)));
          let hex = '';
          for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
          if (hex === c.challenge) break;
        }
        return performance.now() - started;
      }, challenge),
    );
    nodeMs.push(solveInNode(challenge));
  }
  const browserSummary = summary(browserMs);
  const nodeSummary = summary(nodeMs);
  console.log(
    JSON.stringify({
      rounds: ROUNDS,
      chromiumSingleThread: browserSummary,
      nodeBaseline: nodeSummary,
      ratio: Math.round((browserSummary.meanMs / nodeSummary.meanMs) * 100) / 100,
      under2s: browserSummary.p95Ms < 2_000,
    }),
  );
} finally {
  await browser.close();
}
