import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../components/crud/export-csv';
import type { ImportResult } from './user.api';

/** The generated passwords of the accounts an import created (shown once), with copy and CSV download. */
export function GeneratedPasswords({ result }: { result: ImportResult }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const passwordsCsv = () =>
    downloadCsv(
      'imported-accounts',
      [
        { title: t('secret.account'), value: (r: ImportResult['passwords'][number]) => r.account },
        { title: t('secret.password'), value: (r: ImportResult['passwords'][number]) => r.password },
      ],
      result.passwords,
    );
  const copyPasswords = async () => {
    try {
      await navigator.clipboard.writeText(result.passwords.map((p) => `${p.account}\t${p.password}`).join('\n'));
      void message.success(t('secret.copied'));
    } catch {
      void message.error(t('secret.copyFailed'));
    }
  };
  if (!result.passwords.length) return null;
  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ margin: '16px 0 8px' }}
        title={t('import.passwordsTitle', { count: result.passwords.length })}
        description={t('secret.onceHint')}
        action={
          <Space orientation="vertical">
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copyPasswords()}>
              {t('secret.copy')}
            </Button>
            <Button size="small" icon={<DownloadOutlined />} onClick={passwordsCsv}>
              {t('import.downloadCsv')}
            </Button>
          </Space>
        }
      />
      <Table
        size="small"
        rowKey="account"
        dataSource={result.passwords}
        pagination={result.passwords.length > 8 ? { pageSize: 8, size: 'small' } : false}
        columns={[
          { key: 'account', title: t('secret.account'), dataIndex: 'account' },
          {
            key: 'password',
            title: t('secret.password'),
            dataIndex: 'password',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
        ]}
      />
    </>
  );
}
