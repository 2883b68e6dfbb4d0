import { ImClient, MemoryStore, MessageTypeCode } from '@merchant/im-core';
import { frameBackgroundSettings } from './background-settings';
import { createFrameChatClient } from './create-frame-chat-client';
import { DEFAULT_RUNTIME_CONFIG, readRuntimeConfig } from '../config/runtime-config';
import { createFakeImServer, MERCHANT, wireTextMessage } from '../test/fake-im-server';

describe('the frame\'s background settings (docs/im-background.md)', () => {
  it('puts the reporter, the telemetry and the probes beside the location service', () => {
    expect(frameBackgroundSettings('http://127.0.0.1:3200/lbs')).toEqual({
      reporter: { dispatcherUrl: 'http://127.0.0.1:3200/stats/dispatcher', reportUrl: 'http://127.0.0.1:3200/stats/report' },
      telemetry: { lbsFailureUrl: 'http://127.0.0.1:3200/stats/lbs-failure', msgDelayUrl: 'http://127.0.0.1:3200/stats/msg-delay' },
      probes: { ipv4Url: 'http://127.0.0.1:3200/stats/probe/ipv4', ipv6Url: 'http://127.0.0.1:3200/stats/probe/ipv6' },
    });
    expect(frameBackgroundSettings('https://im.example/im/lbs/?x=1', { ipv6Url: 'https://v6.im.example/stats/probe/ipv6' }).probes).toEqual({
      ipv4Url: 'https://im.example/im/stats/probe/ipv4',
      ipv6Url: 'https://v6.im.example/stats/probe/ipv6',
    });
  });

  it('reads probe URLs from the runtime configuration, ignoring what is not http(s)', () => {
    expect(readRuntimeConfig({ imProbeIpv4Url: 'http://v4.example/p', imProbeIpv6Url: 'javascript:alert(1)' })).toMatchObject({ imProbeIpv4Url: 'http://v4.example/p' });
    expect(readRuntimeConfig({ imProbeIpv6Url: 'javascript:alert(1)' }).imProbeIpv6Url).toBeUndefined();
  });
});

describe('file URLs through the CDN (client.fileUrl; §4 after login, §9)', () => {
  it('shows a file message with the CDN address getNosCdnHost named, and leaves other addresses alone', async () => {
    const server = createFakeImServer();
    server.connection.answer('getNosCdnHost', () => ({ cdnDomain: 'cdn.example', objectNamePrefix: 'http://127.0.0.1:3200/nos/', expire: -1 }));
    const image = (idClient: string, url: string) => ({
      ...wireTextMessage(idClient, 1000),
      type: MessageTypeCode.image,
      text: undefined,
      file: { url, name: 'a.png', ext: 'png', size: 10, w: 10, h: 10, md5: 'x' },
    });
    server.history.push(image('img-1', 'http://127.0.0.1:3200/nos/bucket/a.png'), image('img-2', 'https://elsewhere.example/b.png'));
    const client = await createFrameChatClient({ config: DEFAULT_RUNTIME_CONFIG, params: { account: MERCHANT, token: 'token' }, store: new MemoryStore(), connection: server.connection });
    await client.connect();
    expect(server.connection.requests.some((request) => request.name === 'getNosCdnHost')).toBe(true);
    const { messages } = await client.fetchHistory('p2p-c_demo1', { limit: 10 });
    expect(messages.map((message) => message.file?.url)).toEqual(['https://cdn.example/bucket/a.png', 'https://elsewhere.example/b.png']);
    expect((await client.listLocalMessages('p2p-c_demo1', 10)).map((message) => message.file?.url)).toEqual(['https://cdn.example/bucket/a.png', 'https://elsewhere.example/b.png']);
  });
});

describe('upload failures reach the reporter (§4 Reporter; docs/im-background.md)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('hands an upload that ends Upload_Failed to client.reportUploadFailure', async () => {
    const reported = jest.spyOn(ImClient.prototype, 'reportUploadFailure');
    const server = createFakeImServer();
    server.connection.answer('getNosToken', () => ({ tokens: [] }));
    const client = await createFrameChatClient({ config: DEFAULT_RUNTIME_CONFIG, params: { account: MERCHANT, token: 'token' }, store: new MemoryStore(), connection: server.connection });
    await client.connect();
    await expect(client.sendFile('p2p-c_demo1', new File(['hello'], 'notes.txt', { type: 'text/plain' }))).rejects.toMatchObject({ errorName: 'Upload_Failed' });
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ errorName: 'Upload_Failed' }));
  });
});

