import fc from 'fast-check';
import { ImError } from '../errors/im-error';
import { ConnectionState, ConnectionStateMachine } from './connection-state';
import { HeartbeatMonitor } from './heartbeat-monitor';
import { ImConnection } from './im-connection';
import { LBS_FAILURE_CODE, lookupLinks } from './location-service';
import { ReconnectBackoff } from './reconnect-backoff';
import { validateReconnectOptions } from './reconnect-options';
import { DEFAULT_TIMING } from './timing';
import { FetchLike, Timers } from '../transport/transport';

describe('ReconnectBackoff', () => {
  const backoff = (random = Math.random) => new ReconnectBackoff(DEFAULT_TIMING.reconnectBaseDelayMs, DEFAULT_TIMING.reconnectMaxDelayMs, random);

  it('doubles its ceiling from 1.6 s and caps it at 8 s (§9)', () => {
    expect([0, 1, 2, 3, 4, 50].map((n) => backoff().ceiling(n))).toEqual([1600, 3200, 6400, 8000, 8000, 8000]);
  });

  it('waits a fully jittered time in [0, ceiling) for any attempt', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const b = backoff(() => r);
        const delay = b.delay(attempt);
        return Number.isInteger(delay) && delay >= 0 && delay < b.ceiling(attempt) && delay <= 8000;
      }),
      { numRuns: 2000 },
    );
    expect(backoff(() => 0).delay(0)).toBe(0);
    expect(backoff(() => 0.9999).delay(0)).toBe(1599);
  });
});

describe('ConnectionStateMachine', () => {
  it('walks connecting → connected → loggedIn → disconnected and reports each step', () => {
    const steps: string[] = [];
    const machine = new ConnectionStateMachine((to, from) => steps.push(`${from}>${to}`));
    const path: ConnectionState[] = ['connecting', 'connected', 'loggedIn', 'disconnected', 'connecting', 'disconnected'];
    for (const state of path) machine.move(state);
    expect(steps).toEqual([
      'disconnected>connecting', 'connecting>connected', 'connected>loggedIn', 'loggedIn>disconnected', 'disconnected>connecting', 'connecting>disconnected',
    ]);
  });

  it('refuses illegal steps with Error_Connection_Socket_State_not_Match and stays put', () => {
    const machine = new ConnectionStateMachine();
    expect(() => machine.move('loggedIn')).toThrow(expect.objectContaining({ errorName: 'Error_Connection_Socket_State_not_Match' }));
    machine.move('connecting');
    expect(() => machine.move('loggedIn')).toThrow(ImError);
    expect(() => machine.move('connecting')).toThrow(ImError);
    expect(machine.state).toBe('connecting');
  });
});

describe('reconnect option validation (§5)', () => {
  it.each([
    [{ needReconnect: 'yes' }, 'needReconnect'],
    [{ noCacheLinkUrl: 1 }, 'noCacheLinkUrl'],
    [{ reconnectionAttempts: '3' }, 'reconnectionAttempts'],
    [{ reconnectionAttempts: Number.NaN }, 'reconnectionAttempts'],
    [{ reconnectionAttempts: -1 }, 'reconnectionAttempts'],
  ])('%j is a Param_Error', (options, field) => {
    expect(() => validateReconnectOptions(options as never)).toThrow(expect.objectContaining({ errorName: 'Param_Error', message: expect.stringContaining(field) }));
    expect(() => new ImConnection({ lbsUrl: 'http://x', appKey: 'k', account: 'a', token: 't', networkEvents: null, ...(options as object) })).toThrow(
      expect.objectContaining({ errorName: 'Param_Error' }),
    );
  });

  it('accepts booleans, numbers and Infinity', () => {
    expect(() => validateReconnectOptions({ needReconnect: false, noCacheLinkUrl: true, reconnectionAttempts: Infinity })).not.toThrow();
    expect(() => validateReconnectOptions({})).not.toThrow();
  });
});

/** Timers whose delays are recorded and that run when the test says so. */
function manualTimers() {
  let clock = 0;
  const queue: Array<{ at: number; run: () => void; id: number }> = [];
  let nextId = 1;
  const timers: Timers & { advance(ms: number): Promise<void>; delays: number[]; now(): number } = {
    delays: [],
    now: () => clock,
    setTimeout(run, ms) {
      timers.delays.push(ms);
      const id = nextId++;
      queue.push({ at: clock + ms, run, id });
      return id;
    },
    clearTimeout(handle) {
      const index = queue.findIndex((t) => t.id === handle);
      if (index >= 0) queue.splice(index, 1);
    },
    async advance(ms) {
      const end = clock + ms;
      for (;;) {
        await new Promise((r) => setImmediate(r));
        queue.sort((a, b) => a.at - b.at);
        const next = queue[0];
        if (!next || next.at > end) break;
        queue.shift();
        clock = next.at;
        next.run();
      }
      clock = end;
      await new Promise((r) => setImmediate(r));
    },
  };
  return timers;
}

