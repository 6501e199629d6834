import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centred spinner while a page or the session loads; with `failed`, a message and a retry (kept light: it ships on every route). */
export function PageLoading({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 16,
        height: '100%',
        minHeight: 240,
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {failed ? (
        <>
          <span role="alert">{t('common.networkError')}</span>
          <Button type="primary" onClick={() => location.reload()}>
            {t('common.refresh')}
          </Button>
        </>
      ) : (
        <Spin size="large" />
      )}
    </div>
  );
}
