import { signImToken } from '@merchant/im-core/server';
import { KickReason, ResponseCode } from '../protocol';
import { ImServerError } from '../domain/errors';
import type { ImUser } from '../domain/user/user-service';
import { LocalRouter } from '../routing/local-router';
import type { PortRecord, RoutedEvent } from '../routing/router';
import { chatroomLogIn, chatroomRouteKey } from './chatroom-login';
import type { ImServices, LoginContext, LoginOutcome } from './handler-types';
import { logIn, MIN_CLIENT_PROTOCOL_VERSION } from './login';

// The logins return an outcome and never touch a connection, so they run here on a plain context.

const APP_KEY = 'app-key';
const SECRET = 'secret';
const NOW = 1_700_000_000_000;

function user(account: string): ImUser {
  return { account, nick: `nick of ${account}`, avatar: '', sign: '', gender: 0, email: '', birth: '', tel: '', custom: '', createTime: NOW, updateTime: NOW } as ImUser;
}

function setUp(options: { closeDuringAddPort?: boolean; enter?: () => Promise<unknown> } = {}) {
  const router = new LocalRouter('node-1');
  const published: { account: string; event: RoutedEvent }[] = [];
  const removed: PortRecord[] = [];
  let closed = false;
  let ids = 0;
  const loginRouter = {
    nodeId: router.nodeId,
    listPorts: (account: string) => router.listPorts(account),
    publish: async (account: string, event: RoutedEvent) => {
      published.push({ account, event });
    },
    addPort: async (port: PortRecord) => {
      await router.addPort(port);
      // The link goes away while its port is being registered.
      if (options.closeDuringAddPort) closed = true;
    },
    removePort: async (port: PortRecord) => {
      removed.push(port);
      await router.removePort(port);
    },
  };
  const services = {
    users: { ensureFromClaims: async (claims: { accid: string }) => user(claims.accid) },
    chatrooms: { enter: options.enter ?? (async () => Promise.reject(new Error('no rooms here'))) },
  } as unknown as ImServices;
  const ctx: LoginContext = {
    appKey: APP_KEY,
    tokenSecret: SECRET,
    services,
    router: loginRouter,
    now: () => NOW,
    newConnectionId: () => `conn-${++ids}`,
    isClosed: () => closed,
  };
  return { ctx, router, published, removed };
}

const token = (accid: string, nowSeconds = NOW / 1000) => signImToken({ accid, appKey: APP_KEY }, SECRET, nowSeconds);

describe('logIn', () => {
  it('refuses an unknown app key and a token of another account, registering nothing', async () => {
    const { ctx, router } = setUp();
    expect(await logIn(ctx, { protocolVersion: 1, appKey: 'other', account: 'amy', token: token('amy') })).toEqual({
      kind: 'refused',
      code: ResponseCode.WRONG_CREDENTIALS,
      message: 'unknown app key',
    });
    expect(await logIn(ctx, { protocolVersion: 1, appKey: APP_KEY, account: 'amy', token: token('bob') })).toMatchObject({
      kind: 'refused',
      message: 'token does not match the account',
    });
    expect(await router.listPorts('amy')).toEqual([]);
  });

  it('refuses an expired token as expired', async () => {
    const { ctx } = setUp();
    const dayAgo = NOW / 1000 - 24 * 60 * 60;
    expect(await logIn(ctx, { protocolVersion: 1, appKey: APP_KEY, account: 'amy', token: token('amy', dayAgo) })).toMatchObject({
      kind: 'refused',
      message: 'token expired',
    });
  });

  it('registers the port, kicks the same platform, answers the other ports and announces to them', async () => {
    const { ctx, router, published } = setUp();
    await router.addPort({ connectionId: 'old-web', account: 'amy', type: 16, customClientType: 0, deviceId: 'd1', os: '', time: 1, nodeId: 'node-1' });
    await router.addPort({ connectionId: 'phone', account: 'amy', type: 2, customClientType: 0, deviceId: 'd2', os: '', time: 1, nodeId: 'node-1' });

    const outcome = await logIn(ctx, { protocolVersion: 1, appKey: APP_KEY, account: 'amy', token: token('amy'), clientType: 16, deviceId: 'd3' });
    if (outcome.kind !== 'loggedIn') throw new Error(`expected loggedIn, got ${outcome.kind}`);
    expect(outcome.port).toMatchObject({ connectionId: 'conn-1', account: 'amy', type: 16, deviceId: 'd3', time: NOW, nodeId: 'node-1' });
    expect(outcome.nick).toBe('nick of amy');
    expect(outcome.chatroom).toBeUndefined();
    expect((await router.listPorts('amy')).map((p) => p.connectionId)).toContain('conn-1');
    expect(published).toEqual([
      { account: 'amy', event: { kind: 'kick', connectionIds: ['old-web'], reason: KickReason.samePlatform, byClientType: 16 } },
    ]);

    const answer = await outcome.answer();
    expect(answer).toMatchObject({ connectionId: 'conn-1', serverTime: NOW, user: { account: 'amy' } });
    expect((answer.loginPorts as { connectionId: string }[]).map((p) => p.connectionId)).toEqual(['phone']);

    await outcome.announce();
    expect(published[1]).toMatchObject({
      account: 'amy',
      event: { kind: 'push', command: 'multiPortLogin', body: { state: 'login' }, exceptConnectionId: 'conn-1' },
    });
  });

  it('abandons the login and removes the port when the link closes during registration', async () => {
    const { ctx, router, removed } = setUp({ closeDuringAddPort: true });
    const outcome: LoginOutcome = await logIn(ctx, { protocolVersion: 1, appKey: APP_KEY, account: 'amy', token: token('amy') });
    expect(outcome).toEqual({ kind: 'abandoned' });
    expect(removed.map((p) => p.connectionId)).toEqual(['conn-1']);
    expect(await router.listPorts('amy')).toEqual([]);
  });

  it('refuses 201 below the minimum protocol version (or none), and 422 for an account store-server disabled; nothing registered', async () => {
    const { ctx, router } = setUp();
    for (const protocolVersion of [MIN_CLIENT_PROTOCOL_VERSION - 1, undefined]) {
      expect(await logIn(ctx, { protocolVersion, appKey: APP_KEY, account: 'amy', token: token('amy') })).toMatchObject({
        kind: 'refused',
        code: ResponseCode.CLIENT_VERSION_TOO_OLD,
      });
    }
    const disabled = signImToken({ accid: 'amy', appKey: APP_KEY, disabled: true }, SECRET, NOW / 1000);
    expect(await logIn(ctx, { protocolVersion: 1, appKey: APP_KEY, account: 'amy', token: disabled })).toEqual({
      kind: 'refused',
      code: ResponseCode.ACCOUNT_DISABLED,
      message: 'account disabled',
    });
    expect(await router.listPorts('amy')).toEqual([]);
  });
});

