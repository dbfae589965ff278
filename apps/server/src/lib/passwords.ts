import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP Password Storage Cheat Sheet parameters: 19 MiB memory, 2 passes,
 * 1 lane. `algorithm: 2` is `Algorithm.Argon2id`; the enum is a const
 * enum the compiler cannot inline across packages under `isolatedModules`.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes a password for storage.
 * @returns a PHC string such as `$argon2id$v=19$m=19456,t=2,p=1$...`
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/**
 * Checks a password against a stored hash.
 * @returns false for a wrong password and for a malformed hash (never throws for those)
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one password check against a throw-away hash. Called when a login names
 * an unknown e-mail, so the answer takes as long as a wrong password for a real account and
 * does not reveal which accounts exist.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('kein-echtes-konto-0');
  await verifyPassword(await dummyHash, password);
}
