import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type GrantTreeNode, MenuGrantDrawer } from '../system';
import { type MenuNode, useMenuTreeAdmin } from './menu.api';
import { menuTitle } from './menu-form';
import { type TenantRow, useGrantTenantMenu, useTenantMenuIds } from './tenant.api';

function toGrantNodes(nodes: readonly MenuNode[], lang: string): GrantTreeNode[] {
  return nodes.map((n) => ({
    id: n.id,
    type: n.type,
    title: menuTitle(n, lang),
    permission: n.permission,
    children: toGrantNodes(n.children ?? [], lang),
  }));
}

/** The menu grant of a tenant: the whole menu tree, pre-checked from the tenant's grant (the ceiling of its roles). */
export function TenantMenuDrawer({ tenant, onClose }: { tenant: TenantRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('system');
  const tree = useMenuTreeAdmin();
  const granted = useTenantMenuIds(tenant?.id);
  const grant = useGrantTenantMenu();
  const nodes = useMemo(() => toGrantNodes(tree.data ?? [], i18n.language), [tree.data, i18n.language]);
  return (
    <MenuGrantDrawer
      open={!!tenant}
      title={t('tenant.menuGrantOf', { name: tenant?.name ?? '' })}
      hint={t('tenant.menuGrantHint')}
      nodes={nodes}
      granted={granted.data}
      loading={tree.isPending || granted.isPending}
      onSave={(menuIds) => grant.mutateAsync({ id: tenant?.id as number, menuIds })}
      onClose={onClose}
      testId="tenant-menu-drawer"
    />
  );
}
