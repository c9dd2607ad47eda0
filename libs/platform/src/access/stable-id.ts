import { createHash } from 'node:crypto';

/**
 * A UUID (version 5 layout) made from a name: the same name always gives the same id. Jobs use it
 * as their envelope id, which the broker also uses to drop a duplicate, so a job sent twice (an
 * outbox relay retried, a consumer redelivered) is done once.
 */
export function stableUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
