import { routes } from '@shelfwise/contract/routes';
import { Button, Card, Result, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type ApiError, call } from '../../lib/api/client';
import { useUserInfo } from './session.api';

/** The page a signed-in phone opens from a QR code: confirm signing in on the other device, as this user. */
export default function QrConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const { data: user } = useUserInfo();
  const [state, setState] = useState<'ask' | 'busy' | 'done' | 'cancelled'>('ask');
  const [error, setError] = useState<string>();

  const confirm = async () => {
    setState('busy');
    setError(undefined);
    try {
      await call(routes.sysAuth.qrConfirm, { ticket }, { silent: true });
      setState('done');
    } catch (e) {
      setError((e as ApiError).message);
      setState('ask');
    }
  };

  const body =
    state === 'done' ? (
      <Result status="success" title={t('login.qrDone')} />
    ) : state === 'cancelled' ? (
      <Result status="info" title={t('login.qrCancelled')} />
    ) : (
      <Result
        status={error ? 'error' : 'info'}
        title={t('login.qrConfirmTitle')}
        subTitle={error ?? t('login.qrConfirmHint', { account: user?.realName || user?.account || '' })}
        extra={
          <Space direction="vertical" style={{ width: '100%' }}>
            <Button type="primary" size="large" block loading={state === 'busy'} onClick={confirm} disabled={!ticket}>
              {t('login.qrConfirm')}
            </Button>
            <Button size="large" block onClick={() => setState('cancelled')}>
              {t('common.cancel')}
            </Button>
          </Space>
        }
      />
    );
  return (
    <div style={{ minHeight: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        {body}
        {state === 'done' || state === 'cancelled' ? (
          <Button block onClick={() => navigate('/dashboard/home')}>
            {t('pages.backHome')}
          </Button>
        ) : null}
      </Card>
    </div>
  );
}
