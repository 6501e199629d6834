import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Any unknown path: the address is wrong, with a way back home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={
        <>
          <div style={{ fontSize: 16, marginBottom: 4 }}>{t('pages.notFoundTitle')}</div>
          <div>{t('pages.notFoundHint')}</div>
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard/home')}>
          {t('pages.backHome')}
        </Button>
      }
    />
  );
}
