import { WebSocket } from 'ws';
import { ImConnection, ImPush, KickReason, WebSocketConstructor } from '../src';
import { encodePush, MAX_SERIAL_ID } from '../src/testing';
import { ImTestServer } from './im-test-server';
import { connectionFor, nextEvent, sleep, waitFor } from './helpers';

describe('ImConnection against an in-process server', () => {
  let server: ImTestServer;
  const open: ImConnection[] = [];
  const connect = (account: string, extra = {}) => {
    const connection = connectionFor(`${server.url}/lbs`, account, extra);
    open.push(connection);
    return connection;
  };

  beforeEach(async () => {
    server = await new ImTestServer({ badToken: 'bad-token' }).listen();
  });
  afterEach(async () => {
    for (const connection of open.splice(0)) connection.destroy();
    await server.close();
  });

  it('looks up the link, logs in with clientType 16, and measures the server-time offset', async () => {
    // A frozen local clock and a server clock fixed 60 s ahead make the offset exact: the round trip
    // takes no local time, so half of it adds nothing.
    const localNow = 1_700_000_000_000;
    server.setServerTime(() => localNow + 60_000);
    const connection = connect('c_demo1', { now: () => localNow });
    const states: string[] = [];
    connection.on('state', (state) => states.push(state));
    const result = await connection.connect();
    expect(states).toEqual(['connecting', 'connected', 'loggedIn']);
    expect(result).toMatchObject({ connectionId: 'conn-1', loginPorts: [], transport: 'websocket', link: server.wsUrl });
    expect(result.serverTimeOffsetMs).toBe(60_000);
    expect(connection.serverNow()).toBe(localNow + 60_000);
    const lbs = server.lbsRequests[0].searchParams;
    expect([lbs.get('id'), lbs.get('k'), lbs.get('pv'), lbs.get('networkType')]).toEqual(['c_demo1', 'merchant-im', '1', '0']);
    const second = await connect('c_demo1').connect();
    expect(second.loginPorts).toEqual([{ type: 16, online: true, connectionId: 'conn-1' }]);
  });

  it('sends a message and the receiver gets the push', async () => {
    const alice = connect('c_demo1');
    const bob = connect('c_demo2');
    await Promise.all([alice.connect(), bob.connect()]);
    const pushed = nextEvent<ImPush>((listener) => bob.on('push', listener));
    const answer = await alice.request('sendMsg', { msg: { idClient: 'id-1', scene: 0, from: 'c_demo1', to: 'c_demo2', type: 0, text: 'hi' } });
    expect(answer.msg).toMatchObject({ idClient: 'id-1', idServer: '1', text: 'hi' });
    const push = await pushed;
    expect(push.name).toBe('msg');
    expect(push.body).toMatchObject({ msg: { idClient: 'id-1', idServer: '1' } });
  });

  it('falls back to long-polling when the WebSocket cannot open, with the same frames', async () => {
    class RefusingWebSocket extends WebSocket {
      constructor(url: string) {
        super(url.replace(/\/ws$/, '/no-such-path'));
      }
    }
    const alice = connect('c_demo1', { WebSocketImpl: RefusingWebSocket as unknown as WebSocketConstructor });
    const bob = connect('c_demo2');
    const result = await alice.connect();
    await bob.connect();
    expect(result.transport).toBe('long-polling');
    const pushed = nextEvent<ImPush>((listener) => alice.on('push', listener));
    await bob.request('sendMsg', { msg: { idClient: 'lp-1', to: 'c_demo1', text: 'via long-polling' } });
    expect((await pushed).body).toMatchObject({ msg: { idClient: 'lp-1', text: 'via long-polling' } });
    const echoed = await alice.request('sendMsg', { msg: { idClient: 'lp-2', to: 'c_demo2', text: 'back' } });
    expect(echoed.msg?.idServer).toBe('2');
  });

  it('turns 415 into Not_Support and 416 into a local block for the seconds given', async () => {
    const connection = connect('c_demo1');
    await connection.connect();
    await expect(connection.request('getTeam', { teamId: '1' })).rejects.toMatchObject({ errorName: 'Not_Support', code: 415 });
    server.rateLimitNext('getUsers', 60);
    await expect(connection.request('getUsers', { accounts: ['a'] })).rejects.toMatchObject({ errorName: 'Frequency_Control', code: 416 });
    const sentBefore = server.received.length;
    await expect(connection.request('getUsers', { accounts: ['a'] })).rejects.toMatchObject({ errorName: 'Frequency_Control', code: 416 });
    expect(server.received.length).toBe(sentBefore); // blocked locally: nothing was sent
    await expect(connection.request('getTeam', { teamId: '1' })).rejects.toMatchObject({ code: 415 }); // other commands unaffected
  });

  it('uses sequence numbers 1.. in order and 0 for heartbeats', async () => {
    const connection = connect('c_demo1');
    await connection.connect();
    await Promise.all([1, 2, 3].map(() => connection.request('getServerTime', {})));
    // Wait for the heartbeat frame rather than one interval: under load the timer fires late.
    await waitFor(() => server.received.some((f) => f.name === 'heartbeat'), 5000, 'a heartbeat frame');
    const serials = server.received.map((f) => `${f.name}:${f.serialId}`);
    expect(serials.slice(0, 5)).toEqual(['login:1', 'getServerTime:2', 'getServerTime:3', 'getServerTime:4', 'getServerTime:5']);
    expect(serials).toContain('heartbeat:0');
    expect(server.received.every((f) => f.serialId <= MAX_SERIAL_ID)).toBe(true);
  });

  it('a refused login (302) fails connect and does not reconnect', async () => {
    const connection = connect('c_demo1', { token: 'bad-token' });
    await expect(connection.connect()).rejects.toMatchObject({ code: 302, command: 'login' });
    await sleep(300); // fixed wait: no second login may come; 300 ms spans several back-offs (base 50 ms)
    expect(server.received.filter((f) => f.name === 'login')).toHaveLength(1);
    expect(connection.state).toBe('disconnected');
  });

  it('getToken: a refused token (302) is replaced by a fresh one and the client logs in again by itself', async () => {
    const asked: unknown[] = [];
    const connection = connect('c_demo1', { token: 'bad-token', getToken: async (context: unknown) => (asked.push(context), 'fresh-token') });
    await expect(connection.connect()).resolves.toMatchObject({ connectionId: expect.any(String) });
    expect(asked).toEqual([{ account: 'c_demo1', reason: 'refused' }]);
    expect(server.received.filter((f) => f.name === 'login').map((f) => f.token)).toEqual(['bad-token', 'fresh-token']);
  });

  it('getToken: without a token the first login asks for one; a refusal of a fresh token is final', async () => {
    const asked: unknown[] = [];
    const connection = connect('c_demo1', { token: undefined, getToken: async (context: unknown) => (asked.push(context), 'bad-token') });
    await expect(connection.connect()).rejects.toMatchObject({ code: 302, command: 'login' });
    await sleep(300); // fixed wait: no second login may come; 300 ms spans several back-offs (base 50 ms)
    expect(asked).toEqual([{ account: 'c_demo1', reason: 'initial' }]);
    expect(server.received.filter((f) => f.name === 'login')).toHaveLength(1);
    expect(connection.state).toBe('disconnected');
  });

  it('getToken: a failing callback is retried with the back-off, then the login goes through', async () => {
    let calls = 0;
    const connection = connect('c_demo1', { token: undefined, getToken: async () => (++calls < 3 ? Promise.reject(new Error('console busy')) : 'fresh-token') });
    const errors: string[] = [];
    connection.on('disconnected', (event) => errors.push(event.error?.errorName ?? ''));
    await expect(connection.connect()).resolves.toMatchObject({ connectionId: expect.any(String) });
    expect(calls).toBe(3);
    expect(errors).toEqual(['Token_Error', 'Token_Error']);
  });

  it('refuses options with neither token nor getToken', () => {
    expect(() => connect('c_demo1', { token: undefined })).toThrow(expect.objectContaining({ errorName: 'Param_Error' }));
  });

  it.each([
    [KickReason.samePlatform, /several places/],
    [KickReason.serverKick, /server/],
    [KickReason.otherPlatform, /another client/],
  ])('kick reason %i raises Kicked with its text and stops reconnecting', async (reason, text) => {
    const connection = connect('c_demo1');
    await connection.connect();
    const kicked = nextEvent<{ reason: number; text: string; error: Error }>((listener) => connection.on('kicked', listener));
    server.kick('c_demo1', reason);
    const event = await kicked;
    expect(event.text).toMatch(text);
    expect(event.error).toMatchObject({ errorName: 'Kicked' });
    await sleep(600); // fixed wait: no reconnect may follow; longer than the largest back-off (400 ms)
    expect(server.logins).toBe(1);
    expect(connection.state).toBe('disconnected');
  });

  it('silentlyKick disconnects quietly and reconnects', async () => {
    const connection = connect('c_demo1');
    await connection.connect();
    const kicked = jest.fn();
    connection.on('kicked', kicked);
    const relogged = nextEvent((listener) => connection.on('loggedIn', listener));
    server.kick('c_demo1', KickReason.silentlyKick);
    await relogged;
    expect(kicked).not.toHaveBeenCalled();
    expect(server.logins).toBe(2);
  });

  it('no reconnect after logout', async () => {
    const connection = connect('c_demo1');
    await connection.connect();
    await connection.logout();
    expect(server.received.map((f) => f.name)).toContain('logout');
    await sleep(600); // fixed wait: no reconnect may follow; longer than the largest back-off (400 ms)
    expect(server.logins).toBe(1);
    expect(connection.state).toBe('disconnected');
    await expect(connection.request('getServerTime', {})).rejects.toMatchObject({ errorName: 'Error_Connection_is_not_Established' });
  });

  it('going offline forces a disconnect and reconnect; coming online checks the heartbeat', async () => {
    const listeners: Record<string, () => void> = {};
    const networkEvents = {
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      removeEventListener: (type: string) => delete listeners[type],
    };
    const connection = connect('c_demo1', { networkEvents, timing: { heartbeatIntervalMs: 60_000 } });
    await connection.connect();
    const disconnected = nextEvent<{ error?: { errorName: string }; willReconnect: boolean }>((listener) => connection.on('disconnected', listener));
    listeners.offline();
    expect(await disconnected).toMatchObject({ error: { errorName: 'Error_Internet_Disconnected' }, willReconnect: true });
    await nextEvent((listener) => connection.on('loggedIn', listener));
    const beatsBefore = server.received.filter((f) => f.name === 'heartbeat').length;
    listeners.online();
    await waitFor(() => server.received.filter((f) => f.name === 'heartbeat').length === beatsBefore + 1, 1000, 'heartbeat after online');
    connection.destroy();
    expect(Object.keys(listeners)).toEqual([]);
  });

  it('a push of a command sent with an unknown id is skipped, not fatal', async () => {
    const connection = connect('c_demo1');
    await connection.connect();
    const errors = nextEvent<{ code?: number }>((listener) => connection.on('error', listener));
    server.push('c_demo1', Uint8Array.of(1, 2, 250, 250, 0, 0, 0, 200));
    expect(await errors).toMatchObject({ code: 999 });
    server.push('c_demo1', encodePush('syncDone', { timetag: 5 }));
    const push = await nextEvent<ImPush>((listener) => connection.on('push', listener));
    expect(push).toEqual({ name: 'syncDone', body: { timetag: 5 } });
    expect(connection.state).toBe('loggedIn');
  });

  it('a wall-clock jump (sleep or throttled timers) triggers an immediate heartbeat check', async () => {
    let skew = 0;
    const connection = connect('c_demo1', { now: () => Date.now() + skew, timing: { heartbeatIntervalMs: 60_000, wakeCheckIntervalMs: 40 } });
    await connection.connect();
    await sleep(150); // fixed wait: several 40 ms wake checks pass with a steady clock and must send no heartbeat
    expect(server.received.filter((f) => f.name === 'heartbeat')).toHaveLength(0);
    skew += 10 * 60_000; // the machine "slept" for ten minutes
    await waitFor(() => server.received.some((f) => f.name === 'heartbeat'), 1000, 'heartbeat after wake');
    expect(connection.state).toBe('loggedIn');
  });

  it('multi-port login notices update the known ports and reach the app', async () => {
    const connection = connect('c_demo1');
    await connection.connect();
    const pushed = nextEvent<ImPush>((listener) => connection.on('push', listener));
    server.push('c_demo1', encodePush('multiPortLogin', { state: 'login', ports: [{ type: 16, connectionId: 'other', online: true }] }));
    expect(await pushed).toEqual({ name: 'multiPortLogin', body: { state: 'login', ports: [{ type: 16, connectionId: 'other', online: true }] } });
    expect(connection.connectionId).toBe('conn-1');
    expect(connection.loginPorts).toEqual([{ type: 16, connectionId: 'other', online: true }]);
  });
});
