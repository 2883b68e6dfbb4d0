// The console ⇄ frame protocol (libs/api-contracts/src/frame-protocol.ts) across a real cross-origin
// pair in Chromium: a console page on http://localhost:<p1> embeds a frame page on
// http://127.0.0.1:<p2>. Each page runs its app's own bridge code (the console's frameProtocol.ts,
// the frame's parent-bridge/ handlers), bundled from source by the probes
// apps/console/src/features/message/frameBridgeProbe.ts and
// apps/im-frame/src/parent-bridge/console-bridge-probe.ts. Every message type must arrive and parse to
// the value written out below; malformed messages and messages from a third origin must be refused.
// Needs no product server: the two pages are served by this file on loopback.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Frame, type Page } from '@playwright/test';
import { build, type Rollup } from 'vite';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONSOLE_PROBE_ENTRY = path.join(REPO_ROOT, 'apps/console/src/features/message/frameBridgeProbe.ts');
const FRAME_PROBE_ENTRY = path.join(REPO_ROOT, 'apps/im-frame/src/parent-bridge/console-bridge-probe.ts');
const STORE_ACCOUNT = 's_1001';

// Written out here, not built with the protocol module: a shape changed on either side fails the test.
const FRAME_TO_CONSOLE = {
  ready: { source: 'merchant-im-frame', type: 'ready', payload: { account: STORE_ACCOUNT } },
  newMessage: {
    source: 'merchant-im-frame',
    type: 'newMessage',
    payload: { sessionId: 'p2p-c_demo1', from: 'c_demo1', fromNick: 'Alice Chen', text: 'Is it in stock?', time: 1_765_000_000_000 },
  },
  unread: { source: 'merchant-im-frame', type: 'unread', payload: { total: 3 } },
  // The probe's token bridge numbers its requests probe-1, probe-2, …
  tokenRequest: { source: 'merchant-im-frame', type: 'tokenRequest', payload: { requestId: 'probe-1' } },
  // The support desk's requests (support-desk/desk-bridge.ts), numbered desk-1, desk-2, … by the probe.
  quickReplyRequest: { source: 'merchant-im-frame', type: 'quickReplyRequest', payload: { requestId: 'desk-1', action: { kind: 'add', text: '您好，今天下单明天发货。' } } },
  buyerOrdersRequest: { source: 'merchant-im-frame', type: 'buyerOrdersRequest', payload: { requestId: 'desk-2', account: 'c_demo1' } },
  openOrder: { source: 'merchant-im-frame', type: 'openOrder', payload: { orderId: 42 } },
  openGoods: { source: 'merchant-im-frame', type: 'openGoods', payload: { goodsId: 7 } },
} as const;

const CONSOLE_TO_FRAME = {
  visibility: { source: 'merchant-console', type: 'visibility', payload: { visible: true } },
  language: { source: 'merchant-console', type: 'language', payload: { lang: 'en-US' } },
  token: { source: 'merchant-console', type: 'token', payload: { requestId: 'probe-1', account: STORE_ACCOUNT, token: 'fresh.im.token' } },
  openConversation: { source: 'merchant-console', type: 'openConversation', payload: { account: 'c_demo1' } },
  tokenError: { source: 'merchant-console', type: 'tokenError', payload: { requestId: 'probe-2', reason: 'token call refused' } },
  quickReplies: { source: 'merchant-console', type: 'quickReplies', payload: { requestId: 'desk-1', list: [{ replyId: 3, text: '您好，今天下单明天发货。' }] } },
  buyerOrders: {
    source: 'merchant-console',
    type: 'buyerOrders',
    payload: {
      requestId: 'desk-2',
      storeId: 1001,
      account: 'c_demo1',
      list: [
        {
          orderId: 42,
          orderNo: 'SO20261207000042',
          status: 2,
          amountCents: 12_990,
          createTime: 1_765_000_000_000,
          itemCount: 2,
          items: [{ goodsId: 7, title: 'Linen shirt', quantity: 2 }],
        },
      ],
    },
  },
  deskError: { source: 'merchant-console', type: 'deskError', payload: { requestId: 'desk-3', reason: 'Quick reply not found' } },
} as const;

