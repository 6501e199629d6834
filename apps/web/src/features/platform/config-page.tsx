import { sysConfig, sysTenantConfig } from '@shelfwise/contract';
import { routes as api } from '@shelfwise/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type CrudRow, type FieldConfig } from '../../components/crud';
import { call } from '../../lib/api/client';
import '../system/system.texts';
import './platform.texts';

/**
 * The two parameter lists, one page: the platform's parameters (`sysConfig`, menu Platform > Parameters) and the
 * caller's tenant's (`sysTenantConfig`, menu System > Tenant configuration). Each menu keeps its own page key
 * (docs/menus.md); the registry opens this page with the scope of the menu. The texts are the feature's own.
 */
const SCOPES = {
  platform: {
    service: sysConfig,
    groups: api.sysConfig.groupList,
    ns: 'platform',
    pageKey: 'platform.config',
    file: 'parameters',
    testId: 'config',
  },
  tenant: {
    service: sysTenantConfig,
    groups: api.sysTenantConfig.groupList,
    ns: 'system',
    pageKey: 'system.tenantConfig',
    file: 'tenant-configuration',
    testId: 'tenant-config',
  },
} as const;

type Scope = keyof typeof SCOPES;
type ConfigRow = CrudRow<typeof sysConfig> | CrudRow<typeof sysTenantConfig>;

/** The platform's or the tenant's parameters: search, paged list, add/edit, delete (never a built-in row). */
export function ConfigPage({ scope }: { scope: Scope }) {
  const s = SCOPES[scope];
  const { t } = useTranslation(s.ns);
  const { t: tc } = useTranslation('crud');
  const groups = useQuery({ queryKey: [s.service.page.service, 'groupList'], queryFn: () => call(s.groups, {}) });
  // a seeded group's name in the reader's language; the filter still sends the code
  const groupName = (code: string) => t(`config.groups.${code}`, { defaultValue: code });

  const searchFields: FieldConfig[] = [
    { name: 'name', label: t('config.name') },
    { name: 'code', label: t('config.code') },
    {
      name: 'groupCode',
      label: t('config.group'),
      type: 'select',
      options: (groups.data ?? []).map((g) => ({ label: groupName(g), value: g })),
    },
  ];

  const columns: CrudColumn<ConfigRow>[] = [
    {
      key: 'name',
      title: t('config.name'),
      dataIndex: 'name',
      sortField: 'name',
      render: (v: string, row) => (
        <span>
          {v}
          {row.sysFlag === 1 ? (
            <Tag color="gold" style={{ marginLeft: 8 }}>
              {tc('builtIn')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'code',
      title: t('config.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'value', title: t('config.value'), dataIndex: 'value', ellipsis: true, width: 220 },
    {
      key: 'sysFlag',
      title: tc('builtIn'),
      hiddenByDefault: true,
      dataIndex: 'sysFlag',
      exportValue: (r) => (r.sysFlag === 1 ? tc('yes') : tc('no')),
      render: (v: number) => (v === 1 ? <Tag color="gold">{tc('yes')}</Tag> : <Tag>{tc('no')}</Tag>),
    },
    {
      key: 'groupCode',
      title: t('config.group'),
      dataIndex: 'groupCode',
      sortField: 'groupCode',
      render: (v: string | null) => (v ? <Tag color="blue">{groupName(v)}</Tag> : null),
    },
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', sortField: 'orderNo', align: 'right' },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, width: 200 },
    {
      key: 'createTime',
      title: t('common.createTime'),
      dataIndex: 'createTime',
      sortField: 'createTime',
      hiddenByDefault: true,
    },
  ];

  const formFields = (row: ConfigRow | undefined): FieldConfig[] => [
    { name: 'name', label: t('config.name'), required: true, span: 12, maxLength: 64 },
    {
      name: 'code',
      label: t('config.code'),
      required: true,
      span: 12,
      maxLength: 64,
      // the server reads a built-in parameter by its code
      disabled: row?.sysFlag === 1,
      extra: t('config.codeHint'),
      rules: [{ pattern: /^[A-Za-z][A-Za-z0-9_.-]*$/, message: t('config.codeRule') }],
    },
    { name: 'value', label: t('config.value'), type: 'textarea', maxLength: 4000 },
    { name: 'groupCode', label: t('config.group'), span: 12, placeholder: t('config.groupHint'), maxLength: 64 },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];

  return (
    <CrudPage<typeof sysConfig>
      // both services have the same fields and endpoints; the rows differ only in their type's origin
      service={s.service as typeof sysConfig}
      pageKey={s.pageKey}
      title={t('config.title')}
      searchFields={searchFields}
      columns={columns as CrudColumn<CrudRow<typeof sysConfig>>[]}
      form={{
        fields: formFields,
        addTitle: t('config.add'),
        editTitle: t('config.edit'),
        defaults: { orderNo: 100 },
        toInput: (v) => ({ ...v, orderNo: v.orderNo ?? 100 }),
      }}
      rowName={(row) => row.name}
      deleteDisabled={(row) => (row.sysFlag === 1 ? t('config.builtInNoDelete') : undefined)}
      // the platform answers both counts, a tenant the number deleted
      batchDeleted={(r, ids) =>
        t(
          'config.batchDeleted',
          typeof r === 'number' ? { deleted: r, skipped: ids.length - r } : (r as Record<string, number>),
        )
      }
      clientExport={s.file}
      testId={s.testId}
    />
  );
}

/** Platform > Parameters (`/platform/config/index`). */
export default function PlatformConfigPage() {
  return <ConfigPage scope="platform" />;
}

/** System > Tenant configuration (`/system/tenantConfig/index`). */
export function TenantConfigPage() {
  return <ConfigPage scope="tenant" />;
}
