import { ResponseCode } from '@merchant/im-core';
import { account, startServer, type StartedServer } from './support/test-server';
import { errMsg, teamWorld } from './support/team-helpers';
import { TEST_APP_KEY } from './support/raw-client';
import { nosToken, pngBytes, putChunk } from './support/upload-http';

// Issue 34 §4 on im-server: PostgreSQL's text cannot hold U+0000, and a request carrying it used to fail as an
// internal error (500). The gateway refuses it for every command with 414 and the field's path, nothing is
// stored, and messages sent beside it in the same group-commit batch are stored as usual.
describe('im-server refuses text holding U+0000', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);
  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(() => world.closeAll());
  afterAll(() => started.server.close());

  it('answers 414 naming the field, for a message, a team name, a nick and an id, and stores none of them', async () => {
    const alice = account('nul_alice');
    const bob = account('nul_bob');
    const a = await world.open(alice);
    await world.open(bob);
    const refused: [Parameters<typeof a.request>[0], Record<string, unknown>, string][] = [
      ['sendMsg', { msg: { idClient: 'nul-1', scene: 0, to: bob, type: 0, text: 'a\u0000b' } }, 'msg.text'],
      ['sendMsg', { msg: { idClient: 'nul-\u0000', scene: 0, to: bob, type: 0, text: 'fine' } }, 'msg.idClient'],
      ['createTeam', { team: { type: 1, name: 'Team\u0000' }, accounts: [bob] }, 'team.name'],
      ['updateMyInfo', { user: { nick: 'Nick\u0000' } }, 'user.nick'],
    ];
    for (const [command, body, path] of refused) {
      const answer = await a.request(command, body as never);
      expect({ command, code: answer.code }).toEqual({ command, code: ResponseCode.PARAMETER_ERROR });
      expect(errMsg(answer)).toContain(path);
    }
    // Nothing was stored: no message, no team, the nick unchanged.
    const history = await a.request('getHistoryMsgs', { scene: 0, to: bob, limit: 10 });
    expect(history.code).toBe(200);
    expect((history.body as { msgs?: unknown[] }).msgs ?? []).toEqual([]);
    expect((await a.request('getTeams', { timetag: 0 })).body.teams ?? []).toEqual([]);
  });

  it('messages sent at the same moment as refused ones are all stored, once each', async () => {
    const carol = account('nul_carol');
    const dave = account('nul_dave');
    const c = await world.open(carol);
    await world.open(dave);
    const sends = Array.from({ length: 24 }, (_, index) =>
      c.request('sendMsg', { msg: { idClient: `mix-${index}`, scene: 0, to: dave, type: 0, text: index % 3 === 0 ? `bad\u0000${index}` : `good ${index}` } }),
    );
    const answers = await Promise.all(sends);
    expect(answers.map((answer) => answer.code)).toEqual(Array.from({ length: 24 }, (_, index) => (index % 3 === 0 ? 414 : 200)));
    const history = await c.request('getHistoryMsgs', { scene: 0, to: dave, limit: 100, reverse: true });
    const texts = ((history.body as { msgs?: { text?: string }[] }).msgs ?? []).map((msg) => msg.text);
    expect(texts).toEqual(Array.from({ length: 24 }, (_, index) => index).filter((index) => index % 3 !== 0).map((index) => `good ${index}`));
  });
  it('over HTTP, a query, a path or a JSON body holding U+0000 is refused with 400 naming where, and nothing is written', async () => {
    const erin = account('nul_erin');
    const e = await world.open(erin);

    // The object store: a chunk whose context holds U+0000 writes nothing; the same chunk without it is taken.
    const file = pngBytes(1000);
    const token = await nosToken(e, file.length);
    const refusedChunk = await putChunk(started, token, 0, file, { context: 'ctx\u0000', complete: true });
    expect(refusedChunk.status).toBe(400);
    expect(refusedChunk.body).toEqual({ errCode: 'PARAM_ERROR', errMsg: expect.stringContaining('query.context') });
    expect((await fetch(`${started.url}/nos/${token.bucket}/${token.objectName}`)).status).toBe(404);
    expect(await putChunk(started, token, 0, file, { complete: true })).toMatchObject({ status: 200, body: { offset: file.length, complete: true } });

    // The reporter: a batch with U+0000 in an event is refused whole, naming the field; nothing is stored.
    const report = (message: string) =>
      fetch(`${started.url}/stats/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ common: { appkey: TEST_APP_KEY, deviceId: 'd', accid: erin }, event: { customError: [{ time: Date.now(), name: 'SYNC_DATA_ERROR', message }] } }),
      });
    const refusedReport = await report('bad\u0000');
    expect(refusedReport.status).toBe(400);
    expect(await refusedReport.json()).toEqual({ code: 414, field: 'body.event.customError[0].message', msg: expect.stringContaining('U+0000') });
    expect(await started.server.reporterEvents({ account: erin })).toEqual([]);
    expect(await (await report('fine')).json()).toEqual({ code: 200, stored: 1 });

    // The location service, in its own refusal shape.
    const lbs = await fetch(`${started.url}/lbs?id=${encodeURIComponent(`${erin}\u0000`)}&k=${TEST_APP_KEY}`);
    expect(lbs.status).toBe(400);
    expect(await lbs.json()).toMatchObject({ code: 414, field: 'query.id' });
  });
});
