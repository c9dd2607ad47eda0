import { VIDEO_FORMAT_IDS, VIDEO_FORMATS, type VideoFormat } from '@memoreel/domain';
import { cn } from '../../lib/cn';
import { ChoiceCards } from './choice-cards';
import { videoStepsContent } from './design-content';

const text = videoStepsContent.design.format;

/** Step 5's choice of format: each card with the shape drawn to scale, its name, size and where it suits. */
export function FormatPicker({
  value,
  onChange,
}: {
  value: VideoFormat;
  onChange: (format: VideoFormat) => void;
}) {
  return (
    <ChoiceCards
      legend={text.legend}
      hint={text.hint}
      value={value}
      onChange={onChange}
      columns="sm:grid-cols-3"
      stacked
      choices={VIDEO_FORMAT_IDS.map((format) => {
        const option = text.options[format];
        return {
          value: format,
          testId: `format-${format}`,
          visual: <Shape format={format} picked={format === value} />,
          content: (
            <>
              <span className="block font-medium text-sm">{option.label}</span>
              <span className="block text-muted-foreground text-xs tabular-nums">{option.detail}</span>
              <span className="block text-muted-foreground text-xs leading-relaxed">{option.hint}</span>
            </>
          ),
        };
      })}
    />
  );
}

/** The format's shape, drawn to scale in a 48 × 40 box. */
function Shape({ format, picked }: { format: VideoFormat; picked: boolean }) {
  const { width, height } = VIDEO_FORMATS[format];
  return (
    <span className="flex h-10 w-12 items-center justify-center">
      <span
        className={cn(
          'block rounded-[3px] border-2',
          picked ? 'border-primary bg-primary/15' : 'border-muted-foreground/50',
        )}
        style={{
          height: height >= width ? '100%' : undefined,
          width: width > height ? '100%' : undefined,
          aspectRatio: `${width} / ${height}`,
        }}
      />
    </span>
  );
}
