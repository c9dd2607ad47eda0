import { expect, type Locator, type Page, test } from '@playwright/test';
import { saveScreenshot } from './screenshots.js';

const SECTION_TITLES = [
  'Turn cherished photos into a video worth keeping',
  'Why Choose Memoreel',
  "Three steps to a video they'll keep",
  'Celebrate the days you never want to forget',
  'Honour a life with the people who shared it',
  'Remember the friend who was always there',
  'Stories from our families',
  'Choose Your Plan',
  'Ready to tell their story?',
  'Frequently asked questions',
];

/** `/` arrives prerendered and `inert`; the app renders over it once its script has run. */
const APP_ENTRY = /\/assets\/index-[^/]+\.js$/;

async function appHasTakenOver(page: Page): Promise<void> {
  await expect(page.locator('#root')).toHaveJSProperty('inert', false);
}

function layoutShifts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((entries) =>
          resolve(entries.getEntries().reduce((sum, entry) => sum + (entry as LayoutShift).value, 0)),
        ).observe({ type: 'layout-shift', buffered: true });
        // No entries at all: the callback never runs.
        setTimeout(() => resolve(0), 200);
      }),
  );
}

interface LayoutShift extends PerformanceEntry {
  value: number;
}

async function headingTops(page: Page): Promise<number[]> {
  return Promise.all(
    SECTION_TITLES.map(async (title) => {
      const box = await page.getByRole('heading', { name: title, exact: true }).boundingBox();
      if (!box) throw new Error(`No heading "${title}"`);
      return box.y;
    }),
  );
}

