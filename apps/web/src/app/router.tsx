import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { RedirectIfSignedIn, RequireAuth } from './guards';

/** Home path after sign-in and the sign-in path (docs/web-shell.md#fixed-values). */
export const HOME_PATH = '/dashboard/home';
export const LOGIN_PATH = '/login';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const MainLayout = lazy(() => import('./layout/main-layout'));
const QrConfirmPage = lazy(() => import('../features/auth/qr-confirm-page'));
// the result pages carry large illustrations: loaded only when shown
const NotFoundPage = lazy(() => import('../features/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const NoPermissionPage = lazy(() =>
  import('../features/pages/no-permission-page').then((m) => ({ default: m.NoPermissionPage })),
);
const CallTelPage = lazy(() => import('../features/pages/call-tel-page').then((m) => ({ default: m.CallTelPage })));
const ErrorPage = lazy(() => import('../features/pages/error-page').then((m) => ({ default: m.ErrorPage })));

const page = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

/**
 * Fixed routes of docs/web-shell.md#routes; every other path is resolved inside the main layout against the user's menu tree
 * (one lazy page per component key, or not-found).
 */
export const router = createBrowserRouter([
  {
    path: LOGIN_PATH,
    element: (
      <RedirectIfSignedIn>
        <Suspense fallback={<PageLoading />}>
          <LoginPage />
        </Suspense>
      </RedirectIfSignedIn>
    ),
  },
  { path: '/401', element: page(<NoPermissionPage />) },
  // the dial page of the spec's route table, with the number in the query or as the last segment; `/callTel`
  // stays for links printed before
  { path: '/$callTel', element: page(<CallTelPage />) },
  { path: '/$callTel/:phone', element: page(<CallTelPage />) },
  { path: '/callTel', element: page(<CallTelPage />) },
  {
    // opened on a phone from a sign-in QR code: a page of its own, without the desktop chrome
    path: '/qrConfirm',
    element: (
      <RequireAuth>
        <Suspense fallback={<PageLoading />}>
          <QrConfirmPage />
        </Suspense>
      </RequireAuth>
    ),
  },
  {
    path: '/',
    errorElement: page(<ErrorPage />),
    element: (
      <RequireAuth>
        <Suspense fallback={<PageLoading />}>
          <MainLayout />
        </Suspense>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      { path: '*', element: null },
    ],
  },
  { path: '*', element: page(<NotFoundPage />) },
]);
