import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { CallTelPage } from '../features/pages/call-tel-page';
import { ErrorPage } from '../features/pages/error-page';
import { NoPermissionPage } from '../features/pages/no-permission-page';
import { NotFoundPage } from '../features/pages/not-found-page';
import { RedirectIfSignedIn, RequireAuth } from './guards';

/** Home path after sign-in and the sign-in path (spec §9). */
export const HOME_PATH = '/dashboard/home';
export const LOGIN_PATH = '/login';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const MainLayout = lazy(() => import('./layout/main-layout'));
const QrConfirmPage = lazy(() => import('../features/auth/qr-confirm-page'));

/**
 * Fixed routes of spec §2; every other path is resolved inside the main layout against the user's menu tree
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
  { path: '/401', element: <NoPermissionPage /> },
  { path: '/callTel', element: <CallTelPage /> },
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
    errorElement: <ErrorPage />,
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
  { path: '*', element: <NotFoundPage /> },
]);
