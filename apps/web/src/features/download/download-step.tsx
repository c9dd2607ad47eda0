import {
  defaultVideoSettings,
  plainVideoSeconds,
  tierOf,
  VIDEO_TOO_LONG,
  type VideoSize,
  videoLengthIn,
  videoLengthMessages,
} from '@memoreel/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Crown, Download, Film, Loader2, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { GraphQLRequestError } from '../../lib/graphql';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { ProgressBar } from '../../ui/progress-bar';
import { Skeleton } from '../../ui/skeleton';
import { useVideoSettings } from '../design/video-settings-queries';
import { usePhotos } from '../photos/photo-queries';
import { StepLinks } from '../project/project-layout/step-links';
import { useProject } from '../project/queries';
import { UpgradeDialog } from '../upgrade/upgrade-dialog';
import { VideoTooLongAlert } from '../upgrade/video-too-long-alert';
import {
  fetchRenderProgress,
  fetchRenders,
  type RenderProgress,
  renderKeys,
  startRender,
  subscribeRenderProgress,
} from './download-api';
import { OtherFormatVideos } from './other-format-videos';
import {
  NEW_VERSION_DELAY_MS,
  RENDER_POLL_MS,
  RENDERS_REFETCH_MS,
  RENDERS_RETRIES,
  RENDERS_STALE_MS,
  renderProgressMessage,
  renderTexts,
  timeLeftText,
} from './render-texts';
import { rendersOfFormat } from './renders-by-format';

const UPGRADE_REQUIRED = 'UPGRADE_REQUIRED';

/**
 * Step 9 (spec 2 §2, §4): generate, follow the progress (pushed live, polled every 2 s only when the
 * live connection fails) and download. The render runs on the server: leaving and coming back finds it.
 */
