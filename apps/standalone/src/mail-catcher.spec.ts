import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksIn, type MailCatcher, startMailCatcher } from './mail-catcher.js';

/** Speaks just enough SMTP to hand over messages in one session (the server greets after 100 ms). */
async function sendMail(smtpUrl: string, to: string, ...messages: string[]): Promise<void> {
  const { hostname, port } = new URL(smtpUrl);
  const socket = connect(Number(port), hostname);
  const replies: string[] = [];
  let waiting: (() => void) | undefined;
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\r\n');
    buffered = lines.pop() ?? '';
    // The last line of a (multi-line) reply has a space after its code.
    for (const line of lines) if (/^\d{3} /.test(line)) replies.push(line);
    waiting?.();
  });
  const reply = async (expected: string) => {
    while (replies.length === 0) await new Promise<void>((resolve) => (waiting = resolve));
    const line = replies.shift() ?? '';
    if (!line.startsWith(expected)) throw new Error(`expected ${expected}, got ${line}`);
  };
  const say = async (command: string, expected: string) => {
    socket.write(`${command}\r\n`);
    await reply(expected);
  };
  await reply('220');
  await say('EHLO test', '250');
  for (const message of messages) {
    await say('MAIL FROM:<noreply@memoreel.example>', '250');
    await say(`RCPT TO:<${to}>`, '250');
    await say('DATA', '354');
    await say(`${message.replace(/\n/g, '\r\n')}\r\n.`, '250');
  }
  await say('QUIT', '221');
  socket.end();
}

const confirmation = (to: string, subject: string) =>
  [
    `To: ${to}`,
    'From: Memoreel <noreply@memoreel.example>',
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Confirm your account: http://127.0.0.1:3000/auth/v1/verify?token_hash=abc&type=signup.',
    '--b',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p><a href="http://127.0.0.1:3000/auth/v1/verify?token_hash=abc&amp;type=signup">Confirm</a></p>',
    '--b--',
  ].join('\n');

describe('mail catcher', () => {
  let catcher: MailCatcher;
  let http: Server;
  let baseUrl: string;
  const printed: string[] = [];

  beforeAll(async () => {
    catcher = await startMailCatcher({ print: (text) => printed.push(text) });
    http = createServer((req, res) =>
      catcher.routes(req, res, () => {
        res.statusCode = 418;
        res.end();
      }),
    );
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await catcher.stop();
  });

  it('listens on loopback', () => {
    expect(catcher.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  });

  it('keeps each message with its links and prints subject, recipient and links', async () => {
    await sendMail(
      catcher.smtpUrl,
      'ada@example.com',
      confirmation('ada@example.com', 'Confirm your signup'),
    );
    await sendMail(
      catcher.smtpUrl,
      'bob@example.com',
      confirmation('bob@example.com', 'Reset your password'),
    );

    const [newest, older] = catcher.messages();
    expect(newest).toMatchObject({ to: 'bob@example.com', subject: 'Reset your password' });
    expect(older).toMatchObject({
      to: 'ada@example.com',
      subject: 'Confirm your signup',
      links: ['http://127.0.0.1:3000/auth/v1/verify?token_hash=abc&type=signup'],
    });
    expect(older?.html).toContain('<a href=');
    expect(Date.parse(older?.receivedAt ?? '')).not.toBeNaN();
    expect(printed.join('')).toContain('Confirm your signup → ada@example.com');
    expect(printed.join('')).toContain('http://127.0.0.1:3000/auth/v1/verify?token_hash=abc&type=signup');
  });

  it('lists messages newest first and serves one as HTML', async () => {
    const list = (await (await fetch(`${baseUrl}/`)).json()) as { id: string; subject: string }[];
    expect(list.map((mail) => mail.subject)).toEqual(['Reset your password', 'Confirm your signup']);

    const page = await fetch(`${baseUrl}/${list[1]?.id}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('token_hash=abc&amp;type=signup');
    expect((await fetch(`${baseUrl}/no-such-id`)).status).toBe(404);
  });

  it('refuses requests forwarded by a proxy and leaves other paths to the host', async () => {
    expect((await fetch(`${baseUrl}/`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(403);
    expect((await fetch(`${baseUrl}/a/b`)).status).toBe(418);
  });

  it('keeps the last 100 messages', async () => {
    const messages101 = Array.from({ length: 101 }, (_, i) =>
      confirmation('ada@example.com', `Message ${i}`),
    );
    await sendMail(catcher.smtpUrl, 'ada@example.com', ...messages101);
    const messages = catcher.messages();
    expect(messages).toHaveLength(100);
    expect(messages[0]?.subject).toBe('Message 100');
    expect(messages.at(-1)?.subject).toBe('Message 1');
  });
});

describe('linksIn', () => {
  it('finds http(s) links in text and href attributes, once each, without trailing punctuation', () => {
    expect(
      linksIn(
        'Open https://a.example/x?y=1. Or (https://b.example/z), mailto:someone@example.com',
        `<a href='https://a.example/x?y=1'>a</a> <a href="https://c.example/?p=1&amp;q=2">c</a> <a href="mailto:x@y">m</a>`,
      ),
    ).toEqual(['https://a.example/x?y=1', 'https://c.example/?p=1&q=2', 'https://b.example/z']);
  });
});
