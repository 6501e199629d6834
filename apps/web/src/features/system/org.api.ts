import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { FieldTreeNode } from '../../components/crud';
import { call } from '../../lib/api/client';

/** A node of the organisation tree. */
export type OrgNode = RouteOutput<typeof api.sysOrg.list>[number];
/** Filters of the organisation list. */
export type OrgFilters = RouteInput<typeof api.sysOrg.list>;

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

/** Every id of a tree, depth first. */
export function treeIds<T extends { id: number; children?: T[] }>(nodes: readonly T[]): number[] {
  return nodes.flatMap((n) => [n.id, ...treeIds(n.children ?? [])]);
}
