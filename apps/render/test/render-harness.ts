import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Actor, completeMusicUploads, musicExtensionOf, requestMusicUploads } from '@memoreel/contracts';
import * as platform from '@memoreel/platform';
import { type ServiceHarness, startServiceHarness } from '@memoreel/testing';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { renderService } from '../src/render.service-definition.js';

export { eventually } from '@memoreel/testing';

export interface RenderHarness extends ServiceHarness<platform.Bus, InstanceType<typeof PrismaClient>> {
  /** The folder storage render writes to, for playing the browser's part (PUT) and inspecting objects. */
  storage: platform.LocalStorage;
  /** The service's settings, to start a second instance on the same database (a restart). */
  env: Record<string, string> & { STORAGE_DIR: string };
  /** Starts render again on the same database and storage, on a bus of its own; stop it with close(). */
  restart(): Promise<platform.RunningService>;
}

/** Render's Prisma client on a harness's fresh database. */
export const renderDatabase = (url: string) =>
  new PrismaClient({ adapter: platform.postgresAdapter({ databaseUrl: url, schema: 'render' }) });

/**
 * Waits for a harness that stores in folder `dir`: the folder goes when the start fails; the
 * folder's storage, signing as render does, comes with the harness.
 */
export async function startOnFolder<H>(
  dir: string,
  env: { PUBLIC_URL: string; STORAGE_SIGNING_SECRET: string },
  start: Promise<H>,
): Promise<{ harness: H; storage: platform.LocalStorage }> {
  const harness = await start.catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const storage = new platform.LocalStorage({
    rootDir: dir,
    publicBaseUrl: env.PUBLIC_URL,
    signingSecret: env.STORAGE_SIGNING_SECRET,
  });
  return { harness, storage };
}

/** The render service on a fresh database, an in-process bus and a temporary storage folder. */
export async function startRender(options: { seedOnStart?: boolean } = {}): Promise<RenderHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'render-test-'));
  const env = {
    STORAGE_DRIVER: 'local',
    STORAGE_DIR: dir,
    STORAGE_SIGNING_SECRET: 'render-test-signing-secret-0123456789',
    PUBLIC_URL: 'http://127.0.0.1:1',
    MUSIC_SEED_ON_START: options.seedOnStart ? 'true' : 'false',
  };
  const { harness, storage } = await startOnFolder(
    dir,
    env,
    startServiceHarness(platform, renderService, { env: { render: env }, database: renderDatabase }),
  );
  return {
    ...harness,
    storage,
    env,
    restart: () =>
      platform.startService(renderService, {
        name: 'render',
        bus: new platform.InProcessBus({ namespace: `render_restart_${Date.now()}` }),
        databaseUrl: harness.databaseUrl,
        logger: platform.createLogger({ service: 'render-test', level: 'silent' }),
        env,
      }),
    async close() {
      await harness.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A real audio file made by ffmpeg: `seconds` of a soft chord in the container the extension names. */
export function audioFile(extension: 'mp3' | 'wav' | 'aac' | 'm4a', seconds: number): Buffer {
  const codec: Record<typeof extension, string[]> = {
    mp3: ['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3'],
    wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
    aac: ['-c:a', 'aac', '-b:a', '128k', '-f', 'adts'],
    m4a: ['-c:a', 'aac', '-b:a', '128k', '-f', 'ipod'],
  };
  const dir = mkdtempSync(join(tmpdir(), 'render-audio-'));
  const file = join(dir, `tone.${extension}`);
  try {
    execFileSync('/usr/bin/ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i'],
      `aevalsrc=0.2*sin(2*PI*220*t)+0.15*sin(2*PI*277.2*t)+0.1*sin(2*PI*329.6*t):s=44100:d=${seconds}`,
      ...['-ac', '2', ...codec[extension], file],
    ]);
    return execFileSync('cat', [file], { maxBuffer: 64 * 1024 * 1024 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Plays the admin's browser: asks for slots, PUTs each file into storage, completes them. */
export async function upload(h: RenderHarness, admin: Actor, files: { name: string; bytes: Buffer }[]) {
  const { slots } = await h.request(requestMusicUploads, admin, {
    files: files.map((file) => ({ name: file.name, contentType: 'audio/mpeg', size: file.bytes.length })),
  });
  for (const slot of slots) {
    const file = files[slot.fileIndex] as { name: string; bytes: Buffer };
    // The key the slot's URL points at: `uploads/{uploadId}{ext}`.
    const key = `uploads/${slot.uploadId}${musicExtensionOf(file.name)}`;
    if (!slot.url.includes(key)) throw new Error(`slot URL ${slot.url} is not for ${key}`);
    await h.storage.put('music', key, file.bytes, { contentType: 'audio/mpeg' });
  }
  return h.request(completeMusicUploads, admin, {
    uploads: slots.map((slot) => ({
      uploadId: slot.uploadId,
      name: (files[slot.fileIndex] as { name: string }).name,
    })),
  });
}
