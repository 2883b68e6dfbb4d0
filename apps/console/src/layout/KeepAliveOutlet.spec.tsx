// Issue 7 §7: the last few views stay mounted, keyed by path (a query change stays in its view).
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { createAppStore } from '../app/store';
import type { TransportClient } from '../app/transport';
import { KEEP_ALIVE_LIMIT, KeepAliveOutlet } from './KeepAliveOutlet';
import { tagVisited } from './layoutSlice';

/** A view with local state, so a remount is visible. */
function CounterView() {
  const { id } = useParams();
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-testid={`counter-${id}`} onClick={() => setCount((value) => value + 1)}>
      {count}
    </button>
  );
}

function renderOutlet() {
  const client = { setAccessToken: () => undefined } as unknown as TransportClient;
  const store = createAppStore(client);
  const router = createMemoryRouter(
    [{ element: <KeepAliveOutlet />, children: [{ path: '/view/:id', element: <CounterView />, handle: { title: 'test.view' } }] }],
    { initialEntries: ['/view/0'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  // The tags bar's part: a view stays mounted only while its tag is open.
  const visit = async (path: string) => {
    store.dispatch(tagVisited({ path: path.split('?')[0], fullPath: path, titleKey: 'test.view', affix: false }));
    await act(() => router.navigate(path));
  };
  return { router, visit };
}

describe('KeepAliveOutlet', () => {
  it('keeps one view per path: a query change neither remounts it nor mounts a second copy', async () => {
    const { visit } = renderOutlet();
    await visit('/view/0');
    const counter = await screen.findByTestId('counter-0');
    act(() => counter.click());
    expect(counter).toHaveTextContent('1');
    await visit('/view/0?list.page=2');
    expect(screen.getByTestId('counter-0')).toHaveTextContent('1');
    expect(document.querySelectorAll('[data-view]')).toHaveLength(1);
  });

  it('keeps at most the last few views mounted', async () => {
    const { visit } = renderOutlet();
    for (let index = 0; index < KEEP_ALIVE_LIMIT + 2; index += 1) {
      await visit(`/view/${index}`);
      await screen.findByTestId(`counter-${index}`);
    }
    await waitFor(() => expect(document.querySelectorAll('[data-view]')).toHaveLength(KEEP_ALIVE_LIMIT));
  });
});
