import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { routes as api } from '@shelfwise/contract/routes';
import { Alert, Avatar, Button, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../features/auth/session.api';
import { type ApiError, call } from '../../lib/api/client';
import { useLock } from './lock-state';

/**
 * Full-screen lock: the page is hidden until the user's password is verified by the server. Loaded when the screen
 * locks (its state and the idle timer are in `lock-state.ts`).
 */
export default function LockScreen() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const setLocked = useLock((s) => s.setLocked);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  const unlock = async () => {
    if (!password) return;
    setBusy(true);
    setError(undefined);
    try {
      await call(api.sysAuth.unLockScreen, { password }, { silent: true });
      setPassword('');
      setLocked(false);
    } catch (e) {
      // the session ended (too many wrong passwords end it): the page goes to sign-in, and that is not locked
      if ((e as ApiError).status === 401) setLocked(false);
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t('layout.lockScreen')}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
        background: 'linear-gradient(135deg, #0b2545 0%, #13315c 60%, #0F59A4 100%)',
        color: '#fff',
      }}
    >
      <Typography.Title style={{ color: '#fff', fontSize: 64, margin: 0, fontWeight: 300 }}>
        {now.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
      </Typography.Title>
      <Avatar size={72} src={user?.avatar || undefined} icon={<LockOutlined />} />
      <Typography.Text style={{ color: '#fff', fontSize: 16 }}>{user?.realName || user?.account}</Typography.Text>
      <div style={{ width: 320 }}>
        <Input.Password
          size="large"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={unlock}
          placeholder={t('login.password')}
          aria-label={t('login.password')}
          suffix={
            <Button
              type="primary"
              size="small"
              icon={<UnlockOutlined />}
              loading={busy}
              onClick={unlock}
              aria-label={t('layout.unlock')}
            />
          }
        />
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
      </div>
    </div>
  );
}
