import {
  DURATION_PER_PHOTO,
  formatTrackTime,
  type Tier,
  type Transition,
  tierOf,
  VIDEO_FORMATS,
  type VideoFormat,
  type VideoSettings,
  videoFormatOf,
  videoLengthIn,
  videoLengthMessages,
} from '@memoreel/domain';
import { useNavigate } from '@tanstack/react-router';
import { Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Slider } from '../../ui/slider';
import { usePublicMusicTracks } from '../music/music-library-queries';
import { usePhotos } from '../photos/photo-queries';
import { PhotoStepPage } from '../photos/photo-step-page';
import { PhotoStrip } from '../photos/photo-strip';
import { StepLinks } from '../project/project-layout/step-links';
import { useProject } from '../project/queries';
import { UpgradeDialog } from '../upgrade/upgrade-dialog';
import { VideoTooLongAlert } from '../upgrade/video-too-long-alert';
import { CutOnBeatSetting } from './cut-on-beat-setting';
import { videoStepsContent } from './design-content';
import { FormatPicker } from './format-picker';
import { SaveStatus } from './save-status';
import { timelineRhythm, videoSecondsOf } from './timeline-beats';
import { TransitionPicker } from './transition-picker';
import { useAutosave } from './use-autosave';
import { VideoCardsCard } from './video-cards-card';
import { saveVideoSettingsOnLeave, type VideoSettingsChange } from './video-settings-api';
import { useSaveVideoSettings } from './video-settings-queries';
import { WhenPhotosAndSettingsLoaded } from './when-photos-and-settings-loaded';

const text = videoStepsContent.design;
/** The slider saves like the timeline: after half a second of quiet, and on leave. */
export const DESIGN_SAVE_DEBOUNCE_MS = 500;

/** Step 5 (spec 2 §2): the 'Video Settings' card, and the photo strip at the foot of the page. */
export function DesignVideoStep({ projectId }: { projectId: string }) {
  const photos = usePhotos(projectId);
  const project = useProject(projectId);
  const navigate = useNavigate();

  return (
    <PhotoStepPage
      title={text.title}
      subtitle={text.subtitle}
      navigation={<StepLinks projectId={projectId} step="design" />}
      footer={
        // Spec 2 §2: the photo strip sits at the bottom of the design page too; a photo opens in the editor.
        <PhotoStrip
          projectId={projectId}
          onSelect={(index) =>
            void navigate({ to: '/project/$projectId/edit', params: { projectId }, search: { photo: index } })
          }
        />
      }
    >
      <WhenPhotosAndSettingsLoaded projectId={projectId} photos={photos}>
        {(list, stored) => (
          <div className="space-y-6">
            <VideoSettingsCard
              projectId={projectId}
              photoCount={list.length}
              stored={stored}
              tier={project.data ? tierOf(project.data.product) : undefined}
            />
            <VideoCardsCard
              projectId={projectId}
              projectName={project.data?.name ?? ''}
              stored={stored}
              photos={list}
            />
          </div>
        )}
      </WhenPhotosAndSettingsLoaded>
    </PhotoStepPage>
  );
}

