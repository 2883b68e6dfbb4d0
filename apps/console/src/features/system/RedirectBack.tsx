// /redirect/*: the tags bar's "refresh" passes through here so the page remounts in place
// (§2 hidden route /redirect/:path(.*)).
import { Navigate, useLocation } from 'react-router';

export const REDIRECT_PREFIX = '/redirect';

export function RedirectBack() {
  const location = useLocation();
  const target = location.pathname.slice(REDIRECT_PREFIX.length) || '/';
  return <Navigate to={`${target}${location.search}`} replace />;
}
