import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api/client';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';
import { useCaptcha, useLogin } from './session.api';

/** The slider check is switched on by few installations: loaded only where it is. */
const DragVerify = lazy(() => import('./drag-verify').then((m) => ({ default: m.DragVerify })));

/** Shown under the password field while Caps Lock is on. */
function useCapsLock() {
  const [on, setOn] = useState(false);
  const onKey = (e: React.KeyboardEvent) => setOn(e.getModifierState?.('CapsLock') ?? false);
  return { on, onKey };
}

export function CaptchaInput({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const captcha = useCaptcha(enabled);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
        <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} autoComplete="off" maxLength={6} />
      </Form.Item>
      <button
        type="button"
        onClick={() => captcha.refetch()}
        title={t('login.captchaRefresh')}
        aria-label={t('login.captchaRefresh')}
        style={{ padding: 0, border: '1px solid #d9d9d9', borderLeft: 0, background: '#fff', cursor: 'pointer' }}
      >
        {captcha.data ? (
          <img src={captcha.data.img} alt={t('login.captcha')} width={120} height={38} style={{ display: 'block' }} />
        ) : (
          <span style={{ display: 'inline-block', width: 120 }} />
        )}
      </button>
      <Form.Item name="codeId" hidden>
        <Input />
      </Form.Item>
      <CaptchaId id={captcha.data?.id} />
    </Space.Compact>
  );
}

function CaptchaId({ id }: { id: string | undefined }) {
  const form = Form.useFormInstance();
  useEffect(() => {
    form.setFieldValue('codeId', id);
    form.setFieldValue('code', undefined);
  }, [id, form]);
  return null;
}

/** Account and password, with captcha and slider when the server asks for them. */
export function AccountForm({
  captcha,
  slider,
  tenantId,
  onDone,
}: {
  captcha: boolean;
  slider: boolean;
  tenantId?: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  const caps = useCapsLock();
  const [form] = Form.useForm();
  const captchaQuery = useCaptcha(captcha);
  const onFinish = (v: { account: string; password: string; code?: string; codeId?: string }) => {
    login.mutate(
      { account: v.account, password: v.password, code: v.code, codeId: v.codeId, tenantId },
      {
        onSuccess: onDone,
        onError: () => {
          if (captcha) void captchaQuery.refetch();
          form.setFieldValue('slider', false);
        },
      },
    );
  };
  return (
    <Form form={form} size="large" onFinish={onFinish} autoComplete="on" requiredMark={false}>
      <RevalidateOnLanguage />
      {login.error ? (
        <Alert type="error" showIcon title={(login.error as ApiError).message} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.account')}
          autoComplete="username"
          aria-label={t('login.account')}
        />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[{ required: true, message: t('login.passwordRequired') }]}
        extra={caps.on ? <span style={{ color: '#faad14' }}>{t('login.capsLock')}</span> : undefined}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.password')}
          autoComplete="current-password"
          aria-label={t('login.password')}
          onKeyUp={caps.onKey}
          onKeyDown={caps.onKey}
        />
      </Form.Item>
      {captcha ? (
        <Form.Item>
          <CaptchaInput enabled={captcha} />
        </Form.Item>
      ) : null}
      {slider ? (
        <Suspense fallback={null}>
          <Form.Item
            name="slider"
            valuePropName="value"
            rules={[
              { validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('login.sliderRequired')))) },
            ]}
          >
            <DragVerify />
          </Form.Item>
        </Suspense>
      ) : null}
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('login.signIn')}
      </Button>
    </Form>
  );
}
