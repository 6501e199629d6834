import { PhoneOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** Public dial page: `/callTel?tel=...` shows the number as a tap-to-call link (used from printed QR codes). */
export function CallTelPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tel = (params.get('tel') ?? '').replace(/[^\d+\-\s]/g, '').trim();
  return (
    <Result
      icon={<PhoneOutlined />}
      title={t('pages.callTitle')}
      subTitle={t('pages.callHint')}
      extra={
        tel ? (
          <Button type="primary" size="large" href={`tel:${tel.replace(/\s/g, '')}`} icon={<PhoneOutlined />}>
            {tel}
          </Button>
        ) : null
      }
    />
  );
}
