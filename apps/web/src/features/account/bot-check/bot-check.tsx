import { lazy, Suspense } from 'react';
import { BotCheckPlaceholder } from './bot-check-placeholder';

export interface BotCheckProps {
  /** Receives the solved check's token, which proves exactly one request. */
  onVerified: (token: string) => void;
  /** The token expired or the widget started over: forget it. */
  onReset?: () => void;
  /** No check can be solved here (challenge unavailable, or Turnstile configured). */
  onUnavailable?: (reason: string) => void;
  /** Solve at once, without a click: for screens whose only step is the check. */
  auto?: boolean;
}

// ALTCHA and its solvers load only where a check is shown.
const AltchaWidget = lazy(() => import('./altcha-widget'));

export function BotCheck(props: BotCheckProps) {
  return (
    <Suspense fallback={<BotCheckPlaceholder />}>
      <AltchaWidget {...props} />
    </Suspense>
  );
}
