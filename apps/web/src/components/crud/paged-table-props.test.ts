import { describe, expect, it } from 'vitest';
import { pageChange } from './paged-table-props';

describe('pageChange', () => {
  const at3 = { page: 3, pageSize: 20, exactTotal: true };
  const info = { nextCursor: 'n', prevCursor: 'p' };
  it('follows the cursors to the neighbouring pages', () => {
    expect(pageChange(at3, info, 4, 20)).toEqual({ page: 4, pageSize: 20, cursor: 'n', exactTotal: true });
    expect(pageChange(at3, info, 2, 20)).toEqual({ page: 2, pageSize: 20, cursor: 'p', exactTotal: true });
  });
  it('goes by number to any other page, without a cursor, and to page 1 on a new page size', () => {
    expect(pageChange(at3, info, 7, 20)).toEqual({ page: 7, pageSize: 20, cursor: undefined, exactTotal: true });
    expect(pageChange(at3, {}, 4, 20)).toEqual({ page: 4, pageSize: 20, cursor: undefined, exactTotal: true });
    expect(pageChange(at3, info, 4, 50)).toEqual({ page: 1, pageSize: 50, cursor: undefined, exactTotal: true });
  });
});
