/**
 * The SPA with the big project, in Chromium (puppeteer-core). Each step is opened by its address (a
 * reload, as after a bookmark; warm: its code is in the HTTP cache after an unmeasured first visit,
 * reported as `coldMs`) and timed from navigation start:
 * - `readyMs`: the step shows what it is for with every photo (step 1 "N photo(s) in project", step 2
 *   the N-th tile, steps 3 and 4 "Photo 1 of N", step 7 the player's controls), polled each frame;
 * - `interactiveMs`: the end of the last long task (≥ 50 ms, PerformanceObserver) before a quiet
 *   window of QUIET_MS, or `readyMs` when later (Lighthouse's TTI with a shorter window).
 * Interactions, as INP counts them (input to the next frame):
 * - a keyboard move on step 2 (Space, ArrowRight, Space on the first tile, MOVES times): the Event
 *   Timing durations of the keys, and from the drop until the tile shows its new place;
 * - scrolling step 1's grid with the wheel: from each wheel event to the next animation frame.
 * The preview (step 7): its first frame (the first photo's image loaded in the player) and a seek
 * at 80 % of the seek bar (click to that photo's image loaded).
 */
import type { Browser, Page } from 'puppeteer-core';
import { latencySummary } from '../latency.js';
import type { StoredPhoto } from './project.js';

const QUIET_MS = 2_000;
const REPEATS = 3;
const MOVES = 3;
const STEP_TIMEOUT_MS = 180_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Installed before every document: long tasks, event timings, and wheel-to-frame latencies. */
const INSTRUMENT = `(() => {
  const bench = (window.__bench = { longTasks: [], events: [], wheel: [], scrolled: 0 });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push(entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      bench.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  addEventListener('wheel', (event) => {
    const at = event.timeStamp;
    requestAnimationFrame(() => bench.wheel.push(performance.now() - at));
  }, { passive: true, capture: true });
  addEventListener('scroll', (event) => {
    const box = event.target === document ? document.scrollingElement : event.target;
    bench.scrolled = Math.max(bench.scrolled, box.scrollTop);
  }, { passive: true, capture: true });
})()`;

let visitors = 0;
/**
 * Each page load comes from an address of its own (the gateway believes X-Forwarded-For from
 * loopback): one browser reloading 400 thumbnails a few dozen times would spend one address's
 * storage budget, which a person never does.
 */
