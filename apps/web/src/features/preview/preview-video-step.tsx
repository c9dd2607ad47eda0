import { formatTrackTime } from '@memoreel/domain';
import { Images, Music2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { videoStepsContent } from '../design/design-content';
import { timelineRhythm, videoSecondsOf } from '../design/timeline-beats';
import { WhenPhotosAndSettingsLoaded } from '../design/when-photos-and-settings-loaded';
import { usePublicMusicTracks } from '../music/music-library-queries';
import { PhotoStepPage } from '../photos/photo-step-page';
import { StepLinks } from '../project/project-layout/step-links';
import { usePreviewPhotos } from './preview-photos';
import { videoFrameStyle } from './video-frame';

const text = videoStepsContent.preview;
/** Remotion is the heaviest thing the SPA loads: it comes only with this step's player. */
const PreviewPlayer = lazy(() => import('./preview-player'));

/** Step 7 (spec 2 §2): the video as it will be made, in a player of its format (16:9, 1:1 or 9:16). */
export function PreviewVideoStep({ projectId }: { projectId: string }) {
  const photos = usePreviewPhotos(projectId);
  // The music's signed URLs; without the library the video still plays, silently.
  const library = usePublicMusicTracks();
  const libraryReady = !library.isPending;

  return (
    <PhotoStepPage
      title={text.title}
      subtitle={text.subtitle}
      wide
      navigation={<StepLinks projectId={projectId} step="preview" />}
    >
      <WhenPhotosAndSettingsLoaded projectId={projectId} photos={photos}>
        {(list, stored) => (
          <section className="space-y-3">
            <div
              className="relative overflow-hidden rounded-2xl bg-neutral-950 shadow-xl ring-1 ring-black/10"
              style={videoFrameStyle(stored)}
              data-testid="preview-player"
            >
              {libraryReady ? (
                <Suspense fallback={<PlayerLoading />}>
                  <PreviewPlayer photos={list} settings={stored} library={library.data ?? []} />
                </Suspense>
              ) : (
                <PlayerLoading />
              )}
            </div>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-sm">
              <span className="inline-flex items-center gap-1.5">
                <Images aria-hidden="true" className="size-4" />
                {text.summary(
                  list.length,
                  formatTrackTime(
                    videoSecondsOf(
                      stored,
                      list.length,
                      timelineRhythm(stored.music.timelineTracks, library.data),
                    ),
                  ),
                )}
              </span>
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <Music2 aria-hidden="true" className="size-4 shrink-0" />
                <span className="truncate">
                  {stored.music.timelineTracks.length > 0
                    ? text.music(
                        stored.music.timelineTracks.map((track) => track.title ?? track.id).join(', '),
                      )
                    : text.noMusic}
                </span>
              </span>
            </p>
            {list.some((photo) => photo.urls === null) && (
              <p className="text-muted-foreground text-sm">{text.waitingForPhotos}</p>
            )}
          </section>
        )}
      </WhenPhotosAndSettingsLoaded>
    </PhotoStepPage>
  );
}

function PlayerLoading() {
  return (
    <div role="status" className="absolute inset-0 grid place-items-center">
      <span className="flex flex-col items-center gap-3 text-sm text-white/70">
        <span
          aria-hidden="true"
          className="size-8 animate-spin rounded-full border-4 border-white/15 border-t-white/80 motion-reduce:animate-[spin_1.6s_linear_infinite]"
        />
        {text.loadingPlayer}
      </span>
    </div>
  );
}
