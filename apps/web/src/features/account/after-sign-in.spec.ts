import { describe, expect, it } from 'vitest';
import { afterSignInDestination, returnPathAfterAuth } from './after-sign-in';

describe('after SIGNED_IN (spec §4)', () => {
  it.each(['/features', '/login', '/pricing', '/tools', '/dashboard'])(
    'goes to the dashboard from %s',
    (path) => {
      expect(afterSignInDestination(path, 'sign_in')).toBe('/dashboard');
      expect(afterSignInDestination(path, 'sign_up')).toBe('/dashboard');
    },
  );

  it.each(['/', '/v/a-shared-video', '/project/42/photos', '/projects'])('stays on %s', (path) => {
    expect(afterSignInDestination(path, 'sign_in')).toBeNull();
  });

  it('stays put while a guest converts, wherever they are', () => {
    expect(afterSignInDestination('/features', 'convert')).toBeNull();
  });

  it('brings e-mail links and providers back to the same place', () => {
    expect(returnPathAfterAuth('/features', 'sign_up')).toBe('/dashboard');
    expect(returnPathAfterAuth('/v/abc', 'sign_up')).toBe('/v/abc');
  });
});
