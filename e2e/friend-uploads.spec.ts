import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { createProject, openDashboardAsGuest } from './guest.js';

/** A small JPEG, different for every index. */
async function photo(index: number) {
  const buffer = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: (index * 70) % 256, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  return { name: `friend-${index}.jpg`, mimeType: 'image/jpeg', buffer };
}

const bellCount = (page: Page) => page.getByTestId('notifications-count');

/**
 * Milliseconds from the friend's complete call answering (their photos stored) to the owner's bell
 * showing `count`: the owner's page notes the moment its badge changes (a MutationObserver, no
 * polling), the visitor's the moment the complete reply arrives; both read the same clock.
 */
async function bellLatency(
  owner: Page,
  visitor: Page,
  files: Awaited<ReturnType<typeof photo>>[],
  count: number,
) {
  await owner.evaluate((expected) => {
    const state = window as unknown as { bellAt?: Promise<number> };
    state.bellAt = new Promise<number>((resolve) => {
      const check = () => {
        if (document.querySelector('[data-testid="notifications-count"]')?.textContent === String(expected)) {
          observer.disconnect();
          resolve(Date.now());
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      check();
    });
  }, count);
  const completed = visitor.waitForResponse(
    (response) => response.request().postData()?.includes('completeFriendPhotoUploads') ?? false,
  );
  await visitor.getByTestId('photo-file-input').setInputFiles(files);
  await completed;
  const completedAt = Date.now();
  await expect(visitor.getByTestId('friend-upload-done')).toContainText('The owner will review them', {
    timeout: 60_000,
  });
  await expect(bellCount(owner)).toHaveText(String(count), { timeout: 60_000 });
  const bellAt = await owner.evaluate(() => (window as unknown as { bellAt: Promise<number> }).bellAt);
  return bellAt - completedAt;
}

test('a friend uploads through a link; the owner sees it live, accepts two and rejects one', async ({
  browser,
  page: owner,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'Two browsers on one machine: once is enough.');
  test.setTimeout(240_000);
  await openDashboardAsGuest(owner);
  const projectId = await createProject(owner, 'Grandma turns 90');

  // The owner makes a link on step 1.
  await owner.getByRole('button', { name: 'Create upload link' }).click();
  const linkText = owner.getByRole('list', { name: 'Upload links' }).locator('code').first();
  await expect(linkText).toContainText('/shared-upload/');
  const link = new URL((await linkText.textContent()) as string).pathname;

  // A visitor with no session: the invitation, the bot check (a guest session), then the dropzone.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByTestId('shared-upload-invite')).toContainText('"Grandma turns 90"');
  await expect(visitor.getByTestId('photo-file-input')).toBeAttached({ timeout: 60_000 });

  const samples = [await bellLatency(owner, visitor, await Promise.all([1, 2, 3].map(photo)), 3)];
  // Still not reloaded: the pending photos show apart from the accepted ones.
  const pending = owner.getByTestId('pending-photo');
  await expect(pending).toHaveCount(3);
  await expect(owner.getByText('0 photo(s) in project')).toBeVisible();

  await owner.getByRole('button', { name: 'Accept friend-1.jpg' }).click();
  await expect(pending).toHaveCount(2);
  await owner.getByRole('button', { name: 'Accept friend-2.jpg' }).click();
  await expect(pending).toHaveCount(1);
  await owner.getByRole('button', { name: 'Reject friend-3.jpg' }).click();
  await expect(pending).toHaveCount(0);
  await expect(owner.getByText('2 photo(s) in project')).toBeVisible();
  await expect(bellCount(owner)).toHaveCount(0);

  // More samples of the push's latency, one photo at a time.
  for (const index of [4, 5])
    samples.push(await bellLatency(owner, visitor, [await photo(index)], index - 3));
  testInfo.annotations.push({ type: 'bell latency ms', description: samples.join(', ') });
  console.log(`friend upload → owner bell (ms): ${samples.join(', ')}`);

  // The bell lists the project and leads to its photos.
  await bellCount(owner).click();
  await owner.getByRole('link', { name: /new photos? from friends in Grandma turns 90/ }).click();
  await expect(owner).toHaveURL(new RegExp(`/project/${projectId}/photos$`));

  // Once deactivated, the page and the server refuse the link.
  await owner.getByRole('button', { name: 'Deactivate' }).click();
  await expect(owner.getByText('Deactivated')).toBeVisible();
  await visitor.getByTestId('photo-file-input').setInputFiles([await photo(6)]);
  await expect(visitor.getByText('Invalid or expired upload link')).toBeVisible({ timeout: 30_000 });
  await visitor.reload();
  await expect(visitor.getByText('Invalid or expired upload link')).toBeVisible();
  await visitorContext.close();
});
