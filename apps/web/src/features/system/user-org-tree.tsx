import { ApartmentOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Spin, Tree } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrgNode, type OrgTreeItem, orgTreeData, treeIds, useOrgTree } from './org.api';

/** The organisations whose name contains the text, with the path down to them. */
function filterTree(nodes: readonly OrgNode[], text: string): OrgNode[] {
  if (!text) return [...nodes];
  const lower = text.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, text);
    return n.name.toLowerCase().includes(lower) || children.length ? [{ ...n, children }] : [];
  });
}

/** The organisation tree beside the account list: a click filters the list by the organisation and below. */
export function UserOrgTree({ value, onChange }: { value?: number; onChange: (orgId: number | undefined) => void }) {
  const { t } = useTranslation('system');
  const tree = useOrgTree();
  const [text, setText] = useState('');
  const shown = useMemo(() => filterTree(tree.data ?? [], text.trim()), [tree.data, text]);
  const treeData: OrgTreeItem[] = useMemo(() => orgTreeData(shown), [shown]);
  const expanded = useMemo(() => treeIds(shown), [shown]);
  return (
    <Card
      size="small"
      title={
        <span>
          <ApartmentOutlined style={{ marginInlineEnd: 8 }} />
          {t('user.orgTree')}
        </span>
      }
      extra={
        value ? (
          <Button type="link" size="small" onClick={() => onChange(undefined)}>
            {t('user.allOrgs')}
          </Button>
        ) : null
      }
      style={{ height: '100%' }}
      styles={{ body: { padding: 12 } }}
      data-testid="user-org-tree"
    >
      <Input.Search
        allowClear
        placeholder={t('user.orgFilter')}
        onChange={(e) => setText(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {tree.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          blockNode
          key={text}
          defaultExpandedKeys={expanded}
          treeData={treeData}
          selectedKeys={value ? [value] : []}
          onSelect={(keys: Key[]) => onChange(keys.length ? Number(keys[0]) : undefined)}
        />
      )}
    </Card>
  );
}
