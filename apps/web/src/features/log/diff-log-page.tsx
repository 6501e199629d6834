import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, FieldConfig } from '../../components/crud';
import { DiffView } from './diff-view';
import type { LogRow } from './log.api';
import { LogDescriptions, LogList } from './log-list';
import './log.texts';

type Row = LogRow<'diff'>;
const OP_COLORS = { insert: 'success', update: 'processing', delete: 'error' } as const;
const SHOWN_FIELDS = 4;

/** Diff log (`sysLogDiff`): each changed record, with its fields before and after side by side. */
export default function DiffLogPage() {
  const { t } = useTranslation('log');
  const opTag = (op: Row['op']) => <Tag color={OP_COLORS[op]}>{t(`ops.${op}`)}</Tag>;
  const fields: FieldConfig[] = [
    { name: 'tableName', label: t('table') },
    { name: 'recordId', label: t('recordId') },
    {
      name: 'op',
      label: t('change'),
      type: 'select',
      options: (['insert', 'update', 'delete'] as const).map((op) => ({ value: op, label: t(`ops.${op}`) })),
    },
    { name: 'requestId', label: t('requestId') },
  ];
  const columns: CrudColumn<Row>[] = [
    { key: 'createTime', title: t('time'), dataIndex: 'createTime', sortField: 'createTime', width: 170 },
    { key: 'account', title: t('account'), dataIndex: 'account', sortField: 'account' },
    {
      key: 'tableName',
      title: t('table'),
      dataIndex: 'tableName',
      sortField: 'tableName',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'recordId', title: t('recordId'), dataIndex: 'recordId' },
    {
      key: 'op',
      title: t('change'),
      dataIndex: 'op',
      exportValue: (r) => t(`ops.${r.op}`),
      render: (v: Row['op']) => opTag(v),
    },
    {
      key: 'changedFields',
      title: t('changedFields'),
      dataIndex: 'changedFields',
      exportValue: (r) => r.changedFields.join(', '),
      render: (v: string[]) => (
        <Space size={[4, 4]} wrap>
          {v.slice(0, SHOWN_FIELDS).map((f) => (
            <Tag key={f}>{f}</Tag>
          ))}
          {v.length > SHOWN_FIELDS ? <Tag>+{v.length - SHOWN_FIELDS}</Tag> : null}
        </Space>
      ),
    },
    { key: 'requestId', title: t('requestId'), dataIndex: 'requestId', hiddenByDefault: true },
  ];
  return (
    <LogList
      kind="diff"
      fields={fields}
      columns={columns}
      drawerSize={900}
      detail={(row) => (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <LogDescriptions>
            <Descriptions.Item label={t('time')}>{row.createTime}</Descriptions.Item>
            <Descriptions.Item label={t('user')}>
              {row.account}
              {row.realName ? <Typography.Text type="secondary"> · {row.realName}</Typography.Text> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('table')}>
              <Typography.Text code>{row.tableName}</Typography.Text> #{row.recordId} {opTag(row.op)}
            </Descriptions.Item>
            <Descriptions.Item label={t('requestId')}>
              {row.requestId ? <Typography.Text copyable>{row.requestId}</Typography.Text> : null}
            </Descriptions.Item>
          </LogDescriptions>
          <DiffView before={row.before} after={row.after} changed={row.changedFields} />
        </Space>
      )}
    />
  );
}
