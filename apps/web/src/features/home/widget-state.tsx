import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The body of a widget whose data is loading or failed; otherwise its content. */
export function WidgetBody({
  loading,
  error,
  onRetry,
  children,
  rows = 3,
}: {
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  children: ReactNode;
  rows?: number;
}) {
  const { t } = useTranslation('home');
  if (loading) return <Skeleton active title={false} paragraph={{ rows }} />;
  if (error)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('loadFailed')}
        action={
          <Button size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        }
      />
    );
  return children;
}
