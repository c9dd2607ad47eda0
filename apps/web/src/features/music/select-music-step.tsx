import {
  addToTimeline,
  layOutTimeline,
  MIN_TRACK_SECONDS,
  MUSIC_TIMELINE_SAVE_DEBOUNCE_MS,
  moveInTimeline,
  musicTimelineMessages,
  plainVideoSeconds,
  removeFromTimeline,
  type TimelineLayout,
  type TimelineTrack,
  timelineEnd,
} from '@memoreel/domain';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { videoStepsContent } from '../design/design-content';
import { useAutosave } from '../design/use-autosave';
import { saveVideoSettingsOnLeave } from '../design/video-settings-api';
import { useSaveVideoSettings } from '../design/video-settings-queries';
import { WhenPhotosAndSettingsLoaded } from '../design/when-photos-and-settings-loaded';
import { useTrackPreview } from '../music-admin/use-track-preview';
import { usePhotos } from '../photos/photo-queries';
import { PhotoStepPage } from '../photos/photo-step-page';
import { StepLinks } from '../project/project-layout/step-links';
import { type PublicMusicTrack, storagePathOfTrackUrl } from './music-library-api';
import { MusicLibraryCard } from './music-library-card';
import { MusicTimelineCard } from './music-timeline-card';

const text = videoStepsContent.music;

/** Step 6 (spec 2 §2): the 'Music Timeline' card above the 'Available Music Tracks' card. */
export function SelectMusicStep({ projectId }: { projectId: string }) {
  const photos = usePhotos(projectId);
  return (
    <PhotoStepPage
      title={text.title}
      subtitle={text.subtitle}
      navigation={<StepLinks projectId={projectId} step="music" />}
    >
      <WhenPhotosAndSettingsLoaded projectId={projectId} photos={photos}>
        {(list, stored) => (
          <MusicEditor
            projectId={projectId}
            initialTimeline={stored.music.timelineTracks}
            // The music plays under the title and closing cards too.
            videoSeconds={plainVideoSeconds(list.length, stored)}
          />
        )}
      </WhenPhotosAndSettingsLoaded>
    </PhotoStepPage>
  );
}

function MusicEditor({
  projectId,
  initialTimeline,
  videoSeconds,
}: {
  projectId: string;
  initialTimeline: TimelineTrack[];
  videoSeconds: number;
}) {
  // The video may have changed length since the timeline was saved: it follows, like after any edit.
  const [initialLayout] = useState(() => layOutTimeline(initialTimeline, videoSeconds));
  const [timeline, setTimeline] = useState(initialLayout.timeline);
  const save = useSaveVideoSettings(projectId);
  const preview = useTrackPreview();
  const autosave = useAutosave<TimelineTrack[]>({
    delayMs: MUSIC_TIMELINE_SAVE_DEBOUNCE_MS,
    save: (timelineTracks) =>
      save.mutateAsync({ music: { timelineTracks } }).catch((error: unknown) => {
        toast.error(musicTimelineMessages.saveFailed, {
          description: error instanceof Error ? error.message : undefined,
        });
        throw error;
      }),
    saveOnLeave: (timelineTracks) => saveVideoSettingsOnLeave(projectId, { music: { timelineTracks } }),
  });

  const followedVideo = useRef(false);
  useEffect(() => {
    if (followedVideo.current) return;
    followedVideo.current = true;
    if (JSON.stringify(initialLayout.timeline) === JSON.stringify(initialTimeline)) return;
    for (const track of initialLayout.leftOut)
      toast.info(musicTimelineMessages.leftOut(track.title ?? track.id));
    autosave.schedule(initialLayout.timeline);
  }, [initialLayout, initialTimeline, autosave.schedule]);

  const change = (next: TimelineTrack[]) => {
    setTimeline(next);
    autosave.schedule(next);
  };
  const relaid = ({ timeline: next, leftOut }: TimelineLayout) => {
    for (const track of leftOut) toast.info(musicTimelineMessages.leftOut(track.title ?? track.id));
    change(next);
  };

  const add = (track: PublicMusicTrack) => {
    const result = addToTimeline(
      timeline,
      { ...track, storage_path: storagePathOfTrackUrl(track.url, track.id) },
      videoSeconds,
      crypto.randomUUID(),
    );
    if (result.kind === 'full') {
      toast.error(musicTimelineMessages.full, { description: musicTimelineMessages.fullDescription });
      return;
    }
    change(result.timeline);
    toast.success(
      result.kind === 'trimmed'
        ? musicTimelineMessages.addedTrimmed(track.title, result.track.duration)
        : musicTimelineMessages.added(track.title),
    );
  };

  const room = videoSeconds - timelineEnd(timeline);
  return (
    <div className="space-y-6">
      <MusicTimelineCard
        timeline={timeline}
        videoSeconds={videoSeconds}
        saveStatus={autosave.status}
        onRemove={(instanceId) => relaid(removeFromTimeline(timeline, instanceId, videoSeconds))}
        onMove={(from, to) => relaid(moveInTimeline(timeline, from, to, videoSeconds))}
      />
      <MusicLibraryCard
        playingId={preview.playingId}
        onTogglePreview={preview.toggle}
        canAdd={room >= MIN_TRACK_SECONDS}
        onAdd={add}
      />
    </div>
  );
}
