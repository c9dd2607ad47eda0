/**
 * Where the NATS binding puts each kind of message (see `bus.ts`), shared by the binding and the
 * broker configuration it runs under (`nats-server-config.ts`), so the two cannot drift apart.
 */
export function wireLayout(namespace: string) {
  const streamPrefix = namespace.toUpperCase();
  return {
    /** `${rpc}<sender>.<subject>`: the sender is a subject token, so the broker can vouch for it. */
    rpc: `${namespace}.rpc.`,
    live: `${namespace}.live.`,
    events: { stream: `${streamPrefix}_EVENTS`, prefix: `${namespace}.events.` },
    jobs: { stream: `${streamPrefix}_JOBS`, prefix: `${namespace}.jobs.` },
    dead: { stream: `${streamPrefix}_DEAD`, prefix: `${namespace}.dead.` },
  };
}
export type WireLayout = ReturnType<typeof wireLayout>;

/** Each identity gets its replies under its own inbox prefix, which no other identity may read. */
export function inboxPrefixOf(identity: string): string {
  return `_INBOX.${identity}`;
}
