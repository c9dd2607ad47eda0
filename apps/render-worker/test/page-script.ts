import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { CHROMIUM_ARGS } from '../src/chunks/chunk-renderer.js';

/**
 * One of the render page's files built as a script a spec adds to a Chromium page: its exports on
 * `window[name]`, as the page's own build would bundle them.
 */
async function pageScript(file: string, name: string): Promise<string> {
  const built = (await build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL(`../page/${file}`, import.meta.url)),
        formats: ['iife'],
        name,
      },
    },
  })) as Rolldown.RolldownOutput[];
  return (built[0]!.output[0] as Rolldown.OutputChunk).code;
}

/**
 * For the describe block it is called in: the Chromium the workers run, and before each test a fresh
 * page with `file`'s script on it (see pageScript), then `setUp` run in the page.
 * Returns the current test's page.
 */
export function pageWithScript(file: string, name: string, setUp: () => void): () => Page {
  let browser: Browser;
  let page: Page | undefined;
  let script: string;

  beforeAll(async () => {
    script = await pageScript(file, name);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    await page?.close();
    page = await browser.newPage();
    await page.addScriptTag({ content: script });
    await page.evaluate(setUp);
  });

  return () => page!;
}
