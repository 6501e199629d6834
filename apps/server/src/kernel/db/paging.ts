import type { PageResult } from '@shelfwise/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import { AppError } from '../errors/app-error';
import type { TenantDb } from './tenant-db';
import type { BoundValue, TenantShapedQueries } from './tenant-prepared';

/** Paging input as every page endpoint receives it (sort field already checked against a whitelist). */
export interface PageRequest {
  page: number;
  pageSize: number;
  field?: string;
  order?: 'ascending' | 'descending';
  /** Count every matching row instead of stopping at `COUNT_CAP` (the list's "count exactly" action). */
  exactTotal?: boolean;
  /** A page reached from the one before or after it (`nextCursor` / `prevCursor` of an earlier answer). */
  cursor?: string;
}

/**
 * A page's total is counted up to this many rows: a big list's first page must not count a million rows on every
 * request (docs/api-contract.md#paging-export-import-upload). Beyond it the answer says `totalExact: false` and the
 * list shows "more than" with an exact count on request.
 */
export const COUNT_CAP = 1000;

/**
 * The deepest row a page number may reach by offset (page x size): an offset walks every row before it. Deeper
 * pages are reached by cursor (next / previous from a page already shown) or by narrowing the filters.
 */
export const OFFSET_MAX = 10_000;

/** The page answer: the contract's page result, with whether the total is exact and the cursors of its neighbours. */
export type Page<Row> = PageResult<Row>;

interface Sort {
  column: string;
  desc: boolean;
  /** whether pages of this order may be reached by cursor (the default order only, see `cursorAt`) */
  seekable?: boolean;
}

/** Where a cursor page starts: after (`back: false`) or before the row with this sort value and id. */
interface Cursor {
  /** the sort column and direction the cursor was made for (a cursor of another sort is ignored) */
  s: string;
  d: boolean;
  v: string | number;
  i: number;
  back: boolean;
  /** the page number the cursor leads to, shown to the user */
  p: number;
}

const key = (column: string) => column.slice(column.lastIndexOf('.') + 1);

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** The cursor of a request when it is well formed and made for the same sort; otherwise none (paging by number). */
function decodeCursor(text: string | undefined, sort: Sort): Cursor | undefined {
  if (!text || !sort.seekable || text.length > 2048) return undefined;
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    const valueOk = typeof c.v === 'string' || (typeof c.v === 'number' && Number.isFinite(c.v));
    if (
      c.s === sort.column &&
      c.d === sort.desc &&
      valueOk &&
      Number.isSafeInteger(c.i) &&
      typeof c.back === 'boolean' &&
      Number.isSafeInteger(c.p) &&
      (c.p as number) >= 1
    )
      return c as Cursor;
  } catch {
    // a damaged cursor pages by number instead
  }
  return undefined;
}

/**
 * A cursor leading from `row` to the page after it (or before it). Only the list's default order seeks: each list
 * defines it on an indexed column that is never null (a code, the creation time), and a seek past a null would skip
 * rows; another sort pages by number.
 */
function cursorAt(row: unknown, sort: Sort, idColumn: string, back: boolean, page: number): string | null {
  if (!sort.seekable || !row || typeof row !== 'object') return null;
  const r = row as Record<string, unknown>;
  const v = r[key(sort.column)];
  const i = Number(r[key(idColumn)]);
  if (!(typeof v === 'string' || typeof v === 'number') || !Number.isSafeInteger(i)) return null;
  return encodeCursor({ s: sort.column, d: sort.desc, v, i, back, p: page });
}

/** Refuses a page number whose offset would walk more than `OFFSET_MAX` rows. */
function checkOffset(req: PageRequest) {
  if ((req.page - 1) * req.pageSize > OFFSET_MAX)
    throw new AppError('pageTooDeep', { rows: OFFSET_MAX.toLocaleString('en') });
}

