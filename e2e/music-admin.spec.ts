import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { solvedBotCheck } from './bot-check.js';
import { verificationLinkFor } from './dev-mail.js';
import { saveScreenshot } from './screenshots.js';

/**
 * The admin music manager (/admin/music). The admin flow needs a server whose ADMIN_EMAILS holds
 * E2E_ADMIN_EMAIL: the suite's own server does (playwright.config.ts); against another server, set both.
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const PASSWORD = 'Music-Library-2026!';
const SHIPPED = ['Morning Light', 'Soft Horizon', 'Sunny Steps'];

const titles = (page: Page) =>
  page.getByTestId('music-track').locator('button[title="Rename"] span.truncate');

test('a user who is not an admin is refused', async ({ page }, testInfo) => {
  await page.goto('/admin/music');
  await expect(page.getByRole('heading', { name: 'Admin access required' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('music-dropzone')).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'admin-music-refused');
});

test('the admin manages the music library', async ({ page, request }, testInfo) => {
  test.skip(!ADMIN_EMAIL, 'needs a server started with ADMIN_EMAILS=$E2E_ADMIN_EMAIL');
  test.skip(
    testInfo.project.name !== 'desktop' && !process.env.E2E_MUSIC_BOTH,
    'one admin account per server',
  );
  test.setTimeout(120_000);
  const email = ADMIN_EMAIL as string;
  const signUp = await request.post('/auth/v1/signup', {
    data: { email, password: PASSWORD, botCheck: await solvedBotCheck(request) },
  });
  // The first run confirms the address; a later one against the same server finds the account made.
  if (signUp.ok() && (await signUp.json()).session === null) {
    await request.get(await verificationLinkFor(request, email, /Confirm/));
  }
  // Signed in through the page's own cookie jar: the role comes with the session.
  const signIn = await page.request.post('/auth/v1/token?grant_type=password', {
    data: { email, password: PASSWORD },
  });
  expect(signIn.ok()).toBe(true);

  await page.goto('/admin/music');
  await expect(page.getByRole('heading', { name: 'Music Manager' })).toBeVisible();
  // The shipped tracks are made in the background at the first start.
  await expect(titles(page)).toHaveCount(3, { timeout: 60_000 });
  expect((await titles(page).allTextContents()).sort()).toEqual(SHIPPED);

  // Upload: one real MP3 and one executable renamed .mp3.
  const song = testInfo.outputPath('Evening Walk.mp3');
  execFileSync('/usr/bin/ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'aevalsrc=0.2*sin(2*PI*330*t):s=44100:d=7'],
    ...['-c:a', 'libmp3lame', song],
  ]);
  const fake = testInfo.outputPath('not-music.mp3');
  execFileSync('cp', ['/usr/bin/true', fake]);
  await page.getByTestId('music-file-input').setInputFiles([song, fake]);
  await expect(page.getByText('Track uploaded successfully')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('not-music.mp3 is not an MP3, WAV, AAC or M4A audio file')).toBeVisible();
  await expect(titles(page).first()).toHaveText('Evening Walk');
  await saveScreenshot(page, testInfo, 'admin-music-uploaded', { fullPage: false });

  // Sort by title both ways, then by duration (the new 7-second track is the shortest).
  await page.getByRole('button', { name: /^Sort by title/ }).click();
  expect(await titles(page).allTextContents()).toEqual(['Evening Walk', ...SHIPPED]);
  await page.getByRole('button', { name: /^Sort by title/ }).click();
  expect(await titles(page).allTextContents()).toEqual([...SHIPPED].reverse().concat('Evening Walk'));
  await page.getByRole('button', { name: /^Sort by duration/ }).click();
  await expect(titles(page).first()).toHaveText('Evening Walk');
  await page.getByRole('button', { name: 'Newest' }).click();

  // Rename inline: Escape cancels, Enter saves.
  await page.getByRole('button', { name: 'Evening Walk Rename' }).click();
  const input = page.getByRole('textbox', { name: 'New title for Evening Walk' });
  await input.fill('Not saved');
  await input.press('Escape');
  await expect(titles(page).first()).toHaveText('Evening Walk');
  await page.getByRole('button', { name: 'Evening Walk Rename' }).click();
  await input.fill('  Evening Stroll  ');
  await input.press('Enter');
  await expect(page.getByText('Track updated successfully')).toBeVisible();
  await expect(titles(page).first()).toHaveText('Evening Stroll');

  // Public switch.
  const publicSwitch = page.getByRole('switch', { name: 'Public: Evening Stroll' });
  await expect(publicSwitch).toHaveAttribute('aria-checked', 'true');
  await publicSwitch.click();
  await expect(publicSwitch).toHaveAttribute('aria-checked', 'false');

  // One preview at a time.
  await page.getByRole('button', { name: 'Play Morning Light' }).click();
  await expect(page.getByRole('button', { name: 'Pause Morning Light' })).toBeVisible();
  await page.getByRole('button', { name: 'Play Soft Horizon' }).click();
  await expect(page.getByRole('button', { name: 'Pause Soft Horizon' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play Morning Light' })).toBeVisible();
  // The signed URL played (a refused one toasts and turns the button back).
  await expect(page.getByRole('button', { name: 'Pause Soft Horizon' })).toBeVisible();
  await expect(page.getByText('Failed to play audio track')).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'admin-music', { fullPage: false });
  await page.getByRole('button', { name: 'Pause Soft Horizon' }).click();

  // Delete with confirmation.
  await page.getByRole('button', { name: 'Delete Evening Stroll' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Track deleted successfully')).toBeVisible();
  await expect(titles(page)).toHaveCount(3);
  const listHeight = await page.getByTestId('music-track-list').evaluate((list) => list.clientHeight);
  expect(listHeight).toBeLessThanOrEqual(380);
});
