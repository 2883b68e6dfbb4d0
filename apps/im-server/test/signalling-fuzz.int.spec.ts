import fc from 'fast-check';
import { ResponseCode, SignalingCode } from '@merchant/im-core';
import { COMMANDS, type CommandName } from '@merchant/im-core/testing';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// Every signalling command with well-typed but arbitrary bodies (the codec refuses wrong types:
// malformed-frames.int.spec.ts): each is answered with a clear code (never 500) and the server keeps
// serving (common rules: bad input gets a clear error; servers never crash on malformed input).
type FieldType = string | { kind: 'array'; element: FieldType } | { kind: 'record'; fields: Record<string, [number, FieldType]> };

const SIGNAL_COMMANDS = (Object.keys(COMMANDS) as CommandName[]).filter((n) => COMMANDS[n].kind === 'request' && COMMANDS[n].serviceId === 15);
const CLEAR_CODES = new Set<number>([
  200, ResponseCode.PARAMETER_ERROR, ResponseCode.NOT_FOUND, ResponseCode.DUPLICATE_OPERATION, ResponseCode.CHANNEL_INVALID,
  ResponseCode.CALL_ANSWERED_ELSEWHERE, ResponseCode.PEER_OFFLINE, ...Object.values(SignalingCode),
]);

describe('im-server signalling commands with arbitrary bodies', () => {
  let started: StartedServer;
  const clients: RawImClient[] = [];

  beforeAll(async () => {
    started = await startServer({ rateRules: { '*': { limit: 1_000_000, windowMs: 1000 } } });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await started.server.close();
  });

  it('answers every signalling command with a clear code and keeps serving', async () => {
    const [amy, bob] = [account('sgf_amy'), account('sgf_bob')];
    const a = await RawImClient.loggedIn(started.wsUrl, amy);
    const b = await RawImClient.loggedIn(started.wsUrl, bob);
    clients.push(a, b);
    const name = `sgf-${Date.now()}`;
    const created = await a.request('signalingCreate', { type: 1, channelName: name });
    const channelId = created.body.channel?.channelId as string;
    expect((await a.request('signalingJoin', { channelId })).code).toBe(200);
    const ids = fc.constantFrom(channelId, 'no-such', '', 'x'.repeat(70));
    const accounts = fc.constantFrom(amy, bob, account('sgf_nobody'), 'has space', '', 'x'.repeat(70));
    const valueOf = (field: string, type: FieldType): fc.Arbitrary<unknown> => {
      if (field === 'channelId') return ids;
      if (field === 'account') return accounts;
      if (field === 'channelName') return fc.constantFrom(name, '', 'other', 'x'.repeat(200));
      if (typeof type === 'string') {
        if (type === 'string') return fc.oneof(fc.string({ maxLength: 12 }), fc.constant('x'.repeat(6000)));
        if (type === 'int') return fc.oneof(fc.integer({ min: -3, max: 5 }), fc.constant(2 ** 40));
        if (type === 'bool') return fc.boolean();
        return fc.double({ noNaN: true });
      }
      if (type.kind === 'array') return fc.array(valueOf(field, type.element), { maxLength: 120 });
      return fc.constant({});
    };
    const bodyOf = (n: CommandName) =>
      fc.record(Object.fromEntries(Object.entries(COMMANDS[n].request.fields as Record<string, [number, FieldType]>).map(([f, [, t]]) => [f, valueOf(f, t)])), { requiredKeys: [] });
    // signalingClose is sent last: a closed channel answers 9102 to everything after it.
    const order = [...SIGNAL_COMMANDS.filter((n) => n !== 'signalingClose'), 'signalingClose' as CommandName];
    const unclear: unknown[] = [];
    for (const [i, n] of order.entries()) {
      const bodies = [{}, ...fc.sample(bodyOf(n), { numRuns: 30, seed: 20261124 + i })];
      for (const [j, body] of bodies.entries()) {
        const answer = await (j % 2 === 0 ? a : b).request(n, body as never);
        if (!CLEAR_CODES.has(answer.code)) unclear.push({ n, body, code: answer.code });
      }
    }
    expect(unclear).toEqual([]);
    expect(SIGNAL_COMMANDS.length).toBe(12);
    expect((await b.request('getServerTime', {})).code).toBe(200);
  }, 180_000);
});
