import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-widget.css';
import { authMessages } from '@memoreel/contracts';
import { useQuery } from '@tanstack/react-query';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useId, useRef, useState } from 'react';
import { useLatest } from '../../../lib/use-latest';
import { Button } from '../../../ui/button';
import { authLabels } from '../auth-labels';
import { useAuth } from '../auth-provider';
import type { BotCheckProps } from './bot-check';
import { BotCheckPlaceholder } from './bot-check-placeholder';

// `altcha/external` bundles no solvers. The auth service issues SHA-256 challenges; a solver served
// as a file passes the Content-Security-Policy without blob: workers.
$altcha.algorithms.set('SHA-256', () => new ShaWorker());

/** Spec §4: the widget starts over 1.5 s after an error, and gives up on a solve after 30 s. */
const BOT_CHECK_RESET_AFTER_ERROR_MS = 1_500;
const BOT_CHECK_TIMEOUT_MS = 30_000;

const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true });

function useBotChallenge(round: number) {
  const { client } = useAuth();
  const instance = useId();
  return useQuery({
    // One challenge per widget and round: a solved challenge is spent.
    queryKey: ['auth', 'bot-challenge', instance, round],
    queryFn: () => client.botChallenge(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The ALTCHA proof-of-work check, on a challenge from the gateway (spec §4 "Bot-check widget"). */
export default function AltchaWidget({ onVerified, onReset, onUnavailable, auto = false }: BotCheckProps) {
  const [round, setRound] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const challenge = useBotChallenge(round);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const startOver = () => {
    onReset?.();
    setRound((current) => current + 1);
  };

  const unavailable = useLatest(onUnavailable);
  const answer = challenge.data;
  const unavailableReason = challenge.isError
    ? authLabels.verificationUnavailable
    : answer?.provider === 'turnstile'
      ? authLabels.turnstileConfigured
      : null;
  useEffect(() => {
    if (unavailableReason) unavailable.current?.(unavailableReason);
  }, [unavailableReason, unavailable]);

  return (
    <div className="bot-check grid gap-2">
      {challenge.isError ? (
        <>
          <p role="alert" className="text-destructive text-sm">
            {authLabels.verificationUnavailable}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => void challenge.refetch()}>
            {authLabels.tryAgain}
          </Button>
        </>
      ) : !answer ? (
        <BotCheckPlaceholder />
      ) : answer.provider === 'turnstile' ? (
        <p role="alert" className="rounded-md border border-dashed px-3 py-2.5 text-muted-foreground text-sm">
          {authLabels.turnstileConfigured}
        </p>
      ) : (
        <AltchaElement
          key={round}
          challengeJson={answer.challengeJson}
          auto={auto}
          onVerified={(token) => {
            setProblem(null);
            onVerified(token);
          }}
          onFailed={() => {
            setProblem(authMessages.botCheck.failed);
            clearTimeout(resetTimer.current);
            resetTimer.current = setTimeout(startOver, BOT_CHECK_RESET_AFTER_ERROR_MS);
          }}
          onTimedOut={() => {
            setProblem(authMessages.botCheck.timedOut);
            startOver();
          }}
          onExpired={startOver}
        />
      )}
      {/* Stays through the restart, so the reason is still there when the new check appears. */}
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
    </div>
  );
}

interface AltchaElementProps {
  challengeJson: string;
  auto: boolean;
  onVerified: (token: string) => void;
  onFailed: () => void;
  onTimedOut: () => void;
  onExpired: () => void;
}

/** The `<altcha-widget>` element and its events; callbacks are read fresh, listeners bound once. */
function AltchaElement({ challengeJson, auto, ...callbacks }: AltchaElementProps) {
  const element = useRef<HTMLElement>(null);
  const latest = useLatest(callbacks);

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const onStateChange = (event: Event) => {
      const { state } = (event as CustomEvent<{ state: string }>).detail;
      clearTimeout(watchdog);
      if (state === 'verifying')
        watchdog = setTimeout(() => latest.current.onTimedOut(), BOT_CHECK_TIMEOUT_MS);
      if (state === 'error') latest.current.onFailed();
    };
    const onVerified = (event: Event) =>
      latest.current.onVerified((event as CustomEvent<{ payload: string }>).detail.payload);
    const onExpired = () => latest.current.onExpired();
    widget.addEventListener('statechange', onStateChange);
    widget.addEventListener('verified', onVerified);
    widget.addEventListener('expired', onExpired);
    return () => {
      clearTimeout(watchdog);
      widget.removeEventListener('statechange', onStateChange);
      widget.removeEventListener('verified', onVerified);
      widget.removeEventListener('expired', onExpired);
    };
  }, [latest]);

  if (!customElements.get('altcha-widget')) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {authMessages.botCheck.containerMissing}
      </p>
    );
  }
  return (
    <altcha-widget
      ref={element}
      challenge={challengeJson}
      auto={auto ? 'onload' : 'off'}
      configuration={WIDGET_CONFIGURATION}
    />
  );
}
