import { authErrorCodes, authMessages, recoverPassword, sendOtp, signUp } from '@memoreel/contracts';
import { describe, expect, it } from 'vitest';
import { aClient, anEmail, GUEST_ACTOR, STRONG_PASSWORD, useAuth } from '../../test/auth-harness.js';

/** Every request that makes us send a mail to an address someone typed in. */
const mailingRequests = [
  { name: 'sign-up', contract: signUp, data: () => ({ email: anEmail(), password: STRONG_PASSWORD }) },
  { name: 'recovery', contract: recoverPassword, data: () => ({ email: anEmail() }) },
  { name: 'magic link / code', contract: sendOtp, data: () => ({ email: anEmail() }) },
] as const;

describe('the bot check on sign-up and mails, by default', () => {
  const auth = useAuth();

  for (const { name, contract, data } of mailingRequests) {
    it(`${name}: refused without a solved check (captcha_failed), sent with one`, async () => {
      const refused = await auth.failure(contract, GUEST_ACTOR, { client: aClient(), ...data() });
      expect(refused.code).toBe(authErrorCodes.captchaFailed);
      expect(refused.message).toBe(authMessages.errors.captchaFailed);

      const wrong = await auth.failure(contract, GUEST_ACTOR, {
        client: aClient(),
        botCheck: 'e30=',
        ...data(),
      });
      expect(wrong.code).toBe(authErrorCodes.captchaFailed);

      const botCheck = await auth.solvedBotCheck();
      expect(
        await auth.request(contract, GUEST_ACTOR, { client: aClient(), botCheck, ...data() }),
      ).toBeTruthy();
      // A solution proves one request.
      const replay = await auth.failure(contract, GUEST_ACTOR, { client: aClient(), botCheck, ...data() });
      expect(replay.code).toBe(authErrorCodes.captchaFailed);
    });
  }

  it('refuses before anything is stored or mailed', async () => {
    const email = anEmail();
    await auth.failure(signUp, GUEST_ACTOR, { client: aClient(), email, password: STRONG_PASSWORD });
    expect(await auth.db.user.count({ where: { email } })).toBe(0);
    expect(await auth.db.rateLimitBucket.count({ where: { key: `emailPerAddress:${email}` } })).toBe(0);
  });
});

describe('the bot check with BOT_CHECK_REQUIRED=false', () => {
  const auth = useAuth({ BOT_CHECK_REQUIRED: 'false' });

  it('lets sign-up and mails through without one, and still checks one that is sent', async () => {
    for (const { contract, data } of mailingRequests) {
      expect(await auth.request(contract, GUEST_ACTOR, { client: aClient(), ...data() })).toBeTruthy();
      const wrong = await auth.failure(contract, GUEST_ACTOR, {
        client: aClient(),
        botCheck: 'e30=',
        ...data(),
      });
      expect(wrong.code).toBe(authErrorCodes.captchaFailed);
    }
  });
});
