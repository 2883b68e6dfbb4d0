import fc from 'fast-check';
import { ResponseCode } from '@merchant/im-core';
import { COMMANDS, type CommandName } from '@merchant/im-core/testing';
import { account, startServer, type StartedServer } from './support/test-server';
import { teamWorld } from './support/team-helpers';

// Every team command with well-typed but arbitrary bodies (the codec already refuses wrong types:
// malformed-frames.int.spec.ts): the server answers each with a clear code (never 500), and keeps
// serving (issue 12: "malformed bodies refused without a crash"; common rules: bad input gets a clear error).
type FieldType = string | { kind: 'array'; element: FieldType } | { kind: 'record'; fields: Record<string, [number, FieldType]> };

// dismissTeam is left out: a dismissed team would answer 803 to everything after it (it is covered in teams.int.spec.ts).
const TEAM_COMMANDS = (Object.keys(COMMANDS) as CommandName[]).filter((n) => COMMANDS[n].kind === 'request' && COMMANDS[n].serviceId === 8 && n !== 'dismissTeam');
/** Codes a team command may answer; 500 (internal error) is not among them. */
const CLEAR_CODES = new Set<number>([
  200, ResponseCode.PARAMETER_ERROR, ResponseCode.PARAMETER_TOO_LONG, ResponseCode.NOT_FOUND, ResponseCode.DUPLICATE_OPERATION,
  ResponseCode.TEAM_MEMBER_LIMIT, ResponseCode.TEAM_NO_PERMISSION, ResponseCode.TEAM_MISSING_OR_UNCHANGED, ResponseCode.NOT_IN_TEAM,
  ResponseCode.TEAM_TYPE_MISMATCH, ResponseCode.TEAM_CREATION_LIMIT, ResponseCode.WRONG_MEMBER_STATE, ResponseCode.ALREADY_IN_TEAM,
  ResponseCode.TEAM_MUTED, ResponseCode.TEAM_RECEIPT_FORBIDDEN, ResponseCode.MANAGER_LIMIT,
  // §8 answers the client clears: not modified (team members), partial batch failure (teams by id).
  ResponseCode.NOT_MODIFIED, ResponseCode.PARTIAL_BATCH_FAILURE_816,
]);

describe('im-server team commands with arbitrary bodies', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);

  beforeAll(async () => {
    started = await startServer({ rateRules: { '*': { limit: 1_000_000, windowMs: 1000 } } });
  });
  afterAll(async () => {
    world.closeAll();
    await started.server.close();
  });

  it('answers every team command with a clear code and keeps serving', async () => {
    const owner = account('tf_owner');
    const member = account('tf_member');
    const o = await world.open(owner);
    const m = await world.open(member);
    const teamId = await world.createTeam(o, [member]);
    const other = await world.createTeam(o, [], { type: 0, name: 'Other' });
    const ids = fc.constantFrom(teamId, other, '0', '999999999', 'abc', '', '1'.repeat(20));
    const accounts = fc.constantFrom(owner, member, account('tf_stranger'), 'has space', '', 'x'.repeat(70));
    const valueOf = (name: string, type: FieldType, depth: number): fc.Arbitrary<unknown> => {
      if (name === 'teamId' || name === 'to') return ids;
      if (['account', 'from'].includes(name)) return accounts;
      if (typeof type === 'string') {
        if (type === 'string') return fc.oneof(fc.string({ maxLength: 12 }), fc.constant('x'.repeat(6000)));
        if (type === 'int') return fc.oneof(fc.integer({ min: -3, max: 5 }), fc.constant(2 ** 40));
        if (type === 'bool') return fc.boolean();
        return fc.double({ noNaN: true });
      }
      if (type.kind === 'array') {
        const element = name === 'accounts' ? accounts : name === 'teamIds' ? ids : valueOf(name, type.element, depth + 1);
        return fc.array(element, { maxLength: name === 'receipts' ? 60 : 4 });
      }
      if (depth > 1) return fc.constant({});
      return fc.record(Object.fromEntries(Object.entries(type.fields).map(([field, [, fieldType]]) => [field, valueOf(field, fieldType, depth + 1)])), { requiredKeys: [] });
    };
    const bodyOf = (name: CommandName) => valueOf('', { kind: 'record', fields: COMMANDS[name].request.fields as Record<string, [number, FieldType]> }, 0);
    // Per command: the empty body, then 24 generated ones, sent by the owner or by a normal member.
    const cases = TEAM_COMMANDS.flatMap((name, i) => [
      [name, {}, true] as const,
      ...fc.sample(fc.tuple(fc.constant(name), bodyOf(name), fc.boolean()), { numRuns: 24, seed: 20261124 + i }),
    ]);

    const unclear: unknown[] = [];
    for (const [name, body, asOwner] of cases) {
      const answer = await (asOwner ? o : m).request(name, body as never);
      if (!CLEAR_CODES.has(answer.code)) unclear.push({ name, body, code: answer.code });
    }
    expect(unclear).toEqual([]);
    expect(TEAM_COMMANDS.length).toBeGreaterThan(25);
    expect((await o.request('getTeam', { teamId: other })).code).toBe(200);
  }, 180_000);
});
