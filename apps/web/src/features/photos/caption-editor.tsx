import {
  CAPTION_LIMITS,
  CAPTION_PLACEMENTS,
  type CaptionPlacement,
  captionLength,
  type PhotoCaption,
  PhotoCaptionSchema,
} from '@memoreel/domain';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn';
import { SaveStatus } from '../design/save-status';
import { useAutosave } from '../design/use-autosave';
import { useSetPhotoCaption } from './photo-queries';
import { type Photo, setPhotoCaptionOnLeave } from './photos-api';
import { photosContent } from './photos-content';

const text = photosContent.edit.caption;
/** Typing saves after a moment of quiet, and as the page goes. */
const CAPTION_SAVE_DEBOUNCE_MS = 600;

type Draft = { text: string; placement: CaptionPlacement };

/** What is saved for a draft: the tidied caption, or null when it has no words. */
const toSaved = (draft: Draft): PhotoCaption | null => PhotoCaptionSchema.safeParse(draft).data ?? null;

/** Within the limits as typed: characters as a person counts them, and lines. */
const fits = (value: string) =>
  captionLength(value) <= CAPTION_LIMITS.chars && value.split('\n').length <= CAPTION_LIMITS.lines;

/**
 * Step 3's caption of one photo (issue 37): one or two lines with a counter, at the bottom or the
 * top, saved as typed; any script (Arabic is written right to left as it is typed) and emoji.
 */
export function CaptionEditor({
  projectId,
  photo,
  onDraft,
}: {
  projectId: string;
  photo: Photo;
  /** The words as typed, for the photo's preview above. */
  onDraft: (draft: Draft) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({
    text: photo.caption?.text ?? '',
    placement: photo.caption?.placement ?? 'bottom',
  });
  const save = useSetPhotoCaption(projectId);
  const autosave = useAutosave<Draft>({
    delayMs: CAPTION_SAVE_DEBOUNCE_MS,
    save: (value) =>
      save.mutateAsync({ id: photo.id, caption: toSaved(value) }).catch((error: unknown) => {
        toast.error(text.saveFailed, { description: error instanceof Error ? error.message : undefined });
        throw error;
      }),
    saveOnLeave: (value) => setPhotoCaptionOnLeave(photo.id, toSaved(value)),
  });
  const change = (next: Draft) => {
    setDraft(next);
    onDraft(next);
    autosave.schedule(next);
  };

  return (
    <div className="space-y-2 border-t px-4 py-3">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="font-medium text-sm">
          {text.label}
        </label>
        <div className="flex items-center gap-3">
          <SaveStatus status={autosave.status} />
          <span id={`${id}-count`} className="text-muted-foreground text-xs tabular-nums">
            {text.counter(captionLength(draft.text), CAPTION_LIMITS.chars)}
          </span>
        </div>
      </div>
      <textarea
        id={id}
        dir="auto"
        rows={2}
        value={draft.text}
        placeholder={text.placeholder}
        aria-describedby={`${id}-count ${id}-hint`}
        onChange={(event) => {
          if (fits(event.target.value)) change({ ...draft, text: event.target.value });
        }}
        className="w-full resize-none rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid="caption-input"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {text.hint}
        </p>
        <fieldset className="flex gap-1" aria-label={text.placement}>
          {CAPTION_PLACEMENTS.map((placement) => (
            <label
              key={placement}
              className={cn(
                'cursor-pointer rounded-md border px-2.5 py-1 text-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                draft.placement === placement
                  ? 'border-primary bg-primary/5 font-medium'
                  : 'border-border/70',
              )}
            >
              <input
                type="radio"
                name={`${id}-placement`}
                checked={draft.placement === placement}
                onChange={() => change({ ...draft, placement })}
                className="sr-only"
              />
              {text.places[placement]}
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  );
}

/** The caption over the photo being edited, where the video places it: white, with the video's soft shadow. */
export function CaptionOverlay({ draft }: { draft: Draft | null }) {
  if (!draft || draft.text.trim() === '') return null;
  return (
    <div
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute inset-x-0 flex justify-center px-[6%]',
        draft.placement === 'top' ? 'top-[7%]' : 'bottom-[7%]',
      )}
    >
      <p
        dir="auto"
        className="whitespace-pre-line text-center font-semibold text-lg text-white leading-snug sm:text-2xl"
        style={{
          unicodeBidi: 'plaintext',
          textShadow: '0 2px 4px rgba(0, 0, 0, 0.85), 0 0 24px rgba(0, 0, 0, 0.55)',
        }}
      >
        {draft.text}
      </p>
    </div>
  );
}
