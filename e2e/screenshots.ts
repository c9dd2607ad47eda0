import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

const SCREENSHOT_DIR = join(import.meta.dirname, '..', '.reports', 'screenshots');

/**
 * Saves what the spec saw as .reports/screenshots/<name>-<project>.png, for people reviewing a run.
 * `fullPage: false` keeps to the viewport, where dialogs and menus sit.
 */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}-${testInfo.project.name}.png`),
    fullPage,
    // Entrances (dialogs, menus) are finished rather than caught halfway.
    animations: 'disabled',
  });
}
