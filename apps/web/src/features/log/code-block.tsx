import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import './log.texts';

/** Pretty-prints JSON text; other text (a cut input, a stack) is shown as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A scrollable, copyable monospace block (an input or a stack trace), or a quiet note when there is none. */
export function CodeBlock({
  text,
  empty,
  maxHeight = 320,
}: {
  text: string | null;
  empty: string;
  maxHeight?: number;
}) {
  const { t } = useTranslation('log');
  const { token } = theme.useToken();
  if (!text) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <div style={{ position: 'relative' }}>
      <Typography.Paragraph
        copyable={{ text, tooltips: [t('copy'), t('copied')] }}
        style={{ position: 'absolute', top: 6, right: 10, margin: 0, zIndex: 1 }}
      />
      <pre
        style={{
          margin: 0,
          padding: '10px 36px 10px 12px',
          maxHeight,
          overflow: 'auto',
          fontSize: 12,
          lineHeight: 1.6,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          fontFamily: token.fontFamilyCode,
        }}
      >
        {text}
      </pre>
    </div>
  );
}
