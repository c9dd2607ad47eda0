import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { PhotoFilterDefinitions } from './photo-image';

interface PhotoStepPageProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** Back / Next links at the foot of the page: a StepLinks. */
  navigation?: ReactNode;
  /** Something kept at the bottom of the window, e.g. the photo strip. */
  footer?: ReactNode;
  wide?: boolean;
}

/** The frame of steps 1–4: title and subtitle, the step's content, its Back/Next links. */
export function PhotoStepPage({
  title,
  subtitle,
  children,
  navigation,
  footer,
  wide = false,
}: PhotoStepPageProps) {
  return (
    <>
      <title>{`${title} · Memoreel`}</title>
      <PhotoFilterDefinitions />
      <div className={cn('mx-auto w-full space-y-6 p-4 sm:p-8', wide ? 'max-w-6xl' : 'max-w-5xl')}>
        <header>
          <h1 className="font-display font-semibold text-3xl tracking-tight">{title}</h1>
          <p className="mt-1 text-muted-foreground">{subtitle}</p>
        </header>
        {children}
        {navigation}
      </div>
      {footer}
    </>
  );
}
