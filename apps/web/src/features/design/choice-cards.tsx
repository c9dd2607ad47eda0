import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

export type Choice<T extends string> = {
  value: T;
  /** What the card shows: its name, and the lines under it. */
  content: ReactNode;
  /** Drawn before the words (a shape, a sample), hidden from screen readers. */
  visual?: ReactNode;
  testId?: string;
};

/**
 * One of a few choices as cards: native radios in a fieldset (arrow keys move between them, the
 * label names each), the picked card outlined. Step 5's format, transition and typeface.
 */
export function ChoiceCards<T extends string>({
  legend,
  hint,
  choices,
  value,
  onChange,
  columns = 'sm:grid-cols-2',
  stacked = false,
}: {
  legend: string;
  hint?: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The grid's columns from small screens up. */
  columns?: string;
  /** The visual above the words from small screens up (beside them on a phone). */
  stacked?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={hint ? `${name}-hint` : undefined}>
      <legend className="font-medium text-sm">{legend}</legend>
      {hint && (
        <p id={`${name}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <div className={cn('grid gap-2', columns)}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              data-testid={choice.testId}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                stacked && 'items-center sm:flex-col sm:items-start',
                checked ? 'border-primary bg-primary/5' : 'border-border/70 hover:bg-accent/50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                className={choice.visual ? 'sr-only' : 'mt-0.5 accent-primary'}
              />
              {choice.visual && (
                <span aria-hidden="true" className="shrink-0">
                  {choice.visual}
                </span>
              )}
              <span className="min-w-0">{choice.content}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
