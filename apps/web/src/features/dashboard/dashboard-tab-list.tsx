import type { KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { DASHBOARD_TABS, type DashboardTab } from './dashboard-tabs';

export const tabId = (tab: DashboardTab) => `dashboard-tab-${tab}`;
export const panelId = (tab: DashboardTab) => `dashboard-panel-${tab}`;

interface DashboardTabListProps {
  active: DashboardTab;
  onSelect: (tab: DashboardTab) => void;
}

/**
 * One tab list in two shapes: a sticky row of short labels on phones, a side navigation with
 * descriptions from 768 px. Arrow keys move between tabs, as the ARIA tabs pattern expects.
 */
export function DashboardTabList({ active, onSelect }: DashboardTabListProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const index = DASHBOARD_TABS.findIndex((tab) => tab.id === active);
    const next = DASHBOARD_TABS[(index + step + DASHBOARD_TABS.length) % DASHBOARD_TABS.length]!;
    onSelect(next.id);
    document.getElementById(tabId(next.id))?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Dashboard"
      aria-orientation="vertical"
      onKeyDown={onKeyDown}
      className="grid grid-cols-3 gap-1 md:grid-cols-1"
    >
      {DASHBOARD_TABS.map((tab) => {
        const selected = tab.id === active;
        const Icon = tab.icon;
        return (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={cn(
              'flex items-center justify-center gap-2 rounded-lg px-2 py-2 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:justify-start md:gap-3 md:px-3 md:py-2.5 md:text-left',
              selected
                ? 'bg-primary/10 font-medium text-foreground'
                : 'text-muted-foreground hover:bg-accent hover:text-foreground',
            )}
          >
            <Icon aria-hidden="true" className={cn('size-4 shrink-0', selected && 'text-primary')} />
            <span className="md:hidden">{tab.shortLabel}</span>
            <span className="hidden min-w-0 md:block">
              <span className="block">{tab.label}</span>
              <span className="block font-normal text-muted-foreground text-xs">{tab.description}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
