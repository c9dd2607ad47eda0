import { readFileSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import {
  completeMusicUploads,
  deleteMusicTrack,
  listMusicTracks,
  listPublicMusicTracks,
  MUSIC_FILES_PER_DROP,
  musicMessages,
  renameMusicTrack,
  requestMusicUploads,
  setMusicTrackPublic,
} from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { clickTrack } from '../../test/click-track.js';
import { audioFile, eventually, startRender, upload } from '../../test/render-harness.js';

const h = startedForTests('render', () => startRender());

const admin = actors.admin();
const mp3 = () => audioFile('mp3', 3);

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of h.storage.list('music', prefix)) keys.push(object.key);
  return keys;
}

async function track(name = 'Song.mp3', bytes = mp3()) {
  const [result] = (await upload(h, admin, [{ name, bytes }])).results;
  if (!result?.track) throw new Error(`upload refused: ${result?.error}`);
  return result.track;
}

describe('the beats of a track', () => {
  it('are found once it is added: its tempo and every beat, stored with the track', async () => {
    const added = await track('Click 100.wav', await clickTrack(100, 30, 0.3));
    const row = await eventually(async () => {
      const found = await h.db.musicTrack.findUniqueOrThrow({ where: { id: added.id } });
      expect(found.beats).not.toBeNull();
      return found;
    }, 60_000);
    expect(Math.abs((row.tempo as number) - 100)).toBeLessThanOrEqual(1);
    const beats = row.beats as number[];
    expect(beats.length).toBeGreaterThanOrEqual(45);
    for (const beat of beats)
      expect(Math.abs(((beat - 0.3) / 0.6) % 1)).toSatisfy((phase: number) => phase < 0.04 || phase > 0.96);
  });

  it('of a track without a beat (a held chord) are none, found once', async () => {
    const added = await track('Chord.mp3', mp3());
    const row = await eventually(async () => {
      const found = await h.db.musicTrack.findUniqueOrThrow({ where: { id: added.id } });
      expect(found.beats).not.toBeNull();
      return found;
    }, 60_000);
    expect(row).toMatchObject({ tempo: null, beats: [] });
  });
});

