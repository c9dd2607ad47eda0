import {
  byAuthor,
  createdText,
  SHARE_VIEW_DELAY_MS,
  sharedVideoPageTitle,
  sharedVideoTitle,
  shareMessages,
  viewsText,
} from '@memoreel/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Eye, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { useAuthModal } from '../account/auth-modal-provider';
import { useAuth } from '../account/auth-provider';
import { copyLinkToClipboard } from './copy-link';
import { SharedVideoPlayer } from './shared-video-player';
import { fetchSharedVideo, recordShareView, type SharedVideo, shareKeys, shareLinkOf } from './sharing-api';

const text = shareMessages.viewer;

/**
 * The share the server sent with the page (apps/gateway/src/sharing/shared-video-page.ts), so the
 * app takes over its first paint without asking again or showing "Loading video...".
 */
function sentWithPage(videoId: string): SharedVideo | undefined {
  const block = document.getElementById('shared-video-data');
  if (!block?.textContent) return undefined;
  try {
    const video = JSON.parse(block.textContent) as SharedVideo;
    return video.id === videoId ? video : undefined;
  } catch {
    return undefined;
  }
}

/** /v/{videoId}: the public viewer (spec shared video page), for anyone with the link. */
export function SharedVideoPage({ videoId }: { videoId: string }) {
  const video = useQuery({
    queryKey: shareKeys.video(videoId),
    queryFn: ({ signal }) => fetchSharedVideo(videoId, signal),
    initialData: () => sentWithPage(videoId),
    retry: false,
  });
  const [viewCount, setViewCount] = useState<number | null>(null);
  const loaded = video.isSuccess;

  // Spec §6: the +1 fires 2 s after the data loads; the server decides whether it counts.
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => {
      recordShareView(videoId)
        .then((result) => setViewCount(result.viewCount))
        .catch(() => {});
    }, SHARE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, videoId]);

  const title = video.data ? sharedVideoTitle(video.data) : text.fallbackTitle;
  useEffect(() => {
    if (video.data) document.title = sharedVideoPageTitle(title);
  }, [video.data, title]);

  if (video.isPending) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center">
        <p className="text-muted-foreground" role="status">
          {text.loading}
        </p>
      </div>
    );
  }
  if (video.isError) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="font-display font-semibold text-3xl">{text.notFound}</h1>
        <p className="max-w-md text-muted-foreground">{text.notFoundBody}</p>
        <Button asChild>
          <Link to="/">{text.returnHome}</Link>
        </Button>
      </div>
    );
  }

  const data = video.data;
  const count = viewCount ?? data.viewCount;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-6 sm:px-8 sm:py-10">
      <SharedVideoPlayer video={data} title={title} />
      <section className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="break-words font-display font-semibold text-3xl tracking-tight sm:text-4xl">
              {title}
            </h1>
            {data.author && <p className="mt-1 text-lg text-muted-foreground">{byAuthor(data.author)}</p>}
          </div>
          <ShareButton url={shareLinkOf(data.id)} title={title} />
        </div>
        {data.message && <p className="whitespace-pre-line text-base leading-relaxed">{data.message}</p>}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
          {data.showViewCount && count !== null && (
            <span className="inline-flex items-center gap-1" data-testid="view-count">
              <Eye className="size-4" aria-hidden />
              {viewsText(count)}
            </span>
          )}
          <span>{createdText(new Date(data.createdAt).toLocaleDateString())}</span>
        </p>
      </section>
      <CreateYourOwn />
    </div>
  );
}

function ShareButton({ url, title }: { url: string; title: string }) {
  async function share() {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title, url }).catch(() => {});
      return;
    }
    await copyLinkToClipboard(url);
  }
  return (
    <Button variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden /> {text.share}
    </Button>
  );
}

function CreateYourOwn() {
  const { user } = useAuth();
  const { openAuthModal } = useAuthModal();
  const navigate = useNavigate();
  return (
    <section className="rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-10">
      <h2 className="font-display font-semibold text-2xl">{text.ctaTitle}</h2>
      <p className="mx-auto mt-2 max-w-xl text-muted-foreground">{text.ctaText}</p>
      <Button
        size="lg"
        className="mt-6"
        onClick={() => (user ? void navigate({ to: '/dashboard' }) : openAuthModal('sign_up'))}
      >
        {text.ctaButton}
      </Button>
    </section>
  );
}
