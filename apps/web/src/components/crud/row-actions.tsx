import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type AuthCheck } from './auth';

/** Edit and delete links of a table row; delete asks first and can be disabled with a reason. */
export function RowActions({
  name,
  onEdit,
  editCode,
  onDelete,
  deleteCode,
  deleteDisabled,
  compact,
  children,
}: {
  /** Icons only (with tooltips), for narrow tables. */
  compact?: boolean;
  name: string;
  onEdit?: () => void;
  editCode: AuthCheck;
  onDelete?: () => Promise<unknown>;
  deleteCode: AuthCheck;
  /** Why delete is not offered (shown as a tooltip). */
  deleteDisabled?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('crud');
  const { modal, message } = App.useApp();
  const confirm = () =>
    modal.confirm({
      title: t('deleteTitle'),
      content: t('deleteConfirm', { name }),
      okText: t('delete'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await onDelete?.();
        } catch {
          // refused (a record still uses the row, ...): the call's error toast says why; nothing is left unhandled
          return;
        }
        void message.success(t('deleted'));
      },
    });
  return (
    <Space size={0}>
      {children}
      {onEdit ? (
        <Auth code={editCode}>
          <Tooltip title={compact ? t('edit') : undefined}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit} aria-label={t('edit')}>
              {compact ? null : t('edit')}
            </Button>
          </Tooltip>
        </Auth>
      ) : null}
      {onDelete ? (
        <Auth code={deleteCode}>
          <Tooltip title={deleteDisabled ?? (compact ? t('delete') : undefined)}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={!!deleteDisabled}
              onClick={confirm}
              aria-label={t('delete')}
            >
              {compact ? null : t('delete')}
            </Button>
          </Tooltip>
        </Auth>
      ) : null}
    </Space>
  );
}
