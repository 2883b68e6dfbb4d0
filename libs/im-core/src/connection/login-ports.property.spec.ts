import fc from 'fast-check';
import { decodeFrame, encodePush, encodeResponse } from '../protocol/frame';
import type { LoginPortRecordValue } from '../protocol/records';
import type { WebSocketLike } from '../transport/transport';
import { ImConnection } from './im-connection';
import { applyLoginPortsDelta, type LoginPortsChange } from './login-ports';

// Issue 31: the server pushes multiPortLogin as deltas (one port logged in or out). The client
// must keep the set of other ports right through any order of them, with three other ports.

const PORT_IDS = ['web-a', 'pc-b', 'phone-c'] as const;
const port = (connectionId: string, online = true): LoginPortRecordValue => ({ connectionId, type: 16, customClientType: 0, time: 1, online, deviceId: `dev-${connectionId}`, os: '', ip: '' });
const delta = fc.record({ id: fc.constantFrom(...PORT_IDS), state: fc.constantFrom('login' as const, 'logout' as const) });

/** One socket that answers login (with `initial` as the other ports) and getServerTime; the test pushes frames through it. */
function scriptedSocket(initial: string[]) {
  const sockets: FakeSocket[] = [];
  class FakeSocket implements WebSocketLike {
    binaryType = 'arraybuffer';
    readyState = 0;
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onclose: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    constructor() {
      sockets.push(this);
      queueMicrotask(() => {
        this.readyState = 1;
        this.onopen?.({});
      });
    }
    send(data: Uint8Array | ArrayBuffer): void {
      const frame = decodeFrame(data);
      if (frame.name === 'login') this.deliver(encodeResponse('login', frame.serialId, 200, { connectionId: 'me', loginPorts: initial.map((id) => port(id)) }));
      if (frame.name === 'getServerTime') this.deliver(encodeResponse('getServerTime', frame.serialId, 200, { time: Date.now() }));
    }
    deliver(bytes: Uint8Array): void {
      const copy = bytes.slice();
      this.onmessage?.({ data: copy.buffer.slice(copy.byteOffset, copy.byteOffset + copy.byteLength) });
    }
    close(): void {
      this.readyState = 3;
    }
  }
  return { WebSocketImpl: FakeSocket, sockets };
}

const ids = (ports: readonly LoginPortRecordValue[]) => [...ports.map((p) => p.connectionId)].sort();

describe('multi-port login deltas (issue 31)', () => {
  it('the pure merge: any interleaving of login/logout deltas of 3 ports leaves exactly the modelled set', () => {
    fc.assert(
      fc.property(fc.subarray([...PORT_IDS]), fc.array(delta, { maxLength: 40 }), (initial, deltas) => {
        const model = new Set(initial);
        let list = applyLoginPortsDelta([], 'login', initial.map((id) => port(id)), 'me');
        for (const step of deltas) {
          list = applyLoginPortsDelta(list, step.state, [port(step.id, step.state === 'login')], 'me');
          if (step.state === 'login') model.add(step.id);
          else model.delete(step.id);
          expect(ids(list)).toEqual([...model].sort());
          expect(list.every((p) => p.online)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('ImConnection keeps the set through the pushes, and tells each change with the whole list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.subarray([...PORT_IDS]), fc.array(delta, { maxLength: 25 }), async (initial, deltas) => {
        const { WebSocketImpl, sockets } = scriptedSocket(initial);
        const connection = new ImConnection({
          lbsUrl: 'http://lbs', appKey: 'app', account: 'amy', token: 't', networkEvents: null, needReconnect: false, WebSocketImpl,
          fetch: async () => ({ ok: true, status: 200, json: async () => ({ common: { link: 'ws://im/ws' } }), arrayBuffer: async () => new ArrayBuffer(0) }),
        });
        const changes: LoginPortsChange[] = [];
        connection.on('loginPorts', (change) => changes.push(change));
        try {
          const login = await connection.connect();
          expect(ids(login.loginPorts)).toEqual([...initial].sort());
          const model = new Set(initial);
          for (const step of deltas) {
            sockets[0].deliver(encodePush('multiPortLogin', { state: step.state, ports: [port(step.id, step.state === 'login')] }));
            if (step.state === 'login') model.add(step.id);
            else model.delete(step.id);
            expect(ids(connection.loginPorts)).toEqual([...model].sort());
            expect(ids(changes[changes.length - 1].loginPorts)).toEqual([...model].sort());
          }
          expect(changes).toHaveLength(deltas.length);
        } finally {
          connection.destroy();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('its own connection id is never listed, and an unknown state changes nothing', () => {
    const list = applyLoginPortsDelta([port('web-a')], 'login', [port('me'), port('pc-b')], 'me');
    expect(ids(list)).toEqual(['pc-b', 'web-a']);
    expect(ids(applyLoginPortsDelta(list, 'bogus', [port('web-a')], 'me'))).toEqual(['pc-b', 'web-a']);
  });
});
