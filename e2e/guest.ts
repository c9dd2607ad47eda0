import { expect, type Page } from '@playwright/test';

/** Guests are asked to create an account on the dashboard; most specs say "Not Now". */
export async function dismissAccountPrompt(page: Page): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Create a FREE Account' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await prompt.getByRole('button', { name: 'Not Now' }).click();
  await expect(prompt).toBeHidden();
}

/** A visitor becomes a guest on /dashboard, and guests are first asked to create an account. */
export async function openDashboardAsGuest(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await dismissAccountPrompt(page);
}

/** Creates a project from the dashboard's Create dialog and lands on its photos; answers its id. */
export async function createProject(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Project' });
  await dialog.getByLabel('Project name').fill(name);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\/photos$/);
  return /\/project\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
}
