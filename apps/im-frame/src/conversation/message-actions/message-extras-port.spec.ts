// ImMessageExtrasPort: the im-core commands it sends (and, after a §5 rule refusal, does not), how answers and
// pushes become the frame's pins, comments, collects and counts, and that the local store follows deletions.
import type { ImClientEvents, ImMessage } from '@merchant/im-core';
import type { ChatMessage } from '../../chat/chat-client';
import { ImMessageExtrasPort, parseCollected, type ExtrasClientPort, type MessageExtrasChange } from './message-extras-port';

type Sent = { name: string; body: Record<string, unknown> };

function setUp(answers: Record<string, unknown> = {}, stored: ImMessage[] = []) {
  const sent: Sent[] = [];
  const listeners = new Map<string, (value: never) => void>();
  const deleted: string[] = [];
  const client: ExtrasClientPort = {
    on: (event, listener) => {
      listeners.set(event, listener as (value: never) => void);
      return () => listeners.delete(event);
    },
    messages: {
      deleteLocal: async (idClient) => {
        deleted.push(idClient);
        const index = stored.findIndex((m) => m.idClient === idClient);
        if (index >= 0) stored.splice(index, 1);
      },
      list: async ({ limit = 100 }) => stored.slice(0, limit),
    },
  };
  const request = (async (name: string, body: Record<string, unknown>) => {
    sent.push({ name, body });
    return answers[name] ?? {};
  }) as unknown as ConstructorParameters<typeof ImMessageExtrasPort>[1];
  const port = new ImMessageExtrasPort('s_1001', request, client);
  const push = <E extends keyof ImClientEvents>(event: E, value: Parameters<ImClientEvents[E]>[0]) => (listeners.get(event) as ((v: typeof value) => void) | undefined)?.(value);
  return { port, sent, deleted, push };
}

const message = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  idClient: 'c1',
  idServer: '1001',
  sessionId: 'p2p-c_demo1',
  from: 'c_demo1',
  to: 's_1001',
  type: 'text',
  text: 'hello',
  time: 1_700_000_000_000,
  flow: 'in',
  status: 'success',
  ...overrides,
});

const imMessage = (idClient: string): ImMessage => ({ idClient, idServer: `9${idClient.length}`, sessionId: 'p2p-c_demo1', scene: 'p2p', from: 'c_demo1', to: 's_1001', time: 1, type: 'text', text: idClient, flow: 'in', status: 'success' });

