import { AccountType } from '@shelfwise/contract/enums';
import { Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../auth/session.api';
import { switchIntoTenant, useTenantSwitchList } from './tenant.api';

/**
 * The super admin's tenant switch (settings drawer): shows the tenant the session acts in and switches into
 * another one; nothing for other accounts. Texts come from the `settings` namespace of the drawer.
 */
export function TenantSwitch() {
  const { t } = useTranslation('settings');
  const { data: me } = useUserInfo();
  const isSuperAdmin = me?.accountType === AccountType.superAdmin;
  const list = useTenantSwitchList(isSuperAdmin);
  const [switching, setSwitching] = useState(false);
  if (!isSuperAdmin || !me) return null;
  const options = (list.data ?? []).map((x) => ({
    value: x.id,
    disabled: x.status !== 1,
    label: (
      <span>
        {x.name}
        {x.id === me.tenantId ? (
          <Tag style={{ marginInlineStart: 6 }} color="gold">
            {t('ownTenant')}
          </Tag>
        ) : null}
      </span>
    ),
    name: x.name,
  }));
  return (
    <Select
      style={{ width: 200 }}
      value={me.currentTenantId}
      loading={list.isFetching || switching}
      disabled={switching}
      options={options}
      showSearch={{ optionFilterProp: 'name' }}
      aria-label={t('switchTenant')}
      data-testid="tenant-switch"
      onChange={async (id: number) => {
        if (id === me.currentTenantId) return;
        setSwitching(true);
        try {
          await switchIntoTenant(id);
        } catch {
          // the API client has shown the error
          setSwitching(false);
        }
      }}
    />
  );
}
