import { PHOTO_CONTENT_TYPES, PHOTO_EXTENSIONS, photoMessages } from '@memoreel/domain';
import { ImagePlus, Smartphone } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { photosContent } from './photos-content';

const ACCEPT = [...PHOTO_CONTENT_TYPES, ...PHOTO_EXTENSIONS].join(',');
const text = photosContent.addPhotos;

/** Drop photos here or press to pick them (spec §2 step 1); inactive while an upload runs. */
export function PhotoDropzone({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (disabled) return;
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the keyboard and click path
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="photo-dropzone"
      className={cn(
        'rounded-2xl border-2 border-dashed bg-card transition-colors',
        dragging ? 'border-primary bg-primary/5' : 'border-input',
        !disabled && !dragging && 'hover:border-primary/60 hover:bg-accent/40',
        disabled && 'opacity-60',
      )}
    >
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        className="flex w-full flex-col items-center gap-3 rounded-2xl px-6 py-10 text-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed sm:py-12"
      >
        <span className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary ring-1 ring-primary/15">
          <ImagePlus aria-hidden="true" className="size-6" />
        </span>
        <span className="font-medium text-base">{dragging ? text.dropActive : text.dropTitle}</span>
        <span className="text-muted-foreground text-sm">{text.dropSubtitle}</span>
        <span className="text-muted-foreground/90 text-xs">{photoMessages.uploadHint}</span>
        <span className="flex items-center gap-1.5 text-muted-foreground/90 text-xs">
          <Smartphone aria-hidden="true" className="size-3.5" />
          {text.phoneNote}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={text.dropTitle}
        data-testid="photo-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file may be picked again later.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
