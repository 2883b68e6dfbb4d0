// Context providers every screen needs: store, i18n, theme (mode and size from the store),
// runtime config, route manifest, ui-kit language, and the §6 permission codes.
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18nInstance } from 'i18next';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { UiKitProvider } from '@merchant/ui-kit';
import type { AppStore } from './store';
import type { RuntimeConfig } from './runtimeConfig';
import { RuntimeConfigContext } from './runtimeConfigContext';
import { useAppSelector } from './hooks';
import { createConsoleTheme } from './theme';
import { isConsoleLanguage, DEFAULT_LANGUAGE } from './i18n';
import { RouteManifestContext } from '../routes/manifestContext';
import type { ManifestRoute } from '../routes/routeHandle';
import { ConsolePermissionProvider } from '../features/auth/permissions';

export interface AppProvidersProps {
  store: AppStore;
  i18n: I18nInstance;
  config: RuntimeConfig;
  manifest: readonly ManifestRoute[];
  children: ReactNode;
}

function ConsoleTheme({ children }: { children: ReactNode }) {
  const { themeMode, size } = useAppSelector((state) => state.layout);
  const theme = useMemo(() => createConsoleTheme({ mode: themeMode, size }), [themeMode, size]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** ui-kit tables, pagers and search bars follow the console's language and size setting. */
function UiKitSettings({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const size = useAppSelector((state) => state.layout.size);
  const locale = isConsoleLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <UiKitProvider locale={locale} size={size}>
      {children}
    </UiKitProvider>
  );
}

export function AppProviders({ store, i18n, config, manifest, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RuntimeConfigContext.Provider value={config}>
          <RouteManifestContext.Provider value={manifest}>
            <ConsoleTheme>
              <UiKitSettings>
                <ConsolePermissionProvider>{children}</ConsolePermissionProvider>
              </UiKitSettings>
            </ConsoleTheme>
          </RouteManifestContext.Provider>
        </RuntimeConfigContext.Provider>
      </I18nextProvider>
    </Provider>
  );
}
