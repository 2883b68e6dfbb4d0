// Context providers every screen needs: store, i18n, theme, runtime config, route manifest.
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18nInstance } from 'i18next';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import type { AppStore } from './store';
import type { RuntimeConfig } from './runtimeConfig';
import { RuntimeConfigContext } from './runtimeConfigContext';
import { RouteManifestContext } from '../routes/manifestContext';
import type { ManifestRoute } from '../routes/routeHandle';

const theme = createTheme({
  palette: { primary: { main: '#1f6feb' } },
  typography: { fontFamily: '"Helvetica Neue", Helvetica, "PingFang SC", "Microsoft YaHei", Arial, sans-serif' },
});

export interface AppProvidersProps {
  store: AppStore;
  i18n: I18nInstance;
  config: RuntimeConfig;
  manifest: readonly ManifestRoute[];
  children: ReactNode;
}

export function AppProviders({ store, i18n, config, manifest, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RuntimeConfigContext.Provider value={config}>
          <RouteManifestContext.Provider value={manifest}>
            <ThemeProvider theme={theme}>
              <CssBaseline />
              {children}
            </ThemeProvider>
          </RouteManifestContext.Provider>
        </RuntimeConfigContext.Provider>
      </I18nextProvider>
    </Provider>
  );
}
