import { PlusOutlined } from '@ant-design/icons';
import type { Endpoint } from '@shelfwise/contract';
import type { PermissionCode, Route } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Grid, Tooltip } from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../lib/api/client';
import { Auth, useCan } from './auth';
import type { CrudColumn } from './crud-table';
import { CrudTable } from './crud-table';
import { EditDialog } from './edit-dialog';
import type { FieldConfig, FieldTreeNode } from './form-fields';
import { RowActions } from './row-actions';
import { SearchForm } from './search-form';
import './crud.texts';

/**
 * The endpoints of a tree service (`api.sysOrg`, `api.sysMenu`): a list answering the whole tree (or the matches of
 * its filters), and whichever of add, update and delete it has.
 */
export interface CrudTreeService {
  list: Endpoint;
  add?: Endpoint;
  update?: Endpoint;
  delete?: Endpoint;
}

/** A node of the service's tree. */
export type CrudTreeRow<S extends CrudTreeService> =
  z.output<S['list']['output']> extends readonly (infer R extends object)[] ? R : never;

type Node = { id: number; children?: Node[] };
type Values = Record<string, unknown>;

const route = (e: Endpoint) => e as unknown as Route;
const codeOf = (e: Endpoint | undefined) => e?.permission as PermissionCode | undefined;

/** Props of a tree page: what it shows and edits is declared; loading, expanding and writing are wired here. */
export interface CrudTreePageProps<S extends CrudTreeService> {
  service: S;
  /** Key of the column settings kept per page. */
  pageKey: string;
  title: ReactNode;
  /** Search fields sent to the list endpoint (none: the page shows the whole tree). */
  searchFields?: FieldConfig[];
  /** The data columns; the actions column is added. A function receives `save` (a status switch in a cell). */
  columns: CrudColumn<CrudTreeRow<S>>[] | ((save: (body: Values) => Promise<unknown>) => CrudColumn<CrudTreeRow<S>>[]);
  /** How a node is named in the delete confirmation and in the parent picker. */
  rowName: (row: CrudTreeRow<S>) => string;
  /**
   * Which nodes may be parents in the picker (default: every node); the edited node and its branch are always
   * disabled, so nothing moves under itself.
   */
  canParent?: (row: CrudTreeRow<S>) => boolean;
  form?: {
    /** The fields, given the parent choices (the top level first, value 0). */
    fields: (parents: FieldTreeNode[], row: CrudTreeRow<S> | undefined) => FieldConfig[];
    /** Fields that depend on the form's values (a menu's kind). */
    more?: (values: Values) => FieldConfig[];
    addTitle: string;
    editTitle: string;
    width?: number;
    /** Values of a new node, under `parent` when it is added as a child. */
    defaults: (parent: CrudTreeRow<S> | undefined) => Values;
    /** Turns the form's values into the body (defaults for fields left empty). */
    toInput?: (values: Values) => Values;
  };
  /** "Add child" on a node: its label and whether this node takes children (default: every node, the label "Add child"). */
  addChild?: { label?: string; allowed?: (row: CrudTreeRow<S>) => boolean };
  /** Why a node cannot be deleted (default: it has children; the server refuses what else it must). */
  deleteDisabled?: (row: CrudTreeRow<S>) => string | undefined;
  /** Whether the tree opens fully expanded with an "Expand all / Collapse all" button (default: yes). */
  expandAll?: boolean;
  /** Other query keys refreshed after a write (the shell's menu after a menu changes). */
  alsoInvalidates?: readonly string[];
  /** The CSV file name of the export (the visible tree, flattened). */
  exportName: string;
  /** More buttons in the toolbar. */
  toolbarExtra?: ReactNode;
  /** Test id of the dialog: `<testId>-dialog`. */
  testId: string;
}

/**
 * A tree page of one contract service (organisations, menus): search, the tree table with column settings and
 * expand / collapse all, add at the top or under a node, edit with the parent picker, delete of a leaf, and the CSV
 * export of what is shown. Buttons show only for the permissions their endpoints declare; a write refreshes every
 * query of the service, so its pickers elsewhere follow.
 */
