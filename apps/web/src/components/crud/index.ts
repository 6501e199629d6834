import './crud.texts';

export { Auth, type AuthCheck, useCan } from './auth';
export {
  type CrudFilters,
  type CrudFormValues,
  CrudPage,
  type CrudPageProps,
  type CrudPageQuery,
  type CrudPageState,
  type CrudRow,
  type CrudService,
} from './crud-page';
export { type CrudColumn, CrudTable, type CrudTableProps } from './crud-table';
export {
  branchIds,
  CrudTreePage,
  type CrudTreePageProps,
  type CrudTreeRow,
  type CrudTreeService,
  parentOptions,
  withoutEmptyChildren,
} from './crud-tree-page';
export { EditDialog, type EditDialogProps, trimValues } from './edit-dialog';
export type { FieldConfig, FieldOption, FieldTreeNode } from './form-fields';
export { ImportDialog, type ImportDialogProps, type ImportReport } from './import-dialog';
export { pagedTableProps } from './paged-table-props';
export { RowActions } from './row-actions';
export { SearchForm } from './search-form';
export { StatusCell, statusColumn, TAG_COLORS } from './status-cell';
export { GuardedButton, useClickGuard } from './use-click-guard';
export { type PageParams, usePageParams } from './use-page-params';
export { type InputSchema, issuesByField, type SchemaIssue } from './zod-form';
