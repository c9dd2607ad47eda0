/**
 * Visitors who read: the landing page (prerendered), pricing (the SPA shell plus the prices query)
 * and the public pages' static assets.
 *   k6 run -e BASE_URL=http://127.0.0.1:3000 [-e RATE=50] tools/load/src/landing.ts
 */
import { check, group, sleep } from 'k6';
import type { Options } from 'k6/options';
import { get, graphql, vusFor } from './memoreel.ts';

const PEAK_RATE = Number(__ENV.RATE ?? 50);

export const options: Options = {
  scenarios: {
    visitors: {
      executor: 'ramping-arrival-rate',
      startRate: 5,
      timeUnit: '1s',
      // Two sleeps of 1–4 s each plus the requests: 5.3 s an iteration on average, up to ~9 s.
      ...vusFor(PEAK_RATE, 5.3, 9),
      stages: [
        { target: PEAK_RATE, duration: '1m' },
        { target: PEAK_RATE, duration: '3m' },
        { target: 0, duration: '30s' },
      ],
    },
  },
  thresholds: {
    // A run that could not keep the rate would otherwise pass at a lower one without saying so.
    dropped_iterations: ['count==0'],
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:/}': ['p(95)<300'],
    'http_req_duration{name:graphql ProductPrices}': ['p(95)<500'],
    checks: ['rate>0.99'],
  },
};

const assetsOf = (html: string) =>
  [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);

export default function landingAndPricing(): void {
  group('landing', () => {
    const page = get('/');
    check(page, { 'landing is prerendered': (r) => String(r.body).includes('<main') });
    // The browser's first load: the entry script and stylesheet (cached after, so only the first iteration's count).
    if (__ITER === 0) for (const asset of assetsOf(String(page.body))) get(asset, 'asset');
  });
  sleep(Math.random() * 3 + 1);
  group('pricing', () => {
    get('/pricing');
    graphql<{ productPrices: { productId: string; priceCents: number }[] }>(
      'ProductPrices',
      'query ProductPrices { productPrices { productId priceCents } }',
    );
  });
  sleep(Math.random() * 3 + 1);
}
