import { routes as api } from '@shelfwise/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../lib/api/client';
import { local } from '../../lib/auth/storage';

const LAST_TENANT = 'loginTenant';

/**
 * The tenant chosen on the sign-in page: the list of enabled tenants (empty when the platform hides the selector),
 * and the choice, remembered in local storage. The choice is undefined while the list has one entry or none, or
 * when the remembered tenant is no longer listed.
 */
export function useLoginTenant(hidden: boolean) {
  const list = useQuery({
    queryKey: ['loginTenantList'],
    queryFn: () => call(api.sysTenant.loginList, {}, { silent: true }),
    enabled: !hidden,
    staleTime: 5 * 60_000,
  });
  const [chosen, setChosen] = useState<number | undefined>(() => local.get<number>(LAST_TENANT));
  const tenants = hidden ? [] : (list.data ?? []);
  const shown = tenants.length > 1;
  const tenantId = shown && tenants.some((t) => t.id === chosen) ? chosen : undefined;
  const choose = (id: number | undefined) => {
    setChosen(id);
    if (id === undefined) local.remove(LAST_TENANT);
    else local.set(LAST_TENANT, id);
  };
  return { tenants, shown, tenantId, choose };
}
