import { KeyOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The most key names the server lists (`sysCache/keyList`). */
const KEY_LIST_MAX = 10_000;

/** A prefix of the tree: its text (ending with `:`), the keys under it and the prefixes below it. */
interface PrefixNode {
  prefix: string;
  count: number;
  children: Map<string, PrefixNode>;
}

/** The prefixes of a set of key names, split at each `:` (the last segment, the key's own name, is no prefix). */
export function prefixTree(keys: readonly string[]): PrefixNode {
  const root: PrefixNode = { prefix: '', count: keys.length, children: new Map() };
  for (const key of keys) {
    const parts = key.split(':');
    let node = root;
    let prefix = '';
    for (const part of parts.slice(0, -1)) {
      prefix += `${part}:`;
      let child = node.children.get(part);
      if (!child) {
        child = { prefix, count: 0, children: new Map() };
        node.children.set(part, child);
      }
      child.count++;
      node = child;
    }
  }
  return root;
}

function toData(node: PrefixNode, filter: string): DataNode[] {
  return [...node.children.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([part, child]) => {
      const children = toData(child, filter);
      if (filter && !child.prefix.toLowerCase().includes(filter) && children.length === 0) return [];
      return [
        {
          key: child.prefix,
          title: (
            <span data-testid={`cache-prefix-${child.prefix}`}>
              {part}
              <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                {child.count}
              </Typography.Text>
            </span>
          ),
          children,
        },
      ];
    });
}

/** The tree of key prefixes beside the key list (like Admin.NET's): a click lists the keys under it. */
export function CachePrefixTree(props: {
  keys: readonly string[] | undefined;
  loading: boolean;
  value: string | undefined;
  onChange: (prefix: string | undefined) => void;
}) {
  const { t } = useTranslation('monitor');
  const [text, setText] = useState('');
  const filter = text.trim().toLowerCase();
  const data = useMemo(() => toData(prefixTree(props.keys ?? []), filter), [props.keys, filter]);
  return (
    <Card
      size="small"
      title={
        <span>
          <KeyOutlined style={{ marginInlineEnd: 8 }} />
          {t('cache.prefixes')}
        </span>
      }
      extra={
        props.value ? (
          <Button type="link" size="small" onClick={() => props.onChange(undefined)}>
            {t('cache.allKeys')}
          </Button>
        ) : null
      }
      style={{ height: '100%' }}
      styles={{ body: { padding: 12, maxHeight: 640, overflow: 'auto' } }}
      data-testid="cache-prefix-tree"
    >
      <Input.Search
        allowClear
        placeholder={t('cache.filterPrefixes')}
        onChange={(e) => setText(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {(props.keys?.length ?? 0) >= KEY_LIST_MAX ? (
        <Typography.Paragraph type="warning" style={{ fontSize: 12 }}>
          {t('cache.tooMany', { count: KEY_LIST_MAX })}
        </Typography.Paragraph>
      ) : null}
      {props.loading ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          blockNode
          key={filter}
          defaultExpandAll={filter !== ''}
          treeData={data}
          selectedKeys={props.value ? [props.value] : []}
          onSelect={(keys: Key[]) => props.onChange(keys.length ? String(keys[0]) : undefined)}
        />
      )}
    </Card>
  );
}
