import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { accountButton, openAccountMenu, signOut } from './account-menu.js';
import { solvedBotCheck } from './bot-check.js';
import { freshAddress, verificationLinkFor } from './dev-mail.js';
import { saveScreenshot } from './screenshots.js';

/**
 * Issue 38, item 4: two-factor sign-in with an authenticator app. The test is the app: it makes
 * the codes with otplib from the secret the settings page shows.
 */

const PASSWORD = 'Memories-2024!';
const VIEWPORT = { fullPage: false };

/** Password sign-in on /login: the code step follows. */
async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step.getByText('Enter the six-digit code from your authenticator app.')).toBeVisible();
  return step;
}

/** The app's code `stepsAhead` 30-second steps from now (a code once accepted is not taken again). */
const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

async function wrongCode(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-1, 0, 1, 2].map((step) => codeFor(secret, step))));
  return ['000000', '111111', '222222', '333333', '444444'].find((code) => !near.has(code)) ?? '555555';
}

const claimsOf = (accessToken: string) =>
  JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

test('enrol an authenticator app, then sign in with password + code; wrong codes are refused and limited; a recovery code works once', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = freshAddress('totp', testInfo.project.name);
  const signedUp = await request.post('/auth/v1/signup', {
    data: { email, password: PASSWORD, botCheck: await solvedBotCheck(request) },
  });
  // On a crowded machine the gateway may stop waiting (504) while auth still finishes the sign-up and
  // sends its mail: the mail below is what this test needs.
  expect([200, 504]).toContain(signedUp.status());
  // The confirmation link signs the new account in (no redirect was asked for: it lands on /).
  await page.goto(await verificationLinkFor(request, email, /Confirm your Memoreel account/));
  await expect(accountButton(page)).not.toHaveAttribute('data-anonymous', 'true');

  // Settings, from the account menu.
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
  await saveScreenshot(page, testInfo, 'settings-two-factor-off');

  // Enrol: QR code and secret, then a code from the app confirms it.
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await saveScreenshot(page, testInfo, 'settings-two-factor-enrol');
  const confirm = page.getByRole('form', { name: 'Verify and turn on' });
  await confirm.getByLabel('Enter the six-digit code from the app to finish').fill(await codeFor(secret));
  await confirm.getByRole('button', { name: 'Verify and turn on' }).click();

  // Recovery codes, shown once.
  const codeList = page.getByTestId('recovery-codes');
  await expect(codeList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await codeList.getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(recoveryCodes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  await expect(page.getByRole('button', { name: 'Download codes' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'settings-recovery-codes');
  await page.getByRole('button', { name: "I've saved my codes" }).click();
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Authenticator app' })).toBeVisible();
  await expect(codeList).toBeHidden();

  // Sign out, sign in with the password: the code is asked for; a wrong one is refused.
  await signOut(page);
  let step = await signInWithPassword(page, email);
  await saveScreenshot(page, testInfo, 'sign-in-code-step', VIEWPORT);
  const bad = await wrongCode(secret);
  await step.getByLabel('Authentication code').fill(bad);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByRole('alert')).toHaveText(
    'Invalid code. Please check your authenticator app and try again.',
  );
  await expect(accountButton(page)).toBeHidden();

  // The right code: aal2 (the tokens say so) and the dashboard.
  const verified = page.waitForResponse((response) =>
    /\/auth\/v1\/factors\/[^/]+\/verify$/.test(response.url()),
  );
  await step.getByLabel('Authentication code').fill(await codeFor(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  const answer = (await (await verified).json()) as { session: { accessToken: string } };
  expect(claimsOf(answer.session.accessToken)).toMatchObject({ aal: 'aal2', mfa_pending: false });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Wrong codes until the limit (5 per factor, refilled one a minute): then even the right code must wait.
  await signOut(page);
  step = await signInWithPassword(page, email);
  const invalid = 'Invalid code. Please check your authenticator app and try again.';
  const limited = 'Too many wrong codes. Please wait a few minutes before trying again.';
  let refusals = 0;
  for (; refusals < 10; refusals++) {
    await step.getByLabel('Authentication code').fill(bad);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByRole('button', { name: 'Verify' })).toBeEnabled();
    await expect(step.getByRole('alert')).toBeVisible();
    const said = await step.getByRole('alert').textContent();
    expect([invalid, limited]).toContain(said);
    if (said === limited) break;
  }
  expect(refusals).toBeGreaterThanOrEqual(4);
  expect(refusals).toBeLessThan(10);
  await step.getByLabel('Authentication code').fill(await codeFor(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByRole('alert')).toHaveText(limited);
  await saveScreenshot(page, testInfo, 'sign-in-code-rate-limited', VIEWPORT);

  // A recovery code still gets in, once.
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await step.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await signOut(page);
  step = await signInWithPassword(page, email);
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await step.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByRole('alert')).toHaveText('Invalid recovery code. Each code can be used only once.');
  await step.getByLabel('Recovery code').fill(recoveryCodes[1] ?? '');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
