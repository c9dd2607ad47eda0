import { FolderHeart, type LucideIcon, Receipt, Share2 } from 'lucide-react';

export type DashboardTab = 'projects' | 'shared' | 'purchases';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The dashboard tab to open, and the one last open (spec §2 "navigation state"). */
    activeTab?: DashboardTab;
  }
}

export interface DashboardTabInfo {
  id: DashboardTab;
  label: string;
  /** The mobile header's shorter label. */
  shortLabel: string;
  description: string;
  icon: LucideIcon;
}

export const DASHBOARD_TABS: readonly DashboardTabInfo[] = [
  {
    id: 'projects',
    label: 'Projects',
    shortLabel: 'Projects',
    description: 'Manage your video projects',
    icon: FolderHeart,
  },
  {
    id: 'shared',
    label: 'Shared Videos',
    shortLabel: 'Shared',
    description: 'Videos shared with you',
    icon: Share2,
  },
  {
    id: 'purchases',
    label: 'Purchases',
    shortLabel: 'Purchases',
    description: 'Your purchase history',
    icon: Receipt,
  },
];

export function dashboardTabOf(value: unknown): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab.id === value)?.id ?? 'projects';
}
