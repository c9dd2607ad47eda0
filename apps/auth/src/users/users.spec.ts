import {
  authErrorCodes,
  authMessages,
  getUser,
  PASSWORD_RULES_TEXT,
  recoverPassword,
  signInWithPassword,
  signOut,
  signUp,
  updateUser,
  userConverted,
  userSignedUp,
  verifyOtp,
} from '@memoreel/contracts';
import { describe, expect, it } from 'vitest';
import { aClient, actorOf, anEmail, GUEST_ACTOR, STRONG_PASSWORD, useAuth } from '../../test/auth-harness.js';

const auth = useAuth();

describe('sign-up', () => {
  it('creates an unconfirmed account, mails a link and a code, and opens no session', async () => {
    const email = anEmail();
    const reply = await auth.request(signUp, GUEST_ACTOR, {
      botCheck: await auth.solvedBotCheck(),
      client: aClient(),
      email: `  ${email.toUpperCase()} `,
      password: STRONG_PASSWORD,
      fullName: 'Ada Lovelace',
      redirectTo: '/dashboard',
    });
    expect(reply.session).toBeNull();
    expect(reply.user).toMatchObject({
      email,
      emailConfirmedAt: null,
      isAnonymous: false,
      userMetadata: { fullName: 'Ada Lovelace' },
      appMetadata: { provider: 'email', providers: ['email'] },
      roles: [],
    });
    const mail = await auth.mailbox.next(email);
    expect(mail.subject).toBe('Confirm your Memoreel account');
    expect(mail.link.origin + mail.link.pathname).toBe('http://app.test/auth/v1/verify');
    expect(mail.link.searchParams.get('type')).toBe('signup');
    expect(mail.link.searchParams.get('redirect_to')).toBe('/dashboard');
    expect(mail.html).toContain(mail.code);

    const [event] = (await auth.events(userSignedUp.subject)).filter((e) => e.actor.userId === reply.user.id);
    expect(event?.data).toEqual({ userId: reply.user.id, isAnonymous: false });
  });

  it('stores an argon2id hash, never the password', async () => {
    const { email } = await auth.signedUpUser();
    const row = await auth.db.user.findUniqueOrThrow({ where: { email } });
    expect(row.encryptedPassword).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers weak_password for each rule of spec §5', async () => {
    for (const password of ['Sh0rt!', 'alllowercase1!', 'ALLUPPERCASE1!', 'NoDigitsHere!', 'NoSpecials123']) {
      const error = await auth.failure(signUp, GUEST_ACTOR, {
        botCheck: await auth.solvedBotCheck(),
        client: aClient(),
        email: anEmail(),
        password,
      });
      expect(error.code).toBe(authErrorCodes.weakPassword);
      expect(error.message).toBe(PASSWORD_RULES_TEXT);
    }
  });

  it('refuses sign-in until the address is confirmed, then signs in', async () => {
    const email = anEmail();
    const client = aClient();
    await auth.request(signUp, GUEST_ACTOR, {
      botCheck: await auth.solvedBotCheck(),
      client,
      email,
      password: STRONG_PASSWORD,
    });
    const refused = await auth.failure(signInWithPassword, GUEST_ACTOR, {
      client,
      email,
      password: STRONG_PASSWORD,
    });
    expect(refused.code).toBe(authErrorCodes.emailNotConfirmed);
    expect(refused.message).toBe(authMessages.errors.emailNotConfirmed);

    const mail = await auth.mailbox.next(email);
    const verified = await auth.request(verifyOtp, GUEST_ACTOR, {
      client,
      type: 'signup',
      email,
      token: mail.code,
    });
    expect(verified.session.user.emailConfirmedAt).not.toBeNull();
    const session = await auth.request(signInWithPassword, GUEST_ACTOR, {
      client,
      email,
      password: STRONG_PASSWORD,
    });
    expect(session.user.email).toBe(email);
  });

  it('answers user_already_exists for a confirmed address, and nothing more', async () => {
    const { email } = await auth.signedUpUser();
    const error = await auth.failure(signUp, GUEST_ACTOR, {
      botCheck: await auth.solvedBotCheck(),
      client: aClient(),
      email,
      password: 'Another-Pass-1',
    });
    expect(error.code).toBe(authErrorCodes.userAlreadyExists);
    expect(error.message).toBe(authMessages.errors.userAlreadyExists);
    expect(error.details).toBeUndefined();
  });

  it('signing up again before confirming sets the newest password and only the newest link works', async () => {
    const email = anEmail();
    const first = await auth.signUp(email);
    const firstMail = await auth.mailbox.next(email);
    await auth.forgetMailQuota(email);
    const second = await auth.signUp(email, 'Newer-Pass-22');
    expect(second.user.id).toBe(first.user.id);
    const secondMail = await auth.mailbox.next(email);

    const stale = await auth.failure(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'signup',
      tokenHash: firstMail.link.searchParams.get('token_hash') ?? '',
    });
    expect(stale.code).toBe(authErrorCodes.otpExpired);
    await auth.request(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'signup',
      email,
      token: secondMail.code,
    });
    await auth.signIn(email, 'Newer-Pass-22');
  });
});

