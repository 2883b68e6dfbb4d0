// Event validity and subscription times (im-client-spec §5 "Other limits on calls": validity 60 to
// 604800 s, default 604800; subscribe time 60 to 2592000 s, default 2592000; docs/im-extend.md "Events").
// A real server whose clock the test sets: what is stored is read back through querySubscribeEvents
// one millisecond before and at the end of each time, never by waiting.
import { RawImClient } from './support/raw-client';
import { errMsg } from './support/team-helpers';
import { account, startServer, type StartedServer } from './support/test-server';
import { ResponseCode } from '../src/protocol';

const SECOND = 1000;
const VALID_MAX = 604_800;
const SUBSCRIBE_MAX = 2_592_000;

describe('event validity and subscription times', () => {
  let server: StartedServer;
  const start = Date.now();
  let clock = start;
  const clients: RawImClient[] = [];
  const open = async (name: string) => {
    const client = await RawImClient.loggedIn(server.wsUrl, account(name));
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startServer({ now: () => clock });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.server.close();
  });

  const publish = (client: RawImClient, event: { type: number; value: number; validTime?: number }) => client.request('publishEvent', { event });
  const valuesSeen = async (fan: RawImClient, type: number, target: string) => {
    const answer = await fan.request('querySubscribeEvents', { type, accounts: [target] });
    expect(answer.code).toBe(200);
    return (answer.body.events ?? []).map((e) => e.value);
  };

  it('validity: 60 and 604800 are taken and stored as given, 59 and 604801 are refused (414); without one an event lives exactly 604800 s', async () => {
    clock = start;
    const pub = account('et_v_pub');
    const publisher = await open('et_v_pub');
    const fan = await open('et_v_fan');
    const [SHORT, LONG, DEFAULT] = [200101, 200102, 200103];
    for (const type of [SHORT, LONG, DEFAULT]) expect((await fan.request('subscribeEvent', { type, accounts: [pub], subscribeTime: SUBSCRIBE_MAX })).code).toBe(200);

    for (const validTime of [59, 604_801]) {
      const refused = await publish(publisher, { type: SHORT, value: 9, validTime });
      expect([validTime, refused.code, errMsg(refused)]).toEqual([validTime, ResponseCode.PARAMETER_ERROR, 'validTime must be 60 to 604800 seconds']);
    }
    expect(await valuesSeen(fan, SHORT, pub)).toEqual([]);

    const short = await publish(publisher, { type: SHORT, value: 1, validTime: 60 });
    const long = await publish(publisher, { type: LONG, value: 2, validTime: VALID_MAX });
    const plain = await publish(publisher, { type: DEFAULT, value: 3 });
    expect([short.code, short.body.event?.validTime]).toEqual([200, 60]);
    expect([long.code, long.body.event?.validTime]).toEqual([200, VALID_MAX]);
    expect([plain.code, plain.body.event?.validTime]).toEqual([200, VALID_MAX]);

    // Each lives until its time is up, not a millisecond longer.
    clock = start + 60 * SECOND - 1;
    expect(await valuesSeen(fan, SHORT, pub)).toEqual([1]);
    clock = start + 60 * SECOND;
    expect(await valuesSeen(fan, SHORT, pub)).toEqual([]);
    clock = start + VALID_MAX * SECOND - 1;
    expect([await valuesSeen(fan, LONG, pub), await valuesSeen(fan, DEFAULT, pub)]).toEqual([[2], [3]]);
    clock = start + VALID_MAX * SECOND;
    expect([await valuesSeen(fan, LONG, pub), await valuesSeen(fan, DEFAULT, pub)]).toEqual([[], []]);
  });

  it('subscription: 60 and 2592000 are taken, 59 and 2592001 are refused (414); without a subscribeTime a subscription lasts exactly 2592000 s', async () => {
    clock = start;
    const pub = account('et_s_pub');
    const publisher = await open('et_s_pub');
    const fan = await open('et_s_fan');
    const [SHORT, LONG, DEFAULT] = [200201, 200202, 200203];
    for (const subscribeTime of [59, 2_592_001]) {
      const refused = await fan.request('subscribeEvent', { type: SHORT, accounts: [pub], subscribeTime });
      expect([subscribeTime, refused.code, errMsg(refused)]).toEqual([subscribeTime, ResponseCode.PARAMETER_ERROR, 'subscribeTime must be 60 to 2592000 seconds']);
    }
    // The refusals subscribed nothing: an event published now is not shown to the fan.
    expect((await publish(publisher, { type: SHORT, value: 0 })).code).toBe(200);
    expect(await valuesSeen(fan, SHORT, pub)).toEqual([]);

    expect((await fan.request('subscribeEvent', { type: SHORT, accounts: [pub], subscribeTime: 60 })).code).toBe(200);
    expect((await fan.request('subscribeEvent', { type: LONG, accounts: [pub], subscribeTime: SUBSCRIBE_MAX })).code).toBe(200);
    expect((await fan.request('subscribeEvent', { type: DEFAULT, accounts: [pub] })).code).toBe(200);
    expect(await valuesSeen(fan, SHORT, pub)).toEqual([0]);

    // Each subscription shows events published just before its end, and none from its end on.
    clock = start + 60 * SECOND - 1;
    expect((await publish(publisher, { type: SHORT, value: 1 })).code).toBe(200);
    expect(await valuesSeen(fan, SHORT, pub)).toEqual([1]);
    clock = start + 60 * SECOND;
    expect(await valuesSeen(fan, SHORT, pub)).toEqual([]);

    clock = start + SUBSCRIBE_MAX * SECOND - 1;
    for (const [type, value] of [[LONG, 2], [DEFAULT, 3]]) expect((await publish(publisher, { type, value })).code).toBe(200);
    expect([await valuesSeen(fan, LONG, pub), await valuesSeen(fan, DEFAULT, pub)]).toEqual([[2], [3]]);
    clock = start + SUBSCRIBE_MAX * SECOND;
    expect([await valuesSeen(fan, LONG, pub), await valuesSeen(fan, DEFAULT, pub)]).toEqual([[], []]);
    // The events themselves are still valid: a new subscription shows them again.
    expect((await fan.request('subscribeEvent', { type: DEFAULT, accounts: [pub] })).code).toBe(200);
    expect(await valuesSeen(fan, DEFAULT, pub)).toEqual([3]);
  });
});
