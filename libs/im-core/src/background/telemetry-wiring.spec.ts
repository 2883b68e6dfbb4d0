import { ClientBackground } from '../client/client-background';
import type { ImMessage } from '../store/entities';
import { FakeConnection } from '../testing/fake-connection';
import type { Telemetry } from './telemetry';

// The client hands the telemetry what it needs (issue 30 §4): location answers and failures from the
// connection, and each message received live (not its own, not one without a server id).

function wired() {
  const connection = new FakeConnection();
  const telemetry = { onLocation: jest.fn(), onLocationFailed: jest.fn(), onMessage: jest.fn(), stop: jest.fn() } satisfies Pick<Telemetry, 'onLocation' | 'onLocationFailed' | 'onMessage' | 'stop'>;
  const background = new ClientBackground(connection, undefined, { warn: jest.fn() }, telemetry);
  return { connection, telemetry, background };
}

const message = (fields: Partial<ImMessage>) => ({ sessionId: 'p2p-bob', from: 'bob', time: 1000, flow: 'in', idServer: 's1', ...fields }) as ImMessage;

describe('telemetry wiring in the client', () => {
  it('passes location answers and failed location calls on', () => {
    const { connection, telemetry } = wired();
    const result = { links: ['ws://a'], defaultLink: undefined, backupLbsUrls: [], uploadEdges: [], msgStatEnable: true, report: { throttleMs: 5000 } };
    connection.fire('location', result);
    connection.fire('locationFailed', { requestUrl: 'http://lbs?id=a', errorCode: 503 });
    expect(telemetry.onLocation).toHaveBeenCalledWith(result);
    expect(telemetry.onLocationFailed).toHaveBeenCalledWith({ requestUrl: 'http://lbs?id=a', errorCode: 503 });
  });

  it('samples received messages only, and stops with the client', () => {
    const { telemetry, background } = wired();
    background.messageReceived(message({}));
    background.messageReceived(message({ flow: 'out', from: 'alice' }));
    background.messageReceived(message({ idServer: undefined }));
    expect(telemetry.onMessage.mock.calls).toEqual([[{ fromAccid: 'bob', msgId: 's1', serverTime: 1000, sessionId: 'p2p-bob' }]]);
    background.stop();
    expect(telemetry.stop).toHaveBeenCalled();
  });
});
