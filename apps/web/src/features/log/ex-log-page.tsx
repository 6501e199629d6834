import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, FieldConfig } from '../../components/crud';
import { CodeBlock, prettyJson } from './code-block';
import { HttpStatusTag } from './http-status-tag';
import type { LogRow } from './log.api';
import { LogDescriptions, LogList } from './log-list';
import './log.texts';

type Row = LogRow<'ex'>;

/** Exception log (`sysLogEx`): unexpected errors with their stack trace and the request id the caller was shown. */
export default function ExLogPage() {
  const { t } = useTranslation('log');
  const fields: FieldConfig[] = [
    { name: 'path', label: t('path') },
    { name: 'requestId', label: t('requestId') },
  ];
  const columns: CrudColumn<Row>[] = [
    { key: 'createTime', title: t('time'), dataIndex: 'createTime', sortField: 'createTime', width: 170 },
    { key: 'account', title: t('account'), dataIndex: 'account', sortField: 'account' },
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
      align: 'center',
      render: (v: number) => <HttpStatusTag status={v} />,
    },
    {
      key: 'errorName',
      title: t('errorName'),
      dataIndex: 'errorName',
      render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text>,
    },
    { key: 'message', title: t('message'), dataIndex: 'message', ellipsis: true, width: 280 },
    { key: 'requestId', title: t('requestId'), dataIndex: 'requestId' },
    { key: 'ip', title: t('ip'), dataIndex: 'ip', hiddenByDefault: true },
    { key: 'browser', title: t('browser'), dataIndex: 'browser', hiddenByDefault: true },
  ];
  return (
    <LogList
      kind="ex"
      fields={fields}
      columns={columns}
      drawerSize={860}
      detail={(row) => (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Alert type="error" showIcon title={row.errorName} description={row.message} />
          <LogDescriptions>
            <Descriptions.Item label={t('time')}>{row.createTime}</Descriptions.Item>
            <Descriptions.Item label={t('user')}>{row.account}</Descriptions.Item>
            <Descriptions.Item label={t('path')}>
              <Tag color="blue">{row.method}</Tag>
              {row.path} <HttpStatusTag status={row.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('requestId')}>
              {row.requestId ? <Typography.Text copyable>{row.requestId}</Typography.Text> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('client')}>
              {[row.ip, row.browser, row.os].filter(Boolean).join(' · ')}
            </Descriptions.Item>
          </LogDescriptions>
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('stack')}
            </Typography.Title>
            <CodeBlock text={row.stack} empty={t('noStack')} maxHeight={360} />
          </div>
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('input')}
            </Typography.Title>
            <CodeBlock text={row.input ? prettyJson(row.input) : null} empty={t('noInput')} maxHeight={200} />
          </div>
        </Space>
      )}
    />
  );
}
