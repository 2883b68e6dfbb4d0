// The console wires telemetry at start and in the session thunks (§7 operation log, §8 error report),
// through the real secure client and the fake store server.
import { screen, waitFor } from '@testing-library/react';
import { ERROR_REPORT_CONFIG_PATH, ERROR_REPORT_INSERT_PATH, OPERATION_LOG_PATH, REDACTED } from '@merchant/secure-transport';
import { renderConsole, renderSignedIn, waitForPath } from '../../test/renderConsole';
import { DEMO_OWNER, DEMO_USER, createFakeStoreServer } from '../../test/fakeStoreServer';

const seconds = (ms: number) => Math.floor(ms / 1000);
interface LogEntry { operationType: string; operationStartTime: number; accessToken: string }
const logEntries = (server: ReturnType<typeof createFakeStoreServer>): LogEntry[] =>
  server.callsTo(OPERATION_LOG_PATH).map((call) => ({
    operationType: String(call.biz.operationType),
    operationStartTime: Number(call.biz.operationStartTime),
    accessToken: call.accessToken,
  }));

describe('console telemetry wiring', () => {
  it('loads the error-report config and sends OPEN_APP at start, showing nothing when telemetry fails', async () => {
    const before = Date.now();
    const rendered = renderConsole({ path: '/login' }); // the fake server answers neither call: both fail
    await waitFor(() => expect(rendered.server.callsTo(OPERATION_LOG_PATH)).toHaveLength(1));
    expect(rendered.server.callsTo(ERROR_REPORT_CONFIG_PATH)).toHaveLength(1);
    const [open] = logEntries(rendered.server);
    expect(open.operationType).toBe('OPEN_APP');
    expect(open.operationStartTime).toBeGreaterThanOrEqual(seconds(before));
    expect(open.operationStartTime).toBeLessThanOrEqual(seconds(Date.now()));
    await rendered.telemetry.ready;
    expect(screen.queryByTestId('notification')).not.toBeInTheDocument();
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    rendered.telemetry.stop();
  });

  it('sends USER_LOGIN after sign-in and USER_LOGOUT on log out, with the token and the time in seconds', async () => {
    const rendered = renderConsole({ path: '/login' });
    const { user, server } = rendered;
    await user.type(await screen.findByTestId('login-username'), DEMO_USER.userName);
    await user.type(screen.getByTestId('login-password'), DEMO_USER.password);
    const signIn = Date.now();
    await user.click(screen.getByTestId('login-submit'));
    await waitForPath(rendered.location, '/dashboard');
    await waitFor(() => expect(logEntries(server).map((entry) => entry.operationType)).toEqual(['OPEN_APP', 'USER_LOGIN']));
    const login = logEntries(server)[1];
    expect(login.accessToken).toBe(DEMO_USER.token);
    expect(login.operationStartTime).toBeGreaterThanOrEqual(seconds(signIn));
    expect(login.operationStartTime).toBeLessThanOrEqual(seconds(Date.now()));

    await user.click(await screen.findByTestId('user-menu'));
    const signOut = Date.now();
    await user.click(await screen.findByTestId('user-menu-logout'));
    await waitForPath(rendered.location, '/login');
    await waitFor(() => expect(logEntries(server)).toHaveLength(3));
    const logout = logEntries(server)[2];
    expect(logout).toMatchObject({ operationType: 'USER_LOGOUT', accessToken: DEMO_USER.token });
    expect(logout.operationStartTime).toBeGreaterThanOrEqual(seconds(signOut));
    expect(server.callsTo('/logout')).toHaveLength(1);
    rendered.telemetry.stop();
  });

  it('sends CLOSE_APP when the page is hidden', async () => {
    const rendered = renderConsole({ path: '/login' });
    await rendered.telemetry.ready;
    const hidden = Date.now();
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(logEntries(rendered.server).map((entry) => entry.operationType)).toEqual(['OPEN_APP', 'CLOSE_APP']));
    expect(logEntries(rendered.server)[1].operationStartTime).toBeGreaterThanOrEqual(seconds(hidden));
    rendered.telemetry.stop();
  });

  it('uploads the cached exchanges, token redacted, when a configured code comes back', async () => {
    // The chat (im:chat) asks for the IM token: the owner holds every code.
    const server = createFakeStoreServer([DEMO_OWNER]);
    server.on(ERROR_REPORT_CONFIG_PATH, () => ({ code: '00000000', msg: 'ok', data: { cacheNumber: 5, errorCodeList: ['20000001'] } }));
    server.on('/v1/store/im/getCccUserImToken', () => ({ code: '20000001', msg: 'im service down' }));
    const rendered = await renderSignedIn({ server, path: '/message' });
    await waitFor(() => expect(server.callsTo(ERROR_REPORT_INSERT_PATH)).toHaveLength(1));
    const [upload] = server.callsTo(ERROR_REPORT_INSERT_PATH);
    expect(upload.biz).toMatchObject({ errorCode: '20000001', path: '/v1/store/im/getCccUserImToken' });
    const records = upload.biz.records as Array<{ path: string; request: { sys: { accessToken: string }; biz: Record<string, unknown> } }>;
    expect(records.at(-1)?.path).toBe('/v1/store/im/getCccUserImToken');
    const userInfo = records.find((record) => record.path.endsWith('/getUserByToken'));
    expect(userInfo?.request.biz.token).toBe(REDACTED);
    for (const record of records) expect(record.request.sys.accessToken).toBe(REDACTED);
    expect(JSON.stringify(upload.biz)).not.toContain(DEMO_USER.token);
    rendered.telemetry.stop();
  });
});
