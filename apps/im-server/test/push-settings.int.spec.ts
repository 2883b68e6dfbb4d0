import type { ImClient } from '@merchant/im-core';
import { RawImClient } from './support/raw-client';
import { imCoreClient } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';

// Push settings (issue 31; docs/protocol.md "Push settings") against the real server, real sockets
// and the real database: updatePushToken stored and replaced, bad input 414 with nothing changed,
// appBackground and the offline-push outbox (one row per message and device, none while the account
// is looked at), updatePushConfig pushed to the other ports and carried by a fresh sync.

const ANDROID = 1;
const PC = 4;

describe('push settings and the offline-push outbox', () => {
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
    const r = await RawImClient.loggedIn(started.wsUrl, name, { clientType, deviceId, nick: `${name.split('_')[1]} nick` });
    raws.push(r);
    return r;
  };
  let sent = 0;
  const send = async (from: RawImClient, to: string, text: string, extra: Record<string, unknown> = {}, idClient = `push-${++sent}`) => {
    const answer = await from.request('sendMsg', { msg: { idClient, scene: 0, to, type: 0, text, ...extra } });
    expect(answer.code).toBe(200);
    return answer.body.msg!;
  };
  const outbox = (who: string) => started.server.pushOutbox(who, { all: true });

  it('updatePushToken stores the device token and replaces it; bad input is 414 and changes nothing', async () => {
    const me = account('ps_token');
    const peer = account('ps_token_peer');
    const phone = await raw(me, ANDROID, 'dev-phone');
    const sender = await raw(peer, PC, 'dev-peer');
    expect((await phone.request('updatePushToken', { tokenName: 'fcm', token: 'tok-1' })).code).toBe(200);
    expect((await phone.request('updatePushToken', { tokenName: 'fcm', token: 'tok-2', pushkit: false })).code).toBe(200);
    await phone.request('appBackground', { isBackground: true, badge: 0 });

    const refused = [
      phone.request('updatePushToken', { tokenName: '', token: 'tok-3' }),
      phone.request('updatePushToken', { tokenName: 'x'.repeat(65), token: 'tok-3' }),
      phone.request('updatePushToken', { tokenName: 'fcm', token: 'y'.repeat(513) }),
      phone.request('updatePushToken', { tokenName: 'fcm' }),
      phone.request('appBackground', { isBackground: false, badge: -1 }),
      phone.request('appBackground', { badge: 1 }),
      phone.request('updatePushConfig', {}),
    ];
    for (const answer of await Promise.all(refused)) {
      expect(answer.code).toBe(414);
      expect(answer.body.errMsg).toMatch(/tokenName|token|badge|isBackground|shouldPushNotificationWhenPCOnline/);
    }

    // The sender is a desktop port of another account; the phone is still in the background (the
    // refused appBackground changed nothing), so the message is queued for the latest token only.
    const msg = await send(sender, me, 'hello phone');
    expect((await outbox(me)).map((p) => [p.deviceId, p.tokenName, p.token, p.msgIdServer])).toEqual([['dev-phone', 'fcm', 'tok-2', msg.idServer]]);
    // The refused updatePushConfig stored nothing: a fresh sync has no syncPushConfig.
    const fresh = await raw(me, PC, 'dev-pc-check');
    await fresh.request('sync', { timetags: {} });
    await fresh.waitForPush('syncDone');
    expect(fresh.pushesNamed('syncPushConfig')).toEqual([]);
  });

  it('a token registered by another account leaves the first one', async () => {
    const first = account('ps_move_a');
    const second = account('ps_move_b');
    const peer = account('ps_move_peer');
    const phoneA = await raw(first, ANDROID, 'dev-shared');
    await phoneA.request('updatePushToken', { tokenName: 'apns', token: 'shared-token' });
    await phoneA.request('appBackground', { isBackground: true, badge: 0 });
    const phoneB = await raw(second, ANDROID, 'dev-shared');
    await phoneB.request('updatePushToken', { tokenName: 'apns', token: 'shared-token' });
    await phoneB.request('appBackground', { isBackground: true, badge: 0 });
    const sender = await raw(peer, PC, 'dev-peer');
    await send(sender, first, 'to the old account');
    await send(sender, second, 'to the new account');
    expect(await outbox(first)).toEqual([]);
    expect((await outbox(second)).map((p) => p.token)).toEqual(['shared-token']);
  });

  it('a phone in the background gets exactly one outbox row per message (title, body, badge); a resend adds none; back in the foreground, none', async () => {
    const me = account('ps_bg');
    const peer = account('ps_bg_peer');
    const phone = await raw(me, ANDROID, 'dev-phone');
    const sender = await raw(peer, ANDROID, 'dev-peer');
    await phone.request('updatePushToken', { tokenName: 'hms', token: 'hms-token', pushkit: true });

    // In the foreground (a new connection is): nothing is queued.
    const seen = await send(sender, me, 'you are looking');
    expect(await outbox(me)).toEqual([]);

    expect((await phone.request('appBackground', { isBackground: true, badge: 1 })).code).toBe(200);
    const first = await send(sender, me, 'first while away', {}, 'bg-first');
    const resent = await send(sender, me, 'first while away', {}, 'bg-first');
    expect(resent.idServer).toBe(first.idServer);
    const custom = await send(sender, me, 'second', { pushContent: 'You have a new order', needPushNick: false, pushPayload: '{"order":7}' });
    await send(sender, me, 'silent', { isPushable: false });
    const rows = await outbox(me);
    expect(rows.map((p) => ({ msg: p.msgIdServer, title: p.title, body: p.body, payload: p.payload, badge: p.badge, pushkit: p.pushkit }))).toEqual([
      // Unread total of the account after the message: the foreground one was not read.
      { msg: first.idServer, title: 'bg nick', body: 'first while away', payload: '', badge: 2, pushkit: true },
      { msg: custom.idServer, title: '', body: 'You have a new order', payload: '{"order":7}', badge: 3, pushkit: true },
    ]);
    expect(rows.some((p) => p.msgIdServer === seen.idServer)).toBe(false);

    // Back in the foreground: nothing more.
    await phone.request('appBackground', { isBackground: false, badge: 0 });
    await send(sender, me, 'back again');
    expect(await outbox(me)).toHaveLength(2);
  });

  it('the receiver muted the sender: no row', async () => {
    const me = account('ps_mute');
    const peer = account('ps_mute_peer');
    const phone = await raw(me, ANDROID, 'dev-phone');
    const sender = await raw(peer, ANDROID, 'dev-peer');
    await phone.request('updatePushToken', { tokenName: 'fcm', token: 'mute-token' });
    await phone.request('markInMutelist', { account: peer, isAdd: true });
    await phone.request('appBackground', { isBackground: true, badge: 0 });
    await send(sender, me, 'muted');
    expect(await outbox(me)).toEqual([]);
  });

  it('a PC online with shouldPushNotificationWhenPCOnline false: no row; set true from the PC, the phone hears syncPushConfig and gets rows; a fresh sync carries it', async () => {
    const me = account('ps_pc');
    const peer = account('ps_pc_peer');
    const phone = await raw(me, ANDROID, 'dev-phone');
    const pc = await raw(me, PC, 'dev-pc');
    const sender = await raw(peer, ANDROID, 'dev-peer');
    await phone.request('updatePushToken', { tokenName: 'fcm', token: 'pc-token' });
    await phone.request('appBackground', { isBackground: true, badge: 0 });

    await send(sender, me, 'the PC shows it');
    expect(await outbox(me)).toEqual([]);

    const heard = phone.waitForPush('syncPushConfig');
    expect((await pc.request('updatePushConfig', { shouldPushNotificationWhenPCOnline: true })).code).toBe(200);
    expect(await heard).toEqual({ shouldPushNotificationWhenPCOnline: true });
    const pushed = await send(sender, me, 'the phone too');
    expect((await outbox(me)).map((p) => [p.deviceId, p.msgIdServer])).toEqual([['dev-phone', pushed.idServer]]);
    // The port that changed it got the answer, not the push.
    expect(pc.pushesNamed('syncPushConfig')).toEqual([]);

    // A fresh device: its first sync (cursor 0) carries the setting before syncDone; a sync from
    // that page's cursor does not repeat it.
    const tablet = await raw(me, ANDROID, 'dev-tablet');
    await tablet.request('sync', { timetags: {} });
    const done = await tablet.waitForPush('syncDone');
    const names = tablet.pushes.map((f) => f.name);
    expect(names.indexOf('syncPushConfig')).toBe(names.indexOf('syncDone') - 1);
    expect(tablet.pushesNamed('syncPushConfig').map((f) => f.body)).toEqual([{ shouldPushNotificationWhenPCOnline: true }]);
    tablet.pushes.length = 0;
    await tablet.request('sync', { timetags: { roamingMsgs: done.timetag } });
    await tablet.waitForPush('syncDone');
    expect(tablet.pushesNamed('syncPushConfig')).toEqual([]);

    // An im-core client of the account reads it after its login's sync.
    const web = imCoreClient(started.url, me);
    clients.push(web);
    await web.connect();
    expect(await web.users.getPushConfig()).toEqual({ shouldPushNotificationWhenPCOnline: true });
  });

  it('team messages: each member away gets one row (badge counting the message), a member who muted the team none unless forced, the sender none', async () => {
    const [owner, amy, bob] = [account('ps_team_owner'), account('ps_team_amy'), account('ps_team_bob')];
    const o = await raw(owner, ANDROID, 'dev-owner');
    const a = await raw(amy, ANDROID, 'dev-amy');
    const b = await raw(bob, ANDROID, 'dev-bob');
    const created = await o.request('createTeam', { team: { type: 1, name: 'Push team', beInviteMode: 1 }, accounts: [amy, bob] });
    expect(created.code).toBe(200);
    const teamId = created.body.team!.teamId!;
    for (const [port, token] of [[o, 'owner-token'], [a, 'amy-token'], [b, 'bob-token']] as const) {
      await port.request('updatePushToken', { tokenName: 'fcm', token });
      await port.request('appBackground', { isBackground: true, badge: 0 });
    }
    expect((await b.request('updateInfoInTeam', { member: { teamId, bits: 1 } })).code).toBe(200);
    const sendTeam = async (idClient: string, extra: Record<string, unknown> = {}) => {
      const answer = await o.request('sendTeamMsg', { msg: { idClient, scene: 1, to: teamId, type: 0, text: idClient, ...extra } });
      expect(answer.code).toBe(200);
      return answer.body.msg!.idServer;
    };
    const first = await sendTeam('team-first');
    expect((await outbox(amy)).map((p) => [p.msgIdServer, p.body, p.badge])).toEqual([[first, 'team-first', 1]]);
    expect(await outbox(bob)).toEqual([]);
    expect(await outbox(owner)).toEqual([]);
    const forced = await sendTeam('team-forced', { forcePushAccounts: [bob] });
    expect((await outbox(bob)).map((p) => p.msgIdServer)).toEqual([forced]);
    expect(await outbox(amy)).toHaveLength(2);
  });

  it('a logout forgets the device token: the same device back in the background gets nothing until it registers again', async () => {
    const me = account('ps_logout');
    const peer = account('ps_logout_peer');
    const phone = await raw(me, ANDROID, 'dev-phone');
    await phone.request('updatePushToken', { tokenName: 'fcm', token: 'gone-token' });
    await phone.request('logout', {});
    await phone.closed;
    const again = await raw(me, ANDROID, 'dev-phone');
    await again.request('appBackground', { isBackground: true, badge: 0 });
    const sender = await raw(peer, ANDROID, 'dev-peer');
    await send(sender, me, 'nobody to push to');
    expect(await outbox(me)).toEqual([]);
    await again.request('updatePushToken', { tokenName: 'fcm', token: 'new-token' });
    const msg = await send(sender, me, 'registered again');
    expect((await outbox(me)).map((p) => [p.token, p.msgIdServer])).toEqual([['new-token', msg.idServer]]);
  });
});