describe('chatroomLogIn', () => {
  it('refuses 422 for an account store-server disabled, registering nothing', async () => {
    const { ctx, router } = setUp();
    const disabled = signImToken({ accid: 'amy', appKey: APP_KEY, disabled: true }, SECRET, NOW / 1000);
    expect(await chatroomLogIn(ctx, { chatroomId: 'room-1', account: 'amy', token: disabled })).toEqual({
      kind: 'refused',
      code: ResponseCode.ACCOUNT_DISABLED,
      message: 'account disabled',
    });
    expect(await router.listPorts(chatroomRouteKey('room-1'))).toEqual([]);
  });

  it('refuses an account without a token, and passes on a refusal of the room', async () => {
    const { ctx } = setUp({ enter: async () => Promise.reject(new ImServerError(ResponseCode.NO_PERMISSION, 'blacklisted')) });
    expect(await chatroomLogIn(ctx, { chatroomId: 'room-1', account: 'amy' })).toEqual({
      kind: 'refused',
      code: ResponseCode.WRONG_CREDENTIALS,
      message: 'account and token go together',
    });
    expect(await chatroomLogIn(ctx, { chatroomId: 'room-1', account: 'amy', token: token('amy') })).toEqual({
      kind: 'refused',
      code: ResponseCode.NO_PERMISSION,
      message: 'blacklisted',
    });
  });

  it('registers under the room key and announces memberEnter for the first socket of the member', async () => {
    const room = { id: 'room-1', name: 'Room', announcement: '', broadcast_url: '', custom: '', queuelevel: 0, creator: 'owner', mute: false };
    const member = {
      chatroom_id: 'room-1', account: 'amy', type: 'common', level: 0, nick: 'Amy', avatar: '', custom: '', enter_time: NOW,
      blacked: false, gaged: false, temp_mute_until: 0,
    };
    const { ctx, router, published } = setUp({ enter: async () => ({ room, member }) });
    const outcome = await chatroomLogIn(ctx, { chatroomId: 'room-1', account: 'amy', token: token('amy') });
    if (outcome.kind !== 'loggedIn') throw new Error(`expected loggedIn, got ${outcome.kind}`);
    expect(outcome.port).toMatchObject({ account: chatroomRouteKey('room-1'), chatroomAccount: 'amy' });
    expect(outcome.chatroom).toEqual({ chatroomId: 'room-1', account: 'amy', nick: 'Amy' });
    expect(await router.listPorts(chatroomRouteKey('room-1'))).toHaveLength(1);
    expect(await outcome.answer()).toMatchObject({ chatroom: { id: 'room-1', onlineMemberNum: 1 }, member: { account: 'amy', online: true } });
    expect(published).toEqual([]);

    await outcome.announce();
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ account: chatroomRouteKey('room-1'), event: { kind: 'push', command: 'chatroomMsg' } });
    expect(JSON.parse((published[0].event as unknown as { body: { msg: { attach: string } } }).body.msg.attach)).toMatchObject({ type: 'memberEnter', from: 'amy' });
  });
});
