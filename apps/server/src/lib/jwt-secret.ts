import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Name of the generated signing key inside DATA_DIR. */
export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The key that signs access tokens (ARCHITECTURE.md "Configuration", `JWT_SECRET`): the
 * configured one, else the one generated on the first start into `<dataDir>/jwt-secret`
 * (48 random bytes, base64url, file mode 0600), so tokens survive a restart.
 * @throws when the data folder cannot be written or the stored key is empty
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, JWT_SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} enthält keinen gültigen Schlüssel`);
  return secret;
}
