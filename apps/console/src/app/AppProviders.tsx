// Context providers every screen needs: store, i18n, theme (mode and size from the store),
// runtime config, route manifest. The signed-in layout adds ui-kit's settings and the §6
// permission codes (ShellProviders).
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18nInstance } from 'i18next';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { AppStore } from './store';
import type { RuntimeConfig } from './runtimeConfig';
import { RuntimeConfigContext } from './runtimeConfigContext';
import { useAppSelector } from './hooks';
import { createConsoleTheme } from './theme';
import { RouteManifestProvider, type ManifestSource } from '../routes/manifestContext';

export interface AppProvidersProps {
  store: AppStore;
  i18n: I18nInstance;
  config: RuntimeConfig;
  /** The route manifest; it grows when the signed-in screens are discovered (routes/shellDiscovery.ts). */
  manifest: ManifestSource;
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

export function AppProviders({ store, i18n, config, manifest, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RuntimeConfigContext.Provider value={config}>
          <RouteManifestProvider source={manifest}>
            <ConsoleTheme>{children}</ConsoleTheme>
          </RouteManifestProvider>
        </RuntimeConfigContext.Provider>
      </I18nextProvider>
    </Provider>
  );
}
