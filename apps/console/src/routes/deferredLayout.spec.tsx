// The route guard mounts the signed-in layout in a deferred render when the user arrives (issue 9):
// a Redux update re-renders its readers in React's synchronous lane, which React never splits, and on
// the goods list that one render of the whole layout and page was a 0.6–0.9 s main-thread task.
import { act, screen, waitFor } from '@testing-library/react';
import { renderConsole } from '../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, type FakeStoreServer } from '../../test/fakeStoreServer';
import { tokenSet, userLoaded } from '../features/auth/authSlice';

type ActEnvironment = typeof globalThis & { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('route guard: signed-in user arriving', () => {
  it('keeps the loading ring through the store update and shows the layout in a deferred render', async () => {
    const server = createFakeStoreServer();
    // The second user load (after the token is set again) never answers: the test delivers the user itself.
    let userLoads = 0;
    const held: FakeStoreServer = {
      ...server,
      fetch: (url, init) => (String(url).includes('getUserByToken') && ++userLoads > 1 ? new Promise<never>(() => undefined) : server.fetch(url, init)),
    };
    const { store } = renderConsole({ path: '/dashboard', token: DEMO_USER.token, server: held });
    expect(await screen.findByTestId('dashboard-greeting', {}, { timeout: 10_000 })).toBeInTheDocument();
    const user = store.getState().auth.user;
    if (!user) throw new Error('the user did not load');

    await act(async () => {
      store.dispatch(tokenSet({ token: DEMO_USER.token, remember: false }));
    });
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');

    // Outside act, as in the browser: React flushes a synchronous-lane update in a microtask.
    const environment = globalThis as ActEnvironment;
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      store.dispatch(userLoaded(user));
      for (let i = 0; i < 5; i++) await Promise.resolve();
      expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Loading');
      await waitFor(() => expect(screen.getByTestId('sidebar')).toBeInTheDocument());
    } finally {
      environment.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(await screen.findByTestId('dashboard-greeting')).toBeInTheDocument();
  });
});
