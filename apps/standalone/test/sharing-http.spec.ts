import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authService } from '@memoreel/auth';
import { mediaService } from '@memoreel/media';
import { projectsService } from '@memoreel/projects';
import { sharingService } from '@memoreel/sharing';
import { eventually } from '@memoreel/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayStack, startGatewayStack } from './gateway-stack.js';
import { guestSession } from './guest-session.js';

/**
 * Sharing end to end over HTTP: real sessions (auth), projects, media (local storage served at
 * /storage), sharing and the gateway serving a web build's shell — what a chat app's crawler and
 * an anonymous visitor get.
 */

type GraphQLResult = {
  // biome-ignore lint/suspicious/noExplicitAny: the operations' shapes are asserted field by field
  data?: Record<string, any> | null;
  errors?: { message: string; extensions: { code: string } }[];
};

const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="Memoreel turns your photos into memorial and celebration videos." />
<title>Memoreel</title></head><body><div id="root"></div></body></html>`;

describe('sharing over HTTP (auth + projects + sharing + gateway)', () => {
  let stack: GatewayStack;
  let baseUrl: string;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = mkdtempSync(join(tmpdir(), 'memoreel-web-'));
    writeFileSync(join(webDistDir, 'index.html'), SHELL);
    stack = await startGatewayStack({
      name: 'sharing-http',
      services: [authService, projectsService, mediaService, sharingService],
      localStorage: true,
      webDistDir,
    });
    baseUrl = stack.baseUrl;
  });

  afterAll(async () => {
    await stack?.close();
    if (webDistDir) rmSync(webDistDir, { recursive: true, force: true });
  });

  async function graphql(
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return { response, body: (await response.json()) as GraphQLResult };
  }

  async function sharedProject(settings: Record<string, unknown>) {
    const token = await guestSession(baseUrl);
    const auth = { authorization: `Bearer ${token}` };
    const created = await graphql('mutation { createInitialProject { project { id } } }', {}, auth);
    const projectId = created.body.data?.createInitialProject.project.id as string;
    const share = await graphql(
      'mutation ($p: ID!, $s: ShareSettingsInput!) { createShare(projectId: $p, settings: $s) { id shareTitle viewCount } }',
      { p: projectId, s: settings },
      auth,
    );
    expect(share.body.errors).toBeUndefined();
    return { auth, projectId, shareId: share.body.data?.createShare.id as string };
  }

  /** Uploads photos as the photos step does (request, PUT to /storage, complete) and waits for their thumbnails. */
  async function uploadPhotos(auth: Record<string, string>, projectId: string, colours: string[]) {
    const files = await Promise.all(
      colours.map((background, index) =>
        sharp({ create: { width: 900 + index * 10, height: 600, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const plan = await graphql(
      `mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
        requestPhotoUploads(projectId: $projectId, files: $files) { slots { uploadId fileIndex url headers { name value } } }
      }`,
      {
        projectId,
        files: files.map((bytes, i) => ({
          name: `photo-${i}.jpg`,
          size: bytes.length,
          contentType: 'image/jpeg',
        })),
      },
      auth,
    );
    expect(plan.body.errors).toBeUndefined();
    const slots = plan.body.data?.requestPhotoUploads.slots as {
      uploadId: string;
      fileIndex: number;
      url: string;
      headers: { name: string; value: string }[];
    }[];
    for (const slot of slots) {
      const put = await fetch(slot.url, {
        method: 'PUT',
        headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
        body: files[slot.fileIndex],
      });
      expect(put.status).toBe(200);
    }
    const complete = await graphql(
      'mutation ($projectId: ID!, $uploadIds: [ID!]!) { completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { error } }',
      { projectId, uploadIds: slots.map((slot) => slot.uploadId) },
      auth,
    );
    expect(complete.body.errors).toBeUndefined();
    return eventually(async () => {
      const listed = await graphql(
        'query ($projectId: ID!) { photos(projectId: $projectId) { id urls { carousel video } } }',
        { projectId },
        auth,
      );
      const photos = listed.body.data?.photos as {
        id: string;
        urls: { carousel: string; video: string | null } | null;
      }[];
      expect(photos).toHaveLength(colours.length);
      for (const photo of photos) expect(photo.urls?.video).toBeTruthy();
      return photos.map((photo) => photo.id);
    });
  }

  it('sends crawlers the share metadata in the HTML of /v/{id}, and a 404 page for an unknown id', async () => {
    const { shareId } = await sharedProject({
      shareTitle: 'Grandma <at> 90',
      message: 'Always in our hearts',
      showViewCount: true,
    });
    const page = await fetch(`${baseUrl}/v/${shareId}`, {
      headers: { 'user-agent': 'facebookexternalhit/1.1' },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Grandma &lt;at&gt; 90 | Memoreel</title>');
    expect(html).toContain('<meta name="description" content="Always in our hearts" />');
    expect(html).toContain('<meta name="robots" content="index, follow" />');
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/v/${shareId}" />`);
    expect(html).toContain('<meta property="og:type" content="video.other" />');
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="${baseUrl}/og/${shareId}\\.jpg\\?v=[\\w-]+" />`),
    );
    expect(html).toContain('<meta property="og:image:type" content="image/jpeg" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('turns your photos into memorial');
    // The viewer's first paint comes with the page (LCP on phones), and the data the app takes it over with.
    expect(html).toContain('<div id="root" data-prerendered inert>');
    expect(html).toMatch(/<h1[^>]*>Grandma &lt;at&gt; 90<\/h1>/);
    // The player's box already has the video's shape (16:9 here), so nothing moves when the app takes over.
    expect(html).toContain('style="aspect-ratio: 1920 / 1080; width: min(100%, calc(78vh * 1920 / 1080));');
    const data = /<script type="application\/json" id="shared-video-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? '{}')).toMatchObject({
      id: shareId,
      shareTitle: 'Grandma <at> 90',
      viewCount: 0,
    });

    const missing = await fetch(`${baseUrl}/v/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex" />');
    expect((await fetch(`${baseUrl}/v/not-an-id`)).status).toBe(404);
  });

  it('makes the preview at once when sharing: its URL when it shows the first photo, null when it cannot', async () => {
    const share = `mutation ($p: ID!) { createShare(projectId: $p, settings: { shareTitle: "Summer 1985" }) { id ogImageUrl } }`;
    const token = await guestSession(baseUrl);
    const auth = { authorization: `Bearer ${token}` };
    const created = await graphql('mutation { createInitialProject { project { id } } }', {}, auth);
    const bare = created.body.data?.createInitialProject.project.id as string;
    // No photo: the share stands, and says its preview is not its own.
    const withoutPhoto = await graphql(share, { p: bare }, auth);
    expect(withoutPhoto.body.errors).toBeUndefined();
    expect(withoutPhoto.body.data?.createShare.ogImageUrl).toBeNull();

    const project = await graphql('mutation { createProject(name: "With photos") { id } }', {}, auth);
    expect(project.body.errors).toBeUndefined();
    const projectId = project.body.data?.createProject.id as string;
    await uploadPhotos(auth, projectId, ['#c0392b']);
    const withPhoto = await graphql(share, { p: projectId }, auth);
    expect(withPhoto.body.errors).toBeUndefined();
    const made = withPhoto.body.data?.createShare as { id: string; ogImageUrl: string };
    expect(made.ogImageUrl).toMatch(new RegExp(`^${baseUrl}/og/${made.id}\\.jpg\\?v=[\\w-]+$`));
    // The image the page links is the one already made: a photo filling the frame.
    const preview = await fetch(made.ogImageUrl);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const { dominant } = await sharp(Buffer.from(await preview.arrayBuffer())).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b);
  });

  it('serves a 1200×630 JPEG preview per share, regenerated when the share changes, and a default one', async () => {
    const { auth, shareId } = await sharedProject({ shareTitle: 'Summer 1985' });
    const first = await fetch(`${baseUrl}/og/${shareId}.jpg`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    const firstImage = Buffer.from(await first.arrayBuffer());
    expect(await sharp(firstImage).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The address of previews shared before (a PNG then) leads to the same image.
    const old = await fetch(`${baseUrl}/og/${shareId}.png?v=1`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/og/${shareId}.jpg?v=1`);

    await graphql(
      'mutation ($id: ID!) { updateShare(id: $id, settings: { shareTitle: "Summer 1986" }) { id } }',
      { id: shareId },
      auth,
    );
    const second = Buffer.from(await (await fetch(`${baseUrl}/og/${shareId}.jpg`)).arrayBuffer());
    expect(second.equals(firstImage)).toBe(false);

    const fallback = await fetch(`${baseUrl}/og/00000000-0000-4000-8000-000000000000.jpg`);
    expect(fallback.status).toBe(200);
    expect(await sharp(Buffer.from(await fallback.arrayBuffer())).metadata()).toMatchObject({
      width: 1200,
      height: 630,
    });
  });

  it('counts an anonymous visitor once: the cookie dedupes a reload, the public read hides private fields', async () => {
    const { shareId } = await sharedProject({ shareTitle: 'Our wedding', author: 'Sam' });
    const read = await graphql(
      'query ($id: ID!) { sharedVideo(id: $id) { id shareTitle author viewCount photos { id } videoUrl } }',
      { id: shareId },
    );
    expect(read.body.data?.sharedVideo).toEqual({
      id: shareId,
      shareTitle: 'Our wedding',
      author: 'Sam',
      viewCount: 0,
      photos: [],
      videoUrl: null,
    });
    const forbidden = await graphql('query ($id: ID!) { sharedVideo(id: $id) { userId } }', { id: shareId });
    expect(forbidden.body.errors?.[0]?.message).toMatch(/userId/);

    const view = 'mutation ($id: ID!) { recordShareView(id: $id) { counted viewCount } }';
    const first = await graphql(view, { id: shareId });
    expect(first.body.data?.recordShareView).toEqual({ counted: true, viewCount: 1 });
    const cookie = first.response.headers.getSetCookie().find((line) => line.startsWith('memoreel_viewer='));
    expect(cookie).toMatch(/HttpOnly/i);
    const reload = await graphql(view, { id: shareId }, { cookie: (cookie ?? '').split(';')[0] as string });
    expect(reload.body.data?.recordShareView).toEqual({ counted: false, viewCount: 1 });
  });

  it("gives an anonymous visitor the share's photos in order, each with a playable URL and its look, and nothing private", async () => {
    const { auth, projectId, shareId } = await sharedProject({ shareTitle: 'Grandma at 90' });
    const uploaded = await uploadPhotos(auth, projectId, ['#c84', '#48c', '#8c4']);
    const moved = await graphql(
      'mutation ($projectId: ID!) { reorderPhoto(projectId: $projectId, from: 2, to: 0) { id } }',
      { projectId },
      auth,
    );
    expect(moved.body.errors).toBeUndefined();
    const order = ((moved.body.data?.reorderPhoto ?? []) as { id: string }[]).map((photo) => photo.id);
    expect(order).toEqual([uploaded[2], uploaded[0], uploaded[1]]);

    const read = await graphql(
      `query ($id: ID!) { sharedVideo(id: $id) {
        photos { id url filter width height transforms { start { scale } end { scale } } } musicUrls { id url } posterUrl phonePosterUrl videoUrl
      } }`,
      { id: shareId },
    );
    expect(read.body.errors).toBeUndefined();
    const video = read.body.data?.sharedVideo;
    expect(video.photos.map((photo: { id: string }) => photo.id)).toEqual(order);
    expect(video.photos[0]).toMatchObject({ filter: 'none', width: 920, height: 600 });
    expect(video.photos[0].transforms.start.scale).toBeGreaterThan(0);
    expect(video).toMatchObject({ musicUrls: [], videoUrl: null });
    // The first paint is the first photo's light carousel WebP (it has no filter).
    expect((await fetch(video.posterUrl)).headers.get('content-type')).toBe('image/webp');
    // On a phone, its 480-px grid WebP: at most 480 px wide, a few KB.
    const phonePoster = await fetch(video.phonePosterUrl);
    expect(phonePoster.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await phonePoster.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(
      480,
    );
    for (const photo of video.photos as { url: string }[]) {
      // The filtered 1920-px derivative (a JPEG), served to anyone holding the signed URL.
      const response = await fetch(photo.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
    }

    // The page's embedded first data carries the same photos and still names neither owner nor project.
    const html = await (await fetch(`${baseUrl}/v/${shareId}`)).text();
    const embedded = html.match(
      /<script type="application\/json" id="shared-video-data">([\s\S]*?)<\/script>/,
    );
    const data = JSON.parse(embedded?.[1] ?? '{}');
    expect(data.photos.map((photo: { id: string }) => photo.id)).toEqual(order);
    expect(Object.keys(data)).not.toContain('userId');
    // Only the signed URLs name the project: storage keys begin with it (spec: photos/{projectId}/…).
    const withoutUrls = JSON.stringify({
      ...data,
      posterUrl: undefined,
      phonePosterUrl: undefined,
      photos: data.photos.map((photo: { url: string }) => ({ ...photo, url: undefined })),
    });
    expect(withoutUrls).not.toContain(projectId);
    const owner = JSON.parse(
      Buffer.from((auth.authorization as string).split('.')[1] as string, 'base64url').toString(),
    ).sub as string;
    expect(embedded?.[1]).not.toContain(owner);
  });
});
