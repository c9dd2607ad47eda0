import { expect, type Page } from '@playwright/test';

/** The header's account menu button (signed-in users and guests). */
export const accountButton = (page: Page) => page.getByRole('button', { name: 'Account menu' });

/** Opens the account menu once the session check has enabled it. */
export async function openAccountMenu(page: Page) {
  await expect(accountButton(page)).toBeEnabled();
  await accountButton(page).click();
  return page.getByRole('menu', { name: 'Account menu' });
}

/** Signs out through the account menu; `landing` also expects the landing page afterwards. */
export async function signOut(page: Page, { landing = false } = {}) {
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  if (landing) await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}
