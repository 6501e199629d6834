import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded bytes live: local disk under DATA_DIR by default, or an S3-compatible bucket (`s3-store.ts`). */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file, or null when it does not exist. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

/** A storage key checked: relative paths of safe characters only, never `..` nor a leading `/`. */
export function safeKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe file key: ${key}`);
  }
  return key;
}

/** Files under one root folder; keys are relative paths of safe characters only. */
export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(join(base, safeKey(key)));
    if (!full.startsWith(base + sep)) throw new Error(`File key leaves the store: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      // write then rename: a reader never sees half a file
      const tmp = `${full}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, full);
    },
    async open(key) {
      const full = pathOf(key);
      try {
        const s = await stat(full);
        if (!s.isFile()) return null;
        return { stream: createReadStream(full), size: s.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The picture types the product accepts, recognised by their first bytes (never by the name). */
export function detectImageType(data: Buffer): 'png' | 'jpg' | null {
  if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  return null;
}

/** Upload limit for files and pictures (docs/web-shell.md#fixed-values). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
