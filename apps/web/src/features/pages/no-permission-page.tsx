import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /401: the user may not open what they asked for. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle={
        <>
          <div style={{ fontSize: 16, marginBottom: 4 }}>{t('pages.noPermissionTitle')}</div>
          <div>{t('pages.noPermissionHint')}</div>
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
