import { ImError } from '../errors';
import { MemoryStore } from '../store/memory-store';
import { FakeConnection } from '../testing/fake-connection';
import { pushTokenProblem } from '../validation/push-rules';
import { ImClient } from './im-client';

// Push settings (issue 31; docs/protocol.md "Push settings"): updatePushToken, appBackground and
// updatePushConfig checked before sending; the push config stored from the answer, from another
// port's syncPushConfig, and from sync.

const ME = 's_1001';
const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

function makeClient(syncPushes?: (fake: FakeConnection) => void) {
  const fake = new FakeConnection();
  fake.answer('sync', (_body, f) => {
    setTimeout(() => {
      syncPushes?.(f);
      f.push('syncDone', { timetag: 50 });
    }, 0);
    return {};
  });
  fake.answer('updatePushToken', () => ({}));
  fake.answer('appBackground', () => ({}));
  fake.answer('updatePushConfig', () => ({}));
  const client = new ImClient({ account: ME, connection: fake, store: new MemoryStore(), logger: silentLogger });
  return { fake, client };
}

const sent = (fake: FakeConnection, name: string) => fake.requests.filter((r) => r.name === name).map((r) => r.body);

describe('ImClient push settings', () => {
  it('updatePushToken sends a good token and refuses a bad one locally with Param_Error 414, sending nothing', async () => {
    const { fake, client } = makeClient();
    await client.connect();
    await client.users.updatePushToken({ tokenName: 'apns', token: 'a1b2c3' });
    await client.users.updatePushToken({ tokenName: 'apns', token: 'voip-1', pushkit: true });
    const bad = [
      { tokenName: '', token: 't' },
      { tokenName: 'x'.repeat(65), token: 't' },
      { tokenName: 'fcm', token: '' },
      { tokenName: 'fcm', token: 'y'.repeat(513) },
      { tokenName: 'fcm', token: ' padded ' },
      { tokenName: 'fcm', token: 't', pushkit: 'yes' as unknown as boolean },
    ];
    for (const input of bad) {
      const error = await client.users.updatePushToken(input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImError);
      expect(error).toMatchObject({ errorName: 'Param_Error', code: 414 });
    }
    expect(sent(fake, 'updatePushToken')).toEqual([
      { tokenName: 'apns', token: 'a1b2c3', pushkit: false },
      { tokenName: 'apns', token: 'voip-1', pushkit: true },
    ]);
    // The bounds: exactly 64 and 512 pass.
    expect(pushTokenProblem({ tokenName: 'n'.repeat(64), token: 't'.repeat(512) })).toBeUndefined();
  });

  it('setAppBackground sends the state and badge; a badge that is not a whole number 0–99999 is refused locally', async () => {
    const { fake, client } = makeClient();
    await client.connect();
    await client.users.setAppBackground(true, 3);
    await client.users.setAppBackground(false);
    for (const badge of [-1, 1.5, 100_000, Number.NaN]) {
      await expect(client.users.setAppBackground(true, badge)).rejects.toMatchObject({ errorName: 'Param_Error', code: 414 });
    }
    await expect(client.users.setAppBackground('yes' as unknown as boolean)).rejects.toMatchObject({ code: 414 });
    expect(sent(fake, 'appBackground')).toEqual([
      { isBackground: true, badge: 3 },
      { isBackground: false, badge: 0 },
    ]);
  });

  it('updatePushConfig stores the setting once the server kept it and tells the app; a non-boolean is refused', async () => {
    const { fake, client } = makeClient();
    await client.connect();
    const events: boolean[] = [];
    client.on('pushConfig', (c) => events.push(c.shouldPushNotificationWhenPCOnline));
    expect(await client.users.getPushConfig()).toBeUndefined();
    await expect(client.users.updatePushConfig({ shouldPushNotificationWhenPCOnline: 1 as unknown as boolean })).rejects.toMatchObject({ code: 414 });
    expect(sent(fake, 'updatePushConfig')).toEqual([]);

    await client.users.updatePushConfig({ shouldPushNotificationWhenPCOnline: true });
    expect(sent(fake, 'updatePushConfig')).toEqual([{ shouldPushNotificationWhenPCOnline: true }]);
    expect(await client.users.getPushConfig()).toEqual({ shouldPushNotificationWhenPCOnline: true });
    expect(events).toEqual([true]);

    // Refused by the server: nothing stored, no event.
    fake.answer('updatePushConfig', () => {
      throw new ImError('Param_Error', 'refused', { code: 414 });
    });
    await expect(client.users.updatePushConfig({ shouldPushNotificationWhenPCOnline: false })).rejects.toMatchObject({ code: 414 });
    expect(await client.users.getPushConfig()).toEqual({ shouldPushNotificationWhenPCOnline: true });
    expect(events).toEqual([true]);
  });

  it('a live syncPushConfig (another port changed it) is stored and told; one in a sync is stored with the sync and told in its order', async () => {
    const { fake, client } = makeClient((f) => f.push('syncPushConfig', { shouldPushNotificationWhenPCOnline: true }));
    const events: boolean[] = [];
    const kinds: string[] = [];
    client.on('pushConfig', (c) => events.push(c.shouldPushNotificationWhenPCOnline));
    client.on('syncData', (n) => kinds.push(n.kind));
    await client.connect();
    expect(await client.users.getPushConfig()).toEqual({ shouldPushNotificationWhenPCOnline: true });
    expect(events).toEqual([true]);
    expect(kinds[kinds.length - 1]).toBe('pushConfig');

    const told = new Promise<void>((resolve) => client.on('pushConfig', () => resolve()));
    fake.push('syncPushConfig', { shouldPushNotificationWhenPCOnline: false });
    await told;
    expect(events).toEqual([true, false]);
    expect(await client.users.getPushConfig()).toEqual({ shouldPushNotificationWhenPCOnline: false });
  });
});
