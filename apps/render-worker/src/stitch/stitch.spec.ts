import { execFile } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { MusicPlacement } from '@memoreel/video';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG, ffmpeg, ffprobe } from './ffmpeg.js';
import { ffconcatList, mixMusic, musicMixGraph, stitch } from './stitch.js';

const run = promisify(execFile);

/** The MP4's top-level boxes in file order, each with its size. */
async function topLevelBoxes(file: string): Promise<{ type: string; size: number }[]> {
  const handle = await open(file);
  try {
    const { size: fileSize } = await handle.stat();
    const boxes: { type: string; size: number }[] = [];
    const header = Buffer.alloc(16);
    for (let at = 0; at < fileSize; ) {
      await handle.read(header, 0, 16, at);
      const small = header.readUInt32BE(0);
      const size = small === 1 ? Number(header.readBigUInt64BE(8)) : small === 0 ? fileSize - at : small;
      boxes.push({ type: header.toString('latin1', 4, 8), size });
      at += size;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}

function placement(overrides: Partial<MusicPlacement> = {}): MusicPlacement {
  return { instanceId: 'm', url: 'unused', from: 0, durationInFrames: 90, fadeOutFrom: 29, ...overrides };
}

describe('ffconcatList', () => {
  it('gives each chunk its exact duration and quotes paths', () => {
    expect(
      ffconcatList([
        { path: '/tmp/a.mp4', frames: 45 },
        { path: "/tmp/it's.mp4", frames: 10 },
      ]),
    ).toBe(
      "ffconcat version 1.0\nfile '/tmp/a.mp4'\nduration 1.500000\nfile '/tmp/it'\\''s.mp4'\nduration 0.333333\n",
    );
  });
});

describe('musicMixGraph', () => {
  it('trims, fades and delays each track, then mixes them over the silence of the video', () => {
    const graph = musicMixGraph([
      { placement: placement({ from: 15, durationInFrames: 75, fadeOutFrom: 29 }), source: 'a' },
      { placement: placement({ from: 0, durationInFrames: 300, fadeOutFrom: 239 }), source: 'b' },
    ]);
    expect(graph).toContain('[2:a]atrim=duration=2.500000,asetpts=PTS-STARTPTS,');
    // Fade from frame 29 of the video = 14 frames into the track, over 2 s.
    expect(graph).toContain('afade=t=out:st=0.466667:d=2:curve=tri,adelay=delays=500:all=1[track0]');
    expect(graph).toContain('[3:a]atrim=duration=10.000000');
    expect(graph).toContain('afade=t=out:st=7.966667:d=2');
    expect(graph).toContain('[1:a][track0][track1]amix=inputs=3:duration=first:normalize=0');
  });

  it('starts a track shorter than the fade part-way down the same ramp', () => {
    const graph = musicMixGraph([
      { placement: placement({ durationInFrames: 30, fadeOutFrom: -31 }), source: 'a' },
    ]);
    expect(graph).toContain("volume=volume='clip((0.966667-t)/2,0,1)':eval=frame");
  });
});

// Real ffmpeg on small x264 chunks (the Chromium-rendered case is in test/render.spec.ts).
describe('stitch', { timeout: 60_000 }, () => {
  let dir: string;
  const chunks = [
    { path: '', frames: 15 },
    { path: '', frames: 20 },
  ];
  let tone: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'memoreel-stitch-test-'));
    for (const [i, chunk] of chunks.entries()) {
      chunk.path = join(dir, `chunk ${i}.mp4`);
      await ffmpeg([
        ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=30:duration=${chunk.frames / 30}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', chunk.path],
      ]);
    }
    tone = join(dir, 'tone.wav');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5', tone]);
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function check(output: string) {
    const probe = await ffprobe(output, ['-count_frames']);
    const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
    const audio = probe.streams.find((stream) => stream.codec_type === 'audio')!;
    const { stderr } = await run(FFMPEG, ['-v', 'error', '-i', output, '-f', 'null', '-']);
    return { video, audio, decodeErrors: stderr };
  }

  it('joins the chunks without re-encoding, with a silent track when there is no music', async () => {
    const output = join(dir, 'silent.mp4');
    await stitch(chunks, [], output);
    const { video, audio, decodeErrors } = await check(output);
    expect(video).toMatchObject({ codec_name: 'h264', nb_read_frames: '35', width: 320 });
    expect(Number(video.duration)).toBeCloseTo(35 / 30, 2);
    expect(Number(audio.duration)).toBeCloseTo(35 / 30, 1);
    expect(decodeErrors).toBe('');
    // Plays before it has downloaded: the index comes before the frames.
    const types = (await topLevelBoxes(output)).map((box) => box.type);
    expect(types.indexOf('moov')).toBeGreaterThan(-1);
    expect(types.indexOf('moov')).toBeLessThan(types.indexOf('mdat'));
  });

  it('mixes a track shorter than its fade and one cut by the end of the video', async () => {
    const output = join(dir, 'music.mp4');
    await stitch(
      chunks,
      [
        { placement: placement({ from: 0, durationInFrames: 20, fadeOutFrom: -41 }), source: tone },
        { placement: placement({ from: 10, durationInFrames: 25, fadeOutFrom: -26 }), source: tone },
      ],
      output,
    );
    const { video, audio, decodeErrors } = await check(output);
    expect(video.nb_read_frames).toBe('35');
    expect(audio).toMatchObject({ codec_name: 'aac', channels: 2 });
    expect(Number(audio.duration)).toBeCloseTo(35 / 30, 1);
    expect(decodeErrors).toBe('');
  });

  it('takes music mixed ahead as it is: the same sound as mixing it while joining', async () => {
    const music = [
      { placement: placement({ from: 5, durationInFrames: 28, fadeOutFrom: -33 }), source: tone },
    ];
    const mixed = join(dir, 'mixed.m4a');
    await mixMusic(music, 35, mixed);
    const [ahead, joined] = [join(dir, 'ahead.mp4'), join(dir, 'joined.mp4')];
    await stitch(chunks, music, ahead, mixed);
    await stitch(chunks, music, joined);
    const { video, audio, decodeErrors } = await check(ahead);
    expect(video).toMatchObject({ codec_name: 'h264', nb_read_frames: '35' });
    expect(audio).toMatchObject({ codec_name: 'aac', channels: 2, sample_rate: '48000' });
    expect(Number(audio.duration)).toBeCloseTo(35 / 30, 1);
    expect(decodeErrors).toBe('');
    // Decoded, the two soundtracks are the same samples (one encoder, one input).
    const pcm = async (file: string) =>
      (
        await run(FFMPEG, ['-v', 'error', '-i', file, '-map', '0:a', '-f', 's16le', '-'], {
          encoding: 'buffer',
          maxBuffer: 16 << 20,
        })
      ).stdout;
    const [a, b] = [await pcm(ahead), await pcm(joined)];
    expect(a.length).toBeGreaterThan(0);
    expect(a.equals(b)).toBe(true);
    const types = (await topLevelBoxes(ahead)).map((box) => box.type);
    expect(types.indexOf('moov')).toBeLessThan(types.indexOf('mdat'));
  });

  it('refuses to stitch nothing', async () => {
    await expect(stitch([], [], join(dir, 'none.mp4'))).rejects.toThrow('no chunks');
  });

  it('fails a run whose MP4 ffmpeg could not finish, though ffmpeg exits with 0', async () => {
    // Too little room kept for the index: the trailer (the index) is not written.
    const args = ['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=30:duration=1', '-c:v', 'libx264'];
    await expect(ffmpeg([...args, '-moov_size', '64', join(dir, 'unfinished.mp4')])).rejects.toThrow(
      'Error writing trailer',
    );
  });
});
