import { useCallback, useState } from 'react';

/** Paging and sort as the API takes them (docs/api-contract.md#paging-export-import-upload). */
export interface PageParams<S extends string = string> {
  page: number;
  pageSize: number;
  field?: S;
  order?: 'ascending' | 'descending';
  /** Reach `page` from its neighbour (the `nextCursor` / `prevCursor` the server gave) instead of by offset. */
  cursor?: string;
  /** Count every matching row (a big list's total otherwise stops at the server's cap). */
  exactTotal?: boolean;
}

/** Filters of a search form plus paging and sort; searching goes back to page 1. */
export function usePageParams<F extends object, S extends string = string>(initialFilters: F, pageSize = 20) {
  const [filters, setFilters] = useState<F>(initialFilters);
  const [params, setParams] = useState<PageParams<S>>({ page: 1, pageSize });
  const search = useCallback((next: F) => {
    setFilters(next);
    setParams((p) => ({ ...p, page: 1, cursor: undefined, exactTotal: undefined }));
  }, []);
  // a cursor belongs to the page it was given for: any change that does not name one drops it
  const change = useCallback(
    (next: Partial<PageParams<S>>) => setParams((p) => ({ ...p, cursor: undefined, ...next })),
    [],
  );
  return { filters, params, input: { ...filters, ...params }, search, change };
}
