import { randomUUID } from 'node:crypto';
import type { Actor } from '@memoreel/contracts';

/** Actors as the gateway would vouch for them, for service tests that call handlers over the bus. */
export const actors = {
  guest: (): Actor => ({ userId: null, role: 'guest', isAnonymous: false }),
  user: (overrides: Partial<Actor> = {}): Actor => ({
    userId: randomUUID(),
    role: 'user',
    isAnonymous: false,
    sessionId: randomUUID(),
    ...overrides,
  }),
  anonymousUser: (overrides: Partial<Actor> = {}): Actor => actors.user({ isAnonymous: true, ...overrides }),
  admin: (overrides: Partial<Actor> = {}): Actor => actors.user({ role: 'admin', ...overrides }),
  system: (): Actor => ({ userId: null, role: 'system', isAnonymous: false }),
};
