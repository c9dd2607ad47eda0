import { ArrowRight, Check } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { useGetStarted } from '../get-started/get-started-provider';
import { DemoPreview } from './demo-preview';
import { type Occasion, occasions } from './landing-content';

/** One occasion: its story beside a demo preview; alternate sides keep the page's rhythm calm. */
function OccasionSection({ occasion, flipped }: { occasion: Occasion; flipped: boolean }) {
  const { startGetStarted } = useGetStarted();
  return (
    <section
      id={occasion.id}
      aria-labelledby={`${occasion.id}-title`}
      className={cn('scroll-mt-16 border-t py-20 sm:py-28', flipped && 'bg-muted/40')}
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div className={cn(flipped && 'lg:order-last')}>
          <p className="font-medium text-primary text-sm uppercase tracking-widest">{occasion.eyebrow}</p>
          <h2
            id={`${occasion.id}-title`}
            className="mt-3 text-balance font-display font-medium text-3xl tracking-tight sm:text-4xl"
          >
            {occasion.title}
          </h2>
          <p className="mt-4 text-pretty text-muted-foreground">{occasion.lead}</p>
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
          <Button size="lg" className="mt-8 w-full sm:w-auto" onClick={startGetStarted}>
            {occasion.action}
            <ArrowRight aria-hidden="true" />
          </Button>
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
