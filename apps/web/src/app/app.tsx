import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, theme as antTheme, ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { sessionKeys } from '../features/auth/session.api';
import { setErrorNotifier } from '../lib/api/notify';
import { antdLocale, useI18nReady } from '../lib/i18n/i18n';
import { whenClaimed } from '../lib/offline/service-worker';
import { useTheme } from '../lib/theme/theme-store';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Installs antd's message API as the error toast of the API client. */
function Notifier() {
  const { message } = AntApp.useApp();
  useEffect(() => setErrorNotifier((text) => void message.error(text)), [message]);
  return null;
}

/**
 * The answers the app starts from (user, menu tree, branding) fetched again once the service worker takes over a
 * page that loaded before it: the worker keeps them only as they pass through it, and a reload without a network
 * starts from what it kept.
 */
function StartAnswersForOffline() {
  const qc = useQueryClient();
  useEffect(
    () =>
      whenClaimed(() => {
        for (const queryKey of [sessionKeys.userInfo, ['loginMenuTree'], sessionKeys.sysInfo]) {
          void qc.invalidateQueries({ queryKey });
        }
      }),
    [qc],
  );
  return null;
}

/** Root: server state, antd theme/locale/size from the theme config, and the router. */
export function App() {
  const { primary, isDark, globalComponentSize, isGrayscale, isInvert } = useTheme();
  const locale = useI18nReady((s) => s.locale);
  useEffect(() => {
    document.documentElement.classList.toggle('sw-grayscale', isGrayscale);
    document.documentElement.classList.toggle('sw-invert', isInvert);
  }, [isGrayscale, isInvert]);
  // the first paint waits for the chosen language's texts (English is built in; others take one small request)
  if (!locale) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={antdLocale(locale)}
        componentSize={globalComponentSize}
        theme={{
          algorithm: isDark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
          token: { colorPrimary: primary, borderRadius: 6 },
        }}
      >
        <AntApp style={{ height: '100%' }}>
          <Notifier />
          <StartAnswersForOffline />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
