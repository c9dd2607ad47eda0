/// <reference types="node" />
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** An error event as Sentry's SDKs send it: the parts tests look at. */
export interface SentryEvent {
  event_id?: string;
  exception?: { values?: { type?: string; value?: string }[] };
  tags?: Record<string, string>;
  contexts?: Record<string, Record<string, unknown>>;
  extra?: Record<string, unknown>;
  release?: string;
  [key: string]: unknown;
}

export interface SentryReceiver {
  /** A DSN that sends to this receiver: `http://key@127.0.0.1:<port>/1`. */
  dsn: string;
  /** Error events received so far, in order. */
  events: SentryEvent[];
  /** Events whose first exception's message includes `text`. */
  eventsWith(text: string): SentryEvent[];
  close(): Promise<void>;
}

/**
 * A local stand-in for Sentry that speaks its envelope protocol (`POST /api/<project>/envelope/`:
 * a JSON header line, then per item a JSON header line and its payload) and keeps the error events.
 */
export async function startSentryReceiver(): Promise<SentryReceiver> {
  const events: SentryEvent[] = [];
  const server = createServer(async (request, response) => {
    // Browsers preflight the cross-origin envelope POST.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method !== 'POST' || !/^\/api\/[^/]+\/envelope\/?(\?|$)/.test(request.url ?? '')) {
      return void response.writeHead(404).end();
    }
    events.push(...errorEvents(parseEnvelope(await bodyOf(request))));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://key@127.0.0.1:${port}/1`,
    events,
    eventsWith: (text) =>
      events.filter((event) => event.exception?.values?.some((value) => value.value?.includes(text))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

interface EnvelopeItem {
  header: { type?: string; length?: number };
  payload: Buffer;
}

/** Items with a `length` take exactly that many bytes; the others end at the next newline. */
export function parseEnvelope(body: Buffer): EnvelopeItem[] {
  const items: EnvelopeItem[] = [];
  let offset = body.indexOf(0x0a);
  if (offset < 0) return items;
  offset += 1;
  while (offset < body.length) {
    const headerEnd = indexOrEnd(body, offset);
    const line = body.subarray(offset, headerEnd).toString('utf8').trim();
    offset = headerEnd + 1;
    if (!line) continue;
    const header = JSON.parse(line) as EnvelopeItem['header'];
    const payloadEnd = header.length === undefined ? indexOrEnd(body, offset) : offset + header.length;
    items.push({ header, payload: body.subarray(offset, payloadEnd) });
    offset = payloadEnd + 1;
  }
  return items;
}

function indexOrEnd(body: Buffer, from: number): number {
  const index = body.indexOf(0x0a, from);
  return index < 0 ? body.length : index;
}

function errorEvents(items: EnvelopeItem[]): SentryEvent[] {
  return items
    .filter((item) => item.header.type === 'event')
    .map((item) => JSON.parse(item.payload.toString('utf8')) as SentryEvent);
}
