import type { Mail } from './mailer.js';

/** Every mail the service sends; each carries a link and the same secret as a six-digit code. */
export type MailKind =
  | 'confirm-sign-up'
  | 'magic-link'
  | 'sign-in-code'
  | 'password-reset'
  | 'email-change'
  | 'guest-conversion';

interface MailWording {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  /** Why the reader may ignore the mail. */
  footnote: string;
}

const wording: Record<MailKind, MailWording> = {
  'confirm-sign-up': {
    subject: 'Confirm your Memoreel account',
    heading: 'Welcome to Memoreel',
    intro:
      'Thank you for joining us. Please confirm your e-mail address so you can start turning your photos into videos.',
    button: 'Confirm my e-mail',
    footnote: 'If you did not create a Memoreel account, you can safely ignore this e-mail.',
  },
  'magic-link': {
    subject: 'Your Memoreel sign-in link',
    heading: 'Sign in to Memoreel',
    intro: 'Use the button below to sign in. No password needed.',
    button: 'Sign in',
    footnote: 'If you did not ask to sign in, you can safely ignore this e-mail.',
  },
  'sign-in-code': {
    subject: 'Your Memoreel sign-in code',
    heading: 'Welcome to Memoreel',
    intro: 'Here is your code to sign in and start creating. You can also use the button below.',
    button: 'Sign in',
    footnote: 'If you did not ask to sign in, you can safely ignore this e-mail.',
  },
  'password-reset': {
    subject: 'Reset your Memoreel password',
    heading: 'Reset your password',
    intro:
      'We received a request to reset the password of your Memoreel account. Use the button below to choose a new one.',
    button: 'Choose a new password',
    footnote: 'If you did not ask for this, you can safely ignore this e-mail; your password stays the same.',
  },
  'email-change': {
    subject: 'Confirm your new e-mail address',
    heading: 'Confirm your new address',
    intro: 'Please confirm that you want to use this address for your Memoreel account from now on.',
    button: 'Confirm this address',
    footnote: 'If you did not ask for this change, you can safely ignore this e-mail.',
  },
  'guest-conversion': {
    subject: 'Save your Memoreel projects',
    heading: 'Your projects are almost safe',
    intro:
      'Confirm your e-mail address to finish creating your free account. Everything you have made so far stays with you.',
    button: 'Confirm and save my projects',
    footnote: 'If you did not ask for this, you can safely ignore this e-mail.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Builds one mail: plain text and a warm, simple HTML version with inline styles (mail clients drop stylesheets). */
export function composeMail(kind: MailKind, to: string, secret: { link: string; code: string }): Mail {
  const w = wording[kind];
  const text = [
    w.heading,
    '',
    w.intro,
    '',
    `${w.button}: ${secret.link}`,
    '',
    `Or enter this code: ${secret.code}`,
    '',
    'The link and the code work once and expire in one hour.',
    w.footnote,
    '',
    'With warm wishes,',
    'The Memoreel team',
  ].join('\n');

  const link = escapeHtml(secret.link);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f1ea;font-family:Georgia,'Times New Roman',serif;color:#3b3027">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f1ea;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:14px;padding:36px 32px;box-shadow:0 2px 8px rgba(59,48,39,0.08)">
<tr><td style="font-size:15px;letter-spacing:2px;text-transform:uppercase;color:#a0785a;padding-bottom:18px">Memoreel</td></tr>
<tr><td style="font-size:24px;line-height:1.3;padding-bottom:14px">${escapeHtml(w.heading)}</td></tr>
<tr><td style="font-size:16px;line-height:1.6;padding-bottom:26px">${escapeHtml(w.intro)}</td></tr>
<tr><td align="center" style="padding-bottom:26px"><a href="${link}" style="display:inline-block;background:#a0785a;color:#ffffff;text-decoration:none;font-family:Arial,Helvetica,sans-serif;font-size:16px;padding:13px 26px;border-radius:8px">${escapeHtml(w.button)}</a></td></tr>
<tr><td style="font-size:15px;line-height:1.6;padding-bottom:6px">Or enter this code:</td></tr>
<tr><td style="font-family:'Courier New',monospace;font-size:28px;letter-spacing:6px;padding-bottom:24px">${escapeHtml(secret.code)}</td></tr>
<tr><td style="font-size:13px;line-height:1.6;color:#7a6a5c">The link and the code work once and expire in one hour. ${escapeHtml(w.footnote)}</td></tr>
<tr><td style="font-size:13px;line-height:1.6;color:#7a6a5c;padding-top:18px">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${link}</span></td></tr>
<tr><td style="font-size:15px;line-height:1.6;padding-top:26px">With warm wishes,<br>The Memoreel team</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
  return { to, subject: w.subject, text, html };
}
