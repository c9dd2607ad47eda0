import { PasswordSchema } from '@memoreel/contracts';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { WeakPasswordError } from '../auth.errors.js';

/** OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): ~40 ms here, cheap enough for tests as well. */
const ARGON2ID = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Throws `weak_password` unless the password meets spec §5's rules (the contracts' `PasswordSchema`). */
export function assertStrongPassword(password: string): void {
  const checked = PasswordSchema.safeParse(password);
  if (!checked.success) throw new WeakPasswordError([...new Set(checked.error.issues.map((i) => i.message))]);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches `encrypted`. Without a stored hash a decoy is checked anyway, so an
 * unknown address takes as long as a wrong password and timing does not reveal which accounts exist.
 */
export async function passwordMatches(encrypted: string | null, password: string): Promise<boolean> {
  if (encrypted) return verify(encrypted, password);
  decoy ??= hashPassword('decoy password that matches nothing');
  await verify(await decoy, password);
  return false;
}
