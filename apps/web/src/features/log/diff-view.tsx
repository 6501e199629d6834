import { Empty, Switch, Table, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './log.texts';

type Image = Record<string, unknown> | null;

function parse(text: string | null): Image {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { value: text };
  }
}

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

interface Line {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

/**
 * The record before and after a change, side by side and field by field; changed fields are marked (an insert has
 * no before, a delete no after). Shows only the changed fields unless asked for all.
 */
export function DiffView({
  before,
  after,
  changed,
}: {
  before: string | null;
  after: string | null;
  changed: string[];
}) {
  const { t } = useTranslation('log');
  const { token } = theme.useToken();
  const [onlyChanged, setOnlyChanged] = useState(changed.length > 0 && !!before && !!after);
  const lines = useMemo<Line[]>(() => {
    const b = parse(before);
    const a = parse(after);
    const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
    return fields.map((field) => ({
      field,
      before: b ? show(b[field]) : '',
      after: a ? show(a[field]) : '',
      changed: changed.includes(field),
    }));
  }, [before, after, changed]);
  const rows = onlyChanged ? lines.filter((l) => l.changed) : lines;
  if (!lines.length) return <Empty description={t('noFields')} />;
  const cell = (text: string, line: Line, tint: string) => (
    <Typography.Text
      style={{
        fontFamily: token.fontFamilyCode,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        ...(line.changed && text ? { background: tint, padding: '1px 4px', borderRadius: 4 } : {}),
      }}
    >
      {text}
    </Typography.Text>
  );
  return (
    <div data-testid="diff-view">
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 8, marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('onlyChanged')}</Typography.Text>
        <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} aria-label={t('onlyChanged')} />
      </div>
      <Table<Line>
        size="small"
        rowKey="field"
        pagination={false}
        dataSource={rows}
        bordered
        columns={[
          {
            key: 'field',
            title: t('field'),
            dataIndex: 'field',
            width: 160,
            render: (v: string, l) => (
              <Typography.Text strong={l.changed} type={l.changed ? undefined : 'secondary'} code>
                {v}
              </Typography.Text>
            ),
          },
          {
            key: 'before',
            title: t('before'),
            dataIndex: 'before',
            render: (v: string, l) => cell(v, l, token.colorErrorBg),
          },
          {
            key: 'after',
            title: t('after'),
            dataIndex: 'after',
            render: (v: string, l) => cell(v, l, token.colorSuccessBg),
          },
        ]}
      />
    </div>
  );
}
