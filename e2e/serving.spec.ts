import { expect, test } from '@playwright/test';

test('the app is served with a strict CSP and compressed scripts', async ({ request }) => {
  const page = await request.get('/pricing');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(page.headers()['x-frame-options']).toBe('DENY');

  const html = await page.text();
  const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry, 'entry script in index.html').toBeTruthy();
  const script = await request.get(entry as string, { headers: { 'accept-encoding': 'gzip' } });
  expect(script.status()).toBe(200);
  expect(script.headers()['content-encoding']).toBe('gzip');
  expect(script.headers()['cache-control']).toContain('immutable');
});
