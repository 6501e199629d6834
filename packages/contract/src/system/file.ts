import { z } from 'zod';
import { auditFields, idBody, pageInputWith, pageOf, zBoolLike, zId } from '../common';
import { service } from '../endpoint';
import { zTimeBound } from './log';

/** A file name shown to people: no path separators, no `..`, no control characters. */
export const zFileName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((v) => !/[\\/]|\.\./.test(v) && ![...v].some((c) => c.charCodeAt(0) < 0x20), {
    error: 'file_name_invalid',
  });

/** A stored file (`sys_file`): who uploaded it, what it is by content, and the record it belongs to. */
export const fileEntity = z.object({
  id: z.number(),
  fileName: z.string(),
  suffix: z.string(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string().nullable(),
  /** The kind of record that uses the file (`userAvatar`, `warehouseFloorPlan`, ...); null when none does. */
  bizType: z.string().nullable(),
  bizId: z.number().nullable(),
  /** A record still uses the file: deleting it is refused. */
  inUse: z.boolean(),
  uploader: z.string().nullable(),
  ...auditFields,
});

/** The kinds a file list can be filtered by (by content type). */
export const FILE_KINDS = ['image', 'pdf', 'other'] as const;

/** Files (`sysFile`): one store for every upload of the product. */
export const sysFile = service('sysFile', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysFile:page',
    input: pageInputWith(['fileName', 'size', 'createTime']).extend({
      fileName: z.string().max(255).optional(),
      kind: z.enum(FILE_KINDS).optional(),
      sizeMin: z.coerce.number().int().min(0).optional(),
      sizeMax: z.coerce.number().int().min(0).optional(),
      uploader: z.string().max(64).optional(),
      startTime: zTimeBound.optional(),
      endTime: zTimeBound.optional(),
      bizType: z.string().max(64).optional(),
      bizId: zId.optional(),
    }),
    output: pageOf(fileEntity),
    summary: 'Page of the tenant’s files, filtered by name, kind, size, uploader, date and the record they belong to',
  },
  uploadFile: {
    action: 'uploadFile',
    method: 'POST',
    permission: 'sysFile:uploadFile',
    upload: true,
    input: z.object({}).optional(),
    output: fileEntity,
    summary:
      'Upload one file (multipart field `file`, 10 MB; the type is recognised by content and must match the name)',
  },
  downloadFile: {
    action: 'downloadFile',
    method: 'POST',
    permission: 'sysFile:downloadFile',
    input: idBody,
    output: z.unknown(),
    response: 'file',
    summary: 'The bytes of a file, streamed as an attachment',
  },
  getUrl: {
    action: 'getUrl',
    method: 'POST',
    permission: 'sysFile:downloadFile',
    input: z.object({ id: zId, inline: z.boolean().default(false) }),
    output: z.object({ url: z.string(), expiresAt: z.number() }),
    summary: 'A short-lived signed link to a file (preview inline or download), usable without a token',
  },
  signed: {
    action: 'signed',
    method: 'GET',
    path: '/api/sysFile/signed/{id}',
    permission: 'public',
    input: z.object({
      id: zId,
      exp: z.coerce.number().int().positive(),
      sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
      t: zId,
      inline: zBoolLike.optional(),
    }),
    output: z.unknown(),
    response: 'file',
    summary: 'The bytes of a file through a signed link from `getUrl` (refused once expired or altered)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysFile:update',
    input: z.object({ id: zId, fileName: zFileName }),
    output: z.null(),
    summary: 'Rename a file (the stored bytes and links stay)',
  },
  uploadAvatar: {
    action: 'uploadAvatar',
    method: 'POST',
    permission: 'authenticated',
    upload: true,
    input: z.object({}).optional(),
    output: fileEntity.extend({ url: z.string() }),
    summary:
      'Set the caller’s avatar, as Admin.NET’s clients do (multipart field `file`: jpg/png checked by content, 10 MB)',
  },
  uploadSignature: {
    action: 'uploadSignature',
    method: 'POST',
    permission: 'authenticated',
    upload: true,
    input: z.object({}).optional(),
    output: fileEntity.extend({ url: z.string() }),
    summary: 'Set the caller’s e-signature picture, as Admin.NET’s clients do (multipart field `file`, 10 MB)',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysFile:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a file no record uses',
  },
});
