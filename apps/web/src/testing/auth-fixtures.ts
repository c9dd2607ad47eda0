import type { User } from '@memoreel/contracts';
import { vi } from 'vitest';
import { type AuthApi, AuthApiError, type PublicSession } from '../features/account/auth-api';
import { AuthClient } from '../features/account/auth-client';

/** Test data and a fake gateway for specs; never imported by the app. */

export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    id: '6f1c1b8e-3a47-4d8e-9d2a-6d2f4f7c1a01',
    email: 'ada@example.com',
    newEmail: null,
    emailConfirmedAt: '2025-01-01T00:00:00.000Z',
    isAnonymous: false,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: {},
    identities: [],
    factors: [],
    roles: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function sampleGuest(): User {
  return sampleUser({
    id: '0b9e4a44-8f0c-4e38-a4f5-0f3d6f1f7e02',
    email: null,
    emailConfirmedAt: null,
    isAnonymous: true,
    appMetadata: { provider: 'anonymous', providers: ['anonymous'] },
  });
}

/** A session for `user` that expires `expiresInSeconds` from now (by the test's clock). */
export function sampleSession(user: User = sampleUser(), expiresInSeconds = 600): PublicSession {
  return {
    accessToken: `token-${Math.random().toString(36).slice(2)}`,
    tokenType: 'bearer',
    expiresIn: expiresInSeconds,
    expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
    user,
  };
}

export const signedOutAnswer = () =>
  new AuthApiError('Invalid Refresh Token: Refresh Token Not Found', 'refresh_token_not_found', 401);
export const unreachableAnswer = () => new AuthApiError('Could not reach the server.', 'network_error', 0);

/** A gateway with no session; each call can be replaced with `vi.fn` behaviour. */
export function fakeAuthApi(overrides: Partial<AuthApi> = {}): AuthApi {
  const notFaked = (name: string) => vi.fn(async () => Promise.reject(new Error(`${name} was not faked`)));
  return {
    signInWithPassword: notFaked('signInWithPassword'),
    signUp: notFaked('signUp'),
    signInAnonymously: notFaked('signInAnonymously'),
    refreshSession: vi.fn(async () => Promise.reject(signedOutAnswer())),
    signOut: vi.fn(async () => undefined),
    updateUser: notFaked('updateUser'),
    recoverPassword: notFaked('recoverPassword'),
    sendMagicLink: notFaked('sendMagicLink'),
    verifyOtp: notFaked('verifyOtp'),
    getUser: notFaked('getUser'),
    enrollTotp: notFaked('enrollTotp'),
    unenrollFactor: notFaked('unenrollFactor'),
    challengeAndVerify: notFaked('challengeAndVerify'),
    verifyRecoveryCode: notFaked('verifyRecoveryCode'),
    listSocialProviders: vi.fn(async () => []),
    botChallenge: notFaked('botChallenge'),
    ...overrides,
  };
}

export function fakeAuthClient(overrides: Partial<AuthApi> = {}): AuthClient {
  return new AuthClient(fakeAuthApi(overrides));
}
