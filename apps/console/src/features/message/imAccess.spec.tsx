// The chat needs im:chat (the IM calls' code, docs/permissions.md): without it the console mounts no frame,
// asks for no IM token, and offers no way in (navbar icon, IM info, the /message route); with it, the frame mounts.
import { screen, waitFor } from '@testing-library/react';
import { ALL_PERMISSION_CODES, commonEndpoints, imEndpoints } from '@merchant/api-contracts';
import { renderSignedIn, waitForPath } from '../../../test/renderConsole';
import { DEMO_OWNER, DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';
import { IM_CHAT_PERMISSION } from './imAccess';

/** Every code but the chat's: what a role of goods, orders, shop and the rest gives. */
const NO_CHAT: FakeUser = {
  ...DEMO_USER,
  token: 'token-no-chat',
  info: { ...DEMO_USER.info, permissions: ALL_PERMISSION_CODES.filter((code) => code !== 'im:chat') },
};

const tokenCalls = (server: ReturnType<typeof createFakeStoreServer>) => server.callsTo(imEndpoints.getCccUserImToken.path);

// The shell's chunk loads once per file; on a busy machine that first import outlasts a test's wait.
beforeAll(() => import('../../layout/AppShell'), 60_000);

describe('the chat and im:chat', () => {
  it("reads the code from the IM token call's contract", () => {
    expect(IM_CHAT_PERMISSION).toBe('im:chat');
    expect(imEndpoints.updateImInfo.permission).toBe(IM_CHAT_PERMISSION);
  });

  it('without im:chat: no chat entry, no frame and no IM token call once the shell has settled', async () => {
    const server = createFakeStoreServer([NO_CHAT]);
    const { user } = await renderSignedIn({ user: NO_CHAT, server });
    // The last shared list of store init is asked after the first page settled, in the same commit that
    // would mount the frame: by then a frame would have asked for its token.
    await waitFor(() => expect(server.callsTo(commonEndpoints.apps.path)).toHaveLength(1), { timeout: 10_000 });
    expect(tokenCalls(server)).toHaveLength(0);
    expect(screen.queryByTestId('im-frame')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-message')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Message centre/ })).not.toBeInTheDocument();
    await user.click(screen.getByTestId('user-menu'));
    expect(await screen.findByTestId('user-menu-logout')).toBeInTheDocument();
    expect(screen.queryByTestId('user-menu-im-info')).not.toBeInTheDocument();
  });

  it.each(['/message/message', '/message'])('without im:chat: a typed %s gets the no-permission screen and no IM token call', async (path) => {
    const server = createFakeStoreServer([NO_CHAT]);
    const { location } = await renderSignedIn({ user: NO_CHAT, server, path });
    await waitForPath(location, '/404');
    expect(tokenCalls(server)).toHaveLength(0);
    expect(screen.queryByTestId('im-frame')).not.toBeInTheDocument();
  });

  it('with im:chat: the navbar entry and the IM info entry are there, and the frame mounts with its token', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    const { user } = await renderSignedIn({ user: DEMO_OWNER, server });
    expect(await screen.findByTestId('im-frame', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(tokenCalls(server)).toHaveLength(1);
    expect(screen.getByTestId('nav-message')).toHaveAttribute('href', '/message/message');
    await user.click(screen.getByTestId('user-menu'));
    expect(await screen.findByTestId('user-menu-im-info')).toBeInTheDocument();
  });

  it('the fake store-server refuses the IM token without im:chat, as store-server does', async () => {
    const server = createFakeStoreServer([NO_CHAT]);
    const body = JSON.stringify({ sys: { accessToken: NO_CHAT.token }, biz: {} });
    const response = await server.fetch(`http://127.0.0.1:3100${imEndpoints.getCccUserImToken.path}`, { method: 'POST', body, headers: {}, signal: new AbortController().signal });
    expect(JSON.parse(await response.text())).toMatchObject({ code: '10100003' });
  });
});
