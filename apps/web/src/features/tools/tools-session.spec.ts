import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dimensions, FileItem, ToolsRuntime } from './tools-session';
import { ToolsSession } from './tools-session';
import type { DecodeAheadJob, ToolJob, ToolJobResult } from './worker-protocol';

/** Stands in for the workers (happy-dom has no canvas): echoes a smaller "JPEG" with swapped sides for rotations. */
function fakeRuntime(sizes: Record<string, Dimensions> = {}) {
  const jobs: ToolJob[] = [];
  const decodedAhead: DecodeAheadJob[] = [];
  const forgotten: number[] = [];
  const release: (() => void)[] = [];
  const runtime: ToolsRuntime = {
    decodeAhead: (job) => void decodedAhead.push(job),
    forget: (fileId) => void forgotten.push(fileId),
    measure: async (url) => sizes[url] ?? { width: 40, height: 30 },
    convertHeic: async (job) => ({ id: job.id, ok: true, blob: new Blob(['jpeg']), width: 40, height: 30 }),
    runTool: (job) => {
      jobs.push(job);
      return new Promise<ToolJobResult>((resolve) =>
        release.push(() =>
          resolve({
            id: job.id,
            ok: true,
            blob: new Blob(['x']),
            width: 30,
            height: 40,
            milliseconds: 12.5,
            decodeMilliseconds: 2,
            encodeMilliseconds: 3,
          }),
        ),
      );
    },
  };
  return {
    runtime,
    jobs,
    decodedAhead,
    forgotten,
    finishAll: () => {
      for (const done of release.splice(0)) done();
    },
  };
}

function png(name: string): File {
  return new File([new Uint8Array(100)], name, { type: 'image/png' });
}

afterEach(() => vi.restoreAllMocks());

