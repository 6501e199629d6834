import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../components/crud';
import { downloadCsv } from '../../components/crud/export-csv';
import { downloadImportTemplate, type ImportResult, useImportUsers } from './user.api';

/** The generated passwords of the new accounts (shown once), with copy and CSV download. */
function GeneratedPasswords({ result }: { result: ImportResult }) {
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

/** Account import: the kit's dialog with the account template and, afterwards, the generated passwords. */
export function UserImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('system');
  const importUsers = useImportUsers();
  return (
    <ImportDialog
      open={open}
      onClose={onClose}
      onImport={(input) => importUsers.mutateAsync(input)}
      pending={importUsers.isPending}
      downloadTemplate={downloadImportTemplate}
      title={t('import.title')}
      hint={t('import.hint')}
      dropHint={t('import.dropHint')}
      extra={(result) => <GeneratedPasswords result={result} />}
      testId="user-import-dialog"
    />
  );
}
