/**
 * The first-time maker: guest session (bot check solved in the VU) → first project → upload photos
 * (presigned PUTs straight to the storage, then completion: verification and thumbnails) → photo grid.
 * RENDER=1 adds startRender, polling renderProgress every 2 s like the SPA's fallback, and the
 * download: only on projects above the free tier (startRender answers UPGRADE_REQUIRED on a free
 * one), so against an instance whose guests' projects are raised (projects.project.set-tier).
 *   k6 run -e BASE_URL=http://127.0.0.1:3000 -e PHOTOS=10 [-e RENDER=1] tools/load/src/guest-upload.ts
 * auth allows 30 guest sessions an hour per IP: run from several hosts, or against a load environment
 * whose auth has AUTH_RATE_LIMIT_SCALE raised (docs/operations.md#load-tests), for more guests than that.
 */
import { check, group, sleep } from 'k6';
import http from 'k6/http';
import type { Options } from 'k6/options';
import { graphql, PHOTO_JPEG, PROJECT_FIELDS, startGuest } from './memoreel.ts';

const RENDER = __ENV.RENDER === '1';
const RENDER_TIMEOUT_S = Number(__ENV.RENDER_TIMEOUT_S ?? 600);

const PHOTOS = Number(__ENV.PHOTOS ?? 10);

export const options: Options = {
  scenarios: {
    makers: {
      executor: 'per-vu-iterations',
      vus: Number(__ENV.VUS ?? 5),
      iterations: Number(__ENV.ITERATIONS ?? 5),
      maxDuration: '10m',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.02'],
    'http_req_duration{name:graphql RequestPhotoUploads}': ['p(95)<1000'],
    'http_req_duration{name:graphql CompletePhotoUploads}': ['p(95)<5000'],
    'http_req_duration{name:PUT photo}': ['p(95)<2000'],
    'http_req_duration{name:graphql StartRender}': ['p(95)<3000'],
    checks: ['rate>0.98'],
  },
};

interface Slot {
  uploadId: string;
  url: string;
  headers: { name: string; value: string }[];
}

export default function guestProjectUpload(): void {
  const token = group('guest session', startGuest);
  const project = group('first project', () =>
    graphql<{ createInitialProject: { project: { id: string } } }>(
      'CreateInitialProject',
      `mutation CreateInitialProject { createInitialProject { created project { ${PROJECT_FIELDS} } } }`,
      {},
      token,
    ),
  ).createInitialProject.project;
  sleep(1);

  group('upload photos', () => {
    const files = Array.from({ length: PHOTOS }, (_, i) => ({
      name: `photo-${i + 1}.jpg`,
      size: PHOTO_JPEG.byteLength,
      contentType: 'image/jpeg',
    }));
    const plan = graphql<{ requestPhotoUploads: { slots: Slot[]; skipped: number } }>(
      'RequestPhotoUploads',
      'mutation RequestPhotoUploads($projectId: ID!, $files: [PhotoUploadFileInput!]!) { requestPhotoUploads(projectId: $projectId, files: $files) { skipped slots { uploadId url headers { name value } } } }',
      { projectId: project.id, files },
      token,
    ).requestPhotoUploads;
    const puts = http.batch(
      plan.slots.map((slot) => ({
        method: 'PUT',
        url: slot.url,
        body: PHOTO_JPEG,
        params: {
          headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
          tags: { name: 'PUT photo' },
        },
      })),
    );
    for (const put of puts) check(put, { 'photo PUT: 2xx': (r) => r.status >= 200 && r.status < 300 });
    const results = graphql<{ completePhotoUploads: { uploadId: string; error: string | null }[] }>(
      'CompletePhotoUploads',
      'mutation CompletePhotoUploads($projectId: ID!, $uploadIds: [ID!]!) { completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error photo { id } } }',
      { projectId: project.id, uploadIds: plan.slots.map((s) => s.uploadId) },
      token,
    ).completePhotoUploads;
    check(results, {
      'every photo stored': (r) => r.length === plan.slots.length && r.every((x) => !x.error),
    });
  });
  sleep(1);

  group('photo grid', () => {
    const photos = graphql<{ photos: { id: string; urls: { grid: string } | null }[] }>(
      'Photos',
      'query Photos($projectId: ID!) { photos(projectId: $projectId) { id urls { grid } } }',
      { projectId: project.id },
      token,
    ).photos;
    check(photos, { 'grid lists the uploads': (p) => p.length >= Math.min(PHOTOS, 1) });
  });

  if (!RENDER) return;
  group('render and download', () => {
    const started = graphql<{ startRender: { renderId: string } }>(
      'StartRender',
      'mutation StartRender($projectId: ID!) { startRender(projectId: $projectId) { renderId reused } }',
      { projectId: project.id },
      token,
    ).startRender;
    let progress = { status: 'pending', downloadUrl: null as string | null };
    for (
      let waited = 0;
      waited < RENDER_TIMEOUT_S && !['completed', 'failed'].includes(progress.status);
      waited += 2
    ) {
      sleep(2);
      progress = graphql<{ renderProgress: typeof progress }>(
        'RenderProgress',
        'query RenderProgress($renderId: ID!) { renderProgress(renderId: $renderId) { status progress downloadUrl } }',
        { renderId: started.renderId },
        token,
      ).renderProgress;
    }
    check(progress, { 'render completed': (p) => p.status === 'completed' && p.downloadUrl !== null });
    if (progress.downloadUrl) {
      const video = http.get(progress.downloadUrl, { tags: { name: 'GET video' }, responseType: 'none' });
      check(video, { 'video downloads': (r) => r.status === 200 });
    }
  });
}
