import { photoMessages } from '@memoreel/domain';
import { Check, CircleAlert, LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';
import { ProgressBar } from '../../ui/progress-bar';
import { photosContent } from './photos-content';
import { type UploadingFile, uploadCounts } from './upload-photos';

const text = photosContent.addPhotos;

/** 'Uploading photos, {remaining} of {total} remaining...' with the overall bar and each file's own. */
export function UploadProgress({ files }: { files: UploadingFile[] }) {
  const { total, remaining, fraction } = uploadCounts(files);
  const percent = Math.round(fraction * 100);
  const shown = files.filter((file) => file.state !== 'skipped');
  return (
    <section
      aria-label={text.uploadProgressLabel}
      className="space-y-4 rounded-2xl border bg-card p-5 shadow-sm"
      data-testid="upload-progress"
    >
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-4">
          <p role="status" className="font-medium">
            {total === 0 ? text.preparing : photoMessages.uploadProgress(remaining, total)}
          </p>
          <span className="text-muted-foreground text-sm tabular-nums">{percent}%</span>
        </div>
        <ProgressBar label={text.uploadProgressLabel} percent={percent} />
      </div>
      <ul className="max-h-64 space-y-2 overflow-y-auto pr-1">
        {shown.map((file, index) => (
          // Files have no id before the server gives them one; their place in the upload is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders during an upload
          <li key={index} className="flex items-center gap-3 text-sm" data-state={file.state}>
            <FileStateIcon state={file.state} />
            <span className="min-w-0 flex-1 truncate" title={file.name}>
              {file.state === 'done' ? text.fileUploaded(file.name) : file.name}
            </span>
            <span className="w-24 shrink-0">
              <span className="block h-1.5 overflow-hidden rounded-full bg-muted">
                <span
                  className={cn(
                    'block h-full rounded-full transition-[width] duration-200',
                    file.state === 'failed' ? 'bg-destructive' : 'bg-primary',
                  )}
                  style={{ width: `${Math.round(file.fraction * 100)}%` }}
                />
              </span>
            </span>
            <span className="w-20 shrink-0 text-right text-muted-foreground text-xs tabular-nums">
              {fileStatusText(file)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function fileStatusText(file: UploadingFile): string {
  if (file.state === 'waiting') return text.waiting;
  if (file.state === 'processing') return text.processing;
  if (file.state === 'failed') return text.fileFailed;
  if (file.state === 'done') return text.fileDone;
  return `${Math.round(file.fraction * 100)}%`;
}

function FileStateIcon({ state }: { state: UploadingFile['state'] }) {
  if (state === 'done') return <Check aria-hidden="true" className="size-4 shrink-0 text-success" />;
  if (state === 'failed')
    return <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />;
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn(
        'size-4 shrink-0 text-muted-foreground',
        state !== 'waiting' && 'animate-spin text-primary motion-reduce:animate-none',
      )}
    />
  );
}
