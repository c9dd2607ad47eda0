/**
 * A big project end to end (issue 36): a guest upgraded to Cherish uploads PHOTOS (default 100; 400
 * for the full run) generated 12 MP photos through the public API; then, in Chromium, how soon steps
 * 1, 2, 3, 4 and 7 are interactive with them, the latency of a keyboard move on step 2 and of
 * scrolling step 1's grid, the preview's first frame and a seek at 80 %; then the render clicked on
 * step 9 until its MP4 is there (fps, the stitch's share from the render service's rows, the peak
 * RSS of every process: the standalone server and its children, the bench's Chromium), the MP4
 * checked with ffprobe; and, in the same run, a plain ffmpeg render of the same photos, motion,
 * fades and music as the baseline (big-project/baseline.ts). Each aim of the issue is reported with
 * whether it passed. Prints one JSON object.
 *
 *   npm run big-project -w @memoreel/bench            (PHOTOS=400 for the full run)
 *   SPA_ONLY=1: smaller photos (1600×1200) and no render: the SPA's figures in minutes, to iterate on.
 *   Runs apps/standalone/dist (its source when it is not built) on a fresh database of the test
 *   Postgres (TEST_DATABASE_URL), Chromium at CHROME_PATH (default /usr/bin/chromium).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MemoreelVideoProps, musicPlacements, videoDurationInFrames } from '@memoreel/video/chunks';
import puppeteer from 'puppeteer-core';
import { ffmpegBaseline } from './big-project/baseline.js';
import { ProcessMemory } from './big-project/memory.js';
import { cameraPhotos, PHOTO_HEIGHT, PHOTO_WIDTH, photoName, SMALL_PHOTO } from './big-project/photos.js';
import {
  cherishProject,
  fillMusicTimeline,
  GuestApi,
  round,
  uploadAll,
  zoomEveryPhoto,
} from './big-project/project.js';
import {
  chunkRendersOf,
  phasesOf,
  probe,
  probeDownload,
  renderFromTheSpa,
  renderRow,
  stitchPhasesOf,
} from './big-project/render.js';
import { startStandalone } from './big-project/server.js';
import { keyboardMove, newPage, preview, scrollGrid, stepsInteractive } from './big-project/spa.js';

const PHOTOS = Number(process.env.PHOTOS ?? 100);
const SPA_ONLY = process.env.SPA_ONLY === '1';
const PHOTO = SPA_ONLY ? SMALL_PHOTO : { width: PHOTO_WIDTH, height: PHOTO_HEIGHT };
const MIB_LIMIT = 1536;

const generating = performance.now();
const paths = await cameraPhotos(PHOTOS, PHOTO);
const generateSeconds = round((performance.now() - generating) / 1000);
const dir = await mkdtemp(join(tmpdir(), 'memoreel-big-project-run-'));
const startedAt = performance.now();
const app = await startStandalone();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-sync',
  ],
});
const memory = new ProcessMemory({ server: () => app.pid(), browser: () => browser.process()?.pid });
memory.start();
try {
  const apiTab = await browser.newPage();
  await apiTab.goto(`${app.url}/health/live`);
  const api = new GuestApi(app.url, apiTab);
  await api.signInAsGuest();
  const projectId = await cherishProject(api);
  const upload = await uploadAll(api, projectId, paths);
  await zoomEveryPhoto(api, projectId);
  const durationPerPhoto = 3;
  const musicTracks = await fillMusicTimeline(api, projectId, PHOTOS * durationPerPhoto);

  const page = await newPage(browser);
  const steps = { photos: PHOTOS, project: projectId };
  const interactive = await stepsInteractive(page, app.url, steps);
  const keyboard = await keyboardMove(page, app.url, steps);
  const scroll = await scrollGrid(page, app.url, steps);
  const order = await api.photos(projectId);
  const player = await preview(page, app.url, steps, order, PHOTOS * 30 * durationPerPhoto);
  if (SPA_ONLY) {
    const spa = { steps: interactive, keyboardMoveStep2: keyboard, scrollStep1: scroll, preview: player };
    console.log(
      JSON.stringify({ bench: 'big-project', spaOnly: true, photos: PHOTOS, upload, ...spa }, null, 2),
    );
    // What the finally below does, before the exit that skips it.
    memory.stop();
    await browser.close();
    await app.close();
    await rm(dir, { recursive: true, force: true });
    process.exit(0);
  }

  const rendered = await renderFromTheSpa(page, app.url, projectId, () => memory.startWindow());
  memory.endWindow();
  const row = await renderRow(app, projectId);
  const phases = phasesOf(row);
  const metrics = await app.metrics();
  const stitchPhases = stitchPhasesOf(metrics);
  const chunkRenders = chunkRendersOf(metrics);
  const ours = await probeDownload(rendered.href, join(dir, 'ours.mp4'));
  const props = row.props as unknown as MemoreelVideoProps;
  const frames = videoDurationInFrames(props);

  // The baseline draws the camera files in the project's order (the keyboard moves changed it).
  const fileOf = new Map(paths.map((path, i) => [photoName(i), path]));
  const photosInOrder = order.map((photo) => fileOf.get(photo.originalName)!);
  const music = musicPlacements(props).map((placement) => ({
    ...placement,
    url: new URL(placement.url, app.url).toString(),
  }));
  const baseline = await ffmpegBaseline(photosInOrder, props.durationPerPhoto, music, dir);
  const baselineFile = await probe(baseline.output);
  memory.stop();
  const processes = memory.report();

  const stepTimes = Object.values(interactive).map((step) => step.interactiveMs);
  const largestProcess = Math.max(...Object.values(processes.largestPeakRssMiB));
  const aims = {
    everyStepInteractiveWithin1500Ms: {
      worstMs: Math.max(...stepTimes),
      pass: Math.max(...stepTimes) <= 1500,
    },
    interactionLatencyWithin200Ms: {
      keyboardMoveWorstMs: keyboard.worstKeyMs,
      scrollP95Ms: scroll.wheelToFrameMs.p95,
      pass: keyboard.worstKeyMs <= 200 && scroll.wheelToFrameMs.p95 <= 200,
    },
    previewFirstFrameWithin2000Ms: { ms: player.firstFrameMs, pass: player.firstFrameMs <= 2000 },
    noProcessAbove1536MiB: { largestMiB: largestProcess, pass: largestProcess <= MIB_LIMIT },
    renderAtLeast1_1xBaseline: {
      ratio: round(baseline.seconds / rendered.seconds),
      pass: baseline.seconds / rendered.seconds >= 1.1,
    },
    stitchWithin3PercentOfRender: { share: phases.stitchShare, pass: phases.stitchShare <= 0.03 },
  };
  const result = {
    bench: 'big-project',
    photos: PHOTOS,
    photo: { pixels: `${PHOTO.width}x${PHOTO.height}`, generateSeconds },
    cpus: availableParallelism(),
    standalone: app.built
      ? 'apps/standalone/dist'
      : 'apps/standalone/src (no build; other packages from dist)',
    upload,
    musicTracks,
    steps: interactive,
    keyboardMoveStep2: keyboard,
    scrollStep1: scroll,
    preview: player,
    render: {
      clickToMp4Seconds: round(rendered.seconds),
      frames,
      fps: round(frames / rendered.seconds, 1),
      ...phases,
      /** The worker's own time in each phase of the stitch; the rest of stitchSeconds is the job's pickup and the render's completion. */
      stitchPhaseSeconds: stitchPhases,
      /** The workers' own time for the chunks (the page, the frames, the MP4 written); the rest of chunksSeconds is the jobs around them. */
      chunkRenders,
      mp4: ours,
      checks: {
        frames: ours.video?.frames === frames,
        duration: Math.abs(ours.durationSeconds - frames / 30) < 0.1,
        audio: ours.audio !== null && Math.abs(ours.audio.durationSeconds - frames / 30) < 0.2,
      },
    },
    baseline: {
      seconds: round(baseline.seconds),
      fps: round(frames / baseline.seconds, 1),
      joinSeconds: baseline.joinSeconds,
      ffmpegsAtOnce: baseline.ffmpegsAtOnce,
      mp4: baselineFile,
    },
    memory: processes,
    aims,
    benchSeconds: round((performance.now() - startedAt) / 1000),
    loadAverage: loadavg().map((load) => round(load)),
  };
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  console.error(`standalone's last output:\n${app.output()}`);
  throw error;
} finally {
  memory.stop();
  await browser.close();
  await app.close();
  await rm(dir, { recursive: true, force: true });
}
