import { PhoneOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { LanguageSegmented } from '../../components/language-segmented';
import { groupForReading, parseDialNumber } from './dial-number';

/**
 * The public dial page (`/$callTel`), opened from a QR code on a rack or a notice: the number from the link
 * (`?phone=`, `?tel=`, or the path's last segment: `/$callTel/13800138000`), checked, large, with a call button.
 * A link without a usable number says so instead of offering to call whatever it holds.
 */
export function CallTelPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { phone } = useParams();
  const raw = params.get('phone') ?? params.get('tel') ?? phone ?? null;
  const name = params.get('name')?.trim().slice(0, 60);
  const number = parseDialNumber(raw);
  return (
    <div style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 12 }}>
        <LanguageSegmented />
      </div>
      {number.ok ? (
        <Result
          icon={<PhoneOutlined />}
          title={name || t('pages.callTitle')}
          subTitle={t('pages.callHint')}
          extra={
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16 }}>
              <Typography.Text
                copyable={{ text: number.href.slice(4) }}
                style={{ fontSize: 32, fontWeight: 600, letterSpacing: 1 }}
                data-testid="dial-number"
              >
                {groupForReading(number.display)}
              </Typography.Text>
              {number.ext ? (
                <Typography.Text type="secondary" data-testid="dial-ext">
                  {t('pages.callExtension', { ext: number.ext })}
                </Typography.Text>
              ) : null}
              <Button
                type="primary"
                size="large"
                shape="round"
                href={number.href}
                icon={<PhoneOutlined />}
                style={{ minWidth: 240, height: 56, fontSize: 20 }}
                data-testid="dial-call"
              >
                {t('pages.callButton')}
              </Button>
            </div>
          }
        />
      ) : (
        <Result
          status="warning"
          title={number.reason === 'missing' ? t('pages.callMissing') : t('pages.callInvalid')}
          subTitle={
            <>
              {raw ? (
                <Typography.Paragraph code style={{ wordBreak: 'break-all' }} data-testid="dial-raw">
                  {raw.slice(0, 80)}
                </Typography.Paragraph>
              ) : null}
              <div>{t('pages.callInvalidHint')}</div>
            </>
          }
          data-testid="dial-invalid"
        />
      )}
    </div>
  );
}
