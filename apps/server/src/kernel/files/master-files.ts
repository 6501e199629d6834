import type { Readable } from 'node:stream';
import { LOCALES, type Locale } from '@shelfwise/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors/app-error';
import { hasMessage, t } from '../i18n/translate';
import { readXlsx, type SheetColumn } from './xlsx';

/** Largest master-data import, in rows. */
export const MAX_IMPORT_ROWS = 100_000;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The multipart field `file` of an upload request, or a validation error naming it. */
export async function uploadedFile(req: FastifyRequest, maxBytes?: number) {
  const file = req.isMultipart()
    ? await req.file(maxBytes ? { limits: { fileSize: maxBytes } } : undefined)
    : undefined;
  if (file?.fieldname !== 'file') throw new AppError('validation', { count: 1 }, { file: ['Required'] });
  return file;
}

/** Sends an .xlsx stream as a dated attachment. */
export function sendXlsx(reply: FastifyReply, name: string, stream: Readable) {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .type(XLSX)
    .header('content-disposition', `attachment; filename="${name}-${stamp}.xlsx"`)
    .send(stream) as never;
}

/** Sheet texts by key and language; `{v}` is replaced by a value. */
export type SheetTexts = Record<string, Record<Locale, string>>;

/** Sheet texts shared by the master-data files. */
export const COMMON_SHEET_TEXT: SheetTexts = {
  status: { en: 'Status', 'zh-cn': '状态', 'zh-tw': '狀態' },
  remark: { en: 'Remark', 'zh-cn': '备注', 'zh-tw': '備註' },
  createTime: { en: 'Created', 'zh-cn': '创建时间', 'zh-tw': '建立時間' },
  enabled: { en: 'Enabled', 'zh-cn': '启用', 'zh-tw': '啟用' },
  disabled: { en: 'Disabled', 'zh-cn': '停用', 'zh-tw': '停用' },
  duplicateInFile: {
    en: '{v} appears more than once in the file',
    'zh-cn': '{v} 在文件中重复',
    'zh-tw': '{v} 在檔案中重複',
  },
};

/** A text function over a table of sheet texts. */
export function sheetText(texts: SheetTexts) {
  return (key: string, locale: Locale, v = '') =>
    (texts[key]?.[locale] ?? COMMON_SHEET_TEXT[key]?.[locale] ?? key).replace('{v}', v);
}

/**
 * The columns of an import sheet: headers in the caller's language, the other languages' headers accepted as well
 * (a file exported for one user imports for another).
 */
export function importColumns<K extends string>(
  keys: readonly K[],
  text: (key: string, locale: Locale) => string,
  locale: Locale,
): SheetColumn<K>[] {
  return keys.map((key) => ({ key, header: text(key, locale), aliases: LOCALES.map((l) => text(key, l)) }));
}

/** Reads an import sheet; an unreadable file or a missing required column is refused as a whole. */
export async function readImportSheet(file: Readable, columns: readonly SheetColumn[], required: readonly string[]) {
  let sheet: Awaited<ReturnType<typeof readXlsx>>;
  try {
    sheet = await readXlsx(file, columns, MAX_IMPORT_ROWS);
  } catch (e) {
    throw new AppError('importInvalidFile', { reason: (e as Error).message.slice(0, 200) });
  }
  const missing = columns.filter((c) => required.includes(c.key) && sheet.missing.includes(c.header));
  if (missing.length) throw new AppError('importInvalidFile', { reason: missing.map((c) => c.header).join(', ') });
  return sheet.rows;
}

/**
 * A schema problem of an import cell in plain words in the reader's language ("must not be empty", "must be at
 * least 0"), never the validator's own wording: custom checks name a message key; the built-in checks are worded
 * here by their kind.
 */
export function plainIssue(issue: z.core.$ZodIssue, locale: Locale): string {
  const bound = (v: unknown) => (typeof v === 'bigint' ? v.toString() : Number(v));
  // a check that names its own message key (custom checks, formats like a mobile number) says it best
  if (hasMessage(issue.message)) return t(issue.message, locale);
  switch (issue.code) {
    case 'custom':
      return t('import_invalid', locale);
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? t('import_empty', locale)
          : t('import_too_short', locale, { n: bound(issue.minimum) });
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return t(issue.inclusive === false ? 'import_above' : 'import_min', locale, { n: bound(issue.minimum) });
      return t('import_empty', locale);
    case 'too_big':
      if (issue.origin === 'string') return t('import_too_long', locale, { n: bound(issue.maximum) });
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return t(issue.inclusive === false ? 'import_below' : 'import_max', locale, { n: bound(issue.maximum) });
      return t('import_invalid', locale);
    case 'invalid_type': {
      const input = (issue as { input?: unknown }).input;
      if (input === undefined || input === null || input === '') return t('import_empty', locale);
      if (issue.expected === 'number' || issue.expected === 'bigint') return t('not_a_number', locale);
      if (issue.expected === 'int') return t('import_whole', locale);
      return t('import_invalid', locale);
    }
    case 'not_multiple_of':
      return t('import_whole', locale);
    case 'invalid_value':
      return t('import_not_allowed', locale);
    case 'invalid_format':
      return t('import_format', locale);
    default:
      return t('import_invalid', locale);
  }
}

/** The first problem of a row that failed its schema, as `Column: message` in plain words. */
export function rowIssue(error: z.ZodError, locale: Locale, header: (key: string) => string): string {
  const issue = error.issues[0];
  const field = header(String(issue?.path[0] ?? ''));
  return `${field}: ${issue ? plainIssue(issue, locale) : ''}`;
}