export function DownloadStep({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  const project = useProject(projectId);
  const renders = useQuery({
    queryKey: renderKeys.project(projectId),
    queryFn: ({ signal }) => fetchRenders(projectId, signal),
    refetchInterval: RENDERS_REFETCH_MS,
    staleTime: RENDERS_STALE_MS,
    retry: RENDERS_RETRIES,
  });
  const [cleared, setCleared] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [upgrading, setUpgrading] = useState(false);
  const [liveFailed, setLiveFailed] = useState(false);
  // The render service's refusal of a video longer than the plan allows (its message).
  const [refusedTooLong, setRefusedTooLong] = useState<string | null>(null);
  const photos = usePhotos(projectId);
  const settings = useVideoSettings(projectId);
  // The project's format now: step 9 shows and follows its renders; other formats' videos are listed below.
  const size: VideoSize = settings.data ?? defaultVideoSettings();
  const current = cleared ? undefined : rendersOfFormat(renders.data ?? [], size)[0];
  const active =
    current && current.status !== 'completed' && current.status !== 'failed' ? current : undefined;

  // Live progress of this project's renders, written into the list the page reads.
  useEffect(() => {
    const live = subscribeRenderProgress(
      projectId,
      (progress) => {
        queryClient.setQueryData<RenderProgress[]>(renderKeys.project(projectId), (list) =>
          list?.map((render) =>
            render.renderId === progress.renderId ? { ...render, ...progress } : render,
          ),
        );
        if (progress.status === 'completed' || progress.status === 'failed') {
          void queryClient.invalidateQueries({ queryKey: renderKeys.project(projectId) });
        }
      },
      () => setLiveFailed(true),
    );
    return () => live.unsubscribe();
  }, [projectId, queryClient]);

  // The fallback: poll the running render while pushes cannot reach us.
  const polled = useQuery({
    queryKey: renderKeys.render(active?.renderId ?? ''),
    queryFn: ({ signal }) => fetchRenderProgress(active?.renderId ?? '', signal),
    enabled: liveFailed && active !== undefined,
    refetchInterval: RENDER_POLL_MS,
  });
  useEffect(() => {
    const progress = polled.data;
    if (!progress) return;
    queryClient.setQueryData<RenderProgress[]>(renderKeys.project(projectId), (list) =>
      list?.map((render) => (render.renderId === progress.renderId ? progress : render)),
    );
  }, [polled.data, projectId, queryClient]);
  useEffect(() => {
    if (polled.isError) toast.error(polled.error.message || renderTexts.pollFailed);
  }, [polled.isError, polled.error]);

  // Toasts on the moves the user waits for, once per render.
  const announced = useRef(new Set<string>());
  const seenActive = useRef(new Set<string>());
  useEffect(() => {
    if (!current) return;
    if (current.status !== 'completed' && current.status !== 'failed')
      seenActive.current.add(current.renderId);
    if (!seenActive.current.has(current.renderId) || announced.current.has(current.renderId)) return;
    if (current.status === 'completed' && current.downloadUrl) {
      announced.current.add(current.renderId);
      toast.success(renderTexts.ready);
    } else if (current.status === 'failed') {
      announced.current.add(current.renderId);
      toast.error(renderTexts.generationFailed(current.error ?? renderTexts.failed));
    }
  }, [current]);

  const generate = useMutation({
    mutationFn: () => startRender(projectId),
    onSuccess: (started) => {
      setCleared(false);
      queryClient.setQueryData<RenderProgress[]>(renderKeys.project(projectId), (list = []) => [
        started.initialProgress,
        ...list.filter((render) => render.renderId !== started.renderId),
      ]);
      if (!started.reused) toast.success(renderTexts.started);
      void queryClient.invalidateQueries({ queryKey: renderKeys.project(projectId) });
    },
    onError: (error) => {
      if (error instanceof GraphQLRequestError && error.code === UPGRADE_REQUIRED) {
        setUpgrading(true);
        return;
      }
      if (error instanceof GraphQLRequestError && error.code === VIDEO_TOO_LONG) {
        setRefusedTooLong(error.message);
        return;
      }
      toast.error(error instanceof GraphQLRequestError ? error.message : renderTexts.startFailed);
    },
  });

  const isFree = project.data?.product === 'free';
  const tier = project.data ? tierOf(project.data.product) : undefined;
  // Warned before generating (the same measure the service refuses by); the service still decides.
  const length =
    tier && photos.data && settings.data
      ? videoLengthIn(tier, plainVideoSeconds(photos.data.length, settings.data))
      : undefined;
  const tooLong = !isFree && (refusedTooLong !== null || (length !== undefined && !length.withinPlan));
  const onGenerate = () => (isFree ? setUpgrading(true) : generate.mutate());
  const newVersion = () => {
    setConfirming(false);
    setCleared(true);
    setTimeout(() => generate.mutate(), NEW_VERSION_DELAY_MS);
  };

  let body: React.ReactNode;
  if (renders.isPending || project.isPending) {
    body = <Skeleton className="h-64 w-full rounded-xl" />;
  } else if (renders.isError && !renders.data) {
    body = <p className="text-destructive">Unable to load video information.</p>;
  } else if (current?.status === 'completed' && current.downloadUrl) {
    body = <CompletedView render={current} onNewVersion={() => setConfirming(true)} />;
  } else if (current?.status === 'failed') {
    body = <FailedView render={current} onRetry={onGenerate} retrying={generate.isPending} />;
  } else if (current || generate.isPending || cleared) {
    body = <RenderingView render={current} />;
  } else {
    body = <GenerateView size={size} isFree={isFree} onGenerate={onGenerate} starting={generate.isPending} />;
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 p-4 sm:p-8">
      <header>
        <h1 className="font-display font-semibold text-3xl tracking-tight">Download Your Video</h1>
        <p className="mt-1 text-muted-foreground">Generate your video in full quality and keep it forever.</p>
      </header>
      {tier && tooLong && (
        <VideoTooLongAlert
          tier={tier}
          seconds={length?.seconds ?? 0}
          message={refusedTooLong ?? undefined}
          onUpgrade={() => setUpgrading(true)}
        />
      )}
      {body}
      <OtherFormatVideos renders={renders.data ?? []} size={size} />
      <StepLinks projectId={projectId} step="download" />
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle>{renderTexts.confirmTitle}</DialogTitle>
          <DialogDescription>
            Your current video stays in your list; a new one is made from the project as it is now.
          </DialogDescription>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={newVersion}>Generate New Version</Button>
          </div>
        </DialogContent>
      </Dialog>
      <UpgradeDialog
        projectId={projectId}
        open={upgrading}
        onOpenChange={setUpgrading}
        reason={
          tier && tooLong
            ? (refusedTooLong ?? videoLengthMessages.tooLong(tier, length?.seconds ?? 0))
            : undefined
        }
      />
    </div>
  );
}

function GenerateView({
  size,
  isFree,
  onGenerate,
  starting,
}: {
  size: VideoSize;
  isFree: boolean;
  onGenerate: () => void;
  starting: boolean;
}) {
  return (
    <RenderCard
      icon={<Film aria-hidden className="size-5" />}
      title="Generate Your Video"
      description={
        isFree
          ? 'Free projects cannot generate videos. Upgrade your project to generate and download your video.'
          : renderTexts.generateDetail(size.width, size.height)
      }
    >
      <Button size="lg" onClick={onGenerate} disabled={starting}>
        {isFree ? (
          <Crown aria-hidden />
        ) : starting ? (
          <Loader2 aria-hidden className="animate-spin" />
        ) : (
          <Film aria-hidden />
        )}
        {isFree ? 'Upgrade to Generate' : 'Generate Video'}
      </Button>
    </RenderCard>
  );
}

function RenderingView({ render }: { render: RenderProgress | undefined }) {
  const progress = render?.progress ?? 0;
  const percent = Math.round(progress * 100);
  const left = timeLeftText(render?.estimatedTimeRemaining ?? null);
  return (
    <RenderCard
      icon={<Loader2 aria-hidden className="size-5 animate-spin" />}
      title="Generating Your Video"
      description="You can leave this page and come back: your video keeps rendering."
      contentClassName="space-y-2"
    >
      <ProgressBar
        label="Video generation progress"
        percent={percent}
        className="h-3"
        barClassName="duration-500"
      />
      <p className="flex justify-between text-muted-foreground text-sm">
        <span data-testid="render-progress-message">{renderProgressMessage(progress, render?.status)}</span>
        <span>
          {percent}%{left ? ` · ${left}` : ''}
        </span>
      </p>
    </RenderCard>
  );
}

function CompletedView({ render, onNewVersion }: { render: RenderProgress; onNewVersion: () => void }) {
  return (
    <RenderCard
      title="Your Video Is Ready"
      description={`Made ${new Date(render.createdAt).toLocaleString()}.`}
      contentClassName="flex flex-wrap gap-3"
    >
      <Button size="lg" asChild>
        <a href={render.downloadUrl ?? undefined} download data-testid="download-video">
          <Download aria-hidden /> Download Video
        </a>
      </Button>
      <Button size="lg" variant="outline" onClick={onNewVersion}>
        <RefreshCw aria-hidden /> Generate New Version
      </Button>
    </RenderCard>
  );
}

function FailedView({
  render,
  onRetry,
  retrying,
}: {
  render: RenderProgress;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <RenderCard title={renderTexts.failed} description={render.error}>
      <Button onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden /> Retry
      </Button>
    </RenderCard>
  );
}

/** One state of the render: its title (with an icon when it has one), what it means, what can be done. */
function RenderCard({
  icon,
  title,
  description,
  contentClassName,
  children,
}: {
  icon?: ReactNode;
  title: string;
  description: string | null;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        {icon ? (
          <CardTitle className="flex items-center gap-2">
            {icon} {title}
          </CardTitle>
        ) : (
          <CardTitle>{title}</CardTitle>
        )}
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
