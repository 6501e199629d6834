import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSm2Ciphertext } from '@shelfwise/contract';
import { sm2 } from 'sm-crypto-v2';
import { SETTING, type Settings } from '../settings/settings';

/** The deployment's SM2 key pair (hex: public key `04…`, 130 characters; private key, 64 characters). */
export interface Sm2KeyPair {
  publicKey: string;
  privateKey: string;
}

/** Admin.NET's front end encrypts with sm-crypto's cipher mode 1: C1 || C3 || C2. */
const CIPHER_MODE_C1C3C2 = 1;
const FILE_NAME = 'sm2-key';

/** The key that encrypts the stored private key, derived from the deployment's JWT secret. */
function wrappingKey(secret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'shelfwise sm2 sign-in key', 32));
}

function seal(pair: Sm2KeyPair, secret: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrappingKey(secret), iv);
  const data = Buffer.concat([cipher.update(pair.privateKey, 'utf8'), cipher.final()]);
  return JSON.stringify({
    v: 1,
    publicKey: pair.publicKey,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  });
}

function open(text: string, secret: Uint8Array): Sm2KeyPair | undefined {
  try {
    const f = JSON.parse(text) as { v: number; publicKey: string; iv: string; tag: string; data: string };
    const decipher = createDecipheriv('aes-256-gcm', wrappingKey(secret), Buffer.from(f.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(f.tag, 'base64'));
    const privateKey = Buffer.concat([decipher.update(Buffer.from(f.data, 'base64')), decipher.final()]).toString();
    // the stored public key must be the private key's: a file pieced together from two others is not used
    if (sm2.getPublicKeyFromPrivateKey(privateKey) !== f.publicKey) return undefined;
    return { publicKey: f.publicKey, privateKey };
  } catch {
    return undefined;
  }
}

/**
 * The SM2 key pair for password sign-in by Admin.NET clients: made for this deployment at its first start and kept
 * in `DATA_DIR/sm2-key` (mode 600), the private key encrypted (AES-256-GCM) under a key derived from the JWT
 * secret, never a constant in code. Nodes of a cluster share it by sharing the data directory, as they share the
 * JWT secret. A file that cannot be opened with this secret (the secret was replaced) is replaced by a new pair.
 */
export function loadOrCreateSm2KeyPair(dataDir: string, secret: Uint8Array): Sm2KeyPair {
  const file = join(dataDir, FILE_NAME);
  if (existsSync(file)) {
    const pair = open(readFileSync(file, 'utf8'), secret);
    if (pair) return pair;
    const fresh = sm2.generateKeyPairHex();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, seal(fresh, secret), { mode: 0o600 });
    renameSync(tmp, file);
    return fresh;
  }
  mkdirSync(dataDir, { recursive: true });
  const pair = sm2.generateKeyPairHex();
  try {
    // wx: never overwrite a key pair another process wrote first
    writeFileSync(file, seal(pair, secret), { flag: 'wx', mode: 0o600 });
  } catch {
    return loadOrCreateSm2KeyPair(dataDir, secret);
  }
  chmodSync(file, 0o600);
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** Decrypts one SM2 ciphertext (C1C3C2, hex, with or without the `04` point prefix); undefined when it is not one. */
export function sm2Decrypt(ciphertext: string, privateKey: string): string | undefined {
  const forms = ciphertext.startsWith('04') ? [ciphertext, ciphertext.slice(2)] : [ciphertext];
  for (const form of forms) {
    try {
      const plain = sm2.doDecrypt(form, privateKey, CIPHER_MODE_C1C3C2, { output: 'string' });
      if (plain) return plain;
    } catch {
      // not a point of the curve: try the next form
    }
  }
  return undefined;
}

/**
 * SM2-encrypted sign-in passwords, the way Admin.NET's form login sends them: off unless the parameter
 * `sys_sm2_password` is on. The public key is offered only then.
 */
export function createLoginCipher(keys: Sm2KeyPair, settings: Settings) {
  const on = () => settings.bool(SETTING.sm2Password, false);
  return {
    /** The public key clients encrypt with, or null when encrypted passwords are off. */
    async publicKey(): Promise<string | null> {
      return (await on()) ? keys.publicKey : null;
    },
    /**
     * The password as typed: an SM2 ciphertext is decrypted when the option is on; anything else (a plain password,
     * a ciphertext while the option is off, one that does not decrypt) is returned as it came, and so fails as a
     * wrong password would, counted like one.
     */
    async reveal(password: string): Promise<string> {
      if (!isSm2Ciphertext(password) || !(await on())) return password;
      return sm2Decrypt(password, keys.privateKey) ?? password;
    },
  };
}

/** The login cipher type. */
export type LoginCipher = ReturnType<typeof createLoginCipher>;
