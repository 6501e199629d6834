import { UploadOutlined } from '@ant-design/icons';
import type { Endpoint } from '@shelfwise/contract';
import type { PageResult, PermissionCode, Route } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, call } from '../../lib/api/client';
import { getDownload, postDownload, uploadFile } from '../../lib/api/files';
import { Auth, useCan } from './auth';
import { type CrudColumn, CrudTable } from './crud-table';
import type { ExportScope } from './crud-toolbar';
import { EditDialog } from './edit-dialog';
import type { FieldConfig } from './form-fields';
import { ImportDialog, type ImportReport } from './import-dialog';
import { pagedTableProps } from './paged-table-props';
import { RowActions } from './row-actions';
import { SearchForm } from './search-form';
import { usePageParams } from './use-page-params';
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
type Permitted = PermissionCode;

const route = (e: Endpoint) => e as unknown as Route;
const codeOf = (e: Endpoint | undefined) => e?.permission as Permitted | undefined;

/** Props of a list page: what it shows and edits is declared; searching, paging, writing and files are wired here. */
export interface CrudPageProps<S extends CrudService> {
  service: S;
  /** Key of the column settings kept per page. */
  pageKey: string;
  title: ReactNode;
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
  /** The message after a batch delete, from the server's answer (default: none). */
  batchDeleted?: (result: unknown) => string;
  /** More links in a row's actions. */
  rowActions?: (row: CrudRow<S>) => ReactNode;
  /** More buttons in the toolbar. */
  toolbarExtra?: ReactNode;
  /** Download names (without .xlsx) of the export and the import template. */
  files?: { export: string; template?: string };
  /** Test ids: `<testId>-dialog`, `<testId>-import`, `<testId>-import-dialog`. */
  testId: string;
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
  const { filters, params, input, search, change } = usePageParams<CrudFilters<S> & object>(
    {} as CrudFilters<S> & object,
  );
  const page = useQuery({
    queryKey: [name, 'page', input],
    queryFn: () => call(route(service.page), input) as Promise<PageResult<CrudRow<S>>>,
    placeholderData: keepPreviousData,
  });
  const invalidate = () =>
    Promise.all([name, ...(props.alsoInvalidates ?? [])].map((key) => qc.invalidateQueries({ queryKey: [key] })));
  const save = useMutation({
    mutationFn: (body: Partial<Identified>) =>
      body.id && service.update
        ? call(route(service.update), body, { silent: true })
        : call(route(service.add as Endpoint), body, { silent: true }),
    onSuccess: invalidate,
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
              name={props.rowName(row)}
              onEdit={editCode ? () => setEditing({ row }) : undefined}
              editCode={editCode ?? { all: [] }}
              onDelete={deleteCode ? () => remove.mutateAsync((row as Identified).id) : undefined}
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
    const result = await batchRemove.mutateAsync(keys.map(Number));
    if (props.batchDeleted) void message.info(props.batchDeleted(result));
  };
  const defaults = form?.defaults;
  const initialValues = useMemo(
    () =>
      (editing?.row ??
        (typeof defaults === 'function' ? defaults(filters as CrudFilters<S>) : defaults) ??
        {}) as Record<string, unknown>,
    [editing, defaults, filters],
  );
  const importCode = codeOf(service.import);
  const exportCode = codeOf(service.export);
  const template = service.importTemplate;

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<Record<string, unknown>> fields={props.searchFields} onSearch={(f) => search(f as CrudFilters<S>)} />
      <CrudTable<CrudRow<S>>
        pageKey={props.pageKey}
        title={props.title}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={form && service.add && props.canAdd !== false ? () => setEditing({}) : undefined}
        addCode={codeOf(service.add)}
        onBatchDelete={service.batchDelete ? batchDelete : undefined}
        batchDeleteCode={codeOf(service.batchDelete)}
        exportFile={exportCode && can(exportCode) ? exportFile : undefined}
        exportName={props.clientExport}
        fetchAll={props.clientExport ? fetchAll : undefined}
        toolbarExtra={
          <>
            {importCode ? (
              <Auth code={importCode}>
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid={`${testId}-import`}>
                  {t('importButton')}
                </Button>
              </Auth>
            ) : null}
            {props.toolbarExtra}
          </>
        }
      />
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
          onSubmit={(body) => save.mutateAsync(body as Partial<Identified>)}
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
        />
      ) : null}
    </div>
  );
}