test('the landing page shows every section in order with its key texts', async ({ page }, testInfo) => {
  await page.goto('/');
  // Measured on the app's own elements, not on the prerendered ones it is about to replace.
  await appHasTakenOver(page);
  const tops = await headingTops(page);
  expect(tops).toEqual([...tops].sort((a, b) => a - b));

  const promises = page.getByRole('list', { name: 'Our promises' });
  for (const badge of ['Secure & Private', 'AI-Powered', 'Made with Love']) {
    await expect(promises.getByText(badge)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Start Your Free Video' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Creating Now' })).toBeVisible();
  for (const text of [
    'Easy-to-Use Interface',
    'Customizable Design',
    'Music & Effects Library',
    'Easy Sharing',
  ]) {
    await expect(page.getByRole('heading', { name: text })).toBeVisible();
  }
  for (const text of ['Upload Your Photos', 'Customize Your Video', 'Preview & Share']) {
    await expect(page.getByRole('heading', { name: new RegExp(text) })).toBeVisible();
  }
  await expect(page.getByRole('figure', { name: /^Demo preview/ })).toHaveCount(4);
  await expect(
    page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} Memoreel`),
  ).toBeVisible();

  // The pricing table and the newsletter form load as they come near the screen.
  await page.getByRole('heading', { name: 'Choose Your Plan' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('list', { name: 'Plans' })).toBeVisible();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, testInfo, 'landing');
});

/** What the server answers for `url`, fetched by the page (the browser retries a stale keep-alive connection). */
function served(page: Page, url: string): Promise<{ status: number; type: string; bytes: number }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { cache: 'no-store' });
    const body = await response.arrayBuffer();
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      bytes: body.byteLength,
    };
  }, url);
}

test('the demo previews are clips Memoreel rendered, each with a poster, the hero playing', async ({
  page,
}) => {
  await page.goto('/');
  await appHasTakenOver(page);
  const previews = page.getByRole('figure', { name: /^Demo preview/ });
  await expect(previews).toHaveCount(4);
  // The hero's poster is the page's largest paint: fetched first, laid out at its size.
  const heroPoster = previews.first().locator('img');
  await expect(heroPoster).toHaveAttribute('fetchpriority', 'high');
  await expect(heroPoster).toHaveAttribute('width', '640');
  await expect(previews.nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
  // The hero plays (muted, looping) without a click; the previews below wait until they are near.
  const heroVideo = previews.first().locator('video');
  const playedSeconds = (video: Locator) =>
    video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => playedSeconds(heroVideo)).toBeGreaterThan(0);
  expect(await heroVideo.evaluate((video: HTMLVideoElement) => video.muted && video.loop)).toBe(true);
  const lastVideo = previews.last().locator('video');
  expect(await lastVideo.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
  await expect(lastVideo).not.toHaveAttribute('poster', /./);

  for (const preview of await previews.all()) {
    await preview.scrollIntoViewIfNeeded();
    const video = preview.locator('video');
    await expect(video).toHaveAttribute('aria-label', /^Sample video made with Memoreel: /);
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('poster', /\.webp$/);
    const poster = (await video.getAttribute('poster'))!;
    const source = (await video.locator('source').getAttribute('src'))!;
    const clip = await served(page, source);
    expect(clip.status).toBe(200);
    expect(clip.type).toMatch(/^video\/mp4/);
    expect(clip.bytes).toBeLessThan(400_000);
    const still = await served(page, poster);
    expect(still.status).toBe(200);
    expect(still.type).toMatch(/^image\/webp/);
    await expect.poll(() => playedSeconds(video)).toBeGreaterThan(0);
  }

  await previews.last().getByRole('button', { name: 'Pause demo video' }).click();
  await expect(previews.last().getByRole('button', { name: 'Play demo video' })).toBeVisible();
  expect(await lastVideo.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
});

test('a reader who prefers reduced motion sees the posters until they press play', async ({ browser }) => {
  const page = await browser.newPage({ reducedMotion: 'reduce' });
  await page.goto('/');
  await appHasTakenOver(page);
  const hero = page.getByRole('figure', { name: /^Demo preview/ }).first();
  await expect(hero.locator('img')).toBeVisible();
  await page.waitForLoadState('load');
  expect(await hero.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
  await hero.getByRole('button', { name: 'Play demo video' }).click();
  await expect(hero.getByRole('button', { name: 'Pause demo video' })).toBeVisible();
  await page.close();
});

test('the landing page is on screen before any script runs, in the stored theme', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('app-theme', 'rose'));
  await page.route(APP_ENTRY, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Turn cherished photos into a video worth keeping',
  );
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'rose');
  await expect(page).toHaveTitle(/Turn your photos into memorial and celebration videos/);
  await expect(page.locator('#root')).toHaveJSProperty('inert', true);
});

test('the navigation bar does not shift when the sign-in buttons replace their placeholder', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
  expect(await layoutShifts(page)).toBe(0);
});

for (const visitor of ['first-time', 'returning'] as const) {
  test(`the app takes over the prerendered page without a visible change, for a ${visitor} visitor`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const viewport = testInfo.project.use.viewport ?? null;
    const screenshotOf = async (prepare: (page: Page) => Promise<void>) => {
      const page = await browser.newPage({ viewport, reducedMotion: 'reduce' });
      // A returning visitor has the gateway's session hint: the account buttons keep their place
      // unseen until the session is known. A first-time visitor is never asked for one.
      if (visitor === 'returning') {
        await page.context().addCookies([{ name: 'memoreel-session', value: '1', url: baseURL! }]);
      }
      await prepare(page);
      const shifts = await layoutShifts(page);
      // The first screen only: a full-page shot grows the viewport, which loads the lazy sections.
      const shot = await page.screenshot({ animations: 'disabled' });
      await page.close();
      return { shot, shifts };
    };
    const prerendered = await screenshotOf(async (page) => {
      await page.route(APP_ENTRY, (route) => route.abort());
      await page.goto('/');
      const getStarted = page.getByRole('banner').getByText('Get Started');
      if (visitor === 'first-time') await expect(getStarted).toBeVisible();
      else await expect(getStarted).toBeHidden();
    });
    const takenOver = await screenshotOf(async (page) => {
      // The returning visitor's session check stays unanswered, so the bar is still waiting.
      await page.route(/\/auth\/v1\/token/, () => {});
      await page.goto('/');
      await appHasTakenOver(page);
    });
    expect(takenOver.shifts).toBe(0);
    expect(takenOver.shot.equals(prerendered.shot), 'the same pixels before and after').toBe(true);
  });
}

test('the FAQ opens and closes from the keyboard', async ({ page }) => {
  await page.goto('/faq');
  const question = page.getByText('Are my photos private?');
  const answer = page.getByText(/only visible to you until you choose to share/);
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Space');
  await expect(answer).toBeHidden();
});

for (const [path, title] of [
  ['/features', 'Why Choose Memoreel'],
  ['/how-it-works', "Three steps to a video they'll keep"],
  ['/pricing', 'Choose Your Plan'],
  ['/testimonials', 'Stories from our families'],
  ['/faq', 'Frequently asked questions'],
] as const) {
  test(`${path} scrolls its section into view`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });
}

test('the navigation links scroll to their sections', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'On mobile the links sit in the menu (see below).');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeInViewport();
});

test('only the FREE plan can be chosen; paid plans are coming soon', async ({ page }) => {
  await page.goto('/pricing');
  const plans = page.getByRole('list', { name: 'Plans' });
  await expect(plans.getByRole('listitem', { name: /^FREE|Remember|Honor|Cherish/ })).toHaveCount(4);
  const comingSoon = plans.getByRole('button', { name: 'Coming Soon' });
  await expect(comingSoon).toHaveCount(3);
  for (const button of await comingSoon.all()) await expect(button).toBeDisabled();
  await expect(plans.getByRole('button', { name: 'Get Started' })).toBeEnabled();
  await expect(plans.getByText('Highest Quality')).toBeVisible();
  await expect(plans.getByText('Downloads not available')).toBeVisible();
  await expect(plans.getByText('Remove Background not included')).toBeVisible();
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  const toggle = (page: Page) => page.getByRole('button', { name: /menu/i });
  const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

  test('opens, locks scrolling, and closes on Escape, overlay click and link', async ({ page }, testInfo) => {
    await page.goto('/');
    await toggle(page).click();
    await expect(menu(page)).toBeVisible();
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
    await saveScreenshot(page, testInfo, 'landing-mobile-menu', { fullPage: false });

    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');

    await toggle(page).click();
    await page.getByTestId('mobile-menu-overlay').click({ position: { x: 20, y: 500 } });
    await expect(menu(page)).toBeHidden();

    await toggle(page).click();
    await menu(page).getByRole('link', { name: 'How It Works' }).click();
    await expect(menu(page)).toBeHidden();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(page.getByRole('heading', { name: "Three steps to a video they'll keep" })).toBeInViewport();
  });
});
