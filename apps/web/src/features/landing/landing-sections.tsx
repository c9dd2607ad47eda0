import { Film, type LucideIcon, Music, Palette, Share2, Upload, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';

interface SectionProps {
  id: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
}

function SectionHeading({ id, eyebrow, title, children }: SectionProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="font-medium text-primary text-sm uppercase tracking-widest">{eyebrow}</p>
      <h2
        id={`${id}-title`}
        className="mt-3 text-balance font-display font-medium text-3xl tracking-tight sm:text-4xl"
      >
        {title}
      </h2>
      <p className="mt-4 text-pretty text-muted-foreground">{children}</p>
    </div>
  );
}

function Section({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    // scroll-mt keeps the heading clear of the sticky top bar when a route scrolls here.
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-16 py-20 sm:py-24', className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">{children}</div>
    </section>
  );
}

interface Point {
  title: string;
  description: string;
  icon: LucideIcon;
}

const FEATURES: Point[] = [
  {
    title: 'Easy-to-Use Interface',
    description: 'Nine calm steps from your first photo to a finished video.',
    icon: Wand2,
  },
  {
    title: 'Customizable Design',
    description: 'Filters, gentle pan and zoom, and timing for every photo.',
    icon: Palette,
  },
  {
    title: 'Music & Effects Library',
    description: 'Choose a track that fits the moment and lets the story breathe.',
    icon: Music,
  },
  {
    title: 'Easy Sharing',
    description: 'One private link for family and friends, wherever they are.',
    icon: Share2,
  },
];

const STEPS: Point[] = [
  {
    title: 'Upload Your Photos',
    description: 'Add photos from your device, or invite friends to add theirs.',
    icon: Upload,
  },
  {
    title: 'Customize Your Video',
    description: 'Order the story, choose motion and music, set the pace.',
    icon: Film,
  },
  {
    title: 'Preview & Share',
    description: 'Watch it through, then share it with the people who matter.',
    icon: Share2,
  },
];

function PointCard({ point, step }: { point: Point; step?: number }) {
  const Icon = point.icon;
  return (
    <Card className="h-full">
      <CardHeader>
        <span className="mb-2 grid size-11 place-items-center rounded-xl bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <CardTitle className="text-base">
          {step !== undefined && <span className="text-muted-foreground">{step}. </span>}
          {point.title}
        </CardTitle>
        <CardDescription>{point.description}</CardDescription>
      </CardHeader>
    </Card>
  );
}

export function FeaturesSection() {
  return (
    <Section id="features" className="border-t bg-muted/40">
      <SectionHeading id="features" eyebrow="Features" title="Why choose Memoreel">
        Everything you need to tell a life's story or celebrate a milestone, without learning video software.
      </SectionHeading>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <PointCard point={feature} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function HowItWorksSection() {
  return (
    <Section id="how-it-works">
      <SectionHeading id="how-it-works" eyebrow="How it works" title="Three steps to a video they'll keep">
        No video software to learn: Memoreel guides you through each step.
      </SectionHeading>
      <ol className="mt-12 grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title}>
            <PointCard point={step} step={index + 1} />
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** A section whose full content arrives with the landing page issue; its id already anchors the route. */
export function PlaceholderSection({ id, eyebrow, title, children }: SectionProps) {
  return (
    <Section id={id} className="border-t">
      <SectionHeading id={id} eyebrow={eyebrow} title={title}>
        {children}
      </SectionHeading>
      <Card className="mx-auto mt-10 max-w-2xl border-dashed bg-muted/30 shadow-none">
        <CardContent className="p-8 text-center text-muted-foreground text-sm">
          This section is on its way.
        </CardContent>
      </Card>
    </Section>
  );
}
