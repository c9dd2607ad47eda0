import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface PhotoPanelProps {
  titleId: string;
  title: string;
  /** The line under the title, with its own live region or id. */
  subtitle: ReactNode;
  /** How the header lines its controls up against the title. */
  headerClassName: string;
  controls: ReactNode;
  children: ReactNode;
}

/** A project's photos in a card, under a header naming them, with their controls at its right. */
export function PhotoPanel({
  titleId,
  title,
  subtitle,
  headerClassName,
  controls,
  children,
}: PhotoPanelProps) {
  return (
    <section aria-labelledby={titleId} className="rounded-xl border bg-card shadow-sm">
      <header className={cn('flex flex-wrap justify-between border-b p-4 sm:px-6', headerClassName)}>
        <div>
          <h2 id={titleId} className="font-semibold text-lg leading-tight tracking-tight">
            {title}
          </h2>
          {subtitle}
        </div>
        {controls}
      </header>
      {children}
    </section>
  );
}
