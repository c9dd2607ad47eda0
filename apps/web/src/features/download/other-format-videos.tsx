import type { VideoSize } from '@memoreel/domain';
import { Download } from 'lucide-react';
import { videoStepsContent } from '../design/design-content';
import type { RenderProgress } from './download-api';
import { renderTexts } from './render-texts';
import { otherFormatVideos } from './renders-by-format';

const formats = videoStepsContent.design.format.options;

/** The last video of each format the project is not set to now: kept, one link each. */
export function OtherFormatVideos({
  renders,
  size,
}: {
  renders: readonly RenderProgress[];
  size: VideoSize;
}) {
  const videos = otherFormatVideos(renders, size);
  if (videos.length === 0) return null;
  return (
    <section className="rounded-xl border bg-card p-4 sm:p-6" aria-labelledby="other-formats">
      <h2 id="other-formats" className="font-medium">
        {renderTexts.otherFormatsTitle}
      </h2>
      <p className="text-muted-foreground text-sm">{renderTexts.otherFormatsHint}</p>
      <ul className="mt-3 divide-y">
        {videos.map(({ format, render }) => (
          <li key={format} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-sm">
              <span className="font-medium">{renderTexts.otherFormat(formats[format].label, format)}</span>
              <span className="block text-muted-foreground text-xs">
                {new Date(render.createdAt).toLocaleString()}
              </span>
            </span>
            <a
              href={render.downloadUrl ?? undefined}
              download
              className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 font-medium text-primary text-sm hover:bg-primary/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              data-testid={`download-video-${format}`}
            >
              <Download aria-hidden className="size-4" /> Download
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
