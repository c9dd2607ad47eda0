import { RotateCcw, WandSparkles } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../ui/button';
import { isOwnMotion } from './auto-motion';
import type { Photo } from './photos-api';
import { photosContent } from './photos-content';
import { ReplaceMotionDialog } from './replace-motion-dialog';

const text = photosContent.animate;
type Transforms = Photo['transforms'];

/**
 * One photo's Auto motion: applied at once over the still default, after asking over motion the
 * user set; Undo brings back what it replaced until the next edit.
 */
export function useAutoMotion({
  auto,
  current,
  replace,
}: {
  /** What Auto motion gives this photo. */
  auto: Transforms;
  current: () => Transforms;
  /** Sets and saves both keyframes. */
  replace: (next: Transforms) => void;
}) {
  const [undoable, setUndoable] = useState<Transforms | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const apply = () => {
    setConfirming(false);
    setUndoable(current());
    replace(auto);
    setAnnouncement(text.autoMotionApplied);
  };
  return {
    undoable,
    confirming,
    announcement,
    apply,
    ask: () => (isOwnMotion(current(), auto) ? setConfirming(true) : apply()),
    cancel: () => setConfirming(false),
    undo: () => {
      if (!undoable) return;
      replace(undoable);
      setUndoable(null);
      setAnnouncement(text.undone);
    },
    /** Another edit: Undo would now lose it, so it goes. */
    forget: useCallback(() => setUndoable(null), []),
  };
}

type AutoMotion = ReturnType<typeof useAutoMotion>;

/** The Auto motion button, and Undo while it can bring the replaced motion back. */
export function AutoMotionButtons({ motion }: { motion: AutoMotion }) {
  return (
    <>
      <Button variant="outline" size="sm" onClick={motion.ask}>
        <WandSparkles aria-hidden="true" />
        {text.autoMotion}
      </Button>
      {motion.undoable && (
        <Button variant="ghost" size="sm" onClick={motion.undo}>
          <RotateCcw aria-hidden="true" />
          {text.undo}
        </Button>
      )}
    </>
  );
}

/** What Auto motion does in a line, what it just did for screen readers, and its question. */
export function AutoMotionNotes({ motion }: { motion: AutoMotion }) {
  return (
    <>
      <p className="text-muted-foreground text-sm">{text.autoMotionHint}</p>
      <p className="sr-only" aria-live="polite">
        {motion.announcement}
      </p>
      <ReplaceMotionDialog
        open={motion.confirming}
        description={text.replaceOne}
        choices={[{ label: text.replace, onChoose: motion.apply }]}
        onCancel={motion.cancel}
      />
    </>
  );
}
