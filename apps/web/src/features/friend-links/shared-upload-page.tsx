import { useQuery } from '@tanstack/react-query';
import { Link2Off } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { FullPageLoading } from '../../shell/full-page-loading';
import { MemoreelMark } from '../../shell/memoreel-logo';
import { PageMessage } from '../../shell/page-message';
import { useAuth } from '../account/auth-provider';
import { BotCheck } from '../account/bot-check/bot-check';
import { guestSessionFailure, startGuestSession } from '../account/guest-session';
import { PhotoDropzone } from '../photos/photo-dropzone';
import type { Photo } from '../photos/photos-api';
import { putPhotoBytes } from '../photos/photos-api';
import { type UploadingFile, type UploadTransport, uploadPhotos } from '../photos/upload-photos';
import { UploadProgress } from '../photos/upload-progress';
import { friendLinkText as text } from './friend-link-text';
import {
  completeFriendPhotoUploads,
  fetchFriendUploadLink,
  requestFriendPhotoUploads,
} from './friend-links-api';

/**
 * The owner's upload path with the link named on each call: the same presigned PUTs and server
 * verification; the photos go to the owner as pending, so the visitor gets no photo back.
 */
export function friendTransport(linkId: string): UploadTransport {
  return {
    request: (projectId, files) => requestFriendPhotoUploads(linkId, projectId, files),
    put: (slot, file, onProgress) => putPhotoBytes(slot, file, onProgress),
    complete: async (projectId, uploadIds) =>
      (await completeFriendPhotoUploads(linkId, projectId, uploadIds)).map((result) => ({
        uploadId: result.uploadId,
        // Only its id: the visitor may not read the owner's photos.
        photo: result.accepted ? ({ id: result.uploadId } as Photo) : null,
        error: result.error,
      })),
  };
}

/** Spec §2 /shared-upload/{linkId}: who invited you to which project, a bot check, then uploads. */
export function SharedUploadPage({ linkId }: { linkId: string }) {
  const { client, user } = useAuth();
  const link = useQuery({
    queryKey: ['friend-upload-link', linkId],
    queryFn: ({ signal }) => fetchFriendUploadLink(linkId, signal),
    retry: false,
  });
  const [files, setFiles] = useState<UploadingFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const starting = useRef(false);

  if (link.isPending) return <FullPageLoading />;
  if (link.isError || invalid || !link.data) {
    return (
      <PageMessage icon={Link2Off} title={text.invalidLink}>
        <title>{`${text.invalidLink} · Memoreel`}</title>
      </PageMessage>
    );
  }
  const { projectId, projectName, inviterName } = link.data;

  const becomeGuest = async (token: string) => {
    if (starting.current) return;
    starting.current = true;
    try {
      await startGuestSession(client, token);
    } catch (error) {
      const { title, description } = guestSessionFailure(error);
      toast.error(title, { description });
      setAttempt((n) => n + 1);
    } finally {
      starting.current = false;
    }
  };

  const upload = async (chosen: File[]) => {
    setBusy(true);
    try {
      const summary = await uploadPhotos(projectId, chosen, friendTransport(linkId), setFiles);
      if (summary.uploaded.length > 0) toast.success(text.uploadedForReview(summary.uploaded.length));
      for (const failed of summary.failed) toast.error(failed.error);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (message === text.invalidLink) setInvalid(true);
      else toast.error(message || 'Upload failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto grid max-w-2xl gap-5 px-4 py-10">
      <title>{`${text.sharedTitle} · Memoreel`}</title>
      <div className="grid justify-items-center gap-2 text-center">
        <MemoreelMark className="size-11" />
        <h1 className="font-display font-medium text-2xl tracking-tight">{text.sharedTitle}</h1>
        <p className="text-muted-foreground" data-testid="shared-upload-invite">
          {text.invitedBy(inviterName, projectName)}
        </p>
      </div>
      {user ? (
        <>
          {busy && files.length > 0 ? (
            <UploadProgress files={files} />
          ) : (
            <PhotoDropzone onFiles={(chosen) => void upload(chosen)} disabled={busy} />
          )}
          {!busy && files.some((file) => file.state === 'done') && (
            <p
              role="status"
              data-testid="friend-upload-done"
              className="text-center text-muted-foreground text-sm"
            >
              {text.uploadedForReview(files.filter((file) => file.state === 'done').length)}
            </p>
          )}
        </>
      ) : (
        <div className="mx-auto grid w-full max-w-sm gap-3">
          <p className="text-center text-muted-foreground text-sm">{text.botCheckFirst}</p>
          <BotCheck key={attempt} auto onVerified={(token) => void becomeGuest(token)} />
        </div>
      )}
    </section>
  );
}
