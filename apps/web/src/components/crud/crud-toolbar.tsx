import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@shelfwise/contract/routes';
import { App, Button, Dropdown, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type AuthCheck } from './auth';
import { GuardedButton } from './use-click-guard';

/** The export scopes of docs/web-shell.md#the-chrome. */
export type ExportScope = 'selected' | 'page' | 'all';

/** Add, batch delete (confirmed), export menu, refresh, and whatever the page adds. */
export function CrudToolbar({
  title,
  selectedCount,
  onAdd,
  addCode,
  onBatchDelete,
  batchDeleteCode,
  onExport,
  onRefresh,
  extra,
  settings,
}: {
  title?: ReactNode;
  selectedCount: number;
  onAdd?: () => void;
  addCode?: AuthCheck;
  onBatchDelete?: () => Promise<unknown>;
  batchDeleteCode?: AuthCheck;
  onExport?: (scope: ExportScope) => void;
  onRefresh?: () => void;
  extra?: ReactNode;
  settings?: ReactNode;
}) {
  const { t } = useTranslation('crud');
  const { modal } = App.useApp();
  const always = { all: [] as PermissionCode[] };
  const confirmDelete = () =>
    modal.confirm({
      title: t('batchDeleteTitle'),
      content: t('batchDeleteConfirm', { count: selectedCount }),
      okButtonProps: { danger: true },
      okText: t('delete'),
      cancelText: t('cancel'),
      onOk: onBatchDelete,
    });
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12, flexWrap: 'wrap' }}>
      {/* the title keeps its line: on a phone the buttons wrap below it instead of squeezing it to a word a line */}
      <div style={{ flex: '1 0 auto', fontWeight: 600, fontSize: 15, whiteSpace: 'nowrap' }}>{title}</div>
      <Space wrap>
        {onAdd ? (
          <Auth code={addCode ?? always}>
            <GuardedButton type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {t('add')}
            </GuardedButton>
          </Auth>
        ) : null}
        {onBatchDelete ? (
          <Auth code={batchDeleteCode ?? always}>
            <GuardedButton danger icon={<DeleteOutlined />} disabled={selectedCount === 0} onClick={confirmDelete}>
              {t('batchDelete')}
            </GuardedButton>
          </Auth>
        ) : null}
        {extra}
        {onExport ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'selected', label: t('exportSelected', { count: selectedCount }), disabled: !selectedCount },
                { key: 'page', label: t('exportPage') },
                { key: 'all', label: t('exportAll') },
              ],
              onClick: ({ key }) => onExport(key as ExportScope),
            }}
          >
            <Button icon={<DownloadOutlined />}>{t('export')}</Button>
          </Dropdown>
        ) : null}
        {onRefresh ? (
          <Tooltip title={t('refresh')}>
            <GuardedButton icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={onRefresh} />
          </Tooltip>
        ) : null}
        {settings}
      </Space>
    </div>
  );
}
