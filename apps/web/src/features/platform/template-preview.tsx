import { EyeOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@shelfwise/contract';
import { routes as api } from '@shelfwise/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Segmented, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/crud';
import { ApiError, call } from '../../lib/api/client';
import './template.texts';

/** A template's texts by language (an empty one falls back to English) and its sample data. */
export interface PreviewSource {
  title: string;
  texts: Record<Locale, string | null | undefined>;
  sampleData: string | null | undefined;
}

function parseData(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text.trim() || '{}');
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Renders a template text with sample data on the server (`sysTemplate/render`), in a language chosen here; the
 * data starts as the template's sample data and may be edited. The result is shown as text: it is the escaped
 * output, never inserted into the page as HTML.
 */
export function TemplatePreviewDialog({ source, onClose }: { source: PreviewSource | null; onClose: () => void }) {
  return (
    <Modal open={!!source} title={source?.title} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {source ? <PreviewBody source={source} /> : null}
    </Modal>
  );
}

const localeOf = (language: string): Locale =>
  (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'en';

/** The body of one opening of the preview: it starts in the page's language with the template's sample data. */
function PreviewBody({ source }: { source: PreviewSource }) {
  const { t, i18n } = useTranslation('template');
  const [lang, setLang] = useState<Locale>(() => localeOf(i18n.language));
  const [data, setData] = useState(() => source.sampleData?.trim() || '{}');
  const [problem, setProblem] = useState<string | null>(null);
  const render = useMutation({
    mutationFn: (body: { content: string; data: Record<string, unknown> }) =>
      call(api.sysTemplate.render, body, { silent: true }),
  });
  const contentIn = (l: Locale) => source.texts[l] || source.texts.en || '';

  const run = (l: Locale, text: string) => {
    const parsed = parseData(text);
    const content = contentIn(l);
    setProblem(!parsed ? t('dataInvalid') : !content ? t('noContent') : null);
    if (!parsed || !content) {
      render.reset();
      return;
    }
    render.mutate({ content, data: parsed });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: renders once as the dialog opens; then the buttons do
  useEffect(() => run(lang, data), []);

  const error = render.error instanceof ApiError ? render.error : null;
  const errorText = error ? [error.message, ...Object.values(error.fieldErrors ?? {}).flat()].join(' ') : null;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="template-preview">
      <Segmented<Locale>
        value={lang}
        onChange={(l) => {
          setLang(l);
          run(l, data);
        }}
        options={LOCALES.map((l) => ({ label: t(`languages.${l}`), value: l }))}
        aria-label={t('language')}
      />
      {!source.texts[lang] && source.texts.en ? <Alert type="info" showIcon message={t('usesEnglish')} /> : null}
      <Form layout="vertical" component="div">
        <Form.Item label={t('data')}>
          <Input.TextArea
            value={data}
            onChange={(e) => setData(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 10 }}
            style={{ fontFamily: 'monospace' }}
            data-testid="template-preview-data"
          />
        </Form.Item>
        <Button
          type="primary"
          onClick={() => run(lang, data)}
          loading={render.isPending}
          data-testid="template-preview-render"
        >
          {t('render')}
        </Button>
      </Form>
      {problem || errorText ? <Alert type="error" showIcon message={problem ?? errorText} /> : null}
      <div>
        <Typography.Text strong>{t('result')}</Typography.Text>
        <pre
          data-testid="template-preview-result"
          style={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            maxHeight: 320,
            overflow: 'auto',
            padding: 12,
            marginTop: 8,
            background: 'rgba(0, 0, 0, 0.04)',
            borderRadius: 6,
          }}
        >
          {render.data ?? ''}
        </pre>
      </div>
    </Space>
  );
}

/** The preview button inside the edit dialog: previews the text as typed, before it is saved. */
export function FormPreviewButton() {
  const { t } = useTranslation('template');
  const form = Form.useFormInstance();
  const [source, setSource] = useState<PreviewSource | null>(null);
  const open = () => {
    const v = form.getFieldsValue(['content', 'contentZhCn', 'contentZhTw', 'sampleData']) as Record<
      string,
      string | undefined
    >;
    setSource({
      title: t('previewNew'),
      texts: { en: v.content, 'zh-cn': v.contentZhCn, 'zh-tw': v.contentZhTw },
      sampleData: v.sampleData,
    });
  };
  return (
    <Auth code="sysTemplate:preview">
      <Button icon={<EyeOutlined />} onClick={open} data-testid="template-form-preview">
        {t('preview')}
      </Button>
      <TemplatePreviewDialog source={source} onClose={() => setSource(null)} />
    </Auth>
  );
}
