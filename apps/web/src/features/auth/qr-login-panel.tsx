import { ReloadOutlined } from '@ant-design/icons';
import { routes } from '@shelfwise/contract/routes';
import { Button, Spin, theme } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io } from 'socket.io-client';
import { call } from '../../lib/api/client';

type Ticket = Awaited<ReturnType<typeof call<typeof routes.sysAuth.qrTicket>>>;
type Pair = { accessToken: string; refreshToken: string };

/**
 * QR sign-in tab (loaded only when opened): shows a one-time code; a signed-in phone that opens it confirms, and
 * this browser is signed in by a live push (or by the fallback poll). The code expires after two minutes.
 */
export default function QrLoginPanel({ onSignedIn }: { onSignedIn: (pair: Pair) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [ticket, setTicket] = useState<Ticket>();
  const [left, setLeft] = useState(0);
  const [failed, setFailed] = useState(false);

  const renew = useCallback(() => {
    setFailed(false);
    call(routes.sysAuth.qrTicket, {}, { silent: true })
      .then((tk) => {
        setTicket(tk);
        setLeft(tk.expirySeconds);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => renew(), [renew]);

  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);

  useEffect(() => {
    if (!ticket) return;
    let done = false;
    const finish = (pair: Pair) => {
      if (done) return;
      done = true;
      onSignedIn(pair);
    };
    const socket = io({ path: '/socket.io', auth: { qrTicket: ticket.ticket, watchKey: ticket.watchKey } });
    socket.on('qr:confirmed', finish);
    // fallback when the live connection cannot be made (proxies without WebSocket support)
    const poll = setInterval(() => {
      call(routes.sysAuth.qrStatus, { ticket: ticket.ticket, watchKey: ticket.watchKey }, { silent: true })
        .then((s) => {
          if (s.status === 'confirmed' && s.accessToken && s.refreshToken) finish(s as Pair);
        })
        .catch(() => undefined);
    }, 3000);
    return () => {
      socket.close();
      clearInterval(poll);
    };
  }, [ticket, onSignedIn]);

  const expired = !!ticket && left <= 0;
  return (
    <div style={{ textAlign: 'center', padding: '8px 0 4px' }}>
      <div
        style={{
          position: 'relative',
          width: 220,
          height: 220,
          margin: '0 auto',
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
      >
        {ticket ? (
          <img src={ticket.qr} alt={t('login.qrAlt')} width={218} height={218} data-ticket={ticket.ticket} />
        ) : (
          <Spin style={{ marginTop: 96 }} />
        )}
        {expired || failed ? (
          <div
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 12,
              background: 'rgba(255,255,255,0.94)',
            }}
          >
            <span>{failed ? t('common.networkError') : t('login.qrExpired')}</span>
            <Button type="primary" icon={<ReloadOutlined />} onClick={renew}>
              {t('login.qrRenew')}
            </Button>
          </div>
        ) : null}
      </div>
      <p style={{ margin: '16px 0 4px', color: token.colorText }}>{t('login.qrHint')}</p>
      <p style={{ margin: 0, color: token.colorTextTertiary, fontSize: 12 }}>
        {ticket && !expired ? t('login.qrLeft', { seconds: left }) : '\u00a0'}
      </p>
    </div>
  );
}
