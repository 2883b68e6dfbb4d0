import { MemoryStore } from '../store/memory-store';
import { FakeConnection } from '../testing/fake-connection';
import type { LoginPortsChange } from '../connection/login-ports';
import type { LoginPortRecordValue } from '../protocol/records';
import { ImClient } from './im-client';

const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
const port = (connectionId: string): LoginPortRecordValue => ({ connectionId, type: 1, customClientType: 0, time: 1, online: true, deviceId: `d-${connectionId}`, os: '', ip: '' });

describe('ImClient multi-port (issue 31)', () => {
  function makeClient() {
    const fake = new FakeConnection();
    const client = new ImClient({ account: 's_1001', connection: fake, store: new MemoryStore(), logger: silentLogger });
    return { fake, client };
  }

  it('raises multiPortLogin for each change the connection reports and keeps the whole list readable', () => {
    const { fake, client } = makeClient();
    const seen: LoginPortsChange[] = [];
    client.on('multiPortLogin', (change) => seen.push(change));
    expect(client.loginPorts).toEqual([]);
    fake.fire('loggedIn', { connectionId: 'me', loginPorts: [port('a')], serverTimeOffsetMs: 0, transport: 'websocket', link: 'fake://' });
    expect(client.loginPorts.map((p) => p.connectionId)).toEqual(['a']);
    const change: LoginPortsChange = { state: 'login', ports: [port('b')], loginPorts: [port('a'), port('b')] };
    fake.fire('loginPorts', change);
    expect(seen).toEqual([change]);
    expect(client.loginPorts.map((p) => p.connectionId)).toEqual(['a', 'b']);
  });

  it('kick sends the connection ids and answers the ones the server kicked; an empty or bad list is refused before sending', async () => {
    const { fake, client } = makeClient();
    fake.answer('kick', (body) => ({ connectionIds: (body.connectionIds ?? []).filter((id) => id === 'a') }));
    await expect(client.kick(['a', 'elsewhere'])).resolves.toEqual(['a']);
    expect(fake.requests).toEqual([{ name: 'kick', body: { connectionIds: ['a', 'elsewhere'] } }]);
    await expect(client.kick([])).rejects.toMatchObject({ errorName: 'Param_Error', code: 414 });
    await expect(client.kick([''])).rejects.toMatchObject({ errorName: 'Param_Error' });
    expect(fake.requests).toHaveLength(1);
  });
});
