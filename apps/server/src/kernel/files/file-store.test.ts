import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { createLocalFileStore, type FileStore } from './file-store';
import { createS3FileStore } from './s3-store';

async function read(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** The same behaviour from both stores: put, open as a stream, remove, missing keys, unsafe keys refused. */
function storeSuite(name: string, make: () => Promise<{ store: FileStore; close: () => Promise<void> }>) {
  describe(name, () => {
    let store: FileStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await make());
    });
    afterAll(async () => close());

    it('stores, streams back and removes a file', async () => {
      const data = Buffer.from('%PDF-1.4 hello');
      await store.put('files/1/2026-11/10.pdf', data);
      const opened = await store.open('files/1/2026-11/10.pdf');
      if (!opened) throw new Error('not stored');
      expect(opened.size).toBe(data.length);
      expect((await read(opened.stream)).equals(data)).toBe(true);
      await store.remove('files/1/2026-11/10.pdf');
      expect(await store.open('files/1/2026-11/10.pdf')).toBeNull();
    });

    it('streams a 9 MB file in several chunks', async () => {
      const data = Buffer.alloc(9 * 1024 * 1024, 7);
      await store.put('files/1/big.bin', data);
      const opened = await store.open('files/1/big.bin');
      if (!opened) throw new Error('not stored');
      let chunks = 0;
      const hash = createHash('sha256');
      for await (const c of opened.stream) {
        chunks++;
        hash.update(c);
      }
      expect(chunks).toBeGreaterThan(1);
      expect(hash.digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    });

    it('answers null for a key it does not hold, and removes one quietly', async () => {
      expect(await store.open('files/1/none.png')).toBeNull();
      await expect(store.remove('files/1/none.png')).resolves.toBeUndefined();
    });

    it.each(['../etc/passwd', 'files/../../x', '/abs/key', 'a//b', 'a\\b', ''])('refuses the key %j', async (key) => {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe file key/);
      await expect(store.open(key)).rejects.toThrow(/Unsafe file key/);
    });
  });
}

storeSuite('local file store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sw-files-'));
  return { store: createLocalFileStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

storeSuite('S3 file store on s3rver', async () => {
  const s3 = await startS3Server();
  const store = createS3FileStore(s3.config);
  return {
    store,
    close: async () => {
      // the objects really went to the S3 server's folder, under the configured prefix
      expect((await readdir(s3.directory)).length).toBeGreaterThan(0);
      store.client.destroy();
      await s3.close();
    },
  };
});
