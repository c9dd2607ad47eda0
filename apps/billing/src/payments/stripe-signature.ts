import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default: a signed webhook older (or newer) than five minutes is refused, which stops replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export class InvalidSignatureError extends Error {
  override name = 'InvalidSignatureError';
}

/**
 * Checks a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex>[,v1=<hex>…]`): some v1 must be the
 * HMAC-SHA256 of `${t}.${payload}` under the endpoint secret, and t must be within the tolerance of now.
 * Several v1 values appear while a secret is being rolled; any one matching is enough.
 */
export function verifyStripeSignature(options: {
  payload: string;
  header: string;
  secret: string;
  nowMs?: number;
  toleranceSeconds?: number;
}): void {
  const { timestamp, signatures } = parseHeader(options.header);
  const expected = createHmac('sha256', options.secret)
    .update(`${timestamp}.${options.payload}`, 'utf8')
    .digest();
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new InvalidSignatureError('No signature matches the payload');
  const ageSeconds = Math.abs((options.nowMs ?? Date.now()) / 1000 - timestamp);
  if (ageSeconds > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) {
    throw new InvalidSignatureError('The signature timestamp is outside the tolerance');
  }
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new InvalidSignatureError('The signature header has no timestamp or no v1 signature');
  }
  return { timestamp, signatures };
}
