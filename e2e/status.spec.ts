import { expect, test } from '@playwright/test';
import { solvedBotCheck } from './bot-check.js';
import { freshAddress, verificationLinkFor } from './dev-mail.js';
import { saveScreenshot } from './screenshots.js';

const HOPS = [
  'Recorded by the projects service',
  'Delivered through the event stream',
  'Consumed by the sharing service, pushed live',
];

test('the system check sends a probe through every hop and sees it come back live', async ({
  page,
  request,
}, testInfo) => {
  // Reached from the public site's footer: a visitor sees what is up, and is asked to sign in to probe.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'System status' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { name: 'System check' })).toBeVisible();
  await expect(page.getByText('All systems ready.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in to run the check' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run system check' })).toHaveCount(0);

  // An account holder (confirmed through the API; the link signs this page in) runs it.
  const email = freshAddress('status', testInfo.project.name);
  const signUp = await request.post('/auth/v1/signup', {
    data: { email, password: 'Status-Check-2026!', botCheck: await solvedBotCheck(request) },
  });
  expect(signUp.ok()).toBe(true);
  await page.goto(await verificationLinkFor(request, email, /Confirm/));
  // The link signs the browser in and ends on the app (the home page when sign-up named no page).
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/status');
  await expect(page.getByText('All systems ready.')).toBeVisible();

  await page.getByRole('button', { name: 'Run system check' }).click();

  // The page itself gives up after 10 s; wait a little longer so its own message would show in the trace.
  await expect(page.getByText(/All three hops completed in \d+ ms\./)).toBeVisible({ timeout: 15_000 });
  for (const hop of HOPS) {
    await expect(page.getByRole('listitem').filter({ hasText: hop })).toHaveAttribute('data-state', 'done');
  }
  await saveScreenshot(page, testInfo, 'status');
});
