import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../components/crud';

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
  code: string;
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
