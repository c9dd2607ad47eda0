import { randomUUID } from 'node:crypto';
import {
  type Actor,
  authErrorCodes,
  authMessages,
  completeSocialSignIn,
  ErrorCodes,
  listSocialProviders,
  startSocialSignIn,
  userConverted,
  userSignedUp,
} from '@memoreel/contracts';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aClient,
  actorOf,
  anEmail,
  GUEST_ACTOR,
  STRONG_PASSWORD,
  startAuth,
  useAuth,
} from '../../test/auth-harness.js';
import { hashPassword } from '../users/passwords.js';

/** An OpenID Connect provider on loopback; each test says who signs in there next. */
let provider: OAuth2Server;
let nextProfile: Record<string, unknown> = {};
const CALLBACK_URL = 'http://app.test/auth/v1/callback';

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, nextProfile);
  });
});
afterAll(() => provider?.stop());
const auth = useAuth(() => ({
  OIDC_PROVIDERS: JSON.stringify([
    {
      id: 'mock',
      name: 'Mock Provider',
      issuer: provider.issuer.url,
      clientId: 'memoreel',
      clientSecret: 'secret',
    },
  ]),
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  ADMIN_EMAILS: 'boss@example.com, Chief@Example.com, existing@example.com',
}));

/** The browser's round trip: start, follow the provider's redirect back, complete. */
async function signInAtProvider(profile: Record<string, unknown>, actor: Actor = GUEST_ACTOR) {
  nextProfile = profile;
  const start = await auth.request(startSocialSignIn, actor, {
    provider: 'mock',
    callbackUrl: CALLBACK_URL,
    redirectTo: '/dashboard',
  });
  const response = await fetch(start.authorizationUrl, { redirect: 'manual' });
  const callbackUrl = response.headers.get('location');
  if (!callbackUrl) throw new Error(`the provider did not redirect back (${response.status})`);
  return auth.request(completeSocialSignIn, actor, {
    client: aClient(),
    provider: 'mock',
    callbackUrl,
    expectedState: start.state,
    codeVerifier: start.codeVerifier,
    nonce: start.nonce,
  });
}

const aSubject = () => `subject-${Math.random().toString(36).slice(2)}`;

