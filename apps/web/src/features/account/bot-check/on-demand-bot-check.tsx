import { useRef, useState } from 'react';
import { BotCheck } from './bot-check';

/** A submit made while the check still solves waits this long for it (the widget's own solve limit). */
const SOLVE_WAIT_MS = 30_000;

/**
 * Spec §2: forms show the bot check on demand, i.e. once the server asks for one. Forms whose
 * request the server refuses without one (`required`: sign-up, reset link, magic link) show it
 * from the start and solve it on their own. A token proves one request, so after each attempt
 * the widget starts over.
 */
export function useBotCheckDemand({ required = false }: { required?: boolean } = {}) {
  const [shown, setShown] = useState(required);
  const [token, setTokenState] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  // Read by a submit that is already waiting, which still sees the render it started in.
  const current = useRef<string | null>(null);
  const waiting = useRef(new Set<(token: string | null) => void>());

  const setToken = (next: string | null) => {
    current.current = next;
    setTokenState(next);
    if (next) for (const resolve of waiting.current) resolve(next);
  };

  return {
    shown,
    required,
    token,
    round,
    setToken,
    show: () => setShown(true),
    /** The solved check's token; a required check that is still solving is waited for. */
    solution: (): Promise<string | null> => {
      if (current.current || !required) return Promise.resolve(current.current);
      return new Promise((resolve) => {
        const settle = (value: string | null) => {
          clearTimeout(timer);
          waiting.current.delete(settle);
          resolve(value);
        };
        const timer = setTimeout(() => settle(null), SOLVE_WAIT_MS);
        waiting.current.add(settle);
      });
    },
    spend: () => {
      if (!current.current) return;
      current.current = null;
      setTokenState(null);
      setRound((previous) => previous + 1);
    },
  };
}

export type BotCheckDemand = ReturnType<typeof useBotCheckDemand>;

export function OnDemandBotCheck({ demand }: { demand: BotCheckDemand }) {
  if (!demand.shown) return null;
  return (
    <BotCheck
      key={demand.round}
      auto={demand.required}
      onVerified={demand.setToken}
      onReset={() => demand.setToken(null)}
    />
  );
}
