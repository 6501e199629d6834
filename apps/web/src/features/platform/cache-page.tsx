import { ClearOutlined, DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { sysCache } from '@shelfwise/contract';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type CrudColumn, CrudPage, type FieldConfig, useCan } from '../../components/crud';
import { useNarrow } from '../../lib/layout/narrow';
import { CachePrefixTree } from './cache-prefix-tree';
import { type CacheKeyRow, CacheValueDrawer } from './cache-value-drawer';
import { useCacheDeletes, useCacheKeyList } from './monitor.api';
import { bytes } from './monitor-format';
import './monitor.texts';

/** The list of the page: no add, edit or delete by id (keys are deleted by name below). */
const service = { page: sysCache.page };

/**
 * Cache monitor (`sysCache`): a tree of key prefixes beside the keys under the chosen one (type, time to live,
 * size), the masked value of a key, and deleting a key, a prefix or everything, each after a confirmation. A
 * tenant's administrator sees only the tenant's keys (the server decides).
 */
export default function CachePage() {
  const { t } = useTranslation('monitor');
  const { t: tc } = useTranslation('crud');
  const { modal, message } = App.useApp();
  const can = useCan();
  const narrow = useNarrow();
  const [prefix, setPrefix] = useState<string>();
  const [viewing, setViewing] = useState<CacheKeyRow>();
  const keys = useCacheKeyList();
  const { deleteKey, deletePrefix, clear } = useCacheDeletes();
  const under = (p: string) => (keys.data ?? []).filter((k) => k.startsWith(p)).length;

  const confirm = (o: { title: string; content: string; ok: string; run: () => Promise<unknown> }) =>
    modal.confirm({
      title: o.title,
      content: o.content,
      okText: o.ok,
      cancelText: tc('cancel'),
      okButtonProps: { danger: true },
      onOk: o.run,
    });

  const removeKey = (row: CacheKeyRow) =>
    confirm({
      title: t('cache.deleteTitle'),
      content: t('cache.deleteConfirm', { key: row.key }),
      ok: t('cache.delete'),
      run: async () => {
        await deleteKey.mutateAsync(row.key);
        void message.success(t('cache.deleted'));
      },
    });

  const removePrefix = (p: string) =>
    confirm({
      title: t('cache.deletePrefixTitle'),
      content: t('cache.deletePrefixConfirm', { prefix: p, count: under(p) }),
      ok: t('cache.deletePrefix'),
      run: async () => {
        const n = await deletePrefix.mutateAsync(p);
        setPrefix(undefined);
        void message.success(t('cache.deletedPrefix', { count: n }));
      },
    });

  const clearAll = () =>
    confirm({
      title: t('cache.clearTitle'),
      content: t('cache.clearConfirm', { count: keys.data?.length ?? 0 }),
      ok: t('cache.clear'),
      run: async () => {
        const n = await clear.mutateAsync();
        setPrefix(undefined);
        void message.success(t('cache.cleared', { count: n }));
      },
    });

  const tree = <CachePrefixTree keys={keys.data} loading={keys.isPending} value={prefix} onChange={setPrefix} />;
  const searchFields: FieldConfig[] = [{ name: 'keyword', label: t('cache.key') }];
  const columns: CrudColumn<CacheKeyRow>[] = [
    {
      key: 'key',
      title: t('cache.key'),
      dataIndex: 'key',
      sortField: 'key',
      fixedColumn: true,
      render: (v: string) => (
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'type', title: t('cache.type'), dataIndex: 'type', width: 100, render: (v: string) => <Tag>{v}</Tag> },
    {
      key: 'ttl',
      title: t('cache.ttl'),
      dataIndex: 'ttl',
      sortField: 'ttl',
      width: 130,
      align: 'right',
      render: (v: number) => (v < 0 ? t('cache.noExpiry') : t('cache.seconds', { n: Math.ceil(v / 1000) })),
    },
    {
      key: 'size',
      title: t('cache.size'),
      dataIndex: 'size',
      sortField: 'size',
      width: 110,
      align: 'right',
      render: (v: number) => bytes(v),
    },
  ];

  return (
    <>
      <CrudPage
        service={service}
        pageKey="platform.cache"
        title={t('cache.title')}
        // on a phone the tree goes above the list: beside it the list would have no room
        aside={narrow ? undefined : <div style={{ width: 248, height: '100%' }}>{tree}</div>}
        banner={narrow ? <div style={{ marginBottom: 12 }}>{tree}</div> : undefined}
        filter={{ prefix }}
        searchFields={searchFields}
        searchColProps={{ xs: 24, md: 12, xl: 8 }}
        columns={columns}
        rowName={(row) => row.key}
        tableProps={{ rowKey: 'key' }}
        rowActions={(row) => (
          <Space size={0}>
            <Auth code="sysCache:value">
              <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(row)}>
                {t('cache.view')}
              </Button>
            </Auth>
            <Auth code="sysCache:delete">
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => removeKey(row)}>
                {t('cache.delete')}
              </Button>
            </Auth>
          </Space>
        )}
        toolbarExtra={
          <Space wrap>
            {can('sysCache:deleteByPreKey') ? (
              <Tooltip title={prefix ? undefined : t('cache.choosePrefix')}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!prefix}
                  onClick={() => prefix && removePrefix(prefix)}
                  data-testid="cache-delete-prefix"
                >
                  {t('cache.deletePrefix')}
                </Button>
              </Tooltip>
            ) : null}
            <Auth code="sysCache:clear">
              <Button danger icon={<ClearOutlined />} onClick={clearAll} data-testid="cache-clear">
                {t('cache.clear')}
              </Button>
            </Auth>
          </Space>
        }
        clientExport="cache-keys"
        testId="cache"
      />
      <CacheValueDrawer row={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}
