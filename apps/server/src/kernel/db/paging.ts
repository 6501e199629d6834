import type { PageResult } from '@shelfwise/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { TenantDb } from './tenant-db';
import type { BoundValue, TenantShapedQueries } from './tenant-prepared';

/** Paging input as every page endpoint receives it (sort field already checked against a whitelist). */
export interface PageRequest {
  page: number;
  pageSize: number;
  field?: string;
  order?: 'ascending' | 'descending';
}

/**
 * Runs a page query: the total and one page of rows, sorted by a whitelisted field (mapped to its column)
 * or by the default order (newest first), always with the id as tie-breaker so pages never overlap.
 * `countQuery` counts the same rows more cheaply when the page query has joins that only add columns.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  req: PageRequest,
  sortColumns: Record<string, string>,
  defaultSort: { column: string; desc: boolean },
  idColumn: string,
  // biome-ignore lint/suspicious/noExplicitAny: any query over the same rows; only its count is read
  countQuery: SelectQueryBuilder<any, any, any> = query,
): Promise<PageResult<O>> {
  const countRow = (await countQuery
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst()) as { total: number | string } | undefined;
  const total = Number(countRow?.total ?? 0);
  const column = req.field ? sortColumns[req.field] : undefined;
  const sort = column ? { column, desc: req.order === 'descending' } : defaultSort;
  const items =
    total === 0
      ? []
      : await query
          .orderBy(sql.ref(sort.column), sort.desc ? 'desc' : 'asc')
          .orderBy(sql.ref(idColumn), sort.desc ? 'desc' : 'asc')
          .limit(req.pageSize)
          .offset((req.page - 1) * req.pageSize)
          .execute();
  const totalPages = Math.ceil(total / req.pageSize);
  return {
    page: req.page,
    pageSize: req.pageSize,
    total,
    totalPages,
    items,
    hasPrevPage: req.page > 1,
    hasNextPage: req.page < totalPages,
  };
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
  defaultSort: { column: string; desc: boolean },
  idColumn: string,
  // biome-ignore lint/suspicious/noExplicitAny: any query over the rows; only its count is read
  count: (db: TenantDb, param: (key: string) => never) => SelectQueryBuilder<any, any, object>,
  // biome-ignore lint/suspicious/noExplicitAny: the listed query, whatever its tables
  rows: (db: TenantDb, param: (key: string) => never) => SelectQueryBuilder<any, any, Row>,
): Promise<PageResult<Row>> {
  const [countRow] = await shaped(tdb, `${name}.count`, args, '', (db, p) =>
    count(db, p).select(sql<number>`count(*)`.as('total')),
  );
  const total = Number((countRow as { total?: number | string } | undefined)?.total ?? 0);
  const column = req.field ? sortColumns[req.field] : undefined;
  const sort = column ? { column, desc: req.order === 'descending' } : defaultSort;
  const paged = Object.assign({}, args, { 'page.limit': req.pageSize, 'page.offset': (req.page - 1) * req.pageSize });
  const items =
    total === 0
      ? []
      : ((await shaped(tdb, `${name}.rows`, paged, `${sort.column}|${sort.desc}`, (db, p) =>
          rows(db, p)
            .orderBy(sql.ref(sort.column), sort.desc ? 'desc' : 'asc')
            .orderBy(sql.ref(idColumn), sort.desc ? 'desc' : 'asc')
            .limit(p('page.limit'))
            .offset(p('page.offset')),
        )) as Row[]);
  const totalPages = Math.ceil(total / req.pageSize);
  return {
    page: req.page,
    pageSize: req.pageSize,
    total,
    totalPages,
    items,
    hasPrevPage: req.page > 1,
    hasNextPage: req.page < totalPages,
  };
}
