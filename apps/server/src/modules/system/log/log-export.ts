import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { I18nText, Locale } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Expression, SelectQueryBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { paginate } from '../../../kernel/db/paging';
import type { TenantDatabase } from '../../../kernel/db/tenant-db';

/** One column of an export: its title in every language and how a row gives its value. */
export interface ExportColumn<R> {
  title: I18nText;
  width: number;
  value: (row: R) => string | number | null;
}

/** What an export takes: the page's paging and sort, the scope, and the selected ids. */
export interface ExportScope {
  scope: 'selected' | 'page' | 'all';
  ids?: number[];
  page: number;
  pageSize: number;
  field?: string;
  order?: 'ascending' | 'descending';
}

// biome-ignore lint/suspicious/noExplicitAny: the filtered query of any one of the four log tables
type LogQuery<R> = SelectQueryBuilder<TenantDatabase, any, R>;

const CHUNK = 1000;
const HIGH_WATER = 1024 * 1024;
const idRef = sql.ref('id');

/**
 * The rows of a scope, chunk by chunk: the selected ids, the page as the list shows it, or every row matching
 * the filters (newest first, by id ranges, so memory stays flat whatever the count).
 */
export async function* scopeRows<R extends { id: number }>(
  query: () => LogQuery<R>,
  input: ExportScope,
  sort: Record<string, string>,
): AsyncGenerator<R[]> {
  if (input.scope === 'page') {
    yield (await paginate(query(), input, sort, { column: 'created_at', desc: true }, 'id')).items as R[];
    return;
  }
  if (input.scope === 'selected') {
    const ids = [...new Set(input.ids ?? [])];
    const inIds: Expression<SqlBool> = sql<boolean>`${idRef} in (${sql.join(ids)})`;
    yield (await query().where(inIds).orderBy(idRef, 'desc').execute()) as R[];
    return;
  }
  let before: number | undefined;
  for (;;) {
    let q = query();
    if (before !== undefined) q = q.where(sql<boolean>`${idRef} < ${before}`);
    const rows = (await q.orderBy(idRef, 'desc').limit(CHUNK).execute()) as R[];
    if (rows.length) yield rows;
    if (rows.length < CHUNK) return;
    before = rows[rows.length - 1]?.id;
  }
}

/** `Content-Disposition` of a download, readable by every browser whatever the name's script. */
function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams rows to the client as an .xlsx workbook with one sheet: headers in the request's language, a frozen
 * bold header row, and rows written as they are read (the zip is produced on the fly, with back-pressure).
 */
export function sendXlsx<R>(
  reply: FastifyReply,
  options: {
    fileName: string;
    sheet: string;
    locale: Locale;
    columns: ExportColumn<R>[];
    rows: AsyncIterable<R[]>;
  },
): FastifyReply {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = options.columns.map((c, i) => ({ header: c.title[options.locale], key: `c${i}`, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for await (const chunk of options.rows) {
      for (const row of chunk) sheet.addRow(options.columns.map((c) => c.value(row))).commit();
      if (out.writableLength > HIGH_WATER) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => {
    reply.log.error({ err }, 'export failed while streaming');
    out.destroy(err as Error);
  });
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', disposition(options.fileName))
    .header('cache-control', 'no-store')
    .send(out);
}
