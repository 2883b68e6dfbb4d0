// main.tsx starts the console in steps (startConsole with a pause that yields to the browser), so no
// single task holds the main thread for the whole start (issue 7). Same console as createConsole.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { createSecureClient } from '@merchant/secure-transport';
import { startConsole } from './createConsole';
import { yieldToBrowser } from './yieldToBrowser';
import { TEST_CONFIG } from '../../test/renderConsole';
import { createFakeStoreServer } from '../../test/fakeStoreServer';

describe('startConsole', () => {
  it('pauses between the start steps (i18n, secure client, store, router, telemetry) and gives a working console', async () => {
    const server = createFakeStoreServer();
    const events: string[] = [];
    const app = await startConsole(
      {
        config: TEST_CONFIG,
        language: 'en-US',
        createClient: ({ reactions, translate }) => {
          events.push('client');
          return createSecureClient({ baseUrl: TEST_CONFIG.apiBase, mode: 'none', fetch: server.fetch, reactions, translate });
        },
        createRouter: (routes, discovery) => {
          events.push('router');
          return createMemoryRouter(routes, { initialEntries: ['/login'], ...discovery });
        },
      },
      async () => {
        events.push('pause');
        await yieldToBrowser();
      },
    );
    // i18n before the first pause, the store between the 2nd and 3rd, telemetry after the last.
    expect(events).toEqual(['pause', 'client', 'pause', 'pause', 'router', 'pause']);
    render(app.element);
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    app.telemetry.stop();
  });
});
