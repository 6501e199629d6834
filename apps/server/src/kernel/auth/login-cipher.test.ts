import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sm2 } from 'sm-crypto-v2';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateSm2KeyPair, sm2Decrypt } from './login-cipher';
import { loadOrCreateSecret } from './secret';

describe('SM2 sign-in key pair', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'sm2-key-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('is made once per deployment, kept with the private key encrypted, and read back the same', () => {
    const a = dir();
    const secret = loadOrCreateSecret(a);
    const first = loadOrCreateSm2KeyPair(a, secret);
    expect(first.publicKey).toBe(sm2.getPublicKeyFromPrivateKey(first.privateKey));
    expect(loadOrCreateSm2KeyPair(a, secret)).toEqual(first);
    const file = join(a, 'sm2-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(first.publicKey);
    expect(text).not.toContain(first.privateKey);
    // another deployment has its own pair
    const b = dir();
    expect(loadOrCreateSm2KeyPair(b, loadOrCreateSecret(b)).publicKey).not.toBe(first.publicKey);
  });

  it('makes a new pair when the stored one cannot be opened with this secret', () => {
    const a = dir();
    const first = loadOrCreateSm2KeyPair(a, loadOrCreateSecret(a));
    const other = new Uint8Array(64).fill(7);
    const second = loadOrCreateSm2KeyPair(a, other);
    expect(second.publicKey).not.toBe(first.publicKey);
    expect(loadOrCreateSm2KeyPair(a, other)).toEqual(second);
    expect(statSync(join(a, 'sm2-key')).mode & 0o777).toBe(0o600);
  });

  it('decrypts what sm-crypto encrypts in cipher mode 1, with or without the 04 prefix, and nothing else', () => {
    const { publicKey, privateKey } = sm2.generateKeyPairHex();
    const cipher = sm2.doEncrypt('Pässwort-123', publicKey, 1);
    expect(sm2Decrypt(cipher, privateKey)).toBe('Pässwort-123');
    expect(sm2Decrypt(`04${cipher}`, privateKey)).toBe('Pässwort-123');
    // mode 0 (C1C2C3) is not what Admin.NET sends
    expect(sm2Decrypt(sm2.doEncrypt('Pässwort-123', publicKey, 0), privateKey)).toBeUndefined();
    expect(sm2Decrypt(sm2.doEncrypt('x', sm2.generateKeyPairHex().publicKey, 1), privateKey)).toBeUndefined();
    expect(sm2Decrypt('ab'.repeat(120), privateKey)).toBeUndefined();
  });
});
