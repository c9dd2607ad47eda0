import { describe, expect, it } from 'vitest';
import { stripeSignature } from '../../test/stripe-fakes.js';
import { InvalidSignatureError, verifyStripeSignature } from './stripe-signature.js';

const secret = 'whsec_test_secret';
const payload = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' });
const now = Date.parse('2026-11-23T12:00:00Z');
const t = now / 1000;

const verify = (header: string, options: { payload?: string; nowMs?: number; secret?: string } = {}) =>
  verifyStripeSignature({
    payload: options.payload ?? payload,
    header,
    secret: options.secret ?? secret,
    nowMs: options.nowMs ?? now,
  });

describe('verifyStripeSignature', () => {
  it('accepts a payload signed with the endpoint secret', () => {
    expect(() => verify(stripeSignature(payload, secret, t))).not.toThrow();
  });

  it('accepts a signature up to 5 minutes old', () => {
    expect(() => verify(stripeSignature(payload, secret, t - 300))).not.toThrow();
  });

  it('accepts any matching v1 while a secret is rolled', () => {
    const old = stripeSignature(payload, 'whsec_old', t).split(',')[1];
    expect(() => verify(`${stripeSignature(payload, secret, t)},${old}`)).not.toThrow();
    expect(() => verify(`t=${t},${old},${stripeSignature(payload, secret, t).split(',')[1]}`)).not.toThrow();
  });

  it.each([
    [
      'a tampered payload',
      stripeSignature(payload, secret, t),
      { payload: payload.replace('evt_1', 'evt_2') },
    ],
    ['another secret', stripeSignature(payload, 'whsec_other', t), {}],
    [
      'a signature over another timestamp',
      stripeSignature(payload, secret, t).replace(`t=${t}`, `t=${t - 1}`),
      {},
    ],
    ['an expired signature (more than 5 minutes old)', stripeSignature(payload, secret, t - 301), {}],
    ['a signature from the future', stripeSignature(payload, secret, t + 301), {}],
    ['no timestamp', stripeSignature(payload, secret, t).replace(/^t=\d+,/, ''), {}],
    ['no v1 signature', `t=${t},v0=${'a'.repeat(64)}`, {}],
    ['a truncated signature', stripeSignature(payload, secret, t).slice(0, -2), {}],
    ['an empty header', '', {}],
    ['garbage', 'not a signature', {}],
  ])('rejects %s', (_case, header, options) => {
    expect(() => verify(header, options)).toThrow(InvalidSignatureError);
  });
});
