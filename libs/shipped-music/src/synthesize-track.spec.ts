import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { pianoTone } from './instruments.js';
import { Mix } from './mix.js';
import { SHIPPED_TRACKS, type ShippedTrack } from './shipped-tracks.js';
import { encodeTrack, interleaved, synthesizeTrack, TARGET_LUFS } from './synthesize-track.js';

const FFMPEG = '/usr/bin/ffmpeg';

/** Twelve seconds of a few piano notes: a shipped track's making, in little. */
const shortTrack: ShippedTrack = {
  key: 'test-notes',
  title: 'Test Notes',
  artist: 'Memoreel',
  echo: 'aecho=0.8:0.75:70|130:0.28|0.18',
  compose: () => {
    const mix = new Mix(12);
    [60, 64, 67, 72, 67, 64, 60, 55].forEach((midi, i) => {
      mix.add(pianoTone(midi), i * 1.2, 0.5, i % 2 ? 0.3 : -0.3);
    });
    return mix.normalised();
  },
};

const encodeShort = (track: ShippedTrack, signal?: AbortSignal) =>
  encodeTrack(track, interleaved(track.compose()), FFMPEG, signal);

/** Duration, loudness and tags of an MP3 as ffmpeg reads it. */
function measure(mp3: Buffer) {
  const run = spawnSync(
    FFMPEG,
    ['-hide_banner', '-i', 'pipe:0', '-af', 'ebur128=peak=true', '-f', 'null', '-'],
    { input: mp3, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const text = run.stderr;
  const summary = text.slice(text.lastIndexOf('Summary:'));
  // Read from a pipe the header has no duration; the progress line's time is the decoded length.
  const [, h, m, s] = [...text.matchAll(/time=(\d+):(\d+):([\d.]+)/g)].at(-1) ?? [];
  return {
    text,
    seconds: Number(h) * 3600 + Number(m) * 60 + Number(s),
    integrated: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]),
    truePeak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]),
  };
}

describe('encodeTrack', () => {
  it('encodes the composition as a tagged MP3 at the target loudness, its peaks limited', async () => {
    const mp3 = await encodeShort(shortTrack);

    const report = measure(mp3);
    expect(report.text).toMatch(/Audio: mp3/);
    expect(report.text).toMatch(/title\s+: Test Notes/);
    expect(report.seconds).toBeGreaterThan(11.5);
    expect(report.seconds).toBeLessThan(12.5);
    expect(report.integrated).toBeGreaterThan(TARGET_LUFS - 1.5);
    expect(report.integrated).toBeLessThan(TARGET_LUFS + 1.5);
    expect(report.truePeak).toBeLessThan(-0.5);
  });

  it('stops ffmpeg when asked to (the service is shutting down)', async () => {
    const stopping = new AbortController();
    stopping.abort();

    await expect(encodeShort(shortTrack, stopping.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('fails with what ffmpeg said when it cannot run the filters', async () => {
    await expect(encodeShort({ ...shortTrack, echo: 'nosuchfilter=1' })).rejects.toThrow(
      /ffmpeg exited with/,
    );
  });
});

describe('synthesizeTrack', () => {
  it('composes a shipped track off this thread: the event loop keeps answering meanwhile', async () => {
    // Composed on this thread, Soft Horizon (nothing here cached its voices) holds the loop ~0.75 s on a
    // quiet machine, far longer on a busy one.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // The monitor's timer starts with the loop's next turn: a block before it would go unseen.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const mp3 = await synthesizeTrack(SHIPPED_TRACKS[1] as ShippedTrack, FFMPEG);
    delay.disable();
    expect(measure(mp3).text).toMatch(/title\s+: Soft Horizon/);
    expect(delay.max / 1e6).toBeLessThan(250);
  });

  it('runs nothing that NODE_OPTIONS names in the composing thread (a loader there crashed the process)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'memoreel-node-options-'));
    const preload = join(dir, 'preload.cjs');
    const ran = join(dir, 'ran');
    await writeFile(preload, `require('node:fs').appendFileSync(${JSON.stringify(ran)}, 'ran');`);
    const nodeOptions = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = `--require ${preload}`;
    try {
      const mp3 = await synthesizeTrack(SHIPPED_TRACKS[0] as ShippedTrack, FFMPEG);
      expect(measure(mp3).text).toMatch(/Audio: mp3/);
      expect(existsSync(ran)).toBe(false);
    } finally {
      if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = nodeOptions;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stops composing when asked to', async () => {
    const stopping = new AbortController();
    const synthesized = synthesizeTrack(SHIPPED_TRACKS[2] as ShippedTrack, FFMPEG, stopping.signal);
    stopping.abort();
    await expect(synthesized).rejects.toMatchObject({ name: 'AbortError' });
  });
});
