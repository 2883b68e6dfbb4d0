import { ChatController } from './chat-controller';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ChatController', () => {
  it('shows cached sessions before the connection is up', async () => {
    const client = new FakeChatClient();
    client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', unread: 2 }));
    let sessionsSeenWhileConnecting = -1;
    client.connect = async () => {
      sessionsSeenWhileConnecting = controller.getState().sessions.length;
      client.emit('state', { phase: 'connected' });
    };
    const controller = new ChatController(client);
    await controller.start();
    expect(sessionsSeenWhileConnecting).toBe(1);
    expect(controller.getState().connection).toEqual({ phase: 'connected' });
  });

  it('says when the first sync has finished (the frame marks its list busy until then)', async () => {
    const client = new FakeChatClient();
    client.connect = async () => client.emit('state', { phase: 'connected' });
    const controller = new ChatController(client);
    await controller.start();
    expect(controller.getState().synced).toBe(false);
    client.emit('synced', undefined);
    expect(controller.getState().synced).toBe(true);
  });

  it('reports a failed connection with its reason', async () => {
    const client = new FakeChatClient();
    client.connectError = new Error('lbs unreachable');
    const controller = new ChatController(client);
    await controller.start();
    expect(controller.getState().connection).toEqual({ phase: 'failed', reason: 'lbs unreachable' });
  });

  it('opens a session: local history first, then the server copy merged in, then marks it read', async () => {
    const client = new FakeChatClient();
    client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', unread: 3 }));
    client.localMessages.set('p2p-c_demo1', [sampleMessage({ idClient: 'a', sessionId: 'p2p-c_demo1', time: 1 })]);
    client.serverMessages.set('p2p-c_demo1', [
      sampleMessage({ idClient: 'a', sessionId: 'p2p-c_demo1', time: 1 }),
      sampleMessage({ idClient: 'b', sessionId: 'p2p-c_demo1', time: 2 }),
    ]);
    const controller = new ChatController(client);
    await controller.start();

    const seen: string[][] = [];
    controller.subscribe(() => seen.push((controller.getState().messagesBySession['p2p-c_demo1'] ?? []).map((m) => m.idClient)));
    await controller.openSession('p2p-c_demo1');

    expect(seen).toContainEqual(['a']);
    expect(controller.getState().messagesBySession['p2p-c_demo1'].map((m) => m.idClient)).toEqual(['a', 'b']);
    expect(controller.getState().historyBySession['p2p-c_demo1']).toBe('loaded');
    expect(client.markedRead).toEqual(['p2p-c_demo1']);
    expect(controller.getState().sessions[0].unread).toBe(0);
  });

  it('keeps the local history and says so when the server history fails', async () => {
    const client = new FakeChatClient();
    client.localMessages.set('p2p-c_demo1', [sampleMessage({ idClient: 'a', sessionId: 'p2p-c_demo1' })]);
    client.serverHistoryError = new Error('offline');
    const controller = new ChatController(client);
    await controller.openSession('p2p-c_demo1');
    expect(controller.getState().messagesBySession['p2p-c_demo1']).toHaveLength(1);
    expect(controller.getState().historyBySession['p2p-c_demo1']).toBe('failed');
  });

  it('refuses blank text and sending without an open session', async () => {
    const client = new FakeChatClient();
    const controller = new ChatController(client);
    expect(controller.sendText('hi')).toEqual({ ok: false, reason: 'noSession' });
    await controller.openSession('p2p-c_demo1');
    expect(controller.sendText('  \n ')).toEqual({ ok: false, reason: 'empty' });
    expect(client.sentTexts).toEqual([]);
  });

  it('refuses text over the 5000-character limit (im-client-spec §5)', async () => {
    const client = new FakeChatClient();
    const controller = new ChatController(client);
    await controller.openSession('p2p-c_demo1');
    expect(controller.sendText('x'.repeat(5001))).toEqual({ ok: false, reason: 'tooLong' });
    expect(controller.sendText('x'.repeat(5000)).ok).toBe(true);
  });

  it('records a send the client refused outright, and clears it after the next good send', async () => {
    const client = new FakeChatClient();
    const controller = new ChatController(client);
    await controller.openSession('p2p-c_demo1');
    const realSend = client.sendText.bind(client);
    client.sendText = async () => {
      throw new Error('to must be a non-empty string');
    };
    const refused = controller.sendText('hi');
    if (!refused.ok) throw new Error('send refused');
    expect(await refused.delivery).toBeUndefined();
    expect(controller.getState().sendError).toBe('to must be a non-empty string');

    client.sendText = realSend;
    const accepted = controller.sendText('hi again');
    if (!accepted.ok) throw new Error('send refused');
    await accepted.delivery;
    expect(controller.getState().sendError).toBeUndefined();
  });

  it('shows a sent message as sending, then success, and moves its session up', async () => {
    const client = new FakeChatClient();
    const controller = new ChatController(client);
    await controller.start();
    await controller.openSession('p2p-c_demo1');
    const result = controller.sendText('hello\nthere');
    if (!result.ok) throw new Error('send refused');
    expect(controller.getState().messagesBySession['p2p-c_demo1'][0].status).toBe('sending');
    const delivered = (await result.delivery)!;
    expect(delivered.status).toBe('success');
    expect(controller.getState().messagesBySession['p2p-c_demo1']).toEqual([delivered]);
    expect(controller.getState().sessions[0].lastMessage?.text).toBe('hello\nthere');
  });

  it('resends a failed message under the same idClient', async () => {
    const client = new FakeChatClient();
    client.failSends = true;
    const controller = new ChatController(client);
    await controller.start();
    await controller.openSession('p2p-c_demo1');
    const result = controller.sendText('retry me');
    if (!result.ok) throw new Error('send refused');
    const failed = (await result.delivery)!;
    expect(failed.status).toBe('fail');

    client.failSends = false;
    const resent = controller.resend(failed);
    expect(controller.getState().messagesBySession['p2p-c_demo1'][0].status).toBe('sending');
    await resent;
    const messages = controller.getState().messagesBySession['p2p-c_demo1'];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ idClient: failed.idClient, status: 'success' });
    expect(client.sentTexts).toEqual(['retry me', 'retry me']);
  });

  it('keeps a message failed, with the reason, when the resend itself is refused', async () => {
    const client = new FakeChatClient();
    const controller = new ChatController(client);
    await controller.start();
    await controller.openSession('p2p-c_demo1');
    const failed = sampleMessage({ idClient: 'f1', sessionId: 'p2p-c_demo1', flow: 'out', status: 'fail' });
    client.emit('message', failed);
    client.resend = async () => {
      throw new Error('only failed messages can be resent');
    };
    await expect(controller.resend(failed)).resolves.toMatchObject({ idClient: 'f1', status: 'fail' });
    expect(controller.getState().messagesBySession['p2p-c_demo1']).toEqual([failed]);
    expect(controller.getState().sendError).toBe('only failed messages can be resent');
  });

  it('reports the cached unread total first, never a 0 before the cache is read', async () => {
    const client = new FakeChatClient();
    client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', unread: 4 }));
    const totals: number[] = [];
    await new ChatController(client, { onUnreadTotal: (total) => totals.push(total) }).start();
    expect(totals).toEqual([4]);
  });

  it('announces each incoming message once and reports unread totals', async () => {
    const client = new FakeChatClient();
    const announced: string[] = [];
    const totals: number[] = [];
    const controller = new ChatController(client, {
      onIncomingMessage: (message) => announced.push(message.text),
      onUnreadTotal: (total) => totals.push(total),
    });
    await controller.start();
    const first = client.receive('c_demo1', 'one');
    client.emit('message', first); // a duplicate delivery
    client.receive('c_demo2', 'two');
    expect(announced).toEqual(['one', 'two']);
    expect(totals).toEqual([0, 1, 2]);
  });

  it('marks messages in the open session read while visible, but not while hidden', async () => {
    const client = new FakeChatClient();
    let visible = true;
    const controller = new ChatController(client, { isVisible: () => visible });
    await controller.start();
    await controller.openSession('p2p-c_demo1');
    client.markedRead.length = 0;

    client.receive('c_demo1', 'seen');
    await flush();
    expect(client.markedRead).toContain('p2p-c_demo1');
    expect(controller.getState().sessions[0].unread).toBe(0);

    visible = false;
    client.markedRead.length = 0;
    client.receive('c_demo1', 'unseen');
    await flush();
    expect(client.markedRead).toEqual([]);
    expect(controller.getState().sessions[0].unread).toBe(1);

    visible = true;
    controller.markActiveSessionRead();
    await flush();
    expect(controller.getState().sessions[0].unread).toBe(0);
  });

  it('loads earlier pages from the oldest message shown, merges them and ends when the server has no more', async () => {
    const client = new FakeChatClient();
    const all = Array.from({ length: 150 }, (_, i) => sampleMessage({ idClient: `m${i + 1}`, sessionId: 'p2p-c_demo1', time: i + 1 }));
    client.serverMessages.set('p2p-c_demo1', all);
    const controller = new ChatController(client);
    await controller.start();
    await controller.openSession('p2p-c_demo1');
    expect(controller.getState().messagesBySession['p2p-c_demo1']).toHaveLength(100);
    expect(controller.getState().hasMoreBySession['p2p-c_demo1']).toBe(true);

    await controller.loadEarlier();
    expect(client.historyRequests.at(-1)).toEqual({ sessionId: 'p2p-c_demo1', limit: 100, endTime: 51 });
    const shown = controller.getState().messagesBySession['p2p-c_demo1'];
    expect(shown.map((m) => m.idClient)).toEqual(all.map((m) => m.idClient));
    expect(controller.getState().hasMoreBySession['p2p-c_demo1']).toBe(false);
    expect(controller.getState().earlierBySession['p2p-c_demo1']).toBeUndefined();

    client.serverHistoryError = new Error('offline');
    await controller.loadEarlier();
    expect(controller.getState().earlierBySession['p2p-c_demo1']).toBe('failed');
    expect(controller.getState().messagesBySession['p2p-c_demo1']).toHaveLength(150);
  });

  it('retries a failed connection on request, and asks again for history that failed meanwhile', async () => {
    const client = new FakeChatClient();
    client.connectError = new Error('lbs unreachable');
    client.serverHistoryError = new Error('offline');
    const controller = new ChatController(client);
    await controller.start();
    await controller.openSession('p2p-c_demo1');
    expect(controller.getState().historyBySession['p2p-c_demo1']).toBe('failed');

    client.connectError = undefined;
    client.serverHistoryError = undefined;
    await controller.retryConnect();
    expect(client.connectCalls).toBe(2);
    expect(controller.getState().connection).toEqual({ phase: 'connected' });
    expect(controller.getState().historyBySession['p2p-c_demo1']).toBe('loaded');
  });

  it('keeps could-not-reconnect when connect() then rejects, and retries from it', async () => {
    const client = new FakeChatClient();
    const controller = new ChatController(client);
    await controller.start();
    client.connectError = new Error('All attempts failed');
    client.connect = async () => {
      client.connectCalls++;
      client.emit('state', { phase: 'reconnectFailed' });
      throw client.connectError;
    };
    await controller.retryConnect(); // connected: nothing to retry
    expect(client.connectCalls).toBe(1);
    client.emit('state', { phase: 'reconnectFailed' });
    await controller.retryConnect();
    expect(client.connectCalls).toBe(2);
    expect(controller.getState().connection).toEqual({ phase: 'reconnectFailed' });
  });

  it('does not mark a session read when it is opened while the frame is hidden', async () => {
    const client = new FakeChatClient();
    client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', unread: 2 }));
    let visible = false;
    const controller = new ChatController(client, { isVisible: () => visible });
    await controller.start();
    await controller.openSession('p2p-c_demo1');
    expect(client.markedRead).toEqual([]);
    expect(controller.getState().sessions[0].unread).toBe(2);
    visible = true;
    controller.markActiveSessionRead();
    await flush();
    expect(client.markedRead).toEqual(['p2p-c_demo1']);
  });

  it('sticks a session to the top and takes it off: the list moves once the client accepted; a refusal is shown and moves nothing', async () => {
    const client = new FakeChatClient();
    client.sessions.set('p2p-new', sampleSession({ peerAccount: 'new', updateTime: 30 }));
    client.sessions.set('p2p-old', sampleSession({ peerAccount: 'old', updateTime: 10 }));
    const controller = new ChatController(client);
    await controller.start();
    const order = () => controller.getState().sessions.map((session) => session.id);
    expect(order()).toEqual(['p2p-new', 'p2p-old']);

    client.topError = new Error('session not found');
    await expect(controller.setSessionTop('p2p-old', true)).resolves.toBe(false);
    expect(order()).toEqual(['p2p-new', 'p2p-old']);
    expect(controller.getState().topError).toBe('session not found');

    client.topError = undefined;
    await expect(controller.setSessionTop('p2p-old', true)).resolves.toBe(true);
    expect(order()).toEqual(['p2p-old', 'p2p-new']);
    expect(controller.getState().sessions[0].isTop).toBe(true);
    expect(controller.getState().topError).toBeUndefined();

    // A newer message elsewhere does not push the stuck session down.
    client.receive('new', 'still here?');
    expect(order()).toEqual(['p2p-old', 'p2p-new']);

    await expect(controller.setSessionTop('p2p-old', false)).resolves.toBe(true);
    expect(order()).toEqual(['p2p-new', 'p2p-old']);
    expect(client.topChanges).toEqual([['p2p-old', true], ['p2p-old', true], ['p2p-old', false]]);
  });

  it('stops listening to the client on stop', async () => {
    const client = new FakeChatClient();
    const controller = new ChatController(client);
    await controller.start();
    await controller.stop();
    expect(client.listenerCount()).toBe(0);
    expect(client.connected).toBe(false);
  });

  describe('sending files (issue 13)', () => {
    async function openConversation() {
      const client = new FakeChatClient();
      client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1' }));
      const controller = new ChatController(client);
      await controller.start();
      await controller.openSession('p2p-c_demo1');
      return { client, controller };
    }

    it('shows each file with its progress while it uploads, then the sent message instead', async () => {
      const { client, controller } = await openConversation();
      let release!: () => void;
      client.uploadGate = new Promise<void>((resolve) => (release = resolve));
      const sending = controller.sendFiles([new File(['x'], 'goods.png', { type: 'image/png' })]);
      await flush();
      expect(controller.getState().uploads).toEqual([
        { id: expect.any(String), sessionId: 'p2p-c_demo1', name: 'goods.png', percentage: 50, status: 'uploading', size: 1, lastModified: expect.any(Number), type: 'image/png' },
      ]);
      release();
      await sending;
      expect(controller.getState().uploads).toEqual([]);
      const sent = controller.getState().messagesBySession['p2p-c_demo1'].at(-1);
      expect(sent).toMatchObject({ type: 'image', status: 'success', file: { name: 'goods.png' } });
      expect(client.sentFiles).toEqual(['goods.png']);
    });

    it('cancel stops the upload and takes it off the list; nothing is sent', async () => {
      const { client, controller } = await openConversation();
      client.uploadGate = new Promise<void>(() => undefined);
      const sending = controller.sendFiles([new File(['x'], 'video.mp4', { type: 'video/mp4' })]);
      await flush();
      const [upload] = controller.getState().uploads;
      controller.cancelUpload(upload.id);
      await sending;
      expect(controller.getState().uploads).toEqual([]);
      expect(client.sentFiles).toEqual([]);
    });

    it('keeps a refused file on the list with the reason until dismissed', async () => {
      const { client, controller } = await openConversation();
      client.uploadFailure = Object.assign(new Error('the file is 200 bytes, more than maxSize 100'), { errorName: 'File_Too_Large' });
      await controller.sendFiles([new File(['x'], 'huge.zip', { type: 'application/zip' })]);
      const [failed] = controller.getState().uploads;
      expect(failed).toMatchObject({ name: 'huge.zip', status: 'failed', error: { name: 'File_Too_Large', message: 'the file is 200 bytes, more than maxSize 100' } });
      controller.dismissUpload(failed.id);
      expect(controller.getState().uploads).toEqual([]);
    });
  });

  describe('resume after reload (issue 13)', () => {
    const photo = () => new File(['x'.repeat(10)], 'photo.png', { type: 'image/png', lastModified: 1_700_000_000_000 });

    /** A page whose upload of photo.png stopped at 50 %, then a new page (a reload) over the same memory. */
    async function reloadMidUpload() {
      const before = new FakeChatClient();
      before.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1' }));
      const first = new ChatController(before);
      await first.start();
      await first.openSession('p2p-c_demo1');
      before.uploadGate = new Promise<void>(() => undefined);
      void first.sendFiles([photo()]);
      await flush();
      await first.uploadsRemembered();
      expect(before.rememberedUploads).toEqual([{ sessionId: 'p2p-c_demo1', name: 'photo.png', size: 10, lastModified: 1_700_000_000_000, type: 'image/png', percentage: 50 }]);

      const client = new FakeChatClient();
      client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1' }));
      client.rememberedUploads = before.rememberedUploads;
      const controller = new ChatController(client);
      await controller.start();
      await controller.uploadsRemembered();
      await controller.openSession('p2p-c_demo1');
      return { client, controller };
    }

    it('shows an upload cut off by a reload as interrupted in its conversation, with how far it got', async () => {
      const { controller } = await reloadMidUpload();
      expect(controller.getState().uploads).toEqual([
        { id: expect.any(String), sessionId: 'p2p-c_demo1', name: 'photo.png', size: 10, lastModified: 1_700_000_000_000, type: 'image/png', percentage: 50, status: 'interrupted' },
      ]);
    });

    it('the same file picked again continues in place of the interrupted row and is forgotten once sent', async () => {
      const { client, controller } = await reloadMidUpload();
      await controller.sendFiles([photo()]);
      await controller.uploadsRemembered();
      expect(client.sendFileCalls).toEqual([{ name: 'photo.png', size: 10, lastModified: 1_700_000_000_000 }]);
      expect(controller.getState().uploads).toEqual([]);
      expect(client.rememberedUploads).toEqual([]);
      expect(controller.getState().messagesBySession['p2p-c_demo1'].at(-1)).toMatchObject({ type: 'image', status: 'success' });
    });

    it('a different file is a new upload and the interrupted row stays', async () => {
      const { client, controller } = await reloadMidUpload();
      // Same name, other content: not the file that was cut off.
      await controller.sendFiles([new File(['other'], 'photo.png', { type: 'image/png', lastModified: 1_700_000_000_001 })]);
      await controller.uploadsRemembered();
      expect(controller.getState().uploads).toEqual([expect.objectContaining({ name: 'photo.png', status: 'interrupted', percentage: 50 })]);
      expect(client.rememberedUploads).toEqual([expect.objectContaining({ name: 'photo.png', size: 10 })]);
    });

    it('dismissing an interrupted row forgets it, so the next reload does not show it again', async () => {
      const { client, controller } = await reloadMidUpload();
      controller.dismissUpload(controller.getState().uploads[0].id);
      await controller.uploadsRemembered();
      expect(controller.getState().uploads).toEqual([]);
      expect(client.rememberedUploads).toEqual([]);
    });

    it('a canceled or failed upload is not remembered; unreadable memory shows nothing and breaks nothing', async () => {
      const client = new FakeChatClient();
      client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1' }));
      client.uploadMemory.load = async () => {
        throw new Error('store closed');
      };
      const controller = new ChatController(client);
      await controller.start();
      await controller.openSession('p2p-c_demo1');
      expect(controller.getState().uploads).toEqual([]);
      client.uploadGate = new Promise<void>(() => undefined);
      const sending = controller.sendFiles([photo()]);
      await flush();
      controller.cancelUpload(controller.getState().uploads[0].id);
      await sending;
      client.uploadGate = undefined;
      client.uploadFailure = Object.assign(new Error('network'), { errorName: 'Upload_Failed' });
      await controller.sendFiles([photo()]);
      await controller.uploadsRemembered();
      expect(client.rememberedUploads).toEqual([]);
    });
  });
});
