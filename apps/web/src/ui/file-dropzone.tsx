import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { cn } from '../lib/cn';

interface FileDropzoneProps {
  onFiles: (files: File[]) => void;
  /** No drop or pick while true (e.g. an upload runs). */
  disabled: boolean;
  /** The file input's `accept`: types and extensions. */
  accept: string;
  /** The hidden file input's accessible name. */
  inputLabel: string;
  testId: string;
  inputTestId: string;
  /** `stacked`: a tall, centred target (photos); `inline`: a row with the icon at the left (admin lists). */
  layout: 'stacked' | 'inline';
  /** Classes for the button while disabled (its cursor says why). */
  disabledClassName?: string;
  /** What the target shows; `dragging` while files are held over it. */
  children: (state: { dragging: boolean }) => ReactNode;
}

const LAYOUTS = {
  stacked: {
    zone: 'rounded-2xl',
    button: 'flex-col gap-3 rounded-2xl px-6 py-10 text-center sm:py-12',
    disabled: 'opacity-60',
  },
  inline: { zone: 'rounded-xl', button: 'gap-4 rounded-xl px-5 py-5 text-left', disabled: 'opacity-70' },
} as const;

/**
 * Files dropped here or picked with the button inside (the keyboard and click path); the same file
 * may be picked again later.
 */
export function FileDropzone({
  onFiles,
  disabled,
  accept,
  inputLabel,
  testId,
  inputTestId,
  layout,
  disabledClassName = 'disabled:cursor-not-allowed',
  children,
}: FileDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const look = LAYOUTS[layout];

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
      data-testid={testId}
      className={cn(
        'border-2 border-dashed bg-card transition-colors',
        look.zone,
        dragging ? 'border-primary bg-primary/5' : 'border-input',
        !disabled && !dragging && 'hover:border-primary/60 hover:bg-accent/40',
        disabled && look.disabled,
      )}
    >
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        className={cn(
          'flex w-full items-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          look.button,
          disabledClassName,
        )}
      >
        {children({ dragging })}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        data-testid={inputTestId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
