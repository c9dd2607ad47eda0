import { Link } from '@tanstack/react-router';
import { Activity, Camera } from 'lucide-react';
import { lazy } from 'react';
import { LoadWhenNear } from './load-when-near';
import { MemoreelWordmark } from './memoreel-logo';
import { quickLinks, shellLabels, socialLink } from './site-links';

// The form's validation brings zod (~25 KB gzip): it loads when the footer comes near the screen.
const NewsletterForm = lazy(() => import('../features/newsletter/newsletter-form'));

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 md:grid-cols-[1.2fr_1fr_1.4fr]">
        <div>
          <Link
            to="/"
            aria-label={shellLabels.home}
            className="inline-block rounded-md focus-visible:outline-2 focus-visible:outline-offset-4"
          >
            <MemoreelWordmark />
          </Link>
          <p className="mt-4 max-w-xs text-muted-foreground text-sm">{shellLabels.tagline}</p>
          <a
            href={socialLink.href}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={socialLink.label}
            className="mt-5 inline-grid size-10 place-items-center rounded-full border bg-background text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Camera aria-hidden="true" className="size-4" />
          </a>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="font-semibold text-sm">
            {shellLabels.quickLinks}
          </h2>
          <ul className="mt-4 grid gap-1 text-sm">
            {quickLinks.map(({ to, label }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="inline-flex min-h-8 items-center rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LoadWhenNear className="min-h-40">
          <NewsletterForm />
        </LoadWhenNear>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-6 text-muted-foreground text-xs sm:px-6">
          <p>{shellLabels.copyright(new Date().getFullYear())}</p>
          <Link
            to="/status"
            className="inline-flex min-h-8 items-center gap-1.5 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Activity aria-hidden="true" className="size-3.5" />
            {shellLabels.systemStatus}
          </Link>
        </div>
      </div>
    </footer>
  );
}
