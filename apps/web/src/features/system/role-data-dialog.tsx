import { DataScope, DataScopeEnum } from '@shelfwise/contract/enums';
import { Alert, App, Button, Card, Empty, Flex, Modal, Radio, Space, Spin, Tree, Typography } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { useEnumOptions } from './enum-tag';
import { orgTreeData, treeIds, useOrgTree } from './org.api';
import { type RoleRow, useGrantDataScope, useRoleOrgIds } from './role.api';

type Scope = 1 | 2 | 3 | 4 | 5;

/**
 * The data grant of a role: one of the five scopes; the custom scope lists organisations picked one by one
 * (a parent does not bring its children), pre-filled from the role's list.
 */
export function RoleDataDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const scopes = useEnumOptions(DataScopeEnum);
  const orgs = useOrgTree({}, !!role);
  const own = useRoleOrgIds(role?.id);
  const grant = useGrantDataScope();
  // the page mounts the dialog anew for each role (key), so the role's scope is the starting value
  const [scope, setScope] = useState<Scope>((role?.dataScope ?? DataScope.ownRecords) as Scope);
  const [checked, setChecked] = useState<Key[]>([]);
  const [error, setError] = useState<string>();
  const treeData = useMemo(() => orgTreeData(orgs.data ?? []), [orgs.data]);
  const expanded = useMemo(() => treeIds(orgs.data ?? []), [orgs.data]);

  useEffect(() => setChecked(own.data ?? []), [own.data]);

  const save = async () => {
    if (!role) return;
    if (scope === DataScope.custom && checked.length === 0) {
      setError(t('role.customNeedsOrgs'));
      return;
    }
    try {
      await grant.mutateAsync({
        id: role.id,
        dataScope: scope,
        orgIds: scope === DataScope.custom ? checked.map(Number) : [],
      });
      void message.success(tc('saved'));
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : tc('saveFailed'));
    }
  };

  return (
    <Modal
      open={!!role}
      title={t('role.dataGrantOf', { name: role?.name ?? '' })}
      width={620}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      data-testid="role-data-dialog"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {tc('cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={grant.isPending} onClick={() => void save()}>
          {tc('ok')}
        </Button>,
      ]}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">{t('role.dataGrantHint')}</Typography.Paragraph>
      <Radio.Group
        value={scope}
        onChange={(e) => {
          setScope(e.target.value as Scope);
          setError(undefined);
        }}
        aria-label={t('role.dataScope')}
      >
        <Space orientation="vertical" size={6}>
          {scopes.map((o) => (
            <Radio key={o.value} value={o.value}>
              {o.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {scope === DataScope.custom ? (
        <Card
          size="small"
          title={t('role.customOrgs')}
          style={{ marginTop: 16 }}
          styles={{ body: { maxHeight: 320, overflow: 'auto' } }}
        >
          {orgs.isPending || own.isPending ? (
            <Flex justify="center" style={{ padding: 24 }}>
              <Spin />
            </Flex>
          ) : treeData.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Tree
              checkable
              checkStrictly
              selectable={false}
              defaultExpandedKeys={expanded}
              treeData={treeData}
              checkedKeys={{ checked, halfChecked: [] }}
              onCheck={(keys) => {
                setChecked(Array.isArray(keys) ? keys : keys.checked);
                setError(undefined);
              }}
            />
          )}
        </Card>
      ) : null}
    </Modal>
  );
}
