/**
 * Friends opening a shared video: the share page (/v/{id}, crawler meta for link previews), its data,
 * the view count, and the preview image. SHARE_IDS=id1,id2 names shares of a seeded instance; without
 * it setup() makes one (a guest, a project with photos, a share).
 *   k6 run -e BASE_URL=http://127.0.0.1:3000 [-e SHARE_IDS=…] tools/load/src/shared-viewer.ts
 */
import { check, group, sleep } from 'k6';
import http from 'k6/http';
import type { Options } from 'k6/options';
import { get, graphql, PHOTO_JPEG, startGuest, vusFor } from './memoreel.ts';

const RATE = Number(__ENV.RATE ?? 20);

export const options: Options = {
  scenarios: {
    viewers: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: __ENV.DURATION ?? '3m',
      // Three to four requests and a 1 s sleep: ~1.5 s an iteration, up to ~4 s when answers slow.
      ...vusFor(RATE, 1.5, 4),
    },
  },
  thresholds: {
    dropped_iterations: ['count==0'],
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:/v/:id}': ['p(95)<300'],
    'http_req_duration{name:graphql SharedVideo}': ['p(95)<400'],
    checks: ['rate>0.99'],
  },
};

export function setup(): { shareIds: string[] } {
  if (__ENV.SHARE_IDS) return { shareIds: __ENV.SHARE_IDS.split(',') };
  const token = startGuest();
  const project = graphql<{ createInitialProject: { project: { id: string } } }>(
    'CreateInitialProject',
    'mutation CreateInitialProject { createInitialProject { project { id } } }',
    {},
    token,
  ).createInitialProject.project;
  const plan = graphql<{
    requestPhotoUploads: {
      slots: { uploadId: string; url: string; headers: { name: string; value: string }[] }[];
    };
  }>(
    'RequestPhotoUploads',
    'mutation RequestPhotoUploads($projectId: ID!, $files: [PhotoUploadFileInput!]!) { requestPhotoUploads(projectId: $projectId, files: $files) { slots { uploadId url headers { name value } } } }',
    {
      projectId: project.id,
      files: [{ name: 'a.jpg', size: PHOTO_JPEG.byteLength, contentType: 'image/jpeg' }],
    },
    token,
  ).requestPhotoUploads;
  for (const slot of plan.slots)
    http.put(slot.url, PHOTO_JPEG, {
      headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
    });
  graphql(
    'CompletePhotoUploads',
    'mutation CompletePhotoUploads($projectId: ID!, $uploadIds: [ID!]!) { completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId } }',
    { projectId: project.id, uploadIds: plan.slots.map((s) => s.uploadId) },
    token,
  );
  const share = graphql<{ createShare: { id: string } }>(
    'CreateShare',
    'mutation CreateShare($projectId: ID!, $settings: ShareSettingsInput!) { createShare(projectId: $projectId, settings: $settings) { id } }',
    { projectId: project.id, settings: { shareTitle: 'Load test', showViewCount: true } },
    token,
  ).createShare;
  return { shareIds: [share.id] };
}

export default function sharedVideoViewer(data: { shareIds: string[] }): void {
  const id = data.shareIds[Math.floor(Math.random() * data.shareIds.length)] as string;
  group('share page', () => {
    const page = http.get(`${__ENV.BASE_URL ?? 'http://127.0.0.1:3000'}/v/${id}`, {
      tags: { name: '/v/:id' },
    });
    check(page, { 'share page: 200': (r) => r.status === 200 });
    graphql<{ sharedVideo: { id: string } }>(
      'SharedVideo',
      'query SharedVideo($id: ID!) { sharedVideo(id: $id) { id name shareTitle author message showViewCount viewCount videoSettings { durationPerPhoto width height } photos { id url width height } videoUrl } }',
      { id },
    );
    graphql(
      'RecordShareView',
      'mutation RecordShareView($id: ID!) { recordShareView(id: $id) { counted viewCount } }',
      {
        id,
      },
    );
  });
  if (Math.random() < 0.1) get(`/og/${id}.png`, '/og/:id.png');
  sleep(1);
}
