import { Link, useRouterState } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../ui/button';
import { mainLinks, shellLabels } from './site-links';

/** While the menu is open the page behind it must not scroll (spec §2). */
function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [locked]);
}

/** Spec §2: below 768 px the links fold into a menu that closes on Escape, route change and overlay click. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  useScrollLock(open);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    // The panel lives at the end of <body>, so focus moves into it rather than making keyboards tab there.
    panel.current?.querySelector('a')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <div className="md:hidden">
      <Button
        ref={toggle}
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? shellLabels.closeMenu : shellLabels.openMenu}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </Button>
      {/* In <body>: the top bar's backdrop blur would otherwise become the containing block of `fixed`. */}
      {open &&
        createPortal(
          <>
            <div
              aria-hidden="true"
              data-testid="mobile-menu-overlay"
              className="fixed inset-0 top-16 z-30 animate-fade-in bg-background/70 backdrop-blur-sm"
              onClick={() => setOpen(false)}
            />
            <nav
              ref={panel}
              id={panelId}
              aria-label={shellLabels.mobileMenu}
              className="fixed inset-x-0 top-16 z-40 animate-fade-in border-b bg-background px-4 pt-2 pb-5 shadow-lg"
            >
              <ul className="grid gap-1">
                {mainLinks.map(({ to, label }) => (
                  <li key={to}>
                    {/* The same path does not count as a route change, so a link also closes the menu. */}
                    <Link
                      to={to}
                      onClick={() => setOpen(false)}
                      className="flex h-12 items-center rounded-lg px-3 font-medium text-base hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </>,
          document.body,
        )}
    </div>
  );
}