describe('social sign-in', () => {
  it('lists the configured providers, Google preset first', async () => {
    expect(await auth.request(listSocialProviders, GUEST_ACTOR, {})).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'mock', name: 'Mock Provider' },
      ],
    });
  });

  it('starts an authorization-code flow with PKCE, state and nonce', async () => {
    const start = await auth.request(startSocialSignIn, GUEST_ACTOR, {
      provider: 'mock',
      callbackUrl: CALLBACK_URL,
    });
    const url = new URL(start.authorizationUrl);
    expect(url.origin + url.pathname).toBe(`${provider.issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'memoreel',
      redirect_uri: CALLBACK_URL,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: start.state,
      nonce: start.nonce,
    });
    expect(url.searchParams.get('code_challenge')).not.toBe(start.codeVerifier);
  });

  it('creates a confirmed user for a new identity, and signs the same user in next time', async () => {
    const email = anEmail();
    const subject = aSubject();
    const first = await signInAtProvider({ sub: subject, email, email_verified: true, name: 'Sam Provider' });
    expect(first.redirectTo).toBe('/dashboard');
    expect(first.session.user).toMatchObject({
      email,
      isAnonymous: false,
      appMetadata: { provider: 'mock', providers: ['mock'] },
      userMetadata: { fullName: 'Sam Provider' },
    });
    expect(first.session.user.emailConfirmedAt).not.toBeNull();
    expect(
      (await auth.events(userSignedUp.subject)).some((e) => e.actor.userId === first.session.user.id),
    ).toBe(true);

    const again = await signInAtProvider({ sub: subject, email, email_verified: true });
    expect(again.session.user.id).toBe(first.session.user.id);
  });

  it('links the identity to the account whose address the provider verified', async () => {
    const { email, session } = await auth.signedUpUser();
    const linked = await signInAtProvider({ sub: aSubject(), email, email_verified: true });
    expect(linked.session.user.id).toBe(session.user.id);
    expect(linked.session.user.identities.map((i) => i.provider)).toEqual(['email', 'mock']);
    await auth.signIn(email);
  });

  it('does not link on an address the provider did not verify', async () => {
    const { email, session } = await auth.signedUpUser();
    const other = await signInAtProvider({ sub: aSubject(), email, email_verified: false });
    expect(other.session.user.id).not.toBe(session.user.id);
    expect(other.session.user.email).toBeNull();
  });

  it('confirms an unconfirmed sign-up it links to, dropping the password nobody proved', async () => {
    const email = anEmail();
    const signedUp = await auth.signUp(email);
    const linked = await signInAtProvider({ sub: aSubject(), email, email_verified: true });
    expect(linked.session.user).toMatchObject({ id: signedUp.user.id, email });
    expect(linked.session.user.emailConfirmedAt).not.toBeNull();
    const error = await auth.refusedSignIn(email);
    expect(error.code).toBe(authErrorCodes.invalidCredentials);
  });

  it('converts the guest who signs in, keeping its id', async () => {
    const guest = await auth.guestSession();
    const email = anEmail();
    const converted = await signInAtProvider(
      { sub: aSubject(), email, email_verified: true },
      actorOf(guest),
    );
    expect(converted.session.user).toMatchObject({ id: guest.user.id, email, isAnonymous: false });
    expect(actorOf(converted.session).isAnonymous).toBe(false);
    const event = (await auth.events(userConverted.subject)).find((e) => e.actor.userId === guest.user.id);
    expect(event?.data).toEqual({ userId: guest.user.id, email });
  });

  it('grants admin to an address listed in ADMIN_EMAILS once it is confirmed', async () => {
    const viaProvider = await signInAtProvider({
      sub: aSubject(),
      email: 'boss@example.com',
      email_verified: true,
    });
    expect(viaProvider.session.user.roles).toEqual(['admin']);
    expect(actorOf(viaProvider.session).role).toBe('admin');
    const viaSignUp = await auth.signedUpUser('chief@example.com');
    expect(viaSignUp.actor.role).toBe('admin');
  });

  it('grants admin at sign-in to a listed address that was confirmed before it was listed', async () => {
    await auth.db.user.create({
      data: {
        id: randomUUID(),
        email: 'existing@example.com',
        emailConfirmedAt: new Date(),
        encryptedPassword: await hashPassword(STRONG_PASSWORD),
      },
    });
    const session = await auth.signIn('existing@example.com');
    expect(actorOf(session).role).toBe('admin');
  });

  it('answers provider_disabled for a provider that is not configured', async () => {
    const error = await auth.failure(startSocialSignIn, GUEST_ACTOR, {
      provider: 'github',
      callbackUrl: CALLBACK_URL,
    });
    expect(error.code).toBe(authErrorCodes.providerNotConfigured);
    expect(error.message).toBe(authMessages.errors.providerNotConfigured);
  });

  it('answers bad_oauth_callback when the state does not match', async () => {
    nextProfile = { sub: aSubject() };
    const start = await auth.request(startSocialSignIn, GUEST_ACTOR, {
      provider: 'mock',
      callbackUrl: CALLBACK_URL,
    });
    const callbackUrl =
      (await fetch(start.authorizationUrl, { redirect: 'manual' })).headers.get('location') ?? '';
    const error = await auth.failure(completeSocialSignIn, GUEST_ACTOR, {
      client: aClient(),
      provider: 'mock',
      callbackUrl,
      expectedState: 'another-state',
      codeVerifier: start.codeVerifier,
      nonce: start.nonce,
    });
    expect(error.code).toBe(authErrorCodes.badOAuthCallback);
    expect(error.message).toBe(authMessages.errors.socialSignInFailed);
  });

  it('answers UNAVAILABLE when the provider cannot be reached', async () => {
    const unreachable = await startAuth({
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'down', name: 'Down', issuer: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' },
      ]),
    });
    try {
      const error = await unreachable.failure(startSocialSignIn, GUEST_ACTOR, {
        provider: 'down',
        callbackUrl: CALLBACK_URL,
      });
      expect(error.code).toBe(ErrorCodes.unavailable);
    } finally {
      await unreachable.close();
    }
  });
});
