import { expect, test } from '@playwright/test';
import { createProject, dismissAccountPrompt, openDashboardAsGuest } from './guest.js';
import { saveScreenshot } from './screenshots.js';
import { deliverPaidCheckout } from './stripe-webhook.js';

test('a paid checkout upgrades the project and shows in the purchase history', async ({ page }, testInfo) => {
  await openDashboardAsGuest(page);
  const projectId = await createProject(page, 'Grandpa Joe');
  const userId = await page.evaluate(() => localStorage.getItem('anonymousUserId'));
  expect(userId).toBeTruthy();

  // A forged signature is refused and changes nothing; Stripe's own is accepted.
  const forged = await page.request.post('/billing/v1/webhooks/stripe', {
    data: '{"type":"checkout.session.completed"}',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
  });
  expect(forged.status()).toBe(400);
  expect(
    await deliverPaidCheckout(page.request, {
      projectId,
      userId: userId!,
      productId: 'honor',
      amountCents: 3900,
    }),
  ).toBe(200);

  // Back from checkout: thanked, and the project shows its new tier once projects has taken the event.
  await expect(async () => {
    await page.goto(`/dashboard?success=true&projectId=${projectId}&product=honor`);
    await dismissAccountPrompt(page);
    await expect(page.getByText('Project upgraded to Honor!')).toBeVisible();
    const card = page.getByRole('button', { name: 'Open Grandpa Joe' });
    await expect(card.getByText('Honor')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  const mobile = testInfo.project.name === 'mobile';
  await page
    .getByRole('tablist', { name: 'Dashboard' })
    .getByRole('tab', { name: mobile ? 'Purchases' : /Purchases/ })
    .click();
  const row = page.getByRole('list', { name: 'Purchases' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Honor upgrade')).toBeVisible();
  await expect(row.getByRole('link', { name: 'Grandpa Joe' })).toHaveAttribute(
    'href',
    `/project/${projectId}/photos`,
  );
  await expect(row.getByText('$39')).toBeVisible();
  await saveScreenshot(page, testInfo, 'dashboard-purchases');
});
