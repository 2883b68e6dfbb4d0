import { MemoryStore, type ImClient } from '@merchant/im-core';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';
import { errMsg, teamWorld } from './support/team-helpers';
import type { RawImClient } from './support/raw-client';

/**
 * Recall of a super team message (deleteMsg, issue 31; docs/im-super-teams.md "Recall"): only the
 * sender, within the recall window; one row for the whole team; msgDeleted to every member online,
 * syncDeleteSuperTeamMsgs by the deleteSuperTeamMsg timetag to a device that was away; roaming,
 * history and sessions leave the message out. The server's clock is the test's, so "past the
 * window" needs no waiting.
 */
const WINDOW_MS = 60_000;

interface Deleted { scene?: number; from?: string; to?: string; idClient?: string; opeAccount?: string; ps?: string }
interface WireSession { id: string; unread: number; lastMsg?: { idClient: string } }

describe('recall of super team messages (deleteMsg, scene 5)', () => {
  let started: StartedServer;
  let clockOffset = 0;
  const world = teamWorld(() => started);
  const clients: ImClient[] = [];
  const client = async (name: string, store = new MemoryStore()) => {
    const created = imCoreClient(started.url, name, { store });
    clients.push(created);
    await created.connect();
    return created;
  };
  const create = async (owner: string, members: string[]) => (await started.server.createSuperTeam({ owner, name: 'Recall', members, beInviteMode: 1 })).team.teamId;
  const send = async (from: RawImClient, teamId: string, idClient: string) => {
    const answer = await from.request('sendSuperTeamMsg', { msg: { idClient, scene: 5, to: teamId, type: 0, text: `text of ${idClient}` } });
    expect(answer.code).toBe(200);
    return answer.body.msg!;
  };
  /** A sync from `timetags`: the recalls of `teamId` it carried, its recall timetag, the team's session and roaming. */
  const superTeamSync = async (raw: RawImClient, teamId: string, timetags: Record<string, number> = {}) => {
    const { named } = await world.syncFrom(raw, timetags);
    const recallPushes = named('syncDeleteSuperTeamMsgs');
    const recalled = recallPushes.flatMap((b) => (b.deleted as Deleted[]) ?? []).filter((d) => d.to === teamId);
    const recallTimetag = recallPushes.length > 0 ? Number(recallPushes.at(-1)!.timetag) : (timetags.deleteSuperTeamMsg ?? 0);
    const session = named('syncSessions').flatMap((b) => (b.sessions as WireSession[]) ?? []).find((s) => s.id === `superTeam-${teamId}`);
    // The team's messages, its event notices (type 5) left out.
    const roaming = named('roamingMsgs').flatMap((b) => (b.msgs as { idClient: string; to: string; type: number }[]) ?? []).filter((m) => m.to === teamId && m.type !== 5).map((m) => m.idClient);
    return { recalled, recallTimetag, session, roaming };
  };
  const historyIds = async (raw: RawImClient, teamId: string) =>
    ((await raw.request('getSuperTeamHistoryMsgs', { scene: 5, to: teamId, limit: 100 })).body.msgs ?? []).filter((m) => m.type !== 5).map((m) => m.idClient).sort();

  beforeAll(async () => {
    started = await startServer({ recallWindowMs: WINDOW_MS, now: () => Date.now() + clockOffset, rateRules: { '*': { limit: 1_000_000, windowMs: 1000 } } });
  });
  afterEach(async () => {
    world.closeAll();
    for (const c of clients.splice(0)) await c.destroy();
  });
  afterAll(async () => {
    await started.server.close();
  });

  it('im-core: the sender recalls with messages.recall; an online member and one that logs in afterwards see the placeholder, and their sessions follow §4', async () => {
    const [ownerName, onlineName, awayName] = [account('str_owner'), account('str_online'), account('str_away')];
    const owner = await client(ownerName);
    const onlineStore = new MemoryStore();
    await client(onlineName, onlineStore);
    const awayStore = new MemoryStore();
    const away = await client(awayName, awayStore);
    const teamId = await create(ownerName, [onlineName, awayName]);
    const sessionId = `superTeam-${teamId}`;

    const first = await owner.superTeams.sendText({ teamId, text: 'first' });
    const wrong = await owner.superTeams.sendText({ teamId, text: 'wrong text' });
    for (const store of [onlineStore, awayStore]) {
      await waitFor(async () => (await store.getSession(sessionId))?.lastMsg?.idClient === wrong.idClient, 8000, 'both members hold the message');
    }
    const unreadBefore = (await onlineStore.getSession(sessionId))!.unread;
    expect(unreadBefore).toBeGreaterThanOrEqual(2);
    expect((await awayStore.getSession(sessionId))!.unread).toBe(unreadBefore);
    await away.destroy();

    const recalled = await owner.messages.recall(wrong.idClient, { ps: 'typo' });
    expect(recalled).toMatchObject({ idClient: wrong.idClient, scene: 'superTeam', recalled: { by: ownerName, ps: 'typo' } });
    expect(recalled.text).toBeUndefined();
    expect((await owner.localStore!.getSession(sessionId))?.lastMsg?.idClient).toBe(first.idClient);

    // Online: msgDeleted turns the stored copy into the placeholder; one unread less, lastMsg back to `first`.
    await waitFor(async () => Boolean((await onlineStore.getMessage(wrong.idClient))?.recalled), 8000, 'the online member gets msgDeleted');
    expect(await onlineStore.getMessage(wrong.idClient)).toMatchObject({ recalled: { by: ownerName, ps: 'typo' }, isUnreadable: true });
    expect((await onlineStore.getMessage(wrong.idClient))?.text).toBeUndefined();
    expect(await onlineStore.getSession(sessionId)).toMatchObject({ unread: unreadBefore - 1, lastMsg: expect.objectContaining({ idClient: first.idClient }) });

    // Away: the next sync brings the recall by the deleteSuperTeamMsg timetag.
    await client(awayName, awayStore);
    await waitFor(async () => Boolean((await awayStore.getMessage(wrong.idClient))?.recalled), 8000, 'the member who was away gets the recall by sync');
    expect(await awayStore.getMessage(wrong.idClient)).toMatchObject({ recalled: { by: ownerName, ps: 'typo' }, isUnreadable: true });
    expect(await awayStore.getSession(sessionId)).toMatchObject({ unread: unreadBefore - 1, lastMsg: expect.objectContaining({ idClient: first.idClient }) });
    expect((await awayStore.getTimetags()).deleteSuperTeamMsg).toBeGreaterThan(0);

    // A new device of a member never gets the recalled message, neither by sync nor by history.
    const freshStore = new MemoryStore();
    const fresh = await client(onlineName, freshStore);
    await waitFor(async () => (await freshStore.getSession(sessionId))?.lastMsg?.idClient === first.idClient, 8000, 'the fresh device syncs the session');
    const page = await fresh.messages.fetchHistory({ sessionId, limit: 100 });
    expect(page.messages.map((m) => m.idClient)).toContain(first.idClient);
    expect(page.messages.map((m) => m.idClient)).not.toContain(wrong.idClient);
    expect(await freshStore.getMessage(wrong.idClient)).toBeUndefined();
  });

  it('on the wire: msgDeleted once to every other port of the members and the sender; a device that was away gets syncDeleteSuperTeamMsgs once; roaming, history and the session leave the message out', async () => {
    const [owner, amy, bob] = [account('strw_owner'), account('strw_amy'), account('strw_bob')];
    const ownerWeb = await world.open(owner, 16);
    const ownerPc = await world.open(owner, 1);
    const amyWeb = await world.open(amy, 16);
    const bobPc = await world.open(bob, 1);
    const teamId = await create(owner, [amy, bob]);
    const cursor = (await superTeamSync(bobPc, teamId)).recallTimetag;
    bobPc.close();
    await bobPc.closed;

    await send(ownerWeb, teamId, 'strw-1');
    const second = await send(ownerWeb, teamId, 'strw-2');
    await amyWeb.waitForPush('superTeamMsg', (b) => b.msg?.idClient === 'strw-2');
    const answer = await ownerWeb.request('deleteMsg', { msg: { scene: 5, from: owner, to: teamId, idClient: 'strw-2', idServer: second.idServer }, ps: 'typo' });
    expect(answer.code).toBe(200);
    for (const port of [ownerPc, amyWeb]) {
      expect((await port.waitForPush('msgDeleted')).deleted).toMatchObject({ scene: 5, from: owner, to: teamId, idClient: 'strw-2', idServer: second.idServer, opeAccount: owner, ps: 'typo' });
    }
    // A later message follows any duplicate on the same route: then each port holds exactly one.
    await send(ownerWeb, teamId, 'strw-3');
    await amyWeb.waitForPush('superTeamMsg', (b) => b.msg?.idClient === 'strw-3');
    await ownerPc.waitForPush('syncSendMsg', (b) => b.msg?.idClient === 'strw-3');
    expect(amyWeb.pushesNamed('msgDeleted')).toHaveLength(1);
    expect(ownerPc.pushesNamed('msgDeleted')).toHaveLength(1);
    expect(ownerWeb.pushesNamed('msgDeleted')).toHaveLength(0);
    expect(await historyIds(amyWeb, teamId)).toEqual(['strw-1', 'strw-3']);

    const back = await world.open(bob, 1);
    const next = await superTeamSync(back, teamId, { deleteSuperTeamMsg: cursor });
    expect(next.recalled).toEqual([expect.objectContaining({ scene: 5, idClient: 'strw-2', opeAccount: owner, ps: 'typo' })]);
    expect(next.recallTimetag).toBeGreaterThan(cursor);
    expect(next.roaming).toEqual(['strw-1', 'strw-3']);
    // Bob read nothing: strw-1 and strw-3 count (the team's creation notice does not), lastMsg strw-3.
    expect(next.session).toMatchObject({ unread: 2, lastMsg: { idClient: 'strw-3' } });

    // Recalling the last message takes lastMsg back to strw-1, one unread less; only the new recall is sent.
    const third = (await amyWeb.request('getSuperTeamHistoryMsgs', { scene: 5, to: teamId, limit: 1 })).body.msgs?.[0];
    expect(third?.idClient).toBe('strw-3');
    expect((await ownerWeb.request('deleteMsg', { msg: { scene: 5, from: owner, idClient: 'strw-3', idServer: third?.idServer } })).code).toBe(200);
    await back.waitForPush('msgDeleted', (b) => b.deleted?.idClient === 'strw-3');
    const last = await superTeamSync(back, teamId, { deleteSuperTeamMsg: next.recallTimetag });
    expect(last.recalled.map((d) => d.idClient)).toEqual(['strw-3']);
    expect(last.session).toMatchObject({ unread: 1, lastMsg: { idClient: 'strw-1' } });
    // From the newest timetag nothing is sent again.
    expect((await superTeamSync(back, teamId, { deleteSuperTeamMsg: last.recallTimetag })).recalled).toEqual([]);
    expect(await historyIds(back, teamId)).toEqual(['strw-1']);
  });

  it('refuses: another member 403, past the window 508 (deletion period expired), someone outside the team 404, already recalled 404; a refusal changes nothing', async () => {
    const [owner, amy, stranger] = [account('strr_owner'), account('strr_amy'), account('strr_x')];
    const ownerWeb = await world.open(owner, 16);
    const amyWeb = await world.open(amy, 16);
    const strangerWeb = await world.open(stranger, 16);
    const teamId = await create(owner, [amy]);
    const sent = await send(ownerWeb, teamId, 'strr-1');
    await amyWeb.waitForPush('superTeamMsg', (b) => b.msg?.idClient === 'strr-1');
    const ref = { scene: 5, from: owner, to: teamId, idClient: 'strr-1', idServer: sent.idServer };
    const before = await superTeamSync(amyWeb, teamId);

    const byMember = await amyWeb.request('deleteMsg', { msg: ref });
    expect(byMember.code).toBe(403);
    expect(errMsg(byMember)).toBe('only the sender may recall a message');
    expect((await strangerWeb.request('deleteMsg', { msg: ref })).code).toBe(404);
    clockOffset += WINDOW_MS + 1;
    try {
      const late = await ownerWeb.request('deleteMsg', { msg: ref });
      expect(late.code).toBe(508);
      expect(errMsg(late)).toBe('deletion period expired');
    } finally {
      clockOffset -= WINDOW_MS + 1;
    }

    // Nothing changed: the message is in history and in the session, and no recall is synced.
    expect(await historyIds(amyWeb, teamId)).toEqual(['strr-1']);
    const after = await superTeamSync(amyWeb, teamId, { deleteSuperTeamMsg: before.recallTimetag });
    expect(after.recalled).toEqual([]);
    expect(after.session).toMatchObject({ lastMsg: { idClient: 'strr-1' }, unread: before.session!.unread });
    expect(after.roaming).toContain('strr-1');

    // Within the window the sender still can, once; the member then holds exactly one msgDeleted.
    expect((await ownerWeb.request('deleteMsg', { msg: ref })).code).toBe(200);
    expect((await amyWeb.waitForPush('msgDeleted')).deleted).toMatchObject({ idClient: 'strr-1', scene: 5 });
    const again = await ownerWeb.request('deleteMsg', { msg: ref });
    expect(again.code).toBe(404);
    expect(errMsg(again)).toBe('message already recalled');
    await send(ownerWeb, teamId, 'strr-2');
    await amyWeb.waitForPush('superTeamMsg', (b) => b.msg?.idClient === 'strr-2');
    expect(amyWeb.pushesNamed('msgDeleted')).toHaveLength(1);
  });
});
