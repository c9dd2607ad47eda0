import { getUser, signUp, verifyOtp } from '@memoreel/contracts';
import { expect, it } from 'vitest';
import { aClient, actorOf, anEmail, GUEST_ACTOR, STRONG_PASSWORD, useAuth } from './auth-harness.js';

const auth = useAuth({ MAIL_FROM: 'Memoreel Test <hello@memoreel.test>' });

it('sign-up mails through SMTP, and the link in the mail opens a session', async () => {
  const email = anEmail();
  await auth.request(signUp, GUEST_ACTOR, {
    botCheck: await auth.solvedBotCheck(),
    client: aClient(),
    email,
    password: STRONG_PASSWORD,
    redirectTo: '/projects',
  });

  // The mailbox is a real SMTP server on loopback; mailparser read what nodemailer sent.
  const mail = await auth.mailbox.next(email);
  expect(mail.to).toBe(email);
  expect(mail.text).toContain('Welcome to Memoreel');
  expect(mail.html).toContain('<a href="http://app.test/auth/v1/verify?token_hash=');

  // What the gateway does with GET /auth/v1/verify?token_hash&type&redirect_to.
  const { session, type } = await auth.request(verifyOtp, GUEST_ACTOR, {
    client: aClient(),
    type: mail.link.searchParams.get('type') === 'signup' ? 'signup' : 'email',
    tokenHash: mail.link.searchParams.get('token_hash') ?? '',
  });
  expect(type).toBe('signup');
  expect(mail.link.searchParams.get('redirect_to')).toBe('/projects');
  expect(await auth.request(getUser, actorOf(session), {})).toMatchObject({ email, isAnonymous: false });
});
