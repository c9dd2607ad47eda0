import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function TabEmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card/50 px-6 py-16 text-center">
      <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="font-medium">{title}</p>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">{children}</p>
    </div>
  );
}
