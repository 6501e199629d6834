import type { PageResult } from '@shelfwise/contract';
import { type SelectQueryBuilder, sql } from 'kysely';

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