/** What the probes put on `window` (see the two probe files). */
interface Received {
  origin: string;
  data: unknown;
  message: unknown;
}
interface ConsoleProbeWindow {
  consoleBridgeProbe: {
    protocolTypes: { frameToConsole: string[]; consoleToFrame: string[] };
    received: Received[];
    send(type: string, payload: unknown): boolean;
    sendRaw(data: unknown): void;
  };
}
interface FrameProbeWindow {
  frameBridgeProbe: {
    targetOrigins: string[];
    received: Received[];
    openedConversations: string[];
    ready(): void;
    newMessage(payload: unknown): void;
    unread(total: number): void;
    fetchToken(): Promise<{ token: string } | { failure: string }>;
    quickReplies(action: unknown): Promise<unknown>;
    buyerOrders(account: string): Promise<unknown>;
    openOrder(orderId: number): void;
    openGoods(goodsId: number): void;
    isVisible(): boolean;
    language(): string;
    sendRaw(data: unknown): void;
  };
}

/** One page script: the probe entry and the app code it imports, the shared contracts from source. */
async function bundleProbe(entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root: REPO_ROOT,
    resolve: { alias: { '@merchant/api-contracts': path.join(REPO_ROOT, 'libs/api-contracts/src/index.ts') } },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { write: false, minify: false, lib: { entry, formats: ['iife'], name: 'bridgeProbe', fileName: () => 'probe.js' } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file): file is Rollup.OutputChunk => file.type === 'chunk');
  if (!chunk) throw new Error(`no script bundled from ${entry}`);
  return chunk.code;
}

interface PageServer {
  port: number;
  close(): Promise<void>;
}

