import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Col, type ColProps, Form, Row, Space } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';
import { type FieldConfig, FieldInput } from './form-fields';

/** How many fields show before the form collapses. */
const VISIBLE = 3;

/** A search form from field configuration: Search and Reset, collapsed past three fields. */
export function SearchForm<F extends Record<string, unknown>>({
  fields,
  onSearch,
  initialValues,
  colProps = { xs: 24, sm: 12, lg: 8, xxl: 6 },
}: {
  /** Grid of each field (narrow panels give fields more room); four to a row from 1600 px, three below, so a
   * select's placeholder is not cut at 1280-1440 px. */
  colProps?: ColProps;
  fields: FieldConfig[];
  onSearch: (values: F) => void;
  initialValues?: Partial<F>;
}) {
  const { t } = useTranslation('crud');
  const [form] = Form.useForm<F>();
  const formName = `search${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? fields : fields.slice(0, VISIBLE);
  const clean = (values: F): F => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      const s = typeof v === 'string' ? v.trim() : v;
      if (s !== '' && s !== undefined && s !== null) out[k] = s;
    }
    return out as F;
  };
  return (
    <Card size="small" styles={{ body: { paddingBottom: 0 } }} style={{ marginBottom: 12 }}>
      <Form
        form={form}
        name={formName}
        initialValues={initialValues}
        onFinish={(v) => onSearch(clean(v))}
        labelCol={{ flex: '0 0 auto' }}
        role="search"
      >
        <RevalidateOnLanguage />
        <Row gutter={16}>
          {shown.map((f) => (
            <Col key={f.name} {...colProps}>
              <Form.Item name={f.name} label={f.label}>
                {f.render ? f.render() : <FieldInput field={f} />}
              </Form.Item>
            </Col>
          ))}
          <Col flex="auto">
            <Form.Item style={{ textAlign: 'right' }}>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  {t('search')}
                </Button>
                <Button
                  icon={<ReloadOutlined />}
                  onClick={() => {
                    form.resetFields();
                    onSearch(clean(form.getFieldsValue(true)));
                  }}
                >
                  {t('reset')}
                </Button>
                {fields.length > VISIBLE ? (
                  <Button type="link" onClick={() => setExpanded(!expanded)}>
                    {expanded ? t('collapse') : t('expand')} {expanded ? <UpOutlined /> : <DownOutlined />}
                  </Button>
                ) : null}
              </Space>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
