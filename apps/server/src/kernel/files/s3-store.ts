import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type FileStore, safeKey } from './file-store';

/** Where an S3-compatible store is and how to sign in to it (S3_* environment variables, README). */
export interface S3Options {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Prefix of every object key, so several deployments can share a bucket. */
  prefix: string;
}

/**
 * Files as objects of one bucket of an S3-compatible server (MinIO, Ceph, AWS). Path-style addresses
 * (`endpoint/bucket/key`), and checksums only where the operation requires them: servers other than AWS refuse
 * or mangle the SDK's default checksum headers.
 */
export function createS3FileStore(options: S3Options): FileStore & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  const keyOf = (key: string) => `${options.prefix}${safeKey(key)}`;
  return {
    client,
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: data, ContentLength: data.length }));
    },
    async open(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!out.Body) return null;
        // the body is the HTTP response stream: passed on as it arrives, never read whole
        return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
      } catch (e) {
        const name = (e as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw e;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
