import { UploadOutlined } from '@ant-design/icons';
import type { Endpoint } from '@shelfwise/contract';
import type { PageResult, PermissionCode, Route } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, type ColProps, Row } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, call } from '../../lib/api/client';
import { getDownload, postDownload, uploadFile } from '../../lib/api/files';
import { Auth, useCan } from './auth';
import { type CrudColumn, CrudTable, type CrudTableProps } from './crud-table';
import type { ExportScope } from './crud-toolbar';
import { EditDialog } from './edit-dialog';
import type { FieldConfig } from './form-fields';
import { ImportDialog, type ImportDialogProps, type ImportReport } from './import-dialog';
import { pagedTableProps } from './paged-table-props';
import { RowActions } from './row-actions';
import { SearchForm } from './search-form';
import { type PageParams, usePageParams } from './use-page-params';
import './crud.texts';

/**
 * The endpoints of a list service as the contract declares them (`api.warehouseConsignor`, `api.sysPos`, ...): a
 * page, and whichever of add, update, delete, batch delete, export, import and import template it has. Their
 * permission codes decide which buttons show; their input schemas check the edit form.
 */
export interface CrudService {
  page: Endpoint;
  add?: Endpoint;
  update?: Endpoint;
  delete?: Endpoint;
  batchDelete?: Endpoint;
  export?: Endpoint;
  import?: Endpoint;
  importTemplate?: Endpoint;
}

/** A row of the service's page. */
export type CrudRow<S extends CrudService> =
  z.output<S['page']['output']> extends { items: readonly (infer R extends object)[] } ? R : never;
/** The filters of the service's page (its input without paging and sort). */
export type CrudFilters<S extends CrudService> = Omit<
  z.input<S['page']['input']>,
  'page' | 'pageSize' | 'field' | 'order'
>;
/** What the edit form holds: the add endpoint's input. */
export type CrudFormValues<S extends CrudService> = S['add'] extends Endpoint ? z.input<S['add']['input']> : never;

type Identified = { id: number };

/** The filters and paging of a list page (`usePageParams`), when the page keeps them itself. */
export interface CrudPageState {
  filters: object;
  input: object;
  // biome-ignore lint/suspicious/noExplicitAny: each page narrows the sort field to its endpoint's whitelist
  params: PageParams<any>;
  // biome-ignore lint/suspicious/noExplicitAny: the page's own filter type
  search: (filters: any) => void;
  // biome-ignore lint/suspicious/noExplicitAny: each page narrows the sort field to its endpoint's whitelist
  change: (next: Partial<PageParams<any>>) => void;
}
/** A query of the service's page, when the page fetches the list itself. */
export interface CrudPageQuery<S extends CrudService> {
  data?: PageResult<CrudRow<S>>;
  isFetching: boolean;
  isPending: boolean;
  isPlaceholderData: boolean;
  fetchStatus: string;
  refetch: () => unknown;
}
type Permitted = PermissionCode;

const route = (e: Endpoint) => e as unknown as Route;
const codeOf = (e: Endpoint | undefined) => e?.permission as Permitted | undefined;

