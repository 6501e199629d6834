import { sysUser } from '@shelfwise/contract';
import { Alert, App, Button, Col, Form, Input, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issuesByField, trimValues } from '../../components/crud';
import { ApiError } from '../../lib/api/client';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';
import { type Profile, useUpdateBaseInfo } from './user.api';

type Values = Record<string, unknown>;

/** The caller's own profile: name, nickname, phone, email, id card number, address. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateBaseInfo();
  const [failing, setFailing] = useState(0);
  useEffect(() => form.setFieldsValue(profile), [form, profile]);

  const submit = async () => {
    const values = trimValues(form.getFieldsValue(true) as Values);
    const body = {
      realName: values.realName,
      nickName: values.nickName,
      phone: values.phone,
      email: values.email,
      idCardNum: values.idCardNum,
      address: values.address,
    };
    const parsed = sysUser.updateBaseInfo.input.safeParse(body);
    if (!parsed.success) {
      const issues = issuesByField(parsed.error.issues, tc);
      form.setFields([...issues].map(([name, msg]) => ({ name, errors: [msg] })));
      setFailing(issues.size);
      void message.error(tc('formInvalid', { count: issues.size }));
      return;
    }
    setFailing(0);
    try {
      await update.mutateAsync(body as Parameters<typeof update.mutateAsync>[0]);
      void message.success(tc('saved'));
    } catch (e) {
      const err = e instanceof ApiError ? e : undefined;
      if (err?.fieldErrors) form.setFields(Object.entries(err.fieldErrors).map(([name, errors]) => ({ name, errors })));
      void message.error(err?.message || tc('saveFailed'));
    }
  };

  const required = (label: string) => [{ required: true, whitespace: true, message: tc('requiredField', { label }) }];
  return (
    <Form
      form={form}
      layout="vertical"
      name="profile"
      onFinish={() => void submit()}
      onFinishFailed={({ errorFields }) => {
        setFailing(errorFields.length);
        void message.error(tc('formInvalid', { count: errorFields.length }));
      }}
      style={{ maxWidth: 720 }}
    >
      <RevalidateOnLanguage />
      {failing > 0 ? (
        <Alert type="error" showIcon title={tc('formInvalid', { count: failing })} style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="realName" label={t('user.realName')} rules={required(t('user.realName'))}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nickName" label={t('user.nickName')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t('user.phone')}
            rules={[{ pattern: /^1[3-9]\d{9}$/, message: t('user.phoneRule') }]}
          >
            <Input maxLength={11} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('user.email')} rules={[{ type: 'email', message: t('user.emailRule') }]}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="idCardNum" label={t('user.idCardNum')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="address" label={t('user.address')}>
            <Input maxLength={256} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('center.saveProfile')}
      </Button>
    </Form>
  );
}
