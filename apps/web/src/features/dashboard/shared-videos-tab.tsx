import { createdText, shareMessages, viewsText } from '@memoreel/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../ui/button';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { Skeleton } from '../../ui/skeleton';
import { copyLinkToClipboard } from '../shares/copy-link';
import { deleteShare, fetchShares, type Share, shareKeys, shareLinkOf } from '../shares/sharing-api';
import { TabEmptyState } from './tab-empty-state';

/** Loaded on first open (React.lazy): the user's shared videos, with open / copy link / delete. */
export default function SharedVideosTab() {
  const shares = useQuery({ queryKey: shareKeys.list(), queryFn: ({ signal }) => fetchShares(signal) });
  const [deleting, setDeleting] = useState<Share | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (share: Share) => deleteShare(share.id),
    onSuccess: (_, share) => {
      void queryClient.invalidateQueries({ queryKey: shareKeys.all });
      queryClient.setQueryData(shareKeys.project(share.projectId), null);
      toast.success(shareMessages.toasts.deleted);
    },
    onError: () => toast.error(shareMessages.toasts.deleteFailed),
    onSettled: () => setDeleting(null),
  });

  if (shares.isPending) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (shares.isError) throw shares.error;
  if (shares.data.length === 0) {
    return (
      <TabEmptyState icon={Share2} title="No shared videos yet">
        Share a project from its Share Video step and it will appear here.
      </TabEmptyState>
    );
  }

  const copy = (share: Share) => copyLinkToClipboard(shareLinkOf(share.id));

  return (
    <>
      <ul className="grid gap-3" aria-label="Shared videos">
        {shares.data.map((share) => (
          <li
            key={share.id}
            className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="truncate font-medium">{share.shareTitle}</p>
              <p className="text-muted-foreground text-sm">
                {viewsText(share.viewCount)} · {createdText(new Date(share.createdAt).toLocaleDateString())}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button variant="outline" size="sm" asChild>
                <a href={`/v/${share.id}`} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden /> Open
                </a>
              </Button>
              <Button variant="outline" size="sm" onClick={() => void copy(share)}>
                <Copy aria-hidden /> Copy link
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive"
                onClick={() => setDeleting(share)}
                aria-label={`Delete share ${share.shareTitle}`}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete share"
        deleting={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        "{deleting?.shareTitle}" will no longer open for anyone with the link. Your project is not deleted.
      </ConfirmDeleteDialog>
    </>
  );
}