describe('a tools session', () => {
  it('adds files with their size and dimensions, and counts a run while it is active', async () => {
    const { runtime, jobs, finishAll } = fakeRuntime();
    const session = new ToolsSession(runtime);
    await session.addFiles([png('a.png'), png('b.png')]);
    expect(
      session.getSnapshot().files.map((file) => [file.name, file.size, file.width, file.height]),
    ).toEqual([
      ['a.png', 100, 40, 30],
      ['b.png', 100, 40, 30],
    ]);

    const run = session.run('rotate-90-cw');
    await vi.waitFor(() => expect(jobs).toHaveLength(2));
    expect(session.getSnapshot().processing).toEqual({
      active: true,
      message: 'Applying 90° CW to image 1 of 2…',
      processedCount: 0,
      totalCount: 2,
    });
    // A second tool while the first runs does nothing.
    await session.run('grayscale');
    expect(jobs).toHaveLength(2);

    finishAll();
    await run;
    const { results, processing } = session.getSnapshot();
    expect(processing.active).toBe(false);
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({
      fileName: 'a.png',
      downloadName: 'a-rotate-90-cw.jpg',
      tool: 'rotate-90-cw',
      processingTime: 12.5,
      dimensions: { before: { width: 40, height: 30 }, after: { width: 30, height: 40 } },
      stats: { originalSize: 100, newSize: 1, savings: 99 },
    });
  });

  it('has each picked file decoded ahead, names the file in its tool jobs, and has it forgotten when removed', async () => {
    const { runtime, jobs, decodedAhead, forgotten, finishAll } = fakeRuntime();
    const session = new ToolsSession(runtime);
    await session.addFiles([png('a.png'), png('b.png')]);
    const [a, b] = session.getSnapshot().files as [FileItem, FileItem];
    expect(decodedAhead).toEqual([
      expect.objectContaining({
        kind: 'decode-ahead',
        fileId: a.id,
        source: a.source,
        width: 40,
        height: 30,
      }),
      expect.objectContaining({
        kind: 'decode-ahead',
        fileId: b.id,
        source: b.source,
        width: 40,
        height: 30,
      }),
    ]);
    const run = session.run('invert');
    await vi.waitFor(() => expect(jobs).toHaveLength(2));
    expect(jobs.map((job) => job.fileId)).toEqual([a.id, b.id]);
    finishAll();
    await run;
    session.removeFile(a.id);
    expect(forgotten).toEqual([a.id]);
    session.clearFiles();
    expect(forgotten).toEqual([a.id, b.id]);
  });

  it('turns a HEIC photo into a JPEG once, and keeps the name and size of the file as chosen', async () => {
    const { runtime, jobs, finishAll } = fakeRuntime();
    const converted: Blob[] = [];
    runtime.convertHeic = async (job) => {
      const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
      converted.push(job.source);
      return { id: job.id, ok: true, blob, width: 40, height: 30 };
    };
    const session = new ToolsSession(runtime);
    const heic = new File([new Uint8Array(500)], 'IMG_0001.HEIC', { type: '' });
    const adding = session.addFiles([heic]);
    expect(session.getSnapshot().preparing).toBe(1);
    await adding;
    expect(converted).toEqual([heic]);
    const [file] = session.getSnapshot().files;
    expect(file).toMatchObject({ name: 'IMG_0001.HEIC', size: 500 });
    expect(file!.source.type).toBe('image/jpeg');
    expect(session.getSnapshot().preparing).toBe(0);

    const run = session.run('grayscale');
    await vi.waitFor(() => expect(jobs).toHaveLength(1));
    expect(jobs[0]!.source).toBe(file!.source);
    finishAll();
    await run;
  });

  it('refuses an image too large for the browser without sending it to a worker', async () => {
    const { runtime, jobs } = fakeRuntime();
    runtime.measure = async () => ({ width: 12000, height: 12000 });
    const session = new ToolsSession(runtime);
    await session.addFiles([png('huge.png')]);
    await session.run('grayscale');
    expect(jobs).toHaveLength(0);
    expect(session.getSnapshot().failures).toEqual([
      expect.objectContaining({
        fileName: 'huge.png',
        message: expect.stringMatching(/^This image is too large/),
      }),
    ]);
  });

  it('lists a file it cannot read as refused instead of adding it', async () => {
    const { runtime } = fakeRuntime();
    runtime.measure = () => Promise.reject(new Error('This image could not be read.'));
    const session = new ToolsSession(runtime);
    await session.addFiles([png('broken.png')], [{ name: 'notes.pdf', message: 'File type must be …' }]);
    expect(session.getSnapshot().files).toEqual([]);
    expect(session.getSnapshot().refused.map((file) => file.name)).toEqual(['notes.pdf', 'broken.png']);
  });

  it('revokes every object URL it made when files and results are cleared', async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    const create = URL.createObjectURL.bind(URL);
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = create(blob);
      created.push(url);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    const { runtime, finishAll, jobs } = fakeRuntime();
    const session = new ToolsSession(runtime);
    for (let round = 0; round < 3; round++) {
      await session.addFiles([png('a.png'), png('b.png'), png('c.png')]);
      session.removeFile(session.getSnapshot().files[0]!.id);
      const run = session.run('invert');
      await vi.waitFor(() => expect(jobs.length).toBe((round + 1) * 2));
      finishAll();
      await run;
      session.clearResults();
      session.clearFiles();
    }
    // 3 previews + 2 × (original + result) per round.
    expect(created).toHaveLength(21);
    expect(revoked.sort()).toEqual(created.sort());
  });

  it('drops results that arrive after the visitor left, revoking their URLs', async () => {
    const { runtime, finishAll, jobs } = fakeRuntime();
    const session = new ToolsSession(runtime);
    await session.addFiles([png('a.png')]);
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const run = session.run('sepia');
    await vi.waitFor(() => expect(jobs).toHaveLength(1));
    session.dispose();
    finishAll();
    await run;
    expect(session.getSnapshot().results).toEqual([]);
    // The preview at dispose, then the late result's original and processed URLs.
    expect(revoke).toHaveBeenCalledTimes(3);
  });
});
