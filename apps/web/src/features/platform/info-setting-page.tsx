import { SaveOutlined } from '@ant-design/icons';
import { saveSysInfoInput } from '@shelfwise/contract';
import { Alert, App, Card, Col, Form, Input, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton, issuesByField } from '../../components/crud';
import { ApiError } from '../../lib/api/client';
import { useTheme } from '../../lib/theme/theme-store';
import { useSysInfo } from '../auth/session.api';
import { type SysInfoInput, useSaveSysInfo } from './config.api';
import { LogoUpload } from './logo-upload';
import './platform.texts';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';

type Values = Omit<SysInfoInput, 'logo'> & { logo?: string };
const TEXT_FIELDS = ['title', 'viceTitle', 'viceDesc', 'icp', 'icpUrl', 'watermark', 'copyright'] as const;

/** The system information (branding) editor: texts, watermark and logo of the current tenant. */
export default function InfoSettingPage() {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const info = useSysInfo();
  const save = useSaveSysInfo();
  const setTheme = useTheme((s) => s.set);
  const [form] = Form.useForm<Values>();
  const [failing, setFailing] = useState(0);

  if (!info.data) return <Card style={{ margin: 12 }}>{<Skeleton active />}</Card>;

  const submit = async () => {
    const failed = new Set<string>();
    try {
      await form.validateFields();
    } catch (e) {
      for (const f of (e as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [])
        failed.add(String(f.name[0]));
    }
    const v = form.getFieldsValue(true) as Values;
    const body: Record<string, unknown> = {};
    for (const k of TEXT_FIELDS) body[k] = (v[k] ?? '').trim();
    // the logo is sent only when a new picture was chosen (a data URI); otherwise the server keeps it
    if (v.logo?.startsWith('data:')) body.logo = v.logo;
    const parsed = saveSysInfoInput.safeParse(body);
    if (!parsed.success) {
      // antd's own message wins on a field both checks refuse
      const issues = [...issuesByField(parsed.error.issues, tc)].filter(([name]) => !failed.has(name));
      form.setFields(issues.map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      for (const [name] of issues) failed.add(name);
    }
    setFailing(failed.size);
    if (failed.size) {
      void message.error(tc('formInvalid', { count: failed.size }));
      return;
    }
    try {
      await save.mutateAsync(body as SysInfoInput);
      // the shell shows the saved branding at once (the logo by its new URL, not the data URI)
      const fresh = await info.refetch();
      setTheme({
        globalTitle: String(body.title),
        copyright: String(body.copyright),
        logoUrl: fresh.data?.logo || '/logo.svg',
      });
      void message.success(tc('saved'));
    } catch (e) {
      const err = e instanceof ApiError ? e : undefined;
      if (err?.fieldErrors)
        form.setFields(
          Object.entries(err.fieldErrors).map(([name, errors]) => ({ name: name as keyof Values, errors })),
        );
      void message.error(err?.message || tc('saveFailed'));
    }
  };

  return (
    <div style={{ padding: 12 }}>
      <Card
        title={t('info.title')}
        extra={
          <GuardedButton type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit()}>
            {tc('ok')}
          </GuardedButton>
        }
      >
        {failing > 0 ? (
          <Alert type="error" showIcon title={tc('formInvalid', { count: failing })} style={{ marginBottom: 16 }} />
        ) : null}
        <Form form={form} layout="vertical" initialValues={info.data} style={{ maxWidth: 960 }}>
          <RevalidateOnLanguage />
          <Row gutter={24}>
            <Col span={24}>
              <Form.Item name="logo" label={t('info.logo')}>
                <LogoUpload />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="title"
                label={t('info.sysTitle')}
                rules={[
                  { required: true, whitespace: true, message: tc('requiredField', { label: t('info.sysTitle') }) },
                ]}
              >
                <Input maxLength={64} showCount />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="viceTitle" label={t('info.viceTitle')}>
                <Input maxLength={128} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="viceDesc" label={t('info.viceDesc')}>
                <Input.TextArea rows={3} maxLength={512} showCount />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="icp" label={t('info.icp')}>
                <Input maxLength={128} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="icpUrl" label={t('info.icpUrl')} extra={t('info.icpUrlHint')}>
                <Input placeholder="https://" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="copyright" label={t('info.copyright')}>
                <Input maxLength={256} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="watermark" label={t('info.watermark')} extra={t('info.watermarkHint')}>
                <Input maxLength={128} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
    </div>
  );
}
