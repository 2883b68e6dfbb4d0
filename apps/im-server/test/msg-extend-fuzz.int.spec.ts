import fc from 'fast-check';
import { ResponseCode } from '@merchant/im-core';
import { COMMANDS, type CommandName } from '@merchant/im-core/testing';
import { account, startServer, type StartedServer } from './support/test-server';
import { teamWorld } from './support/team-helpers';

// Every msgExtend and event command (stick-top included) with well-typed but arbitrary bodies, the
// shape of teams-fuzz.int.spec.ts: each is answered with a clear code, never 500, and the server keeps
// serving (common rules: bad input gets a clear error; servers never crash on malformed input).
type FieldType = string | { kind: 'array'; element: FieldType } | { kind: 'record'; fields: Record<string, [number, FieldType]> };

const EXTEND_COMMANDS = (Object.keys(COMMANDS) as CommandName[]).filter(
  (n) => COMMANDS[n].kind === 'request' && (COMMANDS[n].serviceId === 23 || COMMANDS[n].serviceId === 14),
);
/** 415: the thread commands are not built (docs/im-extend.md "Not built"). */
const CLEAR_CODES = new Set<number>([200, ResponseCode.PARAMETER_ERROR, ResponseCode.NOT_FOUND, ResponseCode.DUPLICATE_OPERATION, ResponseCode.SERVICE_UNAVAILABLE]);

describe('im-server msgExtend and event commands with arbitrary bodies', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);

  beforeAll(async () => {
    started = await startServer({ rateRules: { '*': { limit: 1_000_000, windowMs: 1000 } } });
  });
  afterAll(async () => {
    world.closeAll();
    await started.server.close();
  });

  it('answers every msgExtend and event command with a clear code and keeps serving', async () => {
    const me = account('xf_me');
    const peer = account('xf_peer');
    const a = await world.open(me);
    await world.open(peer);
    const sent = await a.request('sendMsg', { msg: { idClient: `xf-${Date.now()}`, scene: 0, to: peer, type: 0, text: 'fuzz' } });
    const idServer = sent.body.msg?.idServer as string;
    const ids = fc.constantFrom(idServer, '0', '999999999', 'abc', '', '1'.repeat(25), '-1');
    const accounts = fc.constantFrom(me, peer, account('xf_stranger'), '', 'x'.repeat(70));
    const sessions = fc.constantFrom(`p2p-${peer}`, 'team-1', 'team-abc', 'p2p-', 'nope', '');
    const valueOf = (name: string, type: FieldType, depth: number): fc.Arbitrary<unknown> => {
      if (name === 'idServer' || name === 'id' || name === 'lastId') return ids;
      if (name === 'sessionId') return sessions;
      if (typeof type === 'string') {
        if (type === 'string') return fc.oneof(fc.string({ maxLength: 12 }), fc.constant('x'.repeat(1100)));
        if (type === 'int') return fc.oneof(fc.integer({ min: -3, max: 200 }), fc.constant(2 ** 40), fc.constant(604800), fc.constant(59));
        if (type === 'bool') return fc.boolean();
        return fc.double({ noNaN: true });
      }
      if (type.kind === 'array') {
        // Long lists (past the 20 and 100 limits) hold bare references, so a frame stays under 1 MB.
        if (name === 'msgs' || name === 'collectList' || name === 'reqMsgs') return fc.array(fc.record({ idServer: ids, id: ids }, { requiredKeys: [] }), { maxLength: 110 });
        const element = name === 'accounts' ? accounts : valueOf(name, type.element, depth + 1);
        return fc.array(element, { maxLength: 4 });
      }
      if (depth > 2) return fc.constant({});
      return fc.record(Object.fromEntries(Object.entries(type.fields).map(([field, [, fieldType]]) => [field, valueOf(field, fieldType, depth + 1)])), { requiredKeys: [] });
    };
    const bodyOf = (name: CommandName) => valueOf('', { kind: 'record', fields: COMMANDS[name].request.fields as Record<string, [number, FieldType]> }, 0);
    const cases = EXTEND_COMMANDS.flatMap((name, i) => [
      [name, {}] as const,
      ...fc.sample(fc.tuple(fc.constant(name), bodyOf(name)), { numRuns: 20, seed: 20261124 + i }),
    ]);

    const unclear: unknown[] = [];
    for (const [name, body] of cases) {
      const answer = await a.request(name, body as never);
      if (!CLEAR_CODES.has(answer.code)) unclear.push({ name, code: answer.code, errMsg: (answer.body as { errMsg?: string }).errMsg });
    }
    expect(unclear).toEqual([]);
    expect(EXTEND_COMMANDS.length).toBeGreaterThan(15);
    expect((await a.request('getCollects', {})).code).toBe(200);
  }, 180_000);
});
