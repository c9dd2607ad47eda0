import { useState } from 'react';
import { BotCheck } from './bot-check';

/**
 * Spec §2: forms show the bot check on demand, i.e. once the server asks for one. A token proves
 * one request, so after each attempt the widget starts over.
 */
export function useBotCheckDemand() {
  const [shown, setShown] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  return {
    shown,
    token,
    round,
    setToken,
    show: () => setShown(true),
    spend: () => {
      if (!token) return;
      setToken(null);
      setRound((current) => current + 1);
    },
  };
}

export type BotCheckDemand = ReturnType<typeof useBotCheckDemand>;

export function OnDemandBotCheck({ demand }: { demand: BotCheckDemand }) {
  if (!demand.shown) return null;
  return <BotCheck key={demand.round} onVerified={demand.setToken} onReset={() => demand.setToken(null)} />;
}
