import { expect, test } from '@playwright/test';
import { createProject, createProjectAs, dismissAccountPrompt, openDashboardAsGuest } from './guest.js';
import { saveScreenshot } from './screenshots.js';

/** Dialogs are fixed to the viewport; a full-page capture would shrink them. */
const VIEWPORT = { fullPage: false };

test('create, rename and delete a project', async ({ page }, testInfo) => {
  await openDashboardAsGuest(page);
  await expect(page.getByText("You don't have any projects yet.")).toBeVisible();
  await saveScreenshot(page, testInfo, 'dashboard-empty');

  await page.getByRole('button', { name: 'Create New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Project' });
  await expect(dialog.getByText('Using 0 of 10 available projects')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
  await dialog.getByLabel('Project name').fill('Grandma Rose');
  await saveScreenshot(page, testInfo, 'dialog-create-project', VIEWPORT);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\/photos$/);
  await expect(page.getByText('Project created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add Your Photos' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'project-sidebar', VIEWPORT);
  if (testInfo.project.name === 'mobile') {
    await page.getByRole('button', { name: /Step 1 of 9: Add Photos/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Project Navigation' });
    await expect(drawer.getByText('Please add at least one photo before proceeding')).toBeVisible();
    await saveScreenshot(page, testInfo, 'project-drawer', VIEWPORT);
    await drawer.getByRole('link', { name: 'Back to Dashboard' }).click();
  } else {
    const sidebar = page.getByRole('complementary', { name: 'Project sidebar' });
    await expect(sidebar.getByText('Grandma Rose')).toBeVisible();
    await expect(sidebar.getByRole('button', { name: /Sort Photos/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await sidebar.getByRole('link', { name: 'Back to Dashboard' }).click();
  }

  await dismissAccountPrompt(page);
  const card = page.getByRole('button', { name: 'Open Grandma Rose' });
  await expect(card).toBeVisible();
  await expect(card.getByText('No photos added yet')).toBeVisible();
  await expect(card.getByText('0 photos')).toBeVisible();
  await saveScreenshot(page, testInfo, 'dashboard-projects');

  await card.getByRole('button', { name: 'Rename Grandma Rose' }).click();
  const nameField = card.getByRole('textbox', { name: 'Project name' });
  await nameField.fill('Rose at 90');
  await nameField.press('Enter');
  await expect(page.getByText('Project renamed successfully')).toBeVisible();
  const renamed = page.getByRole('button', { name: 'Open Rose at 90' });
  await expect(renamed.getByRole('heading', { name: 'Rose at 90' })).toBeVisible();

  await renamed.getByRole('button', { name: 'Upgrade' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Project' });
  await expect(upgrade.getByRole('button', { name: 'Upgrade to Remember' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'dialog-upgrade', VIEWPORT);
  await page.keyboard.press('Escape');

  await renamed.hover();
  await renamed.getByRole('button', { name: 'Delete Rose at 90' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Project' });
  await expect(
    confirm.getByText('Are you sure you want to delete "Rose at 90"? This action cannot be undone.'),
  ).toBeVisible();
  await saveScreenshot(page, testInfo, 'dialog-delete-project', VIEWPORT);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Project deleted')).toBeVisible();
  await expect(page.getByText("You don't have any projects yet.")).toBeVisible();
});

test('ten projects fill the limit', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'The limit is the same on every screen; once is enough.');
  await openDashboardAsGuest(page);
  // Nine through the API as this guest (the dialog is the spec above's), the tenth through the dialog.
  const session = await page.request.post('/auth/v1/token?grant_type=refresh_token');
  expect(session.ok()).toBe(true);
  const { accessToken } = await session.json();
  for (let number = 1; number <= 9; number++) {
    await createProjectAs(page.request, accessToken, `Memories ${number}`);
  }
  await page.reload();
  await dismissAccountPrompt(page);
  await expect(page.getByRole('button', { name: /^Open Memories/ })).toHaveCount(9);
  await createProject(page, 'Memories 10');
  await page.goto('/dashboard');
  await dismissAccountPrompt(page);
  await expect(page.getByRole('button', { name: /^Open Memories/ })).toHaveCount(10);
  const create = page.getByRole('button', { name: 'Create New Project' });
  await expect(create).toBeDisabled();
  await create.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('You have reached the limit of 10 projects');
  await saveScreenshot(page, testInfo, 'dashboard-project-limit', VIEWPORT);

  await page.goto('/projects');
  await dismissAccountPrompt(page);
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await expect(page.getByText('Click on a project to open it')).toBeVisible();
  await saveScreenshot(page, testInfo, 'projects-page');
});

test('a newcomer on /projects gets a first project and lands on its photos', async ({ page }) => {
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\/photos$/, { timeout: 30_000 });
  await expect(page.getByText('Created your first project')).toBeVisible();
});

test('the sidebar stays collapsed across a reload, and Ctrl+B opens it again', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'Phones use the step pill and drawer instead.');
  await openDashboardAsGuest(page);
  await createProject(page, 'Summer 1975');
  const sidebar = page.getByRole('complementary', { name: 'Project sidebar' });
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  // The width animates: wait for it to settle.
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
  await saveScreenshot(page, testInfo, 'project-sidebar-collapsed', VIEWPORT);

  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(208);
});

test('an unknown project says so, with a way back', async ({ page }, testInfo) => {
  await openDashboardAsGuest(page);
  await page.goto('/project/00000000-0000-4000-8000-000000000000/photos');
  await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText('This project may have been deleted or you may not have access to it.'),
  ).toBeVisible();
  await saveScreenshot(page, testInfo, 'project-not-found');
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a visitor without a session who opens a project is sent to the landing page', async ({ page }) => {
  await page.goto('/project/00000000-0000-4000-8000-000000000000/photos');
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Turn cherished photos');
  // No guest session was made on the way.
  expect(await page.evaluate(() => localStorage.getItem('anonymousUserId'))).toBeNull();
});
