import { EyeOutlined } from '@ant-design/icons';
import { sysTemplate } from '@shelfwise/contract';
import { Button, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type CrudColumn, CrudPage, type CrudRow, type FieldConfig } from '../../components/crud';
import { FormPreviewButton, type PreviewSource, TemplatePreviewDialog } from './template-preview';
import './template.texts';

type TemplateRow = CrudRow<typeof sysTemplate>;

const mono = { fontFamily: 'monospace' };

/** A text field of the form: a taller, monospaced text area (templates are read line by line). */
const textArea = (rows: number, testId: string) => () => (
  <Input.TextArea autoSize={{ minRows: rows, maxRows: 16 }} style={mono} data-testid={testId} />
);

/**
 * Templates (`sysTemplate`): named texts with placeholders in English, Simplified and Traditional Chinese, checked
 * against their sample data when saved, with a preview rendered by the server.
 */
export default function TemplatePage() {
  const { t } = useTranslation('template');
  const { t: tc } = useTranslation('crud');
  const [previewing, setPreviewing] = useState<PreviewSource | null>(null);
  const statusOptions = [
    { label: tc('enabled'), value: 1 },
    { label: tc('disabled'), value: 2 },
  ];

  const searchFields: FieldConfig[] = [
    { name: 'name', label: t('name') },
    { name: 'code', label: t('code') },
    { name: 'groupName', label: t('group') },
    { name: 'status', label: t('status'), type: 'select', options: statusOptions },
  ];

  const columns: CrudColumn<TemplateRow>[] = [
    { key: 'name', title: t('name'), dataIndex: 'name', sortField: 'name' },
    {
      key: 'code',
      title: t('code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'groupName', title: t('group'), dataIndex: 'groupName', sortField: 'groupName' },
    {
      key: 'content',
      title: t('content'),
      dataIndex: 'content',
      ellipsis: true,
      width: 280,
      render: (v: string) => <Typography.Text style={mono}>{v}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('status'),
      dataIndex: 'status',
      exportValue: (r) => (r.status === 1 ? tc('enabled') : tc('disabled')),
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? tc('enabled') : tc('disabled')}</Tag>
      ),
    },
    { key: 'orderNo', title: t('orderNo'), dataIndex: 'orderNo', sortField: 'orderNo', align: 'right' },
    { key: 'remark', title: t('remark'), dataIndex: 'remark', ellipsis: true, width: 200 },
    { key: 'createTime', title: t('createTime'), dataIndex: 'createTime', sortField: 'createTime' },
  ];

  const hint = t('contentHint', { example: '{{ name }}', section: '{{# lines }} … {{/ lines }}' });
  const formFields: FieldConfig[] = [
    { name: 'name', label: t('name'), required: true, span: 12, maxLength: 128 },
    {
      name: 'code',
      label: t('code'),
      required: true,
      span: 12,
      maxLength: 128,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('codeRule') }],
    },
    { name: 'groupName', label: t('group'), span: 8, maxLength: 32 },
    { name: 'status', label: t('status'), type: 'radio', span: 8, options: statusOptions },
    { name: 'orderNo', label: t('orderNo'), type: 'number', span: 8 },
    { name: 'content', label: t('content'), required: true, extra: hint, render: textArea(5, 'template-content') },
    {
      name: 'contentZhCn',
      label: t('contentZhCn'),
      extra: t('fallbackHint'),
      render: textArea(3, 'template-content-zh-cn'),
    },
    {
      name: 'contentZhTw',
      label: t('contentZhTw'),
      extra: t('fallbackHint'),
      render: textArea(3, 'template-content-zh-tw'),
    },
    {
      name: 'sampleData',
      label: t('sampleData'),
      extra: t('sampleDataHint'),
      render: textArea(3, 'template-sample-data'),
    },
    { name: 'remark', label: t('remark'), type: 'textarea', maxLength: 256 },
    { name: 'preview', label: t('preview'), render: () => <FormPreviewButton /> },
  ];

  return (
    <>
      <CrudPage
        service={sysTemplate}
        pageKey="platform.template"
        title={t('title')}
        searchFields={searchFields}
        columns={columns}
        form={{
          fields: formFields,
          addTitle: t('add'),
          editTitle: t('edit'),
          width: 820,
          defaults: { status: 1, orderNo: 100 },
          toInput: ({ preview: _preview, ...v }) => ({ ...v, orderNo: v.orderNo ?? 100 }),
        }}
        rowName={(row) => row.name}
        rowActions={(row) => (
          <Auth code="sysTemplate:preview">
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              data-testid={`template-preview-${row.code}`}
              onClick={() =>
                setPreviewing({
                  title: t('previewTitle', { name: row.name }),
                  texts: { en: row.content, 'zh-cn': row.contentZhCn, 'zh-tw': row.contentZhTw },
                  sampleData: row.sampleData,
                })
              }
            >
              {t('preview')}
            </Button>
          </Auth>
        )}
        clientExport={t('exportName')}
        testId="template"
      />
      <TemplatePreviewDialog source={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
