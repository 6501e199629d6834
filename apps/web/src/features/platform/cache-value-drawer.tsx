import { Alert, Descriptions, Drawer, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCacheValue } from './monitor.api';
import { bytes } from './monitor-format';

/** What the drawer shows of a key: its row of the list. */
export interface CacheKeyRow {
  key: string;
  type: string;
  ttl: number;
  size: number;
}

/** The value of one key (masked by the server), with its type, time to live and size. */
export function CacheValueDrawer({ row, onClose }: { row: CacheKeyRow | undefined; onClose: () => void }) {
  const { t } = useTranslation('monitor');
  const value = useCacheValue(row?.key);
  const text = value.data === undefined ? '' : JSON.stringify(value.data, null, 2);
  return (
    <Drawer
      open={row !== undefined}
      onClose={onClose}
      width="min(640px, 100vw)"
      title={row ? t('cache.valueTitle', { key: row.key }) : ''}
      data-testid="cache-value-drawer"
      destroyOnHidden
    >
      {row ? (
        <Flex vertical gap={12}>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'key', label: t('cache.key'), children: <Typography.Text code>{row.key}</Typography.Text> },
              { key: 'type', label: t('cache.type'), children: row.type },
              {
                key: 'ttl',
                label: t('cache.ttl'),
                children: row.ttl < 0 ? t('cache.noExpiry') : t('cache.seconds', { n: Math.ceil(row.ttl / 1000) }),
              },
              { key: 'size', label: t('cache.size'), children: bytes(row.size) },
            ]}
          />
          <Alert type="info" showIcon message={t('cache.masked')} />
          {value.isPending ? (
            <Flex justify="center" style={{ padding: 24 }}>
              <Spin />
            </Flex>
          ) : value.isError ? null : (
            <Typography.Paragraph copyable={{ text, tooltips: [t('cache.copy')] }} style={{ marginBottom: 0 }}>
              <pre
                data-testid="cache-value"
                style={{ maxHeight: 480, overflow: 'auto', margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              >
                {text}
              </pre>
            </Typography.Paragraph>
          )}
        </Flex>
      ) : null}
    </Drawer>
  );
}
