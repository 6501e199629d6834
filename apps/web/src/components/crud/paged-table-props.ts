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
    loading: page.isFetching,
    params,
    onParamsChange,
    onRefresh: () => void page.refetch(),
  };
}