/** Props of a list page: what it shows and edits is declared; searching, paging, writing and files are wired here. */
export interface CrudPageProps<S extends CrudService> {
  service: S;
  /** Key of the column settings kept per page. */
  pageKey: string;
  title: ReactNode;
  /** The search form's fields (none: no search form; a page may search from its toolbar through `pageState`). */
  searchFields: FieldConfig[];
  /** The data columns; the actions column (edit, delete, `rowActions`) is added when the user may use one. */
  columns: CrudColumn<CrudRow<S>>[];
  /** The add / edit form; without it the page offers neither. */
  form?: {
    /** The fields, or the fields for the row being edited (none when adding). */
    fields: FieldConfig[] | ((row: CrudRow<S> | undefined) => FieldConfig[]);
    addTitle: string;
    editTitle: string;
    width?: number;
    /** Values a new row starts with, or those for the current filters (a new row in the filtered warehouse). */
    defaults?: Partial<CrudFormValues<S>> | ((filters: CrudFilters<S>) => Partial<CrudFormValues<S>>);
    /** Turns the form's values into the body (defaults for fields left empty, ...). */
    toInput?: (values: Record<string, unknown>) => Record<string, unknown>;
    /** The form's values of the edited row (default: the row itself), e.g. codes as a cascader's path. */
    fromRow?: (row: CrudRow<S>) => Record<string, unknown>;
    /** Sends the checked body through `save` and does more after it (a file uploaded once the row has its id). */
    submit?: (
      body: Record<string, unknown>,
      save: (body: Record<string, unknown>) => Promise<unknown>,
    ) => Promise<unknown>;
    /** After a save, with the server's answer and the body (a generated password to show once, ...). */
    onSaved?: (result: unknown, body: Record<string, unknown>) => void;
  };
  /**
   * A service without an export endpoint: the table writes the rows itself (CSV) under this file name, "all" reading
   * every page of the current filters.
   */
  clientExport?: string;
  /** Other services whose lists show figures of this one (their queries refresh after a write here). */
  alsoInvalidates?: readonly string[];
  /** Adding also needs what the form's pickers read (default: the add permission alone decides). */
  canAdd?: boolean;
  /** How a row is named in the delete confirmation. */
  rowName: (row: CrudRow<S>) => string;
  /** Why a row cannot be deleted (the delete link is disabled with this as its tooltip). */
  deleteDisabled?: (row: CrudRow<S>) => string | undefined;
  /** After a row was deleted (a master list clears the detail it showed). */
  onDeleted?: (row: CrudRow<S>) => void;
  /** The message after a batch delete, from the server's answer and the ids sent (default: none). */
  batchDeleted?: (result: unknown, ids: number[]) => string;
  /** More links in a row's actions. */
  rowActions?: (row: CrudRow<S>) => ReactNode;
  /** More buttons in the toolbar; a function gets the selected row keys (actions on the selection). */
  toolbarExtra?: ReactNode | ((selected: Key[]) => ReactNode);
  /** Download names (without .xlsx) of the export and the import template. */
  files?: { export: string; template?: string };
  /** Test ids: `<testId>-dialog`, `<testId>-import`, `<testId>-import-dialog`. */
  testId: string;

  // For lists with more than one endpoint's behaviour (counting, storage locations, snapshots):
  /** The page keeps the filters and paging (`usePageParams`): its header, dialogs or the address use them. */
  pageState?: CrudPageState;
  /** The page fetches the list itself (polled while counting, or only once a task is chosen). */
  query?: CrudPageQuery<S>;
  /** Refetches update the figures in place, without the loading veil (lists polled while counting). */
  quietRefetch?: boolean;
  /** Whether the refresh button shows (default: yes; not while there is nothing to fetch). */
  refreshable?: boolean;
  /** Turns the search form's values into the filters (a date range into from / to dates or start / end times). */
  toFilters?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Values the search form starts with (a task given in the address). */
  searchInitialValues?: Record<string, unknown>;
  /** Shown between the search form and the table (what the list is narrowed to). */
  header?: ReactNode;
  /** Adding opens the page's own dialog instead of `form` (shown by the add endpoint's permission). */
  onAdd?: () => void;
  /** Row actions as icons with tooltips (wide tables). */
  compactActions?: boolean;
  /** The page's toolbar buttons come before Import (default: after it). */
  toolbarFirst?: boolean;
  /** The batch delete message is a success (green) rather than an information. */
  batchDeletedSuccess?: boolean;
  /** Why nothing can be exported now (shown as a warning instead of exporting). */
  exportBlocked?: string;
  /** More props of the antd table (expandable rows, row events, the empty text). */
  tableProps?: CrudTableProps<CrudRow<S>>['tableProps'];
  /** No padding around the page (a panel inside tabs). */
  bare?: boolean;

  // For lists beside a tree, with live state or their own import texts (accounts, logs, online users):
  /** Shown above the search form (a page's own settings card). */
  banner?: ReactNode;
  /** A panel left of the search and the table (a tree choosing `filter`). */
  aside?: ReactNode;
  /** Filters chosen outside the search form (the aside's node): sent with every page and export, back to page 1. */
  filter?: Record<string, unknown>;
  /** Grid of a search field (narrower beside an aside). */
  searchColProps?: ColProps;
  /** Whether a row may be edited (default: every row). */
  canEdit?: (row: CrudRow<S>) => boolean;
  /** Re-reads the page this often (ms) while it is open (lists of live state). */
  refetchInterval?: number;
  /** The import dialog's own texts and what it shows after the report. */
  importDialog?: Pick<ImportDialogProps<ImportReport>, 'title' | 'hint' | 'dropHint' | 'extra'>;
}

/**
 * A list page of one contract service: search form, paged and sortable table with column settings, add / edit
 * dialog checked with the endpoint's schema, delete and batch delete, export of the selected rows / this page / all
 * (streamed by the server), and import with its report. Buttons show only for the permissions their endpoints
 * declare. Writes invalidate every query of the service (`[service, ...]` keys), so its pickers refresh too.
 */
