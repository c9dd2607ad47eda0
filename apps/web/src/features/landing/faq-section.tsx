import { ChevronDown } from 'lucide-react';
import { faq } from './landing-content';
import { Section } from './section';

/**
 * The FAQ accordion is native <details>: Enter and Space toggle it, the browser announces its
 * state, and find-in-page opens the matching answer, with no script.
 */
export function FaqSection() {
  return (
    <Section id="faq" intro={faq} className="border-t bg-muted/40">
      <div className="mx-auto mt-12 max-w-3xl divide-y rounded-xl border bg-card">
        {faq.entries.map(({ question, answer }) => (
          <details key={question} name="faq" className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-6 py-5 font-medium focus-visible:outline-2 focus-visible:outline-ring focus-visible:-outline-offset-2 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                aria-hidden="true"
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-6 pb-5 text-pretty text-muted-foreground">{answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
