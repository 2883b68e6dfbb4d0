import WebSocket from 'ws';
import { createImClient, type ImMessage } from '@merchant/im-core';
import { signImToken } from '@merchant/im-core/server';

/**
 * A demo customer on the real im-server, through the published im-core client in Node:
 * the same code another team's customer app would run.
 */
export async function connectCustomer(account: string, nick: string) {
  const token = signImToken({ accid: account, appKey: 'merchant-im', nick }, process.env.E2E_IM_TOKEN_SECRET!);
  const client = createImClient({
    lbsUrl: process.env.E2E_IM_LBS_URL!,
    appKey: 'merchant-im',
    account,
    token,
    WebSocketImpl: WebSocket as unknown as NonNullable<Parameters<typeof createImClient>[0]['WebSocketImpl']>,
  });
  const received: ImMessage[] = [];
  client.on('msg', (msg: ImMessage) => received.push(msg));
  await client.connect();
  return {
    client,
    received,
    sendText: (to: string, text: string) => client.messages.sendText({ scene: 'p2p', to, text }),
    async waitForText(text: string, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = received.find((m) => m.text === text);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 100)); // fixed wait: poll interval; the deadline above bounds the wait
      }
      throw new Error(`customer ${account} did not receive "${text}" within ${timeoutMs} ms; got ${JSON.stringify(received.map((m) => m.text))}`);
    },
    /** The first file message (image, audio, video or file) whose file has this name. */
    async waitForFile(name: string, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = received.find((m) => m.file?.name === name);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 100)); // fixed wait: poll interval; the deadline above bounds the wait
      }
      throw new Error(`customer ${account} did not receive the file "${name}" within ${timeoutMs} ms`);
    },
    close: () => client.logout(),
  };
}
