import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { MOBILE_RE } from '@shelfwise/contract/routes';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api/client';
import { useLoginPhone, useSendSmsCode } from './session.api';

/** Mobile number and a one-time SMS code (one a minute, countdown on the button). */
export default function PhoneForm({ tenantId, onDone }: { tenantId?: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const send = useSendSmsCode();
  const login = useLoginPhone();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  const sendCode = async () => {
    const phone = await form.validateFields(['phone']).then((v) => v.phone as string);
    send.mutate(phone, { onSuccess: () => setLeft(60) });
  };
  const error = (login.error ?? send.error) as ApiError | null;
  return (
    <Form
      form={form}
      size="large"
      requiredMark={false}
      onFinish={(v) => login.mutate({ ...v, tenantId }, { onSuccess: onDone })}
    >
      {error ? <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} /> : null}
      {send.isSuccess && !error ? (
        <Alert type="success" showIcon title={t('login.codeSent')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        name="phone"
        rules={[
          { required: true, message: t('login.phoneRequired') },
          { pattern: MOBILE_RE, message: t('login.phoneInvalid') },
        ]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('login.phone')}
          maxLength={11}
          autoComplete="tel"
          aria-label={t('login.phone')}
        />
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.smsCodeRequired') }]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('login.smsCode')}
              maxLength={8}
              autoComplete="one-time-code"
              aria-label={t('login.smsCode')}
            />
          </Form.Item>
          <Button onClick={sendCode} disabled={left > 0} loading={send.isPending} style={{ minWidth: 120 }}>
            {left > 0 ? t('login.resendIn', { seconds: left }) : t('login.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('login.signIn')}
      </Button>
    </Form>
  );
}
