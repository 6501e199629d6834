import type { PermissionCode } from '@shelfwise/contract/routes';
import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from './auth';
import type { CrudColumn } from './crud-table';

/** Spec §4 tag types as antd Tag colours. */
export const TAG_COLORS: Record<string, string> = {
  success: 'success',
  warning: 'warning',
  info: 'default',
  primary: 'processing',
  danger: 'error',
};

/** Status 1 enabled / 2 disabled: a switch for users who may change it, else a tag. */
export function StatusCell({
  status,
  code,
  onChange,
  loading,
}: {
  status: number;
  code: PermissionCode;
  onChange: (status: 1 | 2) => void;
  loading?: boolean;
}) {
  const { t } = useTranslation('crud');
  const can = useCan();
  if (!can(code))
    return <Tag color={status === 1 ? 'success' : 'default'}>{status === 1 ? t('enabled') : t('disabled')}</Tag>;
  return (
    <Switch
      size="small"
      checked={status === 1}
      loading={loading}
      checkedChildren={t('enabled')}
      unCheckedChildren={t('disabled')}
      onChange={(on, e) => {
        e.stopPropagation();
        onChange(on ? 1 : 2);
      }}
    />
  );
}

/**
 * The status column of a list: a switch for users holding `code`, else a tag; exports as the translated word.
 * `busyId` marks the row whose change is on its way.
 */
export function statusColumn<T extends { id: number; status: number }>(options: {
  title: string;
  enabledText: string;
  disabledText: string;
  code: PermissionCode;
  onChange: (row: T, status: 1 | 2) => void;
  busyId?: number;
}): CrudColumn<T> {
  return {
    key: 'status',
    title: options.title,
    dataIndex: 'status',
    exportValue: (r) => (r.status === 1 ? options.enabledText : options.disabledText),
    render: (v: number, row) => (
      <StatusCell
        status={v}
        code={options.code}
        loading={options.busyId === row.id}
        onChange={(status) => options.onChange(row, status)}
      />
    ),
  };
}
