import { ImageOff, X } from 'lucide-react';
import { Button } from '../../ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '../../ui/tooltip';
import { formatDimensions, formatFileSize } from './format';
import { MAX_SOURCE_PIXELS } from './pixel-maths';
import { selectedCount, toolsPage } from './tools-content';
import type { FileItem } from './tools-session';

interface SelectedFilesProps {
  files: FileItem[];
  disabled: boolean;
  onRemove: (id: number) => void;
  onClear: () => void;
}

function details(file: FileItem): string {
  return `${formatDimensions(file.width, file.height)} · ${formatFileSize(file.size)}`;
}

export function SelectedFiles({ files, disabled, onRemove, onClear }: SelectedFilesProps) {
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="selected-files-title" className="mt-6">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="selected-files-title" className="font-medium text-sm">
          {selectedCount(files.length)}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClear} disabled={disabled}>
          {toolsPage.clearAll}
        </Button>
      </div>
      <TooltipProvider delayDuration={200}>
        <ul aria-label={toolsPage.selectedLabel} className="grid grid-cols-3 gap-3 sm:grid-cols-4">
          {files.map((file) => (
            <li key={file.id} className="group relative">
              <Tooltip>
                <TooltipTrigger asChild>
                  <button
                    type="button"
                    aria-label={`${file.name}, ${details(file)}`}
                    className="block aspect-square w-full cursor-default overflow-hidden rounded-xl border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {file.width * file.height > MAX_SOURCE_PIXELS ? (
                      // Decoding a huge image just for a thumbnail could take gigabytes.
                      <span className="flex size-full flex-col items-center justify-center gap-1 p-2 text-center text-muted-foreground text-xs">
                        <ImageOff aria-hidden="true" className="size-5" />
                        {toolsPage.tooLargeToPreview}
                      </span>
                    ) : (
                      <img
                        src={file.previewUrl}
                        alt=""
                        decoding="async"
                        className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
                      />
                    )}
                  </button>
                </TooltipTrigger>
                <TooltipContent>
                  <p className="max-w-56 truncate font-medium">{file.name}</p>
                  <p className="opacity-80">{details(file)}</p>
                </TooltipContent>
              </Tooltip>
              <button
                type="button"
                onClick={() => onRemove(file.id)}
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                className="absolute top-1.5 right-1.5 grid size-7 place-items-center rounded-full bg-background/90 text-foreground shadow-sm ring-1 ring-border backdrop-blur transition hover:bg-destructive hover:text-destructive-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      </TooltipProvider>
    </section>
  );
}
