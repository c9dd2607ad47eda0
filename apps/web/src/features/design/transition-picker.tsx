import { TRANSITIONS, type Transition } from '@memoreel/domain';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { videoStepsContent } from './design-content';

const text = videoStepsContent.design.transition;

/**
 * Step 5's choice of transition: native radios in a fieldset (arrow keys move between them), drawn
 * as cards with a line each on what they do.
 */
export function TransitionPicker({
  value,
  onChange,
}: {
  value: Transition;
  onChange: (transition: Transition) => void;
}) {
  const name = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={`${name}-hint`}>
      <legend className="font-medium text-sm">{text.legend}</legend>
      <p id={`${name}-hint`} className="text-muted-foreground text-xs">
        {text.hint}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {TRANSITIONS.map((transition) => {
          const option = text.options[transition];
          const checked = transition === value;
          return (
            <label
              key={transition}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                checked ? 'border-primary bg-primary/5' : 'border-border/70 hover:bg-accent/50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={transition}
                checked={checked}
                onChange={() => onChange(transition)}
                className="mt-0.5 accent-primary"
              />
              <span className="min-w-0">
                <span className="block font-medium text-sm">{option.label}</span>
                <span className="block text-muted-foreground text-xs leading-relaxed">{option.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
