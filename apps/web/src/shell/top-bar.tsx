import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { AccountNav } from '../features/account/account-nav';
import { useAuth } from '../features/account/auth-provider';
import { ThemePicker } from '../features/theme/theme-picker';
import { Button } from '../ui/button';
import { MemoreelWordmark } from './memoreel-logo';
import { MobileMenu } from './mobile-menu';
import { mainLinks, shellLabels } from './site-links';

// Only a signed-in visitor has a bell: its code (and the live socket's client) stays out of the
// landing page's first download. The placeholder keeps the bell's place, so nothing shifts.
const NotificationsBell = lazy(() =>
  import('./notifications-bell').then(({ NotificationsBell }) => ({ default: NotificationsBell })),
);

const quietLink =
  'h-10 text-muted-foreground hover:text-foreground data-[status=active]:bg-accent data-[status=active]:text-foreground';

export function TopBar() {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          aria-label={shellLabels.home}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4"
        >
          <MemoreelWordmark nameClassName="max-sm:sr-only" />
        </Link>
        <nav aria-label={shellLabels.mainNavigation} className="flex items-center gap-0.5 sm:gap-1">
          <ul className="mr-2 hidden items-center gap-1 md:flex">
            {mainLinks.map(({ to, label }) => (
              <li key={to}>
                <Button asChild variant="ghost" size="sm" className={quietLink}>
                  <Link to={to}>{label}</Link>
                </Button>
              </li>
            ))}
          </ul>
          <ThemePicker />
          {user && (
            <Suspense fallback={<span aria-hidden="true" className="size-10 shrink-0" />}>
              <NotificationsBell />
            </Suspense>
          )}
          <AccountNav />
          <MobileMenu />
        </nav>
      </div>
    </header>
  );
}