describe('HeartbeatMonitor (§4, §9)', () => {
  function monitor() {
    const timers = manualTimers();
    const sent: number[] = [];
    const events: string[] = [];
    const heartbeat = new HeartbeatMonitor({
      intervalMs: 30_000,
      timeoutMs: 5_000,
      timers,
      send: () => sent.push(timers.now()),
      onMissed: () => events.push(`missed@${timers.now()}`),
      onDead: (error) => events.push(`dead@${timers.now()}:${error.errorName}`),
    });
    const advance = (ms: number) => timers.advance(ms);
    return { heartbeat, sent, events, advance };
  }

  it('beats every 30 s while answered', async () => {
    const { heartbeat, sent, events, advance } = monitor();
    heartbeat.start();
    for (let i = 0; i < 3; i++) {
      await advance(30_000);
      heartbeat.answered();
    }
    expect(sent).toEqual([30_000, 60_000, 90_000]);
    expect(events).toEqual([]);
  });

  it('a timeout gives one more heartbeat at once; a second consecutive failure is fatal', async () => {
    const { heartbeat, sent, events, advance } = monitor();
    heartbeat.start();
    await advance(30_000);
    await advance(5_000); // first miss → one more heartbeat immediately
    expect(sent.length).toBe(2);
    heartbeat.answered(); // the extra one got through: counter reset
    expect(heartbeat.consecutiveFailures).toBe(0);
    await advance(30_000);
    await advance(5_000);
    await advance(5_000);
    expect(events.filter((e) => e.startsWith('dead'))).toHaveLength(1);
    expect(events.at(-1)).toMatch(/dead@.*Error_Timeout/);
  });

  it('checkNow beats immediately unless one is in flight', async () => {
    const { heartbeat, sent, advance } = monitor();
    heartbeat.start();
    heartbeat.checkNow();
    heartbeat.checkNow();
    expect(sent).toHaveLength(1);
    heartbeat.answered();
    await advance(29_999);
    expect(sent).toHaveLength(1);
  });
});

describe('location lookup (§4, §7)', () => {
  const query = { account: 'c_demo1', appKey: 'merchant-im', sdkVersion: '0.1.0', networkType: 0 };

  function fakeFetch(answers: Record<string, unknown>) {
    const calls: string[] = [];
    const fetch: FetchLike = async (url) => {
      calls.push(url);
      const base = url.split('?')[0];
      const answer = answers[base];
      if (answer === undefined) return { ok: false, status: 503, json: async () => ({}), arrayBuffer: async () => new ArrayBuffer(0) };
      return { ok: true, status: 200, json: async () => answer, arrayBuffer: async () => new ArrayBuffer(0) };
    };
    return { fetch, calls };
  }

  it('sends id, sv, pv, networkType and k and returns common.link', async () => {
    const { fetch, calls } = fakeFetch({ 'http://lbs/main': { common: { link: ['ws://a/ws', 'ws://b/ws'] } } });
    const links = await lookupLinks({ lbsUrl: 'http://lbs/main', query, fetch, backupRetryMs: 2000, timeoutMs: 1000 });
    expect(links).toEqual(['ws://a/ws', 'ws://b/ws']);
    const params = new URL(calls[0]).searchParams;
    expect(Object.fromEntries(params)).toEqual({ id: 'c_demo1', sv: '0.1.0', pv: '1', networkType: '0', k: 'merchant-im' });
  });

  it('tries backup URLs one every 2 s, then the default link', async () => {
    const timers = manualTimers();
    const { fetch, calls } = fakeFetch({});
    const result = lookupLinks({
      lbsUrl: 'http://lbs/main', query, fetch, backupRetryMs: 2000, timeoutMs: 1000, timers,
      knownBackupUrls: ['http://lbs/b1', 'http://lbs/b2'], fallbackDefaultLink: 'ws://default/ws',
    });
    await timers.advance(10_000);
    await expect(result).resolves.toEqual(['ws://default/ws']);
    expect(calls.map((c) => c.split('?')[0])).toEqual(['http://lbs/main', 'http://lbs/b1', 'http://lbs/b2']);
    expect(timers.delays.filter((d) => d === 2000)).toHaveLength(2);
  });

  it('uses the backup list the main lbs answered with, and reports a disconnect (10001) when all fail', async () => {
    const { fetch } = fakeFetch({ 'http://lbs/main': { common: { link: [], 'lbs.backup': ['http://lbs/b1'] } }, 'http://lbs/b1': { common: { link: 'ws://b1/ws' } } });
    await expect(lookupLinks({ lbsUrl: 'http://lbs/main', query, fetch, backupRetryMs: 1, timeoutMs: 1000 })).resolves.toEqual(['ws://b1/ws']);
    const nothing = fakeFetch({});
    await expect(lookupLinks({ lbsUrl: 'http://lbs/main', query, fetch: nothing.fetch, backupRetryMs: 1, timeoutMs: 1000 })).rejects.toMatchObject({
      errorName: 'Connect_Failed',
      code: LBS_FAILURE_CODE,
    });
  });
});
