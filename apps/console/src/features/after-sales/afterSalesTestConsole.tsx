// Test helper (specs only): the whole console with the after-sales screens under /order and their
// texts, against a contract-checked fake store-server. When the real manifest already places the
// screens (features/orders/routes.tsx), it is used as it is.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, createMemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSecureClient } from '@merchant/secure-transport';
import { createConsole } from '../../app/createConsole';
import { addFeatureMessages } from '../../app/i18n';
import { routeManifest } from '../../routes/manifest';
import type { ManifestRoute } from '../../routes/routeHandle';
import { ACCESS_TOKEN_KEY } from '../auth/tokenStorage';
import type { FakeStoreServer } from '../../../test/fakeStoreServer';
import { TEST_CONFIG } from '../../../test/renderConsole';
import { afterSalesMessages } from './messages';
import { afterSalesScreens } from './routes';

function AfterSalesTexts() {
  const { i18n } = useTranslation();
  useState(() => addFeatureMessages(i18n, [afterSalesMessages]));
  return <Outlet />;
}

function places(routes: readonly ManifestRoute[] | undefined, path: string): boolean {
  return (routes ?? []).some((route) => route.path === path || places(route.children, path));
}

/** routeManifest, plus the /order group with the after-sales screens when it does not hold them yet. */
function manifestWithAfterSales(): ManifestRoute[] {
  const texts: ManifestRoute = { element: <AfterSalesTexts />, children: [] };
  return routeManifest.map((root) => ({
    ...root,
    children: root.children?.map((child) => {
      // The signed-in shell: the lazy layout whose children are the areas.
      if (!child.lazy || !child.children) return child;
      const placed = places(child.children, 'orderAfter');
      return {
        ...child,
        children: [{ ...texts, children: placed ? child.children : [...child.children, { path: '/order', handle: { title: 'afterSales.menu.pending' }, children: afterSalesScreens }] }],
      };
    }),
  }));
}

export function renderAfterSales(path: string, server: FakeStoreServer, token: string) {
  window.sessionStorage.setItem(ACCESS_TOKEN_KEY, token);
  const app = createConsole({
    config: TEST_CONFIG,
    language: 'en-US',
    manifest: manifestWithAfterSales(),
    createClient: ({ reactions, translate }) => createSecureClient({ baseUrl: TEST_CONFIG.apiBase, mode: 'none', fetch: server.fetch, reactions, translate }),
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
  });
  const user = userEvent.setup({ delay: null });
  const view = render(app.element);
  const location = () => `${app.router.state.location.pathname}${app.router.state.location.search}`;
  return { ...app, ...view, server, user, location };
}
