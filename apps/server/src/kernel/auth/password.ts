import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors/app-error';
import { SETTING, type Settings } from '../settings/settings';

// OWASP's argon2id baseline (19 MiB, 2 passes); about 20 ms a hash on the reference machine
// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules)
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id (PHC string with salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Checks a password against its hash; a malformed hash is a mismatch, never an exception. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

// A real hash of a random password: verifying unknown accounts against it costs the same time as a real check
let decoy: Promise<string> | undefined;
/** Spends the time of a password check for an account that does not exist (no account enumeration by timing). */
export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await decoy, password);
}

/** Refuses a new password shorter than the configured minimum or without both letters and digits. */
export async function checkPasswordRule(settings: Settings, password: string): Promise<void> {
  const min = await settings.int(SETTING.passwordMinLength, 8, 6);
  if (password.length < min || !/[A-Za-z]/.test(password) || !/\d/.test(password)) {
    throw new AppError('passwordTooWeak', { min });
  }
}
