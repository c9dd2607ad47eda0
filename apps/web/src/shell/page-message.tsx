import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconTile } from '../ui/icon-tile';

interface PageMessageProps {
  icon: LucideIcon;
  title: string;
  /** Small line above the title, e.g. an error status. */
  eyebrow?: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** A calm, centred page for "not here yet", "not found" and "something went wrong". */
export function PageMessage({ icon: Icon, title, eyebrow, children, actions }: PageMessageProps) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-6 py-20 text-center sm:py-28">
      <title>{`${title} · Memoreel`}</title>
      <IconTile icon={Icon} className="mb-6" />
      {eyebrow && <p className="mb-2 font-medium text-muted-foreground text-sm tracking-wide">{eyebrow}</p>}
      <h1 className="font-display font-medium text-3xl tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-3 text-muted-foreground">{children}</div>
      {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
    </section>
  );
}
