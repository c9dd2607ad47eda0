import { MUSIC_EXTENSIONS, MUSIC_FILES_PER_DROP } from '@memoreel/contracts';
import { Loader2, Music2 } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

const ACCEPT = [...MUSIC_EXTENSIONS, 'audio/mpeg', 'audio/wav', 'audio/aac', 'audio/mp4'].join(',');

/** Drop audio here or press to pick it (spec §2: .mp3, .wav, .aac, .m4a, up to 10 per drop). */
export function MusicDropzone({
  onFiles,
  uploading,
}: {
  onFiles: (files: File[]) => void;
  uploading: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (uploading) return;
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the keyboard and click path
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="music-dropzone"
      className={cn(
        'rounded-xl border-2 border-dashed bg-card transition-colors',
        dragging ? 'border-primary bg-primary/5' : 'border-input',
        !uploading && !dragging && 'hover:border-primary/60 hover:bg-accent/40',
        uploading && 'opacity-70',
      )}
    >
      <button
        type="button"
        disabled={uploading}
        onClick={() => input.current?.click()}
        className="flex w-full items-center gap-4 rounded-xl px-5 py-5 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-wait"
      >
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15">
          {uploading ? (
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Music2 aria-hidden="true" className="size-5" />
          )}
        </span>
        <span className="flex flex-col gap-0.5">
          <span className="font-medium">
            {uploading
              ? 'Uploading…'
              : dragging
                ? 'Drop to upload'
                : 'Drop audio files here, or click to choose'}
          </span>
          <span className="text-muted-foreground text-sm">
            MP3, WAV, AAC or M4A · up to {MUSIC_FILES_PER_DROP} files at a time
          </span>
        </span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose audio files"
        data-testid="music-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
