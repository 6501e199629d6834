import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { MOBILE_RE } from '@shelfwise/contract/routes';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api/client';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';
import { CaptchaInput } from './login-forms';
import { useCaptcha, useLoginPhone, useRegister, useSendSmsCode } from './session.api';

// the sign-in tabs after the first one: loaded when opened, so the sign-in route stays within its budget

/** Mobile number and a one-time SMS code (one a minute, countdown on the button). */
export function PhoneForm({ tenantId, onDone }: { tenantId?: number; onDone: () => void }) {
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
      <RevalidateOnLanguage />
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

/** Self-registration by the tenant's scheme; the captcha is always asked. */
export function RegisterForm({
  regWayId,
  tenantId,
  onDone,
}: {
  regWayId: number | null;
  tenantId?: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const register = useRegister();
  const captcha = useCaptcha(true);
  return (
    <Form
      form={form}
      size="large"
      requiredMark={false}
      onFinish={(v) =>
        register.mutate(
          // a chosen tenant registers by its own default scheme
          { ...v, tenantId, regWayId: tenantId ? undefined : (regWayId ?? undefined) },
          { onSuccess: onDone, onError: () => void captcha.refetch() },
        )
      }
    >
      <RevalidateOnLanguage />
      {register.error ? (
        <Alert type="error" showIcon title={(register.error as ApiError).message} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('login.account')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="realName" rules={[{ required: true, whitespace: true, message: t('login.realNameRequired') }]}>
        <Input placeholder={t('login.realName')} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[
          { required: true, message: t('login.passwordRequired') },
          { pattern: /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/, message: t('login.passwordRule') },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item>
        <CaptchaInput enabled />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={register.isPending}>
        {t('login.register')}
      </Button>
    </Form>
  );
}
