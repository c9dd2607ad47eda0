import { clampTransform, defaultVideoSettings } from '@memoreel/domain';
import { useState } from 'react';
import { useVideoSettings } from '../design/video-settings-queries';
import { StepLinks } from '../project/project-layout/step-links';
import { AnimationEditor } from './animation-editor';
import { autoMotionOf, type MotionVideo } from './auto-motion';
import { AutoMotionForAll } from './auto-motion-all';
import { PhotoByPhoto } from './photo-by-photo';
import { clampIndex } from './photo-carousel';
import { usePhotos, useSetPhotoTransforms, useSetPhotoTransformsOnLeave } from './photo-queries';
import { PhotoStepPage } from './photo-step-page';
import type { Photo } from './photos-api';
import { photosContent } from './photos-content';

const text = photosContent.animate;

const clamped = (transforms: Photo['transforms']): Photo['transforms'] => ({
  start: clampTransform(transforms.start),
  end: clampTransform(transforms.end),
});

/** Step 4 (spec 2 §2): each photo's start and end pose, previewed as the video will move it. */
export function AnimatePhotosStep({ projectId }: { projectId: string }) {
  const photos = usePhotos(projectId);
  const settings = useVideoSettings(projectId);
  const save = useSetPhotoTransforms(projectId);
  const saveOnLeave = useSetPhotoTransformsOnLeave(projectId);
  const [wanted, setIndex] = useState(0);
  /** Bumped when Auto motion for all replaces motion: the open editor starts again from it. */
  const [replaced, setReplaced] = useState(0);
  const index = clampIndex(wanted, photos.data?.length ?? 0);
  // The photo's time and the video's frame: motion is set, and shown, as the video will draw it.
  const video: MotionVideo = settings.data ?? defaultVideoSettings();

  return (
    <PhotoStepPage
      title={text.title}
      subtitle={text.subtitle}
      navigation={<StepLinks projectId={projectId} step="animate" />}
    >
      {photos.data && photos.data.length > 1 && (
        <AutoMotionForAll
          projectId={projectId}
          photos={photos.data}
          video={video}
          onReplaced={() => setReplaced((count) => count + 1)}
        />
      )}
      <PhotoByPhoto photos={photos} index={index} onIndexChange={setIndex}>
        {(photo) => (
          <article
            aria-label={photo.originalName}
            className="rounded-2xl border bg-card p-3 shadow-sm sm:p-5"
          >
            <AnimationEditor
              key={`${photo.id}:${replaced}`}
              photo={photo}
              video={video}
              auto={autoMotionOf(photo, index, video)}
              onSave={(transforms) => save.mutate({ id: photo.id, transforms: clamped(transforms) })}
              onSaveOnLeave={(transforms) => saveOnLeave({ id: photo.id, transforms: clamped(transforms) })}
            />
          </article>
        )}
      </PhotoByPhoto>
    </PhotoStepPage>
  );
}
