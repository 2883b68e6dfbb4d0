// The root of every route: applies the guard, sets the document title, and hosts the overlays
// that may appear on any screen (notifications, graphic verification).
import { Suspense, lazy, useDeferredValue, useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '../app/hooks';
// Overlays load when first needed, keeping them out of the first page's JavaScript.
const NotificationCenter = lazy(() => import('../app/NotificationCenter').then((module) => ({ default: module.NotificationCenter })));
const CaptchaDialog = lazy(() => import('../app/CaptchaDialog').then((module) => ({ default: module.CaptchaDialog })));
import { loadCurrentUser } from '../features/auth/session';
import { decideRoute } from './routeDecision';
import { collectPaths, handleOf, isAllowedFor, isPublicMatch, pageMatch } from './routeHandle';
import { useRouteManifest } from './manifestContext';

function useDocumentTitle(): void {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const titleKey = handleOf(pageMatch(matches) ?? matches[0])?.title;
  useEffect(() => {
    const site = t('app.siteTitle');
    document.title = titleKey ? `${t(titleKey)} - ${site}` : site;
  }, [titleKey, t, i18n.language]);
}

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A CSS ring rather than CircularProgress: this shows on the first page, whose JavaScript we keep small. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh', gap: 2 }}>
      <Box
        aria-hidden
        sx={{ width: 28, height: 28, borderRadius: '50%', border: 3, borderColor: 'action.disabledBackground', borderTopColor: 'primary.main', animation: `${spin} 0.8s linear infinite` }}
      />
      <span>{t('app.loading')}</span>
    </Box>
  );
}

function RouteGuard() {
  const location = useLocation();
  const matches = useMatches();
  const dispatch = useAppDispatch();
  const auth = useAppSelector((state) => state.auth);
  // A Redux update re-renders its readers synchronously (useSyncExternalStore), in one task React cannot
  // split. When the signed-in user arrives, this guard swaps the loading ring for the whole layout and
  // page: one main-thread task of 0.6–0.9 s on the goods list (issue 9). That one swap (wait → show)
  // follows the deferred value, so the urgent render keeps the ring and the layout mounts in a deferred
  // render that React time-slices. Every other decision (redirects on sign-out, …) follows the store at once.
  const deferredAuth = useDeferredValue(auth);
  const manifest = useRouteManifest();
  const knownPaths = useMemo(() => new Set(collectPaths(manifest)), [manifest]);
  const { token, userStatus } = auth;

  useEffect(() => {
    if (token && userStatus === 'idle') void dispatch(loadCurrentUser());
  }, [dispatch, token, userStatus]);

  const decide = (state: typeof auth) =>
    decideRoute({
      pathname: location.pathname,
      search: location.search,
      isPublic: isPublicMatch(matches),
      allowedForUser: matches.every((match) =>
        isAllowedFor(handleOf(match), { storeType: state.user?.storeType, permissions: state.user?.permissions ?? [] }),
      ),
      token: state.token,
      user: state.user,
      hasScreen: (path) => knownPaths.has(path),
    });
  const current = decide(auth);
  const deferred = deferredAuth === auth ? current : decide(deferredAuth);
  const decision = current.kind === 'render' && deferred.kind === 'wait' ? deferred : current;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait') return <PageLoading />;
  return <Outlet />;
}

function Overlays() {
  const hasNotification = useAppSelector((state) => state.notifications.shown.length > 0);
  const captchaOpen = useAppSelector((state) => state.captcha.image !== null);
  return (
    <Suspense fallback={null}>
      {hasNotification && <NotificationCenter />}
      {captchaOpen && <CaptchaDialog />}
    </Suspense>
  );
}

export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <RouteGuard />
      <Overlays />
    </>
  );
}