export function CrudTreePage<S extends CrudTreeService>(props: CrudTreePageProps<S>) {
  const { service, form, testId } = props;
  type Row = CrudTreeRow<S>;
  const { t } = useTranslation('crud');
  const can = useCan();
  const qc = useQueryClient();
  const name = service.list.service;
  const [filters, setFilters] = useState<Values>({});
  const tree = useQuery({
    queryKey: [name, 'list', filters],
    queryFn: () => call(route(service.list), filters) as Promise<Row[]>,
  });
  const invalidate = () =>
    Promise.all([name, ...(props.alsoInvalidates ?? [])].map((key) => qc.invalidateQueries({ queryKey: [key] })));
  const save = useMutation({
    mutationFn: (body: Values) =>
      body.id && service.update
        ? call(route(service.update), body, { silent: true })
        : call(route(service.add as Endpoint), body, { silent: true }),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(route(service.delete as Endpoint), { id }),
    onSuccess: invalidate,
  });
  const [editing, setEditing] = useState<{ row?: Row; parent?: Row } | null>(null);
  const [collapsed, setCollapsed] = useState<Key[] | null>(null);
  const nodes = useMemo(() => withoutEmptyChildren((tree.data ?? []) as unknown as Node[]), [tree.data]);
  const branches = useMemo(() => branchIds(nodes), [nodes]);
  const expanded = collapsed ?? branches;
  const expandAll = props.expandAll !== false;

  const addCode = codeOf(service.add);
  const editCode = form ? codeOf(service.update) : undefined;
  const deleteCode = codeOf(service.delete);
  const childLabel = props.addChild?.label ?? t('addChild');
  // on a phone the actions are icons with tooltips, or they would take the whole width of the table
  const narrow = Grid.useBreakpoint().md === false;
  const actions: CrudColumn<Row> = {
    key: 'actions',
    title: t('actions'),
    fixedColumn: true,
    fixed: 'right',
    render: (_: unknown, row: Row) => (
      <RowActions
        compact={narrow}
        name={props.rowName(row)}
        onEdit={editCode ? () => setEditing({ row }) : undefined}
        editCode={editCode ?? { all: [] }}
        onDelete={deleteCode ? () => remove.mutateAsync((row as unknown as Node).id) : undefined}
        deleteCode={deleteCode ?? { all: [] }}
        deleteDisabled={
          props.deleteDisabled
            ? props.deleteDisabled(row)
            : (row as Node).children?.length
              ? t('hasChildren')
              : undefined
        }
      >
        {form && addCode && (props.addChild?.allowed?.(row) ?? true) ? (
          <Auth code={addCode}>
            <Tooltip title={narrow ? childLabel : undefined}>
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ parent: row })}
                aria-label={childLabel}
              >
                {narrow ? null : childLabel}
              </Button>
            </Tooltip>
          </Auth>
        ) : null}
      </RowActions>
    ),
  };
  const own = typeof props.columns === 'function' ? props.columns((b) => save.mutateAsync(b)) : props.columns;
  const showActions = (editCode && can(editCode)) || (deleteCode && can(deleteCode)) || (addCode && can(addCode));
  const columns = showActions ? [...own, actions] : own;

  const editedId = (editing?.row as Node | undefined)?.id;
  const parents = useMemo(
    () => [
      { title: t('topLevel'), value: 0 },
      ...parentOptions(nodes as unknown as Row[], props.rowName, props.canParent, editedId),
    ],
    [nodes, props.rowName, props.canParent, editedId, t],
  );
  const initialValues = useMemo(
    () => (editing?.row ? (editing.row as Values) : (form?.defaults(editing?.parent) ?? {})),
    [editing, form],
  );

  return (
    <div style={{ padding: 12 }}>
      {props.searchFields?.length ? <SearchForm<Values> fields={props.searchFields} onSearch={setFilters} /> : null}
      <CrudTable<Row>
        pageKey={props.pageKey}
        title={props.title}
        columns={columns}
        rows={nodes as unknown as Row[]}
        loading={tree.isFetching}
        onRefresh={() => void tree.refetch()}
        onAdd={form && service.add ? () => setEditing({}) : undefined}
        addCode={addCode}
        exportName={props.exportName}
        toolbarExtra={
          <>
            {props.toolbarExtra}
            {expandAll ? (
              <Button onClick={() => setCollapsed(expanded.length ? [] : null)}>
                {expanded.length ? t('collapseAll') : t('expandAll')}
              </Button>
            ) : null}
          </>
        }
        tableProps={{
          rowKey: 'id',
          pagination: false,
          expandable: expandAll
            ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setCollapsed([...keys]), indentSize: 20 }
            : { indentSize: 20 },
        }}
      />
      {form && service.add ? (
        <EditDialog<Values>
          open={!!editing}
          width={form.width}
          title={editing?.row ? form.editTitle : form.addTitle}
          fields={form.fields(parents, editing?.row)}
          initialValues={initialValues}
          schema={(editing?.row && service.update ? service.update : service.add).input}
          toInput={(v) => ({ ...(form.toInput ? form.toInput(v) : v), id: editedId, pid: v.pid ?? 0 })}
          onSubmit={(body) => save.mutateAsync(body as Values)}
          onClose={() => setEditing(null)}
          testId={`${testId}-dialog`}
        >
          {form.more}
        </EditDialog>
      ) : null}
    </div>
  );
}

/** Drops empty `children` arrays, so the table shows no expand icon on leaves. */
export function withoutEmptyChildren<T extends { children?: T[] }>(nodes: readonly T[]): T[] {
  return nodes.map((n) => {
    const { children, ...rest } = n;
    return (children?.length ? { ...rest, children: withoutEmptyChildren(children) } : rest) as T;
  });
}

/** Ids of the nodes that have children (what "expand all" opens). */
export function branchIds<T extends { id: number; children?: T[] }>(nodes: readonly T[]): number[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...branchIds(n.children)] : []));
}

/**
 * Parent choices for a tree select: the nodes that `canParent` allows, the edited node and everything below it
 * disabled (nothing moves under itself).
 */
export function parentOptions<R extends object>(
  nodes: readonly R[],
  label: (row: R) => string,
  canParent: ((row: R) => boolean) | undefined,
  disabledId: number | undefined,
): FieldTreeNode[] {
  const walk = (list: readonly R[], disabledAbove: boolean): FieldTreeNode[] =>
    list
      .filter((r) => canParent?.(r) ?? true)
      .map((r) => {
        const node = r as unknown as Node;
        const disabled = disabledAbove || node.id === disabledId;
        const children = node.children?.length ? walk(node.children as unknown as R[], disabled) : undefined;
        return { title: label(r), value: node.id, disabled, ...(children?.length ? { children } : {}) };
      });
  return walk(nodes, false);
}
