import { describe, expect, it } from 'vitest';
import {
  type StorageUrlGrant,
  type StorageUrlRequest,
  signStorageUrl,
  verifyStorageUrl,
} from './signed-url.js';

const SECRET = 'a-secret-of-at-least-thirty-two-chars';
const NOW = Date.UTC(2026, 0, 1);
const EXPIRES_AT = NOW / 1000 + 60;
const PUT: StorageUrlGrant = {
  method: 'PUT',
  bucket: 'photos',
  key: 'p1/a.jpg',
  expiresAt: EXPIRES_AT,
  maxBytes: 100,
  contentType: 'image/jpeg',
};
const GET: StorageUrlGrant = { method: 'GET', bucket: 'videos', key: 'v/1.mp4', expiresAt: EXPIRES_AT };

function requestFor(grant: StorageUrlGrant, changes: Partial<StorageUrlRequest> = {}): StorageUrlRequest {
  const { method, bucket, key } = grant;
  return { method, bucket, key, query: signStorageUrl(grant, SECRET), ...changes };
}

function tampered(grant: StorageUrlGrant, name: string, value: string): StorageUrlRequest {
  const request = requestFor(grant);
  request.query.set(name, value);
  return request;
}

describe('signed storage URLs', () => {
  it('accepts the request they were signed for', () => {
    expect(verifyStorageUrl(requestFor(PUT), SECRET, NOW)).toEqual({ ok: true, grant: PUT });
    expect(verifyStorageUrl(requestFor(GET), SECRET, NOW)).toEqual({ ok: true, grant: GET });
  });

  it('carries an exact upload size under the signature, and holds the body to it', () => {
    const sized: StorageUrlGrant = { ...PUT, size: 40 };
    expect(verifyStorageUrl(requestFor(sized, { contentLength: 40 }), SECRET, NOW)).toEqual({
      ok: true,
      grant: sized,
    });
    expect(verifyStorageUrl(tampered(sized, 'size', '90'), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    const withoutSize = requestFor(sized, { contentLength: 90 });
    withoutSize.query.delete('size');
    expect(verifyStorageUrl(withoutSize, SECRET, NOW)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyStorageUrl(requestFor(sized, { contentLength: 41 }), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'too large',
    });
    for (const contentLength of [39, undefined]) {
      expect(verifyStorageUrl(requestFor(sized, { contentLength }), SECRET, NOW)).toEqual({
        ok: false,
        reason: 'wrong size',
      });
    }
  });

  it('carries a download name under the signature', () => {
    const named: StorageUrlGrant = { ...GET, downloadName: 'Mémé.mp4' };
    expect(verifyStorageUrl(requestFor(named), SECRET, NOW)).toEqual({ ok: true, grant: named });
    expect(verifyStorageUrl(tampered(named, 'name', 'evil.html'), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('lets HEAD use a GET URL', () => {
    expect(verifyStorageUrl(requestFor(GET, { method: 'HEAD' }), SECRET, NOW).ok).toBe(true);
  });

  it.each([
    ['another key', requestFor(PUT, { key: 'p1/b.jpg' })],
    ['another bucket', requestFor(PUT, { bucket: 'videos' })],
    ['a later expiry', tampered(PUT, 'expires', String(EXPIRES_AT + 1))],
    ['a larger maximum', tampered(PUT, 'max', '1000000')],
    ['another content type', tampered(PUT, 'type', 'text/html')],
    ['another method', tampered(PUT, 'method', 'GET')],
    ['an altered signature', tampered(PUT, 'sig', 'A'.repeat(43))],
    ['no signature', tampered(PUT, 'sig', '')],
  ])('refuses %s as a bad signature', (_change, request) => {
    expect(verifyStorageUrl(request, SECRET, NOW)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('refuses a URL signed with another secret', () => {
    const request = { ...requestFor(PUT), query: signStorageUrl(PUT, `${SECRET}-rotated`) };
    expect(verifyStorageUrl(request, SECRET, NOW)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it.each([
    ['no expiry', 'expires', ''],
    ['a fractional expiry', 'expires', '1.5'],
    ['an unknown method', 'method', 'DELETE'],
    ['a negative maximum', 'max', '-1'],
  ])('refuses %s as malformed', (_change, name, value) => {
    expect(verifyStorageUrl(tampered(PUT, name, value), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('refuses a URL used with another method', () => {
    expect(verifyStorageUrl(requestFor(PUT, { method: 'GET' }), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'wrong method',
    });
  });

  it('refuses a URL after its expiry, not at it', () => {
    expect(verifyStorageUrl(requestFor(GET), SECRET, EXPIRES_AT * 1000).ok).toBe(true);
    expect(verifyStorageUrl(requestFor(GET), SECRET, EXPIRES_AT * 1000 + 1)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses an upload declaring more than the signed maximum', () => {
    expect(verifyStorageUrl(requestFor(PUT, { contentLength: 100 }), SECRET, NOW).ok).toBe(true);
    expect(verifyStorageUrl(requestFor(PUT, { contentLength: 101 }), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'too large',
    });
  });
});
