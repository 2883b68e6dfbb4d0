// The root of every route: applies the guard, sets the document title, and hosts the overlays
// that may appear on any screen (notifications, graphic verification).
import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { NotificationCenter } from '../app/NotificationCenter';
import { CaptchaDialog } from '../app/CaptchaDialog';
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

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh', gap: 2 }}>
      <CircularProgress size={28} aria-hidden />
      <span>{t('app.loading')}</span>
    </Box>
  );
}

function RouteGuard() {
  const location = useLocation();
  const matches = useMatches();
  const dispatch = useAppDispatch();
  const { token, user, userStatus } = useAppSelector((state) => state.auth);
  const manifest = useRouteManifest();
  const knownPaths = useMemo(() => new Set(collectPaths(manifest)), [manifest]);

  useEffect(() => {
    if (token && userStatus === 'idle') void dispatch(loadCurrentUser());
  }, [dispatch, token, userStatus]);

  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    isPublic: isPublicMatch(matches),
    allowedForUser: matches.every((match) =>
      isAllowedFor(handleOf(match), { storeType: user?.storeType, permissions: user?.permissions ?? [] }),
    ),
    token,
    user,
    hasScreen: (path) => knownPaths.has(path),
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait') return <PageLoading />;
  return <Outlet />;
}

export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <RouteGuard />
      <NotificationCenter />
      <CaptchaDialog />
    </>
  );
}
