import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** Creates a project through GraphQL for the holder of `token`; answers its id. */
export async function createProjectAs(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<string> {
  const answer = await request.post('/graphql', {
    headers: { authorization: `Bearer ${token}` },
    data: { query: 'mutation ($name: String!) { createProject(name: $name) { id } }', variables: { name } },
  });
  const body = await answer.json();
  expect(body.errors).toBeUndefined();
  return body.data.createProject.id;
}
