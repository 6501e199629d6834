import type { Endpoint } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import type { Selectable } from 'kysely';
import type { Database } from '../kernel/db/schema';
import type { LogTable } from '../kernel/logs';
import type { TestApp } from './harness';

/** Every row of a log table (all tenants), oldest first, after writing what the log writer has queued. */
export async function logRows<T extends LogTable>(t: TestApp, table: T): Promise<Selectable<Database[T]>[]> {
  await t.kernel.logs.flush();
  return (await t.kernel.db
    .selectFrom(table as LogTable)
    .selectAll()
    .orderBy('id')
    .execute()) as Selectable<Database[T]>[];
}

/** The last row of a log table, after a flush. */
export async function lastLog<T extends LogTable>(t: TestApp, table: T) {
  const rows = await logRows(t, table);
  return rows[rows.length - 1];
}

/** An export answer: status, headers and, for a workbook, the cell values of its first sheet by row. */
export async function exportRows(t: TestApp, endpoint: Endpoint, body: unknown, token?: string, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: endpoint.path,
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify(body),
  });
  const rows: unknown[][] = [];
  if (res.statusCode === 200) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    book.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
  }
  return { status: res.statusCode, headers: res.headers, rows, json: () => res.json() };
}
