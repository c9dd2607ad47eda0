import { spawnSync } from 'node:child_process';
import { listPublicMusicTracks } from '@memoreel/contracts';
import type { Logger } from '@memoreel/platform';
import { SHIPPED_TRACKS } from '@memoreel/shipped-music';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { eventually, startRender } from '../../test/render-harness.js';
import { MUSIC_BUCKET } from './music-storage.js';
import { seedShippedMusic } from './seed-shipped-music.js';

/** Loudness and peaks of an MP3 as ffmpeg measures them (ebur128 with true peak, volumedetect). */
function measure(mp3: Buffer): string {
  const run = spawnSync(
    '/usr/bin/ffmpeg',
    ['-hide_banner', '-nostats', '-i', 'pipe:0', '-af', 'volumedetect,ebur128=peak=true', '-f', 'null', '-'],
    { input: mp3, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  return run.stderr;
}

const h = startedForTests('render', () => startRender({ seedOnStart: true }));

describe('music that ships with the product', () => {
  it('is there soon after the first start: three public tracks of 2–3 minutes, loud enough and not clipped', async () => {
    // Three tracks synthesised and encoded: about 40 s alone, more beside the rest of the suite.
    const tracks = await eventually(async () => {
      const { tracks } = await h.request(listPublicMusicTracks, actors.user(), {});
      expect(tracks).toHaveLength(3);
      return tracks;
    }, 240_000);
    expect(tracks.map((t) => t.title).sort()).toEqual(SHIPPED_TRACKS.map((t) => t.title).sort());
    for (const track of tracks) {
      expect(track.artist).toBe('Memoreel');
      expect(track.duration).toBeGreaterThanOrEqual(120);
      expect(track.duration).toBeLessThanOrEqual(180);
      const row = await h.db.musicTrack.findUniqueOrThrow({ where: { id: track.id } });
      const chunks: Buffer[] = [];
      for await (const chunk of await h.storage.get(MUSIC_BUCKET, row.storagePath))
        chunks.push(chunk as Buffer);
      const report = ffmpegReport(Buffer.concat(chunks));
      expect(report.integrated, track.title).toBeGreaterThan(-17.5);
      expect(report.integrated, track.title).toBeLessThan(-14.5);
      expect(report.truePeak, track.title).toBeLessThan(-0.5);
      expect(report.meanVolume, track.title).toBeGreaterThan(-30);
    }
    expect(await h.db.musicSeed.count()).toBe(3);
  }, 270_000);

  it('has its beats found: a steady tempo in the piano and the upbeat track, none in the free-flowing pads', async () => {
    const rows = await eventually(async () => {
      const found = await h.db.musicTrack.findMany();
      expect(found).toHaveLength(3);
      expect(found.every((row) => row.beats !== null)).toBe(true);
      return found;
    }, 120_000);
    const pads = SHIPPED_TRACKS.find((track) => track.key === 'warm-pads')?.title;
    for (const row of rows.filter((row) => row.title !== pads)) {
      const tempo = row.tempo as number;
      expect(tempo, row.title).toBeGreaterThan(40);
      expect(tempo, row.title).toBeLessThan(208);
      const beats = row.beats as number[];
      const period = 60 / tempo;
      const steady = beats
        .slice(1)
        .filter((beat, i) => Math.abs(beat - (beats[i] as number) - period) < period * 0.1);
      // A stable tempo: nine in ten beats follow the last by one period, all through the track.
      expect(steady.length, row.title).toBeGreaterThanOrEqual(0.9 * (beats.length - 1));
      expect(beats.length, row.title).toBeGreaterThan((row.duration / period) * 0.8);
    }
    // Chords swelling every 8 s and bells at random keep no time: nothing to cut on, said as such.
    expect(rows.find((row) => row.title === pads)).toMatchObject({ tempo: null, beats: [] });
  }, 130_000);

  it('is added once: a restart adds nothing, and a deleted shipped track stays deleted', async () => {
    const before = await h.db.musicTrack.findMany({ orderBy: { id: 'asc' } });
    await h.db.musicTrack.delete({ where: { id: before[0]?.id as string } });
    const again = await h.restart();
    await again.close();
    const after = await h.db.musicTrack.findMany({ orderBy: { id: 'asc' } });
    expect(after.map((t) => t.id)).toEqual(before.slice(1).map((t) => t.id));
  });

  it('stops at shutdown without waiting for the rest, leaving nothing half-made', async () => {
    await h.db.musicSeed.deleteMany();
    await h.db.musicTrack.deleteMany();
    const again = await h.restart();
    const started = performance.now();
    await again.close();
    expect(performance.now() - started).toBeLessThan(15_000);
    const seeds = await h.db.musicSeed.findMany();
    const tracks = await h.db.musicTrack.findMany();
    expect(seeds.length).toBeLessThan(3);
    expect(tracks.map((t) => t.id).sort()).toEqual(seeds.map((seed) => seed.trackId).sort());
  });

  it('is skipped with a warning when ffmpeg is missing', async () => {
    const warnings: string[] = [];
    const logger = {
      warn: (_: unknown, message: string) => warnings.push(message),
      info: () => undefined,
    } as unknown as Logger;
    await h.db.musicSeed.deleteMany();
    const outcome = await seedShippedMusic({
      database: h.db,
      storage: h.storage,
      logger,
      ffmpegPath: '/nowhere/ffmpeg',
    });
    expect(outcome).toEqual({ added: [], skipped: 'no-ffmpeg' });
    expect(warnings[0]).toMatch(/ffmpeg not found/);
  });
});

function ffmpegReport(mp3: Buffer) {
  const text = measure(mp3);
  const summary = text.slice(text.lastIndexOf('Summary:'));
  const number = (source: string, pattern: RegExp) => Number(pattern.exec(source)?.[1]);
  return {
    integrated: number(summary, /I:\s+(-?[\d.]+) LUFS/),
    truePeak: number(summary, /Peak:\s+(-?[\d.]+) dBFS/),
    meanVolume: number(text, /mean_volume: (-?[\d.]+) dB/),
  };
}
