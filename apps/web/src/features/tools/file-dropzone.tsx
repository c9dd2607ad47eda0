import { ImageUp } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { IconTile } from '../../ui/icon-tile';
import { ACCEPT_ATTRIBUTE } from './accepted-files';
import { toolsPage } from './tools-content';

interface FileDropzoneProps {
  onFiles: (files: File[]) => void;
}

/** Drop images here or press to pick them; the files never leave the browser. */
export function FileDropzone({ onFiles }: FileDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the keyboard and click path
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="tools-dropzone"
      className={cn(
        'rounded-2xl border-2 border-dashed bg-card transition-colors',
        dragging ? 'border-primary bg-primary/5' : 'border-input hover:border-primary/60 hover:bg-accent/40',
      )}
    >
      <button
        type="button"
        onClick={() => input.current?.click()}
        className="flex w-full flex-col items-center gap-3 rounded-2xl px-6 py-10 text-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:py-12"
      >
        <IconTile icon={ImageUp} />
        <span className="font-medium text-base">{dragging ? toolsPage.dropActive : toolsPage.dropTitle}</span>
        <span className="text-muted-foreground text-sm">{toolsPage.dropSubtitle}</span>
        <span className="text-muted-foreground/80 text-xs">{toolsPage.dropHint}</span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        tabIndex={-1}
        aria-label={toolsPage.dropTitle}
        data-testid="tools-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file may be picked again after it was removed.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
