import { describe, expect, it, vi } from 'vitest';
import { jpegFile, PROJECT_ID, samplePhoto } from './fake-photos';
import type { PhotoUploadPlan } from './photos-api';
import { type UploadingFile, type UploadTransport, uploadCounts, uploadPhotos } from './upload-photos';

function planFor(count: number, skipped = 0): PhotoUploadPlan {
  return {
    slots: Array.from({ length: count }, (_, index) => ({
      uploadId: `u${index}`,
      fileIndex: index,
      url: `/storage/put/u${index}`,
      headers: [{ name: 'content-type', value: 'image/jpeg' }],
    })),
    skipped,
    quota: { count: 0, limit: 50, remaining: 50 },
  };
}

function fakeTransport(plan: PhotoUploadPlan, refused: string[] = []) {
  let inFlight = 0;
  let mostAtOnce = 0;
  const transport: UploadTransport = {
    request: vi.fn(async () => plan),
    put: vi.fn(async (_slot, _file, onProgress) => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      onProgress(0.5);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
    }),
    complete: vi.fn(async (_projectId, ids: string[]) =>
      ids.map((uploadId) =>
        refused.includes(uploadId)
          ? { uploadId, photo: null, error: 'x.jpg could not be read; the file may be damaged' }
          : { uploadId, photo: samplePhoto(Number(uploadId.slice(1))), error: null },
      ),
    ),
  };
  return { transport, mostAtOnce: () => mostAtOnce };
}

