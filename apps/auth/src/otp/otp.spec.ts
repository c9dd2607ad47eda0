import {
  authErrorCodes,
  authMessages,
  ErrorCodes,
  sendOtp,
  userSignedUp,
  verifyOtp,
} from '@memoreel/contracts';
import { describe, expect, it } from 'vitest';
import { aClient, anEmail, GUEST_ACTOR, useAuth } from '../../test/auth-harness.js';

const auth = useAuth();

describe('send', () => {
  it('mails an existing user a magic link with a six-digit code', async () => {
    const { email, session } = await auth.signedUpUser();
    await auth.forgetMailQuota(email);
    expect(
      await auth.request(sendOtp, GUEST_ACTOR, {
        botCheck: await auth.solvedBotCheck(),
        client: aClient(),
        email,
        redirectTo: '/projects',
      }),
    ).toEqual({
      sent: true,
    });
    const mail = await auth.mailbox.next(email);
    expect(mail.subject).toBe('Your Memoreel sign-in link');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.link.searchParams.get('type')).toBe('magiclink');
    expect(mail.link.searchParams.get('redirect_to')).toBe('/projects');
    expect(mail.text).toContain(mail.code);
    expect(mail.html).toContain(mail.code);

    const verified = await auth.request(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'magiclink',
      tokenHash: mail.link.searchParams.get('token_hash') ?? '',
    });
    expect(verified.session.user.id).toBe(session.user.id);
  });

  it('creates the user when allowed, and its code confirms the address', async () => {
    const email = anEmail();
    await auth.request(sendOtp, GUEST_ACTOR, {
      botCheck: await auth.solvedBotCheck(),
      client: aClient(),
      email,
    });
    const mail = await auth.mailbox.next(email);
    expect(mail.subject).toBe('Your Memoreel sign-in code');
    const { session, type } = await auth.request(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'email',
      email,
      token: mail.code,
    });
    expect(type).toBe('email');
    expect(session.user).toMatchObject({ email, isAnonymous: false });
    expect(session.user.emailConfirmedAt).not.toBeNull();
    expect((await auth.events(userSignedUp.subject)).some((e) => e.actor.userId === session.user.id)).toBe(
      true,
    );
  });

  it('with createUser false answers sent for an unknown address, mailing nobody and creating no one', async () => {
    const email = anEmail();
    expect(
      await auth.request(sendOtp, GUEST_ACTOR, {
        botCheck: await auth.solvedBotCheck(),
        client: aClient(),
        email,
        createUser: false,
      }),
    ).toEqual({
      sent: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(auth.mailbox.pending(email)).toHaveLength(0);
    expect(await auth.db.user.count({ where: { email } })).toBe(0);
  });

  it('answers phone_provider_disabled for a phone number, and asks for an address when there is none', async () => {
    const phone = await auth.failure(sendOtp, GUEST_ACTOR, {
      botCheck: await auth.solvedBotCheck(),
      client: aClient(),
      phone: '+15551234567',
    });
    expect(phone.code).toBe(authErrorCodes.phoneNotSupported);
    expect(phone.message).toBe(authMessages.errors.phoneNotSupported);
    const nothing = await auth.failure(sendOtp, GUEST_ACTOR, {
      botCheck: await auth.solvedBotCheck(),
      client: aClient(),
    });
    expect(nothing.code).toBe(ErrorCodes.validationFailed);
    expect(nothing.message).toBe(authMessages.library.emailOrPhone);
  });
});

describe('verify', () => {
  async function freshSignUp() {
    const email = anEmail();
    await auth.signUp(email);
    return { email, mail: await auth.mailbox.next(email) };
  }

  it('works once: a used code or link answers otp_expired', async () => {
    const { email, mail } = await freshSignUp();
    const byCode = { type: 'signup', email, token: mail.code } as const;
    await auth.request(verifyOtp, GUEST_ACTOR, { client: aClient(), ...byCode });
    const again = await auth.failure(verifyOtp, GUEST_ACTOR, { client: aClient(), ...byCode });
    expect(again.code).toBe(authErrorCodes.otpExpired);
    expect(again.message).toBe(authMessages.errors.otpExpired);
    const link = await auth.failure(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'signup',
      tokenHash: mail.link.searchParams.get('token_hash') ?? '',
    });
    expect(link.code).toBe(authErrorCodes.otpExpired);
  });

  it('answers otp_expired after an hour', async () => {
    const { email, mail } = await freshSignUp();
    await auth.db.oneTimeToken.updateMany({
      where: { relatesTo: email },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const error = await auth.failure(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'signup',
      email,
      token: mail.code,
    });
    expect(error.code).toBe(authErrorCodes.otpExpired);
    const refused = await auth.refusedSignIn(email);
    expect(refused.code).toBe(authErrorCodes.emailNotConfirmed);
  });

  it('answers otp_expired for a wrong code, another address or a type the token is not', async () => {
    const { email, mail } = await freshSignUp();
    const wrongCode = mail.code === '000000' ? '111111' : '000000';
    for (const attempt of [
      { type: 'signup', email, token: wrongCode },
      { type: 'signup', email: anEmail(), token: mail.code },
      { type: 'recovery', email, token: mail.code },
      { type: 'invite', email, token: mail.code },
    ] as const) {
      const error = await auth.failure(verifyOtp, GUEST_ACTOR, { client: aClient(), ...attempt });
      expect(error.code).toBe(authErrorCodes.otpExpired);
    }
    // None of those used it up.
    await auth.request(verifyOtp, GUEST_ACTOR, { client: aClient(), type: 'email', email, token: mail.code });
  });

  it('answers phone_provider_disabled for sms, and a validation error without a code or link', async () => {
    const sms = await auth.failure(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'sms',
      phone: '+1555',
      token: '123456',
    });
    expect(sms.code).toBe(authErrorCodes.phoneNotSupported);
    const empty = await auth.failure(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'signup',
      email: anEmail(),
    });
    expect(empty.code).toBe(ErrorCodes.validationFailed);
    expect(empty.message).toBe(authMessages.library.tokenVerification);
  });
});