/** Serves fixed in-memory pages on a free loopback port (tools/serve-static.mjs serves a folder on a fixed port). */
async function servePages(pages: Record<string, { type: string; body: string }>): Promise<PageServer> {
  const server = http.createServer((request, response) => {
    const page = pages[new URL(request.url ?? '/', 'http://loopback').pathname];
    response.writeHead(page ? 200 : 404, { 'content-type': page?.type ?? 'text/plain', 'cache-control': 'no-store' });
    response.end(page?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const html = (body: string) => ({ type: 'text/html; charset=utf-8', body: `<!doctype html><html><body>${body}</body></html>` });
const script = (body: string) => ({ type: 'text/javascript; charset=utf-8', body });

let consoleServer: PageServer;
let frameServer: PageServer;
let consoleOrigin: string;
let frameOrigin: string;
/** A third origin: the console's server under the other loopback name. */
let rogueOrigin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [consoleProbe, frameProbe] = [await bundleProbe(CONSOLE_PROBE_ENTRY), await bundleProbe(FRAME_PROBE_ENTRY)];
  const consolePages: Record<string, { type: string; body: string }> = {
    '/console-probe.js': script(consoleProbe),
    '/rogue.html': html('<p>another site</p>'),
  };
  consoleServer = await servePages(consolePages);
  frameServer = await servePages({ '/frame.html': html('<script src="/frame-probe.js"></script>'), '/frame-probe.js': script(frameProbe) });
  consoleOrigin = `http://localhost:${consoleServer.port}`;
  rogueOrigin = `http://127.0.0.1:${consoleServer.port}`;
  frameOrigin = `http://127.0.0.1:${frameServer.port}`;
  const frameAddress = `${frameOrigin}/frame.html?${new URLSearchParams({ console: consoleOrigin, account: STORE_ACCOUNT })}`;
  consolePages['/console.html'] = html(`<iframe data-probe="chat-frame" src="${frameAddress.replaceAll('&', '&amp;')}"></iframe><script src="/console-probe.js"></script>`);
});

test.afterAll(async () => {
  await Promise.all([consoleServer?.close(), frameServer?.close()]);
});

/** The console page with the frame loaded and both probes listening. */
async function openConsoleWithFrame(page: Page): Promise<Frame> {
  await page.goto(`${consoleOrigin}/console.html`);
  await page.waitForFunction(() => 'consoleBridgeProbe' in window);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${frameOrigin}/`));
  if (!frame) throw new Error(`no frame from ${frameOrigin}`);
  await frame.waitForFunction(() => 'frameBridgeProbe' in window);
  return frame;
}

const consoleReceived = (page: Page) => page.evaluate(() => (window as unknown as ConsoleProbeWindow).consoleBridgeProbe.received);
const frameReceived = (frame: Frame) => frame.evaluate(() => (window as unknown as FrameProbeWindow).frameBridgeProbe.received);
const sendFromConsole = (page: Page, message: { type: string; payload: unknown }) =>
  page.evaluate(({ type, payload }) => (window as unknown as ConsoleProbeWindow).consoleBridgeProbe.send(type, payload), message);
const startTokenFetch = (frame: Frame) => frame.evaluate(() => (window as unknown as FrameProbeWindow).frameBridgeProbe.fetchToken());

test('every console ⇄ frame message type crosses the two origins and is read as the same value on the other side', async ({ page }) => {
  const frame = await openConsoleWithFrame(page);
  const declared = await page.evaluate(() => (window as unknown as ConsoleProbeWindow).consoleBridgeProbe.protocolTypes);
  expect(declared.frameToConsole.toSorted(), 'every frame → console type is covered here').toEqual(Object.keys(FRAME_TO_CONSOLE).toSorted());
  expect(declared.consoleToFrame.toSorted(), 'every console → frame type is covered here').toEqual(Object.keys(CONSOLE_TO_FRAME).toSorted());
  expect(await frame.evaluate(() => (window as unknown as FrameProbeWindow).frameBridgeProbe.targetOrigins)).toEqual([consoleOrigin]);

  // Frame → console, through the frame's parent bridge and token bridge.
  await frame.evaluate((newMessage) => {
    const probe = (window as unknown as FrameProbeWindow).frameBridgeProbe;
    probe.ready();
    probe.newMessage(newMessage);
    probe.unread(3);
  }, FRAME_TO_CONSOLE.newMessage.payload);
  const firstToken = startTokenFetch(frame);
  await expect.poll(() => consoleReceived(page)).toEqual(
    [FRAME_TO_CONSOLE.ready, FRAME_TO_CONSOLE.newMessage, FRAME_TO_CONSOLE.unread, FRAME_TO_CONSOLE.tokenRequest].map((message) => ({
      origin: frameOrigin,
      data: message,
      message,
    })),
  );

  // Console → frame, through the console's postToFrame; the frame's own handlers act on them.
  for (const message of [CONSOLE_TO_FRAME.visibility, CONSOLE_TO_FRAME.language, CONSOLE_TO_FRAME.token, CONSOLE_TO_FRAME.openConversation]) {
    expect(await sendFromConsole(page, message)).toBe(true);
  }
  expect(await firstToken).toEqual({ token: 'fresh.im.token' });
  const refusedToken = startTokenFetch(frame);
  await expect.poll(async () => (await consoleReceived(page)).at(-1)?.message).toEqual({ ...FRAME_TO_CONSOLE.tokenRequest, payload: { requestId: 'probe-2' } });
  expect(await sendFromConsole(page, CONSOLE_TO_FRAME.tokenError)).toBe(true);
  expect(await refusedToken).toEqual({ failure: 'refused' });

  // The support desk, both ways: two requests answered, one refused, and two navigation requests.
  const replies = frame.evaluate((action) => (window as unknown as FrameProbeWindow).frameBridgeProbe.quickReplies(action), FRAME_TO_CONSOLE.quickReplyRequest.payload.action);
  const orders = frame.evaluate((buyer) => (window as unknown as FrameProbeWindow).frameBridgeProbe.buyerOrders(buyer), FRAME_TO_CONSOLE.buyerOrdersRequest.payload.account);
  const refusedDelete = frame.evaluate(() => (window as unknown as FrameProbeWindow).frameBridgeProbe.quickReplies({ kind: 'delete', replyId: 99 }));
  await frame.evaluate(({ orderId, goodsId }) => {
    const probe = (window as unknown as FrameProbeWindow).frameBridgeProbe;
    probe.openOrder(orderId);
    probe.openGoods(goodsId);
  }, { orderId: FRAME_TO_CONSOLE.openOrder.payload.orderId, goodsId: FRAME_TO_CONSOLE.openGoods.payload.goodsId });
  await expect.poll(async () => (await consoleReceived(page)).slice(-5).map((received) => received.message)).toEqual([
    FRAME_TO_CONSOLE.quickReplyRequest,
    FRAME_TO_CONSOLE.buyerOrdersRequest,
    { ...FRAME_TO_CONSOLE.quickReplyRequest, payload: { requestId: 'desk-3', action: { kind: 'delete', replyId: 99 } } },
    FRAME_TO_CONSOLE.openOrder,
    FRAME_TO_CONSOLE.openGoods,
  ]);
  for (const message of [CONSOLE_TO_FRAME.quickReplies, CONSOLE_TO_FRAME.buyerOrders, CONSOLE_TO_FRAME.deskError]) {
    expect(await sendFromConsole(page, message)).toBe(true);
  }
  expect(await replies).toEqual({ value: CONSOLE_TO_FRAME.quickReplies.payload.list });
  expect(await orders).toEqual({ value: CONSOLE_TO_FRAME.buyerOrders.payload.list });
  expect(await refusedDelete).toEqual({ failure: 'refused', reason: 'Quick reply not found' });

  await expect.poll(() => frameReceived(frame)).toEqual(
    Object.values(CONSOLE_TO_FRAME).map((message) => ({ origin: consoleOrigin, data: message, message })),
  );
  const frameState = await frame.evaluate(() => {
    const probe = (window as unknown as FrameProbeWindow).frameBridgeProbe;
    return { visible: probe.isVisible(), language: probe.language(), opened: probe.openedConversations };
  });
  expect(frameState).toEqual({ visible: true, language: 'en-US', opened: ['c_demo1'] });
});

test('malformed messages and messages from a third origin are refused on both sides, and nothing breaks', async ({ page }) => {
  const frame = await openConsoleWithFrame(page);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));

  // Malformed, from the right origin and window; then a good one, which shows the earlier ones were read.
  const malformedForFrame = [
    { source: 'merchant-console', type: 'visibility', payload: { visible: 'yes' } },
    { source: 'merchant-console', type: 'openConversation', payload: { account: 'not an account' } },
    { source: 'merchant-console', type: 'token', payload: { requestId: 'probe-1', account: STORE_ACCOUNT } },
    { source: 'merchant-console', type: '__proto__', payload: {} },
    { source: 'merchant-im-frame', type: 'visibility', payload: { visible: true } },
    'visibility',
    null,
  ];
  for (const data of malformedForFrame) await page.evaluate((raw) => (window as unknown as ConsoleProbeWindow).consoleBridgeProbe.sendRaw(raw), data);
  await sendFromConsole(page, CONSOLE_TO_FRAME.visibility);
  await expect.poll(async () => (await frameReceived(frame)).length).toBe(malformedForFrame.length + 1);
  const readByFrame = await frameReceived(frame);
  expect(readByFrame.map((event) => event.message)).toEqual([...malformedForFrame.map(() => null), CONSOLE_TO_FRAME.visibility]);

  const malformedForConsole = [
    { source: 'merchant-im-frame', type: 'unread', payload: { total: -1 } },
    { source: 'merchant-im-frame', type: 'newMessage', payload: { text: 'no sender' } },
    { source: 'merchant-im-frame', type: 'tokenRequest', payload: { requestId: 'x'.repeat(101) } },
    { source: 'merchant-console', type: 'ready', payload: { account: STORE_ACCOUNT } },
    { type: 'ready', payload: { account: STORE_ACCOUNT } },
  ];
  for (const data of malformedForConsole) await frame.evaluate((raw) => (window as unknown as FrameProbeWindow).frameBridgeProbe.sendRaw(raw), data);
  await frame.evaluate(() => (window as unknown as FrameProbeWindow).frameBridgeProbe.unread(3));
  await expect.poll(async () => (await consoleReceived(page)).length).toBe(malformedForConsole.length + 1);
  expect((await consoleReceived(page)).map((event) => event.message)).toEqual([...malformedForConsole.map(() => null), FRAME_TO_CONSOLE.unread]);

  // A third origin in the same console page posts well-formed messages to both.
  await page.evaluate((address) => {
    const rogue = document.createElement('iframe');
    rogue.src = address;
    document.body.append(rogue);
  }, `${rogueOrigin}/rogue.html`);
  await expect.poll(() => page.frames().some((candidate) => candidate.url().startsWith(`${rogueOrigin}/`))).toBe(true);
  const rogue = page.frames().find((candidate) => candidate.url().startsWith(`${rogueOrigin}/`))!;
  await rogue.waitForLoadState();
  await rogue.evaluate(
    ([forConsole, forFrame]) => {
      window.parent.postMessage(forConsole, '*');
      window.parent.frames[0].postMessage(forFrame, '*');
    },
    [{ ...FRAME_TO_CONSOLE.unread, payload: { total: 99 } }, { ...CONSOLE_TO_FRAME.openConversation, payload: { account: 'c_rogue' } }] as const,
  );
  await expect.poll(async () => (await consoleReceived(page)).at(-1)).toEqual({
    origin: rogueOrigin,
    data: { ...FRAME_TO_CONSOLE.unread, payload: { total: 99 } },
    message: null,
  });
  await expect.poll(async () => (await frameReceived(frame)).at(-1)).toEqual({
    origin: rogueOrigin,
    data: { ...CONSOLE_TO_FRAME.openConversation, payload: { account: 'c_rogue' } },
    message: null,
  });
  expect(await frame.evaluate(() => (window as unknown as FrameProbeWindow).frameBridgeProbe.openedConversations)).toEqual([]);
  expect(pageErrors).toEqual([]);
});
