import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldTreeNode } from '../../components/crud';
import { call } from '../../lib/api/client';

/** A node of the organisation tree. */
export type OrgNode = RouteOutput<typeof api.sysOrg.list>[number];
/** Filters of the organisation list. */
export type OrgFilters = RouteInput<typeof api.sysOrg.list>;
/** The body of add / update. */
export type OrgInput = RouteInput<typeof api.sysOrg.add> & { id?: number };

/** Query keys of the organisations feature. */
export const orgKeys = {
  all: ['sysOrg'] as const,
  tree: (filters: OrgFilters) => ['sysOrg', 'list', filters] as const,
};

/** The organisation tree within the caller's data scope (a flat match list when filtered). */
export function useOrgTree(filters: OrgFilters = {}, enabled = true) {
  return useQuery({ queryKey: orgKeys.tree(filters), queryFn: () => call(api.sysOrg.list, filters), enabled });
}

/** A node for antd's Tree and TreeSelect (value and key are the id). */
export type OrgTreeItem = FieldTreeNode & { key: number; children?: OrgTreeItem[] };

/**
 * The tree as antd's Tree / TreeSelect want it; leaves get no empty `children`. `disabledId` disables a node and
 * everything below it (an organisation cannot move under itself).
 */
export function orgTreeData(nodes: readonly OrgNode[], disabledId?: number): OrgTreeItem[] {
  return nodes.map((n) => {
    const disabled = n.id === disabledId;
    const children = n.children.length ? orgTreeData(n.children, disabled ? n.id : disabledId) : undefined;
    return { title: n.name, value: n.id, key: n.id, disabled, ...(children ? { children } : {}) };
  });
}

/** Drops empty `children` arrays so the table shows no expand icon on leaves. */
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

/** Every id of a tree, depth first. */
export function treeIds<T extends { id: number; children?: T[] }>(nodes: readonly T[]): number[] {
  return nodes.flatMap((n) => [n.id, ...treeIds(n.children ?? [])]);
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: orgKeys.all });
}

/** Adds or updates an organisation (silently: the dialog shows the outcome). */
export function useSaveOrg() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: OrgInput) =>
      input.id
        ? call(api.sysOrg.update, { ...input, id: input.id }, { silent: true })
        : call(api.sysOrg.add, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Deletes an organisation without children and users. */
export function useDeleteOrg() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(api.sysOrg.delete, { id }), onSuccess: invalidate });
}
