import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens and e-mailed link tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six digits, zero-padded: the code typed from an e-mail. */
export function randomCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Tokens are stored only as this hash, so a database read does not yield working tokens. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const keyFrom = (secret: string) => createHash('sha256').update(`memoreel-seal\0${secret}`).digest();

/** Encrypts `plaintext` (AES-256-GCM) under a key derived from `secret`; only a holder of `secret` can open it. */
export function seal(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext of `seal(secret, …)`, or null when `secret` is not the one it was sealed with. */
export function unseal(secret: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
