#!/usr/bin/env node
// Makes a real video through a running Memoreel's public API, as a visitor would, and checks it:
// guest (ALTCHA solved here) → first project → N photos (presigned PUTs) → the project upgraded by a
// signed Stripe webhook → startRender → renderProgress until completed → download the MP4 → ffprobe.
// Prints each phase's time and a JSON summary; exits 1 if no playable 1080p30 video came out.
//   node deploy/podman/make-video.mjs [http://127.0.0.1:3000]
//   PHOTOS=3  STRIPE_WEBHOOK_SECRET=whsec_memoreel_pods  RENDER_TIMEOUT_S=600
//   ON_RENDERING='command'   run once the render is under way (play.sh kills a render worker with it)
import { execFile, execSync } from 'node:child_process';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const target = (process.argv[2] ?? process.env.MEMOREEL_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const photos = Number(process.env.PHOTOS ?? 3);
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_memoreel_pods';
const renderTimeoutMs = Number(process.env.RENDER_TIMEOUT_S ?? 600) * 1000;
const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const started = Date.now();
let phaseStarted = started;
const phases = {};
function phase(name) {
  const now = Date.now();
  phases[name] = Math.round((now - phaseStarted) / 100) / 10;
  console.log(`  ✓ ${name} (${phases[name]} s)`);
  phaseStarted = now;
}
const headers = (token) => ({
  'content-type': 'application/json',
  accept: 'application/graphql-response+json, application/json',
  origin: target,
  'x-forwarded-for': address,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
async function graphql(token, query, variables = {}) {
  const response = await fetch(`${target}/graphql`, {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (!body.data || body.errors?.length) throw new Error(`${query.slice(0, 50)}…: ${JSON.stringify(body.errors)}`);
  return body.data;
}

// ── guest ──────────────────────────────────────────────────────────────────────────────────
const challenge = await (
  await fetch(`${target}/auth/v1/bot-check/challenge`, { headers: { 'x-forwarded-for': address } })
).json();
let number = 0;
while (
  number <= (challenge.maxnumber ?? 1_000_000) &&
  createHash('sha256').update(challenge.salt + number).digest('hex') !== challenge.challenge
)
  number += 1;
const botCheck = Buffer.from(JSON.stringify({ ...challenge, number })).toString('base64');
const session = await (
  await fetch(`${target}/auth/v1/anonymous`, { method: 'POST', headers: headers(), body: JSON.stringify({ botCheck }) })
).json();
if (!session.accessToken) throw new Error(`guest session: ${JSON.stringify(session)}`);
const token = session.accessToken;
const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
const { createInitialProject } = await graphql(token, 'mutation { createInitialProject { project { id } } }');
const projectId = createInitialProject.project.id;
phase('guest and project');

// ── photos: 1280×960 test pictures made by ffmpeg, uploaded as the SPA does ────────────────
const dir = await mkdtemp(join(tmpdir(), 'memoreel-video-'));
try {
  const files = [];
  for (let i = 0; i < photos; i += 1) {
    const path = join(dir, `photo-${i + 1}.jpg`);
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1280x960:rate=1,hue=h=${i * 90}`],
      ...['-frames:v', '1', '-q:v', '3', '-y', path],
    ]);
    files.push({ name: `photo-${i + 1}.jpg`, bytes: await readFile(path) });
  }
  const { requestPhotoUploads } = await graphql(
    token,
    'mutation R($projectId: ID!, $files: [PhotoUploadFileInput!]!) { requestPhotoUploads(projectId: $projectId, files: $files) { slots { uploadId fileIndex url headers { name value } } } }',
    { projectId, files: files.map((f) => ({ name: f.name, size: f.bytes.length, contentType: 'image/jpeg' })) },
  );
  for (const slot of requestPhotoUploads.slots) {
    const put = await fetch(slot.url, {
      method: 'PUT',
      headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
      body: files[slot.fileIndex].bytes,
    });
    if (!put.ok) throw new Error(`photo PUT ${slot.url}: ${put.status}`);
  }
  const { completePhotoUploads } = await graphql(
    token,
    'mutation C($projectId: ID!, $uploadIds: [ID!]!) { completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error photo { id } } }',
    { projectId, uploadIds: requestPhotoUploads.slots.map((s) => s.uploadId) },
  );
  const refused = completePhotoUploads.filter((r) => r.error);
  if (refused.length > 0) throw new Error(`uploads refused: ${JSON.stringify(refused)}`);
  phase(`${photos} photos uploaded and verified`);

  // ── the upgrade, as Stripe delivers it ─────────────────────────────────────────────────────
  const body = JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_test_${randomUUID().replaceAll('-', '')}`,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: 3900,
        currency: 'usd',
        metadata: { projectId, userId, productId: 'honor' },
      },
    },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', webhookSecret).update(`${timestamp}.${body}`).digest('hex');
  const webhook = await fetch(`${target}/billing/v1/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${timestamp},v1=${signature}` },
    body,
  });
  if (webhook.status !== 200) throw new Error(`webhook: ${webhook.status} ${await webhook.text()}`);

  // ── render: start once the tier has reached the render service ────────────────────────────
  let renderId;
  for (const deadline = Date.now() + 60_000; !renderId; ) {
    try {
      renderId = (
        await graphql(token, 'mutation S($projectId: ID!) { startRender(projectId: $projectId) { renderId } }', {
          projectId,
        })
      ).startRender.renderId;
    } catch (error) {
      if (Date.now() > deadline || !String(error).includes('UPGRADE')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  phase('upgraded and render started');

  let progress = { status: 'pending' };
  let hooked = false;
  for (const deadline = Date.now() + renderTimeoutMs; !['completed', 'failed'].includes(progress.status); ) {
    if (Date.now() > deadline) throw new Error(`render still ${progress.status} after ${renderTimeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    progress = (
      await graphql(token, 'query P($renderId: ID!) { renderProgress(renderId: $renderId) { status progress error downloadUrl } }', {
        renderId,
      })
    ).renderProgress;
    if (!hooked && process.env.ON_RENDERING && progress.status === 'rendering' && progress.progress > 0) {
      hooked = true;
      console.log(`  • at ${Math.round(progress.progress * 100)} %: ${process.env.ON_RENDERING}`);
      execSync(process.env.ON_RENDERING, { stdio: 'inherit' });
    }
  }
  if (progress.status !== 'completed') throw new Error(`render failed: ${progress.error}`);
  phase('rendered');

  const video = await fetch(progress.downloadUrl);
  if (!video.ok) throw new Error(`download: ${video.status}`);
  const file = join(dir, 'video.mp4');
  await writeFile(file, Buffer.from(await video.arrayBuffer()));
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height,r_frame_rate,nb_frames'],
    ...['-show_entries', 'format=duration,size', '-of', 'json', file],
  ]);
  const probe = JSON.parse(stdout);
  const picture = probe.streams.find((s) => s.codec_type === 'video');
  phase('downloaded and probed');
  const summary = {
    target,
    projectId,
    renderId,
    phasesSeconds: phases,
    totalSeconds: Math.round((Date.now() - started) / 100) / 10,
    video: {
      bytes: Number(probe.format.size),
      durationSeconds: Number(probe.format.duration),
      codec: picture?.codec_name,
      width: picture?.width,
      height: picture?.height,
      frameRate: picture?.r_frame_rate,
      frames: Number(picture?.nb_frames),
      audio: probe.streams.some((s) => s.codec_type === 'audio'),
    },
  };
  console.log(JSON.stringify(summary, null, 2));
  const ok = picture?.width === 1920 && picture?.height === 1080 && picture?.r_frame_rate === '30/1';
  process.exitCode = ok ? 0 : 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
