import { ApartmentOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The tenant selector above the sign-in forms (loaded only when there is a choice: it keeps Select off the first load). */
export default function LoginTenantSelect({
  tenants,
  value,
  onChange,
}: {
  tenants: readonly { id: number; name: string }[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      size="large"
      style={{ width: '100%', marginBottom: 8 }}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      prefix={<ApartmentOutlined />}
      placeholder={t('login.tenant')}
      aria-label={t('login.tenant')}
      options={tenants.map((x) => ({ value: x.id, label: x.name }))}
      data-testid="login-tenant"
    />
  );
}
