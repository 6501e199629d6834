import { Card, Form, type FormProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { RevalidateOnLanguage } from '../lib/i18n/revalidate';

/**
 * The filter bar of the overview and statistics pages (one layout for all of them): a card holding an inline form,
 * each label left of its control ("Warehouse:"), the fields wrapping onto further rows, and `extra` (the page's
 * actions, a search box, a last-updated note) at the end of the bar. Form props (a form instance, initial values,
 * onValuesChange) pass through for bars that keep their values in a form.
 */
export function FilterBar<V = Record<string, unknown>>({
  children,
  extra,
  style,
  ...form
}: Omit<FormProps<V>, 'layout' | 'style' | 'children'> & {
  children: ReactNode;
  extra?: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <Card size="small" style={style}>
      <Form<V> layout="inline" {...form} style={{ rowGap: 8, alignItems: 'center' }}>
        <RevalidateOnLanguage />
        {children}
        {extra ? (
          <div style={{ marginInlineStart: 'auto', display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
            {extra}
          </div>
        ) : null}
      </Form>
    </Card>
  );
}

/** One labelled control of a filter bar; `width` is the control's (it stretches to it). */
export function FilterField({ label, width, children }: { label: string; width?: number; children: ReactNode }) {
  return (
    <Form.Item label={label}>
      <div style={{ width, maxWidth: '100%', display: 'flex', flexDirection: 'column' }}>{children}</div>
    </Form.Item>
  );
}
