import { CLIENT_TYPE_WEB, KickReason, ResponseCode, type ImClient, type KickedEvent, type LoginPortsChange } from '@merchant/im-core';
import { signImToken } from '@merchant/im-core/server';
import { RawImClient, TEST_APP_KEY, TEST_SECRET, tokenFor } from './support/raw-client';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { runOperatorCli } from '../src/operator/operator-cli';
import { account, startServer, type StartedServer } from './support/test-server';

// Issue 31 "Multi-port" and "Refusals" against the real server: the client's list of other ports
// through login and logout deltas with three ports, kick(connectionIds), and the 201 / 422 refusals.

const ANDROID = 1;
const IOS = 2;
const PC = 4;

describe('multi-port login, kick and login refusals', () => {
  let started: StartedServer;
  const raws: RawImClient[] = [];
  const clients: ImClient[] = [];
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    for (const r of raws) r.close();
    await started.server.close();
  });
  const raw = async (name: string, clientType: number, deviceId: string) => {
    const r = await RawImClient.loggedIn(started.wsUrl, name, { clientType, deviceId });
    raws.push(r);
    return r;
  };
  const web = (name: string, extra: Parameters<typeof imCoreClient>[2] = {}) => {
    const c = imCoreClient(started.url, name, extra);
    clients.push(c);
    return c;
  };
  const portIds = (client: ImClient) => client.loginPorts.map((p) => p.connectionId).sort();

  it('keeps the other ports right through logins and logouts of two more ports, and tells each change', async () => {
    const me = account('mp_list');
    const client = web(me);
    const changes: LoginPortsChange[] = [];
    client.on('multiPortLogin', (change) => changes.push(change));
    await client.connect();
    expect(client.loginPorts).toEqual([]);

    const phone = await raw(me, ANDROID, 'dev-phone');
    await waitFor(() => portIds(client).length === 1, 5000, 'the phone listed');
    const tablet = await raw(me, IOS, 'dev-tablet');
    // The bug of issue 31: the second delta replaced the list; both must be listed.
    await waitFor(() => portIds(client).length === 2, 5000, 'phone and tablet listed');
    expect(portIds(client)).toEqual([phone.connectionId, tablet.connectionId].sort());
    expect(client.loginPorts.find((p) => p.connectionId === tablet.connectionId)).toMatchObject({ type: IOS, deviceId: 'dev-tablet', online: true });

    phone.close();
    await waitFor(() => portIds(client).length === 1, 5000, 'the phone gone');
    expect(portIds(client)).toEqual([tablet.connectionId]);
    const phoneAgain = await raw(me, ANDROID, 'dev-phone');
    await waitFor(() => portIds(client).length === 2, 5000, 'the phone back');
    expect(portIds(client)).toEqual([phoneAgain.connectionId, tablet.connectionId].sort());
    expect(changes.map((c) => c.state)).toEqual(['login', 'login', 'logout', 'login']);
    expect(changes[changes.length - 1].loginPorts.map((p) => p.connectionId).sort()).toEqual(portIds(client));
  });

  it('kick(connectionIds) kicks another port of the account with otherPlatform; an id of another account is ignored', async () => {
    const me = account('mp_kick');
    const stranger = await raw(account('mp_stranger'), ANDROID, 'dev-stranger');
    const client = web(me);
    await client.connect();
    const phone = await raw(me, ANDROID, 'dev-phone');
    const tablet = await raw(me, IOS, 'dev-tablet');
    await waitFor(() => portIds(client).length === 2, 5000, 'both ports listed');

    const kickedPush = phone.waitForPush('kicked');
    await expect(client.kick([phone.connectionId, stranger.connectionId, 'no-such-port'])).resolves.toEqual([phone.connectionId]);
    expect(await kickedPush).toMatchObject({ reason: KickReason.otherPlatform });
    await phone.closed;
    await waitFor(() => portIds(client).length === 1, 5000, 'the kicked phone gone from the list');
    expect(portIds(client)).toEqual([tablet.connectionId]);
    // The stranger's socket is untouched.
    expect((await stranger.request('getServerTime', {})).code).toBe(200);
    await expect(client.kick([])).rejects.toMatchObject({ errorName: 'Param_Error' });

    // NIM's form, by device id, still works from any port.
    const pc = await raw(me, PC, 'dev-pc');
    const pcKicked = pc.waitForPush('kicked');
    const byDevice = await tablet.request('kick', { deviceIds: ['dev-pc', 'dev-stranger'] });
    expect(byDevice.body).toMatchObject({ deviceIds: ['dev-pc'], connectionIds: [pc.connectionId] });
    expect(await pcKicked).toMatchObject({ reason: KickReason.otherPlatform });
  });

  it('the kicked im-core client hears reason otherPlatform and does not reconnect', async () => {
    const me = account('mp_kicked');
    const client = web(me);
    const kicked: KickedEvent[] = [];
    client.on('kicked', (event) => kicked.push(event));
    await client.connect();
    const statesAfterKick: string[] = [];
    client.on('state', (state) => {
      if (kicked.length > 0) statesAfterKick.push(state);
    });
    const phone = await RawImClient.open(started.wsUrl);
    raws.push(phone);
    const login = await phone.login(me, tokenFor(me), { clientType: ANDROID, deviceId: 'dev-phone' });
    const webPort = login.body.loginPorts?.find((p) => p.type === CLIENT_TYPE_WEB)?.connectionId;
    expect(webPort).toBeTruthy();
    expect((await phone.request('kick', { connectionIds: [] })).body.connectionIds ?? []).toEqual([]); // nothing named, nothing kicked

    expect((await phone.request('kick', { connectionIds: [webPort!] })).body.connectionIds).toEqual([webPort]);
    await waitFor(() => kicked.length === 1, 5000, 'the kicked event');
    expect(kicked[0]).toMatchObject({ reason: KickReason.otherPlatform });
    expect(kicked[0].error.errorName).toBe('Kicked');
    await waitFor(() => statesAfterKick.includes('disconnected'), 5000, 'the client disconnected');
    // Still a port of the account? The phone's kick of it finds none: it did not log in again.
    expect((await phone.request('kick', { connectionIds: [webPort!] })).body.connectionIds ?? []).toEqual([]);
    expect(statesAfterKick).not.toContain('connecting');
  });

  it('im-server-operator kick sends reason 2 (serverKick) to one port or every port of the account', async () => {
    const me = account('mp_operator');
    const client = web(me);
    const kicked: KickedEvent[] = [];
    client.on('kicked', (event) => kicked.push(event));
    await client.connect();
    const phone = await raw(me, ANDROID, 'dev-phone');
    const lines: string[] = [];
    const cli = (...argv: string[]) => runOperatorCli(['--url', started.url, ...argv], { fetch: globalThis.fetch, out: (line) => lines.push(line), env: {} });

    const phoneKicked = phone.waitForPush('kicked');
    expect(await cli('kick', '--account', me, '--port', phone.connectionId)).toBe(0);
    expect(await phoneKicked).toMatchObject({ reason: KickReason.serverKick });
    expect(lines.pop()).toContain(phone.connectionId);
    expect(kicked).toEqual([]);

    expect(await cli('kick', '--account', me, '--port', 'no-such-port')).toBe(1);
    expect(lines.pop()).toContain('refused (404)');
    expect(await cli('kick', '--account', me)).toBe(0);
    await waitFor(() => kicked.length === 1, 5000, 'the web client kicked');
    expect(kicked[0]).toMatchObject({ reason: KickReason.serverKick });
    // The server unregisters a kicked port once its socket has closed: poll until none is left.
    await waitFor(async () => (await cli('kick', '--account', me)) === 0 && lines.pop() === `${me} has no port online`, 5000, 'no port left');
    expect(await cli('kick')).toBe(2);
    expect(await cli('kick', '--account', 'not an account!')).toBe(1);
  });

  it('refuses 201 below the minimum protocol version and 422 for a disabled account, and im-core stops on them', async () => {
    const socket = await RawImClient.open(started.wsUrl);
    raws.push(socket);
    const me = account('mp_old');
    const old = await socket.request('login', { appKey: TEST_APP_KEY, account: me, token: signImToken({ accid: me, appKey: TEST_APP_KEY }, TEST_SECRET), clientType: 16, protocolVersion: 0 });
    expect(old.code).toBe(ResponseCode.CLIENT_VERSION_TOO_OLD);

    const disabled = account('mp_disabled');
    const client = web(disabled, { token: signImToken({ accid: disabled, appKey: TEST_APP_KEY, disabled: true }, TEST_SECRET) });
    await expect(client.connect()).rejects.toMatchObject({ code: ResponseCode.ACCOUNT_DISABLED });
  });
});

