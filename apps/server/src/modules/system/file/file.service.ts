import type { Readable } from 'node:stream';
import { type InputOf, type sysFile, zFileName } from '@shelfwise/contract';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { detectFileType, nameContradicts, previewable } from '../../../kernel/files/content-type';
import { fileRegister } from '../../../kernel/files/file-register';
import { MAX_UPLOAD_BYTES } from '../../../kernel/files/file-store';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { parseTime } from '../../../kernel/i18n/time';
import { t } from '../../../kernel/i18n/translate';
import { type FileRow, fileRepo as repo } from './file.repo';

type Input<K extends keyof typeof sysFile> = InputOf<(typeof sysFile)[K]>;

function fileDto(row: FileRow, time: TimeFormatter) {
  return {
    id: row.id,
    fileName: row.file_name,
    suffix: row.suffix,
    contentType: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    bizType: row.biz_type,
    bizId: row.biz_id === null ? null : Number(row.biz_id),
    inUse: row.biz_type !== null,
    uploader: row.uploader ?? null,
    ...auditDto(row, time),
  };
}

/** The end bound of a filter is inclusive: a bare date takes its whole day, a minute its 60 seconds. */
function endOf(text: string, timeZone: string): number | undefined {
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const at = parseTime(bareDate ? `${text} 23:59:59` : text, timeZone);
  if (at === undefined) return undefined;
  return at + (text.length === 16 ? 60_000 : 1000);
}

/** A stored file opened for sending: its register row and its bytes as a stream. */
export interface OpenedFile {
  row: FileRow;
  stream: Readable;
  size: number;
  inline: boolean;
}

/**
 * The file service (platform/file): the register of every stored file of a tenant, its uploads (10 MB, the type
 * recognised by content and matched against the name), renames, deletes refused while a record uses the file,
 * and downloads, directly or through short-lived signed links (kernel/files/file-links.ts).
 */
export function createFileService(kernel: Kernel) {
  const tdb = kernel.tenantDb;

  async function rowOr404(ctx: { tenantId: number }, id: number) {
    const row = await repo.byId(tdb(ctx), id);
    if (!row) throw notFound('file');
    return row;
  }

  async function open(ctx: { tenantId: number }, id: number, inline: boolean): Promise<OpenedFile> {
    const row = await rowOr404(ctx, id);
    const file = await kernel.files.open(row.storage_key);
    if (!file) throw notFound('file');
    return { row, ...file, inline: inline && previewable(row.content_type) };
  }

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const from = input.startTime ? parseTime(input.startTime, ctx.timeZone) : undefined;
      const to = input.endTime ? endOf(input.endTime, ctx.timeZone) : undefined;
      const page = await repo.page(tdb(ctx), { ...input, from, to });
      return { ...page, items: page.items.map((r) => fileDto(r, time)) };
    },

    /** Stores one uploaded file and enters it in the register (no record uses it yet). */
    async upload(ctx: UserContext, fileName: string, data: Buffer, time: TimeFormatter) {
      const name = zFileName.safeParse(fileName);
      if (!name.success) throw new AppError('validation', { count: 1 }, { file: ['file_name_invalid'] });
      if (data.length > MAX_UPLOAD_BYTES) throw new AppError('payloadTooLarge', { limit: '10 MB' });
      const type = detectFileType(data);
      if (!type) throw new AppError('fileTypeNotAllowed');
      if (nameContradicts(name.data, type)) {
        throw new AppError('fileTypeMismatch', { name: name.data, actual: type.suffix.toUpperCase() });
      }
      const shown = name.data.includes('.') ? name.data : `${name.data}.${type.suffix}`;
      const id = kernel.ids.next();
      const month = new Date().toISOString().slice(0, 7);
      const key = `files/${ctx.tenantId}/${month}/${id}.${type.suffix}`;
      await kernel.files.put(key, data);
      try {
        await fileRegister.record(tdb(ctx), {
          id,
          key,
          name: shown,
          contentType: type.contentType,
          data,
          bizType: null,
          bizId: null,
          userId: ctx.userId,
        });
      } catch (e) {
        await kernel.files.remove(key).catch(() => undefined);
        throw e;
      }
      return fileDto(await rowOr404(ctx, id), time);
    },

    /** One file of the register, as the list shows it. */
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) => fileDto(await rowOr404(ctx, id), time),

    download: (ctx: UserContext, id: number) => open(ctx, id, false),

    /** A link to the file that works without a token for FILE_LINK_SECONDS (previews, downloads by the browser). */
    async getUrl(ctx: UserContext, id: number, inline: boolean) {
      await rowOr404(ctx, id);
      const link = kernel.fileLinks.sign(ctx.tenantId, id, inline);
      return { url: `/api/sysFile/signed/${id}?${link.query}`, expiresAt: link.exp * 1000 };
    },

    /** The file of a signed link: its signature checked first, then the tenant it names. */
    async signed(input: Input<'signed'>) {
      const inline = input.inline ?? false;
      const verdict = kernel.fileLinks.verify({ tenantId: input.t, id: input.id, exp: input.exp, inline }, input.sig);
      if (verdict === 'forged') throw new AppError('fileLinkInvalid');
      if (verdict === 'expired') throw new AppError('fileLinkExpired');
      return open({ tenantId: input.t }, input.id, inline);
    },

    async rename(ctx: UserContext, input: Input<'update'>) {
      const row = await rowOr404(ctx, input.id);
      // the suffix stays what the content is: a new name without one keeps the old suffix
      const name = /\.[A-Za-z0-9]{1,16}$/.test(input.fileName) ? input.fileName : `${input.fileName}.${row.suffix}`;
      const stored = { suffix: row.suffix, contentType: row.content_type, suffixes: suffixesOf(row) };
      if (row.suffix && nameContradicts(name, stored)) {
        throw new AppError('fileTypeMismatch', { name, actual: row.suffix.toUpperCase() });
      }
      await repo.rename(tdb(ctx), input.id, { file_name: name, updated_at: Date.now(), updated_by: ctx.userId });
    },

    async delete(ctx: UserContext, id: number) {
      const row = await rowOr404(ctx, id);
      if (await repo.stillUsed(tdb(ctx), row)) {
        throw new AppError('fileInUse', { use: t(`biz_${row.biz_type}`, ctx.locale) });
      }
      await repo.remove(tdb(ctx), id);
      if (!(await repo.keyShared(tdb(ctx), row.storage_key, id))) {
        await kernel.files.remove(row.storage_key).catch(() => undefined);
      }
    },
  };
}

/** The suffixes a stored file's name may carry: those of its content type. */
function suffixesOf(row: Pick<FileRow, 'suffix' | 'content_type'>): string[] {
  const byType: Record<string, string[]> = {
    'image/jpeg': ['jpg', 'jpeg'],
    'application/zip': ['zip', 'xlsx', 'docx', 'pptx', 'odt', 'ods'],
    'text/plain': ['txt', 'csv', 'json', 'md', 'log', 'xml'],
  };
  return byType[row.content_type] ?? [row.suffix];
}

export type FileService = ReturnType<typeof createFileService>;
