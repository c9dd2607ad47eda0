import { expect, type Page, test } from '@playwright/test';
import { accountButton, openAccountMenu, signOut } from './account-menu.js';
import { solvedBotCheck } from './bot-check.js';
import { freshAddress, verificationLinkFor } from './dev-mail.js';
import { saveScreenshot } from './screenshots.js';

const PASSWORD = 'Memories-2024!';
/** Dialogs and menus are fixed to the viewport; a full-page capture would shrink them. */
const VIEWPORT = { fullPage: false };
const NEW_PASSWORD = 'Kept-Forever-2025!';

/** The auth modal; the theme picker is a dialog too, so it is found by its heading. */
const authModal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

async function signInOnLoginPage(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a new account: sign up, confirm by e-mail, sign in, sign out', async ({ page, request }, testInfo) => {
  const email = freshAddress('ada', testInfo.project.name);
  await page.goto('/features');

  await page.getByRole('button', { name: 'Sign In' }).click();
  const signIn = authModal(page, 'Welcome Back');
  await expect(signIn.getByText('Sign in to access your videos and projects')).toBeVisible();
  await saveScreenshot(page, testInfo, 'modal-sign-in', VIEWPORT);
  await signIn.getByRole('button', { name: "Don't have an account? Sign up" }).click();

  const signUp = authModal(page, 'Create Your Account');
  await expect(signUp.getByText('Google or email authentication available')).toBeVisible();
  await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(signUp.getByText('Please enter a valid email address')).toBeVisible();
  await saveScreenshot(page, testInfo, 'modal-sign-up', VIEWPORT);
  await signUp.getByLabel('Email address').fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(signUp.getByText('Check your email for the confirmation link')).toBeVisible();
  await expect(page.getByText('Please check your email to confirm your account')).toBeVisible();

  await page.goto(await verificationLinkFor(request, email, /Confirm your Memoreel account/));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const menu = await openAccountMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await page.keyboard.press('Escape');

  await signOut(page, { landing: true });
  await signInOnLoginPage(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await saveScreenshot(page, testInfo, 'dashboard-signed-in');
  await signOut(page, { landing: true });

  // Signed out for real: the session does not come back with a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a guest from Get Started keeps the same id after converting to an account', async ({
  page,
  request,
}, testInfo) => {
  const email = freshAddress('grace', testInfo.project.name);
  await page.goto('/');

  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText('Setting up your workspace...')).toBeVisible();
  await expect(page.getByText('This will only take a moment')).toBeVisible();
  await saveScreenshot(page, testInfo, 'get-started-overlay', VIEWPORT);
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\/photos$/, { timeout: 30_000 });

  await expect(accountButton(page)).toHaveAttribute('data-anonymous', 'true');
  const guestId = await accountButton(page).getAttribute('data-user-id');
  expect(guestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => localStorage.getItem('anonymousUserId'))).toBe(guestId);

  const menu = await openAccountMenu(page);
  await expect(menu.getByText('Anonymous User')).toBeVisible();
  await saveScreenshot(page, testInfo, 'avatar-menu-guest', VIEWPORT);
  await menu.getByRole('menuitem', { name: 'Create Account' }).click();

  const convert = authModal(page, 'Create Account');
  await expect(convert.getByText('Takes less than a minute')).toBeVisible();
  await saveScreenshot(page, testInfo, 'modal-convert', VIEWPORT);
  await convert.getByLabel('Email address').fill(email);
  await convert.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await convert.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect(convert).toBeHidden();

  await page.goto(await verificationLinkFor(request, email, /./));
  await expect(accountButton(page)).toBeEnabled();
  await expect(accountButton(page)).not.toHaveAttribute('data-anonymous', 'true');
  await expect(accountButton(page)).toHaveAttribute('data-user-id', guestId as string);
  const accountMenu = await openAccountMenu(page);
  await expect(accountMenu.getByText(email)).toBeVisible();
  await saveScreenshot(page, testInfo, 'avatar-menu', VIEWPORT);
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => localStorage.getItem('anonymousUserId'))).toBeNull();
});

test('a forgotten password is reset by e-mail and the new one signs in', async ({
  page,
  request,
}, testInfo) => {
  // The auth service sends one mail per address a minute, and the account's confirmation just went out:
  // the minute is waited out once (desktop); the reset screens are also shot at 375 px within.
  test.skip(testInfo.project.name !== 'desktop', 'the mail minute is waited out once; 375 px shots within');
  test.setTimeout(150_000);
  const email = freshAddress('rosalind', testInfo.project.name);
  // An existing, confirmed account, made through the API.
  const signUp = await request.post('/auth/v1/signup', {
    data: { email, password: PASSWORD, botCheck: await solvedBotCheck(request) },
  });
  expect(signUp.ok()).toBe(true);
  expect((await request.get(await verificationLinkFor(request, email, /Confirm/))).ok()).toBe(true);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to Memoreel' })).toBeVisible();
  await expect(page.getByText('Sign in to start creating amazing videos')).toBeVisible();
  await saveScreenshot(page, testInfo, 'login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email address').fill(email);
  const sendReset = page.getByRole('button', { name: 'Send reset instructions' });
  await sendReset.click();
  // Within the minute the server's answer shows under the form; once it has passed, the mail goes out.
  // The request waits for the form's proof-of-work bot check ("Preparing verification…"), which a
  // busy 2-core machine can take several seconds to solve.
  await expect(page.getByRole('alert')).toHaveText(
    'For security purposes, you can only request this after 60 seconds.',
    { timeout: 30_000 },
  );
  await saveScreenshot(page, testInfo, 'forgotten-password-rate-limited');
  await page.setViewportSize({ width: 375, height: 812 });
  await saveScreenshot(page, testInfo, 'forgotten-password-rate-limited-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(async () => {
    await sendReset.click();
    await expect(page.getByText('Check your email for the password reset link')).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 90_000, intervals: [10_000] });

  await page.goto(await verificationLinkFor(request, email, /Reset your Memoreel password/));
  const update = authModal(page, 'Choose a new password');
  await expect(update).toBeVisible();
  await saveScreenshot(page, testInfo, 'modal-update-password', VIEWPORT);
  await page.setViewportSize({ width: 375, height: 812 });
  await saveScreenshot(page, testInfo, 'modal-update-password-375', VIEWPORT);
  await page.setViewportSize({ width: 1440, height: 900 });
  await update.getByLabel('New password').fill(NEW_PASSWORD);
  await update.getByRole('button', { name: 'Update password' }).click();

  const signIn = authModal(page, 'Welcome Back');
  await expect(signIn.getByText('Your password has been updated')).toBeVisible();
  await page.keyboard.press('Escape');
  await signOut(page, { landing: true });

  await signInOnLoginPage(page, email, PASSWORD);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(
    'Invalid login credentials',
  );
  await signInOnLoginPage(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a login-required screen makes a visitor a guest after the bot check', async ({ page }) => {
  await page.goto('/dashboard');

  // Only a guest is asked to create a free account: the prompt itself shows the bot check made one.
  const prompt = page.getByRole('dialog', { name: 'Create a FREE Account' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await prompt.getByRole('button', { name: 'Not Now' }).click();
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await expect(accountButton(page)).toHaveAttribute('data-anonymous', 'true');
});