function VideoSettingsCard({
  projectId,
  photoCount,
  stored,
  tier,
}: {
  projectId: string;
  photoCount: number;
  stored: VideoSettings;
  /** The project's plan; its video length is shown once the project has loaded. */
  tier: Tier | undefined;
}) {
  const [upgrading, setUpgrading] = useState(false);
  const [durationPerPhoto, setDurationPerPhoto] = useState(stored.durationPerPhoto);
  const save = useSaveVideoSettings(projectId);
  const autosave = useAutosave<number>({
    delayMs: DESIGN_SAVE_DEBOUNCE_MS,
    save: (value) =>
      save.mutateAsync({ durationPerPhoto: value }).catch((error: unknown) => {
        toast.error(text.saveFailed, { description: error instanceof Error ? error.message : undefined });
        throw error;
      }),
    saveOnLeave: (value) => saveVideoSettingsOnLeave(projectId, { durationPerPhoto: value }),
  });
  const [cutOnBeat, setCutOnBeat] = useState(stored.cutOnBeat);
  const [transition, setTransition] = useState(stored.transition);
  const [format, setFormat] = useState<VideoFormat>(videoFormatOf(stored) ?? '16:9');
  const library = usePublicMusicTracks({ untilBeatsFound: cutOnBeat });
  const rhythm = timelineRhythm(stored.music.timelineTracks, library.data);
  const onBeat = cutOnBeat && rhythm.state === 'found';
  const sliderId = useId();
  // The same measure the render service refuses by: the video's own length (libs/domain videoLengthIn).
  const length = videoLengthIn(
    tier ?? 'free',
    videoSecondsOf(
      { durationPerPhoto, transition, cutOnBeat, opening: stored.opening, closing: stored.closing },
      photoCount,
      rhythm,
    ),
  );
  const total = length.seconds;
  /** A switch or a choice saves at once; a failed save puts it back and says so. */
  const saveAtOnce = (change: VideoSettingsChange, undo: () => void) => {
    save.mutateAsync(change).catch((error: unknown) => {
      undo();
      toast.error(text.saveFailed, { description: error instanceof Error ? error.message : undefined });
    });
  };
  const switchCutOnBeat = (checked: boolean) => {
    setCutOnBeat(checked);
    saveAtOnce({ cutOnBeat: checked }, () => setCutOnBeat(!checked));
  };
  const pickTransition = (next: Transition) => {
    const before = transition;
    setTransition(next);
    saveAtOnce({ transition: next }, () => setTransition(before));
  };
  const pickFormat = (next: VideoFormat) => {
    const before = format;
    setFormat(next);
    saveAtOnce({ ...VIDEO_FORMATS[next] }, () => setFormat(before));
  };
  const overLimit = tier !== undefined && !length.withinPlan;
  const { min, max } = DURATION_PER_PHOTO;

  return (
    <Card className="overflow-hidden">
      <CardHeader className="gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-4 sm:p-6">
        <div className="space-y-1.5">
          <CardTitle>{text.cardTitle}</CardTitle>
          <CardDescription>{text.cardDescription}</CardDescription>
        </div>
        <SaveStatus status={autosave.status} />
      </CardHeader>
      <CardContent className="grid gap-8 p-4 pt-0 sm:p-6 sm:pt-0 md:grid-cols-[1fr_14rem] md:items-center">
        <div className="space-y-4">
          <div className="flex items-baseline justify-between gap-4">
            <label htmlFor={sliderId} className="font-medium text-sm">
              {text.durationLabel}
            </label>
            <output
              htmlFor={sliderId}
              className="font-display font-semibold text-2xl tabular-nums"
              data-testid="duration-per-photo"
            >
              {durationPerPhoto.toFixed(1)}
              <span className="ml-0.5 font-normal text-base text-muted-foreground">s</span>
            </output>
          </div>
          <Slider
            id={sliderId}
            limits={DURATION_PER_PHOTO}
            value={durationPerPhoto}
            aria-valuetext={`${durationPerPhoto} seconds`}
            onValueChange={(value) => {
              setDurationPerPhoto(value);
              autosave.schedule(value);
            }}
            className="h-2 w-full"
          />
          <div className="flex justify-between text-muted-foreground text-xs">
            <span>
              {min} s · {text.shorter}
            </span>
            <span>
              {text.longer} · {max} s
            </span>
          </div>
          <FormatPicker value={format} onChange={pickFormat} />
          <TransitionPicker value={transition} onChange={pickTransition} />
          <CutOnBeatSetting checked={cutOnBeat} onCheckedChange={switchCutOnBeat} rhythm={rhythm} />
        </div>
        <div className="rounded-xl bg-primary/5 p-5 text-center ring-1 ring-primary/10">
          <p className="flex items-center justify-center gap-1.5 text-muted-foreground text-sm">
            <Clock aria-hidden="true" className="size-4" /> {text.totalLabel}
          </p>
          <p className="mt-1 font-display font-semibold text-4xl tabular-nums" data-testid="total-duration">
            {formatTrackTime(total)}
          </p>
          <p className="mt-1 text-muted-foreground text-xs">
            {onBeat ? text.cutOnBeat.totalDetail(photoCount) : text.totalDetail(photoCount, durationPerPhoto)}
          </p>
          {tier && (
            <p
              className={
                overLimit ? 'mt-1 font-medium text-destructive text-xs' : 'mt-1 text-muted-foreground text-xs'
              }
              data-testid="video-length-limit"
            >
              {videoLengthMessages.ofLimit(tier, total)}
            </p>
          )}
        </div>
        {tier && overLimit && (
          <div className="md:col-span-2">
            <VideoTooLongAlert tier={tier} seconds={total} onUpgrade={() => setUpgrading(true)} />
          </div>
        )}
      </CardContent>
      <UpgradeDialog
        projectId={projectId}
        open={upgrading}
        onOpenChange={setUpgrading}
        reason={tier ? videoLengthMessages.tooLong(tier, total) : undefined}
      />
    </Card>
  );
}