describe('ImMessageExtrasPort', () => {
  it('pins, comments and collects name the message by its idServer; the §5 rules refuse one without, sending nothing', async () => {
    const { port, sent } = setUp({
      addMsgPin: { pin: { idClient: 'c1', sessionId: 'p2p-c_demo1', pinFrom: 's_1001', createTime: 5, updateTime: 5 } },
      getQuickComments: { msgs: [{ idServer: '1001', comments: [{ from: 'c_demo1', body: 1, time: 3 }] }] },
      addCollect: { collect: { id: '77', createTime: 9 } },
    });
    expect(await port.pin(message())).toMatchObject({ idClient: 'c1', pinFrom: 's_1001', createTime: 5 });
    await port.addComment(message(), 2);
    expect(await port.getComments([message()])).toEqual(new Map([['1001', [{ from: 'c_demo1', body: 1, time: 3 }]]]));
    const collect = await port.collect(message({ fromNick: 'Alice Chen' }));
    expect(collect).toMatchObject({ id: '77', message: { idClient: 'c1', fromNick: 'Alice Chen', text: 'hello' } });
    expect(sent.map((s) => s.name)).toEqual(['addMsgPin', 'addQuickComment', 'getQuickComments', 'addCollect']);
    expect(sent[0].body).toEqual({ pin: { msg: { idServer: '1001' } } });
    expect(sent[1].body).toEqual({ msg: { idServer: '1001' }, comment: { body: 2 } });
    expect(sent[3].body).toMatchObject({ collect: { type: 1, uniqueId: 'msg-1001' } });

    await expect(port.pin(message({ idServer: undefined }))).rejects.toMatchObject({ code: 414, message: 'msg needs the idServer of a message the server has answered' });
    await expect(port.addComment(message(), 1.5)).rejects.toMatchObject({ code: 414, message: 'body can only be an integer' });
    expect(sent).toHaveLength(4);
  });

  it('asks comments 20 messages at a time (§5 quick-comment lookup 1 to 20)', async () => {
    const { port, sent } = setUp();
    const many = Array.from({ length: 45 }, (_, i) => message({ idClient: `c${i}`, idServer: String(2000 + i) }));
    await port.getComments(many);
    expect(sent.map((s) => (s.body.msgs as unknown[]).length)).toEqual([20, 20, 5]);
  });

  it('delete for me: on the server, then locally; a failed send only locally', async () => {
    const { port, sent, deleted } = setUp();
    await port.deleteForMe(message());
    await port.deleteForMe(message({ idClient: 'f1', idServer: undefined, status: 'fail', flow: 'out' }));
    expect(sent).toEqual([{ name: 'deleteMsgSelfBatch', body: { msgs: [{ idServer: '1001', idClient: 'c1', from: 'c_demo1' }] } }]);
    expect(deleted).toEqual(['c1', 'f1']);
  });

  it('clear history: p2p only, on the server and then every stored message of the session, page by page', async () => {
    const stored = Array.from({ length: 150 }, (_, i) => imMessage(`m${i}`));
    const { port, sent, deleted } = setUp({}, stored);
    await expect(port.clearHistory('team-42')).rejects.toMatchObject({ code: 414 });
    expect(sent).toEqual([]);
    await port.clearHistory('p2p-c_demo1');
    expect(sent).toEqual([{ name: 'clearServerHistoryMsgs', body: { scene: 0, to: 'c_demo1', isSyncSelf: true } }]);
    expect(deleted).toHaveLength(150);
    expect(stored).toEqual([]);
  });

  it('receipts: p2p for an incoming message; team receipts only for messages that asked, at most 50', async () => {
    const { port, sent } = setUp({ getTeamMsgReads: { receipts: [{ teamId: '42', idServer: '5', idClient: 't5', read: 1, unread: 2 }] } });
    await port.sendReadReceipt(message());
    await port.sendReadReceipt(message({ flow: 'out' }));
    expect(sent).toEqual([{ name: 'sendMsgReceipt', body: { msg: { scene: 0, from: 'c_demo1', to: 's_1001', idClient: 'c1', idServer: '1001', time: 1_700_000_000_000 } } }]);
    const team = Array.from({ length: 60 }, (_, i) => message({ idClient: `t${i}`, idServer: String(i + 1), sessionId: 'team-42', to: '42', needReceipt: i !== 0 }));
    expect(await port.getTeamReads(team)).toEqual([{ idClient: 't5', read: 1, unread: 2 }]);
    const asked = sent[1].body.receipts as { idClient: string; teamId: string }[];
    expect(asked).toHaveLength(50);
    expect(asked[0]).toEqual({ teamId: '42', idServer: '11', idClient: 't10' });
    expect(asked.some((r) => r.idClient === 't0')).toBe(false);
  });

  it('turns pushes into changes: pins, comments, deletions elsewhere, cleared history, team counts', () => {
    const { port, push } = setUp();
    const changes: MessageExtrasChange[] = [];
    port.onChange((change) => changes.push(change));
    push('msgPin', { pin: { idClient: 'c1', sessionId: 'p2p-s_1001', pinFrom: 'c_demo1', createTime: 1, updateTime: 1, msg: imMessage('c1') }, deleted: false });
    push('quickComment', { idServer: '1001', sessionId: 'p2p-c_demo1', comment: { from: 'c_demo1', body: 1, time: 2 }, deleted: true });
    push('msgsDeletedSelf', ['c1']);
    push('sessionHistoryCleared', { id: 'p2p-c_demo1', scene: 'p2p', to: 'c_demo1', ack: 0, unread: 0, updateTime: 1 } as Parameters<ImClientEvents['sessionHistoryCleared']>[0]);
    push('teamMsgReceipts', [{ teamId: '42', idServer: '5', idClient: 't5', read: 3, unread: 0 }]);
    expect(changes).toEqual([
      expect.objectContaining({ type: 'pin', deleted: false, pin: expect.objectContaining({ sessionId: 'p2p-s_1001', pinFrom: 'c_demo1', message: expect.objectContaining({ text: 'c1' }) }) }),
      { type: 'comment', sessionId: 'p2p-c_demo1', idServer: '1001', comment: { from: 'c_demo1', body: 1, time: 2 }, deleted: true },
      { type: 'deleted', idClients: ['c1'] },
      { type: 'cleared', sessionId: 'p2p-c_demo1' },
      { type: 'teamReads', counts: [{ idClient: 't5', read: 3, unread: 0 }] },
    ]);
  });

  it("reads a collect's data as plain values only; anything else is not ours", () => {
    expect(parseCollected('{"idClient":"a","sessionId":"p2p-x","from":"x","time":1,"text":"<b>hi</b>"}')).toMatchObject({ text: '<b>hi</b>' });
    expect(parseCollected('not json')).toBeUndefined();
    expect(parseCollected('{"idClient":1}')).toBeUndefined();
  });
});
