import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { createProject, dismissAccountPrompt } from './guest.js';
import { saveScreenshot } from './screenshots.js';
import { upgradeGuestProject } from './stripe-webhook.js';

/** Issue 38 item 1: the plan table's AI editing and video length, enforced by the services and explained by the SPA. */

const VIEWPORT = { fullPage: false };
const AI_UPGRADE =
  'AI photo editing is not included in the free plan. Upgrade your project to enhance photos and remove backgrounds.';
/** Remember allows 10 minutes: 61 photos of 10 s are 10:10 (videoLengthMessages.tooLong). */
const TOO_LONG =
  'Your video is 10:10 long, but the Remember plan allows up to 10 minutes. Upgrade your project for a longer video, or use fewer photos or a shorter duration per photo.';

/** A small photo, different for every index. */
function photoJpeg(index: number): Promise<Buffer> {
  const hue = (index * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120">
    <rect width="100%" height="100%" fill="hsl(${hue},60%,55%)"/>
    <circle cx="60" cy="50" r="28" fill="hsl(${(hue + 180) % 360},70%,70%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function upload(page: Page, count: number) {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `photo-${String(index + 1).padStart(2, '0')}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await photoJpeg(index),
    })),
  );
  await page.getByTestId('photo-file-input').setInputFiles(files);
  await expect(page.getByText(`Successfully uploaded ${count} photo(s)`)).toBeVisible({ timeout: 240_000 });
}

/** The SPA's bearer token (kept in memory only), read off its next GraphQL request. */
async function bearerOf(page: Page, trigger: () => Promise<unknown>): Promise<string> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/graphql') && Boolean(r.headers().authorization)),
    trigger(),
  ]);
  return request.headers().authorization as string;
}

async function graphql(page: Page, authorization: string, query: string, variables: Record<string, unknown>) {
  const response = await page.request.post('/graphql', {
    data: { query, variables },
    headers: { authorization },
  });
  return (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions: { code: string } }[];
  };
}

async function newGuestProject(page: Page, name: string): Promise<string> {
  await page.goto('/dashboard');
  await expect(page.getByRole('dialog', { name: 'Create a FREE Account' })).toBeVisible({ timeout: 120_000 });
  await dismissAccountPrompt(page);
  return createProject(page, name);
}

test('a FREE project: Enhance and Remove Background both lead to the upgrade, and the service refuses both', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const projectId = await newGuestProject(page, 'Free plan');
  await upload(page, 1);

  await page.goto(`/project/${projectId}/edit`);
  const card = page.getByRole('article', { name: 'photo-01.jpg' });
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Project' });
  for (const [button, dialog] of [
    ['Enhance', 'AI Photo Enhancement'],
    ['Remove Background', 'Background Removal'],
  ] as const) {
    await expect(card.getByRole('button', { name: button }).getByTestId('upgrade-crown')).toBeVisible({
      timeout: 30_000,
    });
    await card.getByRole('button', { name: button }).click();
    await expect(upgrade).toBeVisible();
    await expect(upgrade.getByTestId('upgrade-reason')).toHaveText(AI_UPGRADE);
    await expect(upgrade.getByRole('button', { name: 'Upgrade to Remember' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('dialog', { name: dialog })).toHaveCount(0);
    if (button === 'Enhance') await saveScreenshot(page, testInfo, 'plans-ai-upgrade-dialog', VIEWPORT);
    await page.keyboard.press('Escape');
    await expect(upgrade).toBeHidden();
  }

  // Through the public API: both kinds refused for the free project, nothing queued.
  const authorization = await bearerOf(page, () => page.reload());
  const photos = await graphql(
    page,
    authorization,
    'query ($projectId: ID!) { photos(projectId: $projectId) { id } }',
    {
      projectId,
    },
  );
  const photoId = ((photos.data?.photos ?? []) as { id: string }[])[0]?.id;
  expect(photoId).toBeTruthy();
  for (const kind of ['ENHANCE', 'REMOVE_BACKGROUND']) {
    const refused = await graphql(
      page,
      authorization,
      `mutation ($photoId: ID!) { startPhotoEdit(photoId: $photoId, kind: ${kind}) { id } }`,
      { photoId },
    );
    expect(refused.errors?.[0]).toMatchObject({
      message: AI_UPGRADE,
      extensions: { code: 'UPGRADE_REQUIRED' },
    });
  }
});

test("a render longer than the plan's minutes is refused with its message and the upgrade", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', '61 photos once; the 375 px view is shot within');
  test.setTimeout(600_000);
  const projectId = await newGuestProject(page, 'Long video');
  await upgradeGuestProject(page, projectId, 'remember', 1900);
  // The paid tier reaches projects through billing's event: Remember's 100 photos then fit.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/of 100 photos/).first()).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
  await upload(page, 61);

  // Design: 61 × 10 s = 10:10 against Remember's 10:00, warned before any render.
  await page.goto(`/project/${projectId}/design`);
  const slider = page.getByLabel('Duration Per Photo (seconds)');
  await slider.fill('10');
  await expect(page.getByTestId('total-duration')).toHaveText('10:10');
  await expect(page.getByTestId('video-length-limit')).toHaveText('10:10 of 10:00 (Remember plan)');
  await expect(page.getByTestId('video-too-long')).toContainText(TOO_LONG);
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, testInfo, 'plans-design-over-limit', VIEWPORT);

  // Download: Generate is refused by the render service, with its message and the upgrade action.
  await page.goto(`/project/${projectId}/download`);
  const generate = page.getByRole('button', { name: 'Generate Video' });
  await expect(generate).toBeVisible({ timeout: 30_000 });
  const authorization = await bearerOf(page, () => generate.click());
  const alert = page.getByTestId('video-too-long');
  await expect(alert).toContainText(TOO_LONG);
  await expect(page.getByText('Started generating your video')).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'plans-render-over-limit', VIEWPORT);
  await page.setViewportSize({ width: 375, height: 812 });
  await alert.scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'plans-render-over-limit-375', VIEWPORT);
  await page.setViewportSize({ width: 1440, height: 900 });

  await alert.getByRole('button', { name: 'Upgrade for longer videos' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Project' });
  await expect(upgrade.getByTestId('upgrade-reason')).toHaveText(TOO_LONG);
  await expect(upgrade.getByRole('button', { name: 'Upgrade to Honor' })).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, testInfo, 'plans-length-upgrade-dialog', VIEWPORT);

  // The API answers the same refusal, and no render was made.
  const refused = await graphql(
    page,
    authorization,
    'mutation ($projectId: ID!) { startRender(projectId: $projectId) { renderId } }',
    {
      projectId,
    },
  );
  expect(refused.errors?.[0]).toMatchObject({
    message: TOO_LONG,
    extensions: { code: 'VIDEO_TOO_LONG', details: { seconds: 610, limitSeconds: 600 } },
  });
  const renders = await graphql(
    page,
    authorization,
    'query ($projectId: ID!) { renders(projectId: $projectId) { renderId } }',
    {
      projectId,
    },
  );
  expect(renders.data?.renders).toEqual([]);
});
