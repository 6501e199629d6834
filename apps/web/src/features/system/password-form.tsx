import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';
import { useChangePwd } from './user.api';

type Values = { passwordOld: string; passwordNew: string; confirm: string };

/** Changes the caller's own password: old, new and the new one again; the user's other sessions end. */
export function PasswordForm() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useChangePwd();
  const submit = (v: Values) =>
    change.mutate(
      { passwordOld: v.passwordOld, passwordNew: v.passwordNew },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('center.passwordChanged'));
        },
        onError: (e) => void message.error(e instanceof ApiError ? e.message : tc('saveFailed')),
      },
    );
  return (
    <Form form={form} layout="vertical" name="password" onFinish={submit} style={{ maxWidth: 420 }}>
      <RevalidateOnLanguage />
      <Alert type="info" showIcon title={t('center.passwordHint')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="passwordOld"
        label={t('center.passwordOld')}
        rules={[{ required: true, message: tc('requiredField', { label: t('center.passwordOld') }) }]}
      >
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="passwordNew"
        label={t('center.passwordNew')}
        rules={[
          { required: true, message: tc('requiredField', { label: t('center.passwordNew') }) },
          { min: 8, max: 64, message: t('user.passwordLength') },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('center.passwordConfirm')}
        dependencies={['passwordNew']}
        rules={[
          { required: true, message: tc('requiredField', { label: t('center.passwordConfirm') }) },
          ({ getFieldValue }) => ({
            validator: async (_r, v) => {
              if (v && v !== getFieldValue('passwordNew')) throw new Error(t('center.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('center.changePassword')}
      </Button>
    </Form>
  );
}