describe('uploading photos (spec §4)', () => {
  it('sends three at a time and completes each batch', async () => {
    const files = Array.from({ length: 7 }, (_, index) => jpegFile(`p${index}.jpg`));
    const { transport, mostAtOnce } = fakeTransport(planFor(7));
    const summary = await uploadPhotos(PROJECT_ID, files, transport, () => {});
    expect(summary.uploaded).toHaveLength(7);
    expect(mostAtOnce()).toBe(3);
    expect(vi.mocked(transport.complete).mock.calls.map(([, ids]) => ids)).toEqual([
      ['u0', 'u1', 'u2'],
      ['u3', 'u4', 'u5'],
      ['u6'],
    ]);
    expect(transport.request).toHaveBeenCalledWith(
      PROJECT_ID,
      files.map((file) => ({ name: file.name, size: 2048, contentType: 'image/jpeg' })),
    );
  });

  it('sends the next batches while the server verifies one, then completes what was sent meanwhile in one call', async () => {
    const files = Array.from({ length: 7 }, (_, index) => jpegFile(`p${index}.jpg`));
    const { transport } = fakeTransport(planFor(7));
    const events: string[] = [];
    let finishFirstComplete = () => {};
    vi.mocked(transport.put).mockImplementation(async (slot) => {
      events.push(`put ${slot.uploadId}`);
    });
    const answer = (ids: string[]) =>
      ids.map((uploadId) => ({ uploadId, photo: samplePhoto(0), error: null }));
    vi.mocked(transport.complete).mockImplementation(async (_projectId, ids) => {
      events.push(`complete ${ids.join(',')}`);
      // The first batch's verification is slow: the rest of the PUTs go on meanwhile.
      if (ids[0] === 'u0') await new Promise<void>((resolve) => (finishFirstComplete = resolve));
      events.push(`completed ${ids.join(',')}`);
      return answer(ids);
    });
    const uploading = uploadPhotos(PROJECT_ID, files, transport, () => {});
    await vi.waitFor(() => expect(events).toContain('put u6'));
    expect(events).not.toContain('complete u3,u4,u5');
    finishFirstComplete();
    const summary = await uploading;
    expect(summary.uploaded).toHaveLength(7);
    expect(events.filter((event) => event.startsWith('complete'))).toEqual([
      'complete u0,u1,u2',
      'completed u0,u1,u2',
      'complete u3,u4,u5,u6',
      'completed u3,u4,u5,u6',
    ]);
  });

  it('announces a drop of more than MAX_UPLOAD_FILES (100) a part at a time, and completes at most 100 at once', async () => {
    const files = Array.from({ length: 205 }, (_, index) => jpegFile(`p${index}.jpg`));
    const { transport } = fakeTransport(planFor(0));
    // Each request answers slots for the files it was given, indexed within them; the last has room for 3.
    let requests = 0;
    vi.mocked(transport.request).mockImplementation(async (_projectId, announced) => {
      const offset = requests * 100;
      requests += 1;
      const room = requests === 3 ? 3 : announced.length;
      return {
        ...planFor(room, announced.length - room),
        slots: planFor(room).slots.map((slot) => ({ ...slot, uploadId: `u${offset + slot.fileIndex}` })),
      };
    });
    let finishFirstComplete = () => {};
    const complete = vi.mocked(transport.complete).getMockImplementation()!;
    vi.mocked(transport.complete).mockImplementation(async (projectId, ids) => {
      // The first verification is slow: every other file is sent meanwhile.
      if (ids[0] === 'u0') await new Promise<void>((resolve) => (finishFirstComplete = resolve));
      return complete(projectId, ids);
    });
    const uploading = uploadPhotos(PROJECT_ID, files, transport, () => {});
    await vi.waitFor(() => expect(transport.put).toHaveBeenCalledTimes(203));
    finishFirstComplete();
    const summary = await uploading;
    expect(vi.mocked(transport.request).mock.calls.map(([, announced]) => announced.length)).toEqual([
      100, 100, 5,
    ]);
    expect(vi.mocked(transport.request).mock.calls[2]?.[1][0]?.name).toBe('p200.jpg');
    const completed = vi.mocked(transport.complete).mock.calls.map(([, ids]) => ids);
    // What was sent while the first was verified (at least 197 files) goes in calls of 100 at most.
    expect(Math.max(...completed.map((ids) => ids.length))).toBe(100);
    expect(completed.flat()).toEqual(Array.from({ length: 203 }, (_, index) => `u${index}`));
    expect(summary.uploaded).toHaveLength(203);
    expect(summary.skipped).toBe(2);
  });

  it("reports each file, a refused one with the server's reason, and the files without room", async () => {
    const files = Array.from({ length: 4 }, (_, index) => jpegFile(`p${index}.jpg`));
    const { transport } = fakeTransport(planFor(3, 1), ['u1']);
    const seen: UploadingFile[][] = [];
    const summary = await uploadPhotos(PROJECT_ID, files, transport, (states) => seen.push(states));
    expect(summary.uploaded).toHaveLength(2);
    expect(summary.failed).toEqual([
      { name: 'p1.jpg', error: 'x.jpg could not be read; the file may be damaged' },
    ]);
    expect(summary.skipped).toBe(1);
    expect(seen.at(-1)?.map((file) => file.state)).toEqual(['done', 'failed', 'done', 'skipped']);
    expect(seen.some((states) => states[0]?.state === 'uploading' && states[0].fraction === 0.5)).toBe(true);
  });

  it('completes a file whose PUT failed too, so the server frees its place at once, and shows the PUT error', async () => {
    const files = Array.from({ length: 3 }, (_, index) => jpegFile(`p${index}.jpg`));
    const { transport } = fakeTransport(planFor(3));
    vi.mocked(transport.put).mockImplementation(async (slot) => {
      if (slot.uploadId === 'u1') throw new Error('Failed to upload p1.jpg');
    });
    const summary = await uploadPhotos(PROJECT_ID, files, transport, () => {});
    expect(vi.mocked(transport.complete).mock.calls.map(([, ids]) => ids)).toEqual([['u0', 'u1', 'u2']]);
    expect(summary.uploaded).toHaveLength(2);
    expect(summary.failed).toEqual([{ name: 'p1.jpg', error: 'Failed to upload p1.jpg' }]);
  });

  it('counts what remains of the total and the share done', () => {
    const file = (state: UploadingFile['state'], fraction = 0): UploadingFile => ({
      name: 'a',
      state,
      fraction,
    });
    expect(uploadCounts([file('done', 1), file('uploading', 0.5), file('waiting'), file('skipped')])).toEqual(
      {
        total: 3,
        remaining: 2,
        fraction: (1 + 0.45) / 3,
      },
    );
    expect(uploadCounts([])).toEqual({ total: 0, remaining: 0, fraction: 0 });
  });
});
