import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centred spinner while a page or the session loads; with `failed`, a retry. */
export function PageLoading({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Result
        status="warning"
        title={t('common.networkError')}
        extra={
          <Button type="primary" onClick={() => location.reload()}>
            {t('common.refresh')}
          </Button>
        }
      />
    );
  }
  return (
    <div style={{ display: 'flex', height: '100%', minHeight: 240, alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
