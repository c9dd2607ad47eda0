import { Link } from '@tanstack/react-router';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DemoPreview } from './demo-preview';
import { GetStartedButton } from './get-started-button';
import { hero, heroReel } from './landing-content';

export function LandingHero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 pointer-events-none absolute inset-x-0 top-0 h-[36rem] bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklab,var(--primary)_14%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-left">
          <ul
            aria-label={hero.promisesLabel}
            className="flex flex-wrap justify-center gap-2 lg:justify-start"
          >
            {hero.promises.map(({ label, icon: Icon }) => (
              <li key={label}>
                <Badge variant="soft">
                  <Icon aria-hidden="true" />
                  {label}
                </Badge>
              </li>
            ))}
          </ul>
          <h1
            id="hero-title"
            className="mt-6 text-balance font-display font-medium text-4xl leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl"
          >
            {hero.title}
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-pretty text-lg text-muted-foreground lg:mx-0">
            {hero.lead}
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            <GetStartedButton>{hero.start}</GetStartedButton>
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <Link to="/how-it-works">{hero.howItWorks}</Link>
            </Button>
          </div>
        </div>
        <DemoPreview reel={heroReel} priority className="mx-auto w-full max-w-xl" />
      </div>
    </section>
  );
}
