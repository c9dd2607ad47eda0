import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** One message as `GET /dev/mail` lists it (docs/auth-api.md § Development mail). */
export interface CaughtMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: string;
}

/** A plain Node handler, so any HTTP framework can mount it (Express strips the mount path from `url`). */
export type MailRoutes = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** A development SMTP server that keeps mail in memory instead of delivering it. */
export interface MailCatcher {
  /** Where services send mail: `smtp://127.0.0.1:<port>`. */
  smtpUrl: string;
  /** `GET /` (JSON list, newest first) and `GET /:id` (the HTML); mount it at `/dev/mail`. */
  routes: MailRoutes;
  messages(): CaughtMail[];
  stop(): Promise<void>;
}

const KEPT_MESSAGES = 100;
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/g;
const HREF = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Every http(s) link of a message, from its text and its HTML, once each, in order. */
export function linksIn(text: string, html: string): string[] {
  const fromText = [...text.matchAll(URL_IN_TEXT)].map(([url]) => url.replace(TRAILING_PUNCTUATION, ''));
  const fromHtml = [...html.matchAll(HREF)].map((match) => decodeHtmlAmpersands(match[1] ?? match[2] ?? ''));
  return [...new Set([...fromHtml, ...fromText])].filter((link) => /^https?:\/\//i.test(link));
}

function decodeHtmlAmpersands(value: string): string {
  return value.replace(/&(?:amp|#38|#x26);/gi, '&');
}

function recipientsOf(to: AddressObject | AddressObject[] | undefined, session: SMTPServerSession): string {
  const header = (Array.isArray(to) ? to : to ? [to] : []).map((address) => address.text).join(', ');
  return header || session.envelope.rcptTo.map((recipient) => recipient.address).join(', ');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** For a self-hoster without a mail server: each message's subject, recipient and links on the console. */
function describe(mail: CaughtMail): string {
  const links = mail.links.map((link) => `     ${link}\n`).join('');
  return `\n  ✉  ${mail.subject || '(no subject)'} → ${mail.to}\n${links}`;
}

/** Caught mail holds sign-in and reset links: only a browser on this machine may read it over HTTP. */
function fromThisMachine(request: IncomingMessage): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  // A reverse proxy on this machine forwards other people's requests: those carry X-Forwarded-For.
  return loopback && request.headers['x-forwarded-for'] === undefined;
}

function answer(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, {
    'Content-Type': `${contentType}; charset=utf-8`,
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

function mailRoutes(mailbox: readonly CaughtMail[]): MailRoutes {
  return (request, response, next) => {
    const id = /^\/([^/]*)$/.exec(new URL(request.url ?? '/', 'http://localhost').pathname)?.[1];
    if (request.method !== 'GET' || id === undefined) return next();
    if (!fromThisMachine(request)) {
      return answer(
        response,
        403,
        'application/json',
        JSON.stringify({ error: 'Readable from this machine only' }),
      );
    }
    if (id === '') return answer(response, 200, 'application/json', JSON.stringify(mailbox));
    const mail = mailbox.find((candidate) => candidate.id === id);
    if (!mail) return answer(response, 404, 'application/json', JSON.stringify({ error: 'No such message' }));
    answer(response, 200, 'text/html', mail.html || `<pre>${escapeHtml(mail.text)}</pre>`);
  };
}

/** Starts the catcher on a random loopback port; `print` shows each message as it arrives. */
export async function startMailCatcher(options: { print: (text: string) => void }): Promise<MailCatcher> {
  // Newest first; the oldest falls off past KEPT_MESSAGES.
  const mailbox: CaughtMail[] = [];
  const server = new SMTPServer({
    secure: false,
    // Loopback only, so there is nothing for TLS to protect; clients sending credentials are let in.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'dev' }),
    size: MAX_MESSAGE_BYTES,
    logger: false,
    closeTimeout: 1_000,
    // Every client is this machine: a reverse DNS lookup per connection would only add latency.
    disableReverseLookup: true,
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded)
            return callback(Object.assign(new Error('Message too big'), { responseCode: 552 }));
          const text = parsed.text ?? '';
          const html = parsed.html || '';
          const mail: CaughtMail = {
            id: randomUUID(),
            to: recipientsOf(parsed.to, session),
            subject: parsed.subject ?? '',
            text,
            html,
            links: linksIn(text, html),
            receivedAt: new Date().toISOString(),
          };
          mailbox.unshift(mail);
          mailbox.splice(KEPT_MESSAGES);
          options.print(describe(mail));
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    routes: mailRoutes(mailbox),
    messages: () => [...mailbox],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
