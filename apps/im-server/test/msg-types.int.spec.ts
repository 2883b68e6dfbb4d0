import { MemoryStore, MessageTypeCode, SceneCode, type ImClient, type ImMessage, type MessageRecordValue } from '@merchant/im-core';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/**
 * Every sendable §3 message type through real sockets: im-core client → im-server (validated with
 * the same rule table, stored) → im-core client. Bad records from a raw socket answer the §8 code and
 * store nothing; forward arrives once with a new idClient.
 */
describe('message types against im-server', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  const raws: RawImClient[] = [];
  const client = async (name: string) => {
    const created = imCoreClient(started.url, name, { store: new MemoryStore() });
    clients.push(created);
    await created.connect();
    return created;
  };
  /** A raw port; clientType 1 (not web) when the account also has an im-core web port, which a second web login would kick. */
  const raw = async (name: string, clientType?: number) => {
    const created = await RawImClient.loggedIn(started.wsUrl, name, { clientType });
    raws.push(created);
    return created;
  };
  const inbox = (c: ImClient) => {
    const got: ImMessage[] = [];
    c.on('msg', (m) => got.push(m));
    return got;
  };

  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const r of raws) r.close();
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  const md5 = '0123456789abcdef0123456789abcdef';
  const image = { url: 'https://cdn.example/p.png', ext: 'png', size: 2048, w: 640, h: 480, md5, name: 'p.png' };

  it('each type round-trips sender → server → receiver with its content, and history returns the same', async () => {
    const storeName = account('mt_store');
    const customerName = account('mt_cust');
    const sender = await client(storeName);
    const receiver = await client(customerName);
    const got = inbox(receiver);
    const to = { scene: 'p2p' as const, to: customerName };

    const sent = [
      await sender.messages.sendImage({ ...to, file: image }),
      await sender.messages.sendAudio({ ...to, file: { url: 'https://cdn.example/a.aac', ext: 'aac', size: 900, dur: 3000 } }),
      await sender.messages.sendVideo({ ...to, file: { url: 'https://cdn.example/v.mp4', ext: 'mp4', size: 5000, w: 320, h: 240, dur: 8000 } }),
      await sender.messages.sendFile({ ...to, file: { url: 'https://cdn.example/price-list.pdf', ext: 'pdf', size: 12345, name: 'price-list.pdf' } }),
      await sender.messages.sendGeo({ ...to, geo: { loc_x: 121.47, loc_y: 'north', title: 'Flagship store' } }),
      await sender.messages.sendTip({ ...to, tip: 'The store closes at 9pm' }),
      await sender.messages.sendCustom({ ...to, content: '{"card":"order","orderId":"o-17"}', subType: 3 }),
      await sender.messages.sendRobot({ ...to, robotAccid: 'bot_faq', content: { type: 'text', content: 'opening hours?' } }),
      await sender.messages.sendText({ ...to, text: 'plain text still works' }),
    ];
    expect(sent.map((m) => m.status)).toEqual(Array(9).fill('success'));
    expect(sent.every((m) => Number(m.idServer) > 0)).toBe(true);

    await waitFor(() => got.length === sent.length, 5000, 'all types delivered');
    const byId = new Map(got.map((m) => [m.idClient, m]));
    const arrived = sent.map((m) => byId.get(m.idClient));
    expect(arrived.map((m) => m?.type)).toEqual(['image', 'audio', 'video', 'file', 'geo', 'tip', 'custom', 'robot', 'text']);
    expect(arrived.every((m) => m?.flow === 'in' && m.from === storeName && m.sessionId === `p2p-${storeName}`)).toBe(true);
    expect(arrived[0]?.file).toEqual(image);
    expect(arrived[1]?.file).toEqual({ url: 'https://cdn.example/a.aac', ext: 'aac', size: 900, dur: 3000 });
    expect(arrived[2]?.file).toMatchObject({ w: 320, h: 240, dur: 8000 });
    expect(arrived[3]?.file).toMatchObject({ name: 'price-list.pdf', size: 12345, ext: 'pdf' });
    expect(arrived[0]?.attach).toBeUndefined();
    // §3: loc_* default to 0 when not a number, on the wire as stored.
    expect(JSON.parse(arrived[4]?.attach ?? '{}')).toEqual({ loc_x: 121.47, loc_y: 0, loc_z: 0, title: 'Flagship store' });
    expect(arrived[5]).toMatchObject({ tip: 'The store closes at 9pm' });
    expect(arrived[5]?.text).toBeUndefined();
    expect(arrived[6]).toMatchObject({ attach: '{"card":"order","orderId":"o-17"}', subType: 3 });
    expect(JSON.parse(arrived[7]?.attach ?? '{}')).toEqual({ robotAccid: 'bot_faq', content: { type: 'text', content: 'opening hours?' } });
    expect(arrived[8]).toMatchObject({ text: 'plain text still works' });

    // Server history returns the same content (a fresh device of the receiver).
    const page = await receiver.messages.fetchHistory({ sessionId: `p2p-${storeName}`, limit: 20 });
    const history = new Map(page.messages.map((m) => [m.idClient, m]));
    expect(history.get(sent[0].idClient)?.file).toEqual(image);
    expect(history.get(sent[5].idClient)?.tip).toBe('The store closes at 9pm');
  });

  it('a robot output recorded under the account arrives as incoming (§3)', async () => {
    const me = account('mt_robo');
    const other = await raw(me, 1);
    const mine = await client(me);
    const got: ImMessage[] = [];
    mine.on('msg', (m) => got.push(m));
    // Another port of the same account records the robot's answer in the conversation with the robot.
    const answer = await other.request('sendMsg', {
      msg: { idClient: 'robot-out-1', scene: 0, to: 'bot_faq', type: MessageTypeCode.robot, attach: '{"robotAccid":"bot_faq","output":{"text":"9am-9pm"}}' },
    });
    expect(answer.code).toBe(200);
    await waitFor(() => got.length === 1, 5000, 'robot output via syncSendMsg');
    expect(got[0]).toMatchObject({ idClient: 'robot-out-1', flow: 'in', sessionId: 'p2p-bot_faq', type: 'robot' });
  });

  const bad: [string, MessageRecordValue, number][] = [
    ['image without w/h', { type: MessageTypeCode.image, file: { url: 'https://x/p.png', ext: 'png', size: 1 } }, 414],
    ['file without url', { type: MessageTypeCode.file, file: { ext: 'pdf', size: 1 } }, 414],
    ['file with a javascript: url', { type: MessageTypeCode.file, file: { url: 'javascript:alert(1)', ext: 'pdf', size: 1 } }, 414],
    ['audio without dur', { type: MessageTypeCode.audio, file: { url: 'https://x/a', ext: 'aac', size: 1 } }, 414],
    ['video without file', { type: MessageTypeCode.video }, 414],
    ['geo with attach that is not JSON', { type: MessageTypeCode.geo, attach: 'here' }, 414],
    ['tip without tip', { type: MessageTypeCode.tip }, 414],
    ['custom without content', { type: MessageTypeCode.custom }, 414],
    ['robot without robotAccid', { type: MessageTypeCode.robot, attach: '{"content":{"type":"welcome"}}' }, 414],
    ['notification from a client', { type: MessageTypeCode.notification, attach: '{}' }, 414],
    ['unknown type 9', { type: 9, text: 'x' }, 414],
    ['subType 0', { type: 0, text: 'x', subType: 0 }, 414],
    ['unknown scene 2', { type: 0, text: 'x', scene: 2 }, 414],
    ['pushContent above 5000', { type: 0, text: 'x', pushContent: 'p'.repeat(5001) }, 405],
    ['text above 5000', { type: 0, text: 'x'.repeat(5001) }, 405],
  ];

  it.each(bad)('refuses %s with its code; nothing is stored or delivered; the server keeps serving', async (_name, fields, code) => {
    const fromName = account(`mt_bad${bad.findIndex(([n]) => n === _name)}`);
    const toName = account('mt_badto');
    const sender = await raw(fromName);
    const receiver = await raw(toName);
    const pushesBefore = receiver.pushes.length;
    const answer = await sender.request('sendMsg', { msg: { idClient: 'bad-1', scene: SceneCode.p2p, to: toName, ...fields } });
    expect(answer.code).toBe(code);
    expect(answer.body.errMsg).toBeTruthy();
    expect((await sender.request('getHistoryMsgs', { scene: 0, to: toName, limit: 10 })).body.msgs ?? []).toEqual([]);
    expect((await sender.request('getServerSessions', {})).body.sessions ?? []).toEqual([]);
    expect((await sender.request('heartbeat', {})).code).toBe(200);
    expect(receiver.pushes.slice(pushesBefore).filter((p) => p.command.name === 'msg')).toEqual([]);
  });

  it('the client refuses the same inputs before sending anything', async () => {
    const name = account('mt_local');
    const c = await client(name);
    const before = (await c.sessions.list()).length;
    await expect(c.messages.sendImage({ scene: 'p2p', to: 'x_1', file: { url: 'https://x/p.png', ext: 'png', size: 1 } })).rejects.toMatchObject({ code: 414, errorName: 'Param_Error' });
    await expect(c.messages.sendTip({ scene: 'p2p', to: 'x_1', tip: '' })).rejects.toMatchObject({ code: 414 });
    await expect(c.messages.sendCustom({ scene: 'p2p', to: 'x_1', content: 'x'.repeat(20_001) })).rejects.toMatchObject({ code: 405 });
    expect((await c.sessions.list()).length).toBe(before);
    expect(await c.localStore?.getMessagesByStatus('sending')).toEqual([]);
  });

  it('forward: arrives once at the other session with a new idClient and the same content; a repeated send of that idClient is not delivered again', async () => {
    const storeName = account('mt_fwd_store');
    const aName = account('mt_fwd_a');
    const bName = account('mt_fwd_b');
    const store = await client(storeName);
    const a = await client(aName);
    const b = await client(bName);
    const aGot = inbox(a);
    const bGot = inbox(b);

    const original = await a.messages.sendImage({ scene: 'p2p', to: storeName, file: image });
    await waitFor(async () => Boolean(await store.localStore?.getMessage(original.idClient)), 5000, 'store received the image');
    const forwarded = await store.messages.forward(original.idClient, { scene: 'p2p', to: bName });
    expect(forwarded.idClient).not.toBe(original.idClient);
    expect(forwarded).toMatchObject({ status: 'success', type: 'image', file: image, from: storeName, to: bName, flow: 'out', sessionId: `p2p-${bName}` });

    await waitFor(() => bGot.length === 1, 5000, 'forward delivered');
    expect(bGot[0]).toMatchObject({ idClient: forwarded.idClient, type: 'image', file: image, from: storeName });

    // The same idClient sent again (another port of the store): the server keeps one copy, delivers nothing new.
    const otherPort = await raw(storeName, 1);
    const again = await otherPort.request('sendMsg', { msg: { idClient: forwarded.idClient, scene: 0, to: bName, type: MessageTypeCode.image, file: image } });
    expect(again.code).toBe(200);
    expect(again.body.msg?.idServer).toBe(forwarded.idServer);
    const page = await b.messages.fetchHistory({ sessionId: `p2p-${storeName}`, limit: 10 });
    expect(page.messages.filter((m) => m.idClient === forwarded.idClient)).toHaveLength(1);
    expect(bGot).toHaveLength(1);
    // The original's sender never sees the forward; the original keeps its id.
    expect(aGot.some((m) => m.idClient === forwarded.idClient)).toBe(false);
    expect((await store.localStore?.getMessage(original.idClient))?.idClient).toBe(original.idClient);
    // A second forward is a second message.
    const second = await store.messages.forward(original.idClient, { scene: 'p2p', to: bName });
    expect(second.idClient).not.toBe(forwarded.idClient);
    await waitFor(() => bGot.length === 2, 5000, 'second forward delivered');
  });
});
