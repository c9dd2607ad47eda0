import { photoFileProblem, photoMessages, photoUploadDecision } from '@memoreel/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { photoKeys, useRefreshPhotos } from './photo-queries';
import { completePhotoUploads, fetchPhotoQuota, putPhotoBytes, requestPhotoUploads } from './photos-api';
import { type UploadingFile, type UploadTransport, uploadPhotos } from './upload-photos';

/** The browser's way: GraphQL for slots and completes, XMLHttpRequest PUTs (with progress) to storage. */
export const gatewayTransport: UploadTransport = {
  request: requestPhotoUploads,
  put: (slot, file, onProgress) => putPhotoBytes(slot, file, onProgress),
  complete: completePhotoUploads,
};

/** The per-file 'Uploaded {name}' toast's id (spec 2 §8). */
const UPLOADED_FILE_TOAST = 'photo-uploaded';

/** Files that fit only in part: the 'Photo Limit Reached' confirmation is open for them. */
export interface PartialUpload {
  files: File[];
  fits: number;
  skipped: number;
}

/**
 * Spec §4 upload flow for step 1: check each file, check the plan's room (all, part after
 * confirmation, or the upgrade modal), upload, then say how it went.
 */
export function usePhotoUpload(
  projectId: string,
  { transport = gatewayTransport, openUpgrade }: { transport?: UploadTransport; openUpgrade: () => void },
) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPhotos(projectId);
  const [files, setFiles] = useState<UploadingFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [partial, setPartial] = useState<PartialUpload | null>(null);

  async function run(chosen: File[], skippedBefore: number) {
    setBusy(true);
    try {
      const announced = new Set<number>();
      const summary = await uploadPhotos(projectId, chosen, transport, (states) => {
        setFiles(states);
        states.forEach((file, index) => {
          if (file.state !== 'done' || announced.has(index)) return;
          announced.add(index);
          // One toast that each finished file takes over: 'Uploaded {name}' without a stack of fifty.
          toast.success(photoMessages.uploaded(file.name), { id: UPLOADED_FILE_TOAST });
        });
      });
      for (const failure of summary.failed) {
        toast.error(photoMessages.uploadFailedFor(failure.name), { description: failure.error });
      }
      const skipped = skippedBefore + summary.skipped;
      const uploaded = summary.uploaded.length;
      if (uploaded === 0 && summary.failed.length > 0) {
        toast.error(photoMessages.uploadFailed, { description: photoMessages.uploadFailedDescription });
      } else if (skipped > 0) {
        toast.success(photoMessages.uploadedSome(uploaded), {
          description: photoMessages.skippedForLimit(skipped),
          action: { label: photoMessages.upgradePlan, onClick: openUpgrade },
        });
      } else if (uploaded > 0) {
        toast.success(photoMessages.uploadedCount(uploaded), {
          description: photoMessages.uploadedDescription,
        });
      }
    } catch {
      toast.error(photoMessages.uploadFailed, { description: photoMessages.uploadFailedDescription });
    } finally {
      setBusy(false);
      setFiles([]);
      await refresh();
    }
  }

  async function start(dropped: File[]) {
    if (busy || dropped.length === 0) return;
    const accepted: File[] = [];
    for (const file of dropped) {
      const problem = photoFileProblem(file);
      if (problem) toast.error(photoMessages.uploadFailedFor(file.name), { description: problem });
      else accepted.push(file);
    }
    if (accepted.length === 0) return;
    setBusy(true);
    let remaining: number;
    let limit: number;
    try {
      // The limit check asks afresh: another tab may have added photos since the page loaded.
      const quota = await queryClient.fetchQuery({
        queryKey: photoKeys.quota(projectId),
        queryFn: ({ signal }) => fetchPhotoQuota(projectId, signal),
        staleTime: 0,
      });
      remaining = quota.remaining;
      limit = quota.limit;
    } catch {
      setBusy(false);
      toast.error(photoMessages.uploadFailed, { description: photoMessages.uploadPhotosFailed });
      return;
    }
    setBusy(false);
    const decision = photoUploadDecision(accepted.length, remaining);
    if (decision.kind === 'none') {
      toast.error(photoMessages.limitReached(limit));
      openUpgrade();
    } else if (decision.kind === 'partial') {
      setPartial({ files: accepted, fits: decision.fits, skipped: decision.skipped });
    } else {
      await run(accepted, 0);
    }
  }

  return {
    /** Every file of the upload underway, with its progress; empty when idle. */
    files,
    busy,
    partial,
    start: (dropped: File[]) => void start(dropped),
    confirmPartial: () => {
      if (!partial) return;
      setPartial(null);
      void run(partial.files.slice(0, partial.fits), partial.skipped);
    },
    cancelPartial: () => setPartial(null),
  };
}
