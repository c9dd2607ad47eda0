import { CircleAlert, Download, Maximize2 } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ComparisonSlider } from '../../ui/comparison-slider';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { saveFile, ZIP_FILE_NAME, zipImages } from './download-all';
import { formatDimensions, formatFileSize, formatSeconds } from './format';
import { toolById } from './tool-catalogue';
import { processedCount, sizeReduced, toolsPage } from './tools-content';
import type { FailedItem, ProcessedItem, Processing } from './tools-session';

const comparisonLabels = {
  before: toolsPage.before,
  after: toolsPage.after,
  divider: toolsPage.comparisonLabel,
};

interface ProcessedImagesProps {
  results: ProcessedItem[];
  failures: FailedItem[];
  processing: Processing;
  onClear: () => void;
}

export function ProcessedImages({ results, failures, processing, onClear }: ProcessedImagesProps) {
  const [zipping, setZipping] = useState(false);
  const [enlarged, setEnlarged] = useState<ProcessedItem | null>(null);
  if (results.length === 0 && failures.length === 0 && !processing.active) return null;

  const downloadAll = async () => {
    setZipping(true);
    try {
      saveFile(
        await zipImages(results.map((item) => ({ name: item.downloadName, blob: item.processed }))),
        ZIP_FILE_NAME,
      );
    } finally {
      setZipping(false);
    }
  };

  return (
    <section aria-labelledby="processed-title" className="mt-12 scroll-mt-20">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 id="processed-title" className="font-display font-medium text-2xl tracking-tight">
          {toolsPage.processedTitle}{' '}
          <span className="font-sans text-base text-muted-foreground" data-testid="processed-count">
            {processedCount(
              processing.active,
              processing.processedCount,
              processing.totalCount,
              results.length,
            )}
          </span>
        </h2>
        <div className="flex gap-2">
          <Button
            variant="outline"
            onClick={onClear}
            disabled={processing.active || results.length + failures.length === 0}
          >
            {toolsPage.clearAll}
          </Button>
          <Button onClick={downloadAll} disabled={processing.active || zipping || results.length === 0}>
            <Download aria-hidden="true" />
            {toolsPage.downloadAll}
          </Button>
        </div>
      </div>
      {failures.length > 0 && (
        <Alert variant="destructive" className="mb-5">
          <CircleAlert aria-hidden="true" />
          <div>
            <AlertTitle>{toolsPage.failedTitle}</AlertTitle>
            <AlertDescription>
              <ul className="mt-1 space-y-1">
                {failures.map((failure) => (
                  <li key={failure.id}>
                    <span className="font-medium text-foreground">{failure.fileName}</span> (
                    {toolById(failure.tool).name}): {failure.message}
                  </li>
                ))}
              </ul>
            </AlertDescription>
          </div>
        </Alert>
      )}
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {results.map((item) => (
          <ProcessedCard key={item.id} item={item} onEnlarge={() => setEnlarged(item)} />
        ))}
      </ul>
      <Dialog open={enlarged !== null} onOpenChange={(open) => !open && setEnlarged(null)}>
        <DialogContent className="max-w-[min(64rem,calc(100vw-2rem))] p-4 sm:p-6">
          {enlarged && (
            <>
              <DialogTitle className="pr-10 text-xl">
                {toolById(enlarged.tool).name} · {enlarged.fileName}
              </DialogTitle>
              <DialogDescription className="mb-4">
                {formatDimensions(enlarged.dimensions.before.width, enlarged.dimensions.before.height)} →{' '}
                {formatDimensions(enlarged.dimensions.after.width, enlarged.dimensions.after.height)}
              </DialogDescription>
              <ComparisonSlider
                before={enlarged.originalUrl}
                after={enlarged.processedUrl}
                label={enlarged.fileName}
                labels={comparisonLabels}
              />
            </>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function ProcessedCard({ item, onEnlarge }: { item: ProcessedItem; onEnlarge: () => void }) {
  const tool = toolById(item.tool);
  const { before, after } = item.dimensions;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm"
      data-testid="processed-item"
    >
      <div className="relative p-3 pb-0">
        <ComparisonSlider
          before={item.originalUrl}
          after={item.processedUrl}
          label={item.fileName}
          labels={comparisonLabels}
        />
        <Button
          variant="secondary"
          size="icon"
          onClick={onEnlarge}
          aria-label={`${toolsPage.enlarge}: ${item.fileName}`}
          className="absolute right-5 bottom-2 size-8 bg-background/90 shadow-sm backdrop-blur"
        >
          <Maximize2 aria-hidden="true" />
        </Button>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-medium">{tool.name}</p>
            <p className="truncate text-muted-foreground text-xs" title={item.fileName}>
              {item.fileName}
            </p>
          </div>
          <span className="shrink-0 rounded-full bg-secondary px-2 py-0.5 text-secondary-foreground text-xs tabular-nums">
            {formatSeconds(item.processingTime)}
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-4 text-xs">
          <ImageFacts
            term={toolsPage.before}
            testId="before-dimensions"
            dimensions={before}
            size={item.stats.originalSize}
          />
          <ImageFacts
            term={toolsPage.after}
            testId="after-dimensions"
            dimensions={after}
            size={item.stats.newSize}
          />
        </dl>
        {item.stats.savings !== null && (
          <p className="font-medium text-success text-xs">{sizeReduced(item.stats.savings)}</p>
        )}
        <Button asChild variant="outline" size="sm" className="mt-auto">
          <a
            href={item.processedUrl}
            download={item.downloadName}
            aria-label={`${toolsPage.download} ${item.downloadName}`}
          >
            <Download aria-hidden="true" />
            {toolsPage.download}
          </a>
        </Button>
      </div>
    </li>
  );
}

/** One side of the card's before/after: the image's dimensions and file size. */
function ImageFacts({
  term,
  testId,
  dimensions,
  size,
}: {
  term: string;
  testId: string;
  dimensions: { width: number; height: number };
  size: number;
}) {
  return (
    <div className="space-y-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {formatDimensions(dimensions.width, dimensions.height)}
      </dd>
      <dd className="tabular-nums">{formatFileSize(size)}</dd>
    </div>
  );
}