describe('uploads', () => {
  it('reads format and duration from real MP3, WAV, AAC (ADTS) and M4A files', async () => {
    const files = [
      { name: 'Piano.mp3', bytes: audioFile('mp3', 3) },
      { name: 'Strings.wav', bytes: audioFile('wav', 4) },
      { name: 'Guitar.aac', bytes: audioFile('aac', 5) },
      { name: 'Choir.M4A', bytes: audioFile('m4a', 6) },
    ];
    const { results } = await upload(h, admin, files);
    expect(results.map((r) => r.error)).toEqual([null, null, null, null]);
    const tracks = results.map((r) => r.track);
    expect(tracks.map((t) => [t?.title, t?.format])).toEqual([
      ['Piano', 'MPEG'],
      ['Strings', 'WAVE'],
      ['Guitar', 'ADTS'],
      ['Choir', 'M4A'],
    ]);
    [3, 4, 5, 6].forEach((seconds, i) => {
      expect(tracks[i]?.duration).toBeGreaterThan(seconds - 0.1);
      expect(tracks[i]?.duration).toBeLessThan(seconds + 0.15);
    });
    expect(tracks.map((t) => t?.storagePath.split('.').pop())).toEqual(['mp3', 'wav', 'aac', 'm4a']);
    // Moved out of the pending area, and served as what they are, whatever the browser declared.
    const pending = await keysUnder('uploads/');
    expect(pending.filter((key) => tracks.some((t) => key.includes(t?.id as string)))).toEqual([]);
    const wav = await h.storage.stat('music', tracks[1]?.storagePath as string);
    expect(wav?.contentType).toBe('audio/wav');
    const row = await h.db.musicTrack.findUniqueOrThrow({ where: { id: tracks[0]?.id as string } });
    expect(row).toMatchObject({ userId: admin.userId, isPublic: true, contentType: 'audio/mpeg' });
  });

  it('refuses an executable renamed .mp3 by its content and deletes it', async () => {
    const { results } = await upload(h, admin, [
      { name: 'virus.mp3', bytes: readFileSync('/usr/bin/true') },
      { name: 'noise.wav', bytes: Buffer.alloc(5000, 7) },
    ]);
    expect(results.map((r) => r.error)).toEqual([
      musicMessages.notAudio('virus.mp3'),
      musicMessages.notAudio('noise.wav'),
    ]);
    expect(results.map((r) => r.track)).toEqual([null, null]);
    const pending = await keysUnder('uploads/');
    for (const { uploadId } of results) {
      expect(pending.some((key) => key.includes(uploadId))).toBe(false);
      expect(await h.db.musicTrack.findUnique({ where: { id: uploadId } })).toBeNull();
    }
  });

  it('refuses other extensions and more than 10 files per drop before anything is stored', async () => {
    const exe = await h.failure(requestMusicUploads, admin, {
      files: [{ name: 'setup.exe', contentType: 'application/octet-stream', size: 10 }],
    });
    expect(exe).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: musicMessages.wrongExtension('setup.exe'),
    });
    const file = { name: 'a.mp3', contentType: 'audio/mpeg', size: 10 };
    const eleven = await h.failure(requestMusicUploads, admin, {
      files: Array.from({ length: MUSIC_FILES_PER_DROP + 1 }, () => file),
    });
    expect(eleven.code).toBe('VALIDATION_FAILED');
    const ten = await h.request(requestMusicUploads, admin, {
      files: Array.from({ length: MUSIC_FILES_PER_DROP }, () => file),
    });
    expect(ten.slots).toHaveLength(MUSIC_FILES_PER_DROP);
  });

  it('answers a file that never arrived, and a completed upload again without a second track', async () => {
    const { slots } = await h.request(requestMusicUploads, admin, {
      files: [{ name: 'Late.mp3', contentType: 'audio/mpeg', size: 100 }],
    });
    const uploadId = slots[0]?.uploadId as string;
    const missing = await h.request(completeMusicUploads, admin, {
      uploads: [{ uploadId, name: 'Late.mp3' }],
    });
    expect(missing.results[0]?.error).toBe(musicMessages.uploadMissing('Late.mp3'));
    const first = await track('Twice.mp3');
    const again = await h.request(completeMusicUploads, admin, {
      uploads: [{ uploadId: first.id, name: 'Twice.mp3' }],
    });
    expect(again.results[0]?.track?.id).toBe(first.id);
    expect(await h.db.musicTrack.count({ where: { title: 'Twice' } })).toBe(1);
  });

  it('sweeps uploads never completed once their URL has long expired, before the next drop', async () => {
    await h.storage.put('music', 'uploads/abandoned.mp3', mp3(), { contentType: 'audio/mpeg' });
    await h.storage.put('music', 'uploads/in-flight.mp3', mp3(), { contentType: 'audio/mpeg' });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(join(h.env.STORAGE_DIR, 'music', 'uploads', 'abandoned.mp3'), twoHoursAgo, twoHoursAgo);
    await h.request(requestMusicUploads, admin, {
      files: [{ name: 'Next.mp3', contentType: 'audio/mpeg', size: 10 }],
    });
    const pending = await keysUnder('uploads/');
    expect(pending).toContain('uploads/in-flight.mp3');
    expect(pending).not.toContain('uploads/abandoned.mp3');
  });
});