/** The sort of a request: a whitelisted field's column, or the list's default. */
function sortOf(req: PageRequest, sortColumns: Record<string, string>, defaultSort: Sort): Sort {
  const column = req.field ? sortColumns[req.field] : undefined;
  if (!column) return { ...defaultSort, seekable: true };
  const desc = req.order === 'descending';
  return { column, desc, seekable: column === defaultSort.column && desc === defaultSort.desc };
}

/**
 * The page answer from the counted total and the rows fetched: one row more than the page was fetched to tell whether
 * another page follows without counting; a page reached backwards was fetched in reverse order.
 */
function answer<Row>(
  req: PageRequest,
  counted: number,
  fetched: Row[],
  cursor: Cursor | undefined,
  sort: Sort,
  idColumn: string,
): Page<Row> {
  const page = cursor ? cursor.p : req.page;
  const more = fetched.length > req.pageSize;
  const items = more ? fetched.slice(0, req.pageSize) : fetched;
  if (cursor?.back) items.reverse();
  let exact = req.exactTotal === true || counted <= COUNT_CAP;
  let total = counted;
  if (!exact) {
    const before = (page - 1) * req.pageSize;
    if (!more && !cursor?.back && items.length > 0) {
      // the last page, reached page by page: every row is known now
      exact = true;
      total = before + items.length;
    } else {
      // a lower bound, one above what is known to exist so the pager offers the next page ("more than total - 1")
      total = Math.max(COUNT_CAP + 1, before + items.length + (more ? 1 : 0));
    }
  }
  const hasNextPage = cursor?.back ? true : more;
  const hasPrevPage = page > 1 && (!cursor?.back || more);
  return {
    page,
    pageSize: req.pageSize,
    total,
    totalPages: Math.ceil(total / req.pageSize),
    totalExact: exact,
    items,
    hasPrevPage,
    hasNextPage,
    nextCursor: hasNextPage ? cursorAt(items[items.length - 1], sort, idColumn, false, page + 1) : null,
    prevCursor: hasPrevPage ? cursorAt(items[0], sort, idColumn, true, page - 1) : null,
  };
}

/** Rows after (or before) the cursor's row in the sort, the id breaking ties: the seek a keyset page starts with. */
function seek(sort: Sort, idColumn: string, back: boolean, v: unknown, i: unknown) {
  const op = sort.desc !== back ? '<' : '>';
  const col = sql.ref(sort.column);
  const id = sql.ref(idColumn);
  // written as a range on the sort column first (`>=`), which every dialect's index on it serves, then the exact
  // condition; `col > v or (col = v and id > i)` alone makes SQLite scan the index from its start
  const edge = sql.raw(op === '>' ? '>=' : '<=');
  return sql<boolean>`${col} ${edge} ${v} and (${col} ${sql.raw(op)} ${v} or ${id} ${sql.raw(op)} ${i})`;
}

/**
 * Runs a page query: the total (counted up to `COUNT_CAP` unless asked exactly) and one page of rows, sorted by a
 * whitelisted field (mapped to its column) or by the default order, always with the id as tie-breaker so pages never
 * overlap. A page reached by cursor seeks from the row before it instead of walking an offset.
 * `countQuery` counts the same rows more cheaply when the page query has joins that only add columns.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  req: PageRequest,
  sortColumns: Record<string, string>,
  defaultSort: Sort,
  idColumn: string,
  // biome-ignore lint/suspicious/noExplicitAny: any query over the same rows; only its count is read
  countQuery: SelectQueryBuilder<any, any, any> = query,
): Promise<Page<O>> {
  const sort = sortOf(req, sortColumns, defaultSort);
  const cursor = decodeCursor(req.cursor, sort);
  if (!cursor) checkOffset(req);
  const counting = countQuery.clearSelect().clearOrderBy();
  let counted: number;
  if (req.exactTotal) {
    const row = (await counting.select(sql<number>`count(*)`.as('total')).executeTakeFirst()) as
      | { total: number | string }
      | undefined;
    counted = Number(row?.total ?? 0);
  } else {
    counted = (
      await counting
        .select(sql.lit(1).as('one'))
        .limit(COUNT_CAP + 1)
        .execute()
    ).length;
  }
  if (counted === 0) return answer(req, 0, [], undefined, sort, idColumn);
  const back = cursor?.back === true;
  const dir = sort.desc !== back ? 'desc' : 'asc';
  let q = query
    .orderBy(sql.ref(sort.column), dir)
    .orderBy(sql.ref(idColumn), dir)
    .limit(req.pageSize + 1);
  q = cursor ? q.where(seek(sort, idColumn, back, cursor.v, cursor.i)) : q.offset((req.page - 1) * req.pageSize);
  return answer(req, counted, (await q.execute()) as O[], cursor, sort, idColumn);
}

/**
 * A `LIKE` pattern matching the text anywhere, with the wildcards the user typed taken literally. The escape
 * character is `!`: a backslash inside a string literal means different things to MySQL and the others.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Case-insensitive "contains" on a column, portable across the three dialects. */
