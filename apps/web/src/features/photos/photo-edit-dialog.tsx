import { AI_EDITING, type AiEditingLevel } from '@memoreel/domain';
import { Eraser, Gauge, LoaderCircle, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { ComparisonSlider } from '../../ui/comparison-slider';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { ProgressBar } from '../../ui/progress-bar';
import { type PhotoEditState, progressPercent } from './photo-edit-machine';
import type { PhotoEdit, PhotoEditKind } from './photo-edits-api';
import { PhotoImage } from './photo-image';
import type { Photo } from './photos-api';
import { photosContent } from './photos-content';
import { usePhotoEdit } from './use-photo-edit';

const text = photosContent.aiEdits;

const ICONS: Record<PhotoEditKind, typeof Eraser> = { REMOVE_BACKGROUND: Eraser, ENHANCE: Sparkles };

interface PhotoEditDialogProps {
  projectId: string;
  photo: Photo;
  kind: PhotoEditKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server refused the edit for this project's plan: show the upgrade prompt instead. */
  onUpgradeRequired: () => void;
  /** The plan's AI editing level (decision 0028): what this edit gives; null while unknown. */
  level?: AiEditingLevel | null;
}

/**
 * 'Background Removal' and 'AI Photo Enhancement' (spec 2 §2 step 3, §4): the action button, the job
 * working with its live progress, then the original against the result to apply or keep.
 */
export function PhotoEditDialog({
  projectId,
  photo,
  kind,
  open,
  onOpenChange,
  onUpgradeRequired,
  level = null,
}: PhotoEditDialogProps) {
  const words = text[kind];
  const { state, begin, confirm, keepOriginal } = usePhotoEdit({
    projectId,
    photo,
    kind,
    onUpgradeRequired: () => {
      onOpenChange(false);
      onUpgradeRequired();
    },
    onApplied: () => onOpenChange(false),
  });
  const applying = state.phase === 'applying';

  const close = (next: boolean) => {
    if (next || applying) return;
    keepOriginal();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="p-4 sm:max-w-2xl sm:p-6" showCloseButton={!applying}>
        <DialogTitle className="pr-10">{words.title}</DialogTitle>
        <DialogDescription className="mt-1.5">{words.description}</DialogDescription>
        {level && (
          <p
            className="mt-2 flex items-center gap-1.5 text-muted-foreground text-xs"
            data-testid="ai-editing-level"
          >
            <Gauge aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
            {kind === 'ENHANCE' ? AI_EDITING[level].enhanceText : AI_EDITING[level].cutoutText}
          </p>
        )}
        <div className="mt-4">
          {state.phase === 'comparison' || state.phase === 'applying' ? (
            <ComparisonSlider
              before={photo.urls?.full ?? ''}
              after={state.edit.resultUrl ?? ''}
              label={photo.originalName}
              labels={{ before: text.original, after: words.result, divider: text.divider }}
              className="border"
            />
          ) : (
            <div className="relative">
              <PhotoImage
                photo={photo}
                size="full"
                filter="none"
                className="aspect-[4/3] w-full rounded-xl border bg-muted/60"
                imageClassName="object-contain"
              />
              {state.phase === 'working' && <WorkingOverlay label={words.working} />}
            </div>
          )}
        </div>
        <EditStatus state={state} photo={photo} kind={kind} />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {state.phase === 'comparison' || state.phase === 'applying' ? (
            <>
              <Button variant="outline" onClick={() => close(false)} disabled={applying}>
                {text.keepOriginal}
              </Button>
              <Button onClick={confirm} disabled={applying} aria-busy={applying} autoFocus>
                {applying ? (
                  <>
                    <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                    {text.applying}
                  </>
                ) : (
                  words.apply
                )}
              </Button>
            </>
          ) : (
            <ActionButton kind={kind} working={state.phase === 'working'} onClick={begin} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ActionButton({
  kind,
  working,
  onClick,
}: {
  kind: PhotoEditKind;
  working: boolean;
  onClick: () => void;
}) {
  const words = text[kind];
  const Icon = ICONS[kind];
  return (
    <Button onClick={onClick} disabled={working} aria-busy={working} autoFocus>
      {working ? (
        <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      ) : (
        <Icon aria-hidden="true" />
      )}
      {working ? words.working : words.action}
    </Button>
  );
}

function WorkingOverlay({ label }: { label: string }) {
  return (
    <div className="absolute inset-0 grid place-items-center rounded-xl bg-background/55 backdrop-blur-[2px] animate-fade-in motion-reduce:animate-none">
      <span className="flex items-center gap-2 rounded-full bg-card/95 px-4 py-2 font-medium text-sm shadow-md ring-1 ring-border">
        <LoaderCircle
          aria-hidden="true"
          className="size-4 animate-spin text-primary motion-reduce:animate-none"
        />
        {label}
      </span>
    </div>
  );
}

/** Seconds since `since`, counted on this page while the job runs. */
function useElapsedSeconds(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1_000));
}

function EditStatus({ state, photo, kind }: { state: PhotoEditState; photo: Photo; kind: PhotoEditKind }) {
  const words = text[kind];
  const working = state.phase === 'working' ? state : null;
  const elapsed = useElapsedSeconds(working?.since ?? null);
  const status = useRef<HTMLDivElement>(null);
  const isWorking = working !== null;
  // The action button is disabled under the keyboard's focus: keep focus inside the dialog, on the news.
  useEffect(() => {
    if (isWorking) status.current?.focus();
  }, [isWorking]);

  if (working) {
    const percent = progressPercent(working.edit);
    const queued = working.edit === null || working.edit.status === 'QUEUED';
    return (
      <div
        ref={status}
        tabIndex={-1}
        className="mt-4 space-y-2 outline-none"
        data-testid="photo-edit-working"
      >
        <p role="status" className="text-sm">
          {words.hint}
        </p>
        <ProgressBar label={words.progressLabel} percent={percent} barClassName="duration-500" />
        <p className="flex justify-between gap-3 text-muted-foreground text-xs tabular-nums">
          <span>{queued ? text.queued : text.percent(percent)}</span>
          <span>{text.elapsed(elapsed)}</span>
        </p>
      </div>
    );
  }
  if (state.phase === 'comparison' || state.phase === 'applying') {
    return (
      <p className="mt-3 flex flex-wrap justify-between gap-x-4 gap-y-1 text-muted-foreground text-xs">
        <span>{text.compareHint}</span>
        <ResultSize photo={photo} edit={state.edit} />
      </p>
    );
  }
  return null;
}

function ResultSize({ photo, edit }: { photo: Photo; edit: PhotoEdit }) {
  if (!edit.resultWidth || !edit.resultHeight) return null;
  if (edit.resultWidth === photo.width && edit.resultHeight === photo.height) return null;
  return (
    <span className="tabular-nums">
      {text.dimensions(
        { width: photo.width, height: photo.height },
        { width: edit.resultWidth, height: edit.resultHeight },
      )}
    </span>
  );
}
