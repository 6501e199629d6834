import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The JWT signing secret: generated at the first start and kept in `DATA_DIR/jwt-secret` (mode 600), never a
 * constant in code. Nodes of a cluster share it by sharing the data directory.
 */
export function loadOrCreateSecret(dataDir: string, name = 'jwt-secret'): Uint8Array {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const raw = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (raw.length >= 32) return new Uint8Array(raw);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(64);
  try {
    // wx: never overwrite a secret another process wrote first
    writeFileSync(file, secret.toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch {
    return loadOrCreateSecret(dataDir, name);
  }
  chmodSync(file, 0o600);
  return new Uint8Array(secret);
}
