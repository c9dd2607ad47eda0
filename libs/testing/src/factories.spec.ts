import { ActorSchema } from '@memoreel/contracts';
import { describe, expect, it } from 'vitest';
import { actors } from './factories.js';

describe('actor factories', () => {
  it('make actors the contracts accept, each user a new one', () => {
    for (const make of Object.values(actors)) expect(ActorSchema.parse(make())).toBeTruthy();
    expect(actors.user().userId).not.toBe(actors.user().userId);
    expect(actors.anonymousUser()).toMatchObject({ role: 'user', isAnonymous: true });
    expect(actors.admin()).toMatchObject({ role: 'admin', isAnonymous: false });
  });
});
