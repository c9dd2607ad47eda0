import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  Cake,
  Gem,
  GraduationCap,
  Heart,
  type LucideIcon,
  PawPrint,
  Play,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { useGetStarted } from '../get-started/get-started-provider';

const PROMISES = [
  { label: 'Secure & Private', icon: ShieldCheck },
  { label: 'AI-Powered', icon: Sparkles },
  { label: 'Made with Love', icon: Heart },
];

export function LandingHero() {
  const { startGetStarted } = useGetStarted();
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 pointer-events-none absolute inset-x-0 top-0 h-[36rem] bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklab,var(--primary)_14%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-left">
          <ul aria-label="Our promises" className="flex flex-wrap justify-center gap-2 lg:justify-start">
            {PROMISES.map(({ label, icon: Icon }) => (
              <li key={label}>
                <Badge variant="soft">
                  <Icon aria-hidden="true" />
                  {label}
                </Badge>
              </li>
            ))}
          </ul>
          <h1 className="mt-6 text-balance font-display font-medium text-4xl leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl">
            Turn cherished photos into a video worth keeping
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-pretty text-lg text-muted-foreground lg:mx-0">
            Gather the pictures that matter, add music and gentle motion, and share a keepsake with family and
            friends: for farewells, weddings, birthdays and every moment worth remembering.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            <Button size="lg" className="w-full sm:w-auto" onClick={startGetStarted}>
              Start Your Free Video
              <ArrowRight aria-hidden="true" />
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <Link to="/how-it-works">See how it works</Link>
            </Button>
          </div>
        </div>
        <ReelPreview />
      </div>
    </section>
  );
}

// The occasions Memoreel is made for, as a strip of prints in the theme's colour at gentle strengths.
const MOMENTS: { label: string; icon: LucideIcon; tone: string }[] = [
  { label: 'memorial', icon: Heart, tone: 'bg-primary/20' },
  { label: 'wedding', icon: Gem, tone: 'bg-primary/30' },
  { label: 'birthday', icon: Cake, tone: 'bg-primary/15' },
  { label: 'pet', icon: PawPrint, tone: 'bg-primary/35' },
  { label: 'graduation', icon: GraduationCap, tone: 'bg-primary/25' },
];

/** A quiet stand-in for the demo video: a player frame above a strip of photos. */
function ReelPreview() {
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-xl">
      <div className="rounded-2xl border bg-card p-3 shadow-primary/10 shadow-xl">
        <div className="relative grid aspect-video place-items-center overflow-hidden rounded-xl bg-primary/10 bg-[radial-gradient(circle_at_28%_30%,color-mix(in_oklab,var(--primary)_35%,transparent),transparent_55%),radial-gradient(circle_at_78%_75%,color-mix(in_oklab,var(--primary)_22%,transparent),transparent_50%)]">
          <span className="grid size-12 place-items-center rounded-full bg-background/90 text-primary shadow-lg sm:size-16">
            <Play className="ml-1 size-5 fill-current sm:size-7" />
          </span>
          <div className="absolute inset-x-5 bottom-4 sm:inset-x-6 sm:bottom-5">
            <p className="font-display text-foreground/90 text-base italic sm:text-xl">
              Fifty years together
            </p>
            <p className="text-foreground/60 text-xs max-sm:hidden">Ruth &amp; David · 1974 – 2024</p>
            <div className="mt-3 h-1 rounded-full bg-background/60">
              <div className="h-full w-2/5 rounded-full bg-primary/70" />
            </div>
          </div>
        </div>
        <div className="mt-3 grid grid-cols-5 gap-2">
          {MOMENTS.map(({ label, icon: Icon, tone }) => (
            <div key={label} className={cn('grid aspect-[4/3] place-items-center rounded-md', tone)}>
              <Icon className="size-5 text-primary/80" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
