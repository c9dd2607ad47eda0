import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The verify link in the mail. */
  link: URL;
  /** The six-digit code in the mail. */
  code: string;
}

/** An SMTP server on a random loopback port that keeps what it receives, for `SMTP_URL` in tests. */
export interface Mailbox {
  url: string;
  received: ReceivedMail[];
  /** The next mail to `to` not taken yet (waits up to `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails to `to` not taken yet. */
  pending(to: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const text = parsed.text ?? '';
          const link = text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
          const code = text.match(/code: (\d{6})/)?.[1];
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          if (!link || !code || !to) return callback(new Error('mail without link, code or recipient'));
          received.push({
            to,
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            link: new URL(link),
            code,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const pending = (to: string) => received.filter((mail) => mail.to === to && !taken.has(mail));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    pending,
    async next(to, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = pending(to)[0];
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
