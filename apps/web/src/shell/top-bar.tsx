import { Link } from '@tanstack/react-router';
import { Activity } from 'lucide-react';
import { AccountNav } from '../features/auth/account-nav';
import { ThemePicker } from '../features/theme/theme-picker';
import { Button } from '../ui/button';
import { MemoreelWordmark } from './memoreel-logo';

export function TopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          aria-label="Memoreel home"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4"
        >
          <MemoreelWordmark nameClassName="max-sm:sr-only" />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-0.5 sm:gap-1">
          <Button
            asChild
            variant="ghost"
            size="sm"
            className="h-10 text-muted-foreground max-sm:w-10 max-sm:px-0 hover:text-foreground data-[status=active]:bg-accent data-[status=active]:text-foreground"
          >
            <Link to="/status">
              <Activity aria-hidden="true" />
              <span className="max-sm:sr-only">System status</span>
            </Link>
          </Button>
          <ThemePicker />
          <AccountNav />
        </nav>
      </div>
    </header>
  );
}
