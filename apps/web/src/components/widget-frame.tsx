import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The frame every workbench widget sits in: a titled card with optional actions; widgets fill the body. */
export function WidgetFrame({
  title,
  extra,
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card
      title={title}
      extra={extra}
      data-testid={testId}
      style={{ height: '100%' }}
      styles={{ body: { padding: 16 } }}
    >
      {children}
    </Card>
  );
}
