import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** An option of a select or radio field. */
export interface FieldOption {
  label: ReactNode;
  value: string | number;
}

/** A tree node of a tree-select field. */
export interface FieldTreeNode {
  title: ReactNode;
  value: string | number;
  children?: FieldTreeNode[];
  disabled?: boolean;
}

/** One field of a search form or an edit dialog, described by configuration. */
export interface FieldConfig {
  name: string;
  label: string;
  type?: 'text' | 'textarea' | 'number' | 'select' | 'radio' | 'switch' | 'treeSelect' | 'password';
  options?: FieldOption[];
  treeData?: FieldTreeNode[];
  required?: boolean;
  rules?: Rule[];
  placeholder?: string;
  extra?: ReactNode;
  tooltip?: ReactNode;
  disabled?: boolean;
  /** Grid width out of 24 in the edit dialog (default 24). */
  span?: number;
  maxLength?: number;
  /** A custom input (gets value/onChange from the form item). */
  render?: () => ReactNode;
}

/** The input control of a field; the form item's `value`, `onChange` (and `id`) pass through to the control. */
export function FieldInput({ field, ...control }: { field: FieldConfig } & Record<string, unknown>) {
  const { t } = useTranslation('crud');
  const ph = field.placeholder;
  switch (field.type) {
    case 'textarea':
      return (
        <Input.TextArea
          {...control}
          rows={3}
          placeholder={ph ?? t('enter', { label: field.label })}
          disabled={field.disabled}
          maxLength={field.maxLength}
          showCount={!!field.maxLength}
        />
      );
    case 'number':
      return <InputNumber {...control} style={{ width: '100%' }} placeholder={ph} disabled={field.disabled} />;
    case 'select':
      return (
        <Select
          {...control}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={ph ?? t('select', { label: field.label })}
          options={field.options}
          disabled={field.disabled}
        />
      );
    case 'radio':
      return <Radio.Group {...control} options={field.options} disabled={field.disabled} />;
    case 'switch':
      return <Switch {...control} disabled={field.disabled} />;
    case 'treeSelect':
      return (
        <TreeSelect
          {...control}
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={ph ?? t('select', { label: field.label })}
          treeData={field.treeData}
          disabled={field.disabled}
        />
      );
    case 'password':
      return <Input.Password {...control} placeholder={ph} disabled={field.disabled} />;
    default:
      return (
        <Input
          {...control}
          allowClear
          placeholder={ph ?? t('enter', { label: field.label })}
          disabled={field.disabled}
          maxLength={field.maxLength}
        />
      );
  }
}

/** The fields of an edit dialog on a grid, with antd rules (required plus the field's own). */
export function FormFields({ fields }: { fields: FieldConfig[] }) {
  const { t } = useTranslation('crud');
  return (
    <Row gutter={16}>
      {fields.map((f) => (
        <Col key={f.name} span={f.span ?? 24}>
          <Form.Item
            name={f.name}
            label={f.label}
            extra={f.extra}
            tooltip={f.tooltip}
            valuePropName={f.type === 'switch' ? 'checked' : 'value'}
            rules={[
              ...(f.required
                ? [{ required: true, whitespace: true, message: t('requiredField', { label: f.label }) }]
                : []),
              ...(f.rules ?? []),
            ]}
          >
            {f.render ? f.render() : <FieldInput field={f} />}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
