// Unknown address → /404?from={typed address}: the page names what was typed (issue 7).
import { Navigate, useLocation } from 'react-router';
import { NOT_FOUND_PATH } from '../../routes/routeDecision';

export const NOT_FOUND_FROM_PARAM = 'from';

export function notFoundPathFor(typed: string): string {
  return `${NOT_FOUND_PATH}?${new URLSearchParams({ [NOT_FOUND_FROM_PARAM]: typed }).toString()}`;
}

export function NotFoundRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={notFoundPathFor(`${pathname}${search}${hash}`)} replace />;
}
