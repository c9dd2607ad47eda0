import { RotateCcw, WandSparkles } from 'lucide-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../ui/button';
import { autoMotionOf, isOwnMotion, type MotionVideo, sameMotion } from './auto-motion';
import { useSetManyPhotoTransforms } from './photo-queries';
import type { Photo } from './photos-api';
import { photosContent } from './photos-content';
import { ReplaceMotionDialog } from './replace-motion-dialog';

const text = photosContent.animate;
type Change = { id: string; transforms: Photo['transforms'] };

interface AutoMotionForAllProps {
  projectId: string;
  photos: Photo[];
  video: MotionVideo;
  /** Before the change lands: the open editor lets go of what it holds, and shows the new motion. */
  onReplaced: () => void;
}

/**
 * "Auto motion for all photos" (issue 35): every photo gets its own move toward its faces. Motion the
 * user set is kept or replaced as they choose; Undo puts every replaced motion back.
 */
export function AutoMotionForAll({ projectId, photos, video, onReplaced }: AutoMotionForAllProps) {
  const setMany = useSetManyPhotoTransforms(projectId);
  const [asking, setAsking] = useState<{ own: Change[]; others: Change[] } | null>(null);
  const [undoable, setUndoable] = useState<Change[] | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const replace = (changes: Change[], previous: Change[], said: string) => {
    // Once the cache holds the new motion, the open editor starts again from it; it saves what it
    // still held as it goes, before the new motion is sent.
    void setMany(changes, () => flushSync(onReplaced));
    setUndoable(previous.length > 0 ? previous : null);
    setAnnouncement(said);
  };
  const apply = (changes: Change[]) => {
    setAsking(null);
    const before = new Map(photos.map((photo) => [photo.id, photo.transforms]));
    const previous = changes.map(({ id }) => ({ id, transforms: before.get(id) as Photo['transforms'] }));
    replace(changes, previous, text.autoMotionAllApplied(changes.length));
  };
  const ask = () => {
    const own: Change[] = [];
    const others: Change[] = [];
    photos.forEach((photo, index) => {
      const auto = autoMotionOf(photo, index, video);
      if (sameMotion(photo.transforms, auto)) return;
      (isOwnMotion(photo.transforms, auto) ? own : others).push({ id: photo.id, transforms: auto });
    });
    if (own.length > 0) setAsking({ own, others });
    else apply(others);
  };
  const undo = () => {
    if (!undoable) return;
    replace(undoable, [], text.undone);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" onClick={ask} disabled={photos.length === 0}>
        <WandSparkles aria-hidden="true" />
        {text.autoMotionAll}
      </Button>
      {undoable && (
        <Button variant="ghost" size="sm" onClick={undo}>
          <RotateCcw aria-hidden="true" />
          {text.undo}
        </Button>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ReplaceMotionDialog
        open={asking !== null}
        description={text.replaceSome(asking?.own.length ?? 0)}
        choices={[
          { label: text.keepMine, onChoose: () => apply(asking?.others ?? []) },
          {
            label: text.replaceAll,
            onChoose: () => apply([...(asking?.others ?? []), ...(asking?.own ?? [])]),
          },
        ]}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
