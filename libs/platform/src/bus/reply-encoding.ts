import { gunzipSync, gzipSync } from 'node:zlib';
import type { Msg, MsgHdrs } from '@nats-io/transport-node';

/** A requester that reads gzipped replies says so; an older one gets plain JSON, whatever its size. */
export const ACCEPT_ENCODING_HEADER = 'Memoreel-Accept-Encoding';
const CONTENT_ENCODING_HEADER = 'Memoreel-Content-Encoding';
const GZIP = 'gzip';
/**
 * Replies from this size up go gzipped. A 400-photo project's photos with their signed URLs are
 * about 1.1 MB of JSON, past NATS's default 1 MiB payload; the URLs' shared prefixes squeeze to a
 * fraction. Below it, a reply goes as it is (compressing small ones costs more than it saves).
 */
export const COMPRESS_FROM_BYTES = 64 * 1024;

/** A reply's JSON as it goes on the wire: gzipped when large and the requester reads it so. */
export function encodeReply(
  json: string,
  request: Msg,
): { data: string | Uint8Array; headers?: Record<string, string> } {
  if (
    Buffer.byteLength(json) < COMPRESS_FROM_BYTES ||
    request.headers?.get(ACCEPT_ENCODING_HEADER) !== GZIP
  ) {
    return { data: json };
  }
  return { data: gzipSync(json), headers: { [CONTENT_ENCODING_HEADER]: GZIP } };
}

/** A reply's JSON text, gunzipped when it came so. */
export function replyText(reply: Msg): string {
  return contentEncoding(reply.headers) === GZIP ? gunzipSync(reply.data).toString('utf8') : reply.string();
}

const contentEncoding = (headers: MsgHdrs | undefined) => headers?.get(CONTENT_ENCODING_HEADER) || undefined;

/** What a requester adds to its headers to receive large replies gzipped. */
export const acceptsCompressedReplies = { [ACCEPT_ENCODING_HEADER]: GZIP } as const;
