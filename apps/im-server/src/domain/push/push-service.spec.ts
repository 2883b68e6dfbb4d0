import { openImStore, type ImStore } from '../../db/database';
import { createMessageClock, MessageService } from '../msg/message-service';
import { PushService } from './push-service';

// The relay's half of the outbox seam (docs/protocol.md "Push settings"): it reads the unsent rows in
// order and marks what its vendor accepted; a row is marked once and then leaves the unsent view.

let store: ImStore;
let now = 1_000;
beforeAll(async () => {
  store = await openImStore({ dataDir: 'memory://' });
});
afterAll(() => store.close());

describe('PushService outbox for a relay', () => {
  it('queues for a background device, lists unsent rows oldest first, and markSent takes them out once', async () => {
    const push = new PushService(store.db, () => now);
    const messages = new MessageService(store.db, createMessageClock(() => now));
    await push.updateToken({ account: 'c_rel', deviceId: 'phone', type: 1, connectionId: 'conn-1' }, { tokenName: 'apns', token: 'tok' });
    await push.setBackground({ account: 'c_rel', deviceId: 'phone', type: 1, connectionId: 'conn-1' }, { isBackground: true, badge: 0 });
    const ports = async () => [{ connectionId: 'conn-1', type: 1 }];
    const ids: string[] = [];
    for (const text of ['one', 'two']) {
      now += 1;
      const { message } = await messages.send({ account: 's_from', nick: 'From', clientType: 16, deviceId: 'web' }, { idClient: `rel-${text}`, scene: 0, to: 'c_rel', type: 0, text });
      expect(await push.queueOfflinePush(message, {}, ports)).toBe(1);
      expect(await push.queueOfflinePush(message, {}, ports)).toBe(0);
      ids.push(message.idServer);
    }
    const unsent = await push.outbox('c_rel');
    expect(unsent.map((p) => [p.msgIdServer, p.body, p.token, p.sentAt])).toEqual([[ids[0], 'one', 'tok', null], [ids[1], 'two', 'tok', null]]);

    now = 5_000;
    expect(await push.markSent([unsent[0].id])).toBe(1);
    now = 6_000;
    expect(await push.markSent([unsent[0].id])).toBe(0);
    expect((await push.outbox('c_rel')).map((p) => p.msgIdServer)).toEqual([ids[1]]);
    expect((await push.outbox('c_rel', { all: true })).map((p) => p.sentAt)).toEqual([5_000, null]);
  });
});
