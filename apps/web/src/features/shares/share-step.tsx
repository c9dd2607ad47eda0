import {
  SHARE_AUTHOR_MAX_LENGTH,
  SHARE_MESSAGE_MAX_LENGTH,
  SHARE_TITLE_MAX_LENGTH,
  ShareSettingsSchema,
  shareMessages,
} from '@memoreel/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Pencil, Share2, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Skeleton } from '../../ui/skeleton';
import { useVideoSettings } from '../design/video-settings-queries';
import { StepLinks } from '../project/project-layout/step-links';
import { useProject } from '../project/queries';
import { copyLinkToClipboard } from './copy-link';
import { socialLinks } from './share-links';
import { ShareQrCode } from './share-qr';
import {
  createShare,
  deleteShare,
  fetchProjectShare,
  type Share,
  type ShareSettings,
  shareKeys,
  shareLinkOf,
  updateShare,
} from './sharing-api';

/** Step 8 (spec 2 §2): a form, then the share view; Edit returns to the form, Delete to none. */
export function ShareStep({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  // The video's opening title, when it has one, is the share's title to start from.
  const settings = useVideoSettings(projectId);
  const share = useQuery({
    queryKey: shareKeys.project(projectId),
    queryFn: ({ signal }) => fetchProjectShare(projectId, signal),
  });
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (share.isError) toast.error(shareMessages.toasts.checkFailed);
  }, [share.isError]);

  let body: React.ReactNode;
  if (share.isPending || project.isPending) {
    body = <Skeleton className="h-80 w-full rounded-xl" />;
  } else if (share.data && !editing) {
    body = <ShareView share={share.data} onEdit={() => setEditing(true)} />;
  } else {
    body = (
      <ShareForm
        projectId={projectId}
        share={share.data ?? null}
        defaultTitle={settings.data?.opening?.title ?? project.data?.name ?? ''}
        onDone={() => setEditing(false)}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 p-4 sm:p-8">
      <header>
        <h1 className="font-display font-semibold text-3xl tracking-tight">Share Your Video</h1>
        <p className="mt-1 text-muted-foreground">
          Create a link your family and friends can open on any device.
        </p>
      </header>
      {body}
      <StepLinks projectId={projectId} step="share" />
    </div>
  );
}

function ShareForm({
  projectId,
  share,
  defaultTitle,
  onDone,
}: {
  projectId: string;
  share: Share | null;
  defaultTitle: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ShareSettings>({
    shareTitle: share?.shareTitle ?? defaultTitle,
    author: share?.author ?? '',
    message: share?.message ?? '',
    showViewCount: share?.showViewCount ?? true,
  });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (settings: ShareSettings) =>
      share ? updateShare(share.id, settings) : createShare(projectId, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(shareKeys.project(projectId), saved);
      void queryClient.invalidateQueries({ queryKey: shareKeys.list() });
      if (share) toast.success(shareMessages.toasts.updated);
      else if (saved.ogImageUrl) toast.success(shareMessages.toasts.created);
      else toast.success(shareMessages.toasts.createdWithoutPreview);
      onDone();
    },
    onError: (failure) => {
      setError(failure.message);
      toast.error(share ? shareMessages.toasts.updateFailed : shareMessages.toasts.shareFailed);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = ShareSettingsSchema.safeParse(values);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? shareMessages.toasts.shareFailed);
      return;
    }
    setError(null);
    save.mutate(values);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{share ? 'Edit share settings' : 'Share settings'}</CardTitle>
        <CardDescription>What people see when they open your video.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-5" onSubmit={submit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="share-title">Title</Label>
            <Input
              id="share-title"
              value={values.shareTitle}
              maxLength={SHARE_TITLE_MAX_LENGTH + 20}
              onChange={(e) => setValues({ ...values, shareTitle: e.target.value })}
              aria-invalid={error !== null}
              aria-describedby={error ? 'share-error' : undefined}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="share-author">Your name (optional)</Label>
            <Input
              id="share-author"
              value={values.author}
              maxLength={SHARE_AUTHOR_MAX_LENGTH + 20}
              onChange={(e) => setValues({ ...values, author: e.target.value })}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="share-message">Message (optional)</Label>
            <textarea
              id="share-message"
              rows={4}
              value={values.message}
              maxLength={SHARE_MESSAGE_MAX_LENGTH + 100}
              onChange={(e) => setValues({ ...values, message: e.target.value })}
              className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
          </div>
          <label className="flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={values.showViewCount}
              onChange={(e) => setValues({ ...values, showViewCount: e.target.checked })}
            />
            Show view count
          </label>
          {error && (
            <p id="share-error" role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            {share && (
              <Button type="button" variant="ghost" onClick={onDone}>
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={save.isPending}>
              <Share2 aria-hidden />
              {share ? 'Save Changes' : 'Share Video'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function ShareView({ share, onEdit }: { share: Share; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const url = shareLinkOf(share.id);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteShare(share.id),
    onSuccess: () => {
      queryClient.setQueryData(shareKeys.project(share.projectId), null);
      void queryClient.invalidateQueries({ queryKey: shareKeys.list() });
      toast.success(shareMessages.toasts.deleted);
      setConfirming(false);
    },
    onError: () => toast.error(shareMessages.toasts.deleteFailed),
  });

  const canWebShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <Card>
      <CardHeader>
        <CardTitle>{share.shareTitle}</CardTitle>
        <CardDescription>Your video is shared. Anyone with the link can watch it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 md:grid-cols-[1fr_auto]">
        <div className="min-w-0 space-y-6">
          <div className="space-y-2">
            <Label htmlFor="share-link">Link</Label>
            <div className="flex gap-2">
              <Input
                id="share-link"
                readOnly
                value={url}
                onFocus={(e) => e.target.select()}
                data-testid="share-link"
              />
              <Button variant="outline" onClick={() => void copyLinkToClipboard(url)} aria-label="Copy link">
                <Copy aria-hidden />
                <span className="hidden sm:inline">Copy</span>
              </Button>
            </div>
          </div>
          <div className="space-y-2">
            <p className="font-medium text-sm">Share on</p>
            <div className="flex flex-wrap gap-2">
              {socialLinks(url, share.shareTitle).map((link) => (
                <Button key={link.name} variant="secondary" size="sm" asChild>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.name}
                  </a>
                </Button>
              ))}
              {/* Instagram takes no shared links: the link goes to the clipboard to paste there. */}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void copyLinkToClipboard(url, shareMessages.toasts.instagram)}
              >
                Instagram
              </Button>
              {canWebShare && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void navigator.share({ title: share.shareTitle, url }).catch(() => {})}
                >
                  <Share2 aria-hidden /> More…
                </Button>
              )}
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Views</dt>
              <dd className="font-medium">{share.viewCount}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">View count on page</dt>
              <dd className="font-medium">{share.showViewCount ? 'Shown' : 'Hidden'}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={onEdit}>
              <Pencil aria-hidden /> Edit
            </Button>
            <Button variant="ghost" className="text-destructive" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden /> Delete
            </Button>
          </div>
        </div>
        <ShareQrCode url={url} title={share.shareTitle} />
      </CardContent>
      <ConfirmDeleteDialog
        open={confirming}
        title="Delete share"
        deleting={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      >
        The link will stop working for everyone you sent it to. Your project is not deleted.
      </ConfirmDeleteDialog>
    </Card>
  );
}