export function CrudPage<S extends CrudService>(props: CrudPageProps<S>) {
  const { service, form, files, testId } = props;
  const { t } = useTranslation('crud');
  const { message } = App.useApp();
  const can = useCan();
  const qc = useQueryClient();
  const name = service.page.service;
  const ownState = usePageParams<CrudFilters<S> & object>({} as CrudFilters<S> & object);
  const paging = props.pageState ?? ownState;
  const { params, search, change } = paging;
  const filterKey = useFirstPageOn(props.filter, change);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the outside filters change with their key
  const filters = useMemo(() => ({ ...paging.filters, ...props.filter }), [paging.filters, filterKey]);
  const input = { ...filters, ...params };
  const ownQuery = useQuery({
    queryKey: [name, 'page', input],
    queryFn: () => call(route(service.page), input) as Promise<PageResult<CrudRow<S>>>,
    placeholderData: keepPreviousData,
    enabled: !props.query,
    refetchInterval: props.refetchInterval,
  });
  const page = props.query ?? ownQuery;
  const invalidate = () =>
    Promise.all([name, ...(props.alsoInvalidates ?? [])].map((key) => qc.invalidateQueries({ queryKey: [key] })));
  const save = useMutation({
    mutationFn: (body: Partial<Identified>) =>
      body.id && service.update
        ? call(route(service.update), body, { silent: true })
        : call(route(service.add as Endpoint), body, { silent: true }),
    onSuccess: (result, body) => {
      form?.onSaved?.(result, body);
      return invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(route(service.delete as Endpoint), { id }),
    onSuccess: invalidate,
  });
  const batchRemove = useMutation({
    mutationFn: (ids: number[]) => call(route(service.batchDelete as Endpoint), ids),
    onSuccess: invalidate,
  });
  const importRows = useMutation({
    mutationFn: ({ file, partial }: { file: File; partial: boolean }) =>
      uploadFile(route(service.import as Endpoint), file, { partial: String(partial) }) as Promise<ImportReport>,
    onSuccess: invalidate,
  });
  const [editing, setEditing] = useState<{ row?: CrudRow<S> } | null>(null);
  const [importing, setImporting] = useState(false);

  const editCode = form && service.update ? codeOf(service.update) : undefined;
  const deleteCode = codeOf(service.delete);
  const showActions = (editCode && can(editCode)) || (deleteCode && can(deleteCode)) || props.rowActions !== undefined;
  const columns: CrudColumn<CrudRow<S>>[] = showActions
    ? [
        ...props.columns,
        {
          key: 'actions',
          title: t('actions'),
          fixedColumn: true,
          fixed: 'right',
          render: (_: unknown, row: CrudRow<S>) => (
            <RowActions
              compact={props.compactActions}
              name={props.rowName(row)}
              onEdit={editCode && (props.canEdit?.(row) ?? true) ? () => setEditing({ row }) : undefined}
              editCode={editCode ?? { all: [] }}
              onDelete={
                deleteCode
                  ? async () => {
                      await remove.mutateAsync((row as Identified).id);
                      props.onDeleted?.(row);
                    }
                  : undefined
              }
              deleteCode={deleteCode ?? { all: [] }}
              deleteDisabled={props.deleteDisabled?.(row)}
            >
              {props.rowActions?.(row)}
            </RowActions>
          ),
        },
      ]
    : props.columns;

  const exportFile = async (scope: ExportScope, keys: Key[]) => {
    if (!service.export || (scope === 'selected' && keys.length === 0)) return;
    if (props.exportBlocked) {
      void message.warning(props.exportBlocked);
      return;
    }
    const { page: p, pageSize, ...filters } = input as typeof input & { page: number; pageSize: number };
    try {
      await postDownload(
        route(service.export),
        {
          ...filters,
          scope,
          ...(scope === 'page' ? { page: p, pageSize } : {}),
          ...(scope === 'selected' ? { ids: keys.map(Number) } : {}),
        },
        `${files?.export ?? name}.xlsx`,
      );
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : t('exportFailed'));
    }
  };
  const fetchAll = async () => {
    const out: CrudRow<S>[] = [];
    // page after page by cursor where the list gives one (no offset walk), otherwise by number
    let next: { page: number; cursor?: string } = { page: 1 };
    for (;;) {
      const res = (await call(route(service.page), { ...filters, ...next, pageSize: 500 })) as PageResult<CrudRow<S>>;
      out.push(...res.items);
      if (!res.hasNextPage) return out;
      next = { page: res.page + 1, cursor: res.nextCursor ?? undefined };
    }
  };
  const batchDelete = async (keys: Key[]) => {
    const ids = keys.map(Number);
    const result = await batchRemove.mutateAsync(ids);
    if (props.batchDeleted)
      void message[props.batchDeletedSuccess ? 'success' : 'info'](props.batchDeleted(result, ids));
  };
  const defaults = form?.defaults;
  const initialValues = useMemo(
    () =>
      ((editing?.row && form?.fromRow ? form.fromRow(editing.row) : editing?.row) ??
        (typeof defaults === 'function' ? defaults(filters as CrudFilters<S>) : defaults) ??
        {}) as Record<string, unknown>,
    [editing, defaults, filters, form?.fromRow],
  );
  const importCode = codeOf(service.import);
  const exportCode = codeOf(service.export);
  const template = service.importTemplate;
  const importButton = importCode ? (
    <Auth code={importCode}>
      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid={`${testId}-import`}>
        {t('importButton')}
      </Button>
    </Auth>
  ) : null;
  const extra = props.toolbarExtra;
  const table = pagedTableProps(page, params, change);

  const list = (
    <>
      {props.searchFields.length ? (
        <SearchForm<Record<string, unknown>>
          fields={props.searchFields}
          initialValues={props.searchInitialValues}
          onSearch={(f) => search((props.toFilters ? props.toFilters(f) : f) as CrudFilters<S>)}
          colProps={props.searchColProps}
        />
      ) : null}
      {props.header}
      <CrudTable<CrudRow<S>>
        pageKey={props.pageKey}
        title={props.title}
        columns={columns}
        {...table}
        loading={
          props.quietRefetch ? page.fetchStatus !== 'idle' && (page.isPending || page.isPlaceholderData) : table.loading
        }
        onRefresh={props.refreshable === false ? undefined : table.onRefresh}
        onAdd={
          props.onAdd && service.add
            ? props.onAdd
            : form && service.add && props.canAdd !== false
              ? () => setEditing({})
              : undefined
        }
        addCode={codeOf(service.add)}
        onBatchDelete={service.batchDelete ? batchDelete : undefined}
        batchDeleteCode={codeOf(service.batchDelete)}
        exportFile={exportCode && can(exportCode) ? exportFile : undefined}
        exportName={props.clientExport}
        fetchAll={props.clientExport ? fetchAll : undefined}
        toolbarExtra={(selected: Key[]) => {
          const own = typeof extra === 'function' ? extra(selected) : extra;
          return props.toolbarFirst ? (
            <>
              {own}
              {importButton}
            </>
          ) : (
            <>
              {importButton}
              {own}
            </>
          );
        }}
        tableProps={props.tableProps}
      />
    </>
  );

  return (
    <div style={props.bare ? undefined : { padding: 12 }}>
      {props.banner}
      {props.aside ? (
        <Row gutter={12} wrap={false}>
          <Col flex="none">{props.aside}</Col>
          <Col flex="auto" style={{ minWidth: 0 }}>
            {list}
          </Col>
        </Row>
      ) : (
        list
      )}
      {form && service.add ? (
        <EditDialog<Record<string, unknown>>
          open={!!editing}
          title={editing?.row ? form.editTitle : form.addTitle}
          fields={typeof form.fields === 'function' ? form.fields(editing?.row) : form.fields}
          width={form.width}
          initialValues={initialValues}
          schema={(editing?.row && service.update ? service.update : service.add).input}
          toInput={(v) => ({
            ...(form.toInput ? form.toInput(v) : v),
            id: (editing?.row as Identified | undefined)?.id,
          })}
          onSubmit={(body) =>
            form.submit
              ? form.submit(body as Record<string, unknown>, (b) => save.mutateAsync(b as Partial<Identified>))
              : save.mutateAsync(body as Partial<Identified>)
          }
          onClose={() => setEditing(null)}
          testId={`${testId}-dialog`}
        />
      ) : null}
      {service.import ? (
        <ImportDialog
          open={importing}
          onClose={() => setImporting(false)}
          onImport={(i) => importRows.mutateAsync(i)}
          pending={importRows.isPending}
          downloadTemplate={
            template
              ? () => getDownload(route(template), `${files?.template ?? `${name}-import-template`}.xlsx`)
              : undefined
          }
          testId={`${testId}-import-dialog`}
          {...props.importDialog}
        />
      ) : null}
    </div>
  );
}

/** Goes back to the first page when the filters chosen outside the search form change. */
function useFirstPageOn(filter: Record<string, unknown> | undefined, change: (next: { page: number }) => void) {
  const key = JSON.stringify(filter ?? {});
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    change({ page: 1 });
  }, [key, change]);
  return key;
}
