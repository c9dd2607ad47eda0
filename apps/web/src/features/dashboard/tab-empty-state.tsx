import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconTile } from '../../ui/icon-tile';

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
      <IconTile icon={Icon} compact className="mb-4" />
      <p className="font-medium">{title}</p>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">{children}</p>
    </div>
  );
}
