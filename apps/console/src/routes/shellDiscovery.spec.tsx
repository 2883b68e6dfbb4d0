// The console starts without the signed-in screens' route tables and adds them on the first navigation
// that needs them (routes/shellDiscovery.ts): /login never loads them, any other address does, once.
import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { discoverShellScreens, type LoadManifest } from './shellDiscovery';
import { toRouteObjects, type ManifestRoute } from './routeHandle';
import { SHELL_ROUTE_ID, shellScreensOf, startManifest } from './startManifest';
import { routeManifest } from './manifest';
import { collectPaths } from './routeHandle';

const screen = (path: string): ManifestRoute => ({ path, element: <p>{path}</p> });

/** A small console: the real frame's shape (public screen, shell, fallback) without its lazy chunks. */
function manifestWith(shellScreens: ManifestRoute[]): ManifestRoute[] {
  return [{ id: 'root', children: [screen('/login'), { id: SHELL_ROUTE_ID, children: shellScreens }, screen('*')] }];
}
const START = manifestWith([]);
const WHOLE = manifestWith([screen('/dashboard'), screen('/goods/:id')]);

function setUp(initialPath: string, load: LoadManifest) {
  const discovery = discoverShellScreens(START, undefined, load);
  const changes = jest.fn();
  discovery.manifest.subscribe(changes);
  const router = createMemoryRouter(toRouteObjects(START), { initialEntries: [initialPath], ...discovery });
  const shown = () => router.state.matches.at(-1)?.route.path;
  return { router, discovery, changes, shown };
}

describe('discovering the signed-in screens', () => {
  it('opens /login without loading them, and loads them once on the first signed-in navigation', async () => {
    const load = jest.fn(async () => WHOLE);
    const { router, discovery, changes, shown } = setUp('/login', load);
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(shown()).toBe('/login');
    expect(load).not.toHaveBeenCalled();
    expect(discovery.manifest.current()).toBe(START);

    await router.navigate('/dashboard');
    expect(shown()).toBe('/dashboard');
    expect(discovery.manifest.current()).toBe(WHOLE);
    expect(changes).toHaveBeenCalledTimes(1);

    await router.navigate('/goods/7');
    expect(shown()).toBe('/goods/:id');
    await router.navigate('/nowhere');
    expect(shown()).toBe('*');
    expect(load).toHaveBeenCalledTimes(1);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('places a first visit of a signed-in address on its screen, not on the fallback', async () => {
    const { router, shown } = setUp('/goods/12', async () => WHOLE);
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(shown()).toBe('/goods/:id');
    expect(router.state.location.pathname).toBe('/goods/12');
  });

  it('tries the load again on the next navigation when it failed', async () => {
    const load = jest.fn<ReturnType<LoadManifest>, []>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(WHOLE);
    const { router, discovery, shown } = setUp('/login', load);
    await waitFor(() => expect(router.state.initialized).toBe(true));
    await router.navigate('/dashboard');
    expect(router.state.errors).not.toBeNull();
    expect(discovery.manifest.current()).toBe(START);

    await router.navigate('/dashboard');
    expect(shown()).toBe('/dashboard');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the console manifest', () => {
  it('starts with the public screens only: the shell has no screens yet', () => {
    const publicPaths = collectPaths(startManifest);
    expect(publicPaths).toContain('/login');
    expect(publicPaths).toContain('/logouting');
    expect(publicPaths).not.toContain('/dashboard');
    expect(shellScreensOf(startManifest)).toEqual([]);
  });

  it('is the start plus the shell screens once discovered', () => {
    const paths = collectPaths(routeManifest);
    expect(paths).toEqual(expect.arrayContaining([...collectPaths(startManifest), '/dashboard', '/message/message', '/shop/logout']));
    expect(shellScreensOf(routeManifest).length).toBeGreaterThan(5);
  });
});
