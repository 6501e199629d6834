import type { PageResult } from '@shelfwise/contract/routes';
import type { PageParams } from './use-page-params';

/** A TanStack query of a page endpoint, as far as the table needs it. */
interface PageQuery<T> {
  data?: PageResult<T>;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The props that connect `CrudTable` to a page query and its paging state (the same for every list page). */
export function pagedTableProps<T, S extends string>(
  page: PageQuery<T>,
  params: PageParams<S>,
  onParamsChange: (next: Partial<PageParams<S>>) => void,
) {
  return {
    rows: page.data?.items ?? [],
    total: page.data?.total,
    pageInfo: page.data,
    loading: page.isFetching,
    params,
    onParamsChange,
    onRefresh: () => void page.refetch(),
  };
}

/**
 * The paging change of a click on the pager: the next or previous page follows the server's cursor when it gave one
 * (no offset walk, and pages deep in a big list stay reachable); any other page, or a new page size, goes by number.
 */
export function pageChange(
  params: PageParams | undefined,
  info: Pick<PageResult<unknown>, 'nextCursor' | 'prevCursor'> | undefined,
  page: number,
  pageSize: number,
): Partial<PageParams> {
  const keep = { exactTotal: params?.exactTotal };
  if (params && pageSize === params.pageSize) {
    if (page === params.page + 1 && info?.nextCursor) return { ...keep, page, pageSize, cursor: info.nextCursor };
    if (page === params.page - 1 && info?.prevCursor) return { ...keep, page, pageSize, cursor: info.prevCursor };
  }
  return { ...keep, page: pageSize === params?.pageSize ? page : 1, pageSize, cursor: undefined };
}
