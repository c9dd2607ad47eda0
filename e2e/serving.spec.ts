import { expect, test } from '@playwright/test';

test('the app is served with a strict CSP and compressed scripts', async ({ request }) => {
  const page = await request.get('/pricing');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(page.headers()['x-frame-options']).toBe('DENY');

  const html = await page.text();
  const entry = /<script type="module"[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry, 'entry script in index.html').toBeTruthy();
  const script = await request.get(entry as string, { headers: { 'accept-encoding': 'gzip' } });
  expect(script.status()).toBe(200);
  expect(script.headers()['content-encoding']).toBe('gzip');
  expect(script.headers()['cache-control']).toContain('immutable');
});

test('the landing page comes prerendered; every other path gets the plain shell', async ({ request }) => {
  const hero = 'Turn cherished photos into a video worth keeping';
  for (const path of ['/', '/?ref=newsletter']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(hero);
    expect(html, path).toMatch(/<div id="root" data-prerendered="" inert>/);
    // The app's own scripts wait in a template until the page has been painted.
    expect(html, path).toMatch(/<template id="app-scripts"><script type="module"/);
  }
  // A signed-in user's dashboard or a mistyped address must never flash the landing page; a section's
  // address opens at its section, which only the app can do.
  for (const path of ['/dashboard', '/login', '/no-such-page', '/pricing', '/faq']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).not.toContain(hero);
  }
  // Every page applies the stored theme before its first paint.
  for (const path of ['/', '/dashboard']) {
    expect(await (await request.get(path)).text(), path).toMatch(
      /<script src="\/assets\/before-first-paint-[^"]+\.js"><\/script>/,
    );
  }
});
