import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a page fails to render: the error is logged, the user gets a way out. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title={t('pages.errorTitle')}
      subTitle={t('pages.errorHint')}
      extra={[
        <Button key="reload" type="primary" onClick={() => location.reload()}>
          {t('common.refresh')}
        </Button>,
        <Button key="home" onClick={() => location.assign('/dashboard/home')}>
          {t('pages.backHome')}
        </Button>,
      ]}
    />
  );
}
