// §6 on the console side: the permission codes of getUserByToken reach ui-kit's PermissionButton
// through the provider the console mounts once.
import { render, screen } from '@testing-library/react';
import { PermissionButton } from '@merchant/ui-kit';
import { createSecureClient } from '@merchant/secure-transport';
import { createMemoryRouter } from 'react-router';
import { createConsole } from '../../app/createConsole';
import { ShellProviders } from '../../app/ShellProviders';
import { TEST_CONFIG } from '../../../test/renderConsole';
import { createFakeStoreServer } from '../../../test/fakeStoreServer';
import { userLoaded } from './authSlice';
import { normalizeUserInfo } from './userInfo';

function renderWithCodes(codes: unknown) {
  const app = createConsole({
    config: TEST_CONFIG,
    language: 'en-US',
    createClient: ({ reactions, translate }) => createSecureClient({ baseUrl: TEST_CONFIG.apiBase, mode: 'none', fetch: createFakeStoreServer().fetch, reactions, translate }),
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: ['/login'] }),
    manifest: [
      {
        path: '/login',
        handle: { public: true },
        element: (
          <ShellProviders>
            <PermissionButton permission="pay:password">Set pay password</PermissionButton>
            <PermissionButton permission="media:delete">Delete file</PermissionButton>
          </ShellProviders>
        ),
      },
    ],
  });
  const checked = normalizeUserInfo({ roles: ['staff'], storeStatus: 2, permissions: codes });
  if (!checked.ok) throw new Error('fixture');
  app.store.dispatch(userLoaded(checked.user));
  render(app.element);
}

describe('permission provider', () => {
  it('enables buttons whose code the user holds and disables the others with "no permission"', async () => {
    renderWithCodes(['pay:password']);
    expect(await screen.findByRole('button', { name: 'Set pay password' })).toBeEnabled();
    const denied = screen.getByRole('button', { name: 'Delete file' });
    expect(denied).toBeDisabled();
    expect(denied.parentElement).toHaveAttribute('title', 'no permission');
  });

  it('keeps only string codes from the server answer', () => {
    const checked = normalizeUserInfo({ roles: ['x'], permissions: ['a:b', 7, null] });
    expect(checked.ok && checked.user.permissions).toEqual(['a:b']);
    const none = normalizeUserInfo({ roles: ['x'] });
    expect(none.ok && none.user.permissions).toEqual([]);
  });

  it('keeps owner only when the server answers true (anything else is a sub-account)', () => {
    const ownerOf = (raw: Record<string, unknown>) => {
      const checked = normalizeUserInfo({ roles: ['x'], ...raw });
      return checked.ok && checked.user.owner;
    };
    expect(ownerOf({ owner: true })).toBe(true);
    expect(ownerOf({ owner: false })).toBe(false);
    expect(ownerOf({ owner: 'true' })).toBe(false);
    expect(ownerOf({})).toBe(false);
  });
});
