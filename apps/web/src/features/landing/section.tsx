import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
  className?: string;
}

export function SectionHeading({ id, eyebrow, title, children, className }: SectionHeadingProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
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

export function Section({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // scroll-mt keeps the heading clear of the sticky top bar when a route scrolls here.
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-16 py-20 sm:py-28', className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">{children}</div>
    </section>
  );
}
