import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Tabs, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/guards';
import { LanguageSegmented } from '../../components/language-segmented';
import { tokens } from '../../lib/auth/tokens';
import { useTheme } from '../../lib/theme/theme-store';
import { AccountForm, RegisterForm } from './login-forms';
import { useLoginTenant } from './login-tenant';
import { sessionKeys, useSysInfo } from './session.api';

const QrLoginPanel = lazy(() => import('./qr-login-panel'));
/** The SMS sign-in is a second tab: its form arrives when the tab is opened. */
const PhoneForm = lazy(() => import('./phone-form'));
const LoginTenantSelect = lazy(() => import('./login-tenant-select'));

/** Chromium older than 79 (and browsers that are not Chromium-based) get a hint (spec §1). */
function isOldBrowser(): boolean {
  const m = /Chrom(e|ium)\/(\d+)/.exec(navigator.userAgent);
  return !m || Number(m[2]) < 79;
}

/**
 * A repeating background image of the branding watermark text (the main layout uses antd's Watermark; the sign-in
 * route stays light and draws the tile itself).
 */
function watermarkTile(text: string, color: string): string | undefined {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx || !text) return undefined;
  canvas.width = 280;
  canvas.height = 180;
  ctx.translate(140, 90);
  ctx.rotate(-Math.PI / 9);
  ctx.font = '15px sans-serif';
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  ctx.fillText(text, 0, 0);
  return `url(${canvas.toDataURL()})`;
}

/** Sign-in page: account, mobile number and registration tabs, branded from the server's system info. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const info = useSysInfo();
  const setTheme = useTheme((s) => s.set);
  const sys = info.data;
  const tenant = useLoginTenant(sys?.hideTenantForLogin ?? true);
  const title = sys?.title || 'Shelfwise';
  const dark = useTheme((s) => s.isDark);
  const watermark = useMemo(
    () => watermarkTile(sys?.watermark ?? '', dark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.06)'),
    [sys?.watermark, dark],
  );

  useEffect(() => {
    document.title = `${t('login.signIn').replace(/\s/g, '')} - ${title}`;
    if (sys) setTheme({ globalTitle: sys.title, copyright: sys.copyright, logoUrl: sys.logo || '/logo.svg' });
  }, [t, title, sys, setTheme]);

  const queryClient = useQueryClient();
  const done = useCallback(() => {
    void message.success(t('login.signedIn'));
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  }, [message, t, navigate, params]);
  const qrSignedIn = useCallback(
    (pair: { accessToken: string; refreshToken: string }) => {
      tokens.save(pair.accessToken, pair.refreshToken);
      queryClient.removeQueries({ queryKey: sessionKeys.userInfo });
      done();
    },
    [queryClient, done],
  );
  const items = [
    {
      key: 'account',
      label: t('login.tabAccount'),
      children: (
        <AccountForm
          captcha={sys?.captcha === 1}
          slider={sys?.secondVer === 1}
          tenantId={tenant.tenantId}
          onDone={done}
        />
      ),
    },
    {
      key: 'phone',
      label: t('login.tabPhone'),
      children: (
        <Suspense fallback={null}>
          <PhoneForm tenantId={tenant.tenantId} onDone={done} />
        </Suspense>
      ),
    },
    {
      key: 'qr',
      label: t('login.tabQr'),
      children: (
        <Suspense fallback={null}>
          <QrLoginPanel onSignedIn={qrSignedIn} />
        </Suspense>
      ),
    },
    ...(sys?.enableReg === 1
      ? [
          {
            key: 'register',
            label: t('login.tabRegister'),
            children: (
              <RegisterForm
                regWayId={sys.regWayId}
                tenantId={tenant.tenantId}
                onDone={() => void message.success(t('login.registered'))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div
      style={{
        minHeight: '100%',
        display: 'flex',
        backgroundColor: token.colorBgLayout,
        ...(watermark ? { backgroundImage: watermark } : {}),
      }}
      data-watermark={sys?.watermark || undefined}
    >
      <section
        style={{
          flex: '1 1 50%',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          padding: '48px 64px',
          color: '#fff',
          background: `linear-gradient(135deg, ${token.colorPrimary} 0%, #0b3f75 100%)`,
        }}
        className="sw-login-brand"
      >
        <img
          src={sys?.logo || '/logo.svg'}
          alt=""
          width={64}
          height={64}
          style={{ borderRadius: 14, background: '#fff2' }}
        />
        <h1 style={{ color: '#fff', margin: '24px 0 8px', fontSize: 38, fontWeight: 600 }}>{title}</h1>
        <p style={{ color: '#ffffffd9', fontSize: 18, margin: 0 }}>{sys?.viceTitle}</p>
        <p style={{ color: '#ffffffa6', fontSize: 14, marginTop: 12, maxWidth: 460, lineHeight: 1.7 }}>
          {sys?.viceDesc}
        </p>
      </section>
      <main style={{ flex: '1 1 50%', display: 'flex', flexDirection: 'column', alignItems: 'center', padding: 24 }}>
        <div style={{ alignSelf: 'flex-end' }}>
          <LanguageSegmented />
        </div>
        <div style={{ flex: 1, display: 'flex', alignItems: 'center', width: '100%', maxWidth: 400 }}>
          <Card style={{ width: '100%' }} styles={{ body: { padding: '24px 32px 32px' } }}>
            <h2 style={{ marginTop: 0, fontSize: 22, fontWeight: 600, color: token.colorText }}>
              {t('login.welcomeBack')}
            </h2>
            {isOldBrowser() ? (
              <Alert type="warning" showIcon title={t('login.browserHint')} style={{ marginBottom: 12 }} />
            ) : null}
            {tenant.shown ? (
              <Suspense fallback={<div style={{ height: 48 }} />}>
                <LoginTenantSelect tenants={tenant.tenants} value={tenant.tenantId} onChange={tenant.choose} />
              </Suspense>
            ) : null}
            <Tabs items={items} destroyOnHidden />
          </Card>
        </div>
        <footer style={{ color: token.colorTextTertiary, fontSize: 12, textAlign: 'center' }}>
          {sys?.copyright}
          {sys?.icp ? (
            <>
              {' · '}
              <a href={sys.icpUrl || undefined} target="_blank" rel="noreferrer noopener" style={{ color: 'inherit' }}>
                {sys.icp}
              </a>
            </>
          ) : null}
        </footer>
      </main>
    </div>
  );
}