describe('the library', () => {
  it('lists every track newest first for admins, public ones by title for users', async () => {
    const zebra = await track('Zebra.mp3');
    const apple = await track('Apple.mp3');
    const hidden = await track('Hidden.mp3');
    await h.request(setMusicTrackPublic, admin, { id: hidden.id, isPublic: false });
    const all = (await h.request(listMusicTracks, admin, {})).tracks.map((t) => t.id);
    expect(all.indexOf(hidden.id)).toBeLessThan(all.indexOf(apple.id));
    expect(all.indexOf(apple.id)).toBeLessThan(all.indexOf(zebra.id));
    const user = actors.anonymousUser();
    const publicTracks = (await h.request(listPublicMusicTracks, user, {})).tracks;
    const titles = publicTracks.map((t) => t.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(titles).toContain('Zebra');
    expect(titles).not.toContain('Hidden');
    expect(publicTracks.find((t) => t.id === apple.id)).toEqual({
      id: apple.id,
      title: 'Apple',
      artist: null,
      duration: apple.duration,
      url: expect.stringContaining(apple.storagePath),
      // Its rhythm, once found (the job may not have run yet).
      tempo: expect.toBeOneOf([null, expect.any(Number)]),
      beats: expect.toBeOneOf([null, expect.any(Array)]),
    });
  });

  it('renames with the title trimmed, refuses blank titles, and writes nothing when unchanged', async () => {
    const song = await track('Old name.mp3');
    const renamed = await h.request(renameMusicTrack, admin, { id: song.id, title: '  New name \u0007 ' });
    expect(renamed.title).toBe('New name');
    const same = await h.request(renameMusicTrack, admin, { id: song.id, title: 'New name  ' });
    // Each reply signs its URL afresh (its expiry may fall in the next second); the row is the same.
    const { url: sameUrl, ...sameRow } = same;
    const { url: renamedUrl, ...renamedRow } = renamed;
    expect(sameRow).toEqual(renamedRow);
    expect(sameUrl.split('?')[0]).toBe(renamedUrl.split('?')[0]);
    const blank = await h.failure(renameMusicTrack, admin, { id: song.id, title: ' \u200B ' });
    expect(blank).toMatchObject({ code: 'VALIDATION_FAILED', message: musicMessages.titleEmpty });
    const long = await h.failure(renameMusicTrack, admin, { id: song.id, title: 'x'.repeat(201) });
    expect(long.message).toBe(musicMessages.titleTooLong);
  });

  it('toggles public both ways', async () => {
    const song = await track('Toggle.mp3');
    const user = actors.user();
    const isListed = async () =>
      (await h.request(listPublicMusicTracks, user, {})).tracks.some((t) => t.id === song.id);
    expect(await isListed()).toBe(true);
    expect((await h.request(setMusicTrackPublic, admin, { id: song.id, isPublic: false })).isPublic).toBe(
      false,
    );
    expect(await isListed()).toBe(false);
    expect((await h.request(setMusicTrackPublic, admin, { id: song.id, isPublic: true })).isPublic).toBe(
      true,
    );
    expect(await isListed()).toBe(true);
  });

  it('deletes the file, then the row; a second delete is "Track not found"', async () => {
    const song = await track('Gone.mp3');
    expect(await h.storage.stat('music', song.storagePath)).not.toBeNull();
    expect(await h.request(deleteMusicTrack, admin, { id: song.id })).toEqual({ id: song.id });
    expect(await h.storage.stat('music', song.storagePath)).toBeNull();
    expect(await h.db.musicTrack.findUnique({ where: { id: song.id } })).toBeNull();
    const again = await h.failure(deleteMusicTrack, admin, { id: song.id });
    expect(again).toMatchObject({ code: 'NOT_FOUND', message: musicMessages.trackNotFound });
  });
});

describe('who may', () => {
  it('refuses every admin call to users, guests and anonymous users, changing nothing', async () => {
    const song = await track('Mine.mp3');
    const id = song.id;
    const calls = [
      [listMusicTracks, {}],
      [requestMusicUploads, { files: [{ name: 'a.mp3', contentType: 'audio/mpeg', size: 1 }] }],
      [completeMusicUploads, { uploads: [{ uploadId: id, name: 'Mine.mp3' }] }],
      [renameMusicTrack, { id, title: 'Hacked' }],
      [setMusicTrackPublic, { id, isPublic: false }],
      [deleteMusicTrack, { id }],
    ] as const;
    for (const [who, expected] of [
      [actors.user(), { code: 'FORBIDDEN', message: musicMessages.adminRequired }],
      [actors.anonymousUser(), { code: 'FORBIDDEN', message: musicMessages.adminRequired }],
      [actors.guest(), { code: 'UNAUTHORIZED' }],
    ] as const) {
      for (const [contract, data] of calls) {
        // biome-ignore lint/suspicious/noExplicitAny: one loop over contracts of different shapes
        const refusal = await h.failure(contract as any, who, data as any);
        expect(refusal, `${contract.subject} as ${who.role}`).toMatchObject(expected);
      }
    }
    expect(await h.db.musicTrack.findUniqueOrThrow({ where: { id } })).toMatchObject({
      title: 'Mine',
      isPublic: true,
    });
    expect(await h.storage.stat('music', song.storagePath)).not.toBeNull();
    expect((await h.failure(listPublicMusicTracks, actors.guest(), {})).code).toBe('UNAUTHORIZED');
  });
});
