import { useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy } from 'react';
import { AccountPromptDialog } from './account-prompt-dialog';
import { DashboardTabList, panelId, tabId } from './dashboard-tab-list';
import { DASHBOARD_TABS, type DashboardTab, dashboardTabOf } from './dashboard-tabs';
import { ProjectsTab } from './projects-tab';
import { TabContentBoundary } from './tab-content-boundary';
import { type PaymentReturn, usePaymentReturn } from './use-payment-return';

const SharedVideosTab = lazy(() => import('./shared-videos-tab'));
const PurchasesTab = lazy(() => import('./purchases-tab'));

const TAB_CONTENT: Record<DashboardTab, () => React.ReactNode> = {
  projects: () => <ProjectsTab />,
  shared: () => <SharedVideosTab />,
  purchases: () => <PurchasesTab />,
};

/** Spec §2 "Dashboard": projects, shared videos and purchases, one tab at a time. */
export function DashboardPage({ paymentReturn }: { paymentReturn: PaymentReturn }) {
  const navigate = useNavigate();
  const active = dashboardTabOf(useRouterState({ select: (router) => router.location.state.activeTab }));
  usePaymentReturn(paymentReturn);

  // The tab lives in history state, so Back and a reload return to it.
  const select = (tab: DashboardTab) =>
    void navigate({
      to: '/dashboard',
      search: (search) => search,
      state: (state) => ({ ...state, activeTab: tab }),
      replace: true,
    });
  const activeInfo = DASHBOARD_TABS.find((tab) => tab.id === active)!;

  return (
    <div className="mx-auto w-full max-w-6xl md:flex md:gap-10 md:px-6 md:py-10">
      <title>Dashboard · Memoreel</title>
      <aside className="sticky top-16 z-20 border-b bg-background/95 px-4 py-2 backdrop-blur md:static md:w-60 md:shrink-0 md:self-start md:border-0 md:bg-transparent md:p-0">
        <h1 className="sr-only font-display font-medium text-xl tracking-tight md:not-sr-only md:mb-4 md:block md:px-3">
          Dashboard
        </h1>
        <DashboardTabList active={active} onSelect={select} />
      </aside>
      <section
        id={panelId(active)}
        role="tabpanel"
        aria-labelledby={tabId(active)}
        className="min-w-0 flex-1 px-4 py-6 md:p-0"
      >
        {active !== 'projects' && (
          <header className="mb-6">
            <h2 className="font-display font-medium text-2xl tracking-tight sm:text-3xl">
              {activeInfo.label}
            </h2>
            <p className="mt-1 text-muted-foreground">{activeInfo.description}</p>
          </header>
        )}
        <TabContentBoundary key={active}>{TAB_CONTENT[active]()}</TabContentBoundary>
      </section>
      <AccountPromptDialog />
    </div>
  );
}
