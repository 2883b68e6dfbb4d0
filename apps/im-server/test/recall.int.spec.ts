import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';
import { teamWorld } from './support/team-helpers';

/**
 * Recall (deleteMsg, issue 31; docs/protocol.md "Recall") on raw sockets: the sender recalls, every
 * other port of both accounts gets msgDeleted once, an offline device gets it at its next sync by
 * the deleteMsg timetag (syncDeleteMsgs), sessions follow §4, and the refusals (403, 508, 404, 414)
 * change nothing. The server's clock is the test's, so "past the window" needs no waiting.
 */
const WINDOW_MS = 60_000;

describe('recall (deleteMsg)', () => {
  let started: StartedServer;
  let clockOffset = 0;
  const opened: RawImClient[] = [];
  beforeAll(async () => {
    started = await startServer({ recallWindowMs: WINDOW_MS, now: () => Date.now() + clockOffset });
  });
  afterAll(async () => {
    for (const c of opened) c.close();
    await started.server.close();
  });

  const device = async (name: string, clientType: number) => {
    const raw = await RawImClient.loggedIn(started.wsUrl, name, { deviceId: `${name}-${clientType}`, clientType });
    opened.push(raw);
    return raw;
  };
  const send = async (from: RawImClient, to: string, idClient: string, text: string) => {
    const answer = await from.request('sendMsg', { msg: { idClient, scene: 0, to, type: 0, text } });
    expect(answer.code).toBe(200);
    return answer.body.msg!;
  };
  const historyIds = async (raw: RawImClient, to: string) =>
    ((await raw.request('getHistoryMsgs', { scene: 0, to, limit: 100 })).body.msgs ?? []).map((m) => m.idClient).sort();
  /** One sync from `timetags`: the data pushes until syncDone. */
  const syncFrom = async (raw: RawImClient, timetags: Record<string, number>) => {
    raw.pushes.splice(0);
    expect((await raw.request('sync', { timetags })).code).toBe(200);
    const done = await raw.waitForPush('syncDone');
    const frames = raw.pushes.splice(0);
    const named = (name: string) => frames.filter((f) => f.name === name).map((f) => f.body as Record<string, unknown>);
    const session = (id: string) =>
      named('syncSessions')
        .flatMap((b) => (b.sessions as { id: string; unread: number; lastMsg?: { idClient: string } }[]) ?? [])
        .find((s) => s.id === id);
    const recalled = named('syncDeleteMsgs').flatMap((b) => (b.deleted as { idClient: string; opeAccount: string }[]) ?? []);
    return { named, session, recalled, timetag: Number(done.timetag) };
  };

  it('the sender recalls: every other port of both accounts gets msgDeleted once, history and sessions follow §4', async () => {
    const sender = account('rc_sender');
    const receiver = account('rc_receiver');
    const senderWeb = await device(sender, 16);
    const senderPc = await device(sender, 1);
    const receiverWeb = await device(receiver, 16);
    const receiverPc = await device(receiver, 1);
    await send(senderWeb, receiver, 'rc-1', 'hello');
    const recalledMsg = await send(senderWeb, receiver, 'rc-2', 'oops, wrong text');
    await receiverPc.waitForPush('msg', (b) => b.msg?.idClient === 'rc-2');

    const answer = await senderWeb.request('deleteMsg', { msg: { scene: 0, from: sender, to: receiver, idClient: 'rc-2', idServer: recalledMsg.idServer }, ps: 'typo' });
    expect(answer.code).toBe(200);
    for (const port of [senderPc, receiverWeb, receiverPc]) {
      const pushed = await port.waitForPush('msgDeleted');
      expect(pushed.deleted).toMatchObject({ scene: 0, from: sender, to: receiver, idClient: 'rc-2', idServer: recalledMsg.idServer, opeAccount: sender, ps: 'typo' });
    }
    // A later message arrives after any duplicate would have: exactly one msgDeleted per port.
    await send(senderWeb, receiver, 'rc-3', 'the right text');
    for (const port of [receiverWeb, receiverPc]) await port.waitForPush('msg', (b) => b.msg?.idClient === 'rc-3');
    await senderPc.waitForPush('syncSendMsg', (b) => b.msg?.idClient === 'rc-3');
    for (const port of [senderPc, receiverWeb, receiverPc]) expect(port.pushesNamed('msgDeleted')).toHaveLength(1);
    expect(senderWeb.pushesNamed('msgDeleted')).toHaveLength(0);

    expect(await historyIds(senderWeb, receiver)).toEqual(['rc-1', 'rc-3']);
    expect(await historyIds(receiverWeb, sender)).toEqual(['rc-1', 'rc-3']);
  });

  it('sessions: the receiver\'s unread drops by the recalled unread message and lastMsg moves back to the newest remaining', async () => {
    const sender = account('rc_s2');
    const receiver = account('rc_r2');
    const senderWeb = await device(sender, 16);
    const receiverWeb = await device(receiver, 16);
    await send(senderWeb, receiver, 's2-1', 'one');
    const last = await send(senderWeb, receiver, 's2-2', 'two');
    const before = await syncFrom(receiverWeb, {});
    expect(before.session(`p2p-${sender}`)).toMatchObject({ unread: 2, lastMsg: { idClient: 's2-2' } });

    expect((await senderWeb.request('deleteMsg', { msg: { scene: 0, from: sender, idClient: 's2-2', idServer: last.idServer } })).code).toBe(200);
    const after = await syncFrom(receiverWeb, { roamingMsgs: before.timetag, deleteMsg: before.timetag });
    expect(after.session(`p2p-${sender}`)).toMatchObject({ unread: 1, lastMsg: { idClient: 's2-1' } });
    expect(after.recalled.map((d) => d.idClient)).toEqual(['s2-2']);
    const senderSide = await syncFrom(senderWeb, {});
    expect(senderSide.session(`p2p-${receiver}`)).toMatchObject({ unread: 0, lastMsg: { idClient: 's2-1' } });
  });

  it('an offline device gets the recall at its next sync by the deleteMsg timetag, once', async () => {
    const sender = account('rc_s3');
    const receiver = account('rc_r3');
    const senderWeb = await device(sender, 16);
    let receiverPc = await device(receiver, 1);
    const sent = await send(senderWeb, receiver, 's3-1', 'soon recalled');
    await send(senderWeb, receiver, 's3-2', 'stays');
    const first = await syncFrom(receiverPc, {});
    expect(first.named('roamingMsgs').flatMap((b) => (b.msgs as { idClient: string }[]) ?? []).map((m) => m.idClient).sort()).toEqual(['s3-1', 's3-2']);
    receiverPc.close();
    await receiverPc.closed;

    expect((await senderWeb.request('deleteMsg', { msg: { scene: 0, from: sender, idClient: 's3-1', idServer: sent.idServer } })).code).toBe(200);
    receiverPc = await device(receiver, 1);
    const next = await syncFrom(receiverPc, { roamingMsgs: first.timetag, deleteMsg: first.timetag });
    expect(next.recalled).toEqual([expect.objectContaining({ idClient: 's3-1', opeAccount: sender })]);
    expect(next.timetag).toBeGreaterThan(first.timetag);
    // From the new timetag the recall is not sent again; a fresh device (timetag 0) never sees the message.
    expect((await syncFrom(receiverPc, { roamingMsgs: next.timetag, deleteMsg: next.timetag })).recalled).toEqual([]);
    const fresh = await syncFrom(await device(receiver, 2), {});
    expect(fresh.named('roamingMsgs').flatMap((b) => (b.msgs as { idClient: string }[]) ?? []).map((m) => m.idClient)).toEqual(['s3-2']);
  });

  it('a team message: every member gets msgDeleted once, a member who was away gets it by sync, team sessions follow §4; another member gets 403', async () => {
    const world = teamWorld(() => started);
    const owner = account('rct_owner');
    const member = account('rct_member');
    const away = account('rct_away');
    const o = await world.open(owner, 16);
    const m = await world.open(member, 16);
    const awayPort = await world.open(away, 16);
    try {
      const teamId = await world.createTeam(o, [member, away]);
      const before = await world.syncFrom(awayPort);
      const awayTag = Number(before.done.timetag);
      awayPort.close();
      await awayPort.closed;
      const first = await o.request('sendTeamMsg', { msg: { idClient: 'rct-1', scene: 1, to: teamId, type: 0, text: 'first' } });
      expect(first.code).toBe(200);
      const sent = await o.request('sendTeamMsg', { msg: { idClient: 'rct-2', scene: 1, to: teamId, type: 0, text: 'recall me' } });
      expect(sent.code).toBe(200);
      await m.waitForPush('teamMsg', (b) => b.msg?.idClient === 'rct-2');
      const ref = { scene: 1, from: owner, to: teamId, idClient: 'rct-2', idServer: sent.body.msg?.idServer };

      expect((await m.request('deleteMsg', { msg: ref })).code).toBe(403);
      expect((await o.request('deleteMsg', { msg: ref })).code).toBe(200);
      expect((await m.waitForPush('msgDeleted')).deleted).toMatchObject({ scene: 1, from: owner, to: teamId, idClient: 'rct-2', opeAccount: owner });
      expect((await m.request('sendTeamMsg', { msg: { idClient: 'rct-3', scene: 1, to: teamId, type: 0, text: 'after' } })).code).toBe(200);
      await o.waitForPush('teamMsg', (b) => b.msg?.idClient === 'rct-3');
      expect(m.pushesNamed('msgDeleted')).toHaveLength(1);
      expect(o.pushesNamed('msgDeleted')).toHaveLength(0);
      const history = await m.request('getTeamHistoryMsgs', { scene: 1, to: teamId, limit: 100 });
      expect((history.body.msgs ?? []).map((x) => x.idClient)).not.toContain('rct-2');

      const back = await world.open(away, 16);
      const next = await world.syncFrom(back, { roamingMsgs: awayTag, deleteMsg: awayTag });
      expect(next.named('syncDeleteMsgs').flatMap((b) => (b.deleted as { idClient: string }[]) ?? []).map((d) => d.idClient)).toEqual(['rct-2']);
      const roaming = next.named('roamingMsgs').flatMap((b) => (b.msgs as { idClient: string }[]) ?? []).map((x) => x.idClient);
      expect(roaming).toEqual(expect.arrayContaining(['rct-1', 'rct-3']));
      expect(roaming).not.toContain('rct-2');
      // The away member read nothing: rct-1 and rct-3 count (rct-2 no more); lastMsg is rct-3.
      const session = next.named('syncSessions').flatMap((b) => (b.sessions as { id: string; unread: number; lastMsg?: { idClient: string } }[]) ?? []).find((x) => x.id === `team-${teamId}`);
      expect(session).toMatchObject({ lastMsg: { idClient: 'rct-3' } });
      const unreadBefore = session!.unread;
      // Recalling the last one (rct-3, by its sender) takes it off: lastMsg back to rct-1, one unread less.
      const third = (await m.request('getTeamHistoryMsgs', { scene: 1, to: teamId, limit: 1 })).body.msgs?.[0];
      expect(third?.idClient).toBe('rct-3');
      expect((await m.request('deleteMsg', { msg: { scene: 1, from: member, to: teamId, idClient: 'rct-3', idServer: third?.idServer } })).code).toBe(200);
      await back.waitForPush('msgDeleted', (b) => b.deleted?.idClient === 'rct-3');
      const last = await world.syncFrom(back, { roamingMsgs: Number(next.done.timetag), deleteMsg: Number(next.done.timetag) });
      const after = last.named('syncSessions').flatMap((b) => (b.sessions as { id: string; unread: number; lastMsg?: { idClient: string } }[]) ?? []).find((x) => x.id === `team-${teamId}`);
      expect(after).toMatchObject({ unread: unreadBefore - 1, lastMsg: { idClient: 'rct-1' } });
    } finally {
      world.closeAll();
    }
  });

  it('refuses: someone else\'s message 403, past the window 508 (deletion period expired), a stranger 404, no message 414; nothing changes', async () => {
    const sender = account('rc_s4');
    const receiver = account('rc_r4');
    const stranger = account('rc_x4');
    const senderWeb = await device(sender, 16);
    const receiverWeb = await device(receiver, 16);
    const strangerWeb = await device(stranger, 16);
    const sent = await send(senderWeb, receiver, 's4-1', 'mine');
    const ref = { scene: 0, from: sender, idClient: 's4-1', idServer: sent.idServer };

    const byReceiver = await receiverWeb.request('deleteMsg', { msg: ref });
    expect(byReceiver.code).toBe(403);
    expect((await strangerWeb.request('deleteMsg', { msg: ref })).code).toBe(404);
    expect((await senderWeb.request('deleteMsg', { msg: { scene: 0 } })).code).toBe(414);
    expect((await senderWeb.request('deleteMsg', { msg: ref, ps: 'x'.repeat(5001) })).code).toBe(414);

    clockOffset += WINDOW_MS + 1;
    try {
      const late = await senderWeb.request('deleteMsg', { msg: ref });
      expect(late.code).toBe(508);
    } finally {
      clockOffset -= WINDOW_MS + 1;
    }
    expect(receiverWeb.pushesNamed('msgDeleted')).toHaveLength(0);
    expect(await historyIds(receiverWeb, sender)).toEqual(['s4-1']);
    expect(await historyIds(senderWeb, receiver)).toEqual(['s4-1']);
    // Within the window the same message can still be recalled, and only once.
    expect((await senderWeb.request('deleteMsg', { msg: ref })).code).toBe(200);
    expect((await senderWeb.request('deleteMsg', { msg: ref })).code).toBe(404);
  });
});
