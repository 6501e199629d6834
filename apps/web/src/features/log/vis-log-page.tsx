import { LoginTypeEnum, LoginWayEnum } from '@shelfwise/contract/enums';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, FieldConfig } from '../../components/crud';
import { EnumTag, useEnumLabel, useEnumOptions } from '../system';
import type { LogRow } from './log.api';
import { LogDescriptions, LogList, outcomeOptions } from './log-list';
import './log.texts';

type Row = LogRow<'vis'>;

/** Whether a visit succeeded, as a green or red tag. */
function Outcome({ success }: { success: number }) {
  const { t } = useTranslation('log');
  return <Tag color={success === 1 ? 'success' : 'error'}>{success === 1 ? t('succeeded') : t('failed')}</Tag>;
}

/** Visit log (`sysLogVis`): sign-ins, refused sign-ins and sign-outs with address, browser and system. */
export default function VisLogPage() {
  const { t } = useTranslation('log');
  const eventLabel = useEnumLabel(LoginTypeEnum);
  const wayLabel = useEnumLabel(LoginWayEnum);
  const fields: FieldConfig[] = [
    { name: 'success', label: t('outcome'), type: 'select', options: outcomeOptions(t) },
    { name: 'action', label: t('event'), type: 'select', options: useEnumOptions(LoginTypeEnum) },
    { name: 'loginWay', label: t('loginWay'), type: 'select', options: useEnumOptions(LoginWayEnum) },
    { name: 'ip', label: t('ip') },
  ];
  const columns: CrudColumn<Row>[] = [
    { key: 'createTime', title: t('time'), dataIndex: 'createTime', sortField: 'createTime', width: 170 },
    { key: 'account', title: t('account'), dataIndex: 'account', sortField: 'account' },
    { key: 'realName', title: t('realName'), dataIndex: 'realName' },
    {
      key: 'action',
      title: t('event'),
      dataIndex: 'action',
      exportValue: (r) => eventLabel(r.action),
      render: (v: number) => <EnumTag def={LoginTypeEnum} value={v} />,
    },
    {
      key: 'success',
      title: t('outcome'),
      dataIndex: 'success',
      render: (v: number) => <Outcome success={v} />,
    },
    {
      key: 'loginWay',
      title: t('loginWay'),
      dataIndex: 'loginWay',
      exportValue: (r) => wayLabel(r.loginWay),
      render: (v: number | null) => <EnumTag def={LoginWayEnum} value={v} />,
    },
    { key: 'ip', title: t('ip'), dataIndex: 'ip', sortField: 'ip' },
    { key: 'browser', title: t('browser'), dataIndex: 'browser' },
    { key: 'os', title: t('os'), dataIndex: 'os' },
    { key: 'message', title: t('message'), dataIndex: 'message', ellipsis: true, width: 240 },
    { key: 'requestId', title: t('requestId'), dataIndex: 'requestId', hiddenByDefault: true },
  ];
  return (
    <LogList
      kind="vis"
      fields={fields}
      columns={columns}
      detail={(row) => (
        <LogDescriptions>
          <Descriptions.Item label={t('time')}>{row.createTime}</Descriptions.Item>
          <Descriptions.Item label={t('user')}>
            {row.account}
            {row.realName ? <Typography.Text type="secondary"> · {row.realName}</Typography.Text> : null}
          </Descriptions.Item>
          <Descriptions.Item label={t('event')}>
            <EnumTag def={LoginTypeEnum} value={row.action} /> <Outcome success={row.success} />
          </Descriptions.Item>
          <Descriptions.Item label={t('loginWay')}>{wayLabel(row.loginWay)}</Descriptions.Item>
          <Descriptions.Item label={t('message')}>{row.message}</Descriptions.Item>
          <Descriptions.Item label={t('ip')}>{row.ip}</Descriptions.Item>
          <Descriptions.Item label={t('client')}>{[row.browser, row.os].filter(Boolean).join(' · ')}</Descriptions.Item>
          <Descriptions.Item label={t('requestId')}>
            {row.requestId ? <Typography.Text copyable>{row.requestId}</Typography.Text> : null}
          </Descriptions.Item>
        </LogDescriptions>
      )}
    />
  );
}
