import { type Actor, ErrorCodes, GUEST, SYSTEM } from '@memoreel/contracts';
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../bus/bus-client.js';
import { DomainError, ForbiddenError } from '../bus/domain-error.js';
import {
  ownedOrNotFound,
  passRemoteErrors,
  requireSignedIn,
  requireSystem,
  SYSTEM_ONLY,
  stableUuid,
} from './index.js';

describe('requireSignedIn', () => {
  it('gives the id of a user, a guest and an admin', () => {
    expect(requireSignedIn({ userId: 'u1', role: 'user', isAnonymous: false })).toBe('u1');
    expect(requireSignedIn({ userId: 'g1', role: 'user', isAnonymous: true })).toBe('g1');
    expect(requireSignedIn({ userId: 'a1', role: 'admin', isAnonymous: false })).toBe('a1');
  });

  it('refuses no session, the system and a worker with "Authentication required"', () => {
    for (const actor of [GUEST, SYSTEM, { userId: null, role: 'user', isAnonymous: false } satisfies Actor]) {
      expect(() => requireSignedIn(actor)).toThrow(
        expect.objectContaining({ code: ErrorCodes.unauthorized, message: 'Authentication required' }),
      );
    }
  });

  it("throws the service's own refusal when it names one", () => {
    expect(() => requireSignedIn(GUEST, () => new ForbiddenError('nope'))).toThrow(ForbiddenError);
  });
});

describe('requireSystem', () => {
  it('lets the system through', () => {
    expect(() => requireSystem(SYSTEM)).not.toThrow();
  });

  it('refuses a user, an admin and no session with Forbidden', () => {
    const admin: Actor = { userId: 'a1', role: 'admin', isAnonymous: false };
    for (const actor of [GUEST, admin, { userId: 'u1', role: 'user', isAnonymous: false } satisfies Actor]) {
      expect(() => requireSystem(actor)).toThrow(
        expect.objectContaining({ code: ErrorCodes.forbidden, message: SYSTEM_ONLY }),
      );
    }
    expect(() => requireSystem(admin, 'Only the render workers ask for this')).toThrow(
      'Only the render workers ask for this',
    );
  });
});

describe('ownedOrNotFound', () => {
  const photo = { id: 'p1', userId: 'owner' };

  it('hands the owner their resource', () => {
    expect(ownedOrNotFound(photo, (p) => p.userId, 'owner', 'Photo not found')).toBe(photo);
  });

  it("answers another's resource exactly as a missing one", () => {
    const answers = [photo, null, undefined].map((resource) => {
      try {
        ownedOrNotFound(resource, (p) => p.userId, 'someone-else', 'Photo not found');
        return 'returned';
      } catch (error) {
        return (error as DomainError).toReplyError();
      }
    });
    expect(answers).toEqual(Array(3).fill({ code: ErrorCodes.notFound, message: 'Photo not found' }));
  });
});

describe('passRemoteErrors', () => {
  it("passes another service's refusal on with its code, message and details", async () => {
    const refusal = new RemoteError({
      code: ErrorCodes.notFound,
      message: 'Project not found',
      details: { id: 'x' },
    });
    const error = await passRemoteErrors(() => Promise.reject(refusal)).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.toReplyError()).toEqual({
      code: ErrorCodes.notFound,
      message: 'Project not found',
      details: { id: 'x' },
    });
  });

  it('leaves other failures as they are, and answers are passed through', async () => {
    const timeout = new Error('timed out');
    await expect(passRemoteErrors(() => Promise.reject(timeout))).rejects.toBe(timeout);
    await expect(passRemoteErrors(() => Promise.resolve(42))).resolves.toBe(42);
  });
});

describe('stableUuid', () => {
  it('gives the same UUID for the same name and another for another name', () => {
    const id = stableUuid('render:1:chunk:0');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableUuid('render:1:chunk:0')).toBe(id);
    expect(stableUuid('render:1:chunk:1')).not.toBe(id);
  });
});
