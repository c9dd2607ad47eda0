import { VIDEO_FORMAT_IDS, VIDEO_FORMATS, type VideoFormat } from '@memoreel/domain';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { videoStepsContent } from './design-content';

const text = videoStepsContent.design.format;

/**
 * Step 5's choice of format: native radios in a fieldset (arrow keys move between them), each card
 * with the shape drawn to scale, its name, size and where it suits.
 */
export function FormatPicker({
  value,
  onChange,
}: {
  value: VideoFormat;
  onChange: (format: VideoFormat) => void;
}) {
  const name = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={`${name}-hint`}>
      <legend className="font-medium text-sm">{text.legend}</legend>
      <p id={`${name}-hint`} className="text-muted-foreground text-xs">
        {text.hint}
      </p>
      <div className="grid gap-2 sm:grid-cols-3">
        {VIDEO_FORMAT_IDS.map((format) => {
          const option = text.options[format];
          const checked = format === value;
          const { width, height } = VIDEO_FORMATS[format];
          return (
            <label
              key={format}
              data-testid={`format-${format}`}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring sm:flex-col sm:items-start',
                checked ? 'border-primary bg-primary/5' : 'border-border/70 hover:bg-accent/50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={format}
                checked={checked}
                onChange={() => onChange(format)}
                className="sr-only"
              />
              <span className="flex h-10 w-12 shrink-0 items-center justify-center" aria-hidden="true">
                <span
                  className={cn(
                    'block rounded-[3px] border-2',
                    checked ? 'border-primary bg-primary/15' : 'border-muted-foreground/50',
                  )}
                  style={{
                    height: height >= width ? '100%' : undefined,
                    width: width > height ? '100%' : undefined,
                    aspectRatio: `${width} / ${height}`,
                  }}
                />
              </span>
              <span className="min-w-0">
                <span className="block font-medium text-sm">{option.label}</span>
                <span className="block text-muted-foreground text-xs tabular-nums">{option.detail}</span>
                <span className="block text-muted-foreground text-xs leading-relaxed">{option.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
