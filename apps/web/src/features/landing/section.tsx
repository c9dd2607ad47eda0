import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** What opens a landing section: a small eyebrow, the title and a lead paragraph. */
export interface SectionIntro {
  eyebrow: string;
  title: string;
  lead: string;
}

/** The eyebrow, the title (`${id}-title`, which names the section) and the lead. */
export function SectionIntroText({ id, intro }: { id: string; intro: SectionIntro }) {
  return (
    <>
      <p className="font-medium text-primary text-sm uppercase tracking-widest">{intro.eyebrow}</p>
      <h2
        id={`${id}-title`}
        className="mt-3 text-balance font-display font-medium text-3xl tracking-tight sm:text-4xl"
      >
        {intro.title}
      </h2>
      <p className="mt-4 text-pretty text-muted-foreground">{intro.lead}</p>
    </>
  );
}

/** A landing section under its heading, named by it for screen readers. */
export function Section({
  id,
  intro,
  className,
  children,
}: {
  id: string;
  intro: SectionIntro;
  className?: string;
  children: ReactNode;
}) {
  return (
    // scroll-mt keeps the heading clear of the sticky top bar when a route scrolls here.
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-16 py-20 sm:py-28', className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <SectionIntroText id={id} intro={intro} />
        </div>
        {children}
      </div>
    </section>
  );
}
