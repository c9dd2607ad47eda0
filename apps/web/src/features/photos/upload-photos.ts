import { MAX_UPLOAD_FILES } from '@memoreel/contracts';
import { inUploadBatches, photoContentTypeOf } from '@memoreel/domain';
// Types only (the .js suffix lets Node's module resolution read it too): the upload runs wherever a
// transport is given, and tools/bench runs it in Node.
import type {
  Photo,
  PhotoUploadFile,
  PhotoUploadPlan,
  PhotoUploadResult,
  PhotoUploadSlot,
} from './photo-types.js';

/** One file of an upload as the progress list shows it. */
export interface UploadingFile {
  name: string;
  /** 0–1 of its bytes sent. */
  fraction: number;
  state: 'waiting' | 'uploading' | 'processing' | 'done' | 'failed' | 'skipped';
  error?: string;
}

export interface UploadSummary {
  uploaded: Photo[];
  failed: { name: string; error: string }[];
  /** Files the plan had no room for. */
  skipped: number;
}

/** What an upload needs from the outside world; tests pass fakes. */
export interface UploadTransport {
  request: (projectId: string, files: PhotoUploadFile[]) => Promise<PhotoUploadPlan>;
  put: (slot: PhotoUploadSlot, file: File, onProgress: (fraction: number) => void) => Promise<void>;
  complete: (projectId: string, uploadIds: string[]) => Promise<PhotoUploadResult[]>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Spec §4 upload flow: reserve slots for the files, then send them three at a time with presigned
 * PUTs, completing each batch so its photos appear while the next is on its way. The next batch's
 * PUTs start as soon as this batch's bytes are sent: the server verifies one batch while the next
 * goes up (completes still run one after another, so photos join the project in the order chosen).
 * `onChange` gets every file's state whenever one changes.
 */
export async function uploadPhotos(
  projectId: string,
  files: readonly File[],
  transport: UploadTransport,
  onChange: (files: UploadingFile[]) => void,
): Promise<UploadSummary> {
  const states: UploadingFile[] = files.map((file) => ({ name: file.name, fraction: 0, state: 'waiting' }));
  const update = (index: number, change: Partial<UploadingFile>) => {
    const current = states[index];
    if (!current) return;
    states[index] = { ...current, ...change };
    onChange([...states]);
  };
  onChange([...states]);

  // One request announces at most MAX_UPLOAD_FILES files: a bigger drop reserves its slots a part at a time.
  const plan: { slots: PhotoUploadSlot[] } = { slots: [] };
  for (let first = 0; first < files.length; first += MAX_UPLOAD_FILES) {
    const part = await transport.request(
      projectId,
      files
        .slice(first, first + MAX_UPLOAD_FILES)
        .map((file) => ({ name: file.name, size: file.size, contentType: photoContentTypeOf(file) })),
    );
    plan.slots.push(...part.slots.map((slot) => ({ ...slot, fileIndex: slot.fileIndex + first })));
  }
  const withSlot = new Set(plan.slots.map((slot) => slot.fileIndex));
  files.forEach((_file, index) => {
    if (!withSlot.has(index)) update(index, { state: 'skipped' });
  });

  const summary: UploadSummary = { uploaded: [], failed: [], skipped: files.length - plan.slots.length };
  const fail = (index: number, error: string) => {
    update(index, { state: 'failed', error });
    summary.failed.push({ name: files[index]?.name ?? '', error });
  };

  type Sent = { slot: PhotoUploadSlot; putError: string | null };
  const complete = async (sent: Sent[]) => {
    // Every slot is completed, a failed PUT's too: the server then gives its place in the quota
    // back at once instead of holding it until the reservation runs out.
    let results: Map<string, PhotoUploadResult>;
    try {
      results = new Map(
        (
          await transport.complete(
            projectId,
            sent.map(({ slot }) => slot.uploadId),
          )
        ).map((result) => [result.uploadId, result]),
      );
    } catch (error) {
      for (const { slot, putError } of sent) fail(slot.fileIndex, putError ?? messageOf(error));
      return;
    }
    for (const { slot, putError } of sent) {
      const result = results.get(slot.uploadId);
      if (putError) fail(slot.fileIndex, putError);
      else if (result?.photo) {
        update(slot.fileIndex, { state: 'done' });
        summary.uploaded.push(result.photo);
      } else {
        fail(slot.fileIndex, result?.error ?? 'The server did not confirm this photo.');
      }
    }
  };

  // Completes run one after another; each takes every file sent since the one before it, so a slow
  // verification is followed by one call for the batches sent meanwhile rather than one per batch.
  let sentSinceLastComplete: Sent[] = [];
  const completeWhatWasSent = async () => {
    const sent = sentSinceLastComplete;
    sentSinceLastComplete = [];
    // As many as one call may complete (MAX_UPLOAD_FILES) at a time, in the order sent.
    for (let first = 0; first < sent.length; first += MAX_UPLOAD_FILES)
      await complete(sent.slice(first, first + MAX_UPLOAD_FILES));
  };
  let completing: Promise<void> = Promise.resolve();
  for (const batch of inUploadBatches(plan.slots)) {
    const sent = await Promise.all(
      batch.map(async (slot): Promise<Sent> => {
        const file = files[slot.fileIndex];
        if (!file) return { slot, putError: 'The file is gone.' };
        update(slot.fileIndex, { state: 'uploading' });
        try {
          await transport.put(slot, file, (fraction) => update(slot.fileIndex, { fraction }));
          update(slot.fileIndex, { state: 'processing', fraction: 1 });
          return { slot, putError: null };
        } catch (error) {
          return { slot, putError: messageOf(error) };
        }
      }),
    );
    sentSinceLastComplete.push(...sent);
    completing = completing.then(completeWhatWasSent);
  }
  await completing;
  return summary;
}

/** Spec §2 "Uploading photos, {remaining} of {total} remaining...": files not yet finished. */
export function uploadCounts(files: readonly UploadingFile[]): {
  total: number;
  remaining: number;
  /** Spec §4: progress is the completed share of the total, with bytes of files in flight. */
  fraction: number;
} {
  const counted = files.filter((file) => file.state !== 'skipped');
  const finished = counted.filter((file) => file.state === 'done' || file.state === 'failed').length;
  const inFlight = counted
    .filter((file) => file.state === 'uploading' || file.state === 'processing')
    .reduce((sum, file) => sum + file.fraction * 0.9, 0);
  const total = counted.length;
  return {
    total,
    remaining: total - finished,
    fraction: total === 0 ? 0 : Math.min(1, (finished + inFlight) / total),
  };
}
