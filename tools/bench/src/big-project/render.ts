/**
 * The render as a person starts it: step 9's "Generate Video" clicked in the SPA, until its download
 * link is there. Its phases come from the render service's rows (render.rendered_videos and
 * render_chunks): from the request to the last chunk stored, then the stitch (queued when the last
 * chunk is stored; the video stored marks it completed). The MP4 is fetched and checked with ffprobe.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from 'puppeteer-core';
import { round } from './project.js';
import type { Standalone } from './server.js';

const run = promisify(execFile);
const RENDER_TIMEOUT_MS = 4 * 3600_000;

export interface RenderRow {
  id: string;
  status: string;
  error: string | null;
  created_at: Date;
  completed_at: Date | null;
  chunks_done_at: Date | null;
  chunks: string;
  rendered: string;
  frames: string;
  props: { photos: { id: string }[]; durationPerPhoto: number; music: unknown[] };
}

/** Clicks Generate Video on step 9 and waits for the download link; `onStart` runs at the click. */
export async function renderFromTheSpa(page: Page, target: string, projectId: string, onStart: () => void) {
  await page.goto(`${target}/project/${projectId}/download`, { waitUntil: 'domcontentloaded' });
  const generate = await page.waitForSelector('button::-p-text(Generate Video)', { timeout: 120_000 });
  const clicked = performance.now();
  onStart();
  await generate!.click();
  for (const deadline = Date.now() + RENDER_TIMEOUT_MS; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const state = (await page.evaluate(`(() => {
      const link = document.querySelector('[data-testid=download-video]');
      if (link && link.href) return { href: link.href };
      const text = document.body.textContent;
      return { failed: text.includes('Generation failed') || text.includes('Failed to start generation') };
    })()`)) as { href?: string; failed?: boolean };
    if (state.href) return { seconds: (performance.now() - clicked) / 1000, href: state.href };
    if (state.failed) throw new Error(`the render failed: ${await page.evaluate('document.body.innerText')}`);
  }
  throw new Error('the render did not finish in time');
}

/** The project's latest render with its chunks' totals, from the render service's tables. */
export async function renderRow(app: Standalone, projectId: string): Promise<RenderRow> {
  const [row] = await app.query<RenderRow>(
    `SELECT v.id, v.status, v.error, v.created_at, v.completed_at, v.props,
            max(c.done_at) AS chunks_done_at, count(c.*) AS chunks,
            count(*) FILTER (WHERE c.rendered) AS rendered,
            sum(c.frame_to - c.frame_from + 1) AS frames
       FROM render.rendered_videos v JOIN render.render_chunks c ON c.render_id = v.id
      WHERE v.project_id = $1 GROUP BY v.id ORDER BY v.created_at DESC LIMIT 1`,
    [projectId],
  );
  if (!row) throw new Error(`no render of project ${projectId}`);
  return row;
}

/** The render's phases as the service recorded them, in seconds. */
export function phasesOf(row: RenderRow) {
  const at = (date: Date | null) => (date ? date.getTime() : Number.NaN);
  const total = (at(row.completed_at) - at(row.created_at)) / 1000;
  const stitch = (at(row.completed_at) - at(row.chunks_done_at)) / 1000;
  return {
    serverSeconds: round(total),
    chunksSeconds: round(total - stitch),
    stitchSeconds: round(stitch),
    stitchShare: round(stitch / total, 3),
    chunks: Number(row.chunks),
    chunksRendered: Number(row.rendered),
  };
}

/**
 * The render worker's own time for each phase of the stitch (download, join, upload), from the
 * standalone's /metrics (the sums of `memoreel_render_stitch_phase_duration_seconds`: one render ran).
 */
export function stitchPhasesOf(metrics: string): Record<string, number> {
  const phases: Record<string, number> = {};
  for (const [, phase, seconds] of metrics.matchAll(
    /^memoreel_render_stitch_phase_duration_seconds_sum\{[^}]*phase="(\w+)"[^}]*\} (\S+)$/gm,
  ))
    phases[phase as string] = round(Number(seconds));
  return phases;
}

/**
 * The workers' own time for the chunks, from the standalone's /metrics
 * (`memoreel_render_chunk_duration_seconds`: Chromium's page, the frames, the MP4 written): set against
 * the chunks' phase, what the jobs around them cost (the photos' URLs, storing the file, the bus).
 */
export function chunkRendersOf(metrics: string) {
  const sum = Number(/^memoreel_render_chunk_duration_seconds_sum(?:\{[^}]*\})? (\S+)$/m.exec(metrics)?.[1]);
  const count = Number(
    /^memoreel_render_chunk_duration_seconds_count(?:\{[^}]*\})? (\S+)$/m.exec(metrics)?.[1],
  );
  return { count, seconds: round(sum), meanSeconds: round(sum / count) };
}

/** The MP4 behind `href`, fetched to `path` and probed: frames (packets), duration, the audio track. */
export async function probeDownload(href: string, path: string) {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`download: ${response.status}`);
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
  return probe(path);
}

export async function probe(path: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-count_packets', '-of', 'json'],
    ...[
      '-show_entries',
      'stream=codec_type,codec_name,width,height,nb_read_packets,duration:format=duration,size',
    ],
    path,
  ]);
  const parsed = JSON.parse(stdout) as {
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      nb_read_packets: string;
      duration: string;
    }[];
    format: { duration: string; size: string };
  };
  const video = parsed.streams.find((stream) => stream.codec_type === 'video');
  const audio = parsed.streams.find((stream) => stream.codec_type === 'audio');
  return {
    megabytes: round(Number(parsed.format.size) / 1e6, 1),
    durationSeconds: round(Number(parsed.format.duration)),
    video: video && {
      codec: video.codec_name,
      size: `${video.width}x${video.height}`,
      frames: Number(video.nb_read_packets),
    },
    audio: audio ? { codec: audio.codec_name, durationSeconds: round(Number(audio.duration)) } : null,
  };
}
