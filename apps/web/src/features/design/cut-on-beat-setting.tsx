import { AudioLines } from 'lucide-react';
import { useId } from 'react';
import { Switch } from '../../ui/switch';
import { videoStepsContent } from './design-content';
import type { TimelineRhythm } from './timeline-beats';

const text = videoStepsContent.design.cutOnBeat;

/** Step 5's "Cut on the beat" switch, what it does in one line, and what it finds in the music. */
export function CutOnBeatSetting({
  checked,
  onCheckedChange,
  rhythm,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  rhythm: TimelineRhythm;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-border/70 p-3 sm:p-4">
      <AudioLines aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={id} className="block font-medium text-sm">
          {text.label}
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs leading-relaxed">
          {text.hint}
        </p>
        {checked && (
          <p
            className="text-foreground/80 text-xs leading-relaxed"
            data-testid="beat-note"
            aria-live="polite"
          >
            {noteOf(rhythm)}
          </p>
        )}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}

function noteOf(rhythm: TimelineRhythm): string {
  switch (rhythm.state) {
    case 'no-music':
      return text.noMusic;
    case 'finding':
      return text.finding;
    case 'no-beat':
      return text.noBeat;
    case 'found':
      return text.tempo(rhythm.tempo);
  }
}
