import { App, Button, Drawer, Empty, Flex, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './system.texts';

/** A node of a grant tree: a directory (1), menu (2) or button (3). */
export interface GrantTreeNode {
  id: number;
  type: number;
  title: string;
  permission: string | null;
  children?: readonly GrantTreeNode[];
}

const KIND_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange' };

function toTreeData(nodes: readonly GrantTreeNode[], kind: (type: number) => string): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: (
      <Space size={6}>
        <span>{n.title}</span>
        {n.type === 3 ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {n.permission}
          </Typography.Text>
        ) : (
          <Tag color={KIND_COLORS[n.type]} style={{ marginInlineEnd: 0 }}>
            {kind(n.type)}
          </Tag>
        )}
      </Space>
    ),
    ...(n.children?.length ? { children: toTreeData(n.children, kind) } : {}),
  }));
}

/** Ids of the nodes without children (antd derives the parents' state from their leaves). */
function leafIds(nodes: readonly GrantTreeNode[], out = new Set<number>()): Set<number> {
  for (const n of nodes) {
    if (n.children?.length) leafIds(n.children, out);
    else out.add(n.id);
  }
  return out;
}

/** Ids of the directories (opened at first: menus show, their buttons stay folded). */
function directoryIds(nodes: readonly GrantTreeNode[]): number[] {
  return nodes.flatMap((n) => (n.type === 1 ? [n.id, ...directoryIds(n.children ?? [])] : []));
}

/** Ids of the nodes with children (for "expand all"). */
function branchIds(nodes: readonly GrantTreeNode[]): number[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...branchIds(n.children)] : []));
}

/**
 * A menu and button grant (of a role, or of a tenant): a checkable tree, buttons as leaves with their permission
 * code, pre-checked from the granted ids; saving sends the checked and half-checked entries (a granted button
 * needs its menu and directory).
 */
export function MenuGrantDrawer({
  open,
  title,
  hint,
  nodes,
  granted,
  loading,
  onSave,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  hint: string;
  nodes: readonly GrantTreeNode[] | undefined;
  granted: readonly number[] | undefined;
  loading: boolean;
  onSave: (menuIds: number[]) => Promise<unknown>;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const [checked, setChecked] = useState<Key[]>([]);
  const [halfChecked, setHalfChecked] = useState<Key[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const treeData = useMemo(() => toTreeData(nodes ?? [], (k) => t(`grant.kind.${k}`)), [nodes, t]);
  const leaves = useMemo(() => leafIds(nodes ?? []), [nodes]);
  const branches = useMemo(() => branchIds(nodes ?? []), [nodes]);

  useEffect(() => {
    setChecked((granted ?? []).filter((id) => leaves.has(id)));
    setHalfChecked([]);
  }, [granted, leaves]);
  useEffect(() => setExpanded(directoryIds(nodes ?? [])), [nodes]);

  const save = async () => {
    setSaving(true);
    try {
      await onSave([...new Set([...checked, ...halfChecked].map(Number))]);
      void message.success(tc('saved'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      title={title}
      size={560}
      onClose={onClose}
      destroyOnHidden
      data-testid={testId}
      extra={
        <Space>
          <Button size="small" onClick={() => setExpanded(expanded.length === branches.length ? [] : branches)}>
            {expanded.length === branches.length ? t('common.collapseAll') : t('common.expandAll')}
          </Button>
          <Button
            size="small"
            onClick={() => {
              setChecked(checked.length ? [] : [...leaves]);
              setHalfChecked([]);
            }}
          >
            {checked.length ? t('common.clearAll') : t('common.checkAll')}
          </Button>
        </Space>
      }
      footer={
        <Flex justify="space-between" align="center" gap={12}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
          <Space>
            <Button onClick={onClose}>{tc('cancel')}</Button>
            <Button type="primary" loading={saving} disabled={loading} onClick={() => void save()}>
              {tc('ok')}
            </Button>
          </Space>
        </Flex>
      }
    >
      {loading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : treeData.length === 0 ? (
        <Empty description={t('grant.nothing')} />
      ) : (
        <Tree
          checkable
          blockNode
          selectable={false}
          treeData={treeData}
          checkedKeys={checked}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          onCheck={(keys, info) => {
            setChecked(Array.isArray(keys) ? keys : keys.checked);
            setHalfChecked(info.halfCheckedKeys ?? []);
          }}
        />
      )}
    </Drawer>
  );
}
