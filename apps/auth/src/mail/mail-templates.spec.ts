import { describe, expect, it } from 'vitest';
import { LogMailer } from './log-mailer.js';
import { composeMail, type MailKind } from './mail-templates.js';

const kinds: MailKind[] = [
  'confirm-sign-up',
  'magic-link',
  'sign-in-code',
  'password-reset',
  'email-change',
  'guest-conversion',
];
const secret = {
  link: 'http://app.test/auth/v1/verify?token_hash=abc&type=signup&redirect_to=%2Fx',
  code: '042917',
};

describe('mail templates', () => {
  it.each(kinds)('%s has a subject, the link and the code in text and HTML', (kind) => {
    const mail = composeMail(kind, 'ada@example.com', secret);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toMatch(/Memoreel|address/);
    expect(mail.text).toContain(secret.link);
    expect(mail.text).toContain('Or enter this code: 042917');
    expect(mail.html).toContain(
      'href="http://app.test/auth/v1/verify?token_hash=abc&#38;type=signup&#38;redirect_to=%2Fx"',
    );
    expect(mail.html).toContain('042917');
    expect(mail.html).not.toMatch(/<style|<script/);
  });

  it('writes each kind differently', () => {
    const subjects = new Set(kinds.map((kind) => composeMail(kind, 'a@example.com', secret).subject));
    expect(subjects.size).toBe(kinds.length);
  });
});

describe('LogMailer', () => {
  it('logs the mail with its links instead of sending it', async () => {
    const logged: { details: object; message: string }[] = [];
    const logger = { info: (details: object, message: string) => logged.push({ details, message }) };
    await new LogMailer(logger).send(composeMail('magic-link', 'ada@example.com', secret));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.details).toEqual({
      to: 'ada@example.com',
      subject: 'Your Memoreel sign-in link',
      links: [secret.link],
    });
    expect(logged[0]?.message).toContain('042917');
  });
});