describe('get user', () => {
  it('returns the actor’s own user', async () => {
    const { actor, session } = await auth.signedUpUser();
    expect(await auth.request(getUser, actor, {})).toEqual(session.user);
  });

  it('answers not_authenticated to an actor without a user', async () => {
    const error = await auth.failure(getUser, GUEST_ACTOR, {});
    expect(error.code).toBe(authErrorCodes.notAuthenticated);
    expect(error.message).toBe(authMessages.errors.authenticationRequired);
  });

  it('answers session_not_found once the token’s session is signed out', async () => {
    const { actor } = await auth.signedUpUser();
    await auth.request(signOut, actor, { scope: 'local' });
    const error = await auth.failure(getUser, actor, {});
    expect(error.code).toBe(authErrorCodes.sessionNotFound);
  });
});

describe('update user', () => {
  it('changes the password, refusing the same one, and signs out the other devices', async () => {
    const { email, actor } = await auth.signedUpUser();
    const same = await auth.failure(updateUser, actor, { client: aClient(), password: STRONG_PASSWORD });
    expect(same.code).toBe(authErrorCodes.samePassword);
    expect(same.message).toBe(authMessages.errors.samePassword);
    const weak = await auth.failure(updateUser, actor, { client: aClient(), password: 'weak' });
    expect(weak.code).toBe(authErrorCodes.weakPassword);

    const otherDevice = await auth.signIn(email);
    await auth.request(updateUser, actor, { client: aClient(), password: 'Brand-New-Pass-3' });
    expect((await auth.failure(getUser, actorOf(otherDevice), {})).code).toBe(authErrorCodes.sessionNotFound);
    expect((await auth.request(getUser, actor, {})).email).toBe(email);

    const old = await auth.refusedSignIn(email);
    expect(old.code).toBe(authErrorCodes.invalidCredentials);
    await auth.signIn(email, 'Brand-New-Pass-3');
  });

  it('needs proof for a new password once the sign-in is not recent: the current password', async () => {
    const { email, actor, session } = await auth.signedUpUser();
    // The sign-in was an hour ago: a stolen access token alone must not change the password.
    await auth.db.session.update({
      where: { id: actor.sessionId ?? session.user.id },
      data: { createdAt: new Date(Date.now() - 3_600_000) },
    });
    const unproven = await auth.failure(updateUser, actor, {
      client: aClient(),
      password: 'Brand-New-Pass-3',
    });
    expect(unproven.code).toBe(authErrorCodes.reauthenticationNeeded);
    expect(unproven.message).toBe(authMessages.errors.reauthenticationNeeded);
    const wrong = await auth.failure(updateUser, actor, {
      client: aClient(),
      password: 'Brand-New-Pass-3',
      currentPassword: 'Not-The-Password-1',
    });
    expect(wrong.code).toBe(authErrorCodes.invalidCredentials);
    // Nothing changed: the old password still signs in.
    await auth.signIn(email);

    await auth.request(updateUser, actor, {
      client: aClient(),
      password: 'Brand-New-Pass-3',
      currentPassword: STRONG_PASSWORD,
    });
    await auth.signIn(email, 'Brand-New-Pass-3');
  });

  it('changes the address only once the new one is confirmed', async () => {
    const { email, actor } = await auth.signedUpUser();
    const newAddress = anEmail();
    const pending = await auth.request(updateUser, actor, {
      client: aClient(),
      email: newAddress,
      fullName: 'Grace',
    });
    expect(pending).toMatchObject({ email, newEmail: newAddress, userMetadata: { fullName: 'Grace' } });
    const mail = await auth.mailbox.next(newAddress);
    expect(mail.subject).toBe('Confirm your new e-mail address');

    const { session } = await auth.request(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'email_change',
      tokenHash: mail.link.searchParams.get('token_hash') ?? '',
    });
    expect(session.user).toMatchObject({ id: actor.userId, email: newAddress, newEmail: null });
    expect(session.user.identities.find((i) => i.provider === 'email')?.email).toBe(newAddress);
  });

  it('refuses an address another account holds', async () => {
    const { actor } = await auth.signedUpUser();
    const other = await auth.signedUpUser();
    const error = await auth.failure(updateUser, actor, { client: aClient(), email: other.email });
    expect(error.code).toBe(authErrorCodes.userAlreadyExists);
  });

  it('converts a guest to an account with the same id once the address is confirmed', async () => {
    const guest = await auth.guestSession();
    const guestActor = actorOf(guest);
    expect(guestActor.isAnonymous).toBe(true);
    const email = anEmail();

    const pending = await auth.request(updateUser, guestActor, {
      client: aClient(),
      email,
      password: STRONG_PASSWORD,
      redirectTo: '/dashboard',
    });
    // Like Supabase: still a guest until the address is confirmed.
    expect(pending).toMatchObject({ id: guest.user.id, email: null, newEmail: email, isAnonymous: true });
    const mail = await auth.mailbox.next(email);
    expect(mail.subject).toBe('Save your Memoreel projects');
    expect(mail.link.searchParams.get('type')).toBe('email_change');

    const { session } = await auth.request(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'email_change',
      email,
      token: mail.code,
    });
    expect(session.user).toMatchObject({ id: guest.user.id, email, isAnonymous: false });
    expect(session.user.appMetadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(actorOf(session).isAnonymous).toBe(false);
    const converted = (await auth.events(userConverted.subject)).find(
      (e) => e.actor.userId === guest.user.id,
    );
    expect(converted?.data).toEqual({ userId: guest.user.id, email });

    await auth.signIn(email);
  });
});

describe('recover', () => {
  const recover = async (email: string) =>
    auth.request(recoverPassword, GUEST_ACTOR, {
      botCheck: await auth.solvedBotCheck(),
      client: aClient(),
      email,
    });

  it('answers sent for an unknown address and mails nobody', async () => {
    const email = anEmail();
    expect(await recover(email)).toEqual({ sent: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(auth.mailbox.pending(email)).toHaveLength(0);
  });

  it('mails a reset link that opens a session for setting a new password', async () => {
    const { email } = await auth.signedUpUser();
    await auth.forgetMailQuota(email);
    expect(await recover(email)).toEqual({ sent: true });
    const mail = await auth.mailbox.next(email);
    expect(mail.subject).toBe('Reset your Memoreel password');
    const { session, type } = await auth.request(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'recovery',
      tokenHash: mail.link.searchParams.get('token_hash') ?? '',
    });
    expect(type).toBe('recovery');
    await auth.request(updateUser, actorOf(session), { client: aClient(), password: 'Recovered-Pass-4' });
    await auth.signIn(email, 'Recovered-Pass-4');
  });
});
