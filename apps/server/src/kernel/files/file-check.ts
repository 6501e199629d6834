import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { detectFileType } from './content-type';
import type { FileStore } from './file-store';

/**
 * The start-up check of the file register, in every tenant: files the migration registered from earlier uploads
 * (`20261128142000_create_file_table`) carry no SHA-256 yet, since a migration cannot reach the file store; each is
 * read once here, streamed, and its size, hash and content type (by its first bytes) written. A file missing from
 * the store is logged, never deleted from the register. Runs after the server starts, off the request path.
 */
export async function completeFileRegister(db: Kysely<Database>, store: FileStore, log: FastifyBaseLogger) {
  let done = 0;
  const missing: string[] = [];
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('sys_file')
      .select(['id', 'storage_key'])
      .where('sha256', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(100)
      .execute();
    if (!rows.length) break;
    for (const row of rows) {
      after = Number(row.id);
      const file = await store.open(row.storage_key).catch(() => null);
      if (!file) {
        missing.push(row.storage_key);
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      for await (const chunk of file.stream as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        if (head.length < 4096) head = Buffer.concat([head, chunk.subarray(0, 4096 - head.length)]);
      }
      const type = detectFileType(head);
      await db
        .updateTable('sys_file')
        .set({ sha256: hash.digest('hex'), size, ...(type ? { content_type: type.contentType } : {}) })
        .where('id', '=', row.id)
        .execute();
      done++;
    }
  }
  if (done) log.info({ files: done }, 'file register: earlier uploads checked');
  if (missing.length)
    log.warn({ missing: missing.slice(0, 20), count: missing.length }, 'file register: files missing');
  return { done, missing };
}