export function ilike(column: string, text: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text.toLowerCase())} escape '!'`;
}

/**
 * `paginate` with shaped queries (compiled once per combination of filters and sort, for every tenant): `count` and
 * `rows` build the counted and the listed query from the page's arguments on the tenant database they are handed,
 * binding every value through `param`; they run on `tdb`.
 */
export async function paginateShaped<Row>(
  shaped: TenantShapedQueries,
  tdb: TenantDb,
  name: string,
  args: Record<string, BoundValue>,
  req: PageRequest,
  sortColumns: Record<string, string>,
  defaultSort: Sort,
  idColumn: string,
  // biome-ignore lint/suspicious/noExplicitAny: any query over the rows; only its count is read
  count: (db: TenantDb, param: (key: string) => never) => SelectQueryBuilder<any, any, object>,
  // biome-ignore lint/suspicious/noExplicitAny: the listed query, whatever its tables
  rows: (db: TenantDb, param: (key: string) => never) => SelectQueryBuilder<any, any, Row>,
): Promise<Page<Row>> {
  const sort = sortOf(req, sortColumns, defaultSort);
  const cursor = decodeCursor(req.cursor, sort);
  if (!cursor) checkOffset(req);
  // counted in SQL: every row when asked, otherwise up to the cap over a limited subquery
  const exact = req.exactTotal === true;
  const countArgs = exact ? args : Object.assign({}, args, { 'count.cap': COUNT_CAP + 1 });
  const [countRow] = await shaped(tdb, `${name}.${exact ? 'count' : 'capped'}`, countArgs, '', (db, p) =>
    exact
      ? count(db, p).select(sql<number>`count(*)`.as('total'))
      : // the inner select is scoped when it is embedded; the outer one is built without the scope, which would
        // otherwise add the tenant condition to the inner select a second time
        db
          .withoutPlugins()
          .selectFrom(count(db, p).select(sql.lit(1).as('one')).limit(p('count.cap')).as('capped'))
          .select(sql<number>`count(*)`.as('total')),
  );
  const counted = Number((countRow as { total?: number | string } | undefined)?.total ?? 0);
  if (counted === 0) return answer(req, 0, [] as Row[], undefined, sort, idColumn);
  const back = cursor?.back === true;
  const dir = sort.desc !== back ? 'desc' : 'asc';
  const paged: Record<string, BoundValue> = Object.assign({}, args, { 'page.limit': req.pageSize + 1 });
  if (cursor) Object.assign(paged, { 'cursor.v': cursor.v, 'cursor.i': cursor.i });
  else paged['page.offset'] = (req.page - 1) * req.pageSize;
  const items = (await shaped(
    tdb,
    `${name}.rows`,
    paged,
    `${sort.column}|${dir}|${cursor ? (back ? 'before' : 'after') : 'offset'}`,
    (db, p) => {
      const q = rows(db, p).orderBy(sql.ref(sort.column), dir).orderBy(sql.ref(idColumn), dir).limit(p('page.limit'));
      return cursor ? q.where(seek(sort, idColumn, back, p('cursor.v'), p('cursor.i'))) : q.offset(p('page.offset'));
    },
  )) as Row[];
  return answer(req, counted, items, cursor, sort, idColumn);
}
