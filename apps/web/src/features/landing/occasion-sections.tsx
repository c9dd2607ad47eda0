import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';
import { DemoPreview } from './demo-preview';
import { GetStartedButton } from './get-started-button';
import { type Occasion, occasions } from './landing-content';
import { SectionIntroText } from './section';

/** One occasion: its story beside a demo preview; alternate sides keep the page's rhythm calm. */
function OccasionSection({ occasion, flipped }: { occasion: Occasion; flipped: boolean }) {
  return (
    <section
      id={occasion.id}
      aria-labelledby={`${occasion.id}-title`}
      className={cn('scroll-mt-16 border-t py-20 sm:py-28', flipped && 'bg-muted/40')}
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div className={cn(flipped && 'lg:order-last')}>
          <SectionIntroText id={occasion.id} intro={occasion} />
          <ul className="mt-6 grid gap-2.5 text-sm">
            {occasion.highlights.map((highlight) => (
              <li key={highlight} className="flex items-center gap-2.5">
                <span className="grid size-5 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
                  <Check aria-hidden="true" className="size-3.5" />
                </span>
                {highlight}
              </li>
            ))}
          </ul>
          <GetStartedButton className="mt-8">{occasion.action}</GetStartedButton>
        </div>
        <DemoPreview reel={occasion.reel} />
      </div>
    </section>
  );
}

export function OccasionSections() {
  return occasions.map((occasion, index) => (
    <OccasionSection key={occasion.id} occasion={occasion} flipped={index % 2 === 1} />
  ));
}