async function freshAddress(page: Page): Promise<void> {
  visitors += 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.77.${(visitors >> 8) & 255}.${visitors & 255}` });
}

/** Opens `url`; answers when `marks` (JS conditions) first held, and when the page became interactive. */
async function open(page: Page, url: string, marks: Record<string, string>) {
  await freshAddress(page);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const conditions = Object.entries(marks)
    .map(([name, condition]) => `[${JSON.stringify(name)}, () => (${condition})]`)
    .join(',');
  await page.evaluate(`(() => {
    const marks = (window.__marks = {}); const conditions = [${conditions}];
    const tick = () => {
      for (const [name, holds] of conditions) if (!(name in marks) && holds()) marks[name] = performance.now();
      if (Object.keys(marks).length < conditions.length) requestAnimationFrame(tick);
    };
    tick();
  })()`);
  await page.waitForFunction(`Object.keys(window.__marks).length === ${Object.keys(marks).length}`, {
    polling: 100,
    timeout: STEP_TIMEOUT_MS,
  });
  const at = (await page.evaluate('window.__marks')) as Record<string, number>;
  const ready = Math.max(...Object.values(at));
  const interactive = await page.waitForFunction(
    `(() => { const last = Math.max(${ready}, ...window.__bench.longTasks);
      return performance.now() - last >= ${QUIET_MS} && last; })()`,
    { polling: 100, timeout: STEP_TIMEOUT_MS },
  );
  return { marks: at, interactiveMs: Math.round(Number(await interactive.jsonValue())) };
}

const textIs = (selector: string, text: string) =>
  `[...document.querySelectorAll(${JSON.stringify(selector)})].some((node) => node.textContent === ${JSON.stringify(text)})`;

export interface Steps {
  photos: number;
  project: string;
}

function stepMarks({ photos }: Steps): Record<string, { path: string; ready: string }> {
  return {
    '1': { path: 'photos', ready: textIs('p', `${photos} photo(s) in project`) },
    // The row mounts the tiles near its view (issue 36): the first one names how many there are.
    '2': {
      path: 'sort',
      ready: `document.querySelector('button[aria-label$=", photo 1 of ${photos}"]')`,
    },
    '3': { path: 'edit', ready: textIs('p[aria-live]', `Photo 1 of ${photos}`) },
    '4': { path: 'animate', ready: textIs('p[aria-live]', `Photo 1 of ${photos}`) },
    '7': {
      path: 'preview',
      ready: `document.querySelector('[data-testid=preview-player] button[aria-label="Play video"]')`,
    },
  };
}

/** Steps 1, 2, 3, 4 and 7: cold, then the median of REPEATS warm loads. */
export async function stepsInteractive(page: Page, target: string, steps: Steps) {
  const result: Record<string, { coldMs: number; readyMs: number; interactiveMs: number; runsMs: number[] }> =
    {};
  for (const [step, { path, ready }] of Object.entries(stepMarks(steps))) {
    const url = `${target}/project/${steps.project}/${path}`;
    const cold = await open(page, url, { ready });
    const runs = [];
    for (let i = 0; i < REPEATS; i++) runs.push(await open(page, url, { ready }));
    const median = <T>(list: T[], of: (item: T) => number) =>
      list.map(of).sort((a, b) => a - b)[list.length >> 1]!;
    result[`step${step}`] = {
      coldMs: cold.interactiveMs,
      readyMs: Math.round(median(runs, (run) => run.marks.ready!)),
      interactiveMs: median(runs, (run) => run.interactiveMs),
      runsMs: runs.map((run) => run.interactiveMs),
    };
  }
  return result;
}

/** Step 2: the first tile moved one place right by keyboard, MOVES times. */
export async function keyboardMove(page: Page, target: string, steps: Steps) {
  const { path, ready } = stepMarks(steps)['2']!;
  await open(page, `${target}/project/${steps.project}/${path}`, { ready });
  const first = `button[aria-label$=", photo 1 of ${steps.photos}"]`;
  const name = String(await page.$eval(first, (button) => button.getAttribute('aria-label'))).split(
    ', photo ',
  )[0];
  await page.focus(first);
  const since = Number(await page.evaluate('performance.now()'));
  const settled: number[] = [];
  for (let move = 0; move < MOVES; move++) {
    await page.keyboard.press('Space');
    await sleep(300);
    await page.keyboard.press('ArrowRight');
    await sleep(300);
    const dropped = Number(await page.evaluate('performance.now()'));
    await page.keyboard.press('Space');
    const moved = `button[aria-label=${JSON.stringify(`${name}, photo ${move + 2} of ${steps.photos}`)}]`;
    const shown = await page.waitForFunction(
      `document.querySelector(${JSON.stringify(moved)}) && performance.now()`,
      {
        polling: 'raf',
        timeout: 60_000,
      },
    );
    settled.push(Math.round(Number(await shown.jsonValue()) - dropped));
    await sleep(500);
  }
  const events = (await page.evaluate(
    `window.__bench.events.filter((entry) => entry.start >= ${since} && entry.name.startsWith('key'))`,
  )) as { name: string; duration: number }[];
  const durations = events.filter((entry) => entry.name === 'keydown').map((entry) => entry.duration);
  return {
    moves: MOVES,
    // Event Timing reports only events of 16 ms or more: a key missing from the list was faster.
    keyEventsOver16Ms: events.length,
    worstKeyMs: Math.round(Math.max(16, ...durations)),
    // In the order pressed (Space to pick up, ArrowRight, Space to drop, for each move); only those of 16 ms or more.
    keydownsOver16Ms: durations.map(Math.round),
    dropToNewPlaceMs: settled,
  };
}

/** Step 1: the page scrolled to the bottom of the grid with the wheel, a tick every 60 ms. */
export async function scrollGrid(page: Page, target: string, steps: Steps) {
  const { path, ready } = stepMarks(steps)['1']!;
  await open(page, `${target}/project/${steps.project}/${path}`, { ready });
  await page.mouse.move(720, 600);
  await page.evaluate('window.__bench.wheel = []');
  const height = Number(await page.evaluate('document.documentElement.scrollHeight - innerHeight'));
  const ticks = Math.min(300, Math.ceil(height / 200) + 5);
  for (let i = 0; i < ticks; i++) {
    await page.mouse.wheel({ deltaY: 200 });
    await sleep(60);
  }
  await sleep(1_000);
  const latencies = (await page.evaluate('window.__bench.wheel')) as number[];
  const scrolled = Number(await page.evaluate('window.__bench.scrolled'));
  const summary = latencySummary(latencies.map(Math.round));
  return { wheelEvents: latencies.length, scrolledPx: Math.round(scrolled), wheelToFrameMs: summary };
}

/** Step 7: the first frame, then a click at 80 % of the seek bar until that photo's image is there. */
export async function preview(
  page: Page,
  target: string,
  steps: Steps,
  order: StoredPhoto[],
  frames: number,
) {
  const { path, ready } = stepMarks(steps)['7']!;
  const imageOf = (id: string) =>
    `(() => { const image = document.querySelector('[data-testid=preview-player] [data-photo-id="${id}"] img');
      return Boolean(image && image.complete && image.naturalWidth > 0); })()`;
  const opened = await open(page, `${target}/project/${steps.project}/${path}`, {
    ready,
    firstFrame: imageOf(order[0]!.id),
  });
  const bar = (await page.evaluate(`(() => {
    const play = document.querySelector('[data-testid=preview-player] button[aria-label="Play video"]');
    const box = play.parentElement.parentElement.parentElement.lastElementChild.getBoundingClientRect();
    return { x: box.left, y: box.top + box.height / 2, width: box.width };
  })()`)) as { x: number; y: number; width: number };
  await page.mouse.move(bar.x + bar.width / 2, bar.y - 120);
  await sleep(500);
  const frame = Math.round(0.8 * (frames - 1));
  const photo = order[Math.min(order.length - 1, Math.floor(frame / (frames / order.length)))]!;
  const clicked = Number(await page.evaluate('performance.now()'));
  await page.mouse.click(bar.x + 0.8 * bar.width, bar.y);
  const shown = await page.waitForFunction(`${imageOf(photo.id)} && performance.now()`, {
    polling: 'raf',
    timeout: 60_000,
  });
  return {
    firstFrameMs: Math.round(opened.marks.firstFrame!),
    seekTo80PercentMs: Math.round(Number(await shown.jsonValue()) - clicked),
    seekFrame: frame,
  };
}

export async function newPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  await page.evaluateOnNewDocument(INSTRUMENT);
  return page;
}
