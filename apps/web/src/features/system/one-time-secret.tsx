import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './system.texts';

/** An account and its generated password, to show once. */
export interface OneTimeSecret {
  title: string;
  account?: string;
  password: string;
}

/**
 * Shows a generated password once (new account, reset, new tenant administrator): says plainly that it cannot be
 * shown again and offers a copy button. `secret` null keeps the modal closed.
 */
export function OneTimeSecretModal({ secret, onClose }: { secret: OneTimeSecret | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const copy = async () => {
    if (!secret) return;
    const text = secret.account ? `${secret.account}\t${secret.password}` : secret.password;
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('secret.copied'));
    } catch {
      void message.error(t('secret.copyFailed'));
    }
  };
  return (
    <Modal
      open={!!secret}
      title={secret?.title}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      width={520}
      data-testid="one-time-secret"
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('secret.copy')}
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          {t('secret.done')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title={t('secret.onceTitle')} description={t('secret.onceHint')} />
      <Descriptions
        column={1}
        bordered
        size="small"
        style={{ marginTop: 16 }}
        items={[
          ...(secret?.account
            ? [
                {
                  key: 'account',
                  label: t('secret.account'),
                  children: <Typography.Text>{secret.account}</Typography.Text>,
                },
              ]
            : []),
          {
            key: 'password',
            label: t('secret.password'),
            children: (
              <Typography.Text code strong style={{ fontSize: 16 }} data-testid="one-time-password">
                {secret?.password}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}
