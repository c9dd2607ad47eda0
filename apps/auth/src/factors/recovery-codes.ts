import { randomInt } from 'node:crypto';
import { sha256 } from '../crypto/tokens.js';

/** How many recovery codes a user gets when turning two-factor sign-in on. */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const LENGTH = 10;

/** Ten random characters shown as `xxxxx-xxxxx` (about 51 bits each: no limit is needed against guessing). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Codes are stored only as this hash of their normalised form (no dash, lower case). */
export function recoveryCodeHash(code: string): string {
  return sha256(`recovery-code\0${code.replace(/[\s-]+/g, '').toLowerCase()}`);
}
