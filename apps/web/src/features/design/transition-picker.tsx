import { TRANSITIONS, type Transition } from '@memoreel/domain';
import { ChoiceCards } from './choice-cards';
import { videoStepsContent } from './design-content';

const text = videoStepsContent.design.transition;

/** Step 5's choice of transition, a line each on what it does. */
export function TransitionPicker({
  value,
  onChange,
}: {
  value: Transition;
  onChange: (transition: Transition) => void;
}) {
  return (
    <ChoiceCards
      legend={text.legend}
      hint={text.hint}
      value={value}
      onChange={onChange}
      choices={TRANSITIONS.map((transition) => ({
        value: transition,
        content: (
          <>
            <span className="block font-medium text-sm">{text.options[transition].label}</span>
            <span className="block text-muted-foreground text-xs leading-relaxed">
              {text.options[transition].hint}
            </span>
          </>
        ),
      }))}
    />
  );
}
