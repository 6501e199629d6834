import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, FieldConfig } from '../../components/crud';
import { CodeBlock, prettyJson } from './code-block';
import { HttpStatusTag } from './http-status-tag';
import type { LogRow } from './log.api';
import { LogDescriptions, LogList, outcomeOptions } from './log-list';
import './log.texts';

type Row = LogRow<'op'>;

/** Operation log (`sysLogOp`): every change with who, what, the masked input, the outcome and the duration. */
export default function OpLogPage() {
  const { t } = useTranslation('log');
  const fields: FieldConfig[] = [
    { name: 'success', label: t('outcome'), type: 'select', options: outcomeOptions(t) },
    { name: 'path', label: t('path') },
    { name: 'ip', label: t('ip') },
  ];
  const columns: CrudColumn<Row>[] = [
    { key: 'createTime', title: t('time'), dataIndex: 'createTime', sortField: 'createTime', width: 170 },
    { key: 'account', title: t('account'), dataIndex: 'account', sortField: 'account' },
    { key: 'realName', title: t('realName'), dataIndex: 'realName', hiddenByDefault: true },
    {
      key: 'action',
      title: t('action'),
      dataIndex: 'action',
      exportValue: (r) => `${r.service}/${r.action}`,
      render: (_: string, r) => (
        <Typography.Text code>
          {r.service}/{r.action}
        </Typography.Text>
      ),
    },
    {
      key: 'path',
      title: t('path'),
      dataIndex: 'path',
      sortField: 'path',
      render: (v: string, r) => (
        <Space size={4}>
          <Tag color="blue">{r.method}</Tag>
          <span>{v}</span>
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('status'),
      dataIndex: 'status',
      sortField: 'status',
      align: 'center',
      render: (v: number) => <HttpStatusTag status={v} />,
    },
    { key: 'errorCode', title: t('errorCode'), dataIndex: 'errorCode' },
    {
      key: 'elapsed',
      title: t('elapsed'),
      dataIndex: 'elapsed',
      sortField: 'elapsed',
      align: 'right',
      render: (v: number) => t('ms', { ms: v }),
    },
    { key: 'ip', title: t('ip'), dataIndex: 'ip' },
    { key: 'browser', title: t('browser'), dataIndex: 'browser', hiddenByDefault: true },
    { key: 'os', title: t('os'), dataIndex: 'os', hiddenByDefault: true },
    { key: 'requestId', title: t('requestId'), dataIndex: 'requestId', hiddenByDefault: true },
  ];
  return (
    <LogList
      kind="op"
      fields={fields}
      columns={columns}
      detail={(row) => (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <LogDescriptions>
            <Descriptions.Item label={t('time')}>{row.createTime}</Descriptions.Item>
            <Descriptions.Item label={t('user')}>
              {row.account}
              {row.realName ? <Typography.Text type="secondary"> · {row.realName}</Typography.Text> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('action')}>
              <Typography.Text code>
                {row.service}/{row.action}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('path')}>
              <Tag color="blue">{row.method}</Tag>
              {row.path}
            </Descriptions.Item>
            <Descriptions.Item label={t('permission')}>{row.permission}</Descriptions.Item>
            <Descriptions.Item label={t('outcome')}>
              <HttpStatusTag status={row.status} />
              {row.errorCode ? <Typography.Text type="danger">{row.errorCode}</Typography.Text> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('elapsed')}>{t('ms', { ms: row.elapsed })}</Descriptions.Item>
            <Descriptions.Item label={t('ip')}>{row.ip}</Descriptions.Item>
            <Descriptions.Item label={t('client')}>
              {[row.browser, row.os].filter(Boolean).join(' · ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('requestId')}>
              {row.requestId ? <Typography.Text copyable>{row.requestId}</Typography.Text> : null}
            </Descriptions.Item>
          </LogDescriptions>
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('input')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('inputHint')}
            </Typography.Paragraph>
            <CodeBlock text={row.input ? prettyJson(row.input) : null} empty={t('noInput')} />
          </div>
        </Space>
      )}
    />
  );
}
